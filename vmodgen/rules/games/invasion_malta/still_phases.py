"""Invasion: Malta phases in which no ground unit moves on the map: the Strategic Segment (weather,
air readiness, air and naval bombardment, AA reset), the Draw, the Reset of an Operations Sequence
and the Reorganization Segment (supply status, recovery, victory), 4.21 「プレイのシークエンス」 and
7.14 A: ground units move in an activation's Movement Phase (8.11), the inactive player's react in
the Reaction Movement Phase (9.2), refuse combat at the declaration (9.33 A) and retreat or advance
after combat (13.3, 13.5). Units coming onto the map from a box (a return, 18.24; an arrival) are no
map move and are judged by their own rules. Used by
:class:`vmodgen.rules.games.invasion_malta.ruleset.InvasionMaltaRules`.

A position file states its phase; a log's phase is its turn tracker's, which may be a phase off the
pieces (:mod:`.quiet_phases`), so a log's step is not judged here."""
from __future__ import annotations

from ...core.board import Board
from ...core.moves import label

P = "IM"
STILL = ("weather", "air-readiness", "strategic-bombardment", "aa-reset", "draw", "reset", "supply-status",
         "recovery", "victory")


#: the modes of a combat's moves (13.3, 13.5; 9.33 A's refusal is a retreat): a position after the
#: Combat Phase may still show them, and the retreat and advance rules judge them
COMBAT_MODES = ("retreat", "advance")


def check_still_phase_moves(rs, board: Board) -> list:
    """4.21: a ground combat unit of a position that moved from one map hex to another, other than by
    a retreat or advance (:data:`COMBAT_MODES`), in a phase of :data:`STILL` (round rulepos30: a move
    stated in the Weather or Victory Phase passed as legal; review rv-i23 item 7: a retreat shown in
    the Reset Phase was found here and by 13.45 at once)."""
    pos = board.pos
    if pos.phase not in STILL or rs.phase_logged(pos):
        return []
    name = pos.phase_name
    return [rs.finding(board, f"{P} 4.21", "movement", f"{label(u)} moved from {u.previous} to {u.hex} in the {name}; "
                       "no ground unit moves in it (4.21: units move in an activation's Movement Phase, 8.11, react "
                       "in the Reaction Movement Phase, 9.2, and retreat or advance in combat, 13.3, 13.5).",
                       [u.previous, u.hex], [u])
            for u in pos.units if u.moved and rs.combat(u) and u.mode not in COMBAT_MODES
            and board.is_hex(u.previous or "") and board.is_hex(u.hex)]
