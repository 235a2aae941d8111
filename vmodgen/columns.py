"""Text columns as a terminal shows them: CJK wide and full-width characters take two cells,
combining marks none (``str.ljust`` counts code points, so a Japanese name pushed its row's
later columns out of line)."""
from __future__ import annotations

import unicodedata


def cells(ch: str) -> int:
    """The terminal cells one character takes."""
    if unicodedata.combining(ch):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def width(text: str) -> int:
    """The terminal cells a text takes."""
    return len(text) if text.isascii() else sum(map(cells, text))


def clip(text: str, most: int) -> str:
    """The longest start of ``text`` that fits in ``most`` cells."""
    if width(text) <= most:
        return text
    used = 0
    for i, ch in enumerate(text):
        used += cells(ch)
        if used > most:
            return text[:i]
    return text


def pad(text: str, cells_wanted: int) -> str:
    """``text`` with spaces after it up to ``cells_wanted`` cells (as ``ljust``, in cells)."""
    return text + " " * max(0, cells_wanted - width(text))
