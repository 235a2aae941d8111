"""North Africa '41: ground moves made in a phase where no unit moves (3.1, 3.2). A unit moves in
its own side's Movement Phase (3.2 A2 「自軍ユニットのいくつか又は全てを移動させます」: trucks, rail, sea
and air transport included) and retreats or advances in a Combat Phase (12, 14, 27.5: modes
``retreat`` and ``advance``); the Preparation Phase (3.1 A), the Initial Phase (3.2 A1: events,
replacements, markers), the Supply Attrition and Victory Point Phases move none. Used by
:func:`vmodgen.rules.games.north_africa_41.movement.rules`.

Judged for a position file only: a log's phase is its turn tracker's, which may be a phase off the
pieces. A position in a phase after its side's Movement Phase (Combat, Recovery, Supply, Delay) may
state ``previous`` as where the unit stood before that Movement Phase (its naval transport marker
stays until its next Initial Phase, 21.1.5), so those phases are not read here; an Initial Phase
comes before its side's Movement Phase, so its side's units state no move there.

A unit in Full Retreat may move in the other side's Movement Phase: its automatic retreat (13.3.2
「自動的退却：敵戦闘ユニットが、移動…その移動を潰走状態のユニットに隣接して開始し…潰走状態のユニットは
直ちに所有しているプレイヤーによって２へクス…退却させられ」) and the retreat after an automatic DS
(8.9.1 「生き残っているユニットは…防御側によって４へクス退却させられます」, which leaves it in Full
Retreat, 13.1.2). A stranger may write it without ``mode = "retreat"``: it is named not judged,
not found."""
from __future__ import annotations

from ...core.board import Board
from ...core.moves import label

P = "NA41"
#: the modes of a unit's own movement (5.0, 5.9, 5.3, 5.8.4); retreats and advances have theirs
PLAIN = ("move", "extended", "tactical", "rail", "road_bonus", "special_transfer")
STILL = ("preparation", "supply-attrition", "victory-points")


def out_of_phase(rs, board: Board) -> list:
    """3.1, 3.2: a ground unit of a position that moved from one map hex to another in its own mode
    in the Preparation, Supply Attrition or Victory Point Phase, in its own side's Initial Phase,
    or in the other side's Movement Phase (round rulepos30: each passed as legal)."""
    pos = board.pos
    info = pos.phase_info
    if not pos.moves_announced or info is None:
        return []
    out = []
    for u in pos.units:
        if not u.moved or u.mode not in PLAIN or rs.marker(u) or not board.is_hex(u.previous or "") \
                or not board.is_hex(u.hex):
            continue
        if pos.phase in STILL or (pos.phase.endswith("-initial") and info.side == u.side):
            why = "no unit moves in it"
        elif info.kind == "movement" and info.side and info.side != u.side and u.has("full_retreat"):
            rs.not_judged(f"{P} 3.2", f"{label(u)} moved from {u.previous} to {u.hex} in the {info.name}, the other "
                          "side's, and is in Full Retreat: an automatic retreat (13.3.2, or 8.9.1 after an automatic "
                          "DS) moves it there; judged as a retreat with mode = \"retreat\"")
            continue
        elif info.kind == "movement" and info.side and info.side != u.side:
            side = pos.game.sides.get(info.side)
            why = f"only the {side.name if side else info.side} player's units move in it"
        else:
            continue
        out.append(rs.finding(board, f"{P} 3.2", "movement", f"{label(u)} moved from {u.previous} to {u.hex} in the "
                              f"{info.name}: {why}; units move in their own side's Movement Phase (3.2 A2) and "
                              "retreat or advance in a Combat Phase, or, in Full Retreat, in the other side's "
                              "Movement Phase (13.3.2, 8.9.1).", [u.previous, u.hex], [u]))
    return out
