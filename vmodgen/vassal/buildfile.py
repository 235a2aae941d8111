"""Reading the component tree of a ``buildFile.xml`` (FORMATS.md §1.4–1.6): maps, boards and
their grids, piece slots, prototypes, turn trackers, sides and predefined setups.

Elements are recognised by the last part of their class name (``…board.HexGrid``), so
subclasses of other packages (``WidgetMap``, ``PrivateMap``, ``CardSlot``) are read too.
Pure functions over lxml elements; :mod:`.module` does the zip and image work.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterator, Mapping

from ..hexes.vassal_grid import HexGrid, RegionGrid, SquareGrid, Zone, ZonedGrid
from ..hexes.vassal_numbering import Grid as AnyGrid
from ..hexes.vassal_numbering import NumberedGrid, RegularNumbering

Grid = HexGrid | SquareGrid | RegionGrid | ZonedGrid

MAP_CLASSES = ("Map", "PrivateMap", "PlayerHand", "WidgetMap")
SLOT_CLASSES = ("PieceSlot", "CardSlot")


def cls(el) -> str:
    """The last part of an element's class name (``HexGrid`` for ``…board.HexGrid``)."""
    tag = el.tag if isinstance(el.tag, str) else ""
    return tag.rsplit(".", 1)[-1]


def text_of(el) -> str:
    """``Builder.getText``: the element's text content, trimmed."""
    return "".join(el.itertext()).strip()


def elements(el) -> Iterator:
    for child in el:
        if isinstance(child.tag, str):
            yield child


def descendants(el, *names: str) -> Iterator:
    for d in el.iter():
        if isinstance(d.tag, str) and cls(d) in names:
            yield d


# ------------------------------------------------------------------ grids

GRID_CLASSES = ("HexGrid", "SquareGrid", "RegionGrid", "ZonedGrid")
#: children VASSAL builds that only draw (no labels, no zones): never warned about
_DRAWING_ONLY = {"ZonedGrid": ("ZonedGridHighlighter",), "Zone": ("ZoneProperty",)}
_NUMBERINGS = {"HexGrid": ("HexGridNumbering", "ObliqueHexGridNumbering"),
               "SquareGrid": ("SquareGridNumbering",)}

Warn = Callable[[str], None]


def _ignore(_message: str) -> None:
    return None


def _numbering(grid_el, warn: Warn, where: str) -> tuple[str, dict[str, str]] | None:
    """The grid's numbering element (class, attributes): the last one, as VASSAL's
    ``setGridNumbering`` keeps the last; any other child is reported through ``warn``."""
    kind = cls(grid_el)
    known = _NUMBERINGS.get(kind, ())
    found = [c for c in elements(grid_el) if cls(c) in known]
    lost = ("the grid's labels are lost" if not found else
            f"vmodgen labels the grid by its {cls(found[-1])}, VASSAL may not")
    for child in elements(grid_el):
        if cls(child) not in known:
            warn(f"{where}: element <{child.tag}> in its {kind} is not a numbering vmodgen knows: "
                 f"ignored ({lost})")
    if len(found) > 1:
        warn(f"{where}: its {kind} has {len(found)} numberings; VASSAL uses the last, so does vmodgen")
    return (cls(found[-1]), dict(found[-1].attrib)) if found else None


def read_grid(el, size: tuple[int, int], warn: Warn = _ignore, where: str = "grid") -> Grid | None:
    """A grid element as a :mod:`vmodgen.hexes.vassal_grid` object (bad numbers: ValueError).
    Every child element this reader does not understand is named through ``warn`` with what
    is lost; ``where`` says whose grid it is (``map 'M', board 'B'``)."""
    kind = cls(el)
    if kind == "HexGrid":
        num = _numbering(el, warn, where)
        return HexGrid.from_attributes(dict(el.attrib), num and num[1], size,
                                       oblique=num is not None and num[0] == "ObliqueHexGridNumbering")
    if kind == "SquareGrid":
        num = _numbering(el, warn, where)
        return SquareGrid.from_attributes(dict(el.attrib), num and num[1], size)
    if kind == "RegionGrid":
        for r in elements(el):
            if cls(r) != "Region":
                warn(f"{where}: element <{r.tag}> in its RegionGrid is not a Region: ignored "
                     f"(any location it names is lost)")
        regions: list[Mapping[str, str]] = [dict(r.attrib) for r in elements(el) if cls(r) == "Region"]
        return RegionGrid.from_attributes(dict(el.attrib), regions)
    if kind == "ZonedGrid":
        zg = ZonedGrid(size=size)
        for child in elements(el):
            ck = cls(child)
            if ck == "Zone":
                a = child.attrib
                zone = Zone(a.get("name", ""), a.get("path", ""), a.get("locationFormat", "$name$"),
                            a.get("useParentGrid", "") == "true")
                zwhere = f"{where}, zone '{zone.name}'"
                for g in elements(child):
                    gk = cls(g)
                    if gk in GRID_CLASSES[:3]:
                        zone.grid = read_grid(g, zone.size, warn, zwhere)
                    elif gk not in _DRAWING_ONLY["Zone"]:
                        warn(f"{zwhere}: element <{g.tag}> in the zone is not a grid vmodgen knows: "
                             f"ignored (the zone's own grid labels are lost)")
                zg.add_zone(zone)
            elif ck in GRID_CLASSES[:3]:
                if zg.background is not None:
                    warn(f"{where}: its ZonedGrid has a second background grid <{child.tag}>: ignored")
                else:
                    zg.background = read_grid(child, size, warn, where + ", background")
            elif ck not in _DRAWING_ONLY["ZonedGrid"]:
                warn(f"{where}: element <{child.tag}> in its ZonedGrid is neither a zone nor a grid "
                     f"vmodgen knows: ignored (the zones or labels it defines are lost)")
        return zg
    warn(f"{where}: grid element <{el.tag}> is not one vmodgen knows: ignored (the board's "
         f"labels and zones are lost: its pieces have no location)")
    return None


def numberings(grid: AnyGrid | None) -> Iterator[RegularNumbering]:
    """Every numbering of a grid: its own, a zoned grid's background's and its zones' grids'."""
    if grid is None:
        return
    if isinstance(grid, ZonedGrid):
        yield from numberings(grid.background)
        for z in grid.zones:
            yield from numberings(z.grid)
    elif isinstance(grid, NumberedGrid) and grid.numbering is not None:
        yield grid.numbering


def set_grid_size(grid: AnyGrid | None, size: tuple[int, int]) -> None:
    """Give a board's grid (and a zoned grid's background) the board's size."""
    if grid is None:
        return
    if isinstance(grid, ZonedGrid):
        grid.size = size
        if grid.background is not None:
            set_grid_size(grid.background, size)
    elif isinstance(grid, (HexGrid, SquareGrid)):         # a RegionGrid has no size
        grid.size = size


def grid_summary(grid: AnyGrid | None) -> str:
    """One line describing a grid, for ``vmodgen inspect``."""
    if grid is None:
        return "no grid"
    if isinstance(grid, HexGrid):
        n = grid.numbering
        s = (f"HexGrid dx={grid.dx:g} dy={grid.dy:g} x0={grid.x0} y0={grid.y0}"
             f"{' sideways' if grid.sideways else ''}")
        if n is None:
            return s + ", no numbering (no hex labels)"
        kind = "oblique numbering" if n.kind == "oblique" else "numbering"
        slant = (f" slant={'right' if n.stagger else 'left'}" if n.kind == "oblique"
                 else f" stagger={'on' if n.stagger else 'off'}")
        return (s + f", {kind} first={n.first} sep='{n.sep}' h={n.h_type}{n.h_leading}{n.h_off:+d}"
                f"{' desc' if n.h_descend else ''} v={n.v_type}{n.v_leading}{n.v_off:+d}"
                f"{' desc' if n.v_descend else ''}{slant}"
                f" format='{n.location_format}'")
    if isinstance(grid, SquareGrid):
        return (f"SquareGrid dx={grid.dx:g} dy={grid.dy:g} x0={grid.x0} y0={grid.y0}"
                + ("" if grid.numbering else ", no numbering"))
    if isinstance(grid, RegionGrid):
        return f"RegionGrid, {len(grid.regions)} regions"
    assert isinstance(grid, ZonedGrid)                  # read_grid makes only these four
    parts = [f"ZonedGrid, {len(grid.zones)} zones"]
    if grid.background is not None:
        parts.append("background " + grid_summary(grid.background))
    for z in grid.zones:         # a zone with a hex grid of its own: the board's hexes may be its
        if isinstance(z.grid, HexGrid) and not z.use_parent_grid:
            parts.append(f"zone '{z.name}' {grid_summary(z.grid)}")
    return ", ".join(parts)


# ------------------------------------------------------------------ other components

@dataclass
class PieceSlot:
    """A palette or at-start-stack slot: its name, gpid and ``+/null/type/state`` text."""
    name: str
    gpid: str
    definition: str
    kind: str = "PieceSlot"
    path: tuple[str, ...] = ()          # names of the enclosing windows/widgets/stacks


@dataclass
class TurnLevel:
    """A ``CounterTurnLevel`` or ``ListTurnLevel`` (``attributes`` as written), nested."""
    kind: str
    attributes: dict[str, str]
    levels: list["TurnLevel"] = field(default_factory=list)

    @property
    def property_name(self) -> str:
        return self.attributes.get("property", "")

    @property
    def items(self) -> list[str]:
        """A ListTurnLevel's list (comma separated, SequenceEncoder)."""
        from .codec import decode
        text = self.attributes.get("list", "")
        return decode(text, ",") if text else []


@dataclass
class TurnTracker:
    name: str
    attributes: dict[str, str]
    levels: list[TurnLevel]


@dataclass
class Setup:
    """A ``PredefinedSetup``: a scenario file in the module, or a menu of them."""
    name: str
    file: str
    is_menu: bool
    use_file: bool
    path: tuple[str, ...] = ()


def _label(el) -> str:
    a = el.attrib
    return a.get("entryName") or a.get("name") or a.get("mapName") or a.get("text") or cls(el)


#: the labels :func:`_label` gives a palette widget with no name of its own (its class)
UNNAMED_WIDGETS = frozenset({"TabWidget", "ListWidget", "PanelWidget", "BoxWidget", "PieceWindow", "ChartWindow",
                             "HtmlChart", "Chart", "Widget", "SetupStack"})


def named_path(path: tuple[str, ...]) -> tuple[str, ...]:
    """A slot's palette path without the widgets that have no name (what a player sees)."""
    return tuple(p for p in path if p not in UNNAMED_WIDGETS)


def read_piece_slots(root) -> list[PieceSlot]:
    out = []

    def walk(el, path: tuple[str, ...]) -> None:
        for child in elements(el):
            k = cls(child)
            if k in SLOT_CLASSES:
                a = child.attrib
                out.append(PieceSlot(a.get("entryName", ""), a.get("gpid", ""), text_of(child), k, path))
            else:
                walk(child, path + (_label(child),))
    walk(root, ())
    return out


class Prototypes(dict):
    """A module's PrototypeDefinition texts by name, with the count of traits expanded from
    them so far (:func:`vmodgen.vassal.piece.expand_prototypes` refuses past
    :data:`vmodgen.limits.MAX_EXPANDED_TRAITS_TOTAL`, whichever reader expands them)."""

    def __init__(self, *args, source: str | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.source = source
        self.expanded = 0


def read_prototypes(root, warn: Callable[[str], None], source: str | None = None) -> "Prototypes":
    protos = Prototypes(source=source)
    for el in descendants(root, "PrototypeDefinition"):
        name = el.attrib.get("name", "")
        if name in protos:
            warn(f"prototype '{name}' is defined twice (the first definition is used)")
            continue
        protos[name] = text_of(el)
    return protos


def _levels(el) -> list[TurnLevel]:
    return [TurnLevel(cls(c), dict(c.attrib), _levels(c)) for c in elements(el)
            if cls(c).endswith("TurnLevel")]


def read_turn_trackers(root) -> list[TurnTracker]:
    return [TurnTracker(el.attrib.get("name", ""), dict(el.attrib), _levels(el))
            for el in descendants(root, "TurnTracker")]


def read_sides(root) -> list[str]:
    for el in descendants(root, "PlayerRoster"):
        return [text_of(e) for e in elements(el) if e.tag == "entry"]
    return []


def read_dice(root) -> dict[str, int]:
    """Faces per die of each DiceButton, by the name its reports carry."""
    out: dict[str, int] = {}
    for el in root.iter():
        if isinstance(el.tag, str) and el.tag.endswith("SpecialDiceButton"):
            sides = _numbered_faces(el)
            if el.get("name") and sides:
                out.setdefault(el.get("name"), sides)
        elif isinstance(el.tag, str) and el.tag.endswith("DiceButton"):
            sides = el.get("nSides", "")
            if el.get("name") and sides.isdecimal() and 0 < int(sides) <= 10_000:
                out.setdefault(el.get("name"), int(sides))
    return out


def read_dice_formats(root) -> dict[str, str]:
    """The ``reportFormat`` of each DiceButton (not SpecialDiceButton), by name; not of a button
    that reports the total (``reportTotal``) and not each die."""
    out: dict[str, str] = {}
    for el in root.iter():
        if isinstance(el.tag, str) and el.tag.endswith("DiceButton") and not el.tag.endswith("SpecialDiceButton"):
            fmt = el.get("reportFormat") or ""
            totals = el.get("reportTotal") == "true" and "$result1$" not in fmt.lower()
            if el.get("name") and fmt and not totals:       # a total is no die's face
                out.setdefault(el.get("name"), fmt)
    return out


def _numbered_faces(button) -> int | None:
    """Faces per die of a SpecialDiceButton whose every die has the faces 1 ... n (their text):
    n; None when its dice differ or a face is no such number (symbols, words)."""
    counts = set()
    for die in elements(button):
        if not cls(die).endswith("SpecialDie"):
            continue
        faces = [f.get("text", "") for f in elements(die) if cls(f).endswith("SpecialDieFace")]
        if not faces or faces != [str(i) for i in range(1, len(faces) + 1)]:
            return None
        counts.add(len(faces))
    return counts.pop() if len(counts) == 1 else None


def read_setups(root) -> list[Setup]:
    out = []

    def walk(el, path: tuple[str, ...]) -> None:
        for child in elements(el):
            if cls(child) == "PredefinedSetup":
                a = child.attrib
                out.append(Setup(a.get("name", ""), a.get("file", ""), a.get("isMenu") == "true",
                                 a.get("useFile", "true") == "true", path))
                walk(child, path + (a.get("name", ""),))
            else:
                walk(child, path)
    walk(root, ())
    return out
