"""Round oracle22 of messy play recorded in real VASSAL 3.7.26 and its 3.8.0-beta1 twin
(``tests/data/recorded``, README there, ``record_oracle22.py``): step losses flipped, undone and
flipped back to full, a unit deleted and put back from the palette (a new piece), a palette copy of
a dropped unit with the original deleted and the copy moved on, a palette drop that overstacks,
moves played with the module's move reports off, a retreat and an advance undone together and
replayed, a chain whose first step crosses a turn and whose next file follows a Prev, and two files
begun from the same save. What each test asserts was written down from the Japanese rulebooks
(``../shared/seeds/``, the authority) before the audit was run:

* North Africa '41 4.1-4.4 「両陣営のスタッキング限度は、５スタッキング・ポイントです」, 4.3 (one
  silhouette free, each further one 1 point), 4.4.1 (the limit holds at the end of the phasing
  player's Movement Phase); 5.1/5.3 (movement points; extended movement 8); 19.1.1/19.3.1 (a step
  comes back only by a replacement, in the owner's Initial Phase).
* Operation Mercury 9.61 「ユニットは…禁止された地形ヘクスサイドを越えて…退却できない」 (all water),
  9.63 (a retreat into a German ZOC only into a hex with a friendly combat unit not attacked
  later), 9.84 (the advance into the vacated hex).
* Invasion: Malta 15.16 「同じ活性化中の自軍移動フェイズ中に降下したユニットは…1 ヘクスのみ移動できる
  （シナリオ 3 と 4）」; units move in the Movement Phase.

The ``-38`` twins are the same scripts played with the VASSAL versions swapped and give the same
report (piece ids, dice faces and save dates apart)."""
from __future__ import annotations

from pathlib import Path

import pytest

from recorded_audit_util import RECORDED as DATA, SUFFIXES, chain, found, game_module_fixtures, recorded_auditor, undos, versions

PASSWORDS = ("pw-na22", "pw-om22", "pw-im22", "pw-im22a")


na, om, im = game_module_fixtures("rec22")
_audit = recorded_auditor(PASSWORDS)


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_na41_flip_undone_and_a_unit_flipped_back_to_full(na, suffix):
    """na41-flip22, NA41 S1: 5 Pz Rgt 1604 -> 1707; Axis Combat: 3 Hus flipped (step 13) and the
    flip undone (step 14), 6 RTR flipped twice (reduced, then full again), 3 Hus flipped. No step
    is regained (6 RTR ends as it began; 19.1.1/19.3.1 would bind a step brought back outside the
    Initial Phase) and the move is legal: no finding, nothing partial."""
    text, doc, _ = _audit(na, [f"na41-flip22{suffix}.vlog"])
    assert found(doc) == []
    assert doc["coverage"]["moves"]["judged"] == 1 and doc["partial"] is None
    assert undos(doc) == [(14, [13])]
    assert "took back step 13" in text and "3 Hus flipped to 3 Hus (reduced)" in text


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_om_unit_deleted_and_put_back_from_the_palette_then_retreats(om, suffix):
    """om-repalette22, OM Scenario 3: in the German Combat Phase 19 NZ is deleted (step 24) and a
    new 19 NZ put from the palette on its own hex W4315 (step 26); the new piece retreats
    W4315 -> W4415 (no German ZOC there, 156 AA friendly: 9.61-9.63 legal) and Vogel 1 advances
    into W4315 (9.84); D/1 Welsh moves one hex in the Allied Movement Phase. By the book: no
    finding; the new piece is 19 NZ (its retreat is judged: four moves judged, the three drops
    off-map); the deletion and the re-placement are paired as one unit put back."""
    text, doc, _ = _audit(om, [f"om-repalette22{suffix}.vlog"])
    assert found(doc) == []
    moves = doc["coverage"]["moves"]
    assert moves["judged"] == 4 and moves["not_judged"]["off-map"] == 3 and doc["partial"] is None
    (back,) = doc["integrity"]["pieces"]["put_back"]
    assert (back["name"], back["removed_step"], back["added_step"]) == ("19 NZ", 24, 26)
    assert back["removed_id"] != back["added_id"]
    assert "removed 19 NZ at step 24 and added a new 19 NZ at step 26" in text


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_im_palette_copy_of_a_dropped_unit_keeps_its_drop_limit(im, suffix):
    """im-copy22, IM Scenario 3: KG1 unit 2 paradrops on 1524; in the Movement Phase a second KG1
    unit 2 comes from the palette onto 1524 (step 12), the dropped piece is deleted (step 14) and
    the copy moves 1524 -> 1624 -> 1724. The unit dropped this activation moves 1 hex (15.16,
    Scenarios 3-4): exactly IM 15.16 at the second drag (step 16), the copy judged as the dropped
    unit; the two pieces of one unit said."""
    text, doc, _ = _audit(im, [f"im-copy22{suffix}.vlog"])
    assert found(doc) == [("IM 15.16", f"im-copy22{suffix}.vlog", 16, 1, "movement", ["S3-KG1-2"])]
    assert doc["findings"][0]["hexes"] == ["1724"]
    assert "one unit is now two pieces" in text
    items = [(i["step"], i["what"], i["name"]) for i in doc["integrity"]["pieces"]["items"]]
    assert items == [(12, "added", "KG1 unit 2"), (14, "removed", "KG1 unit 2")]


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_na41_palette_drop_onto_a_nearly_full_hex_overstacks(na, suffix):
    """na41-overdrop22, NA41 S1, I1 Axis Movement: 8 MG Bn and 3 Aufkl 1503 -> 1604 (one hex each,
    legal), Pavia dropped from the palette onto 1604: 5 Pz Rgt (free silhouette) + I/33 Flak (1) +
    2 MG Bn, 8 MG Bn, 3 Aufkl (1 each) + Pavia (2, the kit's value) = 6 > 5 at the phase end: exactly
    NA41 4.4.1 at the Next (step 13) on 1604. Pavia's arrival is not judged (off-map); it also
    waits in the Tripoli box of the set-up, so the palette piece is a second piece of it (warned)."""
    text, doc, _ = _audit(na, [f"na41-overdrop22{suffix}.vlog"])
    assert found(doc) == [("NA41 4.4.1", f"na41-overdrop22{suffix}.vlog", 13, 1, "i1-axis-movement",
                           ["5Pz", "2MG", "I/33Flak", "8MG", "3Aufkl", "Pavia"])]
    assert doc["findings"][0]["hexes"] == ["1604"]
    moves = doc["coverage"]["moves"]
    assert moves["judged"] == 2 and moves["not_judged"]["off-map"] == 1
    assert "1604 holds 6 stacking points of Axis units" in text
    assert "a piece of Pavia was added (from the palette" in text


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_na41_moves_with_the_move_reports_off(na, suffix):
    """na41-noreport22, NA41 S1, the module's "Auto-report moves" off (the log holds no "moves"
    chat line): 8 MG Bn 1503 -> 1107, then 1107 -> 0602 in the same Movement Phase: beyond its MA 5
    and extended movement's 8 (5.1, 5.3): exactly NA41 5.1 at the second drag (step 10), both
    drags read from the log's commands alone."""
    text, doc, _ = _audit(na, [f"na41-noreport22{suffix}.vlog"])
    assert found(doc) == [("NA41 5.1", f"na41-noreport22{suffix}.vlog", 10, 1, "i1-axis-movement", ["8MG"])]
    assert doc["coverage"]["moves"]["judged"] == 2 and doc["partial"] is None
    assert "1503 → 1107 → 0602" in text


def test_na41_noreport_log_has_no_move_report():
    """The premise of the test above: VASSAL wrote no move report into na41-noreport22 (the same
    moves with reports on, in na41-overdrop22, have theirs)."""
    from vmodgen.vassal.savefile import read_save
    for suffix in SUFFIXES:
        assert " moves " not in read_save(str(DATA / f"na41-noreport22{suffix}.vlog")).text
        assert "8 MG Bn moves 1503 -> 1604" in read_save(str(DATA / f"na41-overdrop22{suffix}.vlog")).text


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_om_advance_and_retreat_undone_together_then_replayed(om, suffix):
    """om-advundo22, OM Scenario 3, German Combat on 19 NZ (W4315): 19 NZ retreats into W4416 (all
    water: 9.61 forbids it), Vogel 1 advances into W4315; Undo takes back the advance (step 26 takes
    back 25), Undo the retreat (27 takes back 24); 19 NZ retreats into W4215 instead (German ZOC,
    but 7 RTR, a friendly combat unit, stands there and nothing attacks it later: 9.63 allows it);
    Vogel 1 advances again. By the book: no finding (no 9.61 from the undone retreat); the four
    undone moves (two and their inverses) not judged."""
    text, doc, _ = _audit(om, [f"om-advundo22{suffix}.vlog"])
    assert found(doc) == []
    moves = doc["coverage"]["moves"]
    assert moves["judged"] == 3 and moves["not_judged"]["undone"] == 4 and doc["partial"] is None
    assert undos(doc) == [(26, [25]), (27, [24])]
    assert "19 NZ moves W4315 -> W4416" in text


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_im_chain_starting_with_a_turn_crossing_next_and_a_prev_by_the_other_player(im, suffix):
    """im-prev22-1..3, IM Scenario 3: file 1's first step is Next from GT1's last phase into GT2;
    KG1 unit 2 moves 1524 -> 1525 in GT2's Movement Phase (legal); saved mid-phase. File 2, the
    Allied player: Prev (the tracker back to GT2's Airborne Operations Phase). File 3: KG1 unit 1
    1424 -> 1423 with the tracker on that phase: out of phase, not judged (partial 1 of 2). The seams
    close; both version changes said; no finding."""
    files = chain("im-prev22", 3, suffix)
    text, doc, _ = _audit(im, files)
    assert found(doc) == [] and doc["continuity"] == []
    (out,) = doc["coverage"]["out_of_phase"]
    assert (Path(out["file"]).name, out["step"], out["unit"], out["from"], out["to"]) == \
        (files[2], 1, "KG1 unit 1", "1424", "1423")
    assert out["phase"].startswith("Airborne Operations Phase")
    assert doc["partial"] and "1 of 2 unit move(s) were not judged" in doc["partial"]
    first, other = ("3.7.26", "3.8.0-beta1") if suffix == "" else ("3.8.0-beta1", "3.7.26")
    assert versions(doc) == [first, other, first]
    assert [s["differences"] for s in doc["integrity"]["seams"]] == [0, 0]


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_na41_two_files_begun_from_the_same_save(na, suffix):
    """na41-overlap22-1..2, NA41 S1 I1 Axis Movement: both files begun from one save; file 1 moves
    3 Aufkl 1503 -> 1208 and 8 MG Bn 1503 -> 1107 and presses Next; file 2 makes the same two moves
    again, then 2 MG Bn 1604 -> 1606. Each move is legal on its own; the seam does not close (both
    units back on 1503, the tracker back in the Axis Movement Phase) and is said as file 2 starting
    where file 1 began; the repeated moves are not added up (no 5.1)."""
    files = chain("na41-overlap22", 2, suffix)
    text, doc, html = _audit(na, files)
    assert found(doc) == []
    assert doc["coverage"]["moves"]["judged"] == 5
    assert sorted((c["what"], c["name"], c.get("now", "")) for c in doc["continuity"]) == [
        ("moved", "3Aufkl", "West map (Cyrenaica) 1503"), ("moved", "8MG", "West map (Cyrenaica) 1503"),
        ("turn", "TurnTracker0", "Turn 1 Impulse 1: Axis Movement Phase")]
    (seam,) = doc["integrity"]["seams"]
    assert seam["starts_at"] == f"where {files[0]} stood after step 0 of its 3"
    assert f"began from the position {files[0]} began from" in text
    assert f"began from the position {files[0]} began from" in html


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_im_prev_pressed_between_files_with_no_log(im, suffix):
    """im-prevgap22-1..2, IM Scenario 3: file 1 as im-prev22-1 (ends in GT2's Movement Phase after
    KG1 unit 2's move); the Allied player loads its save, presses Prev and saves with no log; file 2
    starts from that save: KG1 unit 1 1424 -> 1423 with the tracker on GT2's Airborne Operations
    Phase. By the book: no finding; the seam differs by the tracker only and is said; the move is
    out of phase (partial). The warning names a Prev between the files as a cause, not only an Undo
    after stepping file 1 (before: "an Undo of a stepped tracker command" was the one cause given,
    which nobody did here)."""
    files = chain("im-prevgap22", 2, suffix)
    text, doc, html = _audit(im, files)
    assert found(doc) == []
    assert [(c["what"], c["was"], c["now"]) for c in doc["continuity"]] == [
        ("turn", "Game Turn 2 Movement Phase", "Game Turn 2 Airborne Operations Phase (paradrop or air transport)")]
    (seam,) = doc["integrity"]["seams"]
    assert seam["starts_at"] == f"with the turn tracker as {files[0]} showed it after step 7 of its 10"
    assert [(o["unit"], o["step"]) for o in doc["coverage"]["out_of_phase"]] == [("KG1 unit 1", 1)]
    for report in (text, html):
        assert "or Prev pressed (or the tracker set by hand) between the files, where no log holds it" in report


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_na41_drag_undone_with_the_move_reports_off(na, suffix):
    """na41-noreportundo22, NA41 S1, move reports off: 8 MG Bn 1503 -> 1107 (6 MP, within extended
    movement's 8, 5.3), 1107 -> 0602 taken back with Undo (step 11 takes back step 10: the log has
    no chat line naming it), then 1107 -> 1106 (7 MP in all). By the book: no finding; the undone
    drag and its inverse not judged (no 5.1 from it)."""
    text, doc, _ = _audit(na, [f"na41-noreportundo22{suffix}.vlog"])
    assert found(doc) == []
    moves = doc["coverage"]["moves"]
    assert moves["judged"] == 2 and moves["not_judged"]["undone"] == 2 and doc["partial"] is None
    assert undos(doc) == [(11, [10])]
    assert "took back step 10: move of 8 MG Bn" in text and "0602" in text


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_na41_palette_overstack_fixed_before_the_phase_end(na, suffix):
    """na41-overfix22, NA41 S1: Pavia from the palette onto 1604 makes six points (as
    na41-overdrop22), then 3 Aufkl moves on 1604 -> 1605 in the same Movement Phase: five points
    at its end. 4.4.1 lets the limit be exceeded during movement and binds at the phase end: no
    finding (the second piece of Pavia still warned)."""
    text, doc, _ = _audit(na, [f"na41-overfix22{suffix}.vlog"])
    assert found(doc) == []
    moves = doc["coverage"]["moves"]
    assert moves["judged"] == 3 and moves["not_judged"]["off-map"] == 1
    assert "a piece of Pavia was added (from the palette" in text
