"""The supply search's step costs read from a table (speed19): NA41's line of supply gives
:func:`supply.trace_costs` each hex's neighbours with their first-step and step costs, built once
per map and shared by every search of that rule set, where the search asked ``first_step`` and
``step`` at each step. The table may hold only what the printed map fixes: a table that kept a
position's blocked hexes or enemy ZOC (``enter``) would give the first position's lines to the
next. Each search is compared with the search as it was written before (``_reference``: the
callbacks asked step by step), on positions traced one after another with one rule set, so a
table filled by one position serves the next."""
from __future__ import annotations

import heapq
import random
from dataclasses import replace

from rules_util import position
from test_na41_supply_lines import _random_area, _random_position
from test_rules_north_africa_41_port_control import _siege
from vmodgen.rules import ruleset_for
from vmodgen.rules.core import supply as sup
from vmodgen.rules.games.north_africa_41 import supply


def _reference(board, sources, rules) -> dict[str, float]:
    """:func:`supply.trace_costs` before the table (no ``traced``): each step's costs asked of
    ``first_step`` and ``step`` as the search reaches it."""
    sources = [s for s in sources if board.is_hex(s)]
    out = {s: 0.0 for s in sources}
    seeds = sup._road_leg(board, sources, rules, out) if rules.road_step is not None else list(sources)
    budget = sup.INF if rules.budget is None else rules.budget
    dist: dict = {}
    heap: list = []
    for z in seeds:
        cls = rules.enter(z)
        a0 = rules.aux(z, None) if rules.aux else 0
        if cls != sup.BLOCKED and a0 is not None and dist.get((z, a0), sup.INF) > 0:
            dist[(z, a0)] = 0.0
            heapq.heappush(heap, (0.0, z, a0, cls == sup.FIRST))
    first = rules.first_step
    while heap:
        d, y, ay, terminal = heapq.heappop(heap)
        if d > dist.get((y, ay), sup.INF):
            continue
        for x in board.neighbours(y):
            if first is not None:
                c0 = first(x, y)
                if c0 is not None and d + c0 <= budget and d + c0 < out.get(x, sup.INF):
                    out[x] = d + c0
                if terminal:
                    continue
            c = rules.step(x, y)
            if c is None or d + c > budget:
                continue
            nd = d + c
            if first is None:
                if nd < out.get(x, sup.INF):
                    out[x] = nd
                if terminal:
                    continue
            if rules.enter(x) == sup.BLOCKED:
                continue
            ax = rules.aux(x, ay) if rules.aux else 0
            if ax is not None and nd < dist.get((x, ax), sup.INF):
                dist[(x, ax)] = nd
                heapq.heappush(heap, (nd, x, ax, rules.enter(x) == sup.FIRST))
    return out


def test_na41_lines_from_the_table_are_the_step_by_step_lines_position_after_position():
    """16.3.2-16.3.3: the besieged Tobruk (a ring of Axis units: enemy ZOC and occupied hexes
    around 3138) and random positions around Tobruk, traced in turn with one rule set: from the
    off-map boxes, from the ports, and the 5-point overland leg alone (``ranges.within``: no road
    leg), each side, with the table and without it (``edges`` None: the costs asked step by step),
    equal to the reference search."""
    rng = random.Random(19)
    hexes, places = _random_area()
    texts = [_siege(None), _siege("allied")] + [_random_position(rng, hexes, places) for _ in range(4)]
    compared = 0
    for text in texts + texts[:1]:                 # the first again, after the table is full
        p = position(text)
        rs = ruleset_for(p.game)
        board = rs.board(p)
        for side in ("allied", "axis"):
            rules = supply.trace_rules(rs, board, side)
            assert rules.edges is not None
            src, ports = supply.sources(rs, board, side)
            starts = [[h for h, k in src.items() if k == "full"], list(ports), ["3138"], [rng.choice(hexes)]]
            for seeds in starts:
                want = _reference(board, seeds, rules)
                assert sup.trace_costs(board, seeds, rules) == want, (side, seeds)
                assert sup.trace_costs(board, seeds, replace(rules, edges=None)) == want, (side, seeds)
                overland = replace(rules, road_step=None, road_enter=None)
                assert sup.trace_costs(board, seeds, overland) == _reference(board, seeds, overland)
                compared += 1
    assert compared == 4 * 2 * (len(texts) + 1)
    # what the per-map memos kept after every position is what the printed map gives
    _, _, base_memo, step_memo, edge_memo, road_memo, desert_memo = rs._na41_los_steps
    assert any(road_memo.values()) and any(desert_memo.values()) and edge_memo
    for (a, b), on_road in road_memo.items():
        assert on_road == bool(board.roads(a, b) & supply.ROADS), (a, b)
    for h, is_desert in desert_memo.items():
        assert is_desert == (board.terrain(h) == str(rs.param("na41_desert_terrain"))), h
    for y, row in edge_memo.items():
        assert row == tuple((x, base_memo[(x, y)], step_memo[(x, y)]) for x in board.neighbours(y)), y


def test_lines_without_first_step_costs_are_the_step_by_step_lines():
    """Rules that give no table and no first-step cost (Invasion: Malta's 6.2 supply trace: no
    sea or cliff hexside, unlimited): the search asks ``step`` once per step (the cost of x as
    the unit's own hex and as a later step are one), and gives the reference's lines."""
    p = position('[position]\ngame = "invasion-malta"\nturn = 1\n')
    rs = ruleset_for(p.game)
    board = rs.board(p)
    rules = rs.trace_rules(board, "axis")
    assert rules.edges is None and rules.first_step is None
    seeds = sorted(h for h in board.map.hexes if not board.is_water(h))[:3]
    got = sup.trace_costs(board, seeds, rules)
    assert got == _reference(board, seeds, rules) and len(got) > 3
    limited = replace(rules, budget=3.0)
    assert sup.trace_costs(board, seeds, limited) == _reference(board, seeds, limited)
