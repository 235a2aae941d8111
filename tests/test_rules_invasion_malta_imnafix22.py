"""Invasion: Malta positions of the review of imfix14 / rpfix28 (imnafix22): which AA may turn Fired
in the Airborne Operations Phase (11.36 with 15.34). Each case is the rulebook position
``r28-aa-flipped-fired-outside-attack-target.toml`` (GT3, end of the Axis activation's Airborne
Operations Phase: E/74, Allied light AA of range 2, in 1530 turned Fired, under no Attack Target
marker) with one thing changed."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulepos_util import verdict
from vmodgen.commands.check import command

DATA = Path(__file__).resolve().parent / "data" / "positions" / "rulebook" / "invasion_malta"
BASE = DATA / "r28-aa-flipped-fired-outside-attack-target.toml"


def _twin(tmp_path: Path, name: str, *swaps: tuple[str, str]) -> Path:
    text = BASE.read_text(encoding="utf-8")
    for old, new in swaps:
        assert old in text
        text = text.replace(old, new)
    out = tmp_path / f"{name}.toml"
    out.write_text(text, encoding="utf-8")
    return out


def _findings(path: Path) -> list[str]:
    r = CliRunner().invoke(command, [str(path), "--json"], standalone_mode=False)
    return [f["message"] for f in json.loads(r.output)["findings"]]


def _not_judged(path: Path) -> list[str]:
    r = CliRunner().invoke(command, [str(path), "--json"], standalone_mode=False)
    return json.loads(r.output)["not_judged"]


def test_aa_fired_at_a_drop_within_its_range_is_legal():
    """5/3 paradropped into 1532, two hexes from E/74 (range 2): 15.34 「連合軍のAAユニット（全タイプ）
    は、射程内の全ての枢軸軍降下ヘクスにAA射撃を実施する…全ての落下傘降下が完了するまで…射撃済に裏返さない」
    turns it Fired though under no Attack Target marker (11.36's exception): legal."""
    assert verdict(BASE) == (0, [], False)


def test_aa_turned_fired_with_no_drop_this_phase_is_11_36(tmp_path):
    """No unit paradropped this phase (5/3 stood in 1532 before it, ``prev_hexes``) and no Drop Hex
    marker: 15.34 excuses nothing, and 11.36 「攻撃目標マーカーの下にある場合にのみ、AA ユニットを射撃済へ
    裏返す」 is found (rpfix28 passed any AA turned Fired in this phase)."""
    path = _twin(tmp_path, "no-drop", ('previous = "axis-paradrop-kg1"\n', ""),
                 ("\nprev_fired = []", '\nprev_fired = []\nprev_hexes = {"5/3" = "Malta 1532", "E/74" = "Malta 1530"}'))
    code, rules, _ = verdict(path)
    assert code == 1 and rules == ["IM 11.36"]


@pytest.mark.parametrize("drop, found", [("1424", ["IM 11.36"]), ("1531", [])], ids=["far", "near"])
def test_a_drop_hex_marker_is_a_drop(tmp_path, drop, found):
    """No unit landed yet (5/3 still in its KG box), and the one Drop Hex marker (15.31) lies in
    1424, seven hexes from E/74: beyond its range of 2, so it fired at no drop (15.34): IM 11.36,
    naming the marker. In 1531, next to it: no 11.36 (the KG box unit and the far marker bring 15.14
    and 15.32 verdicts of their own, not this test's)."""
    path = _twin(tmp_path, f"marker-{drop}", ('previous = "axis-paradrop-kg1"\n', ""),
                 ('unit = "5/3"\nhex = "Malta 1532"', 'unit = "5/3"\nhex = "axis-paradrop-kg1"'),
                 ('markers = ["Airhead"]', f'markers = ["Airhead"]\n\n[[hexes]]\nhex = "Malta {drop}"\nmarkers = ["Drop Hex"]'))
    code, rules, partial = verdict(path)
    assert [r for r in rules if r == "IM 11.36"] == found
    assert not any(w.startswith("IM 11.36") for w in _not_judged(path))
    if found:
        assert "Drop Hex marker (1424) lies beyond its range of 2" in _findings(path)[0]


def test_aa_with_landed_units_only_beyond_its_range_is_not_judged(tmp_path):
    """5/3 landed in 1424, seven hexes from E/74, and no Drop Hex marker is left: the drop hex it
    fired at is where the units drifted from by the diagram printed on the map (15.41, 15.42), which
    the kit does not hold, and the marker goes once the KG drifted (15.31): IM 11.36 named not
    judged, never a silent legal (rpfix28)."""
    path = _twin(tmp_path, "landed-far", ('unit = "5/3"\nhex = "Malta 1532"', 'unit = "5/3"\nhex = "Malta 1424"'))
    code, rules, partial = verdict(path)
    assert (code, rules, partial) == (0, [], True)
    [said] = _not_judged(path)
    assert said.startswith("IM 11.36: E/74 turned Fired") and "drifted from by the diagram" in said



AVAILABLE_TO_COAST = '''
[position]
game = "invasion-malta"
scenario = "Scenario 4"
turn = 2
phase = "{phase}"
side = "Axis"

[state]
time = "am"
weather = "good"
active = "O"
prev_hexes = {{"Leros convoy unit 2" = "leros-iz-east-available"}}

[[units]]
unit = "Leros convoy unit 2"
hex = "Leros {at}"
status = ["landed"]
'''


@pytest.mark.parametrize("phase, at, found, partial", [
    ("Movement Phase", "2605", ["IM 16.33"], False),
    ("Combat Declaration Phase", "2704", [], True),
    ("Combat Declaration Phase", "1309", ["IM 16.33"], False),
], ids=["movement-coast", "declaration-coast", "declaration-far"])
def test_available_box_unit_outside_its_zone_with_no_move_stated(tmp_path, phase, at, found, partial):
    """Leros, GT2: Leros convoy unit 2 stood in the East zone's Available box at the previous phase
    end (``prev_hexes``; no ``previous``: no move stated) and now stands outside the zone. At the end
    of a Movement Phase that is a placement off the zone's invasion hexes (16.33A
    「移動フェイズ中、ユニットを使用可能ボックスからその侵攻ゾーン内の望むヘクス上に移動させる」; a landing,
    16.33E, is a Combat Phase's): IM 16.33 (imfix14 named it not judged). In a later phase, on
    L2704 next to the invasion hexes L2703 and L2804, it may have been placed on the invasion hex and have landed
    (16.33E) with no drag recorded: not judged. On L1309, four hexes and more from every East
    invasion hex, no placement and landing reach it: IM 16.33 (imfix14: not judged)."""
    path = tmp_path / "available.toml"
    path.write_text(AVAILABLE_TO_COAST.format(phase=phase, at=at), encoding="utf-8")
    _, rules, got_partial = verdict(path)
    assert [r for r in rules if r == "IM 16.33"] == found
    assert any(w.startswith("IM 16.33") for w in _not_judged(path)) == partial
