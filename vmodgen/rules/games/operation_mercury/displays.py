"""Operation Mercury: the displays' boxes. The Air Operations Display (12.13, 12.16, 12.21-12.23,
12.31) and the Alexandria and Athens port boxes (16.41, 16.42, 16.46): which box a counter may go to
from which, and in which phase.

A move on a display is read from a unit's ``previous`` box, else (a log's phases with no moving
side) its box at the previous phase end (:func:`.carried.came_from`). The order of the
boxes (a unit moves one box nearer Ready a readiness, one refit box a turn) is judged in any
position. The phase a move belongs to is judged in a position file; in a log (whose drags follow
the players' bookkeeping, a step before or after the tracker, as 12.23a's lag in
:func:`.phases.night_missions`) by the tracker-lag policy (:mod:`.core.tracker_lag`, through
:func:`.carried.may_lag`): within one press of Next of the phase the move belongs to it is named not
judged, further off it is a finding. That phase is the Air Unit Allocation Phase for readiness and
allocation (12.23, 12.31), a phase German air units fly in for a mission's result (12.31 Ready →
Flown / Abort, 12.23 Flown → Abort: :func:`mission_result_may_lag`), the Port Refit Phase, whose
end 16.44 reads, for a ship sailing with its Ammo marker. 16.42's refit moves in a log are still
named not judged at any phase off the Port Refit Phase (not yet on the policy: docs/tracker-lag.md)."""
from __future__ import annotations

import math

from ...core.board import Board
from ...core.moves import label
from ...core.select import Selector
from ...core.stacking import fmt
from ...core.tracker_lag import from_tracker, one_phase
from .carried import came_from, may_lag, recorded_end_reason
from .memory import time_of_day, turn_time

P = "OM"
ALLOCATION = "air-allocation"          # the Air Unit Allocation Phase: readiness (12.23), then allocation (12.31)
PORT_REFIT = "port-refit"              # the Port Refit Phase (16.42, 16.46)
NAVAL_MOVEMENT = "allied-naval-movement"  # the Allied Naval Movement Phase: its start replenishes AA ammunition (16.44)
#: phases other than the German Bombardment and Combat phases (12.5, 12.6) in which German air units
#: fly and come back to Flown or an Abort box (12.22): the Air Unit Allocation Phase's step 7
#: (interdiction, 12.41), the First Naval Combat Phase (air search and air-to-naval combat, SoP III.C,
#: 18.3, 19.1), and GT1's Paradrop Phase (12.55「ゲーム・ターン 1（のみ）…落下傘降下フェイズ中」)
GERMAN_AIR_PHASES = {ALLOCATION: None, "first-naval-combat": None, "german-paradrop": 1}
AIR = Selector("kind:air, class:air", "12.1: air units")
EVACUATION_MARKER = "evacuation_ends"   # 20.12: the Evacuation Ends marker
SPLIT_FLAG = "ju87_split"              # the 2-3 Ju-87 halves (12.13)
OPTIONAL_FLAG = "optional"             # the optional air units (12.16)
#: 14.0「これらのシナリオは…キャンペーン・ゲームのルールは使用しない」: the scenarios without campaign options
NO_CAMPAIGN_SCENARIOS = ("scn1", "scn2", "scn3")


def boxes(value: object) -> list[str]:
    """The box ids of a comma-separated parameter value."""
    return [x.strip() for x in str(value).split(",") if x.strip()]


def in_position_file(pos) -> bool:
    """Whether ``pos``'s phase is a position file's, stated, not a log's (or a save's), its turn
    tracker's: the one test of "a log" (:func:`.core.tracker_lag.from_tracker`). Before lagfix23,
    "the previous phase end is carried" (``om_end_hexes``), which position files may state too."""
    return not from_tracker(pos)


def alexandria_boxes(rs) -> set[str]:
    """The Alexandria port box and its refit boxes (16.4)."""
    return set(boxes(rs.param("om_alexandria_refit_boxes"))) | {str(rs.param("om_alexandria_box"))}


def at_or_after(pos, phase: str) -> bool:
    """Whether ``pos`` is in ``phase`` or a later phase of the turn's sequence."""
    ids = [p.id for p in pos.game.sequence.phases]
    return phase in ids and pos.phase in ids and ids.index(pos.phase) >= ids.index(phase)


def german_air_flies(pos, turn: int | None, phase: str) -> bool:
    """Whether German air units may fly a mission in ``phase`` of ``turn`` (none at night, 12.15; an
    unknown turn may be a day turn)."""
    if turn is not None and turn_time(turn) == "night":
        return False
    info = next((p for p in pos.game.sequence.phases if p.id == phase), None)
    if info is not None and info.kind == "combat" and info.side == "german":
        return True
    return phase in GERMAN_AIR_PHASES and (GERMAN_AIR_PHASES[phase] in (None, turn) or turn is None)


def mission_result_may_lag(rs, pos) -> bool:
    """In a log, whether a unit's drag to Flown or an Abort box may be a mission's result made with
    the tracker off the phase it flew in (:func:`.carried.may_lag`): German air units may fly in a
    phase within the tracker's lag of this one (a day turn's: the tracker not moved on yet, an
    interdiction played with it still on the Evacuation Determination Phase, rv-b22w item 1; or moved
    on before the drag), or in the last recorded phase end's (the tracker set past phases)."""
    night = time_of_day(pos) == "night"
    return may_lag(rs, pos, lambda t, p: not (night and t == pos.turn) and german_air_flies(pos, t, p))


def box_name(board: Board, box: str) -> str:
    return board.map.boxes[box].name if box in board.map.boxes else box


def check_air_display(rs, board: Board) -> list:
    """12.21: air units stay on the Air Operations Display, never on a map hex. 12.23 b-d: readiness
    moves a unit at most one box nearer Ready (Abort 2, Abort 1, Flown, Ready), never back, in the Air
    Unit Allocation Phase; a unit still in Abort 1 or Abort 2 flies no mission this turn. 12.31: only a
    unit in Ready is allocated, in that phase, irrevocably (no other mission box later); a unit not
    allocated flies no mission, so outside that phase it never goes from Ready to Flown or an Abort
    box (12.22: those receive units that flew). 12.41 step 7: inside a day turn's Air Unit Allocation
    Phase the interdicting units are fired at and go to Flown, or straight to an Abort box (12.22), so
    there Ready → Flown / Abort 1 / Abort 2 and Flown (rolled Ready) → Abort 1 / Abort 2 are legal;
    in a position that gives no turn (day or Night unknown) they are named not judged, and so in one
    that gives no phase, unless it is a Night turn (rv-b22w item 4)."""
    pos = board.pos
    track, missions = boxes(rs.param("om_air_readiness_boxes")), boxes(rs.param("om_air_mission_boxes"))
    ready = track[-1]
    in_file = in_position_file(pos)
    timed = in_file and bool(pos.phase) and pos.at == "end"
    alloc = pos.phase == ALLOCATION
    # 12.41 step 7: the interdiction flown and fired at inside that phase (a Night turn has no missions:
    # 12.15); with no turn nor time, whether it was flown is not known
    time = time_of_day(pos)
    interdiction = alloc and time not in (None, "night")
    untimed = alloc and time is None
    # with no phase (and no Night turn known), the position may be a day turn's Air Unit Allocation Phase
    phaseless = not pos.phase and time != "night"
    phase_name = pos.phase_name
    out = []

    def find(rule: str, u, text: str) -> None:
        out.append(rs.finding(board, f"{P} {rule}", "movement", f"{label(u)} {text}", [], [u]))

    def out_of_phase(rule: str, u, text: str) -> None:
        """The phase of a move: a finding in a position file; in a log (a drag may follow the tracker
        by a step) named not judged within the tracker's lag of an Air Unit Allocation Phase
        (:func:`.carried.may_lag`), a finding further off."""
        if timed:
            find(rule, u, text)
        elif not in_file and pos.phase and not alloc:
            if may_lag(rs, pos, one_phase(None, ALLOCATION)):
                jump = recorded_end_reason(rs, pos, one_phase(None, ALLOCATION))
                rs.not_judged(f"{P} {rule}", f"{label(u)} {text.split(';')[0]}, "
                                             + (f"with the tracker on the {phase_name}: {jump}, so the move may "
                                                "belong to that phase and is not judged" if jump else
                                                "the tracker within a phase of it: in a log a player may make the move "
                                                "a phase before or after the tracker, so the phase of the move is not "
                                                "judged"))
            else:
                find(rule, u, f"{text} The turn tracker shows the {phase_name}, two phases or more from an Air "
                              "Unit Allocation Phase, more than a log's tracker lags the play.")

    for u in pos.units:
        if not AIR.matches(pos.game, u):
            continue
        if board.is_hex(u.hex):
            # 12.21「実際に戦闘に参加していないときに」: inside a phase a unit may be over its target
            if timed:
                find("12.21", u, f"stands on the map hex {u.hex}; air units are kept on the Air Operations Display "
                                 "(12.21), and one that flew its mission goes to the Flown box (12.22).")
            else:
                rs.not_judged(f"{P} 12.21", f"{label(u)} stands on the map hex {u.hex}: "
                              + ("in a log a player may show a mission's target so" if not in_file else
                                 "a position with no phase end may show it over its target, in combat"))
            continue
        came = came_from(pos, u)
        if not came or came == u.hex or came not in track + missions or u.hex not in track + missions:
            continue
        here, there = box_name(board, came), box_name(board, u.hex)
        unknown_turn = (f"{label(u)} went from {here} to {there} in the Air Unit Allocation Phase of a turn the "
                        "position does not give: on a day turn an interdicting unit goes there (12.41, 12.22), on a "
                        "Night turn none flies (12.15)") if untimed else (
                        f"{label(u)} went from {here} to {there} in a phase the position does not give: in a day "
                        "turn's Air Unit Allocation Phase an interdicting unit goes there (12.41, 12.22)")
        if came == ready and u.hex in track:
            if interdiction:
                continue
            if untimed or phaseless:
                rs.not_judged(f"{P} 12.31", unknown_turn)
                continue
            if in_file or not mission_result_may_lag(rs, pos):
                find("12.31", u, f"went from {here} to {there}; a unit not allocated to a mission flies none this "
                                 "turn (12.31), and only units that flew are put in the Flown or an Abort box (12.22).")
            else:
                # a log's player may drag a unit that flew straight from Ready, past its mission box
                rs.not_judged(f"{P} 12.31", f"{label(u)} went from {here} to {there} outside a day turn's Air Unit "
                                            "Allocation Phase, in or a step before or after a phase German air units fly "
                                            "in: whether it flew a mission there, dragged with the tracker a step "
                                            "behind or ahead, a log does not show")
        elif came in track and u.hex in track:
            i, j = track.index(came), track.index(u.hex)
            if interdiction and i == len(track) - 2 and j < i:
                continue        # Flown, rolled Ready (12.23b), interdicted and aborted (12.41, 12.22)
            if (untimed or phaseless) and i == len(track) - 2 and j < i:
                rs.not_judged(f"{P} 12.23", unknown_turn)
                continue
            if not in_file and i == len(track) - 2 and j < i and mission_result_may_lag(rs, pos):
                # a mission's AA result (an interdiction's: Flown, rolled Ready, fired at) dragged a step
                # after the tracker left the phase it flew in
                rs.not_judged(f"{P} 12.23", f"{label(u)} went from {here} to {there} outside the Air Unit "
                                            "Allocation Phase, in or a step before or after a phase German air units fly "
                                            "in: a mission's AA result (12.41, 12.22) dragged with the tracker a step "
                                            "behind or ahead reads the same in a log")
                continue
            if j != i + 1:
                find("12.23", u, f"went from {here} to {there}; the readiness roll moves a unit at most one box "
                                 f"nearer {box_name(board, ready)} (12.23 b-d), never back.")
            elif not alloc:
                out_of_phase("12.23", u, f"went from {here} to {there} outside the Air Unit Allocation Phase; "
                                         "readiness is rolled in that phase only, before the missions are allocated "
                                         "(12.23).")
        elif came in track and u.hex in missions:
            if track.index(came) < len(track) - 2:
                find("12.23", u, f"went from {here} to a mission ({there}); a unit in {here} at the readiness roll "
                                 "flies no mission this turn (12.23 c-d).")
            elif not alloc:
                out_of_phase("12.31", u, f"was allocated to {there} outside the Air Unit Allocation Phase; missions "
                                         "are allocated in its step 6 only (12.31).")
        elif came in missions and u.hex in track and timed and time_of_day(pos) not in (None, "night") \
                and not german_air_flies(pos, pos.turn, pos.phase):
            # it flew (12.22) in a phase no mission is flown in: bombardment in the German Bombardment Phase
            # (12.51), support in the German combat phases (12.61), GT1's Paradrop Phase only (12.55「ゲーム・
            # ターン 1（のみ）」); rulepos31: before, any phase passed
            find("12.55" if pos.phase == "german-paradrop" else "12.51", u,
                 f"went from {here} to {there} in the {pos.phase_name}, "
                 "a phase no German air unit flies a mission in: bombardment is flown in the German Bombardment "
                 "Phase (12.51), combat support in a German combat phase (12.61), interdiction in the Air Unit "
                 "Allocation Phase (12.41), naval search and attack in the First Naval Combat Phase (18.3, 19.13), and "
                 "in the Paradrop Phase on Game Turn 1 only (12.55).")
        elif came in missions and u.hex in missions and not alloc:
            out_of_phase("12.31", u, f"went from {here} to {there}; an allocation is irrevocable: the unit flies no "
                                     "other mission type this turn (12.31).")
    return out + interdiction_flown(rs, board, timed) + ju87_halves(rs, board) + optional_air(rs, board, in_file)


def interdiction_flown(rs, board: Board, timed: bool) -> list:
    """12.41: in step 7 of a day turn's Air Unit Allocation Phase the interdiction levels are set and
    「全ての妨害航空ユニットを飛行済ボックスへ戻す」: at the end of that phase and later in the turn no air
    unit is in the Interdiction box (a Night turn has no missions: 12.15, 12.23a judge it)."""
    pos = board.pos
    box = str(rs.param("om_air_interdiction_box"))
    if not timed or time_of_day(pos) in (None, "night") or not at_or_after(pos, ALLOCATION):
        return []
    return [rs.finding(board, f"{P} 12.41", "movement", f"{label(u)} is in {box_name(board, box)} at the end of the "
                       f"{pos.phase_name}; once the interdiction "
                       "levels are set (step 7 of the Air Unit Allocation Phase) every interdicting unit goes to the "
                       "Flown box (12.41).", [], [u])
            for u in pos.units if u.hex == box and AIR.matches(pos.game, u)]


def ju87_halves(rs, board: Board) -> list:
    """12.13-12.14: a 4-5 Ju-87 splits into two 2-3 halves, which replace it (and recombine into one):
    the whole Stukas and the pairs of halves on the Air Operations Display are at most the roster's 4-5 Ju-87s (the optional
    one counted unless the scenario is one of 14.0's, which use no campaign option: 12.16)."""
    pos = board.pos
    whole_roster = [r for r in pos.roster.values() if r.type == "dive_bomber" and SPLIT_FLAG not in r.flags
                    and (OPTIONAL_FLAG not in r.flags or pos.scenario not in NO_CAMPAIGN_SCENARIOS)]
    if not whole_roster:
        return []
    # in play = on the display's boxes (a module may keep spare counters elsewhere on its map)
    display = set(boxes(rs.param("om_air_readiness_boxes"))) | set(boxes(rs.param("om_air_mission_boxes")))
    shown = [u for u in pos.units if u.hex in display]
    halves = [u for u in shown if SPLIT_FLAG in u.unit.flags]
    whole = [u for u in shown if u.unit.type == "dive_bomber" and SPLIT_FLAG not in u.unit.flags]
    stukas = len(whole) + math.ceil(len(halves) / 2)
    if not halves or stukas <= len(whole_roster):
        return []
    return [rs.finding(board, f"{P} 12.13", "stacking", f"{len(halves)} Ju-87 halves and {len(whole)} whole 4-5 Ju-87s "
                       f"are in play ({rs.names(whole + halves)}): the halves replace the Stukas they were split from, "
                       f"so they stand for {stukas} Stukas, and the kit's counter mix has {len(whole_roster)} (12.13, "
                       "12.16; a kit count, illustrative: the rulebook gives no order of battle, and 12.13's 'up to "
                       "three' splits suggest at least three 4-5 Ju-87s).", [], whole + halves,
                       rests_on="the kit's roster: its count of 4-5 Ju-87s")]


def optional_air(rs, board: Board, in_file: bool) -> list:
    """12.16: the optional Ju-87 and Ju-88 play only in the campaign game with Campaign Option #5; the
    scenarios 14.1-14.3 use no campaign rules (14.0). Elsewhere the option is not recorded: not judged
    (in a position file; a log names no scenario and its module may hold every counter)."""
    pos = board.pos
    extra = [u for u in pos.units if OPTIONAL_FLAG in u.unit.flags and AIR.matches(pos.game, u)]
    if not extra:
        return []
    if pos.scenario in NO_CAMPAIGN_SCENARIOS:
        return [rs.finding(board, f"{P} 12.16", "movement", f"{rs.names(extra)} in play in a scenario of 14.0, which "
                           "uses no campaign rules; the optional air units play only with Campaign Option #5 (12.16).",
                           [], extra)]
    if in_file:
        rs.not_judged(f"{P} 12.16", f"{rs.names(extra)} play only with Campaign Option #5 of the campaign game, "
                                    "which the position does not record")
    return []


def check_port_boxes(rs, board: Board) -> list:
    """16.42: an Allied ship moves from a refit box one box right (Refit 1, Refit 2, Ready to Sail), in
    the Port Refit Phase, one box a turn, never back (a ship coming in from sea is put in the refit
    box of its type: from outside the boxes any refit box). 16.46: a German convoy in Athens moves
    one box right after each Port Refit Phase, never back (when is not judged: 'following' the phase)."""
    pos = board.pos
    in_file = in_position_file(pos)
    timed = in_file and bool(pos.phase) and pos.at == "end"
    out = []
    tracks = ((boxes(rs.param("om_alexandria_refit_boxes")), "16.42", "allied"),
              (boxes(rs.param("om_athens_refit_boxes")), "16.46", "german"))
    for track, rule, side in tracks:
        for u in pos.units:
            came = came_from(pos, u)
            if u.side != side or came not in track or u.hex not in track or came == u.hex:
                continue
            i, j = track.index(came), track.index(u.hex)
            here, there = box_name(board, came), box_name(board, u.hex)
            if j != i + 1:
                out.append(rs.finding(board, f"{P} {rule}", "movement", f"{label(u)} went from {here} to {there}; a "
                                      f"ship moves one box a turn toward {box_name(board, track[-1])}, never back "
                                      f"({rule}).", [], [u]))
            elif rule == "16.42" and timed and pos.phase != PORT_REFIT:
                out.append(rs.finding(board, f"{P} 16.42", "movement", f"{label(u)} went from {here} to {there} "
                                      "outside the Port Refit Phase; ships move between the refit boxes in that phase "
                                      "only (16.42).", [], [u]))
            elif rule == "16.42" and not in_file and pos.phase and pos.phase != PORT_REFIT:
                rs.not_judged(f"{P} 16.42", f"{label(u)} went from {here} to {there} outside the Port Refit Phase: "
                                            "in a log a player may make the move a step after the tracker, so the "
                                            "phase of a move is not judged")
    return out


def check_ammo_replenished(rs, board: Board) -> list:
    """16.44: a ship that began the Allied Naval Movement Phase in an Alexandria box has its AA
    ammunition replenished: one that sailed from there (``previous`` an Alexandria box, now outside
    them) carries no Ammo Low / Out of Ammo marker (one that has just come in may). Judged in that
    phase or a later one in a position file; before it the marker is still on: named not judged, in
    the Port Refit Phase (which forms the task forces) because the ship, in a task force on the
    display, is seen leaving Alexandria by no later phase (rv-om22 item 4; that reason given in that
    phase only, rv-b22w item 7); with no phase not judged. In a log the window is the tracker-lag
    policy's around the Port Refit Phase, whose end 16.44 reads (:func:`.carried.may_lag`): a
    sailing seen under the Allied Naval Movement tracker is named not judged (the tracker a phase
    ahead of a task force formed in the Port Refit Phase), one seen two phases or more after the
    Port Refit Phase is judged (omlag25: before, not judged in a log at any phase)."""
    pos = board.pos
    port = alexandria_boxes(rs)
    sailed = [u for u in pos.units if u.has("ammo") and came_from(pos, u) in port and u.hex not in port]
    if not sailed:
        return []
    if pos.phase and not at_or_after(pos, NAVAL_MOVEMENT):
        # 16.43: a ship joining a task force in Alexandria in the Port Refit Phase stays in that task force
        # on the display, so no later phase end sees it leave Alexandria; earlier, no such reason
        why = ("(a task force formed in Alexandria, 16.43): the replenishment as that phase begins (16.44) is not "
               "followed to the task force's sailing" if pos.phase == PORT_REFIT else
               "(16.44 replenishes a ship as that phase begins, so the marker may still be on): whether it sailed "
               "from Alexandria after the replenishment is not followed")
        rs.not_judged(f"{P} 16.44", f"{rs.names(sailed)} left an Alexandria box carrying an Ammo Low / Out of Ammo "
                                    f"marker before the Allied Naval Movement Phase {why}")
        return []
    if not pos.phase:
        rs.not_judged(f"{P} 16.44", f"{rs.names(sailed)} left Alexandria carrying an Ammo Low / Out of Ammo marker: "
                                    "whether the Allied Naval Movement Phase, which replenishes it, has begun a "
                                    "position with no phase does not say")
        return []
    # 16.44 reads where a ship stood as the Allied Naval Movement Phase begins: at the Port Refit
    # Phase's end. A log's sailing seen within the tracker's lag of that phase may be its task force
    # formed there (16.43), before the replenishment, with the tracker a phase ahead
    log = not in_position_file(pos)
    here = pos.phase_name
    if log and may_lag(rs, pos, one_phase(pos.turn, PORT_REFIT)):
        jump = recorded_end_reason(rs, pos, one_phase(pos.turn, PORT_REFIT))
        rs.not_judged(f"{P} 16.44", f"{rs.names(sailed)} left Alexandria carrying an Ammo Low / Out of Ammo marker "
                                    + (f"in the {here}: {jump}, so the ship may have joined a task force in the Port "
                                       "Refit Phase (16.43), before the replenishment (16.44)" if jump else
                                       f"in the {here}, a phase after the Port Refit Phase: with the tracker a phase "
                                       "ahead the ship joined a task force there (16.43), before the replenishment "
                                       "(16.44)"))
        return []
    off = (f" The turn tracker shows the {here}, two phases or more after the Port Refit Phase, more than a log's "
           "tracker lags the play." if log else "")
    return [rs.finding(board, f"{P} 16.44", "movement", f"{label(u)} sailed from {box_name(board, came_from(pos, u) or '')} "
                       "carrying an Ammo Low / Out of Ammo marker; a ship that begins the Allied Naval Movement Phase "
                       f"in Alexandria is replenished and goes back to sea without it (16.44).{off}", [], [u])
            for u in sailed]


def check_evacuation_marker(rs, board: Board) -> list:
    """20.11-20.12 (21.2 without the naval game): the Evacuation Ends marker is put on the Game Turn
    Record when an evacuation check orders it, and the checks begin on GT14: before, the marker
    (on a box or hex, or a unit's status) is a finding in a position file, not judged in a log."""
    pos, first = board.pos, rs.num("evacuation_first_turn")
    if pos.turn is None or pos.turn >= first:
        return []
    where = [h for h, mk in pos.hex_markers.items() if EVACUATION_MARKER in mk] + \
            [u.hex for u in pos.units if u.has(EVACUATION_MARKER)]
    if not where:
        return []
    if not in_position_file(pos):
        # a module may keep its spare markers on the map before they are used
        rs.not_judged(f"{P} 20.11", f"an Evacuation Ends marker lies on {', '.join(box_name(board, h) for h in where)} "
                                    f"on GT{pos.turn}, before the evacuation checks begin: a log does not say it was placed")
        return []
    return [rs.finding(board, f"{P} 20.11", "movement", f"The Evacuation Ends marker is on the "
                       f"{', '.join(box_name(board, h) for h in where)} on GT{pos.turn}; the Allies check for "
                       f"evacuation from GT{fmt(first)} on (20.11), and the marker is placed only when a check orders "
                       "it (20.12).", [h for h in where if board.is_hex(h)])]
