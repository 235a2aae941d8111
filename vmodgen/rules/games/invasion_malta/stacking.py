"""Invasion: Malta stacking (3.3): 9 SP and Excess markers, one armour unit per hex, opposing
units never together (8.14), landing hexes (16.33), ground units never on all-sea hexes (15.52)."""
from __future__ import annotations

from ....positions.model import UnitState
from ...core.board import Board
from ...finding import Breach, Finding, at_its_hexes, at_the_hexes
from ...core.moves import label
from ..other_side_box import name_not_judged
from ...core.stacking import fmt, mixed
from ...core.tracker_lag import Lag, from_tracker, lag_of, repeats
from .bombardment import BOMBARDMENT, shows_a_bombardment
from .carried import ANOTHER_ACTIVATION
from .units import InvasionMaltaUnits

P = "IM"
#: the parts of IM 16.33's check that judge a landing hex's limits (16.14 on a port, 16.33A on an
#: invasion hex): its stacking points and its armour units, two breaches of one hex (:func:`landing_breach`)
LANDING_SP = "landing-sp"
LANDING_ARMOUR = "landing-armour"
#: the last phase of :attr:`InvasionMaltaStacking.INVASION_PHASES` (an invader stands there to its end)
INVASION_LAST = "combat"
#: the Airborne Operations Phase, the only one units paradrop in (15.1)
AIRBORNE = "airborne"
#: the Combat Declaration Phase, empty when no attack is required (:meth:`InvasionMaltaStacking.empty_phases`)
DECLARATION = "combat-declaration"


class InvasionMaltaStacking(InvasionMaltaUnits):
    """The stacking rules."""

    def check_stacking(self, board: Board) -> list:
        """3.32/3.34: at the end of every phase the units not under an Excess marker total at most
        9 SP; no Excess marker on a legal stack; a unit that fits may not be declared excess."""
        limit = self.stacking_limit()
        out = []
        for h in list(board.at):
            if not board.is_hex(h) or board.terrain(h) == "invasion":
                continue                   # an invasion hex's limit is 16.33A's (check_landings)
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
                                            f"{'is' if len(excess) == 1 else 'are'} under an Excess Stacking marker; "
                                            "it comes off.", [h], excess))
                else:
                    fits = [u for u in excess if kept + self.sp(u) <= limit]
                    if fits:
                        out.append(self.finding(board, f"{P} 3.34", "stacking",
                                                f"{h} holds {fmt(kept)} SP outside the Excess Stacking marker; "
                                                f"{'each of ' if len(fits) > 1 else ''}{self.names(fits)} would fit "
                                                f"beside them within {fmt(limit)} SP and may not be declared excess.",
                                                [h], fits))
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
        """8.14: no hex holds combat units of both sides (15.41: but a drift landing hex, where a
        paradropped unit came down on the enemy). One finding per hex: a unit that moved into the
        hex is named with its move here, and its move check leaves the end hex to this rule
        (:meth:`drift_hex`). A unit in a box of the other side (an Allied unit on the Axis set-up
        card's KG1): 8.14 speaks of hexes and the book says nothing of it: named not judged."""
        name_not_judged(self, board, lambda box: f"{P} 8.14")
        out = []
        for h, c in mixed(board, self.combat):
            if self.drift_hex(board, h):
                continue
            came = [u for u in c if u.moved and u.previous and board.is_hex(u.previous)]
            if came:
                sides = {u.side for u in came}
                held = [u for u in c if u.side not in sides]
                moves = "; ".join(f"{label(u)} moved {u.previous} → {h}" for u in came)
                text = (f"{moves}, into a hex that holds enemy combat units ({self.names(held)}); no unit "
                        "enters a hex holding enemy combat units." if held else
                        f"{moves}: {h} holds units of both sides.")
                out.append(self.finding(board, f"{P} 8.14", "stacking", text, [h], c))
            else:
                out.append(self.finding(board, f"{P} 8.14", "stacking", f"{h} holds units of both sides: "
                                        f"{self.names(c)}.", [h], c))
        return out

    def drift_hex(self, board: Board, h: str) -> bool:
        """15.41, 15.6: a drift combat hex, the one exception to 8.14: units of both sides, one of them
        paradropped (status ``paradropped``, or in the memory's ``dropped``, the units that
        paradropped in this activation: a log knows drops only so). The one test of 8.14, 9.12,
        15.61 and 15.63 and of moves into the hex."""
        us = board.units(h)
        return len({u.side for u in us}) > 1 and any(u.has("paradropped") or self.dropped_now(board.pos, u.id)
                                                     for u in us)

    def dropped_now(self, pos, uid: str) -> bool:
        """Whether unit ``uid`` paradropped in this activation, as the memory's ``dropped`` (a
        position's ``[state] dropped``) records it, or is dropping now: in the Airborne Operations
        Phase, on a map hex and off the map at the phase start (``prev_hexes``; the memory's
        ``dropped`` is written at the phase end, so before, a log's drift landing was an 8.14 finding
        at its drop, 15.41). A unit air-landed on an airhead's airfield (15.7) or placed from a convoy
        card or an invasion zone's box (the tracker a phase behind) drops nothing."""
        memory = self.memory(pos)
        if isinstance(memory.dropped, list) and uid in memory.dropped:
            return True
        prev = memory.prev_hexes
        if pos.phase != AIRBORNE or not isinstance(prev, dict):
            return False
        u = pos.unit(uid)
        if u is None or not pos.map.has_hex(u.hex) or pos.map.has_hex(prev.get(uid, "")):
            return False
        return self.paradropping(Board(pos), u, prev.get(uid))

    def check_water(self, board: Board) -> list:
        """15.52, 17.61: ground units are never on all-sea hexes (a paradrop landing there
        eliminates the unit); naval units only there. Invasion hexes are sea hexes too."""
        out = []
        for u in board.pos.units:
            if not board.is_hex(u.hex):
                continue
            naval = self.is_(u, "im_naval")
            wet = board.is_water(u.hex) or board.terrain(u.hex) == "invasion"
            if self.combat(u) and wet and not self.invading(board, u):
                other = self.invader(board, u) and board.pos.phase in self.INVASION_PHASES \
                    and not (board.pos.phase == "combat" and board.pos.at == "end")
                drops = self.drops_now(board.pos) if self.placed_before_drops(board.pos, u) else []
                why = (f"an invasion hex during the Airborne Operations Phase, before the Movement Phase an "
                       "invader is placed in from its zone's Available box (16.33A); the paradrops recorded "
                       f"under this tracker ({self.names(drops)}) put the play in that phase (15.1)" if drops else
                       f"an invasion hex during the {self.side_name(self.activation_side(board) or '')} "
                       "activation; an invading unit lands on the coastal hex or is eliminated in its own "
                       "activation's Combat Phase (4.42, 16.33E, 16.42)" if other else
                       "an invasion hex; by the end of its Combat Phase an invading unit has landed on the coastal "
                       "hex or been eliminated (16.33E, 16.42)" if self.invader(board, u)
                       else "an all-sea hex; a ground unit there is eliminated")
                allied = board.terrain(u.hex) == "invasion" and u.side != str(self.param("im_supply_side")) \
                    and self.allied_convoys(board)
                out.append(self.finding(board, f"{P} 16.3", "movement", f"{label(u)} is on the invasion hex {u.hex}; "
                                        "Allied units never make an amphibious invasion (16.3): their convoys land "
                                        "by port entry (16.14).", [u.hex], [u]) if allied else
                           self.finding(board, f"{P} 15.52", "movement", f"{label(u)} is on {u.hex}, {why}.",
                                        [u.hex], [u]))
            elif self.artillery(u) and self.combat(u) and (u.has("paradropped") or self.paradropped(board.pos, u.id)
                                                            or self.dropped_now(board.pos, u.id)) \
                    and any(x.side != u.side and self.combat(x) for x in board.units(u.hex)) \
                    and not any(x is not u and x.side == u.side and self.combat(x) and not self.artillery(x)
                                for x in board.units(u.hex)):
                out.append(self.finding(board, f"{P} 15.52", "movement", f"{label(u)} is paradropped artillery on "
                                        f"{u.hex} with enemy combat units and no friendly unit of another type; "
                                        "it is eliminated on landing.", [u.hex], [u]))
            elif naval and (not board.is_water(u.hex) or board.terrain(u.hex) == "invasion"):
                # 17.61: on an all-sea hex; "侵攻ヘクスと他の全海ヘクスは認められない": not an invasion hex
                where = "the invasion hex" if board.terrain(u.hex) == "invasion" else "the land hex"
                out.append(self.finding(board, f"{P} 17.61", "movement", f"{label(u)} is a naval unit on {where} "
                                        f"{u.hex}; naval units are placed on all-sea hexes only.", [u.hex], [u]))
            elif naval and self.known_time(board, f"{P} 17.61") in ("am", "pm"):
                # 17.61, 17.63: naval units come onto the map on Night turns and leave once they fire:
                # one there since the Night turn that has not fired yet stays
                was = self._naval_came_from(board, u)
                if was is None:
                    self.not_judged(f"{P} 17.61", "where a naval unit on the map by day stood before this phase is "
                                    "not known: one that came at Night stays until it fires (17.63), only one "
                                    "coming onto the map by day is illegal")
                elif not board.is_hex(was):
                    t = self.time_of(board)
                    out.append(self.finding(board, f"{P} 17.61", "movement", f"{label(u)} came onto the map "
                                            f"({u.hex}) on a{'n' if t == 'am' else ''} {t.upper()} turn; naval "
                                            "units come onto the map only on Night turns.", [u.hex], [u]))
        return out

    def _naval_came_from(self, board: Board, u) -> str | None:
        """Where ``u`` stood at the previous phase end ("" when it was in no hex nor box: placed
        since), else where its recorded move began; None when neither is known."""
        prev = self.memory(board.pos).prev_hexes
        if isinstance(prev, dict):
            return prev.get(u.id, "")
        return u.previous or None

    #: 16.33: the phases an invading unit stands on its invasion hex: placed there in the Movement
    #: Phase (16.33A), through the bombardment and the reaction, to the Combat Phase (16.33E)
    INVASION_PHASES = ("movement", "combat-declaration", "bombardment", "reaction", "combat")

    def invader(self, board: Board, u) -> bool:
        """16.31, 16.33A: an Axis ground unit on an invasion hex that did not paradrop there (15.52).
        16.3 「連合軍ユニットは、強襲上陸を実施できない」: the Allies, who have convoys in Scenario 4
        (16.1, 16.22D), land by port entry only (:meth:`allied_convoys`)."""
        if board.terrain(u.hex) != "invasion" or u.has("paradropped") or self.paradropped(board.pos, u.id):
            return False
        return u.side == str(self.param("im_supply_side"))

    def allied_convoys(self, board: Board) -> bool:
        """16.1, 16.22D: whether the Allies have sea transport in the position's scenario
        (``im_allied_convoy_scenarios``)."""
        scenarios = {s.strip().lower().lstrip("s") for s in str(self.param("im_allied_convoy_scenarios")).split(",")}
        return self.scenario_no(board.pos) in scenarios - {""}

    def invading(self, board: Board, u) -> bool:
        """16.33A: an Axis ground unit on an invasion hex that did not paradrop there was placed from its
        zone's Available box for an amphibious invasion (Movement Phase) and lands from there in the
        Combat Phase (16.33E); only a paradrop onto it (15.52) puts a unit in the sea. 16.33E, 16.42: at
        the end of its Combat Phase the invader has advanced onto the coastal hex or is eliminated, so
        it is invading only from the Movement Phase through the Combat Phase (not its end), and only
        in its own side's activation (4.42, 16.3: the invasion is the activated formation's; in an
        Allied activation every Axis unit has landed or been eliminated). A position that names no
        phase is given the benefit of the doubt; one whose activation side is unknown too, with
        15.52 listed as not judged."""
        if not self.invader(board, u):
            return False
        pos = board.pos
        if not pos.phase:
            return True
        if pos.phase not in self.INVASION_PHASES or (pos.phase == "combat" and pos.at == "end"):
            doubt = None if self.placed_before_drops(pos, u) else self._tracker_doubt(pos)
            if doubt:
                self.not_judged(f"{P} 15.52", f"{label(u)} stands on the invasion hex {u.hex} "
                                f"{'at the end of' if pos.at == 'end' else 'during'} the "
                                f"{pos.phase_name} the log's turn tracker names, "
                                f"{doubt}")
                return True
            return False
        whose = self.activation_side(board)
        if whose is None:
            self.not_judged(f"{P} 15.52", "whose activation it is (the side moving, or the Activation Marker "
                                          "played) is not recorded, so an Axis unit on an invasion hex is taken "
                                          "to be invading")
            return True
        return whose == u.side

    def drops_now(self, pos) -> list[UnitState]:
        """The units paradropping in a log's Airborne Operations Phase so far (:meth:`dropped_now`).
        Empty for a position file (its phase is exact) and in every other phase."""
        if not from_tracker(pos) or pos.phase != AIRBORNE:
            return []
        return [u for u in pos.units if self.dropped_now(pos, u.id)]

    def placed_before_drops(self, pos, u) -> bool:
        """Whether invader ``u`` of a log stood on its hex at the start of the Airborne Operations
        Phase the tracker shows, in which paradrops are recorded: drops happen in that phase only
        (15.1), so the play reached it after ``u`` was placed, before the Movement Phase for certain,
        whatever a lagging tracker could otherwise mean (review rv-j23 item 4). An invader placed
        after the drops under the same tracker may be the Movement Phase's, the tracker a phase
        behind: not this."""
        prev = self.memory(pos).prev_hexes
        return isinstance(prev, dict) and prev.get(u.id) == u.hex and bool(self.drops_now(pos))

    def _tracker_doubt(self, pos) -> str | None:
        """Why a log's ``pos``, out of the invasion's phases, may yet be in them (the end of the
        sentence naming 15.52 not judged), None when it is not (:mod:`vmodgen.rules.core.tracker_lag`).
        Within the tracker's lag of them (a phase off, no empty phase counted): the end of the
        Combat Phase (an invader stands there to its end in a position one phase behind), the phases
        before the Movement Phase, and during those after the Combat Phase. The end of a phase after
        the Combat Phase is out: one phase behind it is the Combat Phase's end, when no invader is
        left. Else, in the Operations Segment (``REPEATED_SEGMENT``, 4.21 B.3), the tracker may stand
        in an earlier activation's phases: which pass is unknown."""
        if not from_tracker(pos):
            return None
        ids = [p.id for p in self.game.sequence.phases]
        after = pos.phase in ids and INVASION_LAST in ids and ids.index(pos.phase) > ids.index(INVASION_LAST)
        if pos.phase == INVASION_LAST or (lag_of(pos, self._invading_phase, self.empty_phases(pos)) is Lag.MAYBE
                                          and not (after and pos.at == "end")):
            return ("one phase off the Movement to Combat Phases an invader stands there (16.33A, 16.33E; "
                    f"{self.empty_phases_named(pos)}), and a log's tracker may be one phase off the pieces")
        if repeats(pos, self._invading_phase, self.repeated_at(pos)):
            return f"outside the Movement to Combat Phases an invader stands there (16.33A, 16.33E); {ANOTHER_ACTIVATION}"
        return None

    def empty_phases(self, pos) -> frozenset[str]:
        """:attr:`EMPTY_PHASES`, and the Combat Declaration Phase when no attack is required (9.11
        「攻撃は任意である」, 12.12 「戦闘は、漂流戦闘 [15.6] と侵攻上陸に対して要求される」): no invader on its
        invasion hex (16.33) and no drift combat hex (15.6) on the map (review rv-j23 item 2). Not
        the Bombardment Phase of a Ground Sequence whose log shows it played (a unit turned Fired in
        it): it is empty only with nothing to bombard (10.2), and the log says otherwise (review
        rv-m23 item 4)."""
        board = Board(pos)
        required = any(board.is_hex(u.hex) and (self.invader(board, u) or self.drift_hex(board, u.hex))
                       for u in pos.units if self.combat(u))
        empty = self.EMPTY_PHASES if required else self.EMPTY_PHASES | {DECLARATION}
        if self.memory(pos).bombardment_shown or shows_a_bombardment(self, board):
            empty = empty - {BOMBARDMENT}
        return empty

    def _invading_phase(self, turn: int | None, phase: str) -> bool:
        """The tracker-lag :data:`~vmodgen.rules.core.tracker_lag.Wanted` of the phases an invader
        stands on its invasion hex in (16.33A to 16.33E)."""
        return phase in self.INVASION_PHASES

    def landed(self, board: Board, u) -> bool:
        """16.14, 16.33A: whether ``u`` landed by sea in this phase: its status ``landed`` (a position
        states it), or, in a log, which has no such marker, it stands on a map hex and stood in a
        convoy card or an invasion zone's box at the phase start (``previous``, else ``prev_hexes``),
        on the hex it was placed on (one that went on is 16.14's or 16.33E's move). im22: before, a
        log's landings carried no status, so 16.14's port limit, 16.16, 16.23 and 18.32 never judged
        one."""
        return self.landing_hex(board, u) == u.hex

    def landing_hex(self, board: Board, u) -> str | None:
        """The map hex ``u`` landed on by sea in this phase (:meth:`landed`: its own hex when it has
        the status; in a log the first hex of its route out of the box, though it went on since),
        None when it did not land."""
        if u.has("landed"):
            return u.hex
        if not self.phase_logged(board.pos) or not board.is_hex(u.hex):
            return None
        from .carried import entered_from
        from .transport import entry_hex, entry_source
        if not entry_source(self, board, u.previous or entered_from(self.memory(board.pos).prev_hexes, u)):
            return None
        return entry_hex(board, u)

    def check_landings(self, board: Board) -> list:
        """16.14, 16.33A: units placed by port entry or amphibious invasion ("landed") total at most
        9 SP in the hex, with at most one armour unit. Whether units already in the hex count is open
        (§11 #24): they do by default, since the rule speaks of the stacking limit
        (``im_landing_counts_present = false`` counts only the units landing)."""
        out = []
        for h, us in board.at.items():
            landed = [u for u in us if self.landed(board, u) or self.invading(board, u)]
            if not landed:
                continue
            side = landed[0].side
            counted = board.units(h, side) if self.param("im_landing_counts_present") else landed
            total = self.stack_points(counted)
            # 16.14 port entry onto a land hex, 16.33A an amphibious invasion onto an invasion hex
            rule, limit = ((f"{P} 16.33", self.num("invasion_hex_limit_points")) if board.terrain(h) == "invasion"
                           else (f"{P} 16.14", self.num("port_entry_limit_points")))
            if total > limit:
                out.append(self.finding(board, rule, "stacking", f"{self.names(landed)} landed in {h}, which "
                                        f"then holds {fmt(total)} SP, more than {fmt(limit)}; the excess goes to the "
                                        "Delay box.", [h], landed, part=LANDING_SP))
            tanks = [u for u in landed if self.armour(u)]
            if board.terrain(h) == "invasion" and len(tanks) > self.num("invasion_hex_armour_max"):
                out.append(self.finding(board, f"{P} 16.33", "stacking", f"{len(tanks)} armour units landed in {h}; "
                                        "one per invasion hex.", [h], tanks, part=LANDING_ARMOUR))
        return out


def landing_breach(f: Finding) -> Breach:
    """16.14 「…9スタッキング・ポイントまでのユニットは、港指定ヘクス上に置くことができる。スタッキング限度を
    超過するユニットは上陸できず、それらを侵攻ゾーン遅延ボックス内に置く」, 16.33A 「ヘクス毎に9スタッキング・
    ポイントまで」「1 つの侵攻ヘクス上に同時に 1 つのみの装甲ユニット」: a limit of the hex's landing, so one
    overfilled landing hex is one breach whichever units land on it, each unit after the limit joining it
    (the Delay box takes them all); the SP limit and the armour limit are two breaches of the hex (review
    rv-k23 item 1). IM 16.33's other checks keep the default key."""
    return at_the_hexes(f) if f.part in (LANDING_SP, LANDING_ARMOUR) else at_its_hexes(f)
