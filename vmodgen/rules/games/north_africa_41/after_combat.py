"""North Africa '41: what a Combat Phase leaves. 8.9.2: the Auto DS markers come off in the Combat
Phase, once every combat and disengagement is resolved (their units then advance), so none is left
at its end. 15.1: only a combat that earned an advance of 2 hexes or more gives a breakthrough: a
unit marked ``breakthrough`` whose declared attack's result is EX (a limited advance, 14.2.2) or A1
(no advance) broke through where it may not."""
from __future__ import annotations

from ...core.board import Board
from ...core.moves import label
from .units import NorthAfrica41Units

P = "NA41"
#: 10.1: the results whose advance is shorter than 2 hexes (EX: the emptied hex only; A1: none)
SHORT_ADVANCE_RESULTS = frozenset({"EX", "A1"})


def check_auto_ds_removed(rs: NorthAfrica41Units, board: Board) -> list:
    pos = board.pos
    if pos.phase_kind != "combat" or pos.at != "end" or not pos.moves_announced:
        # a log: a marker a player forgot to take off is housekeeping its drags may do later
        return []
    return [rs.finding(board, f"{P} 8.9.2", "movement", f"{label(u)} still carries an Auto DS marker at the end of "
                       f"{pos.phase}; the markers come off in the Combat Phase once all combats and disengagements "
                       "are resolved (8.9.2).", [u.hex], [u])
            for u in pos.units if u.has("auto_ds") and (not pos.side or u.side == pos.side)]


def check_breakthrough_result(rs: NorthAfrica41Units, board: Board) -> list:
    pos = board.pos
    out = []
    for u in pos.units:
        if not u.has("breakthrough"):
            continue
        results = {a.result.upper().replace(" ", "") for a in pos.attacks
                   if u.id in a.units and a.result and a.kind != "breakthrough"}
        if results and results <= SHORT_ADVANCE_RESULTS:
            out.append(rs.finding(board, f"{P} 15.1", "movement", f"{label(u)} is in a breakthrough group after the "
                                  f"result {'/'.join(sorted(results))}; only a combat that earns an advance of 2 hexes "
                                  "or more gives a breakthrough (15.1; EX: a limited advance, 14.2.2).", [u.hex], [u]))
    return out
