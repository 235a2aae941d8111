"""The game data model and its validating loaders."""
from .game import (CounterField, Die, Formation, Game, HexsideFeature, LineFeature, Marker, Named,
                   Nationality, Phase, PointFeature, SequenceOfPlay, Side, Terrain, UnitSize, UnitType)
from .kit import Kit, bundled_kits, bundled_root, load_kit, resolve_kit_path
from .mapdata import Area, Box, Hexside, HexInfo, LinePath, MapData, Place, ScannedImage, Sheet
from .scenario import Placement, Reinforcement, Scenario
from .unit import Unit

__all__ = [n for n in dir() if not n.startswith("_")]
