"""Print-and-play counter sheets: a PDF at true counter size, each page of fronts followed by
the page of their backs, mirrored left to right so that the two sides line up when the
sheet is printed double-sided (flip on the long edge), with cut marks, a title and, when some
values are illustrative, a footnote saying so.

The PDF is deterministic: its dates are fixed (``SOURCE_DATE_EPOCH`` when set, else 1 Jan 2000).
"""
from __future__ import annotations

import io
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

from PIL import Image, ImageDraw

from ..model.game import Game
from ..model.unit import Unit
from ..safeio import write_bytes_atomic
from .counters import MM_PER_INCH, counter_px, render_counter, render_marker
from .text import font, printable

PAGES_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4), "a3": (297.0, 420.0)}
MARGIN_MM = 12.0
HEADER_MM = 12.0
FOOTER_MM = 16.0
NOTE_LINES = 5
MARK_MM = 4.0                   # length of a cut mark
MAX_PAGES = 500
FIXED_EPOCH = 946684800         # 2000-01-01T00:00:00Z


@dataclass(frozen=True)
class Piece:
    """One counter of the sheet: how to draw its front and its back at a pixel size."""
    name: str
    front: Callable[[int], Image.Image]
    back: Callable[[int], Image.Image]
    illustrative: bool = False


def pieces(game: Game, units: Iterable[Unit], markers: bool = True,
           render: Callable | None = None) -> list[Piece]:
    """The pieces of a counter sheet: every unit (both sides; one-sided units get their blank
    back) then, with ``markers``, one of each marker (the same face on both sides)."""
    draw = render or render_counter
    out = []
    for u in units:
        out.append(Piece(u.id, lambda px, u=u: draw(game, u, "front", px),
                         lambda px, u=u: draw(game, u, "back", px),
                         any(c.startswith(("front.", "back.")) or c == "*" for c in u.illustrative)))
    if markers:
        for m in game.markers.values():
            out.append(Piece(m.id, lambda px, m=m: render_marker(game, m, px),
                             lambda px, m=m: render_marker(game, m, px, "back")))
    return out


def _mm(v: float, dpi: float) -> int:
    return round(v / MM_PER_INCH * dpi)


def _source_date() -> time.struct_time:
    try:
        epoch = int(os.environ.get("SOURCE_DATE_EPOCH", FIXED_EPOCH))
    except ValueError:
        epoch = FIXED_EPOCH
    return time.gmtime(max(0, epoch))


def _wrap(text: str, f, width: float) -> list[str]:
    text = printable(text)
    out, line = [], ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if f.getlength(trial) <= width or not line:
            line = trial
        else:
            out.append(line)
            line = word
    if line:
        out.append(line)
    return out


def sheet_pages(game: Game, items: list[Piece], *, dpi: int = 300, page: str = "a4",
                title: str | None = None, note: str | None = None) -> list[Image.Image]:
    """The pages (RGB, ``dpi``): fronts, backs, fronts, backs..."""
    if page.lower() not in PAGES_MM:
        raise ValueError(f"unknown page size '{page}' (known: {', '.join(PAGES_MM)})")
    if not 30 <= dpi <= 1200:
        raise ValueError(f"dpi {dpi} is outside 30..1200")
    pw, ph = (_mm(v, dpi) for v in PAGES_MM[page.lower()])
    c = counter_px(game, dpi)
    margin, header, footer = _mm(MARGIN_MM, dpi), _mm(HEADER_MM, dpi), _mm(FOOTER_MM, dpi)
    cols = max(1, (pw - 2 * margin) // c)
    rows = max(1, (ph - 2 * margin - header - footer) // c)
    per_page = cols * rows
    n_sheets = max(1, -(-len(items) // per_page))
    if 2 * n_sheets > MAX_PAGES:
        raise ValueError(f"{2 * n_sheets} pages is more than the limit of {MAX_PAGES}")
    gx = (pw - cols * c) // 2                  # centred, so the backs' grid is its own mirror
    gy = margin + header
    title = title or f"{game.name}: counter sheet"
    illustrative = any(p.illustrative for p in items)
    if note is None and illustrative:
        note = ("Counters marked (i) carry illustrative values, not the rulebook's. "
                + (game.illustrative_note or ""))
    f_title = font(_mm(4.2, dpi), bold=True)
    f_note = font(_mm(2.4, dpi), bold=False)
    out = []
    for s in range(n_sheets):
        chunk = items[s * per_page:(s + 1) * per_page]
        for side in ("front", "back"):
            im = Image.new("RGB", (pw, ph), (255, 255, 255))
            d = ImageDraw.Draw(im)
            for i, piece in enumerate(chunk):
                r, col = divmod(i, cols)
                if side == "back":
                    col = cols - 1 - col
                face = (piece.front if side == "front" else piece.back)(c)
                im.paste(face, (gx + col * c, gy + r * c))
            used_rows = -(-len(chunk) // cols)
            _cut_marks(d, gx, gy, c, cols, used_rows, _mm(MARK_MM, dpi), max(1, dpi // 150))
            head = (f"{title} - sheet {s + 1} of {n_sheets}, "
                    + ("fronts" if side == "front" else "backs, mirrored (print double-sided, flip on the long edge)"))
            head = printable(head)
            ft = f_title
            if ft.getlength(head) > pw - 2 * margin:
                ft = font(max(6, int(f_title.size * (pw - 2 * margin) / ft.getlength(head))), bold=True)
            d.text((margin, margin), head, font=ft, fill=(0, 0, 0), anchor="lt")
            if note:
                y = ph - margin - footer + _mm(2, dpi)
                lines = _wrap(note, f_note, pw - 2 * margin)
                if len(lines) > NOTE_LINES:
                    lines = lines[:NOTE_LINES]
                    lines[-1] = lines[-1].rstrip(".") + " ..."
                for line in lines:
                    d.text((margin, y), line, font=f_note, fill=(120, 30, 20), anchor="lt")
                    y += f_note.size * 1.2
            out.append(im)
    return out


def _cut_marks(d: ImageDraw.ImageDraw, gx: int, gy: int, c: int, cols: int, rows: int,
               length: int, width: int) -> None:
    """Marks in the margin at every cut line of the counter grid (never over the counters)."""
    black = (0, 0, 0)
    gap = max(2, length // 4)
    right, bottom = gx + cols * c, gy + rows * c
    for k in range(cols + 1):
        x = gx + k * c
        d.line([(x, gy - gap - length), (x, gy - gap)], fill=black, width=width)
        d.line([(x, bottom + gap), (x, bottom + gap + length)], fill=black, width=width)
    for k in range(rows + 1):
        y = gy + k * c
        d.line([(gx - gap - length, y), (gx - gap, y)], fill=black, width=width)
        d.line([(right + gap, y), (right + gap + length, y)], fill=black, width=width)


def pdf_bytes(pages: list[Image.Image], dpi: int, title: str) -> bytes:
    """A multi-page PDF of ``pages`` at ``dpi``, with fixed metadata (same pages, same bytes)."""
    buf = io.BytesIO()
    when = _source_date()
    pages[0].save(buf, "PDF", save_all=True, append_images=pages[1:], resolution=float(dpi),
                  title=title, author="vmodgen", creator="vmodgen", producer="vmodgen",
                  creationDate=when, modDate=when, quality=92)
    return buf.getvalue()


def render_counter_sheet(game: Game, units: Iterable[Unit], path: str | Path | None = None, *,
                         dpi: int = 300, page: str = "a4", markers: bool = True,
                         title: str | None = None) -> bytes:
    """The print-and-play PDF of ``units`` (and the game's markers); written atomically to
    ``path`` when given. Returns the PDF bytes."""
    items = pieces(game, list(units), markers)
    if not items:
        raise ValueError("nothing to print: no units and no markers")
    pages = sheet_pages(game, items, dpi=dpi, page=page, title=title)
    data = pdf_bytes(pages, dpi, title or f"{game.name} counter sheet")
    if path is not None:
        write_bytes_atomic(path, data)
    return data
