"""Whether a log shows its turn in the first pass of the Operations Segment (4.21 B.3).

The segment is played once per Activation Marker while the kit's tracker runs it once a turn, so a
log's tracker inside it may stand in an earlier activation's phases (:mod:`...core.tracker_lag`,
repeated phases). A log can rule that out: a later pass needs the tracker pressed back (Prev, a
jump back: recorded logs' README, two activations) or a second Activation Marker leaving the cup
and pools. So a turn whose phase ends show the tracker stepping forward from a phase before the
segment, with no step back and at most one AM gone since, is in its first pass. A file starting
mid-turn cannot show that: it stays unknown (review rv-m23 item 1)."""
from __future__ import annotations

from ....positions.model import Position
from .carried import MaltaMemory, undrawn_ams


def _index(pos: Position, phase: str | None) -> int | None:
    ids = [p.id for p in pos.game.sequence.phases]
    return ids.index(phase) if phase in ids else None


def _in_segment(pos: Position, phase: str | None, segment: str) -> bool:
    return phase is not None and segment in getattr(pos.game.sequence.phase(phase), "segments", ())


def _forward(memory: MaltaMemory, pos: Position) -> bool:
    """Whether ``pos`` is on the turn the memory's first pass is, its tracker at or after the last
    phase end's and no more than one AM gone since the phases before the segment."""
    if memory.pass_ams is None or pos.turn != memory.pass_turn:
        return False
    now, last = _index(pos, pos.phase), _index(pos, memory.pass_phase)
    if now is None or last is None or now < last:
        return False
    return len(set(memory.pass_ams) - undrawn_ams(pos)) <= 1


def remember_pass(after: Position, memory: MaltaMemory, segment: str) -> None:
    """At ``after``'s phase end: start the turn's first pass at a phase before ``segment``, keep it
    through the segment while :func:`_forward` holds, forget it otherwise (a step back, a second AM,
    the phases after the segment)."""
    first = next((p.id for p in after.game.sequence.phases if segment in p.segments), None)
    at, start = _index(after, after.phase), _index(after, first)
    if at is not None and start is not None and at < start:
        back = memory.pass_turn == after.turn and memory.pass_phase is not None and \
            (_index(after, memory.pass_phase) or 0) > at
        keep = not back and not (memory.pass_ams is None and memory.pass_turn == after.turn)
        memory.pass_ams = sorted(undrawn_ams(after)) if keep else None
    elif not (_in_segment(after, after.phase, segment) and _forward(memory, after)):
        memory.pass_ams = None
    memory.pass_turn = after.turn
    memory.pass_phase = after.phase


def first_pass(memory: MaltaMemory, pos: Position, segment: str) -> bool:
    """Whether the log shows ``pos`` (its tracker in ``segment``) in its turn's first pass of it."""
    return _in_segment(pos, pos.phase, segment) and _forward(memory, pos)
