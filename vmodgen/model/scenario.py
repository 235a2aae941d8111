"""Scenarios: name, turns, sheets used, set-up and reinforcements."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Placement:
    unit: str
    location: str                    # hex ID or box id
    illustrative: bool = False


@dataclass(frozen=True)
class Reinforcement:
    unit: str
    turn: int
    location: str = ""               # entry hex or box; "" = as the rules say
    illustrative: bool = False


@dataclass
class Scenario:
    id: str
    name: str
    first_turn: int = 1
    last_turn: int | None = None
    sheets: tuple[str, ...] = ()
    description: str = ""
    illustrative: bool = False
    setup: list[Placement] = field(default_factory=list)
    reinforcements: list[Reinforcement] = field(default_factory=list)

    def placement_of(self, unit_id: str) -> Placement | None:
        return next((p for p in self.setup if p.unit == unit_id), None)
