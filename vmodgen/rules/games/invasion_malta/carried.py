"""What Invasion: Malta carries from one phase end to the next (the ``[state]`` keys documented in
:mod:`.memory` and :mod:`.conditions`)."""
from __future__ import annotations

from dataclasses import dataclass

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
