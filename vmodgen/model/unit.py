"""One counter of a roster: identity, organisation, printed values on each side, set-up."""
from __future__ import annotations

from dataclasses import dataclass, field

Value = int | str | None


@dataclass
class Unit:
    id: str
    name: str
    side: str
    nationality: str
    formation: str
    type: str
    size: str
    steps: int = 1
    movement_class: str = ""
    flags: frozenset[str] = frozenset()
    #: printed values by field id; ``back`` is None for a one-sided counter
    front: dict[str, Value] = field(default_factory=dict)
    back: dict[str, Value] | None = None
    #: set-up location per scenario id (a hex ID or an off-map box id)
    setup: dict[str, str] = field(default_factory=dict)
    #: arrival turn per scenario id ("" key: every scenario)
    arrival: dict[str, int] = field(default_factory=dict)
    #: roster columns whose value is not in the rulebook ("front.attack", "setup:campaign", "*")
    illustrative: frozenset[str] = frozenset()
    notes: str = ""
    line: int = 0                    # roster line, for messages
    #: what the counter prints as its ID ("" = the name)
    short_name: str = ""
    #: the unit's own images, front and back, as ``path#digest`` ("" = drawn by the layout)
    art: tuple[str, str] = ("", "")

    @property
    def two_sided(self) -> bool:
        return self.back is not None

    def is_illustrative(self, column: str | None = None) -> bool:
        """Whether ``column`` (or, with None, any value of this unit) is illustrative."""
        if column is None:
            return bool(self.illustrative)
        return "*" in self.illustrative or column in self.illustrative

    def value(self, field_id: str, reduced: bool = False) -> Value:
        """A printed value on the front (or the back when ``reduced`` and two-sided)."""
        if reduced and self.back is not None:
            return self.back.get(field_id)
        return self.front.get(field_id)

    def setup_in(self, scenario: str) -> str | None:
        return self.setup.get(scenario)

    def arrival_in(self, scenario: str) -> int | None:
        return self.arrival.get(scenario, self.arrival.get(""))

    @property
    def exerts_zoc(self) -> bool:
        return "no_zoc" not in self.flags
