"""A :class:`~vmodgen.model.mapdata.MapData` made from a VASSAL board's hex grid, for modules
vmodgen did not build: every hex of the board named by VASSAL's own label, with its true
adjacency, so the generic rules (ZOC, supply, movement) work on any hex module.

VASSAL's ``HexGrid`` numbers hexes by *raw* column and row (``getRawColumn``/``getRawRow``):
odd raw columns sit half a hex lower (toward higher rows), sideways grids swap x and y. In
:mod:`vmodgen.hexes.grid` terms a raw column is a line, a raw row a position, with
``shift = "odd"``, so neighbours and distances come from the one geometry module. A grid with
no numbering names its hexes by raw column and row (``CCRR``, :func:`raw_id`). Labels come
from the board's whole grid (a zone that covers a hex gives it its own name: such hexes are
not part of the hex map).

The extent is the board's size when its image is in the module; otherwise the binding states
two corner labels (``extent``), or :func:`extent_from_labels` infers it from labels the logs
use. Terrain is the map's default terrain unless the binding names hexes or regions.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Iterable

from ..errors import InputError
from ..hexes.grid import Hex
from ..hexes.vassal_grid import HexGrid
from ..hexes.vassal_zones import Zone, ZonedGrid
from ..limits import MAX_MAP_HEXES
from ..model.mapdata import HexInfo, MapData

if TYPE_CHECKING:
    from ..vassal.module import MapInfo

#: whether a board point one pixel off the board's edge lies on no other board of its map
OpenPoint = Callable[[int, int], bool]

FRAME = "grid"


def hex_grid_of(grid) -> HexGrid | None:
    """The hex grid of a board's grid: the grid itself, a zoned grid's background, else the hex
    grid of its widest zone that has one of its own (a board whose hexes are a zone, beside
    zones with square grids, as VASSAL's ZonedGrid allows); or None."""
    if isinstance(grid, HexGrid):
        return grid
    if isinstance(grid, ZonedGrid):
        if isinstance(grid.background, HexGrid):
            return grid.background
        z = hex_zone_of(grid)
        zg = z.grid if z is not None else None
        return zg if isinstance(zg, HexGrid) else None
    return None


def zone_box(z: Zone) -> tuple[int, int, int, int] | None:
    """A zone's bounding box (x0, y0, x1, y1), None for a zone with no points."""
    if not z.xs:
        return None
    return min(z.xs), min(z.ys), max(z.xs), max(z.ys)


def hex_zone_of(grid) -> Zone | None:
    """The zone of a zoned grid with no hex background whose own hex grid is the board's hexes:
    the widest such zone (bounding box area), the first of equals; None when there is none."""
    if not isinstance(grid, ZonedGrid) or isinstance(grid.background, HexGrid):
        return None
    best: Zone | None = None
    for z in grid.zones:
        if isinstance(z.grid, HexGrid) and not z.use_parent_grid and (
                best is None or z.size[0] * z.size[1] > best.size[0] * best.size[1]):
            best = z
    return best


@dataclass(frozen=True)
class Extent:
    """Raw columns and rows (inclusive) of the board's hexes."""
    cols: tuple[int, int]
    rows: tuple[int, int]

    @property
    def size(self) -> int:
        return (self.cols[1] - self.cols[0] + 1) * (self.rows[1] - self.rows[0] + 1)


def raw_of(g: HexGrid, x: int, y: int) -> Hex:
    """The raw (column, row) of a board point, as a grid Hex (line = column, pos = row)."""
    return Hex(g.raw_column(x, y), g.raw_row(x, y))


def raw_id(c: int, r: int) -> str:
    """The hex ID of a raw (column, row) on a grid without numbering: ``CCRR`` (``0712``)."""
    return f"{c:02d}{r:02d}" if c >= 0 and r >= 0 else f"{c},{r}"


def hex_id_at(g: HexGrid, c: int, r: int) -> str | None:
    """The label of a raw hex (its raw ID when the grid has no numbering)."""
    if g.numbering is None:
        return raw_id(c, r)
    return g.location_name(*g.hex_center(c, r))


def raw_of_label(g: HexGrid, label: str) -> Hex | None:
    """The raw hex a label names (None when the numbering cannot read it)."""
    if g.numbering is None:
        m = re.fullmatch(r"(\d{2,})(\d{2})|(-?\d+),(-?\d+)", label.strip())
        if not m:
            return None
        return Hex(int(m.group(1)), int(m.group(2))) if m.group(1) else Hex(int(m.group(3)), int(m.group(4)))
    p = g.get_location(label)
    if p is None:
        return None
    return raw_of(g, *g.snap_to_hex(*p))


def board_box(size: tuple[int, int], box: tuple[int, int, int, int] | None = None) -> tuple[int, int, int, int]:
    """The points, inclusive, where a hex's centre may put the hex on a board of ``size`` (within
    ``box``, x0, y0, x1, y1, when given: a zone's bounding box), as VASSAL 3.7.26's
    ``Map.snapTo`` places a piece: it snaps a drop to the nearest hex centre and, when that is one
    pixel off the board (x = -1 or w, y = -1 or h; ``Board.contains`` takes 0 ... w-1) and no board
    of the map is there (``findBoard(snap) == null``), moves it back onto the board's edge, where
    that hex is still the nearest: so at most -1 ... w by -1 ... h (:func:`centre_on_board` says
    which margin points hold). A centre two pixels off is left off the board
    (:func:`extent_from_size`, ``bind --check``)."""
    w, h = size
    bx0, by0, bx1, by1 = box if box is not None else (-1, -1, w, h)
    return max(bx0, -1), max(by0, -1), min(bx1, w), min(by1, h)


def centre_on_board(x: int, y: int, size: tuple[int, int], open_point: OpenPoint | None = None) -> bool:
    """Whether a hex centre at board point (x, y), inside :func:`board_box`, puts its hex on the
    board: on the image, or one pixel off it where no other board of the map lies
    (``open_point``, :func:`open_margin`; VASSAL moves a snap there back onto the edge, and where
    another board adjoins it snaps the drop on that board instead); None: every edge (one board,
    or the layout unknown)."""
    w, h = size
    if 0 <= x < w and 0 <= y < h:
        return True
    return open_point is None or open_point(x, y)


def open_margin(m: "MapInfo | None", board_name: str) -> OpenPoint | None:
    """For board ``board_name`` as map ``m``'s layout places it (the module's set-up, or the only
    board), whether a point of its snap margin is on no other board; None when every edge is
    open or the layout does not tell: no layout, the board not in it or alone, or reversed (its
    points are turned about)."""
    layout = m.layout if m is not None else None
    placed = next((p for p in layout or () if p.board.name == board_name), None)
    if m is None or placed is None or placed.reversed or len(layout or ()) < 2:
        return None
    where, dx, dy = m, placed.x, placed.y
    return lambda x, y: where.board_at(dx + x, dy + y) is None


def extent_from_size(g: HexGrid, size: tuple[int, int], box: tuple[int, int, int, int] | None = None,
                     open_point: OpenPoint | None = None) -> Extent:
    """The raw hexes whose centres lie on a board of ``size`` pixels (within ``box``, x0, y0,
    x1, y1, when given: a zone's bounding box), or in its snap margin where ``open_point`` (None:
    every edge; :func:`centre_on_board`)."""
    bx0, by0, bx1, by1 = board_box(size, box)
    corners = [raw_of(g, x, y) for x in (bx0, bx1) for y in (by0, by1)]
    c0, c1 = min(c.line for c in corners) - 1, max(c.line for c in corners) + 1
    r0, r1 = min(c.pos for c in corners) - 1, max(c.pos for c in corners) + 1
    cols, rows = set(), set()
    for c in range(c0, c1 + 1):
        for r in range(r0, r1 + 1):
            x, y = g.hex_center(c, r)
            if bx0 <= x <= bx1 and by0 <= y <= by1 and centre_on_board(x, y, size, open_point):
                cols.add(c)
                rows.add(r)
    if not cols:
        return Extent((0, -1), (0, -1))
    return Extent((min(cols), max(cols)), (min(rows), max(rows)))


def extent_from_labels(g: HexGrid, labels: Iterable[str]) -> Extent | None:
    """The smallest raw rectangle holding every readable label (None when none reads)."""
    hexes = [h for h in (raw_of_label(g, lb) for lb in labels) if h is not None]
    if not hexes:
        return None
    return Extent((min(h.line for h in hexes), max(h.line for h in hexes)),
                  (min(h.pos for h in hexes), max(h.pos for h in hexes)))


class GridMapData(MapData):
    """MapData over a VASSAL hex grid: hex IDs are labels (or what ``rename`` makes of them)."""

    def __init__(self, id: str, name: str, grid: HexGrid, labels: dict[str, Hex],
                 board_grid=None, default_terrain: str = "clear") -> None:
        # the binding author's own map: its terrain is what they state, nothing illustrative
        super().__init__(id, name, default_terrain=default_terrain, default_illustrative=False)
        self.grid = grid
        self.board_grid = board_grid if board_grid is not None else grid
        self._labels = dict(labels)
        self._raw = {h: lb for lb, h in labels.items()}

    def _build_index(self) -> None:
        super()._build_index()                   # hexsides and lines (no sheets)
        self._index = {lb: (FRAME, h) for lb, h in self._labels.items()}
        self._reverse = {(FRAME, h): lb for lb, h in self._labels.items()}
        self._shifts = {FRAME: "odd"}

    def raw(self, hex_id: str) -> Hex | None:
        return self._labels.get(hex_id)

    def label_at(self, h: Hex) -> str | None:
        return self._raw.get(h)

    def center(self, hex_id: str) -> tuple[int, int] | None:
        """The board pixel centre of a hex."""
        h = self._labels.get(hex_id)
        return None if h is None else self.grid.hex_center(h.line, h.pos)

    def sheet_of(self, hex_id: str):
        return None

    def region(self, spec: str) -> list[str]:
        """The hexes a region names: one hex ID, or ``A..B`` (the raw rectangle between two)."""
        spec = spec.strip()
        if ".." not in spec:
            return [spec] if spec in self._labels else []
        a, b = (s.strip() for s in spec.split("..", 1))
        ha, hb = self._labels.get(a), self._labels.get(b)
        if ha is None or hb is None:
            return []
        c0, c1 = sorted((ha.line, hb.line))
        r0, r1 = sorted((ha.pos, hb.pos))
        return [lb for lb, h in self._labels.items() if c0 <= h.line <= c1 and r0 <= h.pos <= r1]

    def edge(self, which: str) -> list[str]:
        """Hexes on one edge (west, east, north, south): the outermost hex of each raw row (for
        west/east) or raw column (north/south), the axes swapped on a sideways grid."""
        across = which in ("west", "east")
        if self.grid.sideways:
            across = not across
        low = which in ("west", "north")
        best: dict[int, tuple[int, str]] = {}
        for lb, h in self._labels.items():
            group, along = (h.pos, h.line) if across else (h.line, h.pos)
            cur = best.get(group)
            if cur is None or (along < cur[0] if low else along > cur[0]):
                best[group] = (along, lb)
        return sorted(lb for _, lb in best.values())


def grid_map(map_id: str, name: str, g: HexGrid, extent: Extent, board_grid=None,
             rename=None, default_terrain: str = "clear", what: str = "map") -> GridMapData:
    """The hexes of ``extent`` named by the board's labels (``rename``: label → hex ID or None)."""
    if extent.size > MAX_MAP_HEXES:
        raise InputError(None, f"{what}: {extent.size} hexes is more than the limit of {MAX_MAP_HEXES}")
    board_grid = board_grid if board_grid is not None else g
    hz = hex_zone_of(board_grid)
    hz = hz if hz is not None and hz.grid is g else None
    boxes = _zone_boxes(board_grid, g)
    labels: dict[str, Hex] = {}
    for c in range(extent.cols[0], extent.cols[1] + 1):
        for r in range(extent.rows[0], extent.rows[1] + 1):
            x, y = g.hex_center(c, r)
            if hz is not None:
                # the hexes are a zone's grid: the zone's hexes are those whose centre lies in it
                # (the first zone holding the point, as VASSAL tries them), named as the board
                # names them (the zone's locationFormat; raw CCRR when the grid has no numbering)
                if board_grid.find_zone(x, y) is not hz:
                    continue
                own = raw_id(c, r) if g.numbering is None else hz.location_name(x, y)
            elif g.numbering is None:
                own = raw_id(c, r)
                if board_grid is not g and _in_boxes(boxes, x, y) \
                        and _board_label(board_grid, g, x, y, None) is not None:
                    continue             # a zone covers this hex: not part of the hex map
            else:
                own = g.location_name(x, y)
                if own is None or (board_grid is not g and _in_boxes(boxes, x, y)
                                   and _board_label(board_grid, g, x, y, own) != own):
                    continue             # a zone covers this hex: not part of the hex map
            hid = rename(own) if rename is not None else own
            if hid and hid not in labels:
                labels[hid] = Hex(c, r)
    return GridMapData(map_id, name, g, labels, board_grid, default_terrain)


def _zone_boxes(board_grid, g: HexGrid) -> list[tuple[int, int, int, int]] | None:
    """The bounding boxes of the zones of a zoned grid whose background is ``g``: a point in
    none of them is in no zone, and the board names it as ``g`` does (:func:`_board_label`). None
    when the board's label must be worked out at every point (another kind of board grid)."""
    if not isinstance(board_grid, ZonedGrid) or board_grid.background is not g:
        return None
    return [box for box in map(zone_box, board_grid.zones) if box is not None]


def _in_boxes(boxes: list[tuple[int, int, int, int]] | None, x: int, y: int) -> bool:
    """Whether a point may lie in a zone: inside one of ``boxes`` (inclusive), or no boxes known."""
    return boxes is None or any(x0 <= x <= x1 and y0 <= y <= y1 for x0, y0, x1, y1 in boxes)


def _board_label(board_grid, g: HexGrid, x: int, y: int, own: str | None) -> str | None:
    """``board_grid.location_name(x, y)`` when ``own`` is already ``g``'s label of the point:
    on a zoned grid whose background is ``g``, a point in no zone (or in a zone that names
    nothing) gets the background's label, ``own``, without working it out again."""
    if isinstance(board_grid, ZonedGrid) and board_grid.background is g:
        z = board_grid.find_zone(x, y)
        name = z.location_name(x, y) if z is not None else None
        return own if name is None else name
    return board_grid.location_name(x, y)


def set_terrain(m: GridMapData, terrain: str, hexes: Iterable[str]) -> None:
    for h in hexes:
        m.hexes[h] = HexInfo(terrain=terrain, illustrative=False)
