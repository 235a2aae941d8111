"""VASSAL's old-style property match (``PropertiesPieceFilter.parse``): ``name=value``,
``name!=value``, ``<``, ``<=``, ``>``, ``>=``, ``=~`` / ``!~`` (a regular expression), joined by
``&&`` and ``||`` (``||`` splits first, no brackets). A Deck's count expression, an old Global Key
Command's filter and a Restrict Commands' test written before BeanShell use it."""
from __future__ import annotations

import re
from typing import Callable

Lookup = Callable[[str], "str | None"]

#: the operators in the order VASSAL tries them (``!=`` before ``=``, ``<=`` before ``<``)
_CONDITIONS = ("!=", "<=", ">=", ">", "<", "=~", "=", "!~")
_INT = re.compile(r"[+-]?\d+")


def _java_split(text: str, sep: str) -> list[str]:
    """``Pattern.split``: the trailing empty strings dropped."""
    parts = text.split(sep)
    while parts and parts[-1] == "":
        parts.pop()
    return parts


def _value(lookup: Lookup, name: str) -> str:
    """``String.valueOf(piece.getProperty(name))``: a property no one defines is ``"null"``."""
    v = lookup(name)
    return "null" if v is None else v


def _compare(prop: str, value: str) -> int:
    """``ComparisonFilter.compareTo``: as integers when both are, else as text."""
    if _INT.fullmatch(prop) and _INT.fullmatch(value):
        a, b = int(prop), int(value)
    else:
        a, b = prop, value                                  # type: ignore[assignment]
    return (a > b) - (a < b)                                # type: ignore[operator]


def _regex(pattern: str, prop: str) -> bool:
    try:
        return re.fullmatch(pattern, prop) is not None
    except re.error:
        return False


def accepts(expression: str, lookup: Lookup) -> bool:
    """Whether the piece whose properties ``lookup`` reads matches ``expression`` (an empty or
    operator-less expression matches every piece, as in VASSAL)."""
    if not expression:
        return True
    ors = _java_split(expression, "||")
    if len(ors) > 1:
        return any(accepts(s, lookup) for s in ors)
    ands = _java_split(expression, "&&")
    if len(ands) > 1:
        return all(accepts(s, lookup) for s in ands)
    for op in _CONDITIONS:
        if op not in expression:
            continue
        s = _java_split(expression, op)
        if not s:
            return True
        name = s[0].strip()
        value = s[1].strip() if len(s) > 1 else ""
        prop = _value(lookup, name)
        if op == "=":           # VASSAL's Boolean alternative only matches the same text again
            return value == prop
        if op == "!=":
            return value != prop
        if op == "=~":
            return _regex(value, prop)
        if op == "!~":
            return not _regex(value, prop)
        c = _compare(prop, value)
        return {"<": c < 0, "<=": c <= 0, ">": c > 0, ">=": c >= 0}[op]
    return True
