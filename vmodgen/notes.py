"""Warnings a reader collects about a file: each message once, and at most
:data:`vmodgen.limits.MAX_WARNINGS` of them (a file of 100,000 distinct oddities would make a
list searched for each new one: quadratic time)."""
from __future__ import annotations

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
