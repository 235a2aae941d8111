"""Movement: the cost of a path for one unit, and whether any legal path leads it from one hex to
another within its movement allowance.

A rule set describes a unit's movement with a :class:`MoveModel` (subclass it or fill in the
callables); the core walks a given path step by step, or searches every path (Dijkstra over
movement points, with hexes where the unit must stop as dead ends)."""
from __future__ import annotations

import heapq
from dataclasses import dataclass, field
from typing import Callable

INF = float("inf")


@dataclass(frozen=True)
class Problem:
    """Why a step is illegal: the rule, the kind (movement or zoc), a sentence, the hex; ``about``:
    the other hexes of the step its reason rests on (the hex a step into enemy ZOC came from,
    the hex on the other side of a hexside), which must be on record as much as ``hex``."""
    rule: str
    kind: str
    message: str
    hex: str
    about: tuple[str, ...] = ()


@dataclass
class MoveModel:
    """One unit's movement. ``cost(a, b)`` terrain + hexside + road cost of the step (None:
    prohibited, with ``prohibited(a, b)`` saying why); ``extra(a, b, i)`` ZOC costs of step i
    (i = 0 is the first step); ``block(a, b, i)`` another rule's objection to the step (enemy
    units, ZOC to ZOC...); ``stops(a, b, i)`` whether the unit must stop after the step.
    ``aux(state, a, b)`` optionally carries a small state along the path (consecutive desert
    hexes, hexes moved) and returns None when the step breaks a rule, which
    ``aux_problem(a, b)`` names; the state starts as ``aux_start``."""
    cost: Callable[[str, str], float | None]
    neighbours: Callable[[str], list[str]]
    extra: Callable[[str, str, int], float] = lambda a, b, i: 0.0
    block: Callable[[str, str, int], Problem | None] = lambda a, b, i: None
    stops: Callable[[str, str, int], Problem | None] = lambda a, b, i: None
    prohibited: Callable[[str, str], Problem] = field(default=None)  # type: ignore[assignment]
    #: rule id for "not enough movement points"
    allowance_rule: str = "movement"
    aux: Callable[[object, str, str], object | None] | None = None
    aux_start: object = 0
    aux_problem: Callable[[str, str], Problem] | None = None
    #: what a step's cost holds that a player may not see (an uphill slope), named in the
    #: allowance finding of the step on which the points ran out: "" when nothing
    explain: Callable[[str, str], str] | None = None


# ---- the objections every game's move model words the same way ---------------------------------
def enemy_held(rule: str, h: str, what: str = "enemy units") -> Problem:
    """A step into ``h``, which holds ``what`` (the enemy units that bar it)."""
    return Problem(rule, "movement", f"{h} holds {what}", h)


def zoc_to_zoc(rule: str, a: str, b: str, why: str = "") -> Problem:
    """A step from enemy ZOC at ``a`` directly into enemy ZOC at ``b`` (``why``: what more the rule says)."""
    return Problem(rule, "zoc", f"it moved directly from enemy ZOC at {a} into enemy ZOC at {b}{why}", b, (a,))


def zoc_stop(rule: str, h: str, at: str | None = None) -> Problem:
    """Moving on after entering enemy ZOC at ``h`` (found at the hex ``at``, default ``h``)."""
    return Problem(rule, "zoc", f"it entered enemy ZOC at {h} and moved on", h if at is None else at,
                   () if at is None or at == h else (h,))


def zoc_stops(rule: str, stop_in: Callable[[str], bool]) -> Callable[[str, str, int], Problem | None]:
    """A :attr:`MoveModel.stops`: the unit stops on entering a hex where ``stop_in`` says so."""
    return lambda a, b, i: zoc_stop(rule, b) if stop_in(b) else None


def walk(model: MoveModel, path: tuple[str, ...] | list[str], allowance: float) -> tuple[float, Problem | None]:
    """Cost of ``path`` (start hex first) up to the first rule it breaks, and that rule, if any."""
    spent, found = walk_all(model, path, allowance, first_only=True)
    return spent, (found[0][0] if found else None)


def walk_all(model: MoveModel, path: tuple[str, ...] | list[str], allowance: float,
             first_only: bool = False,
             guessed: frozenset[int] = frozenset()) -> tuple[float, list[tuple[Problem, float]]]:
    """The movement points ``path`` (start hex first) spent, and every rule it breaks, each once,
    at the first hex where it is broken (in path order), with the points spent by then (later
    hexes that break the same rule again are not reported: one finding per rule per move).

    The walk goes on after a problem, as the unit did, and stays sound:

    - another rule's objection (:attr:`MoveModel.block`) leaves the step's cost known: counted;
    - a step the unit may not make at all (``cost`` None) has no cost: it counts 0 and the rest
      is counted on, so ``spent`` is a lower bound and an allowance finding says "at least" (the
      steps it was allowed to take already cost more than it has);
    - after a hex where the unit had to stop (:attr:`MoveModel.stops`) the ZOC costs of the
      later steps (:attr:`MoveModel.extra`) are not added: they price moving on in enemy ZOC,
      the rule already broken, so an allowance finding stands on its own;
    - once :attr:`MoveModel.aux` refused a step its state is unknown: it is not consulted again.

    ``guessed``: the indices of ``path`` hexes that no record gives (a shortest path filled a
    long drag in: the unit may have gone round). A problem whose hex, or a hex of the step its
    reason rests on (:attr:`Problem.about`), is a guessed one is no finding; the rule is then
    reported at the first hex on record where the walk finds it broken, if any. An allowance or
    :attr:`MoveModel.aux` problem rests on the whole path so far: on record only before the
    first guessed hex. The walk itself goes on as along a recorded path.

    ``first_only``: stop at the first problem."""
    spent = 0.0
    state = model.aux_start
    skipped = False                      # a step without a cost was counted 0: spent is a lower bound
    zoc_costs = True                     # no stop broken yet: ZOC costs count
    tracking = model.aux is not None     # the aux state is known so far
    found: dict[str, tuple[Problem, float]] = {}   # rule → its first problem, the points spent by then
    last = len(path) - 2
    for i, (a, b) in enumerate(zip(path, path[1:])):
        p = model.block(a, b, i)
        if p is not None:
            if p.rule not in found and _on_record(p, path, i, guessed):
                found[p.rule] = (p, spent)
            if first_only:
                break
        if tracking:
            assert model.aux is not None
            state = model.aux(state, a, b)
            if state is None:
                tracking = False
                p = model.aux_problem(a, b) if model.aux_problem else _may_not(model, a, b)
                if p.rule not in found and _on_record(p, path, i, guessed, whole=True):
                    found[p.rule] = (p, spent)
                if first_only:
                    break
        c = model.cost(a, b)
        if c is None:
            skipped = True
            p = model.prohibited(a, b) if model.prohibited is not None else _may_not(model, a, b)
            if p.rule not in found and _on_record(p, path, i, guessed):
                found[p.rule] = (p, spent)
            if first_only:
                break
        else:
            spent += c + (model.extra(a, b, i) if zoc_costs else 0.0)
            if spent > allowance + 1e-9 and model.allowance_rule not in found:
                least = "at least " if skipped else ""
                why = model.explain(a, b) if model.explain is not None else ""
                p = Problem(model.allowance_rule, "movement", f"needs {least}{_n(spent)} movement points to "
                            f"reach {b}{f' (the {why})' if why else ''} but has {_n(allowance)}", b)
                if _on_record(p, path, i, guessed, whole=True):
                    found[p.rule] = (p, spent)
                if first_only:
                    break
        if i < last:
            p = model.stops(a, b, i)
            if p is not None:
                zoc_costs = False
                if p.rule not in found and _on_record(p, path, i, guessed):
                    found[p.rule] = (p, spent)
                if first_only:
                    break
    return spent, list(found.values())


def _on_record(p: Problem, path: tuple[str, ...] | list[str], i: int, guessed: frozenset[int],
               whole: bool = False) -> bool:
    """Whether problem ``p`` of step ``i`` of ``path`` rests only on hexes of the path on record
    (none of the ``guessed`` indices): its hex and :attr:`Problem.about` among the step's two
    hexes (both when it names neither), or with ``whole`` every hex up to the step's end."""
    if not guessed:
        return True
    if whole:
        return min(guessed) > i + 1
    named = (p.hex, *p.about)
    at = [j for j in (i, i + 1) if path[j] in named] or (i, i + 1)
    return not any(j in guessed for j in at)


def _may_not(model: MoveModel, a: str, b: str) -> Problem:
    return Problem(model.allowance_rule, "movement", f"may not move from {a} to {b}", b, (a,))


def search(model: MoveModel, start: str, allowance: float, goal: str | None = None) -> dict[str, float]:
    """Cheapest cost to every hex a unit starting in ``start`` can reach within ``allowance``
    (it stops at ``goal`` when given)."""
    best: dict[str, float] = {start: 0.0}
    heap: list[tuple[float, int, str, int, object]] = [(0.0, 0, start, 0, model.aux_start)]
    seen: set[tuple[str, int, object]] = set()
    counter = 0
    aux = model.aux
    while heap:
        d, _, a, i, state = heapq.heappop(heap)
        key = (a, min(i, 1), state)
        if key in seen:
            continue
        seen.add(key)
        if a == goal:
            break
        for b in model.neighbours(a):
            if model.block(a, b, i):
                continue
            c = model.cost(a, b)
            if c is None:
                continue
            nstate = aux(state, a, b) if aux is not None else state
            if nstate is None:
                continue
            nd = d + c + model.extra(a, b, i)
            if nd > allowance + 1e-9:
                continue
            if nd < best.get(b, INF):
                best[b] = nd
            if model.stops(a, b, i) is None:
                counter += 1
                heapq.heappush(heap, (nd, counter, b, i + 1, nstate))
    return best


def _n(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"
