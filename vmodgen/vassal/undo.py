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
* ``TURN`` writes only a tracker's new state: the pre-pass follows each tracker from the file's
  start, so a tracker change is keyed by its state before and after, and its undo (the old
  state again) is its inverse, with or without a report line. In any log an undo is paired with
  a tracker change only if it sets that tracker back: the pointer this pass follows misses
  another player's Undo in a live game (``BasicLogger.log`` moves the recorder's pointer onto
  it, so the recorder's next Undo re-does it).

Who did a step (``Step.player``): the speaker of its chat (``<Name> - …``, a dice report's
``<Name>``), else the roster name (``PLAYER``) of the password its ``M/`` carries. The password
itself never leaves this module.
"""
from __future__ import annotations

import html
import re
from typing import TYPE_CHECKING, Iterable

from .chat_text import TAGS
from .dice import parse_roll
from .typed import (AddPiece, ChangePiece, Chat, Log, MovePiece, NullCommand, Player, RemovePiece,
                    TurnState, Undo, Unknown)

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
HTML_TAG = re.compile(r"^/?(?:[A-Za-z][A-Za-z0-9]*\s+[\w:-]+\s*=|(?:" + "|".join(TAGS) + r")\s*/?$)", re.I)


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


class _Facts:
    """What the pre-pass reads of one step."""
    __slots__ = ("keys", "inverse", "marked", "undoable", "chat", "player_ids", "roster", "undo_chat",
                 "moves", "inverse_changes", "restores", "turns", "turns_back")

    def __init__(self, node: "Command") -> None:
        keys: set[tuple] = set()
        inverse: set[tuple] = set()
        marked = False                   # UNDO→true
        undoable = False                 # VASSAL would find an undo command for it
        chat: list[str] = []
        player_ids: list[str] = []
        roster: list[Player] = []
        undo_chat = False                # a "* UNDO: " line (VASSAL before 3.4)
        moves = False                    # it moves a piece (``M/``)
        inverse_changes: list[tuple] = []   # the inverse keys of its ``D/`` commands
        turns: list[tuple[str, str]] = []   # its ``TURN`` commands: (tracker, new state)
        # each command's key (what an inverse is compared by: a ``+/`` restores a removed piece's
        # current state, which the log does not know, so by id only) and the key of the inverse
        # VASSAL's undo writes for it; one test of the command's class each (none has subclasses)
        for sub in (node.walk() if node.subs else (node,)):
            cmd = sub.typed()
            while type(cmd) is Log:
                cmd = cmd.inner
            t = type(cmd)
            if t is MovePiece:
                keys.add(("M", cmd.id, cmd.new_map, cmd.new_x, cmd.new_y, cmd.new_under,
                          cmd.old_map, cmd.old_x, cmd.old_y, cmd.old_under))
                inverse.add(("M", cmd.id, cmd.old_map, cmd.old_x, cmd.old_y, cmd.old_under,
                             cmd.new_map, cmd.new_x, cmd.new_y, cmd.new_under))
                undoable = moves = True
                if cmd.player_id:
                    player_ids.append(cmd.player_id)
            elif t is ChangePiece:
                keys.add(("D", cmd.id, cmd.new_state, cmd.old_state))
                undoable = True
                if cmd.old_state is not None:
                    inv = ("D", cmd.id, cmd.old_state, cmd.new_state)
                    inverse.add(inv)
                    inverse_changes.append(inv)
            elif t is Chat:
                keys.add(("CHAT", cmd.text))
                inverse.add(("CHAT", UNDO_CHAT + cmd.text))
                undoable = True
                chat.append(html.unescape(cmd.text))
                undo_chat = undo_chat or cmd.text.startswith(UNDO_CHAT)
            elif t is AddPiece:
                keys.add(("+", cmd.id))
                inverse.add(("-", cmd.id))
                undoable = True
            elif t is RemovePiece:
                keys.add(("-", cmd.id))
                inverse.add(("+", cmd.id))
                undoable = True
            elif t is Undo:
                marked = marked or cmd.in_progress
            elif cmd is None or t is Unknown or t is NullCommand:
                pass                     # unknown commands: no say on undo
            else:
                undoable = True          # VASSAL's commands have an undo
                if t is Player:
                    roster.append(cmd)
                elif t is TurnState:
                    turns.append((cmd.tracker_id, cmd.state))
        self.keys, self.inverse, self.marked, self.undoable = keys, inverse, marked, undoable
        self.chat, self.player_ids, self.roster, self.undo_chat = chat, player_ids, roster, undo_chat
        self.moves, self.inverse_changes, self.turns = moves, inverse_changes, turns
        #: the ``TURN`` keys its undo must hold (each tracker set back to its state before)
        self.turns_back: set[tuple] = set()
        #: the ``D/`` keys of a step that also moves pieces: candidates for restoring a state
        self.restores: list[tuple] = [k for k in keys if k[0] == "D"] if moves else []


def _is_inverse(step: _Facts, target: _Facts) -> bool:
    """Whether ``step`` holds the inverse commands of ``target`` (all of them, and they are at
    least half of what the step does: VASSAL may add a stack's restored state)."""
    inv = target.inverse
    return bool(inv) and inv <= step.keys and 2 * len(inv) >= len(step.keys)


def pair_undos(steps: list["Step"], version: str, roster: Iterable[Player] = (),
               turns: dict[str, str] | None = None) -> None:
    """Set ``undo``, ``undoes``, ``inverse_of``, ``redo``, ``undone_by``, ``corrected_by``,
    ``undone_rolls`` and ``player``
    on ``steps`` (in log order, not yet run) as VASSAL's logger paired them. ``version``: the
    VASSAL version that wrote the log; ``roster``: the ``PLAYER`` commands of its start;
    ``turns``: each turn tracker's state at its start."""
    names: dict[str, str] = {}
    for p in roster:
        _enrol(names, p)
    facts = [_Facts(step.command) for step in steps]
    _key_turns(facts, turns or {})
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
            # an undo of a tracker change sets that tracker back: one that does not undoes
            # something else (a pointer this pass could not follow: another player's undo)
            if pointer >= 0 and facts[pointer].turns_back <= f.keys:
                target = steps[pointer]
                target.undone_by = step.index
                step.undoes = [target.index]
                step.inverse_of = target.index
                step.redo = target.undo
                target.undone_rolls = [t for t in facts[pointer].chat if parse_roll(t)]
            pointer -= 1
        elif f.undoable:
            pointer = i
        if not is_undo and f.moves and f.inverse_changes:
            for key in f.inverse_changes:
                restored_by.setdefault(key, []).append(i)
    _mark_corrections(steps, facts)


def _mark_corrections(steps: list["Step"], facts: list[_Facts]) -> None:
    """A tracker change whose very next step sets every tracker it changed back, and is no
    undo nor undone (Prev pressed right after Next): ``corrected_by`` that step. Nothing stood
    between them, so it is the same correction as an Undo of the change."""
    for i in range(len(steps) - 1):
        f, after = facts[i], steps[i + 1]
        if f.turns_back and not steps[i].undo and steps[i].undone_by is None and not after.undo \
                and after.undone_by is None and f.turns_back <= facts[i + 1].keys:
            steps[i].corrected_by = after.index


def _key_turns(facts: list[_Facts], start: dict[str, str]) -> None:
    """Give each ``TURN`` command a key and an inverse: its tracker's state before it and after
    (``TURN`` writes only the new state; VASSAL's undo writes the old one). Without them a Next
    whose tracker writes no report line, and its undo, would have no key at all."""
    state = dict(start)
    for f in facts:
        for tracker, new in f.turns:
            old = state.get(tracker)
            f.keys.add(("TURN", tracker, new, old))
            if old is not None and old != new:
                f.inverse.add(("TURN", tracker, old, new))
                f.turns_back.add(("TURN", tracker, old, new))
            state[tracker] = new


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
