"""Stacking: points per hex and side, free units, per-hex limits."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from ...positions.model import UnitState
from .board import Board


@dataclass(frozen=True)
class Stack:
    hex: str
    side: str
    points: float
    limit: float
    units: tuple[UnitState, ...]

    @property
    def over(self) -> float:
        return self.points - self.limit


def simple_points(value: Callable[[UnitState], float]) -> Callable[[list[UnitState]], float]:
    """Points of a stack = the sum of each unit's value."""
    return lambda units: sum(value(u) for u in units)


def free_first(value: Callable[[UnitState], float], special: Callable[[UnitState], bool],
               free: int = 1, each: float = 1) -> Callable[[list[UnitState]], float]:
    """Points where ``special`` units (tanks, silhouettes...) count ``each`` beyond the first ``free``."""
    def points(units: list[UnitState]) -> float:
        n = sum(1 for u in units if special(u))
        return sum(value(u) for u in units if not special(u)) + max(0, n - free) * each
    return points


def stacks(board: Board, side: str, points: Callable[[list[UnitState]], float],
           limit: Callable[[str], float | None], counts: Callable[[UnitState], bool] = lambda u: True,
           hexes: Iterable[str] | None = None) -> list[Stack]:
    """Every stack of ``side`` with its points and the limit of its hex (None: unlimited, skipped)."""
    out = []
    for h in (hexes if hexes is not None else list(board.at)):
        us = [u for u in board.units(h, side) if counts(u)]
        if not us:
            continue
        lim = limit(h)
        if lim is None:
            continue
        out.append(Stack(h, side, points(us), lim, tuple(us)))
    return out


def overstacked(board: Board, side: str, points, limit, counts=lambda u: True, hexes=None) -> list[Stack]:
    return [s for s in stacks(board, side, points, limit, counts, hexes) if s.points > s.limit]


def mixed(board: Board, counts: Callable[[UnitState], bool], boxes: bool = False) -> list[tuple[str, list[UnitState]]]:
    """(hex, its ``counts`` units) for each hex, in board order, where such units of two sides
    stand (``boxes``: off-map boxes too); each game words its own finding."""
    out = []
    for h, us in board.at.items():
        if not boxes and not board.is_hex(h):
            continue
        c = [u for u in us if counts(u)]
        if len({u.side for u in c}) > 1:
            out.append((h, c))
    return out


def fmt(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"
