"""Trait chains of a piece: type and state strings (FORMATS.md §3.2–§3.4, §3.7).

A piece is a BasicPiece wrapped by traits. Its type (and state) chain is
``SE(TAB)[outermost, SE(TAB)[next, ...[piece;...]]]``; :func:`decode_piece` turns a
type/state pair into a :class:`Piece` holding :class:`Trait` objects (outermost first)
and :meth:`Piece.encode_type` / :meth:`Piece.encode_state` give the identical strings back.

Unknown trait IDs are kept verbatim as :class:`UnknownTrait` and reported once each in
the ``warnings`` list a caller passes; they never stop decoding.
"""
from __future__ import annotations

from typing import Callable, ClassVar, Mapping, Protocol

from .chains import (TAB, MAX_CHAIN, _BASIC_PREFIXES, _fast_split,  # noqa: F401 (re-exported)
                     _slow_split_chain, _slow_split_state, join_chain, split_chain, split_first,
                     split_state_chain, trait_id)
from ..hexes.vassal_java import formatted_string
from .codec import decode, encode_value, java_int

__all__ = [
    "Trait", "UnknownTrait", "BasicPiece", "BasicName", "Deck", "Marker", "Layer", "LegacyLayer", "Labeler",
    "UsePrototype", "Obscurable", "Hideable", "Delete", "Clone", "ReportState", "SendToLocation",
    "Translate", "PropertySheet", "Restricted", "FreeRotator", "DynamicProperty", "TranslatableMessage",
    "SetPieceProperty", "Immobilized", "MarkMoved", "MatCargo", "ReturnToDeck", "MovementTrail",
    "MultiLocationCommand", "Piece", "decode_piece",
    "split_chain", "join_chain", "split_state_chain", "trait_id", "expand_prototypes",
    "KNOWN_IDS",
]

# ----------------------------------------------------------------------------------------
# traits
class Trait:
    """One element of a piece: its type text and its state text."""

    ID: ClassVar[str] = ""
    #: the state holds a player's id (a password): never shown
    SECRET_STATE: ClassVar[bool] = False

    __slots__ = ("type", "state", "_fields")

    def __init__(self, type: str, state: str = "") -> None:
        self.type = type
        self.state = state
        self._fields: list[str] | None = None

    @property
    def id(self) -> str:
        return trait_id(self.type)

    @property
    def fields(self) -> list[str]:
        """The type's fields after the ID (SE with ``;``)."""
        if self._fields is None:
            self._fields = decode(self.type[len(self.ID):], ";")
        return self._fields

    def field(self, index: int, default: str = "") -> str:
        f = self.fields
        return f[index] if index < len(f) else default

    def properties(self) -> dict[str, str]:
        """Properties this trait defines (name -> value)."""
        return {}

    def images(self) -> list[str]:
        """Image names this trait may draw."""
        return []

    def display_name(self, inner: str) -> str:
        """The piece name seen through this trait, given the inner name."""
        return inner

    def to_json(self) -> dict:
        return {"id": self.id, "type": self.type,
                "state": "<hidden>" if self.SECRET_STATE and self.state not in ("", "null") else self.state}

    def __repr__(self) -> str:
        state = "<hidden>" if self.SECRET_STATE else self.state
        return f"{type(self).__name__}({self.type[:50]!r}, {state[:30]!r})"


class UnknownTrait(Trait):
    """A trait ID this reader does not know: kept verbatim."""


class GenericTrait(Trait):
    """A known VASSAL trait whose fields this reader does not interpret."""


def moved_basic_state(state: str, map_id: str | None, x: int, y: int) -> str | None:
    """:meth:`BasicPiece.with_position` for a BasicPiece state with no quote, backslash or TAB
    and a map id with no delimiter, backslash, quote or TAB: then decoding is ``split(";")`` and
    encoding is ``";".join`` (no token is escaped or quoted), so only the first three fields are
    written again. ``None`` otherwise (the caller decodes and encodes)."""
    m = "null" if map_id is None else map_id
    if ("'" in state or "\\" in state or "\t" in state
            or ";" in m or "\\" in m or "'" in m or "\t" in m):
        return None
    rest = state.split(";", 3)
    return f"{m};{x};{y};{rest[3]}" if len(rest) == 4 else f"{m};{x};{y}"


class BasicPiece(Trait):
    """``piece;cloneKey;deleteKey;image;name`` / ``map;x;y;gpid;n;k1;v1...``."""
    ID = "piece;"

    @property
    def image(self) -> str:
        return self.field(2)

    @property
    def name(self) -> str:
        return self.field(3)

    def _state(self) -> list[str]:
        return decode(self.state, ";") if self.state else []

    @property
    def map(self) -> str | None:
        s = self._state()
        return None if not s or s[0] in ("null", "") else s[0]

    @property
    def x(self) -> int:
        return _int(self._state(), 1)

    @property
    def y(self) -> int:
        return _int(self._state(), 2)

    @property
    def gpid(self) -> str:
        s = self._state()
        return s[3] if len(s) > 3 else ""

    def persistent(self) -> dict[str, str]:
        s = self._state()
        if len(s) < 5:
            return {}
        n = java_int(s[4])
        if n is None:
            return {}
        out = {}
        for i in range(min(n, (len(s) - 4) // 2)):    # a huge count cannot run away
            k = 5 + 2 * i
            if k < len(s):
                out[s[k]] = s[k + 1] if k + 1 < len(s) else ""
        return out

    def with_position(self, map_id: str | None, x: int, y: int) -> str:
        """The state with a new map and position (other fields unchanged)."""
        fast = moved_basic_state(self.state, map_id, x, y)
        if fast is not None:
            return fast
        s = self._state() or ["null", "0", "0"]
        s += [""] * (3 - len(s))
        s[0] = "null" if map_id is None else map_id
        s[1], s[2] = str(x), str(y)
        return encode_value(s, ";") or ""

    def properties(self) -> dict[str, str]:
        props = self.persistent()
        props["BasicName"] = self.name
        return props

    def images(self) -> list[str]:
        return [self.image] if self.image else []

    def display_name(self, inner: str) -> str:
        return self.name


class Deck(Trait):
    """``deck;…`` / ``map;x;y;faceDown;id,id,…``: a DrawPile's Deck, a stack of cards saved as a
    piece (``Deck.getType``: the deck's name is its 13th field). It is named after the deck (VASSAL
    names a stack by its contents, which a face-down deck must not tell)."""
    ID = "deck;"

    @property
    def name(self) -> str:
        return self.field(12)

    def display_name(self, inner: str) -> str:
        return self.name

    @property
    def count_expressions(self) -> list[tuple[str, str]]:
        """``(name, expression)`` of each count expression (``name: expression``, 22nd field),
        only when expression counting is on (23rd field): each gives the map property
        ``<deck>_<name>`` (``Deck.setCountExpressions``; a text without ``:`` is dropped)."""
        if self.field(22) != "true":
            return []
        out = []
        for text in decode(self.field(21), ","):
            name, sep, expr = text.partition(":")
            if sep:
                out.append((name.rstrip(), expr.lstrip()))
        return out


class BasicName(Trait):
    """``basicName;name`` (VASSAL 3.6+, Basic Name): the piece's ``BasicName``. VASSAL's
    ``BasicPiece.getName()`` is the outermost piece's ``BasicName`` property, so the outermost
    Basic Name trait names the piece, under every name change of the traits around it."""
    ID = "basicName;"

    @property
    def name(self) -> str:
        return self.field(0)

    def properties(self) -> dict[str, str]:
        return {"BasicName": self.name}


class Marker(Trait):
    """``mark;k1,k2`` / ``v1,v2``: static properties."""
    ID = "mark;"

    def properties(self) -> dict[str, str]:
        keys = decode(self.type[len(self.ID):], ",")
        values = decode(self.state, ",")
        return {k: (values[i] if i < len(values) else "") for i, k in enumerate(keys)}


class Layer(Trait):
    """``emb2;`` Layer (Embellishment); state = level ``v`` (``v < 0`` inactive)."""
    ID = "emb2;"

    @property
    def name(self) -> str:
        return self.field(18)

    @property
    def image_names(self) -> list[str]:
        return decode(self.field(15), ",") if self.field(15) else []

    @property
    def level_names(self) -> list[str]:
        return decode(self.field(16), ",") if self.field(16) else []

    @property
    def level(self) -> int:
        level = java_int(decode(self.state, ";")[0])
        return 1 if level is None else level

    def _level_item(self, items: list[str], level: int | None = None) -> str:
        v = self.level if level is None else level
        return items[v - 1] if 0 < v <= len(items) else ""

    def properties(self, level: int | None = None) -> dict[str, str]:
        v = self.level if level is None else level
        name = self.name
        return {
            f"{name}_Level": str(v),
            f"{name}_Name": _strip_plus(self._level_item(self.level_names, v)),
            f"{name}_Image": self._level_item(self.image_names, v),
            f"{name}_Active": "true" if v > 0 else "false",
        }

    @property
    def follows(self) -> str | None:
        """The property name (or ``{expression}``) this Layer's level follows ("level follows
        expression value", type fields 22-24); None when its level is its saved state."""
        return self.field(22) if self.field(21) == "true" and self.field(22) else None

    def level_following(self, value: str | None) -> int:
        """``Embellishment.checkPropertyLevel``: the level shown when the followed property is
        ``value`` (``""``: the first level; minus the first level's value, kept within the
        levels; negative while the layer is inactive). ``None`` (not known here) or a value
        that is no number (VASSAL reports it and keeps the level): the saved level."""
        saved = self.level
        if value is None:
            return saved
        first = java_int(self.field(23)) if self.field(23) else None
        first = 1 if first is None else first
        number = java_int(value if value != "" else str(first))
        if number is None:
            return saved
        v = min(max(number - first + 1, 1), max(len(self.image_names), 1))
        return v if saved > 0 else -v

    def images(self) -> list[str]:
        return [i for i in self.image_names if i]

    def current_image(self) -> str:
        return self.image_at(self.level)

    def image_at(self, level: int) -> str:
        """The image drawn at ``level`` (none while inactive, ``level < 0``)."""
        return self._level_item(self.image_names, level) if level > 0 else ""

    @property
    def only_when(self) -> tuple[str, bool] | None:
        """VASSAL 3.7's "follow property" Layer shown only while a property is true (or false):
        (property name, the state it shows in); None when it is always drawn when active."""
        if self.field(21) == "true" and self.field(31):
            return self.field(31), self.field(32, "true") == "true"
        return None

    def drawn(self, props: dict[str, str]) -> bool:
        """Whether VASSAL draws this active Layer's image, given the piece's properties
        (``Embellishment.draw``: a property is true unless missing, empty, ``false`` or ``0``)."""
        only = self.only_when
        if only is None:
            return True
        v = props.get(only[0])
        return (v is not None and v not in ("", "false", "0")) == only[1]

    def display_name(self, inner: str, level: int | None = None) -> str:
        level = self.level if level is None else level
        level_name = self._level_item(self.level_names, level) if level > 0 else ""
        if not level_name:
            return inner
        if level_name.startswith("+"):
            return inner + level_name[1:]
        if level_name.endswith("+"):
            return level_name[:-1] + inner
        return level_name


class LegacyLayer(Trait):
    """``emb;`` (VASSAL 2 Embellishment): images as ``image,name`` fields from index 8."""
    ID = "emb;"

    def images(self) -> list[str]:
        out = []
        for f in self.fields[8:]:
            img = decode(f, ",")[0] if f else ""
            if img:
                out.append(img)
        return out


class _Gets(Protocol):
    def get(self, name: str, default: str | None = None) -> str | None: ...


class Labeler(Trait):
    """``label;``: a text label; property ``<propertyName>`` (default ``TextLabel``)."""
    ID = "label;"

    @property
    def label(self) -> str:
        return self.state.strip()

    def properties(self) -> dict[str, str]:
        return {self.field(15) or "TextLabel": self.label}

    @property
    def always_use_format(self) -> bool:
        """VASSAL 3.7's "always use the name format", even with no label (19th type field)."""
        return self.field(17) == "true"

    def display_name(self, inner: str, props: Callable[[], "Mapping[str, str] | _Gets"] | None = None) -> str:
        """``Labeler.getName``: the name format with ``$pieceName$`` = the inner name and
        ``$label$`` = the label, the label's own ``$name$`` references expanded too; other
        names from ``props()`` (the whole piece's properties, asked only when a label names
        one), a name not in it left as written."""
        if not self.label and not self.always_use_format:
            return inner
        # SequenceEncoder.Decoder.nextToken(default): the default only when the field is
        # missing; an empty name format names the piece "" (3.7.26 and 3.8.0-beta1)
        fmt = self.field(11, "$pieceName$ ($label$)")
        own = {"pieceName": inner}

        def get(name: str) -> str | None:
            if name in own:
                return own[name]
            return props().get(name) if props is not None else None

        own["label"] = expand_known(self.label, get)
        return expand_known(fmt, get)


def expand_known(fmt: str, get: Callable[[str], str | None]) -> str:
    """VASSAL ``FormattedString``: each ``$name$`` replaced by the property's value
    (``get(name)``); a name this reader does not know (a global, map or deck property, a
    Calculated Property) is left as ``$name$``, where VASSAL shows its value. A text that is a
    ``{...}`` BeanShell expression (``Expression.createExpression``: trimmed, in braces) is
    evaluated (:mod:`.expression`); one this reader cannot evaluate is left as written."""
    from .expression import Unsupported, evaluate, strip_braces
    if strip_braces(fmt) is not None:
        try:
            return evaluate(fmt, get)
        except Unsupported:
            return fmt
    def value_of(name: str) -> str:
        value = get(name) if name else None
        return value if value is not None else f"${name}$"
    return formatted_string(fmt, value_of)


class UsePrototype(Trait):
    """``prototype;Name`` (resolved from the module, see :func:`expand_prototypes`)."""
    ID = "prototype;"

    @property
    def name(self) -> str:
        return self.type[len(self.ID):]


class Obscurable(Trait):
    ID = "obs;"
    SECRET_STATE = True

    def images(self) -> list[str]:
        return [self.field(1)] if self.field(1) else []


class Hideable(Trait):
    ID = "hide;"
    SECRET_STATE = True


class Restricted(Trait):
    ID = "restrict;"
    SECRET_STATE = True


class Delete(Trait):
    ID = "delete;"


class Clone(Trait):
    ID = "clone;"


class ReportState(Trait):
    ID = "report;"


class SendToLocation(Trait):
    ID = "sendto;"


class Translate(Trait):
    ID = "translate;"


class PropertySheet(Trait):
    ID = "propertysheet;"


class FreeRotator(Trait):
    """``rotate;``: facing index (fixed) or angle (free)."""
    ID = "rotate;"

    def properties(self) -> dict[str, str]:
        n = java_int(self.field(0, "1"))
        n = 1 if n is None else n
        name = self.field(7 if n == 1 else 9)
        if n == 1:
            return {f"{name}_Degrees": self.state}
        facing = java_int(self.state)
        if facing is None:
            return {}
        return {f"{name}_Facing": str(facing + 1), f"{name}_Degrees": str(facing * 360 // max(n, 1))}


class DynamicProperty(Trait):
    """``PROP;name;...`` / current value."""
    ID = "PROP;"

    def properties(self) -> dict[str, str]:
        return {self.field(0): self.state}


class TranslatableMessage(Trait):
    """``locmsg;name;description;message`` (VASSAL 3.6+, Translatable Message): a fixed
    property ``name`` (default ``name``) whose value is the message."""
    ID = "locmsg;"

    def properties(self) -> dict[str, str]:
        return {self.field(0) or "name": self.field(2)}


class CalculatedProperty(Trait):
    """``calcProp;name;expression;description``: a property whose value VASSAL works out from
    a BeanShell expression whenever it is asked (:mod:`.expression`); no state."""
    ID = "calcProp;"

    @property
    def name(self) -> str:
        return self.field(0)

    @property
    def expression(self) -> str:
        return self.field(1)


class SetPieceProperty(Trait):
    ID = "setpieceprop;"


class Immobilized(Trait):
    ID = "immob;"


class MatCargo(Trait):
    """``matPiece;``: a piece a Mat carries (VASSAL 3.7 ``MatCargo``); its state is the id of the
    Mat piece it lies on, or ``noMat``."""
    ID = "matPiece;"

    def mat_id(self) -> str | None:
        """The id of the Mat piece carrying it (``MatCargo.myGetState``), None when on none."""
        token = decode(self.state, ";")[:1]
        return token[0] if token and token[0] and token[0] != "noMat" else None


class MarkMoved(Trait):
    """``markmoved;``: state ``true``/``false`` (property ``Moved``)."""
    ID = "markmoved;"

    def properties(self) -> dict[str, str]:
        return {"Moved": "true" if self.state == "true" else "false"}

    def images(self) -> list[str]:
        return [self.field(0)] if self.field(0) else []


class ReturnToDeck(Trait):
    ID = "return;"


class MovementTrail(Trait):
    """``footprint;`` Movement Trail. VASSAL 3.8 added a type field (ignore moves that change
    neither location name nor mat) and a state field (the last confirmed point count); both
    forms are read, with the defaults VASSAL gives a missing field (:mod:`.trait_forms`)."""
    ID = "footprint;"

    @property
    def form(self) -> str:
        """``3.7`` or ``3.8``: which version's fields the type carries."""
        from .trait_forms import form_of
        return form_of(self.type) or "3.7"

    @property
    def ignore_same_location(self) -> bool:
        from .trait_forms import type_fields
        return type_fields(self.type, "3.8")["ignoreSameLocation"] == "true"

    @property
    def points(self) -> list[tuple[int, int]]:
        """The trail's points (map coordinates)."""
        from .trait_forms import trail_state
        return trail_state(self.type, self.state)["points"]


class MultiLocationCommand(Trait):
    """``locCommand;`` Multi-Location Command. VASSAL 3.8 added the menu's sort expression,
    ascending and numeric flags; both forms are read (:mod:`.trait_forms`)."""
    ID = "locCommand;"

    @property
    def form(self) -> str:
        from .trait_forms import form_of
        return form_of(self.type) or "3.7"

    def _fields38(self) -> dict[str, str]:
        from .trait_forms import type_fields
        return type_fields(self.type, "3.8")

    @property
    def sort_expression(self) -> str:
        return self._fields38()["menuSort"]

    @property
    def ascending(self) -> bool:
        return self._fields38()["ascending"] == "true"

    @property
    def numeric(self) -> bool:
        return self._fields38()["numeric"] == "true"


_CLASSES: dict[str, type[Trait]] = {
    c.ID: c for c in (BasicPiece, BasicName, Deck, Marker, Layer, LegacyLayer, Labeler, UsePrototype, Obscurable,
                      Hideable, Restricted, Delete, Clone, ReportState, SendToLocation, Translate,
                      PropertySheet, FreeRotator, DynamicProperty, TranslatableMessage, CalculatedProperty,
                      SetPieceProperty, Immobilized,
                      MarkMoved, MatCargo, ReturnToDeck, MovementTrail, MultiLocationCommand)
}
#: the other IDs VASSAL 3.7 registers (kept verbatim, no warning)
_GENERIC_IDS = ("table;", "pivot;", "nonRect;", "nonRect2;", "placemark;", "replace;",
                "submenu;", "menuSeparator;", "AreaOfEffect;", "globalkey;", "macro;",
                "setprop;", "hideCmd;", "playSound;", "button;", "globalhotkey;",
                "deselect;", "mat;", "border;", "attach;",
                "cmt;", "stack")
KNOWN_IDS = frozenset(_CLASSES) | frozenset(_GENERIC_IDS)


def make_trait(type_element: str, state: str = "", warnings: list[str] | None = None) -> Trait:
    """The trait object for one type element (unknown IDs reported once in ``warnings``)."""
    tid = trait_id(type_element)
    cls = _CLASSES.get(tid)
    if cls is not None:
        return cls(type_element, state)
    if tid in _GENERIC_IDS:
        return GenericTrait(type_element, state)
    if warnings is not None:
        from ..notes import warn_once
        warn_once(warnings, f"unknown trait '{tid[:40]}' kept verbatim")
    return UnknownTrait(type_element, state)


# ----------------------------------------------------------------------------------------
def _strip_plus(name: str) -> str:
    if name.startswith("+"):
        return name[1:]
    if name.endswith("+"):
        return name[:-1]
    return name


def _int(tokens: list[str], index: int, default: int = 0) -> int:
    """Token ``index`` read as VASSAL's ``Decoder.nextInt`` does (``Integer.parseInt``;
    missing, bad or out-of-range text = ``default``)."""
    value = java_int(tokens[index]) if index < len(tokens) else None
    return default if value is None else value
