"""A unit dragged back by hand is a take-back, not a move.

PBEM players take moves back by hand: they drag the counter back to where it stood, then move it
elsewhere. Within one phase (with no phase known, within one player's run of moves), when a
unit's drag ends on a hex that unit stood on earlier in the same phase (its phase-start hex or
the hex an earlier drag of its own ended on), the drags in between and the drag back are a
**take-back**: they are not judged as movement, and the unit's move in the phase goes on from
the hex it returned to (a return to its phase-start hex: as if it never moved).

It is not a take-back when the withdrawn leg had consequences before the return: a die roll (any
player's), a unit removed from the map, flipped or given another status, a marker placed or
removed, or a unit of another side moved (a reaction, a retreat). Then the leg stands and the
return is judged as a move like any other.

**A lost undo.** A drag's ``M/`` command records the piece's old position as well as its new
one: where the recorder's VASSAL had the piece when the player dragged it. The replay moves the
piece from wherever the replay has it. The two differ when the recorder took something back that
the log does not show (VASSAL 2.x logs lose the move part of some undos: the undo's remnant only
removes a marker). When a unit that already moved in the phase is dragged from a recorded old
hex that is not where the replay has it (its last stop, where its path is judged from) but a hex
it stood on earlier in the phase (its phase-start hex or an earlier stop), the drags since that
hex are a take-back the log does not show, followed by the drag, judged from the recorded hex.
Reading: here a consequence (a roll, a marker placed or removed, a unit of another side moved)
does **not** keep the leg standing. For a drag back by hand the consequence is what tells a
take-back from a move back (the player may move back on purpose after seeing a roll); here no
move back is in question: VASSAL itself had the unit on the earlier hex when it was dragged, so
the leg was taken back in the mover's game whatever came between. Whether taking it back after
a roll was fair is the reader's call: the take-back names the last step with a consequence it
spans. A recorded old hex the unit did not stand on in the phase is not guessed at: the drag is
judged as the replay shows it and reported as a :class:`Stray`. (A unit's first drag in a phase
starts its move at the recorded old hex, as before.)

Detection only (steps and hexes in, spans out): :class:`TakeBackTracker` is fed each unit drag in
log order; the audit engine acts on what it returns (cuts the unit's path, withdraws the findings
the leg produced, counts the moves as not judged) and :func:`withdrawn` says which findings go.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Protocol, Sequence

from ..rules.finding import Breach


@dataclass(frozen=True)
class TakeBack:
    """One unit's drags withdrawn by hand: ``steps`` are the withdrawn drags then the return
    (the last one); ``hexes`` the hex returned to, the stops of the withdrawn drags, and the
    hex returned to again."""
    piece: str
    unit: str                       # the unit id findings name
    name: str
    side: str
    player: str
    steps: tuple[int, ...]
    hexes: tuple[str, ...]
    #: the unit's violations standing just before the first withdrawn drag (opaque keys, given
    #: by the caller): one still standing after the return was standing all along
    before: frozenset = frozenset()
    #: the phase judges this unit's moves (its withdrawn drags were counted as judged)
    judged: bool = False
    #: a lost undo: the return is not in the log; the drag of the last step started, by its
    #: recorded old position, on the hex returned to (it is judged as a move from there)
    lost: bool = False
    #: a lost undo spanning a consequence: the last step with one (0: none)
    consequence: int = 0
    #: how many of the stops withdrawn (the first ones) were reached before a seam (the file
    #: before, or before an Undo or Prev that brought the phase back:
    #: :meth:`TakeBackTracker.carry`); their drags are not among ``steps`` (what was reported on
    #: them stands)
    carried_stops: int = 0

    @property
    def carried(self) -> bool:
        """Some of the stops withdrawn were reached before a seam."""
        return self.carried_stops > 0

    @property
    def carried_hexes(self) -> tuple[str, ...]:
        """The stops withdrawn that were reached before a seam (their drags not in ``steps``)."""
        return self.hexes[1:1 + self.carried_stops]

    @property
    def step(self) -> int:
        """The step of the return."""
        return self.steps[-1]

    @property
    def first(self) -> int:
        """The step of the first withdrawn drag."""
        return self.steps[0]

    @property
    def returned_to(self) -> str:
        return self.hexes[0]

    @property
    def withdrawn_steps(self) -> tuple[int, ...]:
        """The drags withdrawn (with a drag back by hand, the return is one of them)."""
        return self.steps[:-1] if self.lost else self.steps

    @property
    def withdrawn_hops(self) -> tuple[tuple[str, str], ...]:
        """(from, to) of each hop the withdrawn drags of this file made, the return by hand
        included (not the hops into stops reached before a seam: the file before made them)."""
        hexes = self.hexes[:-1] if self.lost else self.hexes
        return tuple(zip(hexes, hexes[1:]))[self.carried_stops:]


@dataclass(frozen=True)
class Stray:
    """A unit's drag whose recorded old hex is not where the replay had the unit, nor a hex it
    stood on earlier in the phase: judged as the replay shows it, counted, named in findings."""
    piece: str
    step: int
    replay: str                     # the hex the replay had the unit on
    recorded: str                   # the hex the drag's recorded old position is in
    unit: str = ""                  # the unit id findings name

    @property
    def note(self) -> str:
        """What a finding of this drag adds to its message."""
        return (f" (the recorder's VASSAL had the unit at {self.recorded} when it was dragged, the replay at "
                f"{self.replay}, not a hex it stood on earlier in the phase: judged from {self.replay})")


@dataclass
class _Stop:
    hex: str
    arrived: int                    # the step whose drag ended here (0: where the phase found it)
    before: frozenset               # the caller's memo as that drag started
    drags: list[int] = field(default_factory=list)   # later drags that stayed in this hex
    #: a stop of the unit's move before a seam (the file before, or before an Undo or Prev that
    #: brought the phase back): :meth:`TakeBackTracker.carry`
    carried: bool = False


class TakeBackTracker:
    """Each unit's stops in the current phase (or run of moves), fed drag by drag."""

    def __init__(self) -> None:
        self._stops: dict[str, list[_Stop]] = {}
        self._consequence = -1                # the last step with a consequence
        self._side_moved: dict[str, int] = {}  # side → the last step one of its units moved
        self._player = ""                     # who made the last drag

    def reset(self) -> None:
        """A phase (or a player's run of moves) ended: no take-back reaches back past it."""
        self._stops.clear()
        self._side_moved.clear()
        self._consequence = -1
        self._player = ""

    def consequence(self, step: int) -> None:
        """``step`` had a consequence (a roll, a unit removed or changed, a marker placed or
        removed): no drag before it can be taken back by a drag after it."""
        self._consequence = max(self._consequence, step)

    def player(self, step: int, who: str) -> None:
        """``who`` made the unit drags of ``step``: another player than the last one begins a new
        run of moves (a take-back never spans two players' moves)."""
        if who and self._player and who != self._player:
            self.reset()
        if who:
            self._player = who

    def carry(self, piece: str, path: Sequence[str], before: frozenset = frozenset()) -> None:
        """The unit's move so far in the phase was made before a seam (``path``: the hex the
        phase found it on, then its stops; a :class:`~.engine.MoveCarry` put it back): a drag
        back to one of those hexes takes the stops since back, whatever came between (what the
        file before reported on them stands, in its own report; only this file's drags, the
        return included, are withdrawn). ``before``: the unit's violations standing as the
        file (or the return to the phase) starts, a memo as :meth:`drag` takes (a violation
        standing then and after the return was standing all along)."""
        if path:
            self._stops[piece] = [_Stop(h, 0, before, carried=True) for h in path]

    def cut(self, piece: str, new: str | None) -> None:
        """An undo the replay could not pair put ``piece`` on ``new``: the stops after it go (an
        undo, not a take-back)."""
        stops = self._stops.get(piece)
        if stops is None or new is None:
            return
        for i in range(len(stops) - 1, -1, -1):
            if stops[i].hex == new:
                del stops[i + 1:]
                return

    def recorded(self, step: int, piece: str, old: str | None, new: str | None, *, unit: str = "",
                 name: str = "", side: str = "", player: str = "") -> TakeBack | Stray | None:
        """Before :meth:`drag`: the unit's drag to ``new`` started, by its recorded old position,
        on hex ``old``. Where the unit already moved in the phase and the replay has it on
        another hex (its last stop: where the audit judges it from), returns the lost undo this
        shows (the unit's stops cut back to ``old``; then feed the drag as usual) or, when ``old``
        is no hex the unit stood on in the phase, a :class:`Stray`; else None. (A unit's first
        drag in the phase starts its move at ``old`` anyway.)"""
        stops = self._stops.get(piece)
        if stops is None or old is None or old == stops[-1].hex or new == old or new is None:
            return None
        i = next((j for j in range(len(stops) - 2, -1, -1) if stops[j].hex == old), None)
        if i is None:
            return Stray(piece, step, stops[-1].hex, old, unit or piece)
        first = stops[i + 1].arrived
        withdrawn = sorted({s for st in stops[i + 1:] for s in (st.arrived, *st.drags) if s > 0})
        tb = TakeBack(piece, unit or piece, name, side, player, (*withdrawn, step),
                      (old, *(st.hex for st in stops[i + 1:]), old), stops[i + 1].before, lost=True,
                      consequence=self._consequence if self._consequence >= first else 0,
                      carried_stops=_carried(stops[i + 1:]))
        del stops[i + 1:]
        return tb

    def drag(self, step: int, piece: str, old: str | None, new: str | None, *, unit: str = "",
             name: str = "", side: str = "", player: str = "",
             before: frozenset = frozenset()) -> TakeBack | None:
        """One unit's drag from hex ``old`` to hex ``new`` (None: off the map). Returns the
        take-back it ends, or None (a move). ``before``: a memo of the unit's standing
        violations as the drag starts (handed back in :attr:`TakeBack.before`)."""
        if side:
            self._side_moved[side] = step
        stops = self._stops.get(piece)
        if stops is None:
            if old is None:
                return None                    # entering the map: no hex it stood on
            stops = self._stops[piece] = [_Stop(old, 0, frozenset())]
        if new is None:                        # off the map: its stops end here
            del self._stops[piece]
            return None
        if new == stops[-1].hex:
            stops[-1].drags.append(step)
            return None
        i = next((j for j in range(len(stops) - 2, -1, -1) if stops[j].hex == new), None)
        if i is not None:
            first = stops[i + 1].arrived
            others = any(s != side and at >= first for s, at in self._side_moved.items()) if side else False
            # a leg that began before the seam goes back whatever came between; one made in
            # this file only when nothing did (carried stops come first)
            if stops[i + 1].carried or (self._consequence < first and not others):
                withdrawn = sorted({s for st in stops[i + 1:] for s in (st.arrived, *st.drags) if s > 0} | {step})
                tb = TakeBack(piece, unit or piece, name, side, player, tuple(withdrawn),
                              (stops[i].hex, *(st.hex for st in stops[i + 1:]), new), stops[i + 1].before,
                              carried_stops=_carried(stops[i + 1:]))
                del stops[i + 1:]
                return tb
        stops.append(_Stop(new, step, before))
        return None


def _carried(stops: Sequence[_Stop]) -> int:
    """How many of ``stops`` (the first ones) were reached before a seam."""
    return sum(1 for st in stops if st.carried)


# -- what the take-back withdraws ---------------------------------------------------------
class _Finding(Protocol):
    @property
    def step(self) -> int: ...
    @property
    def at(self) -> str: ...
    @property
    def units(self) -> tuple[str, ...]: ...
    @property
    def key(self) -> Breach: ...


def withdrawn(findings: Sequence[_Finding], takebacks: Iterable[TakeBack], standing: set) -> set[int]:
    """Indexes into ``findings`` of those the take-backs withdraw, judged right after the
    return's step was checked (``standing``: the keys of the violations standing now).

    A finding found during the phase (not at its end) from the first withdrawn drag to the
    return goes when it no longer stands and either names the unit taken back or was found at
    one of its withdrawn drags (it existed only during the withdrawn leg: an overstack the leg
    made or left behind, a ZOC entry, a move the leg did); a finding found at the return that
    names the unit and stood just before the leg was standing all along (not reported again).
    A finding still standing after the return is kept: something else keeps it; but a breach of
    hexes whichever units (its key names none) found at a withdrawn drag naming the unit rests on
    that drag: it goes, and the caller reports the breach again as it stands (rv-k23 item 5)."""
    out: set[int] = set()
    for tb in takebacks:
        own = set(tb.steps)
        for i, f in enumerate(findings):
            if f.at != "during" or not tb.first <= f.step <= tb.step:
                continue
            names = tb.unit in f.units
            if f.key not in standing:
                if names or f.step in own:
                    out.add(i)
            elif names and f.step == tb.step and f.key in tb.before:
                out.add(i)
            elif names and f.step in own and not f.key.units:
                out.add(i)
    return out


def name_strays(findings: list, strays: Sequence[Stray]) -> None:
    """Add each stray drag's :attr:`Stray.note` to the message of the findings found at its step
    (during the phase) that name its unit."""
    for st in strays:
        for f in reversed(findings):
            if f.step < st.step:
                break
            if f.step == st.step and f.at == "during" and st.unit in f.units and st.note not in f.message:
                f.message += st.note


# -- how the return was written -----------------------------------------------------------
class _Step(Protocol):
    @property
    def index(self) -> int: ...
    @property
    def moves(self) -> list: ...
    @property
    def changes(self) -> list: ...


def _diffs(step: _Step, swap: bool) -> set[tuple]:
    out = set()
    for c in step.changes:
        d = c.diff()
        if d:
            out.add((c.piece_id, frozenset((k, n, o) if swap else (k, o, n) for k, (o, n) in d.items())))
    return out


def inverse_of(ret: _Step, legs: Sequence[_Step]) -> tuple[int, list[str]] | None:
    """The withdrawn step whose inverse the return step is: every piece moved back from the same
    point to the same point, every property change of that step changed back, nothing else
    (VASSAL before 3.4 writes an Undo of a drag so). Returns (its step, the properties changed
    back, as ``name old→new``) or None."""
    if not ret.moves:
        return None
    moves = {(m.piece_id, tuple(m.old), tuple(m.new)) for m in ret.moves}
    diffs = _diffs(ret, False)
    for leg in legs:
        if not leg.moves or {(m.piece_id, tuple(m.new), tuple(m.old)) for m in leg.moves} != moves:
            continue
        if _diffs(leg, True) == diffs:
            props = sorted({f"{k} {o}→{n}" for _, d in diffs for k, o, n in d})
            return leg.index, props
    return None
