"""The game data model and its validating loaders.

The names below are imported on first use (PEP 562): a module that needs only
``vmodgen.model.game`` or ``vmodgen.model.unit`` (an audit with a binding file) does not load
the kit loaders and the imaging library they use."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_exports

#: exported name → the submodule that defines it
_WHERE: dict[str, str] = {
    **{n: "game" for n in ("CounterField", "Die", "Formation", "Game", "HexsideFeature", "LineFeature",
                           "Marker", "Named", "Nationality", "Phase", "PointFeature", "SequenceOfPlay",
                           "Side", "Terrain", "UnitSize", "UnitType")},
    **{n: "kit" for n in ("Kit", "bundled_kits", "bundled_root", "load_kit", "resolve_kit_path")},
    **{n: "mapdata" for n in ("Area", "Box", "Hexside", "HexInfo", "LinePath", "MapData", "Place",
                              "ScannedImage", "Sheet")},
    **{n: "scenario" for n in ("Placement", "Reinforcement", "Scenario")},
    "Unit": "unit",
}

__all__ = sorted(_WHERE)


__getattr__, __dir__ = lazy_exports(__name__, _WHERE, globals())


if TYPE_CHECKING:  # pragma: no cover - for type checkers only
    from .game import (CounterField, Die, Formation, Game, HexsideFeature, LineFeature, Marker, Named,
                       Nationality, Phase, PointFeature, SequenceOfPlay, Side, Terrain, UnitSize, UnitType)
    from .kit import Kit, bundled_kits, bundled_root, load_kit, resolve_kit_path
    from .mapdata import Area, Box, Hexside, HexInfo, LinePath, MapData, Place, ScannedImage, Sheet
    from .scenario import Placement, Reinforcement, Scenario
    from .unit import Unit
