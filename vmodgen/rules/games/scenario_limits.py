"""What a kit's scenario fixes for a position that names it (``[position] scenario``): the turns the
game lasts (first and last) and the map sheets in play. Shared by the rule sets whose rulebooks give
each scenario a length and a play area (Operation Mercury 14.1-14.3, 23.1-23.3; North Africa '41
S1.2, S2.2, S3.2). The scenario's rule number comes from the rule set (``rules``: scenario id → rule).

A position names no scenario (or the audit's log, which never does): nothing is judged. A name the
kit does not have: *not judged*, listed with the kit's ids.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping

from ...positions.model import UnitState
from ..core.board import Board


def check(rs, board: Board, rule_id: str, rules: Mapping[str, str], in_play: Callable[[UnitState], bool]) -> list:
    """Findings for the position's turn outside the scenario's turns and for units ``in_play`` on a
    map sheet the scenario does not use; ``rule_id`` is the rule's own id (what is not judged)."""
    pos = board.pos
    if not pos.scenario:
        return []
    sc = pos.scenario_data
    if sc is None:
        rs.not_judged(rule_id, f"'{pos.scenario}' is not a scenario of this kit "
                                              f"(its scenarios: {', '.join(rules) or 'none'})")
        return []
    rule = f"{rs.prefix} {rules[sc.id]}" if sc.id in rules else rule_id
    out = []
    if pos.turn is not None and (pos.turn < sc.first_turn or sc.last_turn is not None and pos.turn > sc.last_turn):
        when = "ends with" if sc.last_turn is not None and pos.turn > sc.last_turn else "starts on"
        edge = sc.last_turn if when == "ends with" else sc.first_turn
        out.append(rs.finding(board, rule, "movement", f"Turn {pos.turn} is outside {sc.name}, which {when} turn "
                              f"{edge} (turns {sc.first_turn}-{sc.last_turn if sc.last_turn is not None else '...'})."))
    used = set(sc.sheets)
    if used and len(board.map.sheets) > 1:
        off: dict[str, list[UnitState]] = {}
        for u in pos.units:
            if not in_play(u) or not board.is_hex(u.hex):
                continue
            got = board.map.sheet_of(u.hex)
            if got is not None and got[0].id not in used:
                off.setdefault(got[0].id, []).append(u)
        for sheet, us in sorted(off.items()):
            out.append(rs.finding(board, rule, "movement", f"{rs.names(us)} {'stands' if len(us) == 1 else 'stand'} on the {sheet} map sheet, which "
                                  f"{sc.name} does not use (play area: {', '.join(sc.sheets)}).",
                                  sorted({u.hex for u in us}), us))
    return out
