"""What each VASSAL version does with a command, on small logs (read from VASSAL's source:
2.9.8 = the 2006-12 tree of the mirror, 3.7.26 = its tag): the replay picks the interpreter by
the version in the file's CHECK line / savedata."""
from __future__ import annotations

from vmodgen.vassal.commands import Command
from vmodgen.vassal.replay import merge_stack_state, merge_state, replay, runner_for
from vmodgen.vassal.vassal2 import Vassal2Runner

T = "markmoved;m.gif;0;0;Mark\tpiece;;;a.png;A"       # a Mark-Moved trait over a BasicPiece


def _log(version: str, head: list[str], steps: list[list[str]]) -> Command:
    nodes = [Command(f"CHECK\trunningVassalVersion<{version}\tALERT\\\tx")]
    nodes += [Command(t) for t in head] + [Command("end_save")]
    nodes += [Command("LOG\t" + s[0], [Command("LOG\t" + t) for t in s[1:]]) for s in steps]
    return Command("begin_save", nodes)


def _piece(pid: str, moved: str, basic: str) -> str:
    return f"+/{pid}/{T}/{moved}\t{basic}"


def _d(pid: str, new: tuple[str, str], old: tuple[str, str]) -> str:
    return f"D/{pid}/{new[0]}\t{new[1]}/{old[0]}\t{old[1]}"


HEAD = [_piece("1", "false", "null;0;0"), _piece("2", "false", "null;0;0"), "+/9/stack/M;100;100;1;2"]


def test_runner_by_version() -> None:
    assert runner_for("2.9.8") is Vassal2Runner and runner_for("2.0b6") is Vassal2Runner
    assert runner_for("3.0.17") is Vassal2Runner and runner_for("3.1.0") is not Vassal2Runner
    assert runner_for("3.2.17") is not Vassal2Runner and runner_for("") is not Vassal2Runner


def test_merge_state_takes_only_what_changed() -> None:
    # BasicPiece equal in new and old: the piece stays (mergeState); the trait that changed is set
    got, basic = merge_state("false\tM;100;100", "true\tOther;5;5", "false\tOther;5;5", 2)
    assert got == "true\tM;100;100" and not basic
    assert merge_state("false\tM;1;1", "true\tM;2;2", None, 2) == ("true\tM;2;2", True)
    # a stack keeps the members neither state names, right above the one below it
    assert merge_stack_state(["1", "5", "2"], "M;0;0;1;2", "M;0;0;2") == "M;0;0;1;5;2"
    assert merge_stack_state(["1", "2"], "M;0;0;2;1;@@1", "M;0;0;1;2") == "M;0;0;2;1;@@1"


def test_d_with_a_stale_unchanged_map_moves_nothing_in_both_versions() -> None:
    """D/ (flip) whose BasicPiece names another map, the same in new and old (VASSAL 2.x writes
    the piece's own, stale map): VASSAL's mergeState leaves the piece in its stack."""
    flip = _d("1", ("true", "Display;7;7"), ("false", "Display;7;7"))
    for version in ("2.9.8", "3.7.26"):
        rp = replay(_log(version, HEAD, [[flip]]))
        rec = rp.final.pieces["1"]
        assert rec.position == ("M", 100, 100) and rec.stack == "9", version
        assert rec.properties()["Moved"] == "true"


def test_2x_d_to_another_map_leaves_the_stack_to_null_stays() -> None:
    away = _d("1", ("false", "Display;7;7"), ("false", "M;100;100"))
    null = _d("2", ("false", "null;100;100"), ("false", "M;100;100"))
    rp = replay(_log("2.9.8", HEAD, [[away], [null]]))
    assert rp.final.pieces["1"].position == ("Display", 7, 7) and rp.final.pieces["1"].stack is None
    assert rp.final.pieces["2"].position == ("M", 100, 100) and rp.final.pieces["2"].stack == "9"


def test_move_of_an_id_vassal_does_not_hold_does_nothing() -> None:
    """MovePiece.executeCommand: getPieceForId(id) is null -> nothing (2.9.8 and 3.7.26); a
    stack made by the recording client's undo is such an id for everyone replaying."""
    m = "M/777/Far/5/5/null/M/100/100/null/pw"
    for version in ("2.9.8", "3.7.26"):
        rp = replay(_log(version, HEAD, [[m]]))
        assert rp.final.pieces["1"].position == ("M", 100, 100), version
        assert rp.steps[0].moves == [] and rp.steps[0].ignored == ["777"]


def test_2x_a_lone_piece_stands_alone_and_joins_at_the_bottom() -> None:
    """2.9.8: a move with no piece under to an empty point is placeAt (no stack); onto a stack
    at the point it merges and, under being null, goes to the bottom (insert(piece, 0))."""
    steps = [["M/1/M/300/300/null/M/100/100/null/pw"], ["M/2/M/300/300/null/M/100/100/null/pw"]]
    rp = replay(_log("2.9.8", HEAD, steps[:1]))
    assert rp.final.pieces["1"].stack is None and rp.final.pieces["1"].position == ("M", 300, 300)
    rp = replay(_log("2.9.8", HEAD, steps))
    stack = rp.final.stacks[rp.final.pieces["1"].stack]
    assert stack.members == ["2", "1"]


def test_2x_removing_a_stack_leaves_its_pieces_unseen_until_saved() -> None:
    """2.9.8 RemovePiece of a stack: members keep it as parent and have no map; -/ of such a
    piece stops on its missing map (m.getIdentifier()) and removes nothing; a save writes the
    piece's own map, so the next file shows it again."""
    head = [_piece("1", "false", "M;100;100"), "+/9/stack/M;100;100;1"]
    rp = replay(_log("2.9.8", head, [["-/9", "-/1"]]))
    assert rp.final.pieces["1"].position[0] is None           # not drawn, still in the game
    assert rp.saved.pieces["1"].position == ("M", 100, 100)   # a save brings it back
    rp3 = replay(_log("3.7.26", head, [["-/9", "-/1"]]))
    assert "1" not in rp3.final.pieces


def test_move_to_no_map_keeps_a_stacked_piece_in_its_stack() -> None:
    """MovePiece to no map: ``oldMap.removePiece(piece)`` only (2.9.8 and 3.7.26): a piece
    inside a stack is not on the map's list, so it stays (the undo of a palette drag writes this
    M/ before the -/ that removes the piece)."""
    for version in ("2.9.8", "3.7.26"):
        rp = replay(_log(version, HEAD, [["M/1/null/0/0/null/M/100/100/2/pw"]]))
        rec = rp.final.pieces["1"]
        assert rec.position == ("M", 100, 100) and rec.stack == "9", version
