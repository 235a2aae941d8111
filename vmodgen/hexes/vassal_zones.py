"""VASSAL 3.7's square grids, region grids and zoned grids (companion of :mod:`.vassal_grid`).

``SquareGrid`` + ``SquareGridNumbering``, ``RegionGrid`` (named points, nearest wins) and
``ZonedGrid`` (polygon zones with their own grid and ``locationFormat``, falling back to
the background grid). Board pixel coordinates, Java numerics, as in :mod:`.vassal_grid`.
"""
from __future__ import annotations

import re
from typing import Callable, Mapping

from ..vassal.codec import decode       # VASSAL's SequenceEncoder (a leaf: imports no vmodgen module)
from .vassal_java import (Point, awt_polygon_contains, hashmap_order, jdiv, jfloor, jint, jround, point_hash,
                          parse_bool, parse_double, parse_int, substitute)
from .vassal_numbering import Grid, NumberedGrid, SquareNumbering

Size = tuple[int, int]


class SquareGrid(NumberedGrid):
    """``SquareGrid`` with an optional :class:`SquareNumbering`."""
    numbering: SquareNumbering | None

    def __init__(self, dx: float = 48.0, dy: float = 48.0, x0: int = 24, y0: int = 24,
                 snap: bool = True, edges_legal: bool = False, corners_legal: bool = False,
                 numbering: SquareNumbering | None = None, size: Size = (0, 0)) -> None:
        self.dx, self.dy, self.x0, self.y0 = float(dx), float(dy), int(x0), int(y0)
        self.snap, self.edges_legal, self.corners_legal = snap, edges_legal, corners_legal
        self.numbering = numbering
        self.size = size
        self.sideways = False

    @classmethod
    def from_attributes(cls, attrs: Mapping[str, str], numbering: Mapping[str, str] | None = None,
                        size: Size = (0, 0)) -> "SquareGrid":
        g = cls(size=size)
        for key, val in attrs.items():
            if key == "x0":
                g.x0 = parse_int(val)
            elif key == "y0":
                g.y0 = parse_int(val)
            elif key == "dx":
                g.dx = parse_double(val)
            elif key == "dy":
                g.dy = parse_double(val)
            elif key == "snapTo":
                g.snap = parse_bool(val)
            elif key == "cornersLegal":
                g.corners_legal = parse_bool(val)
            elif key == "edgesLegal":
                g.edges_legal = parse_bool(val)
        if numbering is not None:
            g.numbering = SquareNumbering.from_attributes(numbering)
        return g

    def snap_to(self, x: int, y: int, force: bool = False, center_only: bool = False) -> Point:
        if not self.snap and not force:
            return x, y
        dx, dy = self.dx, self.dy
        ox, oy = x - self.x0, y - self.y0
        nx = jround(ox / (0.5 * dx))
        ny = jround(oy / (0.5 * dy))
        if not self.corners_legal or not self.edges_legal:
            if self.corners_legal and not center_only:
                nx = 2 * jround(ox / dx) if ny % 2 == 0 else 1 + 2 * jround(ox / dx - 0.5)
            elif self.edges_legal and not center_only:
                if ny % 2 != 0 or nx % 2 == 0:
                    nx = 2 * jround(ox / dx)
            else:
                nx = 2 * jround(ox / dx)
                ny = 2 * jround(oy / dy)
        return self.x0 + jround(nx * dx / 2), self.y0 + jround(ny * dy / 2)

    def max_rows(self) -> int:
        return jint(self.size[1] / self.dy + 0.5)

    def max_columns(self) -> int:
        return jint(self.size[0] / self.dx + 0.5)

    def _numbered(self) -> SquareNumbering:
        """The grid's numbering: VASSAL asks a label's parts only of a numbered grid."""
        if self.numbering is None:
            raise ValueError("the grid has no numbering")
        return self.numbering

    def column(self, x: int, y: int) -> int:
        c = jfloor((x - self.x0) / self.dx + 0.5)
        return self.max_columns() - c if self._numbered().h_descend else c

    def row(self, x: int, y: int) -> int:
        r = jint((y - self.y0) / self.dy + 0.5)          # sic: (int), not floor
        return self.max_rows() - r if self._numbered().v_descend else r

    def center_point(self, col: int, row: int) -> Point:
        n = self._numbered()
        if n.v_descend:
            row = self.max_rows() - row
        if n.h_descend:
            col = self.max_columns() - col
        return jint(col * self.dx + self.x0), jint(row * self.dy + self.y0)



class RegionGrid:
    """``RegionGrid``: named points; a location is the name of the nearest one."""

    def __init__(self, regions: list[tuple[str, int, int]] | None = None, snap: bool = True) -> None:
        self.snap = snap
        put: dict[Point, str] = {}
        for name, x, y in regions or []:
            put[(x, y)] = name                      # a HashMap keyed by origin: last one wins
        # kept in the order VASSAL's HashMap walks them: of two regions equally near a point,
        # the first one walked names it (RegionGrid.doSnap, strict <)
        keys = list(put)
        self.regions: dict[Point, str] = {
            keys[i]: put[keys[i]] for i in hashmap_order([point_hash(x, y) for x, y in keys])}

    @classmethod
    def from_attributes(cls, attrs: Mapping[str, str], regions: list[Mapping[str, str]]) -> "RegionGrid":
        out = []
        for r in regions:
            out.append((r.get("name", ""), parse_int(r.get("originx", "0")), parse_int(r.get("originy", "0"))))
        return cls(out, snap=parse_bool(attrs.get("snapto", "true")))

    def _nearest(self, x: int, y: int) -> Point:
        """The region origin nearest (x, y), the first of equals (``RegionGrid.snapTo``)."""
        return min(self.regions, key=lambda p: (x - p[0]) ** 2 + (y - p[1]) ** 2)

    def snap_to(self, x: int, y: int, force: bool = False, center_only: bool = False) -> Point:
        if (not self.snap and not force) or not self.regions:
            return x, y
        return self._nearest(x, y)

    def location_name(self, x: int, y: int) -> str | None:
        return self.regions[self._nearest(x, y)] if self.regions else None

    def get_location(self, label: str) -> Point | None:
        for p, name in self.regions.items():
            if name == label:
                return p
        return None


class Zone:
    """``Zone``: a polygon with a name, a ``locationFormat`` and optionally its own grid."""

    def __init__(self, name: str = "", path: str = "", location_format: str = "$name$",
                 use_parent_grid: bool = False, grid: Grid | None = None) -> None:
        self.name = name
        self.location_format = location_format
        self.use_parent_grid = use_parent_grid
        self._grid = grid
        self.parent: ZonedGrid | None = None
        self.xs: list[int] = []
        self.ys: list[int] = []
        for part in decode(path, ";") if path else []:
            xy = decode(part, ",")
            try:
                x = int(xy[0].strip()) if re.fullmatch(r"\s*[+-]?\d+\s*", xy[0]) else None
                if x is not None and len(xy) > 1 and re.fullmatch(r"\s*[+-]?\d+\s*", xy[1]):
                    self.xs.append(x)
                    self.ys.append(int(xy[1].strip()))
            except (ValueError, IndexError):
                continue

    @property
    def grid(self) -> Grid | None:
        if self.use_parent_grid:
            return self.parent.background if self.parent is not None else None
        return self._grid

    @grid.setter
    def grid(self, g: Grid | None) -> None:
        self._grid = g

    @property
    def size(self) -> Size:
        """The polygon's bounding-box size (the container size of a grid inside the zone)."""
        if not self.xs:
            return 0, 0
        return max(self.xs) - min(self.xs), max(self.ys) - min(self.ys)

    def contains(self, x: int, y: int) -> bool:
        return awt_polygon_contains(self.xs, self.ys, x, y)

    def location_name(self, x: int, y: int) -> str:
        g = self.grid
        grid_loc = g.location_name(x, y) if g is not None else None
        return substitute(self.location_format, {"name": self.name, "gridLocation": grid_loc})

    def snap_to(self, x: int, y: int, force: bool = False, center_only: bool = False) -> Point:
        g = self.grid
        return g.snap_to(x, y, force, center_only) if g is not None else (x, y)

    def get_location(self, label: str) -> Point | None:
        tokens = decode(self.location_format, "$")
        regex, groups, is_prop = [], 0, True
        g = self.grid
        for i, token in enumerate(tokens):
            is_prop = not is_prop
            if not token:
                continue
            if not is_prop or i == len(tokens) - 1:
                regex.append(re.escape(token))
            elif token == "name":
                regex.append(re.escape(self.name))
            elif token == "gridLocation" and g is not None:
                regex.append("(.*)")
                groups += 1
        if not regex:
            return None
        m = re.fullmatch("".join(regex), label)
        if not m:
            return None
        if groups > 0 and g is not None:
            p = g.get_location(m.group(groups))
            return p if p is not None and self.contains(*p) else None
        n = len(self.xs)
        if n == 0:
            return 0, 0
        p = (jdiv(sum(self.xs), n), jdiv(sum(self.ys), n))
        return p if self.contains(*p) else (self.xs[0], self.ys[0])


class ZonedGrid:
    """``ZonedGrid``: zones tried in order, then the background grid."""

    def __init__(self, zones: list[Zone] | None = None, background: Grid | None = None,
                 size: Size = (0, 0)) -> None:
        self.zones: list[Zone] = []
        self.background = background
        self.size = size
        for z in zones or []:
            self.add_zone(z)

    def add_zone(self, zone: Zone) -> None:
        zone.parent = self
        self.zones.append(zone)

    def find_zone(self, x: int, y: int) -> Zone | None:
        for z in self.zones:
            if z.contains(x, y):
                return z
        return None

    def location_name(self, x: int, y: int) -> str | None:
        z = self.find_zone(x, y)
        name = z.location_name(x, y) if z is not None else None
        if name is None and self.background is not None:
            name = self.background.location_name(x, y)
        return name

    def snap_to(self, x: int, y: int, force: bool = False, center_only: bool = False) -> Point:
        z = self.find_zone(x, y)
        if z is not None:
            return z.snap_to(x, y, force, center_only)
        if self.background is not None:
            return self.background.snap_to(x, y, force, center_only)
        return x, y

    def get_location(self, label: str) -> Point | None:
        for z in self.zones:
            p = z.get_location(label)
            if p is not None and z.contains(*p):
                return p
        return self.background.get_location(label) if self.background is not None else None


#: the variables vmodgen gives a Zone's and a grid numbering's ``locationFormat``; VASSAL evaluates
#: any other (a Global Property, ``$Weather$``) with the module's properties at that moment
ZONE_VARIABLES = frozenset(("name", "gridLocation"))
NUMBERING_VARIABLES = frozenset(("gridLocation", "row", "column"))


def _variables(fmt: str) -> set[str]:
    parts = fmt.split("$")
    return {parts[i] for i in range(1, len(parts) - 1, 2)}


def label_is_known(grid, x: int, y: int,
                   translations: Callable[[str, str, str], set[str]] | None = None) -> bool:
    """Whether the label ``grid`` gives the board point (x, y) names only variables vmodgen
    knows (not a game property whose value it cannot tell), in the module's own words and, given
    ``translations(kind, name, attribute)`` (a translated module's), in each translation of a
    Zone's ``locationFormat`` (a player's VASSAL in that language evaluates that one)."""
    zone = grid.find_zone(x, y) if isinstance(grid, ZonedGrid) else None
    if zone is not None:
        formats = {zone.location_format}
        if translations is not None:
            formats |= translations("Zone", zone.name, "locationFormat")
        if not all(_variables(fmt) <= ZONE_VARIABLES for fmt in formats):
            return False
        grid = zone.grid
    elif isinstance(grid, ZonedGrid):
        grid = grid.background
    numbering = getattr(grid, "numbering", None)
    fmt = getattr(numbering, "location_format", "$gridLocation$") if numbering is not None else "$gridLocation$"
    return _variables(fmt) <= NUMBERING_VARIABLES


def label_is_translatable(grid, x: int, y: int) -> bool:
    """Whether the label ``grid`` gives the board point (x, y) comes from text a module translation
    replaces (VASSAL ``ComponentI18nData``: a Zone's name and locationFormat, a Region's name)."""
    if isinstance(grid, ZonedGrid):
        zone = grid.find_zone(x, y)
        if zone is not None:
            return True
        grid = grid.background
    return isinstance(grid, RegionGrid)


def translated_labels(grid, x: int, y: int, alternatives) -> set[str]:
    """Every label ``grid`` may give the board point (x, y) in a player's language:
    ``alternatives(kind, name, attribute, original)`` gives an attribute's original value and its
    translations (a Zone's name and locationFormat, a Region's name: ``ComponentI18nData``)."""
    def regions(g) -> set[str] | None:
        if isinstance(g, RegionGrid):
            name = g.location_name(x, y)
            return None if name is None else alternatives("Region", name, "name", name)
        label = g.location_name(x, y) if g is not None else None
        return None if label is None else {label}

    if isinstance(grid, ZonedGrid):
        zone = grid.find_zone(x, y)
        if zone is not None:
            inner: set[str | None] = {None}
            inner = set(regions(zone.grid) or inner)
            return {substitute(fmt, {"name": name, "gridLocation": loc})
                    for fmt in alternatives("Zone", zone.name, "locationFormat", zone.location_format)
                    for name in alternatives("Zone", zone.name, "name", zone.name) for loc in inner}
        grid = grid.background
    return regions(grid) or set()
