"""What a counter face shows (:class:`FaceSpec`, resolved from the game and the unit) and the
canvas it is drawn on (:class:`Face`), with the drawing helpers every layout shares.

A ``FaceSpec`` holds everything that decides the pixels, so its ``repr`` is the cache key.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from ..model.game import Game, Marker
from ..model.layout import LayoutData
from ..model.unit import Unit
from .art import paste_art
from .colors import RGB, darker, ink_on, lighter, rgb
from .layout_data import game_layout
from .symbols import draw_size_mark, draw_symbol, is_silhouette, supersample_for
from .text import MAX_PRINTED_CHARS, Box, current_face, draw_text, fit_size, text_size

if TYPE_CHECKING:
    from .surface import Canvas, Drawing

#: bump when anything in this module or counters.py changes the pixels (part of the cache key)
CORE_VERSION = "3"

Values = tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class FaceSpec:
    """One counter face, resolved: the layout reads only this."""
    layout: str
    side: str                          # "front" or "back"
    label: str                         # the printed unit ID / name
    values: Values = ()                # (field id, printed text) in the game's field order
    symbol: str = "none"
    size_mark: str = ""
    kind: str = "ground"               # the unit type's kind: ground, air, naval, hq, ...
    type_id: str = ""
    movement_class: str = ""
    background: str = "#c0c0c0"
    text_color: str = "#000000"
    band: str = ""                     # formation colour, "" = none
    faction: str = ""                  # the side id
    nationality: str = ""
    formation: str = ""
    flags: tuple[str, ...] = ()
    steps: int = 1
    two_sided: bool = True
    reduced: bool = False              # the back of a two-sided unit
    blank: bool = False                # the back of a one-sided unit: nothing printed
    illustrative: bool = False         # some printed value is not the rulebook's
    extra: tuple[tuple[str, str], ...] = field(default=())   # layout-specific hints
    geometry: LayoutData = LayoutData()  # boxes, which values where, fonts, colours (layout data)
    art: str = ""                      # the unit's own image of this side (``path#digest``)

    @property
    def full_art(self) -> bool:
        """The unit's own image is the whole face."""
        return bool(self.art) and self.geometry.art == "face"

    def value(self, field_id: str) -> str:
        return next((v for k, v in self.values if k == field_id), "")

    def has(self, field_id: str) -> bool:
        return any(k == field_id for k, _ in self.values)

    @property
    def no_zoc(self) -> bool:
        return "no_zoc" in self.flags


_COPY_RE = re.compile(r"\s*\(\s*\d+\s+of\s+\d+\s*\)\s*$")


def printed_label(name: str) -> str:
    """The ID printed on a counter: the roster name without a trailing copy count
    ("III/100 Geb (2 of 4)" prints "III/100 Geb", like the identical counters of a printed mix)."""
    return _COPY_RE.sub("", name).strip() or name


def unit_label(unit: Unit) -> str:
    """The ID ``unit``'s counter prints: its short name, else its name without a copy count."""
    return unit.short_name or printed_label(unit.name or unit.id)


def _fmt(v) -> str:
    if v is None:
        return ""
    return str(v).strip()


#: roster columns that change what a face prints (for the illustrative mark)
_PRINTED = ("name", "type", "size", "nationality", "formation", "flags", "steps")


def face_spec(game: Game, unit: Unit, side: str = "front") -> FaceSpec:
    """Resolve what ``unit`` shows on ``side`` ("front" or "back") in ``game``."""
    if side not in ("front", "back"):
        raise ValueError(f"side must be 'front' or 'back', not {side!r}")
    ut = game.unit_types.get(unit.type)
    us = game.unit_sizes.get(unit.size)
    nat = game.nationalities.get(unit.nationality)
    form = game.formations.get(unit.formation)
    blank = side == "back" and unit.back is None
    source = unit.back if (side == "back" and unit.back is not None) else unit.front
    geometry = game_layout(game)
    values: list[tuple[str, str]] = []
    if not blank:
        for fid in game.fields:
            text = _fmt(source.get(fid))
            if text and fid not in geometry.hide:
                values.append((fid, text))
        for fid, v in source.items():       # fields the game does not declare, kept in roster order
            if fid not in game.fields and _fmt(v) and fid not in geometry.hide:
                values.append((fid, _fmt(v)))
    prefix = "back." if side == "back" else "front."
    illus = (not blank) and ("*" in unit.illustrative or any(
        c.startswith(prefix) or c in _PRINTED for c in unit.illustrative))
    return FaceSpec(
        layout=game.counter_layout or "generic", side=side,
        label=unit_label(unit),
        values=tuple(values), symbol=ut.symbol if ut else "none", size_mark=us.mark if us else "",
        kind=ut.kind if ut else "ground", type_id=unit.type,
        movement_class=unit.movement_class or (ut.movement_class if ut else ""),
        background=nat.color if nat else "#c0c0c0", text_color=nat.text_color if nat else "#000000",
        band=form.color if form else "", faction=unit.side, nationality=unit.nationality,
        formation=unit.formation, flags=tuple(sorted(unit.flags)), steps=unit.steps,
        two_sided=unit.back is not None, reduced=side == "back" and unit.back is not None,
        blank=blank, illustrative=illus, geometry=geometry,
        art=unit.art[0] if side == "front" else (unit.art[1] if not blank else ""),
    )


def marker_spec(game: Game, marker: Marker, side: str = "front") -> FaceSpec:
    return FaceSpec(layout=game.counter_layout or "generic", side=side, label=marker.name,
                    values=(("text", marker.text or marker.name),), symbol="marker", kind="marker",
                    type_id=marker.id, background=marker.color or "#ffffff",
                    text_color="#%02x%02x%02x" % ink_on(marker.color or "#ffffff"),
                    geometry=LayoutData(font_file=game_layout(game).font_file))    # only the game's font


class Face:
    """A square supersampled canvas for one face; layouts place things in fractions (0..1)."""

    def __init__(self, px: int, background: str | RGB, ss: int | None = None, vector: bool = False) -> None:
        self.px = px
        self.ss = 1 if vector else (ss or supersample_for(px))
        self.S = px * self.ss
        self.draw: Drawing
        self.image: Canvas
        if vector:      # shapes and text recorded for a PDF (vector.py); ``image`` takes pasted art
            from .vector import VectorDraw
            self.draw = self.image = VectorDraw(self.S)
            self.draw.rectangle((0, 0, self.S, self.S), fill=rgb(background))
        else:
            bitmap = Image.new("RGB", (self.S, self.S), rgb(background))
            self.image, self.draw = bitmap, ImageDraw.Draw(bitmap)

    def b(self, fbox: Box) -> Box:
        """A fractional box in canvas pixels."""
        S = self.S
        return (fbox[0] * S, fbox[1] * S, fbox[2] * S, fbox[3] * S)

    @property
    def lw(self) -> int:
        """The thin line width: about 1 final pixel at 75 px, thicker at print sizes."""
        return max(1, round(self.S * 0.014))

    def rect(self, fbox: Box, fill: str | RGB | None = None, outline: str | RGB | None = None,
             width: float = 1.0) -> None:
        self.draw.rectangle(self.b(fbox), fill=rgb(fill) if fill is not None else None,
                            outline=rgb(outline) if outline is not None else None,
                            width=max(1, round(self.lw * width)))

    def text(self, fbox: Box, text: str, color: str | RGB, bold: bool = True, size: int | None = None) -> int:
        return draw_text(self.draw, self.b(fbox), text, rgb(color), bold=bold, max_size=size)

    def fit(self, fbox: Box, text: str, bold: bool = True) -> int:
        x0, y0, x1, y1 = self.b(fbox)
        return fit_size(text, int(x1 - x0), int(y1 - y0), bold, 0.74)

    def finish(self) -> Image.Image:
        """The bitmap face at its final size (a vector face has none: its drawing is ``draw``)."""
        if not isinstance(self.image, Image.Image):
            raise TypeError("a vector face has no bitmap")
        return self.image.reduce(self.ss) if self.ss > 1 else self.image


# ---------------------------------------------------------------- shared pieces

def background_of(spec: FaceSpec) -> RGB:
    if spec.reduced or spec.blank:
        return lighter(spec.background, 0.4)
    return rgb(spec.background)


def draw_outline(face: Face, spec: FaceSpec) -> None:
    face.rect((0, 0, 1, 1), outline=darker(background_of(spec), 0.55), width=0.8)


def draw_label(face: Face, fbox: Box, spec: FaceSpec, color: str | RGB | None = None) -> None:
    face.text(fbox, spec.label, color if color is not None else spec.geometry.color("label", spec.text_color),
              bold=spec.geometry.bold)


def draw_unit_symbol(face: Face, spec: FaceSpec, fbox: Box, fill: str | RGB | None = None,
                     color: str | RGB | None = None) -> None:
    if spec.art:                      # the unit's own image in the symbol box
        paste_art(face.image, spec.art, face.b(fbox))
        return
    col = color if color is not None else spec.text_color
    if is_silhouette(spec.symbol):
        draw_symbol(face.draw, face.b(fbox), spec.symbol, color=col)
        return
    draw_symbol(face.draw, face.b(fbox), spec.symbol, color=col, fill=fill,
                lw=max(1, round(face.S * 0.02)))


def draw_mark(face: Face, spec: FaceSpec, fbox: Box, color: str | RGB | None = None) -> None:
    if spec.size_mark:
        draw_size_mark(face.draw, face.b(fbox), spec.size_mark,
                       color if color is not None else spec.text_color,
                       lw=max(1, round(face.S * 0.016)))


REF = 1000          # reference canvas for fractional text layout


@dataclass(frozen=True)
class Row:
    """A laid-out row of values: one box per value, the dashes between them and an optional
    superscript after the first value, all in fractions, with the font size as a fraction of
    the counter side."""
    boxes: tuple[Box, ...]
    dashes: tuple[Box, ...]
    sup: Box | None
    size: float
    sup_size: float


def layout_row(texts: tuple[str, ...], box: Box | None, sup: str = "", sup_after: int = 0,
               dash: bool = True, widen: tuple[int, float] | None = None, sup_pad: float = 0.0) -> Row:
    """Lay out ``texts`` as a printed value line (``3-3-5``, ``3⁴-1-3``) centred in ``box``,
    as large as the box allows, with the font in use. ``widen=(i, em)`` keeps ``em`` font sizes
    of room on each side of value ``i`` (for a circle or box printed around it)."""
    if box is None:
        raise ValueError("the counter layout has no 'row' box")
    return _layout_row(texts, box, sup, sup_after, dash, widen, sup_pad, current_face())


@lru_cache(maxsize=4096)
def _layout_row(texts: tuple[str, ...], box: Box, sup: str, sup_after: int, dash: bool,
                widen: tuple[int, float] | None, sup_pad: float, face: str) -> Row:
    """:func:`layout_row` measured with ``face``, the font in use (the cache is keyed by it: one
    kit's font must not lay out the next kit's counters)."""
    x0, y0, x1, y1 = box
    W, H = (x1 - x0) * REF, (y1 - y0) * REF
    size = max(2, int(H / 0.74))
    cap = MAX_PRINTED_CHARS
    texts = tuple(t if len(t) <= cap else t[:cap - 1] + "…" for t in texts)
    sup = sup if len(sup) <= cap else sup[:cap - 1] + "…"

    def widths(sz: int) -> tuple[list[float], float, float, int]:
        ws: list[float] = [text_size(t, sz)[0] for t in texts]
        if widen is not None and 0 <= widen[0] < len(ws):
            ws[widen[0]] = max(ws[widen[0]] + 2 * widen[1] * sz, 0.9 * sz)
        dw = sz * 0.5 if dash else sz * 0.3
        ssz = max(1, int(sz * 0.58))
        sw = (text_size(sup, ssz)[0] + sz * (0.08 + 2 * sup_pad)) if sup else 0.0
        return ws, dw, sw, ssz

    while size > 2:
        ws, dw, sw, ssz = widths(size)
        h = max([text_size(t, size)[1] for t in texts] or [0])
        total = sum(ws) + dw * max(0, len(texts) - 1) + sw
        if total <= W and h <= H:
            break
        size = max(2, min(size - 1, int(size * min(0.97, W / total if total else 1))))
    ws, dw, sw, ssz = widths(size)
    total = sum(ws) + dw * max(0, len(texts) - 1) + sw
    x = x0 * REF + (W - total) / 2
    pad = size * 0.04
    boxes, dashes = [], []
    sup_box = None
    for i, (t, w) in enumerate(zip(texts, ws)):
        boxes.append(((x - pad) / REF, y0, (x + w + pad) / REF, y1))
        x += w
        if sup and i == sup_after:
            sup_box = ((x + size * (0.04 + sup_pad)) / REF, y0 - (y1 - y0) * 0.08,
                       (x + sw + pad - size * sup_pad) / REF, y0 + (y1 - y0) * 0.5)
            x += sw
        if i < len(texts) - 1:
            dashes.append((x / REF, y0, (x + dw) / REF, y1))
            x += dw
    return Row(tuple(boxes), tuple(dashes) if dash else (), sup_box, size / REF, ssz / REF)


def draw_row(face: Face, row: Row, texts: tuple[str, ...] | list[str], color: str | RGB,
             sup: str = "") -> None:
    """Draw a row laid out by :func:`layout_row`."""
    col = rgb(color)
    S = face.S
    size = max(1, round(row.size * S))
    for b, t in zip(row.boxes, texts):
        face.text(b, t, col, size=size)
    for d in row.dashes:
        cx, cy = (d[0] + d[2]) / 2 * S, (d[1] + d[3]) / 2 * S
        half = size * 0.15
        face.draw.line([(cx - half, cy), (cx + half, cy)], fill=col, width=max(1, round(size * 0.1)))
    if sup and row.sup is not None:
        face.text(row.sup, sup, col, size=max(1, round(row.sup_size * S)))


#: where the illustrative mark goes: right of the size mark, clear of the ID and the values
ILLUSTRATIVE_BOX: Box = (0.835, 0.245, 0.965, 0.375)


def draw_illustrative_mark(face: Face, spec: FaceSpec, at: Box = ILLUSTRATIVE_BOX) -> None:
    """A small white disc with an italic-looking ``i``: values on this face are illustrative."""
    if not spec.illustrative:
        return
    x0, y0, x1, y1 = face.b(at)
    face.draw.ellipse((x0, y0, x1, y1), fill=(255, 255, 255), outline=(60, 60, 60),
                      width=max(1, round(face.lw * 0.6)))
    draw_text(face.draw, (x0 + (x1 - x0) * 0.2, y0 + (y1 - y0) * 0.16, x1 - (x1 - x0) * 0.2,
                          y1 - (y1 - y0) * 0.16), "i", (20, 20, 20))


def marker_regions(spec: FaceSpec) -> dict[str, Box]:
    """Where a marker prints its text (``text``) and, when short, its name (``name``)."""
    text = spec.value("text") or spec.label
    if spec.label != text and len(spec.label) <= 18:
        return {"name": (0.06, 0.08, 0.94, 0.26), "text": (0.08, 0.38, 0.92, 0.7)}
    return {"text": (0.08, 0.34, 0.92, 0.66)}


def draw_marker(face: Face, spec: FaceSpec) -> None:
    """A marker: its short text large in the middle, its name on top when it is short."""
    r = marker_regions(spec)
    if "name" in r:
        face.text(r["name"], spec.label, spec.text_color)
    face.text(r["text"], spec.value("text") or spec.label, spec.text_color)
    face.rect((0, 0, 1, 1), outline=darker(spec.background, 0.55), width=0.8)


def frame_regions(spec: "FaceSpec") -> dict[str, Box]:
    """The boxes every layout has: unit id, size mark, symbol, the illustrative mark, and the band
    and no-ZOC boxes when the counter shows them (a layout adds its values' boxes)."""
    g = spec.geometry
    out: dict[str, Box] = {k: g.need(k) for k in ("id", "size", "symbol")}
    out["illustrative"] = g.box("illustrative", ILLUSTRATIVE_BOX)
    band, nozoc = g.box("band"), g.box("nozoc")
    if spec.band and band:
        out["band"] = band
    if spec.no_zoc and nozoc:
        out["nozoc"] = nozoc
    return out
