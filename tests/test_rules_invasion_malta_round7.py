"""Invasion: Malta, round 7 of the rulebook positions: the rules whose code changed, each checked on
its rulebook position files (``tests/data/positions/rulebook/invasion_malta``) through
``vmodgen check``, both sides of each edge in one test."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from vmodgen.commands.check import command

DATA = Path(__file__).resolve().parent / "data" / "positions" / "rulebook" / "invasion_malta"


def check(name: str) -> tuple[list[str], list[str]]:
    """The rules of the findings and the not-judged notes of a rulebook position."""
    r = CliRunner().invoke(command, [str(DATA / f"{name}.toml"), "--json"], standalone_mode=False)
    assert r.exception is None, r.output
    doc = json.loads(r.output)
    return [f["rule"] for f in doc["findings"]], doc["not_judged"]


def test_invader_only_in_its_own_activation():
    """IM 15.52, 16.33, 4.42: an Axis unit on an invasion hex is invading in the Axis activation
    (side moving, or the Allied player reacting), not in an Allied one; unknown: not judged."""
    assert "IM 15.52" in check("invader-in-allied-activation-movement")[0]
    assert "IM 15.52" in check("invader-in-allied-activation-combat")[0]
    for name in ("invader-in-axis-activation-movement", "invader-reaction-by-allied-player"):
        rules, notes = check(name)              # 16.32: the weather is not stated on GT3 (round 24)
        assert rules == [] and [n.split(":")[0] for n in notes] == ["IM 16.32"], notes
    rules, notes = check("invader-activation-unknown")
    assert rules == [] and any(n.startswith("IM 15.52") for n in notes)


def test_armour_pass_judged_at_the_moment_of_the_move():
    """IM 3.33: a tank that did not move blocks a pass; one that moved may have come after (the
    position does not order moves): not judged, never found on its final place."""
    assert "IM 3.33" in check("armour-passes-through-standing-tank")[0]
    rules, notes = check("armour-passes-tank-that-moved-in")
    assert rules == [] and any(n.startswith("IM 3.33") for n in notes)
    assert check("armour-passes-hex-another-tank-left") == ([], [])


def test_naval_units_only_on_all_sea_hexes_at_night():
    """IM 17.61: not on land, not on an invasion hex, not coming onto the map by day; one that came
    at Night stays until it fires (17.63); where it stood before unknown: not judged."""
    for name in ("naval-unit-on-invasion-hex", "naval-unit-on-land", "naval-unit-on-map-am-turn"):
        assert "IM 17.61" in check(name)[0], name
    assert check("naval-unit-on-all-sea-hex") == ([], [])
    assert check("naval-unit-stays-am-turn-unfired") == ([], [])
    rules, notes = check("naval-unit-on-map-am-turn-history-unknown")
    assert rules == [] and any(n.startswith("IM 17.61") for n in notes)


def test_paradropped_artillery_on_enemy_units():
    """IM 15.52: artillery landing on enemy combat units without another friendly unit type."""
    assert "IM 15.52" in check("paradrop-artillery-alone-on-enemy")[0]
    assert "IM 15.52" in check("paradrop-two-artillery-on-enemy")[0]
    assert check("paradrop-artillery-with-infantry-on-enemy") == ([], [])


def test_bombardment_eligibility():
    """IM 10.12: disrupted or not activated artillery that fired in the Bombardment Phase; the
    inactive player's artillery bombards too, after the active player (10.11, 10.23)."""
    for name in ("artillery-fired-disrupted", "artillery-fired-other-formation"):
        assert "IM 10.12" in check(name)[0], name
    assert check("artillery-fired-army-with-marker") == ([], [])
    assert check("artillery-fired-allied-in-axis-activation") == ([], [])
    assert check("artillery-fired-inactive-at-attacker-hex") == ([], [])


def test_reaction_phase_and_side():
    """IM 9.2: reaction only in the Reaction Movement Phase, by the inactive player."""
    assert "IM 9.2" in check("reaction-in-movement-phase")[0]
    assert "IM 9.2" in check("reaction-by-active-side")[0]
    rules, notes = check("reaction-no-attack-recorded")
    assert rules == [] and any(n.startswith("IM 9.2") for n in notes)


def test_weather_fixed_by_the_book():
    """IM 8.43 with 5.13, 7.12: Good weather on GT1 and in Scenarios 2-3, whatever is stated."""
    assert check("scenario-gt1-weather-always-good") == ([], [])
    assert check("scenario-s3-gt4-windy-stated") == ([], [])
    assert "IM 8.43" in check("scenario-s4-gt4-windy-paradrop")[0]


def test_allied_unit_without_nationality_is_british():
    """The kit's first Allied nationality is British: an inline Allied unit keeps no Disrupted
    marker out of enemy ZOC (3.84) and may use the motor pool (18.13)."""
    assert "IM 3.84" in check("recovery-allied-inline-unit-is-british")[0]
    assert check("scenario-s1-motor-pool-pm") == ([], [])


def test_motor_pool_off_road_without_a_path_says_why():
    """IM 8.33, 18.14: a motor-pool move 1210 -> 1311 (off the road), no path stated (as in a log):
    the finding says the motor pool keeps to the roads, not a movement-point bound."""
    r = CliRunner().invoke(command, [str(DATA / "motor-pool-off-road-no-path.toml"), "--json"], standalone_mode=False)
    found = json.loads(r.output)["findings"]
    assert [f["rule"] for f in found] == ["IM 8.33"]
    assert "keeps to the roads (18.14)" in found[0]["message"] and "or less" not in found[0]["message"]
