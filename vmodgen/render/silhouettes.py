"""Unit silhouettes drawn without a NATO frame: aircraft (top view), ships and landing craft
(side view), and the tank icon some games print instead of a type box."""
from __future__ import annotations

from typing import TYPE_CHECKING

from typing import Callable

from PIL import ImageDraw

from .pen import Box, Color, Pen, square

if TYPE_CHECKING:
    from .surface import Drawing


def _aircraft(p: Pen, span: float, chord: float, sweep: float, engines: int, tail: float) -> None:
    # top view, nose up
    p.poly((0.47, 0.04), (0.53, 0.04), (0.555, 0.18), (0.54, 0.86), (0.5, 0.94), (0.46, 0.86), (0.445, 0.18))
    y = 0.36
    x0, x1 = 0.5 - span / 2, 0.5 + span / 2
    p.poly((0.5, y - 0.02), (x1, y + sweep), (x1, y + sweep + chord * 0.6), (0.5, y + chord),
           (x0, y + sweep + chord * 0.6), (x0, y + sweep))
    p.poly((0.5, 0.76), (0.5 + tail, 0.82), (0.5 + tail, 0.87), (0.5, 0.86), (0.5 - tail, 0.87),
           (0.5 - tail, 0.82))
    for k in range(engines):
        side = -1 if k % 2 == 0 else 1
        dx = (0.12 + 0.12 * (k // 2)) * side
        p.ellipse(0.5 + dx - 0.035, y - 0.06, 0.5 + dx + 0.035, y + 0.1, filled=True)


def _ship(p: Pen) -> None:
    p.poly((0.02, 0.58), (0.98, 0.58), (0.9, 0.76), (0.1, 0.76))
    p.poly((0.32, 0.44), (0.64, 0.44), (0.64, 0.58), (0.32, 0.58))
    p.poly((0.42, 0.3), (0.52, 0.3), (0.52, 0.44), (0.42, 0.44))
    p.line((0.16, 0.52), (0.3, 0.5), width=1.2)
    p.line((0.7, 0.52), (0.86, 0.5), width=1.2)
    p.line((0.58, 0.2), (0.58, 0.44), width=0.6)


def _landing_craft(p: Pen) -> None:
    p.poly((0.1, 0.5), (0.78, 0.5), (0.95, 0.36), (0.98, 0.42), (0.86, 0.76), (0.14, 0.76))
    p.poly((0.12, 0.34), (0.3, 0.34), (0.3, 0.5), (0.12, 0.5))


SILHOUETTE_DRAW: dict[str, Callable[[Pen], None]] = {
    "air": lambda p: _aircraft(p, 0.9, 0.16, 0.04, 0, 0.16),
    "fighter": lambda p: _aircraft(p, 0.8, 0.14, 0.08, 0, 0.14),
    "bomber": lambda p: _aircraft(p, 0.96, 0.16, 0.02, 2, 0.18),
    "transport-aircraft": lambda p: _aircraft(p, 0.96, 0.18, 0.0, 3, 0.2),
    "glider-aircraft": lambda p: _aircraft(p, 1.0, 0.1, 0.0, 0, 0.14),
    "naval": _ship, "ship": _ship, "landing-craft": _landing_craft,
}


def draw_vehicle(draw: Drawing, box: Box, color: Color = "#000000", light: bool = False) -> None:
    """A tank seen from the side: the vehicle icon some games print instead of a type box."""
    p = Pen(draw, square(box, 1.8), color, 1)
    hull_top = 0.5 if not light else 0.55
    p.poly((0.08, hull_top), (0.92, hull_top), (0.98, 0.62), (0.9, 0.86), (0.1, 0.86), (0.02, 0.62))
    p.poly((0.3, 0.26 if not light else 0.34), (0.66, 0.26 if not light else 0.34), (0.72, hull_top),
           (0.26, hull_top))
    p.poly((0.66, 0.33 if not light else 0.4), (0.99, 0.31 if not light else 0.38),
           (0.99, 0.37 if not light else 0.44), (0.66, 0.4 if not light else 0.47))
    wheel = (220, 220, 220)
    for k in range(5):
        x = 0.18 + k * 0.16
        p.draw.ellipse(_circle_box(p, x, 0.74, 0.07), fill=wheel)


def _circle_box(p: Pen, fx: float, fy: float, r_h: float) -> Box:
    cx, cy = p.p(fx, fy)
    r = r_h * p.h
    return (cx - r, cy - r, cx + r, cy + r)
