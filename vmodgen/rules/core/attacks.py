"""Declared attacks, game-neutral: the hex an attacker attacked from."""
from __future__ import annotations

from ...positions.model import UnitState
from .board import Board


def attacked_from(board: Board, u: UnitState) -> str:
    """The hex ``u`` made its declared attack from. An attack in a position was declared earlier in
    the player turn (docs/position-format.md): a unit that has since advanced or retreated (mode
    ``advance``/``retreat`` with a ``previous`` hex, in a combat phase or a position without a
    phase) did so after its combat, so it attacked from where it stood before."""
    if board.pos.phase_kind in ("combat", "") and u.previous and u.mode in ("advance", "retreat"):
        return u.previous
    return u.hex
