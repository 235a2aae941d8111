"""NA41 2.2.4's ``na41_holding_box`` ("box:hex") read once per text (speed19): every stacking hex
asks where the Tobruk Holding Box's units stand (~15,000 times an NA41 audit), and the answer
is remembered by the parameter's text. A cache keyed by anything coarser (the rule set's class,
the first game read) would give one game's hex to another: games stating other holding boxes,
judged in turn in one process, each get their own, and a malformed text is refused every time."""
from __future__ import annotations

import pytest

from rules_util import position
from vmodgen.rules import ruleset_for
from vmodgen.rules.games.north_africa_41 import field_params

HEAD = ('[position]\ngame = "north-africa-41"\nscenario = "Campaign"\nturn = 5\n'
        'phase = "Impulse 1: Allied Movement Phase"\n')
UNIT = '\n[[units]]\nunit = "24/9 Aus"\nhex = "tobruk-holding"\n'


def _counted_in(rules: str) -> tuple[str, list[str]]:
    """The hex the box's units count in (2.2.4) for a position stating ``rules``, and the units
    hex_units gives there for the Allies."""
    p = position(HEAD + rules + UNIT)
    rs = ruleset_for(p.game)
    board = rs.board(p)
    hexid = rs.stacking_hex(board, "tobruk-holding")
    return hexid, [u.unit.name for u in rs.hex_units(board, hexid, "allied")]


def test_each_game_counts_the_box_in_its_own_hex_whatever_was_read_before():
    """The kit's 3138, then a position stating 3039, then the kit's again: 24/9 Aus in the box
    counts in 3138, 3039, 3138 (and stands in that hex's units for stacking and supply)."""
    assert _counted_in("") == ("3138", ["24/9 Aus"])
    assert _counted_in('\n[rules]\nna41_holding_box = "tobruk-holding:3039"\n') == ("3039", ["24/9 Aus"])
    assert _counted_in("") == ("3138", ["24/9 Aus"])


@pytest.mark.parametrize("text", ["tobruk-holding:3138", " tobruk-holding : 3039 ", "box:0101", "tobruk-holding:3138"])
def test_a_text_read_again_gives_the_first_reading(text):
    assert field_params.holding_box(text) == field_params._read_holding_box(text)
    assert field_params.holding_box(text) == field_params.holding_box(text)


@pytest.mark.parametrize("text", ["tobruk-holding", "a:b:c", "a:b, c:d", "tobruk holding:3138", ""])
def test_a_malformed_text_is_refused_every_time(text):
    """Only a reading is remembered: the second ask of a malformed text is refused as the first."""
    for _ in range(2):
        with pytest.raises(ValueError, match="box:hex"):
            field_params.holding_box(text)
