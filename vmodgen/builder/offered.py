"""Which scenarios a module offers as predefined set-ups. A scenario is offered when it sets up
units, and every side that has units in the kit has some in it, set up or arriving later (Operation
Mercury's Germans arrive by air in scenarios 1-3); otherwise (the rulebook text gives no
set-up, as for Operation Mercury's scenarios 4-6 or North Africa '41's Crusader card) the module
does not pretend it is ready to play: the help page lists it with its description and says why,
and players set it up by hand from a blank game. No set-up is invented."""
from __future__ import annotations

from ..model import Kit, Scenario


def missing_sides(kit: Kit, scenario: Scenario) -> list[str]:
    """The names of the sides with units in the kit but none in ``scenario`` (set up or arriving)."""
    ids = [p.unit for p in scenario.setup] + [r.unit for r in scenario.reinforcements]
    placed = {unit.side for unit in map(kit.unit, ids) if unit is not None}
    return [s.name for s in kit.game.sides.values()
            if any(u.side == s.id for u in kit.units) and s.id not in placed]


def is_offered(kit: Kit, scenario: Scenario) -> bool:
    return bool(scenario.setup) and not missing_sides(kit, scenario)


def not_offered_reason(kit: Kit, scenario: Scenario) -> str:
    sides = missing_sides(kit, scenario)
    count = len(scenario.setup)
    return (f"its set-up data places {count} unit{'s' if count != 1 else ''}"
            + (f" and no unit of {' or '.join(sides)} is set up or arrives" if sides else "")
            + ": the kit has no set-up for it (not in the rulebook text)")
