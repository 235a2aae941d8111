"""Unit selectors written in rule parameters: ``"flag:no_zoc, kind:hq, type:armor, class:wheeled,
nat:greek, symbol:armor, status:disrupted, side:axis"``, or a bare word matching any of those.
``"all"`` matches every unit, ``""`` none. A leading ``!`` negates one term."""
from __future__ import annotations

import re

from ...errors import InputError
from ...model.game import Game
from ...positions.model import UnitState

PREFIXES = ("flag", "kind", "type", "class", "nat", "symbol", "status", "side", "formation", "size", "unit")


class Selector:
    def __init__(self, text: str | bool | int | float, what: str = "selector") -> None:
        if not isinstance(text, str):
            raise InputError(None, f"{what}: expected a list of unit selectors as text, not {text!r}")
        self.text = text
        self.terms: list[tuple[bool, str, str]] = []
        self.all = False
        for raw in re.split(r"[,;]", text):
            term = raw.strip()
            if not term:
                continue
            neg = term.startswith("!")
            term = term.lstrip("!").strip()
            if term == "all":
                self.all = True
                continue
            if ":" in term:
                prefix, value = (x.strip() for x in term.split(":", 1))
                if prefix not in PREFIXES:
                    raise InputError(None, f"{what}: unknown selector '{prefix}:' in {text!r} "
                                           f"(known: {', '.join(p + ':' for p in PREFIXES)})")
            else:
                prefix, value = "", term
            self.terms.append((neg, prefix, value))

    def __bool__(self) -> bool:
        return self.all or bool(self.terms)

    def matches(self, game: Game, u: UnitState) -> bool:
        hit = self.all
        for neg, prefix, value in self.terms:
            if _match(game, u, prefix, value):
                if neg:
                    return False
                hit = True
        return hit

    def __repr__(self) -> str:
        return f"Selector({self.text!r})"


def _match(game: Game, u: UnitState, prefix: str, value: str) -> bool:
    unit = u.unit
    if not prefix:
        return any(_match(game, u, p, value) for p in ("flag", "kind", "type", "class", "nat", "symbol", "status"))
    if prefix == "flag":
        return value in unit.flags
    if prefix == "type":
        return unit.type == value
    if prefix == "class":
        return unit.movement_class == value
    if prefix == "status":
        return u.has(value)
    if prefix == "side":
        return unit.side == value
    if prefix == "nat":
        return unit.nationality == value
    if prefix == "formation":
        return unit.formation == value
    if prefix == "size":
        return unit.size == value
    if prefix == "unit":
        return unit.id == value
    t = game.unit_types.get(unit.type)
    if prefix == "kind":
        return (t.kind if t else "ground") == value
    if prefix == "symbol":
        return t is not None and value in re.split(r"[+ ]", t.symbol)
    return False
