"""The NA41 parameters written as fields joined by ':', read in one place:
``na41_scenario_first_phase`` ("scenario:phase, ...", S1.2, S2.2, S3.2), ``na41_reserve_release``
("formation:turn:hex, ...", S2.2) and ``na41_holding_box`` ("box:hex", 2.2.4). A malformed entry
is refused, naming the parameter, rather than dropped (which would turn the rule off without a
word)."""
from __future__ import annotations

import re

_ID = re.compile(r"[A-Za-z0-9_.\-]+")


def _entries(value: object) -> list[list[str]]:
    return [[f.strip() for f in x.split(":")] for x in str(value).split(",") if x.strip()]


def first_phases(value: object) -> dict[str, str]:
    """{scenario id: its first phase id} from "scenario:phase, ..."; ValueError saying why not."""
    out: dict[str, str] = {}
    for e in _entries(value):
        if len(e) != 2 or not all(_ID.fullmatch(f) for f in e):
            raise ValueError(f"each entry is scenario:phase (ids), not {':'.join(e)!r}")
        out[e[0]] = e[1]
    return out


def reserve_release(value: object) -> dict[str, tuple[int, str]]:
    """{formation: (release turn, hex)} from "formation:turn:hex, ..."; ValueError saying why not."""
    out: dict[str, tuple[int, str]] = {}
    for e in _entries(value):
        if len(e) != 3 or not all(_ID.fullmatch(f) for f in e) or not e[1].isdigit():
            raise ValueError(f"each entry is formation:turn:hex (the turn a whole number), not {':'.join(e)!r}")
        out[e[0]] = (int(e[1]), e[2])
    return out


def holding_box(value: object) -> tuple[str, str]:
    """(box id, hex id) from "box:hex"; ValueError saying why not."""
    e = _entries(value)
    if len(e) != 1 or len(e[0]) != 2 or not all(_ID.fullmatch(f) for f in e[0]):
        raise ValueError(f"it is box:hex (ids), not {str(value)!r}")
    return e[0][0], e[0][1]


#: the parameter each reader reads
READERS = {"na41_scenario_first_phase": first_phases, "na41_reserve_release": reserve_release,
           "na41_holding_box": holding_box}


def wrong(name: str, value: object) -> str | None:
    """Why ``value`` cannot be parameter ``name`` (one of :data:`READERS`), or None."""
    reader = READERS.get(name)
    if reader is None:
        return None
    if not isinstance(value, str):
        return f"rule parameter '{name}' must be text, not {value!r}"
    try:
        reader(value)
    except ValueError as exc:
        return f"rule parameter '{name}': {exc}"
    return None
