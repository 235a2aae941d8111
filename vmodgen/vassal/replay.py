"""Replay a save or log (FORMATS.md §4.9): a starting position and a list of steps.

    save = read_save("game.vlog")
    rp = replay(save, locate=module.locate, apply_boards=module.apply_board_command)
    for step in rp.steps:
        for mv in step.moves: print(mv.piece_id, mv.old, "->", mv.new)
    rp.final.pieces["1700000000000"].label

The commands before ``end_save`` build step 0 (a bare command after it, such as the chat
line of an old log, also runs on load); every top-level ``LOG`` command after it is one
step, executed pre-order. Hex labels come from the caller's ``locate(map, x, y)``.
:meth:`Replay.state_at` gives the whole game state after any step.
"""
from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Callable, Iterator

from .. import limits
from ..notes import warn_once
from ..errors import InputError, LimitError
from .codec import decode, java_int
from .commands import Command
from .gamestate import GameState, Locate, PieceRecord, Position, StackRecord
from .piece import Piece
from .savefile import SaveFile
from .typed import (AddPiece, BoardPicker, ChangePiece, Chat, GlobalProperty, Log, MovePiece,
                    MutableProperty, Player, RemovePiece, TurnState, Undo)

__all__ = ["replay", "Replay", "GameState", "PieceRecord", "StackRecord", "Step", "Move",
           "Change", "Locate"]


# ----------------------------------------------------------------------------------------
# steps
@dataclass
class Move:
    """One ``M/``: a piece (or a whole stack) from one map point to another."""
    piece_id: str
    old: Position
    new: Position
    old_label: str | None = None
    new_label: str | None = None
    is_stack: bool = False
    members: list[str] = field(default_factory=list)   # pieces carried (stack moves)
    under: str | None = None


@dataclass
class Change:
    """One ``D/``: a piece's state chain replaced; :meth:`diff` gives the properties."""
    piece_id: str
    type_chain: str
    old_state: str
    new_state: str

    def diff(self) -> dict[str, tuple[str | None, str | None]]:
        """Properties whose value differs: name -> (old, new)."""
        old = Piece(self.type_chain, self.old_state).properties()
        new = Piece(self.type_chain, self.new_state).properties()
        return {k: (old.get(k), new.get(k)) for k in old.keys() | new.keys()
                if old.get(k) != new.get(k)}


@dataclass
class Step:
    """One recorded action (a top-level ``LOG`` command) and what it did."""
    index: int                       # 1-based; step 0 is the starting state
    command: Command
    moves: list[Move] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)
    created: list[str] = field(default_factory=list)
    deleted: list[str] = field(default_factory=list)
    chat: list[str] = field(default_factory=list)          # as written (HTML-escaped)
    turns: list[tuple[str, str | None, str]] = field(default_factory=list)  # tracker, old, new
    properties: list[tuple[str, str | None, str]] = field(default_factory=list)
    undo: bool = False
    turn_state: dict[str, str] = field(default_factory=dict)   # every tracker after the step
    boards: bool = False                                        # a BoardPicker command ran

    @property
    def chat_text(self) -> list[str]:
        """Chat lines with HTML entities decoded."""
        return [html.unescape(c) for c in self.chat]

    def to_json(self, with_properties: bool = False) -> dict:
        """A JSON-ready summary (``with_properties``: decode each change's property diff)."""
        out = {
            "step": self.index,
            "moves": [{"id": m.piece_id, "stack": m.is_stack, "members": m.members,
                       "from": {"map": m.old[0], "x": m.old[1], "y": m.old[2], "hex": m.old_label},
                       "to": {"map": m.new[0], "x": m.new[1], "y": m.new[2], "hex": m.new_label},
                       "under": m.under} for m in self.moves],
            "changed": [c.piece_id for c in self.changes],
            "created": self.created, "deleted": self.deleted, "chat": self.chat_text,
            "turns": [{"tracker": t, "old": o, "new": n} for t, o, n in self.turns],
            "properties": [{"name": k, "old": o, "new": n} for k, o, n in self.properties],
            "undo": self.undo,
        }
        if with_properties:
            out["changes"] = [{"id": c.piece_id, "properties": {k: {"old": o, "new": n}
                                                               for k, (o, n) in sorted(c.diff().items())}}
                              for c in self.changes]
        return out


# ----------------------------------------------------------------------------------------
# the interpreter
class _Runner:
    def __init__(self, state: GameState, locate: Locate | None,
                 apply_boards: Callable[[str], object] | None, warnings: list[str],
                 path: str | None = None) -> None:
        self.s = state
        self.path = path             # the save/log: named by errors (pieces decode lazily)
        self.locate = locate
        self.apply_boards = apply_boards
        self.warnings = warnings
        self.local = 0
        self.step: Step | None = None
        self.aliases: dict[str, str] = {}    # unknown stack id -> the stack it named
        self.index: dict[Position, list[str]] = {}   # stacks by position
        for stack in state.stacks.values():
            self._index_add(stack)

    def _index_add(self, stack: "StackRecord") -> None:
        self.index.setdefault((stack.map, stack.x, stack.y), []).append(stack.id)

    def _index_remove(self, stack: "StackRecord") -> None:
        ids = self.index.get((stack.map, stack.x, stack.y))
        if ids and stack.id in ids:
            ids.remove(stack.id)

    def label(self, pos: Position) -> str | None:
        if self.locate is None or pos[0] is None:
            return None
        return self.locate(pos[0], pos[1], pos[2])

    def run(self, node: Command) -> None:
        if not node.subs:
            self.execute(node.typed(), node.text)
            return
        for sub in node.walk():
            self.execute(sub.typed(), sub.text)

    def execute(self, cmd, text: str) -> None:
        while isinstance(cmd, Log):
            if cmd.inner is None:
                return
            cmd = cmd.inner
        if isinstance(cmd, AddPiece):
            self.add(cmd)
        elif isinstance(cmd, MovePiece):
            self.move(cmd)
        elif isinstance(cmd, ChangePiece):
            self.change(cmd)
        elif isinstance(cmd, RemovePiece):
            self.remove(cmd.id)
        elif isinstance(cmd, Chat):
            if self.step is not None:
                self.step.chat.append(cmd.text)
        elif isinstance(cmd, TurnState):
            old = self.s.turns.get(cmd.tracker_id)
            self.s.turns[cmd.tracker_id] = cmd.state
            if self.step is not None:
                self.step.turns.append((cmd.tracker_id, old, cmd.state))
        elif isinstance(cmd, Undo):
            if self.step is not None and cmd.in_progress:
                self.step.undo = True
        elif isinstance(cmd, MutableProperty):
            key = f"{cmd.container}:{cmd.name}" if cmd.container else cmd.name
            self._prop(key, cmd.new)
        elif isinstance(cmd, GlobalProperty):
            key = f"{cmd.container}:{cmd.name}" if cmd.container else cmd.name
            self._prop(key, cmd.value)
        elif isinstance(cmd, BoardPicker):
            self.s.boards[cmd.map_id] = cmd.tokens
            if self.step is not None:
                self.step.boards = True
            if self.apply_boards is not None:
                self.apply_boards(text[4:] if text.startswith("LOG\t") else text)
        elif isinstance(cmd, Player):
            entry = (cmd.name, cmd.side)
            if cmd.removed:
                if entry in self.s.players:
                    self.s.players.remove(entry)
            elif entry not in self.s.players:
                if len(self.s.players) >= limits.MAX_PLAYERS:      # also keeps the `in` test cheap
                    raise LimitError(self.path, f"more than {limits.MAX_PLAYERS} players (limit MAX_PLAYERS)")
                self.s.players.append(entry)

    def _prop(self, key: str, value: str) -> None:
        old = self.s.properties.get(key)
        self.s.properties[key] = value
        if self.step is not None:
            self.step.properties.append((key, old, value))

    # -- pieces and stacks -------------------------------------------------------------
    def _detach(self, pid: str) -> None:
        rec = self.s.pieces.get(pid)
        if rec is None or rec.stack is None:
            return
        stack = self.s.stacks.get(rec.stack)
        rec.stack = None
        if stack is not None:
            if pid in stack.members:
                stack.members.remove(pid)
            if stack.provisional and not stack.members:
                self._index_remove(stack)
                del self.s.stacks[stack.id]

    def _set_stack(self, sid: str, state: str) -> None:
        tokens = decode(state, ";")
        layer = None
        if tokens and tokens[-1].startswith("@@"):
            layer = tokens.pop()
        map_id = tokens[0] if tokens else "null"
        if map_id == "null" or not tokens:
            map_id, x, y, ids = None, 0, 0, tokens[1:]
        else:
            x, y, ids = _int(tokens, 1), _int(tokens, 2), tokens[3:]
        stack = self.s.stacks.get(sid)
        if stack is None:
            stack = self.s.stacks[sid] = StackRecord(sid, map_id, x, y, [], layer)
            self._index_add(stack)
        else:
            self._index_remove(stack)
            for member in list(stack.members):
                rec = self.s.pieces.get(member)
                if rec is not None and rec.stack == sid:
                    rec.stack = None
            stack.map, stack.x, stack.y, stack.members, stack.layer = map_id, x, y, [], layer
            self._index_add(stack)
        for member in ids:
            rec = self.s.pieces.get(member)
            if rec is None:
                continue   # VASSAL looks members up by id and skips unknown ones
            self._detach(member)
            rec.stack = sid
            stack.members.append(member)
            if map_id is not None:
                rec.position = (map_id, x, y)

    def add(self, cmd: AddPiece) -> None:
        if cmd.is_stack:
            self._set_stack(cmd.id, cmd.state)
        else:
            old = self.s.pieces.get(cmd.id)
            if old is not None:
                self._detach(cmd.id)
            elif len(self.s.pieces) >= limits.MAX_PIECES:
                raise LimitError(self.path, f"more than {limits.MAX_PIECES} pieces in play")
            self.s.pieces[cmd.id] = PieceRecord(cmd.id, Piece(cmd.type, cmd.state, warnings=self.warnings,
                                                              source=self.path))
        if self.step is not None:
            self.step.created.append(cmd.id)

    def remove(self, pid: str) -> None:
        if pid in self.s.pieces:
            self._detach(pid)
            del self.s.pieces[pid]
        elif pid in self.s.stacks:
            for member in self.s.stacks[pid].members:
                rec = self.s.pieces.get(member)
                if rec is not None:
                    rec.stack = None
            self._index_remove(self.s.stacks[pid])
            del self.s.stacks[pid]
        if self.step is not None:
            self.step.deleted.append(pid)

    def change(self, cmd: ChangePiece) -> None:
        if cmd.id in self.s.stacks:
            self._set_stack(cmd.id, cmd.new_state)
            return
        rec = self.s.pieces.get(cmd.id)
        if rec is None:
            return
        old_state = rec.piece.encode_state()
        rec.piece.set_state(cmd.new_state)
        new_pos = rec.piece.position()
        stack = self.s.stacks.get(rec.stack) if rec.stack is not None else None
        if stack is not None and new_pos[0] in (None, stack.map):
            # VASSAL (BasicPiece.setState): a stacked piece's map and position are its stack's;
            # a new state naming no map ("null", as 3.0/3.1 wrote for every stacked piece) or
            # the stack's map leaves it where it is, in its stack
            rec.position = (stack.map, stack.x, stack.y)
        else:
            if stack is not None or (rec._pos is not None and new_pos[0] != rec._pos[0]):
                self._detach(cmd.id)     # moved to another map: out of its stack
            rec.position = new_pos
        if self.step is not None:
            self.step.changes.append(Change(cmd.id, rec.piece.encode_type(), old_state, cmd.new_state))

    def move(self, cmd: MovePiece) -> None:
        new: Position = (cmd.new_map, cmd.new_x, cmd.new_y)
        old: Position = (cmd.old_map, cmd.old_x, cmd.old_y)
        sid = self.aliases.get(cmd.id, cmd.id)
        stack = self.s.stacks.get(sid)
        if stack is None and cmd.id not in self.s.pieces:
            # a stack id the log never created (made locally by the recording client):
            # the stack standing at the old position is the one meant
            stack = self._stack_at(old)
            if stack is not None:
                self.aliases[cmd.id] = stack.id
        if stack is not None:
            self._index_remove(stack)
            stack.map, stack.x, stack.y = new
            self._index_add(stack)
            for member in stack.members:
                rec = self.s.pieces.get(member)
                if rec is not None:
                    self._place(rec, new)
            self._record(cmd, old, new, True, list(stack.members))
            return
        rec = self.s.pieces.get(cmd.id)
        if rec is None:
            self.warnings_once(f"move of an unknown piece {cmd.id}")
            return
        self._detach(cmd.id)
        self._place(rec, new)
        if cmd.new_map is not None:
            target = None
            under = self.s.pieces.get(cmd.new_under) if cmd.new_under else None
            if under is not None and under.position == new:
                if under.stack is None:
                    target = self._new_stack(new)
                    target.members.append(under.id)
                    under.stack = target.id
                else:
                    target = self.s.stacks.get(under.stack)
                if target is not None:
                    i = target.members.index(under.id) + 1 if under.id in target.members else len(target.members)
                    target.members.insert(i, cmd.id)
            else:
                target = self._stack_at(new)
                if target is None:
                    target = self._new_stack(new)
                target.members.append(cmd.id)
            if target is not None:
                rec.stack = target.id
        self._record(cmd, old, new, False, [cmd.id])

    @staticmethod
    def _place(rec: PieceRecord, pos: Position) -> None:
        """Move a piece and its BasicPiece state (VASSAL's ``getState`` after ``M/`` names
        the new map and point), so ``piece.encode_state()`` agrees with ``position``."""
        rec.position = pos
        rec.piece.set_position(*pos)

    def _stack_at(self, pos: Position) -> StackRecord | None:
        for sid in self.index.get(pos, ()):
            stack = self.s.stacks.get(sid)
            if stack is not None and stack.members:
                return stack
        return None

    def _new_stack(self, pos: Position) -> StackRecord:
        self.local += 1
        sid = f"local-{self.local}"
        stack = StackRecord(sid, pos[0], pos[1], pos[2], [], None, provisional=True)
        self.s.stacks[sid] = stack
        self._index_add(stack)
        return stack

    def _record(self, cmd: MovePiece, old: Position, new: Position, is_stack: bool,
                members: list[str]) -> None:
        if self.step is None:
            return
        self.step.moves.append(Move(cmd.id, old, new, self.label(old), self.label(new), is_stack,
                                    members, cmd.new_under))

    def warnings_once(self, message: str) -> None:
        warn_once(self.warnings, message)


# ----------------------------------------------------------------------------------------
class Replay:
    """A replayed save/log: :attr:`initial` (step 0), :attr:`steps` and :attr:`final`."""

    def __init__(self, setup: list[Command], steps: list[Step], final: GameState,
                 locate: Locate | None, warnings: list[str]) -> None:
        self._setup = setup
        self.path: str | None = None       # the save/log replayed, when known
        self.steps = steps
        self.final = final
        self.locate = locate
        self.warnings = warnings
        self._initial: GameState | None = None

    @property
    def initial(self) -> GameState:
        """The starting position (step 0), rebuilt on first use."""
        if self._initial is None:
            self._initial = self._fresh()[0]
        return self._initial

    def label(self, pos: Position) -> str | None:
        if self.locate is None or pos[0] is None:
            return None
        return self.locate(pos[0], pos[1], pos[2])

    def _fresh(self) -> tuple[GameState, "_Runner"]:
        state = GameState()
        runner = _Runner(state, None, None, [], self.path)
        for i, node in enumerate(self._setup):
            if i == 0:
                runner.execute(node.typed(), node.text)   # the root's own "begin_save"
            else:
                runner.run(node)
        return state, runner

    def state_at(self, k: int) -> GameState:
        """The game state after step ``k`` (0 = the starting position); a new object
        except for the last step (:attr:`final`)."""
        if not 0 <= k <= len(self.steps):
            raise IndexError(f"step {k} out of range 0..{len(self.steps)}")
        if k == len(self.steps):
            return self.final
        state, runner = self._fresh()
        for step in self.steps[:k]:
            runner.run(step.command)
        return state

    def states(self) -> Iterator[tuple[int, GameState]]:
        """``(k, state)`` after every step, in order (one live state: copy what you keep)."""
        state, runner = self._fresh()
        yield 0, state
        for step in self.steps:
            runner.run(step.command)
            yield step.index, state


def replay(source: SaveFile | Command | str, *, locate: Locate | None = None,
           apply_boards: Callable[[str], object] | None = None,
           warnings: list[str] | None = None) -> Replay:
    """Replay a save or log; see the module docstring. Bad input raises
    :class:`~vmodgen.errors.InputError` naming the save's file (when it is a :class:`SaveFile`)."""
    path = source.path if isinstance(source, SaveFile) else None
    try:
        rp = _replay(source, locate, apply_boards, warnings, path)
    except InputError as exc:
        raise (exc.at(path) if path else exc) from None
    rp.path = path
    return rp


def _replay(source: SaveFile | Command | str, locate: Locate | None,
            apply_boards: Callable[[str], object] | None, warnings: list[str] | None,
            path: str | None) -> Replay:
    if isinstance(source, SaveFile):
        root = source.tree
    elif isinstance(source, Command):
        root = source
    else:
        from .commands import parse_tree
        root = parse_tree(source)
    warnings = warnings if warnings is not None else []
    state = GameState()
    runner = _Runner(state, locate, apply_boards, warnings, path)
    # the root's own text ("begin_save") and everything up to end_save; then bare commands
    runner.execute(root.typed(), root.text)
    setup: list[Command] = [root]
    pending: list[Command] = []
    after_end = False
    for sub in root.subs:
        if not after_end:
            runner.run(sub)
            setup.append(sub)
            if sub.text == "end_save":
                after_end = True
        elif sub.text.startswith("LOG\t"):
            pending.append(sub)
        elif not pending:
            runner.run(sub)     # executed on load, before the first step
            setup.append(sub)
        else:
            pending.append(sub)
    steps: list[Step] = []
    for node in pending:
        step = Step(len(steps) + 1, node)
        runner.step = step
        runner.run(node)
        step.turn_state = dict(state.turns)
        steps.append(step)
    runner.step = None
    return Replay(setup, steps, state, locate, warnings)


def _int(tokens: list[str], i: int) -> int:
    value = java_int(tokens[i]) if i < len(tokens) else None
    return 0 if value is None else value
