"""NATO-style unit symbols and unit-size marks, drawn as vector shapes at the target scale.

A symbol key is ``base+modifier+modifier`` (:mod:`vmodgen.model.vocab`). Ground symbols sit in
the usual rectangular frame; aircraft and ships are silhouettes without a frame. Callers draw
onto a supersampled canvas and downsample (see :func:`render_symbol`), which gives clean
anti-aliased shapes at any counter size.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import math
from typing import Callable

from PIL import Image, ImageDraw

from ..model.vocab import BASE_SYMBOLS, MODIFIERS
from .colors import RGB, rgb
from .pen import Box, Color, Pen, square
from .silhouettes import SILHOUETTE_DRAW
from .text import draw_text

if TYPE_CHECKING:
    from .surface import Drawing

#: bump when any drawing below changes: it is part of the counter cache key
SYMBOLS_VERSION = "1"

#: base keys drawn as silhouettes, without the NATO frame
SILHOUETTES = frozenset({"air", "fighter", "bomber", "transport-aircraft", "glider-aircraft",
                         "naval", "ship", "landing-craft"})
#: base keys drawing nothing at all
BLANK = frozenset({"marker", "none"})


# ---------------------------------------------------------------- base symbols (in the frame)

def _cross(p: Pen) -> None:
    p.line((0, 0), (1, 1))
    p.line((0, 1), (1, 0))


def _oval(p: Pen) -> None:
    p.rounded(0.2, 0.27, 0.8, 0.73)


def _dot(p: Pen, y: float = 0.5, r: float = 0.17) -> None:
    p.circle(0.5, y, r)


def _wheel(p: Pen, fx: float, fy: float, r: float, filled: bool = False) -> None:
    p.circle(fx, fy, r, filled=filled, width=0.8)


def _arrow_up(p: Pen, x: float, y0: float, y1: float, head: float = 0.14) -> None:
    p.line((x, y1), (x, y0 + head * 0.6))
    hw = head * p.h / p.w
    p.poly((x - hw, y0 + head), (x, y0), (x + hw, y0 + head))


def _infantry(p: Pen) -> None:
    _cross(p)


def _recon(p: Pen) -> None:
    p.line((0, 1), (1, 0))


def _aa(p: Pen) -> None:
    p.arc(0.06, 0.42, 0.94, 1.5, 180, 360)


def _at(p: Pen) -> None:
    p.line((0, 1), (0.5, 0.0), (1, 1))


def _engineer(p: Pen) -> None:
    p.line((0.28, 0.62), (0.28, 0.36), (0.72, 0.36), (0.72, 0.62))
    p.line((0.5, 0.36), (0.5, 0.62))


def _hq(p: Pen) -> None:
    p.text(0.18, 0.2, 0.82, 0.8, "HQ")


def _mg(p: Pen) -> None:
    _arrow_up(p, 0.5, 0.12, 0.88, 0.2)
    p.line((0.4, 0.6), (0.6, 0.6))


def _mortar(p: Pen) -> None:
    p.circle(0.5, 0.76, 0.1, filled=False, width=0.9)
    _arrow_up(p, 0.5, 0.1, 0.66, 0.2)


def _supply(p: Pen) -> None:
    p.line((0, 0.72), (1, 0.72))


def _transport(p: Pen) -> None:
    cx, cy, r = 0.5, 0.5, 0.3
    p.circle(cx, cy, r, filled=False)
    rw = r * p.h / p.w
    for k in range(4):
        a = k * math.pi / 4
        p.line((cx - rw * math.cos(a), cy - r * math.sin(a)), (cx + rw * math.cos(a), cy + r * math.sin(a)),
               width=0.7)


def _truck(p: Pen) -> None:
    p.poly((0.18, 0.28), (0.6, 0.28), (0.6, 0.66), (0.18, 0.66))
    p.poly((0.62, 0.42), (0.76, 0.42), (0.82, 0.54), (0.82, 0.66), (0.62, 0.66))
    for x in (0.3, 0.7):
        p.circle(x, 0.74, 0.09)


def _two_wheels(p: Pen, filled: bool) -> None:
    y, r = 0.8, 0.1
    rx = r * p.h / p.w
    p.circle(0.5 - 2.2 * rx, y, r, filled=filled, width=0.7)
    p.circle(0.5 + 2.2 * rx, y, r, filled=filled, width=0.7)
    p.line((0.5 - 2.2 * rx, y), (0.5, y - 1.6 * r), (0.5 + 2.2 * rx, y), width=0.7)


def _motorcycle(p: Pen) -> None:
    _cross(p)
    _two_wheels(p, True)


def _bicycle(p: Pen) -> None:
    _cross(p)
    _two_wheels(p, False)


def _letter(text: str, with_cross: bool = True) -> Callable[[Pen], None]:
    def f(p: Pen) -> None:
        if with_cross:
            _cross(p)
            p.text(0.36, 0.62, 0.64, 0.96, text)
        else:
            p.text(0.2, 0.2, 0.8, 0.8, text)
    return f


def _signals(p: Pen) -> None:
    p.line((0, 0.05), (0.55, 0.62), (0.45, 0.38), (1, 0.95))


def _medical(p: Pen) -> None:
    rw = 0.28 * p.h / p.w
    p.line((0.5, 0.22), (0.5, 0.78), width=1.8)
    p.line((0.5 - rw, 0.5), (0.5 + rw, 0.5), width=1.8)


def _rocket(p: Pen) -> None:
    _dot(p, 0.66, 0.13)
    _arrow_up(p, 0.5, 0.08, 0.5, 0.18)


def _coast(p: Pen) -> None:
    _dot(p, 0.42, 0.15)
    _wave(p, 0.8)


def _assault_gun(p: Pen) -> None:
    _oval(p)
    _dot(p, 0.5, 0.1)


def _tank_destroyer(p: Pen) -> None:
    _oval(p)
    p.line((0.3, 0.68), (0.5, 0.32), (0.7, 0.68))


def _fort(p: Pen) -> None:
    # a battlement across the frame
    pts = [(0.1, 0.75), (0.1, 0.35)]
    for i in range(4):
        x = 0.1 + i * 0.2
        pts += [(x + 0.1, 0.35), (x + 0.1, 0.5), (x + 0.2, 0.5), (x + 0.2, 0.35)]
    pts += [(0.9, 0.75)]
    p.line(*pts)
    p.line((0.1, 0.75), (0.9, 0.75))


def _wave(p: Pen, y: float, x0: float = 0.25, x1: float = 0.75, amp: float = 0.06) -> None:
    n = 16
    pts = [(x0 + (x1 - x0) * i / n, y + amp * math.sin(i / n * 4 * math.pi)) for i in range(n + 1)]
    p.line(*pts, width=0.8)


_BASE: dict[str, Callable[[Pen], None]] = {
    "infantry": _infantry, "armor": _oval, "reconnaissance": _recon, "cavalry": _recon,
    "artillery": _dot, "anti-aircraft": _aa, "anti-tank": _at, "engineer": _engineer,
    "headquarters": _hq, "machine-gun": _mg, "mortar": _mortar, "supply": _supply,
    "transport": _transport, "truck": _truck, "motorcycle": _motorcycle, "bicycle": _bicycle,
    "militia": _letter("M"), "police": _letter("MP", with_cross=False), "signals": _signals,
    "medical": _medical, "rocket-artillery": _rocket, "coast-artillery": _coast,
    "assault-gun": _assault_gun, "tank-destroyer": _tank_destroyer, "fortification": _fort,
}


# ---------------------------------------------------------------- modifiers (in the frame)

def _parachute(p: Pen) -> None:
    # the airborne "seagull": two shallow arcs, convex downward, at the foot of the frame
    p.arc(0.3, 0.66, 0.5, 0.92, 0, 180, width=0.8)
    p.arc(0.5, 0.66, 0.7, 0.92, 0, 180, width=0.8)


def _glider(p: Pen) -> None:
    p.ellipse(0.26, 0.78, 0.74, 0.88, filled=True)
    p.line((0.5, 0.7), (0.5, 0.94), width=0.8)


def _airlanding(p: Pen) -> None:
    p.arc(0.3, 0.74, 0.7, 1.1, 180, 360, width=0.9)


def _mountain(p: Pen) -> None:
    hw = 0.2 * p.h / p.w
    p.poly((0.5 - hw, 0.97), (0.5, 0.68), (0.5 + hw, 0.97))


def _motorized(p: Pen) -> None:
    p.line((0.5, 0), (0.5, 1))


def _wheeled(p: Pen) -> None:
    rx = 0.07 * p.h / p.w
    for x in (0.5 - 2.5 * rx, 0.5 + 2.5 * rx):
        p.circle(x, 0.86, 0.07, filled=False, width=0.7)


def _tracked(p: Pen) -> None:
    p.rounded(0.3, 0.8, 0.7, 0.94, width=0.7)


def _light(p: Pen) -> None:
    p.line((0.42, 0.1), (0.58, 0.1), width=0.9)


def _heavy(p: Pen) -> None:
    p.line((0.42, 0.08), (0.58, 0.08), width=0.9)
    p.line((0.42, 0.18), (0.58, 0.18), width=0.9)


def _commando(p: Pen) -> None:
    hw = 0.05 * p.h / p.w * 2
    p.poly((0.5 - hw / 2, 0.26), (0.5, 0.04), (0.5 + hw / 2, 0.26))
    p.line((0.5 - hw * 1.4, 0.27), (0.5 + hw * 1.4, 0.27), width=0.8)
    p.line((0.5, 0.27), (0.5, 0.36), width=1.0)


def _marine(p: Pen) -> None:
    rx = 0.1 * p.h / p.w
    p.line((0.5, 0.66), (0.5, 0.95), width=0.8)
    p.line((0.5 - rx, 0.72), (0.5 + rx, 0.72), width=0.8)
    p.arc(0.5 - 1.6 * rx, 0.72, 0.5 + 1.6 * rx, 0.96, 0, 180, width=0.8)


def _amphibious(p: Pen) -> None:
    _wave(p, 0.85)


def _towed(p: Pen) -> None:
    p.line((0.36, 0.87), (0.52, 0.87), width=0.8)
    p.circle(0.58, 0.87, 0.06, filled=False, width=0.7)


def _ski(p: Pen) -> None:
    p.line((0.36, 0.94), (0.44, 0.72), width=0.8)
    p.line((0.56, 0.94), (0.64, 0.72), width=0.8)


def _guards(p: Pen) -> None:
    cx, cy, r = 0.14, 0.2, 0.13
    rx = r * p.h / p.w
    pts = []
    for k in range(10):
        a = -math.pi / 2 + k * math.pi / 5
        rr = 1.0 if k % 2 == 0 else 0.42
        pts.append((cx + rx * rr * math.cos(a), cy + r * rr * math.sin(a)))
    p.poly(*pts)


_MOD: dict[str, Callable[[Pen], None]] = {
    "parachute": _parachute, "glider": _glider, "airlanding": _airlanding, "mountain": _mountain,
    "motorized": _motorized, "wheeled": _wheeled, "tracked": _tracked, "self-propelled": _tracked,
    "mechanized": _oval, "light": _light, "heavy": _heavy, "commando": _commando, "marine": _marine,
    "amphibious": _amphibious, "towed": _towed, "ski": _ski, "guards": _guards,
    "partisan": lambda p: None,   # drawn as a dashed frame
}


# ---------------------------------------------------------------- public drawing

def parse_symbol(symbol: str) -> tuple[str, tuple[str, ...]]:
    """``"infantry+parachute"`` → ``("infantry", ("parachute",))``; unknown keys are kept."""
    parts = [s.strip() for s in (symbol or "none").split("+") if s.strip()]
    return (parts[0] if parts else "none"), tuple(parts[1:])


def is_silhouette(symbol: str) -> bool:
    return parse_symbol(symbol)[0] in SILHOUETTES


def frame_line_width(box: Box) -> int:
    return max(1, round(0.075 * (box[3] - box[1])))


def draw_symbol(draw: Drawing, box: Box, symbol: str, *, color: Color = "#000000",
                fill: Color | None = None, frame: bool = True, lw: int | None = None) -> None:
    """Draw ``symbol`` in ``box`` (the frame rectangle, about 3:2). ``fill`` paints the frame's
    inside (None: leave the background). Unknown keys draw a question mark, never fail."""
    base, mods = parse_symbol(symbol)
    if base in BLANK and not mods:
        return
    lw = lw or frame_line_width(box)
    if base in SILHOUETTES:
        p = Pen(draw, square(box, 1.0 if base not in ("naval", "ship", "landing-craft") else 1.6),
                color, lw)
        SILHOUETTE_DRAW[base](p)
        return
    x0, y0, x1, y1 = box
    if frame:
        if fill is not None:
            draw.rectangle(box, fill=rgb(fill))
    # symbols are drawn inside the frame, so lines end on the frame's inner edge
    inner = (x0 + lw / 2, y0 + lw / 2, x1 - lw / 2, y1 - lw / 2)
    p = Pen(draw, inner, color, lw)
    f = _BASE.get(base)
    if f is None and base not in BLANK:
        p.text(0.25, 0.15, 0.75, 0.85, "?")
    elif f is not None:
        f(p)
    for m in mods:
        g = _MOD.get(m)
        if g is None:
            p.text(0.7, 0.05, 0.98, 0.4, "?")
        else:
            g(p)
    if frame:
        if "partisan" in mods:
            _dashed_rect(draw, box, rgb(color), lw)
        else:
            draw.rectangle(box, outline=rgb(color), width=lw)


def _dashed_rect(draw: Drawing, box: Box, color: RGB, lw: int) -> None:
    x0, y0, x1, y1 = box
    dash = max(2, (y1 - y0) / 6)
    for (ax, ay, bx, by) in ((x0, y0, x1, y0), (x1, y0, x1, y1), (x1, y1, x0, y1), (x0, y1, x0, y0)):
        length = math.hypot(bx - ax, by - ay)
        n = max(1, int(length / dash))
        for i in range(0, n, 2):
            t0, t1 = i / n, min(1.0, (i + 1) / n)
            draw.line([(ax + (bx - ax) * t0, ay + (by - ay) * t0), (ax + (bx - ax) * t1, ay + (by - ay) * t1)],
                      fill=color, width=lw)


# ---------------------------------------------------------------- unit-size marks

_DOTS = "●•·o"


def size_mark_tokens(mark: str) -> list[str]:
    """A mark split into the glyphs drawn: dots, bars, crosses, and any other text as one piece."""
    out: list[str] = []
    text = ""
    for ch in (mark or "").strip():
        if ch in _DOTS or ch in "IX":
            if text:
                out.append(text)
                text = ""
            out.append("●" if ch in _DOTS else ch)
        elif ch != " ":
            text += ch
    if text:
        out.append(text)
    return out


def draw_size_mark(draw: Drawing, box: Box, mark: str, color: Color = "#000000",
                   lw: int | None = None) -> None:
    """Draw a unit-size mark (``●●``, ``III``, ``XX``, ``GP``, ``(+)``...) centred in ``box``."""
    tokens = size_mark_tokens(mark)
    if not tokens:
        return
    x0, y0, x1, y1 = box
    h = y1 - y0
    col = rgb(color)
    lw = lw or max(1, round(h * 0.16))
    widths = []
    for t in tokens:
        if t == "●":
            widths.append(0.62 * h)
        elif t == "I":
            widths.append(lw)
        elif t == "X":
            widths.append(0.7 * h)
        else:
            widths.append(0.6 * h * len(t))
    gap = 0.26 * h
    total = sum(widths) + gap * (len(tokens) - 1)
    scale = min(1.0, (x1 - x0) / total) if total > 0 else 1.0
    x = (x0 + x1) / 2 - total * scale / 2
    cy = (y0 + y1) / 2
    hh = h * scale
    for t, w in zip(tokens, widths):
        w *= scale
        if t == "●":
            r = w / 2
            draw.ellipse((x, cy - r, x + w, cy + r), fill=col)
        elif t == "I":
            draw.rectangle((x, cy - hh * 0.45, x + max(1, lw * scale) - 1, cy + hh * 0.45), fill=col)
        elif t == "X":
            lwx = max(1, round(lw * scale * 0.9))
            draw.line([(x, cy - hh * 0.42), (x + w, cy + hh * 0.42)], fill=col, width=lwx)
            draw.line([(x, cy + hh * 0.42), (x + w, cy - hh * 0.42)], fill=col, width=lwx)
        else:
            draw_text(draw, (x, cy - hh / 2, x + w, cy + hh / 2), t, col)
        x += w + gap * scale


# ---------------------------------------------------------------- standalone images

def supersample_for(px: int) -> int:
    """The supersampling factor that gives smooth shapes at ``px``."""
    return max(2, min(6, math.ceil(300 / max(1, px))))


def render_symbol(symbol: str, width: int, height: int | None = None, *, mark: str = "",
                  color: Color = "#000000", fill: Color | None = "#ffffff",
                  background: Color | None = None) -> Image.Image:
    """A symbol (with its size mark above it when given) as an RGBA image ``width`` wide."""
    height = height or round(width * (2 / 3) * (1.45 if mark else 1.1))
    ss = supersample_for(min(width, height))
    W, H = width * ss, height * ss
    bg = (*rgb(background), 255) if background is not None else (255, 255, 255, 0)
    im = Image.new("RGBA", (W, H), bg)
    d = ImageDraw.Draw(im)
    mark_h = H * 0.22 if mark else 0
    fh = min(H - mark_h, W * 2 / 3) * 0.9
    fw = fh * 1.5
    top = mark_h + (H - mark_h - fh) / 2
    box = ((W - fw) / 2, top, (W + fw) / 2, top + fh)
    if mark:
        draw_size_mark(d, (box[0], top - mark_h * 0.95, box[2], top - mark_h * 0.15), mark, color)
    draw_symbol(d, box, symbol, color=color, fill=fill)
    return im.reduce(ss)


def all_symbol_keys() -> list[str]:
    """Every base key and every modifier (on infantry), for previews and tests."""
    return sorted(BASE_SYMBOLS) + [f"infantry+{m}" for m in sorted(MODIFIERS)]
