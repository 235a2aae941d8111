"""What Invasion: Malta carries from one phase end to the next (the ``[state]`` keys documented in
:mod:`.memory` and :mod:`.conditions`)."""
from __future__ import annotations

from ...base import Memory


class MaltaMemory(Memory, total=False):
    """Where units stood and what they carried at the previous phase end; the arrivals."""
    prev_hexes: dict[str, str]
    prev_oos: list[str]
    prev_reduced: list[str]
    prev_activated: list[str]
    prev_airheads: list[str]
    prev_fired: list[str]
    dropped: list[str]
    paradropped: list[str]
    arrived: list[str]
    air_entry_turn: int
    arrival_unknown: list[str]
    arrival_unknown_why: str
