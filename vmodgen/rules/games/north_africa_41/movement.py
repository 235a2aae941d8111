"""North Africa '41: move predicates beyond the movement-point search of the main rule set:
retreats (12.1-12.5), disengagement (27.5.4), advances (14.2-14.6), breakthrough groups
(15.2.3), rail (5.9), off-map boxes (6.3), Full Retreat moves (13.3.2), Replacement markers
(19.5) and the immobile Tobruk ASU (17.1.2).

Parameters (each with its default and rule in the rule set's ``PARAMS``, :mod:`.units`):
``advance_max_hexes`` (14.2: DS/DR4), ``advance_max_nonmech`` (14.2.1: non-mechanized units
without a truck, and Matildas), ``nonmech_retreat_max_before_surrender`` (12.5.1),
``disengage_max_hexes`` (27.5.4), ``disengagement_min_ma`` (27.5.3), ``rail_moves_per_allied_phase``
(5.9.1), ``na41_rail_line`` (the line kind rail moves follow), ``na41_rail_stations`` (the terrain
where units entrain and detrain, plus the Nile Delta box), ``na41_jebel_terrain``, and the unit
selectors ``na41_sp`` (supply points), ``na41_matilda``, ``na41_immobile``, ``na41_asu`` (ASUs).

Readings where the text is open, each written beside its rule:

* A unit of the phasing side that retreats in its own Combat Phase is disengaging (27.5); a unit
  with the ``disengaged`` status is too. Disengagement follows every retreat rule, except that a
  hex holding friendly units may be entered in enemy ZOC (27.5.4).
* A unit is carried by a truck when it has the ``trucked`` status (5.8.1: it then moves, retreats
  and advances as mechanized).
* A breakthrough group (15.2.3) is the units with the ``breakthrough`` status in one hex.
"""
from __future__ import annotations

from ....positions.model import UnitState
from ...base import ALWAYS, EVERY_PHASE_END, MOVEMENT_END, MOVES, Rule, When
from ...core.moves import label
from ...core.board import Board
from ...core.stacking import fmt
from ...core.zoc import NONE
from ...core.costs import CostTable
from ...core.tracker_lag import Lag
from ..before_advances import before_advances
from . import control, phase_moves
from .carried import BUILDING, fort_owner, na41
from .conversions import near_preparation
from .memory import before_status, ids_of, step, taken_out_boxes, tracked
from .supply import status
from .units import NorthAfrica41Units


P = "NA41"
ROADS = {"highway", "track", "road"}


def rules(rs: NorthAfrica41Units) -> list[Rule]:
    def check_move_limits(board: Board) -> list:
        return move_limits(rs, board)

    def check_breakthrough_groups(board: Board) -> list:
        return breakthrough_groups(rs, board)
    return [
        Rule(f"{P} 12.2.1", "movement", MOVES, check_move_limits,
             "retreat, advance, rail, box and marker limits on moves"),
        Rule(f"{P} 3.2", "movement", ALWAYS, lambda b: phase_moves.out_of_phase(rs, b),
             "a position's ground move in a phase where units do not move"),
        Rule(f"{P} 20.3", "movement", EVERY_PHASE_END, lambda b: withdrawals_unseen(rs, b),
             "a withdrawal the log's moves do not record is made in the Preparation Phase"),
        Rule(f"{P} 17.2.1", "movement", MOVEMENT_END, lambda b: sp_moves_of_the_phase(rs, b),
             "a supply point moves only by truck, rail or sea (a log's moves, at the phase end)"),
        Rule(f"{P} 15.2.3", "stacking", ALWAYS, check_breakthrough_groups, "breakthrough group: 5 points, one formation"),
        Rule(f"{P} 21.1.4", "movement", ALWAYS, lambda b: transported(rs, b),
             "units under naval or air transport markers stand in a friendly port or airfield"),
        Rule(f"{P} 9.5.6", "stacking", ALWAYS, lambda b: counts(rs, b), "at most 14 forts a side, 2 captured trucks"),
        Rule(f"{P} 9.5.6", "stacking", ALWAYS, lambda b: forts_building(rs, b),
             "one fort a hex; no attack from a hex where a fort is being built"),
        Rule(f"{P} 17.4", "movement", When(("combat",)), lambda b: free_supply_point(rs, b),
             "a free SP at the end of a Combat Phase: no attack, placed in a base box or with a supplied Corps HQ"),
        Rule(f"{P} 9.5.3", "movement", MOVEMENT_END, lambda b: forts_begun(rs, b),
             "a fort is begun in or next to a friendly combat unit in full or port supply, not in an empty EZOC hex "
             "(never a verdict: a marker that breaks it is named not judged)"),
        Rule(f"{P} 9.5.4", "movement", When(("admin",)), lambda b: forts_completed(rs, b),
             "a fort is completed in its owner's Initial Phase with a friendly combat unit in full or port supply "
             "(a finding when the record shows it under construction at the last phase end, else named not "
             "judged)"),
        # at phase ends: the marker is removed after the enemy unit entered (a later drag in a log)
        Rule(f"{P} 9.5.7", "movement", EVERY_PHASE_END, lambda b: forts_entered(rs, b),
             "a fort goes when an enemy unit enters"),
    ]


def forts_entered(rs: NorthAfrica41Units, board: Board) -> list:
    """9.5.7: a fortification marker is removed when an enemy unit enters its hex, so none lies with
    units of the other side (markers aside). A fort of unstated owner (always so in a log) has the
    owner :func:`fort_owner` finds; with none, it is not judged."""
    out = []
    for h in sorted(board.pos.hex_markers):
        here = [x for x in board.units(h) if not rs.marker(x)]
        if not here:
            continue
        # the marker on either face: 9.5.7 removes the fortification marker, Under Construction too
        for what, owner in (("fort", fort_owner(board, h)),
                            ("fort under construction", fort_owner(board, h, BUILDING))):
            if owner is None:
                continue
            if not owner:
                rs.not_judged(f"{P} 9.5.7", f"whose {what} lies in {h}, with {rs.names(here)}, is not stated (a fort "
                                            "marker goes when an enemy unit enters its hex)")
                continue
            enemy = [x for x in here if x.side != owner]
            if enemy:
                out.append(rs.finding(board, f"{P} 9.5.7", "movement", f"The {rs.side_name(owner)} {what} in {h} lies "
                                      f"with enemy units ({rs.names(enemy)}); the marker is removed when an enemy unit "
                                      "enters the hex.", [h], enemy))
    return out + forts_passed(rs, board)


def forts_passed(rs: NorthAfrica41Units, board: Board) -> list:
    """9.5.7: 「カラの陣地は、いかなる方法によっても敵の移動を妨げません」: an empty fort does not stop an
    enemy move, but the enemy unit entered its hex, so the fort is gone: a fort of the other side (its
    owner, else the side controlling the hex) on a hex a unit's path went through is a finding (the
    hexes a log's audit filled in are not judged)."""
    out = []
    for u in board.pos.movers:
        path = u.path or ()
        for i, h in enumerate(path[1:-1], start=1):
            if i in u.guessed or h == u.hex:
                continue
            for what, owner in (("fort", fort_owner(board, h)),
                                ("fort under construction", fort_owner(board, h, BUILDING))):
                if owner and owner != u.side:
                    out.append(rs.finding(board, f"{P} 9.5.7", "movement", f"{label(u)} went through {h}, where the "
                                          f"{rs.side_name(owner)} {what} still lies; a fort marker is removed when an "
                                          "enemy unit enters its hex (an empty one does not stop the move).", [h], [u]))
    return out


def forts_building(rs: NorthAfrica41Units, board: Board) -> list:
    """9.5.6: 「あるヘクス内に１つまでの陣地が認められます」: one fort a hex (a finished one and one under
    construction are two); 「陣地マーカーを建設しているヘクスから攻撃できません」: no unit attacks from a hex
    where its side is building a fort (a marker of unstated owner: the attackers' side)."""
    out = []
    building = {h: mk[BUILDING] for h, mk in board.pos.hex_markers.items() if BUILDING in mk}
    for h in sorted(building):
        if fort_owner(board, h) is not None:
            out.append(rs.finding(board, f"{P} 9.5.6", "stacking", f"{h} holds a fort and a fort under construction; "
                                  "a hex holds at most one fort.", [h]))
    for a in board.pos.attacks:
        for uid in a.units:
            u = board.pos.unit(uid)
            if u is None or u.hex not in building or building[u.hex] not in ("", u.side):
                continue
            out.append(rs.finding(board, f"{P} 9.5.6", "stacking", f"{label(u)} attacks {a.hex} from {u.hex}, where a "
                                  "fort is being built; no unit attacks from such a hex.", [u.hex, a.hex], [u]))
    return out


def forts_begun(rs: NorthAfrica41Units, board: Board) -> list:
    """9.5.3, 9.5.6: a fort is begun (placed Under Construction) in the owner's Movement Phase in a
    hex holding or next to a friendly combat unit in full or port supply, and not in an enemy ZOC
    unless a friendly combat unit is in the hex. A position does not say whether a marker was placed
    in this phase or lies there from an earlier one (waiting for its completion roll, 9.5.4, which
    only then needs the unit): a marker of the phasing side that breaks either rule is not judged,
    with why."""
    side = board.pos.side
    if not side:
        return []
    supply: dict[str, str] | None = None
    for h, mk in sorted(board.pos.hex_markers.items()):
        if BUILDING not in mk or mk[BUILDING] not in ("", side) or not board.is_hex(h):
            continue
        near = [x for n in [h, *board.neighbours(h)] for x in rs.hex_units(board, n, side) if rs.combat(x)]
        if near and supply is None:
            supply = status(rs, board, side)
        why = []
        if not any((supply or {}).get(x.id) in ("full", "port", "box") for x in near):
            why.append("no friendly combat unit in full or port supply is in or next to it (9.5.3)")
        if rs.enemy_field(board, side).kind(h) != NONE and not any(rs.combat(x) for x in rs.hex_units(board, h, side)):
            why.append("it is in an enemy ZOC with no friendly combat unit in it (9.5.6)")
        if why:
            rs.not_judged(f"{P} 9.5.3", f"the fort under construction in {h} could not have been begun in this phase: "
                                        + " and ".join(why) + "; whether it was, or lies there from an earlier phase, is "
                                        "not recorded")
    return []


def forts_completed(rs: NorthAfrica41Units, board: Board) -> list:
    """9.5.4 「構築完成、並びに完成のサイ振りには、完全補給又は港湾補給下（16.2）の友軍戦闘ユニットが要求されます」:
    at the end of its owner's Initial Phase, a completed fort of the phasing side with no friendly
    combat unit in full or port supply in or next to it (as 9.5.3 places one; 2.2.4: the Tobruk
    Holding Box's units stand in Tobruk) could not have been completed in this phase. With
    ``na41_forts_building`` (the audit records it) only a fort under construction at the last phase
    end was completed now: that one is a finding, an older one is not judged again; without it,
    whether it was completed now is not recorded: not judged."""
    side = board.pos.side
    if not side or step(rs, board.pos) != "initial":
        return []
    supply: dict[str, str] | None = None
    building = na41(board.pos).na41_forts_building      # None: the faces at the last phase end unknown
    out = []
    for h in sorted(board.pos.hex_markers):
        if not board.is_hex(h) or fort_owner(board, h) != side or (building is not None and h not in building):
            continue                        # (a fort complete at the last phase end was not completed now)
        near = [x for n in [h, *board.neighbours(h)] for x in rs.hex_units(board, n, side) if rs.combat(x)]
        if near and supply is None:
            supply = status(rs, board, side)
        if any((supply or {}).get(x.id) in ("full", "port", "box") for x in near):
            continue
        if building is not None:
            out.append(rs.finding(board, f"{P} 9.5.4", "movement",
                                  f"the fort in {h} was under construction at the last phase end and is complete at "
                                  "the end of this Initial Phase, with no friendly combat unit in full or port supply "
                                  "in or next to it: completing it needs one.", [h]))
        else:
            rs.not_judged(f"{P} 9.5.4", f"the completed fort in {h} has no friendly combat unit in full or port supply "
                                        "in or next to it, so it could not have been completed in this Initial Phase; "
                                        "whether it was, or stood complete before, is not recorded")
    return out


def free_supply_point(rs: NorthAfrica41Units, board: Board) -> list:
    """17.4: at the end of his Combat Phase a player gains a free SP (an SP of his side that came from
    the Supply Pool, ``na41_supply_pool_box``) only if he made no attack this player turn (the
    position's declared attacks) and no unit of his moved normally or by special transfer (not
    recorded: *not judged*); it is placed in a friendly off-map box or with a friendly Corps HQ in
    full supply at that instant."""
    pos = board.pos
    pool = str(rs.param("na41_supply_pool_box"))
    side = pos.side
    new = [u for u in pos.units if u.side == side and u.previous == pool and u.hex != pool and is_sp(rs, u)]
    if not side or not new:
        return []
    out = []
    attackers = [x for a in pos.attacks for uid in a.units for x in [pos.unit(uid)] if x is not None and x.side == side]
    hq_sel = rs.sel("na41_corps_hq")
    supply: dict[str, str] | None = None
    for u in new:
        why = []
        if attackers:
            why.append(f"{rs.side_name(side)} attacked this player turn ({rs.names(attackers)})")
        box = board.map.boxes.get(u.hex)
        if box is not None:
            if box.side != side or box.kind != "offmap":
                why.append(f"{box.name} is not a friendly off-map box")
        else:
            hqs = [x for x in board.units(u.hex, side) if hq_sel.matches(rs.game, x)]
            if hqs and supply is None:
                supply = status(rs, board, side)
            if not any((supply or {}).get(x.id) in ("full", "box") for x in hqs):
                why.append(f"{u.hex} holds no friendly Corps HQ in full supply")
        if why:
            out.append(rs.finding(board, f"{P} 17.4", "movement", f"{label(u)} came from the Supply Pool to {u.hex} "
                                  "as a free SP, but " + "; ".join(why) + ".", [u.hex] if board.is_hex(u.hex) else [], [u]))
        else:
            # a log records no attack (8.1) nor Automatic DS (8.9): "no attacks" there is not "none made"
            did = "attacked (8.1, 8.9), moved normally or by special transfer" if not pos.moves_announced else \
                "moved normally or by special transfer"
            rs.not_judged(f"{P} 17.4", f"{label(u)} came from the Supply Pool as a free SP: whether any "
                                       f"{rs.side_name(side)} unit {did} this player turn (then no free SP) is not "
                                       "recorded")
    return out


def counts(rs: NorthAfrica41Units, board: Board) -> list:
    """9.5.6: at most ``forts_per_side`` (14) fortification markers of a side on the map; 27.1: at
    most ``truck_captured_max`` (2) captured trucks (flag ``captured``) in play (outside the
    Eliminated Box)."""
    out = []
    forts: dict[str, list[str]] = {}
    for h, mk in board.pos.hex_markers.items():
        owner = fort_owner(board, h)
        if owner:
            forts.setdefault(owner, []).append(h)
    most = rs.num("forts_per_side")
    for side, hexes in sorted(forts.items()):
        if len(hexes) > most:
            out.append(rs.finding(board, f"{P} 9.5.6", "stacking", f"{rs.side_name(side)} has {len(hexes)} forts on the "
                                  f"map; the most is {fmt(most)}.", sorted(hexes)))
    gone = set(x.strip() for x in str(rs.param("na41_return_boxes")).split(","))
    captured = [u for u in board.pos.units if "captured" in u.unit.flags and u.hex not in gone]
    most = rs.num("truck_captured_max")
    if len(captured) > most:
        out.append(rs.finding(board, f"{P} 27.1", "stacking", f"{len(captured)} captured trucks are in play "
                              f"({rs.names(captured)}); the most is {fmt(most)}.", [u.hex for u in captured], captured))
    return out


def transported(rs: NorthAfrica41Units, board: Board) -> list:
    """21.1.1, 21.1.4: a unit under a naval transport marker ends its sea move in a friendly port
    (or an off-map box) and moves no more until the marker goes; 18.7.6: one under an air
    transport marker stands in a friendly-controlled airfield. Control: a landing's port at the start
    of the phase (:func:`.control.at_phase_start`), else 16.3.4 as the unit found it
    (:func:`.control.side_of`: stated, the other units there, the record); unknown: not judged."""
    out = []
    for u in board.pos.units:
        for status, feature, rule, what in (("naval_transport", "port", "21.1.4", "a port"),
                                            ("air_transport", "airfield", "18.7.6", "an airfield")):
            if not u.has(status) or not board.is_hex(u.hex) or status == "air_transport" and not flew_here(board, u):
                continue
            # 21.1.4 「手番プレイヤーの移動フェイズ開始時に友軍支配下の港湾（27.4）のみ」: the port's holder and
            # garrison at the start of the phase of the sea move (the unit and whoever moved with it stood
            # elsewhere then); 18.7.6: the airfield as the unit found it, its own move aside (16.3.4)
            sailed = bool(u.previous) and u.mode not in ("retreat", "advance")
            owner = (control.at_phase_start(rs, board, u.hex) if status == "naval_transport" and sailed
                     else control.side_of(rs, board, u.hex, aside=(u,)))
            kept = rs.port_control(board, u.hex, owner, start=sailed) if status == "naval_transport" else owner
            if feature not in board.features(u.hex):
                why = f"{u.hex} is not {what}"
            elif owner and owner != u.side:
                why = f"{u.hex} is controlled by the other side"
            elif owner and not kept:
                why = (f"no {rs.side_name(owner)} combat unit stood in or next to {u.hex} at the start of the phase: "
                       "a port without a garrison is uncontrolled (optional rule 27.4, played: "
                       "[rules] na41_port_garrisons = true)")
            else:
                if not owner:
                    rs.not_judged(f"{P} {rule}", f"who controls {u.hex}, where {label(u)} stands under its "
                                                 f"{status.replace('_', ' ')} marker, is not stated nor recorded")
                continue
            out.append(rs.finding(board, f"{P} {rule}", "movement", f"{label(u)} carries a "
                                  f"{status.replace('_', ' ')} marker but {why}; such a unit ends its move in a "
                                  f"friendly {feature} and stays there until the marker is removed.", [u.hex], [u]))
    out += air_landing(rs, board) + air_eligible(rs, board)
    return out


def flew_here(board: Board, u: UnitState) -> bool:
    """18.7.6: whether ``u``'s air transport marker may be judged as the flight that put it where it
    stands: in its own side's Movement Phase (or a position that names no phase), not by a retreat or
    advance. The marker stays until the next friendly Initial Phase (the rail marker's effect, 5.9), so
    a unit under it may since have retreated out of the airfield in the enemy's Combat Phase."""
    if u.previous and u.mode in ("retreat", "advance"):
        return False
    ph = board.pos.phase_info
    return ph is None or ph.kind == "movement" and ph.side in ("", u.side)


def air_eligible(rs: NorthAfrica41Units, board: Board) -> list:
    """18.7.6: air transport flies one Axis infantry replacement or one 1-step non-mechanized unit
    (steps left: the roster's steps, one fewer when reduced) from the Italy box (the Axis off-map box
    no map edge touches, 6.3.2); where it came from is judged when the position gives ``previous``."""
    allied = str(rs.param("na41_allied_side"))
    out = []
    for u in board.pos.units:
        if not u.has("air_transport") or not board.is_hex(u.hex):
            continue
        why = []
        if u.side == allied:
            why.append("air transport is the Axis player's (18.7.6)")
        steps = u.unit.steps - (1 if u.reduced else 0)
        if not (u.unit.type == "infantry-replacement" or (not rs.mech(u) and steps == 1)):
            why.append("only an infantry replacement or a 1-step non-mechanized unit flies"
                       + (f" ({label(u)} is mechanized)" if rs.mech(u) else f" ({label(u)} has {steps} steps)"))
        src = board.map.boxes.get(u.previous or "")
        if u.previous and u.previous != u.hex and flew_here(board, u) and not (src is not None and src.kind == "offmap"
                                                       and src.side == u.side and not src.adjacent):
            why.append(f"it came from {u.previous}, not from the Italy box")
        if why:
            out.append(rs.finding(board, f"{P} 18.7.6", "movement", f"{label(u)} carries an air transport marker in "
                                  f"{u.hex}, but " + "; ".join(why) + ".", [u.hex], [u]))
    return out


def air_landing(rs: NorthAfrica41Units, board: Board) -> list:
    """18.7.6 at the end of the Axis Movement Phase: a unit flown in (air transport marker) stands
    in an airfield in full supply and not next to enemy units (they cannot have moved there since,
    in the flyer's own Movement Phase)."""
    pos = board.pos
    if pos.phase_kind != "movement" or pos.at != "end" or not pos.side:
        return []
    out, st = [], None
    for u in board.side_units(pos.side):
        if not u.has("air_transport") or not board.is_hex(u.hex) or "airfield" not in board.features(u.hex):
            continue
        near = [x for n in board.neighbours(u.hex) for x in board.units(n) if x.side != u.side and not rs.marker(x)]
        if st is None:
            st = status(rs, board, u.side)
        why = []
        if near:
            why.append(f"it is next to enemy units ({rs.names(near)})")
        if st.get(u.id, "none") not in ("full", "box"):
            why.append("the airfield is not in full supply")
        if why:
            out.append(rs.finding(board, f"{P} 18.7.6", "movement", f"{label(u)} was flown to {u.hex}, but "
                                  + " and ".join(why) + ".", [u.hex], [u]))
    return out


# ---- helpers -----------------------------------------------------------------------------------------
def road(board: Board, a: str, b: str) -> bool:
    return bool(board.roads(a, b) & ROADS)


def carriers(rs: NorthAfrica41Units, board: Board, u: UnitState) -> list[UnitState]:
    """5.8.1: the friendly trucks that carried ``u`` on its move: each ends in ``u``'s hex and went
    through the hex ``u`` started from (it made the same move, or entered the unit's hex, picked it up
    and moved on: 「トラックは…そのユニットのヘクスに入り、ユニットを拾い上げ…移動を続けることができます」). None
    for a truck or a mechanized unit (the play note: a truck makes a non-mechanized unit mechanized)."""
    truck = str(rs.param("na41_msu_truck_type"))
    if u.unit.type == truck or u.previous is None or rs.is_(u, "na41_mech"):
        return []
    return [x for x in board.units(u.hex, u.side) if x is not u and x.unit.type == truck
            and (x.previous == u.previous or u.previous in path_of(x))]


def trucked(u: UnitState, rs: NorthAfrica41Units | None = None, board: Board | None = None) -> bool:
    """Carried by a truck: status ``trucked``, or (given the board) a friendly truck carried it
    (:func:`carriers`), as a replayed log shows it."""
    if u.has("trucked"):
        return True
    return rs is not None and board is not None and bool(carriers(rs, board, u))


def is_sp(rs: NorthAfrica41Units, u: UnitState) -> bool:
    return rs.is_(u, "na41_sp")


def path_of(u: UnitState) -> tuple[str, ...]:
    if u.path:
        return tuple(u.path)
    return (u.previous, u.hex) if u.previous is not None and u.previous != u.hex else ()


def bad_step(rs: NorthAfrica41Units, board: Board, u: UnitState, a: str, b: str) -> str:
    """Why ``u`` may not cross from a to b in any kind of move (12.2.1, 14.5), or ""."""
    if not (board.is_hex(a) and board.is_hex(b)):
        return ""
    if "escarpment" in board.hexside(a, b) and not road(board, a, b) and rs.mech(u):
        return f"a mechanized unit may not cross the escarpment between {a} and {b} except along a road"
    if CostTable(board, u.unit.movement_class).step(a, b) is None:
        return CostTable(board, u.unit.movement_class).why(a, b)
    return ""


def sp_alone(rs: NorthAfrica41Units, board: Board, u: UnitState) -> list:
    """17.2.1 「それ自体で移動できません」: an SP moves by truck, rail (5.9.1: its marker) or sea only (from
    map hex to map hex: an SP placed from a pool or a truck's load is no move)."""
    if not is_sp(rs, u) or u.previous is None or u.mode in ("rail", "retreat", "advance") or u.has("rail") \
            or u.has("naval_transport") or not (board.is_hex(u.hex) and board.is_hex(u.previous)) \
            or u.previous == u.hex or trucked(u, rs, board):
        return []
    return [rs.finding(board, f"{P} 17.2.1", "movement", f"{label(u)} is a supply point and moved from "
                       f"{u.previous} to {u.hex} by itself; an SP moves only carried by a truck, by rail or by sea.",
                       [u.hex], [u])]


def sp_moves_of_the_phase(rs: NorthAfrica41Units, board: Board) -> list:
    """17.2.1 in a log, at the end of a Movement Phase, once the phase's drags are all made: a log may
    drag an SP before the truck that carries it (a position file states whole moves: judged there
    with the other move limits)."""
    if board.pos.moves_announced:
        return []
    truck = str(rs.param("na41_msu_truck_type"))
    out = []
    for u in board.pos.units:
        if not u.moved or rs.marker(u):
            continue
        found = sp_alone(rs, board, u)
        if found and any(x is not u and x.unit.type == truck and x.previous is not None
                         for x in board.units(u.hex, u.side)):
            # a truck dragged in one drop may have gone through the SP's hex and picked it up (5.8.1):
            # the drag does not record its route
            rs.not_judged(f"{P} 17.2.1", f"whether the truck that ends with {label(u)} in {u.hex} went through "
                                         f"{u.previous} and picked it up (5.8.1) is not recorded in a log: a drag "
                                         "records where a piece ends, not its route")
            continue
        out += found
    return out


def disengaging(rs: NorthAfrica41Units, board: Board, u: UnitState) -> bool:
    return u.has("disengaged") or (board.pos.phase_kind == "combat" and bool(board.pos.side)
                                   and u.side == board.pos.side)


# ---- moves -------------------------------------------------------------------------------------------
def move_limits(rs: NorthAfrica41Units, board: Board) -> list:
    out = []
    rail_users = []
    gone = taken_out_boxes(rs)
    withdrawn = set(ids_of(rs, "na41_withdrawn_box"))
    for u in board.pos.units:
        if u.previous is None or rs.marker(u) or not u.moved:
            continue
        if u.hex in gone and board.is_hex(u.previous):
            out += withdrawal(rs, board, u)     # eliminated, surrendered or withdrawn: put there, not moved
            continue
        if u.hex in withdrawn and u.previous not in withdrawn:
            out += withdrawal(rs, board, u)     # 20.3: from the Eliminated Box too, at its lowest step
            continue
        if u.previous in withdrawn and u.hex not in withdrawn:
            rs.not_judged(f"{P} 20.3", f"{label(u)} came back from the Withdrawn Units box to {u.hex}: a withdrawn unit "
                                       "returns to play later (20.3 「最終的にユニットが後にゲームのプレイに復帰します」), "
                                       "when and where its scenario says, which the kit does not give")
        path = path_of(u)
        if rs.is_(u, "na41_immobile"):
            out.append(rs.finding(board, f"{P} 17.1.2", "movement", f"{label(u)} never moves, but went from "
                                  f"{u.previous} to {u.hex}" + (" (forced to retreat, it is eliminated)."
                                                                if u.mode == "retreat" else "."), [u.hex], [u]))
            continue
        if u.mode == "special_transfer":          # 5.8.4: placed, not moved (ruleset._special_transfer)
            continue
        out += boxes(rs, board, u, path)
        if u.mode == "retreat":
            out += retreat(rs, board, u, path)
        elif u.mode == "advance":
            out += advance(rs, board, u, path)
        else:
            out += marker_limits(rs, board, u, path)
            if board.pos.moves_announced:
                out += sp_alone(rs, board, u)
            if u.mode == "rail":
                rail_users.append(u)
                out += rail(rs, board, u, path)
            if u.has("full_retreat"):
                out += full_retreat(rs, board, u, path)
    out += truck_loads(rs, board)
    most = rs.num("rail_moves_per_allied_phase")
    if len(rail_users) > most:
        out.append(rs.finding(board, f"{P} 5.9.1", "movement", f"{len(rail_users)} units moved by rail "
                              f"({rs.names(rail_users)}); at most {fmt(most)} may in one Allied Movement Phase.",
                              [u.hex for u in rail_users], rail_users))
    return out


def dropped_loads(rs: NorthAfrica41Units, board: Board, trucks: list[UnitState]) -> list:
    """5.8.2: a truck stays for the rest of the Movement Phase with the unit it picked up
    (「いったんトラックがユニットを拾い上げたら、移動フェイズの残りについてそのユニットと共に留まらなければならず」):
    a unit marked ``trucked`` whose move runs along a truck's path and ends before the truck's end
    was left behind, unless another friendly truck ends in its hex. Only Movement Phases (in a
    Combat Phase the truck may carry a different unit in an advance, 5.8.2)."""
    ph = board.pos.phase_info
    if ph is None or ph.kind != "movement":
        return []
    truck = str(rs.param("na41_msu_truck_type"))
    out = []
    for t in trucks:
        path = path_of(t)
        for u in board.pos.movers:
            if u.side != t.side or u.unit.type == truck or not u.has("trucked") or u.hex == t.hex \
                    or u.previous not in path or u.hex not in path or path.index(u.hex) <= path.index(u.previous):
                continue
            if any(x.unit.type == truck for x in board.units(u.hex, u.side)):
                continue
            out.append(rs.finding(board, f"{P} 5.8.2", "movement", f"{label(t)} carried {label(u)} from {u.previous} "
                                  f"to {u.hex} and went on to {t.hex} without it; a truck stays with the unit it picked "
                                  "up for the rest of the Movement Phase.", [u.hex], [t, u]))
    return out


def truck_loads(rs: NorthAfrica41Units, board: Board) -> list:
    """5.8.1: a truck carries one unit (a combat unit, a replacement or an SP): more units marked
    ``trucked`` made one move (same start, same end) than trucks made it. 5.8.3: a truck carrying
    no combat unit (none of its side made its move) does not enter a hex holding enemy non-combat
    units (its path's hexes after the first)."""
    truck = str(rs.param("na41_msu_truck_type"))
    groups: dict[tuple[str, str, str], list[UnitState]] = {}
    for u in board.pos.movers:
        if not rs.marker(u) and u.mode != "rail":
            groups.setdefault((u.side, u.previous or "", u.hex), []).append(u)
    out = []
    for (side, prev, h), units in sorted(groups.items()):
        trucks = [u for u in units if u.unit.type == truck]
        loads = [u for u in units if u.unit.type != truck and u.has("trucked")]
        if trucks and len(loads) > len(trucks):
            out.append(rs.finding(board, f"{P} 5.8.1", "movement", f"{len(loads)} units carried by truck "
                                  f"({rs.names(loads)}) moved from {prev} to {h} with {len(trucks)} truck(s); a truck "
                                  "carries one combat unit, replacement or SP.", [h], loads))
        out += dropped_loads(rs, board, trucks)
        if not trucks or any(rs.combat(u) for u in units if u.unit.type != truck):
            continue
        for u in trucks:
            path = path_of(u)
            hit = next((x for x in path[1:] if board.is_hex(x) and any(
                y.side != side and not rs.marker(y) and not rs.combat(y) for y in board.units(x))), None)
            if hit is not None:
                out.append(rs.finding(board, f"{P} 5.8.3", "movement", f"{label(u)} carries no combat unit and "
                                      f"entered {hit}, which holds enemy non-combat units; a truck without combat units "
                                      "may not enter such a hex.", [hit], [u]))
    return out


def boxes(rs: NorthAfrica41Units, board: Board, u: UnitState, path: tuple[str, ...]) -> list:
    """6.3.1: entering a box ends a move; 6.3.3: a unit that left a box does not re-enter it in the
    same phase, and the hex next to the box is one its map edge touches.
    6.3.2, 6.3.4, 13.2.1, 13.3.2, 19.5: who may leave a box, and how."""
    out, name = [], label(u)
    start = path[0] if path and board.is_box(path[0]) else None
    for i, h in enumerate(path[1:], 1):
        if not board.is_box(h):
            continue
        if h == start:
            out.append(rs.finding(board, f"{P} 6.3.3", "movement", f"{name} left the box {h} and re-entered it in the "
                                  "same phase; a unit that leaves a box may not re-enter it in that Movement Phase.",
                                  [path[1]] if board.is_hex(path[1]) else [], [u]))
            break
        if i < len(path) - 1:
            out.append(rs.finding(board, f"{P} 6.3.1", "movement", f"{name} entered the box {h} and moved on out of "
                                  "it; a unit entering a box in a Movement Phase stops there until a later impulse.",
                                  [path[i + 1]] if board.is_hex(path[i + 1]) else [], [u]))
            break
    dest = board.map.boxes.get(u.hex)
    if dest is not None and dest.kind == "offmap" and len(path) >= 2 and board.is_hex(path[-2]) \
            and dest.adjacent and path[-2] not in dest.adjacent:
        out.append(rs.finding(board, f"{P} 6.3.3", "movement", f"{name} entered {dest.name} from {path[-2]}, a hex its "
                              "map edge does not touch.", [path[-2]], [u]))
    src = board.map.boxes.get(u.previous or "")
    # 21.1.3 judges a convoy: to a map hex or an off-map box of kind "offmap"; a unit sunk at sea goes to
    # the Eliminated Units box, an SP or a replacement to its pool (22.2.4), and one may be withdrawn
    to = board.map.boxes.get(u.hex)
    by_sea = board.is_hex(u.hex) and u.has("naval_transport") or to is not None and to.kind == "offmap"
    if src is not None and src.kind == "offmap" and not src.adjacent and u.hex != src.id \
            and u.mode not in ("retreat", "advance") and by_sea:
        sea = italy_convoy(rs, board, u)     # a convoy into the Tripoli box carries no marker (21.1.5)
        if sea:
            out.append(rs.finding(board, f"{P} 21.1.3", "movement", f"{name} left {src.name} for "
                                  f"{to.name if to is not None else u.hex}, but "
                                  + "; ".join(w for _, w in sea) + ".", [u.hex] if board.is_hex(u.hex) else [], [u]))
    if src is None or src.kind != "offmap" or not board.is_hex(u.hex):
        return out
    why: list[tuple[str, str]] = []    # (rule, reason): the finding names the first reason's rule
    if u.has("disrupted"):
        why.append(("6.3.4", "it is Disrupted (13.2.1) and only a Good Order unit leaves a box (6.3.4)"))
    if u.has("full_retreat"):
        why.append(("6.3.4", "it is in Full Retreat (13.3.2) and only a Good Order unit leaves a box (6.3.4)"))
    if u.has("replacement"):
        why.append(("19.5", "it carries a Replacement marker (19.5)"))
    by_sea_air = u.has("naval_transport") or u.has("air_transport")
    if not by_sea_air and u.mode != "rail":
        if not src.adjacent:
            why.append(("6.3.2", f"{src.name} may be left only by sea or air (6.3.2)"))
        else:
            if (not rs.mech(u) or is_sp(rs, u)) and not trucked(u, rs, board) and not u.has("rail"):
                why.append(("6.3.4", "a non-mechanized unit or supply point leaves a box only by truck, rail, air or "
                                     "sea (6.3.4)"))
            first = path[1] if len(path) > 1 else u.hex
            if board.is_hex(first) and first not in src.adjacent:
                why.append(("6.3.3", f"{first} is not a hex the box's map edge touches (6.3.3)"))
    if why:
        out.append(rs.finding(board, f"{P} {why[0][0]}", "movement", f"{name} left {src.name} for {u.hex}, but "
                              + "; ".join(w for _, w in why) + ".", [u.hex], [u]))
    return out


def words(value: object) -> set[str]:
    """The comma-separated ids of a text parameter's value."""
    return {x.strip() for x in str(value or "").split(",") if x.strip()}


def italy_convoy(rs: NorthAfrica41Units, board: Board, u: UnitState) -> list[tuple[str, str]]:
    """21.1.3: a convoy from the Italy box sails only in the first impulse's Axis Movement Phase and
    lands at Tripoli, or at Benghazi when 1 RP is spent (RPs are not in a position: not judged)."""
    why = []
    phase = board.pos.phase
    if phase and board.pos.phase_kind == "movement" and phase not in words(rs.param("na41_italy_convoy_phases")):
        why.append(("21.1.3", f"a convoy from Italy sails only in the first impulse's Axis Movement Phase, not in {phase}"))
    if u.hex in words(rs.param("na41_italy_convoy_rp_ports")):
        if not why:
            rs.not_judged(f"{P} 21.1.3", f"{label(u)} was shipped from Italy to {u.hex}, which needs 1 RP spent "
                                         "(22.3.5); RPs are not in a position")
    elif u.hex not in words(rs.param("na41_italy_convoy_ports")):
        why.append(("21.1.3", f"a convoy from Italy lands only at Tripoli, or at Benghazi for 1 RP, not at {u.hex}"))
    return why


def marker_limits(rs: NorthAfrica41Units, board: Board, u: UnitState, path: tuple[str, ...]) -> list:
    """19.5: a unit under a Replacement marker moves at most 1 hex and uses no rail, air or sea;
    13.2.1: a Disrupted unit uses no rail."""
    out = []
    hexes = [h for h in path if board.is_hex(h)]
    if u.has("replacement"):
        # hexes moved: a path holds the hexes the drags ended on, and one drag may cross several
        moved = sum(board.distance(a, b) or 0 for a, b in zip(hexes, hexes[1:]))
        if moved > 1 or (not path and (board.distance(u.previous or u.hex, u.hex) or 0) > 1):
            out.append(rs.finding(board, f"{P} 19.5", "movement", f"{label(u)} carries a Replacement marker and may "
                                  f"move at most 1 hex, but moved from {u.previous} to {u.hex}.", [u.hex], [u]))
        if u.mode == "rail":
            out.append(rs.finding(board, f"{P} 19.5", "movement", f"{label(u)} carries a Replacement marker and may "
                                  "not move by rail.", [u.hex], [u]))
    if u.mode == "rail" and u.has("disrupted"):
        out.append(rs.finding(board, f"{P} 13.2.1", "movement", f"{label(u)} is Disrupted and may not move by rail.",
                              [u.hex], [u]))
    return out


def rail(rs: NorthAfrica41Units, board: Board, u: UnitState, path: tuple[str, ...]) -> list:
    """5.9.1: rail moves follow the railroad from a station to a station (city, town, landmark or the
    Nile Delta box)."""
    out = []
    line = str(rs.param("na41_rail_line"))
    stations = {t.strip() for t in str(rs.param("na41_rail_stations")).split(",")}
    hexes = [h for h in path if board.is_hex(h)]
    for a, b in zip(hexes, hexes[1:]):
        if line not in board.roads(a, b):
            out.append(rs.finding(board, f"{P} 5.9.1", "movement", f"{label(u)} moved by rail from {a} to {b}, where "
                                  "no railroad runs.", [a, b], [u]))
            break
    out += rail_extension(rs, board, u, hexes)
    for end, what in ((u.previous, "entrained"), (u.hex, "detrained")):
        if end and board.is_hex(end) and board.terrain(end) not in stations:
            out.append(rs.finding(board, f"{P} 5.9.1", "movement", f"{label(u)} {what} in {end}, which is not a city, "
                                  "town, landmark or the Nile Delta.", [end], [u]))
    return out


def rail_extension(rs: NorthAfrica41Units, board: Board, u: UnitState, hexes: list[str]) -> list:
    """5.9.2: before turn ``rail_extension_turn`` the railroad ends at ``na41_railhead`` (Mersa Matruh,
    5.9.1): a rail move uses only the railroad hexes joined to the base box's edge hexes without passing
    the railhead. A position without a turn is not judged when the move goes past the railhead."""
    head, line = str(rs.param("na41_railhead")), str(rs.param("na41_rail_line"))
    base = board.map.boxes.get(str(rs.param("na41_rail_base")))
    if not board.is_hex(head) or base is None or not hexes:
        return []
    open_ = {h for h in base.adjacent if board.is_hex(h)}
    todo = [h for h in open_ if h != head]
    while todo:
        h = todo.pop()
        for n in board.neighbours(h):
            if n not in open_ and line in board.roads(h, n):
                open_.add(n)
                if n != head:
                    todo.append(n)
    beyond = [h for h in hexes if h not in open_]
    if not beyond or not any(line in board.roads(h, n) for h in beyond for n in board.neighbours(h)):
        return []
    turn, first = board.pos.turn, rs.num("rail_extension_turn")
    if turn is None:
        rs.not_judged(f"{P} 5.9.2", f"{label(u)} moved by rail past {head} ({beyond[0]}), which the railroad "
                      f"reaches only from turn {fmt(first)}: the position gives no turn")
        return []
    if turn < first:
        return [rs.finding(board, f"{P} 5.9.2", "movement", f"{label(u)} moved by rail to {beyond[0]}, past the "
                           f"railhead {head}: the railroad runs on from there only from turn {fmt(first)} "
                           f"(this is turn {turn}).", [head, beyond[0]], [u])]
    return []


def full_retreat(rs: NorthAfrica41Units, board: Board, u: UnitState, path: tuple[str, ...]) -> list:
    """13.3.2: a Full Retreat unit never enters a hex holding enemy units (combat or not), nor an
    enemy-controlled port, airfield, fort or city hex."""
    for h in path[1:]:
        if not board.is_hex(h):
            continue
        enemy = [x for x in board.units(h) if x.side != u.side and not rs.marker(x)]
        owner = control.holder(rs, board, h, aside=(u,))          # 16.3.4 as it found it; 27.4: ungarrisoned, nobody's
        special = board.features(h) & {"port", "airfield"} or board.terrain(h) == "city"
        fort = fort_owner(board, h)
        if enemy or (special and owner and owner != u.side) or (fort and fort != u.side):
            why = "enemy units" if enemy else "an enemy-controlled port, airfield, fort or city"
            return [rs.finding(board, f"{P} 13.3.2", "movement", f"{label(u)} is in Full Retreat and moved through "
                               f"{h}, which holds {why}.", [h], [u])]
    return []


def withdrawal(rs: NorthAfrica41Units, board: Board, u: UnitState) -> list:
    """20.2, 20.3, 3.1 A.5: 「撤去は、準備フェイズ中に発生します」, 「撤退は撤去と同じです」: a unit is put in the
    Withdrawn Units box in the Preparation Phase only (a phase whose moves are judged is never it)."""
    ph = board.pos.phase_info
    if u.hex not in ids_of(rs, "na41_withdrawn_box") or ph is None or ph.kind == "reinforcement" \
            or lagging_withdrawal(rs, board.pos, label(u)):
        return []
    return [rs.finding(board, f"{P} 20.3", "movement", f"{label(u)} was put from {u.previous} in the Withdrawn Units "
                       f"box in {ph.name or ph.id}; withdrawals are made in the Preparation Phase (3.1 A.5, 20.2, "
                       "20.3).", [u.previous or ""], [u])]


def withdrawals_unseen(rs: NorthAfrica41Units, board: Board) -> list:
    """20.3 at a phase end: a unit in the Withdrawn Units box that was not there at the last phase
    end (``na41_withdrawn_before``) and whose drag the position does not record (a log records the
    phasing side's moves only) was withdrawn in this phase. The phases next to the Preparation
    Phase, within a log's tracker lag of it, are named not judged (:func:`lagging_withdrawal`)."""
    pos = board.pos
    before = na41(pos).na41_withdrawn_before
    ph = pos.phase_info
    if before is None or ph is None or ph.kind == "reinforcement":
        return []
    withdrawn = set(ids_of(rs, "na41_withdrawn_box"))
    return [rs.finding(board, f"{P} 20.3", "movement", f"{label(u)} was put in the Withdrawn Units box in "
                       f"{ph.name or ph.id}; withdrawals are made in the Preparation Phase (3.1 A.5, 20.2, 20.3).",
                       [u.hex], [u])
            for u in pos.units if u.hex in withdrawn and u.id not in before and not (u.moved and u.previous)
            and not lagging_withdrawal(rs, pos, label(u))]


def lagging_withdrawal(rs: NorthAfrica41Units, pos, unit: str) -> bool:
    """Whether a withdrawal seen in ``pos`` (of ``unit``) is within a log's tracker lag of a
    Preparation Phase (the phase before or after it: Next pressed late or early); named not
    judged then. A position file's phase is exact: judged there."""
    if near_preparation(rs, pos) is not Lag.MAYBE:
        return False
    rs.not_judged(f"{P} 20.3", f"whether {unit}, put in the Withdrawn Units box in the "
                                f"{pos.phase_name} the log's turn tracker names, "
                                "was withdrawn in the Preparation Phase (20.2, 20.3): the tracker may be a phase off "
                                "the pieces (Next pressed late or early)")
    return True


# ---- retreat (12) -------------------------------------------------------------------------------------
def retreat(rs: NorthAfrica41Units, board: Board, u: UnitState, path: tuple[str, ...]) -> list:
    """12.1.3 #1 no hex twice; 12.1.5, 17.2.3 supply points retreat only by truck; 12.2.1 no hex or
    hexside prohibited to the unit's movement, no box but a friendly off-map one; 12.5.1 a
    non-mechanized unit without a truck retreating more than 2 hexes surrenders; 13.3.2 a Full
    Retreat unit entering enemy ZOC is eliminated; 27.5 disengagement limits. A unit that went to
    the Eliminated Box, the Remnant Display or the Surrender Box was taken out of play (eliminated in
    combat, 10.1; surrendered, 12.5.1), one put in the Withdrawn Units box was withdrawn (20.3): no
    retreat rule reads that move (a log shows it as a combat-phase drag, which the audit reads as a
    retreat)."""
    if u.hex in taken_out_boxes(rs):
        return []
    out, name = [], label(u)
    if len(set(path)) < len(path):
        twice = next(h for i, h in enumerate(path) if h in path[:i])
        out.append(rs.finding(board, f"{P} 12.1.3", "movement", f"{name} entered {twice} twice in its retreat.",
                              [twice], [u]))
    if is_sp(rs, u) and not trucked(u, rs, board):
        out.append(rs.finding(board, f"{P} 12.1.5", "movement", f"{name} is a supply point and may not retreat "
                              "unless a truck carries it; it is captured or destroyed (17.2.3).", [u.hex], [u]))
    for a, b in zip(path, path[1:]):
        why = bad_step(rs, board, u, a, b)
        if why:
            out.append(rs.finding(board, f"{P} 12.2.1", "movement", f"{name} retreated from {a} to {b}: {why}; it is "
                                  "eliminated.", [b], [u]))
            break
    box = board.map.boxes.get(u.hex)
    if box is not None and (box.kind != "offmap" or box.side != u.side):
        out.append(rs.finding(board, f"{P} 12.2.1", "movement", f"{name} retreated off the map into {box.name}; only a "
                              "friendly off-map box may be entered by retreat, else the unit is eliminated.",
                              [u.hex], [u]))
    n = len(path) - 1
    most = rs.num("nonmech_retreat_max_before_surrender")
    if not rs.mech(u) and rs.combat(u) and n > most and not trucked(u, rs, board):
        out.append(rs.finding(board, f"{P} 12.5.1", "movement", f"{name} is not mechanized, has no truck and retreated "
                              f"{n} hexes; a retreat of more than {fmt(most)} hexes makes it surrender.", [u.hex], [u]))
    elif not rs.is_(u, "na41_mech") and rs.combat(u) and n > most:
        # 12.5.1 「トラックまで１又は２ヘクス退却し、次いでそれに乗って３～４ヘクス退却を終了することはできません」: a truck
        # that joins the retreat on the way does not save it; one that started with the unit does
        truck = str(rs.param("na41_msu_truck_type"))
        mine = [x for x in board.units(u.hex, u.side) if x.unit.type == truck and x.previous]
        joined = [x for x in mine if x.previous in path[1:]]
        if joined and not any(x.previous == path[0] for x in mine):
            out.append(rs.finding(board, f"{P} 12.5.1", "movement", f"{name} is not mechanized and retreated {n} hexes, "
                                  f"riding {label(joined[0])}, which joined it in {joined[0].previous}: a unit must be "
                                  "mechanized from the start of the retreat, else more than "
                                  f"{fmt(most)} hexes make it surrender.", [u.hex], [u]))
    ez = rs.enemy_field(board, u.side)
    if u.has("full_retreat"):
        for h in path[1:]:
            if board.is_hex(h) and ez.kind(h) != NONE:
                out.append(rs.finding(board, f"{P} 13.3.2", "zoc", f"{name} is in Full Retreat and retreated into enemy "
                                      f"ZOC at {h}: it is eliminated.", [h], [u]))
                break
    if disengaging(rs, board, u):
        out += disengage(rs, board, u, path, ez)
    else:
        out += retreat_length(rs, board, u) + tag_along(rs, board, u)
    return out


#: 13: Good Order, Disrupted, Full Retreat: the disruption levels 27.3.2 counts up
LEVELS = ("Good Order", "Disrupted", "Full Retreat")


def _level(marks: set[str] | list[str]) -> int:
    return 2 if "full_retreat" in marks else 1 if "disrupted" in marks else 0


def tag_along(rs: NorthAfrica41Units, board: Board, u: UnitState) -> list:
    """27.3.2 (optional): a combat unit picked up on its path by a friendly defender's retreat (its
    retreat starts in a hex no declared attack hit, on the defender's path, and ends with it)
    「その混乱レベルが１だけ増加します。―良好統制ユニットは混乱状態になり、混乱状態ユニットは潰走状態になります」:
    it ends one level above its status before (the position's ``na41_status_before``): Disrupted
    from Good Order, Full Retreat from Disrupted or Full Retreat. With the status before unknown a
    unit showing no marker is found (any status before gives it one), one showing Disrupted is not
    judged (it may have been Disrupted already). 「現在敵ユニットに隣接するユニットは、拾い上げることが
    できません」: a unit next to an enemy unit (before the attackers' advances) is not picked up."""
    if not rs.combat(u) or not u.previous or any(a.hex == u.previous for a in board.pos.attacks):
        return []
    hit = {a.hex for a in board.pos.attacks}
    carriers = [x for x in board.pos.movers if x is not u and x.side == u.side and x.mode == "retreat"
                and x.previous in hit and x.hex == u.hex and u.previous in path_of(x)[1:]]
    if not carriers:
        return []
    out = []
    then = before_advances(rs, board)
    near = [x for n in then.neighbours(u.previous) for x in then.units(n) if x.side != u.side and not rs.marker(x)]
    if near:
        out.append(rs.finding(board, f"{P} 27.3.2", "movement", f"{label(u)} was picked up in {u.previous} by the "
                              f"retreat of {rs.names(carriers)}, but it was next to enemy units ({rs.names(near)}); a "
                              "unit next to an enemy unit cannot be picked up.", [u.previous], [u]))
    was = (before_status(board.pos) or {}).get(u.id)
    now = _level(tracked(u))
    if was is None:
        if now == 1:
            rs.not_judged(f"{P} 27.3.2", f"whether {label(u)}, Disrupted after a tag-along retreat, was Disrupted "
                                         "already (then it must be in Full Retreat) needs [state] na41_status_before")
        need = 1
    else:
        need = min(_level(was) + 1, 2)
    if now >= need:
        return out
    return out + [rs.finding(board, f"{P} 27.3.2", "movement", f"{label(u)} was picked up in {u.previous} by the "
                             f"retreat of {rs.names(carriers)} and retreated with it, but is {LEVELS[now]}, not "
                             f"{LEVELS[need]}; a unit picked up by a tag-along retreat becomes one level more "
                             "disrupted " + (f"(it was {LEVELS[_level(was)]} before)." if was is not None else
                                             "(its status before is not stated; any gives at least Disrupted)."),
                             [u.hex], [u])]


#: 12.1.1 and the CRT: the hexes a defender retreats (least, most) by result; EX: no retreat
RETREAT_BY_RESULT = {"DS": (4, 4), "DR4": (4, 4), "D1": (2, 3), "A1/D1": (2, 2), "A1/DR2": (2, 2), "DR2": (2, 2),
                     "DRX": (2, 2), "EX": (0, 0)}


def _attacks_on(board: Board, u: UnitState) -> list:
    """The recorded attacks on the hex ``u`` retreated from (breakthrough combats aside)."""
    return [a for a in board.pos.attacks if a.hex == u.previous and u.id not in a.units and a.kind != "breakthrough"]


def retreat_result(board: Board, u: UnitState) -> str | None:
    """The one combat result (a :data:`RETREAT_BY_RESULT` key) of the attack ``u`` retreated from;
    None: no attack recorded (a log), several results, or one this table does not know."""
    results = {a.result.upper().replace(" ", "") for a in _attacks_on(board, u) if a.result}
    res = next(iter(results)) if len(results) == 1 else None
    return res if res in RETREAT_BY_RESULT else None


def may_stop_early(rs: NorthAfrica41Units, board: Board, u: UnitState, h: str) -> bool | None:
    """12.4 「友軍支配下の港湾又は陣地ヘクス」: whether a retreat of ``u`` may stop early in ``h``, a
    friendly-controlled port or fort hex (a fort of no stated owner is friendly when its side controls
    the hex); None: a port or fort hex whose holder is not known. Control: 16.3.4 as the retreating
    stack found it (its own moves and presence aside: :func:`retreating_stack`); 27.4."""
    fort = fort_owner(board, h)                           # None: no fort; "": whose fort is not known
    port = "port" in board.features(h)
    if fort == u.side:
        return True
    if not port and fort != "":
        return False
    owner = control.holder(rs, board, h, aside=retreating_stack(board, u))
    return True if owner == u.side else None if owner is None else False


def retreating_stack(board: Board, u: UnitState) -> tuple[UnitState, ...]:
    """The units retreating from the hex ``u`` retreated from (12.4: they set aside together)."""
    return tuple(x for x in board.pos.units if x.mode == "retreat" and x.previous == u.previous) or (u,)


def retreat_length(rs: NorthAfrica41Units, board: Board, u: UnitState) -> list:
    """12.1.1: a defender retreats the hexes its combat's result gives (``[[attacks]] result`` of the
    attack on the hex it left); 12.4: after at least 1 hex it may stop in a friendly-controlled port
    or fort hex; a friendly off-map box satisfies the whole length (12.2.1). Longer than the result:
    a mechanized unit may go 1 hex further to save itself (12.2.1), not judged. Without a ``path`` a
    retreat shorter than the result is judged from the distance only when that is long enough. A
    log records no result: a finished retreat there names 12.1.1 not judged."""
    attacks = _attacks_on(board, u)
    if not attacks and not board.pos.moves_announced and not board.pos.retreats_open:
        # a log records no attack nor its result (8.1, 10.1): the length the result gives is unknown
        stack = [x for x in board.pos.units if x.mode == "retreat" and x.previous == u.previous and x.hex == u.hex
                 and x.path == u.path]
        went = max(len(u.path or ()) - 1, 1)
        rs.not_judged(f"{P} 12.1.1", f"the combat result that sets a retreat's length is not recorded in a log "
                                     f"({rs.names(stack or [u])} retreated {went} hex{'es' if went != 1 else ''})")
        return []
    res = retreat_result(board, u)
    if res is None or not board.is_hex(u.hex):
        return []
    least, most = RETREAT_BY_RESULT[res]
    name = label(u)
    if u.path:
        n: int | None = len(u.path) - 1
    else:
        d = board.distance(u.previous or "", u.hex)
        n = d if d is not None and d >= least else None
    if n is None:
        rs.not_judged(f"{P} 12.1.1", f"the length of {name}'s retreat after a {res} result needs its path")
        return []
    if n > most:
        if rs.mech(u) and n == most + 1:
            rs.not_judged(f"{P} 12.2.1", f"{name} retreated {n} hexes after a {res} result: a mechanized unit may go "
                                         "1 hex further only if that saves it, which needs every other path")
            return []
        return [rs.finding(board, f"{P} 12.1.1", "movement", f"{name} retreated {n} hexes after a {res} result; "
                           f"the result makes it retreat {fmt(most)}.", [u.hex], [u])]
    if n >= least:
        return []
    if n >= 1:
        stop = may_stop_early(rs, board, u, u.hex)
        if stop:
            return []
        if stop is None:
            port = "port" in board.features(u.hex)
            where = f"the port {u.hex}" if port else f"the fort hex {u.hex}"
            whose = "who controls it is not stated nor recorded" if port else "whose fort it is and who controls the hex are not stated"
            rs.not_judged(f"{P} 12.4", f"{name} ended its retreat after {n} of {least} hexes in {where}, "
                                       f"which it may do if its side controls it; {whose}")
            return []
    return [rs.finding(board, f"{P} 12.1.1", "movement", f"{name} retreated {n} hex{'es' if n != 1 else ''} after a "
                       f"{res} result; it must retreat {fmt(least)} (a retreat may stop early only in a friendly-"
                       "controlled port or fort hex, after at least 1 hex: 12.4).", [u.hex], [u])]


def disengage(rs: NorthAfrica41Units, board: Board, u: UnitState, path: tuple[str, ...], ez) -> list:
    """27.5.3-27.5.4: a unit that disengages starts next to an enemy unit, has an MA of 2 or more and
    no Replacement marker (19.5), retreats 1 or 2 hexes, and may not enter enemy ZOC unless the hex
    holds friendly units."""
    out, name = [], label(u)
    start = path[0] if path else u.previous
    if start and board.is_hex(start) and not any(x.side != u.side and not rs.marker(x)
                                                 for n in board.neighbours(start) for x in board.units(n)):
        out.append(rs.finding(board, f"{P} 27.5.3", "zoc", f"{name} disengaged from {start}, which is not next to an "
                              "enemy unit.", [start], [u]))
    ma = u.number("movement", float("inf"))
    if ma < rs.num("disengagement_min_ma") or u.has("replacement"):
        out.append(rs.finding(board, f"{P} 27.5.3", "movement", f"{name} may not disengage (movement allowance under "
                              "2, or under a Replacement marker).", [u.hex], [u]))
    most = rs.num("disengage_max_hexes")
    if len(path) - 1 > most:
        out.append(rs.finding(board, f"{P} 27.5.4", "movement", f"{name} disengaged {len(path) - 1} hexes; the most is "
                              f"{fmt(most)}.", [u.hex], [u]))
    for h in path[1:]:
        if board.is_hex(h) and ez.kind(h) != NONE and not any(x.side == u.side and x is not u for x in board.units(h)):
            out.append(rs.finding(board, f"{P} 27.5.4", "zoc", f"{name} disengaged into enemy ZOC at {h}, which holds no "
                                  "friendly unit.", [h], [u]))
            break
    attacked = next((a.hex for a in board.pos.attacks if u.id in a.units and a.kind != "breakthrough"), None)
    if attacked is not None:
        out.append(rs.finding(board, f"{P} 27.5.3", "movement", f"{name} attacks {attacked} and disengaged; a unit "
                              "either attacks or disengages in a Combat Phase, never both.", [u.hex], [u]))
    return out + disengage_result(rs, board, u)


def disengage_result(rs: NorthAfrica41Units, board: Board, u: UnitState) -> list:
    """27.5.4: a unit that disengaged ("Yes") becomes Disrupted or Full Retreat, its owner's choice;
    one that was already Disrupted (``[state] na41_status_before``; without it only the first half
    is judged) must become Full Retreat."""
    name = label(u)
    if not (u.has("disrupted") or u.has("full_retreat")):
        return [rs.finding(board, f"{P} 27.5.4", "movement", f"{name} disengaged but carries neither a Disrupted nor "
                           "a Full Retreat marker; a disengaging unit becomes one or the other.", [u.hex], [u])]
    before = before_status(board.pos)
    if before is None and not u.has("full_retreat"):
        rs.not_judged(f"{P} 27.5.4", f"whether {name} was already Disrupted when it disengaged (it must then take Full "
                                     "Retreat) needs the markers before the phase ([state] na41_status_before)")
    if before is not None and "disrupted" in before.get(u.id, ()) and not u.has("full_retreat"):
        return [rs.finding(board, f"{P} 27.5.4", "movement", f"{name} was Disrupted before it disengaged and is not in "
                           "Full Retreat; an already Disrupted unit that disengages must take Full Retreat.",
                           [u.hex], [u])]
    return []


# ---- advance (14) -------------------------------------------------------------------------------------
#: 14.2.1: hexes of advance each combat result gives (14.2.2: EX, the vacated hex only)
ADVANCE_BY_RESULT = {"DS": 4, "DR4": 4, "D1": 3, "A1/DR2": 2, "DR2": 2, "DRX": 2, "A1/D1": 2, "EX": 1}
#: 10.1: every result of the CRT (A1: no retreat, no advance)
CRT_RESULTS = frozenset(RETREAT_BY_RESULT) | frozenset(ADVANCE_BY_RESULT) | {"A1"}


def _advance_by_result(rs: NorthAfrica41Units, board: Board, u: UnitState, path: tuple[str, ...],
                       most: float, hosts: tuple[UnitState, ...] = ()) -> list:
    """14.2.1-14.2.2: the length the declared attack's ``result`` gives (``[[attacks]] result``);
    EX (a limited advance) enters the vacated hex only. 15.2.6: a breakthrough group's combats
    (``kind = "breakthrough"`` attacks naming the unit) cost a hex each, and the hex a beaten
    defender vacated is entered free. Without the result an advance beyond one
    hex is not judged (every result but EX allows 2 hexes, EX none beyond the vacated hex)."""
    n, name = len(path) - 1, label(u)
    ids = {u.id} | {h.id for h in hosts}         # 27.3.1: a tag-along unit advances on its hosts' result
    attacks = [a for a in board.pos.attacks if ids & set(a.units) and a.kind != "breakthrough"]
    results = {a.result.upper().replace(" ", "") for a in attacks if a.result}
    known = sorted(results & set(ADVANCE_BY_RESULT))
    if len(known) != 1 or len(results) != 1:
        if n >= 2:
            rs.not_judged(f"{P} 14.2", f"the length of {name}'s advance ({n} hexes) needs its combat's result (14.2.1: "
                                       "DS, DR4 4 hexes; D1 3; A1/DR2, DR2, DRX, A1/D1 2; EX only the vacated hex, "
                                       "14.2.2), which is not recorded (a position gives it as [[attacks]] result); "
                                       "only the longest any result allows was checked", about=u.id)
        return []
    res = known[0]
    limit = min(most, ADVANCE_BY_RESULT[res])
    if res == "EX" and n >= 1 and path[1] not in {a.hex for a in attacks}:
        return [rs.finding(board, f"{P} 14.2.2", "movement", f"{name} advanced to {path[1]} after an EX result; a "
                           "limited advance may only occupy the hex the defender vacated.", [u.hex], [u])]
    combats = [a.hex for a in board.pos.attacks if u.id in a.units and a.kind == "breakthrough"]
    if combats:
        # 15.2.6, 15.2.11: each breakthrough combat costs a hex of the allowance; entering the hex its
        # beaten defender vacated is then free (a unit in it won the combat)
        free = sum(1 for h in path[1:] if h in combats)
        cost = n + len(combats) - free
        if cost > limit:
            return [rs.finding(board, f"{P} 15.2.6", "movement", f"{name} advanced {n} hexes and made {len(combats)} "
                               f"breakthrough combat{'s' if len(combats) > 1 else ''} (1 hex of the advance each"
                               + (f", {free} hex{'es' if free > 1 else ''} entered free after winning" if free else "")
                               + f"): {fmt(cost)} hexes of the {fmt(limit)} a {res} result allows.", [u.hex], [u])]
        return []
    if n > limit:
        return [rs.finding(board, f"{P} 14.2", "movement", f"{name} advanced {n} hexes after a {res} result; it may "
                           f"advance at most {fmt(limit)}.", [u.hex], [u])]
    return []


def tag_along_hosts(rs: NorthAfrica41Units, board: Board, u: UnitState,
                    path: tuple[str, ...]) -> tuple[tuple[UnitState, ...], str]:
    """14.1, optional 27.3.1 「攻撃に参加しなかったものの攻撃しているユニットと共にスタックした、全ての良好統制の戦闘と
    非戦闘ユニットは、参加しているユニットと共に戦闘後前進ができます」: a unit that advanced though no declared
    attack names it tags along: it stood with attackers that advanced too (the hosts, whose result
    its advance follows) and is in Good Order (now and, by ``na41_status_before``, before the phase).
    Returns the hosts and, when it may not advance, why. Judged only where the position declares
    attacks (``[[attacks]]``), no Automatic DS (8.9, which advances without one) is in play, and the
    advance (``path``) enters a declared attack's hex first: 8.9.2 「マーカーが取り去られるときに、その戦闘後
    前進を実施します」, so an Automatic DS advance leaves no marker behind and is named in no attack."""
    attacks = board.pos.attacks
    if not attacks or any(u.id in a.units for a in attacks) or not u.previous:
        return (), ""
    if any(x.has("auto_ds") for x in board.pos.units) or any("auto-ds" in m or "auto_ds" in m
                                                             for m in board.pos.hex_markers.values()):
        return (), ""
    if len(path) > 1 and path[1] not in {a.hex for a in attacks}:
        rs.not_judged(f"{P} 27.3.1", f"{label(u)} advanced into {path[1]}, where no declared attack was made: it "
                                     "may be an Automatic DS advance (8.9.2: made as the marker is removed, after "
                                     "all combats), which no attack names")
        return (), ""
    named = {x for a in attacks for x in a.units}
    hosts = tuple(x for x in board.pos.units if x.id in named and x.side == u.side and x.mode == "advance"
                  and x.previous == u.previous)
    if not hosts:
        return (), (f"no declared attack names it and no attacker that advanced stood with it in {u.previous} "
                    "(only the attackers, and with the optional tag-along rule 27.3.1 the units stacked with them, "
                    "advance: 14.1)")
    before = (before_status(board.pos) or {}).get(u.id, ())
    bad = [m for m in ("disrupted", "full_retreat") if u.has(m) or m in before]
    if bad and rs.combat(u):
        return hosts, (f"took no part in the attack and is {bad[0].replace('_', ' ').title()}: only Good Order units "
                       "tag along (27.3.1)")
    return hosts, ""


def advance(rs: NorthAfrica41Units, board: Board, u: UnitState, path: tuple[str, ...]) -> list:
    """14.2 length; 14.5 prohibited hexes and hexsides, jebel and escarpment limits, the 2nd
    desert hex; 14.6 no enemy combat unit; 17.2 supply points advance only by truck; 19.5 no
    advance under a Replacement marker."""
    out, name = [], label(u)
    n = len(path) - 1
    matilda = rs.is_(u, "na41_matilda")
    most = rs.num("advance_max_hexes")
    if (not rs.mech(u) or matilda) and not (trucked(u) and not matilda):
        most = min(most, rs.num("advance_max_nonmech"))
    hosts, why = tag_along_hosts(rs, board, u, path)
    if why:
        out.append(rs.finding(board, f"{P} 27.3.1", "movement", f"{name} advanced after combat but {why}.", [u.hex], [u]))
    if n > most:
        out.append(rs.finding(board, f"{P} 14.2", "movement", f"{name} advanced {n} hexes; it may advance at most "
                              f"{fmt(most)}.", [u.hex], [u]))
    else:
        out += _advance_by_result(rs, board, u, path, most, hosts)
    if u.has("replacement"):
        out.append(rs.finding(board, f"{P} 19.5", "movement", f"{name} carries a Replacement marker and may not advance.",
                              [u.hex], [u]))
    if is_sp(rs, u) and not trucked(u):
        out.append(rs.finding(board, f"{P} 17.2.1", "movement", f"{name} is a supply point and may not advance unless a "
                              "truck carries it.", [u.hex], [u]))
    jebel = str(rs.param("na41_jebel_terrain"))
    desert = str(rs.param("na41_desert_terrain"))
    run_max = int(rs.num("desert_max_consecutive_hexes"))
    run = 0
    for i, (a, b) in enumerate(zip(path, path[1:]), 1):
        if not (board.is_hex(a) and board.is_hex(b)):
            continue
        last = i == len(path) - 1
        if any(x.side != u.side and rs.combat(x) for x in board.units(b)):
            out.append(rs.finding(board, f"{P} 5.1", "movement", f"{name} advanced into {b}, which holds an enemy "
                                  "combat unit.", [b], [u]))
            break
        if "escarpment" in board.hexside(a, b) and not road(board, a, b) and (rs.mech(u) or i > 1):
            why = ("a mechanized unit crosses an escarpment in an advance only along a road" if rs.mech(u) else
                   "a non-mechanized unit crosses an escarpment in an advance only as its first hex, into the "
                   "attacked hex")
            out.append(rs.finding(board, f"{P} 14.5", "movement", f"{name} advanced across the escarpment between {a} "
                                  f"and {b}: {why}.", [b], [u]))
            break
        why = bad_step(rs, board, u, a, b)
        if why and "escarpment" not in why:
            out.append(rs.finding(board, f"{P} 14.5", "movement", f"{name} advanced from {a} to {b}: {why}.", [b], [u]))
            break
        run = run + 1 if board.terrain(b) == desert else 0
        if run >= run_max and not last:
            out.append(rs.finding(board, f"{P} 14.5", "movement", f"{name} advanced on from {b}, its 2nd consecutive "
                                  "trackless-desert hex, where an advance must stop.", [b], [u]))
            break
        if not last and rs.mech(u) and board.terrain(b) == jebel and not road(board, b, path[i + 1]):
            out.append(rs.finding(board, f"{P} 14.5", "movement", f"{name} is mechanized, entered jebel at {b} and "
                                  "advanced on off the road; it must stop there.", [b], [u]))
            break
    return out


# ---- breakthrough groups (15.2.3) ----------------------------------------------------------------------
def breakthrough_groups(rs: NorthAfrica41Units, board: Board) -> list:
    """15.2.3: a breakthrough group is one stack within the stacking limit (5 points and one free
    silhouette); every unit is mechanized or carried by a truck; all come from one formation except
    one attached unit; Italians join a German formation (or the reverse) only with the Comando
    Supremo in effect (8.4.1, ``[state] na41_comando_supremo``)."""
    groups: dict[tuple[str, str], list[UnitState]] = {}
    for u in board.pos.units:
        if u.has("breakthrough") and not rs.marker(u):
            groups.setdefault((u.side, u.hex), []).append(u)
    out = []
    for (side, h), us in sorted(groups.items(), key=lambda kv: kv[0]):
        pts = rs.stack_points(us)
        if pts > rs.stacking_limit():
            out.append(rs.finding(board, f"{P} 15.2.3", "stacking", f"The breakthrough group in {h} counts {fmt(pts)} "
                                  f"stacking points, more than {fmt(rs.stacking_limit())}: {rs.names(us)}.", [h], us, points=pts))
        slow = [u for u in us if not rs.mech(u)]
        if slow:
            out.append(rs.finding(board, f"{P} 15.2.3", "movement", f"The breakthrough group in {h} holds units that are "
                                  f"neither mechanized nor carried by a truck: {rs.names(slow)}.", [h], slow))
        forms: dict[str, int] = {}
        for u in us:
            key = u.unit.formation or f"(independent {u.id})"
            forms[key] = forms.get(key, 0) + 1
        main = max(forms.values()) if forms else 0
        if len(us) - main > 1:
            known = rs.game.formations
            shown = [f"{known[f].name} ({len([u for u in us if u.unit.formation == f])})" if f in known else f
                     for f in sorted(forms)]
            out.append(rs.finding(board, f"{P} 15.2.3", "movement", f"The breakthrough group in {h} mixes formations "
                                  f"({', '.join(shown)}); all but one attached unit come from one formation.",
                                  [h], us))
        nats = {nat_group(u) for u in us}
        if {"german", "italian"} <= nats and not board.pos.state.get("na41_comando_supremo", False):
            out.append(rs.finding(board, f"{P} 8.4.1", "movement", f"The breakthrough group in {h} mixes German and "
                                  "Italian units without the Comando Supremo.", [h], us))
    return out


def nat_group(u: UnitState) -> str:
    """8.4.1: "german" for the Wehrmacht and Luftwaffe (and an inline position's "german"), else the
    unit's nationality."""
    n = u.unit.nationality
    return "italian" if n == "italian" else "german" if n in ("wehrmacht", "luftwaffe", "german") else n
