"""North Africa '41 shipping in a Movement Phase (21.1.2, 21.2, 21.3.2), judged at its end from the
units that sailed in it: a unit under a naval transport marker whose ``previous`` is another port or a box (a
unit sunk at sea by a convoy attack, 22.2, is not on the map: the totals are a lower bound).

* 21.2: a unit's shipping points: 2 for a combat unit of stacking value 2, 1 for one of value 1,
  1 a step for units of value 0 (tank units, ASUs, 88mm Flak, replacements, trucks, SPs), 2 for an
  MSU (``msu_shipping_points``).
* 21.1.1: a unit sails from a port to a port; only such units count here (one whose ``previous``
  or hex is not a port is 21.1.4's: in a log a unit that moved overland into a port under a
  naval transport marker takes the marker as a status, and is not a convoy).
* 21.1.2: a coastal convoy sails from one African port to another and carries at most
  ``coastal_convoy_max_shipping_points`` (2); 21.1.5: a large convoy is a 4-point convoy or two
  convoys, so a route's units take ``ceil(points / 2)`` convoys. A side sails
  ``coastal_convoys_free_per_impulse`` (1) free a Movement Phase; the side
  ``na41_coastal_convoy_rp_side`` (the Allies) may buy one more for 1 RP, which a position does not
  record: its second convoy is not judged, a third is a finding.
* 21.3.2: a port embarks and lands at most its capacity in shipping points a Movement Phase (the
  position's ``capacity`` of the hex, else the kit's ``port_capacity_<name>``; neither: not judged).
"""
from __future__ import annotations

import math

from ....positions.model import UnitState
from ...base import EVERY_PHASE_END, MOVEMENT_END, Rule
from ...core.board import Board
from ...core.stacking import fmt
from .supply import full_port_capacity, named_port_capacity, port_capacity
from .units import NorthAfrica41Units

P = "NA41"


def rules(rs: NorthAfrica41Units) -> list[Rule]:
    return [Rule(f"{P} 21.1.2", "movement", MOVEMENT_END, lambda b: shipping(rs, b),
                 "coastal convoys of 2 shipping points, one a Movement Phase; port capacity (21.3.2)"),
            Rule(f"{P} 21.4.4", "movement", EVERY_PHASE_END, lambda b: capacity_above_full(rs, b),
                 "a port's capacity never above its undamaged value"),
            Rule(f"{P} 21.4.2", "movement", EVERY_PHASE_END, lambda b: never_damaged(rs, b),
                 "Italy, Tripoli, Alexandria and the Nile Delta are never damaged")]


def never_damaged(rs: NorthAfrica41Units, board: Board) -> list:
    """21.4.2「イタリア、トリポリ、アレクサンドリア、ナイル・デルタの港湾は、決して損傷させることができません」:
    a ``capacity`` stated for one of them (``na41_never_damaged_ports``) below its undamaged value (the
    kit's ``port_capacity_<name>``) is a finding; with no such value known, whether it is below is not
    judged (round rulepos31; before, any value passed)."""
    out = []
    ports = [x.strip() for x in str(rs.param("na41_never_damaged_ports")).split(",") if x.strip()]
    for h in ports:
        cap = board.pos.capacity.get(h)
        if not isinstance(cap, (int, float)) or isinstance(cap, bool):
            continue
        name = board.map.boxes[h].name if h in board.map.boxes else None
        full = named_port_capacity(rs, name) if name else full_port_capacity(rs, board, h)
        if full is None:
            rs.not_judged(f"{P} 21.4.2", f"{board.place_name(h)} is stated at capacity {fmt(cap)}; it is never damaged "
                                         "(21.4.2), but its undamaged capacity is not in the kit, so whether this is "
                                         "below it is not known")
        elif cap < full:
            out.append(rs.finding(board, f"{P} 21.4.2", "movement", f"{board.place_name(h)} is stated at capacity "
                                  f"{fmt(cap)}, below its undamaged {fmt(full)}; its port is never damaged (21.4.2).",
                                  [h] if board.is_hex(h) else []))
    return out


def capacity_above_full(rs: NorthAfrica41Units, board: Board) -> list:
    """21.4.4「最左端ボックスを超えて修理できません」, 21.3.2 (the leftmost box is the undamaged capacity): a
    port's stated ``capacity`` is at most the kit's ``port_capacity_<name>`` (round rulepos31; before, any
    value passed)."""
    out = []
    for h, cap in sorted(board.pos.capacity.items()):
        full = full_port_capacity(rs, board, h) if board.is_hex(h) else None
        if full is not None and isinstance(cap, (int, float)) and cap > full:
            out.append(rs.finding(board, f"{P} 21.4.4", "movement", f"The port in {h} has capacity {fmt(cap)}; its "
                                  f"undamaged capacity, the leftmost box of its track, is {fmt(full)}, and a port is "
                                  "never repaired past it (21.4.4, 21.3.2).", [h]))
    return out


def shipping_points(rs: NorthAfrica41Units, u: UnitState) -> float:
    """21.2: the shipping points ``u`` takes up."""
    if rs.is_(u, "na41_msu"):
        return rs.num("msu_shipping_points")
    value = u.number("stacking", 0)
    if value >= 1 and not rs.silhouette(u):
        return value
    return max(1, u.unit.steps - (1 if u.reduced else 0))


def shipping(rs: NorthAfrica41Units, board: Board) -> list:
    pos = board.pos
    sailed = [u for u in pos.units if u.has("naval_transport") and u.previous and u.previous != u.hex
              and board.is_hex(u.hex) and "port" in board.features(u.hex)
              and (not board.is_hex(u.previous) or "port" in board.features(u.previous))
              and u.mode not in ("retreat", "advance") and (not pos.side or u.side == pos.side)]
    out: list = []
    routes: dict[tuple[str, str, str], list[UnitState]] = {}
    for u in sailed:
        if board.is_hex(u.previous or ""):          # a box to a port is 21.1.3's, not a coastal convoy
            routes.setdefault((u.side, u.previous or "", u.hex), []).append(u)
    most = rs.num("coastal_convoy_max_shipping_points")
    per_side: dict[str, list[tuple[str, str, float, int]]] = {}
    for (side, a, b), us in sorted(routes.items()):
        pts = sum(shipping_points(rs, u) for u in us)
        per_side.setdefault(side, []).append((a, b, pts, max(1, math.ceil(pts / most))))
    free = rs.num("coastal_convoys_free_per_impulse")
    for side, legs in sorted(per_side.items()):
        bought = 1 if side == str(rs.param("na41_coastal_convoy_rp_side")) else 0
        n = sum(k for *_, k in legs)
        shown = "; ".join(f"{a} to {b}" + (f", {fmt(pts)} shipping points in {k} convoys" if k > 1 else "")
                          for a, b, pts, k in legs)
        if n > free + bought:
            us = [u for leg, ship in routes.items() if leg[0] == side for u in ship]
            out.append(rs.finding(board, f"{P} 21.1.2", "movement", f"The {rs.side_name(side)} side sailed {n} coastal "
                                  f"convoys of at most {fmt(most)} shipping points in one Movement Phase ({shown}); "
                                  f"the most is {fmt(free + bought)}" + (" (one bought for 1 RP)." if bought else "."),
                                  sorted({h for a, b, *_ in legs for h in (a, b)}), us))
        elif n > free:
            rs.not_judged(f"{P} 21.1.2", f"the {rs.side_name(side)} side sailed {n} coastal convoys ({shown}): a convoy past "
                                         f"the free {fmt(free)} is bought for 1 RP, which a position does not record")
    for key, verb in (("previous", "embarked"), ("hex", "landed")):
        by_port: dict[str, list[UnitState]] = {}
        for u in sailed:
            h = getattr(u, key) or ""
            if board.is_hex(h):
                by_port.setdefault(h, []).append(u)
        for h, us in sorted(by_port.items()):
            cap = port_capacity(rs, board, h)
            pts = sum(shipping_points(rs, u) for u in us)
            if cap is not None and pts > cap:
                out.append(rs.finding(board, f"{P} 21.3.2", "movement", f"{fmt(pts)} shipping points {verb} at {h} "
                                      f"({rs.names(us)}); its port capacity is {fmt(cap)} a Movement Phase.", [h], us))
    return out
