"""Round rulepos28: the rules its rulebook positions found unchecked (2.2.3 pools, 8.9.2 Auto DS
markers after combat, 10.4.1 remnants, 13.1.1-13.1.3 the marker a retreat leaves, 15.1 breakthrough
results): each ``r28-*`` position of ``tests/data/positions/rulebook/north_africa_41`` gives its
``# expect:`` verdict, and the legal twins differ from the illegal ones in one marker or place."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulepos_util import assert_expected, verdict
from vmodgen.commands.check import command

DATA = Path(__file__).resolve().parent / "data" / "positions" / "rulebook" / "north_africa_41"
FILES = sorted(DATA.glob("r28-*.toml"))


def test_rulepos28_positions_written():
    assert len(FILES) >= 15


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_rulepos28_positions(path: Path):
    """Each position's verdict is its header's (legal: no finding, not partial)."""
    assert_expected(path)


def test_rulepos28_retreat_marker_twins(tmp_path):
    """13.1.2: the DR2 retreat of a Good Order unit with a Full Retreat marker is a finding; the same
    position with the Disrupted marker is legal."""
    src = (DATA / "r28-dr2-retreat-marked-full-retreat.toml").read_text(encoding="utf-8")
    assert "NA41 13.1.2" in verdict(DATA / "r28-dr2-retreat-marked-full-retreat.toml")[1]
    twin = tmp_path / "twin.toml"
    twin.write_text(src.replace('status = ["Full Retreat"]', 'status = ["Disrupted"]'), encoding="utf-8")
    assert verdict(twin)[:2] == (0, [])


def report(path: Path) -> dict:
    r = CliRunner().invoke(command, [str(path), "--json"], standalone_mode=False)
    return json.loads(r.output)


ODDS_INLINE = """[position]
game = "north-africa-41"
turn = 6
phase = "Impulse 1: Axis Combat Phase"

[[units]]
id = "X1"
side = "axis"
type = "infantry"
hex = "2020"
values = {defense = 3, movement = 3, stacking = 1}

[[units]]
unit = "20/9 Aus"
hex = "2021"

[[attacks]]
hex = "2021"
units = ["X1"]
"""


def test_odds_floor_not_judged_without_an_attack_value(tmp_path):
    """8.8.3 (review rv-rp28 item 4): the Axis attacker X1 in 2020 has no attack value, attacking
    20/9 Aus in 2021 in the Axis Combat Phase: the odds are not judged (before, X1 counted 0 attack
    factors and the attack was found below 1:3); with an attack value written as 0 it is found."""
    path = tmp_path / "odds.toml"
    path.write_text(ODDS_INLINE, encoding="utf-8")
    got = report(path)
    assert [f["rule"] for f in got["findings"]] == [] and got["partial"]
    assert any(n.startswith("NA41 8.8.3") and "X1" in n for n in got["not_judged"])
    path.write_text(ODDS_INLINE.replace("values = {defense", "values = {attack = 0, defense"), encoding="utf-8")
    assert "NA41 8.8.3" in [f["rule"] for f in report(path)["findings"]]


def test_odds_floor_rests_on_the_attack_and_the_defence():
    """8.8.3: the finding rests on the attackers' attack and the defenders' defence only (not the
    defenders' attack nor the attackers' defence)."""
    (f,) = [f for f in report(DATA / "r28-attack-below-one-to-three.toml")["findings"] if f["rule"] == "NA41 8.8.3"]
    items = [i for x in f["illustrative"] for i in x["items"]]
    assert "the attack of Italian Inf Remnant" in items and "the defense of 20/9 Aus" in items
    assert not any(i.startswith("the attack of 2") or i == "the defense of Italian Inf Remnant" for i in items)


def test_retreat_marker_not_judged_without_the_state_before(tmp_path):
    """13.1.2/13.1.3 (review rv-rp28 item 7): 24/9 Aus retreated 2021 → 2023 after a DR2 result at the
    end of the Axis Combat Phase and is in Full Retreat: right if it was Disrupted before (13.1.3), a
    finding if it was in Good Order (13.1.2). With no na41_status_before it is named not judged (before:
    silent); during the phase (at = "during") its marker may not be placed yet: nothing is found."""
    src = (DATA / "r28-dr2-retreat-marked-full-retreat.toml").read_text(encoding="utf-8")
    path = tmp_path / "unknown.toml"
    path.write_text(src.replace('na41_status_before = {"24/9 Aus" = [], Brescia = []}\n', ""), encoding="utf-8")
    got = report(path)
    assert [f["rule"] for f in got["findings"]] == []
    assert any(n.startswith("NA41 13.1.3") and "24/9 Aus" in n for n in got["not_judged"])
    during = tmp_path / "during.toml"
    during.write_text(src.replace('status = ["Full Retreat"]', "status = []")
                      .replace('phase = "Impulse 1: Axis Combat Phase"', 'phase = "Impulse 1: Axis Combat Phase"\nat = "during"'),
                      encoding="utf-8")
    assert "NA41 13.1.2" not in [f["rule"] for f in report(during)["findings"]]


def test_conversion_done_at_the_end_of_turn_ten_preparation(tmp_path):
    """20.4.2 (review rv-rp28 item 8): 「ターン10の準備フェイズに、第５軽師団は第 21 装甲師団になります」: during
    turn 10's Preparation Phase 2 MG Bn (5th Light) in 1503 may still stand beside 5 Pz Rgt (21 Pz) in
    1604 (legal); at the phase's end it is a finding (before: the whole phase was skipped)."""
    src = (DATA / "r28-conversion-during-turn-ten-preparation.toml").read_text(encoding="utf-8")
    assert verdict(DATA / "r28-conversion-during-turn-ten-preparation.toml")[:2] == (0, [])
    end = tmp_path / "end.toml"
    end.write_text(src.replace('phase = "During the Preparation Phase"\nat = "during"', 'phase = "Preparation Phase"'),
                   encoding="utf-8")
    code, rules, _ = verdict(end)
    assert code == 1 and "NA41 20.4.2" in rules
