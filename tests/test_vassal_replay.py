"""Replay (FORMATS.md §4.9) against what VASSAL itself reported (golden/vassal-run)."""
from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from vmodgen.vassal.replay import replay
from vmodgen.vassal.savefile import read_save, read_save_bytes, save_bytes
from vmodgen.vassal.setup import SetupPiece, piece_definition, scenario_text, set_basic_state
from vmodgen.vassal.piece import Piece
from vmodgen.vassal.turns import LevelDef, turn_display
from vmodgen.vassal.typed import AddPiece

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
RUN = SHARED / "golden" / "vassal-run"
CORPUS = SHARED / "corpus"


def _need(path: Path) -> Path:
    if not path.exists():
        pytest.skip(f"{path} is absent")
    return path


def _module():
    try:
        from vmodgen.vassal.module import read_module
    except ImportError:
        return None
    return read_module(_need(RUN / "HexTest.vmod"))


def _final_lines(rp, with_labels: bool) -> list[str]:
    s = rp.final
    out = []
    for sid, st in s.stacks.items():
        label = rp.label((st.map, st.x, st.y)) if with_labels else "*"
        members = "".join(m + "," for m in st.members)
        out.append(f"FINAL|STACK|{sid}|{st.map}|{st.x}|{st.y}|{label}|{members}")
    for pid, r in s.pieces.items():
        p = r.properties()
        label = rp.label(r.position) if with_labels else "*"
        out.append(f"FINAL|PIECE|{pid}|{r.map}|{r.x}|{r.y}|{label}|{r.name}|side={p.get('side')}|"
                   f"attack={p.get('attack')}|Step_Level={p.get('Step_Level')}|parent={r.stack}")
    return sorted(out)


def _expected(with_labels: bool) -> list[str]:
    lines = [ln for ln in _need(RUN / "vassal-report.txt").read_text("utf-8").splitlines()
             if ln.startswith("FINAL|")]
    if not with_labels:
        lines = ["|".join(f[:6] + ["*"] + f[7:]) for f in (ln.split("|") for ln in lines)]
    return sorted(lines)


def test_moves_vlog_final_positions_properties_stacks() -> None:
    rp = replay(read_save(_need(RUN / "moves.vlog")))
    assert _final_lines(rp, False) == _expected(False)


def test_moves_vlog_final_with_hex_labels() -> None:
    module = _module()
    if module is None:
        pytest.skip("module reader not available")
    rp = replay(read_save(RUN / "moves.vlog"), locate=module.locate,
                apply_boards=module.apply_board_command)
    assert _final_lines(rp, True) == _expected(True)
    moves = [(m.piece_id, m.old_label, m.new_label) for st in rp.steps for m in st.moves]
    assert moves[0] == ("1700000000000", "0203", "0304")


def test_moves_vlog_steps() -> None:
    rp = replay(read_save(_need(RUN / "moves.vlog")))
    assert len(rp.steps) == 8
    s1, s2, s3, s4, s5, s6, s7, s8 = rp.steps
    assert [(m.piece_id, m.old, m.new) for m in s1.moves] == [
        ("1700000000000", ("Main Map", 115, 235), ("Main Map", 170, 267))]
    assert s1.chat_text == ["* 1st Infantry moves 0203 -> 0304 *"]
    assert s2.changes and s2.changes[0].diff()["Step_Level"] == ("2", "1")
    assert s3.moves[0].under == "1700000000000"
    assert s4.chat_text == ["<harness> - hello / world"]
    assert s5.deleted == ["1700000000001"]
    assert s6.created == ["1795265954421", "1795265954422"]
    assert s7.moves[0].is_stack and s7.moves[0].members == ["1700000000000", "1700000000002"]
    assert s8.undo and not s7.undo
    assert s8.moves[0].new == ("Main Map", 170, 267)
    # state after any step
    assert rp.state_at(0).pieces["1700000000000"].position == ("Main Map", 115, 235)
    assert rp.state_at(1).pieces["1700000000000"].position == ("Main Map", 170, 267)
    assert rp.state_at(7).pieces["1700000000002"].position == ("Main Map", 392, 523)
    assert "1700000000001" in rp.state_at(4).pieces and "1700000000001" not in rp.state_at(5).pieces
    assert rp.state_at(8) is rp.final
    assert [k for k, _ in rp.states()] == list(range(9))


def test_turns_vlog_against_vassal() -> None:
    report = [ln.split("|") for ln in _need(RUN / "turns-report.txt").read_text("utf-8").splitlines()]
    rp = replay(read_save(RUN / "turns.vlog"))
    levels = [LevelDef("counter", "Turn", 1, 1, turn_format="Turn $value$", sublevels=[
        LevelDef("list", "Phase", items=["Axis Movement", "Axis Combat", "Allied Movement",
                                         "Allied Combat"])])]
    got: list[list[str]] = []
    k = -1
    for step in rp.steps:
        for _, _, new in step.turns:
            k += 1
            text = turn_display(levels, new, "$level1$ $level2$").text
            got.append(["TURNSTATE", str(k), *new.split("|", 1), text])
        for mv in step.moves:
            got.append(["MOVED", str(k), str(mv.new[1]), str(mv.new[2])])
    expected = [r if r[0] == "TURNSTATE" else r[:4] for r in report]
    assert got == expected
    assert rp.steps[-1].turn_state["TurnTracker0"].startswith("0|2;0;false;-1;2")


def test_turn_display_module_levels() -> None:
    try:
        from vmodgen.vassal.module import read_module
    except ImportError:
        pytest.skip("module reader not available")
    from vmodgen.vassal.turns import levels_from_module
    m = read_module(_need(RUN / "HexTestPhases.vmod"))
    tracker = m.turn_trackers[0]
    d = turn_display(levels_from_module(tracker.levels), "0|2;0;false;-1;3\\;0\\;0\\;true,true,true,true",
                     tracker.attributes.get("turnFormat", ""))
    assert d.text == "Turn 2 Allied Combat" and d.value("Phase") == "Allied Combat"


def test_real_logs_replay_without_warnings() -> None:
    for name, steps in (("tld_game_0606-1.log", 1091), ("vassal_tour.log", 114)):
        warnings: list[str] = []
        rp = replay(read_save(_need(CORPUS / name)), warnings=warnings)
        assert len(rp.steps) == steps and warnings == []
    # tour.log: a bare CHAT after end_save runs on load, 114 LOG steps follow
    rp = replay(read_save(CORPUS / "vassal_tour.log"))
    assert sum(len(s.moves) for s in rp.steps) == 32


def test_written_scenario_replays_to_its_positions(tmp_path: Path) -> None:
    type_chain = "mark;side\tpiece;;;a.png;Alpha"
    state = set_basic_state(type_chain, "Allied\tnull;0;0;7;0", None, 0, 0)
    pieces = [SetupPiece("100", type_chain, state, "Main Map", 50, 60),
              SetupPiece("101", type_chain.replace("Alpha", "Bravo"), state, "Main Map", 50, 60),
              SetupPiece("102", type_chain.replace("Alpha", "C/D"), state, None)]
    text = scenario_text(pieces, boards={"Main Map": [("Board", 0, 0)]})
    out = tmp_path / "s.vsav"
    out.write_bytes(save_bytes(text))
    rp = replay(read_save(out))
    s = rp.final
    assert s.pieces["100"].position == ("Main Map", 50, 60) and s.pieces["102"].map is None
    stack = s.stacks[s.pieces["100"].stack]
    assert stack.members == ["100", "101"] and s.pieces["102"].stack is None
    assert s.pieces["102"].name == "C/D" and s.pieces["101"].properties()["side"] == "Allied"
    assert s.boards == {"Main Map": ["Board", "0", "0"]}
    assert piece_definition(type_chain, "x/y") == "+/null/mark;side\tpiece;;;a.png;Alpha/x\\/y"


def test_reproduce_verified_scenario() -> None:
    """The scenario VASSAL loaded (HexTest.vmod's scenario1.vsav) is exactly what the writer makes."""
    with zipfile.ZipFile(_need(RUN / "HexTest.vmod")) as z:
        scenario = read_save_bytes(z.read("scenario1.vsav"), "scenario1.vsav")
    pieces = []
    for node in scenario.tree.walk():
        cmd = node.typed()
        if isinstance(cmd, AddPiece) and not cmd.is_stack:
            m, x, y = Piece(cmd.type, cmd.state).position()
            pieces.append(SetupPiece(cmd.id, cmd.type, cmd.state, m, x, y))
    text = scenario_text(pieces, boards={"Main Map": [("Board", 0, 0)]}, first_stack_id=1700000000100,
                         version_check=False, layer="0")
    assert text == scenario.text


def test_json_views_hold_no_password() -> None:
    import json
    rp = replay(read_save(_need(CORPUS / "tld_game_0606-1.log")))
    players = rp.final.players
    assert players and all("foo" not in entry for entry in players)   # "foo" is the password there
    step_json = json.dumps([s.to_json() for s in rp.steps[:200]])
    assert "/foo" not in step_json and '"foo"' not in step_json
    snap = rp.state_at(3).to_json(with_properties=False)
    assert set(snap) == {"pieces", "stacks", "turns", "properties", "boards", "players"}
