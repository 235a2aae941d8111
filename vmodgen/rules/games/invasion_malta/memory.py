"""Invasion: Malta rules that depend on what happened before this position: facts carried from one
phase end to the next (:meth:`InvasionMaltaMemory.remember`, into a :class:`.carried.MaltaMemory`),
read back from ``pos.memory``. A layer of
:class:`vmodgen.rules.games.invasion_malta.ruleset.InvasionMaltaRules`.

The memory's fields (written by the audit at every phase end; a position file may state them as
``[state]`` keys of the same names):

* ``prev_hexes = {"5/3" = "1424"}``: where each unit stood at the end of the previous phase (a
  hex or a box id). Shows hex changes in phases whose moves are not tracked (combat phases).
* ``prev_sides = {"5/3" = "axis"}``: the side of each of those units (one gone since is known to be
  an enemy only by it).
* ``prev_oos = ["5/3"]``: units that carried an OoS marker at the end of the previous phase.
* ``prev_reduced = ["5/3"]``: units whose reduced side was up then.
* ``prev_disrupted = ["5/3"]``: units that carried a Disrupted marker then (13.37: a unit that
  retreated disrupted, its MA halved to 0, was 0-MA when it retreated only if disrupted before its
  combat; a d result, 3.82, or the retreat itself, 13.45D, may have placed the marker).
* ``status_unknown = {prev_oos = ["5/3"]}``: units whose entry in ``prev_oos``, ``prev_reduced`` or
  ``prev_disrupted`` is unknown: a file that does not start where the previous one ended (steps
  missing) starts them otherwise than the list says, so what they carried at the previous phase
  end (which may be in the gap) is unknown; the rules reading the list name themselves not judged
  for them (6.12, 6.13, 18.21, 8.15, 13.37). Cleared at the next phase end.
* ``prev_activated = ["B/3 KOMR"]``: units that carried an Activation marker then.
* ``prev_activation_unknown = ["B/3 KOMR"]``: units that stood then in a hex whose Activation
  marker may be theirs or another unit's of their side (:func:`.activation.activation_marked`).
* ``marked_at_draw = ["A1"]``: units under an Activation marker (or in a hex with one) at the end of
  this Ground Sequence's Draw phase, i.e. marked in an earlier activation of the turn (7.22).
* ``prev_airheads = ["1623"]``: map hexes holding an Airhead marker then (one in an off-map box is
  none: it was never placed, 15.21).
* ``prev_fired = ["E/74"]``: artillery (units with a Range) on their Fired side then.
* ``source_markers_seen = true``: a Beachhead or Airhead marker stood on a map hex at a phase end
  before (the players use the supply-source markers: 6.12 is then judged on a map without one).
* ``dropped = ["5/3"]``: units that paradropped in this activation's Airborne Operations Phase
  (entered the map then, elsewhere than on an airfield holding an airhead: those are taken as
  air-transported, 15.76). Kept through the activation's Movement and Combat Phases (15.16: they
  move little; 15.6: a drift combat is fought in the Combat Phase), cleared at any other phase end.
* ``dropped_early = ["5/3"]``: units that left an air-entry box for the map by parachute at the end
  of a phase before the Airborne Operations Phase (a log's tracker lagging the drops: 15.16 counts
  a drop in this activation whatever phase the tracker showed); added to ``dropped`` at the
  Airborne Operations Phase's end, gathered over the phase ends before it.
* ``targets_left = ["2020"]``: map hexes under an Attack Target marker at the last Combat Phase
  end (13.13: each comes off as its combat is resolved) and still under one at every phase end
  since; kept through the next Combat Declaration Phase and the phases a log's tracker may show
  ahead of it, cleared after. Such a marker may be left from an earlier combat or declared again:
  beside no attacking unit it is named not judged for 9.13, on a drift combat hex for 12.12.
* ``bombardment_shown = true``: this Ground Sequence's Bombardment Phase showed a bombardment (a
  unit turned Fired in it); kept through the Reaction Movement Phase's end. A log's tracker-lag
  then counts that phase, which is empty only with nothing to bombard (10.2), as a phase played:
  12.12's log deadline is its end (review rv-m23 item 4).

The rules check a key only when the position states it, so a position without history is never
judged on history. Choices:

* 6.12/6.13 (SUP-2, SUP-5): a marker counts as placed when it was absent at the previous phase end;
  removed when it was there and is gone (a unit no longer in the position was eliminated).
* 8.15/13.37/14.23: a 0-MA unit (printed MA 0, a pillbox, OoS armour) never changes hex, except an
  Allied unit in a Movement Phase (the motor pool, 8.15); an orange-circle unit never changes
  hex in a combat phase (no retreat, no advance).
* 4.52: an Allied unit whose sector changed must carry an Activation marker at the end of that
  phase; one that carried it at the previous phase end may not move (the marker stays until the
  Recovery Phase, 7.22, so it marks "already changed sector this turn").
* 18.21-18.28: a unit back on its full side (reduced before) rallied: at most one per HQ of its
  side in play (18.21; units placed back from elimination are not counted); only in the Recovery Phase
  of a Night turn, not in enemy ZOC nor disrupted, never pillboxes, artillery, anti-tank or
  armour. Artillery and HQs are left out: their back is the Fired or Spent side, not a step.
* 15.16 (spec §11 #10, 15.16 vs 15.53): paradropped units may not move in their drop activation in
  Scenarios 1 and 2 and move at most one hex in Scenarios 3 and 4 (15.16, the general rule;
  15.53 speaks of GT1 only). Unknown scenario: one hex. ``im_paradrop_move_hexes`` overrides.
* 15.21: an airhead placed in a Paradrop phase is on land, at least ``airhead_spacing_min_hexes``
  (6) from every other airhead, not at Night. Airheads on airfields (6.31, 15.72) are exempt.
* 10.12, 11.32: a unit that turned to its Fired side during this phase fired: bombarding artillery
  may not be in enemy ZOC; an AA unit (``im_aa``: light and heavy AA) may, when a non-artillery
  combat unit shares its hex. Friendly units do not negate the ZOC here. Artillery that fired in a
  Bombardment Phase was also not disrupted (10.12): one disrupted at the phase end is found; while
  an Axis formation is active, so is Axis artillery of another formation without an Activation
  marker. Both players bombard in the phase, the active one first (10.11, 10.23).
* 8.43, 5.2: no unit enters the map by air (paradrop or air transport) on a Night turn or in a
  Storm, and none paradrops in Windy weather (``[state] weather``).
"""
from __future__ import annotations

from collections.abc import Iterator

from ....errors import InputError
from ....positions.model import Position, UnitState
from ...core.moves import label
from ...core.board import Board
from ...core import gap_status
from ...core.tracker_lag import Lag, one_phase
from .carried import ANOTHER_ACTIVATION, ATTACK_TARGET, MaltaMemory, entered_from, status_before, undrawn_ams
from . import bombardment, declared_attacks, kgs, returns
from .aa_drops import lagged_drops, no_drop_in_range
from .attacker import attacker, remember_movers
from .first_pass import first_pass, remember_pass
from .activation import NO_SECTOR, WHOSE_MARKER, InvasionMaltaActivation, activation_marked

P = "IM"
#: the phases after the Airborne phase whose ends keep ``dropped`` (the rest of the activation up to its
#: Combat Phase: 15.16, 15.6)
DROP_KEPT = ("movement", "combat-declaration", "bombardment", "reaction")
#: the phases after the Bombardment Phase whose ends keep ``bombardment_shown`` (up to the Combat Phase)
BOMBARDED_KEPT = ("reaction",)
#: the retreat and advance rules a Combat Phase's hex changes go unjudged by when its attacker is unknown
UNJUDGED_COMBAT_RULES = (f"{P} 13.32", f"{P} 13.34", f"{P} 13.41", f"{P} 13.43", f"{P} 13.45", f"{P} 13.52",
                         f"{P} 13.53", f"{P} 13.55")
#: the lists of what a unit carried at the previous phase end that a seam with a gap can make stale
#: (imfix27: the Activation markers, Fired sides and airhead hexes too, review rv-u25 item 2)
STATUS_KEYS = ("prev_oos", "prev_reduced", "prev_disrupted", "prev_activated", "prev_activation_unknown", "prev_fired",
               "prev_airheads")
LIST_KEYS = ("prev_oos", "prev_reduced", "prev_disrupted", "prev_activated", "prev_activation_unknown", "marked_at_draw",
             "prev_airheads", "prev_fired", "dropped", "dropped_early")


def _closer_than(board: Board, hexes: list[str], gap: int) -> Iterator[tuple[str, str, int]]:
    """The pairs of ``hexes`` (in order) fewer than ``gap`` hexes apart, with their distance; a pair
    with no distance between them (on different maps: Malta and Leros) is never near."""
    for i, a in enumerate(hexes):
        for b in hexes[i + 1:]:
            d = board.distance(a, b)
            if d is not None and d < gap:
                yield a, b, d


def _ids(v: list[str] | None) -> set[str] | None:
    return set(v) if isinstance(v, list) else None


def status_lists(units: list[UnitState]) -> dict[str, list[str]]:
    """``units``' ids under an OoS marker, the reduced side up, a Disrupted marker."""
    return {"prev_oos": sorted(u.id for u in units if u.has("oos")),
            "prev_reduced": sorted(u.id for u in units if u.reduced),
            "prev_disrupted": sorted(u.id for u in units if u.has("disrupted"))}


class InvasionMaltaMemory(InvasionMaltaActivation):
    """History rules (needs the rule set's unit classes, ``zoc``, ``_status``)."""

    # ---- state -----------------------------------------------------------------------------
    def carried_lists(self, pos: Position) -> dict[str, list[str]]:
        """Each of :data:`STATUS_KEYS` as ``pos`` shows it: :func:`status_lists`, the units under
        their own Activation marker and those whose hex's marker may be a stack-mate's, the map
        hexes holding an Airhead marker (on the map only, 15.2: one kept in an off-map box is no
        source and was never placed), the artillery on its Fired side."""
        marks = {u.id: activation_marked(pos, u) for u in pos.units if u.has("activated")}
        return {**status_lists(pos.units),
                "prev_activated": sorted(k for k, v in marks.items() if v),
                "prev_activation_unknown": sorted(k for k, v in marks.items() if v is None),
                "prev_airheads": sorted(h for h, mk in pos.hex_markers.items() if "airhead" in mk and pos.map.has_hex(h)),
                "prev_fired": sorted(u.id for u in pos.units if u.has("fired") or (self.artillery(u) and u.reduced))}

    def validate_history(self, pos: Position) -> None:
        st = self.stated(pos)
        v = st.get("prev_hexes", {})
        if not isinstance(v, dict) or not all(isinstance(h, str) for h in v.values()):
            raise InputError(pos.source, "[state] prev_hexes must look like {\"5/3\" = \"1424\"} (unit id = hex)")
        for key in LIST_KEYS:
            v = st.get(key, [])
            if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
                what = 'hexes, like ["1623"]' if key == "prev_airheads" else 'unit ids, like ["5/3"]'
                raise InputError(pos.source, f"[state] {key} must be a list of {what}, not {v!r}")
        v = st.get("status_unknown", {})
        if not isinstance(v, dict) or not all(k in STATUS_KEYS and isinstance(x, list) and all(isinstance(i, str) for i in x)
                                              for k, x in v.items()):
            raise InputError(pos.source, "[state] status_unknown must look like {prev_oos = [\"5/3\"]} ("
                                         f"{', '.join(STATUS_KEYS)} = unit ids or hexes), not {v!r}")
        for key in ("paradropped", "arrived", "arrival_unknown"):
            v = st.get(key, [])
            if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
                raise InputError(pos.source, f"[state] {key} must be a list of unit ids, like [\"5/3\"], not {v!r}")
        if not isinstance(st.get("source_markers_seen", False), bool):
            raise InputError(pos.source, f"[state] source_markers_seen must be true or false, not "
                                         f"{st['source_markers_seen']!r}")
        turn = st.get("air_entry_turn", 0)
        if isinstance(turn, bool) or not isinstance(turn, int):
            raise InputError(pos.source, f"[state] air_entry_turn must be a turn number, not {turn!r}")
        w = pos.state.get("weather")
        if w is not None and (not isinstance(w, str) or w.lower() not in ("good", "windy", "storm")):
            raise InputError(pos.source, f"[state] weather must be \"good\", \"windy\" or \"storm\" (良好, 強風, 嵐), "
                                         f"not {w!r}")

    def remember(self, before: Position | None, after: Position, memory: MaltaMemory) -> None:
        prev = {u.id: u.hex for u in before.units} if before is not None else \
            dict(self.memory(after).prev_hexes or {})
        self.remember_arrivals(prev, after, memory)
        if after.phase == "airborne":
            # a sea landing with the tracker a phase behind makes no drift combat hex (review of im22 item 5)
            board = Board(after)
            memory.dropped = sorted(set(memory.dropped_early or ()) | {
                u.id for u in after.units if after.map.has_hex(u.hex) and not after.map.has_hex(prev.get(u.id, ""))
                and self.paradropping(board, u, prev.get(u.id))})
            memory.dropped_early = None
        else:
            if after.phase not in DROP_KEPT:
                memory.dropped = []
            memory.dropped_early = self._drops_before_airborne(prev, after, memory)
        self.remember_draw(before, after, memory)
        remember_pass(after, memory, self.REPEATED_SEGMENT)
        remember_movers(prev, after, memory,
                        "Operations" in getattr(self.game.sequence.phase(after.phase), "segments", ()))
        # a paradrop box only: AA firing at air transport never turns Fired (15.75; review rv-m23 item 3)
        kg = set(self.paradrop_boxes())
        memory.air_left_prev = sorted(u.id for u in after.units if prev.get(u.id) in kg
                                      and after.map.has_hex(u.hex))
        memory.declared_targets = declared_attacks.targets_kept(self, after, memory.declared_targets)
        memory.targets_left = declared_attacks.targets_left(self, after, memory.targets_left)
        memory.prev_hexes = {u.id: u.hex for u in after.units}
        memory.prev_sides = {u.id: u.side for u in after.units}
        memory.drop_unseen = None
        carried = self.carried_lists(after)
        fired = carried.pop("prev_fired")
        for key, ids in carried.items():
            setattr(memory, key, ids)
        memory.status_unknown = None
        if after.phase == "draw":
            memory.marked_at_draw = sorted(u.id for u in after.units if u.has("activated"))
        elif "Operations" not in getattr(self.game.sequence.phase(after.phase), "segments", ()):
            memory.marked_at_draw = None
        memory.source_markers_seen = bool(memory.source_markers_seen or self.memory(after).source_markers_seen) or any(
            {"beachhead", "airhead"} & set(mk) and after.map.has_hex(h) for h, mk in after.hex_markers.items())
        # (before prev_fired moves on: the bombardment is the units Fired since the phase start)
        if after.phase == bombardment.BOMBARDMENT:
            memory.bombardment_shown = bombardment.shows_a_bombardment(self, Board(after))
        elif after.phase not in BOMBARDED_KEPT:
            memory.bombardment_shown = None
        memory.prev_fired = fired


    def resumed_after_gap(self, start: Position, memory: MaltaMemory) -> None:
        """A file that does not start where the previous one ended: a unit (an airhead hex) it
        starts carrying otherwise than a list of :data:`STATUS_KEYS` says changed in the missing
        steps, before or after a phase end they may hold: its entry is unknown (``status_unknown``)
        until the next phase end. (A unit that starts as the list says is taken to have carried so
        at that phase end too.)"""
        gap_status.forget_contradicted(memory, self.carried_lists(start), "status_unknown")

    def gap_unknown(self, u: UnitState, rule: str, what: str) -> None:
        """Name ``rule`` not judged for ``u``, whose ``what`` at the previous phase end is unknown
        (``status_unknown``)."""
        self.not_judged(rule, gap_status.unknown_reason(label(u), what, "status_unknown"))

    def _drops_before_airborne(self, prev: dict[str, str], after: Position, memory: MaltaMemory) -> list[str] | None:
        """15.16 with a tracker that lags: the units that left an air-entry box for the map by
        parachute (not air-landed, 15.71) at the end of a phase before the Airborne Operations Phase
        (the Draw or Naval Transport Phase, ...), added to those of the phase ends since; None once a
        phase at or after it ends (its drops are then this Ground Sequence's past)."""
        order = [p.id for p in self.game.sequence.phases]
        if after.phase not in order or "airborne" not in order or \
                order.index(after.phase) >= order.index("airborne"):
            return None
        air, board = set(self.air_entry_boxes()), Board(after)
        early = {u.id for u in after.units if after.map.has_hex(u.hex) and prev.get(u.id) in air
                 and self.paradropping(board, u, prev.get(u.id))}
        kept = set(memory.dropped_early or ()) | early
        return sorted(kept) if kept else None

    def repeated_at(self, pos: Position) -> tuple[str, ...]:
        """The Operations Segment's phases, () where the log shows ``pos`` in its turn's first pass of
        it (:mod:`.first_pass`, review rv-m23 item 1)."""
        if first_pass(self.memory(pos), pos, self.REPEATED_SEGMENT):
            return ()
        return self.repeated_phases

    def went_back(self, memory: MaltaMemory) -> None:
        """A tracker sent back may start a later pass of the Operations Segment (:mod:`.first_pass`)."""
        memory.pass_ams = None

    def remember_draw(self, before: Position | None, after: Position, memory: MaltaMemory) -> None:
        """7.13, 7.15: the AM played in a Draw phase is the one Activation Marker (``am-<formation
        or sector>``) that left the AMs held by the cup (box ``cup``) and both Activation Pools
        between the previous phase end and the Draw phase's end: the player may play the AM in
        their pool and put the drawn one there (7.15 pass option), so the AM that left the cup is
        not always the one played. It names the active formation or sector of the Ground
        Sequence after it while those boxes hold the same AMs as at the draw (``drawn_with``): an
        AM leaving them later is a draw the tracker did not show (or one in a file not given), and
        the AM played is then unknown. Forgotten outside the Operations Segment (a new turn draws
        again)."""
        if after.phase == "draw":
            held = undrawn_ams(after)
            gone = sorted((undrawn_ams(before) - held).elements()) if before is not None else []
            memory.drawn = gone[0] if len(gone) == 1 else None
            memory.drawn_with = sorted(held.elements()) if memory.drawn else None
        elif "Operations" not in getattr(self.game.sequence.phase(after.phase), "segments", ()):
            memory.drawn = None
            memory.drawn_with = None

    # ---- helpers ---------------------------------------------------------------------------



    # ---- supply markers (6.12, 6.13) -------------------------------------------------------
    def check_oos_history(self, board: Board) -> list:
        """SUP-2 (6.12): an OoS marker is placed only in the Supply Status Phase of a Night turn.
        SUP-5 (6.12, 6.13): it comes off only in a Supply Status Phase in which the unit can trace."""
        before, unknown = status_before(self.memory(board.pos), "prev_oos")
        if before is None:
            return []
        pos, out = board.pos, []
        axis = str(self.param("im_supply_side"))
        for u in pos.units:
            if u.id in unknown and u.side == axis:
                self.gap_unknown(u, f"{P} 6.12" if u.has("oos") else f"{P} 6.13", "carried an OoS marker")
        before -= unknown
        supply_phase = not pos.phase or pos.phase_kind == "supply"
        placed = [u for u in pos.units if u.has("oos") and u.id not in before and u.id not in unknown
                  and u.side == axis]
        for u in placed:
            if not supply_phase:
                out.append(self.finding(board, f"{P} 6.12", "supply", f"{label(u)} received an OoS marker outside "
                                        "the Supply Status Phase.", [u.hex], [u], part="phase"))
            elif (when := self.known_time(board, f"{P} 6.12")) in ("am", "pm"):
                out.append(self.finding(board, f"{P} 6.12", "supply", f"{label(u)} received an OoS marker on a "
                                        f"{str(when).upper()} turn; markers are placed only at Night.",
                                        [u.hex], [u], part="night"))
        lifted = [u for u in pos.units if u.id in before and not u.has("oos") and u.side == axis]
        if lifted and not supply_phase:
            out += [self.finding(board, f"{P} 6.13", "supply", f"{label(u)} lost its OoS marker outside the Supply "
                                 "Status Phase.", [u.hex], [u], part="phase") for u in lifted]
        elif lifted and any({"beachhead", "airhead"} & set(mk) for mk in pos.hex_markers.values()):
            st = self._status(board, axis)
            out += [self.finding(board, f"{P} 6.13", "supply", f"{label(u)} in {u.hex} lost its OoS marker but "
                                 "cannot trace a supply route; the marker stays (6.12).", [u.hex], [u])
                    for u in lifted if st.get(u.id) == "out"]
        return out

    # ---- hex changes outside movement (8.15, 13.37, 13.53, 14.23, 4.52) ---------------------
    def _changed(self, board: Board) -> list[tuple[UnitState, str]]:
        prev = self.memory(board.pos).prev_hexes
        if not isinstance(prev, dict):
            return []
        return [(u, prev[u.id]) for u in board.pos.units if u.id in prev and prev[u.id] != u.hex
                and board.is_hex(u.hex) and board.is_hex(prev[u.id])]

    def check_static_history(self, board: Board) -> list:
        out = []
        kind = board.pos.phase_kind
        axis = str(self.param("im_supply_side"))
        self._unjudged_combat_moves(board)
        for u, was in self._changed(board):
            if not self.combat(u):
                continue
            if kind == "combat" and u.previous is not None and u.mode in ("retreat", "advance"):
                continue      # judged by the move check (13.37, 13.53 name these units), once
            zero = self.zero_ma_in_combat(board, u) if kind == "combat" else self.zero_ma(u)
            if zero is None:
                self.disruption_unknown(u, f"{P} 8.15", f"went from {was} to {u.hex}", board)
            elif zero:
                pool = kind == "movement" and u.side != axis and not self.is_(u, "im_motor_pool_ineligible")
                if not pool:
                    rule = f"{P} 14.23" if self.pillbox(u) else f"{P} 8.15"
                    out.append(self.finding(board, rule, "movement", f"{label(u)} went from {was} to {u.hex}, but "
                                            "it has no movement allowance (0-MA units, pillboxes and OoS armour "
                                            "never move, retreat or advance).", [was, u.hex], [u]))
            elif self.orange(u) and kind == "combat":
                out.append(self.finding(board, f"{P} 13.37", "movement", f"{label(u)} went from {was} to {u.hex} in a "
                                        "combat phase; an orange-circle unit may neither retreat nor advance "
                                        "(13.37, 13.53).", [was, u.hex], [u]))
        return out

    def _unjudged_combat_moves(self, board: Board) -> None:
        """Units that changed hex in the Combat Phase with no move recorded (a log whose attacker,
        the active player, the record does not show: :mod:`.attacker`): their retreats and advances
        are named not judged, never passed as legal."""
        if board.pos.phase != "combat":
            return
        moved = [u for u, _ in self._changed(board) if u.mode not in ("retreat", "advance") and u.previous is None]
        if not moved:
            return
        side, why = attacker(self.memory(board.pos), board.pos, lambda a: self.side_of_active(board.pos, a))
        if side:
            return
        more = f" and {len(moved) - 5} more" if len(moved) > 5 else ""
        why = (f"{self.names(moved[:5])}{more} changed hex in the Combat Phase, whose attacker is the active player "
               f"(9.11): {why}; so the attacker, and a retreat from an advance, is not known")
        for rule in UNJUDGED_COMBAT_RULES:
            self.not_judged(rule, why)

    def combat_attacker(self, phase, memory, pos) -> str:
        """9.11, 7.14: the attacker of IM's Combat Phase is the active player (:mod:`.attacker`);
        "" in the other combat-kind phases (declaration, bombardment: their drags stay listed)
        and when the record does not show it."""
        if phase.id != "combat" or pos is None:
            return ""
        return attacker(memory, pos, lambda a: self.side_of_active(pos, a))[0]

    def check_sector_history(self, board: Board) -> list:
        """4.52: an Allied unit that ends a phase in another sector than at the previous phase end
        carries an Activation marker (not a reaction: 9.24); a unit that carried one then does not move
        again."""
        out = []
        axis = str(self.param("im_supply_side"))
        changed = self._changed(board)
        seen = {u.id for u, _ in changed}
        # a position states the move itself (``previous``) when no earlier phase end is remembered
        changed += [(u, u.previous) for u in board.pos.units if u.previous and u.moved and u.id not in seen
                    and board.is_hex(u.previous) and board.is_hex(u.hex)]
        for u, was in changed:
            if u.mode == "reaction" or board.pos.phase == "reaction":
                continue                       # 9.24: a reacting unit may enter another sector; it was not
                                               # activated in a sector (4.52)
            a, b = self.sector(board, was), self.sector(board, u.hex)
            if u.side != axis and was != u.hex and (self.unsectored(board, was) or self.unsectored(board, u.hex)):
                self.not_judged(f"{P} 4.52", f"{label(u)} went from {was} to {u.hex}, "
                                f"{'neither of which' if not (a or b) else 'one of which'} lies in an Allied sector "
                                f"of the map: {NO_SECTOR}")
            elif u.side != axis and a and b and a != b and not (has_mark := activation_marked(board.pos, u)):
                if has_mark is None:
                    self.not_judged(f"{P} 4.52", f"{label(u)} changed sector into {u.hex}, which holds an "
                                    f"Activation marker and other units of its side: {WHOSE_MARKER}")
                    continue
                an, bn = (board.map.areas[x].name or x for x in (a, b))
                out.append(self.finding(board, f"{P} 4.52", "movement", f"{label(u)} went from {was} ({an}) into "
                                        f"{u.hex} ({bn}) and stays there, but carries no Activation marker.",
                                        [u.hex], [u]))
        mem = self.memory(board.pos)
        marked, gap = status_before(mem, "prev_activated")
        unknown, gap_too = status_before(mem, "prev_activation_unknown")
        gap, unknown = gap | gap_too, unknown or set()
        if (marked or unknown or gap) and board.pos.phase_kind in ("movement", ""):
            moved = {u.id for u, _ in self._changed(board)} | {u.id for u in board.pos.units if u.moved}
            for u in board.pos.units:
                if u.id not in moved or u.side == axis or u.mode in ("retreat", "advance"):
                    continue
                if u.id in gap:
                    self.gap_unknown(u, f"{P} 4.52", "carried an Activation marker (changed sector earlier this turn)")
                elif u.id in unknown:
                    self.not_judged(f"{P} 4.52", f"whether {label(u)}, which moved, changed sector earlier this turn: "
                                    f"it stood with other units of its side under an Activation marker "
                                    f"({WHOSE_MARKER})")
                elif marked and u.id in marked:
                    out.append(self.finding(board, f"{P} 4.52", "movement", f"{label(u)} changed sector earlier this "
                                            "turn (Activation marker) and may not move again this turn.", [u.hex], [u]))
        return out

    # ---- rally (18.21-18.28) ---------------------------------------------------------------
    @staticmethod
    def _side_has_hqs(board: Board, side: str) -> bool:
        """Whether the position or its kit's roster has an HQ unit of ``side`` (the bundled kit has
        no Allied HQ: their counters are not in the rulebook text)."""
        kinds = board.game.unit_types
        units = [u.unit for u in board.pos.units] + list(board.pos.roster.values())
        return any((t := kinds.get(u.type)) is not None and t.kind == "hq" and u.side == side for u in units)

    def check_rally_history(self, board: Board) -> list:
        before, unknown = status_before(self.memory(board.pos), "prev_reduced")
        back = returns.returned(self, board)
        if before is None and not back:
            return []
        before = before or set()
        pos, out = board.pos, []
        ez: dict[str, set[str]] = {}
        rallied: dict[str, list] = {}
        for u in pos.units:
            if u.reduced or self.artillery(u) or board.unit_kind(u) == "hq" or not board.is_hex(u.hex):
                continue
            if u.id in unknown:
                self.gap_unknown(u, f"{P} 18.21", "was reduced")
                continue
            if u.id not in before:
                continue
            time = self.known_time(board, f"{P} 18.21")
            if time is None:
                continue
            night_recovery = (not pos.phase or pos.phase == "recovery") and time in ("night", "")
            if not night_recovery:
                out.append(self.finding(board, f"{P} 18.21", "movement", f"{label(u)} returned to full strength; a "
                                        "rally happens only in the Recovery Phase of a Night turn.", [u.hex], [u]))
            elif returns.never_rallies(self, u):
                out.append(self.finding(board, f"{P} 18.28", "movement", f"{label(u)} rallied to full strength; "
                                        "pillboxes, artillery, anti-tank and armour units never rally.", [u.hex], [u]))
            else:
                z = ez.setdefault(u.side, self.enemy_zoc(board, u.side))
                if u.hex in z or u.has("disrupted"):
                    out.append(self.finding(board, f"{P} 18.23", "zoc", f"{label(u)} rallied to full strength "
                                            f"while {'in enemy ZOC' if u.hex in z else 'disrupted'}.", [u.hex], [u]))
                else:
                    rallied.setdefault(u.side, []).append(u)
        # 18.24: a unit back from elimination comes back one step (its reduced side, or the full side
        # of a one-step unit); an HQ back is the one HQ unit of 18.21. Where and when they may come
        # back is returns.check_returns'.
        time = self.known_time(board, f"{P} 18.21") if back else None
        if time in ("night", "") and pos.phase in ("", "recovery"):
            hq_back: dict[str, list] = {}
            for u in back:
                if returns.never_rallies(self, u):
                    continue                   # 18.28's, found by returns.check_returns: not a step too
                (hq_back if board.unit_kind(u) == "hq" else rallied).setdefault(u.side, []).append(u)
            for side, hqs_back in sorted(hq_back.items()):
                if len(hqs_back) > 1:
                    out.append(self.finding(board, f"{P} 18.21", "movement", f"{len(hqs_back)} "
                                            f"{self.side_name(side)} HQs came back from elimination "
                                            f"({self.names(hqs_back)}); a player rallies one HQ unit a phase.",
                                            [u.hex for u in hqs_back], hqs_back))
        for side, units in sorted(rallied.items()):
            # 18.21: besides one HQ, one step of any other type per HQ still in play (「いまだイン・
            # プレイのHQ毎」: an HQ back from elimination in this phase was not still in play)
            hqs = [x for x in pos.units if x.side == side and board.unit_kind(x) == "hq" and board.is_hex(x.hex)
                   and x not in back]
            if not hqs and not self._side_has_hqs(board, side):
                self.not_judged(f"{P} 18.21", f"{self.names(units)} rallied a step, one per HQ in play, but neither "
                                f"the position nor its kit's roster has an HQ unit of the {self.side_name(side)} side")
                continue
            if len(units) > len(hqs):
                out.append(self.finding(board, f"{P} 18.21", "movement", f"{len(units)} {self.side_name(side)} units "
                                        f"rallied a step ({self.names(units)}: back to full strength or from elimination), but the side has "
                                        f"{len(hqs)} HQ{'s' if len(hqs) != 1 else ''} in play: one step per HQ.",
                                        [u.hex for u in units], units))
        return out

    # ---- fire out of enemy ZOC (10.12, 11.32) ----------------------------------------------
    def check_fire_history(self, board: Board) -> list:
        before, gap = status_before(self.memory(board.pos), "prev_fired")
        if board.pos.phase == "combat":
            return []                   # 10.34: in the Combat Phase, artillery that fought turns Fired
        if before is None:
            # only where units fire (bombardment, AA): a Recovery Phase's Fired markers are older
            fired = [u for u in board.pos.units if board.is_hex(u.hex) and self.fired(board, u)] \
                if board.pos.phase_kind in ("", None, "combat", "air") else []
            if fired:
                self.not_judged(f"{P} 10.12", f"whether {self.names(fired)} fired in this phase needs the units "
                                "already Fired before it (prev_fired): a Fired marker may be an earlier phase's")
            return []
        out: list = []
        ez: dict[str, set[str]] = {}
        for u in board.pos.units:
            if u.id in before or not board.is_hex(u.hex) or not self.fired(board, u):
                continue
            if u.id in gap:
                self.gap_unknown(u, f"{P} 11.36" if self.is_(u, "im_aa") else f"{P} 10.12", "was on its Fired side")
                continue
            if self.is_(u, "im_aa") and board.pos.phase == "bombardment":
                why = self._aa_fired_in_bombardment(board, u)
                if why:
                    out.append(self.finding(board, f"{P} 10.27", "movement", f"{label(u)} turned Fired in the "
                                            f"Bombardment Phase, {why}.", [u.hex], [u]))
                    continue
            if self.is_(u, "im_aa") and board.pos.phase == "":
                self.not_judged(f"{P} 11.36", f"{label(u)} turned Fired in an unnamed phase: AA turns Fired only "
                                "under an Attack Target marker (11.36), save AA that fired at a drop, turned "
                                "Fired once the drops are complete (15.34), so the phase decides")
            elif self.is_(u, "im_aa") and board.pos.phase == "airborne" and u.hex not in self._attack_targets(board):
                # 15.34 (the specific rule) turns Allied AA that fired at a drop hex in its range Fired once all
                # drops are complete (「全ての落下傘降下が完了するまで…射撃済に裏返さない」); else 11.36 holds
                why = no_drop_in_range(self, board, u)
                if why:
                    out.append(self.finding(board, f"{P} 11.36", "movement", f"{label(u)} turned Fired in the Airborne "
                                            f"Operations Phase, but {why}; AA units turn Fired only under an Attack "
                                            "Target marker (11.36).", [u.hex], [u]))
            elif self.is_(u, "im_aa") and u.hex not in self._attack_targets(board) \
                    and self.lag_of_phase(board.pos, None, "airborne") is Lag.MAYBE \
                    and (drops := lagged_drops(self, board)):
                # a log's tracker a phase off the Airborne Operations Phase (late, early, or Next
                # pressed between the drops and the flip): 15.34 may turn this AA Fired (review rv-h23 item 1)
                if why := no_drop_in_range(self, board, u, drops):
                    out.append(self.finding(board, f"{P} 11.36", "movement", f"{label(u)} turned Fired in the "
                                            f"{board.pos.phase_name}, next to the Airborne Operations Phase, but "
                                            f"{why}; AA units turn Fired only under an Attack Target marker (11.36)."
                                            , [u.hex], [u]))
                else:
                    # rv-m23 item 2: the reason is the repeated segment where the lag alone is not
                    tracker = ANOTHER_ACTIVATION if self.lag_repeats(board.pos, one_phase(None, "airborne")) else \
                        "a log's turn tracker may be a phase off the Airborne Operations Phase"
                    self.not_judged(f"{P} 11.36", f"{label(u)} turned Fired in the {board.pos.phase_name} with an "
                                    f"Axis drop in its range (in {', '.join(sorted(drops))}) in this phase or the one "
                                    f"before: {tracker}, and 15.34 turns AA that fired at a drop Fired in the "
                                    "Airborne Operations Phase")
            elif self.is_(u, "im_aa") and board.pos.phase != "bombardment" \
                    and u.hex not in self._attack_targets(board):
                # 11.36: AA that fired at an air mission turns Fired only under an Attack Target marker
                out.append(self.finding(board, f"{P} 11.36", "movement", f"{label(u)} turned Fired in the "
                                        f"{board.pos.phase_name}, "
                                        f"but {u.hex} is under no Attack Target marker and no declared attack hits it: "
                                        "AA units turn Fired only under an Attack Target marker (11.36).",
                                        [u.hex], [u]))
            z = ez.setdefault(u.side, self.enemy_zoc(board, u.side))
            if u.hex not in z:
                if not self.is_(u, "im_aa") and board.pos.phase == "bombardment":
                    why = self._not_eligible_to_fire(board, u)
                    if why:
                        out.append(self.finding(board, f"{P} 10.12", "movement", f"{label(u)} bombarded, but {why}.",
                                                [u.hex], [u]))
                continue
            if self.is_(u, "im_aa"):
                if not any(x is not u and x.side == u.side and self.combat(x) and not self.artillery(x)
                           for x in board.units(u.hex)):
                    out.append(self.finding(board, f"{P} 11.32", "zoc", f"{label(u)} fired from {u.hex}, in enemy ZOC, "
                                            "with no non-artillery combat unit in its hex.", [u.hex], [u]))
            else:
                out.append(self.finding(board, f"{P} 10.12", "zoc", f"{label(u)} bombarded from {u.hex}, which is in "
                                        "enemy ZOC.", [u.hex], [u]))
        return out

    def _aa_fired_in_bombardment(self, board: Board, u) -> str:
        """10.27 「対空ユニットは、砲撃を実施できない」; 11.33: in the Ground Sequence's Bombardment
        Phase an AA unit turned Fired either bombarded or fired at a CAS mission, which only light AA
        may (heavy AA fires at air units bombarding, the Strategic Segment's missions); 11.36
        「攻撃目標マーカーの下にある場合にのみ、AA ユニットを射撃済へ裏返す」: light AA that fired at CAS
        stands in a defender hex (a declared attack's, or under the kit's ``attack-target`` marker).
        Whether an air unit is still on the map says nothing: AA fire removes the air units it hits
        (11.35). So: heavy AA, always; light AA outside every defender hex; with neither attacks
        nor Attack Target markers known, light AA is not judged. Why it was wrong, or ""."""
        if self.is_(u, "im_heavy_aa"):
            return ("but AA units never bombard (10.27) and heavy AA fires only at air units on a bombardment "
                    "mission (11.33), not at a CAS mission")
        targets = self._attack_targets(board)
        if not targets:
            self.not_judged(f"{P} 10.27", f"whether {label(u)}, light AA turned Fired in the Bombardment Phase, stood "
                            "in a defender hex (11.36: AA turns Fired only under an Attack Target marker) needs the "
                            "declared attacks or the Attack Target markers, and the position has neither")
            return ""
        if u.hex in targets:
            return ""
        return (f"outside every defender hex ({', '.join(sorted(targets))}): AA turns Fired only under an Attack "
                "Target marker (11.36), so it bombarded, which AA units never do (10.27)")

    @staticmethod
    def _attack_targets(board: Board) -> set[str]:
        """The defender hexes: a declared attack's, or under the kit's ``attack-target`` marker (9.1)."""
        pos = board.pos
        return {a.hex for a in pos.attacks} | {h for h, mk in pos.hex_markers.items() if ATTACK_TARGET in mk}

    def _not_eligible_to_fire(self, board: Board, u) -> str:
        """10.12: why artillery that fired in this Bombardment Phase was not eligible besides enemy
        ZOC, or "": disrupted (the inactive player fires second, 10.11, so its artillery was
        disrupted when it fired; the inactive player bombards only attacker hexes, 10.23, which
        are next to the defender and so in enemy ZOC: eligible active artillery is not there, and
        nothing in the phase disrupts it after it fired), or, with ``[state] active`` naming an
        Axis formation, Axis artillery of another formation without an Activation marker (7.22).
        Both players bombard in the phase (10.11, 10.23): the inactive side's artillery is not
        "not activated". With an Allied sector active, Allied artillery outside it without a marker
        that is not field artillery (``im_field_artillery``; 10.26 「非活性化組織内のイギリス軍野戦砲兵
        ユニットは、活性化して戦区を越えて射撃できる」: field artillery only) is not activated."""
        if u.has("disrupted"):
            return "it is disrupted"
        whose = self.activation_side(board)
        active = board.pos.state.get("active")
        if isinstance(active, str) and active and u.side == whose == str(self.param("im_supply_side")) \
                and active.upper() != "M" and u.unit.formation != active:
            marked = activation_marked(board.pos, u)
            if marked is None:
                self.not_judged(f"{P} 10.12", f"whether {label(u)}, which bombarded, was activated: it stands under an "
                                f"Activation marker with other units: {WHOSE_MARKER}")
            if marked is not False:
                return ""
            return (f"it is not activated (formation '{u.unit.formation or 'none'}', while '{active}' is active, "
                    "and no Activation marker)")
        area = board.map.areas.get(active) if isinstance(active, str) and active else None
        if area is not None and area.kind == "sector" and u.side == whose != str(self.param("im_supply_side")) \
                and self.sector(board, u.hex) != active and not self.is_(u, "im_field_artillery"):
            # 10.26: only British field artillery of another sector activates to fire across sectors
            marked = activation_marked(board.pos, u)
            if marked is None:
                self.not_judged(f"{P} 10.12", f"whether {label(u)}, which bombarded, was activated: it stands under an "
                                f"Activation marker with other units: {WHOSE_MARKER}")
            if marked is False:
                return (f"it is not activated: it stands outside the active {active} (in "
                        f"{self.sector(board, u.hex) or 'no sector'}) with no Activation marker, and only field "
                        "artillery fires across sectors (10.26)")
        return ""

    # ---- airheads and air entry (15.21, 8.43, 5.2) -----------------------------------------
    def check_airheads(self, board: Board) -> list:
        pos, out = board.pos, []
        heads = sorted(h for h, mk in pos.hex_markers.items() if "airhead" in mk and board.is_hex(h))
        gap = int(self.num("airhead_spacing_min_hexes"))
        for h in heads:
            if board.is_water(h) or board.terrain(h) == "invasion":
                out.append(self.finding(board, f"{P} 15.21", "supply", f"The airhead in {h} is on a sea hex; airheads "
                                        "go on land hexes.", [h]))
        free = [h for h in heads if not self.on_airfield(board, h)]
        for a, b, d in _closer_than(board, free, gap):
            out.append(self.finding(board, f"{P} 15.21", "supply", f"The airheads in {a} and {b} are "
                                    f"{d} hexes apart; an airhead is placed at least "
                                    f"{gap} hexes from any other.", [a, b]))
        before, stale = status_before(self.memory(pos), "prev_airheads")
        for h in sorted(stale & (set(heads) ^ (before or set()))):
            self.not_judged(f"{P} 15.21", gap_status.unknown_reason(f"hex {h}", "held an Airhead marker",
                                                                     "status_unknown"))
        if before is not None:
            before = before | stale     # placed or removed in the gap: neither gone nor new here
            on_fields = self._on_fields(board, heads)
            # 15.22 「空挺堡は移動できない」: one goes only in the Recovery Phase (taken by Allied units,
            # 15.23, or for an airfield airhead, 6.31)
            gone = sorted(h for h in before - stale if board.is_hex(h) and h not in heads
                          and not self.on_airfield(board, h))
            new = [h for h in free if h not in before]
            moved = self._moved_airheads(board, gone, new) if pos.phase not in ("", "recovery") else set()
            for h in new:
                near = [o for o in heads if o != h and o in on_fields
                        and (od := board.distance(h, o)) is not None and od < gap]
                if near:
                    out.append(self.finding(board, f"{P} 15.21", "supply", f"The new airhead in {h} is closer than "
                                            f"{gap} hexes to the airhead in {', '.join(near)}.", [h] + near))
                if self.known_time(board, f"{P} 15.21") == "night":
                    out.append(self.finding(board, f"{P} 15.21", "supply", f"An airhead was placed in {h} on a Night "
                                            "turn.", [h]))
                elif pos.phase not in ("", "airborne") and h not in moved \
                        and self.lag_of_phase(pos, None, "airborne") is Lag.MAYBE:
                    # oracle24's im-late24: placed with the tracker a phase before (or after) the
                    # Airborne Operations Phase, which a log's tracker cannot tell from the phase itself
                    tracker = ANOTHER_ACTIVATION if self.lag_repeats(pos, one_phase(None, "airborne")) else \
                        "a phase from the Airborne Operations Phase where airheads are placed: a log's turn " \
                        "tracker may be a phase off the pieces"
                    self.not_judged(f"{P} 15.21", f"the airhead in {h} was placed under the {pos.phase_name} "
                                    f"tracker, {tracker}")
                elif pos.phase not in ("", "airborne") and h not in moved:
                    out.append(self.finding(board, f"{P} 15.21", "supply", f"An airhead was placed in {h} in the "
                                            f"{pos.phase_name}; airheads are "
                                            "placed in the Airborne Operations (Paradrop) Phase, before any KG "
                                            "drops (those on airfields in the Recovery Phase, 6.32).", [h]))
            if gone and pos.phase not in ("", "recovery"):
                out.append(self.finding(board, f"{P} 15.22", "supply", f"The airhead in {', '.join(gone)} is gone "
                                        + (f"and one stands in {', '.join(sorted(moved))} " if moved else "")
                                        + "outside the Recovery Phase; airheads never move and are removed only "
                                        "in the Recovery Phase.", gone + sorted(moved)))
        return out

    @staticmethod
    def _moved_airheads(board: Board, gone: list[str], new: list[str]) -> set[str]:
        """The new airheads that are gone ones moved (15.22's finding, not 15.21's placement): each
        free airhead gone pairs with the nearest new one not yet paired, so a second new airhead
        is still a placement. An airfield airhead gone, or one gone in the Recovery Phase, excuses
        none (the caller passes only those 15.22 judges)."""
        moved: set[str] = set()
        for g in gone:
            left = [(d, h) for h in new if h not in moved and (d := board.distance(g, h)) is not None]
            if left:
                moved.add(min(left)[1])
        return moved

    def check_drop_hexes(self, board: Board) -> list:
        """15.32: a Drop Hex marker lies on a land hex (15.31) within ``drop_hex_from_airhead_max_hexes``
        (4) of an airhead and not closer than ``drop_hex_spacing_min_hexes`` (2) to another Drop Hex
        marker of the phase. Judged in the Airborne Operations Phase, where the markers are placed
        (and in a position without a phase), as 15.71 and 17.52 are: a marker left on the map after
        the drop is not placed again later, against the airheads standing then. With no airhead on
        the map the distance is not judged (15.2 intro: then no KG drops at all; an airhead's
        formation is not recorded, so any airhead counts); hexes with no distance between them
        (on different maps: Malta and Leros) are never near nor apart."""
        pos, out = board.pos, []
        if pos.phase not in ("airborne", ""):
            return []
        drops = sorted(h for h, mk in pos.hex_markers.items() if "drop-hex" in mk and board.is_hex(h))
        if not drops:
            return []
        kgs.name_kgs_sharing_drop_hex(self, board)
        heads = [h for h, mk in pos.hex_markers.items() if "airhead" in mk and board.is_hex(h)]
        reach, gap = int(self.num("drop_hex_from_airhead_max_hexes")), int(self.num("drop_hex_spacing_min_hexes"))
        for h in drops:
            if board.is_water(h) or board.terrain(h) == "invasion":
                out.append(self.finding(board, f"{P} 15.32", "movement", f"The Drop Hex marker in {h} is on a sea hex; "
                                        "a KG drops on a land hex (15.31).", [h]))
            far = {a: d for a in heads if (d := board.distance(h, a)) is not None}
            if far and min(far.values()) > reach:
                nearest = min(far, key=lambda a: (far[a], a))
                out.append(self.finding(board, f"{P} 15.32", "movement", f"The Drop Hex marker in {h} is "
                                        f"{far[nearest]} hexes from the nearest airhead ({nearest}); "
                                        f"a drop hex is within {reach} hexes of an airhead.", [h, nearest]))
        for a, b, d in _closer_than(board, drops, gap):
            out.append(self.finding(board, f"{P} 15.32", "movement", f"The Drop Hex markers in {a} and {b} are "
                                    f"{d} hex(es) apart; drop hexes of a phase are at least {gap} hexes "
                                    "apart.", [a, b]))
        return out

    def air_entry_boxes(self) -> list[str]:
        """8.43: the ids of the off-map boxes a unit leaves by air (``im_air_entry_boxes``)."""
        return [b.strip() for b in str(self.param("im_air_entry_boxes") or "").split(",") if b.strip()]

    def _on_fields(self, board: Board, heads: list[str]) -> set[str]:
        return {h for h in heads if self.on_airfield(board, h)}

    def air_entries(self, board: Board) -> Iterator[tuple[UnitState, str]]:
        """The combat units that entered the map by air in this Airborne Operations Phase (or in a
        position without a phase), each with the box it came from: it stood off the map at the
        previous phase end (``prev_hexes``) or, in a position, its ``previous`` is an off-map box
        (its own move record). Only an air box (``im_air_entry_boxes``: the paradrop KG boxes, and
        the air-transport boxes, ``im_air_transport_boxes``) is entry by air where the phase is not
        given; in the Airborne Operations Phase so is a box the map does not know (a module vmodgen
        did not build), not one of its other boxes (a sea arrival, e.g. from ``axis-port-entry``,
        is none). 8.43, 15.71 and 17.52 read these."""
        phase = board.pos.phase
        if phase not in ("airborne", ""):
            return
        air = set(self.air_entry_boxes()) | set(self.air_transport_boxes())
        prev = self.memory(board.pos).prev_hexes
        for u in board.pos.units:
            was = entered_from(prev, u)
            if was is None or board.is_hex(was) or not board.is_hex(u.hex) or not self.combat(u):
                continue
            if was not in air and (phase != "airborne" or was in board.map.boxes):
                continue
            yield u, was

    def air_transport_boxes(self) -> list[str]:
        """15.71: the ids of the off-map boxes a unit leaves by air transport (``im_air_transport_boxes``)."""
        return [b.strip() for b in str(self.param("im_air_transport_boxes") or "").split(",") if b.strip()]

    def paradrop_boxes(self) -> list[str]:
        """15.13: the air-entry boxes a unit leaves by parachute, the KG boxes: ``im_air_entry_boxes``
        less the air-transport ones (an air-transported unit lands, 15.71; it does not drop)."""
        transport = set(self.air_transport_boxes())
        return [b for b in self.air_entry_boxes() if b not in transport]

    def check_air_entry(self, board: Board) -> list:
        """8.43, 15.12, 15.77, 5.21-5.22: no paradrop at Night, in Windy or Storm weather; no air
        transport at Night or in a Storm (the units :meth:`air_entries` names)."""
        out = []
        for u, _ in self.air_entries(board):
            time = self.known_time(board, f"{P} 8.43")
            # a Night turn decides alone: the weather is read (and named if unknown) only by day
            weather = self.known_weather(board, f"{P} 8.43") if time != "night" else None
            by_air = self._air_landed(board.pos, u)
            why = ("a Night turn" if time == "night" else "a Storm" if weather == "storm" else
                   "Windy weather" if weather == "windy" and not by_air else "")
            if why:
                out.append(self.finding(board, f"{P} 8.43", "movement", f"{label(u)} entered the map at {u.hex} by "
                                        f"{'air transport' if by_air else 'paradrop'} in {why}; "
                                        f"{'neither takes place' if why != 'Windy weather' else 'no paradrop takes place'}"
                                        " then (5.2, 8.43).", [u.hex], [u]))
        return out

    def check_glider_landing(self, board: Board) -> list:
        """17.52: an Axis glider unit (``im_glider``) is never placed to land on an urban hex. A
        glider landed when it entered the map by air (:meth:`air_entries`); one brought by sea (port
        entry, 16.14) did not."""
        return [self.finding(board, f"{P} 17.52", "movement", f"{label(u)} landed by glider on {u.hex}, an urban hex; "
                             "glider units may not land on urban hexes.", [u.hex], [u])
                for u, _ in self.air_entries(board) if self.glider(u) and board.terrain(u.hex) == "urban"]

    def check_air_transport(self, board: Board) -> list:
        """15.7 intro, 15.71: only the Axis air-transports, and a unit brought by air transport (from
        an ``im_air_transport_boxes`` box: :meth:`air_entries`) is placed on an airfield hex holding
        an airhead (Leros has no airfield, 15.7 note, so none lands there)."""
        boxes = set(self.air_transport_boxes())
        out = self._one_kg_by_air(board, boxes)
        for u, was in self.air_entries(board):
            if was not in boxes:
                continue
            if u.side != str(self.param("im_supply_side")):
                out.append(self.finding(board, f"{P} 15.71", "movement", f"{label(u)} came onto {u.hex} by air "
                                        "transport; only the Axis player air-transports (15.7).", [u.hex], [u]))
            elif not self._air_landed(board.pos, u):
                out.append(self.finding(board, f"{P} 15.71", "movement", f"{label(u)} came onto {u.hex} by air "
                                        "transport, which is not an airfield hex holding an airhead; air transport "
                                        "lands only there.", [u.hex], [u]))
        return out

    def _one_kg_by_air(self, board: Board, boxes: set[str]) -> list:
        """15.74 「航空輸送は、いずれか1つの航空輸送フェイズに、セット・アップ・カードから最大で1つの
        「カンプフグルッペ」（KG）のユニットたちを移動させる」: the units air transported in this phase
        (from an air-transport box, or from a KG box onto an airfield holding an airhead, 15.71) are
        of one KG. A unit's KG is the KG box it came from; one from an air-transport box has its KG
        on the set-up card only: with others beside it, not judged."""
        kgs: dict[str, list] = {}
        unknown: list = []
        for u, was in self.air_entries(board):
            if was in boxes:
                unknown.append(u)
            elif was in self.air_entry_boxes() and self._air_landed(board.pos, u):
                kgs.setdefault(was, []).append(u)
        if len(kgs) > 1:
            units = [u for us in kgs.values() for u in us]
            return [self.finding(board, f"{P} 15.74", "movement", f"Units of {len(kgs)} KGs ({', '.join(sorted(kgs))}: "
                                 f"{self.names(units)}) came by air transport in one phase; air transport moves "
                                 "at most one KG's units a phase.", sorted({u.hex for u in units}), units)]
        if unknown and len(unknown) + sum(map(len, kgs.values())) > 1:
            self.not_judged(f"{P} 15.74", f"{self.names(unknown)} came by air transport with other units: whether "
                            "all are of one KG (15.74) is on the set-up card, which the position does not record")
        return []

    # ---- paradropped units' movement (15.16) -----------------------------------------------
    def check_dropped_moves(self, board: Board) -> list:
        """15.16: in their drop activation's own Movement Phase (a position without a phase: that one)."""
        dropped = _ids(self.memory(board.pos).dropped)
        if not dropped or board.pos.phase not in ("", "movement"):
            return []
        limit = self.param("im_paradrop_move_hexes")
        none_s12: bool | None = False
        if isinstance(limit, bool) or not isinstance(limit, (int, float)):
            none_s12 = self.scenario_in(board.pos, {"1", "2"})
            limit = 0 if none_s12 else self.num("paradropped_move_hexes_s34")
        out = []
        for u in board.pos.units:
            if u.id not in dropped or not u.moved or u.mode in ("retreat", "advance", "reaction"):
                continue
            n = len(u.path) - 1 if u.path else ((board.distance(u.previous, u.hex) if u.previous else 0) or 0)
            if n > limit:
                out.append(self.finding(board, f"{P} 15.16", "movement", f"{label(u)} paradropped this activation "
                                        f"and moved {n} hex(es); it may move {int(limit)} in this scenario.",
                                        [u.hex], [u]))
            elif n and none_s12 is None:
                # 15.16: none in Scenarios 1-2, one hex in 3-4; the position may be either
                self.not_judged(f"{P} 15.16", f"{label(u)} paradropped this activation and moved {n} hex(es), which "
                                f"Scenarios 1 and 2 forbid and 3 and 4 allow; {self._unnamed(board.pos)}")
        return out
