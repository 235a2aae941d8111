"""What Invasion: Malta carries from one phase end to the next (the ``[state]`` keys documented in
:mod:`.memory` and :mod:`.conditions`)."""
from __future__ import annotations

from dataclasses import dataclass

from ....positions.model import UnitState
from ...base import Memory


@dataclass
class MaltaMemory(Memory):
    """Where units stood and what they carried at the previous phase end; the arrivals. ``None``:
    not recorded (the rules that compare with the previous phase end are then not judged)."""
    prev_hexes: dict[str, str] | None = None
    prev_oos: list[str] | None = None
    prev_reduced: list[str] | None = None
    prev_activated: list[str] | None = None
    prev_airheads: list[str] | None = None
    prev_fired: list[str] | None = None
    dropped: list[str] | None = None
    paradropped: list[str] | None = None
    arrived: list[str] | None = None
    air_entry_turn: int | None = None
    arrival_unknown: list[str] | None = None
    arrival_unknown_why: str | None = None
    #: the Activation Marker drawn in this turn's last Draw phase (the AM that left the cup
    #: then: ``"am-7"``), None when none was seen leaving it (7.13; the audit's reading)
    drawn: str | None = None


def entered_from(prev: dict[str, str] | None, u: UnitState) -> str | None:
    """Where ``u`` stood before this phase: ``prev_hexes`` (history) when it records the unit, else
    the unit's own ``previous`` (a position's move record), else None."""
    if isinstance(prev, dict) and u.id in prev:
        return prev[u.id]
    return u.previous
