"""What North Africa '41 carries from one phase end to the next (the ``[state]`` keys documented
in :mod:`.memory`)."""
from __future__ import annotations

from dataclasses import dataclass

from typing import TYPE_CHECKING

from ....positions.model import Position
from ...base import Memory, carried

if TYPE_CHECKING:
    from ...core.board import Board


@dataclass
class NA41Memory(Memory):
    """Hexes overstacked by a retreat, statuses, delay markers, extended moves, boxed units and the
    owners of the forts on the map at the last phase end, and the last side to occupy or pass
    through each city, airfield and port. ``None``: nothing recorded (the rules reading it are then not applied)."""
    na41_retreat_overstack: dict[str, str] | None = None
    na41_status_before: dict[str, list[str]] | None = None
    na41_delay_before: dict[str, str] | None = None
    na41_extended_moved: list[str] | None = None
    na41_boxed_before: dict[str, str] | None = None
    #: the units in the Withdrawn Units box at the last phase end (a log records the phasing
    #: side's moves only: the other side's withdrawal is seen by this, 20.3)
    na41_withdrawn_before: list[str] | None = None
    na41_fort_owner: dict[str, str] | None = None
    na41_last_held: dict[str, str] | None = None
    na41_forts_building: list[str] | None = None


def na41(pos: Position) -> NA41Memory:
    """What was carried to ``pos`` (nothing recorded, when it carries no North Africa '41 memory)."""
    return carried(pos, NA41Memory)


#: the fortification marker on its face, and on its back, "Under Construction" (9.5.3), as the
#: position reader spells the back face; an unfinished fort has no effect on play (9.5.4), so no
#: fort rule reads it
FORT = "fort"
BUILDING = "under-construction"


def fort_owner(board: "Board", h: str, marker: str = FORT) -> str | None:
    """The side owning the fortification marker on ``h`` on the face ``marker`` (:data:`FORT` or
    :data:`BUILDING`; None: none; "": unknown): the position's ``owner``, else the owner the history
    recorded when the marker was first seen (``[state] na41_fort_owner``; a log's forts), else the
    side the position says controls the hex (12.4 reads it so)."""
    owner = board.marker_owner(h, marker)
    if owner is None or owner:
        return owner
    return (na41(board.pos).na41_fort_owner or {}).get(h) or board.control(h) or ""


#: the features whose hex 16.3.4 gives to the last side to occupy or pass through it (and city terrain)
HELD_FEATURES = frozenset({"port", "airfield", "city"})


def held_place(board: "Board", h: str) -> bool:
    """A city, airfield or port hex: 16.3.4 「都市、飛行場、港湾を占めるか又は通過した最後のプレイヤーが
    それを支配します」."""
    return board.is_hex(h) and (bool(board.features(h) & HELD_FEATURES) or board.terrain(h) == "city")
