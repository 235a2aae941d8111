"""The time of day and the weather of a turn, as a log shows them: the names the turn tracker
displays, else the kit's turn cycle (``[rules] turn_cycle = "am, pm, night"``) counted from the
sequence's first turn. Rule sets add their own constraints (a paradrop turn is not Night) and
leave the state unknown when nothing tells it (:meth:`vmodgen.rules.base.RuleSet.derive`)."""
from __future__ import annotations

import re

TIMES = ("am", "pm", "night")
WEATHERS = ("good", "windy", "storm")

_TIME_WORDS = {"am": "am", "a.m.": "am", "morning": "am", "pm": "pm", "p.m.": "pm", "afternoon": "pm",
               "night": "night"}
_TIME_RE = re.compile(r"(?<![\w.])(a\.m\.|p\.m\.|am|pm|morning|afternoon|night)(?![\w])", re.I)
_WEATHER_RE = re.compile(r"\b(good|clear|fair|windy|wind|storm|stormy)\b", re.I)
_WEATHER_WORDS = {"good": "good", "clear": "good", "fair": "good", "windy": "windy", "wind": "windy",
                  "storm": "storm", "stormy": "storm"}


def time_from_text(text: str) -> str | None:
    """"am", "pm" or "night" when the tracker's text names exactly one time of day."""
    found = {_TIME_WORDS[m.group(1).lower()] for m in _TIME_RE.finditer(text or "")}
    return found.pop() if len(found) == 1 else None


def weather_from_text(text: str) -> str | None:
    """"good", "windy" or "storm" when the tracker's text names exactly one weather."""
    found = {_WEATHER_WORDS[m.group(1).lower()] for m in _WEATHER_RE.finditer(text or "")}
    return found.pop() if len(found) == 1 else None


def cycle(value: object) -> tuple[str, ...]:
    """The kit's turn cycle ("am, pm, night") as a tuple of times; () when absent or unreadable."""
    if not isinstance(value, str):
        return ()
    items = tuple(x.strip().lower() for x in value.split(",") if x.strip())
    return items if items and all(x in TIMES for x in items) else ()


def time_from_cycle(turn: int | None, first_turn: int, times: tuple[str, ...]) -> str | None:
    """The time of ``turn`` in the cycle ``times`` starting at ``first_turn``; None when unknown."""
    if turn is None or not times:
        return None
    return times[(turn - first_turn) % len(times)]
