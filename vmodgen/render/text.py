"""Text on counters and maps with the bundled DejaVu font (never a system font).

Fonts are loaded once per (weight, size); :func:`fit_font` picks the largest size that fits a
box so a long unit name shrinks instead of spilling over the counter edge.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

if TYPE_CHECKING:
    from .surface import Drawing

FONT_DIR = Path(__file__).resolve().parents[1] / "fonts"
BOLD = FONT_DIR / "DejaVuSansCondensed-Bold.ttf"
REGULAR = FONT_DIR / "DejaVuSansCondensed.ttf"

Box = tuple[float, float, float, float]
MAX_PRINTED_CHARS = 80


@lru_cache(maxsize=None)
def _font_bytes(bold: bool) -> bytes:
    return (BOLD if bold else REGULAR).read_bytes()


@lru_cache(maxsize=512)
def font(size: int, bold: bool = True) -> ImageFont.FreeTypeFont:
    """The bundled font at ``size`` pixels (em height)."""
    import io
    return ImageFont.truetype(io.BytesIO(_font_bytes(bold)), max(1, int(size)))


@lru_cache(maxsize=8192)
def text_size(text: str, size: int, bold: bool = True) -> tuple[int, int]:
    """Width and height of the ink of ``text`` at ``size``."""
    l, t, r, b = (int(v) for v in font(size, bold).getbbox(text))      # ints already: Pillow's FreeType box
    return r - l, b - t


@lru_cache(maxsize=8192)
def fit_size(text: str, width: int, height: int, bold: bool = True, cap_ratio: float = 1.0) -> int:
    """The largest font size whose rendering of ``text`` fits ``width`` x ``height`` pixels.

    ``height`` is compared with the font's cap height (``cap_ratio`` of the em is about 0.73
    for digits and capitals), so digits fill a value box the way printed counters do."""
    if not text:
        return 1
    size = max(1, int(height / cap_ratio))
    while size > 1:
        w, h = text_size(text, size, bold)
        if w <= width and h <= height:
            return size
        size = max(1, min(size - 1, int(size * 0.93)))
    return 1


@lru_cache(maxsize=16384)
def text_mask(text: str, size: int, bold: bool = True) -> tuple[Image.Image, int, int]:
    """The anti-aliased ink of ``text`` as an "L" mask, with its offset from the text origin
    (cached: counters print the same few digits and names again and again)."""
    f = font(size, bold)
    l, t, r, b = (int(v) for v in f.getbbox(text))
    w, h = max(1, r - l), max(1, b - t)
    im = Image.new("L", (w, h), 0)
    ImageDraw.Draw(im).text((-l, -t), text, font=f, fill=255)
    return im, l, t


def draw_text(draw: Drawing, box: Box, text: str, fill, *, bold: bool = True,
              max_size: int | None = None, anchor: str = "mm") -> int:
    """Draw ``text`` as large as fits in ``box`` (centred by default; "lm"/"rm" align left or
    right), its ink box centred vertically. Returns the font size used."""
    x0, y0, x1, y1 = box
    w, h = int(x1 - x0), int(y1 - y0)
    text = printable(text, bold)
    if len(text) > MAX_PRINTED_CHARS:          # no counter or box prints more: keep fitting cheap
        text = text[:MAX_PRINTED_CHARS - 1] + "…"
    if w <= 0 or h <= 0 or not text:
        return 0
    size = fit_size(text, w, h, bold, 0.74)
    if max_size is not None:
        size = max(1, min(size, max_size))
    mask, l, t = text_mask(text, size, bold)
    mw, mh = mask.size
    if anchor == "lm":
        x = x0
    elif anchor == "rm":
        x = x1 - mw
    else:
        x = (x0 + x1) / 2 - mw / 2
    y = (y0 + y1) / 2 - mh / 2
    if not isinstance(draw, ImageDraw.ImageDraw):     # a vector face: the text itself, its ink where the bitmap's is
        draw.text_run(text, size, bold, (x - l, y - t), fill)
        return size
    draw.bitmap((round(x), round(y)), mask, fill=fill)
    return size


@lru_cache(maxsize=4096)
def has_glyph(ch: str, bold: bool = True) -> bool:
    """Whether the bundled font draws ``ch`` (not the empty box of a missing glyph)."""
    if ch.isascii():
        return True
    missing = text_mask("\ue000", 40, bold)[0]
    got = text_mask(ch, 40, bold)[0]
    return got.size != missing.size or got.tobytes() != missing.tobytes()


def printable(text: str, bold: bool = True) -> str:
    """``text`` without the characters the bundled font lacks (CJK notes in a kit, say),
    instead of drawing them as empty boxes."""
    if text.isascii():
        return text
    out = "".join(ch for ch in text if ch.isspace() or has_glyph(ch, bold))
    out = out.replace("()", "").replace("[]", "")
    return " ".join(out.split())
