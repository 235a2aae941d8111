"""North Africa '41 conversions (20.4.2): 「ターン10の準備フェイズに、第５軽師団は第 21 装甲師団になります。ユニットが
マップ上のどこにいても、これらを新たなユニットに置き換えます。」 In the Preparation Phase of the turn the old
formation's units are replaced by the new one's wherever they are (reduced or eliminated ones too):
after it no unit of the old formation is in the game, and before it none of the new one.
``na41_conversions``: "old:new:turn" entries (formation ids). Inside that Preparation Phase
(``at = "during"``) either may stand."""
from __future__ import annotations

from ...core.board import Board
from ...core.moves import label
from .units import NorthAfrica41Units

P = "NA41"


def conversions(rs: NorthAfrica41Units) -> list[tuple[str, str, int]]:
    out = []
    for entry in str(rs.param("na41_conversions") or "").split(","):
        parts = [x.strip() for x in entry.split(":")]
        if len(parts) == 3 and parts[2].isdigit():
            out.append((parts[0], parts[1], int(parts[2])))
    return out


def check(rs: NorthAfrica41Units, board: Board) -> list:
    pos = board.pos
    if not pos.turn:
        return []
    out = []
    for old, new, turn in conversions(rs):
        if pos.turn == turn and (not pos.phase or pos.phase_kind == "reinforcement"):
            if not pos.phase and any(u.unit.formation in (old, new) for u in pos.units):
                rs.not_judged(f"{P} 20.4.2", f"on turn {turn} the {old} units become {new} units in the Preparation "
                                             "Phase; a position naming no phase may be before it or after")
            continue
        after = pos.turn >= turn
        gone = old if after else new
        for u in pos.units:
            if u.unit.formation != gone or rs.marker(u):
                continue
            why = (f"from the Preparation Phase of turn {turn} the {old} units are replaced by the {new} units "
                   "wherever they are" if after else f"the {new} units replace the {old} units only in the Preparation "
                   f"Phase of turn {turn}")
            out.append(rs.finding(board, f"{P} 20.4.2", "movement", f"{label(u)}, of the {gone} formation, is in the game on turn "
                                  f"{pos.turn}: {why} (20.4.2).", [u.hex], [u]))
    return out
