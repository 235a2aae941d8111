"""The log writer writes logs VASSAL's way (FORMATS.md §4.8): the replayer reads back every
step as written, the text re-encodes identically, and the form matches VASSAL's own logs."""
from __future__ import annotations

from pathlib import Path

import pytest

from vmodgen.vassal.commands import parse_tree
from vmodgen.testing.log_writer import LogWriter, tracker_state
from vmodgen.vassal.replay import replay
from vmodgen.vassal.savefile import read_save

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
RUN = SHARED / "golden" / "vassal-run"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    from vmodgen.builder.build import build_kit
    from vmodgen.model.kit import load_kit
    root = tmp_path_factory.mktemp("lw")
    kit = load_kit(Path(__file__).resolve().parent / "data" / "minikit")
    return kit, build_kit(kit, root / "b", cache_dir=root / "c").path


def test_steps_read_back(built, tmp_path):
    from vmodgen.vassal.module import read_module
    kit, module = built
    m = read_module(module)
    w = LogWriter.from_module_setup(module, kit=kit, player="Bob", player_id="pw-123")
    w.move("R1", "0202").move("R2", "0202").flip("R1").roll("2d6", [3, 4]).chat("a <b> & c").advance()
    w.undo()
    log = w.write(tmp_path / "g.vlog")
    save = read_save(log)
    assert save.is_log and save.encoding == "!VCSK"
    assert save.encode() == save.text                       # canonical: re-encodes identically
    rp = replay(save, locate=m.locate)
    s = rp.steps
    assert [(mv.old_label, mv.new_label) for mv in s[0].moves] == [("0102", "0202")]
    assert s[1].moves[0].under == s[0].moves[0].piece_id     # dropped onto R1's new stack
    assert s[2].changes[0].diff()["Step_Level"] == ("1", "2")
    assert s[3].chat_text == ["*** 2d6 = 3,4 *** <Bob>"]
    assert s[4].chat_text == ["<Bob> - a <b> & c"]
    assert s[5].turns[0][2] == tracker_state(1, 1, 4)
    assert s[6].undo and s[6].chat_text == ["* UNDO: *"] and s[6].undoes == [6]
    assert rp.final.turns["TurnTracker0"] == ""              # the advance was undone
    r1 = next(p for p in rp.final.pieces.values() if p.properties().get("unit_id") == "R1")
    r2 = next(p for p in rp.final.pieces.values() if p.properties().get("unit_id") == "R2")
    assert r1.stack == r2.stack and m.locate(*r1.position) == "0202"
    assert rp.warnings == []


def test_move_step_has_vassals_shape(built):
    kit, module = built
    w = LogWriter.from_module_setup(module, kit=kit, player_id="pw")
    w.move("R3", "0303")
    node = w.root.subs[-1]
    texts = [n.text for n in node.walk()]
    assert texts[0].startswith("LOG\tM/") and texts[0].endswith("/pw")
    assert texts[1].startswith("LOG\t+/") and "/stack/Main;" in texts[1]
    assert texts[2] == "LOG\tCHAT* 1 Tank moves 0203 -> 0303 *"


@pytest.mark.skipif(not (RUN / "turns.vlog").is_file(), reason="../shared/golden/vassal-run is absent")
def test_tracker_states_are_vassals():
    rp = replay(read_save(RUN / "turns.vlog"))
    states = [t[2] for st in rp.steps for t in st.turns]
    assert states[:4] == [tracker_state(1, 1, 4), tracker_state(1, 2, 4), tracker_state(1, 3, 4),
                          tracker_state(2, 0, 4)]
    # a step of VASSAL's log and of ours have the same structure: CHAT then TURN
    first = next(st for st in rp.steps if st.turns)
    assert [n.text.split("\t")[1][:4] for n in first.command.walk()] == ["CHAT", "TURN"]


def test_save_point_starts_the_next_file(built, tmp_path):
    kit, module = built
    w = LogWriter.from_module_setup(module, kit=kit)
    w.move("R3", "0303").advance()
    nxt = w.save_point()
    tree = parse_tree(nxt.text())
    assert tree.text == "begin_save" and tree.subs[-1].text == "end_save"
    assert nxt.where("R3") == w.where("R3") and nxt.state.turns == w.state.turns
