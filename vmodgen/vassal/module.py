"""Reading a VASSAL module (``.vmod``; FORMATS.md §1, §2.2): metadata, maps and their boards
with grids, piece slots, prototypes, images, turn trackers, sides and predefined setups, and
``locate(map, x, y)``: the label VASSAL gives a map point (board found, origin subtracted,
reversal applied, grid label), or ``None`` where VASSAL would say "offboard".

    m = read_module("game.vmod")
    m.locate("Main Map", 170, 267)        # -> "0304"

The zip is read through :class:`~vmodgen.safeio.SafeZip` (bomb limits), XML through
:func:`~vmodgen.safeio.parse_xml` (no entities). Board sizes come from the image headers,
read lazily with Pillow (SVG: its ``width``/``height``); a board whose image is absent has
an unknown size and, alone on its map, is taken to extend without limit.
"""
from __future__ import annotations

import io
import re
import unicodedata
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Callable, NamedTuple

from .. import limits
from ..notes import warn_once
from ..errors import InputError, LimitError
from ..safeio import SafeZip, ZipBudget, parse_xml
from . import buildfile as bf
from .buildfile import Grid, PieceSlot, Setup, TurnLevel, TurnTracker  # noqa: F401 (re-export)
from .codec import decode
from .versions import target_of

if TYPE_CHECKING:
    from .translations import Translations

#: what VASSAL does with a piece saved on a map the running module lacks (3.7.26: BasicPiece
#: "Map not found", Stack "Could not find map", Deck "No such map"): one wording for every report
MAP_NOT_FOUND = ('VASSAL finds no such map ("Map not found", "Could not find map", "No such map") '
                 "and leaves those pieces on no map, out of the game")

__all__ = ["Module", "MapInfo", "Board", "PlacedBoard", "read_module", "PieceSlot", "Setup",
           "TurnTracker", "TurnLevel", "check_entry_name"]

BUILDFILE, BUILDFILE_OLD = "buildFile.xml", "buildFile"


def check_entry_name(path: str | Path, name: str) -> None:
    """Refuse a zip entry name that is absolute or climbs out of the archive (``..``)."""
    parts = name.replace("\\", "/").split("/")
    if ("\x00" in name or name.startswith(("/", "\\")) or (len(name) > 1 and name[1] == ":")
            or ".." in parts):
        raise LimitError(path, f"zip entry name '{name}' escapes the archive (refused)")



@dataclass
class Board:
    """A board a map may show: its image, its grid, and its pixel size (lazy)."""
    name: str
    image: str
    reversible: bool
    grid: Grid | None
    attributes: dict[str, str]
    _module: "Module | None" = field(default=None, repr=False)
    _size: tuple[int, int] | None = field(default=None, repr=False)
    _size_done: bool = field(default=False, repr=False)

    @property
    def size(self) -> tuple[int, int] | None:
        """(width, height) in pixels; None when the image is missing or unreadable."""
        if not self._size_done:
            self._size_done = True
            if self.image.strip():
                self._size = self._module.image_size(self.image) if self._module else None
            else:
                w, h = 500, 500
                try:
                    w = int(self.attributes.get("width", "500"))
                    h = int(self.attributes.get("height", "500"))
                except ValueError:
                    pass
                self._size = (w, h)
            if self._size is not None:
                bf.set_grid_size(self.grid, self._size)
        return self._size


@dataclass
class PlacedBoard:
    """A board placed on a map: layout cell, reversal and pixel origin on the map."""
    board: Board
    column: int
    row: int
    reversed: bool = False
    x: int = 0
    y: int = 0

    def contains(self, x: int, y: int, alone: bool) -> bool:
        size = self.board.size
        if size is None:
            return alone and x >= self.x and y >= self.y
        return self.x <= x < self.x + size[0] and self.y <= y < self.y + size[1]

    def board_point(self, x: int, y: int) -> tuple[int, int]:
        """A map point in this board's own pixels (its reversal applied)."""
        bx, by = x - self.x, y - self.y
        size = self.board.size
        if self.reversed and size is not None:
            bx, by = size[0] - bx, size[1] - by
        return bx, by

    def label(self, x: int, y: int) -> str | None:
        """``Board.locationName`` of a map point on this board."""
        g = self.board.grid
        return None if g is None else g.location_name(*self.board_point(x, y))


@dataclass
class MapInfo:
    """A map window (``Map``, ``PrivateMap``, ``PlayerHand``, ``WidgetMap``)."""
    name: str
    kind: str
    attributes: dict[str, str]
    edge: tuple[int, int]
    boards: dict[str, Board]
    setup: str | None = None
    layout: list[PlacedBoard] | None = None
    _memo: dict = field(default_factory=dict, repr=False)
    #: bumped whenever the boards really change (what point → label memos depend on)
    version: int = field(default=0, repr=False)
    _choice: list | None = field(default=None, repr=False)
    #: the map's Decks (DrawPile: name, x, y, owning board), in the buildFile's order
    decks: list[tuple[str, int, int, str]] = field(default_factory=list, repr=False)
    #: pieces moved here may form stacks (its StackMetrics is not ``disabled``)
    stacking: bool = True
    #: its Game Piece Layers (``LayeredPieceCollection``): the property and the layers' order
    layers: tuple[str, tuple[str, ...]] | None = None

    def set_boards(self, choice: list[tuple[str, bool, int, int]]) -> None:
        """Place boards (name, reversed, column, row) as ``Map.setBoardBoundaries`` does. The
        same choice again (every save of a game says it) keeps the layout and its memo."""
        choice = list(choice)
        if self.layout is not None and choice == self._choice:
            return
        if len(choice) > limits.MAX_BOARDS:
            raise LimitError(None, f"map '{self.name}' places {len(choice)} boards, more than the limit "
                                   f"of {limits.MAX_BOARDS}")
        for n, _rev, c, r in choice:
            if abs(c) > limits.MAX_BOARD_CELL or abs(r) > limits.MAX_BOARD_CELL:
                raise LimitError(None, f"map '{self.name}' places board '{n}' at column {c}, row {r}: "
                                       f"past the limit of {limits.MAX_BOARD_CELL}")
        self._choice = choice
        self.version += 1
        placed = [PlacedBoard(self.boards[n], c, r, rev) for n, rev, c, r in choice if n in self.boards]
        cells = {(p.column, p.row): p.board for p in placed}     # a later board takes the cell

        def size(cell: tuple[int, int], i: int) -> int:
            b = cells.get(cell)
            s = b.size if b is not None else None     # read an image only when it matters
            return s[i] if s else 0

        for p in placed:      # only cells holding a board add to the offset: linear in boards
            p.x = self.edge[0] + sum(size(cell, 0) for cell in cells if cell[1] == p.row and 0 <= cell[0] < p.column)
            p.y = self.edge[1] + sum(size(cell, 1) for cell in cells if cell[0] == p.column and 0 <= cell[1] < p.row)
        self.layout = placed
        self._memo = {}

    def apply_board_command(self, text: str) -> bool:
        """Apply a ``<map>BoardPicker\\tboard[/rev]\\tcol\\trow…`` text; False if not for this map."""
        tokens = decode(text, "\t")
        if not tokens or tokens[0] not in (self.name + "BoardPicker",):
            return False
        choice = []
        i = 1
        while i < len(tokens):
            name_rev = decode(tokens[i], "/")
            nums = []
            for k in (i + 1, i + 2):
                try:
                    nums.append(int(tokens[k]) if k < len(tokens) else 0)
                except ValueError:
                    nums.append(0)
            choice.append((name_rev[0], len(name_rev) > 1 and name_rev[1] == "rev", nums[0], nums[1]))
            i += 3
        self.set_boards(choice)
        return True

    def board_at(self, x: int, y: int) -> PlacedBoard | None:
        """``Map.findBoard``: the first placed board whose rectangle holds the point."""
        if not self.layout:
            return None
        alone = len(self.layout) == 1
        for p in self.layout:
            if p.contains(x, y, alone):
                return p
        return None

    def deck_at(self, x: int, y: int) -> str | None:
        """``Map.getDeckNameAt`` (VASSAL 3.2+): the name of the first Deck exactly at the point,
        its position taken from its owning board's corner, or the map's edge without one."""
        for name, dx, dy, owner in self.decks:
            placed = next((p for p in self.layout or () if p.board.name == owner), None) if owner else None
            ox, oy = (placed.x, placed.y) if placed is not None else self.edge
            if (dx + ox, dy + oy) == (x, y):
                return name
        return None

    def locate(self, x: int, y: int) -> str | None:
        """The label of a map point (memoised per point until the boards change): a Deck's
        name at its exact point (``Map.locationName``), else the board's grid or zone label."""
        key = (x, y)
        memo = self._memo
        if key in memo:
            return memo[key]
        label = self.deck_at(x, y)
        if label is None:
            p = self.board_at(x, y)
            label = None if p is None else p.label(x, y)
        if len(memo) > 200_000:
            memo.clear()
        memo[key] = label
        return label


class _LateReads(NamedTuple):
    """What :func:`read_module` leaves to first use (:attr:`Module._late`)."""
    dice_sides: dict[str, int]
    dice_formats: dict[str, str]
    setups: list[Setup]


class Module:
    """A read module. Build with :func:`read_module`."""

    def __init__(self, path: str | Path, data: bytes | None = None) -> None:
        self.path = str(path)
        self._data = data
        self.metadata: dict[str, str] = {}
        self.build_file = ""
        self.attributes: dict[str, str] = {}
        self.maps: dict[str, MapInfo] = {}
        self._piece_slots: list[PieceSlot] | None = []
        self._slots_root = None     # the buildFile root until the piece slots are first read
        self.prototypes: dict[str, str] = {}
        self.images: list[str] = []
        self.entries: list[str] = []
        self.turn_trackers: list[TurnTracker] = []
        self.sides: list[str] = []
        #: the bundles its ``Translation`` components name (``Translation.getBundleFileName``)
        self.translation_bundles: list[str] = []
        #: the buildFile's root until :attr:`dice_sides`, :attr:`dice_formats` and :attr:`setups`
        #: are read (:attr:`_late`)
        self._late_root = None
        self.warnings: list[str] = []
        self._image_sizes: dict[str, tuple[int, int] | None] = {}
        self._no_stack: dict[str, bool] = {}

    # -- basics --
    @property
    def piece_slots(self) -> list[PieceSlot]:
        """Every PieceSlot/CardSlot of the buildFile, read on first use (a replay needs none)."""
        if self._piece_slots is None:
            self._piece_slots = bf.read_piece_slots(self._slots_root)
            self._slots_root = None
        return self._piece_slots

    @piece_slots.setter
    def piece_slots(self, slots: list[PieceSlot]) -> None:
        self._piece_slots, self._slots_root = slots, None

    # what a replay or ``inspect`` of a save never asks: read from the buildFile when one of them
    # is first asked (a value assigned first is kept, as for any attribute)
    @cached_property
    def dice_sides(self) -> dict[str, int]:
        """DiceButton name → faces per die."""
        return self._late.dice_sides

    @cached_property
    def dice_formats(self) -> dict[str, str]:
        """DiceButton name → its reportFormat."""
        return self._late.dice_formats

    @cached_property
    def setups(self) -> list[Setup]:
        """The predefined setups (``PredefinedSetup``), menus and their files."""
        return self._late.setups

    @cached_property
    def _late(self) -> "_LateReads":
        """The three at once, then the tree is let go (an audit asks the dice: it holds the tree
        no longer than for its piece slots)."""
        root, self._late_root = self._late_root, None
        if root is None:                                     # a module not read from a buildFile
            return _LateReads({}, {}, [])
        return _LateReads(bf.read_dice(root), bf.read_dice_formats(root), bf.read_setups(root))

    @property
    def name(self) -> str:
        return self.attributes.get("name") or self.metadata.get("name", "")

    @property
    def version(self) -> str:
        return self.attributes.get("version") or self.metadata.get("version", "")

    @property
    def vassal_version(self) -> str:
        return self.metadata.get("VassalVersion") or self.attributes.get("VassalVersion", "")

    def warn(self, message: str) -> None:
        warn_once(self.warnings, message)

    def count(self, kind: str) -> int:
        """Number of piece slots of one class (``PieceSlot`` or ``CardSlot``)."""
        return sum(1 for s in self.piece_slots if s.kind == kind)

    def _zip(self) -> SafeZip:
        if getattr(self, "_zip_budget", None) is None:
            self._zip_budget = ZipBudget()          # one budget for every entry this module reads
        return SafeZip(self.path, data=self._data, budget=self._zip_budget)

    def read_entry(self, name: str) -> bytes:
        """The bytes of one zip entry (e.g. a predefined setup's ``.vsav``)."""
        with self._zip() as z:
            return z.read(name)

    @property
    def translated(self) -> bool:
        """Whether the module holds a translation: a ``Translation`` its buildFile declares whose
        bundle (``Module_<language>[_<country>].properties``) it holds. A player's VASSAL in that
        language shows, and writes into the file, the translated names of zones, regions, decks and
        report formats (``Localization.addTranslation``: a bundle no Translation names is unused)."""
        names = set(self.entries)
        return any(n in names for n in self.translation_bundles)

    @cached_property
    def translations(self) -> "Translations":
        """The module's declared translation bundles, read on first use."""
        from .translations import Translations, parse_properties
        names = set(self.entries)
        return Translations({n: parse_properties(self.read_entry(n)) for n in dict.fromkeys(self.translation_bundles)
                             if n in names})

    # -- images --
    def image_entry(self, image: str) -> str | None:
        """The zip entry of an image name (``images/`` + name, NFD and ``.gif`` fallbacks)."""
        names = set(self.entries)
        for cand in ("images/" + image, "images/" + unicodedata.normalize("NFD", image),
                     "images/" + image + ".gif"):
            if cand in names:
                return cand
        return None

    def image_size(self, image: str) -> tuple[int, int] | None:
        """Pixel size of an image in the module (header only); None when absent/unreadable."""
        if image in self._image_sizes:
            return self._image_sizes[image]
        size = None
        entry = self.image_entry(image)
        if entry is None:
            self.warn(f"image '{image}' is not in the module (its board size is unknown)")
        else:
            try:
                size = _image_size(self.read_entry(entry), entry)
            except LimitError:
                raise                               # the module's budget: refused, not warned
            except InputError as exc:
                self.warn(str(exc))
            if size is None:
                self.warn(f"image '{image}' could not be read (its board size is unknown)")
        self._image_sizes[image] = size
        return size

    # -- locations --
    def map(self, name: str) -> MapInfo | None:
        return self.maps.get(name)

    def layout_version(self) -> tuple[int, ...]:
        """Changes whenever a map's boards change (memos of point → label depend on it)."""
        return tuple(m.version for m in self.maps.values())

    def locate(self, map_name: str | None, x: int, y: int) -> str | None:
        """VASSAL's location label of a map point (§2.2), or None (offboard / no grid)."""
        m = self.maps.get(map_name) if map_name else None
        return None if m is None else m.locate(x, y)

    def never_stacks(self, type_chain: str) -> bool:
        """VASSAL's ``Properties.NO_STACK`` of a piece of this type (:mod:`vmodgen.vassal.stacking`:
        its own traits tell, never a prototype's); memoised by type chain."""
        got = self._no_stack.get(type_chain)
        if got is None:
            from .stacking import never_stacks
            got = self._no_stack[type_chain] = never_stacks(type_chain)
        return got

    def map_layers(self, map_name: str | None) -> tuple[str, tuple[str, ...]] | None:
        """A map's Game Piece Layers: (the property, the layers in order), None without them."""
        m = self.maps.get(map_name or "")
        return None if m is None else m.layers

    def stacking_enabled(self, map_name: str | None) -> bool:
        """``StackMetrics.isStackingEnabled`` of a map (True for a map the module lacks)."""
        m = self.maps.get(map_name or "")
        return m is None or m.stacking

    def board_layouts(self) -> Callable[[], None]:
        """A function that puts every map's boards back as they are now (a check that lays out a
        file's later board changes must leave the module as it found it)."""
        kept = {name: (m.layout, m._choice, m._memo) for name, m in self.maps.items()}

        def restore() -> None:
            for name, (layout, choice, memo) in kept.items():
                m = self.maps[name]
                if m.layout is not layout:
                    m.layout, m._choice, m._memo = layout, choice, memo
                    m.version += 1
        return restore

    def apply_board_command(self, text: str) -> bool:
        """Apply a save's ``<map>BoardPicker`` command to the map it names."""
        for m in self.maps.values():
            if m.apply_board_command(text):
                return True
        return False


def _image_size(data: bytes, entry: str) -> tuple[int, int] | None:
    if entry.lower().endswith((".svg", ".svgz")) or data.lstrip()[:5] in (b"<?xml", b"<svg "):
        return _svg_size(data, entry)
    try:
        from PIL import Image
        with Image.open(io.BytesIO(data)) as im:
            return im.size
    except Exception:   # any decoder failure means "size unknown"  # noqa: BLE001
        return None


#: user-space pixels per unit (Batik's default 96 dpi), for an SVG's width and height
_SVG_UNITS = {"": 1.0, "px": 1.0, "in": 96.0, "cm": 96 / 2.54, "mm": 96 / 25.4, "pt": 96 / 72, "pc": 16.0}


def _svg_size(data: bytes, entry: str) -> tuple[int, int] | None:
    """``SVGImageUtils.getImageSize``: the width and height, a missing one taken from the
    ``viewBox`` (or, with no viewBox, the other one: square); None when a length is a percentage
    or unreadable (VASSAL would measure it against a viewport)."""
    import re
    try:
        root = parse_xml(data, entry, "SVG image")
    except InputError:
        return None
    size: list[float] = []
    for key in ("width", "height"):
        text = root.get(key, "").strip()
        if not text:
            size.append(-1.0)
            continue
        m = re.fullmatch(r"([0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\s*([a-z]*)", text)
        if not m or m.group(2) not in _SVG_UNITS:
            return None
        size.append(float(m.group(1)) * _SVG_UNITS[m.group(2)])
    w, h = size
    if w < 0 or h < 0:
        box = [p for p in re.split(r"[\s,]+", root.get("viewBox", "").strip()) if p]
        if box:
            try:
                vb = [float(p) for p in box]
            except ValueError:
                return None
            if len(vb) != 4 or vb[2] <= 0 or vb[3] <= 0:
                return None
            w = vb[2] if w < 0 else w
            h = vb[3] if h < 0 else h
        elif h >= 0:
            w = h
        elif w >= 0:
            h = w
        else:
            w = h = 0.0
    return int(w + 0.5), int(h + 0.5)


def _version_tuple(text: str) -> tuple[int, int]:
    import re
    m = re.match(r"\s*(\d+)(?:\.(\d+))?", text or "")
    return (int(m.group(1)), int(m.group(2) or 0)) if m else (0, 0)


def _read_metadata(z: SafeZip, path: str) -> dict[str, str]:
    if "moduledata" not in z:
        return {}
    root = parse_xml(z.read("moduledata"), f"{path}: moduledata", "moduledata")
    meta: dict[str, str] = {}
    for el in root:
        if isinstance(el.tag, str) and (el.tag not in meta) and not el.get("lang"):
            meta[el.tag] = (el.text or "").strip()
    return meta


def read_module(path: str | Path, data: bytes | None = None) -> Module:
    """Read a ``.vmod`` (or a VASSAL 2 ``.mod``); bad or hostile input raises InputError."""
    mod = Module(path, data)
    with mod._zip() as z:
        mod.entries = z.names()
        for name in mod.entries:
            check_entry_name(path, name)
        mod.images = sorted(n[len("images/"):] for n in mod.entries
                            if n.startswith("images/") and not n.endswith("/"))
        mod.metadata = _read_metadata(z, str(path))
        legacy = "VassalVersion" in mod.metadata and _version_tuple(mod.metadata["VassalVersion"]) < (3, 5)
        order = [BUILDFILE_OLD, BUILDFILE] if legacy else [BUILDFILE, BUILDFILE_OLD]
        entry = next((n for n in order if n in z), None)
        if entry is None:
            if "savedGame" in z:
                raise InputError(path, "a VASSAL save or log, not a module: give the module (.vmod) "
                                       "the game was played with")
            raise InputError(path, "not a VASSAL module: no buildFile.xml (or legacy buildFile) entry")
        if entry != order[0] and "VassalVersion" in mod.metadata:
            # GameModule.build: the one name its VassalVersion gives, else "no buildfile"
            mod.warn(f"VASSAL {mod.metadata['VassalVersion']} reads only '{order[0]}' and would not open "
                     f"this module (\"no buildfile\"); read '{entry}' instead")
        mod.build_file = entry
        root = parse_xml(z.read(entry), f"{path}: {entry}", entry)
    if bf.cls(root) == "ModuleExtension":       # a .vmdx: VASSAL loads it on top of its module only
        base = " ".join(v for v in (root.get("module", ""), root.get("moduleVersion", "")) if v)
        raise InputError(path, f"a module extension{f' of {base!r}' if base else ''}, not a module: VASSAL "
                               "loads an extension on top of the module it extends; give that module")
    _read_tree(mod, root, entry)
    return mod


def _bundle_name(locale: str) -> str:
    """``Translation.getBundleFileName`` of a ``locale`` attribute ("de", "de,AT": language, country)."""
    parts = decode(locale, ",") + ["", ""]
    return "Module_" + parts[0].lower() + (f"_{parts[1].upper()}" if parts[1] else "") + ".properties"


def _read_tree(mod: Module, root, entry: str) -> None:
    if bf.cls(root) not in ("GameModule", "BasicModule"):
        mod.warn(f"root element <{root.tag}> is not VASSAL.build.GameModule")
    mod.attributes = dict(root.attrib)
    mod._piece_slots, mod._slots_root = None, root
    mod.prototypes = bf.read_prototypes(root, mod.warn, str(mod.path))
    mod.turn_trackers = bf.read_turn_trackers(root)
    mod.sides = bf.read_sides(root)
    mod.translation_bundles = [_bundle_name(el.get("locale", "")) for el in root.iter("VASSAL.i18n.Translation")]
    mod._late_root = root          # dice_sides, dice_formats, setups: read on first use
    # each element with a BoardPicker child (its first one), in document order: found from
    # the pickers rather than by scanning the children of every element
    first: dict = {}
    for el in root.iter():
        if isinstance(el.tag, str) and el.tag.endswith("BoardPicker"):
            parent = el.getparent()
            if parent is not None and parent not in first:
                first[parent] = el
    parents = list(first)
    # found in document order unless one such element lies inside another
    if len(parents) > 1 and any(a in first for el in parents for a in el.iterancestors()):
        order = {el: i for i, el in enumerate(root.iter())}
        parents.sort(key=order.__getitem__)
    for el in parents:
        if "mapName" not in el.attrib and bf.cls(el) not in bf.MAP_CLASSES:
            continue
        _read_map(mod, el, first[el], entry)
    _check_38_elements(mod)


def _check_38_elements(mod: Module) -> None:
    """A VASSAL 3.8 grid element in a module that declares an older version: VASSAL 3.7 fails
    to build it (an error dialog) and has no labels on that grid (FORMATS.md §8.1)."""
    if target_of(mod.vassal_version) == "3.8":
        return
    for mp in mod.maps.values():
        for b in mp.boards.values():
            if any(n.kind == "oblique" for n in bf.numberings(b.grid)):
                mod.warn(f"map '{mp.name}', board '{b.name}': its grid uses VASSAL 3.8's oblique "
                         f"numbering but the module declares VASSAL {mod.vassal_version or '(none)'}: "
                         f"VASSAL 3.7 shows an error and no labels on this grid")


def _int_attr(mod: Module, el, key: str, entry: str, default: int = 0) -> int:
    text = el.get(key)
    if text is None or text == "":
        return default
    try:
        return int(text)
    except ValueError:
        raise InputError(mod.path, f"{entry} line {el.sourceline}: {key}='{text}' is not an integer "
                                   f"(VASSAL refuses to load this module)") from None


def stacking_on(metrics) -> bool:
    """``StackMetrics.isStackingEnabled`` of a map's StackMetrics element (None: none, stacking
    on): its ``disabled`` read with ``Boolean.valueOf``, so "true" in any case."""
    return metrics is None or metrics.get("disabled", "false").lower() != "true"


def _components(el, kind: str) -> list:
    """``AbstractBuildable.getComponentsOf``: the children of class ``kind``, folders
    (``MapSubFolder`` and the other ``…Folder`` elements of VASSAL 3.6+) descended through."""
    out = []
    for child in bf.elements(el):
        k = bf.cls(child)
        if k == kind:
            out.append(child)
        elif k.endswith("Folder"):
            out.extend(_components(child, kind))
    return out


def _read_map(mod: Module, el, picker, entry: str) -> None:
    a = el.attrib
    name = a.get("mapName", "")
    if not name:
        name = f"Map{len(mod.maps)}"
        mod.warn(f"a map has no mapName; called it '{name}'")
    edge = (_int_attr(mod, el, "edgeWidth", entry), _int_attr(mod, el, "edgeHeight", entry))
    if "edge" in a and "edgeWidth" not in a:
        parts = a["edge"].split(",")
        if len(parts) == 2 and all(p.strip().lstrip("-").isdecimal() for p in parts):
            edge = (int(parts[0]), int(parts[1]))
    boards: dict[str, Board] = {}
    setup = None
    for child in bf.elements(picker):
        if child.tag == "setup":
            setup = bf.text_of(child)
            continue
        if not bf.cls(child).endswith("Board"):
            mod.warn(f"map '{name}': element <{child.tag}> in its BoardPicker is not a board vmodgen "
                     f"knows: ignored (the labels and zones it defines are lost)")
            continue
        ba = child.attrib
        where = f"map '{name}', board '{ba.get('name', '')}'"
        grid = None
        for g in bf.elements(child):
            try:
                found = bf.read_grid(g, (0, 0), mod.warn, where)
            except ValueError as exc:
                raise InputError(mod.path, f"{entry} line {g.sourceline}: {bf.cls(g)} of board "
                                           f"'{ba.get('name', '')}': {exc}") from None
            if found is not None:
                if grid is not None:
                    mod.warn(f"{where}: a second grid <{g.tag}>; VASSAL keeps the last, so does vmodgen")
                grid = found        # VASSAL's setGrid keeps the last
        board = Board(ba.get("name", ""), ba.get("image", ""), ba.get("reversible") == "true",
                      grid, dict(ba), mod)
        if board.name in boards:
            mod.warn(f"map '{name}' has two boards named '{board.name}'")
            continue
        boards[board.name] = board
    if name in mod.maps:
        mod.warn(f"two maps are named '{name}'; the second is ignored")
        return
    m = MapInfo(name, bf.cls(el), dict(a), edge, boards, setup)
    m.stacking = stacking_on(next(iter(_components(el, "StackMetrics")), None))
    collections = _components(el, "LayeredPieceCollection")
    if collections:                     # each sets the map's piece collection: the last one holds
        la = collections[-1].attrib
        order = la.get("layerOrder", "")
        m.layers = (la.get("property", ""), tuple(decode(order, ",")) if order else ())
    for child in _components(el, "DrawPile"):
        da = child.attrib
        try:
            dx, dy = int(da.get("x") or 0), int(da.get("y") or 0)
        except ValueError:
            mod.warn(f"map '{name}': deck '{da.get('name', '')}' has a position that is not a number: "
                     "its name is not a location label")
            continue
        m.decks.append((da.get("name", ""), dx, dy, da.get("owningBoard", "")))
    if setup:
        if not m.apply_board_command(setup):
            # a setup written under the map's id rather than its name: apply its boards anyway
            tokens = decode(setup, "\t")
            if tokens and tokens[0].endswith("BoardPicker"):
                m.apply_board_command(name + "BoardPicker\t" + setup.split("\t", 1)[1]
                                      if "\t" in setup else name + "BoardPicker")
    elif len(boards) == 1:
        only = next(iter(boards.values()))
        if not only.reversible:
            m.set_boards([(only.name, False, 0, 0)])
    mod.maps[name] = m
