"""Operation Mercury: where a Fatigue marker may come from (9.7, 9.71).

9.7「ユニットは、機動戦闘と砲爆撃中の戦闘結果によって疲労状態になる」: a unit becomes fatigued only by
a combat result, of a maneuver combat or a bombardment (GT1's Paradrop Phase has one, 12.55; an
assault's results are reductions and eliminations only, 10.0). So a unit fatigued at the end of a
phase that resolves no combat (any but :func:`resolves`: Movement, Supply, Recovery, Evacuation
Determination, Air Unit Allocation, the naval phases, Naval Unloading, Amphibious Landing, a later
turn's Paradrop, Combat Declaration, Combat Refusal, Defender Reaction, Game Record) that was not fatigued at the previous phase end (``[state] om_fatigued``) carries a marker no rule
placed. Judged in a position file, and in a log where the phase end before and the phases within
the tracker's lag (:mod:`.core.tracker_lag`: the one before and the one after) also resolve no
combat; next to one that does, a log's marker may be placed a step after the tracker left the combat
or before it reached it (the players' bookkeeping), as :func:`.phases.night_missions` reads 12.23a: there such a marker is
named not judged (rv-om22 item 5; before, in every log), and a log ending inside the phase does not
say 9.71 is judged at its end (:func:`judged_at_log_end`). A log reads markers by hex, so a unit that
moved this phase onto a hex where a fatigued unit stood at the last phase end (13.52b's replacement
HQ placed on a friend in the Recovery Phase, 13.63's returning militia) shows the marker already
lying there: named not judged (rv-b22w item 2: before, a finding)."""
from __future__ import annotations

from ...core import gap_status
from ...core.board import Board
from ...core.moves import label
from ...core.tracker_lag import from_tracker
from .carried import came_from, may_lag, mercury

P = "OM"
#: the phases of the sequence of play (3.2, the detailed sequence on the player aid) that resolve a
#: maneuver combat or a bombardment, the only sources of Fatigue (9.7 「ユニットは、機動戦闘と砲爆撃中の
#: 戦闘結果によって疲労状態になる」): each Bombardment Phase (artillery, air and naval bombardment: 11.2,
#: 12.5, 19.81 「いずれかの連合軍砲爆撃フェイズ中」) and each Combat Phase; and GT1's Paradrop Phase
#: (:data:`PARADROP`, its special air bombardment, 12.55 「ゲーム・ターン 1（のみ）」). Every other phase
#: resolves none: an assault's results are reductions and eliminations only (10.0 「強襲戦闘の結果には、
#: イン・プレイのユニットの減少と除去のみを含む」), so neither the special airborne assault (6.41: a normal
#: assault with no defensive bombardment) nor the amphibious special assault (17.43) fatigues; the Port
#: Refit and naval movement phases move ships, the naval combat phases fight naval units only (19.1-19.7),
#: the declaration, refusal (7.3) and reaction phases resolve no combat (review rv-m23 item 6, review
#: rv-r25 item 1; before, every phase of a kind other than movement, supply, admin or air counted, then
#: the Paradrop and Amphibious Landing Phases of every turn)
RESOLVING = frozenset({"german-bombardment", "german-combat", "allied-bombardment", "allied-combat"})
PARADROP = "german-paradrop"
FATIGUE = ("fatigued", "fatigue")


def resolves(turn: int | None, phase: str) -> bool:
    """Whether ``phase`` of ``turn`` may resolve a combat result that fatigues: :data:`RESOLVING`, or
    the Paradrop Phase of GT1 (12.55) or of a turn not known."""
    return phase in RESOLVING or (phase == PARADROP and turn in (1, None))


def resolves_none(pos) -> bool:
    """Whether ``pos``'s phase is one of the sequence's that resolves no combat (not :func:`resolves`);
    a phase the sequence does not know is not (its combats are unknown)."""
    return pos.phase_info is not None and not resolves(pos.turn, pos.phase)


def may_lag_a_combat(rs, pos) -> bool:
    """In a log, whether a Fatigue marker new at this phase end may belong to a phase resolving
    combat the tracker did not show then (:func:`.carried.may_lag`: within the tracker's lag, the
    phase before or after, or the last recorded phase end, the tracker set past phases)."""
    return may_lag(rs, pos, resolves)


def judged_at_log_end(rs, pos) -> bool:
    """Whether 9.71 is judged at the end of the phase a log ends inside (``pos``): a phase resolving
    no combat, whose marker cannot lag a combat (:func:`may_lag_a_combat`)."""
    return resolves_none(pos) and not may_lag_a_combat(rs, pos)


def joined_a_fatigued_hex(rs, pos, u, fatigued: list[str], ends: dict[str, str]) -> bool:
    """In a log, whether ``u`` moved this phase (:func:`.carried.came_from`) onto a hex where a unit
    fatigued at the last phase end stood: the hex's marker, which a log gives every unit there, was
    already lying on it. Named not judged (which of the stack it belongs to a log does not say)."""
    came = came_from(pos, u)
    hexes = {ends[f] for f in fatigued if f in ends}
    if came == u.hex or u.hex not in hexes:
        return False
    rs.not_judged(f"{P} 9.71", f"{label(u)} moved onto {u.hex}, where a Fatigue marker already lay at the previous "
                               "phase end on a fatigued unit: a log reads markers by hex, so whether it is fatigued "
                               "too a log does not show")
    return True


def check_new_fatigue(rs, board: Board) -> list:
    pos = board.pos
    ends = mercury(pos).om_end_hexes
    was, unknown = gap_status.status_before(mercury(pos), "om_fatigued", "om_status_unknown")
    if was is None or pos.at != "end" or not resolves_none(pos):
        return []
    before = sorted(was)
    where = pos.phase_name
    new = [u for u in pos.units if any(u.has(s) for s in FATIGUE) and u.id not in was]
    for u in [u for u in new if u.id in unknown]:
        rs.not_judged(f"{P} 9.71", gap_status.unknown_reason(label(u), "was fatigued", "om_status_unknown"))
    new = [u for u in new if u.id not in unknown]
    log = from_tracker(pos)
    if log and isinstance(ends, dict):
        new = [u for u in new if not joined_a_fatigued_hex(rs, pos, u, before, ends)]
    if new and log and may_lag_a_combat(rs, pos):
        one = len(new) == 1
        rs.not_judged(f"{P} 9.71", f"{rs.names(new)} {'carries' if one else 'carry'} a Fatigue marker at the end of "
                                   f"the {where}, which resolves no combat (9.7), and {'was' if one else 'were'} not "
                                   "fatigued at the previous phase end: a log's marker may be put on a step after the "
                                   "tracker left the combat")
        return []
    return [rs.finding(board, f"{P} 9.71", "movement", f"{label(u)} carries a Fatigue marker at the end of the "
                       f"{where}, and was not fatigued at the previous phase end; Fatigue comes only from a maneuver "
                       "combat or bombardment result (9.7, 9.71), and this phase resolves none.",
                       [u.hex] if board.is_hex(u.hex) else [], [u]) for u in new]
