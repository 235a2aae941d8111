"""Invasion: Malta round 26: what a stranger's positions found the rule set silent or wrong on: a
position naming no scenario (4.12 and the rules that differ by scenario), invaders placed outside
the Movement Phase or from the Delay box (16.33A, 16.26), the Landing Condition's group result
(16.33B), a retreat judged after the advance that followed it (13.34), the Japanese names of the
sequence of play (4.21, 7.14)."""
from __future__ import annotations

import pytest

from im_util import found
from vmodgen.rules.position_file import load_position


def test_a_position_naming_no_scenario_is_read_by_its_island(tmp_path):
    """16.24A: a Malta position naming no scenario may be Scenario 1, 2 or 3, so the day motor pool
    (18.11: Scenario 1 only) is not judged; named, it is judged either way. On Leros alone the
    position is Scenario 4's, where the day motor pool is found."""
    name = "r26-noscn-malta-motor-pool-by-day.toml"
    rules, why = found(tmp_path, name)
    assert rules == [] and "IM 18.11" in why
    at = ('game = "invasion-malta"\n', 'game = "invasion-malta"\nscenario = "Scenario {}"\n')
    assert found(tmp_path, name, (at[0], at[1].format(1))) == ([], {})
    assert found(tmp_path, name, (at[0], at[1].format(3)))[0] == ["IM 18.11"]
    assert found(tmp_path, "r26-noscn-leros-motor-pool-by-day.toml")[0] == ["IM 18.11"]


def test_pieces_on_both_islands_are_no_scenario(tmp_path):
    """4.12 with 16.24A: no scenario uses both charts; one island alone is legal."""
    assert found(tmp_path, "r26-noscn-units-on-both-islands.toml")[0] == ["IM 4.12"]
    one = ('hex = "Leros 2607"', 'hex = "Malta 1523"')
    assert found(tmp_path, "r26-noscn-units-on-both-islands.toml", one)[0] == []


def test_the_gt1_penalty_is_not_judged_only_where_it_decides(tmp_path):
    """7.12: on Malta with no scenario named, a GT1 Allied move legal at full MA but not at 2 MP less
    is not judged; a move of 2 MP is legal either way, so nothing is named."""
    name = "r26-noscn-malta-gt1-allied-full-ma.toml"
    rules, why = found(tmp_path, name)
    assert rules == [] and "IM 7.12" in why
    short = ('previous = "Malta 1523"\npath = ["Malta 1523", "Malta 1524", "Malta 1525", "Malta 1526", "Malta 1527"]',
             'previous = "Malta 1525"\npath = ["Malta 1525", "Malta 1526", "Malta 1527"]')
    assert found(tmp_path, name, short) == ([], {})
    assert found(tmp_path, name, ('turn = 1\n', 'turn = 1\nscenario = "Scenario 2"\n'))[0] == ["IM 8.13"]


@pytest.mark.parametrize("phase, finding", [("movement", False), ("combat-declaration", True),
                                            ("naval-transport", True), ("combat", True)])
def test_invaders_are_placed_in_the_movement_phase(tmp_path, phase, finding):
    """16.33A: the Available box's units go onto the zone's hexes in the Movement Phase only."""
    rules, _ = found(tmp_path, "r26-leros-placed-in-movement-phase.toml",
                     ('phase = "Movement Phase"', f'phase = "{phase}"'))
    assert ("IM 16.33" in rules) == finding


def test_a_delayed_unit_reaches_the_map_through_the_available_box(tmp_path):
    """16.26, 16.33A: Delay box -> invasion hex is found; Available box -> invasion hex is not."""
    name = "r26-leros-placed-from-delay-box.toml"
    assert found(tmp_path, name)[0] == ["IM 16.33"]
    assert found(tmp_path, name, ("Zone East: Delay", "Zone East: Available"))[0] == []


def test_the_landing_condition_falls_on_the_group(tmp_path):
    """16.33B: units placed on one invasion hex this Movement Phase are all disrupted or none."""
    name = "r26-leros-landing-condition-split-disruption.toml"
    assert found(tmp_path, name)[0] == ["IM 16.33"]
    assert found(tmp_path, name, ('status = ["Disrupted"]', "status = []"))[0] == []


def test_a_retreat_is_judged_before_the_advance(tmp_path):
    """13.34 with 13.5: the attacker advances after the defender retreated, so a retreat through the
    hex an attacker advanced into later met no enemy there."""
    rules, _ = found(tmp_path, "r26-leros-german-advances-two-hexes.toml")
    assert "IM 13.53" in rules and "IM 13.34" not in rules


@pytest.mark.parametrize("written, phase", [
    ("天候フェイズ", "weather"), ("航空準備フェイズ", "air-readiness"), ("AAリセット・フェイズ", "aa-reset"),
    ("海上輸送フェイズ", "naval-transport"), ("空挺作戦フェイズ", "airborne"), ("対応移動フェイズ", "reaction"),
    ("リセット・フェイズ", "reset"), ("補給状態フェイズ", "supply-status"), ("勝利条件フェイズ", "victory"),
    ("戦闘宣言フェイズ", "combat-declaration")])
def test_the_japanese_phase_names_of_invasion_malta(tmp_path, written, phase):
    """4.21 and 7.14 print the phases in Japanese; each reads as its kit phase."""
    f = tmp_path / "p.toml"
    f.write_text(f'[position]\ngame = "invasion-malta"\nturn = 2\nphase = "{written}"\nside = "axis"\n',
                 encoding="utf-8")
    assert load_position(f).phase == phase


def test_port_entry_is_onto_a_friendly_port(tmp_path):
    """16.13 with 3.11: an Axis Control marker makes the port friendly (legal); a port stated Allied
    is found; one showing nothing is not judged (Axis units may have passed through it)."""
    assert found(tmp_path, "r26-leros-port-entry-alinda-axis-control.toml") == ([], {})
    assert found(tmp_path, "r26-leros-port-entry-alinda-not-friendly.toml")[0] == ["IM 16.13"]
    rules, why = found(tmp_path, "r26-leros-port-entry-alinda-unknown.toml")
    assert rules == [] and "IM 16.13" in why
