"""Hex geometry, one source of truth: offset coordinates, neighbours, distance, hexsides,
printed hex-ID schemes, pixel layout, and VASSAL's HexGrid/HexGridNumbering ported exactly.

The names below are imported on first use (PEP 562): reading a module's VASSAL grids
(:mod:`.vassal_grid`) does not load the kit geometry (:mod:`.grid`, :mod:`.scheme`).
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

#: exported name → the submodule that defines it
_WHERE: dict[str, str] = {
    **{n: "grid" for n in ("Hex", "Lines", "Shift", "neighbours", "distance", "direction_between", "to_cube",
                           "from_cube", "ring")},
    "HexScheme": "scheme",
}

__all__ = ["Hex", "Lines", "Shift", "neighbours", "distance", "direction_between", "to_cube",
           "from_cube", "ring", "HexScheme"]


def __getattr__(name: str) -> Any:
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{where}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_WHERE))


if TYPE_CHECKING:  # pragma: no cover - for type checkers only
    from .grid import Hex, Lines, Shift, direction_between, distance, from_cube, neighbours, ring, to_cube
    from .scheme import HexScheme
