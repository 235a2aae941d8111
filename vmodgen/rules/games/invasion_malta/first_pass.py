"""Whether a log shows its turn in the first pass of the Operations Segment (4.21 B.3).

The segment is played once per Activation Marker while the kit's tracker runs it once a turn, so a
log's tracker inside it may stand in an earlier activation's phases (:mod:`...core.tracker_lag`,
repeated phases). A later pass needs an AM played (7.13, 7.14: the Ground Sequence is run for the AM
played), which takes it out of the cup and the Activation Pools (:func:`.carried.undrawn_ams`; a
passed AM stays in a pool, 7.15). So a log rules a later pass out only where it shows the AMs: the
cup and pools hold AMs at the end of the turn's last phase before the segment, and since then no
more of them left than the turn's first activation takes. On GT1 that is none (7.12: the first
activation is the scenario's, 「最初の活性化で使用されることはない」); on every other turn it is the
one AM played, which the log shows leaving once the Draw phase is over (no AM gone after the Draw:
the players draw outside the log, and it shows no activation). With no AM in the cup or pools (the
kit's Leros and default set-ups put none there) a second activation played without touching the
tracker looks like the first, so the pass stays unknown (review rv-j23 item 1, rv-m23 item 1).
A step back of the tracker (Prev, a jump back) or a file starting inside the segment also leaves
it unknown: how players step the tracker through two activations is an assumption, 4.21 B.3 says
only that the segment repeats."""
from __future__ import annotations

from collections import Counter

from ....positions.model import Position
from .carried import MaltaMemory, undrawn_ams

#: the game turn whose first activation plays no AM (7.12)
FIRST_DRAW_TURN = 1


def _index(pos: Position, phase: str | None) -> int | None:
    ids = [p.id for p in pos.game.sequence.phases]
    return ids.index(phase) if phase in ids else None


def _in_segment(pos: Position, phase: str | None, segment: str) -> bool:
    return phase is not None and segment in getattr(pos.game.sequence.phase(phase), "segments", ())


def _segment_start(pos: Position, segment: str) -> str | None:
    """The first phase of ``segment`` (IM: the Draw, where the activation's AM is drawn)."""
    return next((p.id for p in pos.game.sequence.phases if segment in p.segments), None)


def _first_activation_ams(pos: Position, gone: int, segment: str) -> bool:
    """Whether ``gone`` AMs out of the cup and pools since the segment began are the turn's first
    activation's at ``pos``: none on GT1 (7.12); else one, or none while the tracker is still on the
    Draw (the AM not yet shown played)."""
    if pos.turn == FIRST_DRAW_TURN:
        return gone == 0
    return gone == 1 or (gone == 0 and pos.phase == _segment_start(pos, segment))


def _forward(memory: MaltaMemory, pos: Position, segment: str) -> bool:
    """Whether ``pos`` is on the turn the memory's first pass is, AMs shown in the cup and pools at
    the segment's start, its tracker at or after the last phase end's and the AMs gone since the
    first activation's (:func:`_first_activation_ams`)."""
    if not memory.pass_ams or pos.turn is None or pos.turn != memory.pass_turn:
        return False
    now, last = _index(pos, pos.phase), _index(pos, memory.pass_phase)
    if now is None or last is None or now < last:
        return False
    gone = Counter(memory.pass_ams) - undrawn_ams(pos)       # counted: a formation may have two AMs (4.41)
    return _first_activation_ams(pos, sum(gone.values()), segment)


def remember_pass(after: Position, memory: MaltaMemory, segment: str) -> None:
    """At ``after``'s phase end: start the turn's first pass at a phase before ``segment`` (the AMs
    then in the cup and pools), keep it through the segment while :func:`_forward` holds, adding
    the AMs the cup and pools hold now, forget it otherwise (a step back, an AM more than the first
    activation's, the phases after the segment)."""
    at, start = _index(after, after.phase), _index(after, _segment_start(after, segment))
    if at is not None and start is not None and at < start:
        back = memory.pass_turn == after.turn and memory.pass_phase is not None and \
            (_index(after, memory.pass_phase) or 0) > at
        keep = not back and not (memory.pass_ams is None and memory.pass_turn == after.turn)
        memory.pass_ams = sorted(undrawn_ams(after).elements()) if keep else None
    elif not (_in_segment(after, after.phase, segment) and _forward(memory, after, segment)):
        memory.pass_ams = None
    else:                   # an AM put in the cup late (7.11) counts when it leaves again
        memory.pass_ams = sorted((Counter(memory.pass_ams or ()) | undrawn_ams(after)).elements())
    memory.pass_turn = after.turn
    memory.pass_phase = after.phase


def first_pass(memory: MaltaMemory, pos: Position, segment: str) -> bool:
    """Whether the log shows ``pos`` (its tracker in ``segment``) in its turn's first pass of it."""
    return _in_segment(pos, pos.phase, segment) and _forward(memory, pos, segment)
