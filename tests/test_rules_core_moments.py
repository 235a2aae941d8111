"""The one reading of a log's move moments (``UnitState.times``) that IM 3.33 and OM 9.63 share
(:mod:`vmodgen.rules.core.moments`): which hexes the moments belong to, when a unit entered a
step's hex, where it stood at a moment."""
from __future__ import annotations

from vmodgen.model.unit import Unit
from vmodgen.positions.model import UnitState
from vmodgen.rules.core.moments import entered, entered_on_path, hex_at, stood, timed_hexes


def _unit(hex_: str, **kw) -> UnitState:
    return UnitState(Unit("u", "U", "a", "", "", "inf", "bn"), hex_, **kw)


def test_a_path_with_a_moment_for_each_hex():
    """A path 0101 → 0102 → 0103 entered at moments 4 and 7 (the start, -1: held since before)."""
    u = _unit("0103", previous="0101", path=("0101", "0102", "0103"), times=(-1, 4, 7))
    assert timed_hexes(u) == ("0101", "0102", "0103")
    assert [entered(u, i) for i in (1, 2, 5)] == [4, 7, 7]
    assert entered_on_path(u, 0, "0102") == 4 and entered_on_path(u, 0, "0103") is None
    assert [hex_at(u, m) for m in (0, 4, 5, 8)] == ["0101", "0101", "0102", "0103"]
    assert [stood(u, "0102", m) for m in (3, 4, 6, 7)] == [False, True, True, False]


def test_stops_carry_the_moments_when_there_is_no_path():
    """Drags over several hexes (no path, stops 0101, 0103, 0105 at -1, 2, 9): the moments are
    the stops'; 0104, passed within a drag, was held at no other moment."""
    u = _unit("0105", previous="0101", stops=("0101", "0103", "0105"), times=(-1, 2, 9))
    assert timed_hexes(u) == ("0101", "0103", "0105")
    assert hex_at(u, 5) == "0103" and stood(u, "0103", 5) is True and stood(u, "0104", 5) is False
    assert entered(u, 1) == 9                     # no path: the last drag's end


def test_unknown_moments_answer_none():
    """No moments, or not one for each hex: unknown, except that a hex off the move was surely not held."""
    for u in (_unit("0103", previous="0101", path=("0101", "0102", "0103")),
              _unit("0103", previous="0101", path=("0101", "0102", "0103"), times=(-1, 4))):
        assert timed_hexes(u) is None and entered(u, 1) is None and hex_at(u, 5) is None
        assert stood(u, "0102", 5) is None and stood(u, "0909", 5) is False
