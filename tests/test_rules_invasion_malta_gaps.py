"""Invasion: Malta rules closed in the imgaps round: one 8.14 finding per move into an enemy hex, the
slope named in an 8.13 finding (8.36), the odds floor (9.12), the lead unit (9.13), who may attack
(9.15, 3.34, 12.14), drift combat (15.61) and Leros' missing sectors (4.51, 4.52), read through
``vmodgen check`` on the rulebook positions (text and JSON, as a player reads them)."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from vmodgen.commands.check import command

DATA = Path(__file__).resolve().parent / "data" / "positions" / "rulebook" / "invasion_malta"


def check(name: str, *args: str) -> tuple[int, str]:
    r = CliRunner().invoke(command, [str(DATA / f"{name}.toml"), *args], standalone_mode=False)
    assert r.exception is None, r.output
    return r.return_value, r.output


def report(name: str) -> dict:
    return json.loads(check(name, "--json")[1])


def test_move_into_enemy_hex_is_one_finding_naming_the_move():
    """IM 8.14: A1 moves 2218 → 2219, which holds Allied B1: one finding (before, the hex rule and the
    move check each gave one), naming the move and the enemy unit."""
    fs = report("unit-enters-enemy-hex")["findings"]
    assert [f["rule"] for f in fs] == ["IM 8.14"]
    assert "A1 moved 2218 → 2219" in fs[0]["message"] and "B1" in fs[0]["message"]
    assert sorted(fs[0]["units"]) == ["A1", "B1"] and fs[0]["hexes"] == ["2219"]


def test_move_through_enemy_hex_is_the_moves_finding():
    """IM 8.14: a hex passed through (2019) is found by the move check; the end hex holds no enemy."""
    fs = report("unit-passes-through-enemy-hex")["findings"]
    assert [f["rule"] for f in fs].count("IM 8.14") == 1
    assert "2019 holds enemy combat units" in next(f["message"] for f in fs if f["rule"] == "IM 8.14")


def test_uphill_move_names_the_slope():
    """IM 8.13 with 8.36: MA 1 across the uphill slope 3116 → 3115 (clear 1 + slope 1) names the slope's
    +1; downhill with MA 1 is legal, uphill with MA 2 is legal."""
    code, out = check("slope-uphill-ma-one")
    assert code == 1 and "+1 for the uphill slope, 8.36" in out and "needs 2 movement points" in out
    assert check("slope-uphill-ma-two")[0] == 0 and check("slope-downhill-ma-one")[0] == 0


def test_odds_floor_reads_for_a_player():
    """IM 9.12: 2 to 9 is found with both totals and the units; 2 to 8 (exactly 1:4) is legal."""
    fs = report("odds-below-one-to-four")["findings"]
    assert [f["rule"] for f in fs] == ["IM 9.12"]
    assert "2 to 9" in fs[0]["message"] and "below 1:4" in fs[0]["message"]
    assert check("odds-one-to-four-exact")[0] == 0


def test_lead_unit_names_the_active_formation_or_sector():
    """IM 9.13: the finding says who could have led: the active formation for the Axis, the active
    sector (by its name) for the Allies."""
    assert "active formation (7)" in report("lead-inactive-formation-alone")["findings"][0]["message"]
    assert "active sector (South sector)" in report("lead-allied-outside-active-sector")["findings"][0]["message"]


def test_leros_allied_moves_are_not_judged_by_sector():
    """IM 4.51: Leros has no sector in the rulebook: an Allied move there is not judged (never silently
    passed); stated in the position, it is judged."""
    r = report("leros-allied-moves-no-sector")
    assert r["partial"] and r["findings"] == [] and any("IM 4.51" in n and "Leros" in n for n in r["not_judged"])
    code, out = check("leros-allied-moves-no-sector")
    assert code == 0 and "not judged: IM 4.51" in out and "partial: no findings" in out
    assert check("leros-allied-moves-sector-stated", "--strict")[0] == 0


def test_drift_combat_joiner_named_with_its_hex():
    """IM 15.61: A1 attacking the drift hex 1520 from 1521 is named with the hex it attacked from."""
    fs = report("drift-combat-joined-from-adjacent")["findings"]
    assert [f["rule"] for f in fs] == ["IM 15.61"] and fs[0]["units"] == ["A1"] and "from 1521" in fs[0]["message"]


def test_who_may_attack():
    """IM 9.15, 3.34 (15.63), 12.14: an attacker with 0 attack, one under an Excess marker (in a drift
    combat too) and an attack by artillery alone are found, each naming the unit; artillery with
    infantry is legal."""
    fs = report("zero-attack-unit-attacks")["findings"]
    assert [(f["rule"], f["units"]) for f in fs] == [("IM 9.15", ["A1"])]
    fs = report("drift-combat-excess-unit-attacks")["findings"]
    assert [(f["rule"], f["units"]) for f in fs] == [("IM 3.34", ["X4"])] and "15.63" in fs[0]["message"]
    assert [f["rule"] for f in report("artillery-alone-attacks")["findings"]] == ["IM 12.14"]
    assert check("artillery-with-infantry-attacks")[0] == 0
