"""Invasion: Malta (with Leros): stacking (3.3), zones of control (3.2, 8.2), movement (8) and the
Axis supply route (6) over the core. Rule numbers are the rulebook's (spec:
``rules/invasion-malta.md`` §4-§8, §10; coverage table ``docs/rules/invasion_malta.md``).
The rule set is split by topic, each a mixin of :class:`InvasionMaltaRules`:
:mod:`.invasion_malta_supply` (6), :mod:`.invasion_malta_aftercombat` (retreat, advance,
Reaction), :mod:`.invasion_malta_history` (``remember`` and the rules that read the previous
phase end from ``[state]``), :mod:`.invasion_malta_admin` (activation, motor pool, set-up, Reset
and Recovery upkeep, beachheads); each module documents its parameters and choices.

Parameters read here from ``game.rules`` (the kit's names; defaults = the rulebook):
``stacking_limit_points`` (9, 3.32), ``zoc_entry_cost_mp`` (1, 8.21), ``clear_cost_mp`` (1),
``rough_cost_mp_infantry`` (2, 8.31), ``road_cost_axis_mp`` (0.5), ``road_cost_allied_day_mp`` (1)
and ``road_cost_allied_night_mp`` (0.5) (8.33, §11 #2), ``slope_uphill_extra_mp`` (1, 8.36),
``commando_cliff_cost_mp`` (3, 17.31), ``motor_pool_ma`` (10, 18.12),
``disrupted_ma_divisor`` (2, 3.83), ``gt1_allied_ma_penalty`` (2, 7.12: Allied units on GT1 of
Scenarios 2 and 3, applied before halving, inferred), ``infiltration_hexes`` (1, 8.5); other
terrain costs ``move_cost_<terrain>`` (the TEC is not in the text; default 1). The time of day is
``[state] time`` (am, pm, night); in a log the audit derives it, the weather and the arrivals
(:mod:`.invasion_malta_context`), and a rule whose precondition it cannot derive is not judged. Unit selectors ``im_armour``, ``im_red_box``, ``im_orange``,
``im_commando``, ``im_pillbox``, ``im_artillery`` (units with a printed range, §2.4);
``im_redbox_zoc_urban`` (false: a red-box unit's ZOC reaches only along roads; §11 #3 leaves
urban and airfield hexes open); ``im_motor_pool_roads_only`` (false: 8.33 lets motor-pool units
into urban and airfield hexes off the road; true reads 18.14 "entirely on roads" strictly, §11
#21); ``im_supply_side`` ("axis", 6.1).
"""
from __future__ import annotations

from dataclasses import replace

from ....positions.model import UnitState
from ...base import ALWAYS, EVERY_PHASE_END, MOVES, Rule, RuleSet, When
from ...core.moves import label, move_findings, unannounced
from ...core.board import Board
from ...core.movement import MoveModel, Problem
from ...core.stacking import fmt
from ...core.zoc import FULL, NONE, ZocField, zoc_field
from ...core.costs import CostTable
from .activation import POOL_INELIGIBLE, InvasionMaltaAdmin
from .combat import InvasionMaltaAfterCombat
from .conditions import InvasionMaltaContext
from .memory import InvasionMaltaHistory
from .supply import InvasionMaltaSupply

P = "IM"
ROADS = {"primary_road", "secondary_road", "road"}


class InvasionMaltaRules(InvasionMaltaContext, InvasionMaltaHistory, InvasionMaltaAdmin, InvasionMaltaAfterCombat, InvasionMaltaSupply,
                          RuleSet):
    id = "invasion-malta"
    prefix = P
    statuses = frozenset({"disrupted", "oos", "excess", "paradropped", "arrived", "activated", "spent", "fired",
                          "landed", "group_b"})
    modes = frozenset({"move", "infiltration", "motor_pool", "retreat", "advance", "reaction"})
    LOG_PRECONDITIONS = {
        f"{P} 7.23": "the active formation or sector (the Activation Marker drawn, 7.13) is not recorded in a log",
        f"{P} 6.15": "declared attacks (which units attack which hex) are not recorded in a log",
        f"{P} 18.11": "a log does not say which moves use the motor pool",
    }

    def validate_position(self, pos) -> None:
        """``[state]``: time = "am" | "pm" | "night"; weather = "good" | "windy" | "storm";
        beachheads = {hex = formation}; airheads = {hex = nationality}; active = formation, "M" or
        sector id; motor_pool_used = SP; and the history keys of
        :mod:`.invasion_malta_history` (prev_hexes, prev_oos, prev_reduced, prev_activated,
        prev_airheads, prev_fired, dropped)."""
        from ....errors import InputError
        time = pos.state.get("time", "night")
        if not isinstance(time, str) or time.lower() not in ("am", "pm", "night"):
            raise InputError(pos.source, f"[state] time must be \"am\", \"pm\" or \"night\", not {time!r}")
        for key in ("beachheads", "airheads"):
            v = pos.state.get(key, {})
            if not isinstance(v, dict) or not all(isinstance(x, str) for x in v.values()):
                raise InputError(pos.source, f"[state] {key} must look like {{\"1225\" = \"7\"}}")
        active = pos.state.get("active", "")
        if not isinstance(active, str):
            raise InputError(pos.source, f"[state] active must name the formation or sector whose AM is played "
                                         f"(\"7\", \"M\", \"sector-north\"), not {active!r}")
        used = pos.state.get("motor_pool_used", 0)
        if isinstance(used, bool) or not isinstance(used, (int, float)) or used < 0:
            raise InputError(pos.source, f"[state] motor_pool_used must be a number of SP, not {used!r}")
        self.validate_history(pos)

    # ---- unit classes (2, 3.6) -------------------------------------------------------------
    def combat(self, u: UnitState) -> bool:
        return self.is_(u, "im_combat", "all, !kind:marker, !kind:air, !kind:naval, !class:air, !class:naval")

    def armour(self, u: UnitState) -> bool:
        return self.is_(u, "im_armour", "flag:armour, symbol:armor, symbol:assault-gun")

    def red_box(self, u: UnitState) -> bool:
        return self.armour(u) or self.is_(u, "im_red_box", "class:red, class:red_box")

    def orange(self, u: UnitState) -> bool:
        return self.is_(u, "im_orange", "class:orange, class:orange_circle")

    def motorized(self, u: UnitState) -> bool:
        return self.red_box(u) or self.orange(u) or u.mode == "motor_pool"

    def commando(self, u: UnitState) -> bool:
        return self.is_(u, "im_commando", "type:commando, flag:commando")

    def artillery(self, u: UnitState) -> bool:
        sel = self.param("im_artillery", "")
        return self.is_(u, "im_artillery") if sel else u.value("range") is not None

    def pillbox(self, u: UnitState) -> bool:
        return self.is_(u, "im_pillbox", "type:pillbox")

    def zero_ma(self, u: UnitState) -> bool:
        """8.15, 13.37: printed MA 0 (pillboxes, static units) or out-of-supply armour (6.15)."""
        return u.value("movement") == 0 or self.pillbox(u) or u.unit.movement_class == "static" \
            or (self.armour(u) and u.has("oos"))

    def limit(self) -> float:
        return self.num("stacking_limit_points", self.num("stacking_limit", 9))

    def sp(self, u: UnitState) -> float:
        return u.number("stacking", 0) if self.combat(u) else 0

    # ---- rules -------------------------------------------------------------------------------
    def rules(self) -> list[Rule]:
        return [
            Rule(f"{P} 3.32", "stacking", EVERY_PHASE_END, self.check_stacking, "9 SP and excess markers"),
            Rule(f"{P} 3.33", "stacking", ALWAYS, self.check_armour, "one armour unit per hex"),
            Rule(f"{P} 8.14", "stacking", ALWAYS, self.check_mixed, "opposing units never share a hex"),
            Rule(f"{P} 16.33", "stacking", ALWAYS, self.check_landings, "9 SP and 1 armour per landing hex"),
            Rule(f"{P} 15.52", "movement", ALWAYS, self.check_water, "ground units never on all-sea hexes"),
            Rule(f"{P} 8.2", "zoc", MOVES, self.check_moves, "movement and ZOC"),
            Rule(f"{P} 6.1", "supply", ALWAYS, self.check_allied_oos, "Allied units are always in supply"),
            Rule(f"{P} 6.12", "supply", When(("supply",)), self.check_supply, "Axis supply route"),
            Rule(f"{P} 6.12", "supply", EVERY_PHASE_END, self.check_oos_history, "OoS markers placed and removed"),
            Rule(f"{P} 8.15", "movement", EVERY_PHASE_END, self.check_static_history, "0-MA and orange units stay"),
            Rule(f"{P} 4.52", "movement", EVERY_PHASE_END, self.check_sector_history, "sector changes"),
            Rule(f"{P} 18.21", "movement", EVERY_PHASE_END, self.check_rally_history, "rally"),
            Rule(f"{P} 15.21", "supply", EVERY_PHASE_END, self.check_airheads, "airhead placement"),
            Rule(f"{P} 10.12", "zoc", EVERY_PHASE_END, self.check_fire_history, "no fire from enemy ZOC"),
            Rule(f"{P} 8.43", "movement", EVERY_PHASE_END, self.check_air_entry, "no air entry at Night or Storm"),
            Rule(f"{P} 15.16", "movement", MOVES, self.check_dropped_moves, "paradropped units' movement"),
            Rule(f"{P} 7.23", "movement", MOVES, self.check_activation_moves, "only activated units move"),
            Rule(f"{P} 18.11", "movement", MOVES, self.check_motor_pool_moves, "motor pool"),
            Rule(f"{P} 4.14", "stacking", ALWAYS, self.check_group_b, "Group B set-up"),
            Rule(f"{P} 6.15", "supply", ALWAYS, self.check_oos_attacks, "OoS units attacking"),
            Rule(f"{P} 3.84", "zoc", EVERY_PHASE_END, self.check_recovery, "Recovery Phase upkeep"),
            Rule(f"{P} 7.15", "movement", EVERY_PHASE_END, self.check_pool, "one AM in the Activation Pool"),
            Rule(f"{P} 16.41", "supply", EVERY_PHASE_END, self.check_beachheads, "beachheads per zone"),
        ]

    # ---- stacking (3.3) ------------------------------------------------------------------------
    def check_stacking(self, board: Board) -> list:
        """3.32/3.34: at the end of every phase the units not under an Excess marker total at most
        9 SP; no Excess marker on a legal stack; a unit that fits may not be declared excess."""
        limit = self.limit()
        out = []
        for h in list(board.at):
            if not board.is_hex(h):
                continue
            for side in self.game.sides:
                us = [u for u in board.units(h, side) if self.combat(u)]
                if not us:
                    continue
                normal = [u for u in us if not u.has("excess")]
                excess = [u for u in us if u.has("excess")]
                total, kept = sum(map(self.sp, us)), sum(map(self.sp, normal))
                if kept > limit:
                    out.append(self.finding(board, f"{P} 3.32", "stacking",
                                            f"{h} holds {fmt(kept)} SP of {self.side_name(side)} units outside any "
                                            f"Excess Stacking marker, more than {fmt(limit)}: {self.names(normal)}. "
                                            "The excess must go under the marker (3.34).", [h], us, points=kept))
                elif excess and total <= limit:
                    out.append(self.finding(board, f"{P} 3.34", "stacking",
                                            f"{h} totals {fmt(total)} SP, within the limit, yet {self.names(excess)} "
                                            "are under an Excess Stacking marker; it comes off.", [h], excess))
                else:
                    fits = [u for u in excess if kept + self.sp(u) <= limit]
                    if fits:
                        out.append(self.finding(board, f"{P} 3.34", "stacking",
                                                f"{self.names(fits)} in {h} would fit within {fmt(limit)} SP and may "
                                                "not be declared excess.", [h], fits))
        return out

    def check_armour(self, board: Board) -> list:
        """3.33, 3.64: at most one armour unit in a hex at any time, even during a phase."""
        out = []
        for h, us in board.at.items():
            for side in self.game.sides:
                a = [u for u in us if u.side == side and self.armour(u)]
                if board.is_hex(h) and len(a) > 1:
                    out.append(self.finding(board, f"{P} 3.33", "stacking", f"{h} holds {len(a)} armour units: "
                                            f"{self.names(a)}; at most one may occupy a hex at any time.", [h], a))
        return out

    def check_mixed(self, board: Board) -> list:
        out = []
        for h, us in board.at.items():
            c = [u for u in us if self.combat(u)]
            if board.is_hex(h) and len({u.side for u in c}) > 1 and not any(u.has("paradropped") for u in c):
                out.append(self.finding(board, f"{P} 8.14", "stacking", f"{h} holds units of both sides: "
                                        f"{self.names(c)}.", [h], c))
        return out

    def check_water(self, board: Board) -> list:
        """15.52, 17.61: ground units are never on all-sea hexes (a paradrop landing there
        eliminates the unit); naval units only there. Invasion hexes are sea hexes too."""
        out = []
        for u in board.pos.units:
            if not board.is_hex(u.hex):
                continue
            naval = self.is_(u, "im_naval", "kind:naval, class:naval")
            wet = board.is_water(u.hex) or board.terrain(u.hex) == "invasion"
            if self.combat(u) and wet:
                out.append(self.finding(board, f"{P} 15.52", "movement", f"{label(u)} is on {u.hex}, an all-sea hex; "
                                        "a ground unit there is eliminated.", [u.hex], [u]))
            elif naval and not wet:
                out.append(self.finding(board, f"{P} 17.61", "movement", f"{label(u)} is a naval unit on the land hex "
                                        f"{u.hex}.", [u.hex], [u]))
        return out

    def check_landings(self, board: Board) -> list:
        """16.14, 16.33A: units placed by port entry or amphibious invasion ("landed") total at most
        9 SP in the hex, with at most one armour unit. Whether units already in the hex count is open
        (§11 #24): they do by default, since the rule speaks of the stacking limit
        (``im_landing_counts_present = false`` counts only the units landing)."""
        out = []
        for h, us in board.at.items():
            landed = [u for u in us if u.has("landed")]
            if not landed:
                continue
            side = landed[0].side
            counted = board.units(h, side) if self.param("im_landing_counts_present", True) else landed
            total = sum(self.sp(u) for u in counted)
            if total > self.num("invasion_hex_limit_points", 9):
                out.append(self.finding(board, f"{P} 16.33", "stacking", f"{self.names(landed)} landed in {h}, which "
                                        f"then holds {fmt(total)} SP, more than 9; the excess goes to the Delay box.",
                                        [h], landed))
            tanks = [u for u in landed if self.armour(u)]
            if len(tanks) > self.num("invasion_hex_armour_max", 1):
                out.append(self.finding(board, f"{P} 16.33", "stacking", f"{len(tanks)} armour units landed in {h}; "
                                        "one per invasion hex.", [h], tanks))
        return out

    # ---- ZOC (3.2) -------------------------------------------------------------------------------
    def projects(self, board: Board, u: UnitState) -> bool:
        """3.21, 3.24, 3.34: combat units not under an Excess marker; a No-ZOC band unit only when
        a band-free, non-excess combat unit shares its hex."""
        if not self.combat(u) or u.has("excess"):
            return False
        if "no_zoc" not in u.unit.flags:
            return True
        return any(x is not u and x.side == u.side and self.combat(x) and not x.has("excess")
                   and "no_zoc" not in x.unit.flags for x in board.units(u.hex))

    def zoc(self, board: Board, side: str, disrupted: bool = True) -> ZocField:
        """3.22, 3.25: not into forts or all-sea hexes, not across sea hexsides, not across cliffs
        (but a non-disrupted commando's does); a red-box unit's only along roads. With
        ``disrupted=False`` disrupted units are left out (supply, 6.23)."""
        urban = bool(self.param("im_redbox_zoc_urban", False))

        def reach(u: UnitState, src: str, dst: str) -> int:
            feats = board.hexside(src, dst)
            if "sea" in feats or board.is_water(dst) or "fort" in board.features(dst):
                return NONE
            if "cliff" in feats and not (self.commando(u) and not u.has("disrupted")):
                return NONE
            if self.red_box(u) and not board.roads(src, dst) & ROADS:
                if not (urban and (board.terrain(dst) == "urban" or "airfield" in board.features(dst))):
                    return NONE
            return FULL
        return zoc_field(board, side, lambda u: self.projects(board, u) and (disrupted or not u.has("disrupted")),
                         reach)

    def enemy_zoc(self, board: Board, side: str) -> set[str]:
        return {h for e in board.enemies(side) for h in self.zoc(board, e).hexes()}

    # ---- movement (8) ----------------------------------------------------------------------------
    def allowance(self, u: UnitState, board: Board | None = None) -> float:
        """The effective MA (spec §5 "Move legality"); with ``board``, Allied units have -2 on GT1
        of Scenarios 2 and 3 (7.12), applied before halving (inferred: the text gives no order)."""
        if u.mode == "motor_pool":
            return self.num("motor_pool_ma", 10)                       # 18.12
        ma = u.number("movement", float("inf"))                        # unknown: MP not checked
        if board is not None and ma != float("inf") and board.pos.turn == 1 \
                and board.pos.scenario.lower().lstrip("s") in ("2", "3") \
                and u.side != str(self.param("im_supply_side", "axis")):
            ma = max(0, ma - self.num("gt1_allied_ma_penalty", 2))     # 7.12
        if u.has("disrupted") and ma != float("inf"):
            ma = ma // int(self.num("disrupted_ma_divisor", 2))        # 3.83
        if self.armour(u) and u.has("oos"):
            ma = 0                                                     # 6.15
        return ma

    def move_model(self, board: Board, u: UnitState, ez: set[str], with_zoc: bool = True) -> MoveModel:
        costs = CostTable(board, u.unit.movement_class)
        night = str(board.pos.state.get("time", "")).lower() == "night"
        if u.side != "axis" and ("time_unknown" in board.pos.state or
                                 ("weather_unknown" in board.pos.state and not night)):
            # 8.33: ½ MP at Night or in a Storm; unknown, the move is measured at that rate
            night = True
            self.not_judged(f"{P} 8.33", "the Allied road rate (1 MP by day, ½ MP at Night or in a Storm) needs the "
                                         "time of day and the weather, which are unknown: roads are counted at ½ MP")
        road_rate = (self.num("road_cost_axis_mp", 0.5) if u.side == "axis" else
                     self.num("road_cost_allied_night_mp", 0.5) if night else self.num("road_cost_allied_day_mp", 1))
        terrain_cost = {"clear": self.num("clear_cost_mp", 1), "rough": self.num("rough_cost_mp_infantry", 2)}
        side, free = u.side, self.red_box(u) or self.commando(u)
        motor, armour, commando = self.motorized(u), self.armour(u), self.commando(u) and not u.has("disrupted")

        def road(a: str, b: str) -> bool:
            return bool(board.roads(a, b) & ROADS)

        def open_hex(b: str) -> bool:
            return board.terrain(b) == "urban" or "airfield" in board.features(b) or board.terrain(b) == "airfield"

        # spec §11 #21: 18.14 "entirely on roads" read strictly (default: 8.33 also opens urban/airfield)
        pool_roads = u.mode == "motor_pool" and self.flag("im_motor_pool_roads_only", False)

        def off_road_ok(b: str) -> bool:
            return open_hex(b) and not pool_roads

        def cost(a: str, b: str) -> float | None:
            feats = board.hexside(a, b)
            if "sea" in feats or board.is_water(b):
                return None
            if motor and not (road(a, b) or off_road_ok(b)):
                return None                                            # 8.33
            if "cliff" in feats:
                if not commando:
                    return None                                        # 8.35
                t = hex_cost(a, b)
                return None if t is None else t + self.num("commando_cliff_cost_mp", 3)
            if road(a, b) or (board.terrain(a) == board.terrain(b) == "urban" and board.roads(a, b)):
                return road_rate                                       # 8.33, 8.34: no slope either
            t = hex_cost(a, b)
            if t is None:
                return None
            return t + (self.num("slope_uphill_extra_mp", 1) if board.uphill(a, b, "slope") else 0)  # 8.36

        def hex_cost(a: str, b: str) -> float | None:
            t = board.terrain(b)
            if f"move_cost_{t}" in self.game.rules or f"move_cost_{t}_{u.unit.movement_class}" in self.game.rules:
                return costs.terrain_cost(b)
            return terrain_cost.get(t, 1.0)

        def prohibited(a: str, b: str) -> Problem:
            feats = board.hexside(a, b)
            if "cliff" in feats:
                return Problem(f"{P} 8.35", "movement", f"only a non-disrupted commando may cross the cliff "
                                                        f"between {a} and {b}", b)
            if "sea" in feats or board.is_water(b):
                return Problem(f"{P} 8.35", "movement", f"{b} lies across a sea hexside or in the sea", b)
            if motor and not (road(a, b) or off_road_ok(b)):
                return Problem(f"{P} 8.33", "movement", f"a motorized unit may enter {b} only along a road, or "
                                                        "an urban or airfield hex", b)
            return Problem(f"{P} 8.3", "movement", costs.why(a, b), b)

        def inz(h: str) -> bool:
            return with_zoc and h in ez

        def block(a: str, b: str, i: int) -> Problem | None:
            here = board.units(b)
            if any(x.side != side and self.combat(x) for x in here):
                return Problem(f"{P} 8.14", "movement", f"{b} holds enemy combat units", b)
            if armour and any(x.side == side and self.armour(x) and x is not u for x in here):
                return Problem(f"{P} 3.33", "stacking", f"an armour unit may not enter {b}, which holds another "
                                                        "armour unit, even passing through", b)
            if motor and not armour and any(x is not u and x.side == side and self.motorized(x) for x in here) \
                    and not (board.roads(a, b) & {"primary_road"} or open_hex(b)):
                return Problem(f"{P} 3.33", "stacking", f"a motorized unit may enter {b}, which holds another "
                                                        "motorized unit, only along a primary road", b)
            if self.artillery(u) and inz(b) and not any(x.side == side and x is not u for x in here):
                return Problem(f"{P} 8.25", "zoc", f"artillery may not enter enemy ZOC at {b} unless a friendly "
                                                   "unit is there", b)
            if u.mode == "motor_pool" and inz(a) and i > 0:
                return Problem(f"{P} 18.14", "zoc", f"a motor-pool unit may enter enemy ZOC but not move through it "
                                                    f"({a})", b)
            if inz(a) and inz(b) and not free and not (u.mode == "infiltration" and i == 0):
                return Problem(f"{P} 8.24", "zoc", f"it moved directly from enemy ZOC at {a} into enemy ZOC at {b}", b)
            return None

        def stops(a: str, b: str, i: int) -> Problem | None:
            if not inz(b):
                return None
            if u.mode == "motor_pool":
                return Problem(f"{P} 18.14", "zoc", f"a motor-pool unit may enter enemy ZOC ({b}) but not move "
                                                    "through it", b)
            if free and not [x for x in board.units(b) if x is not u]:
                return None                                            # 8.23, 17.31
            return Problem(f"{P} 8.22", "zoc", f"it entered enemy ZOC at {b} and moved on", b)

        return MoveModel(cost=cost, neighbours=board.neighbours, block=block, stops=stops, prohibited=prohibited,
                         extra=lambda a, b, i: self.num("zoc_entry_cost_mp", 1) if inz(b) else 0.0,
                         allowance_rule=f"{P} 8.13")

    def check_moves(self, board: Board) -> list:
        out = []
        zocs: dict[str, set[str]] = {}
        for u in board.pos.units:
            if u.previous is None or not self.combat(u):
                continue
            ez = zocs.setdefault(u.side, self.enemy_zoc(board, u.side))
            night = str(board.pos.state.get("time", "")).lower() == "night"
            if u.side != str(self.param("im_supply_side", "axis")) and self.artillery(u) and u.moved \
                    and u.mode not in ("retreat", "advance") and self.known_time(board, f"{P} 8.41") \
                    and not night:
                out.append(self.finding(board, f"{P} 8.41", "movement", f"{label(u)} is Allied artillery and may move "
                                        "only on Night turns.", [u.hex], [u]))
            if u.mode == "retreat":
                out += self._retreat(board, u, ez)
            elif u.mode == "advance":
                out += self._advance(board, u)
            elif u.mode == "reaction":
                out += self._reaction(board, u, ez)
            else:
                got = self._plain_move(board, u, ez)
                if got and u.mode == "move" and not board.pos.moves_announced:
                    got = unannounced(board, u, got, self._unannounced_modes(board, u, ez))
                out += got
        return out

    def _unannounced_modes(self, board: Board, u: UnitState, ez: set[str]) -> list:
        """The moves a player makes without announcing them, for a logged move: infiltration (8.5;
        never orange-circle units) and, for an eligible Allied unit on a turn that may be a Night
        turn (or in Scenario 1), the motor pool (18.11-18.13)."""
        out = []
        if not self.orange(u):
            out.append(("infiltration (8.5)",
                        lambda: self._plain_move(board, replace(u, mode="infiltration"), ez)))
        time = str(board.pos.state.get("time", "")).lower()
        if u.side != str(self.param("im_supply_side", "axis")) and (time != "am" and time != "pm"
                                                                     or board.pos.scenario.lower().lstrip("s") == "1") \
                and not (self.is_(u, "im_motor_pool_ineligible", POOL_INELIGIBLE) or self.red_box(u)
                         or self.orange(u) or self.pillbox(u)):
            out.append(("the motor pool (18.1)", lambda: self._plain_move(board, replace(u, mode="motor_pool"), ez)))
        return out

    def _plain_move(self, board: Board, u: UnitState, ez: set[str]) -> list:
        """A move in the Movement Phase (mode move, infiltration or motor pool)."""
        out = []
        if u.mode == "infiltration":
            problem = self._infiltration(board, u)
            if problem:
                return [problem]
        if u.mode == "motor_pool" and any(x.side != u.side and self.combat(x)
                                          for n in board.neighbours(u.previous) for x in board.units(n)):
            out.append(self.finding(board, f"{P} 18.14", "zoc", f"{label(u)} used the motor pool from "
                                    f"{u.previous}, next to an enemy combat unit.", [u.previous], [u]))
        return out + move_findings(self, board, u, self.move_model(board, u, ez), self.allowance(u, board),
                                   self.move_model(board, u, ez, with_zoc=False),
                                   zoc_rule=f"{P} 8.22", move_rule=f"{P} 8.13")

    def _infiltration(self, board: Board, u: UnitState):
        """8.5: one hex from enemy ZOC into enemy ZOC, by a unit whose current ER is at least the
        highest ER of the enemy units projecting a ZOC into the hex entered; never orange-circle."""
        steps = len(u.path) - 1 if u.path else (board.distance(u.previous or u.hex, u.hex) or 0)
        if steps != int(self.num("infiltration_hexes", 1)):
            return self.finding(board, f"{P} 8.5", "zoc", f"{label(u)} infiltrated {' → '.join(u.path or (u.previous or '', u.hex))}; "
                                "infiltration is exactly one hex.", [u.hex], [u])
        if self.orange(u):
            return self.finding(board, f"{P} 8.52", "zoc", f"{label(u)} is an orange-circle unit and may not "
                                "infiltrate.", [u.hex], [u])
        er = self.er(u)
        sources = [x for e in board.enemies(u.side) for x in self.zoc(board, e).units(u.hex)]
        best = max((self.er(x) for x in sources), default=0)
        if er < best:
            return self.finding(board, f"{P} 8.5", "zoc", f"{label(u)} (ER {fmt(er)}) infiltrated into {u.hex}, "
                                f"where enemy units of ER {fmt(best)} project a ZOC.", [u.hex], [u] + sources)
        return None

    def er(self, u: UnitState) -> float:
        """3.7: the current ER: printed, -2 disrupted (3.83), -1 out of supply (6.15), at least 1."""
        er = u.number("er", 0) - (self.num("disrupted_er_penalty", 2) if u.has("disrupted") else 0) \
            - (self.num("oos_er_penalty", 1) if u.has("oos") else 0)
        return max(self.num("er_minimum", 1), er)
