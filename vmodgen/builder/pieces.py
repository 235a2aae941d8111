"""A kit's units as VASSAL pieces: prototypes per side and unit type, and one piece definition
per counter carrying every value as Marker properties, a Step layer for the back side, and the
delete trait in the shared ``Unit`` prototype (the flip report in ``Flip report``)."""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..model import Game, Kit, Unit
from ..vassal.piece_defs import (Trait, basic_piece, definition, delete, empty_basic_piece, key, layer,
                                 marker, prototype, report)

#: Marker property that tells the auditor a piece was built by vmodgen, and from which kit
KIT_PROPERTY = "vmodgen_kit"
#: prototype of the two-sided counters: the chat report of a flip
FLIP_REPORT = "Flip report"


def image_name(unit: Unit, back: bool = False) -> str:
    safe = re.sub(r"[^A-Za-z0-9_-]+", "_", unit.id).strip("_") or "unit"
    digest = hash_str(unit.id) % 100000
    return f"u_{safe}_{digest:05d}{'_b' if back else ''}.png"


def hash_str(text: str) -> int:
    """A stable (not salted) hash, so image names do not change between runs."""
    h = 2166136261
    for b in text.encode("utf-8"):
        h = ((h ^ b) * 16777619) & 0xFFFFFFFF
    return h


def _safe_name(text: str) -> str:
    """A prototype name VASSAL reads back unchanged: no list delimiters in it."""
    return re.sub(r"[/;,\t\\]+", "-", text).strip()


def side_prototype_name(game: Game, side_id: str) -> str:
    return _safe_name(f"{game.sides[side_id].name} unit")


def type_prototype_name(game: Game, type_id: str) -> str:
    return _safe_name(f"Type {game.unit_types[type_id].name}")


def prototype_definitions(kit: Kit) -> list[tuple[str, str, str]]:
    """(name, description, definition) of every prototype the pieces use."""
    game = kit.game
    # VASSAL 3.7 links only the *last* trait of a prototype to the counter it expands in: the traits
    # above it keep the prototype's own empty BasicPiece (Decorator caches its innermost piece), so
    # for them getMap() is null. A trait that needs the counter's map (Delete is greyed out without
    # one; a report's $location$ is blank) must therefore be the last trait of its prototype.
    out = [("Unit", "Shared by every counter: delete",
            definition([marker({KIT_PROPERTY: game.id}), delete(), empty_basic_piece()]))]
    if any(u.two_sided for u in kit.units):
        out.append((FLIP_REPORT, "Two-sided counters: report flips",
                    definition([report([key("F")], "$oldPieceName$ flipped to $newPieceName$ in $location$ *",
                                       "Report flip"), empty_basic_piece()])))
    for side in game.sides.values():
        out.append((side_prototype_name(game, side.id), f"Counters of the {side.name} side",
                    definition([marker({"side": side.id, "side_name": side.name}), empty_basic_piece()])))
    used_types = sorted({u.type for u in kit.units})
    for t in used_types:
        ut = game.unit_types[t]
        out.append((type_prototype_name(game, t), f"Unit type {ut.name}",
                    definition([marker({"unit_type": ut.id, "unit_type_name": ut.name,
                                        "symbol": ut.symbol}), empty_basic_piece()])))
    return out


def unit_properties(game: Game, unit: Unit) -> dict[str, str]:
    """Every value of the counter, as the Marker properties the auditor reads back."""
    props = {
        "unit_id": unit.id,
        "nationality": unit.nationality,
        "formation": unit.formation,
        "unit_size": unit.size,
        "steps": str(unit.steps),
        "movement_class": unit.movement_class,
        "zoc": "no" if "no_zoc" in unit.flags else "yes",
        "flags": ",".join(sorted(unit.flags)),
        "two_sided": "yes" if unit.two_sided else "no",
    }
    for fid in game.fields:
        v = unit.front.get(fid)
        props[fid] = "" if v is None else str(v)
        if unit.back is not None:
            b = unit.back.get(fid)
            props[f"{fid}_back"] = "" if b is None else str(b)
    props["illustrative"] = ";".join(sorted(unit.illustrative))
    return props


@dataclass
class PieceDef:
    unit: Unit
    name: str
    traits: list[Trait]
    images: tuple[str, ...]

    def text(self) -> str:
        return definition(self.traits)


def piece_for(game: Game, unit: Unit, gpid: int | str) -> PieceDef:
    """The palette definition of ``unit``: prototypes, Step layer (two-sided), Marker, BasicPiece."""
    front = image_name(unit)
    traits = [prototype("Unit")]
    if unit.two_sided:
        traits.append(prototype(FLIP_REPORT))     # outside the Step layer, so it reports the new side
    traits += [prototype(side_prototype_name(game, unit.side)), prototype(type_prototype_name(game, unit.type))]
    images = [front]
    if unit.two_sided:
        back = image_name(unit, back=True)
        images.append(back)
        traits.append(layer("Step", [front, back], ["", "+ (reduced)"]))
    traits.append(marker(unit_properties(game, unit)))
    traits.append(basic_piece(front, unit.name, gpid))
    return PieceDef(unit, unit.name, traits, tuple(images))


def marker_image_name(marker_id: str) -> str:
    safe = re.sub(r"[^A-Za-z0-9_-]+", "_", marker_id).strip("_") or "marker"
    return f"m_{safe}_{hash_str(marker_id) % 100000:05d}.png"


def marker_piece(game: Game, marker_id: str, gpid: int | str) -> tuple[str, str, str]:
    """(name, image, definition) of a game marker's palette piece (Out of Supply, Disrupted...)."""
    m = game.markers[marker_id]
    image = marker_image_name(marker_id)
    text = definition([delete(), marker({KIT_PROPERTY: game.id, "marker": m.id, "marker_name": m.name}),
                       basic_piece(image, m.name, gpid)])
    return m.name, image, text
