"""North Africa '41: the marker a retreat leaves (13.1). A combat unit is in one state at a time,
Disrupted, Full Retreat or Good Order (13.1.1); a retreat after D1, A1/D1, DR2, DRX or A1/DR2
disrupts a unit in Good Order (13.1.2), after DR4 or DS (10.1) or a second retreat it puts the unit
into Full Retreat (13.1.3). Judged at the end of a Combat Phase for a defender whose retreat
(``mode = "retreat"``) starts in the hex of one declared attack with a ``result``; its state before
is ``[state] na41_status_before``."""
from __future__ import annotations

from ....positions.model import UnitState
from ...core.board import Board
from ...core.moves import label
from .memory import before_status
from .units import NorthAfrica41Units

P = "NA41"
#: 10.1, 13.1.3: the results whose retreat puts a unit into Full Retreat (the others that retreat disrupt)
FULL_RETREAT_RESULTS = frozenset({"DS", "DR4"})
#: 10.1, 13.1.2: the results whose retreat disrupts a unit in Good Order
DISRUPTING_RESULTS = frozenset({"D1", "A1/D1", "DR2", "DRX", "A1/DR2"})


def shared(board: Board, u: UnitState, statuses: tuple[str, ...]) -> bool:
    """Whether another unit of ``u``'s hex carries one of ``statuses`` (a log gives a marker lying in a
    hex to every unit there: the marker may be that unit's)."""
    return any(x is not u and any(x.has(s) for s in statuses) for x in board.units(u.hex))


def check_one_state(rs: NorthAfrica41Units, board: Board) -> list:
    """13.1.1: 「戦闘ユニットは、常に以下の３つの状態の１つです」: no unit is Disrupted and in Full Retreat
    at once (13.1.3: Full Retreat replaces the Disrupted marker)."""
    both = ("disrupted", "full_retreat")
    return [rs.finding(board, f"{P} 13.1.1", "zoc", f"{label(u)} carries both a Disrupted and a Full Retreat marker; a "
                       "combat unit is in one state at a time, and Full Retreat replaces Disruption (13.1.1, 13.1.3).",
                       [u.hex], [u])
            for u in board.pos.units
            if all(u.has(s) for s in both) and board.is_hex(u.hex) and not shared(board, u, both)]


def check(rs: NorthAfrica41Units, board: Board) -> list:
    """13.1.2, 13.1.3 at the end of a Combat Phase. A retreat through a hex another declared attack
    hit (a breakthrough combat on a unit that retreated before, 15.3) may be the unit's second:
    not judged then; nor a Full Retreat or a Disrupted marker after a disrupting result when
    ``na41_status_before`` does not give the unit's state before the phase (Disrupted then: a second
    retreat, Full Retreat; in Good Order: Disrupted). During the phase a marker may not be placed yet."""
    pos = board.pos
    if pos.phase_kind != "combat" or pos.at != "end":
        return []
    before = before_status(pos) or {}
    out = []
    for u in pos.units:
        if u.mode != "retreat" or not u.previous or u.side == pos.side or rs.marker(u) or not rs.combat(u) \
                or not board.is_hex(u.hex):
            continue
        hits = [a for a in pos.attacks if a.hex == u.previous and u.id not in a.units and a.result]
        results = {a.result.upper().replace(" ", "") for a in hits}
        if len(results) != 1:
            continue
        res = next(iter(results))
        path = set(u.path or ()) - {u.previous}
        if any(a.hex in path for a in pos.attacks):
            rs.not_judged(f"{P} 13.1.3", f"{label(u)} retreated through a hex another attack hit: its marker after "
                                         "a second retreat (15.3: Full Retreat) is not told apart")
            continue
        was = before.get(u.id)
        disrupted, fr = u.has("disrupted"), u.has("full_retreat")
        if was is None and res in DISRUPTING_RESULTS and (fr or disrupted):
            # its marker is right for one state before the phase and wrong for the other (no marker at
            # all is wrong for both: 13.1.2's finding below)
            rs.not_judged(f"{P} 13.1.3", f"{label(u)} retreated after a {res} result and is "
                          f"{'in Full Retreat' if fr else 'Disrupted'}: right if it was "
                          f"{'Disrupted' if fr else 'in Good Order'} before the phase (13.1.3: a Disrupted unit forced "
                          "to retreat again goes into Full Retreat; 13.1.2), which [state] na41_status_before does "
                          "not give")
            continue
        if res in FULL_RETREAT_RESULTS or res in DISRUPTING_RESULTS and was and was & {"disrupted", "full_retreat"}:
            if not fr and not shared(board, u, ("full_retreat",)):
                why = (f"a {res} result puts the units that retreat into Full Retreat (10.1, 13.1.3)"
                       if res in FULL_RETREAT_RESULTS else
                       f"it was {'Disrupted' if 'disrupted' in (was or ()) else 'in Full Retreat'} before the phase, "
                       "and a Disrupted unit forced to retreat again goes into Full Retreat (13.1.3)")
                out.append(rs.finding(board, f"{P} 13.1.3", "zoc", f"{label(u)} retreated {u.previous} → {u.hex} after "
                                      f"a {res} result but is not in Full Retreat: {why}.", [u.hex], [u]))
        elif res in DISRUPTING_RESULTS:
            if fr and was is not None and not shared(board, u, ("full_retreat",)):
                out.append(rs.finding(board, f"{P} 13.1.2", "zoc", f"{label(u)} retreated {u.previous} → {u.hex} after "
                                      f"a {res} result in Good Order and is in Full Retreat: that result disrupts it "
                                      "(13.1.2); Full Retreat comes from DR4, DS or a second retreat (13.1.3), or "
                                      "at will in its own Movement Phase (13.3.4).", [u.hex], [u]))
            elif not fr and not disrupted and not shared(board, u, ("disrupted", "full_retreat")):
                out.append(rs.finding(board, f"{P} 13.1.2", "zoc", f"{label(u)} retreated {u.previous} → {u.hex} after "
                                      f"a {res} result but carries no Disrupted marker; a unit that retreats for it "
                                      "becomes Disrupted (13.1.2).", [u.hex], [u]))
    return out
