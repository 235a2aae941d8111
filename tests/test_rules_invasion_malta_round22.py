"""Invasion: Malta round 22 (imfix10: the review of imfix9): each rule on both sides of its edge,
from the rulebook positions ``tests/data/positions/rulebook/invasion_malta/`` changed in one place
here. Legal play gets no finding; what cannot be judged is named not judged, never silently."""
from __future__ import annotations

from pathlib import Path

import pytest

from vmodgen.errors import InputError
from vmodgen.rules import ruleset_for
from vmodgen.rules.position_file import load_position

DATA = Path(__file__).resolve().parent / "data" / "positions" / "rulebook" / "invasion_malta"


def found(tmp_path: Path, name: str, *edits: tuple[str, str]) -> tuple[list[str], dict[str, str]]:
    """The rules found in the rulebook position ``name`` with ``edits`` (old, new) made, and what
    the check could not judge."""
    text = (DATA / name).read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new)
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    pos = load_position(str(f))
    rules = ruleset_for(pos.game)
    return [x.rule for x in rules.check(pos)], rules.take_not_judged()


SIX = "r20-kg-all-six-dropped-gt1.toml"
GERMAN = 'airheads = {"1530" = "german"}'


@pytest.mark.parametrize("spelt", ["German", "GERMAN", " german "])
def test_an_airheads_nationality_is_read_by_id_or_printed_name(tmp_path, spelt):
    """15.2 intro, 15.21: all six KGs dropped in GT1's Airborne Operations Phase with an Airhead in
    1530 whose nationality ``[state] airheads`` spells as the kit prints it ("German") or in
    another case: the same legal position as with the id "german"."""
    assert found(tmp_path, SIX, (GERMAN, f'airheads = {{"1530" = "{spelt}"}}')) == ([], {})


@pytest.mark.parametrize("spelt", ["7", "de"])
def test_an_airheads_value_that_is_no_nationality_is_refused(tmp_path, spelt):
    """``[state] airheads`` maps a hex to a nationality: a formation ("7") or an unknown word is
    refused naming the file and the known nationalities, not read as a nationality no unit has
    (which found every KG's drop, 15.2)."""
    with pytest.raises(InputError) as e:
        found(tmp_path, SIX, (GERMAN, f'airheads = {{"1530" = "{spelt}"}}'))
    assert SIX in str(e.value) and "german" in str(e.value) and "italian" in str(e.value)
    assert repr(spelt) in str(e.value)


def test_airheads_of_the_wrong_shape_show_an_airhead_example(tmp_path):
    """The refusal of a non-table ``airheads`` gives a nationality as the example, not a formation."""
    with pytest.raises(InputError, match='airheads must look like .*"german"'):
        found(tmp_path, SIX, (GERMAN, 'airheads = {"1530" = 7}'))
