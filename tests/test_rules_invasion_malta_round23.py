"""Invasion: Malta round 23 (rulebook positions written as a stranger writes them): the rules the
round found check silent on, each on both sides of its edge from the rulebook positions
``tests/data/positions/rulebook/invasion_malta/r23-*.toml`` changed in one place here."""
from __future__ import annotations

from dataclasses import replace

import pytest

from im_util import found
from vmodgen.errors import InputError
from vmodgen.rules import ruleset_for
from vmodgen.rules.position_file import load_position

NO_LEAD = "r23-pillbox-and-hq-attack-no-lead.toml"
HQ_LEAD = "r23-axis-hq-with-infantry-only-active-attacker.toml"
SPLIT = "r23-leros-convoy-split-between-zones.toml"
ART = "r23-leros-drop-artillery-alone-on-italians.toml"


def test_a_pillbox_leads_only_alone_in_its_hex(tmp_path):
    """14.21 「ヘクス内に単独あるのでない限り、トーチカはそのヘクスの先導ユニットになれない」, 17.11:
    Malta 2120 holds an Allied pillbox and an Allied HQ, both attacking 2121 in the Central
    sector's Combat Declaration Phase: neither may lead (IM 14.21, the pillbox named first). The
    HQ moved out (alone in 2221, adjacent to 2121): the pillbox is alone and either may lead."""
    rules, _ = found(tmp_path, NO_LEAD)
    assert rules == ["IM 14.21"]
    assert found(tmp_path, NO_LEAD, ('type = "hq"\nhex = "Malta 2120"', 'type = "hq"\nhex = "Malta 2221"')) == ([], {})


def test_an_hq_with_a_non_hq_unit_may_not_lead(tmp_path):
    """17.11 「HQは、ヘクス内で単独でいるか又は他のHQユニットのみと共にスタックしているのでない限り、
    先導ユニットになれない」: formation Fo's HQ with an Italian infantry of formation F (inactive)
    in 2120 attack 2121: the HQ, the only active attacker, may not lead (IM 17.11). With the
    infantry of formation Fo too, the infantry leads: no finding. With the infantry an HQ of
    formation F, the Fo HQ is stacked with HQs only and leads: no finding."""
    assert found(tmp_path, HQ_LEAD)[0] == ["IM 17.11"]
    assert found(tmp_path, HQ_LEAD, ('formation = "F"', 'formation = "Fo"')) == ([], {})
    assert found(tmp_path, HQ_LEAD, ('formation = "F"\ntype = "infantry"', 'formation = "F"\ntype = "hq"')) == ([], {})


def test_a_pillbox_not_alone_and_not_active_is_still_9_13(tmp_path):
    """9.13: when no attacker is of the activation at all, the finding stays 9.13 (14.21 and 17.11
    name only the active units they bar): the same pillbox and HQ in the North sector's AM."""
    rules, _ = found(tmp_path, NO_LEAD, ('active = "Central sector"', 'active = "North sector"'))
    assert rules == ["IM 9.13"]


def test_one_convoy_goes_to_one_invasion_zone(tmp_path):
    """16.21 「ユニットたちは、1 つの船団として一緒に移動する」, 16.22A (one zone a convoy): Convoy 1's
    units landing on Leros 2603 (East zone) and 1407 (North zone) in one Movement Phase: IM 16.22.
    Both on East invasion hexes: no finding. One in the North zone's Available box instead of on
    its invasion hex: still two zones. From two convoy boxes into two zones: 16.23 (one convoy an
    activation), not 16.22."""
    assert found(tmp_path, SPLIT)[0] == ["IM 16.22"]
    assert found(tmp_path, SPLIT, ('hex = "1407"', 'hex = "2904"')) == ([], {})
    rules, _ = found(tmp_path, SPLIT, ('hex = "1407"', 'hex = "leros-iz-north-available"'),
                     ('hex = "leros-iz-north-available"\nprevious = "Axis set-up card: Convoy 1"\nstatus = ["landed"]',
                      'hex = "leros-iz-north-available"\nprevious = "Axis set-up card: Convoy 1"'))
    assert rules == ["IM 16.22"]
    rules, _ = found(tmp_path, SPLIT, ('hex = "1407"\nprevious = "Axis set-up card: Convoy 1"',
                                       'hex = "1407"\nprevious = "Axis set-up card: Convoy 2"'))
    assert rules == ["IM 16.23"]


def test_artillery_dropped_this_activation_alone_on_the_enemy(tmp_path):
    """15.52 「砲兵ユニットが敵戦闘ユニットの上に着地したら」(eliminated, unless it landed with another
    friendly unit type): German artillery recorded as dropped this activation by ``[state]
    dropped`` (the documented key; before, only the status or the log memory's ``paradropped`` was
    read, so the stranger's position was legal) alone on the Allied Italians in Leros 2607: IM
    15.52. Not dropped this activation: no finding from 15.52 (8.14 then: both sides in a hex)."""
    assert found(tmp_path, ART)[0] == ["IM 15.52"]
    rules, _ = found(tmp_path, ART, ('dropped = ["PA"]', 'dropped = []'))
    assert "IM 15.52" not in rules and "IM 8.14" in rules


def test_a_kg_sent_back_drops_again_two_turns_later(tmp_path):
    """15.44 「少なくとも2ターン後のいずれか未来のターン（夜間ターンは不可）に…再び落下傘降下を実施できる」
    with 15.14 (GT1-2 KGs never delay): Scenario 3's KG4, due on GT1, dropping from its box on GT2
    was sent back on GT1: IM 15.44. On GT4 (AM): no finding. On GT3 the turn is 2 later but Night
    (8.43, every paradrop), not 15.44. A KG due on GT3 (roster arrival edited) is no return: GT4
    is legal and GT2 is not this rule's."""
    name = "r23-s3-kg4-drops-again-gt2.toml"
    assert found(tmp_path, name)[0] == ["IM 15.44"]
    assert found(tmp_path, name, ("turn = 2", "turn = 4"), ('time = "pm"', 'time = "am"')) == ([], {})
    rules, _ = found(tmp_path, name, ("turn = 2", "turn = 3"), ('time = "pm"', 'time = "night"'))
    assert "IM 15.44" not in rules and "IM 8.43" in rules


def test_the_scenario_is_read_by_its_printed_number_everywhere(tmp_path):
    """18.11 (the motor pool by day in Scenario 1 only) and 15.16 (no move after the drop in
    Scenarios 1-2) read the scenario a stranger writes as printed, "Scenario 1", "Scenario 2", the
    kit lacking both: before, only "s1" or "1" was Scenario 1 to them, so "Scenario 1" found the
    legal motor pool move and "Scenario 2" let a dropped unit move one hex."""
    assert found(tmp_path, "r23-motor-pool-by-day-printed-scenario-1.toml") == ([], {})
    for spelt in ("S1", "1", "Scenario #1"):
        assert found(tmp_path, "r23-motor-pool-by-day-printed-scenario-1.toml",
                     ('scenario = "Scenario 1"', f'scenario = "{spelt}"')) == ([], {})
    assert found(tmp_path, "r23-dropped-moves-one-hex-printed-scenario-2.toml")[0] == ["IM 15.16"]
    assert found(tmp_path, "r23-dropped-moves-one-hex-printed-scenario-2.toml",
                 ('scenario = "Scenario 2"', 'scenario = "Scenario 3"'))[0] == []


def test_a_scenario_number_the_rulebook_lacks_is_refused(tmp_path):
    """The rulebook has Scenarios 1-4 (16.24A): "Scenario 5" is refused at its line (8), naming them,
    not read as a scenario no rule knows; free text with no number stays free text: a Malta position
    naming no number may be Scenario 1, where the day motor pool is legal, so 18.11 is not judged
    (round 26; before, found as if it could be no Scenario 1)."""
    with pytest.raises(InputError) as e:
        found(tmp_path, "r23-motor-pool-by-day-printed-scenario-1.toml", ('scenario = "Scenario 1"', 'scenario = "Scenario 5"'))
    assert e.value.line == 8 and "Scenarios 1, 2, 3 (Malta) and 4 (Leros)" in e.value.message
    rules, _ = found(tmp_path, "r23-motor-pool-by-day-printed-scenario-1.toml",
                     ('scenario = "Scenario 1"', 'scenario = "Herkules"'))
    assert rules == [] and "IM 18.11" in _


def test_a_scenario_is_played_on_its_island(tmp_path):
    """4.12 with 16.24A (Scenarios 1-3 Malta, 4 Leros): a unit of a Scenario 3 position on the
    Leros map is found; the same unit on Malta, or in a position naming no scenario, is not. A
    marker on Malta in the Leros scenario is found too."""
    name = "r23-s3-unit-on-leros-map.toml"
    assert found(tmp_path, name)[0] == ["IM 4.12"]
    assert found(tmp_path, name, ('hex = "Leros 2607"', 'hex = "Malta 2020"')) == ([], {})
    assert found(tmp_path, name, ('scenario = "Scenario 3"\n', '')) == ([], {})
    assert found(tmp_path, "r23-leros-axis-control-on-cospicua.toml")[0] == ["IM 4.12"]


def test_a_turn_past_an_illustrative_last_turn_is_not_judged(tmp_path):
    """4.22: the kit's last turn of Scenario 3 (9) is illustrative (the scenario book is not in the
    rulebook text): GT10 is named not judged, GT9 is not."""
    rules, why = found(tmp_path, "r23-s3-turn-ten.toml")
    assert rules == [] and "illustrative" in why["IM 4.22"]
    assert found(tmp_path, "r23-s3-turn-ten.toml", ("turn = 10", "turn = 9")) == ([], {})


def test_a_convoy_is_used_no_sooner_than_its_turn(tmp_path):
    """16.21 「これらは、そのターンの前には使用不能」: a unit leaving a convoy box that the position's kit
    scenario does not set it up in (G3, written into Convoy 3 of Scenario 4) has a turn the
    rulebook lacks: named not judged. Leros convoy unit 1, set up in Convoy 1 (GT1), landing on
    GT1: no finding; the same unit with its roster arrival moved to GT3 (a changed copy of the
    unit, the kit untouched): IM 16.21 on GT1."""
    rules, why = found(tmp_path, "r23-leros-convoy-3-lands-gt1.toml")
    assert rules == [] and "IM 16.21" in why
    one = ('id = "G3"\nside = "axis"\nnationality = "german"\nformation = "O"\ntype = "infantry"\nhex = "2703"\n'
           'previous = "Axis set-up card: Convoy 3"\nstatus = ["landed"]\n'
           'values = {attack = 3, defense = 3, movement = 4, stacking = 2, er = 5}',
           'unit = "Leros convoy unit 1"\nhex = "2703"\nprevious = "Axis set-up card: Convoy 1"\nstatus = ["landed"]')
    assert found(tmp_path, "r23-leros-convoy-3-lands-gt1.toml", one) == ([], {})
    pos = load_position(str(tmp_path / "r23-leros-convoy-3-lands-gt1.toml"))
    pos.units = [replace(u, unit=replace(u.unit, arrival={"s4": 3})) if u.id == "S4-C1" else u for u in pos.units]
    assert [x.rule for x in ruleset_for(pos.game).check(pos)] == ["IM 16.21"]
