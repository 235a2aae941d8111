"""The game state a replay tracks (pieces with positions and stacks, stacks, turn
trackers, properties, boards, players). Re-exported by :mod:`vmodgen.vassal.replay`."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from .piece import Piece

__all__ = ["GameState", "PieceRecord", "StackRecord", "Position", "Locate"]

Locate = Callable[[str | None, int, int], "str | None"]
Position = tuple[str | None, int, int]


class PieceRecord:
    """A piece in play: its traits (decoded lazily), own position and enclosing stack."""

    __slots__ = ("id", "piece", "_pos", "stack")

    def __init__(self, pid: str, piece: Piece, pos: Position | None = None,
                 stack: str | None = None) -> None:
        self.id = pid
        self.piece = piece
        self._pos = pos            # None: read from the BasicPiece state when asked
        self.stack = stack

    @property
    def position(self) -> Position:
        if self._pos is None:
            self._pos = self.piece.position()
        return self._pos

    @position.setter
    def position(self, pos: Position) -> None:
        self._pos = pos

    @property
    def map(self) -> str | None:
        return self.position[0]

    @property
    def x(self) -> int:
        return self.position[1]

    @property
    def y(self) -> int:
        return self.position[2]

    @property
    def name(self) -> str:
        return self.piece.name

    def properties(self) -> dict[str, str]:
        return self.piece.properties()

    def copy(self) -> "PieceRecord":
        return PieceRecord(self.id, self.piece.copy() if self.piece._traits is not None else
                           Piece(self.piece._type, self.piece._state, warnings=self.piece._warnings,
                                 source=self.piece.source),
                           self._pos, self.stack)

    def __repr__(self) -> str:
        return f"PieceRecord({self.id}, {self.position}, stack={self.stack})"


@dataclass
class StackRecord:
    """A stack: position, members bottom to top, and its ``@@`` layer token. A Deck (VASSAL's
    ``Deck extends Stack``) is a stack too, with ``deck`` set: the piece of the same id keeps its
    type and state (``map;x;y;faceDown;id,id,…``), rewritten as its members change."""
    id: str
    map: str | None
    x: int
    y: int
    members: list[str] = field(default_factory=list)
    layer: str | None = None
    provisional: bool = False   # made locally by a move; the logged "+/…/stack" replaces it
    deck: bool = False

    def copy(self) -> "StackRecord":
        return StackRecord(self.id, self.map, self.x, self.y, list(self.members), self.layer,
                           self.provisional, self.deck)


@dataclass
class GameState:
    """Everything the replay tracks at one moment."""
    pieces: dict[str, PieceRecord] = field(default_factory=dict)
    stacks: dict[str, StackRecord] = field(default_factory=dict)
    turns: dict[str, str] = field(default_factory=dict)          # tracker id -> TURN state
    properties: dict[str, str] = field(default_factory=dict)     # global/mutable properties
    boards: dict[str, list[str]] = field(default_factory=dict)   # map id -> BoardPicker tokens
    players: list[tuple[str, str]] = field(default_factory=list)  # (name, side), no password

    def copy(self) -> "GameState":
        return GameState({k: v.copy() for k, v in self.pieces.items()},
                         {k: v.copy() for k, v in self.stacks.items()},
                         dict(self.turns), dict(self.properties),
                         {k: list(v) for k, v in self.boards.items()}, list(self.players))

    def to_json(self, locate: Locate | None = None, with_properties: bool = True) -> dict:
        """A JSON-ready snapshot: pieces (position, hex, stack, name, properties) and stacks."""
        def hex_of(pos: Position) -> str | None:
            return locate(*pos) if locate is not None and pos[0] is not None else None
        pieces = {}
        for pid, rec in self.pieces.items():
            entry: dict[str, object] = {"map": rec.map, "x": rec.x, "y": rec.y, "hex": hex_of(rec.position),
                     "stack": rec.stack, "name": rec.name}
            if with_properties:
                entry["properties"] = rec.properties()
            pieces[pid] = entry
        return {"pieces": pieces,
                "stacks": {sid: {"map": st.map, "x": st.x, "y": st.y, "hex": hex_of((st.map, st.x, st.y)),
                                 "members": st.members} for sid, st in self.stacks.items()},
                "turns": self.turns, "properties": self.properties, "boards": self.boards,
                "players": [{"name": n, "side": s} for n, s in self.players]}

    def position(self, pid: str) -> Position | None:
        if pid in self.pieces:
            return self.pieces[pid].position
        s = self.stacks.get(pid)
        return (s.map, s.x, s.y) if s else None
