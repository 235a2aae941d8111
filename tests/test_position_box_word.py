"""Positions (round left22): a box written as its name and the word "Box" ("Sitia Box", as a
stranger writes it) is read as the box, in all three games' box names; a name that named a box
before names the same one, a place is never read as a box ("Tobruk Box" is refused as before), and
a name two boxes share stays refused ("Surrender Box": NA41's left and right halves)."""
from __future__ import annotations

import pytest

from rules_util import position, unit
from vmodgen.errors import InputError

VALUES = {"attack": 1, "defense": 1, "movement": 1}


def _hex(game: str, place: str) -> str:
    return position(f'[position]\ngame = "{game}"\n' + unit("X", "allied", place, type="infantry", values=VALUES)).units[0].hex


@pytest.mark.parametrize("game, written, box", [
    ("operation-mercury", "Sitia Box", "offmap-sitia"), ("operation-mercury", "sitia box", "offmap-sitia"),
    ("operation-mercury", "Alexandria Box", "alexandria"), ("operation-mercury", "German first wave box", "german-first-wave"),
    ("invasion-malta", "KG1 Box", "axis-paradrop-kg1"), ("invasion-malta", "Axis eliminated units box", "axis-eliminated"),
    ("north-africa-41", "Nile Delta Box", "nile-delta"), ("north-africa-41", "Reserve Box", "reserve"),
    ("north-africa-41", "Eliminated Units Box", "eliminated"),
    # names that named a box before name the same one
    ("operation-mercury", "Sitia", "offmap-sitia"), ("north-africa-41", "Tobruk Holding Box", "tobruk-holding"),
    ("north-africa-41", "Tobruk Holding", "tobruk-holding")])
def test_a_box_name_with_the_word_box(game, written, box):
    assert _hex(game, written) == box


@pytest.mark.parametrize("written, words", [("Tobruk Box", "'Tobruk Box' is neither a hex of the map nor a box"),
                                            ("Surrender Box", "spells the names of 2 boxes")])
def test_no_other_name_becomes_a_box(written, words):
    with pytest.raises(InputError) as got:
        _hex("north-africa-41", written)
    assert words in str(got.value)
