"""Shared vocabularies: the unit-symbol keys the renderer draws, combined with '+'.

A unit type's ``symbol`` is one base key optionally followed by modifiers, e.g.
``infantry+parachute``, ``artillery+motorized``, ``armor+light``, ``anti-aircraft+light``.
"""
from __future__ import annotations

#: the frame content of a NATO symbol (one per unit type)
BASE_SYMBOLS = frozenset({
    "infantry", "armor", "reconnaissance", "cavalry", "artillery", "anti-aircraft", "anti-tank",
    "engineer", "headquarters", "machine-gun", "mortar", "supply", "transport", "truck",
    "motorcycle", "bicycle", "militia", "police", "signals", "medical", "rocket-artillery",
    "coast-artillery", "assault-gun", "tank-destroyer", "naval", "air", "fighter", "bomber",
    "transport-aircraft", "glider-aircraft", "ship", "landing-craft", "fortification", "marker",
    "none",
})

#: marks added to a base symbol
MODIFIERS = frozenset({
    "parachute", "glider", "airlanding", "mountain", "motorized", "wheeled", "tracked",
    "mechanized", "light", "heavy", "self-propelled", "commando", "marine", "amphibious",
    "towed", "ski", "guards", "partisan",
})


def symbol_problems(symbol: str) -> list[str]:
    """What is wrong with a symbol key (empty when it is drawable)."""
    parts = symbol.split("+")
    out = []
    if parts[0] not in BASE_SYMBOLS:
        out.append(f"unknown base symbol '{parts[0]}' (known: {', '.join(sorted(BASE_SYMBOLS))})")
    for m in parts[1:]:
        if m not in MODIFIERS:
            out.append(f"unknown symbol modifier '{m}' (known: {', '.join(sorted(MODIFIERS))})")
    return out
