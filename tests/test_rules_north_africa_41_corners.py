"""North Africa '41 rules first judged in rulebook-position round 13, each with a legal and an
illegal position from ``tests/data/positions/rulebook/north_africa_41/`` (their headers quote the
Japanese rulebook): the rail extension (5.9.2), box entry (6.3.1, 6.3.3), attacks on non-combat
units (8.7), forts entered by the enemy (9.5.7), breakthrough combat costs (15.2.6), coastal convoys
and port capacity (21.1.2, 21.2, 21.3.2)."""
from __future__ import annotations

from pathlib import Path

import pytest

from vmodgen.rules import ruleset_for
from vmodgen.rules.position_file import load_position

DATA = Path(__file__).resolve().parent / "data" / "positions" / "rulebook" / "north_africa_41"


def rules_in(name: str) -> list[str]:
    pos = load_position(DATA / f"{name}.toml")
    return sorted({f.rule for f in ruleset_for(pos.game).check(pos)})


@pytest.mark.parametrize("legal, illegal, rule", [
    ("rail-extension-turn-17", "rail-extension-turn-16", "NA41 5.9.2"),
    ("rail-to-railhead-turn-16", "rail-extension-named-phase-and-unit", "NA41 5.9.2"),
])
def test_rail_extension_opens_on_turn_17(legal, illegal, rule):
    """NA41 5.9.2: Mersa Matruh to Misheifa by rail from turn 17 only; to the railhead always; a rail
    move is no land move (no 5.7 for a tank crossing an escarpment on the railroad)."""
    assert rules_in(legal) == [] and rules_in(illegal) == [rule]
    assert rules_in("rail-mech-across-escarpment-turn-17") == []


def test_box_entry_costs_and_stops_the_move():
    """NA41 6.3.3: entering an edge box costs 1 MP (1 hex of tactical movement); 6.3.1: entering
    ends the move; 13.2.1: a Disrupted unit's normal move into a box."""
    for legal in ("box-entry-cost-exact", "box-entry-tactical-two-hexes", "box-entry-ends-move"):
        assert rules_in(legal) == [], legal
    assert rules_in("box-entry-cost-one-past") == ["NA41 5.1"]
    assert rules_in("box-entry-tactical-three-hexes") == ["NA41 5.4"]
    assert rules_in("box-entry-then-back-onto-map") == ["NA41 6.3.1"]
    assert rules_in("box-entry-disrupted-normal-move") == ["NA41 13.2.1"]


def test_attack_on_lone_non_combat_units():
    """NA41 8.7: a truck or SP alone may not be attacked; with a combat unit it may."""
    assert rules_in("attack-on-truck-with-combat-unit") == []
    assert rules_in("attack-on-lone-truck") == ["NA41 8.7"] and rules_in("attack-on-lone-supply-point") == ["NA41 8.7"]


def test_fort_removed_when_enemy_enters():
    """NA41 9.5.7: an enemy unit in a fort's hex removes it; the owner's units do not."""
    assert rules_in("fort-entered-by-owner") == []
    assert rules_in("fort-entered-by-enemy-kept") == ["NA41 9.5.7"]


def test_breakthrough_combat_costs_a_hex():
    """NA41 15.2.6: each breakthrough combat costs a hex of the advance; the beaten defender's hex is free."""
    assert rules_in("breakthrough-combat-then-free-hex") == []
    assert rules_in("breakthrough-combat-then-two-more-hexes") == ["NA41 15.2.6"]
    assert rules_in("breakthrough-combat-at-dr2-limit") == ["NA41 15.2.6"]


def test_coastal_convoys_and_port_capacity():
    """NA41 21.1.2: a convoy of 2 shipping points, one a phase (the Allies' second for 1 RP not
    judged); 21.3.2: the shipping points landed within the port's capacity."""
    assert rules_in("coastal-convoy-two-points") == [] and rules_in("port-capacity-damaged-two") == []
    assert rules_in("coastal-convoy-three-points") == ["NA41 21.1.2"]
    assert rules_in("coastal-convoy-axis-two-convoys") == ["NA41 21.1.2"]
    assert rules_in("coastal-convoy-allied-second-convoy") == []
    assert rules_in("coastal-convoy-allied-three-convoys") == ["NA41 21.1.2"]
    assert rules_in("port-capacity-damaged-one") == ["NA41 21.3.2"]
