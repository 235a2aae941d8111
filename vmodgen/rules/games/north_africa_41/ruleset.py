"""North Africa '41: stacking (4), zones of control (7), movement (5) and the line of supply (16)
over the core. Rule numbers are the rulebook's (spec: ``rules/north-africa-41.md`` §4-§7, §10).
The rule set is a chain of classes by rule area: :mod:`.units` (unit classes, stacking points,
ZOC) → :mod:`.stacking` → this module (the rule list, movement and the move check by mode); the
rule-area modules below take the rule set as :class:`.units.NorthAfrica41Units`. The line of
supply itself is in :mod:`vmodgen.rules.games.north_africa_41.supply`; history and the
steps of the player turn (12.1.4 deadlines, OOS marker changes, recovery, Initial and Delay Phase
markers, returns from the Eliminated Box) in :mod:`~vmodgen.rules.games.north_africa_41.memory`;
retreats, advances, disengagement, rail, boxes and breakthrough groups in
:mod:`~vmodgen.rules.games.north_africa_41.movement`; attack legality in
:mod:`~vmodgen.rules.games.north_africa_41.combat`. Coverage table: ``docs/rules/north_africa_41.md``.

Statuses beyond the common ones: ``trucked`` (carried by a truck: mechanized, 5.8.1),
``breakthrough`` (in a breakthrough group, 15.2.3), ``disengaged`` (27.5), ``retreated``.

Parameters read from ``game.rules`` (the kit's names; defaults = the rulebook): the rule set's
``PARAMS`` (the generic's and the game's own, each with its default and rule, in :mod:`.units`;
unit selectors: :mod:`vmodgen.rules.core.select`) and ``port_capacity_<port>``; a kit may also
record the rulebook's numbers no rule reads (``RECORDED``); any other name is refused. Choices
where the text is open are written beside each rule.
"""
from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Callable

from ....errors import InputError
from ....positions.model import UnitState
from ...base import ALWAYS, EVERY_PHASE_END, MOVES, Rule, Trial, When
from ...finding import Finding, wherever_they_stand
from ...core.moves import label, move_findings
from ...core.board import Board
from ..before_advances import before_advances
from .. import scenario_limits
from ...core.movement import MoveModel, Problem, enemy_held, walk_all, zoc_stops
from ...core.stacking import fmt
from ...core.zoc import FULL, LIMITED, NONE, ZocField
from ...core.costs import CostTable
from .carried import NA41Memory
from . import combat as na_attacks
from . import control
from . import memory as na_history
from . import movement as na_moves
from . import naval as na_naval
from . import ranges as na_ranges
from . import after_combat as na_after_combat
from . import conversions as na_conversions
from . import odds as na_odds
from . import pools as na_pools
from . import remnants as na_remnants
from . import retreat_markers as na_retreat_markers
from . import field_params
from . import supply as na_supply
from .memory import removal_boxes, taken_out_boxes
from .stacking import NorthAfrica41Stacking

P = "NA41"


class NorthAfrica41Rules(NorthAfrica41Stacking):
    ALLOWANCE_RULE = f"{P} 5.1"
    id = "north-africa-41"
    prefix = P
    KIT = id
    statuses = frozenset({"disrupted", "full_retreat", "oos", "oos_red", "retreated", "msu", "depleted",
                          "replacement", "rail", "naval_transport", "air_transport", "auto_ds", "elite",
                          "trucked", "breakthrough", "disengaged"})
    #: a red OOS marker (16.4) as a marker id may read ``red-oos`` (``oos-red``, ``auto-ds``: '-' for '_')
    status_aliases = {"oos_red": ("red-oos",)}
    modes = frozenset({"move", "extended", "tactical", "rail", "road_bonus", "retreat", "advance",
                       "special_transfer"})
    LOG_PRECONDITIONS = {f"{P} 8.1": "declared attacks (which units attack which hex) are not recorded in a log",
                         # round rulepos31's port capacities (review rv-t25 item 1): a position's [ports]
                         f"{P} 21.4.4": "a log records no port capacity",
                         f"{P} 21.4.2": "a log records no port capacity",
                         f"{P} 17.3": "which SP, MSU or ASU gives each attack its attack supply is not recorded in a log",
                         f"{P} 19.3.1": "which unit each replacement rebuilt is not recorded in a log",
                         f"{P} S1.2": "the scenario a log plays (its turns and special rules) is not recorded in a log",
                         # never a verdict, only "not judged" (a position does not tell a new marker either)
                         f"{P} 9.5.3": "whether a fort under construction was begun in this Movement Phase or lies "
                                       "there from an earlier one is not recorded in a log",
                         # round rulepos28's checks of declared attacks and their results (review rv-rp28 item 6)
                         f"{P} 8.8.3": "declared attacks (which units attack which hex) are not recorded in a log",
                         f"{P} 13.1.3": "declared attacks and their combat results (which retreat a marker follows) "
                                        "are not recorded in a log",
                         f"{P} 15.1": "declared attacks and their combat results (which result a breakthrough group "
                                      "follows) are not recorded in a log",
                         f"{P} 8.9.2": "a log's drags may take an Auto DS marker off after the Combat Phase: a "
                                       "marker left at its end is housekeeping, not judged",
                         # remnants.py counts the kit roster's unplaced units as able to fill the display
                         f"{P} 10.4.1": "the remnant count needs the kit's roster (which remnants and 3-step units "
                                        "are not placed, and may be where the count needs them): a log gives only the "
                                        "pieces the game placed"}

    # ---- unit classes (2.3) ------------------------------------------------------------------




    # ---- history (see north_africa_41_history) ------------------------------------------------
    def remember(self, before, after, memory: NA41Memory) -> None:
        na_history.remember(self, before, after, memory)
        # a phase's eliminations are of no later phase: a log that never gives the turn keys every
        # turn's same phase alike, (None, phase), and an elimination remembered there would clear
        # the next turn's advances through the ZOC of a unit left standing in that hex (14.4)
        self._eliminated_by_retreat.clear()

    def begin(self, start, memory: NA41Memory) -> None:
        """A file's start: what changed in the gap without a move, see :func:`.memory.begin`."""
        na_history.begin(self, start, memory)

    def placed_between(self, start, units: set[str], memory: NA41Memory) -> None:
        """Units changed between two files: see :func:`.memory.placed_between`."""
        na_history.placed_between(self, start, units, memory)

    #: the free ``[state]`` keys its rules read (the memory's fields besides); another is refused
    state_keys = frozenset({na_history.COMANDO, na_history.ROMMEL_READY, na_ranges.REPLACEMENTS})

    def __init__(self, game) -> None:
        super().__init__(game)
        #: (turn, phase) → id → hex of each unit a finished retreat of that phase was found to
        #: eliminate (12.2.1): a log's position no longer shows a retreat as such once the attacker
        #: moves (the audit closes it), and the units stay on the map until a player removes them.
        #: Written only from the verdict on a finished retreat (a position file's, the audit's
        #: judgment at the close, which judges every retreat afresh and never an undone step's),
        #: never from a drag of an open retreat; emptied at each phase end (:meth:`remember`)
        self._eliminated_by_retreat: dict[tuple, dict[str, str]] = {}

    def validate_position(self, pos) -> None:
        # the parameters name the map's boxes and hexes, and (a kit's) formations; an inline game's
        # rules hold only what its [rules] state, and it has no formation table
        why = field_params.unknown_in_kit(self.game.rules, list(pos.map.boxes), pos.map.has_hex,
                                          list(self.game.formations) if pos.roster else None)
        if why:
            raise InputError(pos.source or None, why)
        na_history.validate(self, pos)
        na_ranges.validate(self, pos)
        na_attacks.validate(pos)

    # ---- rules --------------------------------------------------------------------------------
    def rules(self) -> list[Rule]:
        return [
            Rule(f"{P} 4.4.1", "stacking", When(("movement", "combat")), self.check_stacking, "5 points per hex"),
            Rule(f"{P} 5.1", "stacking", ALWAYS, self.check_mixed, "both sides never share a hex"),
            Rule(f"{P} 6.1.2", "movement", ALWAYS, self.check_boxes, "no unit in the enemy's box"),
            Rule(f"{P} 13.3.2", "zoc", ALWAYS, self.check_full_retreat, "Full Retreat units next to the enemy"),
            Rule(f"{P} 7.2", "zoc", MOVES, self.check_moves, "movement and ZOC"),
            Rule(f"{P} 16.1", "supply", When(("supply",)), self.check_supply, "line of supply"),
            Rule(f"{P} 16.5.3", "supply", When(("supply",)), partial(na_supply.isolation_attrition, self),
                 "isolation attrition rolls (never recorded: listed as not judged)"),
            Rule(f"{P} 10.4.1", "movement", EVERY_PHASE_END, partial(na_remnants.check, self),
                 "the Remnant Display holds the units the remnants on the map stand for"),
            Rule(f"{P} 2.2.3", "movement", EVERY_PHASE_END, partial(na_pools.check, self),
                 "the pools hold unused replacements and supply points only"),
            Rule(f"{P} 8.9.2", "movement", When(("combat",)), partial(na_after_combat.check_auto_ds_removed, self),
                 "Auto DS markers come off in the Combat Phase"),
            Rule(f"{P} 15.1", "movement", ALWAYS, partial(na_after_combat.check_breakthrough_result, self),
                 "a breakthrough needs a result that advances 2 hexes or more"),
            Rule(f"{P} 20.4.2", "movement", ALWAYS, partial(na_conversions.check, self),
                 "the 5th Light becomes the 21st Panzer on turn 10", breach=wherever_they_stand),
            Rule(f"{P} 8.8.3", "movement", ALWAYS, partial(na_odds.check, self), "no attack below 1:3 at its best"),
            Rule(f"{P} 13.1.1", "zoc", EVERY_PHASE_END, partial(na_retreat_markers.check_one_state, self),
                 "a unit is Disrupted or in Full Retreat, never both"),
            Rule(f"{P} 13.1.3", "zoc", When(("combat",)), partial(na_retreat_markers.check, self),
                 "the marker a retreat after a combat result leaves"),
            *na_history.rules(self),
            *na_moves.rules(self),
            *na_attacks.rules(self),
            *na_ranges.rules(self),
            *na_naval.rules(self),
            Rule(f"{P} S1.2", "movement", ALWAYS, self.check_scenario, "the scenario's turns, play area and special rules"),
        ]

    #: S1.2, S2.2, S3.2: the special rules (game length...) of each scenario of the kit
    SCENARIO_RULES = {"enter-rommel": "S1.2", "campaign": "S2.2", "crusader": "S3.2"}

    def automatic_victory(self, board: Board) -> None:
        """26.1.1「連合軍プレイヤー・ターンの補給フェイズの終了時、枢軸軍プレイヤーは、完全補給下の少なくとも１つの
        戦闘ユニットでアレクサンドリア（ヘクス2478）を支配すると、自動的勝利を獲得します」, 26.1.2 the same for the
        Allies in El Agheila (1604) at the end of an Axis player turn's Supply Phase: a position at that moment
        with such a unit ends the game. The winner's OOS markers are stale there (16.1: a Supply Phase
        checks the phasing side's units only), so full supply is a condition the note states, not read
        off a marker. No rule is broken and no legality is left unjudged: a note, not a partial check
        (review rv-t25 item 5; was "not judged", round rulepos31)."""
        pos = board.pos
        ph = pos.phase_info
        if ph is None or ph.kind != "supply" or pos.at != "end" or ph.side not in ("axis", "allied"):
            return
        winner, where, rule = (("axis", str(self.param("na41_alexandria")), "26.1.1") if ph.side == "allied" else
                               ("allied", str(self.param("na41_el_agheila")), "26.1.2"))
        held = [u for u in pos.units if u.hex == where and u.side == winner and self.combat(u)]
        if held and pos.map.has_hex(where):
            self.note(f"{P} {rule}", f"{self.names(held)} holds {where} at the end of the {ph.name}: if in full "
                                     f"supply, the {winner.capitalize()} player wins an automatic victory; the game ends here by "
                                     f"{rule}, and play after it is past the game's end")

    def check_scenario(self, board: Board) -> list:
        """S1.2, S2.2, S3.2 (特別ルール): the turns a scenario lasts; in S1 the three 'To Reserve' units
        are not used; in S1 and S2 (as S1.2) the Polish brigade stays in Alexandria until turn 11."""
        pos = board.pos
        out = scenario_limits.check(self, board, f"{P} S1.2", self.SCENARIO_RULES, lambda u: not self.marker(u))
        self.automatic_victory(board)
        sc = pos.scenario_data
        if sc is None or sc.id not in self.SCENARIO_RULES:
            return out
        rule = f"{P} {self.SCENARIO_RULES[sc.id]}"
        out += self._scenario_start(board, rule) + self._reserve_release(board, rule)
        if sc.id not in ("enter-rommel", "campaign"):
            return out
        if sc.id == "enter-rommel":
            unused = [u for u in pos.units if self.is_(u, "na41_to_reserve")]
            if unused:
                out.append(self.finding(board, rule, "movement", f"{self.names(unused)}: the 'To Reserve' units are not "
                                        f"used in {sc.name} (S1.2).", sorted({u.hex for u in unused}), unused))
        alex = str(self.param("na41_alexandria"))
        release = self.num("na41_polish_release_turn")
        if pos.turn is not None and pos.turn < release:
            gone = [u for u in pos.units if self.is_(u, "na41_polish_brigade") and u.hex != alex]
            if gone:
                out.append(self.finding(board, rule, "movement", f"{self.names(gone)} is in {gone[0].hex} on turn "
                                        f"{pos.turn}; the Polish brigade stays in Alexandria ({alex}) until turn "
                                        f"{fmt(release)} (S1.2).", [u.hex for u in gone], gone))
        return out

    def _scenario_start(self, board: Board, rule: str) -> list:
        """S1.2 「ゲーム・ターン１:ドイツ軍プレイヤー・ターンの第３イムパルスに開始し…枢軸軍の初期フェイズに開始します」
        (S2.2: as S1.2); S3.2 「ターン１は、準備フェイズがスキップされます。シナリオは、連合軍の初期フェイズで開始します」:
        on the scenario's first turn no phase before its first (``na41_scenario_first_phase``) is played."""
        pos, sc = board.pos, board.pos.scenario_data
        firsts = field_params.first_phases(self.param("na41_scenario_first_phase"))
        order = [ph.id for ph in self.game.sequence.phases]
        first = firsts.get(sc.id) if sc is not None else None
        if sc is None or first not in order or pos.turn != sc.first_turn or pos.phase not in order:
            return []
        if order.index(pos.phase) >= order.index(first):
            return []
        return [self.finding(board, rule, "movement", f"{sc.name} starts on turn {sc.first_turn} with {first}; "
                             f"{pos.phase} of that turn is not played.")]

    def _reserve_release(self, board: Board, rule: str) -> list:
        """S2.2: the units a scenario sends to the Reserve box stay there until the release turn of
        their formation, or until an Axis unit enters its hex (``na41_reserve_release``). A unit out of
        the box earlier is not judged unless an Axis unit stands in the hex now (the position does not
        say whether one entered it before). Released, they are placed in the Nile Delta box (S2.2
        「解放されたとき、これらはナイル・デルタ・ボックス内に置かれます」: placed when released, whichever
        release it is; 「ターン14になるまで…留まります」: released when the release turn comes, whose
        Preparation Phase places the turn's arrivals in their base, A.1 「各プレイヤーは、このターンに受け取った
        …増援…のユニットをその本拠地内に置きます」: round nafix11 read it again and kept it): a unit
        still in the Reserve box on or after its release turn, or at a phase end with an Axis unit in its
        release hex, is a finding."""
        pos, sc = board.pos, board.pos.scenario_data
        if sc is None or pos.turn is None:
            return []
        by_formation = field_params.reserve_release(self.param("na41_reserve_release"))
        release = {u.id: by_formation[f] for u in pos.units if (f := (u.unit.formation or "").casefold()) in by_formation}
        held = {r.unit for r in sc.reinforcements if r.location == "reserve"}
        axis = {u.hex for u in pos.units if u.side != str(self.param("na41_allied_side")) and not self.marker(u)}
        out = [u for u in pos.units if u.id in held and u.id in release and u.hex != "reserve"
               and pos.turn < release[u.id][0] and release[u.id][1] not in axis
               and u.hex not in removal_boxes(self)]
        for u in out:
            turn, h = release[u.id]
            self.not_judged(rule, f"{label(u)} is out of the Reserve box on turn {pos.turn}: its units stay there until "
                                  f"turn {turn} or until an Axis unit enters {h}, and the position does not say whether "
                                  "one did")
        found = []
        for u in pos.units:
            if u.id not in held or u.id not in release or u.hex != "reserve":
                continue
            turn, h = release[u.id]
            entered = h in axis and pos.at == "end"
            if pos.turn > turn or entered or (pos.turn == turn and pos.at == "end"):
                why = f"an Axis unit stands in {h}" if entered else f"its release turn is {turn}"
                found.append(self.finding(board, rule, "movement", f"{label(u)} is still in the Reserve box on turn "
                                          f"{pos.turn}, but {why}: released, it is placed in the Nile Delta box "
                                          "(S2.2).", [u.hex], [u]))
        return found

    # ---- stacking (4) -------------------------------------------------------------------------








    # ---- ZOC (7) --------------------------------------------------------------------------------



    def check_full_retreat(self, board: Board) -> list:
        """13.3.2: a Full Retreat unit is next to an enemy unit only if stacked with a friendly
        combat unit that is not in Full Retreat."""
        out = []
        for u in board.pos.units:
            h = self.stacking_hex(board, u.hex)          # a unit in the Tobruk Holding Box is in Tobruk (2.2.4)
            if not u.has("full_retreat") or not board.is_hex(h):
                continue
            near = [x for n in board.neighbours(h) for x in board.units(n)
                    if x.side != u.side and not self.marker(x)]
            guard = [x for x in self.hex_units(board, h, u.side)
                     if x is not u and self.combat(x) and not x.has("full_retreat")]
            if near and not guard:
                out.append(self.finding(board, f"{P} 13.3.2", "zoc",
                                        f"{label(u)} is in Full Retreat in {h}, next to enemy units "
                                        f"({self.names(near)}), with no friendly Good Order combat unit in its hex.",
                                        [h], [u]))
            owner = control.holder(self, board, h, aside=(u,))     # 16.3.4 as it found it; 27.4: ungarrisoned, nobody's
            special = (board.features(h) & {"port", "airfield", "fort", "fortification"}
                       or board.terrain(h) == "city")
            if special and owner and owner != u.side:
                out.append(self.finding(board, f"{P} 13.3.2", "movement",
                                        f"{label(u)} is in Full Retreat in {h}, an enemy-controlled port, airfield, "
                                        "fort or city hex, which it may never enter.", [h], [u]))
        return out

    # ---- movement (5, 7.2) ------------------------------------------------------------------------
    #: 5.4: tactical movement spends no MP (a unit moving so needs no allowance)
    MODES_WITHOUT_MP = frozenset({"retreat", "advance", "tactical"})

    def move_model(self, board: Board, u: UnitState, ez: ZocField, with_zoc: bool = True) -> MoveModel:
        costs = CostTable(board, u.unit.movement_class)
        mech, side, mode = self.mech(u), u.side, u.mode
        oos = u.has("oos") or u.has("oos_red")
        full_exit, lim_exit = self.num("ezoc_exit_mp"), self.num("limited_ezoc_exit_mp")

        def road(a: str, b: str) -> bool:
            return bool(board.roads(a, b) & {"highway", "track", "road"})

        def escarp(a: str, b: str) -> bool:
            return "escarpment" in board.hexside(a, b) and not road(a, b)

        hindrance = self.hindrance(board, side)

        def cost(a: str, b: str) -> float | None:
            if mode == "rail":
                return 0.0                                   # 5.9.1: the railroad, whatever the terrain
            if escarp(a, b) and mech:
                return None                                  # 5.7
            c = costs.step(a, b)
            if mode == "tactical":
                return None if c is None else 0.0            # 5.4: no MP
            return None if c is None else (c + (self.num("escarpment_nonmech_extra_mp") if escarp(a, b) else 0)
                                           + hindrance.get(b, 0.0))

        def prohibited(a: str, b: str) -> Problem:
            if escarp(a, b) and mech:
                return Problem(f"{P} 5.7", "movement", f"a mechanized unit may not cross the escarpment between "
                                                       f"{a} and {b} except along a road", b)
            return costs.problem(f"{P} 5.1", a, b)

        def kind(h: str) -> int:
            return ez.kind(h) if with_zoc else NONE

        def block(a: str, b: str, i: int) -> Problem | None:
            # a unit in the Tobruk Holding Box stands in Tobruk (2.2.4)
            if any(self.combat(x) for e in board.enemies(side) for x in self.hex_units(board, b, e)):
                return enemy_held(f"{P} 5.1", b, "an enemy combat unit")
            if not with_zoc:
                return None
            if mode == "extended" and (kind(b) != NONE):
                return Problem(f"{P} 5.3", "zoc", f"extended movement may not enter enemy ZOC ({b})", b)
            if mode == "rail" and (kind(b) != NONE or kind(a) != NONE):
                return Problem(f"{P} 5.9.1", "zoc",
                               f"rail movement may neither enter nor leave enemy ZOC ({a}→{b})", b)
            if oos and kind(b) != NONE and ez.overlapping(b, board) and not any(
                    x is not u for x in self.hex_units(board, b, side)):
                return Problem(f"{P} 16.4", "zoc", f"an out-of-supply unit may not enter overlapping enemy ZOCs "
                                                   f"at {b} (7.4)", b)
            return None

        def extra(a: str, b: str, i: int) -> float:
            if mode == "tactical" or not with_zoc:
                return 0.0
            k = kind(a)
            return full_exit if k == FULL else lim_exit if k == LIMITED else 0.0

        desert = str(self.param("na41_desert_terrain"))
        run_max = self.num("desert_max_consecutive_hexes")
        tac_max = self.num("tactical_movement_max_hexes") if mode == "tactical" else float("inf")

        broke: list[str] = []                                # the limit the last refused step broke

        def aux(state, a: str, b: str):
            run, n = state                                   # 5.5 desert run, hexes moved
            run = run + 1 if board.terrain(b) == desert and mode != "rail" else 0
            n += 1
            if run > run_max or n > tac_max:
                broke[:] = ["5.5" if run > run_max else "5.4"]
                return None
            return (run, n)

        def aux_problem(a: str, b: str) -> Problem:
            # the step aux just refused: 5.5 only when b makes a third desert hex in a row, else the
            # tactical limit (5.4), whatever b's terrain (a first desert hex after 2 clear ones is 5.4)
            if broke == ["5.4"]:
                return Problem(f"{P} 5.4", "movement", f"tactical movement is 1 or 2 hexes; {b} is one more", b)
            return Problem(f"{P} 5.5", "movement", f"{b} is a third consecutive trackless-desert hex", b)

        return MoveModel(cost=cost, neighbours=board.neighbours, extra=extra, block=block,
                         stops=zoc_stops(f"{P} 7.2", lambda h: with_zoc and kind(h) == FULL),
                         prohibited=prohibited, allowance_rule=self.ALLOWANCE_RULE, aux=aux, aux_start=(0, 0),
                         aux_problem=aux_problem)

    def hindrance(self, board: Board, side: str) -> dict[str, float]:
        """MP added to enter a hex by the other side's markers: delay +1 (24.2, enemy units only),
        strafing +1 (18.7.5; enemy only, inferred from "the same as a delay marker"), LRDG +2 for
        Axis units (18.8). They do not touch tactical movement, retreat or advance (24.2)."""
        key = f"na41 hindrance {side}"
        cached = board.memo.get(key)
        if isinstance(cached, dict):
            return cached
        got: dict[str, float] = {}
        lrdg_side = str(self.param("na41_lrdg_hinders"))
        for h, mk in board.pos.hex_markers.items():
            extra = 0.0
            for name, param in (("delay", "delay_marker_extra_mp"), ("strafing", "strafing_extra_mp")):
                if name in mk and mk[name] and mk[name] != side:
                    extra += self.num(param)
            if "lrdg" in mk and side == lrdg_side:
                extra += self.num("lrdg_extra_mp")
            if extra:
                got[h] = extra
        board.memo[key] = got
        return got

    def allowance(self, board: Board, u: UnitState) -> float:
        ma = u.number("movement", float("inf"))                        # unknown: MP not checked
        carriers = self.carriers(board, u)
        if carriers:
            # 5.8.1: a truck carries its unit 「機械化移動率を使用して」: the truck's allowance
            ma = max(x.number("movement", float("inf")) for x in carriers)
        if u.mode == "extended":
            ma += self.num("extended_movement_mp")
        elif u.mode in ("tactical", "rail"):
            ma = float("inf")
        # 5.8.1: a truck moving extended carries its unit as far (the truck's own mode counts)
        return max([ma] + [self.allowance(board, x) for x in carriers])

    def carriers(self, board: Board, u: UnitState) -> list[UnitState]:
        """5.8.1: the trucks that carried ``u`` (:func:`.movement.carriers`)."""
        return na_moves.carriers(self, board, u)

    def move_zoc(self, board: Board, side: str) -> ZocField:
        """The merged enemy ZOC, full and limited (7.2, 7.3), with the units that advanced after
        combat where they stood before (a retreat comes first, 12 and 14)."""
        return self.enemy_field(before_advances(self, board), side)

    def judges_move(self, board: Board, u: UnitState) -> bool:
        return not self.marker(u)

    def check_move(self, board: Board, u: UnitState, ez: ZocField) -> list:
        return self._one_move(board, u, ez)

    def _one_move(self, board: Board, u: UnitState, ez: ZocField) -> list:
        if self._put_out(board, u):
            return self._taken_out(board, u)
        out = self._mode_limits(board, u)
        if u.mode == "special_transfer":
            return out + self._special_transfer(board, u)
        if u.previous is not None and board.is_box(u.previous) and u.mode not in ("rail", "retreat", "advance"):
            return out + self._from_box(board, u, ez)
        if u.previous is not None and board.is_hex(u.previous) and board.is_box(u.hex) \
                and u.mode not in ("rail", "retreat", "advance"):
            return out + self._into_box(board, u, ez)
        if u.mode == "road_bonus":
            return out + self._road_bonus(board, u, ez)
        if u.has("naval_transport") and u.mode == "move" and u.previous is not None \
                and board.is_hex(u.previous) and board.is_hex(u.hex):
            return out + self._by_sea(board, u)
        model, free = self.move_model(board, u, ez), self.move_model(board, u, ez, with_zoc=False)
        found = move_findings(self, board, u, model, self.allowance(board, u), free,
                              zoc_rule=f"{P} 7.2", move_rule=f"{P} 5.1")
        if any(f.rule == f"{P} 5.1" for f in found) and u.has("trucked") and not self.carriers(board, u):
            self.not_judged(f"{P} 5.8.1", f"{label(u)} is carried by a truck the position does not show moving with "
                                          "it: it moves on the truck's MP, which are not known")
            found = move_findings(self, board, u, model, float("inf"), free, zoc_rule=f"{P} 7.2",
                                  move_rule=f"{P} 5.1")
        if any(f.rule == f"{P} 5.1" for f in found) and self.rommel_may_join(board, u):
            bonus = self.num("rommel_bonus_mp")
            with_rommel = move_findings(self, board, u, model, self.allowance(board, u) + bonus, free,
                                        zoc_rule=f"{P} 7.2", move_rule=f"{P} 5.1")
            if not any(f.rule == f"{P} 5.1" for f in with_rommel):
                self.not_judged(f"{P} 18.5", f"{label(u)} moved more than its MA but within Rommel's +{fmt(bonus)} MP; "
                                             "whether Rommel's bonus went to its stack this turn is not recorded")
                found = with_rommel
        return out + found

    def _put_out(self, board: Board, u: UnitState) -> bool:
        """Whether ``u`` went from a map hex into a box units are put in, not moved to (the
        Eliminated Box, the Remnant Display, the Surrender Box, the Withdrawn Units box)."""
        return u.hex in taken_out_boxes(self) and u.previous is not None and board.is_hex(u.previous)

    def _taken_out(self, board: Board, u: UnitState) -> list:
        """A unit put from a map hex into the Eliminated Box, the Remnant Display or the Surrender Box
        was taken out of play (eliminated, 10.1; surrendered, 12.5), one put in the Withdrawn Units box
        was withdrawn (20.3 「それを取り上げて」), not moved: no move rule reads it.
        12.5.1 「戦闘又は退却で除去されたときに非補給下（その瞬間に判定）の戦闘ユニット」 surrenders: one under an
        OOS marker put in the Eliminated Box may have been out of supply at that moment, which the
        marker (placed at its last Supply Phase) does not tell: not judged. Returns no finding."""
        surrender = set(str(self.param("na41_surrender_boxes")).replace(" ", "").split(","))
        if u.hex in removal_boxes(self) and u.hex not in surrender and self.combat(u) and (u.has("oos") or u.has("oos_red")):
            self.not_judged(f"{P} 12.5.1", f"{label(u)}, under an OOS marker, went from {u.previous} to {u.hex}: a "
                                          "combat unit out of supply at the moment it is eliminated surrenders (Surrender "
                                          "Box), and its supply at that moment is not recorded")
        return []

    def _special_transfer(self, board: Board, u: UnitState) -> list:
        """5.8.4: instead of moving, a truck (carrying nothing, SPs included) is placed in a friendly
        off-map box or in a hex holding a friendly combat unit or SP in full supply (16.2); not a
        truck out of supply, or whose only source is a port, where it stood at that instant
        (「非補給下（その瞬間に判定される）又はその唯一の補給源が港湾であるトラックは、特別移送を使用できません」)."""
        truck = str(self.param("na41_msu_truck_type"))
        why: list[str] = []
        ph = board.pos.phase_info
        if ph is not None and ph.kind != "movement":
            why.append(f"it is made instead of a move, in a Movement Phase, not in {ph.id}")
        if u.unit.type != truck:
            why.append("only a truck uses special transfer")
        else:
            # a load: a unit only a truck moves (an SP, a unit marked trucked) that went the same way;
            # another truck doing the same transfer, or a unit that walked there, is none, and a load
            # a truck moving normally from and to the same places may carry is not this truck's
            same = [x for x in board.pos.movers if x is not u and x.side == u.side and x.previous == u.previous
                    and x.hex == u.hex and not self.marker(x)]
            loads = [x for x in same if x.unit.type != truck and (x.has("trucked") or na_moves.is_sp(self, x))]
            if any(x.unit.type == truck and x.mode != "special_transfer" for x in same):
                loads = []
            if loads:
                why.append(f"it carries {self.names(loads)}; a truck carries no unit, SPs included, in a special transfer")
        if board.is_box(u.hex):
            box = board.map.boxes.get(u.hex)
            if box is None or box.side != u.side or box.kind != "offmap":
                why.append(f"{u.hex} is not a friendly off-map box")
        elif u.unit.type == truck:
            here = [x for x in board.units(u.hex, u.side) if x is not u and (self.combat(x) or na_moves.is_sp(self, x))]
            combat = [x for x in here if self.combat(x)]
            if not here:
                why.append(f"{u.hex} holds no friendly combat unit or SP")
            elif not any(self.supply_status(board.pos, u.side).get(x.id) in ("full", "box") for x in combat) \
                    and not (len(combat) < len(here) and u.hex in na_supply.full_supply_hexes(self, board, u.side)):
                why.append(f"no friendly combat unit or SP in {u.hex} is in full supply")
        if u.previous is not None and board.is_box(u.previous):
            src = board.map.boxes.get(u.previous)
            if src is None or src.side != u.side or src.kind != "offmap":
                why.append(f"it was in {src.name if src is not None else u.previous}, not on the map or in a friendly "
                           "off-map box")
        elif u.previous is not None and board.is_hex(u.previous) and u.unit.type == truck:
            units = [replace(x, hex=u.previous) if x is u else x for x in board.pos.units]
            was = self.supply_status(board.pos.with_units(units), u.side).get(u.id)
            if was not in ("full", "box"):
                why.append(f"it was {'in port supply only' if was == 'port' else 'out of supply'} in {u.previous}")
        if not why:
            return []
        return [self.finding(board, f"{P} 5.8.4", "movement", f"{label(u)} was moved by special transfer from "
                             f"{u.previous} to {u.hex}, but " + "; ".join(why) + ".", [u.hex], [u])]

    def rommel_may_join(self, board: Board, u: UnitState) -> bool:
        """18.5: Rommel may add his MPs to a mechanized stack of German units (trucks and MSUs too)
        moving normally or extended in the Axis Movement Phase, none of them under a Replacement,
        Disrupted or OOS marker. The marker goes back to the display once used, so the map does not
        show whom he joined: he is taken to have joined a stack only when his marker lies on its path
        (he moves with it) or ``[state] na41_rommel_ready = false`` says he was used this turn
        (``true``: he joined nobody)."""
        pos = board.pos
        ready = pos.state.get(na_history.ROMMEL_READY)
        if ready is True:
            return False                                # stated unused this turn
        if ready is None and not any(board.marker_owner(h, "rommel") is not None
                                     for h in (*(u.path or ()), u.previous or "", u.hex) if h):
            return False                                # no sign of Rommel with the stack
        return (pos.phase_kind in ("movement", "") and (not pos.phase or u.side == pos.side)
                and na_moves.nat_group(u) == "german"
                and (self.mech(u) or u.unit.type == str(self.param("na41_msu_truck_type")))
                and u.mode in ("move", "extended")
                and not any(u.has(s) for s in ("replacement", "disrupted", "full_retreat", "oos", "oos_red")))

    def _by_sea(self, board: Board, u: UnitState) -> list:
        """21.1.1, 21.1.4: a unit under a naval transport marker went by sea: it is lifted from a
        friendly port and put in the port of landing (no movement points, in and out of enemy ZOC), and
        it makes no normal move in that impulse, so its move starts in a port (where it ends:
        :func:`.movement.transported`). Control: at the start of the Movement Phase (21.1.4
        「手番プレイヤーの移動フェイズ開始時に友軍支配下の港湾」, :func:`.control.at_phase_start`: stated, else
        the units that stood in the port then, the unit and those that sailed with it included, else
        the record before this phase's moves); unknown: not judged."""
        prev, name = u.previous or "", label(u)
        why = []
        if "port" not in board.features(prev):
            why.append(f"it started in {prev}, which is not a port")
        else:
            owner = control.at_phase_start(self, board, prev)
            if owner and owner != u.side:
                why.append(f"it sailed from {prev}, a port the other side controls")
            elif owner and not self.port_control(board, prev, owner, start=True):
                why.append(f"no {self.side_name(owner)} combat unit stood in or next to {prev} at the start of the "
                           "phase: a port without a garrison is uncontrolled (optional rule 27.4)")
            elif not owner:
                self.not_judged(f"{P} 21.1.4", f"who controls the port {prev} {name} sailed from is not stated "
                                               "nor recorded")
        if not why:
            return []
        return [self.finding(board, f"{P} 21.1.4", "movement", f"{name} moved by naval transport to {u.hex}, but "
                             + "; ".join(why) + " (21.1.1, 21.1.4).", [prev, u.hex], [u])]

    def _from_box(self, board: Board, u: UnitState, ez: ZocField) -> list:
        """6.3.3, 7.2: the map leg of a move out of Tripoli or the Nile Delta (``path`` = box, first
        hex, ...). 6.3.3: leaving the box and entering the map costs "the cost of the first hex
        entered", a road's rate where it applies: the first hex is charged the cheaper of its terrain
        cost and its lowest road cost (which road the unit came in on the path does not say: a lower
        bound). The first hex counts toward the 2 hexes of tactical movement (5.4) and, trackless
        desert, toward the 5.5 run. A full EZOC there ends the move like any other (7.2). Without a
        path, or by sea, air or rail, the box rules (:func:`.movement.boxes`) say all there is; the road
        bonus (5.2.2) from a box is not judged for MP."""
        path = u.path or ()
        if len(path) < 3 or not all(board.is_hex(h) for h in path[1:]) \
                or u.has("naval_transport") or u.has("air_transport"):
            return []
        first, name = path[1], label(u)
        if ez.kind(first) == FULL:
            return [self.finding(board, f"{P} 7.2", "zoc", f"{name} moved {' → '.join(path)}: it entered enemy ZOC "
                                 f"at {first}, the first hex off the box, and moved on.", [first], [u])]
        c = self.box_exit_cost(board, u, first)
        allowance = self.allowance(board, u)
        allowance = float("inf") if c is None or u.mode in ("tactical", "road_bonus") else allowance - c
        model = self.move_model(board, u, ez)
        desert = str(self.param("na41_desert_terrain"))
        model = replace(model, aux_start=(1 if board.terrain(first) == desert else 0, 1))    # 5.4, 5.5
        _, probs = walk_all(model, path[1:], allowance)
        entry = f" (after {fmt(c)} MP to enter {first} from the box)" if c is not None and allowance != float("inf") else ""
        return [self.finding(board, p.rule, p.kind, f"{name} moved {' → '.join(path)}: {p.message}{entry}.", [p.hex],
                             [u], cost=cost) for p, cost in probs]

    def _into_box(self, board: Board, u: UnitState, ez: ZocField) -> list:
        """6.3.3, 5.4, 7.2: a move from the map into an edge box (``path`` = hexes, then the box): the
        box costs ``box_entry_mp`` (1 MP), or 1 hex of tactical movement; the map leg is walked like
        any move (a full EZOC entered on the way ends it). A path through other boxes, or by sea or
        air, is the box rules' business (:func:`.movement.boxes`); without a path, nothing is judged."""
        path, box = u.path or (), u.hex
        dest = board.map.boxes.get(box)
        if dest is None or len(path) < 2 or not all(board.is_hex(h) for h in path[:-1]) \
                or u.has("naval_transport") or u.has("air_transport"):
            return []
        base = self.move_model(board, u, ez)
        entry = 0.0 if u.mode == "tactical" else self.num("box_entry_mp")
        tac_max = self.num("tactical_movement_max_hexes") if u.mode == "tactical" else float("inf")
        edge = set(dest.adjacent)

        def neighbours(h: str) -> list[str]:
            return [*base.neighbours(h), box] if h in edge else base.neighbours(h)

        def cost(a: str, b: str) -> float | None:
            return entry if b == box else base.cost(a, b)

        base_aux, base_problem = base.aux, base.aux_problem
        assert base_aux is not None and base_problem is not None

        def aux(state, a: str, b: str):
            if b != box:
                return base_aux(state, a, b)
            return None if state[1] + 1 > tac_max else (0, state[1] + 1)

        def aux_problem(a: str, b: str) -> Problem:
            if b == box:
                return Problem(f"{P} 5.4", "movement", f"tactical movement is 1 or 2 hexes; entering the box {b} is "
                                                       "one more (6.3.3: the box counts 1 hex)", b)
            return base_problem(a, b)

        model = replace(base, neighbours=neighbours, cost=cost, aux=aux, aux_problem=aux_problem)
        _, probs = walk_all(model, path, self.allowance(board, u))
        note = f" (with {fmt(entry)} MP to enter the box, 6.3.3)" if entry else ""
        return [self.finding(board, p.rule, p.kind, f"{label(u)} moved {' → '.join(path)}: {p.message}"
                             f"{note if p.rule == f'{P} 5.1' else ''}.", [p.hex], [u], cost=cost_)
                for p, cost_ in probs]

    def box_exit_cost(self, board: Board, u: UnitState, first: str) -> float | None:
        """6.3.3: the MP to leave an edge box into ``first``: the cheaper of its terrain cost and the
        lowest road rate of a road in it (None: neither is known, the allowance is not judged)."""
        table = CostTable(board, u.unit.movement_class)
        known = [c for c in (table.terrain_cost(first), *(table.road_cost(first, n) for n in board.neighbours(first)))
                 if c is not None]
        return min(known) if known else None

    #: the movement modes a player may use without announcing them, as a log shows a move (no
    #: mode): tactical movement (5.4), extended movement for mechanized units (5.3, MA + 3, no
    #: enemy ZOC) and the road bonus for the others (5.2.2). Rail (5.9) and sea or air transport
    #: need counters or boxes a log shows; they are not guessed.
    UNANNOUNCED = (("extended", "extended movement (5.3)"), ("road_bonus", "the road bonus (5.2.2)"),
                   ("tactical", "tactical movement (5.4)"))

    def unannounced_trials(self, board: Board, u: UnitState, ez: ZocField) -> list[Trial]:
        """Extended movement (mechanized units) or the road bonus (the others), then tactical
        movement, each named with its allowance; a move longer than tactical movement allows is
        not legal as one (its judge gives the move's findings as they are)."""
        out = []
        most = self.num("tactical_movement_max_hexes")
        for mode, name in self.UNANNOUNCED:
            if (mode == "extended") != self.mech(u) and mode != "tactical":
                continue
            alt = replace(u, mode=mode)
            judge: Callable[[], list[Finding]] = partial(self._one_move, board, alt, ez)
            if mode == "tactical" and (u.path and len(u.path) - 1 > most
                                       or (board.distance(u.previous or u.hex, u.hex) or 0) > most):
                judge = partial(self._too_long, board, u, most)
            allows = (f"{fmt(self.allowance(board, alt))} MP, never into enemy ZOC" if mode == "extended"
                      else "along the road only, not next to an enemy combat unit" if mode == "road_bonus"
                      else f"{fmt(most)} hexes at most")
            out.append(Trial(f"{name}: {allows}", judge, mode))
        return out

    def _too_long(self, board: Board, u: UnitState, most: float) -> list[Finding]:
        """5.4: a move of more hexes than tactical movement allows is not one."""
        return [self.finding(board, f"{P} 5.4", "movement", f"{label(u)} moved more than {fmt(most)} hexes: "
                             "not tactical movement.", [u.hex], [u])]

    def tried_too(self, found: list, trials: list[Trial]) -> list:
        extra = (" It is not legal with any movement a player may use without announcing it either "
                 f"({'; '.join(t.name for t in trials)}).")
        return [replace(f, message=f.message.rstrip() + extra, details={**f.details, "tried": [t.key for t in trials]})
                for f in found]

    def _mode_limits(self, board: Board, u: UnitState) -> list:
        out = []
        d = board.distance(u.previous or u.hex, u.hex)
        if d is None:                                        # into or out of a box: the path's steps
            d = len(u.path) - 1 if u.path else int(u.moved)
        if (u.has("disrupted") or u.has("oos") or u.has("oos_red")) and u.mode != "tactical" and d > 0:
            # the rule broken is the status's (13.2.1, 16.4), which limits the unit to 5.4's movement
            rule, why = ("13.2.1", "disrupted") if u.has("disrupted") else ("16.4", "out of supply")
            how = {"move": "normal"}.get(u.mode, u.mode)
            out.append(self.finding(board, f"{P} {rule}", "movement", f"{label(u)} is {why} and may use tactical "
                                    f"movement only (5.4), but moved from {u.previous} to {u.hex} by {how} movement.",
                                    [u.hex], [u]))
        if u.mode == "extended" and not self.mech(u):
            out.append(self.finding(board, f"{P} 5.3", "movement", f"{label(u)} is not mechanized and may not use "
                                    "extended movement.", [u.hex], [u]))
        if u.mode == "rail" and u.side != str(self.param("na41_rail_side")):
            out.append(self.finding(board, f"{P} 5.9.1", "movement", f"{label(u)} moved by rail; only the Allies "
                                    "may use the railroad.", [u.hex], [u]))
        return out

    def _road_bonus(self, board: Board, u: UnitState, ez: ZocField) -> list:
        """5.2.2: a non-mechanized unit spends its whole move along the road: 8 hexes along the
        highway only, 4 if any of it is track; it may not start or end next to an enemy combat
        unit (enemy non-combat units do not count); enemy ZOC still stops it (7.2)."""
        name = label(u)
        if self.mech(u):
            return [self.finding(board, f"{P} 5.2.2", "movement", f"{name} is mechanized; the road bonus is for "
                                 "non-mechanized units.", [u.hex], [u])]
        if not u.path:
            return []
        out = []
        for h in (u.path[0], u.hex):
            near = [x for n in board.neighbours(h) for x in board.units(n) if x.side != u.side and self.combat(x)]
            if near:
                out.append(self.finding(board, f"{P} 5.2.2", "zoc", f"{name} used the road bonus but "
                                        f"{'started' if h == u.path[0] else 'ended'} in {h}, next to an enemy "
                                        f"combat unit.", [h], [u]))
        kinds = [board.roads(a, b) for a, b in zip(u.path, u.path[1:])]
        if not all(k & {"highway", "track"} for k in kinds):
            return out + [self.finding(board, f"{P} 5.2.2", "movement", f"{name} used the road bonus but left the "
                                       "road.", [u.hex], [u])]
        highway = all("highway" in k for k in kinds)
        most = self.num("road_bonus_highway_hexes" if highway else "road_bonus_track_hexes")
        if len(kinds) > most:
            out.append(self.finding(board, f"{P} 5.2.2", "movement", f"{name} moved {len(kinds)} hexes with the road "
                                    f"bonus; the most is {fmt(most)} "
                                    f"{'along the highway' if highway else 'with track'}.",
                                    [u.hex], [u]))
        for i, h in enumerate(u.path[1:-1], 1):
            if ez.kind(h) == FULL:
                out.append(self.finding(board, f"{P} 7.2", "zoc", f"{name} entered enemy ZOC at {h} and moved on.",
                                        [h], [u]))
                break
        return out

    def _desert(self, board: Board, u: UnitState, what: str, rule: str) -> list:
        """5.5 / 12.2.1 / 14.5: at most 2 consecutive trackless-desert hexes entered."""
        limit = self.num("desert_max_consecutive_hexes")
        desert = str(self.param("na41_desert_terrain"))
        run = 0
        for h in (u.path or ())[1:]:
            run = run + 1 if board.terrain(h) == desert else 0
            if run > limit:
                return [self.finding(board, rule, "movement", f"{label(u)} {what} through more than {fmt(limit)} "
                                     f"consecutive trackless-desert hexes (at {h}).", [h], [u])]
        return []

    def check_retreat(self, board: Board, u: UnitState, ez: ZocField) -> list:
        """12.2.1: a retreat eliminates the unit if it ends in enemy ZOC (judged once the retreat
        is finished: ``Position.retreats_open``), enters overlapping enemy ZOCs or enters a second
        enemy-ZOC hex; friendly combat units outside the retreating stack cancel enemy ZOC in
        their hex. A unit put out of play (:meth:`_put_out`) did not retreat."""
        if self._put_out(board, u):
            return []
        path = u.path or ((u.previous, u.hex) if u.previous else ())
        gone = self._retreat_elimination(board, u, ez)
        out = [gone] if gone else []
        if not board.pos.retreats_open:
            # the last verdict on this unit's finished retreat is the one that counts: a retreat
            # made again legally to the same hex does not leave the unit counted as eliminated (14.4).
            # An open retreat's drags (an undone step's too: the engine judges them and reports
            # nothing) leave the memory alone; the advance reads an open retreat itself
            found = self._eliminated_by_retreat.setdefault(self._phase_key(board), {})
            found.pop(u.id, None)
            if gone:
                found[u.id] = u.hex
        if not out and not board.pos.retreats_open:
            out += self._avoidable_zoc(board, u, tuple(path), ez)
        return out + self._desert(board, u, "retreated", f"{P} 12.2.1")

    def _retreat_elimination(self, board: Board, u: UnitState, ez: ZocField, finished: bool = False) -> Finding | None:
        """12.2.1 「ユニットは、以下に列記されたヘクス内へ退却すると除去されます」: the finding that
        ``u``'s retreat eliminated it, or None (``finished``: the retreat is known to be over, even
        in a log's position whose retreats are open)."""
        path = u.path or ((u.previous, u.hex) if u.previous else ())
        stack = {x.id for x in board.pos.units if x.previous == u.previous and x.mode == "retreat"}
        entered = 0
        for i, h in enumerate(path[1:], 1):
            if any(x.side != u.side and self.combat(x) for x in board.units(h)):
                return self.finding(board, f"{P} 12.2.1", "movement", f"{label(u)} retreated into {h}, which holds "
                                    "an enemy combat unit: it is eliminated.", [h], [u])
            if ez.kind(h) == NONE or any(x.side == u.side and self.combat(x) and x.id not in stack
                                         for x in board.units(h)):
                continue
            entered += 1
            # where a retreat ends is known once it is finished: a log's next drag may go on
            ends = i == len(path) - 1 and (finished or not board.pos.retreats_open)
            why = ("ends its retreat in enemy ZOC" if ends else
                   "enters overlapping enemy ZOCs" if ez.overlapping(h, board) else
                   "enters a second enemy-ZOC hex" if entered > 1 else "")
            if why:
                return self.finding(board, f"{P} 12.2.1", "zoc", f"{label(u)} {why} at {h} and is eliminated.",
                                    [h], [u])
        return None

    @staticmethod
    def _phase_key(board: Board) -> tuple:
        # not the file: a chain's next file may hold the same phase's advances
        return board.pos.turn, board.pos.phase

    def _zoc_without_eliminated(self, board: Board, side: str) -> ZocField | None:
        """The enemy ZOC an advance of ``side`` meets once the enemy units its retreats eliminated this
        phase are gone (12.2.1: eliminated as they retreat, and the retreat comes before the advance,
        14, so each retreat is over when an advance is judged: a log's attacker's move closes it too),
        or None when no retreat of theirs eliminated a unit. Those still shown retreating in the
        position, and those a finished retreat of this phase was found to eliminate, still in the hex
        it ended in."""
        # a unit standing elsewhere than where its retreat was found eliminating is not counted here;
        # the memory is left as it is (a position judged here may be an undone step's: review rv-g22
        # item 2), and the retreat's own re-check replaces the entry
        found = self._eliminated_by_retreat.get(self._phase_key(board), {})
        gone = {x.id for x in board.pos.units if x.side != side and (
            found.get(x.id) == x.hex and x.mode != "retreat"
            or x.mode == "retreat" and x.previous and not self._put_out(board, x)
            and self._retreat_elimination(board, x, self.move_zoc(board, x.side), finished=True) is not None)}
        if not gone:
            return None
        before = before_advances(self, board)
        left = self.board(before.pos.with_units([x for x in before.pos.units if x.id not in gone]))
        return self.enemy_field(left, side)

    def _avoidable_zoc(self, board: Board, u: UnitState, path: tuple[str, ...], ez: ZocField) -> list:
        """12.1.3 #3 「可能であれば、退却はEZOCへの進入を避けなければなりません。不可能であれば（例えば、優先度
        #1 又は２に違反する）、…退却の１ヘクスは EZOC へ進入できます」: a finished retreat that entered enemy
        ZOC is a finding when another retreat from the same hex enters none, enters each hex once (#1)
        and eliminates nobody (#2: no enemy unit, 12.1.3's note allowing a hex of enemy non-combat units
        only where no other route is; no hex or hexside the unit may not cross; no more trackless desert
        in a row than 5.5 allows). Its length is the result's (12.1.1), or shorter ending in a friendly
        port or fort hex (12.4); with no result recorded (a log) it is this retreat's, and a retreat
        ending in a port or fort, which may have stopped early, is not judged. For #3 only 「友軍ユニット
        （現行戦闘フェイズに退却していない）」 cancel enemy ZOC in their hex: friendly units, combat or
        not, that did not retreat this phase (12.2.1 reads it wider). Guidelines 4-5 come after #3 and
        do not bind the other path."""
        n, start = len(path) - 1, path[0]
        # a repeated hex is guideline 1's finding; no result moves a unit more than 4 hexes, 5 with the
        # mechanized unit's hex to save itself (12.2.1): longer paths are not searched
        if not 1 <= n <= 5 or len(set(path)) != len(path) or not all(board.is_hex(h) for h in path):
            return []
        # a unit picked up on a friendly retreat's path (27.3.2) went the way its carrier chose
        if any(x is not u and x.side == u.side and x.mode == "retreat" and x.hex == u.hex
               and start in na_moves.path_of(x)[1:] for x in board.pos.movers):
            return []

        def free(h: str) -> bool:
            return ez.kind(h) == NONE or any(x.side == u.side and x.mode != "retreat" and not self.marker(x)
                                             for x in board.units(h))
        zocs = [h for h in path[1:] if not free(h)]
        if not zocs:
            return []
        res = na_moves.retreat_result(board, u)
        if res is None and na_moves.may_stop_early(self, board, u, u.hex) is not False:
            self.not_judged(f"{P} 12.1.3", f"{label(u)}'s retreat through enemy ZOC ends in {u.hex}, where it may "
                                           "have stopped early (12.4): the length another retreat must have needs "
                                           "the combat result, not recorded")
            return []
        need = na_moves.RETREAT_BY_RESULT[res][0] if res is not None else n
        if need < 1:
            return []      # a result of no retreat (EX): no other retreat to compare (12.1.1 judges its length)
        desert, limit = str(self.param("na41_desert_terrain")), self.num("desert_max_consecutive_hexes")

        def open_hex(a: str, b: str) -> bool:
            if any(x.side != u.side and not self.marker(x) for x in board.units(b)):
                return False
            return free(b) and not na_moves.bad_step(self, board, u, a, b)

        def ends(seen: tuple[str, ...]) -> bool:
            return len(seen) == need + 1 or (1 < len(seen) <= need and bool(na_moves.may_stop_early(self, board, u, seen[-1])))

        def clear(h: str, seen: tuple[str, ...], run: int) -> tuple[str, ...] | None:
            if ends(seen):
                return seen
            if len(seen) > need:
                return None
            for b in board.neighbours(h):
                step_run = run + 1 if board.terrain(b) == desert else 0
                if board.is_hex(b) and b not in seen and step_run <= limit and open_hex(h, b):
                    got = clear(b, (*seen, b), step_run)
                    if got:
                        return got
            return None
        other = clear(start, (start,), 0)
        if other is None:
            return []
        # the other path's terrain and hexsides are read too (inputs.READS: its hexes are the finding's,
        # the path itself its details')
        hexes = list(dict.fromkeys((*zocs, *other, *path)))
        return [self.finding(board, f"{P} 12.1.3", "zoc", f"{label(u)} retreated {' -> '.join(path)} through "
                             f"{', '.join(zocs)}, in enemy ZOC, though {' -> '.join(other)} enters none: a retreat "
                             "avoids enemy ZOC where it can (12.1.3, guideline 3).", hexes, [u],
                             other_path=list(other))]

    def check_advance(self, board: Board, u: UnitState, ez: ZocField) -> list:
        """14.4: an advancing unit stops on entering enemy ZOC, except in the hex the defender
        vacated (the first hex of the advance). Whether a limited ZOC stops an advance is open
        (7.3 exempts it only from stopping *movement*; an advance is not movement): by default it
        does (``na41_limited_zoc_stops_advance = false`` reads it the other way). The ZOC of an
        enemy unit whose retreat eliminated it (12.2.1) does not stop it. A unit put out of
        play (:meth:`_put_out`: an attacker eliminated by the combat) did not advance."""
        if self._put_out(board, u):
            return []
        path = u.path or ((u.previous, u.hex) if u.previous else ())
        out = []
        if (u.has("oos") or u.has("oos_red")) and len(path) - 1 > self.num("advance_max_oos"):
            out.append(self.finding(board, f"{P} 16.4", "movement", f"{label(u)} is out of supply and may advance "
                                    f"only 1 hex, but advanced {len(path) - 1}.", [u.hex], [u]))
        limited_stops = bool(self.param("na41_limited_zoc_stops_advance"))

        def stops(field: ZocField, h: str) -> bool:
            return field.kind(h) == FULL or (limited_stops and field.kind(h) != NONE)
        for i, h in enumerate(path[1:-1], 1):
            if i > 1 and stops(ez, h):
                # a ZOC only of units a retreat eliminated was gone when the advance began
                left = self._zoc_without_eliminated(board, u.side)
                if left is not None and not stops(left, h):
                    continue
                out.append(self.finding(board, f"{P} 14.4", "zoc", f"{label(u)} advanced through enemy ZOC at {h} "
                                        "without stopping.", [h], [u]))
                break
        pts = self.stack_points([x for x in board.units(u.hex, u.side) if not self.marker(x)])
        if board.is_hex(u.hex) and pts > self.stacking_limit():
            out.append(self.finding(board, f"{P} 14.1", "stacking", f"{label(u)} advanced into {u.hex}, which then "
                                    f"holds {fmt(pts)} stacking points, more than {fmt(self.stacking_limit())}.",
                                    [u.hex], board.units(u.hex, u.side)))
        return out                        # 14.5 terrain limits: north_africa_41_moves.advance

    # ---- supply (16) ---------------------------------------------------------------------------
    def supply_status(self, pos, side: str) -> dict[str, str]:
        return na_supply.status(self, self.board(pos), side)

    def check_supply(self, board: Board) -> list:
        return na_supply.check(self, board)
