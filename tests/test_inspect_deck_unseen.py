"""``inspect --module`` lists a card's properties as VASSAL draws it (prototypes expanded), but a
Deck's count expressions see only the card's own traits (``Deck.updateCounts`` asks
``getProperty``; ``UsePrototype`` answers from the traits inside it, not the prototype's; checked
in real VASSAL 3.7.26 and 3.8.0-beta1, tests/test_deck_count_prototypes.py). inspect now says
which listed properties a deck's count does not see: ``deck_count_unseen`` in JSON, one ``Deck``
line per deck in the text.

Position: a deck 'Strategy Deck' of two cards on 'Main Map', count expression ``left:
Count=Two``; the Marker ``Count = Two`` in the cards' prototype P (not seen: the counter reads
``Counter (0)``), or the cards' own trait (seen: ``Counter (2)``)."""
from __future__ import annotations

import json

import pytest
from test_deck_count_prototypes import _module, _save

from vmodgen.cli import main


def _inspect(capsys, *args: str) -> str:
    with pytest.raises(SystemExit) as info:
        main(["inspect", *args])
    captured = capsys.readouterr()
    assert info.value.code == 0, captured.err
    return captured.out


@pytest.mark.parametrize("traits, state, unseen", [
    ("prototype;P", "", ["Count"]),      # only the prototype gives Count: the count does not see it
    ("mark;Count", "Two", None),         # the card's own Marker: seen, nothing said
])
def test_inspect_says_what_a_deck_count_does_not_see(tmp_path, capsys, traits, state, unseen):
    save, module = _save(tmp_path, traits, state), _module(tmp_path)
    pieces = {p["id"]: p for p in json.loads(_inspect(capsys, str(save), "--module", str(module), "--json"))["pieces"]}
    assert pieces["201"]["properties"].get("Count") == "Two"
    assert pieces["201"].get("deck_count_unseen") == unseen
    assert "deck_count_unseen" not in pieces["101"]                 # the counter is in no deck
    text = _inspect(capsys, str(save), "--module", str(module))
    deck_lines = [line for line in text.splitlines() if line.startswith("Deck ")]
    if unseen:
        assert len(deck_lines) == 1 and "do not see Count" in deck_lines[0], deck_lines
        assert pieces["101"]["name"] == "Counter (0)"              # and VASSAL's count agrees
    else:
        assert deck_lines == [] and pieces["101"]["name"] == "Counter (2)"


@pytest.mark.parametrize("counts, counting", [
    ((), True),                          # a deck with no count expressions: nothing counts Count
    (("left: Count=Two",), False),       # expression counting off: VASSAL counts nothing
    (("axis: Side=Axis", "big: {Size > 2}"), True),   # expressions that never ask Count
])
def test_inspect_says_nothing_for_a_deck_whose_counts_do_not_ask(tmp_path, capsys, counts, counting):
    """Before: 'its count expressions do not see Count' for every deck of prototyped cards, with or
    without count expressions. Position: the cards' prototype P gives Count = Two; the deck's
    expressions are ``counts``."""
    save, module = _save(tmp_path, "prototype;P", "", counts, counting), _module(tmp_path)
    pieces = {p["id"]: p for p in json.loads(_inspect(capsys, str(save), "--module", str(module), "--json"))["pieces"]}
    assert pieces["201"]["properties"].get("Count") == "Two"
    assert "deck_count_unseen" not in pieces["201"]
    text = _inspect(capsys, str(save), "--module", str(module))
    assert [line for line in text.splitlines() if line.startswith("Deck ")] == []


@pytest.mark.parametrize("expression", ["left: Count=Two", "left: {Count == \"Two\"}", "left: $Count$"])
def test_inspect_names_the_property_an_expression_asks(tmp_path, capsys, expression):
    """Each way an expression asks Count (old-style match, BeanShell, $...$) is named unseen."""
    save, module = _save(tmp_path, "prototype;P", "", (expression,)), _module(tmp_path)
    pieces = {p["id"]: p for p in json.loads(_inspect(capsys, str(save), "--module", str(module), "--json"))["pieces"]}
    assert pieces["201"].get("deck_count_unseen") == ["Count"]
