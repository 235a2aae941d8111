"""Round rulepos31, Operation Mercury and North Africa '41: air missions out of their phase (OM 12.55,
12.51), Scenario 5's absent units (OM 23.2), the automatic victories (OM 22.1, NA41 26.1), a port
above its undamaged capacity (NA41 21.4.4)."""
from __future__ import annotations

from rules_util import rulebook_verdict


def om(tmp_path, name, *edits):
    return rulebook_verdict("operation_mercury", tmp_path, name, *edits)


def na(tmp_path, name, *edits):
    return rulebook_verdict("north_africa_41", tmp_path, name, *edits)


def test_air_mission_flown_out_of_its_phase(tmp_path):
    """12.55 (GT1 only) and 12.51: Bombardment box -> Flown in the Paradrop Phase is legal on GT1, found
    on GT4 (12.55) and in the German Movement Phase (12.51); in the Bombardment Phase it is legal; in a
    Night turn 12.15 judges it, not this rule."""
    gt4 = "r31-air-bombardment-gt4-paradrop-phase.toml"
    assert om(tmp_path, "r31-air-bombardment-gt1-paradrop-phase.toml") == ([], {})
    assert om(tmp_path, gt4)[0] == ["OM 12.55"]
    assert om(tmp_path, gt4, ('phase = "german-paradrop"', 'phase = "german-movement"'))[0] == ["OM 12.51"]
    assert om(tmp_path, gt4, ('phase = "german-paradrop"', 'phase = "german-bombardment"'))[0] == []
    night = om(tmp_path, gt4, ("turn = 4", "turn = 6"))[0]
    assert "OM 12.55" not in night and "OM 12.51" not in night


def test_scenario_5_absent_units(tmp_path):
    """23.2: 4/I/1 is found wherever it is placed in Scenario 5 (left in its wave box it is not placed:
    test_rules_vicfix26.py); in Scenario 6 the same drop is not 23.2's."""
    name = "r31-scn5-reserve-4-I-1-paradrops.toml"
    assert "OM 23.2" in om(tmp_path, name)[0]
    assert "OM 23.3" not in om(tmp_path, name, ('scenario = "scn5"', 'scenario = "scn6"'))[0]


def test_automatic_allied_victory_at_gt12_is_no_gap(tmp_path):
    """22.1: Scenario 6, end of GT12, no German unit on an airfield: an outcome, not a rule left unjudged
    (review rv-t25 item 5: a note, see test_rules_vicfix26.py); at GT11, in Scenario 5 or with Koch on
    Maleme airfield, nothing either."""
    name = "r31-gt12-end-no-german-on-airfield.toml"
    assert om(tmp_path, name) == ([], {})
    for edit in (("turn = 12", "turn = 11"), ('scenario = "scn6"', 'scenario = "scn5"'),
                 ('hex = "W4313"', 'hex = "W4415"')):
        assert "OM 22.1" not in om(tmp_path, name, edit)[1], edit


def test_na41_automatic_victory_is_no_gap(tmp_path):
    """26.1.1 / 26.1.2: a combat unit in Alexandria at the end of an Allied Supply Phase (El Agheila,
    Axis Supply Phase) leaves no rule unjudged (review rv-t25 item 5: a note, see test_rules_vicfix26.py)."""
    alex = "r31-axis-in-alexandria-end-of-allied-supply.toml"
    assert na(tmp_path, alex) == ([], {})
    assert na(tmp_path, "r31-allied-in-el-agheila-end-of-axis-supply.toml") == ([], {})
    assert na(tmp_path, "r31-axis-in-alexandria-out-of-supply.toml") == ([], {})


def test_port_capacity_above_its_undamaged_value(tmp_path):
    """21.4.4: Tobruk (undamaged 4) stated at 5 is found, at 4 and 0 legal."""
    name = "r31-tobruk-port-capacity-five.toml"
    assert na(tmp_path, name)[0] == ["NA41 21.4.4"]
    for cap in ("4", "0"):
        assert na(tmp_path, name, ("capacity = 5", f"capacity = {cap}"))[0] == []


def test_never_damaged_ports(tmp_path):
    """21.4.2: Tripoli (undamaged 14, the convoy example) stated at 10 is found, at 14 legal; the Nile
    Delta, whose capacity the book does not give, stated at 2 is not judged; Tobruk at 3 (a port that
    may be damaged) is neither."""
    assert na(tmp_path, "r31-tripoli-port-damaged.toml")[0] == ["NA41 21.4.2"]
    assert na(tmp_path, "r31-tripoli-port-undamaged.toml") == ([], {})
    rules, unjudged = na(tmp_path, "r31-nile-delta-port-capacity-stated.toml")
    assert rules == [] and "NA41 21.4.2" in unjudged
    assert na(tmp_path, "r31-tobruk-port-capacity-five.toml", ("capacity = 5", "capacity = 3")) == ([], {})
