"""Invasion: Malta round 24: what the review of round 23 found (17.11 stack-mates, one scenario
number, weather and time not stated, 15.44 against 15.14, 4.12 without a kit scenario, box names)."""
from __future__ import annotations

import pytest

from im_util import INF, al, found, inline, road, state, x
from rules_util import position
from vmodgen.rules import ruleset_for
from vmodgen.positions.scenario_number import scenario_number


@pytest.mark.parametrize("text, number", [
    ("3", 3), ("S3", 3), ("s 4", 4), ("#1", 1), ("Scenario #1", 1), ("scenario7", 7),
    ("Scenario 3 (Herkules)", 3), ("Malta: Scenario 2", 2), ("Malta 1942", None), ("Herkules", None), ("", None)])
def test_the_scenario_number_is_read_one_way(text, number):
    """The one reader of a scenario's number: the whole text, else "Scenario N" within it; never a year."""
    assert scenario_number(text) == number


def test_a_scenario_with_a_title_is_the_kit_scenario_of_its_number(tmp_path):
    """"Scenario 3 (Herkules)" is the kit's Scenario 3 for every rule, as "Scenario 3" is: 4.12 (its
    unit on Leros, 16.24A) and 15.14 (KG4 held back at GT1) find it; before, the position reader
    resolved no kit scenario from it, and those rules passed or said it named no scenario."""
    herk = ('scenario = "Scenario 3"', 'scenario = "Scenario 3 (Herkules)"')
    assert found(tmp_path, "r23-s3-unit-on-leros-map.toml", herk)[0] == ["IM 4.12"]
    rules, why = found(tmp_path, "r24-s3-herkules-kg4-held-at-gt1-victory.toml")
    assert rules == ["IM 15.14"] and "IM 15.14" not in why


def test_weather_unstated_is_not_judged_where_the_book_does_not_fix_it(tmp_path):
    """8.43, 15.12 (no paradrop in Windy or Storm weather): GT2 of Scenario 4 has the weather its
    Weather Phase rolled; a position that does not state it is partial with IM 8.43 not judged,
    never legal on an assumed Good. Stated: Good is legal, Storm and Windy are IM 8.43. On GT1 (5.13:
    Good automatically) and in Scenario 3 (7.12: Good throughout) the book fixes it: legal."""
    name = "r24-leros-paradrop-gt2-weather-unstated.toml"
    rules, why = found(tmp_path, name)
    assert rules == [] and "turn 2 of Scenario 4" in why["IM 8.43"]
    stated = ('time = "pm"\n', 'time = "pm"\nweather = "%s"\n')
    assert found(tmp_path, name, (stated[0], stated[1] % "good")) == ([], {})
    for bad in ("storm", "windy"):
        assert found(tmp_path, name, (stated[0], stated[1] % bad))[0] == ["IM 8.43"]
    assert found(tmp_path, name, ("turn = 2", "turn = 1"), ('time = "pm"', 'time = "am"')) == ([], {})


def test_a_night_paradrop_is_found_whatever_the_weather(tmp_path):
    """8.43: a Night turn decides alone; the unstated weather is not named as not judged then."""
    rules, why = found(tmp_path, "r24-leros-paradrop-gt2-weather-unstated.toml", ('time = "pm"', 'time = "night"'))
    assert rules == ["IM 8.43"] and why == {}



def _allied_road_move(**st: str) -> tuple[list[str], dict[str, str]]:
    """Four primary-road hexes, 2016 → 2020, by an Allied unit of MA 2 (8.33: 4 MP by day, 2 at
    Night or in a Storm) on turn 3 of a position naming no scenario: its rules and not judged."""
    rd = road("primary_road", "2016", "2017", "2018", "2019", "2020")
    four = dict(values=dict(INF, movement=2), previous="2016", path=["2016", "2017", "2018", "2019", "2020"])
    pos = position(inline(turn=3) + rd + al("A", "2020", **four) + (state(**st) if st else ""))
    rs = ruleset_for(pos.game)
    return sorted({f.rule for f in rs.check(pos)}), rs.take_not_judged()


def test_the_allied_road_rate_is_not_judged_on_an_unstated_weather():
    """8.33: an Allied move legal only at ½ MP a road hex (Night or Storm) is not judged when the
    weather is not stated on a day turn the book does not fix; stated Good it is IM 8.13, Storm
    legal; at Night the weather does not matter. A move legal at the day rate too names nothing."""
    rules, why = _allied_road_move(time="am")
    assert rules == [] and "the weather is unknown" in why["IM 8.33"]
    assert _allied_road_move(time="am", weather="good")[0] == ["IM 8.13"]
    # round 27: a stated Storm on a position naming no scenario may be Scenario 2's or 3's Good (5.13)
    rules, why = _allied_road_move(time="am", weather="storm")
    assert rules == [] and "names no scenario" in why["IM 8.33"] and "5.13" in why["IM 8.33"]
    assert _allied_road_move(time="night") == ([], {})
    rd = road("primary_road", "2016", "2017", "2018")
    pos = position(inline(turn=3) + rd + state(time="am") +
                   al("A", "2018", values=dict(INF, movement=2), previous="2016", path=["2016", "2017", "2018"]))
    rs = ruleset_for(pos.game)
    assert rs.check(pos) == [] and rs.take_not_judged() == {}


def test_the_time_is_not_judged_without_a_turn_to_read_it_from(tmp_path):
    """8.43 (no paradrop on a Night turn): a position with no turn and no [state] time has no time
    of day (the kit's turn cycle needs the turn): IM 8.43 not judged, never read as day; with the
    turn, the cycle gives GT2 as PM (legal in Good weather)."""
    name = "r24-leros-paradrop-gt2-weather-unstated.toml"
    rules, why = found(tmp_path, name, ("turn = 2\n", ""), ('time = "pm"', 'weather = "good"'))
    assert rules == [] and "the time of day is unknown" in why["IM 8.43"]
    assert found(tmp_path, name, ('time = "pm"', 'weather = "good"')) == ([], {})


def test_a_whole_kg_dropping_late_was_delayed_not_sent_back(tmp_path):
    """15.44 costs a KG 2 steps before it goes back to the card, so KG4 whole and unreduced dropping
    on GT2 of Scenario 3 (due GT1) was delayed: 15.14, not 15.44. With a unit reduced it may have
    been sent back: 15.44 (GT2 is too soon). Each names the box by its printed name and counts
    among the findings resting on the kit's illustrative set-up."""
    from vmodgen.rules.illustrative import Annotator
    from vmodgen.rules.position_file import load_position
    name = "r24-s3-kg4-whole-drops-gt2.toml"
    assert found(tmp_path, name)[0] == ["IM 15.14"]
    reduced = ('unit = "KG4 unit 1"\nhex = "2020"\n', 'unit = "KG4 unit 1"\nhex = "2020"\nreduced = true\n')
    assert found(tmp_path, name, reduced)[0] == ["IM 15.44"]
    pos = load_position(str(tmp_path / name))
    for f in ruleset_for(pos.game).check(pos):
        assert "Axis set-up card: Paradrop KG4" in f.message and "axis-paradrop-kg4" not in f.message
        assert "the kit's set-up, illustrative" in f.message
        assert any("set-up of KG4 unit 1" in i for x in Annotator(ruleset_for(pos.game)).inputs_of(f, pos)
                   for i in x.items)


def test_a_convoy_box_is_named_as_printed(tmp_path):
    """16.21's not-judged line names the convoy box as the set-up card prints it, not by its id."""
    rules, why = found(tmp_path, "r23-leros-convoy-3-lands-gt1.toml")
    assert rules == [] and "Axis set-up card: Convoy 3" in why["IM 16.21"] and "axis-convoy-3" not in why["IM 16.21"]


def test_a_scenario_the_kit_lacks_is_played_on_its_island(tmp_path):
    """4.12 with 16.24A: "Scenario 1" and "Scenario 2" (no kit data) are Malta's, so a unit on the
    Leros map is found (before: legal, 4.12 passed silently with no kit scenario); "Scenario 4" on
    Leros is legal; a unit of Scenario 1 on Malta is legal."""
    name = "r24-s1-unit-on-leros-map.toml"
    assert found(tmp_path, name)[0] == ["IM 4.12"]
    assert found(tmp_path, name, ('scenario = "Scenario 1"', 'scenario = "Scenario 2"'))[0] == ["IM 4.12"]
    assert "IM 4.12" not in found(tmp_path, name, ('hex = "Leros 2607"', 'hex = "Malta 2020"'))[0]
