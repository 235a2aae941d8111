"""The NA41 parameters written as fields joined by ':', read in one place:
``na41_scenario_first_phase`` ("scenario:phase, ...", S1.2, S2.2, S3.2), ``na41_setup_airfields``
("scenario:side[:hex hex ...], ...", S1.1, S3.1), ``na41_reserve_release``
("formation:turn:hex, ...", S2.2) and ``na41_holding_box`` ("box:hex", 2.2.4). A malformed entry
is refused, naming the parameter, rather than dropped (which would turn the rule off without a
word); so is a box, hex or formation a kit game's parameter names and its map or kit lacks
(:func:`unknown_in_kit`: the parameters of :data:`PLACES`, the holding box, the reserve release)."""
from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Mapping

_ID = re.compile(r"[A-Za-z0-9_.\-]+")


def _entries(value: object) -> list[list[str]]:
    return [[f.strip() for f in x.split(":")] for x in str(value).split(",") if x.strip()]


def first_phases(value: object) -> dict[str, str]:
    """{scenario id: its first phase id} from "scenario:phase, ..."; ValueError saying why not."""
    out: dict[str, str] = {}
    for e in _entries(value):
        if len(e) != 2 or not all(_ID.fullmatch(f) for f in e):
            raise ValueError(f"each entry is scenario:phase (ids), not {':'.join(e)!r}")
        out[e[0]] = e[1]
    return out


def setup_airfields(value: object) -> dict[str, dict[str, str]]:
    """{scenario id: {airfield hex: the side holding it at the set-up}} from "scenario:side:hex hex, ..."
    (an entry without hexes: every airfield on the map the scenario's other entries do not name,
    keyed ""); ValueError saying why not."""
    out: dict[str, dict[str, str]] = {}
    for e in _entries(value):
        hexes = e[2].split() if len(e) == 3 else [""]
        if len(e) not in (2, 3) or not all(_ID.fullmatch(f) for f in (*e[:2], *hexes) if f) or not hexes:
            raise ValueError(f"each entry is scenario:side or scenario:side:hex hex ... (ids), not {':'.join(e)!r}")
        out.setdefault(e[0], {}).update(dict.fromkeys(hexes, e[1]))
    return out


def reserve_release(value: object) -> dict[str, tuple[int, str]]:
    """{formation: (release turn, hex)} from "formation:turn:hex, ..." (the formation casefolded: an id
    is read whatever its capitals); ValueError saying why not."""
    out: dict[str, tuple[int, str]] = {}
    for e in _entries(value):
        if len(e) != 3 or not all(_ID.fullmatch(f) for f in e) or not e[1].isdigit():
            raise ValueError(f"each entry is formation:turn:hex (the turn a whole number), not {':'.join(e)!r}")
        out[e[0].casefold()] = (int(e[1]), e[2])
    return out


def holding_box(value: object) -> tuple[str, str]:
    """(box id, hex id) from "box:hex"; ValueError saying why not. Read wherever a rule asks where
    the Tobruk Holding Box's units stand (every stacking hex, ~15,000 times an NA41 audit): a
    text already read is answered from :data:`_HOLDING`."""
    if isinstance(value, str):
        got = _HOLDING.get(value)
        if got is None:
            got = _read_holding_box(value)
            if len(_HOLDING) < 64:
                _HOLDING[value] = got
        return got
    return _read_holding_box(value)


#: "box:hex" texts already read (a kit has one; a position or binding may state another)
_HOLDING: dict[str, tuple[str, str]] = {}


def _read_holding_box(value: object) -> tuple[str, str]:
    e = _entries(value)
    if len(e) != 1 or len(e[0]) != 2 or not all(_ID.fullmatch(f) for f in e[0]):
        raise ValueError(f"it is box:hex (ids), not {str(value)!r}")
    return e[0][0], e[0][1]


#: the parameter each reader reads
READERS = {"na41_scenario_first_phase": first_phases, "na41_reserve_release": reserve_release,
           "na41_setup_airfields": setup_airfields,
           "na41_holding_box": holding_box}


def wrong(name: str, value: object) -> str | None:
    """Why ``value`` cannot be parameter ``name`` (one of :data:`READERS`), or None."""
    reader = READERS.get(name)
    if reader is None:
        return None
    if not isinstance(value, str):
        return f"rule parameter '{name}' must be text, not {value!r}"
    try:
        reader(value)
    except ValueError as exc:
        return f"rule parameter '{name}': {exc}"
    return None


#: the parameters naming places of the kit's map, by what each comma-separated entry is: a box, a
#: hex, or either (a convoy lands in the Tripoli box or at a port hex)
PLACES = {"na41_surrender_boxes": "box", "na41_return_boxes": "box", "na41_replacement_base_boxes": "box",
          "na41_supply_pool_box": "box", "na41_remnant_display": "box", "na41_replacement_pool_box": "box",
          "na41_withdrawn_box": "box",
          "na41_rail_base": "box", "na41_railhead": "hex", "na41_alexandria": "hex", "na41_el_agheila": "hex",
          "na41_never_damaged_ports": "place",
          "na41_italy_convoy_ports": "place", "na41_italy_convoy_rp_ports": "place"}


def _nearest(word: str, known: list[str]) -> str:
    near = difflib.get_close_matches(word, known, n=1)
    return f" (did you mean '{near[0]}'?)" if near else ""


def unknown_in_kit(rules: Mapping[str, object], boxes: list[str], is_hex: Callable[[str], bool],
                   formations: list[str] | None) -> str | None:
    """Why a kit's map and formations lack a place or formation the parameters name (a misspelt
    box or formation would turn its rule off without a word), or None; ``formations`` None: not
    checked (an inline game has no formation table). The message starts
    "[rules] <parameter>" so that a position file can name the key's line."""
    def place(key: str, name: str, kind: str) -> str | None:
        ok = (kind != "hex" and name in boxes) or (kind != "box" and is_hex(name))
        if ok:
            return None
        what = {"box": "box", "hex": "hex", "place": "box or hex"}[kind]
        hint = _nearest(name, boxes) if kind != "hex" else ""
        return f"[rules] {key}: no {what} '{name}' on this kit's map{hint}"
    for key, kind in PLACES.items():
        for name in (x.strip() for x in str(rules.get(key, "")).split(",") if x.strip()):
            if (why := place(key, name, kind)):
                return why
    if "na41_holding_box" in rules:
        box, hexid = holding_box(rules["na41_holding_box"])
        if (why := place("na41_holding_box", box, "box") or place("na41_holding_box", hexid, "hex")):
            return why
    if "na41_setup_airfields" in rules:
        for table in setup_airfields(rules["na41_setup_airfields"]).values():
            if (why := next((w for h in table if h and (w := place("na41_setup_airfields", h, "hex"))), None)):
                return why
    if "na41_reserve_release" in rules:
        for formation, (_, hexid) in reserve_release(rules["na41_reserve_release"]).items():
            if formations is not None and formation not in {f.casefold() for f in formations}:
                return (f"[rules] na41_reserve_release: no formation '{formation}' in this kit"
                        + (_nearest(formation, formations) or f" (its formations: {', '.join(formations)})"))
            if (why := place("na41_reserve_release", hexid, "hex")):
                return why
    return None
