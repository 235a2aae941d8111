"""Where a sheet's hexes lie in board pixels, and the VASSAL grid that labels them as printed.

:class:`SheetLayout` places the hexes of a :class:`~vmodgen.hexes.scheme.HexScheme` on a
board image and chooses VASSAL ``HexGrid``/``HexGridNumbering`` attributes such that VASSAL's
label of every hex centre (FORMATS.md §2, through :mod:`vmodgen.hexes.vassal_grid`) is the
printed ID ``scheme.format(hex)``.

How the scheme maps onto VASSAL: a *line* is a VASSAL grid column (raw column ``c``), a
*position* a VASSAL grid row (raw row ``r``). Lines of columns are vertical (flat-top hexes,
VASSAL not sideways); lines of rows are horizontal (pointy-top hexes, VASSAL sideways, where
VASSAL's column axis runs down the screen). VASSAL shifts odd raw columns half a hex toward
higher raw rows, so each line gets the raw column whose parity gives it the scheme's shift;
numbers growing against the raw axis use VASSAL's descending numbering (in a sideways grid
``vDescend`` reverses columns and ``hDescend`` rows, with ``maxRows``/``maxCols`` taken from the
board size divided by the *other* hex dimension) and the offsets absorb everything else, so
``stagger`` is always off. ``x0``/``y0`` are integers, as VASSAL requires.
"""
from __future__ import annotations

import math
from functools import cached_property

from .grid import Hex, is_shifted
from .scheme import HexScheme
from ..vassal.codec import java_double   # Java's text of a double (a leaf: imports no vmodgen module)
from .vassal_grid import SQRT3_2, HexGrid

Point = tuple[int, int]


class SheetLayout:
    """Board pixels of a sheet's hexes and the VASSAL grid that names them as printed.

    ``hex_height_px`` is the distance between the centres of two neighbouring hexes of one
    line (the flat-to-flat size, VASSAL's ``dy``); ``margin_px`` the blank border kept around
    the outermost hexes. Hexes are regular (``dx = dy * sqrt(3) / 2``).
    """

    def __init__(self, scheme: HexScheme, hex_height_px: float, margin_px: int = 0) -> None:
        problems = scheme.problems()
        if problems:
            raise ValueError("; ".join(problems))
        for what, text in (("prefix", scheme.prefix), ("separator", scheme.separator)):
            if "$" in text or "\\" in text:
                raise ValueError(f"the scheme's {what} cannot hold '$' or '\\' in a VASSAL label")
        if not (hex_height_px >= 8 and math.isfinite(hex_height_px)):
            raise ValueError(f"hex height must be at least 8 pixels, not {hex_height_px}")
        if margin_px < 0:
            raise ValueError("margin must not be negative")
        self.scheme = scheme
        self.sideways = scheme.lines == "rows"
        self.dy = float(hex_height_px)
        self.dx = SQRT3_2 * self.dy
        self.margin = int(margin_px)
        s = scheme
        # does the line number grow along +c, the position number along +r?
        self._line_up = s.line_grows == ("south" if self.sideways else "east")
        self._pos_up = s.pos_grows == ("east" if self.sideways else "south")
        line_lo, line_hi = s.line_range
        shift_parity = 1 if s.shift == "odd" else 0
        want = (1 - shift_parity) if self._pos_up else shift_parity     # parity of a
        a = -line_lo if self._line_up else line_hi
        if (a - want) % 2:
            a += 1
        self._a = a
        cols = [self._raw_col(line) for line in (line_lo, line_hi)]
        self._c_lo, self._c_hi = min(cols), max(cols)
        pos_lo, pos_hi = s.pos_range
        r_hi = pos_hi - pos_lo
        radius = 2.0 * self.dx / 3.0
        self.x0 = math.ceil(self.margin + radius - self.dx * self._c_lo)
        self.y0 = math.ceil(self.margin + self.dy / 2)
        probe = HexGrid(dx=self.dx, dy=self.dy, x0=self.x0, y0=self.y0)
        u_max = max(probe._center(c, 0)[0] for c in (self._c_hi, self._c_hi - 1) if c >= self._c_lo)
        v_max = max(probe._center(c, r_hi)[1] for c in (self._c_lo, self._c_lo + 1) if c <= self._c_hi)
        u_size = math.ceil(u_max + radius + self.margin) + 1
        v_size = math.ceil(v_max + self.dy / 2 + self.margin) + 1
        self._finish((v_size, u_size) if self.sideways else (u_size, v_size))

    def _finish(self, board_size: tuple[int, int]) -> None:
        """Numbering offsets for this board size (VASSAL's descending numbering counts from it)."""
        self.board_size: tuple[int, int] = board_size
        probe = HexGrid(dx=self.dx, dy=self.dy, x0=self.x0, y0=self.y0)
        probe.size = board_size
        max_line = probe.max_rows() if self.sideways else probe.max_columns()
        max_pos = probe.max_columns() if self.sideways else probe.max_rows()
        pos_lo, pos_hi = self.scheme.pos_range
        self.h_off = -self._a if self._line_up else self._a - max_line
        self.v_off = pos_lo if self._pos_up else pos_hi - max_pos
        self.grid = HexGrid.from_attributes(self.vassal_grid_attributes(),
                                            self.vassal_numbering_attributes(), self.board_size)

    @classmethod
    def calibrated(cls, scheme: HexScheme, hex_height_px: float, origin: Point,
                   board_size: tuple[int, int]) -> "SheetLayout":
        """The layout of a scanned map: ``origin`` is the board pixel centre of the sheet's first
        hex (lowest line and position numbers), ``board_size`` the scan's size in pixels."""
        layout = cls(scheme, hex_height_px, 0)
        first = Hex(scheme.line_range[0], scheme.pos_range[0])
        cx, cy = layout.center(first)
        dx, dy = origin[0] - cx, origin[1] - cy
        du, dv = (dy, dx) if layout.sideways else (dx, dy)     # x0/y0 act along the grid's own axes
        layout.x0 += du
        layout.y0 += dv
        layout.__dict__.pop("centers", None)
        layout._finish(board_size)
        return layout

    # -- raw indices --

    def _raw_col(self, line: int) -> int:
        return line + self._a if self._line_up else self._a - line

    def _raw_row(self, pos: int) -> int:
        lo, hi = self.scheme.pos_range
        return pos - lo if self._pos_up else hi - pos

    def raw_index(self, h: Hex) -> tuple[int, int]:
        """VASSAL's raw (column, row) of a hex."""
        return self._raw_col(h.line), self._raw_row(h.pos)

    # -- public geometry --

    def center(self, h: Hex) -> Point:
        """Board pixel of the hex centre: VASSAL's snap centre (§2.1, truncating)."""
        return self.grid.hex_center(*self.raw_index(h))

    def hex_at(self, x: int, y: int) -> Hex | None:
        """The sheet hex VASSAL would snap the board point into, or None off the sheet."""
        cx, cy = self.grid.snap_to_hex(x, y)
        c, r = self.grid.raw_column(cx, cy), self.grid.raw_row(cx, cy)
        line = c - self._a if self._line_up else self._a - c
        lo, hi = self.scheme.pos_range
        pos = r + lo if self._pos_up else hi - r
        h = Hex(line, pos)
        return h if self.scheme.contains(h) else None

    def label_at(self, x: int, y: int) -> str | None:
        """VASSAL's own label of a board point (through the ported ``HexGridNumbering``)."""
        return self.grid.location_name(x, y)

    def corners(self, h: Hex) -> list[tuple[float, float]]:
        """The six corners of the hex around its centre, clockwise from the first, for drawing."""
        cx, cy = self.center(h)
        r = 2.0 * self.dx / 3.0
        half = self.dy / 2.0
        pts = [(-r, 0.0), (-r / 2, -half), (r / 2, -half), (r, 0.0), (r / 2, half), (-r / 2, half)]
        if self.sideways:
            return [(cx + v, cy + u) for u, v in pts]
        return [(cx + u, cy + v) for u, v in pts]

    def is_shifted(self, h: Hex) -> bool:
        return is_shifted(h.line, self.scheme.shift)

    @cached_property
    def centers(self) -> dict[Hex, Point]:
        """Every hex of the sheet and its centre."""
        return {h: self.center(h) for h in self.scheme.hexes()}

    # -- VASSAL attributes --

    def vassal_grid_attributes(self) -> dict[str, str]:
        """``HexGrid`` attributes as buildFile strings (``dx`` never equals VASSAL's default
        unless ``dy`` is 64, so the default-width quirk cannot change it)."""
        return {"color": "0,0,0", "cornersLegal": "false", "dotsVisible": "false",
                "dx": java_double(self.dx), "dy": java_double(self.dy), "edgesLegal": "false",
                "sideways": "true" if self.sideways else "false", "snapTo": "true",
                "visible": "false", "x0": str(self.x0), "y0": str(self.y0)}

    def vassal_numbering_attributes(self) -> dict[str, str]:
        """``HexGridNumbering`` attributes; the sheet prefix is literal text of the format."""
        s = self.scheme
        line_desc, pos_desc = not self._line_up, not self._pos_up
        h_desc, v_desc = (pos_desc, line_desc) if self.sideways else (line_desc, pos_desc)
        b = lambda v: "true" if v else "false"   # noqa: E731
        return {"color": "0,0,0", "first": "H" if s.line_first else "V", "fontSize": "9",
                "hDescend": b(h_desc), "hDrawOff": "0", "hLeading": str(s.line_digits - 1),
                "hOff": str(self.h_off), "hType": "N", "locationFormat": s.prefix + "$gridLocation$",
                "rotateText": "0", "sep": s.separator, "stagger": "false",
                "vDescend": b(v_desc), "vDrawOff": "0", "vLeading": str(s.pos_digits - 1),
                "vOff": str(self.v_off), "vType": "N", "visible": "false"}
