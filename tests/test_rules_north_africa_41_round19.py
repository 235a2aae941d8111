"""North Africa '41 round 19 (rulebook positions written as a stranger writes them): each rule the
round added or changed, on both sides of its edge. The positions are the rulebook ones
(``tests/data/positions/rulebook/north_africa_41/``), changed in one place here."""
from __future__ import annotations

from pathlib import Path

from rules_util import rulebook_verdict


def found(tmp_path: Path, name: str, *edits: tuple[str, str]) -> tuple[list[str], list[str]]:
    """The rules found in the rulebook position ``name`` with ``edits`` (old, new) made, and the
    rules the check could not judge."""
    rules, not_judged = rulebook_verdict("north_africa_41", tmp_path, name, *edits)
    return rules, list(not_judged)


def test_truck_stays_with_the_unit_it_picked_up(tmp_path):
    """5.8.2: Brescia carried 2020-2024 and left there while the truck went on to 2026 is found;
    with a second truck ending beside it (which may have carried it), not; in a Combat Phase (the
    truck may carry another unit in an advance), not."""
    name = "truck-drops-one-picks-up-another.toml"
    assert "NA41 5.8.2" in found(tmp_path, name)[0]
    second = '\n[[units]]\nunit = "AxisTruck2"\nhex = "2024"\nprevious = "2020"\n'
    assert "NA41 5.8.2" not in found(tmp_path, name, ('status = ["trucked"]\n\n[[units]]\nunit = "Pavia"',
                                                      'status = ["trucked"]\n' + second + '\n[[units]]\nunit = "Pavia"'))[0]
    assert "NA41 5.8.2" not in found(tmp_path, name, ('"Impulse 1: Axis Movement Phase"',
                                                      '"Impulse 1: Axis Combat Phase"'))[0]
    assert found(tmp_path, "truck-leaves-stackmate-picks-up-another.toml")[0] == []


def test_special_transfer(tmp_path):
    """5.8.4: a truck from the Nile Delta to a unit in full supply is legal; to an empty hex, to
    an unsupplied unit, from an unsupplied hex, from port supply only, carrying an SP, in a Combat
    Phase, or by a unit that is no truck, found."""
    assert found(tmp_path, "truck-special-transfer-to-supplied-unit.toml")[0] == []
    assert found(tmp_path, "truck-special-transfer-to-lone-sp.toml")[0] == []
    assert found(tmp_path, "truck-special-transfer-into-own-box.toml")[0] == []
    for name in ("to-empty-hex", "to-unsupplied-unit", "to-unsupplied-sp", "from-unsupplied-hex",
                 "from-besieged-tobruk", "carrying-sp", "in-combat-phase", "into-enemy-box", "by-infantry",
                 "from-eliminated-box"):
        assert "NA41 5.8.4" in found(tmp_path, f"truck-special-transfer-{name}.toml")[0], name
    # the same hex as the supplied unit, but the road cut next to it: the unit is out of supply
    assert "NA41 5.8.4" in found(tmp_path, "truck-special-transfer-to-supplied-unit.toml",
                                 ('unit = "4/2 NZ"\nhex = "2362"', 'unit = "4/2 NZ"\nhex = "1560"'),
                                 ('hex = "2362"\nprevious', 'hex = "1560"\nprevious'))[0]


def test_surrender_outside_movement_and_combat(tmp_path):
    """12.5.3: a unit newly in the Surrender Box's left half after the owner's Movement Phase is
    legal, after an Initial or Recovery Phase found; one already there before (na41_boxed_before),
    or with no history, not."""
    assert found(tmp_path, "surrender-voluntary-own-movement.toml")[0] == []
    assert "NA41 12.5.3" in found(tmp_path, "surrender-voluntary-enemy-initial.toml")[0]
    name = "surrender-in-own-recovery-phase.toml"
    assert "NA41 12.5.3" in found(tmp_path, name)[0]
    assert found(tmp_path, name, ("na41_boxed_before = {}", 'na41_boxed_before = {"CW Inf Remnant" = '
                                                            '"surrender-left"}'))[0] == []
    assert found(tmp_path, name, ("[state]\nna41_boxed_before = {}", ""))[0] == []


def test_forts_under_construction(tmp_path):
    """9.5.6: a fort and a fort under construction in one hex, and an attack from a hex where a
    fort is being built, are found; an attack from a finished fort is not. 9.5.3: a marker out of
    reach of supplied friends is not judged; beside Brescia in supply, legal. 9.5.4: an unfinished
    fort gives no limited ZOC (leaving costs the full +2)."""
    assert "NA41 9.5.6" in found(tmp_path, "fort-and-fort-under-construction-one-hex.toml")[0]
    assert "NA41 9.5.6" in found(tmp_path, "attack-from-hex-of-fort-under-construction.toml")[0]
    assert found(tmp_path, "attack-from-finished-fort.toml")[0] == []
    rules, not_judged = found(tmp_path, "fort-under-construction-far-from-friends.toml")
    assert rules == [] and any("NA41 9.5.3" in x for x in not_judged)
    assert found(tmp_path, "fort-under-construction-beside-supplied-unit.toml") == ([], [])
    name = "fort-under-construction-gives-no-limited-zoc.toml"
    assert "NA41 5.1" in found(tmp_path, name)[0]
    assert found(tmp_path, name, ('markers = ["Under Construction"]', 'markers = ["Fortification"]'))[0] == []


def test_oasis_supply(tmp_path):
    """27.2: an oasis supplies one unit: one is legal, an unmarked second found; with the optional
    rule left out (oasis_supply_units = 0), the first is found too."""
    assert found(tmp_path, "oasis-supplies-one-unit.toml")[0] == []
    assert found(tmp_path, "oasis-supplies-unit-two-hexes-away.toml")[0] == []
    assert "NA41 16.1" in found(tmp_path, "oasis-second-unit-unsupplied.toml")[0]
    assert "NA41 16.1" in found(tmp_path, "oasis-supplies-one-unit.toml",
                                ("[grid]", "[rules]\noasis_supply_units = 0\n\n[grid]"))[0]


def test_tag_along_retreat_disrupts_the_unit_picked_up(tmp_path):
    """27.3.2: a Good Order unit picked up by a defender's retreat must end Disrupted, a Disrupted
    one in Full Retreat; a unit whose own hex was attacked is a defender, not picked up."""
    assert "NA41 27.3.2" in found(tmp_path, "tag-along-retreat-picked-up-stays-good-order.toml")[0]
    assert "NA41 27.3.2" in found(tmp_path, "tag-along-retreat-picked-up-disrupted-stays-disrupted.toml")[0]
    assert found(tmp_path, "tag-along-retreat-picked-up-disrupted.toml")[0] == []
    assert found(tmp_path, "tag-along-retreat-picked-up-disrupted-stays-disrupted.toml",
                 ('previous = "2927"\npath = ["2927", "2928"]\nmode = "retreat"\nstatus = ["disrupted"]',
                  'previous = "2927"\npath = ["2927", "2928"]\nmode = "retreat"\nstatus = ["full_retreat"]'))[0] == []


def test_free_supply_point(tmp_path):
    """17.4: a free SP after an attack, or with a Corps HQ out of supply, is found; after a quiet
    Combat Phase with the HQ in supply it is not judged (normal moves are not recorded)."""
    assert "NA41 17.4" in found(tmp_path, "free-sp-after-an-attack.toml")[0]
    assert "NA41 17.4" in found(tmp_path, "free-sp-with-unsupplied-corps-hq.toml")[0]
    rules, not_judged = found(tmp_path, "free-sp-quiet-turn.toml")
    assert rules == [] and any("NA41 17.4" in x for x in not_judged)
    assert found(tmp_path, "free-sp-quiet-turn.toml", ('hex = "3233"\nprevious', 'hex = "Tripoli"\nprevious'))[0] == []
