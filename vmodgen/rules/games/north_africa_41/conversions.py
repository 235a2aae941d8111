"""North Africa '41 conversions (20.4.2): 「ターン10の準備フェイズに、第５軽師団は第 21 装甲師団になります。ユニットが
マップ上のどこにいても、これらを新たなユニットに置き換えます。」 In the Preparation Phase of the turn the old
formation's units are replaced by the new one's wherever they are (reduced or eliminated ones too):
after it no unit of the old formation is in the game, and, in a position naming a scenario, none of
the new one before it (a position naming none may use them as any German units: rounds before
rulepos28 did).
``na41_conversions``: "old:new:turn" entries (formation ids). Inside that Preparation Phase
(``at = "during"``) either may stand; at its end the old one's units are gone."""
from __future__ import annotations

from ...core.board import Board
from ...core.moves import label
from .units import NorthAfrica41Units

P = "NA41"


def conversions(rs: NorthAfrica41Units) -> list[tuple[str, str, int]]:
    out = []
    for entry in str(rs.param("na41_conversions") or "").split(","):
        parts = [x.strip() for x in entry.split(":")]
        if len(parts) == 3 and parts[2].isdigit():
            out.append((parts[0], parts[1], int(parts[2])))
    return out


def check(rs: NorthAfrica41Units, board: Board) -> list:
    pos = board.pos
    if not pos.turn:
        return []
    out = []
    for old, new, turn in conversions(rs):
        if pos.turn == turn and not pos.phase:
            if any(u.unit.formation == old for u in pos.units):
                rs.not_judged(f"{P} 20.4.2", f"on turn {turn} the {old} units become {new} units in the Preparation "
                                             "Phase; a position naming no phase may be before it or after")
            continue
        if pos.turn == turn and pos.phase_kind == "reinforcement" and pos.at != "end":
            continue                    # inside the Preparation Phase the replacing is under way
        if pos.turn < turn:
            if pos.scenario_data is not None:
                out += [rs.finding(board, f"{P} 20.4.2", "movement", f"{label(u)}, of the {new} formation, is in the "
                                   f"game on turn {pos.turn} of {pos.scenario_data.name or pos.scenario}: the {new} "
                                   f"units replace the {old} units only in the Preparation Phase of turn {turn} "
                                   "(20.4.2).", [u.hex], [u])
                        for u in pos.units if u.unit.formation == new and not rs.marker(u)]
            continue
        for u in pos.units:
            if u.unit.formation != old or rs.marker(u):
                continue
            out.append(rs.finding(board, f"{P} 20.4.2", "movement", f"{label(u)}, of the {old} formation, is in the game "
                                  f"on turn {pos.turn}: from the Preparation Phase of turn {turn} the {old} units are "
                                  f"replaced by the {new} units wherever they are (20.4.2).", [u.hex], [u]))
    return out
