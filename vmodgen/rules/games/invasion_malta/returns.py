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
  never comes back; an Axis unit on an HQ of its formation or a friendly hospital; an Axis HQ with
  a unit of its formation. An Allied battalion HQ is no HQ unit: 「大部分の連合軍大隊は、「HQ」と標記
  された歩兵ユニットを含む。このユニットは、HQ機能を持たない」 (17.1 note), while the Allied HQ units
  are brigade or sector HQs (17.13). So an Allied HQ unit does not take a returning unit; an Allied
  unit placed with other Allied combat units may stand on its battalion's HQ company: not judged,
  unless the kit's roster flags its HQ companies (``hq_label_only``) and none of those units, all
  from the roster, carries the flag. 「連合軍旅団（又は戦区）HQ」 (17.13) names the Allied HQ units
  brigade or sector HQs alike, so none comes back (18.25: 「連合軍の戦区 HQ ユニットは、回復できない」).
* 18.26 「このフェイズに回復したHQは、この同じフェイズに回復した他のユニットの配置のために使用でき
  ない」: an HQ itself back from elimination in this phase places no other unit, whatever the order
  of the placements.
* 18.27 「病院は、友軍ヘクス内で敵ZOC内にいなければ資格を持つ」: a hospital (point feature
  ``hospital``) in enemy ZOC, or not friendly, does not qualify. Friendly (3.11): for the Axis a
  hex under an ``axis-control`` marker, ``control = "axis"`` or holding an Axis combat unit; for the
  Allies any other hex (the island is theirs until the Axis takes it).
"""
from __future__ import annotations

from ...core.board import Board
from ...core.moves import label
from .carried import HQ_COMPANY_FLAG, entered_from

P = "IM"


def _boxes(value: object) -> set[str]:
    return {b.strip() for b in str(value or "").split(",") if b.strip()}


def friendly_hex(rs, board: Board, h: str, u, axis: str) -> bool:
    """3.11: whether ``h`` is friendly to ``u``'s side (see the module's reading; ``u`` itself, just
    placed, does not make it so)."""
    side = u.side
    held = board.marker_owner(h, "axis-control") is not None or board.pos.control.get(h) == axis \
        or any(x is not u and x.side == axis and rs.combat(x) for x in board.units(h))
    return held if side == axis else not held


def never_rallies(rs, u) -> bool:
    """18.28: pillboxes, artillery (every type), anti-tank and armour units never rally."""
    return rs.pillbox(u) or rs.artillery(u) or rs.armour(u) or rs.is_(u, "im_no_rally")


def _no_hq_company(board: Board, u, mates: list) -> bool:
    """17.1 note: whether none of ``mates`` can be an HQ company: the kit's roster flags its
    side's HQ companies (``hq_label_only``: some unit of the side carries it), every mate is a
    roster unit, and none carries the flag. A unit written inline, or a kit that flags none, says
    nothing."""
    roster = board.pos.roster
    if not any(HQ_COMPANY_FLAG in r.flags for r in roster.values() if r.side == u.side):
        return False
    return all(roster.get(x.unit.id) == x.unit and HQ_COMPANY_FLAG not in x.unit.flags for x in mates)


def returned(rs, board: Board) -> list:
    """The combat units on a map hex that stood in an eliminated box at the previous phase end."""
    dead = _boxes(rs.param("im_eliminated_boxes"))
    prev = rs.memory(board.pos).prev_hexes
    return [u for u in board.pos.units if entered_from(prev, u) in dead and board.is_hex(u.hex) and rs.combat(u)]


def check_returns(rs, board: Board) -> list:
    """18.21, 18.24, 18.25, 18.26, 18.27, 18.28: units placed back from elimination."""
    pos = board.pos
    out: list = []
    axis = str(rs.param("im_supply_side"))
    back = returned(rs, board)
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
        if never_rallies(rs, u):
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
        hospital = ""
        if "hospital" in board.features(u.hex):
            z = ez.setdefault(u.side, rs.enemy_zoc(board, u.side))
            if u.hex not in z and friendly_hex(rs, board, u.hex, u, axis):
                continue
            hospital = "in enemy ZOC" if u.hex in z else "not a friendly hex"
        if u.side == axis:
            on_hq = [x for x in mates if board.unit_kind(x) == "hq" and x.unit.formation == u.unit.formation]
            if any(x not in back for x in on_hq):
                continue
            if on_hq:      # 18.26: only HQs that came back in this same phase
                find(f"{P} 18.26", f"the HQ there ({rs.names(on_hq)}) came back from elimination in this same "
                     "phase, and an HQ rallied in a phase places no other unit rallied in it")
                continue
        elif any(board.unit_kind(x) != "hq" for x in mates) and not _no_hq_company(board, u, mates):
            rs.not_judged(f"{P} 18.25", f"{label(u)} came back onto {u.hex} with other Allied units: whether one "
                          "is its battalion's HQ company (17.1 note) is not recorded")
            continue
        if hospital:
            find(f"{P} 18.27", f"the hospital there is {hospital}; a hospital qualifies only in a friendly hex "
                 "out of enemy ZOC")
            continue
        whose = "an HQ of its formation" if u.side == axis else \
            "its battalion HQ (an Allied HQ unit is a brigade or sector HQ, 17.13, not a battalion HQ, 17.1 note)"
        find(f"{P} 18.25", f"it stands neither on a friendly hospital nor on {whose}")
    return out
