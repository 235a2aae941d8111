"""Regression tests for the fuzz campaign's findings in the VASSAL readers (issue 9).

Timing bugs are tested with inputs that would take minutes if the code were quadratic or
exponential again; the assertions are on results only.
"""
from __future__ import annotations

import pytest

from vmodgen import limits
from vmodgen.errors import InputError, LimitError
from vmodgen.vassal import chains
from vmodgen.vassal.chains import _slow_split_chain, join_chain, split_chain
from vmodgen.vassal.codec import Decoder, encode, java_int
from vmodgen.vassal.commands import Command, encode_tree
from vmodgen.vassal.replay import replay
from vmodgen.vassal.savefile import read_save_bytes
from vmodgen.vassal.traits import BasicPiece
from vmodgen.vassal.piece import Piece
from vmodgen.vassal.typed import AddPiece, ChangePiece, MovePiece

TYPE = join_chain(["mark;side", "piece;;;a.png;A"])


# ---- 1. chains: a long run of backslashes not ending in a TAB --------------------------------
def test_long_backslash_run_splits_like_the_reference() -> None:
    text = "mark;" + "\\" * 200_000 + "x\tpiece;;;;"     # 77 s with the old regex
    got = split_chain(text)
    assert got == _slow_split_chain(text)
    assert got[-1] == "piece;;;;" and len(got) == 2


# ---- 2. codec: doubles and huge integers ------------------------------------------------------
def test_long_digit_run_is_not_a_double() -> None:
    assert Decoder("1" * 20_000 + "x", ",").next_double(5.0) == 5.0     # 41 s before
    assert Decoder("1" * 20_000 + "e", ",").next_double(5.0) == 5.0


@pytest.mark.parametrize("text, value", [
    ("1.", 1.0), (".5", 0.5), ("1e5", 1e5), ("1.5f", 1.5), (" 1.5 ", 1.5), ("1.5d", 1.5),
    ("-Infinity", float("-inf")), ("1e", None), ("\u0661.5", None), ("", None)])
def test_doubles_as_java_reads_them(text: str, value: float | None) -> None:
    # checked against Double.parseDouble (OpenJDK 17)
    got = Decoder(encode([text, "x"], ","), ",").next_double(-7.0)
    assert got == (-7.0 if value is None else value)


def test_huge_integer_token_gives_the_default() -> None:
    d = Decoder("9" * 5000 + ",2147483648,9223372036854775807," + "9" * 5000, ",")
    assert d.next_int(7) == 7
    assert d.next_int(7) == 7                    # out of the 32-bit range
    assert d.next_long(7) == 2**63 - 1
    assert d.next_long(7) == 7


@pytest.mark.parametrize("text, value", [
    ("+5", 5), ("-0", 0), ("-2147483648", -2**31), ("2147483648", None), ("0" * 100_000 + "12", 12),
    ("1_0", None), (" 1", None), ("+", None), ("-", None), ("", None),
    ("\u0661\u0662\u0663", 123), ("\uff11", 1), ("\U0001d7ce", None)])
def test_java_int_matches_integer_parseint(text: str, value: int | None) -> None:
    # checked against Integer.parseInt (OpenJDK 17): Character.digit takes any decimal digit
    # of the BMP, not a surrogate pair
    assert java_int(text) == value


def test_colour_with_a_huge_component_is_no_colour() -> None:
    assert Decoder("1,2," + "3" * 5000, ";").next_color() is None
    assert Decoder("1,2,3", ";").next_color() == (1, 2, 3)


# ---- 3. traits: huge coordinates and counts ---------------------------------------------------
def test_huge_coordinate_in_a_piece_state_reads_as_zero() -> None:
    piece = Piece("piece;;;a.png;A", "Main;" + "9" * 5000 + ";10;;0")
    assert piece.position() == ("Main", 0, 10)
    assert Piece("piece;;;a.png;A", "Main;2147483648;\u0661\u0662;;0").position() == ("Main", 0, 12)


def test_huge_persistent_property_count_does_not_run_away() -> None:
    b = BasicPiece("piece;;;a.png;A", "Main;1;2;;2147483647;k;v")
    assert b.persistent() == {"k": "v"}


# ---- 4. positions: a kit name too long for the system ----------------------------------------
def test_too_long_kit_name_is_an_input_error() -> None:
    from vmodgen.rules.position_file import load_position
    with pytest.raises(InputError) as err:
        load_position("x.toml", '[position]\ngame = "../' + "t" * 300 + '"\n')
    assert err.value.path == "x.toml" and err.value.line == 2


# ---- 5. replay: stacked pieces on D/ and M/ ---------------------------------------------------
def _state(map_id: str, x: int, y: int, side: str = "A") -> str:
    return join_chain([side, encode([map_id, str(x), str(y), "", "0"], ";")])


def _save(setup: list[str], steps: list[list[str]], name: str = "game.vlog"):
    tree = Command("begin_save", [Command(t) for t in setup] + [Command("end_save")] +
                   [Command("LOG\t" + s[0], [Command(t) for t in s[1:]]) for s in steps])
    return read_save_bytes(encode_tree(tree).encode("utf-8"), name)


def _two_stacked(steps: list[list[str]]):
    setup = [AddPiece("p1", TYPE, _state("Main", 10, 20)).encode(),
             AddPiece("p2", TYPE, _state("Main", 10, 20)).encode(),
             AddPiece("s1", "stack", "Main;10;20;p1;p2;@@0").encode()]
    return replay(_save(setup, steps))


def test_d_state_naming_no_map_leaves_a_stacked_piece_in_its_stack() -> None:
    # VASSAL 3.0/3.1 wrote "null" as the own map of every stacked piece
    rp = _two_stacked([[ChangePiece("p1", _state("null", 0, 0, "B")).encode()]])
    p1 = rp.final.pieces["p1"]
    assert (p1.stack, p1.position) == ("s1", ("Main", 10, 20))
    assert rp.final.stacks["s1"].members == ["p1", "p2"]          # order kept
    assert p1.properties()["side"] == "B"
    assert rp.steps[0].moves == []


def test_d_state_naming_the_stacks_map_keeps_the_stacks_position() -> None:
    rp = _two_stacked([[ChangePiece("p2", _state("Main", 99, 99)).encode()]])
    p2 = rp.final.pieces["p2"]
    assert (p2.stack, p2.position) == ("s1", ("Main", 10, 20))


def test_d_state_naming_another_map_takes_the_piece_out_of_its_stack() -> None:
    rp = _two_stacked([[ChangePiece("p1", _state("Other", 5, 6)).encode()]])
    p1 = rp.final.pieces["p1"]
    assert (p1.stack, p1.position) == (None, ("Other", 5, 6))
    assert rp.final.stacks["s1"].members == ["p2"]


def test_moves_update_the_basicpiece_state() -> None:
    move_piece = MovePiece("p1", "Main", 30, 40, None, "Main", 10, 20, None).encode()
    move_stack = MovePiece("s1", "Main", 50, 60, None, "Main", 10, 20, None).encode()
    for steps, expect in (([[move_piece]], {"p1": ("Main", 30, 40), "p2": ("Main", 10, 20)}),
                          ([[move_stack]], {"p1": ("Main", 50, 60), "p2": ("Main", 50, 60)})):
        rp = _two_stacked(steps)
        for pid, pos in expect.items():
            rec = rp.final.pieces[pid]
            assert rec.position == pos
            assert Piece(TYPE, rec.piece.encode_state()).position() == pos
            assert rec.piece.position() == pos
            assert rec.properties()["side"] == "A"           # the outer trait's state kept


# ---- 6. MAX_PIECES ----------------------------------------------------------------------------
def test_too_many_pieces_is_a_limit_error_naming_the_file(monkeypatch) -> None:
    monkeypatch.setattr(limits, "MAX_PIECES", 3)
    setup = [AddPiece(f"p{i}", TYPE, _state("Main", i, i)).encode() for i in range(4)]
    with pytest.raises(LimitError) as err:
        replay(_save(setup, [], "big.vsav"))
    assert err.value.path == "big.vsav" and "3 pieces" in err.value.message
    replay(_save(setup[:3], [], "ok.vsav"))           # at the limit: accepted
    again = [AddPiece("p0", TYPE, _state("Main", 9, 9)).encode()]
    assert len(replay(_save(setup[:3] + again, [])).final.pieces) == 3   # a re-add is no new piece


# ---- 7. MAX_CHAIN names the file --------------------------------------------------------------
def test_chain_limit_names_the_save(monkeypatch) -> None:
    monkeypatch.setattr(chains, "MAX_CHAIN", 5)
    long_type = join_chain(["mark;a"] * 7 + ["piece;;;a.png;A"])
    for text in (long_type, "'" + long_type):          # the fast and the slow split
        with pytest.raises(LimitError) as err:
            split_chain(text)
        assert err.value.path is None
    setup = [AddPiece("p1", long_type, "").encode()]
    rp = replay(_save(setup, [], "chain.vlog"))
    with pytest.raises(LimitError) as err:
        rp.final.pieces["p1"].piece.traits
    assert err.value.path == "chain.vlog"
    with pytest.raises(LimitError) as err:            # decoded during the replay
        replay(_save(setup, [[ChangePiece("p1", "x").encode()]], "chain2.vlog"))
    assert err.value.path == "chain2.vlog"
