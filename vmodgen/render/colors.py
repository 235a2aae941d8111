"""Colour arithmetic for the renderer: "#rrggbb" strings in, RGB tuples out."""
from __future__ import annotations

from functools import lru_cache

RGB = tuple[int, int, int]

WHITE: RGB = (255, 255, 255)
BLACK: RGB = (0, 0, 0)


@lru_cache(maxsize=1024)
def rgb(color: str | RGB) -> RGB:
    """``"#1f3a5c"`` (or ``"#fff"``, or an RGB tuple) as an RGB tuple; bad text gives grey."""
    if isinstance(color, tuple):
        return color  # type: ignore[return-value]
    c = (color or "").strip().lstrip("#")
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    try:
        return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)
    except (ValueError, IndexError):
        return (128, 128, 128)


def mix(a: str | RGB, b: str | RGB, t: float) -> RGB:
    """``a`` moved a fraction ``t`` toward ``b``."""
    ra, rb = rgb(a), rgb(b)
    return tuple(round(x + (y - x) * t) for x, y in zip(ra, rb))  # type: ignore[return-value]


def lighter(color: str | RGB, t: float = 0.45) -> RGB:
    return mix(color, WHITE, t)


def darker(color: str | RGB, t: float = 0.35) -> RGB:
    return mix(color, BLACK, t)


def luminance(color: str | RGB) -> float:
    r, g, b = rgb(color)
    return (0.299 * r + 0.587 * g + 0.114 * b) / 255


def ink_on(color: str | RGB) -> RGB:
    """Black or white, whichever reads better on ``color``."""
    return BLACK if luminance(color) > 0.5 else WHITE


def hex_of(color: str | RGB) -> str:
    r, g, b = rgb(color)
    return f"#{r:02x}{g:02x}{b:02x}"
