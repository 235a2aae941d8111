"""The images a module needs, from the renderer: counters (cached by content), boards, the
counter sheet."""
from __future__ import annotations

from pathlib import Path

from ..hexes.layout import SheetLayout
from ..model import Game, Kit, Unit
from ..render.board import load_scan, render_board
from ..render.cache import CounterCache, png_bytes
from ..render.sheet_pdf import counter_sheet_pdf as vector_sheet

_caches: dict[str, CounterCache] = {}


def _cache(folder: str | Path) -> CounterCache:
    key = str(folder)
    if key not in _caches:
        _caches[key] = CounterCache(folder)
    return _caches[key]


def counter_png(game: Game, unit: Unit, side: str, px: int, cache_dir: str | Path) -> bytes:
    return _cache(cache_dir).counter_png(game, unit, side, px)


def marker_png(game: Game, marker_id: str, px: int, cache_dir: str | Path) -> bytes:
    return _cache(cache_dir).marker_png(game, game.markers[marker_id], px)


def board_png(kit: Kit, sheet_id: str, layout: SheetLayout) -> bytes:
    sheet = kit.map.sheets[sheet_id]
    if sheet.image is not None:      # a scan of the printed map, read within the image limits
        return png_bytes(load_scan(sheet.image.file))
    return png_bytes(render_board(kit.game, kit.map, sheet_id, layout=layout))


def counter_sheet_pdf(kit: Kit, page: str = "a4") -> bytes:
    """The vector print-and-play sheet of every counter and marker, on ``page`` (a4, letter)."""
    return vector_sheet(kit.game, kit.units, page=page, title=f"{kit.game.name}: counter sheet")
