"""Review rv-t25 items 5-7: an automatic victory (OM 22.1, NA41 26.1.1/26.1.2) is a note, never a partial
check; Scenario 3 does not use 4/I/1 and the two Vogel units (OM 14.3), and a unit left in its wave box
is not placed; IM 11.52's before-draw check includes the Strategic Segment's Bombardment Phase (4.21 A)."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from rules_util import POSITIONS, edited_rulebook_position, rulebook_verdict
from vmodgen.commands.check import command


def checked(tmp_path: Path, game_dir: str, name: str, *edits: tuple[str, str], strict: bool = False):
    """(exit code, JSON report) of ``vmodgen check --json`` on a rulebook position with ``edits``."""
    f = edited_rulebook_position(game_dir, tmp_path, name, *edits)
    r = CliRunner().invoke(command, [str(f), "--json", *(["--strict"] if strict else [])], standalone_mode=False)
    assert r.exception is None, r.output
    return r.return_value, json.loads(r.output)


def test_om_22_1_victory_is_a_note_not_partial(tmp_path):
    """22.1: Scenario 6, end of GT12, no German unit on an airfield: exit 0 with --strict, not partial, a
    note that the game ends here; at GT11 or with Koch on Maleme airfield (W4415), no note."""
    name = "r31-gt12-end-no-german-on-airfield.toml"
    code, report = checked(tmp_path, "operation_mercury", name, strict=True)
    assert code == 0 and not report["partial"] and report["not_judged"] == []
    assert [n for n in report["notes"] if n.startswith("OM 22.1") and "the game ends here by 22.1" in n]
    for edit in (("turn = 12", "turn = 11"), ('hex = "W4313"', 'hex = "W4415"')):
        assert checked(tmp_path, "operation_mercury", name, edit)[1]["notes"] == [], edit


def test_om_22_1_note_in_text(tmp_path):
    """The text report says the note and "legal", not "partial"."""
    f = tmp_path / "p.toml"
    f.write_text((POSITIONS / "rulebook" / "operation_mercury" / "r31-gt12-end-no-german-on-airfield.toml")
                 .read_text(encoding="utf-8"), encoding="utf-8")
    r = CliRunner().invoke(command, [str(f), "--strict"], standalone_mode=False)
    assert r.return_value == 0 and "note: OM 22.1:" in r.output and ": legal (" in r.output
    assert "partial" not in r.output and "not judged" not in r.output


def test_na41_26_1_victory_is_a_note_conditioned_on_full_supply(tmp_path):
    """26.1.1: an Axis combat unit in Alexandria at the end of the Allied Supply Phase: a note, not partial;
    its OOS marker is the Axis Supply Phase's (16.1), so a marked unit gets the same note, worded "if in
    full supply", never "in full supply (no OOS marker)". 26.1.2 likewise in El Agheila; at the other
    side's Supply Phase or in a Movement Phase, no note."""
    alex = "r31-axis-in-alexandria-end-of-allied-supply.toml"
    for name in (alex, "r31-axis-in-alexandria-out-of-supply.toml"):
        code, report = checked(tmp_path, "north_africa_41", name, strict=True)
        assert code == 0 and not report["partial"], name
        (note,) = [n for n in report["notes"] if n.startswith("NA41 26.1.1")]
        assert "if in full supply" in note and "no OOS marker" not in note
    report = checked(tmp_path, "north_africa_41", "r31-allied-in-el-agheila-end-of-axis-supply.toml", strict=True)[1]
    assert not report["partial"] and any(n.startswith("NA41 26.1.2") for n in report["notes"])
    for edit in (('phase = "i2-allied-supply"', 'phase = "i2-axis-supply"'),
                 ('phase = "i2-allied-supply"', 'phase = "i2-allied-movement"')):
        assert checked(tmp_path, "north_africa_41", alex, edit)[1]["notes"] == [], edit


def test_scenario_3_does_not_use_4_I_1_or_the_vogel_units(tmp_path):
    """14.3「4/I/1と2つのVogelユニットを除く全ての予備波ユニットは…落下傘降下によって到着する」: in Scenario 3,
    4/I/1 (or a Vogel unit) dropped in W4313 is found under OM 14.3; in Scenario 6 it is not."""
    name = "r31-scn5-reserve-4-I-1-paradrops.toml"
    scn3 = ('scenario = "scn5"', 'scenario = "scn3"')
    rules, _ = rulebook_verdict("operation_mercury", tmp_path, name, scn3)
    assert "OM 14.3" in rules
    rules, _ = rulebook_verdict("operation_mercury", tmp_path, name, scn3, ('unit = "4/I/1"', 'unit = "G-Vogel-1"'))
    assert "OM 14.3" in rules
    rules, _ = rulebook_verdict("operation_mercury", tmp_path, name, ('scenario = "scn5"', 'scenario = "scn6"'))
    assert "OM 23.3" not in rules


def test_a_unit_left_in_its_wave_box_is_not_placed(tmp_path):
    """23.2 / 14.3: 4/I/1 still in the German Reserve Wave box (its box) is left unused, not placed: no
    finding in Scenario 5 or Scenario 3."""
    name = "r31-scn5-reserve-4-I-1-paradrops.toml"
    boxed = (('hex = "W4313"', 'hex = "german-reserve-wave"'), ('previous = "german-reserve-wave"\n', ""))
    assert "OM 23.2" not in rulebook_verdict("operation_mercury", tmp_path, name, *boxed)[0]
    assert "OM 14.3" not in rulebook_verdict("operation_mercury", tmp_path, name, *boxed,
                                             ('scenario = "scn5"', 'scenario = "scn3"'))[0]


def test_im_11_52_strategic_bombardment_phase_is_before_the_draws(tmp_path):
    """4.21 A: 天候, 航空準備, 砲爆撃フェイズ—航空と海上のみ, AAリセット, then B's draws: an air unit on a German HQ
    in the Strategic Segment's Bombardment Phase stayed from the last turn (11.52): found."""
    rules, _ = rulebook_verdict("invasion_malta", tmp_path, "r31-cas-air-unit-on-hq-next-turn-weather.toml",
                                ('phase = "weather"', 'phase = "strategic-bombardment"'))
    assert rules == ["IM 11.52"]
