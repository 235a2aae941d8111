"""Hex geometry, one source of truth: offset coordinates, neighbours, distance, hexsides,
printed hex-ID schemes, pixel layout, and VASSAL's HexGrid/HexGridNumbering ported exactly.
"""
from .grid import Hex, Lines, Shift, neighbours, distance, direction_between, to_cube, from_cube, ring
from .scheme import HexScheme

__all__ = ["Hex", "Lines", "Shift", "neighbours", "distance", "direction_between", "to_cube",
           "from_cube", "ring", "HexScheme"]
