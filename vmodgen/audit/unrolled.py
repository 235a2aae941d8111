"""Drags in a combat phase before any die roll in it (a dice button's, or one typed in chat),
just after the tracker passed the same side's movement phase with no step of its own. A combat
phase's drags are read as retreats and advances after combat, which follow a combat resolved by a
roll; a unit dragged there before any roll, when the movement phase went by at a single Next,
moved with no combat behind it: the tracker was pressed past the movement phase (two Nexts for
one) and the movement made in the combat phase. Said as a warning, naming that phase. (Without
the skipped phase a drag before any roll is not said: a combat may be resolved with no roll.)
Concealed units are not named unless revealed.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path



@dataclass
class UnrolledCombatMoves:
    """Fed each step (:meth:`note`); :meth:`sentences` at the end of the file."""
    #: name the units their owner concealed (``--reveal-hidden``)
    reveal: bool = False
    #: (step, turn, phase id, phase name, side, unit names) of each combat phase's first such drag
    found: list[tuple[int, int | None, str, str, str, list[str]]] = field(default_factory=list)
    _phase: tuple | None = None
    _rolled: bool = False
    _said: bool = False

    def note(self, k: int, step, rolled: bool, ph: tuple | None, phase_info, moving: bool, suppress: bool,
             builder) -> None:
        """Step ``k`` (``rolled``: its chat reports a die roll, :func:`.rolled.step_rolled`)."""
        if ph != self._phase or k == 0:
            # the phase a file starts in may have had its rolls in the file before: not known
            self._phase, self._rolled, self._said = ph, k == 0, False
        if step is None or suppress:
            return
        if rolled:
            self._rolled = True         # a dice button's roll, or one the player typed ("I rolled 6")
        if (self._rolled or self._said or not moving or not step.moves or phase_info is None
                or phase_info.unit_moves != "combat" or ph is None):
            return
        names = []
        for mv in step.moves:
            for pid in (mv.members if mv.is_stack else [mv.piece_id]):
                v = builder.views.get(pid)
                if v is not None and v.unit is not None:
                    hidden = pid in builder.concealed and not self.reveal
                    names.append("a concealed unit" if hidden else v.unit.name or v.unit.id)
        if names:
            self._said = True
            self.found.append((k, ph[0], ph[1], phase_info.name, phase_info.side or "", names))

    def sentences(self, name: str, timeline: list, sequence) -> list[str]:
        """One warning per combat phase with such drags after a skipped movement phase (``timeline``: (step, turn, phase id)
        where the phase changed; ``sequence``: the game's sequence of play)."""
        out = []
        file = Path(name).name
        for k, turn, pid, pname, side, units in self.found:
            skipped = _skipped_movement(timeline, k, turn, pid, side, sequence)
            if skipped is None:
                continue
            why = (f"; the tracker passed the {skipped[0]} with no step of its own (step {skipped[1]}): "
                   "was it skipped, and the movement made in the combat phase?")
            turn_s = f"turn {turn}, " if turn is not None else ""
            out.append(f"{file} step {k} ({turn_s}{pname}): {', '.join(units[:6])}"
                       f"{' …' if len(units) > 6 else ''} moved before any die roll in this combat phase. "
                       f"It was judged as a retreat or an advance after combat, but no combat was rolled before it"
                       f"{why}")
        return out


def _skipped_movement(timeline: list, at: int, turn, pid: str, side: str, sequence) -> tuple[str, int] | None:
    """The movement phase of ``side`` just before the combat phase ``pid`` of ``turn`` when the
    timeline shows the tracker entered it and left it at the next step (its name, the step it
    was entered at), for the entry into that combat phase the drag at step ``at`` was made in
    (the last one at or before it: the tracker may enter it again later, by Prev or Undo)."""
    for i in range(len(timeline) - 1, 0, -1):
        k, t, p = timeline[i]
        if k > at or t != turn or p != pid:
            continue
        pk, _, pp = timeline[i - 1]
        info = sequence.phase(pp) if pp else None
        if (info is not None and info.unit_moves == "movement" and (info.side or "") == side
                and k - pk <= 1 and pk > 0):
            return info.name, pk
        return None
    return None
