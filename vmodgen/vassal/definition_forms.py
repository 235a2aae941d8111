"""A palette piece's or prototype's definition text in the canonical form of a VASSAL version:
the versioned traits (Movement Trail, Multi-Location Command) rewritten by :mod:`.trait_forms`,
everything else kept as it is."""
from __future__ import annotations

from .codec import decode, encode
from .piece import Piece
from .trait_forms import VERSIONED_IDS, _id_of, canonical_state, canonical_type
from .versions import check_target


def canonical_definition(text: str, target: str) -> str:
    """A PieceSlot / PrototypeDefinition text (``+/null/type/state``) with every Movement Trail
    and Multi-Location Command in ``target``'s canonical form; everything else unchanged."""
    check_target(target)
    parts = decode(text, "/")
    if len(parts) < 3 or not any(i in parts[2] for i in VERSIONED_IDS):
        return text
    piece = Piece(parts[2], parts[3] if len(parts) > 3 else "")
    changed = False
    for trait in piece.traits:
        if _id_of(trait.type) is None:
            continue
        t, s = canonical_type(trait.type, target), canonical_state(trait.type, trait.state, target)
        if (t, s) != (trait.type, trait.state):
            trait.type, trait.state, trait._fields = t, s, None
            changed = True
    if not changed:
        return text
    return encode([parts[0], parts[1], piece.encode_type(), piece.encode_state()] + parts[4:], "/")
