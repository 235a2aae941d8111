"""Who moved in a file whose movers' ids are all blank (``vmodgen sanitize``): the one player
seated on the moved units' side at that step, by the roster's names in the order of its seat
changes, else "not known"; never the recorder by default (na41-takeover25-blank: Bob's move
credited to Alice)."""
from __future__ import annotations

from types import SimpleNamespace

from vmodgen.integrity.blank_movers import NOT_KNOWN, credit_blank_movers
from vmodgen.vassal.commands import Command
from vmodgen.vassal.interpreter import Move

SIDES = {"u-allied": "allied", "u-axis": "axis"}


def _step(*texts: str, moves: tuple[str, ...] = (), player: str | None = None):
    cmd = Command("", [Command(t) for t in texts]) if len(texts) > 1 else Command(texts[0] if texts else "")
    at = ("Main", 0, 0)
    return SimpleNamespace(command=cmd, moves=[Move(pid, at, at) for pid in moves], player=player)


def _move(pid: str, mover_id: str = "") -> str:
    return f"LOG\tM/{pid}/Main/10/10/null/Main/0/0/null/{mover_id}"


def test_blank_ids_credit_the_one_player_seated_on_the_moved_side():
    """Bob holds Allied, Alice joins as Axis, Bob leaves for observer, Alice switches to Allied:
    each move goes to whoever then held its unit's side."""
    steps = [_step(_move("u-allied"), moves=("u-allied",)),
             _step("LOG\tPLAYER\t\tAlice\tAxis"),
             _step(_move("u-axis"), moves=("u-axis",)),
             _step("LOG\tPYREMOVE\t", "LOG\tPLAYER\t\tBob\t<observer>"),
             _step("LOG\tPYREMOVE\t", "LOG\tPLAYER\t\tAlice\tAllied"),
             _step(_move("u-allied"), moves=("u-allied",))]
    credit_blank_movers(steps, [("Bob", "Allied")], SIDES)
    assert [s.player for s in steps if s.moves] == ["Bob", "Alice", "Alice"]


def test_blank_ids_name_no_one_where_the_seats_do_not_tell():
    """A side held by two names (an edited roster), a unit of no known side, and a step moving
    both sides' units: not known; a step whose chat named the mover keeps that name."""
    steps = [_step("LOG\tPLAYER\t\tCarol\tAllied"),
             _step(_move("u-allied"), moves=("u-allied",)),
             _step(_move("marker"), moves=("marker",)),
             _step(_move("u-allied"), _move("u-axis"), moves=("u-allied", "u-axis")),
             _step(_move("u-allied"), moves=("u-allied",), player="Bob")]
    credit_blank_movers(steps, [("Bob", "Allied"), ("Alice", "Axis")], SIDES)
    assert [s.player for s in steps if s.moves] == [NOT_KNOWN, NOT_KNOWN, NOT_KNOWN, "Bob"]


def test_ids_kept_or_one_player_leave_the_credit_alone():
    """A mover id in the file, or a roster of one name: nothing is credited here (the replay's
    id or the recorder stands)."""
    kept = [_step(_move("u-allied", "pw-bob"), moves=("u-allied",))]
    credit_blank_movers(kept, [("Bob", "Allied"), ("Alice", "Axis")], SIDES)
    alone = [_step(_move("u-axis"), moves=("u-axis",))]
    credit_blank_movers(alone, [("Bob", "Allied")], SIDES)
    assert kept[0].player is None and alone[0].player is None
