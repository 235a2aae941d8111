"""A position file read and checked against the rule set its game names (the registry's)."""
from __future__ import annotations

from pathlib import Path

from ..positions.load import read_position
from ..positions.model import Position
from . import ruleset_for


def load_position(path: str | Path, text: str | None = None) -> Position:
    """The position in ``path`` (or ``text``), its statuses, modes, names and ``[state]``
    validated by its game's rule set; every fault an InputError with ``file:line``."""
    return read_position(path, text, ruleset_for)
