"""Read a position file (TOML, see ``docs/position-format.md``) into a :class:`Position`.

Every fault raises :class:`~vmodgen.errors.InputError` with ``file:line``. A position names a
kit (bundled id or path) or defines a small game inline; either way it may override terrain,
hexsides and roads of the hexes it uses, so it can be checked without any map data.

The rule set is handed in (:func:`read_position`'s ``rules_for``; the rules layer's
:func:`vmodgen.rules.position_file.load_position` hands the registry's): it says which statuses
(and their aliases, which the unit states answer to), move modes and names a position may use,
takes the ``[state]`` keys that are fields of its memory into ``Position.memory``, and validates
the ``[state]``.
"""
from __future__ import annotations

import copy
import difflib
import re
from pathlib import Path
from typing import Callable, Protocol

from ..errors import InputError
from ..hexes.scheme import HexScheme
from ..model.game import (Game, HexsideFeature, LineFeature, Nationality, Phase, PointFeature, SequenceOfPlay,
                          Side, Terrain, UnitType)
from ..model.kit import is_dir, is_file, load_kit, resolve_kit_path
from ..model.load_game import ID_RE
from ..model.mapdata import Area, Box, Hexside, HexInfo, LinePath, MapData, Sheet
from ..model.tomldoc import Table, TomlDoc
from ..model.unit import Unit
from .model import Attack, Position, UnitState
from .scenario_number import scenario_number
from .spelling import JA_SIDE_NAMES, MARKER_ALIASES, defender_phase_of_either_side, english, marker_name, matches, name_ends, norm, \
    phase_words, place_hex, resolve, says_during, segment_phase, sheet_hex, short_name_of
from .state_names import spell_state

TOP = ("position", "rules", "grid", "phases", "hexes", "hexsides", "lines", "areas", "boxes", "units", "attacks",
       "state")
MAX_UNITS = 20_000
#: terrain names that are water in an inline game (a kit's terrain says it itself)
WATER_NAMES = ("sea", "water", "all_sea", "all_water")


class PositionRules(Protocol):
    """What the loader asks of a rule set (:class:`vmodgen.rules.base.RuleSet` answers)."""
    id: str
    KIT: str
    modes: frozenset[str]

    def known_statuses(self) -> frozenset[str]: ...

    @property
    def status_aliases(self) -> dict[str, tuple[str, ...]]: ...

    def read_memory(self, pos: Position) -> None: ...

    def check_memory(self, pos: Position) -> None: ...

    def names_read(self) -> dict[str, frozenset[str]] | None: ...

    def validate_position(self, pos: Position) -> None: ...


#: kind of name → how messages call it and the kit table that declares such names
_NAME_TABLES = {"terrain": ("terrain", "terrain"), "hexside": ("hexside feature", "hexside_features"),
                "line": ("road or line", "line_features"), "feature": ("point feature", "point_features"),
                "unit_type": ("unit type", "unit_types"), "movement_class": ("movement class", "movement_classes")}


#: the kinds of name a game's rule set refuses when its kit lacks them (they pick the costs and
#: limits of every move); a unit type it reads only through a few selectors, so an unknown one is
#: listed as ignored
_REFUSED = ("terrain", "hexside", "line", "feature", "movement_class")


class Names:
    """The names an inline game's position may use, and what it does with the others: refused
    with their line (a game's rule set, written against its kit's names: :data:`_REFUSED`) or
    listed as ignored (the generic set, which gives a name a meaning only through its
    parameters; a game's unit types)."""

    def __init__(self, rules: PositionRules, pos: Position, inline: bool) -> None:
        self.rules, self.pos, self.inline = rules, pos, inline
        self.read: dict[str, frozenset[str]] | None = None
        #: an inline game's rule set written against a kit: the kit's markers, by id and printed name
        #: ("Under Construction", the fortification marker's back, is its ``under-construction``)
        self.kit_markers: dict[str, str] = {}
        if inline and rules.KIT:
            self.kit_markers = {i: x.name for i, x in cached_kit(rules.KIT).game.markers.items()}
        if inline:
            self.read = rules.names_read()
            if self.read is None and rules.KIT:
                kit_game = cached_kit(rules.KIT).game
                self.read = {k: frozenset(getattr(kit_game, table)) for k, (_, table) in _NAME_TABLES.items()}

    def check(self, t: Table, kind: str, name: str, key: str) -> None:
        if self.read is None or name in self.read.get(kind, frozenset()):
            return
        what = _NAME_TABLES[kind][0]
        known = ", ".join(sorted(self.read.get(kind, frozenset()))) or "none"
        if self.rules.KIT and kind in _REFUSED:
            raise t.error(f"unknown {what} '{name}': the {self.rules.id} rules read only the names of their kit "
                          f"(known: {known})", key)
        line = t.line_of(key) if key in t else t.line
        self.pos.ignored.append(f"{t.doc.path}:{line}: {what} '{name}' is read by no rule of the "
                                f"{self.rules.id} rule set: it changes nothing (the {what} names it reads: {known})")


def read_position(path: str | Path, text: str | None, rules_for: Callable[[Game], PositionRules]) -> Position:
    """The position in ``path`` (or ``text``), checked against the rule set ``rules_for`` gives
    for its game."""
    doc = TomlDoc(path, text, expected="a position",
                  instead="a position is a TOML file (docs/position-format.md); saves and logs are "
                          "checked with 'vmodgen audit FILE --module M.vmod'")
    if "position" not in doc.data and any(k in doc.data for k in ("game", "map", "sheets", "scenarios")):
        kind = "a kit's game.toml" if "game" in doc.data else "a kit's map or scenarios file"
        raise InputError(doc.path, f"{kind}, not a position: a position is a TOML file with a [position] "
                                   "table naming its kit (docs/position-format.md); a kit is checked with "
                                   "'vmodgen validate KIT'")
    for key in doc.data:
        if key not in TOP:
            raise InputError(doc.path, f"unknown top-level table '{key}' (known: {', '.join(TOP)})",
                             line=doc.header_line(key) or doc.key_line(key))
    p = doc.table("position")
    p.check_keys(("game", "ruleset", "sides", "scenario", "turn", "phase", "side", "at", "name", "note"))
    rules_t = doc.table("rules", required=False)
    if "game" in p:
        game, mapdata, roster, inline, scenarios = _kit_game(p, doc)
        for only_inline in ("grid", "phases"):
            if only_inline in doc.data:
                raise InputError(doc.path, f"[{only_inline}] is only for inline games (without 'game'); "
                                 "a kit's come from the kit", line=doc.header_line(only_inline))
    else:
        game, mapdata = _inline_game(p, doc)
        roster, inline, scenarios = {}, True, {}
    if "ruleset" in p and "game" in p:
        game.ruleset = p.str("ruleset")
    for key, value in rules_t.data.items():
        if isinstance(value, bool) or isinstance(value, (int, float, str)):
            game.rules[key] = value
        else:
            raise rules_t.error(f"rule parameter '{key}' must be a number, true/false or text", key)
    # a value the position states is its own, not the kit's illustrative one
    game.illustrative_rules = frozenset(game.illustrative_rules - set(rules_t.data))
    try:
        ruleset = rules_for(game)
    except InputError as exc:
        if exc.path is not None:
            raise
        m = re.search(r"parameter '([^']+)'", exc.message)
        line = (rules_t.line_of(m.group(1)) if m and m.group(1) in rules_t.data else
                p.line_of("ruleset") if "ruleset" in p else p.line)
        raise InputError(doc.path, exc.message, line=line) from None
    pos = Position(game=game, map=mapdata, source=str(doc.path), roster=roster)
    pos.turn = p.int("turn", None, minimum=1)
    pos.phase = p.str("phase", "")
    printed = {ph.id: ph.name for ph in game.sequence.phases}
    if pos.phase and game.sequence.phase(pos.phase) is None:       # "Movement Phase" for movement
        either = defender_phase_of_either_side(pos.phase, printed)
        if len(either) > 1:                 # "連合軍戦闘回避フェイズ": the Allied segment's, or Allied units refusing?
            raise p.error(f"phase '{pos.phase}' may be either of {', '.join(f'{k} ({printed[k]})' for k in either)}: "
                          "the rulebook prints it without a side, and the side written before it may be the "
                          "segment's player or the defender; give its id", "phase")
        said = english(pos.phase)                                   # "ドイツ軍移動フェイズ"
        sides = [*game.sides, *(x.name for x in game.sides.values() if x.name)]
        # a name that ends one phase's name ("Paradrop Phase", "落下傘降下フェイズ") is that phase
        pos.phase = (resolve(pos.phase, printed) or resolve(said, printed) or short_name_of(said, printed, sides)
                     or pos.phase)
    during = ""                         # the phase as written, when it says "during" (then at = "during")
    if pos.phase and game.sequence.phase(pos.phase) is None:       # "Axis Movement Phase (Impulse 2)"
        same = phase_words(english(pos.phase), {ph.id: ph.name for ph in game.sequence.phases})
        if len(same) == 1:
            during = pos.phase if says_during(english(pos.phase)) else ""
            pos.phase = same[0]
    if pos.phase and game.sequence.phase(pos.phase) is None:       # "Combat Refusal Phase (German Player Segment)"
        said = english(pos.phase)
        both = matches(said, printed)
        side_names = {k: {k, x.name or k} for k, x in game.sides.items()}
        seg_sides = {i: side_names.get(ph.side, set()) for i in both if (ph := game.sequence.phase(i)) is not None}
        pos.phase = segment_phase(said, seg_sides) or pos.phase
    if pos.phase and game.sequence.phase(pos.phase) is None:
        known = ", ".join(ph.id for ph in game.sequence.phases) or "none"
        both = matches(english(pos.phase), {ph.id: ph.name for ph in game.sequence.phases})
        if len(both) > 1:
            raise p.error(f"phase '{pos.phase}' may be any of {', '.join(both)}: give its id", "phase")
        tail = name_ends(english(pos.phase), printed)
        if len(tail) > 1:                   # "Allied Movement Phase" of "Impulse 1: Allied Movement Phase"
            raise p.error(f"phase '{pos.phase}' ends the names of {len(tail)} phases ({', '.join(tail)}): "
                          "give one id", "phase")
        raise p.error(f"unknown phase '{pos.phase}' (phases of this game: {known})", "phase")
    pos.side = _side(game, p.str("side", ""))
    if not pos.side and pos.phase_info is not None:
        pos.side = pos.phase_info.side
    if pos.side and pos.side not in game.sides:
        raise p.error(f"unknown side '{pos.side}' (known: {', '.join(game.sides)})", "side")
    pos.at = p.str("at", "during" if during else "end")
    if pos.at not in ("end", "during"):
        raise p.error(f"'at' must be \"end\" or \"during\", not '{pos.at}'", "at")
    if during and pos.at != "during":
        raise p.error(f"phase '{during}' says the position is during the phase, but 'at' is \"{pos.at}\" (its end): "
                      "give one", "at")
    if pos.at == "during" and not pos.phase:
        raise p.error("'at = \"during\"' needs the 'phase' it is during (an inline game names its phases in "
                      "[[phases]]): without a phase every rule is checked as at a phase end", "at")
    pos.scenario = _scenario(p, p.str("scenario", ""), scenarios)
    pos.scenario_data = scenarios.get(pos.scenario)
    names = Names(ruleset, pos, inline)
    grid = doc.table("grid", required=False)
    if inline and "default_terrain" in grid:
        names.check(grid, "terrain", mapdata.default_terrain, "default_terrain")
    _load_map_overrides(doc, game, mapdata, pos, inline, names)
    statuses = _spellings(ruleset.known_statuses() | frozenset(game.markers), ruleset.status_aliases)
    _load_units(doc, game, mapdata, pos, roster, inline, statuses, ruleset.modes, names, ruleset.status_aliases)
    for t in doc.tables("attacks"):
        t.check_keys(("hex", "units", "hq", "kind", "result"))
        hexid = _hex(t, mapdata, "hex", pos)
        ids = tuple(_placed_unit(t, pos, uid, "units") for uid in t.str_list("units"))
        if not ids:                        # an attack of nobody is read by no rule: it would pass unseen
            raise t.error("an attack names its attackers: units = [\"...\"]", "units")
        hq = _placed_unit(t, pos, t.str("hq"), "hq") if "hq" in t else ""
        pos.attacks.append(Attack(hexid, ids, hq, t.line or 0, t.str("kind", ""), t.str("result", "")))
    state = doc.data.get("state", {})
    if not isinstance(state, dict):
        raise InputError(doc.path, "'state' must be a table", line=doc.key_line("state"))
    raw = doc.table("state", required=False)
    st = _StateTable(doc, raw.data, raw.line, raw.what)
    placed = {u.id: u.unit.name for u in pos.units}
    # in a kit game every unit a key names is a roster unit or one the position places (an inline
    # unit that left the map is placed in a box): a name of neither is a typo ("6RTX")
    own = any(u.unit.id not in roster for u in pos.units)
    unknown: list[tuple[str, str, str]] = []
    pos.state = spell_state(dict(state), game.ruleset,
                            lambda v, k: _state_unit(st, v, k, roster, placed, unknown, own),
                            lambda v, k: _hex_value(st, mapdata, v, k, pos), st.error)
    ruleset.read_memory(pos)               # the keys that are fields of the rule set's memory
    try:
        ruleset.validate_position(pos)
        ruleset.check_memory(pos)
    except InputError as exc:
        if exc.line is None:               # the rule set names the key; the file knows its line
            exc.line = _state_line(doc, exc.message)
        raise
    _unread_state(st, pos, ruleset)
    if unknown:                            # after the shapes: a key of the wrong shape says that first
        value, key, near = unknown[0]
        way_out = "; an inline unit that left the map: place it in a box" if own else ""
        raise st.error(f"unknown unit '{value}' (neither placed in this position nor in the kit's roster, by id "
                       "or printed name" + (f"; did you mean '{near}'?" if near else "") + way_out + ")", key)
    return pos


def _unread_state(st: _StateTable, pos: Position, ruleset) -> None:
    """A ``[state]`` key that is no field of the rule set's memory and none of the free keys it
    declares it reads (``state_keys``; a rule set without the declaration reads any) is refused at
    its line with the nearest key: a misspelt key (``motor_pool``) or an invented one (OM's
    ``coordination``) would otherwise change nothing, unseen."""
    keys = getattr(ruleset, "state_keys", None)
    if keys is None:
        return
    for k in pos.state:
        if k in keys:
            continue
        known = sorted({*keys, *ruleset.memory_type.keys()})
        near = difflib.get_close_matches(k, known, n=1)
        hint = f" (did you mean '{near[0]}'?)" if near else ""
        if k in getattr(ruleset, "PARAMS", {}):         # a rule parameter put in the wrong table
            hint = f" ('{k}' is a rule parameter: write it under [rules])"
        raise st.error(f"no rule of the {ruleset.id} rule set reads this key{hint}; the keys it reads: "
                       f"{', '.join(known)}", k)


_NAME_NUMBER = re.compile(r"(?i)\s*(?:scenario\s*|s)(\d+)\b")
#: a scenario name's number before its title ("Scenario 4: Leros 1943", "S1 Enter Rommel")
_NAME_PREFIX = re.compile(r"(?i)^\s*(?:scenario\s*#?\s*|s)\d+\b\s*[:.\-\u2013]?\s*")


def _scenario(p: Table, value: str, scenarios: dict) -> str:
    """The kit's scenario id that ``value`` names: the id, the name in any spelling ("S1 Enter
    Rommel"), its title without the number ("Leros 1943", "Enter Rommel"), or its number (:func:`scenario_number`:
    "Scenario 1", "S1", "1", "Scenario 3 (Herkules)"), which names the scenario whose name starts
    "Scenario N" or "SN", or whose id ends in N (``scn1``, ``s4``). A number that names two
    scenarios is refused with their ids; a value naming none comes back unchanged (the rule sets
    say what they cannot judge without it)."""
    if not value or value in scenarios:
        return value
    by_name = resolve(value, {i: x.name for i, x in scenarios.items()}) \
        or resolve(value, {i: t for i, x in scenarios.items() if (t := _NAME_PREFIX.sub("", x.name or "", count=1))})
    if by_name:
        return by_name
    n = scenario_number(value)
    if n is None:
        return value
    hits = []
    for i, x in scenarios.items():
        named, tail = _NAME_NUMBER.match(x.name or ""), re.search(r"(\d+)$", i)
        if named and int(named.group(1)) == n or tail and int(tail.group(1)) == n:
            hits.append(i)
    if len(hits) > 1:
        raise p.error(f"scenario '{value}' may be any of {', '.join(hits)}: give its id", "scenario")
    return hits[0] if hits else value


def _state_line(doc, message: str) -> int | None:
    """The line of the ``[state]`` (or ``[position]``, ``[rules]``) key a rule set's message names
    (``[state] key...``), else of the ``[state]`` table, else None."""
    table = next((t for t in ("position", "rules") if message.startswith(f"[{t}] ")), "state")
    start = doc.header_line(table)
    m = re.match(rf"\[{table}\] ([A-Za-z_][\w\-]*)", message)
    if m:
        line = doc.key_line(m.group(1), start=start) if start is not None else doc.key_line(m.group(1))
        if line is not None:
            return line
    return start


# ---- the game ---------------------------------------------------------------------------
_KITS: dict[str, tuple[tuple, object]] = {}


def cached_kit(spec: str | Path):
    """A kit, loaded once per process while none of its files change (positions of one game are
    checked by the hundred in an audit). Callers must not modify it: copy what they change."""
    path = str(resolve_kit_path(spec).resolve())
    got = _KITS.get(path)
    if got is not None:
        stamp, kit = got
        try:
            if stamp == tuple(f.stat().st_mtime_ns for f in kit.files):   # type: ignore[attr-defined]
                return kit
        except OSError:
            pass
    kit = load_kit(path)
    _KITS[path] = (tuple(f.stat().st_mtime_ns for f in kit.files), kit)
    return kit


def _kit_game(p: Table, doc: TomlDoc):
    spec = p.str("game")
    local = (doc.path.parent / spec)
    try:
        kit = cached_kit(local if ("/" in spec or spec.endswith(".toml")) and (is_file(local) or is_dir(local)) else spec)
    except InputError as exc:
        if exc.path not in (spec, str(local)):
            raise                       # a fault inside the kit: its own file and line
        raise p.error(f"game '{spec}': {exc.message}", "game") from None
    game = copy.copy(kit.game)
    game.rules = dict(game.rules)
    for name in ("terrain", "hexside_features", "line_features", "point_features", "markers", "unit_types"):
        setattr(game, name, dict(getattr(game, name)))
    m = copy.copy(kit.map)
    m.hexes = dict(m.hexes)
    m.hexsides = list(m.hexsides)
    m.lines = list(m.lines)
    m.areas = dict(m.areas)
    m.boxes = dict(m.boxes)
    m.invalidate()
    return game, m, {u.id: u for u in kit.units}, False, kit.scenarios


def _inline_game(p: Table, doc: TomlDoc) -> tuple[Game, MapData]:
    ruleset = p.str("ruleset", "generic")
    sides = p.str_list("sides", ())
    if not sides:
        seen = []
        for t in doc.tables("units"):
            s = t.get("side")
            if isinstance(s, str) and s not in seen:
                seen.append(s)
        sides = tuple(seen)
    if len(sides) < 2:
        raise p.error("an inline game needs two sides: name them with 'sides = [\"red\", \"blue\"]'", "sides")
    game = Game(id="inline", name=p.str("name", "Inline game"), ruleset=ruleset)
    for s in sides:
        if not ID_RE.match(s):
            raise p.error(f"side id {s!r} must be letters, digits, '-', '_' or '.'", "sides")
        game.sides[s] = Side(s, s)
        game.nationalities[s] = Nationality(s, s, side=s)
    game.terrain["clear"] = Terrain("clear", "Clear")
    g = doc.table("grid", required=False)
    g.check_keys(("prefix", "lines", "line_digits", "pos_digits", "line_range", "pos_range", "shift",
                  "default_terrain"))
    line_digits, pos_digits = g.int("line_digits", 2, minimum=1) or 2, g.int("pos_digits", 2, minimum=1) or 2
    line_range, pos_range = g.int_pair("line_range", (1, 30)) or (1, 30), g.int_pair("pos_range", (1, 30)) or (1, 30)
    scheme = HexScheme(prefix=g.str("prefix", ""), lines=g.str("lines", "columns"),  # type: ignore[arg-type]
                       line_digits=line_digits, pos_digits=pos_digits, line_range=line_range, pos_range=pos_range,
                       pos_grows="south" if g.str("lines", "columns") == "columns" else "east",
                       line_grows="east" if g.str("lines", "columns") == "columns" else "south",
                       shift=g.str("shift", "odd"))  # type: ignore[arg-type]
    problems = scheme.problems()
    if problems:
        raise g.error("; ".join(problems))
    if scheme.n_lines * scheme.n_pos > 250_000:
        raise g.error("a grid of more than 250000 hexes")
    default = g.str("default_terrain", "clear")
    game.terrain.setdefault(default, Terrain(default, default, water=default in WATER_NAMES))
    game.sequence = _inline_sequence(doc, game)
    m = MapData(id="inline", name="Inline map", default_terrain=default, default_illustrative=False)
    m.sheets["main"] = Sheet("main", "Main", scheme)
    return game, m


def _inline_sequence(doc: TomlDoc, game: Game) -> SequenceOfPlay:
    """``[[phases]]``: an inline game's sequence of play, in order: ``id``, ``kind`` (the rules'
    timing: movement, combat, supply...; default the id), ``side`` (the side moving, "" = both),
    ``name``."""
    phases: list[Phase] = []
    for t in doc.tables("phases"):
        t.check_keys(("id", "name", "kind", "side"))
        pid = t.str("id")
        if not ID_RE.match(pid):
            raise t.error(f"phase id {pid!r} must be letters, digits, '-', '_' or '.'", "id")
        if any(ph.id == pid for ph in phases):
            raise t.error(f"phase '{pid}' is named twice", "id")
        side = t.str("side", "")
        if side and side not in game.sides:
            raise t.error(f"unknown side '{side}' (known: {', '.join(game.sides)})", "side")
        phases.append(Phase(pid, t.str("name", pid), side=side, kind=t.str("kind", pid)))
    return SequenceOfPlay(phases=tuple(phases))


# ---- hexes, hexsides, roads, areas, boxes ---------------------------------------------------
def _side(game: Game, side: str) -> str:
    """A side id, or its printed name in any case ("Axis"), or as the Japanese rulebook names it ("枢軸軍")."""
    if not side or not isinstance(game.sides, dict):
        return side
    written = JA_SIDE_NAMES.get(side.strip(), side)
    return resolve(written, {s: getattr(game.sides[s], "name", s) for s in game.sides}) or side


def _place(t: Table, m: MapData, h: str, key: str, pos: Position | None = None) -> str:
    """A hex or box id; a hex as the rulebook prints it with its sheet ("Leros 2706") gives the
    sheet's id ("L2706"). In a scenario played on some sheets only (Invasion: Malta's Scenario 4,
    Leros), a bare printed number means a hex of those sheets ("2706" is ``L2706``), and one they
    lack is refused, naming the sheet it is a hex of ("1225": write "Malta 1225"), rather than taken
    silently as a hex off the scenario's map. A hex written as a printed place or with the word hex
    ("Lakki (3009)", "hex 2706") is read as its number is, by these rules. Anything else comes back
    unchanged."""
    used = [m.sheets[x] for x in (pos.scenario_data.sheets if pos and pos.scenario_data else ()) if x in m.sheets]
    got = m.sheet_of(h) if used and m.has_hex(h) else None
    if got is not None and got[0] not in used and not got[0].scheme.prefix:    # a bare number off the sheets
        mine = [x.scheme.prefix + h for x in used if m.has_hex(x.scheme.prefix + h)]
        if len(mine) == 1:
            return mine[0]
        scn = pos.scenario_data.name or pos.scenario if pos and pos.scenario_data else ""
        on = " and ".join(x.name for x in used)
        if mine:
            raise t.error(f"'{h}' is a hex of each of {on}, where {scn} is played: give its id ({', '.join(mine)})", key)
        raise t.error(f"'{h}' is a {got[0].name} hex, and {scn} is played on {on}, which has no hex {h}: "
                      f"write \"{got[0].name} {h}\" to mean the {got[0].name} hex", key)
    if m.has_hex(h) or h in m.boxes:
        return h
    box = _box_of(m, h) if h else None     # "Nile Delta", "Nile Delta Box"
    got_hex = box or sheet_hex(h, ((s.id, s.name, s.scheme.prefix) for s in m.sheets.values()), m.has_hex)
    if got_hex:
        return got_hex
    num = place_hex(h, _printed_places(m))[0]          # "Tobruk (3138)", "hex 2706"
    # the number goes through the sheet and scenario rules above, as a bare one does
    return _place(t, m, num, key, pos) if num is not None and num != h else h


def _printed_places(m: MapData) -> list[tuple[str, str, str]]:
    """The map's places as :func:`.spelling.place_hex` reads them: (name, hex id, the number
    printed in that hex: the id without its sheet's prefix)."""
    out = []
    for x in m.places:
        if x.hex:
            got = m.sheet_of(x.hex)
            prefix = got[0].scheme.prefix if got is not None else ""
            out.append((x.name, x.hex, x.hex[len(prefix):] if prefix and x.hex.startswith(prefix) else x.hex))
    return out


def _box_of(m: MapData, h: str) -> str | None:
    """The box ``h`` names (:func:`_box_names`), or None. A name followed by the word "Box" ("Sitia
    Box", "Nile Delta box", "KG1 Box"), as a stranger writes it, names the box the name without it
    names, only when ``h`` itself names none: no name that named a box before names another, and a
    place or hex ("Tobruk Box") is never read as a box."""
    names = {b.id: _box_names(b.name) for b in m.boxes.values()}
    got = resolve(h, names)
    bare = _BOX_WORD.match(h)
    return got if got is not None or bare is None else resolve(bare.group(1), names)


#: a name and the word "Box" after it
_BOX_WORD = re.compile(r"\s*(\S.*?)\s+box\s*$", re.IGNORECASE)


def _box_names(name: str) -> list[str]:
    """A box's printed name, the label after its card's name ("Axis set-up card: Paradrop KG1" is
    also "Paradrop KG1") and that label's last word when it holds a number and a letter ("KG1", not
    the "1" of "Convoy 1", which would read a bare number as a box): a name several boxes share
    then names none (:func:`resolve`)."""
    label = name.rsplit(":", 1)[-1].strip()
    last = label.split()[-1] if label.split() else ""
    named = any(c.isdigit() for c in last) and any(c.isalpha() for c in last)
    return [name, label] + ([last] if named else [])


def _hex_hint(m: MapData, h: str) -> str:
    """' (... did you mean W4314?)' when ``h`` is a hex number printed without its sheet's prefix;
    ' (... give the id: ...)' when it spells the printed names of several boxes (the ids
    :func:`.spelling.resolve` could not choose between); else ''."""
    hits = [s.scheme.prefix + h for s in m.sheets.values() if s.scheme.prefix and m.has_hex(s.scheme.prefix + h)]
    if hits:
        return " (a hex ID starts with its map sheet's prefix: did you mean " + " or ".join(hits) + "?)"
    boxes = matches(h, {b.id: b.name for b in m.boxes.values()}) if h else []
    if len(boxes) > 1:
        return (f" ('{h}' spells the names of {len(boxes)} boxes: give the id of one: "
                + " or ".join(f"'{i}' ({m.boxes[i].name})" for i in boxes) + ")")
    # a place printed on the map ("Tobruk") is not a hex ID, but says which hex is meant
    _, why = place_hex(h, _printed_places(m))
    if why:
        return f" ({why})"
    places = sorted({p.hex for p in m.places if p.hex and norm(p.name) == norm(h)})
    if places:
        return f" ('{h}' is a place on the map: write its hex, " + " or ".join(f"'{x}'" for x in places) + ")"
    return ""


def _no_unit_in_marker_box(t: Table, m: MapData, places: list[str], key: str) -> None:
    """Refuse a unit standing in, or moving from or through, a box that holds markers only (a record
    track, a diagram printed on the map: ``units = false`` in the kit's map): no rule could read it."""
    for h in places:
        box = m.boxes.get(h)
        if box is not None and not box.units:
            raise t.error(f"'{h}' ({box.name}) holds markers only ({box.note or 'the kit says so'}); "
                          "no unit stands in it", key)


def _not_a_hex(t: Table, m: MapData, h: str, key: str, what: str = "") -> InputError:
    return t.error(f"{what}'{h}' is neither a hex of the map nor a box{_hex_hint(m, h)}", key)


def _hex(t: Table, m: MapData, key: str, pos: Position | None = None) -> str:
    return _hex_value(t, m, t.str(key), key, pos)


def _hex_value(t: Table, m: MapData, value: str, key: str, pos: Position | None = None) -> str:
    """The hex or box id ``value`` names (:func:`_place`), else refused at ``key``."""
    h = _place(t, m, value, key, pos)
    if not m.has_hex(h) and h not in m.boxes:
        raise _not_a_hex(t, m, h, key)
    return h


def _roster_unit(t: Table, uid: str, roster: dict[str, Unit], key: str) -> str:
    """The roster id ``uid`` names: the id, or the printed name of one roster unit; a name of
    several is refused with their ids, one of none as unknown (at ``key``)."""
    if uid not in roster:                   # a roster unit by its printed name
        printed = {r.id: r.name for r in roster.values()}
        uid = resolve(uid, printed) or uid
        named = matches(uid, printed) if uid not in roster else []
        if len(named) > 1:
            raise t.error(f"unit '{uid}' is the name of {len(named)} roster units ({', '.join(named)}): "
                          "give the id", key)
    if uid not in roster:
        raise t.error(f"unknown unit '{uid}' (not in the roster{'' if roster else ': this game has none'})", key)
    return uid


def _state_unit(t: Table, value: str, key: str, roster: dict[str, Unit], placed: dict[str, str],
                unknown: list[tuple[str, str, str]], own: bool) -> str:
    """The unit a ``[state]`` key names: a placed unit's id or printed name, else a roster unit's
    (:func:`_roster_unit`: a name of several refused, one of none refused as unknown). A value that
    names no unit but may be an id (letters, digits, '-', '_', '.') stays as written in an inline
    game (no roster), for a history key may name an inline unit gone since, which the position does
    not define. In a kit game whose position places no inline unit (``own``) every unit is a roster
    unit, so such a value names nothing a rule can use ("KG5unit1" for "KG5 unit 1", "Matilda2"
    for "Matilda II"); where it places inline units too it may name one gone since, unless it is a
    near miss of a roster unit's id or printed name (a typo: "6RTX" for "6RTR"). Either is added
    to ``unknown`` with the nearest roster name, if any (refused once the key's shape is checked)."""
    if value in placed or value in roster:
        return value
    mine = _one_placed(t, placed, value, key)
    if mine is not None:
        return mine
    if not roster or (ID_RE.match(value) and not matches(value, {r.id: r.name for r in roster.values()})):
        if roster:
            near = _near_roster_name(value, roster)
            if near or not own:
                unknown.append((value, key, near))
        return value
    return _roster_unit(t, value, roster, key)


def _near_roster_name(value: str, roster: dict[str, Unit]) -> str:
    """The roster id or printed name ``value`` is a near miss of, "" when none: the same but for
    spaces and case ("KG5 unit 1" for "KG5unit1"), or of the same length but for one character
    or two neighbours swapped ("6RTR" for "6RTX"). A character added or dropped is no near miss:
    short ids differ so ("15Pz", an inline unit gone since, is no typo of "5Pz")."""
    def bare(s: str) -> str:
        return s.replace(" ", "").lower()
    names = {bare(n): n for r in roster.values() for n in (r.name, r.id) if n}     # the id where both match
    v = bare(value)
    if v in names:
        return names[v]
    for b, name in names.items():
        if len(b) == len(v) and _one_slip(v, b):
            return name
    return ""


def _one_slip(a: str, b: str) -> bool:
    """Whether two strings of the same length differ in one character or in two neighbours swapped."""
    diff = [i for i, (x, y) in enumerate(zip(a, b)) if x != y]
    return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1
                              and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]])


class _StateTable(Table):
    """The ``[state]`` table as its unit and hex readers refuse in it: ``[state] KEY: ...`` at the
    key's line, as the rule sets word a refusal of a ``[state]`` key."""

    def error(self, message: str, key: str | None = None) -> InputError:
        return InputError(self.doc.path, f"[state] {key}: {message}" if key else f"[state]: {message}",
                          line=self.line_of(key) if key else self.line)


def _known(t: Table, table: dict, value: str, what: str, inline: bool, factory, key: str | None = None) -> None:
    if value in table:
        return
    if not inline:
        raise t.error(f"unknown {what} '{value}' (known: {', '.join(table) or 'none'})", key)
    if not ID_RE.match(value):
        raise t.error(f"{what} id {value!r} must be letters, digits, '-', '_' or '.'", key)
    table[value] = factory(value)


def _load_map_overrides(doc: TomlDoc, game: Game, m: MapData, pos: Position, inline: bool, names: Names) -> None:
    for t in doc.tables("boxes"):
        if not inline:
            raise t.error("[[boxes]] are only for inline games; a kit's boxes come from its map")
        t.check_keys(("id", "name", "side", "kind", "adjacent"))
        bid = t.str("id")
        m.boxes[bid] = Box(bid, t.str("name", bid), t.str("kind", "offmap"), t.str("side", ""),
                           tuple(t.str_list("adjacent")))
    described: dict[str, int] = {}
    for t in doc.tables("hexes"):
        t.check_keys(("hex", "terrain", "features", "control", "markers", "owner", "capacity", "sector", "elevation"))
        h = _hex(t, m, "hex", pos)
        if h in described:
            # a second entry would silently replace the first one's terrain or control
            raise t.error(f"hex '{h}' is described twice (first on line {described[h]}): give it one [[hexes]] entry",
                          "hex")
        described[h] = t.line or 0
        old = m.info(h)
        terrain = t.str("terrain", old.terrain)
        if not inline:
            terrain = resolve(terrain, {i: x.name for i, x in game.terrain.items()}) or terrain
        _known(t, game.terrain, terrain, "terrain", inline, lambda v: Terrain(v, v, water=v in WATER_NAMES), "terrain")
        if "terrain" in t:
            names.check(t, "terrain", terrain, "terrain")
        feats = t.str_list("features", tuple(old.features))
        for f in feats:
            _known(t, game.point_features, f, "point feature", inline, lambda v: PointFeature(v, v), "features")
            names.check(t, "feature", f, "features")
        # terrain the position states is its own, not the kit's illustrative guess
        m.hexes[h] = HexInfo(terrain, t.int("elevation", old.elevation), frozenset(feats),
                             old.illustrative and "terrain" not in t and "features" not in t)
        owner = _side(game, t.str("owner", ""))
        if owner and owner not in game.sides:
            raise t.error(f"unknown side '{owner}'", "owner")
        for mk in t.str_list("markers"):
            if not inline:                          # "Axis Control" for the kit's axis-control
                kit_markers = {i: x.name for i, x in game.markers.items()}
                got = marker_name(mk, kit_markers, MARKER_ALIASES)
                if got is None:                     # a marker no rule reads would change nothing unseen
                    feature = resolve(mk, {i: x.name for i, x in game.point_features.items()})
                    hint = (f"; '{mk}' is a feature printed on the kit's map: write it in features = [\"{feature}\"]"
                            if feature is not None else "")
                    raise t.error(f"unknown marker '{mk}' (the kit's markers: {', '.join(sorted(kit_markers))}){hint}",
                                  "markers")
                mk = got
            elif names.kit_markers:                 # a marker of the rule set's kit as printed; else as written
                mk = marker_name(mk, names.kit_markers, MARKER_ALIASES) or mk
            pos.hex_markers.setdefault(h, {})[mk] = owner
        if "control" in t:
            c = _side(game, t.str("control"))
            if c not in game.sides and c != "":
                raise t.error(f"unknown side '{c}'", "control")
            pos.control[h] = c
        if "capacity" in t:
            pos.capacity[h] = t.int("capacity", minimum=0)  # type: ignore[assignment]
        if "sector" in t:
            sec = t.str("sector")
            area = m.areas.get(sec)
            if area is None:
                if not inline:
                    raise t.error(f"unknown area '{sec}' (known: {', '.join(m.areas) or 'none'})", "sector")
                area = Area(sec, sec, illustrative=not inline)
            m.areas[sec] = Area(area.id, area.name, area.kind, area.hexes + (h,), area.illustrative)
    for t in doc.tables("hexsides"):
        t.check_keys(("hexes", "feature", "up"))
        pair = tuple(_place(t, m, h, "hexes", pos) for h in t.str_list("hexes"))
        if len(pair) != 2:
            raise t.error("'hexes' must name exactly two hexes", "hexes")
        for h in pair:
            if not m.has_hex(h):
                raise t.error(f"hex '{h}' is not on the map{_hex_hint(m, h)}", "hexes")
        if not m.adjacent(*pair):
            raise t.error(f"hexes '{pair[0]}' and '{pair[1]}' are not adjacent", "hexes")
        feat = t.str("feature")
        _known(t, game.hexside_features, feat, "hexside feature", inline, lambda v: HexsideFeature(v, v), "feature")
        names.check(t, "hexside", feat, "feature")
        up = _place(t, m, t.str("up", ""), "up", pos)
        if up and up not in pair:
            raise t.error(f"'up' must be one of the two hexes, not '{up}'", "up")
        m.hexsides.append(Hexside(pair[0], pair[1], feat, up, illustrative=False))
    for t in doc.tables("lines"):
        t.check_keys(("kind", "hexes"))
        kind = t.str("kind")
        _known(t, game.line_features, kind, "line feature", inline, lambda v: LineFeature(v, v), "kind")
        names.check(t, "line", kind, "kind")
        chain = tuple(_place(t, m, h, "hexes", pos) for h in t.str_list("hexes"))
        if len(chain) < 2:
            raise t.error("a road needs at least two hexes", "hexes")
        for a, b in zip(chain, chain[1:]):
            if not (m.has_hex(a) and m.has_hex(b)) or not m.adjacent(a, b):
                raise t.error(f"'{kind}' runs from '{a}' to '{b}', which are not adjacent hexes of the map"
                              f"{_hex_hint(m, a) or _hex_hint(m, b)}", "hexes")
        m.lines.append(LinePath(kind, chain, illustrative=False))
    for t in doc.tables("areas"):
        t.check_keys(("id", "name", "kind", "hexes"))
        aid = t.str("id")
        if not inline and aid not in m.areas:
            raise t.error(f"unknown area '{aid}'; a kit's areas come from its map", "id")
        hexes = tuple(_place(t, m, h, "hexes", pos) for h in t.str_list("hexes"))
        for h in hexes:
            if not m.has_hex(h):
                raise t.error(f"hex '{h}' is not on the map{_hex_hint(m, h)}", "hexes")
        was = m.areas.get(aid)
        m.areas[aid] = Area(aid, t.str("name", aid), t.str("kind", "sector"), (was.hexes if was else ()) + hexes,
                            illustrative=False)
    m.invalidate()


# ---- units ------------------------------------------------------------------------------
_UNIT_KEYS = ("unit", "hex", "reduced", "status", "previous", "path", "mode",
              "id", "name", "side", "type", "kind", "nationality", "formation", "size", "steps",
              "movement_class", "flags", "values", "back")


def _values(t: Table, key: str) -> dict | None:
    v = t.get(key)
    if v is None:
        return None
    if not isinstance(v, dict) or not all(isinstance(x, (int, str)) and not isinstance(x, bool) for x in v.values()):
        raise t.error(f"'{key}' must be a table of numbers or text, like {{movement = 4, stacking = 2}}", key)
    return dict(v)


def _inline_unit(t: Table, game: Game, inline: bool, names: Names) -> Unit:
    uid = t.str("id")
    side = _side(game, t.str("side"))
    if side not in game.sides:
        raise t.error(f"unknown side '{side}' (known: {', '.join(game.sides)})", "side")
    nat = t.str("nationality", next((n.id for n in game.nationalities.values() if n.side == side), side))
    nat = resolve(nat, {i: x.name for i, x in game.nationalities.items()}) or nat     # "Italian"
    if nat not in game.nationalities:
        if not inline:
            raise t.error(f"unknown nationality '{nat}' (known: {', '.join(game.nationalities)})", "nationality")
        game.nationalities[nat] = Nationality(nat, nat, side=side)
    elif game.nationalities[nat].side != side:
        alike = [n for n in game.nationalities if game.nationalities[n].side == side and n.startswith(nat)]
        hint = f" (did you mean '{alike[0]}'?)" if alike else ""
        raise t.error(f"nationality '{nat}' belongs to side '{game.nationalities[nat].side}', not '{side}'{hint}",
                      "nationality")
    utype = t.str("type", "infantry")
    utype = resolve(utype, {i: x.name for i, x in game.unit_types.items()}) or utype      # "Infantry"
    kind = t.str("kind", "")
    if utype not in game.unit_types:
        if not inline:
            raise t.error(f"unknown unit type '{utype}' (known: {', '.join(game.unit_types)})", "type")
        game.unit_types[utype] = UnitType(utype, utype, kind=kind or "ground",
                                          movement_class=t.str("movement_class", ""))
    elif kind and game.unit_types[utype].kind != kind:
        raise t.error(f"unit type '{utype}' is of kind '{game.unit_types[utype].kind}', not '{kind}'", "kind")
    if "type" in t:
        names.check(t, "unit_type", utype, "type")
    flags = frozenset(t.str_list("flags"))
    mclass = t.str("movement_class", game.unit_types[utype].movement_class)
    if "movement_class" in t:
        if not inline and game.movement_classes and mclass not in game.movement_classes:
            raise t.error(f"unknown movement class '{mclass}' (known: {', '.join(game.movement_classes)})",
                          "movement_class")
        names.check(t, "movement_class", mclass, "movement_class")
    front = _values(t, "values") or {}
    return Unit(id=uid, name=t.str("name", uid), side=side, nationality=nat, formation=t.str("formation", ""),
                type=utype, size=t.str("size", ""), steps=t.int("steps", 1, minimum=1) or 1,
                movement_class=mclass, flags=flags, front=front, back=_values(t, "back"), line=t.line or 0)


def _placed_unit(t, pos: Position, value: str, key: str) -> str:
    """The id of a unit placed in this position that ``value`` names: its id, or its printed name
    when exactly one placed unit bears it (an attack is written as the units are: "Koch")."""
    uid = _one_placed(t, {u.id: u.unit.name for u in pos.units}, value, key)
    if uid is not None:
        return uid
    raise t.error(f"unknown unit '{value}' (not placed in this position)", key)


def _one_placed(t, placed: dict[str, str], value: str, key: str) -> str | None:
    """The id of the one placed unit (id → printed name) that ``value`` names, by its id or its
    printed name; None when none does; a name several placed units bear is refused."""
    uid = resolve(value, placed)
    if uid is not None:
        return uid
    named = matches(value, placed)
    if len(named) > 1:
        raise t.error(f"unit '{value}' is the name of {len(named)} units placed here ({', '.join(named)}): "
                      "give the id", key)
    return None


def _load_units(doc: TomlDoc, game: Game, m: MapData, pos: Position, roster: dict[str, Unit], inline: bool,
                statuses: frozenset[str], modes: frozenset[str], names: Names,
                aliases: dict[str, tuple[str, ...]]) -> None:
    tables = doc.tables("units")
    if len(tables) > MAX_UNITS:
        raise InputError(doc.path, f"more than {MAX_UNITS} units", line=doc.header_line("units", MAX_UNITS))
    seen: dict[str, int] = {}
    for t in tables:
        t.check_keys(_UNIT_KEYS)
        if "unit" in t:
            for k in ("id", "name", "side", "type", "kind", "nationality", "formation", "size", "steps",
                      "movement_class", "values", "back", "flags"):
                if k in t:
                    raise t.error(f"'{k}' is for inline units; a roster unit ('unit') takes its values from the roster", k)
            unit = roster[_roster_unit(t, t.str("unit"), roster, "unit")]
        elif "id" in t:
            unit = _inline_unit(t, game, inline, names)
        else:
            raise t.error("a unit needs 'unit' (a roster id) or 'id' with inline values")
        if unit.id in seen:
            raise t.error(f"unit '{unit.id}' is placed twice (first on line {seen[unit.id]})")
        seen[unit.id] = t.line or 0
        hexid = _hex(t, m, "hex", pos)
        spelt = {st: st for st in statuses} | {i: x.name for i, x in game.markers.items() if i in statuses}
        status = frozenset(resolve(s, spelt) or s for s in t.str_list("status"))
        for s in status:
            if s not in statuses:
                raise t.error(f"unknown status '{s}' (known: {', '.join(sorted(statuses))})", "status")
        reduced = t.bool("reduced")
        if reduced and unit.back is None:
            raise t.error(f"unit '{unit.id}' has no reduced side", "reduced")
        previous = _place(t, m, t.str("previous", ""), "previous", pos) or None
        if previous is not None and not m.has_hex(previous) and previous not in m.boxes:
            raise _not_a_hex(t, m, previous, "previous")
        path = [_place(t, m, h, "path", pos) for h in t.str_list("path")] or None
        if path is not None:
            for h in path:
                if not m.has_hex(h) and h not in m.boxes:
                    raise _not_a_hex(t, m, h, "path", "path hex ")
            if path[-1] != hexid:
                raise t.error(f"the path must end in the unit's hex '{hexid}', not '{path[-1]}'", "path")
            if previous is not None and path[0] != previous:
                raise t.error(f"the path must start at 'previous' ('{previous}'), not '{path[0]}'", "path")
            previous = path[0]
            for a, b in zip(path, path[1:]):
                if m.has_hex(a) and m.has_hex(b) and not m.adjacent(a, b):
                    raise t.error(f"the path jumps from '{a}' to '{b}', which are not adjacent", "path")
        for key, places in (("hex", [hexid]), ("previous", [previous] if previous else []), ("path", path or [])):
            _no_unit_in_marker_box(t, m, places, key)
        mode = t.str("mode", "move")
        # a mode as the rulebooks head it, "Extended Movement", "Rail Movement", "Strategic Movement"
        mode = resolve(mode, {x: (x, f"{x} movement") for x in modes}) or mode
        if mode not in modes:
            raise t.error(f"unknown mode '{mode}' for this rule set (known: {', '.join(sorted(modes))})", "mode")
        pos.units.append(UnitState(unit, hexid, reduced, status, previous, tuple(path) if path else None, mode,
                                   t.line or 0, aliases=aliases))


def _spellings(names: frozenset[str], aliases: dict[str, tuple[str, ...]]) -> frozenset[str]:
    """Every accepted spelling of the statuses: '-' or '_', and the aliases (marker ids) the rule
    set declares."""
    out = set(names)
    for n in names:
        out |= {n.replace("_", "-"), n.replace("-", "_"), *aliases.get(n, ())}
    return frozenset(out)


def parse_id_list(text: str) -> list[str]:
    return [x for x in re.split(r"[,\s]+", text) if x]
