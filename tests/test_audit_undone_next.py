"""Where the rule "a turn tracker's Next that an Undo takes back ends no phase" stops: logs built
from na41-stackundo19 (real VASSAL 3.7.26) by keeping its first 11 steps (two whole stacks
dragged onto Brescia in 1602: 6 stacking points, Axis Movement Phase) and writing further steps
as VASSAL 3.7.26 writes them (``BasicLogger``: a Next is one entry, the tracker's report line
with ``TURN``; an Undo is ``UNDO→true``, the entry's inverse, ``UNDO→false``, and steps VASSAL's
undo pointer back one entry, so an Undo can reach an earlier Undo and re-do what it took back).

The book: North Africa '41 4.4.1 「スタッキング限度は、移動…の過程中にのみ超過できます。…自軍移動フェイズ
と戦闘フェイズの完了時…厳密に遵守されなければなりません」: 1602 with 6 points when the Axis Movement
Phase is completed is a finding there, and none when 2 MG Bn leaves before it is completed."""
from __future__ import annotations

from pathlib import Path

import pytest

from bundled_module_util import bundled_module
from recorded_audit_util import audit_formats, found
from vmodgen.testing.log_writer import LogWriter
from vmodgen.vassal.commands import Command, encode_tree
from vmodgen.vassal.replay import command_tree, split_steps
from vmodgen.vassal.savefile import Metadata, read_save

SRC = Path(__file__).parent / "data" / "recorded" / "na41-stackundo19.vlog"
SIX = ["Brescia", "8MG", "3Aufkl", "5Pz", "2MG", "I/33Flak"]
NEXT_TEXT = "* <Axis> Turn Updated from Turn 1 Impulse 1: Axis Movement Phase to Turn 1 Impulse 1: Axis Combat Phase"


@pytest.fixture(scope="module")
def na(tmp_path_factory) -> Path:
    return bundled_module("north-africa-41", tmp_path_factory, "undone-next-na").module


class _Source:
    """na41-stackundo19 cut after its 11th step, and its Next (step 12) and Undo (step 13)."""

    def __init__(self) -> None:
        sf = read_save(SRC)
        self.root = command_tree(sf)
        self.head, self.steps = split_steps(self.root)
        self.next, self.undo_next = self.steps[11], self.steps[12]
        self.full = LogWriter(sf.text)
        self.mg = self.full.piece_id("2 MG Bn")
        self.out = self.full.where("2 MG Bn")          # 1603, where the recorded game put it

    def base(self) -> LogWriter:
        r = Command(self.root.text, list(self.head) + list(self.steps[:11]))
        return LogWriter(encode_tree(r), player="Axis", player_id="pw-na19", locate=self.full.locate)

    def turn(self, phase: int) -> str:
        """the tracker's TURN command with the phase index ``phase`` (9: Axis Combat)"""
        return self.next.subs[0].text.replace("LOG\t", "").replace("-1;9\\;", f"-1;{phase}\\;")


@pytest.fixture(scope="module")
def src() -> _Source:
    return _Source()


def raw(w: LogWriter, node: Command) -> None:
    """append one step as written (a Next or an Undo as VASSAL wrote it)"""
    w.root.subs.append(node)
    w._runner.run(node)
    w._inverse.append([])


def undo_node(inner: list[str], chat: str) -> Command:
    """an Undo as VASSAL 3.7 writes it: UNDO true, the inverse commands, ``* UNDO:``, UNDO false"""
    subs = [Command("LOG\t" + c) for c in inner] + [Command("LOG\tCHAT* UNDO: " + chat),
                                                    Command("LOG\tUNDO\tfalse")]
    return Command("LOG\tUNDO\ttrue", subs)


def audit(na: Path, w: LogWriter, tmp_path: Path, name: str, **options) -> tuple[str, dict]:
    path = w.write(tmp_path / f"{name}.vlog", **options)
    text, doc, _ = audit_formats(na, [path], ("pw-na19",))
    return text, doc


def at(doc: dict) -> list[tuple]:
    """each finding as (rule, step, phase, units in a fixed order: a stack's order may differ)"""
    return [(r, step, phase, sorted(units, key=SIX.index)) for r, _f, step, _t, phase, units in found(doc)]


def test_a_next_undone_as_the_file_ends_ends_no_phase(na, src, tmp_path):
    """A file saved in the Axis Movement Phase: 2 MG Bn 1602 -> 1603 (1602 back to 5 points),
    Next (step 2), Undo (step 3), the log ends. No phase was completed in the file: no phase
    end is counted and 4.4.1 is named not judged, the log ending in the Axis Movement Phase."""
    w = src.base().save_point()
    w.player, w.player_id = "Axis", "pw-na19"
    w.move(src.mg, src.out)
    raw(w, src.next)
    raw(w, src.undo_next)
    text, doc = audit(na, w, tmp_path, "file-next-undo-end")
    assert found(doc) == []
    assert doc["coverage"]["phase_ends"] == 0
    assert "NA41 4.4.1" in text and "the log ends before the end of the Impulse 1: Axis Movement Phase" in text


def test_an_undo_that_redoes_the_next_ends_the_phase(na, src, tmp_path):
    """Next (12), Undo (13: the tracker back in Axis Movement), 2 MG Bn out to 1603 (14), Undo
    (15: 2 MG Bn back in 1602, VASSAL's pointer now on 13), Undo (16: it takes back the Undo of
    step 13, so the Next is made again: TURN to Axis Combat). The Axis Movement Phase is
    completed at step 16 with 6 points in 1602: NA41 4.4.1 there (not at 12, taken back)."""
    w = src.base()
    raw(w, src.next)
    raw(w, src.undo_next)
    w.move(src.mg, src.out)
    w.undo()
    raw(w, undo_node([src.turn(9), "CHAT* UNDO: " + NEXT_TEXT], "* UNDO: " + NEXT_TEXT))
    raw(w, Command("LOG\tCHAT&lt;Axis&gt; - combat now", []))
    text, doc = audit(na, w, tmp_path, "redo-of-next")
    assert "16 Axis took back step 13" in text
    assert at(doc) == [("NA41 4.4.1", 16, "i1-axis-movement", SIX)]


def test_a_2x_next_with_no_report_line_undone(na, src, tmp_path):
    """VASSAL 2.9.8 (no ``UNDO`` marks) and a tracker whose report format is empty: the Next
    (step 12) is ``TURN`` only, and its Undo (step 13) is the tracker's old ``TURN`` only. Then
    2 MG Bn out to 1603 and Next (step 15): the Axis Movement Phase is completed once, at 15,
    with 5 points in 1602: no finding (before: 4.4.1 at step 12, the take-back missed)."""
    w = src.base()
    raw(w, Command("LOG\t" + src.turn(9), []))
    raw(w, Command("LOG\t" + src.turn(8), []))
    w.move(src.mg, src.out, report=False)
    raw(w, Command("LOG\t" + src.turn(9), []))
    text, doc = audit(na, w, tmp_path, "2x-noreport",
                      savedata=Metadata(version="1.0", vassal_version="2.9.8"))
    assert "13 Axis took back step 12" in text or "13 took back step 12" in text
    assert found(doc) == []


def test_an_undo_that_sets_no_tracker_back_takes_no_next_back(na, src, tmp_path):
    """A live game as the Axis player's VASSAL logged it: Axis Next (12); the Allied player's
    chat (13) and its Undo (14), both arriving from the other side (``BasicLogger.log`` moves the
    Axis undo pointer onto each); Axis Undo (15), which takes back the Allied Undo (it shows the
    chat again) and leaves the tracker in the Axis Combat Phase. Step 15 sets no tracker back, so
    it is not the Next's undo: the Axis Movement Phase ended at 12 with 6 points in 1602: NA41
    4.4.1 at step 12 (before: the Next read as undone, no finding)."""
    w = src.base()
    raw(w, src.next)
    raw(w, Command("LOG\tCHAT&lt;Allied&gt; - ok, my combat phase?", []))
    raw(w, undo_node([], "&lt;Allied&gt; - ok, my combat phase?"))
    raw(w, undo_node(["CHAT* UNDO: * UNDO: &lt;Allied&gt; - ok, my combat phase?"],
                     "* UNDO: &lt;Allied&gt; - ok, my combat phase?"))
    text, doc = audit(na, w, tmp_path, "live-undo-after-remote-undo")
    assert "took back step 12" not in text
    assert at(doc) == [("NA41 4.4.1", 12, "i1-axis-movement", SIX)]


def test_a_prev_right_after_a_next_is_the_same_correction_as_an_undo(na, src, tmp_path):
    """Next (12), Prev at once (13: the tracker back in the Axis Movement Phase, no other step
    between), 2 MG Bn out to 1603, Next (15): the same play as na41-stackundo19 with Prev for
    Undo, and the same verdict: the phase is completed once, at 15, with 5 points in 1602, no
    finding (before: 4.4.1 at step 12, where the Undo variant gave none)."""
    w = src.base()
    raw(w, src.next)
    raw(w, Command("LOG\tCHAT* <Axis> Turn Updated from phase 9 to phase 8", [Command(src.next.subs[0].text.replace("-1;9\\;", "-1;8\\;"))]))
    w.move(src.mg, src.out, report=False)
    raw(w, Command("LOG\tCHAT* <Axis> Turn Updated from phase 8 to phase 9", [Command(src.next.subs[0].text)]))
    _, doc = audit(na, w, tmp_path, "next-prev-fix-next")
    assert found(doc) == []


def test_a_prev_after_another_step_ends_the_phase(na, src, tmp_path):
    """Next (12), a chat line (13), Prev (14), 2 MG Bn out, Next (16): the Prev is not right
    after the Next, so the Next stands as played: the Axis Movement Phase was completed at 12
    with 6 points in 1602, NA41 4.4.1 there."""
    w = src.base()
    raw(w, src.next)
    w.chat("&lt;Axis&gt; - combat now")
    raw(w, Command("LOG\tCHAT* <Axis> Turn Updated from phase 9 to phase 8", [Command(src.next.subs[0].text.replace("-1;9\\;", "-1;8\\;"))]))
    w.move(src.mg, src.out, report=False)
    raw(w, Command("LOG\tCHAT* <Axis> Turn Updated from phase 8 to phase 9", [Command(src.next.subs[0].text)]))
    _, doc = audit(na, w, tmp_path, "next-chat-prev")
    assert at(doc) == [("NA41 4.4.1", 12, "i1-axis-movement", SIX)]


def _tracker(src: _Source, old: int, new: int, who: str = "Axis") -> Command:
    """a Next or Prev from phase index ``old`` to ``new`` (8: Axis Movement, 9: Axis Combat)"""
    return Command(f"LOG\tCHAT* <{who}> Turn Updated from phase {old} to phase {new}",
                   [Command("LOG\t" + src.turn(new))])


def _undo_tracker(src: _Source, back_to: int, old: int, new: int, who: str = "Axis") -> Command:
    return undo_node([src.turn(back_to)], f"* <{who}> Turn Updated from phase {old} to phase {new}")


def _next_move_undo(w, src):           # A: the Undo takes back the move, not the Next
    raw(w, src.next)
    w.move(src.mg, src.out)
    w.undo()


def _two_nexts_one_undo(w, src):       # B: the Undo takes back the second Next only
    raw(w, _tracker(src, 8, 9))
    raw(w, _tracker(src, 9, 10))
    raw(w, _undo_tracker(src, 9, 9, 10))


def _next_chat_undo(w, src):           # D: the Undo takes back the chat line
    raw(w, src.next)
    w.chat("&lt;Axis&gt; - now combat")
    w.undo()


def _next_prev_undo(w, src):           # G: the Prev is undone: the tracker is in Combat again
    raw(w, src.next)
    raw(w, _tracker(src, 9, 8))
    raw(w, _undo_tracker(src, 9, 9, 8))


@pytest.mark.parametrize("play", [_next_move_undo, _two_nexts_one_undo, _next_chat_undo, _next_prev_undo])
def test_a_next_an_undo_does_not_take_back_stands(na, src, tmp_path, play):
    """Where the rule stops: the Axis Next at step 12 is not taken back (the Undo takes back a
    move, a later Next, a chat line, or a Prev that itself was undone): the Axis Movement Phase
    was completed at 12 with 6 points in 1602, NA41 4.4.1 there."""
    w = src.base()
    play(w, src)
    _, doc = audit(na, w, tmp_path, play.__name__.strip("_"))
    assert at(doc) == [("NA41 4.4.1", 12, "i1-axis-movement", SIX)]


def test_the_other_players_next_undone(na, src, tmp_path):
    """F: the Allied player's Next (12, arriving in the Axis log) taken back by an Undo (13),
    2 MG Bn out to 1603, the Axis Next (15): the phase is completed once, at 15, with 5 points
    in 1602: no finding."""
    w = src.base()
    raw(w, _tracker(src, 8, 9, "Allied"))
    raw(w, _undo_tracker(src, 8, 8, 9, "Allied"))
    w.move(src.mg, src.out)
    raw(w, _tracker(src, 8, 9))
    _, doc = audit(na, w, tmp_path, "remote-next-undone")
    assert found(doc) == []
