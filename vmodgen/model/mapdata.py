"""A game map: sheets with their printed hex-ID schemes, terrain per hex, hexside features,
roads/tracks/railways as hex chains, named places, areas (sectors) and off-map boxes.

Geometry comes from :mod:`vmodgen.hexes`; hexes are named everywhere by their printed ID.
Sheets placed in a common frame (``offset``) are adjacent across their join; unplaced sheets
are separate boards.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..hexes import grid
from ..hexes.grid import Hex
from ..hexes.scheme import HexScheme


@dataclass(frozen=True)
class ScannedImage:
    """A scan of the printed map used as the board, with its grid calibration."""
    file: str
    hex_height_px: float
    origin: tuple[int, int]          # board pixel centre of the sheet's first hex


@dataclass
class Sheet:
    id: str
    name: str
    scheme: HexScheme
    offset: tuple[int, int] | None = None    # (lines, positions) in the map's common frame
    image: ScannedImage | None = None
    line: int = 0


@dataclass(frozen=True)
class HexInfo:
    terrain: str
    elevation: int | None = None
    features: frozenset[str] = frozenset()
    illustrative: bool = True
    note: str = ""


@dataclass(frozen=True)
class Hexside:
    a: str
    b: str
    feature: str
    up: str = ""                     # for directional features: the higher hex; for a perimeter: its inside
    illustrative: bool = True


@dataclass(frozen=True)
class LinePath:
    """A road, track or railway: a chain of adjacent hexes."""
    kind: str
    hexes: tuple[str, ...]
    name: str = ""
    illustrative: bool = True


@dataclass(frozen=True)
class Place:
    name: str
    hex: str
    kind: str = ""                   # a point feature id (town, airfield, port...) or ""
    illustrative: bool = False
    note: str = ""


@dataclass(frozen=True)
class Box:
    """An off-map box, holding box or display area."""
    id: str
    name: str
    kind: str = "offmap"             # offmap, holding, track, display
    side: str = ""
    adjacent: tuple[str, ...] = ()   # map hexes that touch it
    note: str = ""
    #: False: a box for markers only (a record track, a diagram printed on the map), where no unit stands
    units: bool = True


@dataclass(frozen=True)
class Area:
    """A named set of hexes: a sector, a command area, an invasion zone."""
    id: str
    name: str
    kind: str = "sector"
    hexes: tuple[str, ...] = ()
    illustrative: bool = True


@dataclass
class MapData:
    id: str
    name: str
    hex_height_px: int = 64
    default_terrain: str = "clear"
    illustrative_note: str = ""
    #: whether the terrain of a hex the map does not list (``default_terrain``) is illustrative:
    #: a kit's guess, but not an inline position's nor a binding's own map
    default_illustrative: bool = True
    sheets: dict[str, Sheet] = field(default_factory=dict)
    hexes: dict[str, HexInfo] = field(default_factory=dict)
    hexsides: list[Hexside] = field(default_factory=list)
    lines: list[LinePath] = field(default_factory=list)
    places: list[Place] = field(default_factory=list)
    boxes: dict[str, Box] = field(default_factory=dict)
    areas: dict[str, Area] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._index: dict[str, tuple[str, Hex]] | None = None

    # ---- geometry -------------------------------------------------------------------
    def _build_index(self) -> None:
        index: dict[str, tuple[str, Hex]] = {}
        reverse: dict[tuple[str, Hex], str] = {}
        shifts: dict[str, str] = {}
        for sheet in self.sheets.values():
            frame = "placed" if sheet.offset is not None else f"sheet:{sheet.id}"
            dl, dp = sheet.offset or (0, 0)
            shift = sheet.scheme.shift
            if dl & 1:
                shift = "even" if shift == "odd" else "odd"
            shifts.setdefault(frame, shift)
            for h in sheet.scheme.hexes():
                hid = sheet.scheme.format(h)
                g = Hex(h.line + dl, h.pos + dp)
                index[hid] = (frame, g)
                reverse[(frame, g)] = hid
        self._index, self._reverse, self._shifts = index, reverse, shifts
        self._hexside_index: dict[frozenset[str], list[Hexside]] = {}
        for hs in self.hexsides:
            self._hexside_index.setdefault(frozenset((hs.a, hs.b)), []).append(hs)
        self._line_index: dict[frozenset[str], set[str]] = {}
        for path in self.lines:
            for a, b in zip(path.hexes, path.hexes[1:]):
                self._line_index.setdefault(frozenset((a, b)), set()).add(path.kind)

    def invalidate(self) -> None:
        """Forget cached geometry after the map was edited."""
        self._index = None

    @property
    def index(self) -> dict[str, tuple[str, Hex]]:
        if self._index is None:
            self._build_index()
        return self._index  # type: ignore[return-value]

    def has_hex(self, hex_id: str) -> bool:
        return hex_id in self.index

    def hex_ids(self) -> list[str]:
        return list(self.index)

    def sheet_of(self, hex_id: str) -> tuple[Sheet, Hex] | None:
        for sheet in self.sheets.values():
            h = sheet.scheme.parse(hex_id)
            if h is not None:
                return sheet, h
        return None

    def neighbours(self, hex_id: str) -> list[str]:
        """The map hexes adjacent to ``hex_id`` (across placed sheet joins too)."""
        frame, g = self.index[hex_id]
        shift = self._shifts[frame]
        out = []
        for n in grid.neighbours(g, shift):  # type: ignore[arg-type]
            hid = self._reverse.get((frame, n))
            if hid is not None:
                out.append(hid)
        return out

    def adjacent(self, a: str, b: str) -> bool:
        if a not in self.index or b not in self.index:
            return False
        (fa, ga), (fb, gb) = self.index[a], self.index[b]
        return fa == fb and grid.distance(ga, gb, self._shifts[fa]) == 1  # type: ignore[arg-type]

    def distance(self, a: str, b: str) -> int | None:
        """Hexes from ``a`` to ``b`` (``a`` excluded), None across unjoined sheets."""
        (fa, ga), (fb, gb) = self.index[a], self.index[b]
        if fa != fb:
            return None
        return grid.distance(ga, gb, self._shifts[fa])  # type: ignore[arg-type]

    # ---- contents -------------------------------------------------------------------
    def info(self, hex_id: str) -> HexInfo:
        got = self.hexes.get(hex_id)
        if got is not None:
            return got
        return HexInfo(terrain=self.default_terrain, illustrative=self.default_illustrative)

    def terrain(self, hex_id: str) -> str:
        return self.info(hex_id).terrain

    def hexside_features(self, a: str, b: str) -> list[Hexside]:
        if self._index is None:
            self._build_index()
        return list(self._hexside_index.get(frozenset((a, b)), ()))

    def lines_between(self, a: str, b: str) -> set[str]:
        """Kinds of roads/tracks/railways that run directly from ``a`` to ``b``."""
        if self._index is None:
            self._build_index()
        return set(self._line_index.get(frozenset((a, b)), ()))

    def place(self, name: str) -> Place | None:
        return next((p for p in self.places if p.name == name), None)

    def location_exists(self, loc: str) -> bool:
        """A set-up or arrival location: a hex ID or an off-map box id."""
        return loc in self.boxes or self.has_hex(loc)

    def sheet_ranges(self) -> str:
        """Each sheet's first and last hex ID, for messages: ``A0101..A0807, B0101..B0807``."""
        out = []
        for s in self.sheets.values():
            hexes = s.scheme.hexes()
            if hexes:
                out.append(f"{s.scheme.format(hexes[0])}..{s.scheme.format(hexes[-1])}")
        return ", ".join(out)

    def hex_hint(self, hex_id: str) -> str:
        """What a hex ID not on the map may have meant: the same ID in another letter case, else
        the sheets' hex ranges."""
        same = [h for h in (hex_id.upper(), hex_id.lower()) if h != hex_id and self.has_hex(h)]
        if same:
            return f"did you mean '{same[0]}'?"
        return f"the map's hexes: {self.sheet_ranges()}"

    def location_hint(self, loc: str) -> str:
        """What a set-up or arrival location ``loc`` that does not exist may have meant: the
        nearest box id (misspelt), else the sheets' hex ranges and the box ids."""
        import difflib
        near = difflib.get_close_matches(loc, list(self.boxes), n=1, cutoff=0.7)
        if near:
            return f"did you mean the box '{near[0]}'?"
        hint = self.hex_hint(loc)
        if hint.startswith("did you mean"):
            return hint
        boxes = f"; boxes: {', '.join(self.boxes)}" if self.boxes else "; no boxes"
        return f"{hint}{boxes}"

    def no_location(self, loc: str) -> str:
        """Why ``loc`` is no set-up or arrival location, with :meth:`location_hint`."""
        return f"'{loc}' is neither a hex of the map nor a box ({self.location_hint(loc)})"
