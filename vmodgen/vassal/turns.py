"""Turn tracker states (``TURN<id>\\t<state>``, FORMATS.md §4.7) read against the
tracker's level definitions.

State: ``currentLevel|levelState|...`` (SE ``|``); a level state is SE ``;`` of
``current, currentSubLevel, a, b, subLevelState...`` where a counter level has
``a, b = loop, loopLimit`` and its value is ``current``; a list level has
``a, b = first, activeFlags`` and its value is ``items[current]``. The displayed text
is the tracker's ``turnFormat`` (default ``$level1$ $level2$ ...``) with each active
level's own ``turnFormat`` (default ``$value$``) filled in, outermost first.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from ..hexes.vassal_java import formatted_string
from .codec import decode

if TYPE_CHECKING:
    from .module import Module

__all__ = ["LevelDef", "TurnDisplay", "turn_display", "levels_from_module", "tracker_states"]

DEFAULT_TRACKER_FORMAT = "$level1$ $level2$ $level3$ $level4$"


@dataclass
class LevelDef:
    """One turn level: ``kind`` ``"counter"`` (start, incr) or ``"list"`` (items)."""
    kind: str
    property: str = ""
    start: int = 1
    incr: int = 1
    items: list[str] = field(default_factory=list)
    turn_format: str = "$value$"
    sublevels: list["LevelDef"] = field(default_factory=list)


@dataclass
class TurnDisplay:
    """What the tracker shows: each active level's (property, value), and the text."""
    values: list[tuple[str, str]]
    text: str

    def value(self, prop: str) -> str | None:
        for name, value in self.values:
            if name == prop:
                return value
        return None


def _int(text: str, default: int = 0) -> int:
    try:
        return int(text)
    except ValueError:
        return default


def _walk(levels: list[LevelDef], state: str, index: int, out: list[tuple[LevelDef, str]]) -> None:
    if not levels or not 0 <= index < len(levels):
        return
    level = levels[index]
    tokens = decode(state, ";") if state else []
    current = _int(tokens[0]) if tokens else (level.start if level.kind == "counter" else 0)
    sub = _int(tokens[1]) if len(tokens) > 1 else 0
    if level.kind == "counter":
        value = str(current)
    else:
        value = level.items[current] if 0 <= current < len(level.items) else ""
    out.append((level, value))
    sub_states = tokens[4:]
    if level.sublevels:
        _walk(level.sublevels, sub_states[sub] if 0 <= sub < len(sub_states) else "", sub, out)


def turn_display(levels: list[LevelDef], state: str,
                 tracker_format: str = DEFAULT_TRACKER_FORMAT,
                 lookup: Callable[[str], str | None] | None = None) -> TurnDisplay:
    """Decode a ``TURN`` state (``"0|1;0;false;-1;..."``) with the tracker's levels. The text is
    ``TurnTracker.getTurnString``: ``$level1$`` … ``$level15$`` the active levels' own texts, any
    other ``$name$`` the module's property (``lookup``: a Global Property, a tracker level's
    value; ``""`` for a name none defines). Without ``lookup`` other names are left as written."""
    tokens = decode(state, "|") if state else []
    top = _int(tokens[0]) if tokens else 0
    level_states = tokens[1:]
    chain: list[tuple[LevelDef, str]] = []
    _walk(levels, level_states[top] if 0 <= top < len(level_states) else "", top, chain)
    text = tracker_format or DEFAULT_TRACKER_FORMAT
    parts = {}
    for i in range(1, 16):
        part = ""
        if i <= len(chain):
            level, value = chain[i - 1]
            part = (level.turn_format or "$value$").replace("$value$", value)
        parts[f"level{i}"] = part
        if lookup is None:
            text = text.replace(f"$level{i}$", part)
    if lookup is not None:
        def value_of(name: str) -> str:
            if name in parts:
                return parts[name]
            got = lookup(name)
            return "" if got is None else got
        text = formatted_string(text, value_of)
    return TurnDisplay([(lv.property, v) for lv, v in chain], " ".join(text.split()))


def levels_from_module(turn_levels) -> list[LevelDef]:
    """Level definitions from module turn levels (objects with ``kind``, ``attributes``
    and ``levels``, as :mod:`vmodgen.vassal.module` reads them)."""
    out = []
    for lv in turn_levels:
        attrs = getattr(lv, "attributes", {}) or {}
        kind = "list" if "List" in getattr(lv, "kind", "") else "counter"
        items = decode(attrs.get("list", ""), ",") if attrs.get("list") else []
        out.append(LevelDef(kind, attrs.get("property", ""), _int(attrs.get("start", "1"), 1),
                            _int(attrs.get("incr", "1"), 1), items,
                            attrs.get("turnFormat", "$value$"),
                            levels_from_module(getattr(lv, "levels", []) or [])))
    return out


def tracker_states(states: dict[str, str], module: "Module | None",
                   properties: dict[str, str] | None = None) -> dict[str, dict[str, Any]]:
    """Each tracker's state, with the text VASSAL displays when the module is known.
    ``properties``: the game's properties (``GameState.properties``, ``container:name``): the
    text then shows the module's properties it names (``$Turn Name$``), every tracker's level
    values among them, as VASSAL does; without them such names are left as written."""
    lookup: Callable[[str], str | None] | None = None
    if properties is not None:
        levels: dict[str, str] = {}
        for first in tracker_states(states, module).values():
            levels.update(first.get("values") or {})
        props = properties

        def module_property(name: str) -> str | None:
            got = levels.get(name)
            if got is None:
                got = props.get(f"Module:{name}", props.get(name))
            return got
        lookup = module_property
    out: dict[str, dict[str, Any]] = {}
    trackers = module.turn_trackers if module else []
    for tracker_id, st in states.items():
        entry: dict[str, Any] = {"state": st}
        idx = tracker_id[len("TurnTracker"):] if tracker_id.startswith("TurnTracker") else ""
        if idx.isdecimal() and int(idx) < len(trackers):
            t = trackers[int(idx)]
            fmt = t.attributes.get("turnFormat") or DEFAULT_TRACKER_FORMAT
            try:
                shown = turn_display(levels_from_module(t.levels), st, fmt, lookup)
                entry["text"] = shown.text
                entry["values"] = {k: v for k, v in shown.values if k}
            except (ValueError, IndexError):
                pass
        out[tracker_id] = entry
    return out
