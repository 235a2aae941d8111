"""North Africa '41 stacking (4.4.1: 5 points at the end of the phasing player's Movement and
Combat Phases), both sides never in one hex (5.1) and units in the other side's box (6.1.2)."""
from __future__ import annotations

from ....positions.model import UnitState
from ...core.board import Board
from ...core.moves import label
from ...core.stacking import fmt, mixed
from ..other_side_box import name_not_judged, other_side
from . import field_params
from .carried import na41
from .units import NorthAfrica41Units

P = "NA41"


class NorthAfrica41Stacking(NorthAfrica41Units):
    """The stacking rules."""

    def check_stacking(self, board: Board) -> list:
        """4.4.1: at the end of the phasing player's Movement and Combat Phases every hex holding
        phasing units is within 5 points. Hexes a retreat left overstacked (``[state]
        na41_retreat_overstack``) are judged by 12.1.4 instead. Units of the phasing side that
        retreated in its own Combat Phase (disengagement, 27.5; status ``retreated`` or
        ``disengaged``) may stay overstacked until the end of their next Movement Phase: 27.5.4
        applies every retreat rule to them, 12.1.4 included (spec §11 #10;
        ``na41_disengage_overstack_waits = false`` makes 4.4.1 win instead)."""
        limit = self.stacking_limit()
        phasing = [board.pos.side] if board.pos.side else list(self.game.sides)
        carried = na41(board.pos).na41_retreat_overstack or {}
        waits = self.flag("na41_disengage_overstack_waits")
        merged: dict[str, list[UnitState]] = {}
        for u in board.pos.units:
            merged.setdefault(self.stacking_hex(board, u.hex), []).append(u)
        out = []
        for side in phasing:
            for h, us in merged.items():
                if not board.is_hex(h):
                    continue                                   # 6.2: boxes have no limit
                mine = [u for u in us if u.side == side and not self.marker(u)]
                if not mine or carried.get(h) == side:
                    continue
                if waits and board.pos.phase_kind == "combat" and any(
                        u.has("retreated") or u.has("disengaged") or u.mode == "retreat" for u in mine):
                    continue                                   # 12.1.4 deadline comes later
                pts = self.stack_points(mine)
                if pts > limit:
                    out.append(self.finding(board, f"{P} 4.4.1", "stacking",
                                            f"{h} holds {fmt(pts)} stacking points of {self.side_name(side)} units, "
                                            f"more than {fmt(limit)} (one silhouette free, each further one 1 point): "
                                            f"{self.names(mine)}. The owner must eliminate units to meet the limit.",
                                            [h], mine, points=pts, limit=limit))
        return out

    def check_mixed(self, board: Board) -> list:
        found = mixed(board, lambda u: not self.marker(u))
        # 2.2.4: the Tobruk Holding Box shows units standing in Tobruk, so they share its hex
        box, hexid = field_params.holding_box(self.param("na41_holding_box"))
        held = [u for u in board.units(box) if not self.marker(u)]
        if held and all(h != hexid for h, _ in found):
            real = [u for u in board.units(hexid) if not self.marker(u)] + held
            if len({u.side for u in real}) > 1:
                found.append((hexid, real))
        out = []
        for h, real in found:
            out.append(self.finding(board, f"{P} 5.1", "stacking",
                                    f"{h} holds units of both sides: {self.names(real)}. No unit may enter a hex "
                                    "with an enemy combat unit; enemy non-combat units entered are captured "
                                    "or eliminated (8.7, 17.2.3).", [h], real))
        return out

    def check_boxes(self, board: Board) -> list:
        """6.1.2 「どちらのプレイヤーも、他方のマップ外ボックスへ進入できません」: no unit in the other
        side's off-map box. A unit in another box of the other side (an Axis unit in the Allied
        Reserve): 6.1.2 closes only the off-map boxes and the book says nothing of it: named not
        judged."""
        out = []
        for u in board.pos.units:
            box = other_side(board, u, u.hex)
            if box and box.kind == "offmap" and not self.marker(u):
                out.append(self.finding(board, f"{P} 6.1.2", "movement",
                                        f"{label(u)} is in {box.name}, the other side's box.", [u.hex], [u]))
        name_not_judged(self, board, lambda box: f"{P} 6.1.2", lambda u, box: box.kind == "offmap" or self.marker(u))
        return out
