"""How a piece looks (the viewer, the order of battle, the integrity report's names): the
images VASSAL draws for it (its BasicPiece image under the image of each active Layer, inner
trait first), its displayed name and the properties a player may see (no trait state that can
hold a player's password id). A masked piece (Mask trait set by its owner) shows only its mask
image and a hidden one (Invisible trait) nothing of itself, as the opponent sees them: no name, no properties from inside the mask.
:func:`back_of` gives what a flip shows (the order of battle's second picture)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .codec import decode
from .piece import Piece, expand_prototypes
from .traits import (BasicPiece, DynamicProperty, Hideable, Labeler, Layer, Marker, MarkMoved,
                     Obscurable)


#: properties that can carry a player's id (VASSAL's password id) or are internal: never shown
SECRET_PROPS = frozenset({"ObscuredBy", "HiddenBy", "RestrictedBy", "Owner", "playerId", "PlayerId"})

#: the name shown for a piece its owner masked (Mask trait) or hid (Invisible trait)
MASKED = "(masked)"
HIDDEN = "(hidden)"


#: the Obscurable type field holding the name shown when masked (after key, image, command, style)
_MASK_NAME = 4


@dataclass(frozen=True)
class Look:
    """What is drawn and shown for one piece state; ``concealed``: ``"mask"`` or
    ``"invisible"`` when the other players see it so (its name is then what they see), else ""."""
    images: tuple[str, ...]          # module image names, bottom first
    name: str
    properties: tuple[tuple[str, str], ...]
    concealed: str = ""


def mask_name(trait: Obscurable) -> str:
    """The name VASSAL shows the other players for a piece under this Mask (3.7.26
    ``Obscurable.getName``): the trait's "name when masked", or :data:`MASKED` when it is
    VASSAL's default ``?`` (or empty)."""
    name = trait.field(_MASK_NAME, "?").strip()
    return MASKED if name in ("", "?") else name


def hidden_by(trait: Obscurable | Hideable) -> str | None:
    """Who set a Mask or Invisible trait: a Mask's state's first ``;`` field (``obscuredBy``,
    ``Obscurable.mySetState`` decodes the state with a SequenceEncoder), an Invisible trait's whole
    state (``hiddenBy``: ``Hideable.mySetState`` takes it as it is, so a player id holding ``;``
    stays whole); None when nobody did (``null``; an empty state too, which VASSAL never writes
    for a piece nobody concealed)."""
    if isinstance(trait, Hideable):
        who = trait.state
    else:
        fields = decode(trait.state, ";")
        who = fields[0] if fields else ""
    return None if who in ("", "null") else who


def set_by_owner(trait: Obscurable | Hideable) -> bool:
    """Whether a Mask or Invisible trait is set (:func:`hidden_by` names someone)."""
    return hidden_by(trait) is not None


def concealed_by_owner(piece: Piece) -> tuple[str, str] | None:
    """``(kind, shown)`` when a Mask (Obscurable, kind ``"mask"``) or Invisible (Hideable,
    ``"invisible"``) trait set by its owner hides ``piece`` from the other players (the outermost
    set one decides, as VASSAL draws and names a piece from the outside in); ``shown`` is the name
    they see (:func:`mask_name`, or :data:`HIDDEN`). None when nothing hides it. Prototypes must be
    expanded."""
    for trait in piece.traits:                    # outermost first
        if isinstance(trait, (Obscurable, Hideable)) and set_by_owner(trait):
            return ("mask", mask_name(trait)) if isinstance(trait, Obscurable) else ("invisible", HIDDEN)
    return None


def hidden_by_owner(piece: Piece) -> str | None:
    """The kind of :func:`concealed_by_owner` (``"mask"`` or ``"invisible"``), or None."""
    got = concealed_by_owner(piece)
    return got[0] if got else None


def look_of(piece: Piece, prototypes: dict[str, str] | None, reveal: bool = False,
            place: str | None = None) -> Look:
    """The look of ``piece`` (prototypes expanded as VASSAL does when it draws); ``reveal``: as
    its owner sees it, through any Mask or Invisible trait they set. ``place``
    (:func:`~.concealment.place_concealment`): ``"invisible"`` on a map window the others
    cannot open (nothing of it shows), ``"mask"`` in a face-down deck (every Mask shows)."""
    if place == "invisible" and not reveal:
        return Look((), HIDDEN, (), "invisible")
    if prototypes and "prototype;" in piece.encode_type():
        t, st = expand_prototypes(piece.encode_type(), piece.encode_state(), prototypes)
        piece = Piece(t, st)
    every_mask = place == "mask"
    images: list[str] = []
    props: dict[str, str] = {}
    hidden = shown = ""
    every: dict[str, str] | None = None      # the whole piece's properties, if a Layer asks
    for trait in reversed(piece.traits):          # innermost (the BasicPiece) first
        if not reveal and isinstance(trait, (Obscurable, Hideable)) and (
                set_by_owner(trait) or (every_mask and isinstance(trait, Obscurable))):
            mask = trait.field(1) if isinstance(trait, Obscurable) else ""
            images, props = ([mask] if mask else []), {}
            hidden = "mask" if isinstance(trait, Obscurable) else "invisible"
            shown = mask_name(trait) if isinstance(trait, Obscurable) else HIDDEN
        elif isinstance(trait, BasicPiece):
            if trait.image:
                images.append(trait.image)
        elif isinstance(trait, Layer):
            level = piece.layer_level(trait, piece.lookup()) if trait.follows else trait.level
            img = trait.image_at(level)
            if img and trait.only_when is not None:
                every = piece.properties() if every is None else every
                img = img if trait.drawn(every) else ""
            if img:
                images.append(img)
            if trait.name:
                props[f"{trait.name}_Level"] = str(level)
        elif isinstance(trait, (Marker, DynamicProperty, Labeler, MarkMoved)):
            props.update(trait.properties())
    for k in SECRET_PROPS:
        props.pop(k, None)
    if hidden:
        return Look(tuple(images), shown, tuple(sorted(props.items())), hidden)
    try:
        name = piece.name
    except Exception:   # a malformed trait: the basic name is still something to show  # noqa: BLE001
        name = piece.basic_name
    return Look(tuple(images), name, tuple(sorted(props.items())))


# ------------------------------------------------------------------ the two sides of a piece
#: ``emb2;`` type fields (Embellishment.myGetType): commands and keys that change a Layer's level
_ACTIVATE = (0, 2, 26)          # activate command, key, key stroke
_INCREASE = (3, 5, 27)          # increase command, key, key stroke
_LOOP, _FOLLOW, _ALWAYS = 17, 21, 25

#: image name → (width, height), or None when unknown
SizeOf = Callable[[str], "tuple[int, int] | None"]


def _has(layer: Layer, fields: tuple[int, ...]) -> bool:
    return any(layer.field(i).strip() for i in fields)


def flipped_level(layer: Layer) -> int | None:
    """The level a player's flip leaves a Layer at (VASSAL's Embellishment: a negative level is
    inactive; activate shows the layer at its level, increase the next level, the first again if
    it loops; activate on an active layer that is not "always active" hides it). None when no
    player command changes it: its level follows a property, or it has no command or key."""
    if layer.field(_FOLLOW) == "true":
        return None
    v, n = layer.level, len(layer.image_names)
    always = layer.field(_ALWAYS) == "true"
    if v <= 0:
        return (abs(v) or 1) if not always and _has(layer, _ACTIVATE) else None
    if _has(layer, _INCREASE):
        if v < n:
            return v + 1
        if layer.field(_LOOP) == "true" and n > 1:
            return 1
    if not always and _has(layer, _ACTIVATE):
        return -v
    return None


def _with_state(piece: Piece, index: int, state: str) -> Piece:
    """A copy of ``piece`` with the state of its trait number ``index`` replaced."""
    other = piece.copy()
    other.traits[index].state = state
    other._sync()
    return other


def _about_same(size: tuple[int, int], base: tuple[int, int]) -> bool:
    """Whether an image is as big as the face: each side within 5 % (at least 2 px) of the
    face's, as two scans of one counter are (106 x 107 and 107 x 107); a highlight or a marker
    is smaller or bigger by more."""
    return all(abs(a - b) <= max(2, b // 20) for a, b in zip(size, base))


def back_of(piece: Piece, size_of: SizeOf | None = None) -> Look | None:
    """What a flip of ``piece`` (prototypes expanded) shows, or None when nothing flips it: the
    outermost Layer a player can change whose new image is a whole side of the counter (about as
    big as the face's first image, when both sizes are known: a highlight or a marker is not), else
    its Mask's image (the side an opponent sees). A layer following a property (a highlight on
    selection, a moved marker) is no flip."""
    face = look_of(piece, None)
    base = size_of(face.images[0]) if size_of is not None and face.images else None
    for i, trait in enumerate(piece.traits):
        if not isinstance(trait, Layer):
            continue
        level = flipped_level(trait)
        if level is None:
            continue
        tokens = (trait.state or "").split(";")
        tokens[0] = str(level)
        flipped = _with_state(piece, i, ";".join(tokens))
        look = look_of(flipped, None)
        if look.images == face.images:
            continue
        names = trait.image_names
        new = names[level - 1] if 0 < level <= len(names) else ""
        if new and base is not None and size_of is not None:
            size = size_of(new)
            if size is not None and not _about_same(size, base):
                continue
        return look
    for i, trait in enumerate(piece.traits):
        if isinstance(trait, Obscurable) and not set_by_owner(trait) and trait.field(1):
            return look_of(_with_state(piece, i, "?"), None)    # masked by someone: its mask shows
    return None
