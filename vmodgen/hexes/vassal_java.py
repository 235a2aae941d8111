"""Java and AWT behaviour that VASSAL's grid code depends on, reproduced in Python.

``(int)`` casts, ``Math.round``/``Math.floor``, 32-bit floats, ``Integer.valueOf`` /
``Double.valueOf`` / ``Boolean.valueOf`` parsing, ``FormattedString``'s ``$name$``
substitution, and the containment tests of ``java.awt.geom.Area`` and ``java.awt.Polygon``.
"""
from __future__ import annotations

import math
import re
import struct
from typing import Callable, Mapping, Sequence

Point = tuple[int, int]
_INT_MIN, _INT_MAX = -(1 << 31), (1 << 31) - 1


def jint(v: float) -> int:
    """Java ``(int) v``: truncation toward zero, saturating, NaN -> 0."""
    if v != v:
        return 0
    if v >= _INT_MAX:
        return _INT_MAX
    if v <= _INT_MIN:
        return _INT_MIN
    return int(v)


def jround(v: float) -> int:
    """Java ``Math.round(double)``: the nearest integer, ties toward +infinity (exactly)."""
    if v != v:
        return 0
    if math.isinf(v):
        return _INT_MAX if v > 0 else _INT_MIN
    f = math.floor(v)
    return f + 1 if v - f >= 0.5 else f


def jfloor(v: float) -> int:
    """``(int) Math.floor(v)``."""
    if v != v or math.isinf(v):
        return jint(v)
    return jint(math.floor(v))


def jdiv(a: int, b: int) -> int:
    """Java integer division ``a / b`` (truncates toward zero: -1/2 = 0, -3/2 = -1)."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


_F32 = struct.Struct("f")


def f32(v: float) -> float:
    """Round a double to the nearest 32-bit float (Java ``(float)``)."""
    try:
        return _F32.unpack(_F32.pack(v))[0]
    except OverflowError:
        return math.copysign(math.inf, v)


def parse_int(text: str) -> int:
    """Java ``Integer.valueOf``: optional sign and digits only, within 32 bits."""
    if not re.fullmatch(r"[+-]?[0-9]+", text or ""):
        raise ValueError(f"'{text}' is not an integer")
    v = int(text)
    if not _INT_MIN <= v <= _INT_MAX:
        raise ValueError(f"'{text}' is out of the integer range")
    return v


_DOUBLE_RE = re.compile(r"[+-]?(?:NaN|Infinity|(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)[fFdD]?")


def parse_double(text: str) -> float:
    """Java ``Double.valueOf`` for decimal text (surrounding control/space chars trimmed)."""
    t = (text or "").strip("".join(chr(c) for c in range(33)))
    if not _DOUBLE_RE.fullmatch(t):
        raise ValueError(f"'{text}' is not a number")
    t = t.rstrip("fFdD") if not t.endswith("Infinity") else t
    return float(t.replace("Infinity", "inf"))


def _positive(v: float, what: str) -> float:
    v = float(v)
    if not (v > 0 and math.isfinite(v)):
        raise ValueError(f"{what} must be a positive number, not {v!r}")
    return v


def parse_bool(text: str | None) -> bool:
    """Java ``Boolean.valueOf``: only ``true`` (any case) is true."""
    return (text or "").lower() == "true"


def point_hash(x: int, y: int) -> int:
    """``java.awt.Point.hashCode`` (``Point2D``'s: the bits of the two doubles mixed), a Java int."""
    import struct
    bx = struct.unpack(">q", struct.pack(">d", float(x)))[0]
    by = struct.unpack(">q", struct.pack(">d", float(y)))[0]
    bits = (bx ^ (by * 31)) & 0xFFFFFFFFFFFFFFFF
    h = (bits & 0xFFFFFFFF) ^ (bits >> 32)
    return h - (1 << 32) if h >= 1 << 31 else h


def hashmap_order(hashes: Sequence[int]) -> list[int]:
    """The order ``java.util.HashMap`` iterates keys put in this order with these hash codes
    (distinct keys): by bucket of the final table (16, doubled whenever more than 3/4 full;
    ``(h ^ h >>> 16) & (n - 1)``), then in the order put. The indexes of ``hashes``."""
    n = 16
    while len(hashes) > n * 3 // 4:
        n *= 2

    def bucket(h: int) -> int:
        u = h & 0xFFFFFFFF
        return (u ^ (u >> 16)) & (n - 1)
    return sorted(range(len(hashes)), key=lambda i: (bucket(hashes[i]), i))


def formatted_string(fmt: str, value_of: Callable[[str], str]) -> str:
    """VASSAL ``FormattedString``: each closed ``$name$`` replaced by ``value_of(name)``; a lone
    trailing ``$`` stays as it is."""
    if "$" not in fmt:
        return fmt
    parts = fmt.split("$")
    out = [parts[0]]
    i = 1
    while i < len(parts):
        if i + 1 < len(parts):          # a closed $name$
            out.append(value_of(parts[i]))
            out.append(parts[i + 1])
            i += 2
        else:                            # a lone trailing '$'
            out.append("$" + parts[i])
            i += 1
    return "".join(out)


def substitute(fmt: str, props: Mapping[str, str | None]) -> str:
    """Expand ``$name$`` references (VASSAL ``FormattedString``); unknown names give ``""``."""
    return formatted_string(fmt, lambda name: props.get(name) or "")


# ---------------------------------------------------------------- AWT containment


def _cross(xt: int, yt: int, xb: int, yb: int, x: int, y: int) -> int:
    """``Curve.crossingsFor`` of one line from its top (xt, yt) to its bottom (xb, yb)."""
    if not (yt <= y < yb):
        return 0
    if x >= (xt if xt > xb else xb):
        return 0
    if x < (xt if xt < xb else xb):
        return 1
    if xt == xb or y <= yt:
        return 1 if x < xt else 0
    return 1 if x < xt + (y - yt) * (xb - xt) / (yb - yt) else 0


def polygon_area_contains(pts: Sequence[Point], x: float, y: float) -> bool:
    """Crossing test of ``java.awt.geom.Area.contains`` for a polygon (box check done by caller)."""
    crossings = 0
    n = len(pts)
    for i in range(n):
        xa, ya = pts[i]
        xb, yb = pts[(i + 1) % n]
        if ya == yb:
            continue
        if ya > yb:
            xa, ya, xb, yb = xb, yb, xa, ya
        if not (ya <= y < yb):
            continue
        if x >= max(xa, xb):
            continue
        if x < min(xa, xb):
            crossings += 1
            continue
        if xa == xb or y <= ya:
            xf: float = xa
        else:
            xf = xa + (y - ya) * (xb - xa) / (yb - ya)
        if x < xf:
            crossings += 1
    return crossings & 1 == 1


def awt_polygon_contains(xs: Sequence[int], ys: Sequence[int], x: float, y: float) -> bool:
    """``java.awt.Polygon.contains``: half-open bounding box, then the even-odd edge walk."""
    n = len(xs)
    if n <= 2:
        return False
    if not (min(xs) <= x < max(xs) and min(ys) <= y < max(ys)):
        return False
    hits = 0
    lastx, lasty = xs[-1], ys[-1]
    for i in range(n):
        curx, cury = xs[i], ys[i]
        try:
            if cury == lasty:
                continue
            if curx < lastx:
                if x >= lastx:
                    continue
                leftx = curx
            else:
                if x >= curx:
                    continue
                leftx = lastx
            if cury < lasty:
                if y < cury or y >= lasty:
                    continue
                if x < leftx:
                    hits += 1
                    continue
                test1, test2 = x - curx, y - cury
            else:
                if y < lasty or y >= cury:
                    continue
                if x < leftx:
                    hits += 1
                    continue
                test1, test2 = x - lastx, y - lasty
            if test1 < (test2 / (lasty - cury) * (lastx - curx)):
                hits += 1
        finally:
            lastx, lasty = curx, cury
    return hits & 1 != 0
