"""A unit of one side in a box that belongs to the other side (a map box with a ``side``): a
finding only where a rule of the game says so clearly (OM 16.15/16.16/16.41 for naval units, NA41
6.1.2 「どちらのプレイヤーも、他方のマップ外ボックスへ進入できません」 for the off-map boxes), and named
not judged elsewhere: the rulebooks say what each side's boxes hold, not that a unit of the other
side may not stand in one, and no rule about the box (a wave's paradrop turn, a KG's drop) reads a
unit that was never its side's."""
from __future__ import annotations

from typing import Any, Callable

from ...model.mapdata import Box
from ...positions.model import UnitState
from ..core.board import Board
from ..core.moves import label


def other_side(board: Board, u: UnitState, place: str | None) -> Box | None:
    """The box ``place`` when it belongs to a side other than ``u``'s, else None."""
    box = board.map.boxes.get(place) if place else None
    return box if box is not None and box.side and box.side != u.side else None


def name_not_judged(rs: Any, board: Board, rule_of: Callable[[Box], str],
                    judged: Callable[[UnitState, Box], bool] = lambda u, box: False) -> None:
    """Name not judged, under ``rule_of(box)``, the units standing in a box of the other side that
    no rule of the game judges there (``judged``: a rule's unit, or a piece the game counts as a
    marker): one reason per rule naming them all (a rule keeps the first reason it is given)."""
    by_rule: dict[str, list[str]] = {}
    for u in board.pos.units:
        box = other_side(board, u, u.hex)
        if box is None or judged(u, box):
            continue
        by_rule.setdefault(rule_of(box), []).append(
            f"{label(u)}, a unit of the {u.side} side, is in {box.name}, a box of the {box.side} side")
    for rule, where in by_rule.items():
        rs.not_judged(rule, f"{'; '.join(where)}: the rulebook says what each side's boxes hold, not what a "
                            "unit of the other side there means")
