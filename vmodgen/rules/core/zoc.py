"""Zones of control: which units exert one, which hexsides and hexes it does not cross or enter,
limited ZOCs, overlapping ZOCs, friendly cancellation."""
from __future__ import annotations

from typing import Callable

from ...positions.model import UnitState
from .board import Board

NONE, LIMITED, FULL = 0, 1, 2


class ZocField:
    """The ZOC one side exerts: hex → source hexes, split into full and limited."""

    def __init__(self, side: str) -> None:
        self.side = side
        self.full: dict[str, set[str]] = {}
        self.limited: dict[str, set[str]] = {}
        self.by_unit: dict[str, list[UnitState]] = {}

    def kind(self, h: str) -> int:
        if h in self.full:
            return FULL
        return LIMITED if h in self.limited else NONE

    def __contains__(self, h: str) -> bool:
        return h in self.full or h in self.limited

    def hexes(self) -> set[str]:
        return set(self.full) | set(self.limited)

    def sources(self, h: str) -> set[str]:
        return self.full.get(h, set()) | self.limited.get(h, set())

    def units(self, h: str) -> list[UnitState]:
        return self.by_unit.get(h, [])

    def overlapping(self, h: str, board: Board, full_only: bool = False) -> bool:
        """Two source hexes of this ZOC that are not adjacent to each other (overlapping ZOCs)."""
        src = list(self.full.get(h, ())) if full_only else list(self.sources(h))
        for i, a in enumerate(src):
            for b in src[i + 1:]:
                if not board.adjacent(a, b):
                    return True
        return False


def merged(fields: list[ZocField], side: str) -> ZocField:
    """One field for the ZOCs of several sides (``side`` names them); a single field as it is."""
    if len(fields) == 1:
        return fields[0]
    out = ZocField(side)
    for f in fields:
        for h, s in f.full.items():
            out.full.setdefault(h, set()).update(s)
        for h, s in f.limited.items():
            out.limited.setdefault(h, set()).update(s)
        for h, us in f.by_unit.items():
            out.by_unit.setdefault(h, []).extend(us)
    return out


def zoc_field(board: Board, side: str, exerts: Callable[[UnitState], bool],
              reach: Callable[[UnitState, str, str], int] | None = None, own_hex: bool = False) -> ZocField:
    """The ZOC of ``side``'s units that ``exerts``; ``reach(unit, src, dst)`` gives NONE, LIMITED
    or FULL for each neighbour (default FULL). With ``own_hex`` a unit's own hex is in its ZOC."""
    f = ZocField(side)
    for h, us in board.at.items():
        if not board.is_hex(h):
            continue               # no ZOC into or out of off-map boxes
        exerting = [u for u in us if u.side == side and exerts(u)]
        if not exerting:
            continue
        targets = board.neighbours(h) + ([h] if own_hex else [])
        for n in targets:
            best = NONE
            for u in exerting:
                k = FULL if reach is None else reach(u, h, n)
                if k > best:
                    best = k
                    if k == FULL:
                        f.by_unit.setdefault(n, []).extend(exerting)
                        break
            if best == FULL:
                f.full.setdefault(n, set()).add(h)
            elif best == LIMITED:
                f.limited.setdefault(n, set()).add(h)
                f.by_unit.setdefault(n, []).extend(exerting)
    return f


def cancelled(board: Board, h: str, friendly: str, by: Callable[[UnitState], bool] = lambda u: True) -> bool:
    """Whether friendly units in ``h`` (those ``by`` accepts) cancel an enemy ZOC there."""
    return any(u.side == friendly and by(u) for u in board.units(h))
