"""Which trait of a palette piece defines a property, named as VASSAL's editor names the trait
(``getDescription()`` of ``VASSAL/counters/*.java``, the ``Editor.*.trait_description`` strings of
VASSAL 3.7.26): a starter binding says where it read a value ("the Dynamic Property 'Side'"), so
that its author finds it in the module editor. Read only for the few properties a starter names."""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Iterable

from ..vassal.codec import decode
from ..vassal.piece import _proto_chain
from ..vassal.traits import UsePrototype, make_trait, split_chain

if TYPE_CHECKING:
    from .pieces import SlotInfo

#: a trait's type ID → the editor's name for it (those that define properties a binding can match)
EDITOR_NAMES = {
    "mark;": "Marker",
    "PROP;": "Dynamic Property",
    "calcProp;": "Calculated Property",
    "label;": "Text Label",
    "emb2;": "Layer",
    "emb;": "Layer",
    "propertysheet;": "Property Sheet",
    "basicName;": "Basic Name",
    "locmsg;": "Translatable Message",
    "rotate;": "Can Rotate",
    "piece;": "Basic Piece",
    "sendto;": "Send To Location",
}


#: how deep prototypes nest before the search gives up (as the expansion does)
MAX_DEPTH = 32


def _chain_trait(types: list[str], key: str, prototypes: dict[str, str], cache: dict[str, str | None],
                 depth: int = 0) -> str | None:
    """The editor's name of the outermost trait of ``types`` (a type chain's elements, outermost
    first) that defines ``key``, a prototype's answer read once into ``cache`` (prototype name →
    name or None); None when none does."""
    for t in types:
        if t.startswith(UsePrototype.ID):
            name = t[len(UsePrototype.ID):]
            if name not in cache:
                cache[name] = None              # a prototype that uses itself answers nothing inside itself
                definition = prototypes.get(name)
                if definition and depth < MAX_DEPTH:
                    cache[name] = _chain_trait(_proto_chain(definition)[0], key, prototypes, cache, depth + 1)
            if cache[name]:
                return cache[name]
            continue
        trait = make_trait(t)
        if key in trait.properties():
            return EDITOR_NAMES.get(trait.ID, type(trait).__name__)
    return None


def defining_trait(info: "SlotInfo", key: str, prototypes: dict[str, str],
                   cache: dict[str, str | None] | None = None) -> str:
    """The editor's name of the outermost trait (prototypes in place) that defines ``key`` in
    the palette piece ``info`` (the trait VASSAL asks first); "" when none does or the slot
    cannot be read. ``cache``: the prototypes' answers for this ``key``, kept across slots."""
    tokens = decode(info.slot.definition, "/")
    if len(tokens) < 3:
        return ""
    try:
        return _chain_trait(split_chain(tokens[2]), key, prototypes, {} if cache is None else cache) or ""
    except Exception:       # noqa: BLE001 - a damaged slot: its trait is not named
        return ""


def property_trait(slots: Iterable["SlotInfo"], key: str, prototypes: dict[str, str]) -> str:
    """The editor's name of the trait that defines ``key`` in ``slots`` that hold it; where
    pieces differ (C&C Napoleonics' ``Strength``: a Marker in some units, a Dynamic Property in
    others), each name, the commonest first, joined by "or" ("Marker property or Dynamic
    Property"); "Marker" when none can be read."""
    cache: dict[str, str | None] = {}
    found = Counter(n for s in slots if key in s.facts.properties
                    for n in [defining_trait(s, key, prototypes, cache)] if n)
    if not found:
        return "Marker"
    names = [n for n, _ in sorted(found.items(), key=lambda kv: (-kv[1], kv[0]))]
    return " or ".join(_trait_words(n) for n in names[:-1]) + (" or " if len(names) > 1 else "") + names[-1]


def _trait_words(trait: str) -> str:
    """A trait's name before "or": "Marker property", "Dynamic Property"."""
    return trait if trait.endswith("Property") else f"{trait} property"


def property_words(trait: str, key: str, quoted: bool = True) -> str:
    """``key`` named with its trait (:func:`property_trait`): "Marker property 'Side'", "Dynamic
    Property 'Side'" (a trait whose name says property is not said twice); ``quoted=False``:
    without the quotes."""
    k = f"'{key}'" if quoted else key
    return f"{_trait_words(trait)} {k}"
