"""The traits whose values a player sets in play (a key, a menu, a dialog): what the integrity's
``values set:`` list reads (:mod:`.facts`) and names as the replay saw them (:mod:`.naming`)."""
from __future__ import annotations

#: those traits by their type's ID → what the list calls them
EDITABLE = {"PROP;": "Dynamic Property", "propertysheet;": "Property Sheet", "label;": "Text Label"}


def editable(type_chain: str) -> bool:
    """Whether a piece (its type chain) has such a trait."""
    return any(k in type_chain for k in EDITABLE)
