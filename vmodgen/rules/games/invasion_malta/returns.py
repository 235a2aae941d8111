"""Invasion: Malta units placed back from elimination by a rally (18.21, 18.24-18.28). Functions
of the rule set (``rs``) and the board; the rule list is in :mod:`.ruleset`. (A reduced unit back
on its full side is :meth:`.memory.InvasionMaltaMemory.check_rally_history`'s.)

A unit came back from elimination when it stood in an eliminated box (``im_eliminated_boxes``) at
the previous phase end (``[state] prev_hexes``; else its own ``previous``) and now stands on a map
hex. Readings of the book:

* 18.21 「夜間ターンの回復フェイズ中に回復を実施する」: only in the Recovery Phase of a Night turn.
* 18.28 「トーチカ、砲兵（全タイプ）、対戦車、装甲ユニットは、回復できない」.
* 18.24 「除去されたユニットはその減少戦力面へ、又は1戦力レベルのみを持つと完全戦力面へ回復する」:
  a unit with a reduced side comes back on it (an HQ, whose back is its Spent side, is left out).
* 18.25 「連合軍。いずれかの友軍病院（マップ上に記載）又はその大隊 HQ 上に置く。連合軍の戦区 HQ
  ユニットは、回復できない。枢軸軍。その組織HQs又はいずれかの友軍病院上に置く。回復した HQ を
  その組織のいずれかのユニットと共に置く」: an Allied unit on a friendly hospital or on an Allied HQ
  (which battalion a unit belongs to is not in the kit: any Allied HQ is taken); an Allied HQ
  never comes back; an Axis unit on an HQ of its formation or a friendly hospital; an Axis HQ with
  a unit of its formation.
* 18.27 「病院は、友軍ヘクス内で敵ZOC内にいなければ資格を持つ」: a hospital (point feature
  ``hospital``) in enemy ZOC, or not friendly, does not qualify. Friendly (3.11): for the Axis a
  hex under an ``axis-control`` marker, ``control = "axis"`` or holding an Axis combat unit; for the
  Allies any other hex (the island is theirs until the Axis takes it).
"""
from __future__ import annotations

from ...core.board import Board
from ...core.moves import label
from .carried import entered_from

P = "IM"


def _boxes(value: object) -> set[str]:
    return {b.strip() for b in str(value or "").split(",") if b.strip()}


def _friendly(rs, board: Board, h: str, u, axis: str) -> bool:
    """3.11: whether ``h`` is friendly to ``u``'s side (see the module's reading; ``u`` itself, just
    placed, does not make it so)."""
    side = u.side
    held = board.marker_owner(h, "axis-control") is not None or board.pos.control.get(h) == axis \
        or any(x is not u and x.side == axis and rs.combat(x) for x in board.units(h))
    return held if side == axis else not held


def check_returns(rs, board: Board) -> list:
    """18.21, 18.24, 18.25, 18.27, 18.28: units placed back from elimination."""
    pos = board.pos
    out: list = []
    dead = _boxes(rs.param("im_eliminated_boxes"))
    axis = str(rs.param("im_supply_side"))
    prev = rs.memory(pos).prev_hexes
    back = [u for u in pos.units if entered_from(prev, u) in dead and board.is_hex(u.hex) and rs.combat(u)]
    if not back:
        return out
    time = rs.known_time(board, f"{P} 18.21")
    if time is None:
        return out
    ez: dict[str, set[str]] = {}
    for u in back:
        hq = board.unit_kind(u) == "hq"

        def find(rule: str, why: str) -> None:
            out.append(rs.finding(board, rule, "movement", f"{label(u)} came back from elimination onto "
                                  f"{u.hex}, but {why}.", [u.hex], [u]))
        if pos.phase not in ("", "recovery") or time not in ("night", ""):
            find(f"{P} 18.21", "a rally happens only in the Recovery Phase of a Night turn")
            continue
        if rs.pillbox(u) or rs.artillery(u) or rs.armour(u) or rs.is_(u, "im_no_rally"):
            find(f"{P} 18.28", "pillboxes, artillery, anti-tank and armour units never rally")
            continue
        if hq and u.side != axis:
            find(f"{P} 18.25", "an Allied sector HQ never rallies")
            continue
        if not hq and u.unit.back is not None and not u.reduced:
            find(f"{P} 18.24", "an eliminated unit with a reduced side comes back on it")
        mates = [x for x in board.units(u.hex) if x is not u and x.side == u.side and rs.combat(x)]
        if hq:
            if not any(x.unit.formation == u.unit.formation for x in mates):
                find(f"{P} 18.25", f"a rallied HQ is placed with a unit of its formation ({u.unit.formation or 'none'})")
            continue
        on_hq = [x for x in mates if board.unit_kind(x) == "hq"
                 and (u.side != axis or x.unit.formation == u.unit.formation)]
        if on_hq:
            continue
        if "hospital" in board.features(u.hex):
            z = ez.setdefault(u.side, rs.enemy_zoc(board, u.side))
            if u.hex in z or not _friendly(rs, board, u.hex, u, axis):
                find(f"{P} 18.27", f"the hospital there is {'in enemy ZOC' if u.hex in z else 'not a friendly hex'}; "
                     "a hospital qualifies only in a friendly hex out of enemy ZOC")
            continue
        whose = "an HQ of its formation" if u.side == axis else "an Allied HQ (its battalion HQ)"
        find(f"{P} 18.25", f"it stands neither on a friendly hospital nor on {whose}")
    return out
