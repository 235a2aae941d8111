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
    t = game.unit_types.get(unit.type)
    checks = {
        "flag": lambda: value in unit.flags,
        "kind": lambda: (t.kind if t else "ground") == value,
        "type": lambda: unit.type == value,
        "class": lambda: unit.movement_class == value,
        "nat": lambda: unit.nationality == value,
        "symbol": lambda: t is not None and value in re.split(r"[+ ]", t.symbol),
        "status": lambda: value in u.status,
        "side": lambda: unit.side == value,
        "formation": lambda: unit.formation == value,
        "size": lambda: unit.size == value,
        "unit": lambda: unit.id == value,
    }
    if prefix:
        return checks[prefix]()
    return any(checks[p]() for p in ("flag", "kind", "type", "class", "nat", "symbol", "status"))
