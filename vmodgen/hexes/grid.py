"""Offset hex coordinates: a map is a stack of *lines* of hexes (vertical columns or horizontal
rows); ``line`` numbers the line, ``pos`` the hex along it. Every other line is shifted half a
hex toward higher ``pos`` numbers; ``shift`` says whether the odd or the even lines are.

Neighbours of (L, P): (L, P±1), (L±1, P), and (L±1, P+1) when line L is shifted, else (L±1, P−1).
This is "odd-q"/"odd-r" (or "even-") in the usual naming, independent of screen orientation,
which :mod:`vmodgen.hexes.layout` adds.
"""
from __future__ import annotations

from typing import Literal, NamedTuple

Lines = Literal["columns", "rows"]
Shift = Literal["odd", "even"]


class Hex(NamedTuple):
    """A hex in offset coordinates (the printed line and position numbers)."""
    line: int
    pos: int


def is_shifted(line: int, shift: Shift) -> bool:
    """Whether ``line`` is one of the lines shifted half a hex toward higher positions."""
    odd = line & 1 == 1
    return odd if shift == "odd" else not odd


#: The six directions, in a fixed order; index i and (i + 3) % 6 are opposite.
#: Each entry: (dline, dpos if the line is shifted, dpos if not).
_DIRS = (
    (0, -1, -1),   # 0: toward lower pos, same line
    (1, 0, -1),    # 1: next line, the lower of the two touching hexes
    (1, 1, 0),     # 2: next line, the higher of the two
    (0, 1, 1),     # 3: toward higher pos, same line
    (-1, 1, 0),    # 4: previous line, the higher
    (-1, 0, -1),   # 5: previous line, the lower
)


def neighbour(h: Hex, direction: int, shift: Shift) -> Hex:
    dl, d_shifted, d_plain = _DIRS[direction]
    return Hex(h.line + dl, h.pos + (d_shifted if is_shifted(h.line, shift) else d_plain))


def neighbours(h: Hex, shift: Shift) -> list[Hex]:
    """The six hexes around ``h`` in direction order 0..5 (they may lie off the map)."""
    return [neighbour(h, d, shift) for d in range(6)]


def direction_between(a: Hex, b: Hex, shift: Shift) -> int | None:
    """The direction from ``a`` to its neighbour ``b``, or None when they are not adjacent."""
    for d in range(6):
        if neighbour(a, d, shift) == b:
            return d
    return None


def to_cube(h: Hex, shift: Shift) -> tuple[int, int, int]:
    """Cube coordinates (x, y, z) with x + y + z == 0."""
    z = h.line
    if shift == "odd":
        x = h.pos - (h.line - (h.line & 1)) // 2
    else:
        x = h.pos - (h.line + (h.line & 1)) // 2
    return x, -x - z, z


def from_cube(x: int, y: int, z: int, shift: Shift) -> Hex:
    line = z
    if shift == "odd":
        pos = x + (line - (line & 1)) // 2
    else:
        pos = x + (line + (line & 1)) // 2
    return Hex(line, pos)


def distance(a: Hex, b: Hex, shift: Shift) -> int:
    """Hexes counted from ``a`` (excluded) to ``b`` (included) by the shortest path."""
    ax, ay, az = to_cube(a, shift)
    bx, by, bz = to_cube(b, shift)
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))


def ring(center: Hex, radius: int, shift: Shift) -> list[Hex]:
    """All hexes at exactly ``radius`` from ``center`` (radius 0: the centre itself)."""
    if radius == 0:
        return [center]
    cx, cy, cz = to_cube(center, shift)
    out = []
    cube_dirs = [(1, -1, 0), (1, 0, -1), (0, 1, -1), (-1, 1, 0), (-1, 0, 1), (0, -1, 1)]
    x, y, z = cx + cube_dirs[4][0] * radius, cy + cube_dirs[4][1] * radius, cz + cube_dirs[4][2] * radius
    for i in range(6):
        for _ in range(radius):
            out.append(from_cube(x, y, z, shift))
            x, y, z = x + cube_dirs[i][0], y + cube_dirs[i][1], z + cube_dirs[i][2]
    return out
