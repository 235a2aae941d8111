"""What an order of battle shows, gathered once for every output format: a kit's units by side
then formation (values, set-up per scenario, arrival, illustrative marks, counter pictures), or
any VASSAL module's palette pieces (names, pictures, Marker properties)."""
from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import LimitError
from ..model import Kit, Unit
from ..vassal.module import Module


@dataclass
class OobUnit:
    unit: Unit
    front_png: bytes | None = None
    back_png: bytes | None = None


@dataclass
class OobGroup:
    title: str                      # a formation's name, or a palette path
    units: list[OobUnit] = field(default_factory=list)


@dataclass
class OobSide:
    id: str
    name: str
    color: str
    groups: list[OobGroup] = field(default_factory=list)


@dataclass
class KitOob:
    kit: Kit
    sides: list[OobSide]

    @property
    def fields(self) -> list[str]:
        return list(self.kit.game.fields)

    @property
    def scenarios(self) -> list[str]:
        return list(self.kit.scenarios)

    def partial(self) -> str | None:
        """A kit's reference is whole: every counter is drawn from the kit."""
        return None


@dataclass
class ModulePiece:
    name: str
    gpid: str
    images: list[str]
    pngs: list[bytes | None]
    properties: dict[str, str]
    path: tuple[str, ...]
    #: each picture's images as VASSAL draws them, bottom first (face, then back if a flip shows one)
    layers: list[list[str]] = field(default_factory=list)


@dataclass
class ModuleOob:
    module: Module
    source: Path
    pieces: list[ModulePiece]
    warnings: list[str] = field(default_factory=list)
    #: images pieces draw that the module does not hold (or that could not be read): no picture
    missing_images: list[str] = field(default_factory=list)

    def partial(self) -> str | None:
        """The sentence every format of the reference starts with when it lacks something the
        module's pieces should show (pictures whose images the module lacks, pieces read with
        problems), or None when it is whole."""
        parts = []
        if self.missing_images:
            n = len(self.missing_images)
            shown = ", ".join(self.missing_images[:3]) + (", ..." if n > 3 else "")
            parts.append(f"{n} image{'s' if n != 1 else ''} the pieces draw {'are' if n != 1 else 'is'} not in "
                         f"the module ({shown}): {'their' if n != 1 else 'its'} pictures are missing")
        if self.warnings:
            n = len(self.warnings)
            parts.append(f"{n} problem{'s' if n != 1 else ''} reading the pieces ({self.warnings[0]}"
                         f"{'; ...' if n > 1 else ''}): their properties or pictures may be incomplete")
        return "partial: " + "; ".join(parts) if parts else None

    def groups(self) -> list[tuple[str, list[ModulePiece]]]:
        out: dict[str, list[ModulePiece]] = {}
        for p in self.pieces:
            out.setdefault(" / ".join(p.path) or "Pieces", []).append(p)
        return list(out.items())


def kit_oob(kit: Kit, pictures: bool = True, px: int = 75, cache_dir: str | Path | None = None) -> KitOob:
    """Every unit of ``kit`` by side, then formation (roster order within a formation)."""
    cache = None
    if pictures:
        from ..render.cache import CounterCache
        cache = CounterCache(cache_dir)
    sides = []
    for side in kit.game.sides.values():
        groups: dict[str, OobGroup] = {}
        for u in kit.units:
            if u.side != side.id:
                continue
            title = kit.game.formations[u.formation].name if u.formation else "Other units"
            g = groups.setdefault(u.formation, OobGroup(title))
            item = OobUnit(u)
            if cache is not None:
                item.front_png = cache.counter_png(kit.game, u, "front", px)
                if u.two_sided:
                    item.back_png = cache.counter_png(kit.game, u, "back", px)
            g.units.append(item)
        sides.append(OobSide(side.id, side.name, side.color, list(groups.values())))
    return KitOob(kit, sides)


def author_properties(piece) -> dict[str, str]:
    """The properties a module's author gave a piece: its Marker and dynamic properties (not the
    layer, label or position state VASSAL keeps for itself)."""
    from ..vassal.traits import DynamicProperty, Marker
    out: dict[str, str] = {}
    for trait in piece.traits:
        if isinstance(trait, (Marker, DynamicProperty)):
            for k, v in trait.properties().items():
                out.setdefault(k, v)
    return out


def module_oob(module: Module, source: str | Path, pictures: bool = True) -> ModuleOob:
    """The palette pieces of any module, with prototypes expanded for their properties; each
    pictured as VASSAL draws it (:func:`vmodgen.vassal.looks.look_of`: its BasicPiece image
    under its active Layers, in the state the palette holds) and, when a flip changes it, as the
    flip shows it (:func:`vmodgen.vassal.looks.back_of`). A highlight, a moved marker or any
    image the piece does not draw now is no picture of it."""
    from ..vassal.buildfile import named_path
    from ..vassal.codec import decode
    from ..vassal.looks import back_of, look_of
    from ..vassal.piece import Piece, expand_prototypes
    warnings: list[str] = []
    pieces = []
    images = _Images(module, warnings, pictures)
    for slot in module.piece_slots:
        tokens = decode(slot.definition, "/")
        if len(tokens) < 3:
            warnings.append(f"piece slot '{slot.name}' has no definition")
            continue
        type_chain = tokens[2]
        state_chain = tokens[3] if len(tokens) > 3 else ""
        type_chain, state_chain = expand_prototypes(type_chain, state_chain, module.prototypes, warnings)
        piece = Piece(type_chain, state_chain, warnings=warnings)
        props = author_properties(piece)
        sides = [_drawn(look_of(piece, None).images)]
        back = back_of(piece, images.size if pictures else None)
        if back is not None and _drawn(back.images) and _drawn(back.images) != sides[0]:
            sides.append(_drawn(back.images))
        sides = [s for s in sides if s]
        names = [images.key(s, sides[0]) for s in sides]
        pngs = [images.picture(s, k) for s, k in zip(sides, names)]
        pieces.append(ModulePiece(slot.name or piece.name, slot.gpid, names, pngs, props, named_path(tuple(slot.path)),
                                  [list(s) for s in sides]))
    return ModuleOob(module, Path(source), pieces, warnings, list(images.missing))


def _drawn(images: tuple[str, ...]) -> tuple[str, ...]:
    """The module's own images of a look (VASSAL's built-in ``/images/...`` icons are not)."""
    return tuple(i for i in images if i and not i.startswith("/"))


class _Images:
    """The module's images as the order of battle pictures them: read once each, a side of
    several images (a face under its layers) drawn into one PNG, centred as VASSAL draws them."""

    def __init__(self, module: Module, warnings: list[str], pictures: bool) -> None:
        self.module, self.warnings, self.pictures = module, warnings, pictures
        self._data: dict[str, bytes | None] = {}
        self._sizes: dict[str, tuple[int, int] | None] = {}
        #: images asked for that the module lacks or that could not be read, in order
        self.missing: dict[str, None] = {}

    def data(self, img: str) -> bytes | None:
        if img not in self._data:
            entry = self.module.image_entry(img) if self.pictures else None
            data = None
            if entry is not None:
                try:
                    data = self.module.read_entry(entry)
                except LimitError:
                    raise              # past the module's budget: refused, not one more picture lost
                except Exception:  # noqa: BLE001 - a damaged image only loses its picture
                    self.warnings.append(f"image {img} could not be read")
            if data is None and self.pictures:
                self.missing[img] = None
            self._data[img] = data
        return self._data[img]

    def _open(self, img: str):
        data = self.data(img)
        if data is None:
            return None
        try:
            from PIL import Image
            with Image.open(io.BytesIO(data)) as im:
                return im.convert("RGBA")
        except Exception:   # noqa: BLE001 - not a picture PIL reads (SVG): no size, no composite
            return None

    def size(self, img: str) -> tuple[int, int] | None:
        if img not in self._sizes:
            im = self._open(img)
            self._sizes[img] = None if im is None else im.size
        return self._sizes[img]

    @staticmethod
    def key(side: tuple[str, ...], face: tuple[str, ...]) -> str:
        """The image that tells a side: the face's first (its BasicPiece), a back's first image
        the face does not draw."""
        if side is face:
            return side[0]
        return next((i for i in side if i not in face), side[-1])

    def picture(self, side: tuple[str, ...], key: str) -> bytes | None:
        """One image as the module holds it; several drawn into one PNG, bottom first, each
        centred (the ``key`` image alone when one cannot be read as a picture, e.g. an SVG)."""
        if not self.pictures:
            return None
        if len(side) == 1:
            return self.data(side[0])
        layers = [self._open(i) for i in side]
        if any(im is None for im in layers):
            return self.data(key)
        from PIL import Image
        w, h = max(im.width for im in layers), max(im.height for im in layers)
        canvas = Image.new("RGBA", (w, h), (0, 0, 0, 0))
        for im in layers:
            canvas.alpha_composite(im, ((w - im.width) // 2, (h - im.height) // 2))
        buf = io.BytesIO()
        canvas.save(buf, "PNG")
        return buf.getvalue()
