"""Replay a save or log (FORMATS.md §4.9): a starting position and a list of steps.

    save = read_save("game.vlog")
    rp = replay(save, locate=module.locate, apply_boards=module.apply_board_command, stacking=module)
    for step in rp.steps:
        for mv in step.moves: print(mv.piece_id, mv.old, "->", mv.new)
    rp.final.pieces["1700000000000"].label

The commands before ``end_save`` build step 0 (a bare command after it, such as the chat
line of an old log, also runs on load); every top-level ``LOG`` command after it is one
step, executed pre-order. Hex labels come from the caller's ``locate(map, x, y)``; ``stacking``
(the module) tells on which maps stacking is off and which pieces never stack
(:class:`~vmodgen.vassal.stacking.StackingRules`).
:meth:`Replay.state_at` gives the whole game state after any step.
"""
from __future__ import annotations

import html
from typing import Callable, Generator, Iterator

from ..errors import InputError
from .commands import Command
from .gamestate import GameState, Locate, PieceRecord, Position, StackRecord
from .interpreter import Change, Move, Step, _Runner, merge_stack_state, merge_state  # noqa: F401 (re-exported)
from .savefile import SaveFile
from .stacking import StackingRules
from .typed import Chat, Log, Player, Unknown

__all__ = ["replay", "Replay", "read_log", "iter_log", "final_state", "ReplayVisitor", "split_steps", "chat_lines",
           "log_version", "GameState", "PieceRecord", "StackRecord", "Step", "Move", "Change", "Locate"]


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


def holds_nothing(node: Command) -> bool:
    """A ``LOG`` (or a part of one) in which VASSAL decodes no command: ``null``, each of its
    parts likewise (a key command that did nothing, e.g. one Restrict Commands refused, is
    logged as ``LOG\tnull`` with ``LOG\tnull`` parts). ``GameModule.decode`` gives null for
    it, so ``BasicLogger.decode`` makes no step of it. An empty ``LOG\t`` is a step: the empty
    text decodes as a ``NullCommand`` (VASSAL 3.7.26 replays The Longest Day log 2's step 414
    so). Only the literal ``null`` is recognised (see :mod:`.stacking`'s docstring)."""
    text = node.text
    while text.startswith("LOG\t"):
        text = text[4:]
    return text == "null" and all(holds_nothing(sub) for sub in node.subs)


def split_steps(root: Command) -> tuple[list[Command], list[Command]]:
    """The top-level commands that build the starting position (everything up to ``end_save``
    and the bare commands right after it, which run on load), and those that are the log's steps
    (each top-level ``LOG`` command, and whatever follows the first one), as VASSAL's Step
    button goes through them: a ``LOG`` holding nothing (:func:`holds_nothing`) is no step."""
    head: list[Command] = []
    steps: list[Command] = []
    after_end = in_steps = False
    for sub in root.subs:
        if not after_end:
            head.append(sub)
            if sub.text == "end_save":
                after_end = True
        elif sub.text.startswith("LOG\t") or in_steps:
            in_steps = True
            if not holds_nothing(sub):
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
             warnings: list[str] | None = None,
             stacking: StackingRules | None = None) -> Generator[tuple[int, Step | None, GameState], None, object]:
    """Replay step by step: yields ``(0, None, state)``, then ``(k, step, state)`` after each
    step (one live state), calling ``visitor``'s hooks on the way; returns (as the generator's
    value) what ``visitor.end_file`` returns. Bad input raises
    :class:`~vmodgen.errors.InputError` naming the save's file (when it is a :class:`SaveFile`)."""
    save = source if isinstance(source, SaveFile) else None
    path = save.path if save is not None else None
    try:
        return (yield from _iter_log(source, visitor or ReplayVisitor(), locate, apply_boards,
                                     warnings if warnings is not None else [], path, stacking))
    except InputError as exc:
        raise (exc.at(path) if path else exc) from None


def read_log(source: SaveFile | Command | str, visitor: ReplayVisitor, *,
             locate: Locate | None = None, apply_boards: Callable[[str], object] | None = None,
             warnings: list[str] | None = None, stacking: StackingRules | None = None) -> object:
    """Replay a save or log through ``visitor`` (see :class:`ReplayVisitor`); returns what its
    ``end_file`` returns."""
    gen = iter_log(source, visitor, locate=locate, apply_boards=apply_boards, warnings=warnings,
                   stacking=stacking)
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


def _iter_log(source: SaveFile | Command | str, visitor: ReplayVisitor, locate: Locate | None,
              apply_boards: Callable[[str], object] | None, warnings: list[str],
              path: str | None,
              stacking: StackingRules | None) -> Generator[tuple[int, Step | None, GameState], None, object]:
    save = source if isinstance(source, SaveFile) else None
    root = command_tree(source)
    version = log_version(save if save is not None else root)
    visitor.begin_file(save)
    state = GameState()
    runner = runner_for(version)(state, locate, apply_boards, warnings, path, stacking)
    runner.execute(root.typed(), root.text)       # the root's own "begin_save"
    head, nodes = split_steps(root)
    for node in head:
        runner.run(node)
    steps = [Step(i, node) for i, node in enumerate(nodes, 1)]
    from .undo import pair_undos
    pair_undos(steps, version, [p for p in _players(head)], dict(state.turns))
    visitor.start(state)
    try:
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
    finally:
        runner.release()        # the file's objects freed with it, not by the cyclic collector
    return visitor.end_file(state)


def final_state(source: SaveFile | Command | str, *, locate: Locate | None = None,
                apply_boards: Callable[[str], object] | None = None,
                warnings: list[str] | None = None, at: int | None = None,
                stacking: StackingRules | None = None) -> tuple[int, GameState | None]:
    """The number of steps and the game state after the last one: what :func:`iter_log`'s last
    yield holds (the same interpreter runs the same commands), without what only a step-by-step
    reader uses (no :class:`Step` records, move labels or state diffs, no undo pairing).

    ``at``: the state after that step instead (0: the starting position), a copy taken on the
    way; the pass still runs every step (the labels asked and the board commands applied as a
    full replay asks and applies them). ``None`` in place of the state when ``at`` is not a step
    of the file. Bad input raises :class:`~vmodgen.errors.InputError` naming the save's file."""
    save = source if isinstance(source, SaveFile) else None
    path = save.path if save is not None else None
    kept: GameState | None = None
    try:
        root = command_tree(source)
        state = GameState()
        runner = runner_for(log_version(save if save is not None else root))(
            state, locate, apply_boards, warnings if warnings is not None else [], path, stacking)
        runner.execute(root.typed(), root.text)
        head, nodes = split_steps(root)
        for node in head:
            runner.run(node)
        if at == 0 and nodes:
            kept = state.copy()
        runner.in_steps = True
        for k, node in enumerate(nodes, 1):
            runner.run(node)
            if k == at and k < len(nodes):
                kept = state.copy()
        runner.release()
    except InputError as exc:
        raise (exc.at(path) if path else exc) from None
    if at is None or at == len(nodes):
        return len(nodes), state
    return len(nodes), kept


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
                 locate: Locate | None, warnings: list[str],
                 stacking: StackingRules | None = None) -> None:
        self._root = root
        self.path: str | None = None       # the save/log replayed, when known
        self.steps = steps
        self.final = final
        self.locate = locate
        self.warnings = warnings
        #: what the replay was told of stacking (the module): every re-run is told the same
        self.stacking = stacking
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
            saved = read_log(self._root, _Saved(), stacking=self.stacking)
            assert isinstance(saved, GameState)     # _Saved is always handed the saved position
            self._saved = saved
        return self._saved

    def _states(self) -> Iterator[tuple[int, GameState]]:
        """Run the file again (no hex labels, no boards: positions only, stacked as the first
        run stacked them), as far as :attr:`steps` goes (a caller may have cut it short)."""
        last = len(self.steps)
        for k, _step, state in iter_log(self._root, warnings=[], stacking=self.stacking):
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

    def __init__(self, root: Command, locate: Locate | None, warnings: list[str],
                 stacking: StackingRules | None) -> None:
        self.root, self.locate, self.warnings, self.stacking = root, locate, warnings, stacking
        self.steps: list[Step] = []

    def visit_step(self, step: Step, state: GameState) -> None:
        self.steps.append(step)

    def end_file(self, state: GameState) -> Replay:
        return Replay(self.root, self.steps, state, self.locate, self.warnings, self.stacking)


class _Saved(ReplayVisitor):
    def __init__(self) -> None:
        self.state: GameState | None = None

    def saved(self, state: GameState) -> None:
        self.state = state

    def end_file(self, state: GameState) -> GameState | None:
        return self.state


def replay(source: SaveFile | Command | str, *, locate: Locate | None = None,
           apply_boards: Callable[[str], object] | None = None,
           warnings: list[str] | None = None, stacking: StackingRules | None = None) -> Replay:
    """Replay a save or log; see the module docstring. Bad input raises
    :class:`~vmodgen.errors.InputError` naming the save's file (when it is a :class:`SaveFile`)."""
    path = source.path if isinstance(source, SaveFile) else None
    root = command_tree(source)
    warnings = warnings if warnings is not None else []
    rp = read_log(source if isinstance(source, SaveFile) else root, _Builder(root, locate, warnings, stacking),
                  locate=locate, apply_boards=apply_boards, warnings=warnings, stacking=stacking)
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


def command_tree(source: SaveFile | Command | str) -> Command:
    """The command tree of a save, a tree or a command text."""
    if isinstance(source, SaveFile):
        return source.tree
    if isinstance(source, Command):
        return source
    from .commands import parse_tree
    return parse_tree(source)
