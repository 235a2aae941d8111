"""Pair each undo of a log with the step it takes back, and name who did each step: a cheap
pre-pass over the steps' command texts, run before any step is delivered.

What VASSAL's ``BasicLogger`` does (2.x and 3.x alike): every recorded action is one entry of
the log (one top-level ``LOG`` step); a pointer names the last entry that has an undo command.
*Undo* executes that entry's inverse commands, appends them to the log as a new entry, and moves
the pointer back by one entry, so repeated undos go further back (and may reach an earlier
undo, which is then undone: a redo). A new action moves the pointer onto itself.

How an undo looks in the file:

* VASSAL 3.4 and later: ``LOG→UNDO→true`` … inverse commands … ``UNDO→false`` (one step).
* Before 3.4 (2.x, 3.0–3.3): only the inverse commands (``Command.getUndoCommand``): ``M/`` with
  new and old swapped, ``D/`` with new and old states swapped, ``-/`` for ``+/``, ``+/`` for
  ``-/``, and for a chat line the chat ``* UNDO: <the line>``. Such a step is an undo when it
  holds the inverse of the entry the pointer names (a player dragging a piece back by hand
  writes the same commands: the two cannot be told apart, and both put the piece back). Where
  the log does not show the pointer's path (2.x logs skip entries the recorder's logger held), a
  step that moves a piece back *and* sets its state back (the Moved flag to false: a drag never
  writes that) is the undo of the latest step not yet taken back whose whole inverse it holds.
  The inverse of an undo (a redo) writes what the same drag by hand writes: it stays a move.

Who did a step (``Step.player``): the speaker of its chat (``<Name> - …``, a dice report's
``<Name>``), else the roster name (``PLAYER``) of the password its ``M/`` carries. The password
itself never leaves this module.
"""
from __future__ import annotations

import html
import re
from typing import TYPE_CHECKING, Iterable

from .dice import parse_roll
from .typed import (AddPiece, ChangePiece, Chat, Log, MovePiece, NullCommand, Player, RemovePiece,
                    Undo, Unknown)

if TYPE_CHECKING:
    from .commands import Command
    from .replay import Step

__all__ = ["pair_undos", "marks_undo", "speaker", "UNDO_CHAT", "HTML_TAG", "speaker_typed"]

#: what VASSAL before 3.4 writes for the inverse of a chat line (``Chatter.DisplayText``)
UNDO_CHAT = "* UNDO: "

#: a report whose own format starts with "* <$PlayerId$>" is shown as "* * <Name> ..." (VASSAL
#: adds "* " to every report, e.g. the turn tracker's): any number of leading "* " is allowed
_SPEAKER = re.compile(r"^(?:<([^<>]+)> - |(?:\* )+<([^<>]+)> )")

#: what a module's own HTML report starts with (``* <img src="x.png" width=19>``, ``* <span
#: style=...>``, ``* <b>``): a tag, not the speaker's name between angle brackets
HTML_TAG = re.compile(r"^/?(?:[A-Za-z][A-Za-z0-9]*\s+[\w:-]+\s*=|(?:a|b|i|u|s|p|br|hr|em|font|span|div|img|html|"
                      r"body|center|small|big|strong|sub|sup|table|tr|td|th|ul|ol|li|h[1-6])\s*/?$)", re.I)


def marks_undo(version: str) -> bool:
    """Whether VASSAL ``version`` marks its undos with ``UNDO→true`` (3.4 and later)."""
    m = re.match(r"\s*(\d+)\.(\d+)", version or "")
    return m is not None and (int(m.group(1)), int(m.group(2))) >= (3, 4)


def speaker_typed(text: str) -> bool:
    """Whether a chat line is one a player typed (``<Joel> - hi``)."""
    m = _SPEAKER.match(text)
    return bool(m and m.group(1) and not HTML_TAG.match(m.group(1)))


def speaker(text: str) -> str | None:
    """The player a chat line names (``<Joel> - hi``, ``*** d6 = 3 *** <Joel>``, and the same
    behind ``* UNDO: ``), or None (an auto-report names no player). ``text`` is decoded."""
    if text.startswith(UNDO_CHAT):
        text = text[len(UNDO_CHAT):]
    roll = parse_roll(text)
    if roll is not None:
        return roll[0] or None
    m = _SPEAKER.match(text)
    if m:
        name = (m.group(1) or m.group(2)).strip()
        return name if name and not HTML_TAG.match(name) else None
    return None


def _commands(node: "Command") -> Iterable[object]:
    for sub in (node.walk() if node.subs else (node,)):
        cmd = sub.typed()
        while isinstance(cmd, Log):
            cmd = cmd.inner
        if cmd is not None:
            yield cmd


def _key(cmd: object) -> tuple | None:
    """What an inverse command is compared by (a ``+/`` restores a removed piece's current state,
    which the log does not know: by id only)."""
    if isinstance(cmd, MovePiece):
        return ("M", cmd.id, cmd.new_map, cmd.new_x, cmd.new_y, cmd.new_under,
                cmd.old_map, cmd.old_x, cmd.old_y, cmd.old_under)
    if isinstance(cmd, ChangePiece):
        return ("D", cmd.id, cmd.new_state, cmd.old_state)
    if isinstance(cmd, AddPiece):
        return ("+", cmd.id)
    if isinstance(cmd, RemovePiece):
        return ("-", cmd.id)
    if isinstance(cmd, Chat):
        return ("CHAT", cmd.text)
    return None


def _inverse(cmd: object) -> tuple | None:
    """The key of the command VASSAL's undo writes for ``cmd`` (None: it has no inverse)."""
    if isinstance(cmd, MovePiece):
        return ("M", cmd.id, cmd.old_map, cmd.old_x, cmd.old_y, cmd.old_under,
                cmd.new_map, cmd.new_x, cmd.new_y, cmd.new_under)
    if isinstance(cmd, ChangePiece):
        return None if cmd.old_state is None else ("D", cmd.id, cmd.old_state, cmd.new_state)
    if isinstance(cmd, AddPiece):
        return ("-", cmd.id)
    if isinstance(cmd, RemovePiece):
        return ("+", cmd.id)
    if isinstance(cmd, Chat):
        return ("CHAT", UNDO_CHAT + cmd.text)
    return None


class _Facts:
    """What the pre-pass reads of one step."""
    __slots__ = ("keys", "inverse", "marked", "undoable", "chat", "player_ids", "roster", "undo_chat",
                 "moves", "inverse_changes", "restores")

    def __init__(self, node: "Command") -> None:
        self.keys: set[tuple] = set()
        self.inverse: set[tuple] = set()
        self.marked = False              # UNDO→true
        self.undoable = False            # VASSAL would find an undo command for it
        self.chat: list[str] = []
        self.player_ids: list[str] = []
        self.roster: list[Player] = []
        self.undo_chat = False           # a "* UNDO: " line (VASSAL before 3.4)
        self.moves = False               # it moves a piece (``M/``)
        self.inverse_changes: list[tuple] = []   # the inverse keys of its ``D/`` commands
        for cmd in _commands(node):
            if isinstance(cmd, Undo):
                self.marked = self.marked or cmd.in_progress
                continue
            if isinstance(cmd, Player):
                self.roster.append(cmd)
            key, inv = _key(cmd), _inverse(cmd)
            if key is not None:
                self.keys.add(key)
            if not isinstance(cmd, (Unknown, NullCommand)):
                self.undoable = True     # VASSAL's commands have an undo; unknown ones: no say
            if inv is not None:
                self.inverse.add(inv)
                if isinstance(cmd, ChangePiece):
                    self.inverse_changes.append(inv)
            self.moves = self.moves or isinstance(cmd, MovePiece)
            if isinstance(cmd, Chat):
                self.chat.append(html.unescape(cmd.text))
                self.undo_chat = self.undo_chat or cmd.text.startswith(UNDO_CHAT)
            elif isinstance(cmd, MovePiece) and cmd.player_id:
                self.player_ids.append(cmd.player_id)
        #: the ``D/`` keys of a step that also moves pieces: candidates for restoring a state
        self.restores: list[tuple] = ([k for k in self.keys if k[0] == "D"]
                                      if self.moves else [])


def _is_inverse(step: _Facts, target: _Facts) -> bool:
    """Whether ``step`` holds the inverse commands of ``target`` (all of them, and they are at
    least half of what the step does: VASSAL may add a stack's restored state)."""
    inv = target.inverse
    return bool(inv) and inv <= step.keys and 2 * len(inv) >= len(step.keys)


def pair_undos(steps: list["Step"], version: str, roster: Iterable[Player] = ()) -> None:
    """Set ``undo``, ``undoes``, ``inverse_of``, ``undone_by``, ``undone_rolls`` and ``player``
    on ``steps`` (in log order, not yet run) as VASSAL's logger paired them. ``version``: the
    VASSAL version that wrote the log; ``roster``: the ``PLAYER`` commands of its start."""
    names: dict[str, str] = {}
    for p in roster:
        _enrol(names, p)
    facts = [_Facts(step.command) for step in steps]
    marked = marks_undo(version) or any(f.marked for f in facts)
    pointer = -1                         # index into steps of the entry the next undo takes back
    #: the inverse of a step's ``D/`` → the steps that moved a piece and changed its state so
    restored_by: dict[tuple, list[int]] = {}
    for i, (step, f) in enumerate(zip(steps, facts)):
        for p in f.roster:
            _enrol(names, p)
        step.player = _player(f, names)
        if marked:
            is_undo = f.marked
        else:
            is_undo = pointer >= 0 and _is_inverse(f, facts[pointer])
            if not is_undo and f.undo_chat:
                # a "* UNDO:" line is an undo for sure: where the pointer lost track (the log
                # holds fewer entries than the recorder's logger did), the latest step not yet
                # taken back whose inverse this is
                found = _latest_inverse(f, facts, steps, pointer if pointer >= 0 else i - 1)
                if found is not None:
                    pointer, is_undo = found, True
            if not is_undo and f.restores:
                # a move taken back with its state restored (a drag never writes the Moved flag
                # back to false): an undo for sure, of the latest step not yet taken back whose
                # whole inverse this is (the recorder's logger held entries the log does not)
                found = _latest_restored(f, facts, steps, restored_by, i - 1)
                if found is not None:
                    pointer, is_undo = found, True
        if is_undo:
            step.undo = True
            if pointer >= 0:
                target = steps[pointer]
                target.undone_by = step.index
                step.undoes = [target.index]
                step.inverse_of = target.index
                target.undone_rolls = [t for t in facts[pointer].chat if parse_roll(t)]
            pointer -= 1
        elif f.undoable:
            pointer = i
        if not is_undo and f.moves and f.inverse_changes:
            for key in f.inverse_changes:
                restored_by.setdefault(key, []).append(i)


def _latest_inverse(f: _Facts, facts: list[_Facts], steps: list["Step"], start: int) -> int | None:
    for j in range(min(start, len(facts) - 1), -1, -1):
        if steps[j].undone_by is None and not steps[j].undo and _is_inverse(f, facts[j]):
            return j
    return None


def _latest_restored(f: _Facts, facts: list[_Facts], steps: list["Step"],
                     restored_by: dict[tuple, list[int]], start: int) -> int | None:
    """The latest step up to ``start``, not yet taken back, that moved a piece and changed a
    state, whose whole inverse ``f`` holds (found through the ``D/`` keys ``f`` restores)."""
    best = None
    for key in f.restores:
        for j in reversed(restored_by.get(key, ())):
            if j <= start and (best is None or j > best) and steps[j].undone_by is None \
                    and _is_inverse(f, facts[j]):
                best = j
                break
    return best


def _enrol(names: dict[str, str], p: Player) -> None:
    if p.removed:
        return
    if p.player_id and p.name:
        names[p.player_id] = p.name


def _player(f: _Facts, names: dict[str, str]) -> str | None:
    for text in f.chat:
        who = speaker(text)
        if who:
            return who
    for pid in f.player_ids:
        name = names.get(pid)
        if name:
            return name
    return None
