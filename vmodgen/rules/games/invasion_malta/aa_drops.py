"""15.34: the Allied AA that may turn Fired in the Airborne Operations Phase.

「連合軍のAAユニット（全タイプ）は、射程内の全ての枢軸軍降下ヘクスにAA射撃を実施する…全ての落下傘降下が
完了するまで、射撃しているAAユニットを射撃済に裏返さない」: Allied AA that fired at the Axis drop hexes
within its ``range`` turns Fired once the drops are complete, the one exception to 11.36 (Fired only
under an Attack Target marker). AA firing at air transport is never turned Fired (15.75), so an
air landing excuses nothing. A drop is a Drop Hex marker (15.31) or the hex an Axis unit landed
in by paradrop this phase: units drift from the drop hex by the diagram printed on the map
(15.41, 15.42), which the kit does not hold, and the marker is taken away once the KG has
drifted (15.31), so a drop seen only by its landed units beyond the AA's range leaves the verdict
unknown (named not judged)."""
from __future__ import annotations

from ...core.board import Board
from ...core.moves import label
from ....positions.model import UnitState
from .bombardment import range_to
from .carried import entered_from

P = "IM"


def _landed(rs, board: Board, axis: str) -> set[str] | None:
    """The hexes Axis units paradropped into this phase; None when which units dropped is unknown
    (a unit on the map with no place before the phase, or one a log's file began with)."""
    pos = board.pos
    transport = set(rs.air_transport_boxes())
    out = {u.hex for u, was in rs.air_entries(board) if u.side == axis and was not in transport}
    out |= {u.hex for u in pos.units if u.side == axis and board.is_hex(u.hex)
            and (u.has("paradropped") or rs.dropped_now(pos, u.id) or rs.paradropped(pos, u.id))}
    if out:
        return out
    mem = rs.memory(pos)
    unseen = set(mem.drop_unseen or ())
    if any(u.side == axis and rs.combat(u) and board.is_hex(u.hex)
           and (u.id in unseen or entered_from(mem.prev_hexes, u) is None) for u in pos.units):
        return None
    return out


def lagged_drops(rs, board: Board) -> set[str]:
    """In a log whose tracker shows a phase next to the Airborne Operations Phase (the Naval
    Transport or the Movement Phase): where the Axis units that left a paradrop box (an air-entry
    box, not an air-transport one: 15.75) in this phase or the one before stood once landed. With
    the tracker a phase off, these are the drops of the Airborne Operations Phase it did not show."""
    pos, mem = board.pos, rs.memory(board.pos)
    axis = str(rs.param("im_supply_side"))
    boxes = set(rs.paradrop_boxes())
    now = {u.hex for u in pos.units if u.side == axis and board.is_hex(u.hex) and rs.combat(u)
           and entered_from(mem.prev_hexes, u) in boxes}
    # the phase before's leavers stood at its end where ``prev_hexes`` has them (they may have moved since)
    prev = mem.prev_hexes or {}
    before = {prev[i] for i in mem.air_left_prev or () if i in prev and board.is_hex(prev[i])}
    return now | before


def no_drop_in_range(rs, board: Board, u: UnitState, landed_lagged: set[str] | None = None) -> str:
    """Why ``u``, AA turned Fired in the Airborne Operations Phase, fired at no Axis drop hex
    within its range (15.34), or "" when it may have (an unknown named not judged).
    ``landed_lagged``: in a log whose tracker shows a phase next to it, the drops read as the
    phase's (:func:`lagged_drops`) in place of the units paradropped in this phase."""
    axis = str(rs.param("im_supply_side"))
    if u.side == axis:
        return "15.34 turns Fired only Allied AA that fired at Axis drops"
    markers = {h for h, mk in board.pos.hex_markers.items() if "drop-hex" in mk and board.is_hex(h)}
    landed = _landed(rs, board, axis) if landed_lagged is None else landed_lagged
    drops = markers | (landed or set())
    if not drops:
        if landed is None:
            rs.not_judged(f"{P} 11.36", f"whether {label(u)}, turned Fired in the Airborne Operations Phase, fired at "
                          "an Axis drop (15.34) needs which units dropped in this phase (prev_hexes or previous)")
            return ""
        left = rs.memory(board.pos).air_left_prev
        if rs.phase_logged(board.pos) and left:
            # a log's tracker may lag the pieces a phase: drops made under the Naval Transport
            # Phase's tracker may be this phase's
            rs.not_judged(f"{P} 11.36", f"whether {label(u)}, turned Fired in the Airborne Operations Phase, fired at "
                          f"an Axis drop (15.34): {', '.join(left)} left an air-entry box in the phase before, and a "
                          "log's turn tracker may lag the drops by a phase")
            return ""
        return "no Axis unit paradropped in this phase and no Drop Hex marker is on the map (15.34)"
    rng = u.value("range")
    if not isinstance(rng, (int, float)) or isinstance(rng, bool):
        rs.not_judged(f"{P} 11.36", f"whether {label(u)}, turned Fired in the Airborne Operations Phase, had an Axis "
                      "drop hex within its range (15.34): its range is not given")
        return ""
    far = {h: range_to(board, u.hex, h) for h in drops}
    if min(far.values()) <= rng:
        return ""
    near = min(sorted(drops), key=far.__getitem__)
    if landed:
        rs.not_judged(f"{P} 11.36", f"{label(u)} turned Fired in the Airborne Operations Phase with no Axis drop within "
                      f"its range of {rng:g} where the units landed (the nearest, {near}); the drop hex it fires at "
                      "(15.34) is where they drifted from by the diagram printed on the map (15.41, 15.42), which the "
                      "kit does not hold")
        return ""
    return (f"the nearest Axis Drop Hex marker ({near}) lies beyond its range of {rng:g} (15.34 turns Fired AA that "
            "fired at the drop hexes within its range)")
