"""The maps a replay shows: each map window's size, its boards (image, place) and its hexes
(label, centre and terrain when known) in map pixels, from the module's own maps and grids.

A board whose image is in the module is drawn with it; a board without art (a stripped module)
is drawn as its grid. A board of unknown size (no image) extends over the points the game used.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Mapping

from ..binding.base import Binding
from ..binding.generic_map import Extent, extent_from_size, hex_grid_of, raw_of
from ..hexes.vassal_grid import HexGrid
from ..limits import MAX_MAP_HEXES
from ..vassal.module import MapInfo, Module

Point = tuple[int, int]
MARGIN = 60          # map pixels around the points a map without known size uses


@dataclass
class BoardView:
    name: str
    x: int
    y: int
    width: int
    height: int
    image: str | None             # module image name; None = no art (draw the grid)
    reversed: bool = False        # placed upside down (the image turned 180 degrees)


@dataclass
class HexView:
    label: str
    x: int
    y: int
    terrain: str = ""


@dataclass
class MapView:
    name: str
    width: int
    height: int
    boards: list[BoardView] = field(default_factory=list)
    hexes: list[HexView] = field(default_factory=list)
    hexagon: list[tuple[float, float]] = field(default_factory=list)   # corner offsets of one hex
    stack_offset: tuple[int, int] = (2, -4)        # VASSAL's unexpanded stack separation


def map_views(module: Module | None, used: Mapping[str, Iterable[Point]],
              binding: Binding | None = None) -> list[MapView]:
    """A view of every map the game put pieces on (``used``: map name → the points used), in the
    module's order, then maps the module does not define."""
    names = [n for n in (module.maps if module else {}) if used.get(n)]
    names += [n for n in used if used[n] and n not in names]
    offsets = stack_offsets(module) if module is not None else {}
    views = [_view(name, module.maps.get(name) if module else None, sorted(used[name]), binding)
             for name in names]
    for v in views:
        v.stack_offset = offsets.get(v.name, v.stack_offset)
    return views


def stack_offsets(module: Module) -> dict[str, tuple[int, int]]:
    """Each map's offset from one piece of a stack to the next as VASSAL draws a stack that is
    not expanded (``StackMetrics`` unexSepX, -unexSepY; defaults 2, 4; none when stacking is
    disabled: ``MapInfo.stacking``)."""
    from ..safeio import parse_xml
    from ..vassal import buildfile as bf
    from ..vassal.module import stacking_on
    out: dict[str, tuple[int, int]] = {}
    try:
        root = parse_xml(module.read_entry(module.build_file), module.path, module.build_file)
    except Exception:   # the module was read once already: keep VASSAL's defaults  # noqa: BLE001
        return out
    for el in root.iter():
        if not isinstance(el.tag, str) or bf.cls(el) not in bf.MAP_CLASSES or not el.get("mapName"):
            continue
        sm = next((c for c in bf.elements(el) if bf.cls(c) == "StackMetrics"), None)
        if sm is None:
            continue
        info = module.maps.get(el.get("mapName"))     # a map without boards is not kept there
        if not (info.stacking if info is not None else stacking_on(sm)):
            out[el.get("mapName")] = (0, 0)
            continue
        try:
            out[el.get("mapName")] = (int(sm.get("unexSepX", "2")), -int(sm.get("unexSepY", "4")))
        except ValueError:
            pass            # VASSAL falls back to its defaults on a bad number
    return out


def _view(name: str, m: MapInfo | None, points: list[Point], binding: Binding | None) -> MapView:
    xs = [p[0] for p in points] or [0]
    ys = [p[1] for p in points] or [0]
    view = MapView(name, max(xs) + MARGIN, max(ys) + MARGIN)
    if m is None or not m.layout:
        return view
    for p in m.layout:
        size = p.board.size
        img = p.board.image.strip() or None
        if size is None:
            size = (max(1, max(xs) + MARGIN - p.x), max(1, max(ys) + MARGIN - p.y))
            img = None
        view.boards.append(BoardView(p.board.name, p.x, p.y, size[0], size[1], img, p.reversed))
        view.width = max(view.width, p.x + size[0] + m.edge[0])
        view.height = max(view.height, p.y + size[1] + m.edge[1])
        g = hex_grid_of(p.board.grid)
        if g is None:
            continue
        on_board = [(x - p.x, y - p.y) for x, y in points if p.contains(x, y, len(m.layout) == 1)]
        extent = (extent_from_size(g, size) if p.board.size is not None
                  else _extent_of_points(g, on_board))
        if extent is None or extent.size > MAX_MAP_HEXES:
            continue
        view.hexagon = _hexagon(g)
        for c in range(extent.cols[0], extent.cols[1] + 1):
            for r in range(extent.rows[0], extent.rows[1] + 1):
                bx, by = g.hex_center(c, r)
                if p.reversed:
                    bx, by = size[0] - bx, size[1] - by
                mx, my = int(bx + p.x), int(by + p.y)
                label = p.label(mx, my)
                if label:
                    view.hexes.append(HexView(label, mx, my, _terrain(binding, name, mx, my, label)))
    return view


def _extent_of_points(g: HexGrid, points: list[Point]) -> Extent | None:
    """The raw rectangle around the points a game used, one hex wider on each side."""
    raws = [raw_of(g, x, y) for x, y in points]
    if not raws:
        return None
    return Extent((min(h.line for h in raws) - 1, max(h.line for h in raws) + 1),
                  (min(h.pos for h in raws) - 1, max(h.pos for h in raws) + 1))


def _hexagon(g: HexGrid) -> list[tuple[float, float]]:
    """The corners of one hex around its centre (flat-topped; a sideways grid is turned)."""
    dx, dy = float(g.dx), float(g.dy)
    pts = [(-2 * dx / 3, 0.0), (-dx / 3, -dy / 2), (dx / 3, -dy / 2), (2 * dx / 3, 0.0),
           (dx / 3, dy / 2), (-dx / 3, dy / 2)]
    if g.sideways:
        pts = [(y, x) for x, y in pts]
    return [(round(x, 1), round(y, 1)) for x, y in pts]


def _terrain(binding: Binding | None, map_name: str, x: int, y: int, label: str) -> str:
    """The binding's terrain of a hex by name, marked when the kit filled it in ('' when there is
    no binding or the terrain is only the map's default)."""
    if binding is None or getattr(binding, "map", None) is None:
        return ""
    try:
        hid = binding.hex_for(map_name, x, y, label)
        if hid is None or hid not in binding.map.hexes:     # only the map's default: not known
            return ""
        info = binding.map.info(hid)
        kind = binding.game.terrain.get(info.terrain) if getattr(binding, "game", None) else None
        name = getattr(kind, "name", "") or info.terrain or ""
        return f"{name}, illustrative" if name and info.illustrative else name
    except Exception:   # a binding that cannot place this point: no terrain shown  # noqa: BLE001
        return ""
