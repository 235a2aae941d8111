"""Supply tracing as a shortest-path search over rule-given costs.

One search runs *backwards* from the sources and gives every hex the cheapest cost of a supply
line from that hex, so the supply of every unit of a side costs one search, not one per unit.
A line is: a budgeted leg (hexes or movement points, ``budget=None`` = unlimited) from the
unit's hex, then optionally an unlimited leg along roads to the source. Hexes are

* ``OPEN``: a line may pass through them;
* ``FIRST``: a line may enter them only as its first hex after the unit's own hex (an enemy ZOC
  a unit may trace out of, for instance);
* ``BLOCKED``: a line may not enter them (the unit's own hex is never checked).

Supply units (MSUs, HQs) can relay: once a relay traces, its hex becomes a source for others
(:func:`relay_chain`). Sources with a capacity (ports) supply at most that many units
(:func:`assign_capacity`, a bipartite matching).
"""
from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

from .board import Board

OPEN, FIRST, BLOCKED = 0, 1, 2
INF = float("inf")


@dataclass
class TraceRules:
    """How a supply line may run. ``step(a, b)`` is the cost of the forward step a→b (None: the
    hexside or hex cannot be crossed); ``enter(h)`` is OPEN, FIRST or BLOCKED; ``aux`` optionally
    tracks a small state over the line (the count of consecutive desert hexes, say): ``aux(h, s)``
    is the state of the line from ``h`` on, given ``s`` for the line after it (None: not allowed)."""
    step: Callable[[str, str], float | None]
    enter: Callable[[str], int]
    budget: float | None = None
    road_step: Callable[[str, str], bool] | None = None      # a→b runs along a road (road leg)
    road_enter: Callable[[str], bool] | None = None          # the road leg may enter b
    aux: Callable[[str, int | None], int | None] | None = None
    #: the cost of a step out of the unit's own hex, when it differs from ``step`` (a hexside a
    #: line may cross only from the unit's hex, say); None = the same as ``step``
    first_step: Callable[[str, str], float | None] | None = None
    #: ``edges(y)``: each neighbour x of y with (the cost of x→y as a line's first step, as a
    #: later step), the values ``first_step`` (else ``step``) and ``step`` give; for rules whose
    #: step costs read the printed map alone, a table built once per map makes the search's inner
    #: loop a lookup (None: asked of ``first_step`` and ``step`` as the search goes)
    edges: Callable[[str], Sequence[tuple[str, float | None, float | None]]] | None = None


#: searches already run with one ``rules`` on one board: the hexes the budgeted leg starts from
#: (the sources and what the road leg reaches) → :func:`trace_costs`' answer
Traced = dict[frozenset[str], dict[str, float]]


def trace_costs(board: Board, sources: Iterable[str], rules: TraceRules, traced: Traced | None = None
                ) -> dict[str, float]:
    """Hex → cheapest cost of a legal supply line from a unit in that hex to any source.
    ``traced``: the searches already run with these ``rules`` on this ``board`` (the budgeted leg
    is a function of the hexes it starts from: sources whose road legs reach the same hexes search
    once; the answer is then shared, not to be changed)."""
    sources = [s for s in sources if board.is_hex(s)]
    out: dict[str, float] = {s: 0.0 for s in sources}
    seeds = list(sources)
    if rules.road_step is not None:
        seeds = _road_leg(board, sources, rules, out)
    if traced is not None:
        start = frozenset(seeds)
        if start in traced:
            return traced[start]
    budget = INF if rules.budget is None else rules.budget
    dist: dict[tuple[str, int], float] = {}
    heap: list[tuple[float, str, int, bool]] = []
    aux = rules.aux
    for z in seeds:
        cls = rules.enter(z)
        if cls == BLOCKED:
            continue
        a0 = aux(z, None) if aux else 0
        if a0 is None:
            continue
        key = (z, a0)
        if dist.get(key, INF) > 0:
            dist[key] = 0.0
            heapq.heappush(heap, (0.0, z, a0, cls == FIRST))
    enter, edges = rules.enter, rules.edges or _edges(board, rules)
    while heap:
        d, y, ay, terminal = heapq.heappop(heap)
        if d > dist.get((y, ay), INF):
            continue
        for x, c0, c in edges(y):
            if c0 is not None:
                n0 = d + c0
                if n0 <= budget and n0 < out.get(x, INF):
                    out[x] = n0                  # x as the unit's own hex
            if terminal or c is None:
                continue
            nd = d + c
            if nd > budget:
                continue
            cls = enter(x)
            if cls == BLOCKED:
                continue
            ax = aux(x, ay) if aux else 0
            if ax is None:
                continue
            if nd < dist.get((x, ax), INF):
                dist[(x, ax)] = nd
                heapq.heappush(heap, (nd, x, ax, cls == FIRST))
    if traced is not None:
        traced[start] = out
    return out


def _edges(board: Board, rules: TraceRules) -> Callable[[str], list[tuple[str, float | None, float | None]]]:
    """:attr:`TraceRules.edges` asked of the rules' step costs at each expansion (rules that give
    no table)."""
    step, first, neighbours = rules.step, rules.first_step, board.neighbours
    if first is None:
        return lambda y: [(x, c, c) for x in neighbours(y) for c in (step(x, y),)]
    return lambda y: [(x, first(x, y), step(x, y)) for x in neighbours(y)]


def _road_leg(board: Board, sources: list[str], rules: TraceRules, out: dict[str, float]) -> list[str]:
    """Hexes from which a road-only line reaches a source (cost 0: the road leg is unlimited)."""
    assert rules.road_step is not None
    road_enter = rules.road_enter or (lambda h: True)
    reached = set(sources)
    stack = [s for s in sources if road_enter(s)]
    while stack:
        y = stack.pop()
        for x in board.neighbours(y):
            if x in reached or not rules.road_step(x, y):
                continue
            reached.add(x)
            out[x] = 0.0
            if road_enter(x):
                stack.append(x)
    return list(reached)


def relay_chain(board: Board, sources: dict[str, str], relays: dict[str, list[str]], rules: TraceRules,
                rank: Callable[[str], int] = lambda k: 0, traced: Traced | None = None
                ) -> tuple[dict[str, float], dict[str, str], dict[str, str]]:
    """Trace with supply units as relays.

    ``sources``: hex → kind ("full", "port"...); ``relays``: hex → relay ids standing there.
    Returns (cost per hex of the best line, kind per hex, kind per relay id). A relay is supplied
    when its own hex traces; it then passes on the worst kind along its chain (``rank``: higher
    = worse). Each kind runs its own search, repeated while new relays join. ``traced``: as
    :func:`trace_costs`."""
    kinds = sorted(set(sources.values()), key=rank)
    best_cost: dict[str, float] = {}
    best_kind: dict[str, str] = {}
    relay_kind: dict[str, str] = {}
    for kind in kinds:
        seeds = [h for h, k in sources.items() if k == kind]
        seeds += [h for h, ids in relays.items() if any(relay_kind.get(i) == kind for i in ids)]
        done: set[str] = set()
        while seeds:
            costs = trace_costs(board, seeds, rules, traced)
            done.update(seeds)
            for h, c in costs.items():
                if h not in best_kind:
                    best_kind[h] = kind
                    best_cost[h] = c
            new = []
            for h, ids in relays.items():
                if h in costs:
                    for i in ids:
                        if i not in relay_kind:
                            relay_kind[i] = kind
                    if h not in done:
                        new.append(h)
            seeds = new
    return best_cost, best_kind, relay_kind


def assign_capacity(candidates: dict[str, list[str]], capacity: dict[str, int]) -> dict[str, str]:
    """Give each unit one source among its ``candidates`` without passing any source's capacity;
    as many units as possible (augmenting paths). Returns unit → source for the units served."""
    owner: dict[tuple[str, int], str] = {}
    slots = {s: [(s, i) for i in range(max(0, capacity.get(s, 0)))] for s in capacity}
    got: dict[str, tuple[str, int]] = {}

    def augment(u: str, seen: set) -> bool:
        for s in candidates.get(u, ()):
            for slot in slots.get(s, ()):
                if slot in seen:
                    continue
                seen.add(slot)
                if slot not in owner or augment(owner[slot], seen):
                    owner[slot] = u
                    got[u] = slot
                    return True
        return False

    for u in sorted(candidates):
        augment(u, set())
    return {u: slot[0] for u, slot in got.items()}
