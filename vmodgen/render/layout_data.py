"""The layout data of a face: a bundled layout's ``layouts/<name>.toml`` with the kit's own
``[layout]`` table put over it."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ..model.game import Game
from ..model.layout import KNOWN_LAYOUTS, LayoutData
from ..model.load_game import load_layout_table
from ..model.tomldoc import Table, TomlDoc

LAYOUT_DIR = Path(__file__).resolve().parent / "layouts"


@lru_cache(maxsize=None)
def bundled_layout(name: str) -> LayoutData:
    """A bundled layout's data (``layouts/<name>.toml``); a name vmodgen does not draw is refused."""
    if name not in KNOWN_LAYOUTS:
        raise KeyError(f"unknown counter layout '{name}' (known: {', '.join(KNOWN_LAYOUTS)})")
    doc = TomlDoc(LAYOUT_DIR / f"{name}.toml")
    data, _given = load_layout_table(Table(doc, doc.data, 1, "layout"), name)
    return data


def game_layout(game: Game) -> LayoutData:
    """The layout a game's counters are drawn with."""
    base = bundled_layout(game.counter_layout or "generic")
    return base.over(game.layout, game.layout_keys)
