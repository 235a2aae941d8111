"""Invasion: Malta zones of control (3.2) and movement (8): who projects a ZOC and where it
reaches, the movement allowance, the move model (costs and stops) and the move check, with the
modes a player need not announce (infiltration 8.5, the motor pool 18.1)."""
from __future__ import annotations

from dataclasses import replace

from ....positions.model import UnitState
from ...base import Trial
from ...core.board import Board
from ...core.costs import CostTable
from ...core.moves import label, move_findings
from ...core.moments import entered_on_path, hex_at, stood, timed_hexes
from ...core.movement import MoveModel, Problem, enemy_held, zoc_stop, zoc_to_zoc
from ...core.stacking import fmt
from ...core.zoc import FULL, NONE, ZocField, zoc_field
from .conditions import InvasionMaltaConditions

#: the key of the infiltration trial (8.5) in a logged move's findings (``details["tried"]``)
INFILTRATION = "infiltration"

P = "IM"
ROADS = {"primary_road", "secondary_road", "road"}


class InvasionMaltaMovement(InvasionMaltaConditions):
    """ZOC, allowance, move model and the move check."""
    ALLOWANCE_RULE = f"{P} 8.13"

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
        urban = bool(self.param("im_redbox_zoc_urban"))

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

    def allowance(self, board: Board, u: UnitState, gt1_unknown_penalty: bool = False) -> float:
        """The effective MA (spec §5 "Move legality"); Allied units have -2 on GT1 of Scenarios 2
        and 3 (7.12), applied before halving (inferred: the text gives no order). Where the
        position may be Scenario 1 as well as 2 or 3 (Malta, no scenario named), the penalty is
        applied only with ``gt1_unknown_penalty`` (:meth:`check_move` asks whether it decides)."""
        if u.mode == "motor_pool":
            return self.num("motor_pool_ma")                       # 18.12
        ma = u.number("movement", float("inf"))                        # unknown: MP not checked
        penalised = self._gt1_penalised(board, u) if ma != float("inf") else False
        if penalised or penalised is None and gt1_unknown_penalty:
            ma = max(0, ma - self.num("gt1_allied_ma_penalty"))     # 7.12
        if u.has("disrupted") and ma != float("inf"):
            ma = ma // int(self.num("disrupted_ma_divisor"))        # 3.83
        if self.armour(u) and u.has("oos"):
            ma = 0                                                     # 6.15
        return ma

    def _gt1_penalised(self, board: Board, u: UnitState) -> bool | None:
        """7.12: whether ``u`` loses 2 MP on GT1 (an Allied unit in Scenario 2 or 3); None when the
        position may be either (:meth:`scenario_in`)."""
        if board.pos.turn != 1 or u.side == str(self.param("im_supply_side")):
            return False
        return self.scenario_in(board.pos, {"2", "3"})

    def move_model(self, board: Board, u: UnitState, ez: set[str], with_zoc: bool = True,
                   by_day: bool = False) -> MoveModel:
        """The costs and bars of ``u``'s move. 8.33: an Allied unit pays ½ MP a road hex at Night
        or in a Storm; where the time or the weather is unknown (:meth:`allied_road_rate_unknown`)
        roads cost ½ MP, the lenient rate, unless ``by_day`` (the day rate, to see whether the
        unknown decides the verdict)."""
        costs = CostTable(board, u.unit.movement_class)
        pos = board.pos
        time, weather = self.condition(pos, "time"), self.weather(pos)
        night = (time == "night" or weather == "storm" or
                 u.side != "axis" and not by_day and bool(self.allied_road_rate_unknown(pos)))
        road_rate = (self.num("road_cost_axis_mp") if u.side == "axis" else
                     self.num("road_cost_allied_night_mp") if night else self.num("road_cost_allied_day_mp"))
        terrain_cost = {"clear": self.num("clear_cost_mp"), "rough": self.num("rough_cost_mp_infantry")}
        side, free = u.side, self.red_box(u) or self.commando(u)
        motor, armour, commando = self.motorized(u), self.armour(u), self.commando(u) and not u.has("disrupted")

        def road(a: str, b: str) -> bool:
            return bool(board.roads(a, b) & ROADS)

        def open_hex(b: str) -> bool:
            return board.terrain(b) == "urban" or "airfield" in board.features(b) or board.terrain(b) == "airfield"

        # spec §11 #21: 18.14 "entirely on roads" read strictly (default: 8.33 also opens urban/airfield)
        pool_roads = u.mode == "motor_pool" and self.flag("im_motor_pool_roads_only")

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
                return None if t is None else t + self.num("commando_cliff_cost_mp")
            if road(a, b) or board.terrain(a) == board.terrain(b) == "urban":
                # 8.33; 8.34: from urban straight into urban across a hexside (not sea or cliff, above) is
                # at the road rate, with or without a drawn road: 「市街地は、複数の道路を含む」. No slope.
                return road_rate
            t = hex_cost(a, b)
            if t is None:
                return None
            return t + (self.num("slope_uphill_extra_mp") if board.uphill(a, b, "slope") else 0)  # 8.36

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
                if u.mode == "motor_pool":
                    return Problem(f"{P} 8.33", "movement", f"a unit moving by the motor pool keeps to the roads "
                                                            f"(18.14): it may enter {b} only along a road"
                                                            + ("" if pool_roads else ", or an urban or airfield hex"), b)
                return Problem(f"{P} 8.33", "movement", f"a motorized unit may enter {b} only along a road, or "
                                                        "an urban or airfield hex", b)
            return costs.problem(f"{P} 8.3", a, b)

        def inz(h: str) -> bool:
            return with_zoc and h in ez

        def block(a: str, b: str, i: int) -> Problem | None:
            here = board.units(b)
            if any(x.side != side and self.combat(x) for x in here) and not (b == u.hex and not self.drift_hex(board, b)):
                # the hex the unit ended in: the every-moment rule (check_mixed) names it and the move
                return enemy_held(f"{P} 8.14", b, "enemy combat units")
            # 3.33: the friendly units in the hex when this unit entered it: those that did not move
            # this phase, and in a log (the moments known) those that moved and stood there at that
            # moment (a moved unit's place at that moment is otherwise unknown: see unordered_passes)
            if armour and (any(x.side == side and self.armour(x) and x is not u and x.previous is None for x in here)
                           or self.met(board, u, i, b, self.armour)):
                return Problem(f"{P} 3.33", "stacking", f"an armour unit may not enter {b}, which holds another "
                                                        "armour unit, even passing through", b)
            if motor and not armour and (any(x is not u and x.side == side and self.motorized(x) and x.previous is None
                                             for x in here) or self.met(board, u, i, b, self.motorized)) \
                    and not (board.roads(a, b) & {"primary_road"} or open_hex(b)):
                return Problem(f"{P} 3.33", "stacking", f"a motorized unit may enter {b}, which holds another "
                                                        "motorized unit, only along a primary road", b)
            if self.artillery(u) and inz(b) and not any(x.side == side and x is not u for x in here):
                return Problem(f"{P} 8.25", "zoc", f"artillery may not enter enemy ZOC at {b} unless a friendly "
                                                   "unit is there", b)
            if u.mode == "motor_pool" and inz(a) and i > 0:
                return Problem(f"{P} 18.14", "zoc", f"a motor-pool unit may enter enemy ZOC but not move through it "
                                                    f"({a})", b)
            # 8.24 is the rule of a unit that starts its move in enemy ZOC (i == 0); one that entered
            # enemy ZOC on the way had to stop there (8.22), which is that hex's finding
            if i == 0 and inz(a) and inz(b) and not free and u.mode != "infiltration":
                return zoc_to_zoc(f"{P} 8.24", a, b)
            return None

        def stops(a: str, b: str, i: int) -> Problem | None:
            if not inz(b):
                return None
            if u.mode == "motor_pool":
                return Problem(f"{P} 18.14", "zoc", f"a motor-pool unit may enter enemy ZOC ({b}) but not move "
                                                    "through it", b)
            if free and not [x for x in board.units(b) if x is not u]:
                return None                                            # 8.23, 17.31
            return zoc_stop(f"{P} 8.22", b)

        def explain(a: str, b: str) -> str:
            """8.36: the slope's +1 of an uphill step off the road, which the unit needs MP for too."""
            c = cost(a, b)
            t = hex_cost(a, b)
            extra = self.num("slope_uphill_extra_mp")
            if c is None or t is None or not board.uphill(a, b, "slope") or c != t + extra:
                return ""                                              # along a road (8.33), a cliff
            return (f"step {a} → {b} costs {fmt(c)}: {fmt(t)} for the hex and +{fmt(extra)} for the uphill "
                    "slope, 8.36")

        return MoveModel(cost=cost, neighbours=board.neighbours, block=block, stops=stops, prohibited=prohibited,
                         extra=lambda a, b, i: self.num("zoc_entry_cost_mp") if inz(b) else 0.0,
                         allowance_rule=self.ALLOWANCE_RULE, explain=explain)


    def met(self, board: Board, u: UnitState, i: int, b: str, kind) -> bool:
        """3.33 in a log: whether a friendly unit of ``kind`` that moved this phase stood in ``b``
        when ``u`` entered it by step ``i`` of its path (the moments known; False otherwise)."""
        moment = entered_on_path(u, i, b)
        if moment is None:
            return False
        came = hex_at(u, moment)

        def with_u(x: UnitState) -> bool:
            # a unit that entered ``b`` at the same moment from the same hex moved with ``u`` (a
            # stack dragged together, one step): it passed through no one (3.33 「通過」)
            return hex_at(x, moment) == came and any(h == b and t == moment
                                                     for h, t in zip(timed_hexes(x) or (), x.times or ()))
        return any(x is not u and x.side == u.side and kind(x) and stood(x, b, moment) and not with_u(x)
                   for x in board.pos.movers)

    def unordered_passes(self, board: Board, u: UnitState) -> list[str]:
        """3.33: the hexes of ``u``'s stated path (past its start) that another friendly armour unit
        (for an armour unit) or motorized unit, armour included (for a motorized one, off primary
        roads, urban and airfield hexes: as ``block`` counts them) entered, left or crossed in a move of its own this phase. A position does
        not order the moves, so whether the two stood in the hex at once is unknown: the pass is not
        judged (a unit that did not move stands where it stood all phase, and is judged). In a log
        the moments of both moves (``UnitState.times``) order them: such a pass is judged (by the
        move model's ``block``) and is not listed here."""
        if not self.motorized(u):
            return []
        if not u.path:
            return self.long_drag_passes(board, u)
        armour = self.armour(u)
        out = []
        for i, (a, b) in enumerate(zip(u.path, u.path[1:])):
            if b == u.hex:
                continue                       # the end hex: the every-moment rule reads it (check_armour)
            if not armour and (board.roads(a, b) & {"primary_road"} or board.terrain(b) in ("urban", "airfield")
                               or "airfield" in board.features(b)):
                continue
            moment = entered_on_path(u, i, b)
            for x in board.pos.movers:
                if x is u or x.side != u.side or not (self.armour(x) if armour else self.motorized(x)):
                    continue
                if moment is not None and stood(x, b, moment) is not None:
                    continue                   # both moves' moments known: judged by block
                if b == x.hex or b == x.previous or (x.path and b in x.path):
                    out.append(b)
                    break
        return out

    @staticmethod
    def unordered_why(board: Board, u: UnitState) -> str:
        """Why a pass of :meth:`unordered_passes` is not judged: a position file orders no moves;
        a log records where each drag ended, not the hexes a drag over several hexes passed
        (``u`` without a path), nor the order of moves it did not follow (a move carried from a
        file it was not audited with, a drag back by hand to a hex held before)."""
        if board.pos.moves_announced:
            return "the position does not say which moved first"
        if not u.path:
            return ("a drag over several hexes: the log records where it ended, not the hexes it passed, "
                    "and the other unit stood on a way between then")
        return "the log does not order the two moves (a path not followed drag by drag)"

    def long_drag_passes(self, board: Board, u: UnitState) -> list[str]:
        """3.33 for a move with a drag over several hexes (no ``path``): the log records where
        each drag ended, not the hexes between, so a friendly unit of ``u``'s kind that moved
        this phase and stood (or may have stood: moments unknown) on a shortest way between a
        drag's ends, or on a drag end short of the last, when ``u`` made that drag may have been
        passed through: those hexes (the search of a route judges only the units that did not
        move). A unit that moved through a hex in one drag of its own stood there at no moment."""
        seq = u.stops or ((u.previous, u.hex) if u.previous is not None else None)
        if not seq or len(seq) < 2 or not all(board.is_hex(h) for h in seq):
            return []
        times = u.times if u.times is not None and len(u.times) == len(seq) else None
        armour = self.armour(u)
        kind = self.armour if armour else self.motorized
        movers = [x for x in board.pos.movers if x is not u and x.side == u.side and kind(x)]
        out: list[str] = []
        for j, (a, c) in enumerate(zip(seq, seq[1:])):
            d = board.distance(a, c)
            if d is None:
                continue
            for x in movers:
                hexes = {h for h in (x.hex, x.previous, *(x.path or ()), *(x.stops or ())) if h is not None}
                for h in sorted(hexes):
                    if h == a or (h == c and c == u.hex) or h in out:
                        continue           # the start, and the end hex (the every-moment rule reads it)
                    da, dc = board.distance(a, h), board.distance(h, c)
                    if da is None or dc is None or (h != c and da + dc != d):
                        continue
                    if not armour and (board.terrain(h) in ("urban", "airfield") or "airfield" in board.features(h)):
                        continue
                    if times is None or stood(x, h, times[j + 1]) is not False:
                        out.append(h)
        return out

    def unannounced_trials(self, board: Board, u: UnitState, ez: set[str]) -> list:
        """The moves a player makes without announcing them, for a logged move: infiltration (8.5;
        never orange-circle units) and, for an eligible Allied unit on a turn that may be a Night
        turn (or in Scenario 1), the motor pool (18.11-18.13)."""
        out = []
        if not self.orange(u):
            out.append(Trial("infiltration (8.5)",
                        lambda: self.check_move(board, replace(u, mode="infiltration"), ez), INFILTRATION))
        time = str(board.pos.state.get("time", "")).lower()
        if u.side != str(self.param("im_supply_side")) and (time != "am" and time != "pm"
                                                                     or self.scenario_no(board.pos) == "1") \
                and not self.motor_pool_barred(u):
            out.append(Trial("the motor pool (18.1)", lambda: self.check_move(board, replace(u, mode="motor_pool"), ez)))
        return out

    def failed_trials(self, board: Board, u: UnitState, got: list) -> list:
        """Where the infiltration tried failed on the ER (8.5: the unit's current ER below an enemy's
        projecting a ZOC into the hex entered), the finding names the unit and those enemy units as
        ``by``: its verdict read their ERs (``inputs.READS``, ``tried:``); a trial that failed
        otherwise did not turn on an ER."""
        if not any(INFILTRATION in f.details.get("tried", ()) for f in got):
            return got
        er = self._infiltration(board, replace(u, mode="infiltration"))
        if er is None or er.part != "er":
            return got
        return [replace(f, by=tuple(dict.fromkeys((*f.by, *er.units)))) for f in got]

    def check_move(self, board: Board, u: UnitState, ez: set[str]) -> list:
        """A move in the Movement Phase (mode move, infiltration or motor pool)."""
        out = []
        if u.mode != "motor_pool" and self.zero_ma(u):
            # 8.15, 14.23, 6.15: a 0-MA unit (a pillbox, OoS armour) never moves on its own (the motor
            # pool, 18.1, is the one exception): the rule is its MA, not the cost of the path
            rule, why = ((f"{P} 14.23", "a pillbox never moves") if self.pillbox(u) else
                         (f"{P} 6.15", "out-of-supply armour has no MA") if self.armour(u) and u.has("oos") else
                         (f"{P} 8.15", "a unit with an MA of 0 does not move (save by the motor pool, 18.1)"))
            return [self.finding(board, rule, "movement", f"{label(u)} moved from {u.previous} to {u.hex}, but {why}.",
                                 [u.previous or u.hex, u.hex], [u])]
        if u.mode == "infiltration":
            problem = self._infiltration(board, u)
            if problem:
                return [problem]
        prev = u.previous
        if u.mode == "motor_pool" and prev is not None and any(x.side != u.side and self.combat(x)
                                                               for n in board.neighbours(prev) for x in board.units(n)):
            out.append(self.finding(board, f"{P} 18.14", "zoc", f"{label(u)} used the motor pool from "
                                    f"{prev}, next to an enemy combat unit.", [prev], [u]))
        unordered = self.unordered_passes(board, u)
        if unordered:
            self.not_judged(f"{P} 3.33", f"{label(u)} passed through {', '.join(unordered)}, which another "
                                         "friendly unit of its kind entered or left in a move of its own; "
                                         + self.unordered_why(board, u))
        found = self._measured(board, u, ez)
        unknown = self.allied_road_rate_unknown(board.pos) if u.side != "axis" else ""
        if unknown and len(self._measured(board, u, ez, by_day=True)) > len(found):
            # the move is legal at ½ MP a road hex, not at the day rate: the unknown decides it
            self.not_judged(f"{P} 8.33", f"{label(u)}'s move is legal only at the Allied road rate of Night or a Storm "
                                         f"(½ MP; 1 MP by day in other weather), and {unknown}: roads are counted "
                                         "at ½ MP")
        if self._gt1_penalised(board, u) is None and u.mode != "motor_pool" \
                and len(self._measured(board, u, ez, gt1_penalty=True)) > len(found):
            self.not_judged(f"{P} 7.12", f"{label(u)}'s GT1 move is legal at its full MA, not at 2 MP less, which "
                                         f"Scenarios 2 and 3 take from Allied units on GT1; {self._unnamed(board.pos)}")
        return out + found

    def _measured(self, board: Board, u: UnitState, ez: set[str], by_day: bool = False,
                  gt1_penalty: bool = False) -> list:
        return move_findings(self, board, u, self.move_model(board, u, ez, by_day=by_day),
                             self.allowance(board, u, gt1_unknown_penalty=gt1_penalty),
                             self.move_model(board, u, ez, with_zoc=False, by_day=by_day),
                             zoc_rule=f"{P} 8.22", move_rule=f"{P} 8.13")

    def allied_road_rate_unknown(self, pos) -> str:
        """8.33: why the Allied road rate is unknown ("" when known): neither a Night nor a Storm
        is known, and the time or the weather is not."""
        time, weather = self.condition(pos, "time"), self.weather(pos)
        if time == "night" or weather == "storm" or (time and weather):
            return ""
        return " and ".join(f"the {what} is unknown ({self.unknown_condition(pos, key)})" for what, key in
                            (("time of day", "time"), ("weather", "weather")) if self.unknown_condition(pos, key))

    def _infiltration(self, board: Board, u: UnitState):
        """8.5: one hex from enemy ZOC into enemy ZOC, by a unit whose current ER is at least the
        highest ER of the enemy units projecting a ZOC into the hex entered; never orange-circle."""
        steps = len(u.path) - 1 if u.path else (board.distance(u.previous or u.hex, u.hex) or 0)
        if steps != int(self.num("infiltration_hexes")):
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
                                f"where enemy units of ER {fmt(best)} project a ZOC.", [u.hex], [u] + sources,
                                part="er", by=sources)
        return None

    def er(self, u: UnitState) -> float:
        """3.7: the current ER: printed, -2 disrupted (3.83), -1 out of supply (6.15), at least 1."""
        er = u.number("er", 0) - (self.num("disrupted_er_penalty") if u.has("disrupted") else 0) \
            - (self.num("oos_er_penalty") if u.has("oos") else 0)
        return max(self.num("er_minimum"), er)
