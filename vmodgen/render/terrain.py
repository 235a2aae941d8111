"""Map drawing primitives: terrain pattern stamps, point-feature symbols and hexside marks.

Everything is sized from the hex height ``h`` (VASSAL's ``dy``) so boards drawn at any scale
look alike. A pattern is a stamp the size of one hex, clipped to its outline and pasted on
every hex of that terrain; a point symbol is drawn around a given centre.
"""
from __future__ import annotations

import math
import random

from PIL import Image, ImageDraw

from .colors import RGB, darker, lighter, rgb

Point = tuple[float, float]


def hex_polygon(cx: float, cy: float, h: float, sideways: bool) -> list[Point]:
    """A regular hex of flat-to-flat size ``h`` around (cx, cy): flat-topped, or pointy-topped
    when ``sideways`` (lines of rows). Same shape and order as ``SheetLayout.corners``."""
    r = h / math.sqrt(3)
    half = h / 2
    pts = [(-r, 0.0), (-r / 2, -half), (r / 2, -half), (r, 0.0), (r / 2, half), (-r / 2, half)]
    if sideways:
        return [(cx + v, cy + u) for u, v in pts]
    return [(cx + u, cy + v) for u, v in pts]


# ---------------------------------------------------------------- terrain patterns

def pattern_stamp(pattern: str, color: str, h: float, sideways: bool, seed: str = "") -> Image.Image | None:
    """An RGBA stamp (transparent outside the hex) with the marks of ``pattern`` in a shade of
    the terrain ``color``; None for no pattern. The stamp is centred on its middle pixel."""
    pattern = (pattern or "").strip().lower()
    if pattern in ("", "none", "plain", "nogrid"):
        return None
    size = int(math.ceil(h * 1.2)) | 1
    c = size / 2
    im = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    ink = (*darker(color, 0.38), 255)
    lw = max(1, round(h * 0.03))
    rnd = random.Random(f"{pattern}:{seed}")          # deterministic scatter
    s = h / 64

    if pattern == "dots":
        for _ in range(22):
            x, y = c + rnd.uniform(-0.45, 0.45) * h, c + rnd.uniform(-0.45, 0.45) * h
            r = rnd.uniform(1.0, 1.8) * s
            d.ellipse((x - r, y - r, x + r, y + r), fill=ink)
    elif pattern == "hatch":
        step = h * 0.16
        for k in range(-8, 9):
            x = c + k * step
            d.line([(x - h, c + h), (x + h, c - h)], fill=ink, width=lw)
    elif pattern in ("contour", "hills"):
        for dx, dy, w in ((-0.18, -0.1, 0.36), (0.16, 0.14, 0.32), (-0.1, 0.26, 0.24)):
            x, y, ww = c + dx * h, c + dy * h, w * h
            d.arc((x - ww / 2, y - ww * 0.35, x + ww / 2, y + ww * 0.35), 190, 350, fill=ink, width=lw)
            if pattern == "contour":
                d.arc((x - ww * 0.3, y - ww * 0.15, x + ww * 0.3, y + ww * 0.25), 190, 350, fill=ink, width=lw)
    elif pattern == "peaks":
        for dx, dy, w in ((-0.17, -0.02, 0.3), (0.15, 0.1, 0.26), (0.0, -0.22, 0.22)):
            x, y, ww = c + dx * h, c + dy * h, w * h
            d.polygon([(x - ww / 2, y + ww * 0.3), (x, y - ww * 0.45), (x + ww / 2, y + ww * 0.3)], fill=ink)
            d.polygon([(x, y - ww * 0.45), (x + ww * 0.1, y - ww * 0.2), (x - ww * 0.05, y - ww * 0.25)],
                      fill=(255, 255, 255, 200))
    elif pattern == "trees":
        for dx, dy in ((-0.2, -0.15), (0.12, -0.2), (0.22, 0.08), (-0.08, 0.12), (-0.26, 0.22), (0.06, 0.32)):
            x, y, r = c + dx * h, c + dy * h, h * 0.075
            d.line([(x, y), (x, y + r * 1.8)], fill=ink, width=lw)
            d.ellipse((x - r, y - r, x + r, y + r), fill=ink)
    elif pattern in ("blocks", "town", "city"):
        n = 7 if pattern == "city" else (4 if pattern == "town" else 5)
        spots = [(-0.14, -0.12), (0.1, -0.14), (0.16, 0.1), (-0.1, 0.12), (0.0, -0.01), (-0.24, 0.02), (0.26, -0.02)]
        for dx, dy in spots[:n]:
            x, y, w = c + dx * h, c + dy * h, h * (0.1 if pattern != "city" else 0.12)
            d.rectangle((x - w / 2, y - w / 2, x + w / 2, y + w / 2), fill=ink)
    elif pattern == "waves":
        for row in (-0.22, 0.0, 0.22):
            for col in (-0.2, 0.14):
                x0, y = c + (col - 0.12) * h, c + (row + (0.05 if col > 0 else 0)) * h
                pts = [(x0 + i * h * 0.03, y + math.sin(i / 8 * 2 * math.pi) * h * 0.025) for i in range(9)]
                d.line(pts, fill=(*lighter(color, 0.6), 255), width=lw)
    elif pattern == "marsh":
        for dx, dy in ((-0.2, -0.15), (0.12, -0.1), (-0.05, 0.12), (0.2, 0.22), (-0.25, 0.25)):
            x, y, w = c + dx * h, c + dy * h, h * 0.16
            d.line([(x - w / 2, y), (x + w / 2, y)], fill=ink, width=lw)
            for k in (-1, 0, 1):
                d.line([(x + k * w * 0.22, y), (x + k * w * 0.3, y - w * 0.35)], fill=ink, width=max(1, lw - 1))
    elif pattern == "runway":
        w = h * 0.07
        for a in (math.radians(30), math.radians(-40)):
            dx, dy = math.cos(a) * h * 0.36, math.sin(a) * h * 0.36
            d.line([(c - dx, c - dy), (c + dx, c + dy)], fill=ink, width=max(1, round(w)))
    elif pattern == "landmark":
        r = h * 0.09
        d.ellipse((c - r, c - r, c + r, c + r), outline=ink, width=lw)
    else:   # unknown pattern: a light cross-hatch, so the terrain still stands out
        step = h * 0.22
        for k in range(-5, 6):
            d.line([(c + k * step - h, c + h), (c + k * step + h, c - h)], fill=ink, width=1)
            d.line([(c + k * step - h, c - h), (c + k * step + h, c + h)], fill=ink, width=1)
    mask = Image.new("L", im.size, 0)
    ImageDraw.Draw(mask).polygon(hex_polygon(c, c, h * 0.97, sideways), fill=255)
    alpha = Image.composite(im.getchannel("A"), Image.new("L", im.size, 0), mask)
    im.putalpha(alpha)
    return im


# ---------------------------------------------------------------- point symbols

def _star(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB, outline: RGB | None = None) -> None:
    pts = []
    for k in range(10):
        a = -math.pi / 2 + k * math.pi / 5
        rr = r if k % 2 == 0 else r * 0.42
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    d.polygon(pts, fill=fill, outline=outline)


def _anchor(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, col: RGB, lw: int) -> None:
    d.line([(cx, cy - r), (cx, cy + r)], fill=col, width=lw)
    d.line([(cx - r * 0.5, cy - r * 0.55), (cx + r * 0.5, cy - r * 0.55)], fill=col, width=lw)
    d.arc((cx - r * 0.85, cy - r * 0.2, cx + r * 0.85, cy + r), 10, 170, fill=col, width=lw)
    d.ellipse((cx - r * 0.2, cy - r * 1.25, cx + r * 0.2, cy - r * 0.85), outline=col, width=max(1, lw // 2))


def point_symbol_kind(feature_id: str, symbol: str = "") -> str:
    """Which drawing a point feature gets, from its symbol key or id."""
    key = (symbol or feature_id or "").lower()
    for word, kind in (("airfield", "airfield"), ("improved_anchorage", "improved"), ("anchorage", "anchorage"), ("anchor", "port"),
                       ("port", "port"), ("city", "city"), ("town", "town"), ("village", "village"),
                       ("star", "star"), ("victory", "star"), ("fort", "fort"), ("groundwork", "fort"),
                       ("battery", "battery"), ("hospital", "hospital"), ("boom", "dot"),
                       ("offmap", "arrow"), ("entry", "arrow"), ("coastal", "none"), ("specific", "ring")):
        if word in key:
            return kind
    return "ring"


def draw_point_symbol(d: ImageDraw.ImageDraw, kind: str, cx: float, cy: float, h: float) -> None:
    """A point feature's symbol around (cx, cy), sized for a hex of height ``h``."""
    r = h * 0.14
    lw = max(1, round(h * 0.035))
    black, white, red = (20, 20, 20), (255, 255, 255), (200, 30, 30)
    if kind == "airfield":
        d.ellipse((cx - r * 1.3, cy - r * 1.3, cx + r * 1.3, cy + r * 1.3), fill=white, outline=black, width=lw)
        d.polygon([(cx, cy - r), (cx + r * 0.12, cy + r), (cx - r * 0.12, cy + r)], fill=black)
        d.polygon([(cx - r, cy - r * 0.05), (cx + r, cy - r * 0.05), (cx + r, cy + r * 0.2), (cx - r, cy + r * 0.2)],
                  fill=black)
        d.line([(cx - r * 0.4, cy + r * 0.8), (cx + r * 0.4, cy + r * 0.8)], fill=black, width=lw)
    elif kind in ("port", "anchorage", "improved"):
        if kind == "port":
            d.ellipse((cx - r * 1.3, cy - r * 1.3, cx + r * 1.3, cy + r * 1.3), fill=white, outline=black, width=lw)
        elif kind == "improved":
            d.rectangle((cx - r * 1.2, cy - r * 1.2, cx + r * 1.2, cy + r * 1.2), fill=white, outline=black,
                        width=max(1, lw // 2))
        _anchor(d, cx, cy, r * 0.9, (20, 40, 110), lw)
    elif kind == "city":
        for dx, dy in ((-0.75, -0.7), (0.7, -0.75), (0.0, 0.0), (-0.75, 0.75), (0.75, 0.7)):
            w = r * 0.4
            d.rectangle((cx + dx * r - w, cy + dy * r - w, cx + dx * r + w, cy + dy * r + w), fill=black)
    elif kind == "town":
        w = r * 0.7
        d.rectangle((cx - w, cy - w, cx + w, cy + w), fill=black, outline=white)
    elif kind == "village":
        w = r * 0.45
        d.ellipse((cx - w, cy - w, cx + w, cy + w), fill=black)
    elif kind == "star":
        _star(d, cx, cy, r * 1.25, (30, 70, 200), white)
    elif kind == "fort":
        w = r * 0.9
        pts = [(cx + w * math.cos(a), cy + w * math.sin(a))
               for a in (-math.pi / 2 + k * 2 * math.pi / 5 for k in range(5))]
        d.polygon(pts, fill=(230, 220, 200))
        d.line(pts + pts[:1], fill=black, width=lw)
    elif kind == "battery":
        d.ellipse((cx - r * 0.5, cy - r * 0.5, cx + r * 0.5, cy + r * 0.5), fill=black)
        d.rectangle((cx - r, cy - r, cx + r, cy + r), outline=black, width=lw)
    elif kind == "hospital":
        d.rectangle((cx - r, cy - r, cx + r, cy + r), fill=white, outline=black, width=max(1, lw // 2))
        d.rectangle((cx - r * 0.2, cy - r * 0.7, cx + r * 0.2, cy + r * 0.7), fill=red)
        d.rectangle((cx - r * 0.7, cy - r * 0.2, cx + r * 0.7, cy + r * 0.2), fill=red)
    elif kind == "dot":
        d.ellipse((cx - r * 0.35, cy - r * 0.35, cx + r * 0.35, cy + r * 0.35), fill=black)
    elif kind == "arrow":
        d.polygon([(cx - r, cy - r * 0.6), (cx + r, cy), (cx - r, cy + r * 0.6)], fill=(60, 60, 60))
    elif kind == "ring":
        d.ellipse((cx - r * 0.6, cy - r * 0.6, cx + r * 0.6, cy + r * 0.6), outline=black, width=lw)


# ---------------------------------------------------------------- hexsides and lines

def shared_edge(ca: list[Point], center_b: Point) -> tuple[Point, Point]:
    """The two corners of hex ``a`` (its corner list) nearest the centre of neighbour ``b``."""
    near = sorted(ca, key=lambda p: (p[0] - center_b[0]) ** 2 + (p[1] - center_b[1]) ** 2)[:2]
    return near[0], near[1]


def hexside_style(feature_id: str) -> str:
    f = feature_id.lower()
    if "bridge" in f:
        return "bridge"
    if "perimeter" in f or "border" in f:
        return "dashed"
    if "sea" in f or "water" in f:
        return "sea"
    if "river" in f or "stream" in f or "wadi" in f:
        return "river"
    if "cliff" in f:
        return "cliff"
    return "line"


def draw_hexside(d: ImageDraw.ImageDraw, edge: tuple[Point, Point], style: str, color: str, h: float,
                 directional: bool = False, down: Point | None = None) -> None:
    """One hexside feature along ``edge``. Directional features (escarpments, cliffs, slopes)
    get teeth pointing down the slope, toward ``down`` (the lower hex's centre); without a
    known lower side the teeth go both ways."""
    (x0, y0), (x1, y1) = edge
    col = rgb(color)
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    ex, ey = x1 - x0, y1 - y0
    length = math.hypot(ex, ey) or 1.0
    ux, uy = ex / length, ey / length
    if style == "bridge":
        nx, ny = -uy, ux
        w = h * 0.16
        d.line([(mx - nx * w, my - ny * w), (mx + nx * w, my + ny * w)], fill=col, width=max(2, round(h * 0.09)))
        return
    # shorten a hair so neighbouring sides join without blobs
    a = (x0 + ux * length * 0.02, y0 + uy * length * 0.02)
    b = (x1 - ux * length * 0.02, y1 - uy * length * 0.02)
    if style == "river":
        d.line([a, b], fill=col, width=max(2, round(h * 0.09)))
        r = h * 0.045
        for p in (a, b):
            d.ellipse((p[0] - r, p[1] - r, p[0] + r, p[1] + r), fill=col)
    elif style == "sea":
        d.line([a, b], fill=col, width=max(2, round(h * 0.1)))
        d.line([a, b], fill=lighter(col, 0.6), width=max(1, round(h * 0.025)))
    elif style == "cliff":
        d.line([a, b], fill=col, width=max(2, round(h * 0.1)))
    elif style == "dashed":
        n = 5
        for i in range(0, n, 2):
            p = (x0 + ex * i / n, y0 + ey * i / n)
            q = (x0 + ex * (i + 1) / n, y0 + ey * (i + 1) / n)
            d.line([p, q], fill=col, width=max(2, round(h * 0.07)))
    else:
        d.line([a, b], fill=col, width=max(2, round(h * 0.06)))
    if directional:
        sides = []
        nx, ny = -uy, ux
        if down is not None:
            s = 1 if (down[0] - mx) * nx + (down[1] - my) * ny > 0 else -1
            sides = [s]
        else:
            sides = [1, -1]
        depth = h * 0.11
        for s in sides:
            for k in range(4):
                t = 0.16 + k * 0.225
                px, py = x0 + ex * t, y0 + ey * t
                half = length * 0.06
                d.polygon([(px - ux * half, py - uy * half), (px + ux * half, py + uy * half),
                           (px + s * nx * depth, py + s * ny * depth)], fill=col)


def draw_line_path(d: ImageDraw.ImageDraw, pts: list[Point], color: str, width: float, dashed: bool,
                   railway: bool, h: float) -> None:
    """A road, track or railway through hex centres."""
    if len(pts) < 2:
        return
    col = rgb(color)
    w = max(1, round(width))
    if railway:
        d.line(pts, fill=col, width=max(1, round(w * 0.6)), joint="curve")
        tie = h * 0.07
        for (ax, ay), (bx, by) in zip(pts, pts[1:]):
            seg = math.hypot(bx - ax, by - ay) or 1.0
            ux, uy = (bx - ax) / seg, (by - ay) / seg
            for k in range(1, 4):
                px, py = ax + (bx - ax) * k / 4, ay + (by - ay) * k / 4
                d.line([(px - uy * tie, py + ux * tie), (px + uy * tie, py - ux * tie)], fill=col,
                       width=max(1, round(w * 0.5)))
        return
    if not dashed:
        d.line(pts, fill=col, width=w, joint="curve")
        r = w / 2
        for p in pts:
            d.ellipse((p[0] - r, p[1] - r, p[0] + r, p[1] + r), fill=col)
        return
    dash = h * 0.16
    for (ax, ay), (bx, by) in zip(pts, pts[1:]):
        seg = math.hypot(bx - ax, by - ay)
        n = max(1, int(seg / dash))
        if n % 2 == 0:
            n += 1
        for i in range(0, n, 2):
            d.line([(ax + (bx - ax) * i / n, ay + (by - ay) * i / n),
                    (ax + (bx - ax) * (i + 1) / n, ay + (by - ay) * (i + 1) / n)], fill=col, width=w)
