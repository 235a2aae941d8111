"""The generic "no shared hexes" check (``enemy_sharing``) on positions that carry the audit's
index (``by_hex``, ``mixed_hexes``; the rule set's ``states_fixed``) keeps what it read of each
hex's unit list while that very list stands, and orders its findings only when it has more than
one: every answer equals the plain check of the same units without the index (a board built
from the unit list, nothing kept), whatever changes between positions."""
from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

from vmodgen.rules import ruleset_for
from vmodgen.rules.core.moves import enemy_sharing
from vmodgen.rules.position_file import load_position

POSITION = Path(__file__).resolve().parent / "data/positions/generic-inline.toml"
HEXES = ["0304", "0305", "0404", "0405", "0606", "0607", "0101", "0909"]


def _all(u) -> bool:
    return True


def _some(u) -> bool:
    """A stacking_free of sorts: every third unit does not count."""
    return int(u.id[1:]) % 3 != 0


def _said(found) -> list[tuple]:
    return [(f.rule, f.hexes, f.units, f.message, f.turn, f.phase) for f in found]


def _plain(rs, pos, counts) -> list[tuple]:
    """The check on the same units without the audit's index: nothing kept, the board's order."""
    return _said(enemy_sharing(rs, rs.board(pos.with_units(list(pos.units))), "GEN stacking", counts))


def _indexed(pos, units, last_at: dict) -> tuple:
    """``pos`` with ``units`` and the index the audit would give it: a hex's list is the last
    position's very list when its units are the same states, a new list otherwise."""
    at: dict[str, list] = {}
    for u in units:
        at.setdefault(u.hex, []).append(u)
    for h, us in at.items():
        old = last_at.get(h)
        if old is not None and len(old) == len(us) and all(a is b for a, b in zip(old, us)):
            at[h] = old
    mixed = frozenset(h for h, us in at.items() if len({u.side for u in us}) > 1)
    return replace(pos, units=units, by_hex=at, mixed_hexes=mixed,
                   side_versions={s: (0,) for s in pos.game.sides}), at


def test_kept_sides_equal_the_plain_check_through_random_positions():
    base = load_position(POSITION)
    rs = ruleset_for(base.game)
    rs.states_fixed = True
    rng = random.Random(20)
    proto = {u.side: u for u in base.units}
    units = [replace(proto[rng.choice(sorted(proto))], hex=rng.choice(HEXES)) for _ in range(10)]
    for i, u in enumerate(units):
        u.id = f"{u.side[0].upper()}{i}"
    at: dict = {}
    found_many = found_one = 0
    for step in range(400):
        # a few units moved or re-made (new states), the others the very same states
        units = list(units)
        for _ in range(rng.randint(0, 3)):
            j = rng.randrange(len(units))
            new = replace(units[j], hex=rng.choice(HEXES))
            new.id = units[j].id
            units[j] = new
        if rng.random() < 0.2:
            rng.shuffle(units)
        pos, at = _indexed(base, units, at)
        for counts in ((_all, _some) if step % 2 else (_some, _all)):
            got = _said(enemy_sharing(rs, rs.board(pos), "GEN stacking", counts))
            assert got == _plain(rs, pos, counts), step
            found_many += len(got) > 1
            found_one += len(got) == 1
    assert found_many > 20 and found_one > 20      # both the ordered and the single answers were met


def test_a_list_changed_in_place_is_read_again_when_states_may_change():
    """Without ``states_fixed`` (a position file's units, a rule set's own positions) nothing is
    kept: a hex's list changed in place between two checks gives the new answer."""
    base = load_position(POSITION)
    rs = ruleset_for(base.game)
    assert not rs.states_fixed
    red = next(u for u in base.units if u.side == "red")
    blue = next(u for u in base.units if u.side == "blue")
    a, b = replace(red, hex="0909"), replace(blue, hex="0101")
    a.id, b.id = "R9", "B9"
    pos, at = _indexed(base, [a, b], {})
    pos = replace(pos, mixed_hexes=frozenset({"0909"}))      # the maker's set, then the list grows
    assert _said(enemy_sharing(rs, rs.board(pos), "GEN stacking", _all)) == []
    at["0909"].append(b)
    assert [f.hexes for f in enemy_sharing(rs, rs.board(pos), "GEN stacking", _all)] == [("0909",)]
