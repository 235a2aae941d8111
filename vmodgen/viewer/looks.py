"""How a piece looks in the viewer: :mod:`vmodgen.vassal.looks` (one account of what VASSAL
draws and names for a piece, shared with the order of battle and the integrity report)."""
from __future__ import annotations

from ..vassal.looks import HIDDEN, MASKED, Look, look_of

__all__ = ["Look", "look_of", "MASKED", "HIDDEN"]
