"""Trait chains of a piece: type and state strings (FORMATS.md §3.2–§3.4, §3.7).

A piece is a BasicPiece wrapped by traits. Its type (and state) chain is
``SE(TAB)[outermost, SE(TAB)[next, ...[piece;...]]]``; :func:`decode_piece` turns a
type/state pair into a :class:`Piece` holding :class:`Trait` objects (outermost first)
and :meth:`Piece.encode_type` / :meth:`Piece.encode_state` give the identical strings back.

Unknown trait IDs are kept verbatim as :class:`UnknownTrait` and reported once each in
the ``warnings`` list a caller passes; they never stop decoding.
"""
from __future__ import annotations

import re
from typing import ClassVar, Iterable

from ..errors import InputError
from .codec import decode, encode_value

__all__ = [
    "Trait", "UnknownTrait", "BasicPiece", "Marker", "Layer", "LegacyLayer", "Labeler",
    "UsePrototype", "Obscurable", "Hideable", "Delete", "Clone", "ReportState", "SendToLocation",
    "Translate", "PropertySheet", "Restricted", "FreeRotator", "DynamicProperty",
    "SetPieceProperty", "Immobilized", "MarkMoved", "ReturnToDeck", "Piece", "decode_piece",
    "split_chain", "join_chain", "split_state_chain", "trait_id", "expand_prototypes",
    "KNOWN_IDS",
]

TAB = "\t"
_BASIC_PREFIXES = ("piece;", "deck;")
MAX_CHAIN = 10_000   # traits in one piece (a hostile chain cannot run away)


# ----------------------------------------------------------------------------------------
# chains
def _unq(token: str) -> str:
    return token[1:-1] if len(token) > 1 and token[0] == "'" and token[-1] == "'" else token


def split_first(text: str) -> tuple[str, str | None]:
    """``decode(text, TAB)`` limited to what VASSAL reads: the first token and the second
    (``None`` when there is none; tokens after the second are ignored, as in Java).

    Uses ``str.find``/``str.replace`` instead of a token loop: chains of 30 traits decode
    level by level in linear C-speed passes.
    """
    pos = text.find(TAB)
    while pos > 0 and text[pos - 1] == "\\":
        pos = text.find(TAB, pos + 1)
    if pos < 0:
        return _unq(text.replace("\\\t", TAB) if "\\\t" in text else text), None
    first = text[:pos]
    if "\\\t" in first:
        first = first.replace("\\\t", TAB)
    rest = text[pos + 1:]
    n_tab = rest.count(TAB)
    if n_tab:
        n_esc = rest.count("\\\t")
        if n_esc != n_tab or rest[0] == TAB:
            # a further unescaped TAB: let the general decoder find the second token
            tokens = decode(text, TAB)
            return tokens[0], tokens[1]
        rest = rest.replace("\\\t", TAB)
    return _unq(first), _unq(rest)


_TAB_RUNS = re.compile(r"\\*\t")


def _fast_split(text: str, count: int | None) -> list[str] | None:
    """One linear pass over the TABs: separator ``j`` is the first TAB after separator
    ``j-1`` preceded by exactly ``j`` backslashes (VASSAL's nesting). ``None`` when the
    text is not in canonical form (quotes, stray TABs): the caller then decodes level by
    level. ``count`` given = a state chain of that many elements, else a type chain."""
    seps: list[tuple[int, int]] = []   # (start of the backslash run, position after the TAB)
    j = 0
    done = count is None and text.startswith(_BASIC_PREFIXES)
    for m in _TAB_RUNS.finditer(text):
        run = m.end() - 1 - m.start()
        if done:
            if run < j:
                return None
            continue
        if run == j:
            seps.append((m.start(), m.end()))
            start = m.end()
            j += 1
            c = text[start:start + 1]
            if c == "'":
                return None
            if c == "\\":
                # only the backslash run of the next separator (an empty element) is safe
                k = start
                while text[k:k + 1] == "\\":
                    k += 1
                if text[k:k + 1] != TAB or k - start != j:
                    return None
            done = (j >= count - 1) if count is not None else text.startswith(_BASIC_PREFIXES, start)
        elif run < j:
            return None
    if text[:1] in ("'", "\\"):
        return None
    out: list[str] = []
    prev = 0
    for j, (sep_start, sep_end) in enumerate(seps):
        element = text[prev:sep_start]
        pattern = "\\" * (j + 1) + TAB
        if TAB in element:
            element = element.replace(pattern, TAB)
        out.append(element)
        prev = sep_end
    last = text[prev:]
    k = len(seps)
    if TAB in last:
        if count is None:
            leaf = not text.startswith(_BASIC_PREFIXES, prev) and last != "stack"
        else:
            leaf = k < count - 1
        if leaf:
            last = last.replace("\\" * (k + 1) + TAB, TAB)
        elif k:
            last = last.replace("\\" * k + TAB, TAB)
    out.append(last)
    if count is not None:
        out.extend([""] * (count - len(out)))
    return out


def split_chain(text: str) -> list[str]:
    """The type elements of a chain, outermost first (the BasicPiece, if any, last)."""
    fast = _fast_split(text, None)
    if fast is not None:
        return fast
    return _slow_split_chain(text)


def _slow_split_chain(text: str) -> list[str]:
    out: list[str] = []
    while True:
        if text.startswith(_BASIC_PREFIXES) or text == "stack":
            out.append(text)
            return out
        first, rest = split_first(text)
        out.append(first)
        if rest is None:
            return out
        if len(out) > MAX_CHAIN:
            raise InputError(None, f"piece has more than {MAX_CHAIN} traits")
        text = rest


def split_state_chain(text: str, count: int) -> list[str]:
    """The ``count`` state elements aligned with a type chain (missing ones are ``""``)."""
    if count <= 1:
        return [text]
    fast = _fast_split(text, count)
    if fast is not None:
        return fast
    return _slow_split_state(text, count)


def _slow_split_state(text: str, count: int) -> list[str]:
    out: list[str] = []
    for _ in range(count - 1):
        first, rest = split_first(text)
        out.append(first)
        text = rest if rest is not None else ""
    out.append(text)
    return out


def join_chain(elements: Iterable[str]) -> str:
    """Encode elements (outermost first) as VASSAL nests them: ``SE(TAB)[e0, join(rest)]``."""
    items = list(elements)
    if not items:
        return ""
    text = items[-1]
    for element in reversed(items[:-1]):
        text = encode_value([element, text], TAB) or ""
    return text


def trait_id(type_element: str) -> str:
    """The factory key of a type element: text up to and including the first ``;``."""
    i = type_element.find(";")
    return type_element if i < 0 else type_element[:i + 1]


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
        try:
            n = int(s[4])
        except ValueError:
            return {}
        out = {}
        for i in range(n):
            k = 5 + 2 * i
            if k < len(s):
                out[s[k]] = s[k + 1] if k + 1 < len(s) else ""
        return out

    def with_position(self, map_id: str | None, x: int, y: int) -> str:
        """The state with a new map and position (other fields unchanged)."""
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
        try:
            return int(decode(self.state, ";")[0])
        except ValueError:
            return 1

    def _level_item(self, items: list[str]) -> str:
        v = self.level
        return items[v - 1] if 0 < v <= len(items) else ""

    def properties(self) -> dict[str, str]:
        v = self.level
        name = self.name
        return {
            f"{name}_Level": str(v),
            f"{name}_Name": _strip_plus(self._level_item(self.level_names)),
            f"{name}_Image": self._level_item(self.image_names),
            f"{name}_Active": "true" if v > 0 else "false",
        }

    def images(self) -> list[str]:
        return [i for i in self.image_names if i]

    def current_image(self) -> str:
        return self._level_item(self.image_names) if self.level > 0 else ""

    def display_name(self, inner: str) -> str:
        level_name = self._level_item(self.level_names) if self.level > 0 else ""
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


class Labeler(Trait):
    """``label;``: a text label; property ``<propertyName>`` (default ``TextLabel``)."""
    ID = "label;"

    @property
    def label(self) -> str:
        return self.state.strip()

    def properties(self) -> dict[str, str]:
        return {self.field(15) or "TextLabel": self.label}

    def display_name(self, inner: str) -> str:
        if not self.label:
            return inner
        fmt = self.field(11) or "$pieceName$ ($label$)"
        return fmt.replace("$pieceName$", inner).replace("$label$", self.label)


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
        try:
            n = int(self.field(0, "1"))
        except ValueError:
            n = 1
        name = self.field(7 if n == 1 else 9)
        if n == 1:
            return {f"{name}_Degrees": self.state}
        try:
            facing = int(self.state)
        except ValueError:
            return {}
        return {f"{name}_Facing": str(facing + 1), f"{name}_Degrees": str(facing * 360 // max(n, 1))}


class DynamicProperty(Trait):
    """``PROP;name;...`` / current value."""
    ID = "PROP;"

    def properties(self) -> dict[str, str]:
        return {self.field(0): self.state}


class SetPieceProperty(Trait):
    ID = "setpieceprop;"


class Immobilized(Trait):
    ID = "immob;"


class MarkMoved(Trait):
    """``markmoved;``: state ``true``/``false`` (property ``Moved``)."""
    ID = "markmoved;"

    def properties(self) -> dict[str, str]:
        return {"Moved": "true" if self.state == "true" else "false"}

    def images(self) -> list[str]:
        return [self.field(0)] if self.field(0) else []


class ReturnToDeck(Trait):
    ID = "return;"


_CLASSES: dict[str, type[Trait]] = {
    c.ID: c for c in (BasicPiece, Marker, Layer, LegacyLayer, Labeler, UsePrototype, Obscurable,
                      Hideable, Restricted, Delete, Clone, ReportState, SendToLocation, Translate,
                      PropertySheet, FreeRotator, DynamicProperty, SetPieceProperty, Immobilized,
                      MarkMoved, ReturnToDeck)
}
#: the other IDs VASSAL 3.7 registers (kept verbatim, no warning)
_GENERIC_IDS = ("table;", "pivot;", "nonRect;", "nonRect2;", "locmsg;", "placemark;", "replace;",
                "footprint;", "submenu;", "menuSeparator;", "AreaOfEffect;", "globalkey;", "macro;",
                "calcProp;", "setprop;", "hideCmd;", "playSound;", "button;", "globalhotkey;",
                "deselect;", "mat;", "matPiece;", "basicName;", "border;", "attach;", "locCommand;",
                "cmt;", "stack", "deck;")
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
        msg = f"unknown trait '{tid[:40]}' kept verbatim"
        if msg not in warnings:
            warnings.append(msg)
    return UnknownTrait(type_element, state)


# ----------------------------------------------------------------------------------------
# pieces
class Piece:
    """A piece: traits outermost first (the last one normally the BasicPiece).

    Built from its type and state chains; the traits are decoded on first use, so holding
    thousands of pieces (a save) costs nothing until their properties are asked for.
    """

    __slots__ = ("_type", "_state", "_traits", "_types0", "_states0", "_count", "_warnings")

    def __init__(self, type_chain: str = "", state_chain: str = "",
                 traits: list[Trait] | None = None, warnings: list[str] | None = None) -> None:
        self._type = type_chain
        self._state = state_chain
        self._warnings = warnings
        self._traits: list[Trait] | None = None
        self._types0: tuple[str, ...] = ()
        self._states0: tuple[str, ...] = ()
        self._count: int | None = None
        if traits is not None:
            self._traits = list(traits)
            self._type = join_chain(t.type for t in self._traits)
            self._state = join_chain(t.state for t in self._traits)
            self._snapshot()

    @classmethod
    def from_traits(cls, traits: Iterable[Trait]) -> "Piece":
        return cls(traits=list(traits))

    def _snapshot(self) -> None:
        assert self._traits is not None
        self._types0 = tuple(t.type for t in self._traits)
        self._states0 = tuple(t.state for t in self._traits)
        self._count = len(self._traits)

    @property
    def traits(self) -> list[Trait]:
        if self._traits is None:
            types = split_chain(self._type)
            states = split_state_chain(self._state, len(types))
            self._traits = [make_trait(t, st, self._warnings) for t, st in zip(types, states)]
            self._snapshot()
        return self._traits

    @property
    def count(self) -> int:
        """Number of elements in the chain."""
        if self._count is None:
            self._count = len(self._traits) if self._traits is not None else len(split_chain(self._type))
        return self._count

    # -- encoding ----------------------------------------------------------------------
    def _sync(self) -> None:
        if self._traits is None:
            return
        types = tuple(t.type for t in self._traits)
        states = tuple(t.state for t in self._traits)
        if types != self._types0:
            self._type = join_chain(types)
        if states != self._states0 or types != self._types0:
            self._state = join_chain(states)
        self._snapshot()

    def encode_type(self) -> str:
        self._sync()
        return self._type

    @property
    def type_chain(self) -> str:
        """The type chain (as :meth:`encode_type`)."""
        return self.encode_type()

    @property
    def state_chain(self) -> str:
        """The state chain (as :meth:`encode_state`)."""
        return self.encode_state()

    def encode_state(self) -> str:
        self._sync()
        return self._state

    def set_state(self, state_chain: str) -> None:
        """Install a new state chain (a ``D/`` command's newState)."""
        self._sync()
        self._state = state_chain
        if self._traits is not None:
            for trait, st in zip(self._traits, split_state_chain(state_chain, len(self._traits))):
                trait.state = st
            self._states0 = tuple(t.state for t in self._traits)

    def basic_state(self) -> str:
        """The BasicPiece's state (``map;x;y;gpid;...``), without decoding every trait."""
        if self._traits is not None:
            self._sync()
            return self._traits[-1].state
        return split_state_chain(self._state, self.count)[-1]

    def position(self) -> tuple[str | None, int, int]:
        """``(map, x, y)`` from the BasicPiece state (map ``None`` = not on a map)."""
        tokens = decode(self.basic_state(), ";")
        map_id = tokens[0] if tokens and tokens[0] not in ("null", "") else None
        return map_id, _int(tokens, 1), _int(tokens, 2)

    def set_position(self, map_id: str | None, x: int, y: int) -> None:
        """Move the BasicPiece (what ``M/`` does to the piece's own state)."""
        traits = self.traits
        last = traits[-1] if traits else None
        if isinstance(last, BasicPiece):
            last.state = last.with_position(map_id, x, y)
            self._sync()

    # -- views -------------------------------------------------------------------------
    @property
    def basic(self) -> BasicPiece | None:
        traits = self.traits
        last = traits[-1] if traits else None
        return last if isinstance(last, BasicPiece) else None

    @property
    def basic_name(self) -> str:
        b = self.basic
        return b.name if b else ""

    def properties(self) -> dict[str, str]:
        """All trait properties; the outermost trait defining a name wins."""
        props: dict[str, str] = {}
        for trait in reversed(self.traits):
            props.update(trait.properties())
        return props

    def get(self, name: str, default: str | None = None) -> str | None:
        for trait in self.traits:
            value = trait.properties().get(name)
            if value is not None:
                return value
        return default

    @property
    def name(self) -> str:
        """The displayed name (``PieceName``): Layer level names and labels applied."""
        name = ""
        for trait in reversed(self.traits):
            name = trait.display_name(name)
        return name

    def images(self) -> list[str]:
        """Every image name the piece's traits may draw (no duplicates, in chain order)."""
        seen: dict[str, None] = {}
        for trait in self.traits:
            for img in trait.images():
                seen.setdefault(img, None)
        return list(seen)

    def find(self, cls: type[Trait]) -> list[Trait]:
        return [t for t in self.traits if isinstance(t, cls)]

    def copy(self) -> "Piece":
        return Piece(self.encode_type(), self.encode_state(), warnings=self._warnings)

    def to_json(self) -> dict:
        return {"name": self.name, "basic_name": self.basic_name, "properties": self.properties(),
                "traits": [t.to_json() for t in self.traits]}

    def __repr__(self) -> str:
        return f"Piece({self.name!r}, traits={[t.id for t in self.traits]})"


def decode_piece(type_chain: str, state_chain: str = "", warnings: list[str] | None = None) -> Piece:
    """Decode a type chain and its state chain into a :class:`Piece` (traits decoded now,
    so unknown IDs are reported in ``warnings`` at once)."""
    piece = Piece(type_chain, state_chain, warnings=warnings)
    piece.traits
    return piece


# ----------------------------------------------------------------------------------------
# prototypes
def _proto_chain(definition: str) -> tuple[list[str], list[str]]:
    """Type and state elements of a PrototypeDefinition text (``+/null/type/state`` or a chain)."""
    text = definition.strip()
    if text.startswith("+/"):
        tokens = decode(text, "/")
        type_chain = tokens[2] if len(tokens) > 2 else ""
        state_chain = tokens[3] if len(tokens) > 3 else ""
    else:
        type_chain, state_chain = text, ""
    types = split_chain(type_chain)
    return types, split_state_chain(state_chain, len(types))


def expand_prototypes(type_chain: str, state_chain: str, prototypes: dict[str, str],
                      warnings: list[str] | None = None, max_depth: int = 32) -> tuple[str, str]:
    """Replace every ``prototype;Name`` element by that prototype's traits (its BasicPiece
    dropped), recursively; returns the expanded ``(type_chain, state_chain)``.

    ``prototypes`` maps a prototype name to its PrototypeDefinition text. A missing name
    is reported in ``warnings`` and left in place; cycles stop at ``max_depth``.
    """
    types = split_chain(type_chain)
    states = split_state_chain(state_chain, len(types))
    out_t: list[str] = []
    out_s: list[str] = []
    _expand(types, states, prototypes, warnings, out_t, out_s, 0, max_depth)
    return join_chain(out_t), join_chain(out_s)


def _expand(types, states, prototypes, warnings, out_t, out_s, depth, max_depth) -> None:
    for t, s in zip(types, states):
        if t.startswith(UsePrototype.ID):
            name = t[len(UsePrototype.ID):]
            definition = prototypes.get(name)
            if definition is None and ";" in name:
                definition = prototypes.get(name.split(";", 1)[0])
            if definition is None or depth >= max_depth:
                if warnings is not None:
                    msg = (f"prototype '{name}' not found" if definition is None
                           else f"prototype '{name}' nested deeper than {max_depth}")
                    if msg not in warnings:
                        warnings.append(msg)
                out_t.append(t)
                out_s.append(s)
                continue
            ptypes, pstates = _proto_chain(definition)
            if ptypes and ptypes[-1].startswith(BasicPiece.ID):
                ptypes, pstates = ptypes[:-1], pstates[:-1]
            _expand(ptypes, pstates, prototypes, warnings, out_t, out_s, depth + 1, max_depth)
        else:
            out_t.append(t)
            out_s.append(s)


# ----------------------------------------------------------------------------------------
def _strip_plus(name: str) -> str:
    if name.startswith("+"):
        return name[1:]
    if name.endswith("+"):
        return name[:-1]
    return name


_INT = re.compile(r"-?\d+\Z")


def _int(tokens: list[str], index: int) -> int:
    if index < len(tokens) and _INT.match(tokens[index]):
        return int(tokens[index])
    return 0
