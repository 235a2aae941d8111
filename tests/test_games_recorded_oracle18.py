"""Round oracle18 of messy play recorded in real VASSAL 3.7.26 (the oracle rebuilt this round;
``tests/data/recorded``, README there, ``record_oracle18.py``). Each finding and each silence
is checked by hand against the rulebook: ``../shared/rules/invasion-malta.md``
(3.32 at most 9 SP a hex at the end of any phase, 3.34 the excess under an Excess Stacking marker;
a paradrop's excess is resolved at the end of the phase under 3.34, 15.4 note),
``north-africa-41.md`` (7.2 a unit entering an enemy ZOC stops; 5.1 movement allowance); for
Operation Mercury the Japanese rulebook (``../shared/seeds/``, the authority): 4.17
「海上輸送によって小港又は泊地へ揚陸するユニット（敵ZOC内ではない）は…」 (sea unloading only at a minor
port or anchorage), 4.18 「落下傘降下又は強襲上陸によってマップに登場するユニットは、そのゲーム・ターンの
移動フェイズについて1ヘクスの許容移動力を持つ」 (one hex on the arrival turn) and 6.11 「…これら区画内の全
ユニットが落下傘降下手順を使用して着地する」 (every unit of the wave boxes lands by paradrop). The ``-38`` twins are the same scripts played in VASSAL 3.8.0-beta1 and give
the same findings."""
from __future__ import annotations

import pytest

from recorded_audit_util import found, game_module_fixtures, recorded_auditor

PASSWORDS = ("pw-im18", "pw-na18", "pw-om18")


na, om, im = game_module_fixtures("rec18")
_audit = recorded_auditor(PASSWORDS)


@pytest.mark.parametrize("suffix", ["", "-38"])
def test_overstack_left_at_the_airborne_phase_end(im, suffix):
    """im-overstack18, IM Scenario 3, GT1 Airborne Phase: all five KG1 units (2 SP each by the
    kit, illustrative) land on 2020: 10 SP, no Excess Stacking marker. Next (step 13) ends the
    phase with 2020 over the 9 SP limit: IM 3.32 there, naming the five units (3.34: the excess
    must go under the marker). Movement: KG1 unit 4 2020 -> 2021 (one hex, 15.16): 8 SP at the
    end of that phase, no second finding. The five drops come from the KG1 box (off-map). The
    Airhead stays in the off-map box "Axis set-up card: Paradrop KG2": none is on the map when the
    phase ends, so IM 15.2 at the same step (15.2 intro, 15.21; imfix9, before it silent)."""
    text, doc, html = _audit(im, [f"im-overstack18{suffix}.vlog"])
    kg1 = ["5/3", "S3-KG1-1", "S3-KG1-2", "S3-KG1-3", "S3-KG1-4"]
    assert found(doc) == [("IM 3.32", f"im-overstack18{suffix}.vlog", 13, 1, "airborne", kg1),
                          ("IM 15.2", f"im-overstack18{suffix}.vlog", 13, 1, "airborne", kg1)]
    f = doc["findings"][0]
    assert f["hexes"] == ["2020"] and "10 SP" in f["message"] and "3.34" in f["message"]
    assert doc["coverage"]["moves"]["judged"] == 1 and doc["coverage"]["moves"]["not_judged"]["off-map"] == 5
    assert "[IM 3.32]" in text and "IM 3.32" in html and "illustrative" in text


@pytest.mark.parametrize("suffix", ["", "-38"])
def test_undo_that_takes_back_a_chat_line_leaves_the_zoc_move(na, suffix):
    """na41-zocredo18, NA41 S1, Axis Movement: 5 Pz Rgt 1604 -> 1707 (enemy ZOC) -> 1708, a chat
    line, Undo, Undo, 5 Pz Rgt -> 1606. VASSAL's first Undo took back the chat line (the last
    command), the second the drag to 1708: 5 Pz Rgt stood on 1707 when dragged to 1606. As
    played: 1604 -> 1707 -> 1606, a unit that entered an enemy ZOC and moved on: NA41 7.2 at
    step 14 (1707); and by the kit's (illustrative) values 5 MP, 4 spent reaching 1707, 2 more to
    1606: NA41 5.1 at the same step. Both undos listed, the chat line's among them."""
    text, doc, _ = _audit(na, [f"na41-zocredo18{suffix}.vlog"])
    assert found(doc) == [("NA41 7.2", f"na41-zocredo18{suffix}.vlog", 14, 1, "i1-axis-movement", ["5Pz"]),
                          ("NA41 5.1", f"na41-zocredo18{suffix}.vlog", 14, 1, "i1-axis-movement", ["5Pz"])]
    assert doc["findings"][0]["hexes"] == ["1707"]
    assert "1604 → 1707 → 1606" in doc["findings"][0]["message"]
    assert doc["coverage"]["moves"]["not_judged"]["undone"] == 2      # the drag to 1708 and its inverse
    assert "took back step 11: chat" in text and "took back step 10" in text


@pytest.mark.parametrize("suffix", ["", "-38"])
def test_three_undos_take_back_the_chat_line_and_both_zoc_drags(na, suffix):
    """na41-zocundo18: as na41-zocredo18 with a third Undo: the chat line, the drag to 1708 and
    the drag to 1707 taken back (steps 11, 10, 9), then 5 Pz Rgt 1604 -> 1606, out of any enemy
    ZOC and within its allowance: no finding (7.2 and 5.1 judge only the move that stands)."""
    text, doc, _ = _audit(na, [f"na41-zocundo18{suffix}.vlog"])
    assert found(doc) == []
    # two drags taken back and the two inverse moves the undos recorded
    assert doc["coverage"]["moves"]["judged"] == 1 and doc["coverage"]["moves"]["not_judged"]["undone"] == 4
    assert all(f"took back step {k}" in text for k in (9, 10, 11))


@pytest.mark.parametrize("suffix", ["", "-38"])
def test_drops_with_the_tracker_one_phase_behind_are_paradrops(om, suffix):
    """om-behind18, OM Scenario 3: the tracker one phase behind (the Naval Unloading Phase) while
    9/III/Sturm and Vogel 1 drop from the German first-wave box (W4213, W4212); then Next to the
    Paradrop Phase, Next to German Movement: 9/III/Sturm W4213 -> W4113 (one hex, legal under
    4.18), Vogel 1 W4212 -> W4211 -> W4210 (two hexes on its drop turn): exactly OM 4.18 at step
    18. The units came from a paradrop wave box (6.11), not by sea: no OM 4.17 (sea unloading
    only at a minor port or anchorage; half MA to land). Before this round's fix: OM 4.17 for
    both drops at step 14 and a 4.17 half-MA finding for Vogel 1 at step 18 (no 4.18)."""
    text, doc, _ = _audit(om, [f"om-behind18{suffix}.vlog"])
    assert found(doc) == [("OM 4.18", f"om-behind18{suffix}.vlog", 18, 1, "german-movement", ["G-Vogel-1"])]
    assert "W4212 to W4210" in doc["findings"][0]["message"] and "paradrop" in doc["findings"][0]["message"]
    moves = doc["coverage"]["moves"]
    assert moves["judged"] == 3 and moves["not_judged"]["off-map"] == 2
    assert "4.17" not in text


@pytest.mark.parametrize("suffix", ["", "-38"])
def test_night_supply_without_any_source_marker_is_named_not_judged(im, suffix):
    """im-oos18, IM Scenario 3 with no Airhead placed: 5/3 lands on 2020, KG1 unit 2 on 2021 and
    moves to 2022 (one hex, 15.16). The drop with no Airhead on the map at the Airborne Phase's
    end is IM 15.2 at step 9 (15.2 intro: with no airhead of its nationality on the map a KG
    cannot paradrop). GT3 is a Night turn (the kit's cycle): in its Supply Status Phase only 5/3
    gets an Out of Supply marker. No Beachhead or Airhead was ever on the map in the file, so the
    record does not show the source markers in use: IM 6.12 is named not judged (a map that once
    held one is judged: tests/test_rules_invasion_malta_round21.py), with a reason that no longer
    says a player may keep them off the board (15.21 says they are placed); the marker on the
    Night turn is no finding (unlike im-dirty's on a PM turn)."""
    text, doc, _ = _audit(im, [f"im-oos18{suffix}.vlog"])
    assert found(doc) == [("IM 15.2", f"im-oos18{suffix}.vlog", 9, 1, "airborne", ["5/3", "S3-KG1-2"])]
    assert "IM 6.12: no Beachhead or Airhead marker is on the map, and none was seen on it" in text
    assert doc["coverage"]["moves"]["judged"] == 1


@pytest.mark.parametrize("suffix", ["", "-38"])
def test_save_and_new_log_given_in_the_wrong_order(na, suffix):
    """na41-pair18-1 (3 Aufkl 1503 -> 0803, 7 MP, legal by 5.3; saved) and na41-pair18-2 (a new
    log begun from that save: 8 MG Bn 1503 -> 0602, 9 MP with MA 5: NA41 5.1 at its step 1).
    Given as 2, 1: the same one finding, the seam 2 -> 1 three continuity issues, and the
    warning that file 1 probably goes before file 2. Given as 1, 2: no continuity issue."""
    text, doc, _ = _audit(na, [f"na41-pair18-2{suffix}.vlog", f"na41-pair18-1{suffix}.vlog"])
    assert found(doc) == [("NA41 5.1", f"na41-pair18-2{suffix}.vlog", 1, 1, "i1-axis-movement", ["8MG"])]
    assert len(doc["continuity"]) == 3
    assert f"na41-pair18-1{suffix}.vlog probably goes before na41-pair18-2{suffix}.vlog" in text
    _, doc, _ = _audit(na, [f"na41-pair18-1{suffix}.vlog", f"na41-pair18-2{suffix}.vlog"])
    assert found(doc) == [("NA41 5.1", f"na41-pair18-2{suffix}.vlog", 1, 1, "i1-axis-movement", ["8MG"])]
    assert doc["continuity"] == []
