"""Round 5 of real play recorded in real VASSAL 3.7.26 (``tests/data/recorded``, README there,
``record5.py``): Operation Mercury with a paradrop that drifts (6.2), a dispersed unit (6.31-6.33),
a Night turn (GT3 = 20 Night, 3.2) with an airlanding, and one player at the keyboard for both
sides (hot-seat). Each finding is checked against ``../shared/rules/operation-mercury.md`` and the
Japanese rulebook (6.11-6.33); each silence is a listed "not judged"."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from bundled_module_util import bundled_module
from vmodgen.commands.audit import command

DATA = Path(__file__).parent / "data" / "recorded"


@pytest.fixture(scope="module")
def om(tmp_path_factory):
    return bundled_module("operation-mercury", tmp_path_factory, "rec5-om").module


def _reports(module: Path, name: str, tmp_path: Path) -> tuple[str, dict, str]:
    log = str(DATA / f"{name}.vlog")
    text = CliRunner().invoke(command, ["--module", str(module), log])
    doc = CliRunner().invoke(command, ["--module", str(module), "--format", "json", log])
    html = tmp_path / f"{name}.html"
    page = CliRunner().invoke(command, ["--module", str(module), "--format", "html", "-o", str(html), log])
    assert (text.exit_code, doc.exit_code, page.exit_code) == (0, 0, 0), text.output + doc.output
    return text.output, json.loads(doc.output), html.read_text()


def test_om_night_drift_and_dispersal(om, tmp_path):
    """om-night, Scenario 3, as German. GT1 (20 AM) Paradrop Phase: 9/III/Sturm is placed on
    W4213 and drifts one hex to W4113 (step 15, after a d10: 6.2's drift, a die roll and a
    diagram); Vogel 1 lands on W4212 with a Dispersed marker (6.31), Vogel 2 on W4112. German
    Movement: 9/III/Sturm W4113 -> W4013 is one hex from where it landed (4.18: no finding; had
    the drift been read as a move it would be two hexes), Vogel 1 and its marker W4212 -> W4211
    (step 21): OM 6.32 (JP 6.32a: a dispersed unit may not move for the rest of the game turn).
    GT2 Recovery: the marker removed (6.33: no finding). The drift is counted as part of the
    arrival (off-map) and said, not listed as a move out of the tracker's phase with "Was the
    tracker advanced?" (before this branch: ``partial: 1 of 9``)."""
    text, doc, html = _reports(om, "om-night", tmp_path)
    found = [(f["rule"], f["step"], f["turn"], f["phase"], f["hexes"], f["units"]) for f in doc["findings"]]
    assert found[0] == ("OM 6.32", 21, 1, "german-movement", ["W4211"], ["G-Vogel-1"])
    assert not any(f["rule"] == "OM 4.18" for f in doc["findings"])
    moves = doc["coverage"]["moves"]
    assert (moves["seen"], moves["judged"], moves["not_judged"]["off-map"]) == (9, 4, 5)
    assert moves["not_judged"]["not in a phase where the unit moves"] == 0 and doc["coverage"]["out_of_phase"] == []
    assert "partial:" not in text and "Was the tracker advanced?" not in text
    drift = next(m for m in doc["coverage"]["messages"] if "drift" in m)
    assert "step 15, 9/III/Sturm W4213 → W4113 in German Paradrop Phase" in drift and "not checked" in drift
    assert "OM 6.32" in html


def test_om_night_airlanding(om, tmp_path):
    """om-night GT3 (turn 3 = 20 Night, 3.2): III/100 Geb comes from the airlanding box onto Maleme
    airfield W4415 in the German Movement Phase, where the Allied 156 AA stands. Exactly two more
    findings: OM 4.16 at the end of that phase (W4415 holds both sides' ground units) and one OM
    6.51 (airlanding only in day turns, on an airfield German units already hold: both broken;
    before this branch the two 6.51 findings had the same units and hex, so the report kept the
    Night one and dropped the other silently). The 6.51 finding stands at the end of the German
    Movement Phase, where the airlanding happened (step 76, the Next): the rules record arrivals at
    the phase end and judge them there (before round 6 it stood at the first step of the German
    Bombardment Phase, the phase after the arrival)."""
    text, doc, _ = _reports(om, "om-night", tmp_path)
    found = [(f["rule"], f["step"], f["turn"], f["phase"], f["hexes"], f["units"]) for f in doc["findings"]]
    assert found[1:] == [("OM 4.16", 76, 3, "german-movement", ["W4415"], ["A-156-AA", "G-III-100-Geb-1"]),
                         ("OM 6.51", 76, 3, "german-movement", ["W4415"], ["G-III-100-Geb-1"])]
    assert doc["findings"][2]["at"] == "end"
    msg = doc["findings"][2]["message"]
    assert "did not already hold" in msg and "Night turn" in msg


def test_om_night_hot_seat(om, tmp_path):
    """om-night GT3 Allied Movement: the German seat drags the Allied 19 NZ W4315 -> W4316 (one
    player at the keyboard for both sides). The move is judged as the Allied move of that phase
    (one hex: legal), not listed out of phase; the statistics say one player moved both sides'
    units (moves by side german 8, allied 1; by player German 10, counting the marker drags)."""
    text, doc, _ = _reports(om, "om-night", tmp_path)
    assert doc["stats"]["moves_by_side"] == {"german": 8, "allied": 1}
    assert doc["stats"]["moves_by_player"] == {"German": 10}
    assert "moves by side: german 8, allied 1; moves by player: German 10" in text
    assert not [f for f in doc["findings"] if "A-19-NZ" in f["units"] or "19 NZ" in f["message"]]


@pytest.fixture(scope="module")
def na41(tmp_path_factory):
    return bundled_module("north-africa-41", tmp_path_factory, "rec5-na41").module


def test_na41_returns_hq_and_replacement_marker(na41, tmp_path):
    """na41-repl, S1 Enter Rommel, as Axis. In the Preparation Phase 2 MG Bn and 8 MG Bn are put
    in the Eliminated Units box. GT1 I1 Axis Initial Phase (replacements, 19.3-19.4): 2 MG Bn comes
    back to 1502, the DAK HQ's hex (19.4.1: with a Good Order Corps HQ in full supply: no finding);
    8 MG Bn comes back to 1606, with no HQ: NA41 19.4.1 at the end of the Initial Phase (step 15).
    A Replacement marker is put on 8 MG Bn; in the Axis Movement Phase the stack goes 1606 -> 1608
    in one drag, two hexes: NA41 19.5 (a unit under a Replacement marker moves at most 1 hex; before
    this branch the rule counted the drags' end hexes, 1, and found nothing). The marker comes off
    in the Axis Recovery Phase (19.5: no finding). What the log cannot show is said: which unit
    each replacement rebuilt (19.3.1) and which HQ or SP supplies an attack (17.3); the two returns
    are listed as drags from a box in a phase that takes no arrivals, not "was the tracker
    advanced?"."""
    text, doc, html = _reports(na41, "na41-repl", tmp_path)
    found = [(f["rule"], f["step"], f["turn"], f["phase"], f["hexes"], f["units"]) for f in doc["findings"]]
    assert found == [("NA41 19.4.1", 15, 1, "i1-axis-initial", ["1606"], ["8MG"]),
                     ("NA41 19.5", 16, 1, "i1-axis-movement", ["1608"], ["8MG"])]
    not_judged = {r["rule"]: r["why"] for r in reversed(doc["coverage"]["rules_not_judged"])}
    assert "which unit each replacement rebuilt" in not_judged["NA41 19.3.1"]
    assert "attack supply" in not_judged["NA41 17.3"]
    # 2.3.2 (round 6): a log never says which moves were extended, so an attack's legality under it is unknown
    assert "extended movement" in not_judged["NA41 2.3.2"]
    boxed = [(m["step"], m["unit"], m["from"], m["to"]) for m in doc["coverage"]["out_of_phase"] if m.get("from_box")]
    assert boxed == [(12, "2 MG Bn", "eliminated", "1502"), (13, "8 MG Bn", "eliminated", "1606")]
    assert "Was the tracker advanced?" not in text and "marked from_box" in text
    assert "[NA41 19.5]" in text and "NA41 19.4.1" in html
