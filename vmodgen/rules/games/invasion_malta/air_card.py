"""Invasion: Malta's Air Status Card (11.12, 11.13, 11.21, 11.41): the moves of air units between its
boxes, in a position file (a log's drag may follow the tracker a step: not judged). Round rulepos31;
before, any move between the boxes passed.

* 11.13「航空準備フェイズ中に航空準備を実施する」: Flown → Ready (C) and Damaged → Flown (D, the roll in
  range) in the Air Readiness Phase only; 「爆撃ボックス内の全航空ユニットは、爆撃ボックス内に留まる」(B) and
  11.13 D「飛行済ボックスへ移される（次のターンに準備状態になる）」, 11.25「各任務の完了時、任務航空ユニット
  （たち）を飛行済ボックス内に置く」: only a Flown unit goes to Ready.
* 11.21, 11.41「航空準備フェイズ中、…準備航空ユニットを…爆撃ボックスへ割当てる」: Ready → a mission box in
  the Air Readiness Phase only.
"""
from __future__ import annotations

from ...core.board import Board
from ...core.moves import label
from .carried import CUP

P = "IM"
READINESS = "air-readiness"


def _boxes(value: object) -> list[str]:
    return [b.strip() for b in str(value or "").split(",") if b.strip()]


def check_air_card(rs, board: Board) -> list:
    """11.13, 11.21: the box moves above."""
    pos = board.pos
    if not pos.phase or not pos.moves_announced or pos.phase_from_tracker:
        return []       # a log: POSITION_FILE_ONLY (the card's moves may lag the tracker)
    boxes = _boxes(rs.param("im_air_status_boxes"))
    if len(boxes) != 3:
        rs.not_judged(f"{P} 11.13", f"the kit's im_air_status_boxes names {len(boxes)} box(es), not the card's three "
                                    "(Damaged, Flown, Ready)")
        return []
    damaged, flown, ready = boxes
    missions = set(_boxes(rs.param("im_air_mission_boxes")))
    out = []

    def find(rule: str, u, text: str) -> None:
        out.append(rs.finding(board, rule, "movement", f"{label(u)} went from "
                              f"{board.place_name(u.previous)} to {board.place_name(u.hex)} in the {pos.phase} phase; "
                              f"{text}", [], [u]))

    for u in pos.units:
        came = u.previous
        if not came or came == u.hex or board.unit_kind(u) != "air":
            continue
        if u.hex == ready and came == CUP and pos.phase == READINESS:
            continue        # a CAS unit put in the cup and never drawn is unused: it stays Ready (11.13 A)
        if u.hex == ready and any(x.hex == came and board.unit_kind(x) == "hq" for x in pos.units):
            rs.not_judged(f"{P} 11.13", f"{label(u)} went from {came}, an HQ's hex, to the Ready box: whether it flew "
                                        "a mission this turn is not recorded (11.13 A, 11.52)")
            continue
        if u.hex == ready and came != flown:
            find(f"{P} 11.13", u, "only a unit in the Flown box goes to Ready (11.13 C); a Damaged unit goes to Flown "
                             "first (11.13 D), one in the Bombardment box stays there (11.13 B), and one back from "
                             "a mission goes to Flown (11.25).")
        elif (came, u.hex) in ((flown, ready), (damaged, flown)) and pos.phase != READINESS:
            find(f"{P} 11.13", u, "air readiness is done in the Air Readiness Phase only (11.13).")
        elif came == ready and u.hex in missions and pos.phase != READINESS:
            find(f"{P} 11.21", u, "missions are assigned to Ready units in the Air Readiness Phase only (11.21, 11.41).")
    return out
