"""The phase of each step from who made it (``[turns] source = "player"``), with the phases a die
roll starts (``[[phase]] starts = "roll"``).

A step of a player of side S puts the game in S's first ``[[phase]]``. Where S has a phase that a
roll starts (its combat after its movement), the phase is followed through S's *run* of steps:

* S's player's first die roll in the phase before it (a roll the log does not take back) starts
  it; S's later steps stay in it until the run ends;
* the other side's player dragging only that side's units right after such a roll (before S's
  player makes another step: the retreats of that combat) stays in it too;
* the run ends, and S's next step is in S's first phase again, when another player makes any
  other step, when the turn changes (a turn line of the chat), and at the start of each file (a
  file is one sitting; the runs of a ``--jobs`` audit then are the sequential audit's).

Without a ``starts`` phase for S every step of S's player is in S's first phase, as before.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ..vassal.dice import read_roll

if TYPE_CHECKING:
    from ..vassal.replay import Step
    from .spec import PhaseSpec

__all__ = ["PlayerPhases"]


class PlayerPhases:
    """Which phase a player's step is in (module docstring); the turn and phase themselves are
    kept by the caller (``ChatPhases``), this object only remembers the current run."""

    def __init__(self, phases: "list[PhaseSpec]", dice_formats: dict[str, str] | None = None) -> None:
        #: the module's dice buttons' own report formats by name (a roll may not be VASSAL's line)
        self.dice_formats = dice_formats
        #: side id → its first phase (where each step of its player is, without a run to follow)
        self.first: dict[str, str] = {}
        #: phase id → the same side's next phase, when a roll starts that one
        self.roll_next: dict[str, str] = {}
        #: phase id → its side
        self.side_of: dict[str, str] = {}
        last: dict[str, str] = {}
        for ph in phases:
            if not ph.side:
                continue
            self.first.setdefault(ph.side, ph.id)
            self.side_of[ph.id] = ph.side
            if ph.starts == "roll" and ph.side in last:
                self.roll_next[last[ph.side]] = ph.id
            last[ph.side] = ph.id
        self.followed = {self.side_of[p] for p in self.roll_next}
        self.started = set(self.roll_next.values())
        self.new_file()

    def new_file(self) -> None:
        """A file starts: no run goes on from the last file."""
        self.run_side = ""          # the side whose run of steps the phase follows
        self.after_roll = False     # the last step was the run's roll, or the other side's retreats
        self.last_player = ""       # the player of the last step that named one

    def player_of(self, step: "Step") -> str | None:
        """The step's player; for a step that names none but holds a roll in a dice button's own
        format that names no player, the player of the file's last step that named one (a log
        holds its recorder's steps; a format without ``$playerName$`` cannot say more)."""
        if step.player:
            self.last_player = step.player
            return step.player
        if self.last_player and any((r := read_roll(t, self.dice_formats)) is not None and not r[0]
                                    for t in step.chat_text):
            return self.last_player
        return None

    def phase_after(self, step: "Step", side: str, current: str | None, turn_changed: bool,
                    unit_side: Callable[[str], str | None], player: str | None = None) -> str | None:
        """The phase after ``step``, made by a player of ``side`` while the phase was ``current``
        (``turn_changed``: a turn line in the step's own chat); ``unit_side`` gives the side of a
        piece id (None: not a unit); ``player``: the step's player (:meth:`player_of`), else
        ``step.player``. None: the step sets no phase."""
        first = self.first.get(side)
        if first is None:
            return None
        if not self.followed:
            return first
        if (self.after_roll and current in self.started and self.side_of.get(current) != side
                and not turn_changed and _retreat_only(step, side, unit_side, self.dice_formats, player)):
            return current                      # the other side's retreats within that combat
        if not (side == self.run_side and self.side_of.get(current or "") == side and not turn_changed):
            current = first                     # a new run
        self.run_side = side
        self.after_roll = False
        nxt = self.roll_next.get(current or "")
        if _rolled(step, self.dice_formats, player):
            if nxt is not None:
                current = nxt
            self.after_roll = current in self.started
        return current


def _rolled(step: "Step", formats: dict[str, str] | None = None, player: str | None = None) -> bool:
    """Whether the step's player (``player``, else ``step.player``) rolled dice in it (a roll
    the log does not take back); ``formats``: the module's dice report formats (a roll whose
    format names no player is the step's player's)."""
    who = player or step.player
    if step.undone_by is not None or step.undo or not who:
        return False
    return any((r := read_roll(t, formats)) is not None and (r[0] or who) == who
               for t in step.chat_text)


def _retreat_only(step: "Step", side: str, unit_side: Callable[[str], str | None],
                  formats: dict[str, str] | None = None, player: str | None = None) -> bool:
    """The step drags pieces, and only units of ``side`` (no roll, no other command's chat)."""
    if not step.moves or _rolled(step, formats, player):
        return False
    ids = [pid for mv in step.moves for pid in (mv.members if mv.is_stack else [mv.piece_id])]
    return bool(ids) and all(unit_side(pid) == side for pid in ids)
