"""Text on counters and maps with the bundled DejaVu font (never a system font), or the font
file a kit names in its ``[layout]`` (``font_file``, e.g. one with Japanese glyphs): drawing code
runs inside :func:`use_font`, and every cached measure is keyed by the font in use.

Fonts are loaded once per (weight, size, font); :func:`fit_font` picks the largest size that fits
a box so a long unit name shrinks instead of spilling over the counter edge.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from contextlib import contextmanager
from contextvars import ContextVar
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


#: the font file text is drawn with ("" = the bundled DejaVu); set by :func:`use_font`
_FONT_FILE: ContextVar[str] = ContextVar("vmodgen_font_file", default="")


@contextmanager
def use_font(font_file: str = "") -> Iterator[None]:
    """Draw with ``font_file`` (a kit's TrueType/OpenType file as ``path#digest``, see
    ``LayoutData.font_file``; "" = the bundled DejaVu) inside the block. It serves both weights."""
    token = _FONT_FILE.set(font_file or "")
    try:
        yield
    finally:
        _FONT_FILE.reset(token)


def current_face() -> str:
    """The key of the font in use (``path#digest``, "" = the bundled DejaVu): every cache of
    something measured with the font is keyed by it too."""
    return _FONT_FILE.get()


@lru_cache(maxsize=None)
def font_path(bold: bool, face: str = "") -> str:
    """The file of ``face`` (the bundled DejaVu of that weight for ""), checked once per process:
    a kit's font must still be the file the kit was loaded with (its digest), as the
    module's other inputs are."""
    if not face:
        return str(BOLD if bold else REGULAR)
    import hashlib
    from ..errors import InputError
    from ..model.load_game import MAX_FONT_BYTES
    from ..safeio import read_bytes
    path, _, digest = face.rpartition("#")
    if hashlib.sha256(read_bytes(path, MAX_FONT_BYTES, "font file")).hexdigest()[:16] != digest:
        raise InputError(path, "the font file changed while vmodgen was using it; run the command again")
    return path


def font(size: int, bold: bool = True) -> ImageFont.FreeTypeFont:
    """The font in use at ``size`` pixels (em height)."""
    return _font(size, bold, _FONT_FILE.get())


@lru_cache(maxsize=512)
def _font(size: int, bold: bool, face: str) -> ImageFont.FreeTypeFont:
    # by its path, not its bytes: Pillow copies a font given as bytes into every size's object
    # (a 6 MB CJK font at a hundred sizes is 600 MB); FreeType reads a file as it needs it
    return ImageFont.truetype(font_path(bold, face), max(1, int(size)))


def text_size(text: str, size: int, bold: bool = True) -> tuple[int, int]:
    """Width and height of the ink of ``text`` at ``size``."""
    return _text_size(text, size, bold, _FONT_FILE.get())


@lru_cache(maxsize=8192)
def _text_size(text: str, size: int, bold: bool, face: str) -> tuple[int, int]:
    l, t, r, b = (int(v) for v in _font(size, bold, face).getbbox(text))    # ints already: Pillow's FreeType box
    return r - l, b - t


def fit_size(text: str, width: int, height: int, bold: bool = True, cap_ratio: float = 1.0) -> int:
    """The largest font size whose rendering of ``text`` fits ``width`` x ``height`` pixels.

    ``height`` is compared with the font's cap height (``cap_ratio`` of the em is about 0.73
    for digits and capitals), so digits fill a value box the way printed counters do."""
    return _fit_size(text, width, height, bold, cap_ratio, _FONT_FILE.get())


@lru_cache(maxsize=8192)
def _fit_size(text: str, width: int, height: int, bold: bool, cap_ratio: float, face: str) -> int:
    """The largest font size whose rendering of ``text`` fits ``width`` x ``height`` pixels.

    ``height`` is compared with the font's cap height (``cap_ratio`` of the em is about 0.73
    for digits and capitals), so digits fill a value box the way printed counters do."""
    if not text:
        return 1
    size = max(1, int(height / cap_ratio))
    while size > 1:
        w, h = _text_size(text, size, bold, face)
        if w <= width and h <= height:
            return size
        size = max(1, min(size - 1, int(size * 0.93)))
    return 1


def text_mask(text: str, size: int, bold: bool = True) -> tuple[Image.Image, int, int]:
    """The anti-aliased ink of ``text`` as an "L" mask, with its offset from the text origin
    (cached: counters print the same few digits and names again and again)."""
    return _text_mask(text, size, bold, _FONT_FILE.get())


@lru_cache(maxsize=16384)
def _text_mask(text: str, size: int, bold: bool, face: str) -> tuple[Image.Image, int, int]:
    f = _font(size, bold, face)
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


def has_glyph(ch: str, bold: bool = True) -> bool:
    """Whether the font in use draws ``ch`` (not the empty box of a missing glyph)."""
    return _has_glyph(ch, bold, _FONT_FILE.get())


@lru_cache(maxsize=4096)
def _has_glyph(ch: str, bold: bool, face: str) -> bool:
    return ord(ch) in _mapped(bold, face)


@lru_cache(maxsize=8)
def _mapped(bold: bool, face: str) -> frozenset[int]:
    """The code points the font's Unicode character map gives a glyph (what FreeType draws; the
    rest it draws as the empty box of a missing glyph). fontTools is fpdf2's, declared too."""
    from fontTools.ttLib import TTFont
    with TTFont(font_path(bold, face), lazy=True, fontNumber=0) as tt:      # a collection's first font, as Pillow's
        return frozenset(tt.getBestCmap() or ())


def printable(text: str, bold: bool = True) -> str:
    """``text`` without the characters the font in use lacks (CJK notes in a kit, say),
    instead of drawing them as empty boxes."""
    if text.isascii() and not _FONT_FILE.get():      # DejaVu draws every printable ASCII character
        return text
    out = "".join(ch for ch in text if ch.isspace() or has_glyph(ch, bold))
    out = out.replace("()", "").replace("[]", "")
    return " ".join(out.split())
