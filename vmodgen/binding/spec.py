"""Reading a binding file (TOML, ``docs/binding-format.md``) into a :class:`BindingSpec`,
refusing with ``file:line`` what cannot work: unknown keys or attributes, regexes that do not
compile, negative numbers, a side or phase that does not exist.

Checks that need the module (a pattern that matches no piece, a map that is not there) are
made by :mod:`vmodgen.binding.file` with the lines kept here.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import InputError
from ..model.tomldoc import Table, TomlDoc
from .pieces import Matcher, PieceClass

FORMAT = 1
TOP_KEYS = ("format", "rules", "game", "name", "module", "assumptions", "side", "map", "terrain",
            "pieces", "class", "turns", "phase", "units", "stacking", "zoc", "supply", "movement")
CLASS_MATCH = ("piece", "folder", "prototype", "image", "property")
CLASS_ATTRS = ("side", "kind", "stacking", "zoc", "movement", "combat", "ignore", "marker", "flags", "movement_class")
KINDS = ("ground", "hq", "supply", "marker", "air", "naval")
PHASE_SOURCES = ("chat", "player", "none")


@dataclass
class SideSpec:
    id: str
    name: str
    players: tuple[str, ...]
    line: int | None


@dataclass
class TerrainSpec:
    id: str
    water: bool
    hexes: tuple[str, ...]
    line: int | None


@dataclass
class PhaseSpec:
    id: str
    name: str
    side: str
    kind: str
    chat: list[re.Pattern]
    line: int | None
    #: what drags on the map are in this phase (``model.game.PHASE_MOVES``), "" = by kind
    moves: str = ""
    #: what in the log starts this phase (``model.game.PHASE_STARTS``), "" = the phase source
    starts: str = ""


@dataclass
class RuleValue:
    value: object
    source: str
    assumption: bool
    line: int | None
    table: str = ""
    key: str = ""


@dataclass
class BindingSpec:
    path: Path
    doc: TomlDoc
    rules: str | None                  # "generic" (a rule set) ...
    game: str | None                   # ... or a kit id / path
    name: str
    module_name: str
    sides: list[SideSpec]
    maps: tuple[str, ...]
    boards: tuple[str, ...]
    extent: tuple[str, str] | None
    rename: tuple[re.Pattern, str] | None
    default_terrain: str
    terrain: list[TerrainSpec]
    reduced: Matcher | None
    classes: list[PieceClass]
    phase_source: str
    turn_pattern: re.Pattern | None
    start_turn: int | None
    start_phase: str
    phases: list[PhaseSpec]
    rule_values: dict[str, RuleValue]
    units: dict[str, str] = field(default_factory=dict)
    unit_lines: dict[str, int | None] = field(default_factory=dict)
    lines: dict[str, int | None] = field(default_factory=dict)

    @property
    def assumptions(self) -> dict[str, RuleValue]:
        return {k: v for k, v in self.rule_values.items() if v.assumption}


def compile_re(t: Table, key: str, text: object) -> re.Pattern:
    if not isinstance(text, str):
        raise t.error(f"'{key}' must be a regular expression as text, not {text!r}", key)
    if len(text) > 2000:
        raise t.error(f"'{key}': the regular expression is longer than 2000 characters", key)
    try:
        return re.compile(text)
    except re.error as exc:
        raise t.error(f"'{key}': the regular expression {text!r} does not compile: {exc}", key) from None


def matcher(t: Table, keys: tuple[str, ...] = CLASS_MATCH) -> Matcher | None:
    """The match part of a table (None when it has none)."""
    m = Matcher()
    found = False
    for key in keys:
        if key not in t:
            continue
        found = True
        if key == "property":
            sub = t.get(key)
            if not isinstance(sub, dict) or not sub:
                raise t.error("'property' must be a table of property name = regular expression, "
                              "like property = { Type = \"^HQ\" }", key)
            for name, pat in sub.items():
                m.properties[name] = compile_re(t, key, pat)
        else:
            setattr(m, key, compile_re(t, key, t.get(key)))
    return m if found else None


def _sides(doc: TomlDoc) -> list[SideSpec]:
    out: list[SideSpec] = []
    for t in doc.tables("side"):
        t.check_keys(("id", "name", "players"))
        sid = t.str("id")
        if not re.fullmatch(r"[A-Za-z0-9_][A-Za-z0-9_.\-]*", sid):
            raise t.error(f"side id '{sid}' must be letters, digits, '_', '-' or '.'", "id")
        if any(s.id == sid for s in out):
            raise t.error(f"side '{sid}' is defined twice", "id")
        out.append(SideSpec(sid, t.str("name", sid), t.str_list("players"), t.line))
    return out


def _classes(doc: TomlDoc, sides: set[str], need_side: bool) -> list[PieceClass]:
    out = []
    for i, t in enumerate(doc.tables("class")):
        t.check_keys(("name",) + CLASS_MATCH + CLASS_ATTRS)
        name = t.str("name", f"class {i + 1}")
        m = matcher(t)
        if m is None:
            raise t.error(f"class '{name}' matches nothing: give one of {', '.join(CLASS_MATCH)}")
        attrs: dict[str, object] = {}
        if "side" in t:
            side = t.str("side")
            if need_side and side not in sides:
                raise t.error(f"no side '{side}' (sides: {', '.join(sorted(sides)) or 'none'})", "side")
            attrs["side"] = side
        if "kind" in t:
            kind = t.str("kind")
            if kind not in KINDS:
                raise t.error(f"kind must be one of {', '.join(KINDS)}, not '{kind}'", "kind")
            attrs["kind"] = kind
        for key in ("stacking", "movement", "combat"):
            if key in t:
                attrs[key] = t.number(key, minimum=0)
        for key in ("zoc", "ignore"):
            if key in t:
                attrs[key] = t.bool(key)
        if "marker" in t:
            attrs["marker"] = t.str("marker")
        if "movement_class" in t:
            attrs["movement_class"] = t.str("movement_class")
        if "flags" in t:
            attrs["flags"] = t.str_list("flags")
        first = next(k for k in CLASS_MATCH if k in t)
        out.append(PieceClass(name, m, attrs, t.line_of(first)))
    return out


RULE_TABLES = ("stacking", "zoc", "supply", "movement")


def param_name(table: str, key: str) -> str:
    """The generic rule parameter a key of a rules table sets (``[zoc] stop`` → ``zoc_stop``;
    ``[movement] move_cost_clear`` stays as it is)."""
    if table == "movement" and re.match(r"(move_cost|hexside_cost|hexside_up_cost|road_cost)_", key):
        return key
    if table == "supply" and key.startswith("sources_"):
        return "supply_" + key
    return f"{table}_{key}"


def _rules(doc: TomlDoc) -> dict[str, RuleValue]:
    out: dict[str, RuleValue] = {}
    for table in RULE_TABLES:
        if table not in doc.data:
            continue
        t = doc.table(table)
        for key, v in t.data.items():
            line = t.line_of(key)
            name = param_name(table, key)
            if isinstance(v, dict):
                sub = Table(doc, v, line, f"[{table}].{key}")
                sub.check_keys(("value", "source", "assumption"))
                if "value" not in v:
                    raise sub.error("missing 'value'")
                out[name] = RuleValue(v["value"], sub.str("source", ""), sub.bool("assumption"), line)
            else:
                out[name] = RuleValue(v, "", False, line)
            out[name].table, out[name].key = table, key
    listed = doc.data.get("assumptions", [])
    if not isinstance(listed, list) or not all(isinstance(x, str) for x in listed):
        raise InputError(doc.path, "'assumptions' must be a list of rule settings like \"stacking.limit\"",
                         line=doc.key_line("assumptions"))
    for item in listed:
        table, _, key = item.partition(".")
        name = param_name(table, key) if key else item
        if name not in out:
            raise InputError(doc.path, f"'assumptions' names '{item}', which no rules table sets",
                             line=doc.key_line("assumptions"))
        out[name].assumption = True
    return out


def _phases(doc: TomlDoc, sides: set[str], kit_mode: bool) -> list[PhaseSpec]:
    out: list[PhaseSpec] = []
    for t in doc.tables("phase"):
        t.check_keys(("id", "name", "side", "kind", "chat", "moves", "starts"))
        pid = t.str("id")
        if any(p.id == pid for p in out):
            raise t.error(f"phase '{pid}' is defined twice", "id")
        side = t.str("side", "")
        if side and not kit_mode and side not in sides:
            raise t.error(f"no side '{side}' (sides: {', '.join(sorted(sides))})", "side")
        pats = [compile_re(t, "chat", p) for p in t.str_list("chat")]
        out.append(PhaseSpec(pid, t.str("name", pid), side, t.str("kind", ""), pats, t.line,
                             _phase_moves(t, side, kit_mode), _phase_starts(t, side, kit_mode, out)))
    return out


def _phase_starts(t: Table, side: str, kit_mode: bool, earlier: list[PhaseSpec]) -> str:
    """A ``[[phase]]``'s ``starts`` (what in the log starts it), checked against the phases before
    it: a phase a roll starts follows a phase of the same side (the one the roll ends)."""
    from ..model.game import PHASE_STARTS
    if "starts" not in t:
        return ""
    if kit_mode:
        raise t.error("'starts': a kit binding's phases come from the module's turn tracker; only a "
                      "generic binding with [turns] source = \"player\" declares it", "starts")
    starts = t.str("starts", "")
    if starts not in PHASE_STARTS:
        raise t.error(f"starts = '{starts}': not one of {', '.join(PHASE_STARTS)}", "starts")
    if not side or not any(p.side == side for p in earlier):
        raise t.error("starts = 'roll' needs the phase's side and an earlier [[phase]] of that side (the "
                      "phase its player's first die roll ends)", "starts")
    return starts


def _phase_moves(t: Table, side: str, kit_mode: bool) -> str:
    """A ``[[phase]]``'s ``moves`` (what drags from hex to hex in the phase are), checked."""
    from ..model.game import PHASE_MOVES
    if kit_mode and "moves" in t:
        raise t.error("'moves': a kit binding's phases are the kit's own (their kinds say what moves "
                      "in them); only a generic binding declares it", "moves")
    moves = t.str("moves", "")
    if moves and moves not in PHASE_MOVES:
        raise t.error(f"moves = '{moves}': not one of {', '.join(PHASE_MOVES)}", "moves")
    if moves == "combat" and not side:
        raise t.error("moves = 'combat' needs the phase's side (the attacker: its units advance, the "
                      "others retreat)", "moves")
    return moves


def read_spec(path: str | Path) -> BindingSpec:
    """Parse and check a binding file on its own (no module yet)."""
    doc = TomlDoc(path, expected="a binding",
                  instead="a binding is the TOML file 'vmodgen bind MODULE.vmod' writes (docs/binding-format.md)")
    p = doc.path
    for key in doc.data:
        if key not in TOP_KEYS:
            raise InputError(p, f"unknown key '{key}' (known: {', '.join(TOP_KEYS)})", line=doc.key_line(key)
                             or doc.header_line(key))
    fmt = doc.data.get("format", FORMAT)
    if fmt != FORMAT:
        raise InputError(p, f"binding format {fmt!r} is not known (this vmodgen reads format {FORMAT})",
                         line=doc.key_line("format"))
    rules_set, game = doc.data.get("rules"), doc.data.get("game")
    top = Table(doc, doc.data, 1, "binding")
    if rules_set is not None and not isinstance(rules_set, str):
        raise InputError(p, "'rules' must name the rule set: rules = \"generic\"", line=doc.key_line("rules"))
    if (rules_set is None) == (game is None):
        raise InputError(p, "say either rules = \"generic\" (a rule set configured here) or game = \"<kit>\" "
                            "(a kit whose roster the pieces are), not both or neither", line=1)
    if rules_set is not None and rules_set != "generic":
        raise InputError(p, f"rules = \"{rules_set}\": only the generic rule set is configured by a binding "
                            "(the games with their own rule set are kits: game = \"<kit>\")", line=doc.key_line("rules"))
    if game is not None and not isinstance(game, str):
        raise InputError(p, "'game' must be a kit id or a path", line=doc.key_line("game"))
    kit_mode = game is not None
    sides = _sides(doc)
    if not kit_mode and len(sides) < 2:
        raise InputError(p, "a generic binding needs at least two [[side]] tables", line=doc.header_line("side") or 1)
    side_ids = {s.id for s in sides}

    mt = doc.table("map", required=True)
    mt.check_keys(("maps", "boards", "extent", "rename", "default_terrain"))
    maps = mt.str_list("maps")
    if not maps:
        raise mt.error("'maps' must name at least one VASSAL map window with a hex grid (the rules "
                       "judge hexes; without one, `vmodgen integrity FILES` still checks dice, undos "
                       "and seats)", "maps")
    extent = None
    if "extent" in mt:
        ext = mt.str_list("extent")
        if len(ext) != 2:
            raise mt.error("'extent' must be two corner hex labels, like [\"0101\", \"5940\"]", "extent")
        extent = (ext[0], ext[1])
    rename = None
    if "rename" in mt:
        r = mt.required_sub("rename")
        r.check_keys(("pattern", "id"))
        rename = (compile_re(r, "pattern", r.get("pattern")), r.str("id"))
    terrain = []
    for t in doc.tables("terrain"):
        t.check_keys(("id", "water", "hexes"))
        terrain.append(TerrainSpec(t.str("id"), t.bool("water"), t.str_list("hexes"), t.line))

    pt = doc.table("pieces", required=False)
    pt.check_keys(("reduced",))
    reduced = None
    if "reduced" in pt:
        sub = pt.required_sub("reduced")
        sub.check_keys(CLASS_MATCH)
        reduced = matcher(sub)
    classes = _classes(doc, side_ids, not kit_mode)
    if not kit_mode and not classes:
        raise InputError(p, "no [[class]]: say which pieces are units of which side", line=1)

    tt = doc.table("turns", required=False)
    tt.check_keys(("source", "turn", "start_turn", "start_phase"))
    source = tt.str("source", "none")
    if source not in PHASE_SOURCES:
        raise tt.error(f"source must be {' or '.join(PHASE_SOURCES)}, not '{source}'", "source")
    turn_pat = compile_re(tt, "turn", tt.get("turn")) if "turn" in tt else None
    if turn_pat is not None and turn_pat.groups < 1:
        raise tt.error("'turn' must have a group that captures the turn number, like 'Turn (\\d+)'", "turn")
    phases = _phases(doc, side_ids, kit_mode)
    start_phase = tt.str("start_phase", "")
    if start_phase and not kit_mode and start_phase not in {ph.id for ph in phases}:
        raise tt.error(f"start_phase '{start_phase}' is not a [[phase]] id", "start_phase")
    if source == "chat" and not phases:
        raise tt.error("source = \"chat\" needs [[phase]] tables with chat patterns", "source")
    if source == "player" and (kit_mode or not any(ph.side for ph in phases)):
        raise tt.error("source = \"player\" needs [[phase]] tables with a side (the phase of that side's "
                       "player)", "source")
    rolled = next((ph for ph in phases if ph.starts), None)
    if rolled is not None and source != "player":
        raise InputError(p, f"[[phase]] '{rolled.id}': starts = '{rolled.starts}' needs [turns] source = "
                            "\"player\" (the phase of each step from who made it)", line=rolled.line)

    rule_values = _rules(doc)
    if kit_mode and rule_values:
        first = next(iter(rule_values.values()))
        raise InputError(p, "[stacking], [zoc], [supply] and [movement] set generic rule parameters; a kit "
                            "binding uses the kit's own rules", line=first.line)
    units: dict[str, str] = {}
    unit_lines: dict[str, int | None] = {}
    if "units" in doc.data:
        ut = doc.table("units")
        if not kit_mode:
            raise ut.error("[units] maps pieces to a kit's roster: it needs game = \"<kit>\"")
        for k, v in ut.data.items():
            if not isinstance(v, str):
                raise ut.error(f"'{k}' must map to a unit id (text), not {v!r}", k)
            units[k] = v
            unit_lines[k] = (doc.key_line(f'"{k}"', ut.line) if re.search(r"[^A-Za-z0-9_-]", k)
                             else ut.line_of(k))
    return BindingSpec(p, doc, rules_set, game, top.str("name", "") or (maps[0] if maps else p.stem),
                       top.str("module", ""), sides, maps, mt.str_list("boards"), extent, rename,
                       mt.str("default_terrain", "clear"), terrain, reduced, classes, source, turn_pat,
                       tt.int("start_turn"), start_phase, phases, rule_values, units, unit_lines,
                       {"map": mt.line, "turns": tt.line,
                        "extent": mt.line_of("extent"), "maps": mt.line_of("maps"),
                        "boards": mt.line_of("boards"), "reduced": pt.line_of("reduced")})
