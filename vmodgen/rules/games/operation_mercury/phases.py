"""Operation Mercury: what must be true at the end of the Recovery and Supply Phases (Expanded
Sequence of Play I.A-B), interdiction levels (12.41), and the returns of Greek militia (13.63-13.64)
and replacement HQs (13.52).

Readings: fatigue is removed only in the AM Recovery Phase and then from every fatigued unit not
in enemy ZOC (5.28, 9.76: "recovers", not "may recover"); First/Final Fire and Dispersed markers
are gone at the end of every Recovery Phase (SoP I.A.2-3); interdiction levels are 0 at night
(no air missions at night, 12.15, inferred) and at most 2 (12.41's table has levels 1 and 2); a
supply level changes per Supply Phase by at most +1 for an RSC spent in an AM turn plus ±1 for
the adjustment roll once rolls begin (15.15, 15.26), or falls straight to Low when a side has no
unit left in the sector (15.24). Fatigue comes off in step 1 of the Recovery Phase (SoP I.A.1), all
at once: the enemy ZOC that keeps a unit fatigued is the one of that moment, when the units fatigued
at the end of the previous phase (``om_fatigued``) exert none yet (5.13), even those that recover
with it. Dispersed markers come off later (I.A.3) and no memory holds them, so a unit dispersed at
the start of the phase counts as exerting its ZOC (the end-of-phase state).
"""
from __future__ import annotations

from dataclasses import replace

from ...core.moves import label
from ...core import gap_status
from ...core.board import Board
from ...core.stacking import fmt
from ...core.tracker_lag import Lag
from .carried import came_from, mercury
from .memory import time_of_day, turn_time
from .places import airfield_capacity, airfield_hexes, mission_boxes

P = "OM"
ALLOCATION = "air-allocation"           # the Air Unit Allocation Phase (12.2)
RECOVERY = "recovery"                   # the Recovery Phase, an AM turn's first (SoP I.A.5: militia return, 13.63)
LEVELS = ("adequate", "short", "low")
FIRE = ("first_fire", "final_fire", "fire")


def recovery(rs, board: Board) -> list:
    """End of the Recovery Phase (SoP I.A, 5.28, 6.32, 9.76, 11.11)."""
    pos = board.pos
    out = []
    marked = [u for u in pos.units if rs.ground(u) and any(u.has(f) for f in FIRE)]
    guns = [u for u in marked if rs.is_(u, "om_fire_units") or rs.is_(u, "om_mortar")]
    marked = guns or marked          # a marker lying on a stack marks every unit of it: name the guns
    if marked:
        out.append(rs.finding(board, f"{P} 11.11", "movement", f"{rs.names(marked)} still carr"
                              f"{'ies' if len(marked) == 1 else 'y'} a First or Final Fire marker at the end of the "
                              "Recovery Phase, which removes them all.", sorted({u.hex for u in marked}), marked))
    disp = [u for u in pos.units if rs.ground(u) and u.has("dispersed")]
    if disp:
        out.append(rs.finding(board, f"{P} 6.32", "movement", f"{rs.names(disp)} {'is' if len(disp) == 1 else 'are'} "
                              "still dispersed at the end of the Recovery Phase, which removes every Dispersed marker.",
                              sorted({u.hex for u in disp}), disp))
    recorded = mercury(pos).om_fatigued
    unknown = gap_status.status_before(mercury(pos), "om_fatigued", "om_status_unknown")[1]
    was = set(recorded or []) - unknown
    am = time_of_day(pos) == "am"
    at_step_1 = board
    if recorded is not None:
        # SoP I.A.1: the ZOC when fatigue comes off, all at once: units fatigued then exert none (5.13)
        again = [replace(u, status=u.status | {"fatigued"}) if u.id in was and not rs.fatigued(u) else u
                 for u in pos.units]
        at_step_1 = rs.board(pos.with_units(again))
    ez = {s: rs.enemy_zoc(at_step_1, s) for s in rs.game.sides}
    for u in pos.units:
        if not rs.ground(u) or not board.is_hex(u.hex):
            continue
        in_ez = u.hex in ez.get(u.side, ())
        if rs.fatigued(u) and am and not in_ez:
            out.append(rs.finding(board, f"{P} 9.76", "zoc", f"{label(u)} is still fatigued after the AM Recovery "
                                  f"Phase, but {u.hex} is not in enemy ZOC, so it recovers.", [u.hex], [u]))
        elif u.id in unknown and not rs.fatigued(u):
            rs.not_judged(f"{P} 9.76", gap_status.unknown_reason(label(u), "was fatigued", "om_status_unknown"))
        elif u.id in was and not rs.fatigued(u):
            if not am:
                out.append(rs.finding(board, f"{P} 9.76", "zoc", f"{label(u)} recovered from fatigue in a "
                                      f"{(time_of_day(pos) or '').upper() or 'non-AM'} turn; units recover only in "
                                      "the AM Recovery Phase.", [u.hex], [u]))
            elif in_ez:
                out.append(rs.finding(board, f"{P} 5.28", "zoc", f"{label(u)} recovered from fatigue although it is "
                                      f"in enemy ZOC at {u.hex}.", [u.hex], [u]))
    return out


# ---- supply (15.15, 15.24-15.27) -----------------------------------------------------------------
def supply_extras(rs, board: Board) -> list:
    pos = board.pos
    st = pos.state
    out = []
    names = lambda sec: board.map.areas[sec].name if sec in board.map.areas else sec
    spent = st.get("rsc_expended", {})
    per_am = rs.num("rsc_per_sector_per_am")
    if isinstance(spent, dict):
        for side, per in spent.items():
            for sec, n in (per or {}).items():
                if isinstance(n, int) and n > per_am:
                    out.append(rs.finding(board, f"{P} 15.26", "supply", f"{rs.side_name(side)} has {n} Expended RSCs "
                                          f"in {names(sec)}; at most {fmt(per_am)} may be spent per sector each AM."))
    if pos.turn == 1:
        rsc = st.get("rsc", {}).get("allied", {}) if isinstance(st.get("rsc"), dict) else {}
        total = sum(n for n in rsc.values() if isinstance(n, int))
        south = str(rs.param("south_crete_sector"))
        if total > rs.num("allied_initial_rsc"):
            out.append(rs.finding(board, f"{P} 15.25", "supply", f"The Allies place {total} RSCs on turn 1; they "
                                  f"start with {fmt(rs.num('allied_initial_rsc'))}."))
        if rsc.get(south):
            out.append(rs.finding(board, f"{P} 15.25", "supply", "The Allies' initial RSCs go to the Maleme/Suda, "
                                  "Retimo or Heraklion box, not to South Crete."))
    out += _level_changes(rs, board)
    out += _air_resupply(rs, board)
    out += _rsc_in_empty_sectors(rs, board)
    return out


def _level_changes(rs, board: Board) -> list:
    pos = board.pos
    now, prev = pos.state.get("supply"), mercury(pos).supply_previous
    if not isinstance(now, dict) or not isinstance(prev, dict):
        return []
    out = []
    am = time_of_day(pos) == "am"
    expended = pos.state.get("rsc_expended")
    for side, per in now.items():
        old = prev.get(side)
        if not isinstance(per, dict) or not isinstance(old, dict):
            continue
        rolls = pos.turn is not None and pos.turn >= rs.num("german_supply_roll_first_turn" if side == "german"
                                                               else "allied_supply_roll_first_turn")
        for sec, level in per.items():
            was = old.get(sec)
            if level not in LEVELS or was not in LEVELS:
                continue
            up = LEVELS.index(was) - LEVELS.index(level)
            # 15.26: the +1 of an RSC needs one spent in this sector this AM ([state] rsc_expended);
            # when the position does not record the RSCs spent, a rise that needs it is not judged
            spent_known = isinstance(expended, dict)
            per_side = expended.get(side) if isinstance(expended, dict) else None
            spent = isinstance(per_side, dict) and bool(per_side.get(sec))
            most_up = (1 if am and (spent or not spent_known) else 0) + (1 if rolls else 0)
            if am and not spent_known and up == most_up and up > (1 if rolls else 0):
                rs.not_judged(f"{P} 15.15", "the RSCs spent this AM are not recorded ([state] rsc_expended), so a "
                                         "rise a spent RSC would explain (15.26) is not judged")
                continue
            most_down = 1 if rolls else 0
            empty = sec in board.map.areas and not any(
                u.side == side and rs.ground(u) for h in board.map.areas[sec].hexes for u in board.units(h))
            if up > most_up or (-up > most_down and not (level == "low" and empty)):
                name = board.map.areas[sec].name if sec in board.map.areas else sec
                out.append(rs.finding(board, f"{P} 15.15", "supply", f"{rs.side_name(side)} supply in {name} went "
                                      f"from {was} to {level} in one Supply Phase; it can rise by at most "
                                      f"{most_up} and fall by at most {most_down} level(s) on turn {pos.turn} "
                                      "(15.15, 15.26), or drop to Low when no friendly unit is left there (15.24)."))
    return out


def _rsc_in_empty_sectors(rs, board: Board) -> list:
    """15.24 ('特定戦区内に友軍ユニットがなく、しかもその戦区の予備補給ボックスが友軍RSCsを含むと、
    いかなるRSCsも除去され'): at the end of a Supply Phase no side has RSCs in the box of a sector
    where it has no unit: the phase removed them (and set the level to Low; a level other than Low
    stated there is the 15.1 rule's finding, not repeated here). With a friendly unit in an off-map
    box, whose sector the book does not give (spec §11 #16), it is not judged."""
    pos = board.pos
    rsc = pos.state.get("rsc")
    if pos.at != "end" or not isinstance(rsc, dict):
        return []
    got = pos.state.get("supply")
    levels: dict = got if isinstance(got, dict) else {}
    out = []
    for side, per in rsc.items():
        if not isinstance(per, dict):
            continue
        per_side = levels.get(side)
        stated: dict = per_side if isinstance(per_side, dict) else {}
        for sec, n in per.items():
            area = board.map.areas.get(sec)
            if area is None or not isinstance(n, int) or n <= 0:
                continue
            if any(u.side == side and rs.ground(u) for h in area.hexes for u in board.units(h)):
                continue
            if sec in stated and stated[sec] != "low":
                continue
            boxed = sorted({u.hex for u in pos.units if u.side == side and rs.ground(u)
                            and u.hex in board.map.boxes and board.map.boxes[u.hex].kind == "offmap"
                            and board.map.boxes[u.hex].adjacent})
            if boxed:
                rs.not_judged(f"{P} 15.24", f"whether {rs.side_name(side)} units in {', '.join(boxed)} count as units in "
                                            f"{area.name}, whose box holds {n} RSC(s): the book gives off-map boxes no sector")
                continue
            out.append(rs.finding(board, f"{P} 15.24", "supply", f"The {rs.side_name(side)} side has {n} RSC(s) in the "
                                  f"{area.name} box at the end of the Supply Phase but no unit in that sector: the "
                                  "phase removes them and the level there becomes Low (15.24)."))
    return out


def _air_resupply(rs, board: Board) -> list:
    """15.25c: German air resupply uses one airfield, every hex of it German-occupied and none in
    enemy ZOC; not when Allied artillery in range cuts its capacity to 3 (inferred)."""
    air = board.pos.state.get("air_resupply")
    if not isinstance(air, str):
        return []
    field = airfield_hexes(board, air)
    if not field:
        return [rs.finding(board, f"{P} 15.25", "supply", f"German air resupply names {air}, which is not an "
                           "airfield hex.", [air])]
    why = []
    empty = [h for h in field if not any(u.side == "german" and rs.ground(u) for u in board.units(h))]
    if empty:
        why.append(f"German units do not occupy {', '.join(empty)}")
    cap, cut = airfield_capacity(rs, board, air)
    if cut == "6.56":
        why.append("an airfield hex is in enemy ZOC")
    elif cap < rs.num("air_resupply_capacity_steps"):
        why.append(f"its landing capacity is only {fmt(cap)} steps (6.55)")
    if not why:
        return []
    return [rs.finding(board, f"{P} 15.25", "supply", f"German air resupply through {'/'.join(field)} is not "
                       f"allowed: {'; '.join(why)}.", field)]


# ---- interdiction (12.41) ---------------------------------------------------------------------
def interdiction_levels(rs, board: Board) -> list:
    levels = board.pos.state.get("interdiction", {})
    if not isinstance(levels, dict):
        return []
    out = []
    night = time_of_day(board.pos) == "night"
    for sec, n in levels.items():
        if not isinstance(n, int) or not n:
            continue
        name = board.map.areas[sec].name if sec in board.map.areas else sec
        if n > rs.num("interdiction_max_level"):
            out.append(rs.finding(board, f"{P} 12.41", "movement", f"Interdiction level {n} in {name}; the levels "
                                  f"are 1 and {fmt(rs.num('interdiction_max_level'))}."))
        if night:
            out.append(rs.finding(board, f"{P} 12.41", "movement", f"Interdiction level {n} in {name} in a Night "
                                  "turn; interdiction is flown only in day turns (12.15)."))
    return out



def night_missions(rs, board: Board) -> list:
    """12.15 「夜間ターン中に任務を実行できる航空ユニットはない」: no air unit enters a mission box of the
    Air Operations Display (``om_air_mission_boxes``) in a Night turn: where it came from (its
    ``previous``, else the previous phase end) is not a mission box. A unit that stayed in one from
    the last turn is put back in Ready at the start of the Air Unit Allocation Phase, 「たとえ任務割当て
    がない夜間ゲーム・ターン中であれ」 (12.23a), a bookkeeping step: it is judged (12.23a) at a phase
    end after that phase, or at its end in a position file; in a log the player may make that move
    one step after the tracker (:mod:`vmodgen.rules.core.tracker_lag`: named not judged at the end of
    the Air Unit Allocation Phase itself), and a position with no phase is every phase,
    the Recovery Phase before it too. One put into the box earlier in the turn
    (``om_night_missions``) and still there at a later phase end is 12.15's, not 12.23a's."""
    pos = board.pos
    if time_of_day(pos) != "night":
        return []
    boxes = mission_boxes(rs)
    night = mercury(pos).om_night_missions
    # put into a mission box earlier this Night turn, as a log's phase ends recorded it
    put = set(night.get("units") or ()) if isinstance(night, dict) and night.get("turn") == pos.turn else set()
    ids = [p.id for p in pos.game.sequence.phases]
    alloc = ids.index(ALLOCATION) if ALLOCATION in ids else len(ids)
    at = ids.index(pos.phase) if pos.phase in ids else -1
    # due from the Air Unit Allocation Phase's start; a log whose tracker is within its lag of a phase
    # before it may show the play still before it (core/tracker_lag.py)
    early = rs.lag(pos, lambda t, p: t == pos.turn and p in ids[:alloc]) is Lag.MAYBE
    out = []
    for u in pos.units:
        if u.hex not in boxes or u.hex not in board.map.boxes:
            continue
        box = board.map.boxes[u.hex].name
        came = came_from(pos, u)
        if came and came not in boxes or u.id in put:
            out.append(rs.finding(board, f"{P} 12.15", "movement", f"{label(u)} was put into {box} in a Night "
                                  "turn; no air unit flies a mission at night.", [], [u]))
        elif at >= alloc and early:
            rs.not_judged(f"{P} 12.23a", f"{label(u)} stayed in {box} from the last turn at the end of the "
                                         f"{pos.phase_name} the log's turn tracker "
                                         "names; it goes back to Ready at the start of the Air Unit Allocation Phase, "
                                         "and the tracker may be a phase ahead of the pieces")
        elif at >= alloc:
            out.append(rs.finding(board, f"{P} 12.23a", "movement", f"{label(u)} stayed in {box} from the last "
                                  "turn; a unit left in a mission box is put back in Ready at the start of the Air "
                                  "Unit Allocation Phase, even in a Night turn with no missions.", [], [u]))
    return out

# ---- returning Greek militia (13.63-13.64) and replacement HQs (13.52) ------------------------
def from_box(board: Board, u, box: str) -> bool:
    """A unit placed from ``box`` (the Greek militia box, ``om_militia_box``, or the HQ replacement
    box, ``om_hq_replacement_box``), as a position writes a return with ``previous`` and no status:
    the same return (13.52, 13.63) as one marked ``arrived`` or ``replacement``, or one the history
    records. Another holding box (a wave box, Alexandria, Athens, the reinforcements) is another
    arrival, judged by its own rules."""
    return bool(u.previous) and u.previous == box and (board.is_hex(u.hex) or board.is_box(u.hex))


def _beside_am_recovery(rs, pos) -> bool:
    """Whether a log's phase end may hold a move of the AM Recovery Phase made with the tracker one
    phase off (:mod:`vmodgen.rules.core.tracker_lag`): the phase after an AM turn's Recovery Phase,
    or the last phase of the turn before."""
    def am_recovery(t: int | None, p: str) -> bool:
        return p == RECOVERY and t is not None and (time_of_day(pos) if t == pos.turn else turn_time(t)) == "am"
    return rs.lag(pos, am_recovery) is Lag.MAYBE


def returns(rs, board: Board) -> list:
    """13.63 「…未来のAMゲーム・ターンの初期フェイズ中にプレイに復帰できる」, 13.64, 13.52: Greek militia
    come back in an AM turn's Recovery Phase (SoP I.A.5), 6+ hexes from every German unit in a city
    or town (or a box free of Germans); a replacement HQ in the Recovery Phase, in its sector. A
    log's return is a militia unit that stood in its box at the last phase end (``om_end_hexes``):
    seen with the tracker one phase off the AM Recovery Phase, 13.63 is named not judged."""
    pos = board.pos
    out = []
    off = set(mercury(pos).om_militia_off or [])
    ends = mercury(pos).om_end_hexes
    log = isinstance(ends, dict)                  # (a position file, no tracker to lag, has none)
    rec_phase = not pos.phase or pos.phase_kind == "admin" and pos.phase == RECOVERY
    germans = [u.hex for u in pos.units if u.side == "german" and rs.ground(u) and board.is_hex(u.hex)]
    dmin = rs.num("greek_militia_return_min_german_distance")
    militia_box, hq_box = str(rs.param("om_militia_box")), str(rs.param("om_hq_replacement_box"))
    for u in pos.units:
        came = isinstance(ends, dict) and u.previous is None and ends.get(u.id) == militia_box != u.hex
        if not rs.is_(u, "om_militia") or not (u.id in off or u.has("arrived") or from_box(board, u, militia_box)
                                               or came):
            continue
        if board.is_hex(u.hex) or board.is_box(u.hex):
            if (not rec_phase or time_of_day(pos) not in (None, "am")) and log and _beside_am_recovery(rs, pos):
                rs.not_judged(f"{P} 13.63", f"whether {label(u)} returned in the AM Recovery Phase: the log shows it "
                                            f"at the end of the {pos.phase_name}, "
                                            "one phase off, where the tracker may have been moved before the return")
            elif not rec_phase or time_of_day(pos) not in (None, "am"):
                out.append(rs.finding(board, f"{P} 13.63", "stacking", f"{label(u)} returned outside the AM Recovery "
                                      "Phase.", [u.hex], [u]))
            if board.is_box(u.hex):
                if any(x.side == "german" for x in board.units(u.hex)):
                    out.append(rs.finding(board, f"{P} 13.64", "stacking", f"{label(u)} returned to box {u.hex}, "
                                          "which holds German units.", [u.hex], [u]))
                continue
            town = board.terrain(u.hex) in ("city", "town") or board.features(u.hex) & {"city", "town"}
            near = [h for h in germans if (board.distance(h, u.hex) or 99) < dmin]
            if not town or near:
                why = "it is not a city or town hex" if not town else \
                    f"a German unit in {near[0]} is closer than {fmt(dmin)} hexes"
                out.append(rs.finding(board, f"{P} 13.64", "stacking", f"{label(u)} returned to {u.hex}, but {why}.",
                                      [u.hex], [u]))
    lost = mercury(pos).om_hq_lost or {}
    for u in pos.units:
        if not rs.is_(u, "om_hq") or not board.is_hex(u.hex):
            continue
        rec = lost.get(u.id) if isinstance(lost, dict) else None
        if rec is None and not u.has("replacement") and not from_box(board, u, hq_box):
            continue
        if rec is not None and rec.get("replacement"):
            out.append(rs.finding(board, f"{P} 13.52", "stacking", f"{label(u)} is back on the map, but it was "
                                  "already a replacement HQ when it was lost and is gone for good.", [u.hex], [u]))
        if pos.phase and pos.phase != "recovery":
            out.append(rs.finding(board, f"{P} 13.52", "stacking", f"Replacement HQ {label(u)} appeared outside the "
                                  "Recovery Phase.", [u.hex], [u]))
        sec = next((a for a in board.areas(u.hex) if board.map.areas[a].kind == "sector"), "")
        if rec is not None and rec.get("sector") and rec["sector"] != sec:
            out.append(rs.finding(board, f"{P} 13.52", "stacking", f"Replacement HQ {label(u)} was placed in {u.hex}, "
                                  f"outside the sector where it was lost ({rec['sector']}).", [u.hex], [u]))
        friends = [x for x in board.units(u.hex, u.side) if x is not u and rs.ground(x)]
        anchorage = board.features(u.hex) & {"anchorage", "improved_anchorage"} and sec and any(
            x.side == u.side and x is not u and rs.ground(x) for h in board.map.areas[sec].hexes for x in board.units(h))
        if not friends and not anchorage:
            out.append(rs.finding(board, f"{P} 13.52", "stacking", f"Replacement HQ {label(u)} was placed in {u.hex}, "
                                  "which holds no friendly unit and is not an anchorage in a sector with friendly "
                                  "units.", [u.hex], [u]))
    return out
