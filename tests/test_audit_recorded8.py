"""Round 8 of real play recorded in real VASSAL (``tests/data/recorded``, README there,
``record8.py``): Japanese players on Operation Mercury, Scenario 3 - rolls typed in Japanese, a
sentence about a roll that was not made, a play-by-email chain given in the wrong order, with a
file missing or given twice, a file with no tracker click, and a file played from an older save.
Each finding and each silence is checked by hand against ``../shared/rules/operation-mercury.md``
(4.18: a paradropped unit moves at most 1 hex on its arrival turn; 9.84: an advance after combat
covers at most 2 hexes; 9.61: retreats). The ``-38`` twins are the same scripts played in VASSAL
3.8.0-beta1 and give the same findings."""
from __future__ import annotations

from pathlib import Path

import pytest

from bundled_module_util import bundled_module
from recorded_audit_util import audit_formats, found
from vmodgen.audit.coverage import reasons
from vmodgen.audit.order import ORDER_CONSEQUENCE

DATA = Path(__file__).parent / "data" / "recorded"
PASSWORDS = ("pw-taro8", "pw-hanako8", "pw-im8")


@pytest.fixture(scope="module")
def om(tmp_path_factory) -> Path:
    return bundled_module("operation-mercury", tmp_path_factory, "rec8-om").module


def _audit(module: Path, names: list[str]) -> tuple[str, dict, str]:
    return audit_formats(module, [DATA / f"{n}.vlog" for n in names], PASSWORDS)




def _not_judged(doc: dict) -> dict[str, str]:
    # (each rule's last reason: its entry joins them, one_entry_per_rule)
    return {x["rule"]: reasons(x["why"])[-1] for x in doc["coverage"]["rules_not_judged"]}


@pytest.mark.parametrize("suffix", ["", "-38"])
def test_japanese_typed_roll_completes_the_first_combat(om, suffix):
    """om-jpdice8: GT1, 9/III/Sturm and Vogel 1 paradrop (W4214, W4213); German Combat Phase: chat
    "戦闘フェイズ：9/III/Sturmが19NZを攻撃", the 1d10 button; 19 NZ W4315 -> W4215; 9/III/Sturm W4214 ->
    W4315 -> W4316 -> W4317 (OM 9.84: an advance covers at most 2 hexes); then a second combat typed
    in Japanese: "...5以上で成功、2個大隊で6ヘクス移動済み" (no roll), "サイコロ: 7" (a die rolled at the
    table), "振り直し", "６" (the re-roll); 19 NZ W4215 -> W4216; the log ends in the combat phase.
    The typed rolls are read as rolls (below). Since retreat14 the Combat Phase's drags are judged
    as retreats and advances at each drag: OM 9.84 at step 24, where the advance (2 hexes in its
    first drag) reaches W4316; and OM 4.24 at step 30: 19 NZ's stack dragged whole W4215 -> W4216
    takes 7 RTR (armour) across the rough hexside without a road (9.61: no retreat across
    prohibited terrain; the kit's terrain is illustrative). Before retreat14: 9.84 on the record
    so far at step 29, the second retreat not judged."""
    name = f"om-jpdice8{suffix}"
    text, doc, html = _audit(om, [name])
    assert found(doc) == [("OM 9.84", f"{name}.vlog", 24, 1, "german-combat", ["G-9-III-Sturm"]),
                          ("OM 4.24", f"{name}.vlog", 30, 1, "german-combat", ["A-7RTR-1"])]
    assert "W4214 → W4316, more than 2 hexes" in doc["findings"][0]["message"]
    assert "retreated from W4215 into W4216" in doc["findings"][1]["message"]
    # 4.24 rests on the kit's illustrative terrain (rough hexes, roads); 9.84 counts hexes only
    assert not doc["findings"][0].get("illustrative") and doc["findings"][1].get("illustrative")
    assert "findings resting on illustrative values 1 of 2" in text
    assert "OM 9.61" not in _not_judged(doc)
    typed = [(t["step"], t["text"], t["values"]) for t in doc["integrity"]["dice"]["typed"]]
    assert typed == [(27, "サイコロ: 7", [7]), (29, "６", [6])]     # the sentence at step 26 is no roll
    assert "[OM 9.84]" in text and "OM 9.84" in html


@pytest.mark.parametrize("suffix", ["", "-38"])
def test_if_he_rolls_is_no_roll(om, suffix):
    """om-ifroll8: om-pending-incombat's play (the advance W4214 -> W4317 in the German Combat
    Phase, the log ends in it), then "if he rolls 5 I win": no roll (none typed is read). Round 8:
    the combat might go on, OM 9.61/9.84 named not judged (before it: "rolls 5" read as a roll, OM
    9.84 at step 26, the chat line). Since retreat14 the advance is judged at its drags, whatever
    comes after: OM 9.84 at step 24, where it reaches its third hex."""
    name = f"om-ifroll8{suffix}"
    _, doc, _ = _audit(om, [name])
    assert found(doc) == [("OM 9.84", f"{name}.vlog", 24, 1, "german-combat", ["G-9-III-Sturm"])]
    assert doc["integrity"]["dice"].get("typed", []) == []


def _chain(suffix: str, order: str) -> list[str]:
    return [f"om-jp8-{k}{suffix}" for k in order.split()]


@pytest.mark.parametrize("suffix", ["", "-38"])
def test_chain_in_order(om, suffix):
    """om-jp8-1 2 3: 0 findings (9/III/Sturm and Vogel 1 each move 1 hex after their drop, 4.18);
    the re-roll of file 2 named; file 3 (Allied, the tracker never pressed: it stays in the
    German Combat Phase) drags 19 NZ W4315 -> W4316 -> W4317 after typing "連合軍移動フェイズ...":
    read as a retreat in the Combat Phase the tracker shows, and since retreat14 judged so (2
    hexes, no enemy ZOC: legal; before, listed as not judged with the Japanese announcement
    quoted, 9.61 named not judged)."""
    text, doc, _ = _audit(om, _chain(suffix, "1 2 3"))
    assert found(doc) == []
    assert not [w for w in doc["coverage"]["warnings"] if "order" in w or "missing" in w]
    assert any("Re-roll" in f and "is the one that stands" in f for f in doc["integrity"]["flags"])
    assert "OM 9.61" not in _not_judged(doc) and doc["coverage"]["moves"]["judged"] == 4


@pytest.mark.parametrize("suffix", ["", "-38"])
def test_chain_out_of_order_says_the_order_judged(om, suffix):
    """3 1 2 (given so, with --keep-order): the save dates say 1, 2, 3; the report names the order
    it judged in (3, 1, 2) and what that means; the seam 3 -> 1 is a continuity issue, no file is
    called missing; file 1 and 2's own moves are still judged (0 findings)."""
    names = _chain(suffix, "3 1 2")
    text, doc, html = _audit(om, names)
    w = doc["coverage"]["warnings"]
    assert (f"The files were judged in this order: om-jp8-3{suffix}.vlog, om-jp8-1{suffix}.vlog, "
            f"om-jp8-2{suffix}.vlog (each going on from the one before it).") in w
    assert any(f"saved in the order om-jp8-1{suffix}.vlog, om-jp8-2{suffix}.vlog, om-jp8-3{suffix}.vlog" in m for m in w)
    assert ORDER_CONSEQUENCE in w and not any("may be missing" in m for m in w)
    assert found(doc) == [] and doc["coverage"]["moves"]["judged"] == 4      # file 3's retreat: 2 drags
    assert "judged in this order" in text and "judged in this order" in html


@pytest.mark.parametrize("suffix", ["", "-38"])
def test_chain_missing_and_twice(om, suffix):
    """1 3: file 2 left out: "a file between them may be missing" naming the German unit placed
    differently (9/III/Sturm W4213 -> W4113 in file 2) and the tracker moved on (German Movement ->
    German Combat). 1 2 2: file 2 given twice: said by name."""
    _, doc, _ = _audit(om, _chain(suffix, "1 3"))
    gap = [m for m in doc["coverage"]["warnings"] if "may be missing" in m]
    assert len(gap) == 1 and "units of german 1" in gap[0]
    assert "German Movement Phase → Game Turn 1 German Combat Phase" in gap[0]
    _, doc, _ = _audit(om, _chain(suffix, "1 2 2"))
    assert any(m.startswith(f"om-jp8-2{suffix}.vlog is given again") for m in doc["coverage"]["warnings"])


@pytest.mark.parametrize("suffix", ["", "-38"])
def test_chain_goes_back_to_an_older_save(om, suffix):
    """om-jp8-4: the German loads his own older save (file 1's, mid German Movement) after file 3
    and moves Vogel 1 W4211 -> W4210 (2 hexes from its drop hex W4212 on its arrival turn: OM 4.18).
    1 2 3 4: said as a branch (files 2 and 4 both start where file 1 ended), and file 4 is judged
    from the end of file 1: OM 4.18 at file 4 step 1, as 1 4 gives it. Before this round: 0
    findings (file 4 judged going on from file 3, whose memory - file 2's end of the German
    Movement Phase - began Vogel 1's move again)."""
    f4, f1, f3 = f"om-jp8-4{suffix}.vlog", f"om-jp8-1{suffix}.vlog", f"om-jp8-3{suffix}.vlog"
    want = [("OM 4.18", f4, 1, 1, "german-movement", ["G-Vogel-1"])]
    for order in ("1 2 3 4", "1 4"):
        _, doc, _ = _audit(om, _chain(suffix, order))
        assert found(doc) == want, order
        assert "W4212 to W4210" in doc["findings"][0]["message"]
    _, doc, _ = _audit(om, _chain(suffix, "1 2 3 4"))
    branch = [m for m in doc["coverage"]["warnings"] if "a branch" in m]
    assert len(branch) == 1 and f"{f4} was started from an older save" in branch[0]
    assert f"{f4} and the files after it were judged going on from the end of {f1}" in branch[0]
    assert f"not from {f3}" in branch[0]
    seam = [x for x in doc["integrity"]["seams"] if Path(x["after"]).name == f4] if "seams" in doc["integrity"] else []
    assert seam and seam[0]["starts_at"].startswith(f"where {f1} ended (a branch")
    # the seam 3 -> 4 is still a continuity issue (the pieces and the tracker went back)
    assert {(Path(c["before"]).name, Path(c["after"]).name) for c in doc["continuity"]} == {(f3, f4)}
    assert len(doc["continuity"]) == 3          # 19 NZ and 9/III/Sturm placed back, the tracker set back


@pytest.mark.parametrize("suffix", ["", "-38"])
def test_rules_pending_at_the_end_of_a_branch_read_no_abandoned_file(om, suffix):
    """1 2 3 4: file 4 (a branch from the end of file 1) ends mid German Movement; OM 4.16/4.31
    (judged at a phase end) are said as not judged, with the units moved since they were last
    judged on the play file 4 goes on from: the end of the German Paradrop Phase in file 1, as
    1 4 gives it. Before: "since the end of the Defender Reaction Phase ... om-jp8-2.vlog", a
    phase end on the abandoned branch (files 2 and 3)."""
    f1, f2 = f"om-jp8-1{suffix}.vlog", f"om-jp8-2{suffix}.vlog"
    _, doc, _ = _audit(om, _chain(suffix, "1 2 3 4"))
    _, direct, _ = _audit(om, _chain(suffix, "1 4"))
    said, want = _not_judged(doc), _not_judged(direct)
    for rule in ("OM 4.16", "OM 4.31"):
        assert f"since the end of the German Paradrop Phase (turn 1, {f1})" in said[rule], said[rule]
        assert f2 not in said[rule] and said[rule] == want[rule]


@pytest.mark.parametrize("suffix", ["", "-38"])
def test_a_replay_says_no_branch_was_judged(suffix):
    """1 2 3 4 with --replay-only: the branch is said (files 2 and 4 both start where file 1
    ended), but not that file 4 was "judged going on from the end of" file 1: no rule ran."""
    from vmodgen.audit import audit
    r = audit([str(DATA / f"{n}.vlog") for n in _chain(suffix, "1 2 3 4")], replay_only=True, keep_order=True)
    branch = [m for m in r.coverage["warnings"] if "a branch" in m]
    assert len(branch) == 1 and f"both start where om-jp8-1{suffix}.vlog ended" in branch[0]
    assert "judged" not in branch[0]


@pytest.fixture(scope="module")
def im(tmp_path_factory) -> Path:
    return bundled_module("invasion-malta", tmp_path_factory, "rec8-im").module


@pytest.mark.parametrize("suffix", ["", "-38"])
def test_undo_across_a_tracker_click_and_a_roll(im, suffix):
    """im-undo8 (Invasion: Malta, Scenario 3): KG1 unit 2 lands in 2021, moves 2022, then 2023 (a
    second hex on its drop turn would be IM 15.16, as in im-dirty); Next, Undo (the Next), Undo (the
    drag to 2023); Next again; a d10, Undo, a d10 again. 0 findings: the undone Next ends no
    Movement Phase, the undone drag is on no path; both undos and the undone roll are listed
    (the undone roll left out of the dice tests)."""
    _, doc, _ = _audit(im, [f"im-undo8{suffix}"])
    assert found(doc) == []
    undos = doc["integrity"]["undo"]["undos"]
    assert len(undos) == 3
    assert doc["coverage"]["moves"]["not_judged"]["undone"] == 2
    rolls = doc["integrity"]["dice"]["rolls"]
    assert [r["undone"] for r in rolls] == [True, False]
    rr = doc["integrity"]["undo"]["rerolls"]
    assert len(rr) == 1 and rr[0]["new_step"] == rolls[1]["step"]


@pytest.mark.parametrize("suffix", ["", "-38"])
def test_a_whole_turn_with_no_tracker_click(im, suffix):
    """im-notracker8 (Invasion: Malta, Scenario 3): the tracker is never pressed (GT1's Weather
    Phase); the turn is announced only in Japanese chat: "第1ターン 空挺降下フェイズ", the drops (5/3,
    KG1 units 1-2, the Airhead), "移動フェイズ", KG1 unit 2 2021 -> 2022 -> 2023 (IM 15.16 were the
    phase known), "移動終了。戦闘フェイズ", "出目は8", "ターン終了". 0 findings, and the report says
    why: partial, 5 of 5 moves not judged (3 arrivals from the box, 2 moves in the Weather
    Phase), quoting "移動フェイズ"; the end-of-phase rules named not judged (the log ends in the
    Weather Phase); the typed roll "出目は8" listed to check."""
    name = f"im-notracker8{suffix}"
    text, doc, _ = _audit(im, [name])
    assert found(doc) == []
    assert doc["coverage"]["moves"]["judged"] == 0 and doc["coverage"]["moves"]["seen"] == 5
    assert "partial: 5 of 5 unit move(s) were not judged" in text
    assert f"before the first such move of {name}.vlog (step 6): \"移動フェイズ\"" in text
    assert _not_judged(doc)["IM 3.32"].startswith(f"the log ends before the end of the Weather Phase (turn 1, {name}.vlog)")
    assert [(t["step"], t["text"], t["values"]) for t in doc["integrity"]["dice"]["typed"]] == [(10, "出目は8", [8])]
