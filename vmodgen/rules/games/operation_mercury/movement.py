"""Operation Mercury: movement limits that depend on the turn, the sector or how a unit arrived:
Allied paralysis (4.61-4.64), arrivals (4.17, 4.18, 6.54-6.56, 17.37d, 17.52), off-map boxes
(4.52-4.58), airlanding (6.51-6.56) and fire markers on moved artillery (11.11, 13.32).

Parameters (each with its default and rule in the rule set's ``PARAMS``, :mod:`.units`), besides
the kit's numbers named in the code:

* ``om_sector_maleme_suda`` / ``om_sector_retimo`` / ``om_sector_heraklion``: the sector area ids.
* ``om_sca_area`` and ``om_sca_units``: the Suda Command Area and the units bound to it
  (light-blue type box, 4.64).
* ``om_box_links``: pairs of adjacent off-map boxes (4.54); the text names only Sitia as reached
  from the eastern Heraklion box.
* ``om_fire_units`` (non-mortar artillery and AA): units that take a fire marker for moving.
* ``om_artillery_units`` (artillery, AA and mortars, 11.0 inferred): the Allied units whose range
  cuts an airfield's capacity to 3 (6.55).
* ``airlanding_capacity_<maleme|retimo|heraklion>_steps``: capacity by the airfield's sector (the
  first word of the sector id after ``sector-``), ``airlanding_capacity_steps`` otherwise.

Readings: a paralysed unit's "1 hex" (4.62, 4.63) is a move of at most one hex, never ZOC to
ZOC (MA below 5, §5 Z-3); the Suda Command Area counts a unit as leaving when it moves (not
retreats) from an area hex to a hex outside; "ended its movement phase beside the area" is
recorded by the audit at the end of each German Movement Phase (``om_sca_released``). An
airfield's occupation and capacity are judged on the position at hand (airlanding happens at
the start of the German Movement Phase, when no Allied unit moves).
"""
from __future__ import annotations

import math

from ....positions.model import UnitState
from ....model.mapdata import Box
from ...core.moves import label
from ...core.board import Board
from ...core.movement import search, walk
from ...core.stacking import fmt
from ...core.costs import CostTable
from ...core.select import Selector
from .carried import mercury
from .displays import alexandria_boxes
from .memory import AMPHIBIOUS, ARRIVAL_KINDS, PARADROP, UNLOADING, airlands, arrivals, drop_boxes, return_boxes, \
    time_of_day, unit_steps
from .places import airfield_capacity, airfield_hexes, box_name, landing_place, sector_of, sector_param, steamer_enemies, \
    steamer_ports

P = "OM"
FIRE = ("first_fire", "final_fire", "fire")


# ---- paralysis (4.61-4.64) -------------------------------------------------------------------
def paralysis(rs, board: Board, u: UnitState) -> tuple[float | None, str, str]:
    """(hexes the unit may move this turn or None = unlimited, rule, why) for an Allied unit."""
    turn = board.pos.turn
    if u.side != "allied" or turn is None or u.previous is None:
        return None, "", ""
    start = mercury(board.pos).om_offmap_start or []
    if u.id in start and turn <= rs.num("allied_offmap_paralysis_last_turn"):
        return 0, f"{P} 4.61", "it began the game off the map or in Alexandria and may not move before turn 7"
    sec = sector_of(rs, board, u.previous) if board.is_hex(u.previous) else ""
    if sec in (sector_param(rs, "retimo"), sector_param(rs, "heraklion")):
        if turn == rs.num("retimo_heraklion_paralysis_no_move_turn"):
            return 0, f"{P} 4.62", f"Allied units in the Retimo and Heraklion sectors may not move on turn {turn}"
        if turn == rs.num("retimo_heraklion_one_hex_turn"):
            return 1, f"{P} 4.62", f"Allied units in the Retimo and Heraklion sectors move 1 hex on turn {turn}"
    if sec == sector_param(rs, "maleme_suda") and turn == 1:
        return rs.num("maleme_suda_gt1_ma"), f"{P} 4.63", "Allied units in the Maleme/Suda sector have MA 1 on turn 1"
    return None, "", ""


def hexes_moved(board: Board, u: UnitState) -> int:
    if u.path:
        return len(u.path) - 1
    if board.is_hex(u.previous or "") and board.is_hex(u.hex):
        return board.distance(u.previous or "", u.hex) or 0
    return 0 if u.previous == u.hex else 1


def check_sca(rs, board: Board) -> list:
    """4.64: units of the Suda Command Area may not move out of it on GT1-6, one per turn may on
    GT7-12, all may from GT13 or once a German unit ended a Movement Phase in or beside it."""
    turn = board.pos.turn
    area = board.map.areas.get(str(rs.param("om_sca_area")))
    if area is None or turn is None or turn > rs.num("suda_command_area_one_per_turn_last_turn"):
        return []
    rel = mercury(board.pos).om_sca_released
    if isinstance(rel, int) and rel <= turn:
        return []
    inside = set(area.hexes)
    out_units = [u for u in board.pos.units if u.side == "allied" and u.mode in ("move", "strategic")
                 and u.previous in inside and u.hex not in inside and rs.is_(u, "om_sca_units")]
    locked = turn <= rs.num("suda_command_area_locked_last_turn")
    if not out_units or (not locked and len(out_units) <= 1):
        return []
    why = (f"no Suda Command Area unit may leave the area before turn "
           f"{fmt(rs.num('suda_command_area_locked_last_turn') + 1)}" if locked else
           f"only one Suda Command Area unit may leave the area per turn until turn "
           f"{fmt(rs.num('suda_command_area_one_per_turn_last_turn'))}")
    return [rs.finding(board, f"{P} 4.64", "movement", f"{rs.names(out_units)} moved out of the Suda Command Area on "
                       f"turn {turn}, but {why} (unless a German unit has ended a Movement Phase in or beside it).",
                       [u.hex for u in out_units], out_units)]


# ---- arrivals (4.17, 4.18, 6.54-6.56, 17.37, 17.52) -------------------------------------------
def arrival_limit(rs, board: Board, u: UnitState, arr: dict) -> tuple[float | None, str, str]:
    """(MP or hexes left for the move after arriving, rule, why); None = no arrival limit. The
    first is in hexes for paradrop, amphibious and steamer arrivals, in MP for the others (the
    caller knows which by the rule)."""
    a = arr.get(u.id)
    if a is None:
        return None, "", ""
    how = a.get("how")
    ma = u.number("movement", float("inf"))
    if how in ("paradrop", "amphibious"):
        return rs.num("arrival_turn_ma_hexes"), f"{P} 4.18", "it arrived by paradrop or amphibious landing this turn"
    if how == "steamer":
        return 1, f"{P} 17.52", "it came by the coastal steamer and moves only 1 hex in the next Movement Phase"
    if how == "unloaded":
        if board.is_box(a.get("hex", "")) or board.is_box(u.previous or ""):
            return 0, f"{P} 17.37", "it was unloaded into an off-map box and may not move this turn (17.37d)"
        return (ma - math.ceil(ma / 2) if ma != float("inf") else ma), f"{P} 4.17", \
            "it was unloaded this turn and spent half its MA (rounded up) to enter the landing hex"
    if how == "airlanded":
        cap = (a.get("cap"), a["cut"]) if isinstance(a.get("cut"), str) else \
            airfield_capacity(rs, board, a.get("hex") or u.previous or u.hex)
        if cap[1]:
            return 0, f"{P} {cap[1]}", ("it airlanded on an airfield in enemy ZOC or in range of Allied artillery "
                                        "and may not move this phase")
        return (math.floor(ma / 2) if ma != float("inf") else ma), f"{P} 6.54", \
            "it airlanded this turn and moves at most half its MA (rounded down)"
    return None, "", ""


# ---- airfields and airlanding (6.51-6.56, 15.25c) ---------------------------------------------
def check_airlanding(rs, board: Board) -> list:
    """6.51-6.56, 15.25c: airlanded units land only in day turns, on an airfield whose every hex a
    German unit already held, and at most the airfield's capacity in steps per turn (an air
    resupply RSC stated in ``[state] air_resupply`` uses 5 of them)."""
    pos = board.pos
    if pos.phase and pos.phase not in ("german-movement", "german-bombardment"):
        return []
    arr = {k: v for k, v in arrivals(rs, pos).items() if v.get("how") == "airlanded"}
    if not arr:
        return []
    boxes = {str(rs.param("om_airlanding_box"))} | {str(a["from"]) for a in arr.values() if a.get("from")}
    waiting = [u for u in pos.units if u.hex in boxes and u.id not in arr and rs.ground(u)]
    if waiting:
        # 6.53 「1 つのグループ（グループ1 から開始して）からの全ユニットを着地させなければならない」: the
        # groups are listed on the German set-up card, which the kit does not hold
        rs.not_judged(f"{P} 6.53", f"{rs.names([pos.unit(i) for i in arr if pos.unit(i)])} airlanded while "
                      f"{rs.names(waiting)} still wait in the box: whether a lower group was left waiting depends on the "
                      "groups of the German set-up card, which the kit does not hold")
    out = []
    by_field: dict[tuple[str, ...], list[UnitState]] = {}
    for uid, a in arr.items():
        u = pos.unit(uid)
        if u is None:
            continue
        h = a.get("hex") or u.previous or u.hex
        field = tuple(airfield_hexes(board, h))
        if not field:
            out.append(rs.finding(board, f"{P} 6.51", "stacking", f"{label(u)} airlanded in {h}, which is not an "
                                  "airfield hex.", [h], [u]))
            continue
        by_field.setdefault(field, []).append(u)
    night = bool(by_field) and time_of_day(pos) == "night"
    unheld: set[str] = set()           # units of a not-held airfield: one 6.51 finding says both
    landed = set(arr)
    for field, us in by_field.items():
        recs = [arr[u.id] for u in us if "held" in arr[u.id]]       # the audit's record of the phase start
        if recs:
            was_held = all(r["held"] for r in recs)
        else:
            was_held = all(any(v.side == "german" and v.id not in landed and rs.ground(v)
                               and (v.previous or v.hex) == x for v in pos.units) for x in field)
        if not was_held:
            # (the same units and hexes as the Night finding: a finding's key, so one finding says both)
            unheld.update(u.id for u in us)
            out.append(rs.finding(board, f"{P} 6.51", "stacking", f"{rs.names(us)} airlanded on the airfield "
                                  f"{'/'.join(field)}, but German units did not already hold all its hexes"
                                  + ("; and in a Night turn: airlanding happens only in day turns." if night else "."),
                                  list(field), us))
        rec = next((r for r in recs if isinstance(r.get("cut"), str) and isinstance(r.get("cap"), (int, float))), None)
        cap, why = (rec["cap"], rec["cut"]) if rec else airfield_capacity(rs, board, field[0])
        steps = sum(unit_steps(u) for u in us)
        air = pos.state.get("air_resupply")
        rsc = rs.num("air_resupply_capacity_steps") if isinstance(air, str) and air in field else 0
        if steps + rsc > cap:
            extra = f" plus {fmt(rsc)} for the air resupply RSC" if rsc else ""
            reason = {"6.56": " (an airfield hex is in enemy ZOC)", "6.55": " (in range of Allied artillery)"}.get(why, "")
            out.append(rs.finding(board, f"{P} 6.52", "stacking", f"{steps} steps airlanded on {'/'.join(field)} this "
                                  f"turn{extra}, more than its capacity of {fmt(cap)}{reason}: {rs.names(us)}.",
                                  list(field), us, steps=steps, limit=cap))
    night_us = [u for us in by_field.values() for u in us if u.id not in unheld] if night else []
    if night_us:
        out.append(rs.finding(board, f"{P} 6.51", "stacking", f"{rs.names(night_us)} airlanded in a Night turn; "
                              "airlanding happens only in day turns.", sorted({u.hex for u in night_us}), night_us,
                              part="night"))
    return out


# ---- off-map boxes (4.52-4.58) -----------------------------------------------------------------
def box_links(rs) -> set[frozenset[str]]:
    out = set()
    for pair in str(rs.param("om_box_links")).split(","):
        if ":" in pair:
            a, b = (x.strip() for x in pair.split(":", 1))
            out.add(frozenset((a, b)))
    return out


def links_known(rs, a: str, b: str) -> bool:
    """Whether ``om_box_links`` can say if boxes ``a`` and ``b`` are adjacent (4.54, 4.55): one of
    them has a link on record (the text names one link only, Sitia from the eastern Heraklion box;
    which other boxes touch is not in it, so a pair of boxes with none on record is not judged)."""
    return any(a in pair or b in pair for pair in box_links(rs))


def box_move(rs, board: Board, u: UnitState, ma: float) -> list:
    """A move into, out of or between off-map boxes (the map's ``offmap`` boxes)."""
    prev, h = u.previous or "", u.hex
    boxes = board.map.boxes
    off = lambda x: x in boxes and boxes[x].kind == "offmap"
    if not (off(prev) or off(h)):
        return []
    name = label(u)
    if off(prev) and off(h):
        if prev == h:
            return []
        if frozenset((prev, h)) not in box_links(rs):
            if not links_known(rs, prev, h):
                rs.not_judged(f"{P} 4.54", f"whether the boxes {prev} and {h} are adjacent: neither has a link in "
                                           "om_box_links (the text names only Sitia's, from the eastern Heraklion box)")
                return []
            return [rs.finding(board, f"{P} 4.54", "movement", f"{name} moved from box {prev} to box {h}, which are "
                               "not adjacent boxes.", [h], [u])]
        if u.path and len(u.path) > 2:
            return [rs.finding(board, f"{P} 4.54", "movement", f"{name} moved from box {prev} to box {h}, which takes "
                               "its whole movement allowance, and also moved on the map.", [h], [u])]
        return []
    costs = CostTable(board, u.unit.movement_class)
    ez = rs.enemy_zoc(board, u.side)
    model = rs.move_model(board, u, ez)
    if off(h):                                        # map → box
        edge = set(boxes[h].adjacent)
        path = u.path or ()
        last = path[-2] if len(path) >= 2 else None
        if last is not None:
            if off(last) and last != h:               # map → box → box: the box move takes the whole MA
                return [rs.finding(board, f"{P} 4.54", "movement", f"{name} moved {' → '.join(path)}: moving from "
                                   f"box {last} to box {h} takes its whole movement allowance, and it also moved "
                                   "on the map.", [h], [u])]
            if last not in edge:
                return [rs.finding(board, f"{P} 4.52", "movement", f"{name} entered box {h} from {last}, which is not "
                                   "one of the map-edge hexes marked for that box.", [last], [u])]
            spent, prob = walk(model, path[:-1], ma - rs.num("offmap_entry_min_mp"))
            if prob is None:
                return []
            return [rs.finding(board, f"{P} 4.53", "movement", f"{name} moved {' → '.join(path)}: a unit needs "
                               f"{fmt(rs.num('offmap_entry_min_mp'))} MP left on an edge hex to enter a box "
                               f"({prob.message}).", [prob.hex], [u])]
        if not board.is_hex(prev):
            return []
        reach = search(model, prev, ma - rs.num("offmap_entry_min_mp"))
        if any(e in reach for e in edge):
            return []
        return [rs.finding(board, f"{P} 4.53", "movement", f"{name} moved from {prev} into box {h}, but it cannot "
                           "reach a map-edge hex of that box with 1 MP left.", [prev], [u])]
    # box → map
    edge = set(boxes[prev].adjacent)
    first = u.path[1] if u.path and len(u.path) >= 2 else None
    if first is not None:
        if first not in edge:
            return [rs.finding(board, f"{P} 4.56", "movement", f"{name} left box {prev} into {first}, which is not "
                               "one of the map-edge hexes marked for that box.", [first], [u])]
        if first in ez and first != h:                # 5.21: the first hex off the box stops it like any
            return [rs.finding(board, f"{P} 5.21", "zoc", f"{name} moved {' → '.join(u.path or ())}: it entered "
                               f"enemy ZOC at {first}, the first hex off the box, and moved on.", [first], [u])]
        starts = [first]
    else:
        starts = [e for e in edge if board.is_hex(e)]
    for e in starts:
        c = costs.terrain_cost(e)
        if c is None or rs.combat_enemy(board, e, u.side) or (e in ez and e != h):
            continue
        if c > ma and not (e == h and ma >= 1):
            continue
        if e == h:
            return []
        if u.path and first is not None:
            spent, prob = walk(model, u.path[1:], ma - c)
            if prob is None:
                return []
            return [rs.finding(board, f"{P} 4.56", "movement", f"{name} moved {' → '.join(u.path)}: entering {e} "
                               f"from the box cost {fmt(c)} of its {fmt(ma)} MP; from there it {prob.message}.",
                               [prob.hex], [u])]
        if h in search(model, e, ma - c, goal=h):
            return []
    return [rs.finding(board, f"{P} 4.56", "movement", f"{name} left box {prev} for {h}, but no path from one of the "
                       f"box's edge hexes reaches it within its {fmt(ma)} MP.", [h], [u])]


def check_box_drops(rs, board: Board) -> list:
    """4.58: no paradrop into an off-map box; and each arrival comes from the box its way of arriving
    takes units from (:func:`arrival_source`)."""
    out = []
    for uid, a in arrivals(rs, board.pos).items():
        u = board.pos.unit(uid)
        if u is not None and a.get("how") == "paradrop" and board.is_box(u.hex):
            out.append(rs.finding(board, f"{P} 4.58", "movement", f"{label(u)} paradropped into "
                                  f"{box_name(board, u.hex)} ({u.hex}); "
                                  "German units may not paradrop into off-map boxes.", [u.hex], [u]))
        if u is not None:
            out += arrival_source(rs, board, u, a)
    return out


def arrival_source(rs, board: Board, u: UnitState, a: dict) -> list:
    """Where an arrival's unit came from (``from``, a holding box): the airlanding groups
    (``om_airlanding_box``) land by air at the start of the German Movement Phase (6.51), so placed in
    the Paradrop Phase they are no paradrop (6.11: 「第一波、第二波、予備波の区画内に列記された
    ユニットのみが、落下傘降下によって島に着地できる」) and in the Amphibious Landing or Naval Unloading
    Phase no landing; a unit from a sea box (``om_sea_boxes``: Alexandria, Athens, the Allied
    reinforcements) placed in the Paradrop Phase came by sea: landed in the Amphibious Landing Phase
    (17.41, both players) or unloaded in the Naval Unloading Phase (17.37 「揚陸は、揚陸フェイズ中にの
    み発生する」); from any other box (a display, a track) no unit arrives at all. A wave box's unit
    placed in a naval phase stays a paradrop (6.11: the tracker may lag); returning HQs and militia
    have their own rules (13.52, 13.63).

    Position files only: a log's :func:`remember` records ``from`` for the wave boxes alone, as in a
    log the tracker may lag one phase behind the placement, so no logged arrival is judged here."""
    src, how = a.get("from"), a.get("how")
    if not isinstance(src, str) or src not in board.map.boxes or how not in ("paradrop", "amphibious", "unloaded"):
        return []
    name = box_name(board, src)
    if src == str(rs.param("om_airlanding_box")):
        if how == "paradrop":
            return [rs.finding(board, f"{P} 6.11", "movement", f"{label(u)} came from {name} by paradrop; only the "
                               "units of the wave boxes paradrop: the airlanding groups land by air in the German "
                               "Movement Phase (6.51).", [u.hex], [u])]
        return [rs.finding(board, f"{P} 6.51", "movement", f"{label(u)} came from {name} in the "
                           f"{'Amphibious Landing' if how == 'amphibious' else 'Naval Unloading'} Phase; the airlanding "
                           "groups land by air, at the start of the German Movement Phase.", [u.hex], [u])]
    if how != "paradrop" or src in drop_boxes(rs) or src in return_boxes(rs):
        return []
    if src in {x.strip() for x in str(rs.param("om_sea_boxes")).split(",")}:
        return [rs.finding(board, f"{P} 17.37", "movement", f"{label(u)} came onto the map from {name} in the "
                           "Paradrop Phase; only the wave boxes' units paradrop (6.11), and units from it come by sea: "
                           "landed in the Amphibious Landing Phase (17.41) or unloaded in the Naval Unloading Phase "
                           "(17.37).", [u.hex], [u])]
    return [rs.finding(board, f"{P} 6.11", "movement", f"{label(u)} came onto the map from {name} in the Paradrop "
                       "Phase; only the wave boxes' units paradrop, and no unit arrives on the map from that box.",
                       [u.hex], [u])]


# ---- fire markers on moved artillery (11.11, 13.32) --------------------------------------------
def check_dispersal(rs, board: Board) -> list:
    """6.31, 17.43 B: a Dispersed marker comes only from the landing roll of a paradrop or an
    amphibious landing, and 6.33 lifts it in the next Recovery Phase; so a unit that arrived this
    turn by a way with no such roll (airlanding, 6.56: a step lost or the unit destroyed; unloading)
    cannot carry one. Judged only on such a recorded arrival: a marker from an earlier drop this turn
    is not known otherwise. Not the coastal steamer: its passenger was on the map before the trip
    (17.52), its marker perhaps from this turn's landing; 6.32 judges the trip."""
    out = []
    for uid, a in arrivals(rs, board.pos).items():
        u = board.pos.unit(uid)
        if u is not None and u.has("dispersed") and a.get("how") in HOW_WORDS \
                and not marker_maybe_anothers(rs, board, u, "dispersed"):
            out.append(rs.finding(board, f"{P} 6.31", "movement", f"{label(u)} carries a Dispersed marker, but it "
                                  f"arrived this turn by {HOW_WORDS[a['how']]}, which has no landing roll that "
                                  "disperses (only a paradrop or an amphibious landing does).", [u.hex], [u]))
    return out


HOW_WORDS = {"airlanded": "airlanding", "unloaded": "unloading"}


def marker_maybe_anothers(rs, board: Board, u: UnitState, marker: str) -> bool:
    """Whether ``u``'s ``marker`` may be another unit's: the marker lies on the hex (a log shows a
    hex's markers on every unit in it) and another unit there could own it, one that did not arrive
    this turn by a way with no landing roll (6.31 puts the Dispersed marker 「ユニットの上に」, on the
    unit its roll dispersed). A position file's status is the unit's own."""
    if marker not in board.pos.markers_at(u.hex):
        return False
    arr = arrivals(rs, board.pos)
    return any(x.id != u.id and x.hex == u.hex and rs.ground(x) and arr.get(x.id, {}).get("how") not in HOW_WORDS
               for x in board.pos.units)


def check_fire_markers(rs, board: Board) -> list:
    """11.11, 13.32, 13.41: non-mortar artillery and AA that moved take a First Fire marker (or
    flip it to Final Fire) at the end of the Movement Phase."""
    if board.pos.phase and board.pos.at != "end":
        return []
    return [rs.finding(board, f"{P} 11.11", "movement", f"{label(u)} moved from {u.previous} to {u.hex} but carries no "
                       "First or Final Fire marker; moving is one of its two actions this turn.", [u.hex], [u])
            for u in board.pos.units
            if u.moved and u.mode in ("move", "strategic") and rs.ground(u)
            and rs.is_(u, "om_fire_units")
            and not any(u.has(f) for f in FIRE)]


# ---- unloading and the coastal steamer (4.17, 4.57, 5.25, 17.22, 17.52) --------------------------
def check_unloading(rs, board: Board) -> list:
    """Units unloaded this turn: on the map only at a minor port or anchorage not in enemy ZOC
    (4.17, 5.25); off the map only in the Sitia or Tymbakion box (``om_unload_boxes``) when no
    enemy unit holds it (4.57). The coastal steamer (17.52, optional) sails only at night between
    its two ports (``om_steamer_ports``, "E3136, W4031"), with no enemy unit within 1 hex of
    either."""
    pos = board.pos
    out = steamer_cargo(rs, board)
    ports = {"minor_port", "anchorage", "improved_anchorage"}
    ez_memo: dict[str, set[str]] = {}
    convoy: dict[str, tuple[UnitState, str]] = {}
    for uid, a in arrivals(rs, pos).items():
        u = pos.unit(uid)
        if u is None or a.get("how") not in ("unloaded", "steamer"):
            continue
        h = a.get("hex") or u.previous or u.hex
        name = label(u)
        if a["how"] == "steamer":
            ends = steamer_ports(rs.game)
            why = []
            if time_of_day(pos) not in (None, "night"):
                why.append("it sails only in Night turns")
            src = a.get("from")
            if h not in ends:
                why.append(f"it runs only between {' and '.join(ends)}")
            elif src and board.is_hex(src) and (src not in ends or src == h):
                # 17.52: 「移動させるユニットは、どちらかのヘクスで開始しなければならず」
                why.append(f"it sailed from {src}: the steamer carries only a unit that starts in "
                           f"{' or '.join(ends)}")
            dmin = rs.num("coastal_steamer_enemy_min_distance")
            by: list[str] = []                          # the enemies named: redaction sees them
            if isinstance(a.get("enemy_near"), bool):
                if a["enemy_near"]:
                    who = f" ({a['enemy_names']})" if isinstance(a.get("enemy_names"), str) else ""
                    by = [x for x in a.get("enemy_ids") or () if isinstance(x, str)]
                    why.append(f"enemy units were within {fmt(dmin - 1)} hex of a steamer port{who}")
            else:
                near = steamer_enemies(rs, board, u)
                if near:
                    by = [x.id for x in near]
                    why.append(f"enemy units are within {fmt(dmin - 1)} hex of a steamer port ({rs.names(near)})")
            if why:
                out.append(rs.finding(board, f"{P} 17.52", "movement", f"{name} came by the coastal steamer to {h}, "
                                      f"but {'; '.join(why)}.", [h], [u], by=by))
            continue
        if u.side == "allied" and rs.param("no_naval_game"):
            out += convoy_arrival(rs, board, u, h)
            convoy[u.id] = (u, h)
        elif u.side == "german" and rs.param("no_naval_game"):
            german_convoy_arrival(rs, board, u, h)
        if board.is_box(h):
            allowed = [x.strip() for x in str(rs.param("om_unload_boxes")).split(",")]
            held = box_held_at_arrival(rs, board, u, h, a, UNLOADING)
            if h not in allowed or held:
                out.append(rs.finding(board, f"{P} 4.57", "movement", f"{name} was unloaded into box {h}; units "
                                      f"unload only in {' or '.join(allowed)}, and not when enemy units hold it.",
                                      [h], [u]))
            continue
        if not board.is_hex(h):
            continue
        if not board.features(h) & ports:
            out.append(rs.finding(board, f"{P} 4.17", "movement", f"{name} was unloaded at {h}, which is neither a "
                                  "minor port nor an anchorage.", [h], [u], part="port"))
        if isinstance(a.get("ezoc"), bool):
            in_ez = a["ezoc"]                                  # the audit's record at the landing
        else:
            in_ez = h in ez_memo.setdefault(u.side, rs.enemy_zoc(board, u.side))
        if in_ez:
            out.append(rs.finding(board, f"{P} 5.25", "zoc", f"{name} was unloaded at {h}, which is in enemy ZOC; "
                                  "units may not unload into an enemy ZOC.", [h], [u]))
    return out + convoy_size(rs, board, list(convoy.values()))


def convoy_size(rs, board: Board, landed: list[tuple[UnitState, str]]) -> list:
    """21.11-21.12 (No Naval Game, 21.0): a convoy holds at most 6 steps (``allied_convoy_capacity_steps``)
    and one convoy at most arrives every other turn, so the Allied units unloaded in one turn are one
    convoy: together at most 6 steps, all at one destination (21.13: a convoy's destination is declared
    in its turn). An RSC counts 5 steps (21.11), but RSCs are no units of a position: not counted."""
    if not landed:
        return []
    units = [u for u, _ in landed]
    where = sorted({h for _, h in landed})
    out = []
    if len(where) > 1:
        # 21.12「各ゲーム・ターンおきに、1つのみの船団をクレタ島に送ることができる」
        places = ", ".join(landing_place(board, h) for h in where)
        out.append(rs.finding(board, f"{P} 21.12", "movement", f"Allied convoys arrived at {places} in one "
                              f"turn ({rs.names(units)}); only one convoy arrives every other turn, at one "
                              "destination.", where, units))
    out += convoy_last_turn(rs, board, units, where)
    steps, cap = sum(unit_steps(u) for u in units), rs.num("allied_convoy_capacity_steps")
    if steps > cap:
        # 21.11「6ステップを超えて含むことができる船団はない」
        out.append(rs.finding(board, f"{P} 21.11", "stacking", f"{fmt(steps)} steps arrived by convoy this turn "
                              f"({rs.names(units)}); a convoy holds at most {fmt(cap)} steps and only one arrives "
                              "in a turn (21.12).", where, units))
    return out


def convoy_last_turn(rs, board: Board, units: list[UnitState], where: list[str]) -> list:
    """21.12 across turns: 「各船団の間に少なくとも1ゲーム・ターン空けなければならない」: a convoy this turn
    when the history (``[state] om_arrivals``, which a position may state for an earlier turn; a log's
    record keeps this turn's arrivals only) holds an Allied unit unloaded in the turn before."""
    turn, rec = board.pos.turn, mercury(board.pos).om_arrivals
    if turn is None or not isinstance(rec, dict):
        return []
    side, roster = {u.side for u in units}, board.pos.roster
    # the side is the roster's: a unit of the history need not be placed (a German one unloaded last turn)
    last = sorted(uid for uid, r in rec.items() if isinstance(r, dict) and r.get("turn") == turn - 1
                  and r.get("how") == "unloaded" and uid in roster and roster[uid].side in side)
    if not last:
        return []
    named = ", ".join(f"{roster[uid].name} ({uid})" if roster[uid].name != uid else uid for uid in last)
    return [rs.finding(board, f"{P} 21.12", "movement", f"An Allied convoy arrived this turn, GT{turn} "
                       f"({rs.names(units)}), and another on GT{turn - 1} ({named}); at least one game "
                       "turn lies between two convoys.", where, units)]


def german_convoy_anchorages(rs, board: Board) -> set[str]:
    """The anchorages 21.13 bars to Allied convoys (Kisamos Kastelli, Canea, Retimo, Sitia): the map's
    anchorage places outside the South Crete sector, whose three are the Allies' (one source: the
    map, with its illustrative hexes), and the off-map boxes ``german_convoy_boxes`` (Sitia)."""
    south = str(rs.param("south_crete_sector"))
    on_map = {p.hex for p in board.map.places if p.kind in ("anchorage", "improved_anchorage")
              and board.is_hex(p.hex) and south not in board.areas(p.hex)}
    return on_map | {x.strip() for x in str(rs.param("german_convoy_boxes")).split(",") if x.strip()}


def german_convoy_arrival(rs, board: Board, u: UnitState, h: str) -> None:
    """21.32 (No Naval Game): German steamer and DD convoys arrive only at the anchorages 21.13 bars to
    the Allies (:func:`german_convoy_anchorages`) or at a minor port friendly to the Germans; the other
    German convoys arrive in a sea zone and unload by 17.37 at any minor port or anchorage (21.33 a).
    A position does not record which convoy carried a unit: elsewhere 21.32 is named not judged."""
    if h in german_convoy_anchorages(rs, board):
        return
    if board.is_hex(h) and "minor_port" in board.features(h) and board.pos.control.get(h) == "german":
        return
    rs.not_judged(f"{P} 21.32", f"{label(u)} was unloaded at {landing_place(board, h)}, where a German steamer or DD "
                                "convoy may not arrive (21.32) but another convoy may unload (17.37, 21.33 a): which "
                                "convoy carried it is not recorded")


def convoy_arrival(rs, board: Board, u: UnitState, h: str) -> list:
    """21.13 (No Naval Game, 21.0): an Allied convoy arrives only at Suda or Heraklion in a Night turn
    (``convoy_night_ports``) or at an anchorage of the South Crete sector in any turn; never at
    Kisamos Kastelli, Canea, Retimo or Sitia (「…泊地への到着を試みることができない」). Tymbakion, the
    other off-map box 4.57 opens to unloading (``convoy_unnamed_boxes``), is in neither list: not judged."""
    ports = [x.strip() for x in str(rs.param("convoy_night_ports")).split(",") if x.strip()]
    if h in [x.strip() for x in str(rs.param("convoy_unnamed_boxes")).split(",")]:
        rs.not_judged(f"{P} 21.13", f"{label(u)} arrived by convoy at {landing_place(board, h)}, which 21.13 "
                      "neither lists among the South Crete anchorages nor bars")
        return []
    south = str(rs.param("south_crete_sector"))
    if board.is_hex(h) and south in board.areas(h) and board.features(h) & {"anchorage", "improved_anchorage"}:
        return []
    if h in ports:
        when = time_of_day(board.pos)
        if when is None:
            rs.not_judged(f"{P} 21.13", f"{label(u)} arrived by convoy at {landing_place(board, h)}, which takes "
                          "convoys in Night turns only: the position gives no turn")
            return []
        if when == "night":
            return []
        why = (f"{landing_place(board, h)} takes convoys in Night turns only, and this is "
               f"{'an' if when == 'am' else 'a'} {when.upper()} turn")
    else:
        why = (f"convoys arrive only at {' or '.join(landing_place(board, p) for p in ports)} (Night turns) or at an "
               "anchorage of the South Crete sector")
    return [rs.finding(board, f"{P} 21.13", "movement", f"{label(u)} arrived by convoy (No Naval Game, 21.0) at "
                       f"{landing_place(board, h)}; {why}.", [h], [u])]


def check_landings(rs, board: Board) -> list:
    """17.41, 17.43 A4: no amphibious landing by armor or motorized artillery, and none inside the
    Suda Bay area (``om_suda_bay_area``, "suda-bay"); SoP IV.A.4, 11.11: paradropped non-mortar
    artillery and AA carry a First Fire marker at the end of the Paradrop Phase."""
    pos = board.pos
    out = []
    bay = board.map.areas.get(str(rs.param("om_suda_bay_area")))
    landed: dict[str, list[tuple[UnitState, str]]] = {}
    for uid, a in arrivals(rs, pos).items():
        u = pos.unit(uid)
        if u is None:
            continue
        h = a.get("hex") or u.hex
        if a.get("how") == "amphibious":
            if rs.is_(u, "om_no_amphibious"):
                out.append(rs.finding(board, f"{P} 17.41", "movement", f"{label(u)} landed amphibiously at {h}; armor "
                                      "and motorized artillery may not.", [h], [u]))
            if u.side == "german" and bay is not None and h in bay.hexes:
                out.append(rs.finding(board, f"{P} 17.43", "movement", f"{label(u)} landed amphibiously at {h}, inside "
                                      "the Suda Bay area, where German landings are prohibited.", [h], [u]))
            out += _landing_place(rs, board, u, h, a)
            landed.setdefault(u.side, []).append((u, h))
        how = a.get("how")
        arrival_phase = {"paradrop": PARADROP, "amphibious": AMPHIBIOUS}.get(str(how))
        if isinstance(a.get("fire"), bool):                  # the audit's record at the arrival phase end
            unmarked = not a["fire"]
        else:
            unmarked = pos.phase == arrival_phase and pos.at == "end" and not any(u.has(f) for f in FIRE)
        # 11.11: "paradrop and amphibious landing count as movement" (mortars excepted, 13.41)
        if arrival_phase and unmarked and rs.is_(u, "om_fire_units"):
            verb, phase = ("paradropped", "Paradrop Phase") if how == "paradrop" else \
                ("landed amphibiously", "Amphibious Landing Phase")
            judged_at = pos.game.sequence.phase(str(a.get("fire_phase") or arrival_phase))
            if judged_at is not None:                      # the phase end it was judged at (tracker ahead)
                phase = judged_at.name
            seen = pos.game.sequence.phase(str(a.get("seen") or ""))
            if seen is None:
                out.append(rs.finding(board, f"{P} 11.11", "movement", f"{label(u)} {verb} this turn and carries no "
                                      f"First Fire marker at the end of the {phase}.", [u.hex], [u]))
                continue
            # a wave unit dropped under another phase's tracker: 6.11 judges when the drop was made (a
            # finding two presses or more off); this rests on reading it as the paradrop (rv-p25 item 6)
            out.append(rs.finding(board, f"{P} 11.11", "movement", f"{label(u)} {verb} this turn and carries no "
                                  f"First Fire marker at the end of the {phase}, reading its drop, made with the "
                                  f"tracker on the {seen.name}, as the paradrop (6.11 judges the phase of that "
                                  "drop).", [u.hex], [u], rests_on="reading the drop as the paradrop"))
    return out + landing_limits(rs, board, landed)


def landing_limits(rs, board: Board, landed: dict[str, list[tuple[UnitState, str]]]) -> list:
    """17.42: a side's steps landed this turn above what one convoy (German, 10) or one sea zone
    (Allied, 12) may land are legal only if several convoys or sea zones carried them, which a
    position does not record: not judged. (17.43 A2, 6 steps a landing hex: ``check_drops``.)"""
    for side, units in landed.items():
        # 17.42 a「単一の船団から10ステップを超える」, b「単一の海上ゾーンから12ステップを超える」
        limit, carrier = ((rs.num("german_convoy_landing_steps"), "convoy") if side == "german"
                          else (rs.num("allied_sea_zone_landing_steps"), "sea zone"))
        total = sum(unit_steps(u) for u, _ in units)
        if total > limit:
            named = board.pos.game.sides.get(side)
            rs.not_judged(f"{P} 17.42", f"{fmt(total)} {named.name if named else side} steps landed amphibiously this "
                          f"turn ({rs.names([u for u, _ in units])}), more than one {carrier} may land ({fmt(limit)}): "
                          f"legal only if several carried them, and the position does not record which {carrier} "
                          "carried each unit")
    return []




def box_held_at_arrival(rs, board: Board, u: UnitState, h: str, a: dict, phase: str) -> bool:
    """4.57: whether enemy units held off-map box ``h`` when ``u`` landed or was unloaded into it: the
    audit's record at that phase end (``held``), else, in that phase itself, the units in it now.
    Later in the turn the box may have been left and entered since: not judged, said so."""
    if isinstance(a.get("held"), bool):
        return a["held"]
    if board.pos.phase == phase:
        return any(x.side != u.side and rs.ground(x) for x in board.units(h))
    rs.not_judged(f"{P} 4.57", f"whether enemy units held {h} when {label(u)} came into it this turn: the position "
                               "states no record of the box at the arrival (om_arrivals ... held), and units may have "
                               "left and entered it since")
    return False


def _landing_place(rs, board: Board, u: UnitState, h: str, a: dict) -> list:
    """17.24 ('海岸ヘクスとはゲーム・マップ上のいずれかの平坦／海岸、飛行場、破砕地のヘクスである'), 17.43
    A1: an amphibious landing is placed on a beach hex: Clear/Beach, airfield or Broken
    (``om_beach_terrain``; a terrain that may be one, ``om_beach_unsure_terrain``, is not judged);
    4.57 ('敵ユニットによって占められていないいずれかのマップ外ボックス内へ強襲上陸を行うことができる'):
    or into an off-map box no enemy unit holds."""
    box = board.map.boxes.get(h)
    if box is not None and box.kind == "offmap":
        if box_held_at_arrival(rs, board, u, h, a, AMPHIBIOUS):
            return [rs.finding(board, f"{P} 4.57", "movement", f"{label(u)} landed amphibiously into the off-map box "
                               f"{box.name}, which enemy units held then.", [h], [u])]
        return []
    target = a.get("from") if board.pos.phase == AMPHIBIOUS and board.is_hex(a.get("from") or "") else None
    if target is None and board.pos.phase == AMPHIBIOUS and board.pos.at == "during":
        target = h                     # placed on its target hex, before drift (17.43 B)
    spot = target or h
    if not board.is_hex(spot):
        return []
    kind = beach_kind(rs, board, spot)
    if kind == "unsure":
        rs.not_judged(f"{P} 17.24", f"whether {label(u)} landed amphibiously on a beach hex: {spot} is "
                                    f"{_terrain_words(board, spot)} hex, which may be a beach (Rough may be 17.24's "
                                    "Broken; a partial-sea hex's land terrain is not recorded; the Terrain Effects "
                                    "Chart is lost)")
    if kind != "no":
        return []                      # a beach, or water (6.2's finding), or not judged
    if target is not None:
        return [rs.finding(board, f"{P} 17.24", "movement", f"{label(u)} landed amphibiously on target hex {target}, "
                           f"{_terrain_words(board, target)} hex; units land amphibiously only on beach hexes "
                           "(clear/beach, airfield or broken).", [target], [u])]
    # 17.43 A1 ('ユニットが置かれる海岸ヘクスは、その目標ヘクスである'), B3 (drift moves it on): the hex
    # the unit stands on may be where the drift diagram moved it; the target hex is in no log
    reach = int(rs.num("amphibious_drift_max_hexes"))
    near = [x for x in board.map.hexes if board.is_hex(x) and (board.distance(x, h) or 99) <= reach
            and beach_kind(rs, board, x) in ("yes", "unsure")]
    if near:
        rs.not_judged(f"{P} 17.24", f"whether {label(u)}'s target hex was a beach hex: it stands on {h} after drift "
                                    f"(17.43 B), and {', '.join(sorted(near)[:3])} within {reach} hex could have been "
                                    "its target; the target hex is not recorded")
        return []
    return [rs.finding(board, f"{P} 17.24", "movement", f"{label(u)} landed amphibiously at {h}, "
                       f"{_terrain_words(board, h)} hex, and no beach hex (clear/beach, airfield or broken) lies within "
                       f"{reach} hex of it: its target hex was no beach hex (the drift range is an assumption, "
                       "amphibious_drift_max_hexes: the drift diagram is lost).", [h], [u])]


def beach_kind(rs, board: Board, h: str) -> str:
    """17.24 ('海岸ヘクスとはゲーム・マップ上のいずれかの平坦／海岸、飛行場、破砕地のヘクスである'): "yes"
    for a beach hex (``om_beach_terrain`` or an airfield), "unsure" for a terrain that may be one
    (``om_beach_unsure_terrain``), "water" for an all-water hex (6.2 judges a unit there), "no" otherwise."""
    if "airfield" in board.features(h):
        return "yes"
    terrain = board.terrain(h)
    beach = {x.strip() for x in str(rs.param("om_beach_terrain") or "").split(",")}
    unsure = {x.strip() for x in str(rs.param("om_beach_unsure_terrain") or "").split(",")}
    if terrain in beach:
        return "yes"
    if board.is_water(h):
        return "water"
    return "unsure" if terrain in unsure else "no"


def _terrain_words(board: Board, h: str) -> str:
    """'a clear hex', 'an orchard woods hex' (without 'hex'): the terrain id as words, with its article."""
    t = board.terrain(h).replace("_", " ")
    return f"{'an' if t[:1] in 'aeiou' else 'a'} {t}"


def steamer_cargo(rs, board: Board) -> list:
    """17.51 ('連合軍プレイヤーは連合軍沿岸汽船を介していずれかの1ステップ・ユニット又は1つの戦車ユニット
    を移動させることができる'), 17.53: the Allied coastal steamer carries one unit a turn, of one
    step (its steps now, 9.51-9.52) or a tank unit; never a German unit."""
    pos = board.pos
    carried = [u for u in (pos.unit(i) for i, a in arrivals(rs, pos).items() if a.get("how") == "steamer")
               if u is not None]
    out = []
    for u in carried:
        why = []
        if u.side != "allied":
            why.append("the coastal steamer is the Allied player's (17.5)")
        if unit_steps(u) > 1 and not rs.is_(u, "om_armor"):
            why.append(f"it has {unit_steps(u)} steps and is no tank unit: the steamer carries a 1-step unit or a "
                       "tank unit, never one step of a 2-step unit (17.53)")
        if why:
            out.append(rs.finding(board, f"{P} 17.51", "movement", f"{label(u)} came by the coastal steamer, but "
                                  f"{'; '.join(why)}.", [u.hex], [u]))
    if len(carried) > 1:
        out.append(rs.finding(board, f"{P} 17.51", "movement", f"{rs.names(carried)} came by the coastal steamer in "
                              "one turn; it carries one unit.", sorted({u.hex for u in carried}), carried))
    return out


# ---- who moves when (4.0) ----------------------------------------------------------------------
def land_box(rs, box: Box) -> bool:
    """An off-map land box (4.52): an off-map box with map-edge hexes or a link to another box
    (``om_box_links``: Sitia); the Naval Operations Map's sea zones are off-map boxes with neither."""
    return box.kind == "offmap" and (bool(box.adjacent) or any(box.id in pair for pair in box_links(rs)))


def out_of_phase(rs, board: Board, u: UnitState) -> str | None:
    """4.0 ('各移動フェイズ中、活性プレイヤーは……自軍ユニットを移動させることができる'): a ground
    unit moves (mode ``move`` or ``strategic``) only in its own side's Movement Phase, so no unit of
    the other side moves in it, and no unit moves in a phase that is no Movement Phase: moves after
    combat and reactions have their own modes, and an arrival phase (paradrop, landing, unloading)
    places units by its own rules. In the Recovery, Supply and Game Record phases a unit placed from
    a holding box (a returning HQ or militia unit) is a placement, judged by its own rules; a move
    off a map hex or out of an off-map land box (one with edge hexes, 4.52) is a move, and in a
    combat phase nothing comes from a box (airlanding is at the start of the Movement Phase, 6.51). Returns the
    finding's message, or None (a move where it may be made, or no phase given)."""
    info = board.pos.phase_info
    if info is None or u.previous is None:
        return None
    if board.pos.phase_kind in ARRIVAL_KINDS:
        return _moved_in_arrival_phase(rs, board, u)
    box = board.map.boxes.get(u.previous)
    if info.kind == "movement" and box is not None and not land_box(rs, box) and board.is_hex(u.hex) \
            and not airlands(board.pos, u):
        # 4.0, 4.5: a Movement Phase moves units on the map and to and from the off-map land boxes; from
        # any other box (Alexandria, Athens, the naval displays and sea zones, the reinforcement boxes) only the German
        # airlanding (6.51) comes onto the map in it: units by sea are unloaded (17.3, 21.1)
        return (f"{label(u)} came onto the map from {box.name} in the {info.name}: in a Movement Phase units come "
                "onto the map only from an off-map land box or by airlanding (6.51); from Alexandria or Athens they "
                "come by sea, unloaded in the Naval Unloading Phase (17.3, 21.1) (4.0).")
    if info.kind == "movement" and (not info.side or info.side == u.side):
        return None
    if info.kind not in ("movement", "combat") and box is not None and not box.adjacent:
        return None
    into = board.map.boxes.get(u.hex)
    if into is not None and not into.adjacent:
        return None               # into a holding box or display: a removal (eliminated, evacuated), no move
    side = board.pos.game.sides.get(u.side)
    own = f"the {side.name if side else u.side} Movement Phase"
    if box is not None and not box.adjacent and info.kind != "movement":
        return (f"{label(u)} came onto the map from {box.name} in the {info.name}: no unit arrives in a combat "
                "phase (airlanding is at the start of the German Movement Phase, 6.51; other arrivals have their "
                "own phases) (4.0).")
    if info.kind == "movement":
        name = side.name if side else u.side
        why = f"only the active player's units move in it; {'an' if name[:1] in 'AEIOU' else 'a'} {name} unit moves in {own}"
    else:
        why = (f"ground units move only in their side's Movement Phase ({own} for this one); a move after combat "
               "or a reaction states its mode (retreat, advance, reaction)")
    return f"{label(u)} moved from {u.previous} to {u.hex} in the {info.name}: {why} (4.0)."


def _moved_in_arrival_phase(rs, board: Board, u: UnitState) -> str | None:
    """4.0 and sequence of play III-IV.A: the German Paradrop Phase places the paradropping units
    (from the wave boxes; drift, 6.2, moves them on from their target hex, so a unit that paradropped
    this turn may name its target hex as ``previous``); the naval phases before the Amphibious Landing
    Phase move ships and their cargo on the naval displays. In neither does a ground unit move from one
    map hex to another. The landing and unloading phases' arrivals are judged by their own rules: a
    unit that landed this turn may name its target hex as ``previous`` (its drift, 17.43 B), an Allied
    unit may sail from port to port by the coastal steamer (17.51, 17.52; a move that ends in neither
    port is no steamer trip); any other move from one map hex to another in them is out of its phase."""
    pos = board.pos
    if not u.previous or not board.is_hex(u.previous):
        return None
    landed = arrivals(rs, pos).get(u.id, {}).get("how")
    # a paradrop's drift (6.2) in whatever arrival phase the tracker shows (6.11: the wave boxes' units
    # paradrop even when the players moved the tracker late)
    if pos.phase == PARADROP and landed or landed == "paradrop" or pos.phase == AMPHIBIOUS and landed == "amphibious" \
            or pos.phase == UNLOADING and landed == "steamer":
        return None
    into = board.map.boxes.get(u.hex)
    if into is not None and not into.adjacent:
        return None               # removed (6.41d, 6.42: eliminated), no move
    name = pos.phase_name
    why = {PARADROP: "it did not paradrop this turn: the phase only places the paradropping units (and their "
                     "drift, 6.2)",
           AMPHIBIOUS: "it did not land this turn: the phase only places the landing units (and their drift, 17.43)",
           UNLOADING: "the phase unloads units from ships; only the Allied coastal steamer carries a unit from one "
                      f"map hex to another in it, between {' and '.join(steamer_ports(pos.game))} (17.51, 17.52)"}.get(
        pos.phase, "the naval phases move ships and the units they carry on the naval displays")
    return (f"{label(u)} moved from {u.previous} to {u.hex} in the {name}, but {why}; units on the map move in "
            "their side's Movement Phase (4.0).")


def combat_move_out_of_phase(board: Board, u: UnitState) -> tuple[str, str] | None:
    """Retreats, advances and reactions have their moments: a retreat follows a combat result (9.6),
    a refusal (7.32) or a drop's or landing's failed combat (6.42, 17.43 D2); an advance follows a
    combat (9.8); a reaction is the defender's, in the Defender Reaction Phase (7.41). So none is
    made in a Movement Phase (but for the retreat out of an off-map box after an off-map combat,
    which is fought during the move, 4.55) or an administrative phase (Recovery, Supply, air, naval), and no unit
    of the phasing side reacts. Returns (rule, message), or None (no phase given, or a phase where
    the move may be made)."""
    info = board.pos.phase_info
    if info is None or u.previous is None or board.pos.phase_kind in ARRIVAL_KINDS and u.mode == "retreat":
        return None
    if info.kind == "movement" and u.mode == "retreat" and u.previous in board.map.boxes:
        return None               # 4.55: an off-map combat is fought in the Movement Phase, as part of the move
    rule = {"retreat": "9.6", "advance": "9.8", "reaction": "7.41"}[u.mode]
    what = {"retreat": "a retreat after combat", "advance": "an advance after combat", "reaction": "a reaction"}[u.mode]
    if info.kind != "combat":
        return (f"{P} {rule}", f"{label(u)} made {what} ({u.previous} to {u.hex}) in the {info.name}; "
                               + ("reactions are made by the defender in the Defender Reaction Phase (7.41)."
                                  if u.mode == "reaction" else
                                  f"{what} is made in a combat phase, after its combat"
                                  + (" or a refusal (9.6, 7.32)." if u.mode == "retreat" else " (9.8).")))
    if u.mode == "reaction" and info.side and u.side == info.side:
        return (f"{P} 7.41", f"{label(u)} reacted ({u.previous} to {u.hex}) in the {info.name}, but it is a unit of "
                             "the attacking side: only the defender reacts (7.41).")
    early = _before_its_step(board.pos.phase, u.mode)
    if early is not None:
        return (f"{P} {rule}", f"{label(u)} made {what} ({u.previous} to {u.hex}) in the {info.name}, before {early}.")
    return None


#: the steps of a player segment's combat (sequence of play IV.C-G), by the end of their phase ids
_COMBAT_STEPS = ("bombardment", "combat-declaration", "combat-refusal", "defender-reaction", "combat")
#: the first step in which each move after combat can be made, and why: 7.0 ('これらの各ステップは、次の
#: ステップを開始する前に、全ての戦闘について完了される'): a refusal and the advance into the hex it
#: empties are made in the Combat Refusal Phase (7.32), a reaction only after all refusals are resolved,
#: in the Defender Reaction Phase (7.41, IV.F); a bombardment causes losses and fatigue, never a retreat
_FIRST_STEP = {
    "retreat": ("combat-refusal", "the Combat Refusal Phase, where the first retreats (refusals) are made (7.32, 9.6)"),
    "advance": ("combat-refusal", "the Combat Refusal Phase, where the first advances (into a refused hex) are "
                                  "made (7.32, 9.8)"),
    "reaction": ("defender-reaction", "the Defender Reaction Phase: reactions come after all refusals are "
                                      "resolved (7.41; sequence of play IV.F)"),
}


def _before_its_step(phase: str, mode: str) -> str | None:
    """The step a move of ``mode`` may first be made in, when ``phase`` is a combat step before it (a
    later step of the same player segment may record it: ``previous`` is where it moved from), else None."""
    step = next((s for s in _COMBAT_STEPS if phase == s or phase.endswith("-" + s)), None)
    first, why = _FIRST_STEP[mode]
    if step is None or _COMBAT_STEPS.index(step) >= _COMBAT_STEPS.index(first):
        return None
    return why


# ---- where ships are (16.15, 16.16) ------------------------------------------------------------
NAVAL = Selector("kind:naval, class:naval", "16.15: naval units")


def check_ship_places(rs, board: Board) -> list:
    """16.15 ('連合軍の海上ユニットは、常時、連合軍海上ディスプレイ上のアレクサンドリア・ボックスの
    1つ、或いは任務部隊の一部でなければならない……海上作戦マップ上では決して海上にいられない'): an
    Allied naval unit is always in an Alexandria box or in a Task Force on the Allied Naval Display
    (the Allied side's boxes), never in a sea zone nor on a hex; 16.16: a German naval unit is on the
    Naval Operations Map (the sea zones) or in Athens, never on a hex of the ground map."""
    out = []
    for u in board.pos.units:
        if not NAVAL.matches(board.pos.game, u):
            continue
        box = board.map.boxes.get(u.hex)
        if board.is_hex(u.hex):
            rule = "16.15" if u.side == "allied" else "16.16"
            where = ("in an Alexandria box or a Task Force on the Allied Naval Display" if u.side == "allied"
                     else "on the Naval Operations Map or in Athens")
            out.append(rs.finding(board, f"{P} {rule}", "movement", f"{label(u)}, a naval unit, stands on the map hex "
                                  f"{u.hex}; its side's naval units are kept {where}.", [u.hex], [u]))
        elif u.side == "german" and u.hex in alexandria_boxes(rs):
            # 16.41「ドイツ軍の海上ユニットは、決してアレクサンドリアへ進入できない」
            out.append(rs.finding(board, f"{P} 16.41", "movement", f"{label(u)} is in {box_name(board, u.hex)}; German "
                                  "naval units never enter Alexandria (16.41).", [], [u]))
        elif u.side == "german" and box is not None and box.side == "allied":
            out.append(rs.finding(board, f"{P} 16.16", "movement", f"{label(u)} is in {box.name}, an Allied box; a "
                                  "German naval unit is kept on the Naval Operations Map or in Athens (16.16).",
                                  [], [u]))
        elif u.side == "allied" and box is not None and box.side != "allied":
            out.append(rs.finding(board, f"{P} 16.15", "movement", f"{label(u)} is in {box.name}; an Allied ship is "
                                  "always in an Alexandria box or part of a Task Force (on the Allied Naval Display): "
                                  "at sea only its Task Force marker is on the Naval Operations Map.", [], [u]))
    return out
