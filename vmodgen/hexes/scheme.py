"""Printed hex IDs: how a map sheet names its hexes (``W4415``, ``1604``, ``A12``...).

A scheme states the sheet prefix, whether the line number or the position number is printed
first, how many digits each has, their ranges, and where the lines lie on the paper. Parsing
and formatting are exact inverses over the sheet's hexes.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .grid import Hex, Lines, Shift

#: Screen direction in which a number grows. Lines of columns grow east or west; lines of
#: rows grow north or south; positions run across the other axis.
Direction = str
_LINE_DIRS = {"columns": ("east", "west"), "rows": ("north", "south")}
_POS_DIRS = {"columns": ("south", "north"), "rows": ("east", "west")}


@dataclass(frozen=True)
class HexScheme:
    """How one sheet prints its hex IDs, and how its lines lie."""
    prefix: str = ""
    lines: Lines = "columns"
    line_first: bool = True          # the line number is printed before the position number
    line_digits: int = 2
    pos_digits: int = 2
    separator: str = ""
    line_range: tuple[int, int] = (1, 1)
    pos_range: tuple[int, int] = (1, 1)
    line_grows: Direction = "east"
    pos_grows: Direction = "south"
    shift: Shift = "odd"             # which lines are shifted half a hex toward higher positions

    def problems(self) -> list[str]:
        """What is inconsistent in this scheme (empty when it is usable)."""
        out = []
        if self.lines not in _LINE_DIRS:
            out.append(f"lines must be 'columns' or 'rows', not '{self.lines}'")
            return out
        if self.line_grows not in _LINE_DIRS[self.lines]:
            out.append(f"line numbers of {self.lines} grow {' or '.join(_LINE_DIRS[self.lines])}, not '{self.line_grows}'")
        if self.pos_grows not in _POS_DIRS[self.lines]:
            out.append(f"position numbers along {self.lines} grow {' or '.join(_POS_DIRS[self.lines])}, not '{self.pos_grows}'")
        if self.shift not in ("odd", "even"):
            out.append(f"shift must be 'odd' or 'even', not '{self.shift}'")
        for name, (lo, hi) in (("line_range", self.line_range), ("pos_range", self.pos_range)):
            if lo > hi:
                out.append(f"{name} runs from {lo} down to {hi}")
            if lo < 0:
                out.append(f"{name} starts below 0")
        if self.line_digits < 1 or self.pos_digits < 1:
            out.append("digits must be at least 1")
        if len(str(self.line_range[1])) > self.line_digits or len(str(self.pos_range[1])) > self.pos_digits:
            if not self.separator:
                out.append("numbers wider than their digits need a separator")
        return out

    @property
    def _pattern(self) -> re.Pattern:
        num_l = rf"(\d{{{self.line_digits},}})" if self.separator else rf"(\d{{{self.line_digits}}})"
        num_p = rf"(\d{{{self.pos_digits},}})" if self.separator else rf"(\d{{{self.pos_digits}}})"
        first, second = (num_l, num_p) if self.line_first else (num_p, num_l)
        return re.compile(re.escape(self.prefix) + first + re.escape(self.separator) + second + r"\Z")

    def format(self, h: Hex) -> str:
        """The printed ID of ``h``."""
        a = f"{h.line:0{self.line_digits}d}"
        b = f"{h.pos:0{self.pos_digits}d}"
        first, second = (a, b) if self.line_first else (b, a)
        return f"{self.prefix}{first}{self.separator}{second}"

    def parse(self, text: str) -> Hex | None:
        """The hex a printed ID names, or None when it is not of this scheme or off the sheet."""
        m = self._pattern.match(text)
        if not m:
            return None
        x, y = int(m.group(1)), int(m.group(2))
        h = Hex(x, y) if self.line_first else Hex(y, x)
        return h if self.contains(h) else None

    def contains(self, h: Hex) -> bool:
        return (self.line_range[0] <= h.line <= self.line_range[1]
                and self.pos_range[0] <= h.pos <= self.pos_range[1])

    def hexes(self) -> list[Hex]:
        """Every hex of the sheet, line by line."""
        return [Hex(line, pos)
                for line in range(self.line_range[0], self.line_range[1] + 1)
                for pos in range(self.pos_range[0], self.pos_range[1] + 1)]

    @property
    def n_lines(self) -> int:
        return self.line_range[1] - self.line_range[0] + 1

    @property
    def n_pos(self) -> int:
        return self.pos_range[1] - self.pos_range[0] + 1
