"""Movement Trail (``footprint;``) and Multi-Location Command (``locCommand;``) in the forms of
VASSAL 3.7 and 3.8 (FORMATS.md §8.2): 3.8 added trailing fields, each version reads the other's
form (missing fields take their defaults, extra ones are ignored), but a definition canonical
for one version is not for the other.

:func:`canonical_type` / :func:`canonical_state` decode a trait as that version's ``mySetType`` /
``mySetState`` do and encode it as its ``myGetType`` / ``myGetState`` do;
:func:`canonical_definition` does it to every such trait of a ``+/null/type/state`` text and
leaves every other trait as it is. Fields are decoded as VASSAL's ``SequenceEncoder.Decoder``
does (``nextBoolean``, ``nextInt``, ``nextDouble``, ``nextNamedKeyStroke``, ``nextColor``); a
colour, and a keystroke already in ``code,modifiers`` form, are kept as written.
"""
from __future__ import annotations

from decimal import Decimal
from typing import Callable

from ..hexes.vassal_java import parse_double
from .codec import decode, encode, java_int
from .versions import check_target

FOOTPRINT, LOC_COMMAND = "footprint;", "locCommand;"
VERSIONED_IDS = (FOOTPRINT, LOC_COMMAND)
CTRL = 130           # KeyStroke modifiers of CTRL_DOWN_MASK as VASSAL writes them


class _Decoder:
    """``SequenceEncoder.Decoder`` over already split tokens: a default once they run out."""

    def __init__(self, tokens: list[str]) -> None:
        self.tokens, self.i = tokens, 0

    @property
    def more(self) -> bool:
        return self.i < len(self.tokens)

    def token(self, default: str) -> str:
        if not self.more:
            return default
        self.i += 1
        return self.tokens[self.i - 1]

    def boolean(self, default: bool) -> str:
        return _bool(self.token("true") == "true") if self.more else _bool(default)

    def integer(self, default: int) -> str:
        v = java_int(self.token("")) if self.more else None
        return str(default if v is None else v)

    def double(self, default: float) -> str:
        if self.more:
            try:
                default = parse_double(self.token(""))
            except ValueError:
                pass
        return java_double(default)

    def color(self, default: str) -> str:
        """``nextColor``: an empty token is no colour (written empty)."""
        return self.token(default) if self.more else default

    def keystroke(self, default: str) -> str:
        """``nextNamedKeyStroke``: empty = none; one character = that key code with Ctrl."""
        if not self.more:
            return default
        s = self.token("")
        if s and "," not in s:
            return f"{ord(s[0])},{CTRL}"
        return s


def _bool(v: bool) -> str:
    return "true" if v else "false"


def java_double(v: float) -> str:
    """Java's ``Double.toString`` (decimal from 10^-3 to 10^7, else ``d.dddE±n``)."""
    if v != v:
        return "NaN"
    if v in (float("inf"), float("-inf")):
        return "Infinity" if v > 0 else "-Infinity"
    if v == 0:
        return "-0.0" if str(v).startswith("-") else "0.0"
    if 1e-3 <= abs(v) < 1e7:
        r = repr(v)
        if "e" in r:                         # Python uses exponents from 1e16 / below 1e-4
            r = f"{v:.17f}".rstrip("0")
        return r if "." in r else r + ".0"
    sign, digits, exp = Decimal(repr(v)).as_tuple()
    text = "".join(map(str, digits)).rstrip("0") or "0"
    e = len(digits) + int(exp) - 1
    return f"{'-' if sign else ''}{text[0]}.{text[1:] or '0'}E{e}"


# type fields after the ID, in order: (name, reader). Readers take the decoder and give the
# canonical text of the field (its default when absent).
Field = tuple[str, Callable[[_Decoder], str]]

FOOTPRINT_FIELDS_37: list[Field] = [
    ("trailKey", lambda d: d.keystroke(f"{ord('T')},{CTRL}")),
    ("menuCommand", lambda d: d.token("Movement Trail")),
    ("initiallyVisible", lambda d: d.boolean(False)),
    ("globallyVisible", lambda d: d.boolean(False)),
    ("circleRadius", lambda d: d.integer(10)),
    ("fillColor", lambda d: d.color("255,255,255")),
    ("lineColor", lambda d: d.color("0,0,0")),
    ("selectedTransparency", lambda d: d.integer(100)),
    ("unSelectedTransparency", lambda d: d.integer(50)),
    ("edgePointBuffer", lambda d: d.integer(20)),
    ("edgeDisplayBuffer", lambda d: d.integer(30)),
    ("lineWidth", lambda d: d.double(1.0)),
    ("trailKeyOn", lambda d: d.keystroke("")),
    ("trailKeyOff", lambda d: d.keystroke("")),
    ("trailKeyClear", lambda d: d.keystroke("")),
    ("description", lambda d: d.token("")),
]
#: 3.8: "ignore moves that change neither location name nor mat"
FOOTPRINT_FIELDS_38 = FOOTPRINT_FIELDS_37 + [("ignoreSameLocation", lambda d: d.boolean(False))]

LOC_COMMAND_FIELDS_37: list[Field] = [
    ("description", lambda d: d.token("")),
    ("locType", lambda d: d.token("locRegions")),
    ("propertiesFilter", lambda d: d.token("")),
    ("menuText", lambda d: d.token("Do Something At $LocationOfCommand$")),
    ("key", lambda d: d.keystroke("")),
    ("curMapOnly", lambda d: d.boolean(True)),
]
#: 3.8: the menu's sort expression, ascending, numeric sort
LOC_COMMAND_FIELDS_38 = LOC_COMMAND_FIELDS_37 + [
    ("menuSort", lambda d: d.token("")),
    ("ascending", lambda d: d.boolean(True)),
    ("numeric", lambda d: d.boolean(False)),
]

_FIELDS = {(FOOTPRINT, "3.7"): FOOTPRINT_FIELDS_37, (FOOTPRINT, "3.8"): FOOTPRINT_FIELDS_38,
           (LOC_COMMAND, "3.7"): LOC_COMMAND_FIELDS_37, (LOC_COMMAND, "3.8"): LOC_COMMAND_FIELDS_38}


def _id_of(type_text: str) -> str | None:
    return next((i for i in VERSIONED_IDS if type_text.startswith(i)), None)


def type_fields(type_text: str, target: str) -> dict[str, str]:
    """The type's fields by name as ``target``'s VASSAL reads them (defaults filled in)."""
    tid = _id_of(type_text)
    if tid is None:
        raise ValueError(f"not a Movement Trail or Multi-Location Command: {type_text[:30]!r}")
    d = _Decoder(decode(type_text[len(tid):], ";"))
    return {name: read(d) for name, read in _FIELDS[(tid, check_target(target))]}


def canonical_type(type_text: str, target: str) -> str:
    """The type as ``target``'s VASSAL writes it back."""
    tid = _id_of(type_text)
    return tid + encode(list(type_fields(type_text, target).values()), ";")  # type: ignore[operator]


def trail_state(type_text: str, state: str) -> dict:
    """A Movement Trail state read as ``Footprint.mySetState`` of 3.8 (3.7 reads the same
    fields but the last): visibility, start map, points, initialised, last point count."""
    initially = type_fields(type_text, "3.8")["initiallyVisible"] == "true"
    d = _Decoder(decode(state, ";"))
    visible = d.boolean(initially) == "true"
    start_map = d.token("")
    items = int(d.integer(0))
    points = []
    for _ in range(max(0, items)):
        if not d.more:              # a huge count cannot run away: the rest are empty tokens
            break
        p = d.token("")
        if p:
            xy = _Decoder(decode(p, ","))
            points.append((int(xy.integer(0)), int(xy.integer(0))))
    initialised = d.boolean(False) == "true"
    last = int(d.integer(items))
    return {"visible": visible, "start_map": start_map, "points": points,
            "initialised": initialised, "last_point_count": last}


def canonical_state(type_text: str, state: str, target: str) -> str:
    """The trait's state as ``target``'s VASSAL writes it back (``locCommand;`` has none)."""
    tid = _id_of(type_text)
    if tid == LOC_COMMAND:
        return ""
    s = trail_state(type_text, state)
    tokens = [_bool(s["visible"]), s["start_map"], str(len(s["points"]))]
    tokens += [f"{x},{y}" for x, y in s["points"]]
    tokens.append(_bool(s["initialised"]))
    if check_target(target) == "3.8":
        tokens.append(str(s["last_point_count"]))
    return encode(tokens, ";")


def form_of(type_text: str) -> str | None:
    """``3.8`` when the type carries 3.8's trailing fields, ``3.7`` when not, None for other
    traits."""
    tid = _id_of(type_text)
    if tid is None:
        return None
    n = len(decode(type_text[len(tid):], ";"))
    return "3.8" if n > len(_FIELDS[(tid, "3.7")]) else "3.7"


def canonical_pair(type_text: str, state: str, target: str) -> tuple[str, str]:
    """One trait's (type, state) in ``target``'s canonical form when it is a Movement Trail or
    Multi-Location Command; any other trait unchanged."""
    if _id_of(type_text) is None:
        return type_text, state
    return canonical_type(type_text, target), canonical_state(type_text, state, target)
