"""A board made from a position whose units a rule set moved or changed (the units before the
attackers advanced, OM 9.83 / IM 13.5 / NA41 12, 14; OM's fatigue at SoP I.A.1) reads the new
units, also when the position came with the audit's index of the old ones (``by_hex``): the
audit hands every position such an index, a position file none."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from vmodgen.rules import ruleset_for
from vmodgen.rules.games.before_advances import before_advances
from vmodgen.rules.position_file import load_position

POSITION = Path(__file__).resolve().parent / "data/positions/rulebook/invasion_malta/advance-one-hex-into-ezoc.toml"


def _with_audit_index(pos):
    """``pos`` as the audit makes it: with its hex index, the side versions and the mixed hexes."""
    at: dict[str, list] = {}
    for u in pos.units:
        at.setdefault(u.hex, []).append(u)
    mixed = frozenset(h for h, us in at.items() if len({u.side for u in us}) > 1)
    return replace(pos, by_hex=at, side_versions={s: (1,) for s in pos.game.sides}, mixed_hexes=mixed)


def test_the_board_before_advances_puts_the_attacker_back_with_or_without_an_index():
    """IM 13.5: Z1 advanced 1312 -> 1412; before the advance it stands in 1312 and 1412 is empty,
    whether or not the position carries the audit's index of where the units stand now."""
    pos = load_position(POSITION)
    rs = ruleset_for(pos.game)
    for p in (pos, _with_audit_index(pos)):
        before = before_advances(rs, rs.board(p))
        assert [u.id for u in before.at.get("1312", [])] == ["Z1"]
        assert "Z1" not in [u.id for u in before.at.get("1412", [])]


def test_with_units_drops_the_index_of_the_old_units():
    pos = _with_audit_index(load_position(POSITION))
    moved = [replace(u, hex="1010") if u.id == "A5" else u for u in pos.units]
    new = pos.with_units(moved)
    assert new.by_hex is None and new.side_versions is None and new.mixed_hexes is None
    assert new.units is moved and pos.by_hex is not None


def test_a_drift_combat_retreat_is_judged_without_the_drift_units_with_an_index():
    """IM 15.65: a unit retreating after a drift combat may end in the drift units' ZOC (the
    rulebook position is legal); with the audit's index of where the units stand it stays legal
    (the board without the drift units had kept them in its index: an IM 13.43 finding)."""
    pos = load_position(POSITION.parent / "drift-retreat-ends-in-drift-units-zoc.toml")
    rs = ruleset_for(pos.game)
    for p in (pos, _with_audit_index(pos)):
        assert [f.rule for f in rs.check(p)] == []
