"""Operation Mercury stacking (4.3): 6 points per hex, no hex holds both sides (4.16), Greek
militia per sector (13.61), drop and landing hexes (6.12, 17.43), assaults (10.1), and ground
units never on all-water hexes (6.2)."""
from __future__ import annotations

from ....positions.model import UnitState
from ...core.board import Board
from ...core.moves import label
from ...core.stacking import fmt, mixed, overstacked, simple_points
from ...core.tracker_lag import Lag, from_tracker
from ..other_side_box import name_not_judged, other_side
from .movement import NAVAL
from .memory import AMPHIBIOUS, DROP_PHASES, GERMAN_MOVE, PARADROP, arrivals, drop_boxes, unit_steps, wave_turns
from .units import OperationMercuryUnits

P = "OM"


class OperationMercuryStacking(OperationMercuryUnits):
    """The stacking rules."""

    def check_stacking(self, board: Board) -> list:
        limit = self.stacking_limit()
        boxes = self.flag("om_box_stacking")
        out = []
        for side in self.game.sides:
            for s in overstacked(board, side, simple_points(self.points),
                                 lambda h: limit if (boxes or board.is_hex(h)) else None, self.ground):
                out.append(self.finding(board, f"{P} 4.31", "stacking",
                                        f"{s.hex} holds {fmt(s.points)} stacking points of {self.side_name(side)} "
                                        f"units at the end of the phase, more than {fmt(limit)}: {self.names(s.units)}. "
                                        "The owner must eliminate units until the stack is legal (4.32).",
                                        [s.hex], s.units, points=s.points, limit=limit))
        return out

    def check_mixed(self, board: Board) -> list:
        out = []
        for h, g in mixed(board, self.ground, boxes=True):
            out.append(self.finding(board, f"{P} 4.16", "stacking",
                                    f"{h} holds ground units of both sides at the end of the phase: "
                                    f"{self.names(g)} (4.16, 4.55).", [h], g))
        return out

    def check_militia(self, board: Board) -> list:
        cap = self.num("greek_militia_per_sector")
        by_sector: dict[str, list[UnitState]] = {}
        for u in board.pos.units:
            if board.is_hex(u.hex) and self.is_(u, "om_militia"):
                for a in board.areas(u.hex):
                    if board.map.areas[a].kind == "sector":
                        by_sector.setdefault(a, []).append(u)
        return [self.finding(board, f"{P} 13.61", "stacking",
                             f"{len(us)} Greek militia units in sector {board.map.areas[a].name}, more than {fmt(cap)}: "
                             f"{self.names(us)}.", [u.hex for u in us], us)
                for a, us in by_sector.items() if len(us) > cap]

    def check_water(self, board: Board) -> list:
        """6.2, 17.24: a ground unit on an all-water hex is eliminated."""
        return [self.finding(board, f"{P} 6.2", "movement", f"{label(u)} is on {u.hex}, an all-water hex; a ground "
                             "unit there is eliminated.", [u.hex], [u])
                for u in board.pos.units if self.ground(u) and board.is_hex(u.hex) and board.is_water(u.hex)]

    def check_drops(self, board: Board) -> list:
        """6.12d: the para and glider units placed on one target hex total at most 6 SP, checked at
        placement, before drift (a position ``at = "during"`` an arrival phase before the German
        Movement Phase, on units still standing where they were placed: ``previous`` a box, or
        none); a log records no target hex, so 6.12 is not judged there (``LOG_PRECONDITIONS``). In
        the German Movement Phase units stack freely until the phase end (4.31), so units dropped
        earlier that meet there were not placed together: 6.12 is named not judged for a drop seen
        there. 17.43 A2: at most 6 steps land in one hex, 「強襲上陸フェイズ中」 only (17.43 A), during the
        phase and at its end: 「漂流と上陸状況の判定後、いずれかの上陸ヘクス内に6ヘクス[ステップ]を超えて
        留まると、超過ステップは直ちに除去される」 (after drift, so never left standing at the phase end).
        (6.11, the wave's turn: :meth:`check_wave_turns`, its own rule.)"""
        out: list = []
        pos = board.pos
        if pos.phase and pos.at != "during":
            # 17.43 A2 holds at the Amphibious Landing Phase's end too (round rulepos30: 7 steps left
            # in W4318 at its end passed as legal)
            return self._landing_steps(board) if pos.phase == AMPHIBIOUS else out
        if not pos.phase or (pos.phase in DROP_PHASES and pos.phase != GERMAN_MOVE and pos.moves_announced):
            out += self._target_hexes(board)
        elif pos.phase == GERMAN_MOVE:
            self._name_late_drops(board)
        if not pos.phase or pos.phase == AMPHIBIOUS:
            out += self._landing_steps(board)
        return out

    def _placed(self, board: Board) -> list[UnitState]:
        """The paradrop arrivals still on the hex they were placed on: ``previous`` a box (this
        step's placement) or not stated; a unit that moved on from a hex since is left out."""
        dropped = {uid for uid, a in arrivals(self, board.pos).items() if a.get("how") == "paradrop"}
        return [u for u in board.pos.units if u.id in dropped and (not u.previous or board.is_box(u.previous))]

    def _target_hexes(self, board: Board) -> list:
        out: list = []
        limit = self.num("paradrop_stacking_limit_points")
        by_hex: dict[str, list[UnitState]] = {}
        for u in self._placed(board):
            by_hex.setdefault(u.hex, []).append(u)
        for h, drops in by_hex.items():
            pts = sum(self.points(u) for u in drops)
            if pts > limit:
                out.append(self.finding(board, f"{P} 6.12", "stacking", f"{fmt(pts)} stacking points of para and "
                                        f"glider units were placed on target hex {h}, more than {fmt(limit)}: "
                                        f"{self.names(drops)}.", [h], drops))
            out += self._wave_rules(board, drops)
        return out

    def _name_late_drops(self, board: Board) -> None:
        """A wave-box unit placed in the German Movement Phase: its target hex is not told from
        the free moves and stacking of that phase (4.31), nor its moves from its drift (4.18), nor
        a late drop from an airlanding (6.51): named, not judged."""
        waves = drop_boxes(self)
        late = [u for u in board.pos.units if u.previous in waves and board.is_hex(u.hex)]
        if late:
            who = f"{label(late[0])} left the wave box {late[0].previous} in the German Movement Phase"
            self.not_judged(f"{P} 6.12", f"{who}, where units stack freely until the phase end (4.31): its "
                                         "target hex and the 6 SP on it (6.12d, 6.12b) are not judged")
            self.not_judged(f"{P} 4.18", f"{who}: its moves after the drop in that phase are not told from its "
                                         "drift (6.2), so its 1-hex limit on the arrival turn is not judged")
            self.not_judged(f"{P} 6.51", f"{who}: read as a late paradrop (6.11), so whether it was instead an "
                                         "airlanding (6.51, 6.52) is not judged")

    def _landing_steps(self, board: Board) -> list:
        out: list = []
        for h, us in board.at.items():
            landed = [u for u in us if u.has("landed")]
            steps = sum(unit_steps(u) for u in landed)
            if steps > self.num("amphibious_landing_limit_steps"):
                out.append(self.finding(board, f"{P} 17.43", "stacking", f"{steps} steps landed in {h}, more than 6: "
                                        f"{self.names(landed)}; the excess steps are lost.", [h], landed))
        return out

    def wave_boxes(self) -> dict[str, int | None]:
        """6.11: the wave boxes (``om_wave_boxes``) and the turn each paradrops on (None: the
        set-up card's turn)."""
        return wave_turns(self)

    def check_wave_turns(self, board: Board) -> list:
        """6.11: first-wave units paradrop on GT1, second-wave units on GT2. A drop is a unit that
        arrived by paradrop from a wave box this turn (``om_arrivals`` with ``from``: in whatever
        phase the tracker showed, 6.11), a unit with the ``paradropped`` status or, in the German
        Paradrop Phase, one on a map hex that stood in a wave box: where its recorded move began,
        else (a log) at the previous phase end. The turn does not depend on where the unit drifted,
        so a log judges it."""
        waves, turn = self.wave_boxes(), board.pos.turn
        if turn is None:
            self._name_other_side_boxes(board, waves)
            return []
        ends = self.memory(board.pos).om_end_hexes if board.pos.phase == PARADROP else None
        arrived = arrivals(self, board.pos)
        reserve = str(self.param("om_reserve_wave_box"))
        late = [uid for uid, a in arrived.items() if a.get("how") == "paradrop" and a.get("from") == reserve]
        if late:
            # 6.11 「予備波ユニットは、ドイツ軍セットアップ・カード上に列記されたターンに落下傘降下する」:
            # the set-up card's turn is not in the kit
            self.not_judged(f"{P} 6.11", f"the turn the reserve wave paradrops on is listed on the German set-up "
                                         f"card, which the kit does not hold, so whether {late[0]} dropped on its "
                                         "turn is not judged")
        out = []
        for u in board.pos.units:
            a = arrived.get(u.id, {})
            dropped = a.get("how") == "paradrop" and a.get("from") in waves
            src = a["from"] if dropped else u.previous or (ends.get(u.id, "") if isinstance(ends, dict) else "")
            if waves.get(src) is None or turn == waves[src] or not board.is_hex(u.hex) or other_side(board, u, src):
                continue
            if dropped or u.has("paradropped") or board.pos.phase == PARADROP:
                out.append(self.finding(board, f"{P} 6.11", "stacking", f"{label(u)} paradropped from {src} on turn "
                                        f"{turn}; that wave paradrops on turn {waves[src]}.", [u.hex], [u]))
        # one finding a unit: a drop on the wrong turn is not also a box left out of its phase
        found = {uid for f in out for uid in f.units}
        left = [f for f in self._left_a_wave_box(board) if not found & set(f.units)]
        out += self._left_in_wave_box(board, waves, turn) + left
        # after 6.11's own reasons (a rule keeps the first reason it is given): those say more
        self._name_other_side_boxes(board, waves)
        return out

    def _name_other_side_boxes(self, board: Board, waves: dict) -> None:
        """A unit of the other side in a German box (an Allied unit in a wave box) or an Allied one:
        6.11 lists German units in the wave boxes, and 3.0 gives each player's set-up card its own
        units; neither says what a unit of the other side there means: named not judged, and no
        6.11 check reads it. Naval units are judged where they are (16.15, 16.16, 16.41)."""
        name_not_judged(self, board, lambda box: f"{P} 6.11" if box.id in waves else f"{P} 3.0",
                        lambda u, box: NAVAL.matches(board.pos.game, u))

    def _left_in_wave_box(self, board: Board, waves: dict, turn: int) -> list:
        """6.11 「「第二波」ユニットは、全てゲーム・ターン2に落下傘降下する」: a unit still in a wave box
        at the end of its turn's German Movement Phase, or at a phase end of a later turn, did not drop
        when the whole wave must. A unit leaving a wave box in that German Movement Phase is read as
        the paradrop (a tracker moved on early), so at the end of the Paradrop Phase itself a unit
        still in the box is named not judged (in a log, where the next phase end judges it, nothing is
        said: rv-om22 item 2, a legal drop one phase late read "is still in" its box). A finding in a
        position file only: a log (which carries the phase ends, ``om_end_hexes``) plays a scenario it
        does not know, and a scenario's set-up may leave wave units unused in their boxes (Scenario 3
        drops no Vogel unit, 14.3), so there the unit is named not judged (oracle21's om-boxback21: it
        passed unnamed)."""
        if board.pos.at != "end":
            return []
        in_log = from_tracker(board.pos)
        order = [ph.id for ph in board.pos.game.sequence.phases]
        here = order.index(board.pos.phase) if board.pos.phase in order else None
        drop = order.index(PARADROP) if PARADROP in order else None
        move = order.index(GERMAN_MOVE) if GERMAN_MOVE in order else None
        out = []
        for u in board.pos.units:
            due = waves.get(u.hex)
            if due is None or turn < due or other_side(board, u, u.hex):
                continue
            if turn == due and (here is None or drop is None or move is None or here < drop):
                continue
            lagging = turn == due and here is not None and move is not None and here < move
            if lagging and in_log:
                continue        # said at the German Movement Phase's end (a drop there is the paradrop), not judged there
            if lagging:
                self.not_judged(f"{P} 6.11", f"{label(u)} is still in {u.hex} at the end of the {board.pos.phase} "
                                             f"phase of turn {turn}: a drop seen in the German Movement Phase is read "
                                             "as the paradrop (a tracker moved on early), so it is judged at that "
                                             "phase's end")
                continue
            said = f"{label(u)} is still in {u.hex} on turn {turn}; that whole wave paradrops on turn {due}"
            if in_log:          # (no "judged at that phase's end" in a log: it never is)
                self.not_judged(f"{P} 6.11", f"{said}: a log names no scenario, and a scenario's set-up may leave "
                                             "units unused in a wave box (14.0)")
                continue
            out.append(self.finding(board, f"{P} 6.11", "stacking", f"{said}.", [u.hex], [u]))
        return out

    def _left_a_wave_box(self, board: Board) -> list:
        """6.11 「ドイツ軍落下傘降下フェイズ中、ドイツ軍セットアップ・カードから取り上げられた使用可能な落下傘と
        グライダーのユニットは、ゲーム・マップ上のそれらの目標ヘクス内に置かれる」: a wave box's units reach the
        map only by paradrop, placed in the German Paradrop Phase. In a log the window is the
        tracker-lag policy's (:mod:`.core.tracker_lag`, omlag25): a wave unit on a map hex seen one
        press of Next from this turn's Paradrop Phase (the Naval Unloading, German Movement Phase) is
        read as the paradrop and the phase of the drop named not judged; two presses or more off (the
        Amphibious Landing Phase too) it is a finding, before or after the phase, whatever the record
        shows of the turn (a wave due on an earlier turn, one of the readings below, a finding too),
        once a phase end stands in the record (``om_last_end``): before any, the tracker may never
        have been pressed (the audit's "Was the tracker advanced?"), and the readings below hold.
        In a position file: a unit on a map hex that stood in a
        wave box (where its recorded move began, else at the last phase end) while the phase is none of
        the four a drop is read in (``DROP_PHASES``): after them
        in the turn, this turn's Paradrop Phase is over: a finding when a phase end of this turn at or
        after the Paradrop Phase stands in the record (``om_last_end``; a position file states its own
        phase), else the tracker may still show the previous turn (not pressed on across the turn
        boundary): not judged; before them, the tracker may not have been advanced yet (a record's phase is the tracker's):
        not judged. A lagging tracker means the real turn is at least the one shown: a wave due on an
        earlier turn (6.11 「第一波…ゲーム・ターン1」, 「第二波…ゲーム・ターン2」), or on this one with the
        phase after its Paradrop Phase, is a finding on every reading."""
        pos = board.pos
        log = from_tracker(pos)
        window = self.lag_of_phase(pos, pos.turn, PARADROP) if log else None
        if not pos.phase or (pos.phase in DROP_PHASES if not log else window is Lag.IN):
            return []
        order = [p.id for p in pos.game.sequence.phases]
        if pos.phase not in order or PARADROP not in order:
            return []
        after = order.index(pos.phase) > order.index(PARADROP)
        waves = drop_boxes(self)
        turns = self.wave_boxes()       # (the reserve wave's turn is the set-up card's: not in it)
        ends, last = self.memory(pos).om_end_hexes, self.memory(pos).om_last_end
        # (no record: a position file, which states its phase; in a log, the end of the very phase
        # a drag is judged in shows nothing of the tracker when the drag was made: a Combat Phase
        # drag is judged as an advance, and again at that phase's end)
        shown = (ends is None and pos.moves_announced) or (isinstance(last, dict) and last.get("turn") == pos.turn
                                 and (last.get("phase") != pos.phase or pos.moves_announced)
                                 and last.get("phase") in order
                                 and order.index(str(last["phase"])) >= order.index(PARADROP))
        # the tracker set, not pressed, past this turn's Paradrop Phase: the last recorded phase end is
        # this turn's, at or before that phase, yet the tracker stands two presses or more after it, so
        # the play may still be in it (``carried.may_lag``'s last-end leg; review rv-p25 item 3)
        jumped = (log and after and window is Lag.OUT and isinstance(last, dict) and last.get("turn") == pos.turn
                  and last.get("phase") in order and order.index(str(last["phase"])) <= order.index(PARADROP))
        # (asked at every position: the units in a wave box at the last phase end, found once per end)
        known = getattr(self, "_in_waves", None)
        if known is None or known[0] is not ends:
            known = self._in_waves = (ends, {uid: h for uid, h in ends.items() if h in waves}
                                      if isinstance(ends, dict) else {})
        in_waves = known[1]
        out = []
        candidates = [u for u in pos.movers if u.id not in in_waves]
        if in_waves:
            candidates += [u for u in pos.units if u.id in in_waves]
        for u in candidates:
            src = u.previous if u.previous in waves else in_waves.get(u.id)
            if src not in waves or not board.is_hex(u.hex) or other_side(board, u, src):
                continue
            name = pos.phase_name
            # a lagging tracker: the real turn is at least the one shown, so a wave due on an earlier
            # turn (or on this one, its Paradrop Phase passed) is late on every reading
            due = turns.get(src)
            late = due is not None and pos.turn is not None and (due <= pos.turn if after else due < pos.turn)
            if window is Lag.MAYBE:
                # read as the paradrop (``arrivals``); one on the wrong turn is :meth:`check_wave_turns`'s
                if not (due is not None and pos.turn is not None and due < pos.turn):
                    self.not_judged(f"{P} 6.11", f"{label(u)} left {src} for {u.hex} in the {name} of turn "
                                                 f"{pos.turn}, a phase from its German Paradrop Phase: read as the "
                                                 "paradrop, made with the tracker a phase behind or ahead")
            elif jumped and due == pos.turn and isinstance(last, dict):
                # (a wave due this turn only: one due later drops in no Paradrop Phase the tracker was
                # set past, and the reserve wave's turn is the set-up card's, not in the kit)
                ended = next((p.name for p in pos.game.sequence.phases if p.id == last["phase"]), last["phase"])
                self.not_judged(f"{P} 6.11", f"{label(u)} left {src} for {u.hex} in the {name} of turn {pos.turn}, "
                                             f"the last recorded phase end that turn's {ended}: the tracker was set "
                                             "past the German Paradrop Phase, not pressed through it, so the drop may "
                                             "be the paradrop and is not judged")
            elif window is Lag.OUT and not late and isinstance(last, dict):
                # (with no phase end in the record the tracker may never have been pressed: the
                # audit reads no phase then, below, as it lists such moves "out of phase")
                where = "after" if after else "before"
                out.append(self.finding(board, f"{P} 6.11", "stacking", f"{label(u)} left {src} for {u.hex} in the "
                                        f"{name} of turn {pos.turn}, {where} this turn's German Paradrop Phase and "
                                        "two phases or more from it, more than a log's tracker lags the play: a wave "
                                        "box's units land only by paradrop, placed in that phase.", [u.hex], [u]))
            elif after and shown:
                out.append(self.finding(board, f"{P} 6.11", "stacking", f"{label(u)} left {src} for {u.hex} in the "
                                        f"{name}, after this turn's German Paradrop Phase: a wave box's units land "
                                        "only by paradrop, placed in that phase.", [u.hex], [u]))
            elif late:
                out.append(self.finding(board, f"{P} 6.11", "stacking", f"{label(u)} left {src} for {u.hex} in the "
                                        f"{name} of turn {pos.turn}; that wave paradrops in the German Paradrop "
                                        f"Phase of turn {due}, past even if the tracker lags behind the play: a "
                                        "wave box's units land only by paradrop, placed in that phase.",
                                        [u.hex], [u]))
            elif after:
                self.not_judged(f"{P} 6.11", f"{label(u)} left {src} for {u.hex} in the {name} of turn {pos.turn}, "
                                             "and no phase end of that turn at or after its German Paradrop Phase "
                                             "stands in the record: the tracker may not have been advanced past the "
                                             "previous turn yet, so the drop is not judged")
            else:
                self.not_judged(f"{P} 6.11", f"{label(u)} left {src} for {u.hex} in the {name}, before this turn's "
                                             "German Paradrop Phase: a wave box's units land only by paradrop in "
                                             "that phase, but the tracker may not have been advanced to it yet, "
                                             "so the drop is not judged")
        return out

    def _wave_rules(self, board: Board, drops: list) -> list:
        """6.12b: a reserve-wave unit's target hex lies within 6 hexes of a German HQ. Reading: an HQ
        already on the map, not one being placed in this Paradrop Phase (targets are chosen before
        anything lands); no such HQ at all: the target is out of range."""
        out = []
        reserve = str(self.param("om_reserve_wave_box"))
        reach = self.num("paradrop_reserve_max_hq_distance")
        hqs = [h for h in board.pos.units if h.side == "german" and self.is_(h, "om_hq") and board.is_hex(h.hex)
               and not h.has("paradropped") and not (h.previous and board.is_box(h.previous))]
        for u in drops:
            src = u.previous or ""
            if src == reserve and board.is_hex(u.hex):
                near = [d for d in (board.distance(h.hex, u.hex) for h in hqs) if d is not None]
                if not near or min(near) > reach:
                    got = f"the nearest German HQ is {min(near)} hexes away" if near else "no German HQ is on the map"
                    out.append(self.finding(board, f"{P} 6.12", "stacking", f"{label(u)} of the reserve wave was "
                                            f"placed on target hex {u.hex}, but {got}; its target lies within "
                                            f"{fmt(reach)} hexes of a German HQ (6.12b).", [u.hex], [u],
                                            part="reserve"))
        return out

    def check_assaults(self, board: Board) -> list:
        """9.0, 10.1 A: the units assaulting one hex total at most 6 SP."""
        out = []
        limit = self.num("assault_stacking_limit_points")
        for atk in board.pos.attacks:
            if atk.kind != "assault":
                continue
            us = [u for u in (board.pos.unit(i) for i in atk.units) if u is not None]
            pts = sum(self.points(u) for u in us)
            if pts > limit:
                out.append(self.finding(board, f"{P} 10.1", "stacking", f"{fmt(pts)} stacking points assault {atk.hex}, "
                                        f"more than {fmt(limit)}: {self.names(us)}.", [atk.hex], us))
            self._assault_occupation(board, atk.hex, us)
        return out

    def _assault_occupation(self, board: Board, target: str, attackers: list[UnitState]) -> None:
        """10.34: when the assault eliminated the defender, 6 SP of the assaulting units (all the
        survivors, if fewer) occupy its hex. At the end of a Combat Phase an empty target hex that
        they do not hold so is listed as not judged: whether the assault eliminated the defender,
        or the defender refused combat before it (7.3), is not in a position."""
        pos = board.pos
        if not pos.phase.endswith("-combat") or pos.at != "end" or not board.is_hex(target):
            return
        if any(u.side not in {a.side for a in attackers} and self.ground(u) for u in board.units(target)):
            return                                                     # 10.33: the defender is still there
        alive = [u for u in attackers if board.is_hex(u.hex)]
        held = sum(self.points(u) for u in alive if u.hex == target)
        need = min(self.num("assault_occupy_points"), sum(self.points(u) for u in alive))
        if held < need:
            self.not_judged(f"{P} 10.34", f"{target}, assaulted by {self.names(attackers)}, is empty and they hold "
                                          f"{fmt(held)} SP of it: if the assault eliminated the defender, {fmt(need)} SP "
                                          "of them must occupy it; whether it did (or the defender refused combat, 7.3) "
                                          "is not in the position")
