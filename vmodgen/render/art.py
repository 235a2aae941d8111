"""Drawing a unit's own image: fitted into a box (the whole face or the symbol box), its
proportions kept, centred, transparent parts showing the face beneath."""
from __future__ import annotations

from typing import TYPE_CHECKING

import io
from functools import lru_cache

from PIL import Image

from ..model.art import MAX_ART_BYTES, art_path
from ..safeio import read_bytes

if TYPE_CHECKING:
    from .surface import Canvas


@lru_cache(maxsize=256)
def load_art(key: str) -> Image.Image:
    """The image of an art key (``path#digest``, checked by the roster loader), as RGBA."""
    data = read_bytes(art_path(key), MAX_ART_BYTES, "counter image")
    with Image.open(io.BytesIO(data)) as im:
        return im.convert("RGBA")


def paste_art(canvas: Canvas, key: str, box: tuple[float, float, float, float]) -> None:
    """Draw the art fitted into ``box`` (canvas pixels) of ``canvas`` (RGB)."""
    art = load_art(key)
    x0, y0, x1, y1 = box
    bw, bh = max(1, int(x1 - x0)), max(1, int(y1 - y0))
    scale = min(bw / art.width, bh / art.height)
    w, h = max(1, round(art.width * scale)), max(1, round(art.height * scale))
    if not isinstance(canvas, Image.Image):       # a PDF face: the image at its own resolution
        canvas.place(art, x0 + (bw - w) / 2, y0 + (bh - h) / 2, w, h)
        return
    fitted = art.resize((w, h), Image.Resampling.LANCZOS)
    canvas.paste(fitted, (round(x0 + (bw - w) / 2), round(y0 + (bh - h) / 2)), fitted)
