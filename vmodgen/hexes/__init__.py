"""Hex geometry, one source of truth: offset coordinates, neighbours, distance, hexsides,
printed hex-ID schemes, pixel layout, and VASSAL's HexGrid/HexGridNumbering ported exactly.

The names below are imported on first use (PEP 562): reading a module's VASSAL grids
(:mod:`.vassal_grid`) does not load the kit geometry (:mod:`.grid`, :mod:`.scheme`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_exports

#: exported name → the submodule that defines it
_WHERE: dict[str, str] = {
    **{n: "grid" for n in ("Hex", "Lines", "Shift", "neighbours", "distance", "direction_between", "to_cube",
                           "from_cube", "ring")},
    "HexScheme": "scheme",
}

__all__ = ["Hex", "Lines", "Shift", "neighbours", "distance", "direction_between", "to_cube",
           "from_cube", "ring", "HexScheme"]


__getattr__, __dir__ = lazy_exports(__name__, _WHERE, globals())


if TYPE_CHECKING:  # pragma: no cover - for type checkers only
    from .grid import Hex, Lines, Shift, direction_between, distance, from_cube, neighbours, ring, to_cube
    from .scheme import HexScheme
