"""Round oracle21 of messy play recorded in real VASSAL 3.7.26 and its 3.8.0-beta1 twin
(``tests/data/recorded``, README there, ``record_oracle21.py``): a whole realistic turn of each
game (both sides, two combats, a step loss flipped on the wrong unit and taken back with Undo),
chains whose files alternate between the two VASSAL versions and start from a save made in the
middle of a phase, and a chain whose players never press the turn tracker. What each test asserts
was written down from the Japanese rulebooks (``../shared/seeds/``, the authority) before the audit
was run, save where a docstring says otherwise:

* North Africa '41 5.1/5.3 (movement points; extended movement), 12.1.3 「可能であれば、退却はEZOCへの
  進入を避けなければなりません」, 12.2.1 (a retreat ending in, or entering overlapping or a second,
  EZOC is eliminated), 14 (advance after combat into the vacated hex).
* Operation Mercury 4.18 「落下傘降下…によってマップに登場するユニットは、そのゲーム・ターンの移動フェイズ
  について1ヘクスの許容移動力を持つ」, 9.61/9.63 (a retreat may not enter a German ZOC), 9.84 (an advance
  enters the vacated hex first), 4.62/4.63 (GT1: Maleme and Suda sector Allied units have MA 1).
* Invasion: Malta 8.24 「移動フェイズの開始時に敵 ZOC 内のヘクスを占めているユニットは…最初に敵ZOCでない
  ヘクス内へ移動する場合のみである [例外：浸透移動、8.5]」, 8.51-8.52 (infiltration: one hex, the unit's
  ER at least the enemy's), 15.16 (Scenario 3: a unit dropped this activation moves 1 hex), 13.53
  (an advance of one hex into the vacated hex), 2.24 「砲兵とは、射程値を持つ戦闘ユニットである」 and
  10.14 「…両プレイヤーは回復フェイズ中にそれを行う」 (Fired artillery back in the Recovery Phase).

The ``-38`` twins are the same scripts played with the VASSAL versions swapped and give the same
report (dice faces and save dates apart)."""
from __future__ import annotations

import pytest

from recorded_audit_util import SUFFIXES, chain, found, game_module_fixtures, recorded_auditor, undos, versions
from vmodgen.audit.coverage import reasons

PASSWORDS = ("pw-na21", "pw-om21", "pw-om21a", "pw-im21")


na, om, im = game_module_fixtures("rec21")
_audit = recorded_auditor(PASSWORDS)


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_na41_whole_impulse_with_a_combat_each_side(na, suffix):
    """na41-turn21, NA41 S1, one player for both sides. I1 Axis Movement: 5 Pz Rgt 1604 -> 1707,
    2 MG Bn 1604 -> 1606, 3 Aufkl 1503 -> 1208, 8 MG Bn 1503 -> 1107. Axis Combat: 3 Hus flipped
    (step 18) and the flip undone (step 19), 6 RTR flipped instead; the stack retreats 1808 -> 1908
    -> 1909: neither hex is next to an Axis unit (12.1.3, 12.2.1 legal); 5 Pz Rgt advances into
    the vacated 1808. I2 Allied Combat: 5 Pz Rgt flipped, retreats 1808 -> 1707 -> 1607, clear of
    the ZOC of the stack in 1909; 3 Hus advances into 1808. By the book every step is legal: no
    finding, all twelve moves (four moves, three retreats of two drags, two advances) judged."""
    text, doc, html = _audit(na, [f"na41-turn21{suffix}.vlog"])
    assert found(doc) == []
    assert doc["coverage"]["moves"]["judged"] == 12 and doc["coverage"]["out_of_phase"] == []
    assert doc["partial"] is None
    assert undos(doc) == [(19, [18])]
    assert "took back step 18" in text and "3 Hus flipped to 3 Hus (reduced)" in text
    assert "0 findings" in text


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_om_whole_turn_with_two_german_combats_and_an_allied_one(om, suffix):
    """om-turn21, OM Scenario 3. GT1 Paradrop: 9/III/Sturm W4216, Vogel 1 W4316, Vogel 2 W4213.
    German Movement: Vogel 2 one hex to W4214 (4.18). German Combat: 19 NZ flipped and the flip
    undone (step 26 takes back step 25); 19 NZ retreats W4315 -> W4415 (no German ZOC there:
    9.63); Vogel 1 advances into the vacated W4315 (9.84); B/22 NZ + B/23 NZ retreat whole
    W4314 -> W4414 (no German ZOC); Vogel 2 advances into W4314. Allied Movement: D/1 Welsh one hex
    (GT1 MA 1, 4.62/4.63). Allied Combat: Vogel 1 flipped. By the book: no finding; seven moves
    judged, the three drops off-map; Vogel 1's advance named not judged as OM 9.63 (a log cannot
    tell an advance from an attacker's retreat)."""
    text, doc, _ = _audit(om, [f"om-turn21{suffix}.vlog"])
    assert found(doc) == []
    moves = doc["coverage"]["moves"]
    assert moves["judged"] == 7 and moves["not_judged"]["off-map"] == 3
    assert doc["coverage"]["out_of_phase"] == [] and doc["partial"] is None
    assert undos(doc) == [(26, [25])]
    assert "OM 9.63: whether Vogel (1 of 2) (G-Vogel-1)'s drag (W4316 to W4315)" in text


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_im_whole_turn_an_infiltration_an_elimination_and_an_aa_left_fired(im, suffix):
    """im-turn21, IM Scenario 3. Airborne: 5/3 and KG1 unit 1 on 1424, KG1 unit 2 on 1524, KG1
    unit 3 on 1627, the Airhead on 1424. Movement: KG1 unit 2 1524 -> 1525, both in B/3 KOMR's
    ZOC: 8.24 forbids it save as infiltration (8.51: one hex; KG1 unit 2's ER 6 >= B/3 KOMR's 3,
    the kit's invented values), so legal and judged. Combat: B/3 KOMR flipped, the flip undone
    (step 22 takes back step 21), B/3 KOMR deleted (its removal listed); 5/3 advances into 1425,
    the hex B/3 KOMR left (one hex, 13.53: legal; judged since imfix13 reads the Axis as the
    attacker from its landings, before it was listed, not judged: partial); B/4 flipped as a "step loss".
    Written after the audit (the note before it missed that B/4's back is its Fired side): B/4 is
    heavy AA with a range, artillery by 2.24, and 10.14 has both players turn Fired artillery back
    in the Recovery Phase: exactly IM 10.14 at the end of GT1's Recovery Phase (step 33), 1628.
    (The Airhead is placed after the drops; 15.21 places it before any KG drops: a within-phase
    order the audit does not judge, and since orfix21 the report names 5/3's drop made while no
    Airhead stood on the map as not judged.)"""
    text, doc, html = _audit(im, [f"im-turn21{suffix}.vlog"])
    assert found(doc) == [("IM 10.14", f"im-turn21{suffix}.vlog", 33, 1, "recovery", ["B/4"])]
    assert doc["findings"][0]["hexes"] == ["1628"]
    assert doc["coverage"]["moves"]["judged"] == 2
    assert doc["coverage"]["out_of_phase"] == [] and doc["partial"] is None
    assert undos(doc) == [(22, [21])]
    assert "removed B/3 KOMR" in text and "partial:" not in text
    # 10.14 at GT1's Reset Phase end: AA that fought is Fired artillery like any other (2.24, 10.34);
    # no line claims it flips back in the AA Reset Phase instead, which the book does not say (the
    # log names no active side, so B/4 is not judged there for that reason alone)
    assert not [x for x in doc["coverage"]["rules_not_judged"] if "AA on its Fired side" in x["why"]]
    # (one entry per rule, its reasons joined: im23)
    assert ("5/3 paradropped (1424) while no Airhead stood on the map: 15.21 places the airheads before any KG "
            "drops, but the order of moves within a phase is not judged (15.2 judges the Airhead at the phase "
            "end)") in [why for x in doc["coverage"]["rules_not_judged"] if x["rule"] == "IM 15.21"
                        for why in reasons(x["why"])]
    assert "5/3 paradropped (1424) while no Airhead stood on the map" in text
    # what the two judged moves (KG1 unit 2's infiltration, 5/3's advance) read that the kit
    # invented: the terrain of 2 hexes, 1 road step and 2 unit values, the two movers' movement
    # allowances (both illustrative in roster.csv). Not the ERs 8.52 compares (KG1 unit 2's 6,
    # B/3 KOMR's 3, illustrative too): the moves' coverage counts the path and the allowance only
    assert doc["coverage"]["moves"]["illustrative"] == {
        "judged": 2, "counts": {"terrain": 2, "line": 1, "unit": 2}, "rule_parameters": []}
    assert doc["coverage"]["illustrative"] == {"findings": 0, "of": 1}
    assert "judged moves reading an illustrative value 2 of 2 (terrain of 2 hexes, 1 road step, 2 unit values)" \
        in text


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_om_drop_turn_move_split_by_a_mid_phase_save_across_versions(om, suffix):
    """om-version21-1..3: Vogel 1 drops on W4212 and moves W4212 -> W4211; the file is saved
    mid-phase; the next file (the other VASSAL version) moves it on W4211 -> W4210; the third (the
    first version again, the Allied player) moves D/1 Welsh one hex. 4.18: 1 hex on its drop turn:
    exactly OM 4.18 in file 2 at its first step, the move read whole across the seam (W4212 ->
    W4210); both version changes said; the seams close."""
    files = chain("om-version21", 3, suffix)
    text, doc, _ = _audit(om, files)
    assert found(doc) == [("OM 4.18", files[1], 1, 1, "german-movement", ["G-Vogel-1"])]
    assert doc["findings"][0]["hexes"] == ["W4212", "W4210"]
    first, other = ("3.7.26", "3.8.0-beta1") if suffix == "" else ("3.8.0-beta1", "3.7.26")
    assert versions(doc) == [first, other, first]
    assert text.count("! Versions: the VASSAL version changes") == 2
    assert doc["continuity"] == [] and doc["coverage"]["moves"]["judged"] == 4


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_om_file_started_from_a_mid_phase_save_alone(om, suffix):
    """om-version21-2 alone: it starts inside GT1's German Movement Phase, where Vogel 1 had
    moved already. Its one hex W4211 -> W4210 alone fits 4.18, so the book's breach cannot be seen:
    no finding, and the report says that moves made in the phase before the file are in no file
    given."""
    text, doc, _ = _audit(om, [f"om-version21-2{suffix}.vlog"])
    assert found(doc) == []
    assert "starts inside German Movement Phase (turn 1)" in text and "are in no file given" in text


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_om_chain_with_its_middle_file_missing(om, suffix):
    """om-version21-1 and -3 without -2: the third file does not start where the first ended
    (9/III/Sturm and Vogel 1 moved, the tracker moved on): "a file between them may be missing",
    and the 4.18 breach inside the missing file is not found."""
    text, doc, _ = _audit(om, [f"om-version21-1{suffix}.vlog", f"om-version21-3{suffix}.vlog"])
    assert found(doc) == []
    assert "a file between them may be missing" in text
    assert len(doc["continuity"]) == 3


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_na41_move_split_by_a_mid_phase_save_across_versions(na, suffix):
    """na41-version21-1..3: 8 MG Bn 1503 -> 1107 (6 MP: within extended movement, 5.3), saved
    mid-phase; the next file (the other VASSAL version) drags it on 1107 -> 0602, the same Movement
    Phase: together more than the 8 MP of extended movement with MA 5 (5.1; na41-seat20 judged
    1503 -> 0602 in one drag the same). Exactly NA41 5.1 at file 2's first step; 3 Aufkl's one
    hex legal; both version changes said."""
    files = chain("na41-version21", 3, suffix)
    text, doc, _ = _audit(na, files)
    assert found(doc) == [("NA41 5.1", files[1], 1, 1, "i1-axis-movement", ["8MG"])]
    assert doc["coverage"]["moves"]["judged"] == 3 and doc["continuity"] == []
    first, other = ("3.7.26", "3.8.0-beta1") if suffix == "" else ("3.8.0-beta1", "3.7.26")
    assert versions(doc) == [first, other, first]


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_na41_file_started_mid_phase_alone_is_partial(na, suffix):
    """na41-version21-2 alone: it starts inside I1's Axis Movement Phase and ends in it. 8 MG Bn's
    1107 -> 0602 alone fits extended movement: no finding; the report says the phase began before
    the file, and (reaching no phase end) is partial in every format."""
    text, doc, html = _audit(na, [f"na41-version21-2{suffix}.vlog"])
    assert found(doc) == []
    assert "starts inside Impulse 1: Axis Movement Phase (turn 1)" in text
    assert doc["partial"] and "partial:" in text and "partial" in html


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_im_phases_typed_in_chat_never_on_the_tracker(im, suffix):
    """im-chat21-1..2: the turn tracker stays at GT1's Weather Phase; the players type the phases
    in chat, in other words in each file ("GT1 空挺降下フェイズ", "GT1 Movement phase now", then "T1 移動
    (続き)"). By the book the drops and the one-hex moves are legal in the phases the chat names,
    but the audit reads phases from the tracker only: no move judged (4 not in their phase: two
    drops from the KG1 box, two moves), partial in every format, the chat line before the first
    such move quoted, no phase end reached."""
    files = chain("im-chat21", 2, suffix)
    text, doc, html = _audit(im, files)
    assert found(doc) == []
    assert doc["coverage"]["moves"]["judged"] == 0
    assert doc["coverage"]["moves"]["not_judged"]["not in a phase where the unit moves"] == 4
    assert doc["partial"].startswith("partial: 4 of 4") and "partial: 4 of 4" in text and "partial" in html
    assert '"GT1 Movement phase now"' in text


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_na41_one_undo_too_many_puts_a_move_in_the_initial_phase(na, suffix):
    """na41-undofar21: I1 Axis Movement, 3 Aufkl 1503 -> 1208; Next; three Undos take back the
    Next (step 11 takes back 10), the move (12 takes back 9) and one too many, the Next into the
    Axis Movement Phase (13 takes back 8): the tracker stands in I1's Axis Initial Phase when 3
    Aufkl moves 1503 -> 1504 (step 15). Units move in their Movement Phase only: the move is
    listed out of its phase, not judged, the report partial, the chat line before it quoted; the
    undone move judged by no rule."""
    text, doc, html = _audit(na, [f"na41-undofar21{suffix}.vlog"])
    assert found(doc) == []
    assert undos(doc) == [(11, [10]), (12, [9]), (13, [8])]
    out = doc["coverage"]["out_of_phase"]
    assert [(o["step"], o["unit"], o["from"], o["to"], o["phase"]) for o in out] == \
        [(15, "3 Aufkl", "1503", "1504", "Impulse 1: Axis Initial Phase")]
    moves = doc["coverage"]["moves"]
    assert moves["judged"] == 0 and moves["not_judged"]["undone"] == 2
    assert doc["partial"] and "partial: 1 of 3" in text and "partial" in html
    assert '"戻しすぎた? undo x3 - 3 Aufkl again"' in text


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_im_airhead_dragged_along_with_its_stack(im, suffix):
    """im-airhead21: GT1 Airborne: the Airhead on 1424 first (15.21's order), then 5/3 and KG1
    unit 1 on 1424. Movement: the 1424 stack dragged whole to 1423 (one hex each, 15.16; out of B/3
    KOMR's ZOC, 8.24 allows it), the Airhead with it. 15.22 「空挺堡は移動できない」: the airhead
    moved: exactly IM 15.22 at the Movement Phase's end (step 13), 1424 and 1423 (nothing was
    placed: 15.21 is the placement in the Paradrop Phase; before this round's fix the moved airhead
    was also read as a new one, IM 15.21 "placed in 1423 in the Movement Phase"); both units'
    moves judged legal."""
    _, doc, _ = _audit(im, [f"im-airhead21{suffix}.vlog"])
    assert found(doc) == [("IM 15.22", f"im-airhead21{suffix}.vlog", 13, 1, "movement", [])]
    assert doc["findings"][0]["hexes"] == ["1424", "1423"]
    assert doc["coverage"]["moves"]["judged"] == 2 and doc["coverage"]["out_of_phase"] == []


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_om_drop_put_back_in_its_wave_box(om, suffix):
    """om-boxback21: GT1 Paradrop: 9/III/Sturm W4213, Vogel 1 W4212, Vogel 2 W4211, then Vogel 2
    dragged back into the German first wave box (steps 14-15: listed as taken back by hand, not
    judged); German Movement: Vogel 1 W4212 -> W4211 (one hex, 4.18). No finding, Vogel 1's move
    judged."""
    text, doc, _ = _audit(om, [f"om-boxback21{suffix}.vlog"])
    assert found(doc) == []
    tb = doc["integrity"]["taken_back"]
    assert tb["count"] == 1 and [(i["unit"], i["steps"]) for i in tb["items"]] == [("G-Vogel-2", [14, 15])]
    assert doc["coverage"]["moves"]["judged"] == 1
    assert "dragged Vogel (2 of 2) back to german-first-wave" in text


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_om_wave_unit_kept_back_is_named_not_judged(om, suffix):
    """om-boxback21: Vogel 2 stands in the German first wave box when GT1's German Movement Phase
    ends. 6.11 「「第一波」の下に列記されたユニットは、ゲーム・ターン 1 に落下傘降下する」 binds the units the
    set-up card lists under the first wave; the box a unit stands in is not the card: Scenario 3
    drops no Vogel unit at all (14.3 「4/I/1と2つのVogelユニットを除く全ての予備波ユニット…」; the kit's
    roster marks both Vogels reserve wave), and a log names no scenario. So no OM 6.11 finding, and
    OM 6.11 named not judged for Vogel 2 (before: nothing said, while the coverage claimed 6.11
    judged)."""
    _, doc, _ = _audit(om, [f"om-boxback21{suffix}.vlog"])
    assert not [f for f in doc["findings"] if f["rule"] == "OM 6.11"]
    assert [r for r in doc["coverage"]["rules_not_judged"]
            if r["rule"] == "OM 6.11" and "Vogel (2 of 2)" in r["why"]]
