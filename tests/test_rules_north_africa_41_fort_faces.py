"""NA41 9.5.3, 9.5.7: the owner of a fortification marker of unstated owner (always so in a log) is
read one way for both faces, and the history records it for a fort Under Construction too, so a
fort being built with its builder in the hex has a known owner later (review of rulepos22, item 6)."""
from __future__ import annotations

from pathlib import Path

from vmodgen.rules import ruleset_for
from vmodgen.rules.games.north_africa_41.carried import BUILDING, fort_owner
from vmodgen.rules.games.north_africa_41.memory import fort_owners
from vmodgen.rules.position_file import load_position

POS = '''[position]
game = "north-africa-41"
turn = 4
phase = "Impulse 1: Axis Movement Phase"

[[hexes]]
hex = "3332"
markers = ["{marker}"]

[[units]]
unit = "Brescia"
hex = "3332"
'''


def loaded(tmp_path: Path, marker: str):
    f = tmp_path / "p.toml"
    f.write_text(POS.format(marker=marker), encoding="utf-8")
    pos = load_position(str(f))
    return ruleset_for(pos.game), pos


def test_history_records_the_owner_of_a_fort_under_construction(tmp_path):
    """9.5.3: the Axis builds in 3332 with Brescia in the hex; the marker's owner is not stated: the
    history records it as the side of the units in its hex, on the Under Construction face too."""
    rs, pos = loaded(tmp_path, "Under Construction")
    assert fort_owners(rs, None, pos, {}) == {"3332": "axis"}


def test_history_records_the_owner_of_a_complete_fort(tmp_path):
    rs, pos = loaded(tmp_path, "Fort")
    assert fort_owners(rs, None, pos, {}) == {"3332": "axis"}


def test_one_reading_of_the_owner_for_both_faces(tmp_path):
    """The recorded owner (``na41_fort_owner``) answers for either face; the other face is no marker."""
    rs, pos = loaded(tmp_path, "Under Construction")
    board = rs.board(pos)
    assert fort_owner(board, "3332") is None
    assert fort_owner(board, "3332", BUILDING) == ""          # no owner stated, none recorded, no control
