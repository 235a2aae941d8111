"""Writing piece definitions: trait type/state pairs and the ``+/null/type/state`` text of a
PieceSlot or PrototypeDefinition, in VASSAL's canonical form (FORMATS.md §3.2–3.8).

Traits are given outermost first (the reverse of the Editor's list); the innermost is the
BasicPiece.
"""
from __future__ import annotations

from typing import Iterable, NamedTuple

from .codec import encode

CTRL = 130          # Ctrl modifier (FORMATS.md §3.5)


class Trait(NamedTuple):
    type: str
    state: str = ""


def key(code: int | str, modifiers: int = CTRL) -> str:
    """A keystroke field: ``70,130`` is Ctrl+F; a letter is taken as its key code."""
    if isinstance(code, str):
        code = ord(code.upper())
    return f"{code},{modifiers}"


def chain(parts: list[str]) -> str:
    """Nest type (or state) strings with TAB the way ``Decorator`` does (§3.2)."""
    if not parts:
        return ""
    out = parts[-1]
    for p in reversed(parts[:-1]):
        out = encode([p, out], "\t")
    return out


def definition(traits: Iterable[Trait]) -> str:
    """``+/null/<type chain>/<state chain>``: the text of a PieceSlot or PrototypeDefinition."""
    traits = list(traits)
    return encode(["+", "null", chain([t.type for t in traits]), chain([t.state for t in traits])], "/")


def basic_piece(image: str, name: str, gpid: str | int = "") -> Trait:
    """The innermost BasicPiece, as it sits in a palette (not on a map)."""
    return Trait("piece;;;" + encode([image, name], ";") if (image or name) else "piece;;;;",
                 encode(["null", "0", "0", str(gpid), "0"], ";"))


def empty_basic_piece() -> Trait:
    """The empty BasicPiece a PrototypeDefinition ends with."""
    return Trait("piece;;;;", "null;0;0;;0")


def prototype(name: str) -> Trait:
    return Trait("prototype;" + name, "")


def marker(properties: dict[str, str]) -> Trait:
    """Static properties (``mark;``): keys and values each a comma list."""
    return Trait("mark;" + encode(list(properties), ","), encode([str(v) for v in properties.values()], ","))


def layer(name: str, images: list[str], level_names: list[str], flip_key: str = key("F"),
          flip_text: str = "Flip", level: int = 1, loop: bool = True) -> Trait:
    """An always-active Layer (``emb2;``) stepping through ``images`` with one key (§3.4, §3.8)."""
    fields = [
        "", str(CTRL), "",            # activateCommand, activateModifiers, activateKey
        flip_text, str(CTRL), "",     # upCommand, upModifiers, upKey
        "", str(CTRL), "",            # downCommand, downModifiers, downKey
        "", "",                        # resetCommand, resetKey
        "1",                           # resetLevel
        "false", "0", "0",            # drawUnderneathWhenSelected, xOff, yOff
        encode(images, ","), encode(level_names, ","),
        "true" if loop else "false", name,
        "", "", "false", "",          # randomKey, randomText, followProperty, propertyName
        "1", "1", "true",             # firstLevelValue, version, alwaysActive
        "", flip_key, "",             # activateKeyStroke, increaseKeyStroke, decreaseKeyStroke
        flip_text, "1.0", "", "true",  # description, scale, onlyPropertyName, onlyPropertyState
    ]
    return Trait("emb2;" + encode(fields, ";"), str(level))


def label(menu: str = "Change Label", key_stroke: str = key("L"), font_size: int = 10,
          fmt: str = "$pieceName$ ($label$)", property_name: str = "TextLabel") -> Trait:
    fields = [key_stroke, menu, str(font_size), "", "0,0,0", "t", "0", "c", "0", "b", "c",
              fmt, "Dialog", "0", "0", property_name, "", "false"]
    return Trait("label;" + encode(fields, ";"), "")


def delete(menu: str = "Delete", key_stroke: str = key("D")) -> Trait:
    return Trait("delete;" + encode([menu, key_stroke, ""], ";"), "")


def report(keys: list[str], fmt: str, description: str = "") -> Trait:
    """Report action (``report;``): a chat line when one of ``keys`` is pressed."""
    fields = [encode(keys, ","), fmt, "", "", description, "false"]
    return Trait("report;" + encode(fields, ";"), "-1")


def movement_trail(target: str, menu: str = "Movement Trail", description: str = "",
                   ignore_same_location: bool = False) -> Trait:
    """A Movement Trail (``footprint;``) with VASSAL's defaults, canonical for ``target``
    (``3.7`` or ``3.8``; ``ignore_same_location`` exists only in 3.8, FORMATS.md §8.2)."""
    from .trait_forms import canonical_state, canonical_type
    if ignore_same_location and target != "3.8":
        raise ValueError("ignoring moves within one location needs VASSAL 3.8")
    fields = ["", menu, "false", "false", "10", "255,255,255", "0,0,0", "100", "50", "20", "30",
              "1.0", "", "", "", description, "true" if ignore_same_location else "false"]
    t = canonical_type("footprint;" + encode(fields, ";"), target)
    return Trait(t, canonical_state(t, "", target))


def multi_location_command(target: str, menu_text: str, key_stroke: str = "",
                           locations: str = "locRegions", description: str = "",
                           filter_expression: str = "", current_map_only: bool = True,
                           sort_expression: str = "", ascending: bool = True,
                           numeric: bool = False) -> Trait:
    """A Multi-Location Command (``locCommand;``) canonical for ``target``; the sort options
    exist only in 3.8 (FORMATS.md §8.2)."""
    from .trait_forms import canonical_type
    if target != "3.8" and (sort_expression or not ascending or numeric):
        raise ValueError("sorting a Multi-Location Command's menu needs VASSAL 3.8")
    fields = [description, locations, filter_expression, menu_text, key_stroke,
              "true" if current_map_only else "false", sort_expression,
              "true" if ascending else "false", "true" if numeric else "false"]
    return Trait(canonical_type("locCommand;" + encode(fields, ";"), target), "")
