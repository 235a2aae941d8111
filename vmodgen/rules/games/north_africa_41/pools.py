"""North Africa '41 pools (2.2.3): the Replacement Pool holds unused replacement units, the Supply
Pool unused supply points (「未使用の補充ユニットと補給ポイントを保持するため、これらのボックスを使用します」)."""
from __future__ import annotations

from ...core.board import Board
from ...core.moves import label
from ....positions.model import UnitState
from .units import NorthAfrica41Units

P = "NA41"


def check(rs: NorthAfrica41Units, board: Board) -> list:
    def replacement(u: UnitState) -> bool:
        return rs.is_(u, "na41_tank_replacement") or rs.is_(u, "na41_infantry_replacement")

    def supply_point(u: UnitState) -> bool:
        return rs.is_(u, "na41_sp")

    pools = ((str(rs.param("na41_replacement_pool_box")), replacement, "replacement units"),
             (str(rs.param("na41_supply_pool_box")), supply_point, "supply points"))
    out = []
    for box, belongs, what in pools:
        for u in board.pos.units:
            if u.hex == box and not rs.marker(u) and not belongs(u):
                out.append(rs.finding(board, f"{P} 2.2.3", "movement", f"{label(u)} stands in the "
                                      f"{board.place_name(box)}, which "
                                      f"holds only unused {what} (2.2.3).", [box], [u]))
    return out
