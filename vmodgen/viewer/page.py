"""The replay page: one self-contained HTML file (the script, style, images and data inline; no
network) that plays a :class:`~.timeline.Timeline` on the module's maps."""
from __future__ import annotations

import html
import json
from importlib import resources
from typing import Any

from ..vassal.module import Module
from .images import board_uri, counter_uri
from .maps import MapView
from .timeline import Timeline

E = html.escape


def _asset(name: str) -> str:
    return resources.files("vmodgen.viewer").joinpath(name).read_text(encoding="utf-8")


def _image_table(tl: Timeline, views: list[MapView], module: Module | None
                 ) -> tuple[list[dict], list[dict], dict[int, int]]:
    """Every image the page draws (counters, then boards), each once (uri and pixel size); the
    looks with image numbers instead of names; each board's image number (-1: none)."""
    table: list[dict[str, Any]] = []
    index: dict[str, int] = {}

    def add(name: str, board: bool) -> int:
        key = ("b:" if board else "c:") + name
        if key in index:
            return index[key]
        uri = None
        if module is not None:
            uri = board_uri(module, name) if board else counter_uri(module, name)
        size = module.image_size(name) if (module is not None and uri) else None
        if uri is None or size is None:
            index[key] = -1
            return -1
        index[key] = len(table)
        table.append({"uri": uri, "w": size[0], "h": size[1]})
        return index[key]

    looks = [{**look, "images": [i for i in (add(n, False) for n in look["images"]) if i >= 0]}
             for look in tl.looks]
    boards = {id(b): (add(b.image, True) if b.image else -1) for v in views for b in v.boards}
    return table, looks, boards


def _map_json(v: MapView, board_images: dict[int, int]) -> dict[str, Any]:
    return {"name": v.name, "width": v.width, "height": v.height,
            "boards": [{"name": b.name, "x": b.x, "y": b.y, "width": b.width, "height": b.height,
                        "image": board_images[id(b)], "reversed": b.reversed} for b in v.boards],
            "hexes": {"labels": [h.label for h in v.hexes], "x": [h.x for h in v.hexes],
                      "y": [h.y for h in v.hexes], "terrain": [h.terrain for h in v.hexes]},
            "hexagon": v.hexagon, "stackOffset": list(v.stack_offset)}


def render_page(title: str, tl: Timeline, views: list[MapView], module: Module | None,
                bookmarks: list[dict[str, Any]], findings: list[dict[str, Any]],
                notes: list[str]) -> str:
    """The HTML text of the replay page."""
    images, looks, board_images = _image_table(tl, views, module)
    order = {v.name: i for i, v in enumerate(views)}
    data = tl.to_json()
    data.update({"title": title, "images": images, "looks": looks,
                 "maps": [_map_json(v, board_images) for v in views],
                 "mapOf": [order.get(name, -1) for name in tl.maps], "mapNames": tl.maps,
                 "bookmarks": bookmarks, "findings": findings, "notes": notes})
    payload = json.dumps(data, separators=(",", ":"), ensure_ascii=True).replace("</", "<\\/")
    return ("<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
            f"<title>{E(title)}</title>\n<style>{_asset('viewer.css')}</style></head>\n<body>\n"
            f"{_asset('viewer.html')}\n"
            f"<script id='replay-data' type='application/json'>{payload}</script>\n"
            f"<script>{_asset('viewer.js')}</script>\n</body></html>\n")
