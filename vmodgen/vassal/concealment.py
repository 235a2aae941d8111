"""Pieces VASSAL keeps from the other players by where they are, not by a trait their owner set:

* on a private map window (``PrivateMap``, and ``PlayerHand``, which extends it) that is not
  "visible to all players" (``visible="false"``): only its sides open the window, so nobody else
  sees the piece at all (``"invisible"``, as an Invisible trait);
* in a face-down Deck (its state's fourth field ``true``: ``Deck.faceDown``): the Deck draws its
  contents with every Mask hidden (``Obscurable.setAllHidden``), so a piece with a Mask trait
  shows its mask to everyone (``"mask"``); a piece without one is drawn as it is.

:func:`place_concealment` says which, for a piece in a game state; inspect and the replay page
show such a piece as the other players see it unless asked to reveal it."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .codec import decode

if TYPE_CHECKING:
    from .gamestate import GameState, PieceRecord
    from .module import Module
    from .piece import Piece

__all__ = ["private_map_ids", "place_concealment", "place_concealed", "deck_face_down"]

#: the map window classes whose ``side`` and ``visible`` attributes restrict who sees them
PRIVATE_KINDS = ("PrivateMap", "PlayerHand")


def private_map_ids(module: "Module | None") -> frozenset[str]:
    """The map windows only their own sides may see (none without a module)."""
    if module is None:
        return frozenset()
    return frozenset(name for name, m in module.maps.items()
                     if m.kind in PRIVATE_KINDS and m.attributes.get("visible", "false") != "true")


def deck_face_down(state: str) -> bool:
    """Whether a Deck's state says its contents are face down."""
    tokens = decode(state, ";")
    return len(tokens) > 3 and tokens[3] == "true"


def place_concealment(state: "GameState | None", rec: "PieceRecord",
                      private: frozenset[str]) -> str | None:
    """``"invisible"`` (on a private map), ``"mask"`` (in a face-down deck) or None."""
    if rec.map is not None and rec.map in private:
        return "invisible"
    if state is None or rec.stack is None:
        return None
    stack = state.stacks.get(rec.stack)
    if stack is None or not stack.deck:
        return None
    deck = state.pieces.get(stack.id)
    if deck is not None and deck_face_down(deck.piece.encode_state()):
        return "mask"
    return None


def place_concealed(state: "GameState | None", rec: "PieceRecord", private: frozenset[str],
                    full: "Piece") -> tuple[str, str] | None:
    """``(kind, shown)`` as :func:`~.looks.concealed_by_owner` gives it, for a piece hidden by
    where it is: ``("invisible", "(hidden)")`` on a private map; ``("mask", its outermost Mask's
    name)`` in a face-down deck when ``full`` (the piece, prototypes expanded) has a Mask trait
    (one without is drawn as it is); else None."""
    how = place_concealment(state, rec, private)
    if how is None:             # most pieces: nothing imported (an import in a call costs ~2 µs)
        return None
    from .looks import HIDDEN, mask_name
    from .traits import Obscurable
    if how == "invisible":
        return ("invisible", HIDDEN)
    if how == "mask":
        mask = next((t for t in full.traits if isinstance(t, Obscurable)), None)
        return ("mask", mask_name(mask)) if mask is not None else None
    return None
