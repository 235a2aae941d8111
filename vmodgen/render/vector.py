"""Counter faces as vector drawing: :class:`VectorDraw` takes the calls the layouts make on a
Pillow ``ImageDraw`` (rectangle, ellipse, line, polygon, rounded rectangle, arc; text through
:func:`vmodgen.render.text.draw_text`) and records them as shapes and text runs, which
:func:`replay` draws into an fpdf2 page. The same layout code thus makes the module's PNGs and
the print sheet's vectors, and the sheet's text is text (the bundled DejaVu font, embedded)."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from PIL import Image

from .colors import rgb
from .text import current_face, font, font_path

Pt = tuple[float, float]


@dataclass
class VectorDraw:
    """A recording ``ImageDraw`` stand-in, in the units of a ``side`` x ``side`` face."""
    side: float
    ops: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    is_vector: bool = True

    # -- the ImageDraw methods the layouts use
    def rectangle(self, box, fill=None, outline=None, width: int = 1) -> None:
        self.ops.append(("rect", dict(box=_box(box), fill=_c(fill), outline=_c(outline), width=width)))

    def ellipse(self, box, fill=None, outline=None, width: int = 1) -> None:
        self.ops.append(("ellipse", dict(box=_box(box), fill=_c(fill), outline=_c(outline), width=width)))

    def rounded_rectangle(self, box, radius: float = 0, fill=None, outline=None, width: int = 1) -> None:
        self.ops.append(("rrect", dict(box=_box(box), radius=radius, fill=_c(fill), outline=_c(outline),
                                       width=width)))

    def line(self, xy, fill=None, width: int = 1, joint=None) -> None:
        self.ops.append(("line", dict(points=_points(xy), color=_c(fill), width=width)))

    def polygon(self, xy, fill=None, outline=None, width: int = 1) -> None:
        self.ops.append(("polygon", dict(points=_points(xy), fill=_c(fill), outline=_c(outline), width=width)))

    def arc(self, box, start: float, end: float, fill=None, width: int = 1) -> None:
        x0, y0, x1, y1 = _box(box)
        cx, cy, rx, ry = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2
        if end < start:
            end += 360
        n = max(4, int((end - start) / 6))
        pts = [(cx + rx * math.cos(math.radians(start + (end - start) * i / n)),
                cy + ry * math.sin(math.radians(start + (end - start) * i / n))) for i in range(n + 1)]
        self.ops.append(("line", dict(points=pts, color=_c(fill), width=width)))

    def bitmap(self, xy, bitmap, fill=None) -> None:      # only text draws bitmaps: kept as an image
        self.ops.append(("mask", dict(at=tuple(xy), mask=bitmap.copy(), color=_c(fill))))

    # -- text as text and images
    def text_run(self, text: str, size: int, bold: bool, origin: Pt, fill) -> None:
        """``text`` at Pillow's ``size`` with its left/ascender origin at ``origin``."""
        ascent = font(size, bold).getmetrics()[0]
        self.ops.append(("text", dict(text=text, size=size, bold=bold, x=origin[0], baseline=origin[1] + ascent,
                                      color=_c(fill))))

    def paste(self, im: Image.Image, xy, mask=None) -> None:
        self.place(im, xy[0], xy[1], im.width, im.height)

    def place(self, im: Image.Image, x: float, y: float, w: float, h: float) -> None:
        self.ops.append(("image", dict(image=im, x=x, y=y, w=w, h=h)))


def _c(color):
    return None if color is None else tuple(rgb(color))[:3]


def _box(box) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = (float(v) for v in box)
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def _points(xy) -> list[Pt]:
    xy = list(xy)
    if xy and not isinstance(xy[0], (tuple, list)):
        xy = list(zip(xy[0::2], xy[1::2]))
    return [(float(x), float(y)) for x, y in xy]


FONT_NAMES = {True: "vmg-bold", False: "vmg-regular"}


def add_fonts(pdf) -> None:
    """Embed the font in use in an fpdf2 document: the bundled DejaVu Sans Condensed (bold and
    regular), or the kit's own font file for both."""
    face = current_face()
    pdf.add_font(FONT_NAMES[True], "", font_path(True, face))
    pdf.add_font(FONT_NAMES[False], "", font_path(False, face))


def replay(pdf, ops: list[tuple[str, dict]], x: float, y: float, scale: float, clip: bool = True) -> None:
    """Draw recorded ``ops`` on the current fpdf2 page, face origin at (x, y) mm, ``scale`` mm per unit."""
    def X(v: float) -> float:
        return x + v * scale

    def Y(v: float) -> float:
        return y + v * scale

    def stroke(color, width) -> None:
        pdf.set_draw_color(*color)
        pdf.set_line_width(max(0.05, width * scale))

    for kind, a in ops:
        if kind in ("rect", "ellipse", "rrect"):
            x0, y0, x1, y1 = a["box"]
            w = a["width"] if a["outline"] else 0
            if a["fill"] is not None:
                pdf.set_fill_color(*a["fill"])
                _shape(pdf, kind, X(x0), Y(y0), (x1 - x0) * scale, (y1 - y0) * scale, "F", a.get("radius", 0) * scale)
            if a["outline"] is not None:      # Pillow strokes inside the box: the line's centre is w/2 in
                stroke(a["outline"], w)
                h = w / 2
                _shape(pdf, kind, X(x0 + h), Y(y0 + h), (x1 - x0 - w) * scale, (y1 - y0 - w) * scale, "D",
                       max(0, a.get("radius", 0) - h) * scale)
        elif kind == "line":
            if a["color"] is None or len(a["points"]) < 2:
                continue
            stroke(a["color"], a["width"])
            pdf.polyline([(X(px), Y(py)) for px, py in a["points"]], style="D")
        elif kind == "polygon":
            pts = [(X(px), Y(py)) for px, py in a["points"]]
            if a["fill"] is not None:
                pdf.set_fill_color(*a["fill"])
                pdf.polygon(pts, style="F")
            if a["outline"] is not None:
                stroke(a["outline"], a["width"])
                pdf.polygon(pts, style="D")
        elif kind == "text":
            pdf.set_text_color(*a["color"])
            pdf.set_font(FONT_NAMES[a["bold"]], size=a["size"] * scale / (25.4 / 72))
            pdf.text(X(a["x"]), Y(a["baseline"]), a["text"])
        elif kind == "image":
            pdf.image(a["image"], X(a["x"]), Y(a["y"]), a["w"] * scale, a["h"] * scale)
        elif kind == "mask":
            m = a["mask"]
            im = Image.new("RGBA", m.size, a["color"] + (0,))
            im.putalpha(m)
            pdf.image(im, X(a["at"][0]), Y(a["at"][1]), m.width * scale, m.height * scale)


def _shape(pdf, kind: str, x: float, y: float, w: float, h: float, style: str, radius: float) -> None:
    if w <= 0 or h <= 0:
        return
    if kind == "rect":
        pdf.rect(x, y, w, h, style=style)
    elif kind == "ellipse":
        pdf.ellipse(x, y, w, h, style=style)
    else:
        pdf.rect(x, y, w, h, style=style, round_corners=radius > 0, corner_radius=radius)
