"""Whether a piece may join a stack, as VASSAL decides when a move drops it on an empty point
or on another stack (``MovePiece.stackOrPlacePiece`` and its merge finder; ``PieceMover``).

A piece stacks unless its ``Properties.NO_STACK`` is true, which only the Immobilized trait
(``immob;``) sets: from VASSAL 3.6 its fourth field is the stacking option (``L`` stack as
normal, ``R`` never), and a type without it never stacks (``Immobilized.mySetType``: "for
compatibility, default to no stacking", as every Immobilized piece before 3.6). The trait may be
the piece's own or come from a prototype, looked up by name in the running module. A map whose
``StackMetrics`` is ``disabled`` makes no stacks at all (``isStackingEnabled``).
"""
from __future__ import annotations

from .codec import decode
from .traits import split_chain

#: nesting of prototypes followed (a prototype that uses itself is read once)
MAX_DEPTH = 16


def immobilized_never_stacks(trait_type: str) -> bool:
    """``immob;selection;movement;stacking;description``: True unless the stacking option is ``L``."""
    fields = decode(trait_type, ";")
    stacking = fields[3] if len(fields) > 3 else ""
    return not stacking.startswith("L")


def never_stacks(type_chain: str, prototypes: dict[str, str] | None = None) -> bool:
    """VASSAL's ``Properties.NO_STACK`` of a piece of this type chain (module docstring);
    ``prototypes`` (name → PrototypeDefinition text) expands ``prototype;Name`` elements."""
    return bool(_first_immobilized(type_chain, prototypes or {}, 0, set()))


def _elements(type_chain: str) -> list[str]:
    try:
        return split_chain(type_chain)
    except Exception:       # noqa: BLE001 - an unreadable type: nothing says it never stacks
        return []


def _first_immobilized(type_chain: str, prototypes: dict[str, str], depth: int, seen: set[str]) -> bool | None:
    """What the outermost Immobilized of a chain (prototypes expanded in place) says, None
    when it has none: that trait answers ``getProperty(NO_STACK)`` for the whole piece."""
    for t in _elements(type_chain):
        if t.startswith("immob;"):
            return immobilized_never_stacks(t)
        if t.startswith("prototype;") and depth < MAX_DEPTH:
            name = t[len("prototype;"):]
            definition = prototypes.get(name, "").strip()
            if not definition or name in seen:
                continue
            seen.add(name)
            tokens = decode(definition, "/") if definition.startswith("+/") else ["", "", definition]
            found = _first_immobilized(tokens[2] if len(tokens) > 2 else "", prototypes, depth + 1, seen)
            if found is not None:
                return found
    return None
