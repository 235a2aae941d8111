"""Round 7 of real play recorded in real VASSAL (``tests/data/recorded``, README there,
``record7.py``): what play-by-email players get wrong when they open the opponent's log, skip or
overshoot phases on the tracker, take moves back by hand, share a side, and type their rolls.
Each finding and each silence is checked by hand against ``../shared/rules/north-africa-41.md``
(S1 Enter Rommel; the sequence of play 3.1/3.2). The ``-38`` twins are the same scripts played in
VASSAL 3.8.0-beta1 and give the same sentences."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from bundled_module_util import bundled_module
from recorded_audit_util import audit_formats
from vmodgen.commands.integrity import command as integrity_command

DATA = Path(__file__).parent / "data" / "recorded"
PASSWORDS = ("pw-axis7", "pw-allied7", "pw-alice-7", "pw-carol-7", "pw-dave-7")


@pytest.fixture(scope="module")
def na41(tmp_path_factory) -> Path:
    return bundled_module("north-africa-41", tmp_path_factory, "rec7-na41").module


def _audit(module: Path, names: list[str], *extra: str) -> tuple[str, dict, str]:
    return audit_formats(module, [DATA / f"{n}.vlog" for n in names], PASSWORDS, *extra)


def _warnings(doc: dict) -> list[str]:
    return doc["coverage"]["warnings"]


@pytest.mark.parametrize("suffix", ["", "-38"])
def test_stopped_mid_log(na41, suffix):
    """na41-step7-2mid: the Allied player loaded the Axis log na41-step7-1 (17 steps: eight Nexts to
    I1's Axis Movement Phase, 3 Aufkl 1503 -> 1208, 8 MG Bn 1503 -> 1107, 2 MG Bn 1604 -> 1606, a
    chat line, five Nexts to I2's Allied Initial Phase), stepped 10 of its steps and began his own
    log. The chain's seam says where file 2 starts (after step 10), what steps 11-17 did that
    file 2 never saw (2 MG Bn's move, the tracker), and no longer calls it a missing file."""
    text, doc, html = _audit(na41, [f"na41-step7-1{suffix}", f"na41-step7-2mid{suffix}"])
    said = [w for w in _warnings(doc) if "stood after step" in w]
    assert len(said) == 1, _warnings(doc)
    w = said[0]
    assert f"na41-step7-2mid{suffix}.vlog starts where na41-step7-1{suffix}.vlog stood after step 10 of its 17" in w
    assert "Steps 11-17" in w and "2MG 1604 → 1606" in w
    assert "Impulse 1: Axis Movement Phase → Turn 1 Impulse 2: Allied Initial Phase" in w
    assert not any("may be missing" in m for m in _warnings(doc))
    assert "stood after step 10" in text and "stood after step 10" in html
    seams = doc["integrity"]["seams"]
    assert seams[0]["starts_at"] == f"where na41-step7-1{suffix}.vlog stood after step 10 of its 17"
    r = CliRunner().invoke(integrity_command, ["--module", str(na41), *[str(DATA / f"na41-step7-{n}{suffix}.vlog")
                                                                      for n in ("1", "2mid")]])
    assert r.exception is None and f"it starts where na41-step7-1{suffix}.vlog stood after step 10 of its 17" in r.stdout
    # the Allied moves are judged: 6 RTR and 3 Hus 1808 -> 1909 in I2's Allied Movement Phase (2 hexes)
    assert doc["findings"] == [] and doc["coverage"]["moves"]["judged"] == 5     # file 1's three, the stack's two


@pytest.mark.parametrize("suffix", ["", "-38"])
def test_undo_after_stepping(na41, suffix):
    """na41-step7-2undo: stepped to the end of na41-step7-1, then Undo. VASSAL's BasicLogger.undo
    takes the last replayed step back (Next to I2's Allied Initial Phase), and the SetTurn read
    from the log restores the state the tracker had when the log was decoded, so the tracker shows
    I1's Allied Initial Phase (what file 1 showed after its step 1), not I1's Axis Delay Phase. The
    pieces are where file 1 ended. Before this round: no warning at all (only a continuity line).
    (The same undo in VASSAL 3.8.0-beta1 gives the same state.)"""
    _, doc, _ = _audit(na41, [f"na41-step7-1{suffix}", f"na41-step7-2undo{suffix}"])
    said = [w for w in _warnings(doc) if "turn tracker set back" in w]
    assert len(said) == 1, _warnings(doc)
    assert "after step 1 of na41-step7-1" in said[0] and "Impulse 1: Allied Initial Phase, not Turn 1 Impulse 2" in said[0]
    # the script's two Nexts (meant for I1 Axis Delay -> I2 Allied Movement) took the tracker from
    # I1 Allied Initial through I1 Allied Movement to I1 Allied Combat: the stack's drag there, with no
    # roll, is judged as a retreat or advance and said so, the movement phase passed with no step named
    assert doc["findings"] == [] and doc["coverage"]["moves"]["judged"] == 5
    said = [w for w in _warnings(doc) if "before any die roll" in w]
    assert len(said) == 1 and "step 3 (turn 1, Impulse 1: Allied Combat Phase): 6 RTR, 3 Hus" in said[0]
    assert "passed the Impulse 1: Allied Movement Phase with no step of its own (step 1)" in said[0]


@pytest.mark.parametrize("suffix", ["", "-38"])
def test_same_log_continued_twice(na41, suffix):
    """na41-step7-2 and na41-step7-2again both step na41-step7-1 to its end and play on: a branch,
    named as such (not a missing file, not an earlier step)."""
    _, doc, _ = _audit(na41, [f"na41-step7-1{suffix}", f"na41-step7-2{suffix}", f"na41-step7-2again{suffix}"])
    w = _warnings(doc)
    assert any(f"na41-step7-2{suffix}.vlog and na41-step7-2again{suffix}.vlog both start where" in m
               and "the same file opened again" in m for m in w), w
    assert not any("may be missing" in m or "stood after step" in m for m in w)
    # the chain that closes says nothing
    _, ok, _ = _audit(na41, [f"na41-step7-1{suffix}", f"na41-step7-2{suffix}"])
    assert not any("step" in m and "na41-step7" in m for m in _warnings(ok))


@pytest.mark.parametrize("suffix", ["", "-38"])
def test_phase_skipped_on_tracker(na41, suffix):
    """na41-tracker7: Next once, then twice (I1 Allied Movement passed with no step), the Allied
    stack 1808 -> 1909 in the Allied Combat Phase with no die rolled (3.2: movement is made in the
    Movement Phase); then Next three times past I1 Axis Movement and Prev three times back; 3
    Aufkl 1503 -> 1208 (legal, 7 MP of its 6 + extended movement, as in na41-supply). No finding;
    a warning names the drag before any roll and the movement phase skipped. Before this round:
    silent (the drag was judged as an advance after combat)."""
    _, doc, _ = _audit(na41, [f"na41-tracker7{suffix}"])
    assert doc["findings"] == []
    said = [w for w in _warnings(doc) if "before any die roll" in w]
    assert len(said) == 1, _warnings(doc)
    assert "step 4 (turn 1, Impulse 1: Allied Combat Phase): 6 RTR, 3 Hus" in said[0]
    assert "passed the Impulse 1: Allied Movement Phase with no step of its own (step 2)" in said[0]


def test_deleted_and_back_and_zero_move(na41):
    """na41-back7, I1 Axis Movement: 8 MG Bn deleted and a new 8 MG Bn from the palette onto 1503
    (named as brought back, in the integrity section); 5 Pz Rgt 1604 -> 1707 (next to 6 RTR and 3
    Hus in 1808: their ZOC, 7.2) -> 1604: a drag back by hand (a take-back, not judged: listed);
    3 Aufkl 1503 -> 1504 judged."""
    text, doc, html = _audit(na41, ["na41-back7"])
    assert doc["findings"] == []
    back = doc["integrity"]["pieces"]["put_back"]
    assert [(b["name"], b["removed_step"], b["added_step"]) for b in back] == [("8 MG Bn", 9, 10)]
    assert "brought back" in text and "brought back" in html
    moves = doc["coverage"]["moves"]
    assert (moves["judged"], moves["not_judged"]["taken back by hand"], moves["not_judged"]["off-map"]) == (1, 2, 1)
    assert "dragged 5 Pz Rgt back to 1604: steps 11, 12 (1604 → 1707 → 1604)" in text


def test_two_players_one_side_and_observer(na41):
    """na41-seat7-1..3: Alice (Axis) moves 3 Aufkl; Carol loads Alice's save, cannot take the
    Axis seat (Alice holds it: VASSAL seats her as observer) and moves 8 MG Bn; Dave joins as
    observer and chats. The seats are said, Carol's moves as an observer flagged; no password in
    any report (checked in _audit) nor in the integrity command's output."""
    names = ["na41-seat7-1", "na41-seat7-2", "na41-seat7-3"]
    text, doc, _ = _audit(na41, names)
    assert any("Carol moved pieces in" in f and "'<observer>'" in f for f in doc["integrity"]["flags"])
    assert "Dave (<observer>)" in text
    r = CliRunner().invoke(integrity_command, ["--module", str(na41), *[str(DATA / f"{n}.vlog") for n in names]])
    assert r.exception is None and "Carol" in r.stdout and not any(pw in r.stdout for pw in PASSWORDS)


@pytest.mark.parametrize("suffix", ["", "-38"])
def test_typed_rolls_and_reroll(na41, suffix):
    """na41-dice7, I1 Axis Combat: 2d6 by the button; "I rolled 6" and "rolled 11 for the attack
    on 1808" typed; 2d6, Undo, 2d6. The integrity section says the first typed roll repeats the
    button's roll (if its total is 6); the other is flagged when the first repeated that roll (no
    button was rolled since: a second roll typed, not rolled), else it is listed to check (it may
    be that roll, modified); the re-roll names the roll that stands."""
    _, doc, _ = _audit(na41, [f"na41-dice7{suffix}"])
    dice = doc["integrity"]["dice"]
    rolls = [r for r in dice["rolls"] if not r["undone"]]
    first = rolls[0]
    typed = {t["text"]: t for t in dice["typed"]}
    assert set(typed) == {"I rolled 6", "rolled 11 for the attack on 1808"}
    assert typed["I rolled 6"]["matches"] == (sum(first["values"]) == 6)
    assert typed["rolled 11 for the attack on 1808"]["matches"] == (sum(first["values"]) == 11)
    flags = doc["integrity"]["flags"]
    assert any("typed 'rolled 11" in f for f in flags) == (sum(first["values"]) == 6)
    undone = [r for r in dice["rolls"] if r["undone"]]
    assert len(undone) == 1 and rolls[-1]["step"] > undone[0]["step"]
    rr = doc["integrity"]["undo"]["rerolls"]
    assert len(rr) == 1 and rr[0]["new_step"] == rolls[-1]["step"]
    if rr[0]["verdict"] == "different":
        assert any(f"the roll at step {rolls[-1]['step']} is the one that stands" in f for f in flags)


@pytest.mark.parametrize("suffix", ["", "-38"])
@pytest.mark.parametrize("second,read", [("2mid", "they were read in na41-step7-1"),
                                         ("2undo", "moves were read in the phases its tracker shows")])
def test_integrity_seam_says_read_not_judged(na41, suffix, second, read):
    """integrity runs no rule: its seam sentences (a file begun after stepping part of the one
    before; the tracker set back by an Undo after stepping) say the moves were read, never judged
    (before: "they were judged in ...", "...'s moves were judged in the phases its tracker shows")."""
    r = CliRunner().invoke(integrity_command, ["--module", str(na41), *[str(DATA / f"na41-step7-{n}{suffix}.vlog")
                                                                      for n in ("1", second)]])
    assert r.exception is None
    seam = [line for line in r.stdout.splitlines() if "Seam:" in line]
    assert seam and any(read in line for line in seam), r.stdout
    assert not any("judged" in line for line in seam), seam
