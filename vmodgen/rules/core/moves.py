"""Pieces every rule set uses: unit names in messages, map edges, move findings."""
from __future__ import annotations

from typing import Callable

from ...positions.model import UnitState
from ..base import RuleSet
from .board import Board
from .movement import MoveModel, Problem, search, walk_all
from ..finding import Finding


def label(u: UnitState) -> str:
    return f"{u.unit.name} ({u.id})" if u.unit.name != u.id else u.id


def edge_hexes(board: Board, which: str) -> list[str]:
    """Hexes on the ``which`` edge (west, east, north, south) of every sheet of the map."""
    out = []
    for sheet in board.map.sheets.values():
        sc = sheet.scheme
        lo_l, hi_l = sc.line_range
        lo_p, hi_p = sc.pos_range
        if sc.lines == "columns":
            line_edge = {"west": lo_l, "east": hi_l} if sc.line_grows == "east" else {"west": hi_l, "east": lo_l}
            pos_edge = {"north": lo_p, "south": hi_p} if sc.pos_grows == "south" else {"north": hi_p, "south": lo_p}
        else:
            line_edge = {"north": lo_l, "south": hi_l} if sc.line_grows == "south" else {"north": hi_l, "south": lo_l}
            pos_edge = {"west": lo_p, "east": hi_p} if sc.pos_grows == "east" else {"west": hi_p, "east": lo_p}
        for h in sc.hexes():
            if (which in line_edge and h.line == line_edge[which]) or (which in pos_edge and h.pos == pos_edge[which]):
                out.append(sc.format(h))
    return out


def move_findings(rs: RuleSet, board: Board, u: UnitState, model: MoveModel, allowance: float,
                  free_model: MoveModel | Callable[[], MoveModel] | None = None, what: str = "moved",
                  zoc_rule: str = "", move_rule: str = "", search_unbounded: bool = True) -> list[Finding]:
    """Findings for one unit's move from ``u.previous`` to ``u.hex``: along ``u.path`` when the
    position gives it, one per rule the path breaks (:func:`~.movement.walk_all`), else "no
    legal path within the allowance" (one finding: no path, no hex to blame a second rule on). ``free_model`` is the same
    movement without ZOC rules, to tell a ZOC finding from a movement-point finding (or a
    function making it, called only when a search needs it).
    Without an allowance (infinite) and without a path, ``search_unbounded=False`` checks
    nothing instead of searching the whole map (the length of such a move cannot be judged)."""
    if u.previous is None or u.previous == u.hex and not u.path:
        return []
    if not (board.is_hex(u.previous) and board.is_hex(u.hex)):
        return []                      # box moves are the box rules' business
    name = label(u)
    if u.path:
        _, probs = walk_all(model, u.path, allowance, guessed=u.guessed)
        shown = " → ".join(u.path)
        return [rs.finding(board, p.rule, p.kind, f"{name} {what} {shown}: {p.message}.", [p.hex], [u], cost=cost)
                for p, cost in probs]
    if allowance == float("inf") and not search_unbounded:
        return []
    if callable(free_model):
        free_model = free_model()
    if u.stops and len(u.stops) > 2 and all(board.is_hex(h) for h in u.stops):
        return _through_stops(rs, board, u, model, allowance, free_model, what, zoc_rule, move_rule)
    reach = search(model, u.previous, allowance, goal=u.hex)
    if u.hex in reach:
        return []
    if free_model is not None and u.hex in search(free_model, u.previous, allowance, goal=u.hex):
        if board.distance(u.previous, u.hex) == 1:
            # to an adjacent hex: the rule the direct step breaks names the reason (16.4, 5.23...)
            _, probs = walk_all(model, (u.previous, u.hex), allowance)
            zoc = [p for p, _ in probs if p.kind == "zoc"]
            if zoc:
                return [rs.finding(board, zoc[0].rule, "zoc", f"{name} {what} from {u.previous} to {u.hex}, but "
                                   f"{zoc[0].message}; no way round is legal either.", [u.previous, u.hex], [u])]
        within = "" if allowance == float("inf") else f" within its {_n(allowance)} movement points"
        return [rs.finding(board, zoc_rule or move_rule, "zoc",
                           f"{name} {what} from {u.previous} to {u.hex}, but every path{within} "
                           "breaks the enemy-ZOC rules.", [u.previous, u.hex], [u])]
    if allowance == float("inf"):
        return [rs.finding(board, move_rule, "movement",
                           f"{name} {what} from {u.previous} to {u.hex}, but no legal path leads there (terrain, "
                           "hexsides, enemy units, or the hexes its kind of move allows).", [u.previous, u.hex], [u])]
    bound = 3 * allowance + 10
    cheapest = search(free_model or model, u.previous, bound, goal=u.hex).get(u.hex)
    if cheapest is None and (closed := _closed(rs, board, u, free_model or model, what)) is not None:
        return [closed]
    need = (f"the cheapest path costs {_n(cheapest)}" if cheapest is not None else
            f"no path costs {_n(bound)} or less")
    why = model.explain(u.previous, u.hex) if model.explain is not None and board.adjacent(u.previous, u.hex) else ""
    if why:
        need += f"; the direct {why}"
    return [rs.finding(board, move_rule, "movement",
                       f"{name} {what} from {u.previous} to {u.hex}: it has {_n(allowance)} movement points "
                       f"and {need}.", [u.previous, u.hex], [u], cost=cheapest)]


def _closed(rs: RuleSet, board: Board, u: UnitState, model: MoveModel, what: str) -> Finding | None:
    """A move into a hex every step into which is prohibited for one reason (one rule): that
    reason, in the player's words; else None."""
    name, a, b = label(u), u.previous, u.hex
    entries = model.neighbours(b)
    if not entries:
        return None
    if any(model.cost(n, b) is not None for n in entries):
        # a hex no step may enter for one rule that is no ZOC rule (enemy units in it: 4.16, 5.1)
        blocks = [q for q in (model.block(n, b, 1) for n in entries) if q is not None and q.kind != "zoc"]
        if len(blocks) == len(entries) and len({q.rule for q in blocks}) == 1:
            q = blocks[0]
            return rs.finding(board, q.rule, q.kind, f"{name} {what} from {a} to {b}, but {q.message}.", [a or b, b], [u])
        return None
    if model.prohibited is None:
        return None
    why = [model.prohibited(n, b) for n in entries]
    if not all(p is not None for p in why) or len({p.rule for p in why}) != 1:
        return None
    p = why[0]
    return rs.finding(board, p.rule, p.kind, f"{name} {what} from {a} to {b}, but {p.message}.", [a or b, b], [u])


def _through_stops(rs: RuleSet, board: Board, u: UnitState, model: MoveModel, allowance: float,
                   free_model: MoveModel | None, what: str, zoc_rule: str, move_rule: str) -> list[Finding]:
    """A move whose recorded drags ended on hexes not one hex apart (``u.stops``): each leg takes
    its cheapest legal route, the legs' costs add up against the allowance, and a hex where the
    unit had to stop (enemy ZOC) cannot be a stop it moved on from. One finding per rule broken,
    at the first leg that breaks it, as :func:`~.movement.walk_all` does: once a ZOC rule is
    broken (a stop moved on from, a leg no ZOC-legal route makes) the later legs are costed
    without the ZOC rules (``free_model``), so an allowance finding stands on its own; after a leg
    no route makes at all, the points left are unknown: later legs are not costed, but a stop
    moved on from is still found."""
    assert u.stops is not None
    name, stops = label(u), u.stops
    shown = " → ".join(stops)
    left, spent = allowance, 0.0
    leg_model: MoveModel | None = model     # None: the points left are unknown
    out: dict[str, Finding] = {}
    for i, (a, b) in enumerate(zip(stops, stops[1:])):
        if a == b:
            continue
        if leg_model is not None:
            reach = search(leg_model, a, left, goal=b)
            if b in reach:
                left -= reach[b]
                spent += reach[b]
            else:
                f, free_cost = _leg_finding(rs, board, u, leg_model, free_model if leg_model is model else None,
                                            what, zoc_rule, move_rule, name, shown, a, b, allowance, left, spent)
                out.setdefault(f.rule, f)
                if free_cost is None:
                    leg_model = None
                else:
                    left -= free_cost
                    spent += free_cost
                    leg_model = free_model
        if i < len(stops) - 2:
            p = model.stops(a, b, 0)
            if p is not None:
                out.setdefault(p.rule, rs.finding(board, p.rule, p.kind, f"{name} {what} {shown} (where its drags "
                                                  f"ended): {p.message}.", [p.hex], [u], cost=spent))
                if leg_model is model and free_model is not None:
                    leg_model = free_model
    return list(out.values())


def _leg_finding(rs: RuleSet, board: Board, u: UnitState, model: MoveModel, free_model: MoveModel | None,
                 what: str, zoc_rule: str, move_rule: str, name: str, shown: str, a: str, b: str,
                 allowance: float, left: float, spent: float) -> tuple[Finding, float | None]:
    """The finding of a leg ``a`` → ``b`` of :func:`_through_stops` that no legal route makes
    within the ``left`` movement points, and the leg's cost when only the ZOC rules barred it."""
    if free_model is not None:
        free = search(free_model, a, left, goal=b)
        if b in free:
            return rs.finding(board, zoc_rule or move_rule, "zoc",
                              f"{name} {what} {shown} (where its drags ended): every path from {a} to "
                              f"{b} within its {_n(left)} movement points left breaks the enemy-ZOC "
                              "rules.", [a, b], [u]), free[b]
    if allowance == float("inf"):
        return rs.finding(board, move_rule, "movement",
                          f"{name} {what} {shown} (where its drags ended), but no legal path leads "
                          f"from {a} to {b}.", [a, b], [u]), None
    cheapest = search(free_model or model, a, 3 * allowance + 10, goal=b).get(b)
    need = f"costs {_n(cheapest)}" if cheapest is not None else "costs more"
    return rs.finding(board, move_rule, "movement",
                      f"{name} {what} {shown} (where its drags ended): it has {_n(allowance)} "
                      f"movement points, {_n(left)} left at {a}, and the cheapest path on to {b} "
                      f"{need}.", [a, b], [u], cost=spent + cheapest if cheapest is not None else None), None


def enemy_sharing(rs: RuleSet, board: Board, rule: str, counts: Callable[[UnitState], bool] = lambda u: True,
                  boxes: bool = False) -> list[Finding]:
    """Hexes holding units of two sides, in the order of ``board.at``."""
    known = board.pos.mixed_hexes
    at = board.at
    # the maker's mixed hexes are a set: judged in any order, put in the board's order only when
    # more than one is found (Board.mixed_hexes orders them by a walk of every hex)
    hexes = board.mixed_hexes() if known is None else [h for h in known if h in at]
    # a hex's unit list is never changed in place while the states are fixed: its sides kept
    memo = rs._sharing if known is not None and rs.states_fixed else None
    found: list[tuple[str, list[str]]] = []
    for h in hexes:
        if not boxes and not board.is_hex(h):
            continue
        us = at[h]
        m = memo.get(h) if memo is not None else None
        if m is not None and m[0] is us and m[1] == counts:
            sides = m[2]
        else:
            sides = sorted({u.side for u in us if counts(u)})
            if memo is not None:
                memo[h] = (us, counts, sides)
        if len(sides) > 1:
            found.append((h, sides))
    if len(found) > 1 and known is not None:
        rank = {h: i for i, h in enumerate(at)}
        found.sort(key=lambda f: rank[f[0]])
    out = []
    for h, sides in found:
        who = [u for u in at[h] if counts(u)]
        out.append(rs.finding(board, rule, "stacking",
                              f"{h} holds units of both sides ({' and '.join(rs.side_name(s) for s in sides)}): "
                              f"{rs.names(who)}.", [h], who))
    return out


def problem(rule: str, kind: str, message: str, hexid: str) -> Problem:
    return Problem(rule, kind, message, hexid)


def _n(x) -> str:
    if x is None:
        return "?"
    return str(int(x)) if float(x).is_integer() else f"{x:g}"

