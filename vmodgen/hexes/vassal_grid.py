"""VASSAL 3.7's map grids, ported exactly: pixel -> snap point -> location label, and back.

Covers ``HexGrid`` + ``HexGridNumbering``, ``SquareGrid`` + ``SquareGridNumbering``,
``RegionGrid`` and ``ZonedGrid``/``Zone`` (FORMATS.md §2). All coordinates are *board*
pixels (map point minus board origin, §2.2) as Python ints. Java's numeric behaviour is
reproduced on purpose: ``(int)`` truncation toward zero, ``Math.round`` = floor(v + 1/2),
the 32-bit float hexagon of the 3.7 snap and ``Area.contains`` half-open containment.

Every grid offers ``snap_to(x, y, force=False, center_only=False)``, ``location_name(x, y)``
(``None`` where VASSAL gives none) and ``get_location(label)`` (``None`` for VASSAL's
``BadCoords``). Build them from buildFile attributes with ``from_attributes``.
"""
from __future__ import annotations

import math
from typing import Mapping

from .vassal_java import (Point, _cross, _positive, f32, jfloor, jint, jround, parse_bool,
                          parse_double, parse_int, polygon_area_contains)
from .vassal_numbering import (Grid, HexNumbering, NumberedGrid, ObliqueHexNumbering,
                               RegularNumbering, SquareNumbering)

Size = tuple[int, int]

SQRT3_2 = math.sqrt(3) / 2.0
DEFAULT_HEX_HEIGHT = 64.0
DEFAULT_HEX_WIDTH = SQRT3_2 * DEFAULT_HEX_HEIGHT     # 55.42562584220407


class HexGrid(NumberedGrid):
    """``HexGrid`` of VASSAL 3.7 with an optional :class:`HexNumbering` (board pixels)."""
    numbering: HexNumbering | None

    def __init__(self, dx: float = DEFAULT_HEX_WIDTH, dy: float = DEFAULT_HEX_HEIGHT,
                 x0: int = 0, y0: int = 32, sideways: bool = False, snap: bool = True,
                 edges_legal: bool = False, corners_legal: bool = False,
                 numbering: HexNumbering | None = None, size: Size = (0, 0)) -> None:
        self._xs: dict[int, tuple] = {}
        self._ys: dict[int, tuple] = {}
        self.dx, self.dy = dx, dy
        self.x0, self.y0 = int(x0), int(y0)
        self.sideways, self.snap = sideways, snap
        self.edges_legal, self.corners_legal = edges_legal, corners_legal
        self.numbering = numbering
        self.size = size                    # the container's (board's) size: width, height

    @property
    def dx(self) -> float:
        return self._dx

    @dx.setter
    def dx(self, v: float) -> None:
        self._dx = _positive(v, "dx")
        self._xs.clear()

    @property
    def dy(self) -> float:
        return self._dy

    @dy.setter
    def dy(self, v: float) -> None:
        self._dy = _positive(v, "dy")
        self._half_dy = int(self._dy / 2)
        self._ys.clear()

    @classmethod
    def from_attributes(cls, attrs: Mapping[str, str], numbering: Mapping[str, str] | None = None,
                        size: Size = (0, 0), oblique: bool = False) -> "HexGrid":
        """Apply attributes in the JDK's (alphabetical) order, with the ``dx`` default quirk;
        ``oblique``: the numbering is VASSAL 3.8's ``ObliqueHexGridNumbering``."""
        g = cls(size=size)
        for key in sorted(attrs):
            val = attrs[key]
            if key == "x0":
                g.x0 = parse_int(val)
            elif key == "y0":
                g.y0 = parse_int(val)
            elif key == "dy":
                g.dy = parse_double(val)
                if g.dx == DEFAULT_HEX_WIDTH:
                    g.dx = SQRT3_2 * g.dy
            elif key == "dx":
                g.dx = parse_double(val)
            elif key == "snapTo":
                g.snap = parse_bool(val)
            elif key == "cornersLegal":
                g.corners_legal = parse_bool(val)
            elif key == "edgesLegal":
                g.edges_legal = parse_bool(val)
            elif key == "sideways":
                g.sideways = parse_bool(val)
            elif key == "snapscale":
                parse_int(val)
        if numbering is not None:
            g.numbering = (ObliqueHexNumbering if oblique else HexNumbering).from_attributes(numbering)
        return g

    # -- geometry (unrotated: x along columns' axis) --

    def _center(self, nx: int, ny: int) -> Point:
        """``hexPointCenterFromRawIndex`` (values of realistic boards never reach int limits)."""
        x = int(self._dx * nx + self.x0)
        if nx % 2 == 0:
            return x, int(self._dy * ny + self.y0)
        return x, int(self._dy * ny + self._half_dy + self.y0)

    def _hex_xs(self, cx: int) -> tuple[int, int, int, int]:
        xs = self._xs.get(cx)
        if xs is None:
            x = f32(cx)
            r = f32(2.0 * f32(self._dx) / 3.0)
            half = f32(0.5 * r)
            xs = (math.floor(f32(x - r) + 0.5), math.floor(f32(x - half) + 0.5),
                  math.floor(f32(x + half) + 0.5) + 1, math.floor(f32(x + r) + 0.5) + 1)
            if len(self._xs) > 65536:
                self._xs.clear()
            self._xs[cx] = xs
        return xs

    def _hex_ys(self, cy: int) -> tuple[int, int, int]:
        ys = self._ys.get(cy)
        if ys is None:
            y = f32(cy)
            half = f32(0.5 * f32(self._dy))
            ys = (math.floor(y + 0.5), math.floor(f32(y - half) + 0.5),
                  math.floor(f32(y + half) + 0.5) + 1)
            if len(self._ys) > 65536:
                self._ys.clear()
            self._ys[cy] = ys
        return ys

    def hexagon(self, cx: int, cy: int) -> list[Point]:
        """The six corners of ``getSingleHexShape`` around an (unrotated) centre."""
        a0, a1, a2, a3 = self._hex_xs(cx)
        b0, b1, b2 = self._hex_ys(cy)
        return [(a0, b0), (a1, b1), (a2, b1), (a3, b0), (a2, b2), (a1, b2)]

    def _hex_contains(self, cx: int, cy: int, x: int, y: int) -> bool:
        """``Area.contains`` on the hexagon: half-open box, odd crossings to the right."""
        a0, a1, a2, a3 = self._hex_xs(cx)
        b0, b1, b2 = self._hex_ys(cy)
        if a0 < a1 <= a2 < a3 and b1 < b0 < b2:       # a proper hexagon: two edges per y band
            if not (a0 <= x < a3 and b1 <= y < b2):
                return False
            if y < b0:      # upper band: edges (a1,b1)-(a0,b0) and (a2,b1)-(a3,b0)
                n = _cross(a1, b1, a0, b0, x, y) + _cross(a2, b1, a3, b0, x, y)
            else:           # lower band: edges (a0,b0)-(a1,b2) and (a3,b0)-(a2,b2)
                n = _cross(a0, b0, a1, b2, x, y) + _cross(a3, b0, a2, b2, x, y)
            return n == 1
        pts = ((a0, b0), (a1, b1), (a2, b1), (a3, b0), (a2, b2), (a1, b2))
        if not (min(a0, a1, a2, a3) <= x < max(a0, a1, a2, a3) and min(b0, b1, b2) <= y < max(b0, b1, b2)):
            return False
        return polygon_area_contains(pts, x, y)

    def _hex_point(self, x: int, y: int) -> Point:
        """``hexPoint``: the rectangular first guess, then the 3.7 polygon test."""
        dx, dy = self._dx, self._dy
        nx = math.floor(((x - self.x0) + dx / 2) / dx)
        if nx % 2 == 0:
            ny = math.floor(((y - self.y0) + dy / 2) / dy)
            offsets = _OFFSETS_EVEN
        else:
            ny = math.floor((y - self.y0) / dy)
            offsets = _OFFSETS_ODD
        cx, cy = self._center(nx, ny)
        if self._hex_contains(cx, cy, x, y):
            return cx, cy
        for ox, oy in offsets:
            c = self._center(nx + ox, ny + oy)
            if self._hex_contains(c[0], c[1], x, y):
                return c
        return cx, cy

    def _side(self, x: int, y: int) -> Point:
        dx, dy, x0, y0 = self._dx, self._dy, self.x0, self.y0
        nx = jfloor(((x - x0) + dx / 4) * 2 / dx)
        sx = jint(dx / 2 * nx + x0)
        if nx % 2 == 0:
            sy = jint(dy / 2 * jfloor(((y - y0) + dy / 4) * 2 / dy) + y0)
        else:
            sy = jint((dy / 2) * jfloor((y - y0) * 2 / dy) + jint(dy / 4) + y0)
        return sx, sy

    def _vertex(self, x: int, y: int) -> Point:
        dx, dy, x0, y0 = self._dx, self._dy, self.x0, self.y0
        ny = jfloor(((y - y0) + dy / 4) * 2 / dy)
        if ny % 2 == 0:
            vx = jint(2 * dx / 3 * jint(math.floor((x - x0) + dx / 3) * 3 / (2 * dx)) + x0)
        else:
            vx = jint(2 * dx / 3 * jint(math.floor(((x - x0) + dx / 3) + dx / 3) * 3 / (2 * dx))
                      - jint(dx / 3) + x0)
        return vx, jint(dy / 2 * ny + y0)

    def _rot(self, x: int, y: int) -> Point:
        return (y, x) if self.sideways else (x, y)

    # -- public API (board coordinates, rotation handled) --

    def snap_to_hex(self, x: int, y: int) -> Point:
        """The centre of the hex containing the point (3.7 rule)."""
        return self._rot(*self._hex_point(*self._rot(x, y)))

    def snap_to(self, x: int, y: int, force: bool = False, center_only: bool = False) -> Point:
        """``HexGrid.snapTo(p, force, centerOnly)``."""
        if not self.snap and not force:
            return x, y
        center = self.snap_to_hex(x, y)
        if center_only or not (self.edges_legal or self.corners_legal):
            return center
        if self.edges_legal and self.corners_legal:
            e = self._rot(*self._side(*self._rot(x, y)))
            v = self._rot(*self._vertex(*self._rot(x, y)))
            if (x - e[0]) ** 2 + (y - e[1]) ** 2 < (x - v[0]) ** 2 + (y - v[1]) ** 2:
                target = e
            else:
                target = v
        elif self.edges_legal:
            target = self._rot(*self._side(*self._rot(x, y)))
        else:
            target = self._rot(*self._vertex(*self._rot(x, y)))
        if (center[0] - target[0]) ** 2 + (center[1] - target[1]) ** 2 <= 2:
            return center
        return target

    def raw_column(self, x: int, y: int) -> int:
        """``getRawColumn``: rectangular rounding of the unsnapped point (§2.5)."""
        if self.sideways:
            x = y
        return math.floor((x - self.x0) / self._dx + 0.5)

    def raw_row(self, x: int, y: int) -> int:
        """``getRawRow`` (Java ``Math.round``, exact ties toward +infinity)."""
        if self.sideways:
            x, y = y, x
        v = (x - self.x0) / self._dx
        f = math.floor(v)
        nx = f + 1 if v - f >= 0.5 else f
        if nx % 2 == 0:
            v = (y - self.y0) / self._dy
        else:
            v = ((y - self.y0) - self._dy / 2) / self._dy
        f = math.floor(v)
        return f + 1 if v - f >= 0.5 else f

    def max_rows(self) -> int:
        return jfloor(self.size[1] / self._dx + 0.5)

    def max_columns(self) -> int:
        return jfloor(self.size[0] / self._dy + 0.5)

    def _numbered(self) -> HexNumbering:
        """The grid's numbering: VASSAL asks a label's parts only of a numbered grid."""
        if self.numbering is None:
            raise ValueError("the grid has no numbering")
        return self.numbering

    def column(self, x: int, y: int) -> int:
        """``HexGridNumbering.getColumn`` (0-based, before the offset)."""
        n = self._numbered()
        c = self.raw_column(x, y)
        if n.v_descend and self.sideways:
            c = self.max_rows() - c
        if n.h_descend and not self.sideways:
            c = self.max_columns() - c
        return c

    def row(self, x: int, y: int) -> int:
        """``HexGridNumbering.getRow`` (0-based, before the offset); with an oblique numbering,
        ``ObliqueHexGridNumbering.getRow``: that row slanted by the column (§8.1)."""
        r = self._plain_row(x, y)
        n = self.numbering
        if isinstance(n, ObliqueHexNumbering):
            return n.slant_row(r, self.column(x, y))
        return r

    def _plain_row(self, x: int, y: int) -> int:
        n = self._numbered()
        r = self.raw_row(x, y)
        if n.v_descend and not self.sideways:
            r = self.max_rows() - r
        if n.h_descend and self.sideways:
            r = self.max_columns() - r
        if n.stagger and self.raw_column(x, y) % 2 != 0:
            r += -1 if (n.h_descend if self.sideways else n.v_descend) else 1
        return r

    def center_point(self, col: int, row: int) -> Point:
        """``HexGridNumbering.getCenterPoint``: 0-based label indices -> board pixel."""
        n = self._numbered()
        if n.stagger and col % 2 != 0:
            row += 1 if (n.h_descend if self.sideways else n.v_descend) else -1
        if self.sideways:
            if n.v_descend:
                col = self.max_rows() - col
            if n.h_descend:
                row = self.max_columns() - row
        else:
            if n.h_descend:
                col = self.max_columns() - col
            if n.v_descend:
                row = self.max_rows() - row
        px = jint(col * self._dx) + self.x0
        if col % 2 == 0:
            py = jint(row * self._dy)
        else:
            py = jint(row * self._dy + self._dy / 2)
        return self._rot(px, py + self.y0)


    def get_location(self, label: str) -> Point | None:
        """Label -> board pixel. The plain numbering: ``getLocation`` exactly as VASSAL computes
        it. An oblique numbering: the snap centre of the hex whose label (by the forward rule)
        is ``label``; VASSAL 3.8's own inverse ignores the slant and is not copied."""
        n = self.numbering
        if not isinstance(n, ObliqueHexNumbering):
            return super().get_location(label)
        cr = n.parse_label(label)
        if cr is None:
            return None
        col, row = cr
        row = n.unslant_row(row, col)
        if self.sideways:
            raw_col = self.max_rows() - col if n.v_descend else col
        else:
            raw_col = self.max_columns() - col if n.h_descend else col
        if n.stagger and raw_col % 2 != 0:
            row -= -1 if (n.h_descend if self.sideways else n.v_descend) else 1
        if self.sideways:
            raw_row = self.max_columns() - row if n.h_descend else row
        else:
            raw_row = self.max_rows() - row if n.v_descend else row
        return self.hex_center(raw_col, raw_row)

    def hex_center(self, raw_col: int, raw_row: int) -> Point:
        """The snap centre of a raw (column, row) in board pixels (§2.1 formula)."""
        return self._rot(*self._center(raw_col, raw_row))


_OFFSETS_EVEN = ((-1, -1), (-1, 0), (1, -1), (1, 0))
_OFFSETS_ODD = ((-1, 0), (-1, 1), (1, 0), (1, 1))


from .vassal_java import awt_polygon_contains, substitute  # noqa: E402,F401  (re-export)
from .vassal_zones import RegionGrid, SquareGrid, Zone, ZonedGrid  # noqa: E402  (re-export)

__all__ = ["HexGrid", "HexNumbering", "ObliqueHexNumbering", "SquareGrid", "SquareNumbering", "RegionGrid", "Zone",
           "ZonedGrid", "RegularNumbering", "Grid", "jint", "jround", "f32", "parse_int",
           "parse_double", "parse_bool", "substitute", "polygon_area_contains",
           "awt_polygon_contains", "DEFAULT_HEX_WIDTH", "DEFAULT_HEX_HEIGHT"]
