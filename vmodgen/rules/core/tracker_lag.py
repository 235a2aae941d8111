"""The turn tracker's lag, one policy for every rule that reads a log's phase.

A log's phase is what its turn tracker shows (``Position.phase_from_tracker``), and players press
Next late, early, or not at all: a drag the log records in phase T may belong to a phase next to T.
A position file states its phase, which is exact: no lag there. The question every such rule asks
is "is this moment within the tracker's possible lag of phase P?", answered here once:

* :attr:`Lag.IN`: the position is in P (a position file, or a log whose tracker shows P);
* :attr:`Lag.MAYBE`: a log whose tracker shows a phase within :data:`LAG` phases of P, counted the
  way a player skips them: the rule names its judgment not judged, with the tracker as the reason;
* :attr:`Lag.OUT`: neither: the rule judges.

Counting. The distance is the presses of Next between the two phases, and a press that lands on a
phase costs one unless the rule set names that phase one a player passes without a click when there
is nothing to do in it (``RuleSet.empty_phases(pos)``: ``EMPTY_PHASES`` on every turn, IM's
Bombardment Phase with nothing to bombard, its Airborne Operations Phase on a turn without an
airborne operation; and those the position lets be empty, IM's Combat Declaration Phase with no
attack required). The log cannot read that emptiness: the tracker lagging through such a
phase never showed it, and the recorded logs show no step of a player's in a phase they clicked
through (a phase passed with two presses of Next in a row looks the same whether it was played
empty or skipped). So the rule set names the phases the book lets be empty, and the policy counts
them as nothing; what the log does show is read: a phase it shows played is not empty (IM: a unit
turned Fired under the Bombardment tracker, for the rest of that Ground Sequence; review rv-m23
item 4). Either end counts the same way: with the tracker behind the play the presses land on the
phases after the tracker's up to P; with the tracker ahead, on the phases after P up to the
tracker's, so an empty phase the tracker stands on is free too (IM: the tracker on an empty
Bombardment Phase is one phase, the Combat Declaration Phase, past the Movement Phase; review rv-j23
item 3). That press is one the log records, and it stays free (review rv-m23 item 5): the lag
counts a player's lapses, not the tracker's clicks, and the purpose is never to call a player's
one lapse a breach. A player with something of P left who presses Next on through a phase with
nothing in it has made one lapse whether they stopped on the empty phase before noticing or not;
counting the press onto it would judge the same lapse one phase off or two by where the player
happened to look up. The book does not govern the tracker, and puts nothing in an empty phase for
the press to have skipped. The turn wraps: the phase after a turn's last is the next turn's first.

Repeated phases. A rule set may name a run of phases its turn plays more than once
(``RuleSet.REPEATED_SEGMENT``: IM's Operations Segment, Draw to Reset, played once per Activation
Marker, 4.21 B.3), while the kit's tracker runs them once a turn. How a player steps the tracker
through a later pass no rule says; the assumption here is that they either leave it where the last
pass ended or press Prev back to the run's start, so its phase says nothing of which pass the play
is in. A log's tracker inside that run, with P inside it too on the same turn, is then no
distance from P at all: it is :attr:`Lag.MAYBE` whichever side of P it stands
(:func:`repeats` tells a rule's message that this is why)."""
from __future__ import annotations

from enum import Enum
from typing import Callable, Iterable, Sequence

#: how many phases (not counting empty ones) a log's tracker may be off the play: one. Two is a
#: player who forgot Next twice in a row with something done in between, which the reviews of the
#: rounds before never found in a real log; such a record is judged
LAG = 1


class Lag(Enum):
    """Where a moment stands to the phase a rule is about (see the module docstring)."""
    IN = "in"
    MAYBE = "maybe"
    OUT = "out"


#: (turn, phase id) → whether it is the phase a rule is about; the turn is None when unknown
Wanted = Callable[[int | None, str], bool]


def from_tracker(pos) -> bool:
    """Whether ``pos``'s phase is a log's (its turn tracker's, which may lag the play), not a
    position file's stated one."""
    return bool(getattr(pos, "phase_from_tracker", False))


def neighbours(ids: list[str], turn: int | None, phase: str, empty: Iterable[str] = (),
               lag: int = LAG) -> list[tuple[int | None, str, int]]:
    """The phases within ``lag`` phases of (``turn``, ``phase``) in the sequence ``ids``, each
    direction, as (turn, phase id, signed distance: + after, - before). The distance counts the
    presses of Next from the earlier phase to the later; one landing on a phase of ``empty`` costs
    nothing (that phase is listed at distance 1 at least)."""
    if phase not in ids:
        return []
    skip, n, at = frozenset(empty), len(ids), ids.index(phase)
    out: list[tuple[int | None, str, int]] = []
    for step in (1, -1):
        t, i, d = turn, at, 0
        for _ in range(n * (lag + 1)):         # bounded: every phase empty cannot loop for ever
            left = ids[i]
            i += step
            if i == n or i < 0:
                i %= n
                t = None if t is None else t + step
            landed_on = ids[i] if step == 1 else left       # the press between them lands on the later
            d += 1 if landed_on not in skip else 0
            if d > lag or (i == at and t == turn):
                break
            out.append((t, ids[i], step * max(d, 1)))
    return out


def repeats(pos, wanted: Wanted, repeated: Sequence[str] = ()) -> bool:
    """Whether a log's ``pos`` stands, by its tracker, in the run of ``repeated`` phases with a phase
    ``wanted`` names in that run on the same turn (see the module docstring): which pass of the run
    the play is in, and so how far the tracker is from it, is unknown."""
    if not from_tracker(pos) or pos.phase not in repeated:
        return False
    return any(wanted(pos.turn, p) for p in repeated if p != pos.phase)


def lag_of(pos, wanted: Wanted, empty: Iterable[str] = (), repeated: Sequence[str] = ()) -> Lag:
    """Whether ``pos`` is in a phase ``wanted`` names (:attr:`Lag.IN`), a log's within the tracker's
    lag of one or in a repeated run of phases with one (:attr:`Lag.MAYBE`), or neither
    (:attr:`Lag.OUT`). A position with no phase is :attr:`Lag.OUT` (every phase: its rules decide
    what that means)."""
    if not pos.phase:
        return Lag.OUT
    if wanted(pos.turn, pos.phase):
        return Lag.IN
    if not from_tracker(pos):
        return Lag.OUT
    if repeats(pos, wanted, repeated):
        return Lag.MAYBE
    ids = [p.id for p in pos.game.sequence.phases]
    near = neighbours(ids, pos.turn, pos.phase, empty)
    return Lag.MAYBE if any(wanted(t, p) for t, p, _ in near) else Lag.OUT


def one_phase(turn: int | None, phase: str) -> Wanted:
    """The :data:`Wanted` of one phase (``turn``: None = any turn's)."""
    return lambda t, p: p == phase and (turn is None or t == turn)


def lag_of_phase(pos, turn: int | None, phase: str, empty: Iterable[str] = (),
                 repeated: Sequence[str] = ()) -> Lag:
    """:func:`lag_of` for one phase (``turn``: None = any turn's)."""
    return lag_of(pos, one_phase(turn, phase), empty, repeated)


def ahead(ids: list[str], phase: str, empty: Iterable[str] = (), lag: int = LAG) -> list[str]:
    """The phases after ``phase`` in the sequence ``ids`` that a log's tracker may show while the
    play is still in it (Next pressed early, up to ``lag`` counted phases), in order: a rule due by
    ``phase``'s end judges a log at the last one's end."""
    return [p for _, p, d in neighbours(ids, None, phase, empty, lag) if d > 0]
