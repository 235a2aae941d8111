"""Warnings a reader collects about a file: each message once, and at most
:data:`vmodgen.limits.MAX_WARNINGS` of them (a file of 100,000 distinct oddities would make a
list searched for each new one: quadratic time)."""
from __future__ import annotations

import re

from . import limits

MORE = "more warnings not shown (limit MAX_WARNINGS)"


def warn_once(warnings: list[str], message: str) -> None:
    """Add ``message`` to ``warnings`` unless it is there or the list is full."""
    if len(warnings) >= limits.MAX_WARNINGS:
        if warnings[-1] != MORE:
            warnings.append(MORE)
        return
    if message not in warnings:
        warnings.append(message)


_QUOTED = re.compile(r"'[^']*'")


def folded(warnings: list[str], shown: int = 5) -> list[str]:
    """``warnings`` with those alike but for their first quoted name ("image 'a.png' is not in
    the module", "image 'b.png' ...") folded into the first of them, which names how many more
    there are and the first ``shown`` of their names: what a report repeats at its top."""
    groups: dict[str, list[str]] = {}
    for w in warnings:
        groups.setdefault(_QUOTED.sub("'…'", w, count=1), []).append(w)
    out = []
    for same in groups.values():
        first, rest = same[0], same[1:]
        names = [m.group(0) for m in (_QUOTED.search(w) for w in rest) if m]
        out.append(first if not rest else
                   f"{first} (and {len(rest)} more like it: {', '.join(names[:shown])}{', …' if len(names) > shown else ''})")
    return out
