"""Invasion: Malta units that changed hex in a log's Combat Declaration or Bombardment Phase (7.14 A4,
A5), whose drags the audit lists but does not judge as moves (a combat-kind phase of no side). Used
by :class:`vmodgen.rules.games.invasion_malta.ruleset.InvasionMaltaRules`.

The book lets a unit move in neither phase but two ways, both at the declaration: 9.3 「連合軍プレイヤー
のみが、戦闘回避を実施できる」, the Allied defender's combat refusal (9.33 A: a retreat made when the
attack is declared), and 9.36 「防御側が戦闘回避に成功したら、枢軸軍プレイヤーは…ユニットをカラのヘクス内へ
前進させる」, the active Axis attacker's advance into the hex it left. A bombardment's results are step
losses and disruption (10.28 D), no retreat. Around them, 7.14 注釈 3 「非活性組織のユニットは、移動できない
[例外：9.2]」: the active player's units move in the Movement Phase, before the declaration, and the
inactive player's react in the Reaction Movement Phase (9.2), after the bombardment.

A log's phase is its turn tracker's, which may be one phase off the pieces, so a hex change is a
finding only where neither neighbouring phase allows it either, for the side the record shows
active (:mod:`.attacker`):

* Bombardment Phase: the active Allied player's unit (it neither refuses combat in the declaration
  before, nor advances, 9.36, nor reacts after) is IM 7.14; the active Axis player's may be a 9.36
  advance after a refusal with the tracker one phase ahead, the inactive player's a refusal or a
  reaction: not judged.
* Combat Declaration Phase: an inactive Axis unit (never a refusal, 9.3; no move in the Movement
  Phase before, 7.14 注釈 3, nor in the Bombardment Phase after) may be reacting (9.2) with the
  tracker two phases behind, left on the declaration through a Bombardment Phase with nothing to
  bombard, the commonest lag in play by e-mail, which a log does not tell from a bombardment phase
  skipped with one (review of im22 item 2): not judged; an inactive Allied unit's refusal needs the
  declared attacks (9.31: from a hex under an Attack Target marker, every unit): not judged; an
  active unit's may be its Movement Phase move, or an Axis 9.36 advance, which needs the refusals:
  not judged.

Where the record does not show the active side, every such change is named not judged. A position
file states its phase and its moves (a refusal is a retreat, judged by :mod:`.combat`): not read here.
"""
from __future__ import annotations

from ...core.board import Board
from ...core.moves import label
from .attacker import attacker

P = "IM"
DECLARATION, BOMBARDMENT = "combat-declaration", "bombardment"


def check_quiet_phase_moves(rs, board: Board) -> list:
    """At the end of a log's Combat Declaration or Bombardment Phase: the combat units that stand on
    another map hex than at its start (memory ``prev_hexes``), judged as the module says."""
    pos = board.pos
    if pos.phase not in (DECLARATION, BOMBARDMENT) or not rs.phase_logged(pos):
        return []
    prev = rs.memory(pos).prev_hexes
    if not isinstance(prev, dict):
        return []
    moved = [(u, prev[u.id]) for u in pos.units if rs.combat(u) and u.id in prev and prev[u.id] != u.hex
             and board.is_hex(u.hex) and board.is_hex(prev[u.id])]
    if not moved:
        return []
    name = pos.phase_name
    active, why = attacker(rs.memory(pos), pos, lambda a: rs.side_of_active(pos, a))
    axis = str(rs.param("im_supply_side"))
    out = []
    for u, was in moved:
        went = f"{label(u)} went from {was} to {u.hex} in the {name} the log's turn tracker names"
        if not active:
            rs.not_judged(f"{P} 7.14", f"{went}; whether it could move there (a combat refusal of the inactive "
                          f"Allied player, 9.3, or a neighbouring phase's move with the tracker one phase off) "
                          f"depends on who is active (7.14), and {why}")
        elif pos.phase == BOMBARDMENT and u.side == active and u.side == axis:
            rs.not_judged(f"{P} 7.14", f"{went}, where no unit moves; as the active Axis player's it may be a 9.36 "
                          "advance after a combat refusal (9.33 A: at the declaration) with the tracker one phase "
                          "ahead of the pieces, which needs the refusals a log does not record")
        elif pos.phase == BOMBARDMENT and u.side == active:
            out.append(rs.finding(board, f"{P} 7.14", "movement", f"{went}; no unit moves in the Bombardment "
                                  "Phase (10.28 D: step losses and disruption), and the active Allied player's units "
                                  "move neither in the Combat Declaration Phase before it (only the Allied defender "
                                  "refuses combat, 9.3, and only the Axis attacker advances after a refusal, 9.36) "
                                  "nor in the Reaction Movement Phase after it (only the inactive player reacts, "
                                  "9.2): a tracker one phase off does not explain it.", [was, u.hex], [u]))
        elif pos.phase == BOMBARDMENT:
            rs.not_judged(f"{P} 7.14", f"{went}, where no unit moves; as the inactive player's it may be a reaction "
                          f"(9.2){'' if u.side == axis else ' or a combat refusal (9.3)'} with the tracker one phase "
                          "off the pieces")
        elif u.side != active and u.side == axis:
            rs.not_judged(f"{P} 7.14", f"{went}; only the Allied player refuses combat (9.3) and the inactive "
                          "player's units move neither in the Movement Phase before it nor in the Bombardment Phase "
                          "after it (7.14 注釈 3), but it may be a reaction (9.2) with the tracker left on the "
                          "declaration through a Bombardment Phase with no bombardment, which the log does not tell")
        elif u.side != active:
            rs.not_judged(f"{P} 9.31", f"{went}: a combat refusal (9.3) is judged from the declared attacks (out of "
                          "a hex under an Attack Target marker, every unit of it, 9.31), which a log does not record")
        else:
            advance = (", or a 9.36 advance after a combat refusal, which needs the refusals a log does not record"
                       if u.side == axis else "")
            rs.not_judged(f"{P} 7.14", f"{went}; as the active player's it may be its Movement Phase move with the "
                          f"tracker one phase ahead of the pieces, which the log does not tell{advance}")
    return out
