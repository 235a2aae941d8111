"""How a piece looks (the viewer, the order of battle, the integrity report's names): the
images VASSAL draws for it (its BasicPiece image under the image of each active Layer, inner
trait first), its displayed name and the properties a player may see (no trait state that can hold a player's password id). A masked piece (Mask
trait set by its owner) shows only its mask image and a hidden one (Invisible trait) nothing
of itself, as the opponent sees them: no name, no properties from inside the mask."""
from __future__ import annotations

from dataclasses import dataclass

from .inspecting import _SECRET_PROPS
from .piece import Piece, expand_prototypes
from .traits import (BasicPiece, DynamicProperty, Hideable, Labeler, Layer, Marker, MarkMoved,
                     Obscurable)


#: the name shown for a piece its owner masked (Mask trait) or hid (Invisible trait)
MASKED = "(masked)"
HIDDEN = "(hidden)"


@dataclass(frozen=True)
class Look:
    """What is drawn and shown for one piece state."""
    images: tuple[str, ...]          # module image names, bottom first
    name: str
    properties: tuple[tuple[str, str], ...]


def look_of(piece: Piece, prototypes: dict[str, str] | None) -> Look:
    """The look of ``piece`` (prototypes expanded as VASSAL does when it draws)."""
    if prototypes and "prototype;" in piece.encode_type():
        t, st = expand_prototypes(piece.encode_type(), piece.encode_state(), prototypes)
        piece = Piece(t, st)
    images: list[str] = []
    props: dict[str, str] = {}
    hidden = ""
    every: dict[str, str] | None = None      # the whole piece's properties, if a Layer asks
    for trait in reversed(piece.traits):          # innermost (the BasicPiece) first
        if isinstance(trait, (Obscurable, Hideable)) and trait.state not in ("", "null"):
            mask = trait.field(1) if isinstance(trait, Obscurable) else ""
            images, props = ([mask] if mask else []), {}
            hidden = MASKED if isinstance(trait, Obscurable) else HIDDEN
        elif isinstance(trait, BasicPiece):
            if trait.image:
                images.append(trait.image)
        elif isinstance(trait, Layer):
            img = trait.current_image()
            if img and trait.only_when is not None:
                every = piece.properties() if every is None else every
                img = img if trait.drawn(every) else ""
            if img:
                images.append(img)
            if trait.name:
                props[f"{trait.name}_Level"] = str(trait.level)
        elif isinstance(trait, (Marker, DynamicProperty, Labeler, MarkMoved)):
            props.update(trait.properties())
    for k in _SECRET_PROPS:
        props.pop(k, None)
    if hidden:
        return Look(tuple(images), hidden, tuple(sorted(props.items())))
    try:
        name = piece.name
    except Exception:   # a malformed trait: the basic name is still something to show  # noqa: BLE001
        name = piece.basic_name
    return Look(tuple(images), name, tuple(sorted(props.items())))
