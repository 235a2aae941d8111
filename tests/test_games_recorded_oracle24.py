"""Round oracle24 of messy play recorded in real VASSAL 3.7.26 and its 3.8.0-beta1 twin
(``tests/data/recorded``, README there, ``record_oracle24.py``): the turn tracker pressed two
phases late through an empty phase (the players skip a phase with nothing to do, play the next
one, then click twice), in each game; a retreat played hex by hex through an enemy ZOC; a chain
whose second file starts mid-phase after the first file ended with an Undo. What each test
asserts was written down from the Japanese rulebooks (``../shared/seeds/``, the authority) before
the audit was run:

* North Africa '41 3.2: the Initial Phase has no unit movement (events, replacements, forts,
  transport markers; reinforcements placed); units move in the Movement Phase (5.0). A log
  cannot tell a tracker left on the Initial Phase from moves made in the wrong phase: the moves
  are not judged and the report says so (partial), no finding.
* Operation Mercury 4.18 「落下傘降下又は強襲上陸によってマップに登場するユニットは、そのゲーム・ターンの
  移動フェイズについて1ヘクスの許容移動力を持つ」: a unit that came onto the map by paradrop this
  turn moves one hex in the Movement Phase, whatever phase the tracker showed at the drop.
* Operation Mercury 9.63 「ユニットは、そのヘクスが…友軍戦闘ユニットを含むのでない限り、敵ZOC内へ又は
  通過して退却できない」; 9.84 (after a two-hex retreat the attacker may advance two hexes, the
  first into the vacated hex, ignoring enemy ZOCs).
* Invasion: Malta 15.16 (Scenarios 3-4: a unit paradropped in this activation moves one hex in
  its Movement Phase) and 15.21 (airheads are placed in the Airborne Operations Phase): with the
  tracker a phase late the drops were made in the Airborne Operations Phase the players meant.
* North Africa '41 5.1 (no unit enters an enemy-occupied hex): a move taken back with Undo is not
  a move; the next file opens on the position after the Undo.

The ``-38`` twins are the same scripts played with the VASSAL versions swapped and give the same
report (piece ids and save dates apart)."""
from __future__ import annotations

import pytest

from recorded_audit_util import SUFFIXES, chain, found, game_module_fixtures, recorded_auditor, undos, versions

PASSWORDS = ("pw-na24", "pw-na24a", "pw-om24", "pw-om24a", "pw-im24")


na, om, im = game_module_fixtures("rec24")
_audit = recorded_auditor(PASSWORDS)


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_na41_tracker_left_on_the_initial_phase_moves_not_judged(na, suffix):
    """na41-late24, NA41 S1: the tracker left on I1 Axis Initial (nothing to do there, 3.2); 5 Pz
    Rgt 1604 -> 1707 (step 8) and 3 Aufkl 1503 -> 1208 (step 9), then Next twice (Axis Movement,
    Axis Combat). Both moves are legal movement; in the Initial Phase no unit moves. The log cannot
    tell which: no finding, both moves listed out of phase, the report partial."""
    text, doc, _ = _audit(na, f"na41-late24{suffix}.vlog")
    assert found(doc) == []
    assert [(o["step"], o["unit"], o["from"], o["to"], o["phase"]) for o in doc["coverage"]["out_of_phase"]] == [
        (8, "5 Pz Rgt", "1604", "1707", "Impulse 1: Axis Initial Phase"),
        (9, "3 Aufkl", "1503", "1208", "Impulse 1: Axis Initial Phase")]
    assert doc["partial"] and "2 of 2 unit move(s) were not judged" in doc["partial"]
    assert "Was the tracker advanced?" in text


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_om_drops_with_the_tracker_a_phase_late_keep_the_one_hex_limit(om, suffix):
    """om-late24, OM Scenario 3 GT1: the first wave drops (9/III/Sturm W4216, Vogel 1 W4316, Vogel 2
    W4213) while the tracker shows the Naval Unloading Phase; Next twice; in the German Movement
    Phase Vogel 2 W4213 -> W4212 -> W4211 (step 17). 4.18: paradropped this turn, one hex: a
    finding for Vogel 2 alone. The drops themselves are no finding (off-map, not judged)."""
    text, doc, _ = _audit(om, f"om-late24{suffix}.vlog")
    assert found(doc) == [("OM 4.18", f"om-late24{suffix}.vlog", 17, 1, "german-movement", ["G-Vogel-2"])]
    assert doc["coverage"]["moves"]["not_judged"]["off-map"] == 3
    assert "moved from W4213 to W4211, but it arrived by paradrop or amphibious landing this turn" in text


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_om_retreat_hex_by_hex_through_an_enemy_zoc(om, suffix):
    """om-zocretreat24, OM Scenario 3 GT1 German Combat: Vogel 2 (W4214) attacks B/22 NZ and B/23 NZ
    (W4314); the stack retreats W4313 (step 25: beside Vogel 2, empty of Allied units) then W4413
    (step 26); Vogel 2 advances W4314, W4414. 9.63 for both retreating units at W4313; the advance
    (9.84: vacated hex, then a hex beside it, ZOC ignored) is legal."""
    text, doc, _ = _audit(om, f"om-zocretreat24{suffix}.vlog")
    name = f"om-zocretreat24{suffix}.vlog"
    assert found(doc) == [("OM 9.63", name, 25, 1, "german-combat", ["A-B-22-NZ"]),
                          ("OM 9.63", name, 25, 1, "german-combat", ["A-B-23-NZ"])]
    assert "B/22 NZ (A-B-22-NZ) retreated into enemy ZOC at W4313, where no friendly combat unit stands" in text
    assert not any("G-Vogel-2" in f["units"] for f in doc["findings"])


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_na41_file_starting_mid_phase_after_the_other_players_undo(na, suffix):
    """na41-seam24-1..2, NA41 S1: file 1 (Allied), I1 Allied Movement: 6 RTR 1808 -> 1908, 3 Hus
    1808 -> 1604 (the Axis stack: 5.1) taken back with Undo as the file's last step, saved. File 2
    (Axis) opens mid-phase from that save, with 3 Hus on 1808: the seam closes (no difference), the
    undone move is no finding, 5 Pz Rgt 1604 -> 1707 is legal (7.2 stops it beside 3 Hus)."""
    files = chain("na41-seam24", 2, suffix)
    text, doc, _ = _audit(na, files)
    assert found(doc) == [] and doc["continuity"] == [] and doc["partial"] is None
    assert undos(doc) == [(5, [4])]
    assert [s["differences"] for s in doc["integrity"]["seams"]] == [0]
    assert doc["coverage"]["moves"]["judged"] == 2 and doc["coverage"]["moves"]["not_judged"]["undone"] == 2
    first, other = ("3.7.26", "3.8.0-beta1") if suffix == "" else ("3.8.0-beta1", "3.7.26")
    assert versions(doc) == [first, other]


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_im_drops_with_the_tracker_a_phase_late(im, suffix):
    """im-late24, IM Scenario 3 GT1: the Airhead, 5/3 and KG1 unit 1 on 1424, KG1 unit 2 on 1524,
    dropped while the tracker shows the Naval Transport Phase (no transport in Scenario 3); Next
    twice; in the Movement Phase KG1 unit 2 1524 -> 1624 -> 1724 (step 13). By the book: 15.16,
    KG1 unit 2 moved two hexes in its drop activation; the airhead's placement (15.21) cannot be
    told from a late tracker: no finding for it."""
    text, doc, _ = _audit(im, f"im-late24{suffix}.vlog")
    assert found(doc) == [("IM 15.16", f"im-late24{suffix}.vlog", 13, 1, "movement", ["S3-KG1-2"])]


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_im_drop_under_the_naval_transport_tracker_keeps_the_one_hex_limit(im, suffix):
    """im-late24: KG1 unit 2 left the KG1 box for 1524 while the tracker showed the Naval Transport
    Phase (step 7 on); in the Movement Phase it moved 1524 -> 1624 -> 1724 (step 13). 15.16: a unit
    dropped in this activation (whatever phase the tracker showed) moves one hex in Scenarios 3-4
    and none in 1-2: two hexes is a finding in either, named at step 13 alone."""
    text, doc, _ = _audit(im, f"im-late24{suffix}.vlog")
    assert [f for f in found(doc) if f[0] == "IM 15.16"] == [
        ("IM 15.16", f"im-late24{suffix}.vlog", 13, 1, "movement", ["S3-KG1-2"])]
    assert "KG1 unit 2 (S3-KG1-2) paradropped this activation and moved 2 hex(es)" in text


def _not_judged(doc: dict, rule: str) -> list[str]:
    return [n["why"] for n in doc["coverage"]["rules_not_judged"] if n["rule"] == rule]


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_im_two_combats_declared_out_of_one_hex_retreat_and_advance_legal(im, suffix):
    """im-declare24, IM Scenario 3 GT1: the 7th Flieger AM drawn (5/3 and the KG1 units are its
    formation: active); the drops; Combat Declaration: Attack Target markers on 1425 (B/3 KOMR,
    beside 1424) and on 1628 (B/4) (steps 16, 17). Combat: B/3 KOMR 1425 -> 1426 (no Axis unit
    beside 1426), 5/3 1424 -> 1425 (the vacated hex), each marker deleted as its combat is resolved
    (13.13, steps 26 and 30). The retreat and the advance are legal: no finding names them; the
    markers' placing and removal are listed."""
    text, doc, _ = _audit(im, f"im-declare24{suffix}.vlog")
    assert not any({"B/3 KOMR", "5/3"} & set(f["units"]) for f in doc["findings"])
    assert doc["coverage"]["moves"]["judged"] == 2
    pieces = doc["integrity"]["pieces"]["items"]
    assert [(p["step"], p["what"], p["name"]) for p in pieces] == [
        (16, "added", "Attack Target"), (17, "added", "Attack Target"),
        (26, "removed", "Attack Target"), (30, "removed", "Attack Target")]


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_im_attack_target_on_a_hex_no_attacker_is_beside(im, suffix):
    """im-declare24: the Attack Target marker on 1628 (B/4), placed in the Combat Declaration Phase
    (step 17): none of 1628's six neighbours (1627, 1727, 1728, 1629, 1528, 1527) holds an Axis unit.
    9.13 「全ての攻撃ユニットは、防御側ヘクスに隣接していなければならない」: a combat no unit can make,
    an IM 9.13 finding naming 1628; the one on 1425 (beside 1424 and 1524) is legal."""
    text, doc, _ = _audit(im, f"im-declare24{suffix}.vlog")
    rules = [(f["rule"], f["phase"]) for f in doc["findings"]]
    assert rules == [("IM 9.13", "combat-declaration")]
    assert doc["findings"][0]["hexes"] == ["1628"]
    # (imfix24) at the phase's end, step 18; what a log cannot show of 9.13 stays named
    assert found(doc)[0][2] == 18
    assert _not_judged(doc, "IM 9.13") == [
        "declared attacks (which units attack which hex) are not recorded in a log: each attack's lead unit (12.31) "
        "and its attackers' hexes are not judged, nor a declaration whose Attack Target marker is not on the map at "
        "the end of the Combat Declaration Phase (removed before it, or never placed)"]


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_na41_advance_after_a_ds_one_unit_too_far(na, suffix):
    """na41-dsbreak24, NA41 S1 I1: 5 Pz Rgt and 3 Aufkl (1707) attack 6 RTR and 3 Hus (1808); a DS
    (10.1: a step, a four-hex retreat): 6 RTR flipped, the stack retreats hex by hex 1908, 1909,
    2010, 2110 (no hex in Axis ZOC); the breakthrough group 5 Pz Rgt advances first (15.2.2) 1808,
    1908, 1909, 2010 (four hexes, 14.2.1's DS length; it stops beside 2110, 14.4/15.2.12); then 3
    Aufkl 1808, 1908, 1909, 1910, 2011 (step 29): five hexes, one more than any result gives.
    Exactly NA41 14.2 for 3 Aufkl; the retreat and 5 Pz Rgt's advance are in no finding; every drag
    is judged (19)."""
    text, doc, _ = _audit(na, f"na41-dsbreak24{suffix}.vlog")
    assert found(doc) == [("NA41 14.2", f"na41-dsbreak24{suffix}.vlog", 29, 1, "i1-axis-combat", ["3Aufkl"])]
    assert "3 Aufkl (3Aufkl) advanced 5 hexes; it may advance at most 4" in text
    assert doc["coverage"]["moves"]["judged"] == 19 and doc["partial"] is None
    assert _not_judged(doc, "NA41 12.1.1") == ["the combat result that sets a retreat's length is not recorded in a "
                                               "log (6 RTR (6RTR), 3 Hus (3Hus) retreated 4 hexes)"]
    # (imfix24) the advance judged again at each drag is named as it finally stood, not at its second drag
    [advance] = _not_judged(doc, "NA41 14.2")
    assert advance.startswith("the length of 5 Pz Rgt (5Pz)'s advance (4 hexes) needs its combat's result")


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_om_file_starting_after_the_other_players_undone_tracker_press(om, suffix):
    """om-seam24-1..2, OM Scenario 3 GT1: file 1 (German): the drops, Vogel 2 W4213 -> W4214 in the
    German Movement Phase (4.18: one hex, legal), Next into the German Bombardment Phase taken back
    with Undo as the file's last step (step 18 takes back step 17), saved. File 2 (Allied) opens
    mid-phase from that save, the tracker on the German Movement Phase: the seam closes; D/1 Welsh
    W4228 -> W4227 in the Allied Movement Phase is legal. No finding."""
    files = chain("om-seam24", 2, suffix)
    text, doc, _ = _audit(om, files)
    assert found(doc) == [] and doc["continuity"] == [] and doc["partial"] is None
    assert undos(doc) == [(18, [17])]
    assert "turn tracker change" in text
    assert [s["differences"] for s in doc["integrity"]["seams"]] == [0]
    assert doc["coverage"]["moves"]["judged"] == 2
