"""The game-neutral core: selectors, stacking points, ZOC fields, supply tracing (FIRST hexes,
budgets, road legs, auxiliary state, relays, capacity), movement walk and search, rule timing."""
from __future__ import annotations

import pytest

from rules_util import grid, head, position, table, unit
from vmodgen.errors import InputError
from vmodgen.rules import ruleset_for
from vmodgen.rules.base import When
from vmodgen.rules.core import (BLOCKED, FIRST, FULL, OPEN, Board, MoveModel, Problem, Selector, TraceRules,
                                assign_capacity, free_first, relay_chain, search, trace_costs, walk, zoc_field)

H = head("generic", ("red", "blue")) + grid((1, 12), (1, 12))


def board(body: str = "") -> Board:
    return Board(position(H + body))


def test_selector_terms():
    """Selectors match by flag, kind, type, class, status, side; '!' excludes; 'all' matches all."""
    p = position(H + unit("A", "red", "0101", type="hq", kind="hq", flags=["no_zoc"], status=["disrupted"]))
    u = p.unit("A")
    assert Selector("kind:hq").matches(p.game, u)
    assert Selector("no_zoc").matches(p.game, u)
    assert Selector("status:disrupted").matches(p.game, u)
    assert not Selector("all, !side:red").matches(p.game, u)
    assert Selector("all").matches(p.game, u) and not Selector("").matches(p.game, u)
    with pytest.raises(InputError):
        Selector("colour:red")


def test_free_first_points():
    """Stacking with special units: the first is free, each further one counts 1."""
    p = position(H + unit("A", "red", "0101", values={"s": 2}) + unit("T1", "red", "0101", flags=["t"])
                 + unit("T2", "red", "0101", flags=["t"]) + unit("T3", "red", "0101", flags=["t"]))
    pts = free_first(lambda u: u.number("s", 0), lambda u: "t" in u.unit.flags)
    assert pts(p.units) == 2 + 2


def test_zoc_field_and_overlap():
    """ZOC field: the six neighbours of each exerting unit; two non-adjacent sources overlap."""
    b = board(unit("B1", "blue", "0505") + unit("B2", "blue", "0705"))
    f = zoc_field(b, "blue", lambda u: True)
    assert set(b.neighbours("0505")) <= f.hexes()
    common = set(b.neighbours("0505")) & set(b.neighbours("0705"))
    assert common and all(f.overlapping(h, b) for h in common)
    only = set(b.neighbours("0505")) - set(b.neighbours("0705"))
    assert not any(f.overlapping(h, b) for h in only)
    assert f.kind("0505") == 0 and f.kind(next(iter(only))) == FULL


def test_trace_budget_and_blocking():
    """trace_costs: cost per hex within the budget; BLOCKED hexes are not passed, but a unit
    standing in one still traces out of it; FIRST hexes only as the first hex."""
    b = board()
    steps = lambda a, c: 1.0
    costs = trace_costs(b, ["0101"], TraceRules(step=steps, enter=lambda h: OPEN, budget=3))
    assert costs["0101"] == 0 and costs["0401"] == 3 and "0501" not in costs
    wall = {"0201", "0202", "0203", "0204"}
    strip = Board(position(H.replace("pos_range = [1, 12]", "pos_range = [1, 4]")))
    c2 = trace_costs(strip, ["0101"], TraceRules(step=steps, enter=lambda h: BLOCKED if h in wall else OPEN))
    assert "0202" in c2 and "0302" not in c2                  # in the wall: traces out; beyond: cut
    c3 = trace_costs(strip, ["0101"], TraceRules(step=steps, enter=lambda h: FIRST if h in wall else OPEN))
    assert "0302" in c3 and "0402" not in c3                  # FIRST: one hex deep only


def test_trace_road_leg_and_aux():
    """A road leg after the budget; an auxiliary state (here: at most 1 'desert' hex in a row)."""
    b = board(table("lines", kind="road", hexes=[f"{c:02d}01" for c in range(1, 11)]))
    rules = TraceRules(step=lambda a, c: 1.0, enter=lambda h: OPEN, budget=1,
                       road_step=lambda a, c: "road" in b.roads(a, c))
    costs = trace_costs(b, ["0101"], rules)
    assert costs.get("1001") == 0 and "1002" in costs and "1003" not in costs
    desert = {"0102", "0103"}
    aux = lambda h, after: None if (h in desert and after == 1) else (1 if h in desert else 0)
    rules = TraceRules(step=lambda a, c: 1.0, enter=lambda h: OPEN, budget=3, aux=aux)
    strip = Board(position(H.replace("line_range = [1, 12]", "line_range = [1, 1]")))
    assert "0104" not in trace_costs(strip, ["0101"], rules)
    assert "0104" in trace_costs(strip, ["0101"], TraceRules(step=lambda a, c: 1.0, enter=lambda h: OPEN, budget=3))


def test_relay_chain_and_capacity():
    """Relays pass supply on; capacity gives each source at most its number of units."""
    strip = Board(position(H.replace("line_range = [1, 12]", "line_range = [1, 1]")))
    rules = TraceRules(step=lambda a, c: 1.0, enter=lambda h: OPEN, budget=2)
    cost, kind, relays = relay_chain(strip, {"0101": "full"}, {"0103": ["M1"], "0105": ["M2"]}, rules)
    assert relays == {"M1": "full", "M2": "full"} and "0107" in kind and "0108" not in kind
    got = assign_capacity({"a": ["p"], "b": ["p", "q"], "c": ["p"]}, {"p": 2, "q": 1})
    assert len(got) == 3 and list(got.values()).count("p") == 2


def test_trace_searches_once_per_start_hexes():
    """``traced``: sources whose road legs reach the same hexes share one search, whose answer is
    the fresh one's; a relay chain gives what it gives without it. The answer is keyed by the
    hexes the budgeted leg starts from only, so it holds for one ``rules``: the same start with
    a wall across the strip (other rules) would be answered as before the wall, which is why a
    reading keeps its own (NA41 ``supply.Lines``)."""
    b = board(table("lines", kind="road", hexes=[f"{c:02d}01" for c in range(1, 7)]))
    road = lambda a, c: "road" in b.roads(a, c)
    rules = TraceRules(step=lambda a, c: 1.0, enter=lambda h: OPEN, budget=2, road_step=road)
    traced: dict = {}
    first = trace_costs(b, ["0101"], rules, traced)
    assert trace_costs(b, ["0601"], rules, traced) is first and len(traced) == 1
    assert first == trace_costs(b, ["0601"], rules) and "0603" in first and "0604" not in first
    walled = TraceRules(step=lambda a, c: 1.0, enter=lambda h: BLOCKED if h[2:] == "02" else OPEN, budget=2,
                        road_step=road)
    assert "0603" not in trace_costs(b, ["0101"], walled) and trace_costs(b, ["0101"], walled, traced) is first
    strip = Board(position(H.replace("line_range = [1, 12]", "line_range = [1, 1]")))
    plain = TraceRules(step=lambda a, c: 1.0, enter=lambda h: OPEN, budget=2)
    relays = {"0103": ["M1"], "0105": ["M2"]}
    assert relay_chain(strip, {"0101": "full"}, relays, plain, traced={}) == \
        relay_chain(strip, {"0101": "full"}, relays, plain)


def test_walk_and_search():
    """walk: cost of a path and the first problem; search: the cheapest cost of every hex in reach,
    with stopping hexes as dead ends."""
    b = board()
    stop = {"0303"}
    m = MoveModel(cost=lambda a, c: 2.0 if c == "0302" else 1.0, neighbours=b.neighbours,
                  stops=lambda a, c, i: Problem("r", "zoc", "stop", c) if c in stop else None)
    assert walk(m, ["0301", "0302"], 2) == (2.0, None)
    spent, prob = walk(m, ["0301", "0302", "0303"], 2)
    assert prob is not None and prob.kind == "movement"
    spent, prob = walk(m, ["0301", "0302", "0303", "0304"], 9)
    assert prob is not None and prob.kind == "zoc" and prob.hex == "0303"
    reach = search(m, "0301", 3)
    assert reach["0302"] == 2 and reach["0303"] == 3 and "0304" not in reach     # 0303 is a dead end
    assert search(m, "0301", 9)["0304"] > 3                                      # the way round


def test_when_applies():
    """A rule's moment: phase kinds, end of phase or any snapshot; no phase = every rule."""
    p = position('[position]\ngame = "../minikit"\nphase = "red-combat"\n')
    assert When(("combat",)).applies(p) and not When(("movement",)).applies(p)
    p.at = "during"
    assert not When(("combat",)).applies(p) and When(("combat",), at="any").applies(p)
    p.phase = ""
    assert When(("movement",)).applies(p)


def test_registry():
    """ruleset_for picks the class named by game.ruleset; every rule set lists its rules with a
    kind among stacking, zoc, supply, movement."""
    p = position(H)
    for name in ("generic", "operation-mercury", "invasion-malta", "north-africa-41"):
        p.game.ruleset = name
        rs = ruleset_for(p.game)
        assert rs.id == name
        assert rs.rules() and {r.kind for r in rs.rules()} <= {"stacking", "zoc", "supply", "movement"}
