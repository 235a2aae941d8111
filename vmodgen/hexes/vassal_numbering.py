"""VASSAL 3.7's ``RegularGridNumbering`` with its hex and square variants, and VASSAL 3.8's
``ObliqueHexGridNumbering``: how a grid's column and row indices become a label (``getName``,
``locationName``) and back (``getLocation``'s label regex). The grids in :mod:`.vassal_grid` and
:mod:`.vassal_zones` compute the indices.
"""
from __future__ import annotations

import re
from typing import Mapping, Protocol

from ..vassal.codec import decode       # VASSAL's SequenceEncoder (a leaf: imports no vmodgen module)
from .vassal_java import _INT_MAX, _INT_MIN, Point, jdiv, parse_bool, parse_int, substitute

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ALPHA_MATCH = "-?(?:" + "|".join(c + "+" for c in ALPHABET) + ")"


class Grid(Protocol):
    def snap_to(self, x: int, y: int, force: bool = False, center_only: bool = False) -> Point: ...
    def location_name(self, x: int, y: int) -> str | None: ...
    def get_location(self, label: str) -> Point | None: ...


class RegularNumbering:
    """``RegularGridNumbering``: naming of columns/rows and the label <-> index mapping."""
    kind = "regular"

    def __init__(self, first: str = "H", sep: str = "", h_type: str = "N", v_type: str = "N",
                 h_leading: int = 1, v_leading: int = 1, h_off: int = 1, v_off: int = 1,
                 h_descend: bool = False, v_descend: bool = False,
                 location_format: str = "$gridLocation$") -> None:
        self.first, self.sep = first, sep
        self.h_type, self.v_type = h_type, v_type
        self.h_leading, self.v_leading = h_leading, v_leading
        self.h_off, self.v_off = h_off, v_off
        self.h_descend, self.v_descend = h_descend, v_descend
        self.location_format = location_format

    _ATTRS = {"first": ("first", "char"), "sep": ("sep", "str"), "hType": ("h_type", "char"),
              "vType": ("v_type", "char"), "hLeading": ("h_leading", "int"),
              "vLeading": ("v_leading", "int"), "hOff": ("h_off", "int"), "vOff": ("v_off", "int"),
              "hDescend": ("h_descend", "bool"), "vDescend": ("v_descend", "bool"),
              "locationFormat": ("location_format", "str")}

    @classmethod
    def from_attributes(cls, attrs: Mapping[str, str]):
        """Apply buildFile attributes as ``setAttribute`` does; bad numbers raise ValueError."""
        obj = cls()
        table = dict(RegularNumbering._ATTRS, **getattr(cls, "_EXTRA", {}))
        for key in sorted(attrs):
            if key not in table:
                continue
            name, kind = table[key]
            text = attrs[key]
            val: str | int | bool = text
            if kind == "char":
                if not text:
                    raise ValueError(f"{key} is empty")
                val = text[0]
            elif kind == "int":
                val = parse_int(text)
            elif kind == "bool":
                val = parse_bool(text)
            setattr(obj, name, val)
        return obj

    @staticmethod
    def name(value: int, kind: str, leading: int) -> str:
        """``getName(int, char, int)``: ``-`` sign, doubling letters or zero padding."""
        s = "-" if value < 0 else ""
        value = abs(value)
        if kind == "A":
            letters = []
            while True:
                letters.append(ALPHABET[value % 26])
                value -= 26
                if value < 0:
                    break
            return s + "".join(letters)
        while leading > 0 and value < 10 ** leading:
            s += "0"
            leading -= 1
        return s + str(value)

    def grid_location(self, row: int, col: int) -> str:
        row_name = self.name(row + self.v_off, self.v_type, self.v_leading)
        col_name = self.name(col + self.h_off, self.h_type, self.h_leading)
        return col_name + self.sep + row_name if self.first == "H" else row_name + self.sep + col_name

    def format_location(self, row: int, col: int) -> str:
        """``locationName`` once row and column are known."""
        fmt = self.location_format
        if fmt == "$gridLocation$":
            return self.grid_location(row, col)
        return substitute(fmt, {
            "gridLocation": self.grid_location(row, col),
            "row": self.name(row + self.v_off, self.v_type, self.v_leading),
            "column": self.name(col + self.h_off, self.h_type, self.h_leading)})

    @staticmethod
    def _pattern(kind: str, leading: int) -> str:
        return _ALPHA_MATCH if kind == "A" else "-?[0-9]{%d,}" % (leading + 1)

    @staticmethod
    def parse_name(name: str, kind: str) -> int:
        if kind == "A":
            value, index, neg = 0, 0, name.startswith("-")
            if neg:
                index = 1
            while index < len(name) and name[index].isupper():
                value += 26 if index < len(name) - 1 else max(ALPHABET.find(name[index]), -1)
                index += 1
            return -value if neg else value
        v = int(name)
        if not _INT_MIN <= v <= _INT_MAX:
            raise ValueError(name)
        return v

    def _label_regex(self) -> tuple[re.Pattern | None, int, int]:
        """The regex ``getLocation`` builds from ``locationFormat`` (cached per settings)."""
        key = (self.location_format, self.first, self.sep, self.h_type, self.v_type,
               self.h_leading, self.v_leading)
        cached = getattr(self, "_regex_cache", None)
        if cached is not None and cached[0] == key:
            return cached[1]
        tokens = decode(self.location_format, "$")
        regex, col_group, row_group, groups = [], 0, 0, 0
        is_prop = True
        for i, token in enumerate(tokens):
            is_prop = not is_prop
            if not token:
                continue
            if not is_prop or i == len(tokens) - 1:
                regex.append(re.escape(token))
            elif token == "gridLocation":
                h = "(" + self._pattern(self.h_type, self.h_leading) + ")"
                v = "(" + self._pattern(self.v_type, self.v_leading) + ")"
                if self.first == "H":
                    regex += [h, re.escape(self.sep), v]
                    col_group, row_group = groups + 1, groups + 2
                else:
                    regex += [v, re.escape(self.sep), h]
                    row_group, col_group = groups + 1, groups + 2
                groups += 2
            elif token == "row":
                regex.append("(" + self._pattern(self.v_type, self.v_leading) + ")")
                groups += 1
                row_group = groups
            elif token == "column":
                regex.append("(" + self._pattern(self.h_type, self.h_leading) + ")")
                groups += 1
                col_group = groups
        value = ((re.compile("".join(regex)) if regex and col_group and row_group else None),
                 col_group, row_group)
        self._regex_cache = (key, value)
        return value

    def parse_label(self, label: str) -> tuple[int, int] | None:
        """The (column, row) index a label names (offsets removed), or None (``BadCoords``)."""
        pattern, col_group, row_group = self._label_regex()
        if pattern is None:
            return None
        m = pattern.fullmatch(label)
        if not m:
            return None
        try:
            row = self.parse_name(m.group(row_group), self.v_type)
            col = self.parse_name(m.group(col_group), self.h_type)
        except ValueError:
            return None
        return col - self.h_off, row - self.v_off

    def attributes(self) -> dict[str, str]:
        """The buildFile attributes of this numbering (names as VASSAL writes them)."""
        out = {}
        for key, (name, kind) in dict(RegularNumbering._ATTRS, **getattr(self, "_EXTRA", {})).items():
            v = getattr(self, name)
            out[key] = ("true" if v else "false") if kind == "bool" else str(v)
        return out


class HexNumbering(RegularNumbering):
    """``HexGridNumbering``: adds ``stagger`` and the hex rules of §2.6."""
    kind = "hex"
    _EXTRA = {"stagger": ("stagger", "bool")}

    def __init__(self, *args, stagger: bool = True, **kw) -> None:
        super().__init__(*args, **kw)
        self.stagger = stagger


class ObliqueHexNumbering(HexNumbering):
    """VASSAL 3.8's ``ObliqueHexGridNumbering`` (FORMATS.md §8.1): the attributes of
    :class:`HexNumbering`, where ``stagger`` ("Slanted right") picks the slant direction. Only
    the row changes: the plain row is slanted by half the plain column."""
    kind = "oblique"

    def slant_row(self, row: int, column: int) -> int:
        """``slantRow``: the oblique row of a plain (row, column)."""
        half = jdiv(column, 2)
        return half + row if self.stagger else row - half + 1

    def unslant_row(self, row: int, column: int) -> int:
        """The plain row whose :meth:`slant_row` is ``row`` (the forward rule inverted)."""
        half = jdiv(column, 2)
        return row - half if self.stagger else row + half - 1


class SquareNumbering(RegularNumbering):
    """``SquareGridNumbering``."""
    kind = "square"


class NumberedGrid:
    """What ``HexGrid`` and ``SquareGrid`` share through their ``RegularGridNumbering``: a board
    point's label from its row and column, and a label's centre point (subclasses give
    ``numbering``, ``row``, ``column`` and ``center_point``)."""
    numbering: "RegularNumbering | None"

    def location_name(self, x: int, y: int) -> str | None:
        if self.numbering is None:
            return None
        return self.numbering.format_location(self.row(x, y), self.column(x, y))  # type: ignore[attr-defined]

    def get_location(self, label: str) -> Point | None:
        if self.numbering is None:
            return None
        cr = self.numbering.parse_label(label)
        return None if cr is None else self.center_point(*cr)  # type: ignore[attr-defined]
