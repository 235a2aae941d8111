"""What Operation Mercury carries from one phase end to the next (the ``[state]`` keys documented
in :mod:`.memory`)."""
from __future__ import annotations

from typing import Any

from ...base import Memory


class MercuryMemory(Memory, total=False):
    """Arrivals, fatigue, releases, refusals, losses and where units stood at the last phase end."""
    om_arrivals: dict[str, dict[str, Any]]
    om_fatigued: list[str]
    om_offmap_start: list[str]
    om_sca_released: int
    om_refused: dict[str, Any]
    om_hq_lost: dict[str, Any]
    om_militia_off: list[str]
    supply_previous: dict[str, dict[str, Any]]
    om_displaced: dict[str, Any]
    om_end_hexes: dict[str, str]
    om_arrival_unknown: dict[str, Any]
