"""The hexes next to each side's units on the map, kept up to date unit by unit as a log goes
on, with a version per side that changes only when that side's set of neighbouring hexes does:
what a drag filled in with a shortest path (the one past the fewest hexes next to enemies)
depends on, so a route found once stays valid while the enemies' versions stay the same."""
from __future__ import annotations

from typing import Callable, Iterable, Mapping

from .positions import PieceView


class NearEnemies:
    """side → hex → how many of that side's units on the map stand next to it."""

    def __init__(self, neighbours: Callable[[str], list[str]], on_map: Callable[[str], bool]) -> None:
        self._neighbours = neighbours
        self._on_map = on_map
        self._at: dict[str, tuple[str, str]] = {}          # unit piece id → (side, hex)
        self._next_to: dict[str, dict[str, int]] = {}      # side → hex → its units next to it
        self._versions: dict[str, int] = {}                # side → version of its neighbouring hexes
        self._clock = 0                                    # versions never repeat
        self._hexes: dict[str, tuple[tuple, set[str]]] = {}   # side → (key, hexes next to its enemies)

    def _bump(self, side: str) -> None:
        self._clock += 1
        self._versions[side] = self._clock

    def reset(self, units: Mapping[str, PieceView]) -> None:
        """Start again from the units on the map now (every side's version changes)."""
        self._at.clear()
        for table in self._next_to.values():
            table.clear()
        for side in list(self._versions):
            self._bump(side)
        self.update(units, units)

    def update(self, pids: Iterable[str], units: Mapping[str, PieceView]) -> None:
        """Follow the units ``pids`` (those whose view changed) to where ``units`` has them now."""
        for pid in pids:
            v = units.get(pid)
            now = None
            if v is not None and v.unit is not None and v.hex is not None and self._on_map(v.hex):
                now = (v.unit.side, v.hex)
            was = self._at.get(pid)
            if was == now:
                continue
            if was is not None:
                del self._at[pid]
                self._count(was, -1)
            if now is not None:
                self._at[pid] = now
                self._count(now, 1)

    def _count(self, at: tuple[str, str], d: int) -> None:
        side, h = at
        table = self._next_to.get(side)
        if table is None:
            table = self._next_to[side] = {}
        changed = False
        for n in self._neighbours(h):
            c = table.get(n, 0) + d
            if c:
                table[n] = c
                changed = changed or c == 1 and d == 1
            else:
                del table[n]
                changed = True
        if changed or side not in self._versions:
            self._bump(side)

    def key(self, side: str) -> tuple:
        """The versions of every other side: equal keys, the same hexes next to enemies."""
        return tuple(sorted((s, v) for s, v in self._versions.items() if s != side))

    def hexes(self, side: str, key: tuple | None = None) -> set[str]:
        """The map hexes next to a unit of another side than ``side`` (``key``: :meth:`key`)."""
        if key is None:
            key = self.key(side)
        got = self._hexes.get(side)
        if got is not None and got[0] == key:
            return got[1]
        out: set[str] = set()
        for s, table in self._next_to.items():
            if s != side:
                out.update(table)
        self._hexes[side] = (key, out)
        return out
