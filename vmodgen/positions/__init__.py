"""Positions: the board state the rules check (units in hexes, status, turn, phase, side).

A position file is read by :func:`read_position` with the rule set it is checked against handed
in; :func:`vmodgen.rules.position_file.load_position` reads one with the registry's rule set."""
from .model import Attack, Position, UnitState, position_of
from .load import read_position

__all__ = ["Attack", "Position", "UnitState", "position_of", "read_position"]
