"""The position as it stood before the attackers advanced after combat.

A retreat (or a combat refusal) is carried out before the attackers advance into the hexes it
emptied (OM 9.83, 7.32; IM 13.5, 13.51; NA41 12, 14), so the enemy ZOC a retreating unit met is
that of the attackers where they stood, not where a position records them after their advance.
Each game's rule set reads the enemy ZOC of moves on this board (``move_zoc``)."""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from ..core.board import Board
from ...positions.model import UnitState


def before_advances(rs: Any, board: Board, which: Callable[[UnitState], bool] | None = None) -> Board:
    """``board`` with every unit of mode ``advance`` (of those ``which`` accepts, when given) back on its
    previous hex (``board`` itself when none advanced); built once per board when ``which`` is None."""
    pos = board.pos
    back = [u for u in pos.units if u.mode == "advance" and u.previous and (which is None or which(u))]
    if not back:
        return board
    got = board.memo.get("before advances") if which is None else None
    if isinstance(got, Board):
        return got
    ids = {id(u) for u in back}
    units = [replace(u, hex=u.previous or u.hex, previous=None, path=None, mode="move") if id(u) in ids else u
             for u in pos.units]
    got = rs.board(pos.with_units(units))
    if which is None:
        board.memo["before advances"] = got
    return got
