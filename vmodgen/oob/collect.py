"""What an order of battle shows, gathered once for every output format: a kit's units by side
then formation (values, set-up per scenario, arrival, illustrative marks, counter pictures), or
any VASSAL module's palette pieces (names, pictures, Marker properties)."""
from __future__ import annotations

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


@dataclass
class ModulePiece:
    name: str
    gpid: str
    images: list[str]
    pngs: list[bytes | None]
    properties: dict[str, str]
    path: tuple[str, ...]


@dataclass
class ModuleOob:
    module: Module
    source: Path
    pieces: list[ModulePiece]
    warnings: list[str] = field(default_factory=list)

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
    """The palette pieces of any module, with prototypes expanded for their properties."""
    from ..vassal.codec import decode
    from ..vassal.piece import Piece, expand_prototypes
    warnings: list[str] = []
    pieces = []
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
        # the piece's own pictures (VASSAL's built-in "/images/..." icons, such as the moved mark, are not)
        images = [i for i in dict.fromkeys(piece.images()) if i and not i.startswith("/")][:2]
        pngs: list[bytes | None] = []
        for img in images:
            entry = module.image_entry(img) if pictures else None
            data = None
            if entry is not None:
                try:
                    data = module.read_entry(entry)
                except LimitError:
                    raise              # past the module's budget: refused, not one more picture lost
                except Exception:  # noqa: BLE001 - a damaged image only loses its picture
                    warnings.append(f"image {img} could not be read")
            pngs.append(data)
        pieces.append(ModulePiece(slot.name or piece.name, slot.gpid, images, pngs, props, tuple(slot.path)))
    return ModuleOob(module, Path(source), pieces, warnings)
