"""The ESC command tree and typed commands (FORMATS.md §4.3–§4.8): every real save and
log in the corpus and golden folders re-encodes to identical bytes."""
from __future__ import annotations

from pathlib import Path

import pytest

from vmodgen import limits
from vmodgen.errors import LimitError
from vmodgen.vassal.commands import ESC, Command, encode_tree, parse_tree
from vmodgen.vassal.savefile import read_save
from vmodgen.vassal.typed import (AddPiece, BeginSave, BoardPicker, ChangePiece, Chat, EndSave,
                                  GlobalProperty, Log, MovePiece, MutableProperty, Player,
                                  RemovePiece, SetupStack, TurnState, Undo, Unknown,
                                  blank_passwords, parse_command, safe_text)

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
CORPUS = SHARED / "corpus"
GOLDEN = SHARED / "golden" / "vassal-run"
SAVE_SUFFIXES = (".vsav", ".vlog", ".log", ".sav")


def _save_files() -> list[Path]:
    files = []
    for folder in (CORPUS, GOLDEN):
        if folder.is_dir():
            files += sorted(p for p in folder.iterdir() if p.suffix in SAVE_SUFFIXES)
    return files


FILES = _save_files()


@pytest.mark.skipif(not FILES, reason=f"no corpus/golden saves under {SHARED}")
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_round_trip_every_real_file(path: Path) -> None:
    save = read_save(path)
    tree = save.tree
    assert encode_tree(tree) == save.text
    for node in tree.walk():                      # typed views are faithful too
        assert node.typed().encode() == node.text


def _golden(name: str) -> Path:
    p = GOLDEN / name
    if not p.exists():
        pytest.skip(f"golden file absent: {p}")
    return p


def test_moves_vlog_structure() -> None:
    save = read_save(_golden("moves.vlog"))
    root = save.tree
    assert isinstance(root.typed(), BeginSave)
    texts = [s.text for s in root.subs]
    end = texts.index("end_save")
    steps = [s for s in root.subs[end + 1:]]
    assert all(s.text.startswith("LOG\t") for s in steps)
    assert len(steps) == 8
    first = steps[0]
    assert first.text == "LOG\tnull" and first.typed().is_null
    kinds = [type(s.typed().inner).__name__ for s in first.subs if not s.typed().is_null]
    assert kinds == ["MovePiece", "AddPiece", "Chat"]
    undo = steps[-1]
    assert undo.typed() == Log(Undo(True))
    assert undo.subs[-1].typed() == Log(Undo(False))
    # pieces block: a NullCommand whose subs are AddPiece commands
    pieces = root.subs[1]
    assert pieces.text == "" and all(isinstance(s.typed(), AddPiece) for s in pieces.subs)
    assert isinstance(root.subs[end].typed(), EndSave)


def test_typed_commands() -> None:
    mv = parse_command("M/17/Main Map/170/267/null/Main Map/115/235/null/secret")
    assert isinstance(mv, MovePiece)
    assert (mv.new_map, mv.new_x, mv.new_y, mv.new_under, mv.old_x) == ("Main Map", 170, 267, None, 115)
    assert mv.player_id == "secret"
    assert "secret" not in repr(mv) and "secret" not in str(mv.to_json())
    add = parse_command("+/12/piece;;;a\\/b.png;X/null;0;0;2;0")
    assert isinstance(add, AddPiece) and add.type == "piece;;;a/b.png;X" and not add.is_stack
    assert add.encode() == "+/12/piece;;;a\\/b.png;X/null;0;0;2;0"
    assert parse_command("+/9/stack/Main Map;1;2;12;@@1").is_stack
    assert parse_command("-/12") == RemovePiece("12")
    assert parse_command("D/12/new/old") == ChangePiece("12", "new", "old")
    assert parse_command("D/12/new") == ChangePiece("12", "new", None)
    assert parse_command("CHAT<a> - hi") == Chat("<a> - hi")
    assert parse_command("UNDO\tfalse") == Undo(False)
    assert parse_command("TURNTurnTracker0\t0|1;0;false;-1") == TurnState("TurnTracker0", "0|1;0;false;-1")
    bp = parse_command("Main MapBoardPicker\tBoard\t0\t0")
    assert isinstance(bp, BoardPicker) and bp.map_id == "Main Map" and bp.boards == [("Board", "0", "0")]
    assert parse_command("SETUP_STACK\t") == SetupStack("")
    gp = parse_command("GlobalProperty\t;Turn;1;Module")
    assert isinstance(gp, GlobalProperty) and (gp.name, gp.value, gp.container) == ("Turn", "1", "Module")
    assert parse_command("MutableProperty\t2d6\t1\t2,2\tModule") == MutableProperty("2d6", "1", "2,2", "Module")
    assert parse_command("LOG\tnull") == Log(None)
    assert isinstance(parse_command("EXT\t3d6\t1.0"), Unknown)
    assert isinstance(parse_command("M/1/x/notanumber/0/null/x/0/0/null/"), Unknown)


def test_player_password_never_shown() -> None:
    pl = parse_command("PLAYER\thunter2\tJoel\tAllies")
    assert isinstance(pl, Player) and (pl.name, pl.side) == ("Joel", "Allies")
    assert pl.player_id == "hunter2"
    assert "hunter2" not in repr(pl) and "hunter2" not in str(pl.to_json())
    assert blank_passwords("PLAYER\thunter2\tJoel\tAllies") == "PLAYER\t\tJoel\tAllies"
    assert blank_passwords("LOG\tM/1/a/1/2/null/a/3/4/null/hunter2") == "LOG\tM/1/a/1/2/null/a/3/4/null/"
    node = parse_tree("begin_save\x1bPLAYER\thunter2\tJoel\tAllies")
    assert "hunter2" not in repr(node.subs[0]) and "hunter2" not in safe_text(node.subs[0].text)


@pytest.mark.parametrize("text", [
    "", "a", "a\x1bb", "begin_save\x1b\x1b\\\x1b+/1/x/y\\\x1b+/2/x/y\x1bend_save",
    "'quoted'", "'a'\x1bb", "\\x\x1by", "a\\\x1bb", "\x1b", "\x1b\x1b", "x\x1b'q'\x1b\\\\\x1bz",
    "'\\\x1b'", "a\x1b\\b\x1bc", "LOG\tnull\\\x1bLOG\tnull\\\\\x1bLOG\tM/1\x1bx",
])
def test_round_trip_odd_texts(text: str) -> None:
    assert encode_tree(parse_tree(text)) == text


def test_edit_and_re_encode() -> None:
    root = parse_tree("begin_save\x1bCHAT hi\x1bend_save")
    root.subs.insert(0, Command("+/5/stack/Main Map;1;2;@@1"))
    root._raw = None
    assert encode_tree(root) == "begin_save\x1b+/5/stack/Main Map;1;2;@@1\x1bCHAT hi\x1bend_save"
    nested = Command("", [Command("+/1/a/b"), Command("+/2/a/b")])
    assert encode_tree(Command("begin_save", [Command(""), nested])) == \
        "begin_save\x1b\x1b\\\x1b+/1/a/b\\\x1b+/2/a/b"


def test_depth_limit_is_an_input_error() -> None:
    text = "x"
    for _ in range(limits.MAX_COMMAND_DEPTH + 5):
        text = encode_tree(Command("a", [_wrap(text)]))    # each level: "a" ESC escaped(inner)
    with pytest.raises(LimitError) as err:
        parse_tree(text, "deep.vlog")
    assert "deep.vlog" in str(err.value)


def _wrap(text: str) -> Command:
    node = Command(text)
    node._raw = text
    return node


def test_moderate_depth_is_fine() -> None:
    text = "x"
    for _ in range(20):
        text = encode_tree(Command("a", [_wrap(text)]))
    root = parse_tree(text)
    depth = 0
    while root.subs:
        root = root.subs[0]
        depth += 1
    assert depth == 20 and root.text == "x"
