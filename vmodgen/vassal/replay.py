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
from typing import Callable, Generator, Iterator

from .. import limits
from ..notes import warn_once
from ..errors import InputError, LimitError
from .chains import join_chain, split_state_chain
from .codec import decode, encode, java_int
from .commands import Command
from .gamestate import GameState, Locate, PieceRecord, Position, StackRecord
from .piece import Piece
from .savefile import SaveFile
from .typed import (AddPiece, BoardPicker, ChangePiece, Chat, GlobalProperty, Log, MovePiece,
                    MutableProperty, Player, RemovePiece, TurnState, Undo, Unknown)
from .undo import pair_undos

__all__ = ["replay", "Replay", "read_log", "iter_log", "ReplayVisitor", "split_steps", "chat_lines",
           "log_version", "GameState", "PieceRecord", "StackRecord", "Step", "Move", "Change", "Locate"]


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
    undo: bool = False               # an undo: it takes back the step(s) in ``undoes``
    turn_state: dict[str, str] = field(default_factory=dict)   # every tracker after the step
    boards: bool = False                                        # a BoardPicker command ran
    #: the undo step that took this step back (set before the step is delivered)
    undone_by: int | None = None
    #: on an undo step: the steps it takes back
    undoes: list[int] = field(default_factory=list)
    #: a step made of the inverse commands of an undo: the step they invert
    inverse_of: int | None = None
    #: who did it: the chat's ``<Name>``, or the roster name of the ``M/`` password (never the password)
    player: str | None = None
    #: dice reports of this step that an undo took back (chat lines, decoded)
    undone_rolls: list[str] = field(default_factory=list)
    #: ids an ``M/`` or ``D/`` of this step names that the game does not hold: VASSAL does
    #: nothing with them (a stack the recording player's VASSAL made in an undo and never logged:
    #: on the recorder's screen it moved, for everyone replaying the log it did not)
    ignored: list[str] = field(default_factory=list)

    @property
    def undone(self) -> bool:
        """Whether an undo took this step back."""
        return self.undone_by is not None

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
            "undo": self.undo, "undone_by": self.undone_by, "undoes": self.undoes,
            "inverse_of": self.inverse_of, "player": self.player, "undone_rolls": self.undone_rolls,
            "ignored": self.ignored,
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
        map_id: str | None = tokens[0] if tokens else "null"
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
            new = cmd.new_state
            if cmd.old_state is not None:
                new = merge_stack_state(self.s.stacks[cmd.id].members, new, cmd.old_state)
            self._set_stack(cmd.id, new)
            return
        rec = self.s.pieces.get(cmd.id)
        if rec is None:
            self._ignored(cmd.id)
            return
        old_state = rec.piece.encode_state()
        merged, basic_changed = merge_state(old_state, cmd.new_state, cmd.old_state, rec.piece.count)
        rec.piece.set_state(merged)
        new_pos = rec.piece.position()
        stack = self.s.stacks.get(rec.stack) if rec.stack is not None else None
        if not basic_changed:
            pass                         # mergeState: the BasicPiece (its place) is left alone
        elif stack is not None and new_pos[0] in (None, stack.map):
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
        if cmd.new_map is None:
            # MovePiece to no map only takes the piece (or stack) off its map's list: it keeps
            # its place and its stack, and a save writes it where it was (3.7 as 2.x)
            if cmd.id in self.s.stacks or cmd.id in self.s.pieces:
                stack = self.s.stacks.get(cmd.id)
                self._record(cmd, old, new, stack is not None,
                             list(stack.members) if stack is not None else [cmd.id])
            return
        stack = self.s.stacks.get(cmd.id)
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
            # VASSAL's MovePiece does nothing for an id the game does not hold (a stack the
            # recording client made without logging it, as an undo does): neither does the replay
            self._ignored(cmd.id)
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

    def _ignored(self, pid: str) -> None:
        if self.step is not None:
            self.step.ignored.append(pid)

    def saved_state(self) -> GameState:
        """The game as a save written now and loaded again holds it (VASSAL 3.x: as it is)."""
        return self.s

    def warnings_once(self, message: str) -> None:
        warn_once(self.warnings, message)


# ----------------------------------------------------------------------------------------
# reading a log: the visitor interface
class ReplayVisitor:
    """What :func:`read_log` tells as it replays a save or log (python-chess's game visitor is
    the model): override the hooks you need. Each step arrives with its undo pairing
    (``undone_by``, ``undoes``, ``inverse_of``) and ``player`` already set; ``state`` is the one
    live game state (copy what you keep)."""

    def begin_file(self, save: SaveFile | None) -> None:
        """Before anything runs (``save`` is None when a command tree or text is read)."""

    def start(self, state: GameState) -> None:
        """Step 0: the starting position (everything up to ``end_save`` has run)."""

    def visit_step(self, step: Step, state: GameState) -> None:
        """After ``step`` has run."""

    def saved(self, state: GameState) -> None:
        """After the last step, when overridden: the game as VASSAL saves it now and loads it
        again (what the next file of a chain starts from; VASSAL 2.x brings back pieces it no
        longer draws). A new state: ``end_file`` still gets the live one."""

    def end_file(self, state: GameState) -> object:
        """After the last step; what :func:`read_log` returns."""
        return None


def split_steps(root: Command) -> tuple[list[Command], list[Command]]:
    """The top-level commands that build the starting position (everything up to ``end_save``
    and the bare commands right after it, which run on load), and those that are the log's steps
    (each top-level ``LOG`` command, and whatever follows the first one)."""
    head: list[Command] = []
    steps: list[Command] = []
    after_end = False
    for sub in root.subs:
        if not after_end:
            head.append(sub)
            if sub.text == "end_save":
                after_end = True
        elif sub.text.startswith("LOG\t") or steps:
            steps.append(sub)
        else:
            head.append(sub)
    return head, steps


def chat_lines(source: SaveFile | Command) -> list[str]:
    """Every chat line of the file's steps, in order, decoded as ``Step.chat_text`` gives them,
    without replaying (what a chat-reading binding needs to know the phase a file ends in)."""
    root = source.tree if isinstance(source, SaveFile) else source
    out = []
    for node in split_steps(root)[1]:
        for sub in (node.walk() if node.subs else (node,)):
            if "CHAT" not in sub.text:
                continue
            cmd = sub.typed()
            while isinstance(cmd, Log):
                cmd = cmd.inner
            if isinstance(cmd, Chat):
                out.append(html.unescape(cmd.text))
    return out


def log_version(source: SaveFile | Command) -> str:
    """The VASSAL version that wrote a save or log: its ``savedata``, else its ``CHECK`` line
    (``""`` when neither says)."""
    if isinstance(source, SaveFile):
        return source.vassal_version
    for sub in source.subs[:8]:
        cmd = sub.typed()
        text = sub.text
        if text.startswith("CHECK\trunningVassalVersion<"):
            return text[len("CHECK\trunningVassalVersion<"):].split("\t", 1)[0]
        if isinstance(cmd, Unknown) and "runningVassalVersion<" in text:
            return text.split("runningVassalVersion<", 1)[1].split("\t", 1)[0]
    return ""


def iter_log(source: SaveFile | Command | str, visitor: ReplayVisitor | None = None, *,
             locate: Locate | None = None, apply_boards: Callable[[str], object] | None = None,
             warnings: list[str] | None = None) -> Generator[tuple[int, Step | None, GameState], None, object]:
    """Replay step by step: yields ``(0, None, state)``, then ``(k, step, state)`` after each
    step (one live state), calling ``visitor``'s hooks on the way; returns (as the generator's
    value) what ``visitor.end_file`` returns. Bad input raises
    :class:`~vmodgen.errors.InputError` naming the save's file (when it is a :class:`SaveFile`)."""
    save = source if isinstance(source, SaveFile) else None
    path = save.path if save is not None else None
    try:
        return (yield from _iter_log(source, visitor or ReplayVisitor(), locate, apply_boards,
                                     warnings if warnings is not None else [], path))
    except InputError as exc:
        raise (exc.at(path) if path else exc) from None


def read_log(source: SaveFile | Command | str, visitor: ReplayVisitor, *,
             locate: Locate | None = None, apply_boards: Callable[[str], object] | None = None,
             warnings: list[str] | None = None) -> object:
    """Replay a save or log through ``visitor`` (see :class:`ReplayVisitor`); returns what its
    ``end_file`` returns."""
    gen = iter_log(source, visitor, locate=locate, apply_boards=apply_boards, warnings=warnings)
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


def _iter_log(source: SaveFile | Command | str, visitor: ReplayVisitor, locate: Locate | None,
              apply_boards: Callable[[str], object] | None, warnings: list[str],
              path: str | None) -> Generator[tuple[int, Step | None, GameState], None, object]:
    save = source if isinstance(source, SaveFile) else None
    if isinstance(source, SaveFile):
        root = source.tree
    elif isinstance(source, Command):
        root = source
    else:
        from .commands import parse_tree
        root = parse_tree(source)
    version = log_version(save if save is not None else root)
    visitor.begin_file(save)
    state = GameState()
    runner = runner_for(version)(state, locate, apply_boards, warnings, path)
    runner.execute(root.typed(), root.text)       # the root's own "begin_save"
    head, nodes = split_steps(root)
    for node in head:
        runner.run(node)
    steps = [Step(i, node) for i, node in enumerate(nodes, 1)]
    pair_undos(steps, version, [p for p in _players(head)])
    visitor.start(state)
    yield 0, None, state
    for step in steps:
        runner.step = step
        runner.run(step.command)
        step.turn_state = dict(state.turns)
        runner.step = None
        visitor.visit_step(step, state)
        yield step.index, step, state
    if type(visitor).saved is not ReplayVisitor.saved:
        visitor.saved(runner.saved_state())
    return visitor.end_file(state)


def _players(head: list[Command]) -> Iterator[Player]:
    for node in head:
        for sub in (node.walk() if node.subs else (node,)):
            if sub.text.startswith(("PLAYER", "PYREMOVE")):
                cmd = sub.typed()
                if isinstance(cmd, Player):
                    yield cmd


# ----------------------------------------------------------------------------------------
class Replay:
    """A replayed save/log: :attr:`initial` (step 0), :attr:`steps` and :attr:`final`."""

    def __init__(self, root: Command, steps: list[Step], final: GameState,
                 locate: Locate | None, warnings: list[str]) -> None:
        self._root = root
        self.path: str | None = None       # the save/log replayed, when known
        self.steps = steps
        self.final = final
        self.locate = locate
        self.warnings = warnings
        self._initial: GameState | None = None
        self._saved: GameState | None = None

    @property
    def initial(self) -> GameState:
        """The starting position (step 0), rebuilt on first use."""
        if self._initial is None:
            self._initial = next(iter(self._states()))[1]
        return self._initial

    def label(self, pos: Position) -> str | None:
        if self.locate is None or pos[0] is None:
            return None
        return self.locate(pos[0], pos[1], pos[2])

    @property
    def saved(self) -> GameState:
        """The final position as VASSAL saves it and loads it again (see
        :meth:`ReplayVisitor.saved`): what the next file of a chain starts from."""
        if self._saved is None:
            saved = read_log(self._root, _Saved())
            assert isinstance(saved, GameState)     # _Saved is always handed the saved position
            self._saved = saved
        return self._saved

    def _states(self) -> Iterator[tuple[int, GameState]]:
        """Run the file again (no hex labels, no boards: positions only), as far as
        :attr:`steps` goes (a caller may have cut it short)."""
        last = len(self.steps)
        for k, _step, state in iter_log(self._root, warnings=[]):
            yield k, state
            if k >= last:
                return

    def state_at(self, k: int) -> GameState:
        """The game state after step ``k`` (0 = the starting position); a new object
        except for the last step (:attr:`final`)."""
        if not 0 <= k <= len(self.steps):
            raise IndexError(f"step {k} out of range 0..{len(self.steps)}")
        if k == len(self.steps):
            return self.final
        for j, state in self._states():
            if j == k:
                return state
        raise IndexError(k)     # pragma: no cover - the file ran before

    def states(self) -> Iterator[tuple[int, GameState]]:
        """``(k, state)`` after every step, in order (one live state: copy what you keep)."""
        return self._states()


class _Builder(ReplayVisitor):
    """The visitor :func:`replay` reads with: keeps the steps."""

    def __init__(self, root: Command, locate: Locate | None, warnings: list[str]) -> None:
        self.root, self.locate, self.warnings = root, locate, warnings
        self.steps: list[Step] = []

    def visit_step(self, step: Step, state: GameState) -> None:
        self.steps.append(step)

    def end_file(self, state: GameState) -> Replay:
        return Replay(self.root, self.steps, state, self.locate, self.warnings)


class _Saved(ReplayVisitor):
    def __init__(self) -> None:
        self.state: GameState | None = None

    def saved(self, state: GameState) -> None:
        self.state = state

    def end_file(self, state: GameState) -> GameState | None:
        return self.state


def replay(source: SaveFile | Command | str, *, locate: Locate | None = None,
           apply_boards: Callable[[str], object] | None = None,
           warnings: list[str] | None = None) -> Replay:
    """Replay a save or log; see the module docstring. Bad input raises
    :class:`~vmodgen.errors.InputError` naming the save's file (when it is a :class:`SaveFile`)."""
    path = source.path if isinstance(source, SaveFile) else None
    if isinstance(source, SaveFile):
        root = source.tree
    elif isinstance(source, Command):
        root = source
    else:
        from .commands import parse_tree
        root = parse_tree(source)
    warnings = warnings if warnings is not None else []
    rp = read_log(source if isinstance(source, SaveFile) else root, _Builder(root, locate, warnings),
                  locate=locate, apply_boards=apply_boards, warnings=warnings)
    assert isinstance(rp, Replay)
    rp.path = path
    return rp


def runner_for(version: str) -> type["_Runner"]:
    """The interpreter that does what VASSAL ``version`` does with each command: VASSAL 2.x and
    3.0 (:mod:`vmodgen.vassal.vassal2`: 3.0 kept 2.9's pieces, stacks and commands; 3.1 stopped
    ``RemovePiece`` failing on a piece with no map), else 3.x (also for an unknown version)."""
    v = _major_minor(version)
    if v is not None and v < (3, 1):
        from .vassal2 import Vassal2Runner
        return Vassal2Runner
    return _Runner


def _major_minor(version: str) -> tuple[int, int] | None:
    import re
    m = re.match(r"\s*(\d+)(?:\.(\d+))?", version or "")
    return (int(m.group(1)), int(m.group(2) or 0)) if m else None


def merge_state(current: str, new: str, old: str | None, count: int) -> tuple[str, bool]:
    """What VASSAL's ``D/`` leaves of a piece's state chain (``ChangePiece`` with an old state
    calls ``mergeState``: each trait, and the BasicPiece, takes its new state only where it
    differs from the old one; without an old state the whole new chain is set). Returns the
    chain and whether the BasicPiece (the piece's map and point) was set."""
    if old is None:
        return new, True
    cur = split_state_chain(current, count)
    n = split_state_chain(new, count)
    o = split_state_chain(old, count)
    merged = [a if a != b else c for c, a, b in zip(cur, n, o)]
    return join_chain(merged), n[-1] != o[-1]


def merge_stack_state(members: list[str], new: str, old: str) -> str:
    """``Stack.mergeState`` (2.x and 3.x): the new state, keeping the members the stack holds now
    that neither the new nor the old state names (each right after the member below it; when
    the old state is the stack's own there are none)."""
    nt, ot = decode(new, ";"), decode(old, ";")
    layer = [nt.pop()] if len(nt) > 3 and nt[-1].startswith("@@") else []
    new_ids, old_ids = nt[3:], ot[3:]
    for k, pid in enumerate(members):
        if pid not in new_ids and pid not in old_ids:
            below = members[k - 1] if k > 0 else None
            at = new_ids.index(below) if below in new_ids else -1
            new_ids.insert(at + 1, pid)
    if new_ids == nt[3:]:
        return new
    return encode(nt[:3] + new_ids + layer, ";")


def _int(tokens: list[str], i: int) -> int:
    value = java_int(tokens[i]) if i < len(tokens) else None
    return 0 if value is None else value
