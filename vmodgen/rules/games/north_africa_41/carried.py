"""What North Africa '41 carries from one phase end to the next (the ``[state]`` keys documented
in :mod:`.memory`)."""
from __future__ import annotations

from ...base import Memory


class NA41Memory(Memory, total=False):
    """Hexes overstacked by a retreat, statuses, delay markers, extended moves and boxed units at
    the last phase end."""
    na41_retreat_overstack: dict[str, str]
    na41_status_before: dict[str, list[str]]
    na41_delay_before: dict[str, str]
    na41_extended_moved: list[str]
    na41_boxed_before: dict[str, str]
