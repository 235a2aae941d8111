"""Round 4 of real play recorded in real VASSAL 3.7.26 (``tests/data/recorded``, README there,
``record4.py``): Invasion: Malta's Leros 1943 scenario over three turns (an amphibious invasion)
and messy Operation Mercury play (Next pressed twice then Prev, a move undone then made again,
the opponent's unit dragged, chat in German). Each finding is checked against
``../shared/rules`` and the Japanese rulebook; each silence is a listed "not judged"."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from bundled_module_util import bundled_module
from vmodgen.commands.audit import command

DATA = Path(__file__).parent / "data" / "recorded"


@pytest.fixture(scope="module")
def im(tmp_path_factory):
    return bundled_module("invasion-malta", tmp_path_factory, "rec4-im").module


@pytest.fixture(scope="module")
def om(tmp_path_factory):
    return bundled_module("operation-mercury", tmp_path_factory, "rec4-om").module


def _reports(module: Path, name: str, tmp_path: Path) -> tuple[str, dict, str]:
    """The text, JSON and HTML reports of ``name``, from the audit command (its exit status on
    findings is set by ``vmodgen``'s entry point, not by the command run alone)."""
    log = str(DATA / f"{name}.vlog")
    text = CliRunner().invoke(command, ["--module", str(module), log])
    doc = CliRunner().invoke(command, ["--module", str(module), "--format", "json", log])
    html = tmp_path / f"{name}.html"
    page = CliRunner().invoke(command, ["--module", str(module), "--format", "html", "-o", str(html), log])
    assert (text.exit_code, doc.exit_code, page.exit_code) == (0, 0, 0), text.output + doc.output
    return text.output, json.loads(doc.output), html.read_text()


def _found(doc: dict) -> list[tuple]:
    return [(f["rule"], f["step"], f["turn"], f["phase"], f["hexes"], f["units"]) for f in doc["findings"]]


def test_leros_amphibious_invasion(im, tmp_path):
    """im-leros, Scenario 4 (Leros 1943), GT1: the six-unit convoy goes to the East zone's
    Available box (Naval Transport Phase); in the Movement Phase five units (2 SP each) are placed
    on invasion hex L2703 and one on L2804. JP 16.33A: units go from the Available box onto the
    zone's invasion hexes in the Movement Phase, at most 9 SP a hex: the fifth unit (step 19)
    breaks IM 16.33 at L2703 (10 SP). Units on an invasion hex are not in the sea of 15.52 (a
    paradrop onto one is) in their own side's activation, which a log does not record: no 15.52
    finding, 15.52 not judged, and no 3.32 for the same 10 SP (the bug: six 15.52
    findings and a 3.32 at the phase end). The Axis player then drags the Allied coast artillery
    Lago (MA 0) L3110 -> L3109: IM 8.15 (0-MA units never move; coast artillery may not use the
    motor pool, 18.12) at the phase end, and at the drag too (it read IM 8.13, 0 MP for 1, before
    a 0-MA unit's move named its own rule). GT2's two 1-hex
    moves into rough L2705 (MA 4, no enemy near) are legal; the GT2 drag to L2605, undone, is
    not judged."""
    text, doc, html = _reports(im, "im-leros", tmp_path)
    assert _found(doc) == [
        ("IM 16.33", 19, 1, "movement", ["L2703"], ["S4-C1", "S4-C2", "S4-C3", "S4-C4", "S4-C5"]),
        ("IM 8.15", 21, 1, "movement", ["L3110", "L3109"], ["Lago"]),
        ("IM 8.15", 22, 1, "movement", ["L3110", "L3109"], ["Lago"]),
    ]
    # no finding of either (the coverage names IM 3.32 not judged at the end of the log's last phase)
    assert "[IM 15.52]" not in text and "[IM 3.32]" not in text and not {"IM 15.52", "IM 3.32"} & {
        f["rule"] for f in doc["findings"]}
    # whose activation it is (4.42) is not in a log: the invaders are taken to be invading, and
    # IM 15.52 is listed as not judged rather than passed in silence
    assert "IM 15.52: whose activation it is" in text
    assert "[IM 16.33]" in text and "IM 16.33" in html and "L2703" in html
    moves = doc["coverage"]["moves"]
    assert moves["seen"] == 23 and moves["judged"] == 3 and moves["not_judged"]["undone"] == 2


def test_leros_landings_in_the_combat_phase_are_listed_not_silent(im, tmp_path):
    """im-leros, GT1 Combat Phase (16.33E, landing combat): units 1-4 land L2703 -> L2704, unit 6
    L2804 -> L2805. The kit's Combat Phase belongs to no side, so these drags are not judged as
    moves: the report says partial, lists all five (marked combat_phase) and says what they are,
    not "was the tracker advanced?" (before: counted, not listed, and the sentence said they were
    listed)."""
    text, doc, _ = _reports(im, "im-leros", tmp_path)
    assert doc["partial"].startswith("partial: 5 of 23 unit move(s) were not judged "
                                     "(not in a phase where the unit moves: 5)")
    listed = [(m["step"], m["unit"], m["from"], m["to"], m["phase"], m.get("combat_phase"))
              for m in doc["coverage"]["out_of_phase"]]
    assert listed == [(26 + i, f"Leros convoy unit {i + 1}", "L2703", "L2704", "Combat Phase", True)
                      for i in range(4)] + [(31, "Leros convoy unit 6", "L2804", "L2805", "Combat Phase", True)]
    assert "5 unit drag(s) were made in a combat phase whose drags are not judged as moves" in text
    assert "Was the tracker advanced?" not in text


def test_leros_night_supply_marker_is_said_not_judged(im, tmp_path):
    """im-leros, GT3 (Night by the kit's cycle) Supply Status Phase: an Out of Supply marker on
    unit 6 at L2805. With no Beachhead or Airhead on the map the Axis supply sources (6.31) are
    not recorded: IM 6.12 is listed as not judged, not passed over in silence."""
    _, doc, _ = _reports(im, "im-leros", tmp_path)
    why = {r["rule"]: r["why"] for r in reversed(doc["coverage"]["rules_not_judged"])}
    assert "Beachhead or Airhead" in why["IM 6.12"]
    assert not any(f["rule"] == "IM 6.12" for f in doc["findings"])
    # every reason of a rule is kept (review of rulepos25, item 4): the log also ends before the
    # phase end where IM 6.12 is judged, and the coverage says both
    whys = [r["why"] for r in doc["coverage"]["rules_not_judged"] if r["rule"] == "IM 6.12"]
    assert any("Beachhead or Airhead" in w for w in whys) and any(" ends before the end of " in w for w in whys)


def test_om_messy_play(om, tmp_path):
    """om-messy, Scenario 3, GT1 as German: 9/III/Sturm drops on W4213, both Vogels on W4212;
    Next pressed twice (German Bombardment) and Prev once: the moves after it are the German
    Movement Phase's. 9/III/Sturm to W4214 is undone, then W4113 (1 hex: legal, 4.18); Vogel 2
    W4212 -> W4112 (1 hex); Vogel 1 W4212 -> W4211 -> W4210: two hexes on its paradrop turn,
    exactly one OM 4.18 at the second drag (step 26). The German's drag of the Allied 19 NZ
    W4315 -> W4316 is listed as made out of its phase, not judged. Steps are VASSAL's (its
    replay: 39): the script's drag of Vogel 2 onto its own hex logged ``LOG\tnull``, no step."""
    text, doc, html = _reports(om, "om-messy", tmp_path)
    assert _found(doc) == [("OM 4.18", 26, 1, "german-movement", ["W4212", "W4210"], ["G-Vogel-1"])]
    assert [(m["step"], m["unit"], m["from"], m["to"], m["phase"]) for m in doc["coverage"]["out_of_phase"]] == [
        (24, "19 NZ", "W4315", "W4316", "German Movement Phase")]
    moves = doc["coverage"]["moves"]
    assert (moves["seen"], moves["judged"], moves["not_judged"]["undone"], moves["not_judged"]["off-map"]) == (10, 4, 2, 3)
    assert "partial: 1 of 10" in text and "OM 4.18" in html


@pytest.fixture(scope="module")
def na41(tmp_path_factory):
    return bundled_module("north-africa-41", tmp_path_factory, "rec4-na41").module


def test_na41_two_turns_with_supply(na41, tmp_path):
    """na41-supply, S1 Enter Rommel, GT1-GT2 as Axis. Checked by hand (rules/north-africa-41.md
    §5.4-§6): 3 Aufkl 1503 -> 1208 (6 hexes, MA 6) and 1208 -> 1210 are legal; the Allied stack's
    2-hex retreat 1808 -> 1809 -> 1909 avoids 5 Pz Rgt's ZOC (1707's neighbours) and 5 Pz Rgt's
    1-hex advance into the vacated 1808 are legal; 6 RTR's 1-hex move in the Allied Movement Phase
    too. 3 Aufkl in 1210 cannot trace (more than 5 hex points from a road or the Tripoli edge):
    its white marker (GT1 I2 Axis Supply), the red one after (I3; 16.1, 16.5.1) and the red one
    kept (GT2 I1) are right. In GT2's I2 Axis Supply Phase the red marker is deleted while 3 Aufkl
    still cannot trace: NA41 16.1 at step 79, 1210, and again at the I3 Axis Supply Phase (step
    91), where it still has none. 5 Pz Rgt in 1808 and 2 MG Bn in 1606 trace along the Via Balbia
    to Tripoli: with the kit's road beginning at El Agheila 1604, three hexes short of the edge
    (the bug), 5 Pz Rgt gave a 16.1 'has no OOS marker' finding at every Axis Supply Phase."""
    text, doc, html = _reports(na41, "na41-supply", tmp_path)
    assert _found(doc) == [
        ("NA41 16.1", 79, 2, "i2-axis-supply", ["1210"], ["3Aufkl"]),
        ("NA41 16.1", 91, 2, "i3-axis-supply", ["1210"], ["3Aufkl"]),
    ]
    moves = doc["coverage"]["moves"]
    assert (moves["seen"], moves["judged"]) == (8, 8) and doc["partial"] in ("", None)
    assert "no OOS marker" in html and "5 Pz Rgt" not in " ".join(f["message"] for f in doc["findings"])


def _older_build(tmp_path_factory) -> Path:
    import sys
    sys.path.insert(0, str(DATA))
    import record4
    return record4.older_na41(tmp_path_factory.mktemp("na41-older"), DATA.parents[2])


def test_na41_chain_second_file_played_with_an_older_build(na41, tmp_path_factory):
    """na41-chain-1 (the default build, 1.0: 3 Aufkl 1503 -> 1208, saved mid Axis Movement) and
    na41-chain-2, played in VASSAL with an older build (0.9, where 3 Aufkl has MA 3): it loads the
    save, moves 8 MG Bn 1503 -> 1107, then 3 Aufkl 1208 -> 1212 (4 hexes) in I2's Axis Movement.
    VASSAL plays the saved piece (MA 6: the log's AddPiece carries it), so the 4 hexes are legal
    (NA41 5.1 not broken); the audit says the version changed and, given either build, judges the
    piece as saved: no finding (with the older build's MA 3 it would be a 5.1 finding)."""
    one, two = str(DATA / "na41-chain-1.vlog"), str(DATA / "na41-chain-2.vlog")
    out = tmp_path_factory.mktemp("na41-chain") / "report.json"
    for module in (na41, _older_build(tmp_path_factory)):
        res = CliRunner().invoke(command, ["--module", str(module), "--format", "json", "-o", str(out), one, two])
        doc = json.loads(out.read_text())
        assert doc["findings"] == [] and doc["coverage"]["moves"]["judged"] == 3, res.output[:2000]
        assert "changes from 1.0 to 0.9" in res.output or "0.9" in json.dumps(doc["integrity"])
    text = CliRunner().invoke(command, ["--module", str(na41), one, two]).output
    assert "saved with version '0.9'" in text and "changes from 1.0 to 0.9" in text


def _invasion_hex(tmp_path: Path, status: str) -> list[str]:
    """Scenario 4 (Leros), GT1 Movement Phase, end: two German infantry (2 SP each; one, with
    ``status``) on invasion hex L2703 of the East zone."""
    from vmodgen.commands.check import command as check
    extra = f'status = ["{status}"]\n' if status else ""
    units = "".join(f'''[[units]]
id = "X{i}"
side = "axis"
type = "infantry"
hex = "L2703"
values = {{attack = 3, defense = 3, movement = 4, stacking = 2, er = 5}}
{extra if i == 1 else ""}
''' for i in (1, 2))
    path = tmp_path / "pos.toml"
    path.write_text('[position]\ngame = "invasion-malta"\nscenario = "s4"\nturn = 1\nphase = "movement"\n\n' + units)
    r = CliRunner().invoke(check, [str(path), "--json"], standalone_mode=False, catch_exceptions=True)
    assert r.exception is None, r.output
    return [f["rule"] for f in json.loads(r.output)["findings"]]


def test_invasion_hex_holds_invading_units_but_not_paradropped_ones(tmp_path):
    """JP 16.33A: units placed on an invasion hex from the Available box (4 SP here, within 9) are
    legal; 15.52: a unit that paradropped onto it is in the sea and is eliminated (the sea reading
    stays for paradrops)."""
    assert _invasion_hex(tmp_path, "") == []
    assert _invasion_hex(tmp_path, "paradropped") == ["IM 15.52"]


def test_om_tracker_pressed_past_movement_is_listed(om, tmp_path):
    """om-pbem-1 + om-pbem-3b (a branch: Next x7 from file 1's save in the German Movement Phase):
    156 AA W4415 -> W4414 made in the Allied Bombardment Phase, whose drags are not judged as
    moves. Before, it was counted (partial) but not listed, while the report said it was."""
    files = [str(DATA / "om-pbem-1.vlog"), str(DATA / "om-pbem-3b.vlog")]
    out = tmp_path / "r.json"
    res = CliRunner().invoke(command, ["--module", str(om), "--format", "json", "-o", str(out), *files])
    doc = json.loads(out.read_text())
    listed = [(Path(m["file"]).name, m["step"], m["unit"], m["from"], m["to"], m["phase"], m.get("combat_phase"))
              for m in doc["coverage"]["out_of_phase"]]
    assert ("om-pbem-3b.vlog", 8, "156 AA", "W4415", "W4414", "Allied Bombardment Phase", True) in listed, res.output
    assert any("tracker pressed past the movement phase" in m for m in doc["coverage"]["messages"])


def test_na41_move_undone_then_made_again_through_a_zoc(na41, tmp_path):
    """na41-zoc-undo, S1, GT1 I1 Axis Movement: 5 Pz Rgt 1604 -> 1707 (next to the Allied tanks
    in 1808, a full ZOC), undone; then 1604 -> 1606, 1606 -> 1707 and 1707 -> 1708. NA41 7.2 (Z1:
    entering a full enemy ZOC ends movement): one finding at the last drag (step 13), the move
    read through its recorded stops 1604 -> 1606 -> 1707 -> 1708, naming 1707, the ZOC hex it
    moved on from; the undone drag is on no path."""
    text, doc, html = _reports(na41, "na41-zoc-undo", tmp_path)
    assert _found(doc) == [("NA41 7.2", 13, 1, "i1-axis-movement", ["1707"], ["5Pz"])]
    moves = doc["coverage"]["moves"]
    assert (moves["seen"], moves["judged"], moves["not_judged"]["undone"]) == (5, 3, 2)
    assert "entered enemy ZOC at 1707" in text and "NA41 7.2" in html


def test_turn_inferred_only_for_runs_judged_so(om, na41, tmp_path):
    """The coverage line "turn inferred from who moves at N" counts the steps of a player's run
    of moves that was judged as a turn (stacking at its end, no phase: docs/audit-json.md). In
    om-messy the tracker is known throughout; the German's drag of the Allied 19 NZ (step 24,
    German Movement Phase) is out of its phase, and the tracker then moves on, so that phase's
    own end judges the position and no run is judged by inference. Before, the count ran on over
    every later step of the file (16: steps 24-39) because the run was never ended by the
    tracker's move. In na41-notracker (tracker never pressed, Preparation Phase) the Axis run of
    two drags is judged at the file's end: both steps count."""
    text, doc, html = _reports(om, "om-messy", tmp_path)
    assert doc["coverage"]["steps_turn_inferred"] == 0 and doc["coverage"]["inferred_turn_ends"] == 0
    assert "turn inferred" not in text
    assert "<th>Steps with the turn inferred from who moves</th><td>0</td>" in html
    text, doc, _ = _reports(na41, "na41-notracker", tmp_path)
    assert doc["coverage"]["steps_turn_inferred"] == 2 and doc["coverage"]["inferred_turn_ends"] == 1
    assert "turn inferred from who moves at 2" in text
