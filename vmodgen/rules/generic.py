"""The ``generic`` rule set: stacking, zones of control, supply and movement configured entirely
by data (``game.rules``). Defaults follow the most common hex-and-counter conventions.

Stacking
  ``stacking_limit`` (3)          most a side may stack in one hex (in units or points).
  ``stacking_unit`` ("auto")      "units", "points", or "auto" = points when the game has the
                                   field named by ``stacking_field``, else units.
  ``stacking_field`` ("stacking") the printed field holding a unit's stacking points.
  ``stacking_free`` (markers, air, naval)  selector of units that never count (see
                                   :mod:`vmodgen.rules.core.select`); in points, a unit whose
                                   value is 0 or absent counts nothing either.
  ``stacking_when`` ("phase_end") "phase_end", "movement_end" (end of movement phases) or
                                   "always" (every snapshot, even mid-move).
  ``stacking_boxes`` (false)      whether off-map boxes have the limit too.
  ``stacking_mixed`` (false)      whether units of both sides may share a hex.
Zones of control
  ``zoc_units`` ("all")           selector of units that exert a ZOC ...
  ``zoc_exempt`` (no_zoc flag, HQs, supply units, markers, air, naval) ... minus these.
  ``zoc_hexsides`` ("")           hexside features a ZOC does not cross.
  ``zoc_terrain`` ("water")       terrain a ZOC does not enter ("water" = every water terrain).
  ``zoc_stop`` (true)             a unit entering an enemy ZOC stops.
  ``zoc_entry_cost`` (0), ``zoc_exit_cost`` (0)  extra MP to enter / to leave an enemy ZOC.
  ``zoc_to_zoc`` (false)          whether a unit may move directly from one enemy-ZOC hex to another.
  ``zoc_cancel`` (false)          whether friendly units in a hex cancel the enemy ZOC there (movement).
  ``zoc_leave`` ("free")          a unit that begins its move in an enemy ZOC: "free" = may leave
                                   (paying ``zoc_exit_cost``; ``zoc_to_zoc`` says whether straight
                                   into another enemy-ZOC hex), "one_hex" = may move one hex only,
                                   "never" = locking ZOC, may not move at all (retreats and
                                   advances after combat are not moves: not concerned).
                                   A retreat (``mode = "retreat"``) may not enter enemy ZOC except
                                   where other friendly units stand; an advance is not checked.
Supply
  ``supply_range`` (5)            length of a supply line; 0 = supply is not checked.
  ``supply_cost`` ("hexes")       "hexes", or "mp": movement points of class ``supply_class``.
  ``supply_sources`` ("")         where lines end: "edge:west", "hex:0101", "feature:town",
                                   "box:<id>", "unit:<selector>" (comma-separated);
                                   ``supply_sources_<side>`` for one side. No sources = no check.
  ``supply_blocked_by`` ("enemy_units, enemy_zoc")  also "water", "terrain:<id>", "hexside:<id>".
  ``supply_zoc_cancel`` (true)    friendly units in a hex cancel the enemy ZOC for supply.
  ``supply_road`` ("")            road kinds of an unlimited last leg after the ranged leg.
  ``supply_units`` (all but markers, air, naval, supply units)  who needs supply.
  ``supply_marker`` ("oos")       the status marking a unit out of supply; in a supply phase a
                                   unit that cannot trace must carry it, one that can must not.
Movement
  ``movement_field`` ("movement") the printed movement allowance (a unit without one: only the
                                   ZOC and terrain rules are checked, not the points).
                                   A unit never enters a hex holding enemy units.
  ``move_cost_*``, ``hexside_cost_*``, ``road_cost_*``: see :mod:`vmodgen.rules.core.costs`.

An unknown parameter or an impossible value (a negative limit, a range below 0) is refused.
"""
from __future__ import annotations

import re
from functools import partial
from typing import Any, Callable, ClassVar, cast

from ..errors import InputError
from ..positions.model import UnitState
from .base import ALWAYS, EVERY_PHASE_END, MOVES, MOVEMENT_END, NAME_KINDS, SUPPLY, WATER_TERRAIN, Judged, M, Rule, RuleSet
from .core.moves import edge_hexes, enemy_sharing, label, move_findings
from .core import supply as sup
from .core.board import Board
from .core.movement import MoveModel, Problem, enemy_held, zoc_stops, zoc_to_zoc
from .core.select import Selector
from .core.stacking import fmt, overstacked, simple_points
from .core.zoc import FULL, NONE, ZocField, cancelled, zoc_field
from .core.costs import CostTable

_NOT_UNITS = "kind:marker, kind:air, kind:naval"
#: the values of ``zoc_leave``: what a unit that begins its move in an enemy ZOC may do
#: the generic move check's rule (moves, the allowance, enemy-held hexes)
MOVE_RULE = "GEN movement"
ZOC_LEAVE = ("free", "one_hex", "never")


class GenericRules(RuleSet[M]):
    """The default behaviour every game starts from: the hooks of :class:`RuleSet` answered from
    the parameters (:attr:`PARAMS`). A game subclasses it, extends :attr:`PARAMS`, overrides the
    hooks its rulebook changes and says which generic behaviour it does not take."""
    id = "generic"
    prefix = "GEN"
    ALLOWANCE_RULE: str | None = MOVE_RULE
    modes = frozenset({"move", "retreat", "advance"})
    PARAMS = {
        "stacking_limit": (3, "most a side may stack in one hex"),
        "stacking_unit": ("auto", "units, points or auto"),
        "stacking_field": ("stacking", "field with stacking points"),
        "stacking_free": (_NOT_UNITS, "units that never count"),
        "stacking_when": ("phase_end", "phase_end, movement_end or always"),
        "stacking_boxes": (False, "boxes have the limit too"),
        "stacking_mixed": (False, "both sides may share a hex"),
        "zoc_units": ("all", "units that exert a ZOC"),
        "zoc_exempt": ("flag:no_zoc, kind:hq, kind:supply, " + _NOT_UNITS, "units that do not"),
        "zoc_hexsides": ("", "hexside features a ZOC does not cross"),
        "zoc_terrain": ("water", "terrain a ZOC does not enter"),
        "zoc_stop": (True, "entering an enemy ZOC stops a unit"),
        "zoc_entry_cost": (0, "MP to enter an enemy ZOC"),
        "zoc_exit_cost": (0, "MP to leave an enemy ZOC"),
        "zoc_to_zoc": (False, "direct enemy-ZOC to enemy-ZOC moves allowed"),
        "zoc_cancel": (False, "friendly units cancel enemy ZOC for movement"),
        "zoc_leave": ("free", "a unit beginning its move in enemy ZOC: free, one_hex or never (locking ZOC)"),
        "supply_range": (5, "length of a supply line"),
        "supply_cost": ("hexes", "hexes or mp"),
        "supply_class": ("", "movement class for mp costs"),
        "supply_sources": ("", "where supply lines end"),
        "supply_blocked_by": ("enemy_units, enemy_zoc", "what blocks a line"),
        "supply_zoc_cancel": (True, "friendly units cancel enemy ZOC for supply"),
        "supply_road": ("", "road kinds of an unlimited last leg"),
        "supply_units": ("all, !kind:supply, !" + _NOT_UNITS.replace(", ", ", !"), "who needs supply"),
        "supply_marker": ("oos", "status of a unit out of supply"),
        "movement_field": ("movement", "field with the movement allowance"),
    }
    #: the movement costs by terrain, hexside feature and road (:mod:`vmodgen.rules.core.costs`,
    #: which the games' move models read too)
    COST_PATTERNS: ClassVar[tuple[str, ...]] = (r"move_cost_\w+", r"hexside_cost_\w+", r"hexside_up_cost_\w+",
                                                r"road_cost_\w+")
    PATTERNS = (*COST_PATTERNS, r"supply_sources_[\w.\-]+")
    CHOICES = {"stacking_unit": ("auto", "units", "points"), "supply_cost": ("hexes", "mp"),
               "stacking_when": ("phase_end", "movement_end", "always"), "zoc_leave": ZOC_LEAVE}

    @classmethod
    def listed(cls) -> str:
        """The generic set's parameters, named in the message (a game points to its document)."""
        return super().listed() or (f"known: {', '.join(cls.PARAMS)}, move_cost_<terrain>, hexside_cost_<feature>, "
                                    "road_cost_<road>, supply_sources_<side>")

    def __init__(self, game) -> None:
        super().__init__(game)
        self._validate()
        # (id of the Unit, status) → (the Unit, whether it counts for stacking / exerts a ZOC)
        self._memo_counts: dict[tuple, tuple] = {}
        self._memo_exerts: dict[tuple, tuple] = {}
        self._zoc_map: object = None                      # the map _zoc_targets was built for
        self._zoc_targets: dict[str, tuple[str, ...]] = {}  # source hex → hexes its ZOC reaches
        #: side → (enemy ZOC sources, enemy ZOC, the enemies' Position.side_versions)
        self._zoc_last: dict[str, tuple[frozenset, set, tuple | None]] = {}
        self._unmeasured: set[str] = set()                # units that moved without an allowance
        #: a path move's findings by everything they depend on (see _path_key)
        self._memo_moves: dict[tuple, list] = {}

    # ---- configuration ---------------------------------------------------------------------
    def _validate(self) -> None:
        for key, value in self.game.rules.items():
            unknown = self.unknown_param(key)
            if unknown is not None:
                if self.REFUSES_UNKNOWN_PARAMS:
                    raise self._bad(unknown)
                continue
            wrong = self.wrong_value(key, value)
            if wrong is not None:
                raise self._bad(wrong)
        for key, allowed in self.CHOICES.items():
            if self.param(key) not in allowed:
                raise self._bad(f"rule parameter '{key}' must be one of {', '.join(allowed)}, not {self.param(key)!r}")
        for key in ("stacking_free", "zoc_units", "zoc_exempt", "supply_units"):
            self.sel(key)
        for key in [k for k in self.game.rules if k.startswith("supply_sources")] + ["supply_sources"]:
            self._sources_spec(str(self.param(key) or ""), key)
        for side in (k[len("supply_sources_"):] for k in self.game.rules if k.startswith("supply_sources_")):
            if side not in self.game.sides:
                raise self._bad(f"rule parameter 'supply_sources_{side}': no side '{side}'")
        for term in self._terms("supply_blocked_by"):
            if term not in ("enemy_units", "enemy_zoc", "water") and not term.startswith(("terrain:", "hexside:")):
                raise self._bad(f"rule parameter 'supply_blocked_by': unknown blocker '{term}' (known: enemy_units, "
                                "enemy_zoc, water, terrain:<id>, hexside:<id>)")

    def allowance_field(self) -> str | None:
        """``movement_field``: a unit without it moves unmeasured (see :meth:`take_notes`)."""
        return str(self.param("movement_field"))

    def _bad(self, msg: str) -> InputError:
        return InputError(None, f"game '{self.game.id}' [rules]: {msg}")

    def _terms(self, name: str) -> list[str]:
        return [t.strip() for t in str(self.param(name) or "").split(",") if t.strip()]

    def _sources_spec(self, text: str, key: str) -> list[tuple[str, str]]:
        out = []
        for term in (t.strip() for t in text.split(",") if t.strip()):
            kind, _, value = term.partition(":")
            if kind not in ("edge", "hex", "feature", "box", "unit") or not value:
                raise self._bad(f"rule parameter '{key}': '{term}' is not edge:<west|east|north|south>, hex:<id>, "
                                "feature:<id>, box:<id> or unit:<selector>")
            if kind == "edge" and value not in ("west", "east", "north", "south"):
                raise self._bad(f"rule parameter '{key}': no map edge '{value}'")
            if kind == "unit":
                Selector(value, f"rule parameter '{key}'")
            out.append((kind, value))
        return out

    # ---- rules -----------------------------------------------------------------------------
    def rules(self) -> list[Rule]:
        moments = {"phase_end": EVERY_PHASE_END, "movement_end": MOVEMENT_END, "always": ALWAYS}
        when = moments[self.param("stacking_when")]
        out = [Rule("GEN stacking", "stacking", when, self.check_stacking, "stacking limit", judged=Judged.STATE)]
        if not self.flag("stacking_mixed"):
            out.append(Rule("GEN stacking", "stacking", ALWAYS,
                            lambda b: enemy_sharing(self, b, "GEN stacking", self._counts_unit), "no shared hexes"))
        out.append(Rule(MOVE_RULE, "movement", MOVES, self.check_moves, "moves and ZOC"))
        if self.num("supply_range") > 0:
            out.append(Rule("GEN supply", "supply", SUPPLY, self.check_supply, "supply lines"))
        return out

    def _counts_unit(self, u: UnitState) -> bool:
        key = (id(u.unit), u.status)
        got = self._memo_counts.get(key)
        if got is None or got[0] is not u.unit:
            got = self._memo_counts[key] = (u.unit, not self.sel("stacking_free").matches(self.game, u))
        return got[1]

    def stacking_field(self) -> str | None:
        """``stacking_field`` when the limit counts points, else None (it counts units)."""
        return str(self.param("stacking_field")) if self._uses_points() else None

    def counts_for_stacking(self, board: Board, u: UnitState) -> bool:
        return super().counts_for_stacking(board, u) and self._counts_unit(u)

    def _uses_points(self) -> bool:
        unit = self.param("stacking_unit")
        return unit == "points" or (unit == "auto" and self.param("stacking_field") in self.game.fields)

    def stacking_limit(self) -> float:
        return self.num("stacking_limit")

    def points_limit(self) -> float:
        """A game's stacking limit in points, ``stacking_limit_points`` (its rulebook's number), or
        the generic ``stacking_limit`` when a kit or a position sets only that one."""
        rules = self.game.rules
        return self.num("stacking_limit" if "stacking_limit" in rules and "stacking_limit_points" not in rules
                        else "stacking_limit_points")

    def stack_points(self, units: list[UnitState]) -> float:
        """The units of ``units`` that count (not ``stacking_free``), or their stacking points."""
        field = str(self.param("stacking_field"))
        value = (lambda u: u.number(field, 0)) if self._uses_points() else (lambda u: 1)
        return simple_points(value)([u for u in units if self._counts_unit(u)])

    def check_stacking(self, board: Board) -> list:
        field = str(self.param("stacking_field"))
        points = simple_points((lambda u: u.number(field, 0)) if self._uses_points() else (lambda u: 1))
        limit = self.stacking_limit()
        boxes = self.flag("stacking_boxes")
        out = []
        for side in self.game.sides:
            for s in overstacked(board, side, points, lambda h: limit if (boxes or board.is_hex(h)) else None,
                                 self._counts_unit):
                what = (f"{fmt(s.points)} stacking points of {self.side_name(side)} units" if self._uses_points()
                        else f"{fmt(s.points)} {self.side_name(side)} units")
                out.append(self.finding(board, "GEN stacking", "stacking",
                                        f"{s.hex} holds {what}, more than the limit of {fmt(limit)}: "
                                        f"{self.names(s.units)}.",
                                        [s.hex], s.units, points=s.points, limit=limit))
        return out

    # ---- ZOC -------------------------------------------------------------------------------
    def exerts_zoc(self, u: UnitState) -> bool:
        key = (id(u.unit), u.status)
        got = self._memo_exerts.get(key)
        if got is None or got[0] is not u.unit:
            got = self._memo_exerts[key] = (u.unit, self.sel("zoc_units").matches(self.game, u) and
                                            not self.sel("zoc_exempt").matches(self.game, u))
        return got[1]

    def zoc(self, board: Board, side: str) -> ZocField:
        """The ZOC exerted by ``side``'s units."""
        sides = set(self._terms("zoc_hexsides"))
        terrain = set(self._terms("zoc_terrain"))

        def reach(u: UnitState, src: str, dst: str) -> int:
            if sides and board.hexside(src, dst) & sides:
                return NONE
            t = board.terrain(dst)
            if t in terrain or ("water" in terrain and board.is_water(dst)):
                return NONE
            return FULL
        return zoc_field(board, side, self.exerts_zoc, reach)

    #: cost parameter prefix → the kind of name after it (``move_cost_<terrain>[_<class>]``...)
    _COST_KEYS = (("move_cost_", "terrain"), ("hexside_up_cost_", "hexside"), ("hexside_cost_", "hexside"),
                  ("road_cost_", "line"))
    #: selector and source tags → the kind of name they give (``type:tank``, ``feature:town``...)
    _TAGS = {"type": "unit_type", "class": "movement_class", "terrain": "terrain", "hexside": "hexside",
             "feature": "feature"}
    #: parameters whose value lists names of one kind
    _NAME_LISTS = {"zoc_terrain": "terrain", "zoc_hexsides": "hexside", "supply_road": "line",
                   "supply_class": "movement_class"}

    def names_read(self) -> dict[str, frozenset[str]] | None:
        """The names the generic rules give a meaning to: water terrain, the names in the cost
        parameters' keys, and those the other parameters list or select (defaults included).
        A game written against its kit (:attr:`KIT`) reads the kit's names: None."""
        if self.KIT:
            return None
        out: dict[str, set[str]] = {k: set() for k in NAME_KINDS}
        out["terrain"] |= WATER_TERRAIN | {"clear"}      # clear: the default terrain, costs as any unnamed one
        params = {**{k: v[0] for k, v in self.PARAMS.items()}, **self.game.rules}
        for key, value in params.items():
            for prefix, kind in self._COST_KEYS:
                if key.startswith(prefix):
                    name = key[len(prefix):]
                    head, _, cls = name.rpartition("_")
                    out[kind] |= {name, head} - {""}
                    out["movement_class"].add(cls)
                    break
            if not isinstance(value, str):
                continue
            for token in re.split(r"[,\s]+", value):
                token = token.lstrip("!")
                if key in self._NAME_LISTS and ":" not in token:
                    out[self._NAME_LISTS[key]].add(token)
                while ":" in token:
                    tag, _, token = token.partition(":")
                    if tag in self._TAGS and ":" not in token:
                        out[self._TAGS[tag]].add(token)
        return {k: frozenset(v - {""}) for k, v in out.items()}

    def enemy_zoc(self, board: Board, side: str) -> set[str]:
        """Hexes in the ZOC of ``side``'s enemies (the same hexes as the union of :meth:`zoc`,
        from a per-map table of the hexes a ZOC reaches from each source hex: the generic
        ZOC's reach depends on the map only, not on the unit). A game with its own :meth:`zoc`
        gets that ZOC merged (:meth:`RuleSet.enemy_zoc`)."""
        if type(self).zoc is not GenericRules.zoc:
            return super().enemy_zoc(board, side)
        memo = cast("dict[str, set[str]]", board.memo.setdefault("generic.enemy_zoc", {}))
        got = memo.get(side)
        if got is not None:
            return got
        if self._zoc_map is not board.map:
            self._zoc_map = board.map
            self._zoc_targets = {}
            self._zoc_last = {}
        targets = self._zoc_targets
        enemies = set(board.enemies(side))
        versions = board.pos.side_versions
        vkey = tuple(versions.get(e) for e in sorted(enemies)) if versions is not None else None
        last = self._zoc_last.get(side)
        if vkey is not None and last is not None and last[2] == vkey:
            memo[side] = last[1]               # the enemy units have not changed since
            return last[1]
        exerts = self.exerts_zoc
        src = frozenset(u.hex for u in board.pos.units if u.side in enemies and exerts(u))
        if last is not None and last[0] == src:
            self._zoc_last[side] = (src, last[1], vkey)
            memo[side] = last[1]               # the same set as before: move checks may cache by it
            return last[1]
        out: set[str] = set()
        for h in src:
            t = targets.get(h)
            if t is None:
                t = targets[h] = self._zoc_reach(board, h) if board.is_hex(h) else ()
            out.update(t)
        self._zoc_last[side] = (src, out, vkey)
        memo[side] = out
        return out

    def _zoc_reach(self, board: Board, h: str) -> tuple[str, ...]:
        sides = set(self._terms("zoc_hexsides"))
        terrain = set(self._terms("zoc_terrain"))
        out = []
        for n in board.neighbours(h):
            if sides and board.hexside(h, n) & sides:
                continue
            t = board.terrain(n)
            if t in terrain or ("water" in terrain and board.is_water(n)):
                continue
            out.append(n)
        return tuple(out)

    # ---- movement --------------------------------------------------------------------------
    def move_model(self, board: Board, u: UnitState, ezoc: Any, with_zoc: bool = True) -> MoveModel:
        """The generic costs (:class:`CostTable`), ``zoc_*`` parameters and enemy units
        (``ezoc``: the enemy ZOC hexes, :meth:`enemy_zoc`)."""
        costs = CostTable(board, u.unit.movement_class)
        side = u.side
        cancel = self.flag("zoc_cancel")
        entry, exit_ = self.num("zoc_entry_cost"), self.num("zoc_exit_cost")

        def inz(h: str) -> bool:
            return with_zoc and h in ezoc and not (cancel and cancelled(board, h, side, lambda x: x is not u))

        def block(a: str, b: str, i: int) -> Problem | None:
            if any(x.side != side and self._counts_unit(x) for x in board.units(b)):
                return enemy_held(MOVE_RULE, b)
            if inz(a) and inz(b) and not self.flag("zoc_to_zoc"):
                return zoc_to_zoc("GEN zoc", a, b)
            return None

        stop = self.flag("zoc_stop")
        zoc_stop_at = zoc_stops("GEN zoc", lambda h: stop and inz(h))
        start = u.previous
        stops: Callable[[str, str, int], Problem | None] = zoc_stop_at
        if self.param("zoc_leave") == "one_hex" and start is not None and inz(start):
            def one_hex(a: str, b: str, i: int) -> Problem | None:
                if a == start:
                    return Problem("GEN zoc", "zoc", f"it began its move in enemy ZOC at {start} and moved on "
                                   f"from {b}: a unit beginning its move in enemy ZOC moves one hex only "
                                   "(zoc_leave = one_hex)", b)
                return zoc_stop_at(a, b, i)
            stops = one_hex

        return MoveModel(cost=costs.step, neighbours=board.neighbours,
                         extra=lambda a, b, i: (entry if inz(b) else 0) + (exit_ if inz(a) else 0),
                         block=block, stops=stops,
                         prohibited=partial(costs.problem, MOVE_RULE),
                         allowance_rule=self.ALLOWANCE_RULE or MOVE_RULE)

    def check_move(self, board: Board, u: UnitState, ez: Any) -> list:
        """One unit's move (its findings are remembered by :meth:`move_context`)."""
        return self._move_findings(board, u, ez, str(self.param("movement_field")))[0]

    #: the methods a move's verdict runs through: a rule set that overrides one reads what the
    #: generic :meth:`move_context` does not know of (a game's state, its memory, its own units)
    _MOVE_HOOKS = ("check_unit_move", "check_move", "check_retreat", "check_advance", "check_reaction",
                   "unannounced", "unannounced_trials", "tried_too", "move_zoc", "enemy_zoc", "enemy_field",
                   "zoc", "exerts_zoc", "_zoc_reach", "_counts_unit", "move_model", "allowance", "_move_findings",
                   "_locked", "_path_key", "finding", "board", "take_notes",
                   # what keeps a verdict (rules/base.py's fast paths skip judges_move for kept ones)
                   "judges_move", "moves_preamble", "move_context", "move_surroundings")

    def move_context(self, board: Board, side: str, mode: str) -> tuple | None:
        """What the generic verdict on a move reads besides the unit's own state: the enemy units
        (their versions: they block and make the ZOC; every side's when friendly units count
        too: ``zoc_cancel``, or a retreat, which friendly units in a hex make legal), the
        moment (findings carry turn and phase), the map and whether moves are announced. None
        when the position has no versions, or for a rule set of its own move hooks (a game)."""
        versions = board.pos.side_versions
        if versions is None or not self._generic_moves():
            return None
        pos = board.pos
        when = (pos.turn, pos.phase, id(board.map), pos.moves_announced)
        if mode in ("retreat", "advance", "reaction") or self.flag("zoc_cancel"):
            return when + tuple(versions.get(s) for s in sorted(self.game.sides))
        return when + tuple(versions.get(e) for e in board.enemies(side))

    def move_surroundings(self, board: Board, u: UnitState) -> tuple[tuple, tuple[str, ...]] | None:
        """A move (mode "move") along a recorded path, with ``zoc_cancel`` and a locking ZOC
        off, reads only the enemy ZOC on its path and the units in its path hexes (what
        :meth:`_path_key` keys): the moment, the map, whether moves are announced and the enemy
        ZOC, and the path. None otherwise (a search reads the whole board), or for a rule set of
        its own move hooks."""
        if u.mode != "move" or not u.path or not self._generic_moves() or self.flag("zoc_cancel") \
                or self.param("zoc_leave") == "never":
            return None
        pos = board.pos
        return (pos.turn, pos.phase, id(board.map), pos.moves_announced, self.move_zoc(board, u.side)), u.path

    def _generic_moves(self) -> bool:
        """Whether this rule set judges moves with the generic hooks only (:data:`_MOVE_HOOKS`)."""
        cls = type(self)
        got = cls.__dict__.get("_generic_moves_cached")
        if got is None:
            got = all(getattr(cls, n) is getattr(GenericRules, n) for n in self._MOVE_HOOKS)
            setattr(cls, "_generic_moves_cached", got)
        return got

    def _move_findings(self, board: Board, u: UnitState, ez: set[str], field: str) -> tuple[list, bool]:
        """The findings of one unit's move, and whether it moved without an allowance."""
        if u.mode == "advance" or (u.previous == u.hex and not u.path):
            return [], False                              # advances are not checked; did not move
        allowance = u.number(field, float("inf"))         # no printed allowance: MP not checked
        unmeasured = allowance == float("inf")
        if unmeasured:
            self._unmeasured.add(u.id)
        locked = self._locked(board, u, ez)
        if locked:
            return locked, unmeasured                     # it may not move at all: no route to judge
        if unmeasured and not u.path:
            return [], True                               # nothing to judge without a path
        key = self._path_key(board, u, ez, allowance) if u.path else None
        got = self._memo_moves.get(key) if key is not None else None
        if got is None:
            got = move_findings(self, board, u, self.move_model(board, u, ez), allowance,
                                partial(self.move_model, board, u, ez, with_zoc=False),
                                zoc_rule="GEN zoc", move_rule=MOVE_RULE, search_unbounded=False)
            if key is not None:
                if len(self._memo_moves) > 50_000:
                    self._memo_moves.clear()
                self._memo_moves[key] = got
        return got, unmeasured

    def _locked(self, board: Board, u: UnitState, ez: set[str]) -> list:
        """``zoc_leave = "never"`` (locking ZOC): the finding of a unit that moved although it began
        its move in an enemy ZOC (friendly units there cancel it with ``zoc_cancel``), naming the
        enemy hexes whose ZOC held it."""
        start = u.previous
        if self.param("zoc_leave") != "never" or start is None or start not in ez or not board.is_hex(start):
            return []
        if self.flag("zoc_cancel") and cancelled(board, start, u.side, lambda x: x is not u):
            return []
        enemies = board.enemies(u.side)
        held_by = sorted(n for n in board.neighbours(start)
                         if any(x.side in enemies and self.exerts_zoc(x) for x in board.units(n))
                         and start in self._zoc_reach(board, n))
        route = " → ".join(u.path) if u.path else f"{start} → {u.hex}"
        by = f" (of the enemy units in {', '.join(held_by)})" if held_by else ""
        return [self.finding(board, "GEN zoc", "zoc",
                             f"{label(u)} moved {route}, but it began its move in enemy ZOC at {start}{by}, "
                             "which it may not leave (locking ZOC: zoc_leave = never; only a retreat or an "
                             "advance after combat may).", [start, *held_by], [u])]

    def _path_key(self, board: Board, u: UnitState, ez: set[str], allowance: float) -> tuple:
        """Everything a path move's findings depend on: the unit, its path, which path hexes are in
        enemy ZOC, who stands in them (enemy units block; friendly ones, with ``zoc_cancel``,
        cancel a ZOC) and the moment (findings carry turn and phase). The cost table depends on
        the map only. A walk along the path reads nothing off it, so the key holds while enemy
        units elsewhere come and go."""
        path = u.path or ()
        head = (u.id, id(u.unit), u.status, u.reduced, u.mode, u.previous, u.hex, path, u.guessed, allowance,
                board.pos.turn, board.pos.phase, id(board.map))
        cancel = self.flag("zoc_cancel")
        side = u.side
        return head + tuple((h in ez, tuple((x.id, id(x.unit), x.side, x.status) for x in board.units(h)
                                            if x is not u and (cancel or x.side != side))) for h in path)

    def take_notes(self) -> list[str]:
        """Sentences for the report about what the checks so far could not judge (and forget them)."""
        out = self.take_rule_notes()
        if self._unmeasured:
            out.append(f"Some units moved without a movement allowance ('{self.param('movement_field')}'): "
                       "the length of their moves was not checked, only "
                       "enemy units, enemy ZOC and prohibited terrain or hexsides along a recorded path.")
        self._unmeasured = set()
        self.forget_verdicts()       # a remembered verdict would not note its unit as unmeasured again
        return out

    def check_retreat(self, board: Board, u: UnitState, ez: Any) -> list:
        path = u.path or ((u.previous, u.hex) if u.previous else ())
        for i, h in enumerate(path[1:], 1):
            if i in u.guessed:
                continue                  # a hex a shortest path filled in: the retreat may have gone round
            if (h in ez and not cancelled(board, h, u.side, lambda x: x is not u)
                    and self._zoc_when_retreating(board, u, h, set(path))):
                return [self.finding(board, "GEN zoc", "zoc", f"{label(u)} retreated into enemy ZOC at {h}.", [h], [u])]
        return []

    def _zoc_when_retreating(self, board: Board, u: UnitState, h: str, path: set[str]) -> bool:
        """Whether ``h`` was in enemy ZOC when ``u`` retreated through it. The position judged is
        later: an enemy unit now on a hex of the retreat's path came there after the retreat (an
        advance into the hex it vacated), so its ZOC counts from where it stood at the phase's
        start. (A game's own :meth:`zoc`: the ZOC of the position judged.)"""
        if type(self).zoc is not GenericRules.zoc:
            return True
        enemies = set(board.enemies(u.side))
        for v in board.pos.units:
            if v.side not in enemies or not self.exerts_zoc(v):
                continue
            at = v.hex if v.hex not in path else v.previous
            if at is not None and at not in path and board.is_hex(at) and h in self._zoc_reach(board, at):
                return True
        return False

    # ---- supply ----------------------------------------------------------------------------
    def sources(self, board: Board, side: str) -> set[str]:
        own = f"supply_sources_{side}"
        spec = str((self.game.rules[own] if own in self.game.rules else self.param("supply_sources")) or "")
        out: set[str] = set()
        for kind, value in self._sources_spec(spec, "supply_sources"):
            if kind == "edge":
                out.update(edge_hexes(board, value))
            elif kind == "hex" and board.is_hex(value):
                out.add(value)
            elif kind == "feature":
                out.update(h for h in board.map.index if value in board.features(h))
            elif kind == "box" and value in board.map.boxes:
                out.update(board.map.boxes[value].adjacent)
            elif kind == "unit":
                s = Selector(value)
                out.update(x.hex for x in board.side_units(side) if board.is_hex(x.hex) and s.matches(self.game, x))
        return out

    def trace_rules(self, board: Board, side: str) -> sup.TraceRules:
        blockers = set(self._terms("supply_blocked_by"))
        ez = self.enemy_zoc(board, side) if "enemy_zoc" in blockers else set()
        enemy = {h for e in board.enemies(side) for h in board.hexes_of(e)} if "enemy_units" in blockers else set()
        terrain = {b.split(":", 1)[1] for b in blockers if b.startswith("terrain:")}
        sides = {b.split(":", 1)[1] for b in blockers if b.startswith("hexside:")}
        cancel = self.flag("supply_zoc_cancel")
        friendly = set(board.hexes_of(side))

        memo: dict[str, int] = {}

        def enter(h: str) -> int:
            got = memo.get(h)
            if got is None:
                if h in enemy or board.terrain(h) in terrain or ("water" in blockers and board.is_water(h)):
                    got = sup.BLOCKED
                elif h in ez and not (cancel and h in friendly):
                    got = sup.BLOCKED
                else:
                    got = sup.OPEN
                memo[h] = got
            return got

        if self.param("supply_cost") == "mp":
            costs = CostTable(board, str(self.param("supply_class")))
            base = costs.step
        else:
            def base(a: str, b: str) -> float | None:
                return 1.0

        def step(a: str, b: str) -> float | None:
            if sides and board.hexside(a, b) & sides:
                return None
            return base(a, b)
        roads = set(self._terms("supply_road"))
        return sup.TraceRules(step=step, enter=enter, budget=self.num("supply_range"),
                              road_step=(lambda a, b: bool(board.roads(a, b) & roads)) if roads else None,
                              road_enter=lambda h: enter(h) == sup.OPEN)

    def supply_status(self, pos, side: str) -> dict[str, str]:
        return self._status(self.board(pos), side)

    def _status(self, board: Board, side: str) -> dict[str, str]:
        needs = self.sel("supply_units")
        units = [u for u in board.side_units(side) if needs.matches(self.game, u)]
        boxes = {u.id: "box" for u in units if board.is_box(u.hex)}
        src = self.sources(board, side)
        if not src:
            return {}
        costs = sup.trace_costs(board, src, self.trace_rules(board, side))
        return {u.id: boxes.get(u.id) or ("in" if u.hex in costs else "out") for u in units}

    def check_supply(self, board: Board) -> list:
        marker = str(self.param("supply_marker"))
        out = []
        sides = [board.pos.side] if board.pos.side else list(self.game.sides)
        for side in sides:
            status = self._status(board, side)
            for u in board.side_units(side):
                st = status.get(u.id)
                if st is None:
                    continue
                if st == "out" and not u.has(marker):
                    out.append(self.finding(board, "GEN supply", "supply",
                                            f"{label(u)} in {u.hex} cannot trace a supply line of "
                                            f"{fmt(self.num('supply_range'))} to a source but has no "
                                            f"'{marker}' marker.", [u.hex], [u]))
                elif st != "out" and u.has(marker):
                    out.append(self.finding(board, "GEN supply", "supply",
                                            f"{label(u)} in {u.hex} is marked '{marker}' but traces a supply line.",
                                            [u.hex], [u]))
        return out
