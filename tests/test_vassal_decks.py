"""Decks (VASSAL's ``Deck extends Stack``) in a replay: a ``+/id/deck;…`` piece whose state is
``map;x;y;faceDown;id,id,…`` holds its cards as a stack; a card dragged out or sent in changes
the deck's contents (and so its state, as ``Deck.getState`` writes it in the next save) with no
``D/`` of the deck; a ``MovePiece`` naming no piece underneath lands in a Deck at that very
point (``MovePiece.createMergeFinder``), even an empty one, at the bottom of it
(``getParent().insert(piece, 0)``). Found with Flashpoint: South China Sea recorded in VASSAL
3.8.0-beta1 (examples/flashpoint-scs): the next player's file did not start where the previous
one ended (a false seam on both decks) and no card was in its deck."""
from __future__ import annotations

from vmodgen.vassal.commands import Command
from vmodgen.vassal.replay import replay

DECK_TYPE = "deck;true;0,0,0;364;509;Always;Never;false;false;false;;;;{name};;;;true;false"


def _log(steps: list[list[str]]) -> Command:
    """Cards 1, 2, 3 in deck D at (100,100) of map M; an empty deck E at (300,100); a lone
    counter 7 at (500,100); then ``steps`` (command texts without ``LOG\\t``)."""
    head = [Command("CHECK\trunningVassalVersion<3.8.0-beta1\tALERT\\\tx")]
    head += [Command(f"+/{i}/piece;;;c{i}.png;Card {i}/M;100;100") for i in "123"]
    head += [Command("+/7/piece;;;u.png;Unit/M;500;100"), Command("+/8/stack/M;500;100;7"),
             Command(f"+/D/{DECK_TYPE.format(name='Draw')}/M;100;100;true;1,2,3"),
             Command(f"+/E/{DECK_TYPE.format(name='Active')}/M;300;100;true"),
             Command("end_save")]
    nodes = [Command("LOG\t" + s[0], [Command("LOG\t" + t) for t in s[1:]]) for s in steps]
    return Command("begin_save", head + nodes)


def _move(pid: str, new: tuple[str, int, int], old: tuple[str, int, int], under: str = "null") -> str:
    return f"M/{pid}/{new[0]}/{new[1]}/{new[2]}/{under}/{old[0]}/{old[1]}/{old[2]}/null/pw"


def test_a_deck_holds_its_cards_as_a_stack() -> None:
    s = replay(_log([])).final
    assert s.stacks["D"].deck and s.stacks["D"].members == ["1", "2", "3"]
    assert {s.pieces[i].stack for i in "123"} == {"D"}
    assert s.stacks["E"].deck and s.stacks["E"].members == []


def test_a_card_drawn_out_and_sent_into_another_deck_rewrites_both_decks_states() -> None:
    # 1: the top card dragged to a hand map; 2: sent (a Return to Deck, no piece underneath)
    # to the empty deck's point; 3: a second card sent there goes to the bottom
    rp = replay(_log([[_move("1", ("H", 50, 50), ("M", 100, 100))],
                      [_move("1", ("M", 300, 100), ("H", 50, 50))],
                      [_move("2", ("M", 300, 100), ("M", 100, 100))]]))
    s = rp.final
    assert s.stacks["D"].members == ["3"] and s.pieces["D"].piece.encode_state() == "M;100;100;true;3"
    assert s.stacks["E"].members == ["2", "1"]
    assert s.pieces["E"].piece.encode_state() == "M;300;100;true;2,1"
    assert s.pieces["1"].stack == "E" and s.pieces["2"].stack == "E"
    assert rp.steps[0].moves[0].new == ("H", 50, 50)


def test_a_drop_without_a_piece_underneath_goes_to_the_bottom_of_a_stack() -> None:
    # the card sent onto the lone counter's point (its stack 8): VASSAL merges, then inserts at 0
    s = replay(_log([[_move("3", ("M", 500, 100), ("M", 100, 100))]])).final
    assert s.stacks["8"].members == ["3", "7"]
    # a drop naming the piece underneath goes right above it, as before
    s = replay(_log([[_move("3", ("M", 500, 100), ("M", 100, 100), under="7")]])).final
    assert s.stacks["8"].members == ["7", "3"]


def test_a_shuffle_sets_the_new_order() -> None:
    # D/ of a deck: its old state is the deck's own, so the new one is set as it is
    s = replay(_log([["D/D/M;100;100;true;3,1,2/M;100;100;true;1,2,3"]])).final
    assert s.stacks["D"].members == ["3", "1", "2"]
    assert s.pieces["D"].piece.encode_state() == "M;100;100;true;3,1,2"


def test_a_removed_deck_leaves_no_stack() -> None:
    s = replay(_log([["-/E"]])).final
    assert "E" not in s.stacks and "E" not in s.pieces
