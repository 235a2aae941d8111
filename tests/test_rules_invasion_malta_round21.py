"""Invasion: Malta round 21 (imfix9: the reviews of rulepos20 and oracle18): each rule on both
sides of its edge, from the rulebook positions ``tests/data/positions/rulebook/invasion_malta/``
changed in one place here. Where the position cannot show what a rule needs, the rule is named
not judged, never found and never a crash."""
from __future__ import annotations

import pytest

from im_util import DATA, found
from vmodgen.errors import InputError
from vmodgen.rules import ruleset_for
from vmodgen.rules.position_file import load_position


def test_bombardment_count_is_judged_only_on_complete_target_lists(tmp_path):
    """10.22, 10.24: five British artillery units that could share the invasion hex 2140 with I3's
    attacker hex 2335: legal with the attack declared, not judged without it (never found); eight
    with one attacker lost off the map without previous: not judged."""
    five = "r21-bombard-five-british-attacks-not-recorded.toml"
    rules, why = found(tmp_path, five)
    assert rules == [] and "declared attacks" in why["IM 10.24"]
    attack = ("prev_fired = []\n", 'prev_fired = []\n\n[[attacks]]\nhex = "2334"\nunits = ["I3"]\n')
    assert found(tmp_path, five, attack) == ([], {})
    eight = "r21-bombard-eight-british-attacker-lost-off-map.toml"
    rules, why = found(tmp_path, eight)
    assert rules == [] and "X2" in why["IM 10.24"]
    # X2's hex recorded: 4 at 2335, 4 at 2336 is legal; a ninth unit in 2338 is one too many
    known = ('hex = "axis-eliminated"', 'hex = "axis-eliminated"\nprevious = "2336"')
    assert found(tmp_path, eight, known) == ([], {})
    ninth = ('[[units]]\nid = "R8"', '[[units]]\nid = "R9"\nside = "allied"\nhex = "2338"\nstatus = ["fired"]\n'
             'type = "field-artillery"\nvalues = {attack = 0, defense = 1, movement = 3, stacking = 1, er = 4, '
             'fire = 4, range = 4}\n\n[[units]]\nid = "R8"')
    assert found(tmp_path, eight, known, ninth)[0] == ["IM 10.24"]


def test_bombardment_with_an_attacker_off_the_map_is_not_judged_not_a_crash(tmp_path):
    """10.23: the inactive side's only possible target is an attacker standing in a convoy box (no
    map hex): 10.24 not judged (it crashed with min() of an empty list)."""
    rules, why = found(tmp_path, "r21-bombard-attacker-in-convoy-box.toml")
    assert rules == [] and "X1" in why["IM 10.24"]


def test_coast_artillery_at_invaders_is_added_beyond_the_four(tmp_path):
    """16.33C: a coast artillery unit joins four British field artillery units at the invasion hex
    2140 as an addition: legal; a fifth field artillery unit instead is one too many (10.24)."""
    coast = "r21-bombard-four-field-one-coast-invaders.toml"
    assert found(tmp_path, coast) == ([], {})
    assert found(tmp_path, coast, ('type = "coast-artillery"', 'type = "field-artillery"'))[0] == ["IM 10.24"]


def test_bombardment_without_prev_fired_is_named_not_judged(tmp_path):
    """10.24: without prev_fired a Fired marker may be an earlier phase's: not judged, not silent."""
    five = "r20-bombard-five-british-artillery-one-hex.toml"
    rules, why = found(tmp_path, five, ("prev_fired = []\n", ""))
    assert rules == [] and "prev_fired" in why["IM 10.24"]


def test_sudden_death_reads_the_scenario_number_not_a_year(tmp_path):
    """19.21: G1 alone in Cospicua (2933) since GT3's end, GT4's Weather Phase: found whether the
    scenario is the kit's id, "Scenario 2 (Herkules)", or free text with a year ("Malta 1942" no
    longer reads as scenario 1942: every listed hex on the island counts); a scenario number the
    list lacks is named not judged (round 23: one the rulebook lacks, "Scenario 7", is refused)."""
    cospicua = "r20-malta-turn-after-cospicua.toml"
    for name in ("Scenario 2", "Scenario 2 (Herkules)", "Malta 1942", "Operation Herkules 1942"):
        assert found(tmp_path, cospicua, ('scenario = "Scenario 3"', f'scenario = "{name}"'))[0] == ["IM 19.21"], name
    rules, why = found(tmp_path, cospicua, ("er = 5}", 'er = 5}\n\n[rules]\nim_sudden_death_hexes = "4:L2706"'))
    assert rules == [] and "s3" in why["IM 19.21"]
    with pytest.raises(InputError, match="Scenario 7"):
        found(tmp_path, cospicua, ('scenario = "Scenario 3"', 'scenario = "Scenario 7"'))


def test_sudden_death_is_judged_at_weather_phase_ends_only(tmp_path):
    """19.21 is judged at a Weather Phase end (the last turn's end board): its rule applies there
    and not at the Victory Conditions Phase's end (both phases are of kind "other"), so a log
    ending in a Victory Conditions Phase does not name it as judged at that phase's end."""
    text = (DATA / "r20-malta-turn-after-cospicua.toml").read_text(encoding="utf-8")
    f = tmp_path / "v.toml"
    f.write_text(text.replace('phase = "weather"', 'phase = "victory"'), encoding="utf-8")
    weather, victory = load_position(str(DATA / "r20-malta-turn-after-cospicua.toml")), load_position(str(f))
    rule = next(r for r in ruleset_for(weather.game).rules() if r.id == "IM 19.21")
    assert rule.when.applies(weather) and not rule.when.applies(victory)
    assert "weather" in rule.when.describe()


def test_no_kg_paradrops_without_an_airhead_of_its_nationality(tmp_path):
    """15.2 intro, 15.21: all six KGs dropped from their boxes in GT1's Airborne Operations Phase
    with the German airhead in 1530: legal; with no Airhead marker on the map at the phase end, or
    only an Italian one, the German KGs' drop is found; judged at the phase end only (in the
    Movement Phase the drop is out of its phase, 15.21: round rulepos29)."""
    six = "r20-kg-all-six-dropped-gt1.toml"
    assert found(tmp_path, six) == ([], {})
    none = (('markers = ["airhead"]\n', ''), ('airheads = {"1530" = "german"}\n', ''))
    assert set(found(tmp_path, six, *none)[0]) == {"IM 15.2"}
    assert set(found(tmp_path, six, ('airheads = {"1530" = "german"}', 'airheads = {"1530" = "italian"}'))[0]) \
        == {"IM 15.2"}
    assert set(found(tmp_path, six, *none, ('phase = "airborne"', 'phase = "movement"'))[0]) == {"IM 15.21"}


def test_supply_is_judged_on_a_map_without_sources_once_markers_were_in_use(tmp_path):
    """6.12, 6.31, 15.21: Night Supply Status Phase, "Leros convoy unit 1" in 2605 without an OoS
    marker. With the beachhead in 2604: legal. With no source marker on the map: not judged when
    the record never showed one (its reason no longer says a player may keep them off the map), a
    6.12 finding when one was seen before (source_markers_seen, or an airhead in prev_airheads):
    the unit then has no source to trace to."""
    night = "r20-leros-night-supply-own-beachhead.toml"
    assert found(tmp_path, night) == ([], {})
    gone = (('[[hexes]]\nhex = "2604"\nmarkers = ["Beachhead"]\n', ''), ('beachheads = {"2604" = "O"}\n', ''))
    rules, why = found(tmp_path, night, *gone)
    assert rules == [] and "none was seen" in why["IM 6.12"]
    assert found(tmp_path, night, *gone, ('time = "night"\n', 'time = "night"\nsource_markers_seen = true\n'))[0] \
        == ["IM 6.12"]
    # the airhead gone outside the Recovery Phase is 15.22's finding too
    assert found(tmp_path, night, *gone, ('time = "night"\n', 'time = "night"\nprev_airheads = ["2604"]\n'))[0] \
        == ["IM 6.12", "IM 15.22"]


def test_a_storm_night_mission_is_one_finding_for_one_aircraft(tmp_path):
    """11.23, 11.14: the Ju88 on a map hex in a Storm turn is 11.14's finding; on a Storm Night
    turn it is 11.23's alone (one aircraft, one finding)."""
    storm = "r20-leros-storm-ju88-bombardment.toml"
    assert found(tmp_path, storm)[0] == ["IM 11.14"]
    assert found(tmp_path, storm, ('time = "am"', 'time = "night"'))[0] == ["IM 11.23"]


def test_sudden_death_counts_from_the_scenarios_first_turn():
    """19.21, 4.22: a scenario's first turn follows no turn end of the game, so its Weather Phase
    shows no sudden death even with the Axis alone in Cospicua: the scenario's own first turn is
    read (a scenario starting at GT4), not only the sequence's."""
    from dataclasses import replace
    pos = load_position(str(DATA / "r20-malta-turn-after-cospicua.toml"))
    rules = ruleset_for(pos.game)
    assert [f.rule for f in rules.check(pos)] == ["IM 19.21"]
    pos.scenario_data = replace(pos.scenario_data, first_turn=pos.turn)
    assert [f.rule for f in rules.check(pos)] == []


def test_fire_from_zoc_without_prev_fired_is_named_not_judged(tmp_path):
    """10.12: without prev_fired a Fired marker may be an earlier phase's: 10.12 named not judged
    (it returned nothing, silently)."""
    rules, why = found(tmp_path, "r20-bombard-five-british-artillery-one-hex.toml", ("prev_fired = []\n", ""))
    assert "prev_fired" in why["IM 10.12"]
