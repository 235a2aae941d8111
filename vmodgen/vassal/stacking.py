"""Whether a piece may join a stack, as VASSAL decides when a move drops it on an empty point
or on another stack (``MovePiece.stackOrPlacePiece`` and its merge finder; ``PieceMover``).

A piece stacks unless its ``Properties.NO_STACK`` is true. Two traits answer that property,
the outermost of them for the whole piece (neither asks the traits inside it): a Mat (``mat;``)
always says true (``Mat.getProperty``: "Mats can't stack"), an Immobilized trait (``immob;``)
by its fourth field, from VASSAL 3.6 the stacking option (``L`` stack as normal, ``R`` never);
a type without it never stacks (``Immobilized.mySetType``: "for compatibility, default to no
stacking", as every Immobilized piece before 3.6). Only the piece's own traits count: a
``prototype;Name`` element (``UsePrototype``, a piece that was never expanded) answers no
property of its own, so a trait inside the prototype is never seen (VASSAL copies a prototype's
traits into each piece it creates, so a piece from the palette holds them itself). A map whose
``StackMetrics`` is ``disabled`` makes no stacks at all (``isStackingEnabled``).

Where a moved piece goes when ``M/`` names no piece underneath (or one not at the point):
VASSAL's merge finder is run by ``Map.apply``, which visits the map's pieces (decks, stacks and
pieces standing alone) in drawing order and takes the first that accepts (``visitDeck``,
``visitStack``, ``visitDefault``). vmodgen's replay (:mod:`.interpreter`) does not keep that
order: it tries a Deck at the point, then stacks there (in the order it indexed them), then
pieces standing alone there. The two differ only where several of them share the very point
and more than one would accept the piece.

A step that holds nothing (``replay.holds_nothing``): ``BasicLogger.decode`` makes no step of
a ``LOG`` whose payload ``GameModule.decode`` gives null for. vmodgen recognises only the
literal ``null`` payload (with ``null`` parts); any other text no encoder of the module decodes
(an unknown command) also gives null in VASSAL, but vmodgen still counts it as a step.
"""
from __future__ import annotations

from typing import Protocol

from .codec import decode
from .traits import split_chain

#: the type prefixes of the traits that answer ``NO_STACK``
IMMOBILIZED = "immob;"
MAT = "mat;"


class StackingRules(Protocol):
    """What a replay asks of the running module before a moved piece joins or starts a stack
    (:class:`~vmodgen.vassal.module.Module` answers it)."""

    def stacking_enabled(self, map_name: str | None) -> bool:
        """``StackMetrics.isStackingEnabled`` of a map."""
        ...

    def never_stacks(self, type_chain: str) -> bool:
        """``Properties.NO_STACK`` of a piece of this type chain."""
        ...


def immobilized_never_stacks(trait_type: str) -> bool:
    """``immob;selection;movement;stacking;description``: True unless the stacking option is ``L``."""
    fields = decode(trait_type, ";")
    stacking = fields[3] if len(fields) > 3 else ""
    return not stacking.startswith("L")


def may_answer(type_chain: str) -> bool:
    """A quick test: False when no trait of the chain can make the piece never stack."""
    return IMMOBILIZED in type_chain or MAT in type_chain


def never_stacks(type_chain: str) -> bool:
    """VASSAL's ``Properties.NO_STACK`` of a piece of this type chain (module docstring): what
    its outermost Mat or Immobilized trait says, False when it has neither."""
    if not may_answer(type_chain):
        return False
    for t in _elements(type_chain):
        if t.startswith(MAT):
            return True
        if t.startswith(IMMOBILIZED):
            return immobilized_never_stacks(t)
    return False


def _elements(type_chain: str) -> list[str]:
    try:
        return split_chain(type_chain)
    except Exception:       # noqa: BLE001 - an unreadable type: nothing says it never stacks
        return []
