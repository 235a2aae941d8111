"""The one place the viewer reads a replay (:mod:`vmodgen.vassal.replay`): each position of a
save or log in order, with what the step before it did, as plain :class:`Frame` values.

    for frame in frames(read_save("t1.vlog"), module):
        frame.step, frame.state, frame.moves, frame.chat, frame.undone

Only the replay's public API is used (``iter_log(save, locate=...)``: the file is read once,
``Step.moves/changes/created/chat_text/turns``); a step's ``undone_by`` (and ``undoes``,
``player``) are read when the replay provides them (undos are paired before the first step).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator

from ..vassal.gamestate import GameState
from ..vassal.module import Module
from ..vassal.replay import iter_log
from ..vassal.savefile import SaveFile


@dataclass
class FrameMove:
    """A piece (or a stack with its members) dragged from one map point to another."""
    old: tuple[str | None, int, int]
    new: tuple[str | None, int, int]
    pieces: list[str]


@dataclass
class Frame:
    """The position after ``step`` (0 = the file's starting position) and what that step did."""
    step: int
    state: GameState                  # live: read it before the next frame
    moves: list[FrameMove] = field(default_factory=list)
    touched: set[str] = field(default_factory=set)     # pieces created or changed (their look may differ)
    gone: set[str] = field(default_factory=set)        # pieces and stacks deleted
    chat: list[str] = field(default_factory=list)       # decoded text
    turns: list[tuple[str, str]] = field(default_factory=list)   # (tracker id, new state)
    undo: bool = False                # the step is an undo
    undone: bool = False              # a later undo took the step back
    player: str | None = None


def frames(save: SaveFile, module: Module | None) -> Iterator[Frame]:
    """Every position of ``save`` in order, the boards each step picks applied to ``module``
    as the step runs (one pass over the file: the replay's steps as it makes them)."""
    for k, s, state in iter_log(save, locate=module.locate if module else None,
                                apply_boards=module.apply_board_command if module else None,
                                stacking=module):
        if s is None:
            yield Frame(0, state, touched=set(state.pieces))
            continue
        moves = [FrameMove(m.old, m.new, list(m.members) or [m.piece_id]) for m in s.moves]
        touched = {c.piece_id for c in s.changes} | set(s.created)
        yield Frame(k, state, moves, touched, set(s.deleted), list(s.chat_text),
                    [(t, new) for t, _old, new in s.turns], bool(s.undo),
                    getattr(s, "undone_by", None) is not None, getattr(s, "player", None))
