"""Operation Mercury stacking (4.3): 6 points per hex, no hex holds both sides (4.16), Greek
militia per sector (13.61), drop and landing hexes (6.12, 17.43), assaults (10.1), and ground
units never on all-water hexes (6.2)."""
from __future__ import annotations

from ....positions.model import UnitState
from ...core.board import Board
from ...core.moves import label
from ...core.stacking import fmt, mixed, overstacked, simple_points
from .units import OperationMercuryUnits

P = "OM"


class OperationMercuryStacking(OperationMercuryUnits):
    """The stacking rules."""

    def check_stacking(self, board: Board) -> list:
        limit = self.stacking_limit()
        boxes = self.flag("om_box_stacking")
        out = []
        for side in self.game.sides:
            for s in overstacked(board, side, simple_points(self.points),
                                 lambda h: limit if (boxes or board.is_hex(h)) else None, self.ground):
                out.append(self.finding(board, f"{P} 4.31", "stacking",
                                        f"{s.hex} holds {fmt(s.points)} stacking points of {self.side_name(side)} "
                                        f"units at the end of the phase, more than {fmt(limit)}: {self.names(s.units)}. "
                                        "The owner must eliminate units until the stack is legal (4.32).",
                                        [s.hex], s.units, points=s.points, limit=limit))
        return out

    def check_mixed(self, board: Board) -> list:
        out = []
        for h, g in mixed(board, self.ground, boxes=True):
            out.append(self.finding(board, f"{P} 4.16", "stacking",
                                    f"{h} holds ground units of both sides at the end of the phase: "
                                    f"{self.names(g)} (4.16, 4.55).", [h], g))
        return out

    def check_militia(self, board: Board) -> list:
        cap = self.num("greek_militia_per_sector")
        by_sector: dict[str, list[UnitState]] = {}
        for u in board.pos.units:
            if board.is_hex(u.hex) and self.is_(u, "om_militia"):
                for a in board.areas(u.hex):
                    if board.map.areas[a].kind == "sector":
                        by_sector.setdefault(a, []).append(u)
        return [self.finding(board, f"{P} 13.61", "stacking",
                             f"{len(us)} Greek militia units in sector {board.map.areas[a].name}, more than {fmt(cap)}: "
                             f"{self.names(us)}.", [u.hex for u in us], us)
                for a, us in by_sector.items() if len(us) > cap]

    def check_water(self, board: Board) -> list:
        """6.2, 17.24: a ground unit on an all-water hex is eliminated."""
        return [self.finding(board, f"{P} 6.2", "movement", f"{label(u)} is on {u.hex}, an all-water hex; a ground "
                             "unit there is eliminated.", [u.hex], [u])
                for u in board.pos.units if self.ground(u) and board.is_hex(u.hex) and board.is_water(u.hex)]

    def check_drops(self, board: Board) -> list:
        """6.12d: the para and glider units placed on one target hex total at most 6 SP, checked at
        placement, before drift (a position ``at = "during"`` the paradrop phase); 17.43 A2: at
        most 6 steps land in one hex."""
        if board.pos.phase and board.pos.at != "during":
            return []
        out = []
        for h, us in board.at.items():
            drops = [u for u in us if u.has("paradropped")]
            pts = sum(self.points(u) for u in drops)
            limit = self.num("paradrop_stacking_limit_points")
            if pts > limit:
                out.append(self.finding(board, f"{P} 6.12", "stacking", f"{fmt(pts)} stacking points of para and "
                                        f"glider units were placed on target hex {h}, more than {fmt(limit)}: "
                                        f"{self.names(drops)}.", [h], drops))
            landed = [u for u in us if u.has("landed")]
            steps = sum(max(1, u.unit.steps - (1 if u.reduced else 0)) for u in landed)
            if steps > self.num("amphibious_landing_limit_steps"):
                out.append(self.finding(board, f"{P} 17.43", "stacking", f"{steps} steps landed in {h}, more than 6: "
                                        f"{self.names(landed)}; the excess steps are lost.", [h], landed))
        return out

    def check_assaults(self, board: Board) -> list:
        """9.0, 10.1 A: the units assaulting one hex total at most 6 SP."""
        out = []
        limit = self.num("assault_stacking_limit_points")
        for atk in board.pos.attacks:
            if atk.kind != "assault":
                continue
            us = [u for u in (board.pos.unit(i) for i in atk.units) if u is not None]
            pts = sum(self.points(u) for u in us)
            if pts > limit:
                out.append(self.finding(board, f"{P} 10.1", "stacking", f"{fmt(pts)} stacking points assault {atk.hex}, "
                                        f"more than {fmt(limit)}: {self.names(us)}.", [atk.hex], us))
        return out
