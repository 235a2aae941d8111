"""The position as it stood before the attackers advanced after combat.

A retreat (or a combat refusal) is carried out before the attackers advance into the hexes it
emptied (OM 9.83, 7.32; IM 13.5, 13.51; NA41 12, 14), so the enemy ZOC a retreating unit met is
that of the attackers where they stood, not where a position records them after their advance.
Each game's rule set reads the enemy ZOC of moves on this board (``move_zoc``)."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..core.board import Board


def before_advances(rs: Any, board: Board) -> Board:
    """``board`` with every unit of mode ``advance`` back on its previous hex (``board`` itself when
    none advanced); built once per board."""
    pos = board.pos
    if not any(u.mode == "advance" and u.previous for u in pos.units):
        return board
    got = board.memo.get("before advances")
    if isinstance(got, Board):
        return got
    units = [replace(u, hex=u.previous, previous=None, path=None, mode="move")
             if u.mode == "advance" and u.previous else u for u in pos.units]
    board.memo["before advances"] = got = rs.board(pos.with_units(units))
    return got
