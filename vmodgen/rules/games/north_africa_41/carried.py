"""What North Africa '41 carries from one phase end to the next (the ``[state]`` keys documented
in :mod:`.memory`)."""
from __future__ import annotations

from dataclasses import dataclass

from ....positions.model import Position
from ...base import Memory, carried


@dataclass
class NA41Memory(Memory):
    """Hexes overstacked by a retreat, statuses, delay markers, extended moves and boxed units at
    the last phase end. ``None``: nothing recorded (the rules reading it are then not applied)."""
    na41_retreat_overstack: dict[str, str] | None = None
    na41_status_before: dict[str, list[str]] | None = None
    na41_delay_before: dict[str, str] | None = None
    na41_extended_moved: list[str] | None = None
    na41_boxed_before: dict[str, str] | None = None


def na41(pos: Position) -> NA41Memory:
    """What was carried to ``pos`` (nothing recorded, when it carries no North Africa '41 memory)."""
    return carried(pos, NA41Memory)
