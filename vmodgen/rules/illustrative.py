"""Which illustrative values a verdict rests on: a pass after the rules, which never changes a
verdict nor the order of the findings.

A kit marks what the rulebook does not give (the terrain of a hex, a hexside, a road, an area,
a unit's value, a rule parameter: ``illustrative``). Each rule set declares, per rule or rule
family, what its findings read (:class:`Reads`, one table per game in
``rules/games/<game>/inputs.py``, the generic one here; ``"tried:<key>"``: what judging a logged
move in the unannounced mode :class:`~vmodgen.rules.base.Trial` ``key`` read, of the finding's
units and ``by`` units); :func:`inputs_of` names the
illustrative values among what one finding read, and :func:`position_inputs` sums up what a
whole position's judgement read (the coverage line). A rule no table declares gets nothing.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Iterable, Mapping

from ..model.game import Game
from ..model.mapdata import MapData
from ..model.unit import Unit
from ..positions.model import Position, UnitState
from .finding import Finding

#: the kinds of illustrative input, in the order a finding lists them
KINDS = ("terrain", "hexside", "line", "rule", "unit", "area")
#: why each kind is illustrative, as the reports say it
WHY = {"terrain": "illustrative: not the printed map", "hexside": "illustrative: not the printed map",
       "line": "illustrative: not the printed map", "area": "illustrative: not the printed map",
       "rule": "illustrative: not the rulebook's", "unit": "illustrative: not the rulebook's"}
#: rule parameter names a move's cost reads, by what it crosses (generic ``[rules]`` keys)
_COST_PARAMS = {"terrain": ("move_cost_",), "hexside": ("hexside_cost_", "hexside_up_cost_"),
                "line": ("road_cost_",)}


@dataclass(frozen=True)
class Reads:
    """What a rule's findings read. ``path``: the terrain, hexsides and roads along each of the
    finding's units' moves (up to the finding's hex); ``costs``: with ``path``, the rule
    parameters that cost them (``move_cost_<terrain>``, ``hexside_cost_<feature>``,
    ``road_cost_<road>``); ``hexes``: the terrain of the finding's
    hexes; ``allowance``/``stacking``: the units' movement allowance / stacking value (the rule
    set's fields); ``columns``: other unit value fields; ``params``: rule parameters (names or
    name prefixes ending in ``_``); ``areas``: the areas (sectors) holding the finding's hexes;
    ``area_params``: rule parameters naming an area whose boundary the rule reads wherever the
    finding's hexes are (a hex outside it too); ``setup``: the finding's units' set-up and arrival
    in the position's scenario (the kit's set-up card, ``setup:<scenario>`` and ``arrival`` roster
    columns); ``by_columns``: unit value fields read of the finding's ``by`` units instead (the
    enemies that made it: a defender's defence, not its attack); ``mix``: a rule parameter naming a
    unit selector: the finding rests on how many counters of it the kit's roster holds and of which
    sides and types (listed when any of them is illustrative); ``routes``: keys of the finding's
    ``details`` holding other routes it read (hex ids, start first): their terrain, hexsides and
    roads, as ``path`` reads a unit's move (a route the unit could have taken instead); ``stated``:
    a ``[state]`` key standing for ``params`` where the position gives it (IM's ``time`` for the
    turn cycle): then the finding does not rest on them, unless the audit derived the value from
    them (``<key>_derived`` in the state); ``bare``: hexside features whose absence the finding
    reads along its ``routes``: a hexside with none of them, on a map whose hexsides are
    illustrative and not stated by the position (``[[hexsides]]``), is named ("no escarpment/ridge
    2020/2021")."""
    path: bool = False
    costs: bool = False
    hexes: bool = False
    allowance: bool = False
    stacking: bool = False
    columns: tuple[str, ...] = ()
    params: tuple[str, ...] = ()
    areas: bool = False
    area_params: tuple[str, ...] = ()
    setup: bool = False
    by_columns: tuple[str, ...] = ()
    mix: str = ""
    routes: tuple[str, ...] = ()
    stated: str = ""
    bare: tuple[str, ...] = ()


NOTHING = Reads()
#: a move's cost: the path and the allowance
MOVE = Reads(path=True, costs=True, allowance=True)

#: the generic rule set's findings (``GEN movement`` ...), by kind
GENERIC: dict[str, Reads] = {
    "GEN movement": MOVE,
    "GEN zoc": Reads(hexes=True, params=("zoc_",)),
    "GEN stacking": Reads(stacking=True),
    "GEN supply": Reads(hexes=True, params=("supply_",)),
}


@dataclass(frozen=True)
class Input:
    """One kind of illustrative value a finding read: the kind, what (hexes, parameter names,
    unit names...) and the sentence the reports print."""
    kind: str
    items: tuple[str, ...]
    text: str

    def to_json(self) -> dict:
        return {"kind": self.kind, "items": list(self.items), "text": self.text}


def table_for(ruleset_name: str) -> Mapping[str, Reads]:
    """The declarations of rule set ``ruleset_name`` (``game.ruleset``): its game package's
    ``inputs.READS``; the generic table for the generic rule set; nothing for an unknown one."""
    from . import REGISTRY
    spec = REGISTRY.get(ruleset_name, "")
    if not spec.startswith("games."):
        return GENERIC if spec else {}
    package = spec.split(":")[0].rsplit(".", 1)[0]
    try:
        mod = importlib.import_module(f"{__package__}.{package}.inputs")
    except ModuleNotFoundError:
        return {}
    return getattr(mod, "READS", {})


def reads_of(table: Mapping[str, Reads], rule: str, kind: str = "", part: str = "") -> Reads:
    """What the findings of ``rule`` (of ``kind``, from its check ``part``) read: the entry
    ``"<rule>/<part>"`` (one check of several sharing an id and kind, :attr:`Finding.part`), else
    ``"<rule>/<kind>"`` (one id two rules of different kinds share), else ``rule``'s own, else its
    family's (the longest key ending in ``*`` whose start begins the id: ``"OM 4.1*"`` for
    ``OM 4.13``), else nothing."""
    got = table.get(f"{rule}/{part}") if part else None
    if got is None:
        got = table.get(f"{rule}/{kind}", table.get(rule))
    if got is not None:
        return got
    best = ""
    for key in table:
        if key.endswith("*") and rule.startswith(key[:-1]) and len(key) > len(best):
            best = key
    return table[best] if best else NOTHING


def hex_illustrative(m: MapData, h: str) -> bool:
    """Whether the terrain of map hex ``h`` is illustrative (a box or unknown hex: no)."""
    return m.has_hex(h) and m.info(h).illustrative


def column_of(u: UnitState, field_id: str) -> str:
    """The roster column of ``field_id`` on the side of ``u`` that is up."""
    return f"{'back' if u.reduced and u.unit.two_sided else 'front'}.{field_id}"


def _route(u: UnitState) -> tuple[str, ...]:
    if u.path:
        return tuple(u.path)
    if u.previous is not None and u.previous != u.hex:
        return (u.previous, u.hex)
    return ()


class _Collector:
    """The illustrative inputs gathered for one finding (or one position), by kind."""

    def __init__(self, game: Game, m: MapData) -> None:
        self.game, self.m = game, m
        self.items: dict[str, dict[str, None]] = {k: {} for k in KINDS}

    def add(self, kind: str, item: str) -> None:
        self.items[kind][item] = None

    def path(self, route: Iterable[str], movement_class: str = "", costs: bool = True,
             bare: tuple[str, ...] = ()) -> None:
        """The terrain entered along ``route`` (start hex first), the hexsides crossed, the roads
        followed, and the illustrative rule parameters that cost them (``<param>`` and, for a
        unit of ``movement_class``, ``<param>_<class>``); each hexside crossed with none of the
        ``bare`` features, when its absence is the kit's (:meth:`bare_side`)."""
        m, params = self.m, self.game.illustrative_rules
        hexes = [h for h in route if m.has_hex(h)]
        read: set[str] = set()                           # cost parameter prefixes this route reads
        for i, h in enumerate(hexes):
            if i == 0:
                continue                                  # the start hex costs nothing
            a, info = hexes[i - 1], m.info(h)
            if info.illustrative:
                self.add("terrain", h)
            read.add(f"move_cost_{info.terrain}")
            sides = m.hexside_features(a, h)
            for side in sides:
                if side.illustrative:
                    self.add("hexside", f"{side.feature} {a}/{h}")
                read.update(f"{p}{side.feature}" for p in _COST_PARAMS["hexside"])
            if bare and self.bare_side(sides, bare):
                self.add("hexside", f"no {'/'.join(bare)} {a}/{h}")
            for kind in sorted(m.lines_between(a, h)):       # a set: sorted, so reports repeat
                if any(line.illustrative and line.kind == kind for line in m.lines):
                    self.add("line", f"{kind} {a}-{h}")
                read.add(f"road_cost_{kind}")
        suffixes = ("", f"_{movement_class}") if movement_class else ("",)
        for p in sorted(params if costs else ()):
            if any(p == r + tail for r in read for tail in suffixes):
                self.add("rule", p)

    def bare_side(self, sides: list, bare: tuple[str, ...]) -> bool:
        """Whether a hexside's lack of every ``bare`` feature is illustrative: none of them there, the
        position states nothing of it (its ``[[hexsides]]`` are not illustrative) and the map's
        hexsides are (a kit's; an inline map states all its hexsides)."""
        return not any(s.feature in bare or not s.illustrative for s in sides) \
            and any(s.illustrative for s in self.m.hexsides)

    def params(self, names: Iterable[str]) -> None:
        for p in sorted(self.game.illustrative_rules):
            if any(p == n or (n.endswith("_") and p.startswith(n)) for n in names):
                self.add("rule", p)

    def unit(self, u: UnitState, fields: Iterable[str]) -> None:
        for f in fields:
            if f and u.unit.is_illustrative(column_of(u, f)):
                self.add("unit", f"the {f} of {u.unit.name or u.id}")

    def setup(self, u: UnitState, scenario: str) -> None:
        if scenario and (u.unit.is_illustrative(f"setup:{scenario}") or u.unit.is_illustrative("arrival")):
            self.add("unit", f"the set-up of {u.unit.name or u.id}")

    def hexes(self, hexes: Iterable[str]) -> None:
        for h in hexes:
            if hex_illustrative(self.m, h):
                self.add("terrain", h)

    def areas(self, hexes: Iterable[str]) -> None:
        wanted = set(hexes)
        for a in self.m.areas.values():
            if a.illustrative and wanted.intersection(a.hexes):
                self.add("area", a.name or a.id)

    def named_areas(self, ids: Iterable[str]) -> None:
        for i in ids:
            a = self.m.areas.get(i)
            if a is not None and a.illustrative:
                self.add("area", a.name or a.id)

    def inputs(self) -> tuple[Input, ...]:
        out = []
        for kind in KINDS:
            items = tuple(self.items[kind])
            if items:
                out.append(Input(kind, items, f"{_describe(kind, items)} ({WHY[kind]})"))
        return tuple(out)


def _describe(kind: str, items: tuple[str, ...]) -> str:
    shown = ", ".join(items[:8]) + (f" and {len(items) - 8} more" if len(items) > 8 else "")
    return {"terrain": f"terrain of {shown}", "hexside": f"hexside {shown}", "line": f"the road {shown}",
            "rule": f"rule parameter{'s' if len(items) > 1 else ''} {shown}", "unit": shown,
            "area": f"the boundary of {shown}"}[kind]


class Annotator:
    """The pass: built once per rule set (its table and fields), asked per finding."""

    def __init__(self, ruleset) -> None:
        self.game: Game = ruleset.game
        self.table = table_for(self.game.ruleset)
        # the base's default field (RuleSet.allowance reads "movement" when the hook names none)
        self.allowance = _field(ruleset, "allowance_field") or "movement"
        self.stacking = _field(ruleset, "stacking_field")
        param = getattr(ruleset, "param", None)
        #: the area ids the rules' ``area_params`` name
        self.area_ids = {p: str(param(p)) for r in self.table.values() for p in r.area_params} if param else {}
        sel = getattr(ruleset, "sel", None)
        #: the unit selectors the rules' ``mix`` name (parameter → selector)
        self.mixes = {r.mix: sel(r.mix) for r in self.table.values() if r.mix} if sel else {}
        self.reads_paths = any(r.path for r in self.table.values())
        self.reads_costs = any(r.path and r.costs for r in self.table.values())
        #: (from, to, movement class) → what a drag's step read of the map (a log's drags repeat)
        self._steps: dict[tuple[str, str, str], tuple[Input, ...]] = {}
        self._steps_map: MapData | None = None

    def fields(self, r: Reads) -> tuple[str, ...]:
        return (*([self.allowance] if r.allowance and self.allowance else []),
                *([self.stacking] if r.stacking and self.stacking else []), *r.columns)

    def inputs_of(self, f: Finding, pos: Position) -> tuple[Input, ...]:
        """The illustrative values finding ``f`` of ``pos`` rests on (its rule's :class:`Reads`)."""
        r = reads_of(self.table, f.rule, f.kind, f.part)
        # a logged move found illegal in the modes a player need not announce (base.Trial) rests
        # on what judging those modes read too: the entry ``"tried:<trial key>"``
        tried = [self.table[k] for k in (f"tried:{t}" for t in f.details.get("tried", ())) if k in self.table]
        if r == NOTHING and not tried:
            return ()
        c = _Collector(pos.game, pos.map)
        units = _units(pos, f.units)
        for extra in tried:
            for u in units:
                c.unit(u, extra.columns)
            for u in _units(pos, f.by):
                c.unit(u, extra.by_columns)
        if r.path:
            for u in units:
                c.path(_read_route(_route(u), f.hexes), u.unit.movement_class, r.costs)
        for key in r.routes:
            route = f.details.get(key) or ()
            for u in units:
                c.path(route, u.unit.movement_class, r.costs, r.bare)
        if r.hexes:
            c.hexes(f.hexes)
        if not (r.stated and r.stated in pos.state and f"{r.stated}_derived" not in pos.state):
            c.params(r.params)
        for u in units:
            c.unit(u, self.fields(r))
            if r.setup:
                c.setup(u, pos.scenario)
        if r.by_columns:
            for u in _units(pos, f.by):
                c.unit(u, r.by_columns)
        if r.areas:
            c.areas(f.hexes)
        c.named_areas(self.area_ids[p] for p in r.area_params if p in self.area_ids)
        if r.mix in self.mixes:
            self._mix(c, pos, r.mix, {u.side for u in units})
        return c.inputs()

    def _mix(self, c: _Collector, pos: Position, param: str, sides: set[str]) -> None:
        """The kit's counters of the selector ``param`` names, of the finding's ``sides`` (none
        known: every side), when any is illustrative (a position's roster; none known: nothing)."""
        sel = self.mixes[param]
        mine = [x for x in pos.roster.values() if sel.matches(pos.game, UnitState(unit=x, hex=""))
                and (not sides or x.side in sides)]
        if any(x.is_illustrative() for x in mine):
            c.add("unit", f"the kit's counter mix ({', '.join(x.name or x.id for x in mine)}: how many, of which "
                          "sides and types)")

    def position_inputs(self, pos: Position) -> tuple[Input, ...]:
        """What judging ``pos`` read that is illustrative, for the rules the table declares: the
        terrain of the units' hexes and moves, the cost parameters, the units' values, areas."""
        every = list(self.table.values())
        c = _Collector(pos.game, pos.map)
        on_map = [u for u in pos.units if pos.map.has_hex(u.hex)]
        if any(r.path for r in every):
            costs = any(r.costs for r in every)
            for u in on_map:
                c.path(_route(u), u.unit.movement_class, costs)
        if any(r.hexes or r.path for r in every):
            c.hexes(u.hex for u in on_map)
        c.params(p for r in every for p in r.params)
        fields = sorted({f for r in every for f in (*self.fields(r), *r.by_columns)})
        for u in on_map:
            c.unit(u, fields)
        if any(r.setup for r in every):
            for u in pos.units:                 # a unit's set-up is read where it stands, on the map or off
                c.setup(u, pos.scenario)
        if any(r.areas for r in every):
            c.areas(u.hex for u in on_map)
        return c.inputs()

    def move_kinds(self, m: MapData, unit: Unit, reduced: bool, a: str, b: str) -> tuple[Input, ...]:
        """The illustrative values judging one logged drag of ``unit`` from ``a`` to ``b`` reads,
        when the table declares a rule that reads moves' paths (else nothing)."""
        if not self.reads_paths:
            return ()
        key = (a, b, unit.movement_class)
        step = self._steps.get(key) if m is self._steps_map else None
        if step is None:
            if m is not self._steps_map:           # another map (the audit's is one): start afresh
                self._steps, self._steps_map = {}, m
            c = _Collector(self.game, m)
            c.path((a, b), unit.movement_class, self.reads_costs)
            step = self._steps[key] = c.inputs()
        if not (self.allowance and unit.is_illustrative(column_of(UnitState(unit, b, reduced), self.allowance))):
            return step
        return merged((step, (Input("unit", (f"the {self.allowance} of {unit.name or unit.id}",), ""),)))


def _field(ruleset, hook: str) -> str:
    try:
        got = getattr(ruleset, hook)()
    except (AttributeError, TypeError, ValueError):
        return ""
    return str(got) if got else ""


def _read_route(route: tuple[str, ...], hexes: Iterable[str]) -> tuple[str, ...]:
    """The part of ``route`` a finding at ``hexes`` read: up to the last of its hexes on it (the
    hex where the move broke the rule), else the whole route."""
    at = [i for i, h in enumerate(route) if h in set(hexes)]
    return route[:max(at) + 1] if at else route


def merged(groups: Iterable[Iterable[Input]]) -> tuple[Input, ...]:
    """The inputs of several verdicts, one :class:`Input` per kind (items once each, in order)."""
    items: dict[str, dict[str, None]] = {}
    for group in groups:
        for i in group:
            items.setdefault(i.kind, {}).update(dict.fromkeys(i.items))
    return tuple(Input(k, tuple(items[k]), f"{_describe(k, tuple(items[k]))} ({WHY[k]})")
                 for k in KINDS if k in items)


def _units(pos: Position, ids: Iterable[str]) -> list[UnitState]:
    by_id: dict[str, UnitState] = {}
    for u in pos.units:
        by_id.setdefault(u.id, u)
    return [by_id[i] for i in ids if i in by_id]


def suffix(inputs: Iterable[Input]) -> str:
    """The words a text report adds to a finding that rests on illustrative values ("" if none)."""
    texts = [i.text for i in inputs]
    return f" [rests on: {'; '.join(texts)}]" if texts else ""


def has_illustrative(game: Game, m: MapData, units: Iterable[Unit]) -> bool:
    """Whether anything a verdict could read is illustrative (else the reports say nothing)."""
    return (bool(game.illustrative_rules) or any(u.illustrative for u in units)
            or any(h.illustrative for h in m.hexes.values()) or any(s.illustrative for s in m.hexsides)
            or any(line.illustrative for line in m.lines) or any(a.illustrative for a in m.areas.values()))


def summary(inputs: Iterable[Input]) -> str:
    """The kinds of illustrative values, counted, for a coverage line ("terrain of 3 hexes, ...")."""
    got = tuple(inputs)
    return summary_of_counts({i.kind: len(i.items) for i in got},
                             [p for i in got if i.kind == "rule" for p in i.items])


def read_counts(judged: int, inputs: Iterable[Input]) -> dict:
    """What judged moves read, for the audit's coverage: how many, and how many values of each
    kind (counts: no hex nor unit name, which could tell where a concealed unit went), with the
    rule parameters by name."""
    got = tuple(inputs)
    return {"judged": judged, "counts": {i.kind: len(i.items) for i in got},
            "rule_parameters": [p for i in got if i.kind == "rule" for p in i.items]}


def summary_of_counts(counts: Mapping[str, int], params: Iterable[str]) -> str:
    """``counts`` (kind → how many values) in words, the rule parameters by name."""
    words = {"terrain": ("terrain of {} hex", "es"), "hexside": ("{} hexside", "s"), "line": ("{} road step", "s"),
             "unit": ("{} unit value", "s"), "area": ("{} area boundar", "ies")}
    parts = []
    for kind in KINDS:
        n = counts.get(kind, 0)
        if not n:
            continue
        if kind == "rule":
            parts.append(f"rule parameters ({', '.join(params)})")
            continue
        text, plural = words[kind]
        parts.append(text.format(n) + (plural if n != 1 else ("y" if kind == "area" else "")))
    return ", ".join(parts)


def coverage_line(rest: int, total: int, read: Iterable[Input], whose: str) -> str:
    """The report's line on what rests on illustrative values: findings ``rest`` of ``total``,
    and what ``whose`` judgement read ("the position's", "judged moves' ...")."""
    kinds = summary(read)
    return (f"illustrative: findings resting on illustrative values {rest} of {total}; "
            f"{whose} illustrative inputs: {kinds or 'none'}")


def annotator_for(ruleset, binding) -> Annotator | None:
    """The pass for an audit with ``binding``: None when it plays no kit (a binding of a module
    vmodgen did not build: its own map, and its settings marked ``assumption``, which its report
    lists apart) or the kit holds nothing illustrative: its reports then say nothing of it."""
    kit = getattr(binding, "kit", None)
    if kit is None or not has_illustrative(binding.game, binding.map, kit.units):
        return None
    return Annotator(ruleset)


def count_move(cov, annotator: Annotator, m: MapData, pid: str, step: int, view, old_hex: str) -> None:
    """Note in ``cov`` (an audit's Coverage) what illustrative values judging ``view``'s drag from
    ``old_hex`` read, under ``(pid, step)``, when it read any."""
    got = annotator.move_kinds(m, view.unit, view.reduced, old_hex, view.hex) if view.hex else ()
    if got:
        cov.illustrative_moves[(pid, step)] = got


#: each kind in words, without its items (a finding whose hexes and units are withheld)
_KIND_WORDS = {"terrain": "terrain", "hexside": "hexsides", "line": "roads", "rule": "rule parameters",
               "unit": "unit values", "area": "area boundaries"}


def withheld(inputs: Iterable[Input]) -> tuple[Input, ...]:
    """``inputs`` as an opponent may see them: the kinds, not which hexes or units (a finding
    about a unit its owner masked or hid, vmodgen.audit.redact)."""
    return tuple(Input(i.kind, (), f"{_KIND_WORDS[i.kind]} ({WHY[i.kind]}; which withheld)") for i in inputs)


def audit_sentence(cov: dict) -> str | None:
    """The audit report's line on illustrative values (text, HTML), from its coverage; None when
    the kit or binding has none."""
    ill, moves = cov.get("illustrative"), cov.get("moves", {})
    read = moves.get("illustrative")
    if ill is None or read is None:
        return None
    kinds = summary_of_counts(read["counts"], read["rule_parameters"])
    return (f"illustrative: findings resting on illustrative values {ill['findings']} of {ill['of']}; "
            f"judged moves reading an illustrative value {read['judged']} of {moves.get('judged', 0)}"
            + (f" ({kinds})" if kinds else ""))
