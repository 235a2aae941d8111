"""Round oracle23 of messy play recorded in real VASSAL 3.7.26 and its 3.8.0-beta1 twin
(``tests/data/recorded``, README there, ``record_oracle23.py``): two stacks selected together and
dragged as one (one into an enemy-held hex), chat full of phase words while the tracker is pressed
properly, a side handed from one player to another within a log, and a player who takes the other
side's seat and moves its unit. What each test asserts was written down from the Japanese
rulebooks (``../shared/seeds/``, the authority) before the audit was run:

* North Africa '41 5.1 「ユニット又はスタックは、敵戦闘ユニットによって占められたへクスへ進入できません」
  (a multi-selection drag is one command; each stack in it is judged on its own); 7.2 (a unit
  entering an enemy ZOC stops there: ending a move beside the enemy is legal); the Movement Phase
  is the phasing player's (3.0: the Axis Movement Phase moves Axis units).
* Operation Mercury 4.16 「友軍ユニットは、敵の戦闘ユニットを含んでいるヘクスへ進入できない」 (the
  exceptions, 6.12[c] paradrop and 17.4 landing, are not movement); 4.15 (a unit with a movement
  allowance may always move one hex).
* Invasion: Malta 15.16 「同じ活性化中の自軍移動フェイズ中に降下したユニットは…1 ヘクスのみ移動できる
  （シナリオ 3 と 4）」: KG1 unit 2, dropped on 1524, moves 1524 -> 1624 -> 1724 (two hexes). The
  phase is the turn tracker's; a chat line ("the combat phase next turn", "GT3 movement") is talk.
* Operation Mercury 7.1 (the German Movement Phase moves German units): Vogel 2 W4213 -> W4214 is
  legal whoever sits at the German seat; who sits there is the integrity section's to tell.

The ``-38`` twins are the same scripts played with the VASSAL versions swapped and give the same
report (piece ids and save dates apart)."""
from __future__ import annotations

import pytest

from recorded_audit_util import RECORDED as DATA, SUFFIXES, found, game_module_fixtures, recorded_auditor

PASSWORDS = ("pw-na23", "pw-om23", "pw-im23", "pw-alice23", "pw-bob23")


na, om, im = game_module_fixtures("rec23")
_audit = recorded_auditor(PASSWORDS)


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_na41_multiselection_drag_judges_each_stack(na, suffix):
    """na41-multidrag23, NA41 S1, I1 Axis Movement: the stacks of 1503 (3 Aufkl, 8 MG Bn) and 1604
    (5 Pz Rgt, 2 MG Bn, I/33 Flak) dragged as one at step 10: 1503's to 1707 (beside 6 RTR/3 Hus:
    7.2, it stops there, legal), 1604's into 1808 where 6 RTR and 3 Hus stand (5.1: no unit enters
    a hex with an enemy combat unit). Exactly the three units of the second stack break 5.1, and
    the hex holding both sides is said; the first stack's two units are named in no finding."""
    text, doc, _ = _audit(na, f"na41-multidrag23{suffix}.vlog")
    got = found(doc)
    step = ("NA41 5.1", f"na41-multidrag23{suffix}.vlog", 10, 1, "i1-axis-movement")
    assert sorted(g[5] for g in got) == sorted([["6RTR", "3Hus", "5Pz", "2MG", "I/33Flak"], ["5Pz"], ["2MG"], ["I/33Flak"]])
    assert all(g[:5] == step for g in got)
    assert not any(u in g[5] for g in got for u in ("3Aufkl", "8MG"))
    assert doc["coverage"]["moves"]["judged"] == 5 and doc["partial"] is None
    assert "5 Pz Rgt (5Pz) moved from 1604 to 1808" in text and "1808 holds units of both sides" in text


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_om_multiselection_drag_one_stack_into_the_enemy(om, suffix):
    """om-multidrag23, OM Scenario 3, GT1 German Movement: Vogel 2 (W4213) and 9/III/Sturm (W4216)
    dragged one hex north as one (step 17): Vogel 2 to W4212 is legal (4.15), 9/III/Sturm into
    W4215, 7 RTR's hex, breaks 4.16; the phase ends with both sides in W4215 (step 18). Vogel 2 is
    named in no finding."""
    text, doc, _ = _audit(om, f"om-multidrag23{suffix}.vlog")
    name = f"om-multidrag23{suffix}.vlog"
    assert found(doc) == [("OM 4.16", name, 17, 1, "german-movement", ["G-9-III-Sturm"]),
                          ("OM 4.16", name, 18, 1, "german-movement", ["A-7RTR-1", "G-9-III-Sturm"])]
    assert doc["partial"] is None
    assert "9/III/Sturm (G-9-III-Sturm) moved W4216 → W4215: W4215 holds enemy units" in text


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_im_chat_with_phase_words_does_not_move_the_phase(im, suffix):
    """im-phasechat23, IM Scenario 3, GT1 Movement (the tracker pressed properly): chat "I'll attack
    in the combat phase next turn", KG1 unit 2 1524 -> 1624, chat "GT3 movement was fine", 1624 ->
    1724 (step 15). 15.16: the dropped unit's second hex breaks the one-hex limit, judged in GT1's
    Movement Phase (not a combat phase, not GT3); every step's phase is the tracker's."""
    text, doc, _ = _audit(im, f"im-phasechat23{suffix}.vlog")
    assert found(doc) == [("IM 15.16", f"im-phasechat23{suffix}.vlog", 15, 1, "movement", ["S3-KG1-2"])]
    cov = doc["coverage"]
    assert cov["steps_phase_known"] == cov["steps"] == 18 and cov["steps_turn_inferred"] == 0
    assert "moved 2 hex(es); it may move 1" in text


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_om_side_handed_to_another_player_within_the_log(om, suffix):
    """om-seat23, OM Scenario 3: Alice (German) drops the three first-wave units, gives up her seat
    at step 17 (observer) and Bob takes the German side; Bob moves Vogel 2 W4213 -> W4214 in the
    German Movement Phase: legal (no finding). The integrity section says the hand-over (German:
    Alice -> Bob) and does not say Alice moved as an observer (her moves were made as German)."""
    text, doc, _ = _audit(om, f"om-seat23{suffix}.vlog")
    assert found(doc) == [] and doc["partial"] is None
    seats = doc["integrity"]["seats"]
    assert seats["side_changes"] == [{"side": "German", "from": "Alice", "to": "Bob",
                                      "file": str(DATA / f"om-seat23{suffix}.vlog")}]
    assert seats["files"][0]["moves_by_player"] == {"Alice": 3, "Bob": 1}
    assert "Alice changed sides within" in text and "(German -> <observer>, step 17)" in text
    assert "while seated as" not in text


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_na41_player_takes_the_other_seat_and_moves_its_unit(na, suffix):
    """na41-otherseat23, NA41 S1, I1 Axis Movement: 3 Aufkl 1503 -> 1208 (legal), the Axis player
    switches to the Allied seat (step 11), drags 6 RTR 1808 -> 1908 (step 12) and switches back
    (step 13). By the book an Allied unit does not move in the Axis Movement Phase; the audit
    cannot tell a wrong phase from a tracker left behind and says the move was not judged (partial,
    listed out of phase); both side changes are said."""
    text, doc, _ = _audit(na, f"na41-otherseat23{suffix}.vlog")
    assert found(doc) == []
    assert doc["partial"] and "1 of 2 unit move(s) were not judged" in doc["partial"]
    assert [(o["step"], o["unit"], o["from"], o["to"]) for o in doc["coverage"]["out_of_phase"]] == [(12, "6 RTR", "1808", "1908")]
    assert "(Axis -> Allied, step 11)" in text and "(Allied -> Axis, step 13)" in text
