"""What Operation Mercury carries from one phase end to the next (the ``[state]`` keys documented
in :mod:`.memory`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ....positions.model import Position
from ...base import Memory, carried


@dataclass
class MercuryMemory(Memory):
    """Arrivals, fatigue, releases, refusals, losses and where units stood at the last phase end.
    ``None``: nothing recorded."""
    om_arrivals: dict[str, dict[str, Any]] | None = None
    om_fatigued: list[str] | None = None
    om_offmap_start: list[str] | None = None
    om_sca_released: int | None = None
    om_refused: dict[str, Any] | None = None
    om_hq_lost: dict[str, Any] | None = None
    om_militia_off: list[str] | None = None
    supply_previous: dict[str, dict[str, Any]] | None = None
    om_displaced: dict[str, Any] | None = None
    om_end_hexes: dict[str, str] | None = None
    om_arrival_unknown: dict[str, Any] | None = None
    om_final_fire: list[str] | None = None
    om_last_end: dict[str, Any] | None = None
    om_night_missions: dict[str, Any] | None = None
    om_first_roll: dict[str, Any] | None = None


def mercury(pos: Position) -> MercuryMemory:
    """What was carried to ``pos`` (nothing recorded, when it carries no Operation Mercury memory)."""
    return carried(pos, MercuryMemory)
