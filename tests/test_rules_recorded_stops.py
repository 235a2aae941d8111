"""A move whose recorded drags ended on hexes not one hex apart (the audit's ``UnitState.stops``,
no ``path``): the move passes through each stop in order, each leg by its cheapest legal route,
the legs' costs add up against the allowance (GEN movement), and a stop in enemy ZOC is a stop
(GEN zoc: the unit entered enemy ZOC there and moved on). Before, such a move was judged as "any
route from the first hex to the last", which let a unit that stopped next to an enemy and then
went on, or spent more than its allowance over two drags, pass (a real VASSAL 3.7.26 log of
Kassala showed it: tests/test_kassala_foreign.py)."""
from __future__ import annotations

from rules_util import head, position, unit
from vmodgen.positions.model import Position
from vmodgen.rules import ruleset_for

H = head("generic", ("red", "blue"), turn=1)


def _judge(text: str, stops: tuple[str, ...]) -> list:
    p: Position = position(text)
    r = next(u for u in p.units if u.id == "R")
    r.previous, r.path, r.stops = stops[0], None, stops
    rs = ruleset_for(p.game)
    return rs.check_moves(rs.board(p))


def test_a_stop_in_enemy_zoc_then_on_is_a_zoc_finding():
    """Red R (4 MP) dragged 0501 → 0503 (blue B in 0504: its ZOC covers 0503), then 0503 → 0603.
    A route 0501 → 0602 → 0603 avoids the ZOC, but R stopped in 0503: GEN zoc at 0503."""
    text = H + unit("B", "blue", "0504") + unit("R", "red", "0603", values={"movement": 4})
    found = _judge(text, ("0501", "0503", "0603"))
    assert [(f.rule, f.kind, tuple(f.hexes)) for f in found] == [("GEN zoc", "zoc", ("0503",))]
    assert "0501 → 0503 → 0603 (where its drags ended)" in found[0].message
    # the same end hex without the stop in the ZOC: legal
    assert _judge(text, ("0501", "0502", "0603")) == []


def test_the_legs_add_up_against_the_allowance():
    """Red R (3 MP), no enemy near: 0501 → 0503 (2 hexes) then 0503 → 0505 (2 more) spends 4:
    GEN movement ("1 left at 0503"); 0501 → 0503 → 0502 spends 3: legal."""
    text = H + unit("B", "blue", "1010") + unit("R", "red", "0505", values={"movement": 3})
    found = _judge(text, ("0501", "0503", "0505"))
    assert [f.rule for f in found] == ["GEN movement"] and "1 left at 0503" in found[0].message
    text = H + unit("B", "blue", "1010") + unit("R", "red", "0502", values={"movement": 3})
    assert _judge(text, ("0501", "0503", "0502")) == []


def test_the_stops_are_in_the_verdict_memo_key():
    """The remembered move verdict is keyed by the stops too: the same unit state with other
    stops is judged again."""
    p = position(H + unit("B", "blue", "0504") + unit("R", "red", "0603", values={"movement": 4}))
    token = object()
    p.side_versions = {"red": (token, 0), "blue": (token, 0)}
    r = next(u for u in p.units if u.id == "R")
    r.previous, r.stops = "0501", ("0501", "0502", "0603")
    rs = ruleset_for(p.game)
    assert rs.check_moves(rs.board(p)) == []
    r.stops = ("0501", "0503", "0603")
    assert [f.rule for f in rs.check_moves(rs.board(p))] == ["GEN zoc"]
