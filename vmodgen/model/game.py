"""A game's definition: sides, nationalities, formations, unit kinds, terrain, sequence of play,
rule parameters. Loaded from a kit's ``game.toml`` by :mod:`vmodgen.model.load_game`."""
from __future__ import annotations

from functools import cached_property
from dataclasses import dataclass, field

from .layout import LayoutData


@dataclass(frozen=True)
class Named:
    """Anything with an id, a display name and an optional note."""
    id: str
    name: str
    note: str = ""


@dataclass(frozen=True)
class Side(Named):
    color: str = "#808080"


@dataclass(frozen=True)
class Nationality(Named):
    side: str = ""
    color: str = "#c0c0c0"          # counter background
    text_color: str = "#000000"
    illustrative: bool = False       # colour not stated by the rulebook


@dataclass(frozen=True)
class Formation(Named):
    nationality: str = ""
    color: str = ""                  # formation band / stripe colour; "" = none printed
    illustrative: bool = False


@dataclass(frozen=True)
class UnitType(Named):
    symbol: str = "infantry"         # render key(s): "infantry+parachute", "armor", ...
    movement_class: str = ""
    kind: str = "ground"             # ground, air, naval, marker, supply, hq


@dataclass(frozen=True)
class UnitSize(Named):
    mark: str = ""                   # NATO size mark: "XX", "X", "III", "II", "I", "●●●", ...


@dataclass(frozen=True)
class CounterField(Named):
    """A printed value, under the name the game uses (attack, defense, TQ, tank value...)."""
    kind: str = "int"                # int, text
    abbrev: str = ""


@dataclass(frozen=True)
class Terrain(Named):
    color: str = "#e8e0c0"
    pattern: str = ""                # dots, hatch, trees, hills, marsh, waves, ...
    water: bool = False


@dataclass(frozen=True)
class HexsideFeature(Named):
    color: str = "#000000"
    directional: bool = False        # has an up and a down side (escarpment, slope)


@dataclass(frozen=True)
class LineFeature(Named):
    """A feature drawn from hex centre to hex centre: roads, tracks, railways."""
    color: str = "#804000"
    width: float = 0.08              # fraction of the hex height
    dashed: bool = False


@dataclass(frozen=True)
class PointFeature(Named):
    """A feature in a hex: airfield, port, town, anchorage, fort..."""
    symbol: str = ""


@dataclass(frozen=True)
class Marker(Named):
    color: str = "#ffffff"
    text: str = ""


#: what a unit dragged from hex to hex in a phase is doing (``Phase.moves``): moving (the phasing
#: side's units, every side's when the phase has none), advancing (the phasing side) or retreating
#: (the others) after combat, being placed (a drop's scatter, a landing, air missions set on their
#: targets: not a move), or nothing (no unit moves: a drag is a move out of phase)
PHASE_MOVES = ("movement", "combat", "placement", "none")

#: what in a log without phase announcements starts a phase (``Phase.starts``): "roll" = the
#: phasing player's first die roll after the side's previous phase (its combat after its movement;
#: a binding with ``[turns] source = "player"``)
PHASE_STARTS = ("roll",)

#: kinds of phase in which units arrive on the map from off-map boxes (moving on, reinforcements,
#: airborne operations, landings): a drag from a box is then an arrival, not a move out of phase
ARRIVAL_KINDS = frozenset({"movement", "reinforcement", "air", "naval"})


@dataclass(frozen=True)
class Phase(Named):
    """One phase of a game turn, in rulebook order, with its segments."""
    side: str = ""                   # the side that moves in this phase, "" = both / none
    segments: tuple[str, ...] = ()
    kind: str = ""                   # movement, combat, supply, reinforcement, ... (rules timing)
    #: what drags on the map are in this phase (one of PHASE_MOVES), "" = by ``kind``
    moves: str = ""
    #: what in the log starts this phase (one of PHASE_STARTS), "" = the phase source says
    starts: str = ""

    @property
    def unit_moves(self) -> str:
        """What drags on the map are in this phase: ``moves`` as declared, else by ``kind``
        (movement → "movement", combat → "combat", any other → "none")."""
        if self.moves:
            return self.moves
        return self.kind if self.kind in ("movement", "combat") else "none"

    @property
    def takes_arrivals(self) -> bool:
        """Whether units arrive from off-map boxes in this phase (a drag out of a box onto the
        map is then an arrival, not a move out of phase): a phase of an :data:`ARRIVAL_KINDS`
        kind, or one whose units move or are placed."""
        return self.kind in ARRIVAL_KINDS or self.unit_moves in ("movement", "placement")


@dataclass(frozen=True)
class SequenceOfPlay:
    turn_name: str = "Turn"
    first_turn: int = 1
    last_turn: int | None = None
    phases: tuple[Phase, ...] = ()

    def phase(self, phase_id: str) -> Phase | None:
        """The first phase of that id (asked at every step of a replay: by a table made once)."""
        return self._by_id.get(phase_id)

    @cached_property
    def _by_id(self) -> dict[str, Phase]:
        out: dict[str, Phase] = {}
        for p in self.phases:
            out.setdefault(p.id, p)
        return out


@dataclass(frozen=True)
class Die:
    count: int = 1
    sides: int = 6

    def __str__(self) -> str:
        return f"{self.count}d{self.sides}"


@dataclass
class Game:
    """Everything a kit says about a game, except its units, map and scenarios."""
    id: str
    name: str
    subtitle: str = ""
    #: the module's version (``GameModule`` version, the saves' ``savedata``)
    version: str = "1.0"
    ruleset: str = "generic"
    die: Die = field(default_factory=Die)
    counter_layout: str = "generic"
    counter_size_mm: float = 12.7
    #: the counter's side on the module's maps, in pixels; None: :data:`COUNTER_FRACTION` of the hex
    counter_px: int | None = None
    #: the dice buttons of the module, the first one being the game's main die (``die``)
    dice: tuple[Die, ...] = ()
    source: str = ""
    illustrative_note: str = ""
    sides: dict[str, Side] = field(default_factory=dict)
    nationalities: dict[str, Nationality] = field(default_factory=dict)
    formations: dict[str, Formation] = field(default_factory=dict)
    unit_types: dict[str, UnitType] = field(default_factory=dict)
    unit_sizes: dict[str, UnitSize] = field(default_factory=dict)
    fields: dict[str, CounterField] = field(default_factory=dict)
    movement_classes: dict[str, Named] = field(default_factory=dict)
    flags: dict[str, Named] = field(default_factory=dict)
    terrain: dict[str, Terrain] = field(default_factory=dict)
    hexside_features: dict[str, HexsideFeature] = field(default_factory=dict)
    line_features: dict[str, LineFeature] = field(default_factory=dict)
    point_features: dict[str, PointFeature] = field(default_factory=dict)
    markers: dict[str, Marker] = field(default_factory=dict)
    sequence: SequenceOfPlay = field(default_factory=SequenceOfPlay)
    rules: dict[str, float | int | bool | str] = field(default_factory=dict)
    #: rule parameters whose value is not in the rulebook text
    illustrative_rules: frozenset[str] = frozenset()
    #: the kit's own ``[layout]`` table (None: the bundled layout as it is) and the keys it gives
    layout: LayoutData | None = None
    layout_keys: frozenset[str] = frozenset()
    #: the folder of per-unit images named by unit id ("" = none)
    images_dir: str = ""
