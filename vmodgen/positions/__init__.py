"""Positions: the board state the rules check (units in hexes, status, turn, phase, side)."""
from .model import MOVE_MODES, Attack, Position, UnitState, position_of
from .load import load_position

__all__ = ["Attack", "MOVE_MODES", "Position", "UnitState", "load_position", "position_of"]
