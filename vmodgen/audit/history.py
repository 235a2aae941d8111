"""Where a file's pieces and turn trackers stood after each of its steps, kept as the changes
only, so that the next file of a chain can be matched against any step, not only the end.

A play-by-email player opens the opponent's log and steps through it with VASSAL's Step button
(``BasicLogger.step``). If he stops before its last step, or steps to the end and presses Undo
(``BasicLogger.undo`` takes a replayed step back and lets it be stepped again), and then begins
his own log, his file starts where the opponent's stood at an earlier step: the steps after it
were never seen by him and his file overwrites them. An Undo of a replayed turn-tracker step
sets the tracker to the state it had when the log's command was read (VASSAL's
``TurnTracker.SetTurn`` takes its old state when it is decoded), not to the phase before that
step. :func:`match` finds the step a file starts at, for the placements and the trackers apart."""
from __future__ import annotations

from dataclasses import dataclass, field

from .continuity import NOWHERE


def _placed(pos) -> tuple | None:
    """A piece's position, None where it stands on no map (as :class:`.continuity.Placements`)."""
    return None if pos is None or pos == NOWHERE else pos


@dataclass
class StepHistory:
    """The changes of one file, step by step: ``moves`` (step, piece id, position before,
    position after; ``None``: not on a map) and ``turns`` (step, tracker states after it)."""
    steps: int = 0
    moves: list[tuple[int, str, tuple | None, tuple | None]] = field(default_factory=list)
    turns: list[tuple[int, dict]] = field(default_factory=list)
    _pos: dict[str, tuple | None] = field(default_factory=dict, repr=False)
    _turns: dict = field(default_factory=dict, repr=False)

    def note(self, k: int, state, touched: set[str] | None) -> None:
        """Step ``k``'s state (``touched``: the pieces it touched; None: any may have changed)."""
        self.steps = k
        pieces = state.pieces
        if k == 0:
            self._pos = {pid: _placed(rec.position) for pid, rec in pieces.items()}
            self._turns = dict(state.turns)
            self.turns.append((0, self._turns))
            return
        pids = set(pieces) | set(self._pos) if touched is None else touched
        for pid in sorted(pids):
            rec = pieces.get(pid)
            now = _placed(rec.position) if rec is not None else None
            was = self._pos.get(pid)
            if now != was:
                self.moves.append((k, pid, was, now))
                self._pos[pid] = now
        if state.turns != self._turns:
            self._turns = dict(state.turns)
            self.turns.append((k, self._turns))

    def __getstate__(self) -> dict:
        """Pickled (a parallel audit) without the running state."""
        return {"steps": self.steps, "moves": self.moves, "turns": self.turns, "_pos": {}, "_turns": {}}


@dataclass(frozen=True)
class StepMatch:
    """Where the next file starts in a file's history: ``pieces``, the step after which every
    piece stood where the next file has it (None: no step), the last such step where the trackers
    showed what the next file's do too, else the last such step; ``tracker``, the step after which
    the turn trackers showed what the next file's do (``pieces`` when they did then, else the
    last such step; None: none); ``of``, the file's steps; ``lost``: the pieces that moved after
    ``pieces`` (piece id, where it stood then, where the file ended with it)."""
    pieces: int | None
    tracker: int | None
    of: int
    lost: tuple[tuple[str, tuple | None, tuple | None], ...] = ()

    @property
    def earlier(self) -> bool:
        """Whether the next file starts at an earlier step than the end, for the pieces or the
        trackers (and the pieces match some step)."""
        return self.pieces is not None and (self.pieces < self.of or (self.tracker is not None and self.tracker < self.of))


def _start_positions(snapshot: dict) -> dict[str, tuple | None]:
    return {pid: _placed(e[0]) for pid, e in snapshot.get("pieces", {}).items()}


def match(history: StepHistory, end: dict, start: dict) -> StepMatch:
    """The step of the file whose ``history`` and ``end`` snapshot these are at which the next
    file's ``start`` snapshot stood: its pieces' places and its trackers' states at one step when
    they both did (the last such step: a player who stopped stepping before the file's last
    tracker-only steps, its Next clicks, starts there), else the last step for each apart."""
    n = history.steps
    pieces_spans = _piece_spans(history, end, start)
    tracker_spans = _tracker_spans(history, end, start)
    both = [min(pb, tb) for pa, pb in pieces_spans for ta, tb in tracker_spans if max(pa, ta) <= min(pb, tb)]
    pieces: int | None
    tracker: int | None
    if both:
        pieces = tracker = max(both)
    else:
        pieces = pieces_spans[0][1] if pieces_spans else None
        tracker = tracker_spans[-1][1] if tracker_spans else None
    lost: list[tuple[str, tuple | None, tuple | None]] = []
    if pieces is not None and pieces < n:
        first: dict[str, tuple | None] = {}
        last: dict[str, tuple | None] = {}
        for k, pid, was, now in history.moves:
            if k > pieces:
                first.setdefault(pid, was)
                last[pid] = now
        lost = [(pid, first[pid], last[pid]) for pid in sorted(first) if first[pid] != last[pid]]
    return StepMatch(pieces, tracker, n, tuple(lost))


def _piece_spans(history: StepHistory, end: dict, start: dict) -> list[tuple[int, int]]:
    """The spans of steps (first, last; the latest first) after which every piece stood where
    ``start`` has it, walking the moves back from ``end``."""
    want = _start_positions(start)
    pos = _start_positions(end)
    wrong = {pid for pid in set(pos) | set(want) if pos.get(pid) != want.get(pid)}
    by_step: dict[int, list[tuple[str, tuple | None, tuple | None]]] = {}
    for k, pid, was, now in history.moves:
        by_step.setdefault(k, []).append((pid, was, now))
    spans: list[tuple[int, int]] = []
    top: int | None = history.steps if not wrong else None     # the last step of the span under way
    for k in sorted(by_step, reverse=True):
        # the position stays from step k to the next step with a move
        for pid, was, _ in reversed(by_step[k]):                 # the position before step k
            pos[pid] = was
            if was != want.get(pid):
                wrong.add(pid)
            else:
                wrong.discard(pid)
        if wrong and top is not None:
            spans.append((k, top))
            top = None
        elif not wrong and top is None:
            top = k - 1
    if top is not None:
        spans.append((0, top))
    return spans


def _tracker_spans(history: StepHistory, end: dict, start: dict) -> list[tuple[int, int]]:
    """The spans of steps (first, last; the earliest first) after which the trackers showed what
    ``start``'s do."""
    want = start.get("turns", {})

    def same(turns: dict) -> bool:
        return all(turns.get(t, "") == want.get(t, "") for t in set(turns) | set(want))
    spans = []
    for i, (k, turns) in enumerate(history.turns):     # the trackers stood so from step k to the next change
        last = history.turns[i + 1][0] - 1 if i + 1 < len(history.turns) else history.steps
        if same(turns):
            spans.append((k, last))
    if not history.turns and same(end.get("turns", {})):
        spans.append((0, history.steps))
    return spans
