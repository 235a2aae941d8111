"""A pen that draws in fractions of a box, shared by the unit symbols and the silhouettes."""
from __future__ import annotations

from typing import TYPE_CHECKING

from PIL import ImageDraw

from .colors import RGB, rgb
from .text import draw_text

if TYPE_CHECKING:
    from .surface import Drawing

Box = tuple[float, float, float, float]
Color = str | RGB


class Pen:
    """Draws in fractions of a box: (0, 0) is its top-left corner, (1, 1) its bottom-right."""

    def __init__(self, draw: Drawing, box: Box, color: Color, lw: int) -> None:
        self.draw, self.box, self.color, self.lw = draw, box, rgb(color), max(1, int(lw))
        self.w, self.h = box[2] - box[0], box[3] - box[1]

    def p(self, fx: float, fy: float) -> tuple[float, float]:
        return self.box[0] + fx * self.w, self.box[1] + fy * self.h

    def line(self, *pts: tuple[float, float], width: float = 1.0) -> None:
        self.draw.line([self.p(*q) for q in pts], fill=self.color, width=max(1, round(self.lw * width)),
                       joint="curve")

    def poly(self, *pts: tuple[float, float], fill: Color | None = None, outline: bool = False) -> None:
        self.draw.polygon([self.p(*q) for q in pts], fill=rgb(fill) if fill is not None else self.color,
                          outline=self.color if outline else None)

    def circle(self, fx: float, fy: float, r_h: float, *, filled: bool = True, width: float = 1.0) -> None:
        """A round circle centred at (fx, fy) with radius ``r_h`` times the box height."""
        cx, cy = self.p(fx, fy)
        r = r_h * self.h
        self.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=self.color if filled else None,
                          outline=None if filled else self.color,
                          width=0 if filled else max(1, round(self.lw * width)))

    def ellipse(self, fx0: float, fy0: float, fx1: float, fy1: float, *, filled: bool = False,
                width: float = 1.0) -> None:
        x0, y0 = self.p(fx0, fy0)
        x1, y1 = self.p(fx1, fy1)
        self.draw.ellipse((x0, y0, x1, y1), fill=self.color if filled else None,
                          outline=None if filled else self.color,
                          width=0 if filled else max(1, round(self.lw * width)))

    def rounded(self, fx0: float, fy0: float, fx1: float, fy1: float, width: float = 1.0) -> None:
        x0, y0 = self.p(fx0, fy0)
        x1, y1 = self.p(fx1, fy1)
        self.draw.rounded_rectangle((x0, y0, x1, y1), radius=(y1 - y0) / 2, outline=self.color,
                                    width=max(1, round(self.lw * width)))

    def arc(self, fx0: float, fy0: float, fx1: float, fy1: float, start: float, end: float,
            width: float = 1.0) -> None:
        x0, y0 = self.p(fx0, fy0)
        x1, y1 = self.p(fx1, fy1)
        self.draw.arc((x0, y0, x1, y1), start, end, fill=self.color, width=max(1, round(self.lw * width)))

    def text(self, fx0: float, fy0: float, fx1: float, fy1: float, text: str) -> None:
        x0, y0 = self.p(fx0, fy0)
        x1, y1 = self.p(fx1, fy1)
        draw_text(self.draw, (x0, y0, x1, y1), text, self.color)


def square(box: Box, aspect: float = 1.0) -> Box:
    """The largest box of ``aspect`` (w/h) centred in ``box``."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    if w / h > aspect:
        nw = h * aspect
        return (x0 + (w - nw) / 2, y0, x0 + (w + nw) / 2, y1)
    nh = w / aspect
    return (x0, y0 + (h - nh) / 2, x1, y0 + (h + nh) / 2)
