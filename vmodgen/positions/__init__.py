"""Positions: the board state the rules check (units in hexes, status, turn, phase, side).

A position file is read by :func:`read_position` with the rule set it is checked against handed
in; :func:`vmodgen.rules.position_file.load_position` reads one with the registry's rule set.
:func:`read_position` is imported on first use: an audit, which builds its positions from
logs, does not load the position-file reader and the kit loaders behind it."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .model import Attack, Position, UnitState, position_of

__all__ = ["Attack", "Position", "UnitState", "position_of", "read_position"]


def __getattr__(name: str) -> Any:
    if name == "read_position":
        from .load import read_position
        return read_position
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


if TYPE_CHECKING:  # pragma: no cover - for type checkers only
    from .load import read_position
