"""The print-and-play counter sheet as a vector PDF (fpdf2): every counter at its true size
(the kit's ``counter_size_mm``, or a size given), drawn by the layouts as shapes and text (the
text is text, in the embedded DejaVu font; a unit's own art is an image), on A4 or Letter.

Each sheet is a page of fronts followed by the page of their backs, the columns mirrored so that
the two sides line up when the sheet is printed double-sided, flipping on the long edge. The
counter block is centred on the page, so mirroring maps it onto itself; the registration marks
(a circle and cross left and right of the block, at the same height) are symmetric too, so on a
duplex print, held against the light, each front mark covers its back mark. Counters abut and
share their cut lines; the block's outer counters bleed ``bleed_mm`` past the outer cut lines;
cut marks in the margin at every cut line, clear of the bleed. A footnote says when values are
illustrative. Dates are fixed, so the same kit gives the same bytes.
"""
from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from ..model.game import Game
from ..model.unit import Unit
from ..safeio import write_bytes_atomic
from .counters import VECTOR_UNITS, vector_spec
from .face import face_spec, marker_spec
from .layout_data import game_layout
from .text import printable, use_font
from .vector import FONT_NAMES, add_fonts, replay

PAGES_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
MARGIN_MM = 12.0
HEADER_MM = 10.0
FOOTER_MM = 14.0
MARK_MM = 4.0
REG_MM = 3.0                  # radius of a registration mark
MAX_PAGES = 500
FIXED_DATE = datetime.datetime(2000, 1, 1, tzinfo=datetime.timezone.utc)


@dataclass(frozen=True)
class SheetGeometry:
    """Where the counters go on every page of a sheet (mm, origin top-left)."""
    page: tuple[float, float]
    counter: float
    cols: int
    rows: int
    left: float               # the block's left edge
    top: float
    bleed: float

    def cell(self, i: int, back: bool) -> tuple[float, float]:
        """Top-left corner of slot ``i`` on the fronts page (or, ``back``, on the backs page)."""
        r, c = divmod(i, self.cols)
        if back:
            c = self.cols - 1 - c
        return self.left + c * self.counter, self.top + r * self.counter

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    def registration(self, rows_used: int) -> list[tuple[float, float]]:
        """The registration marks' centres: left and right of the block, mirror images."""
        y = self.top + rows_used * self.counter / 2
        dx = self.bleed + MARK_MM + REG_MM + 3
        return [(self.left - dx, y), (self.page[0] - (self.left - dx), y)]


def sheet_geometry(counter_mm: float, page: str = "a4", bleed_mm: float = 1.0) -> SheetGeometry:
    if page.lower() not in PAGES_MM:
        raise ValueError(f"unknown page size '{page}' (known: {', '.join(PAGES_MM)})")
    pw, ph = PAGES_MM[page.lower()]
    side_room = MARGIN_MM + bleed_mm + MARK_MM + 2 * REG_MM + 4
    cols = int((pw - 2 * side_room) // counter_mm)
    rows = int((ph - 2 * MARGIN_MM - HEADER_MM - FOOTER_MM - 2 * (bleed_mm + MARK_MM + 1)) // counter_mm)
    if cols < 1 or rows < 1:
        raise ValueError(f"a {counter_mm} mm counter does not fit on a {page} page")
    left = (pw - cols * counter_mm) / 2
    top = MARGIN_MM + HEADER_MM + bleed_mm + MARK_MM + 1
    return SheetGeometry((pw, ph), counter_mm, cols, rows, left, top, bleed_mm)


def _faces(game: Game, units: list[Unit], markers: bool) -> list[tuple]:
    """(front spec, back spec, illustrative) of every counter, then of each marker."""
    out = []
    for u in units:
        f, b = face_spec(game, u, "front"), face_spec(game, u, "back")
        out.append((f, b, f.illustrative or b.illustrative))
    if markers:
        for m in game.markers.values():
            out.append((marker_spec(game, m), marker_spec(game, m, "back"), False))
    return out


def counter_sheet_pdf(game: Game, units: Iterable[Unit], *, page: str = "a4", counter_mm: float | None = None,
                      bleed_mm: float = 1.0, markers: bool = True, title: str | None = None) -> bytes:
    """The vector PDF of ``units`` (and the game's markers), in the game's font."""
    with use_font(game_layout(game).font_file):
        return _counter_sheet_pdf(game, units, page, counter_mm, bleed_mm, markers, title)


def _counter_sheet_pdf(game: Game, units: Iterable[Unit], page: str, counter_mm: float | None,
                       bleed_mm: float, markers: bool, title: str | None) -> bytes:
    from fpdf import FPDF
    faces = _faces(game, list(units), markers)
    if not faces:
        raise ValueError("nothing to print: no units and no markers")
    size = float(counter_mm or game.counter_size_mm)
    geo = sheet_geometry(size, page, bleed_mm)
    sheets = -(-len(faces) // geo.per_page)
    if 2 * sheets > MAX_PAGES:
        raise ValueError(f"{2 * sheets} pages is more than the limit of {MAX_PAGES}")
    title = printable(title or f"{game.name}: counter sheet")
    pdf = FPDF(unit="mm", format=geo.page)
    pdf.set_auto_page_break(False)
    pdf.set_creation_date(FIXED_DATE)
    pdf.set_title(title)
    pdf.set_author("vmodgen")
    pdf.set_creator("vmodgen")
    pdf.set_producer("vmodgen")
    add_fonts(pdf)
    scale = size / VECTOR_UNITS
    note = ""
    if any(f[2] for f in faces):
        note = printable("Counters marked (i) carry illustrative values, not the rulebook's. "
                         + (game.illustrative_note or ""))
    vectors: dict[int, object] = {}
    for s in range(sheets):
        chunk = faces[s * geo.per_page:(s + 1) * geo.per_page]
        rows_used = -(-len(chunk) // geo.cols)
        for back in (False, True):
            pdf.add_page()
            # bleed: each counter's background a little larger, under every face
            for i, face in enumerate(chunk):
                spec = face[1 if back else 0]
                x, y = geo.cell(i, back)
                ops = _vector(vectors, spec)
                fill = ops.ops[0][1]["fill"]
                pdf.set_fill_color(*fill)
                pdf.rect(x - bleed_mm, y - bleed_mm, size + 2 * bleed_mm, size + 2 * bleed_mm, style="F")
            for i, face in enumerate(chunk):
                spec = face[1 if back else 0]
                x, y = geo.cell(i, back)
                replay(pdf, _vector(vectors, spec).ops, x, y, scale)
            _cut_marks(pdf, geo, rows_used)
            _registration(pdf, geo, rows_used)
            side = ("fronts" if not back else
                    "backs, mirrored: print double-sided, flipping on the long edge")
            pdf.set_text_color(0, 0, 0)
            pdf.set_font(FONT_NAMES[True], size=10)
            pdf.text(MARGIN_MM, MARGIN_MM + 3, f"{title[:90]} - sheet {s + 1} of {sheets}")
            pdf.set_font(FONT_NAMES[False], size=7)
            pdf.text(MARGIN_MM, MARGIN_MM + 7, f"{side}; counters {size:g} mm ({size / 25.4:.3g} in), "
                                                f"page {page.upper()}: print at 100% (no scaling)")
            if note:
                pdf.set_text_color(120, 30, 20)
                pdf.set_xy(MARGIN_MM, geo.page[1] - MARGIN_MM - FOOTER_MM + 3)
                pdf.multi_cell(geo.page[0] - 2 * MARGIN_MM, 3, note[:600])
    return bytes(pdf.output())


def _vector(cache: dict, spec):
    key = id(spec)
    if key not in cache:
        cache[key] = vector_spec(spec)
    return cache[key]


def _cut_marks(pdf, geo: SheetGeometry, rows: int) -> None:
    """Marks at every cut line, in the margin beyond the bleed (never over a counter)."""
    pdf.set_draw_color(0, 0, 0)
    pdf.set_line_width(0.15)
    gap = geo.bleed + 0.5
    x0, y0 = geo.left, geo.top
    x1, y1 = x0 + geo.cols * geo.counter, y0 + rows * geo.counter
    for k in range(geo.cols + 1):
        x = x0 + k * geo.counter
        pdf.line(x, y0 - gap - MARK_MM, x, y0 - gap)
        pdf.line(x, y1 + gap, x, y1 + gap + MARK_MM)
    for k in range(rows + 1):
        y = y0 + k * geo.counter
        pdf.line(x0 - gap - MARK_MM, y, x0 - gap, y)
        pdf.line(x1 + gap, y, x1 + gap + MARK_MM, y)


def _registration(pdf, geo: SheetGeometry, rows: int) -> None:
    pdf.set_draw_color(0, 0, 0)
    pdf.set_line_width(0.15)
    for cx, cy in geo.registration(rows):
        pdf.ellipse(cx - REG_MM, cy - REG_MM, 2 * REG_MM, 2 * REG_MM, style="D")
        pdf.line(cx - REG_MM - 1, cy, cx + REG_MM + 1, cy)
        pdf.line(cx, cy - REG_MM - 1, cx, cy + REG_MM + 1)


def write_counter_sheet(game: Game, units: Iterable[Unit], path: str | Path, **kw) -> bytes:
    """:func:`counter_sheet_pdf` written atomically to ``path``."""
    data = counter_sheet_pdf(game, units, **kw)
    write_bytes_atomic(path, data)
    return data
