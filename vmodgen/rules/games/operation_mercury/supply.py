"""Operation Mercury: sector supply levels (15.1) and HQ command range (8.12-8.14), the layer of
:class:`~vmodgen.rules.games.operation_mercury.ruleset.OperationMercuryRules` above stacking."""
from __future__ import annotations

from ....positions.model import UnitState
from ...core.moves import label
from ...core.board import Board
from ...core.stacking import fmt
from .stacking import OperationMercuryStacking

P = "OM"
LEVELS = ("adequate", "short", "low")


class OperationMercurySupply(OperationMercuryStacking):
    # ---- supply (15) and command range (8.12) ------------------------------------------------
    def sectors(self, board: Board) -> list[str]:
        return [a.id for a in board.map.areas.values() if a.kind == "sector"]

    def check_sector_supply(self, board: Board) -> list:
        """15.12-15.14, 15.24 on the levels a position states in ``[state.supply.<side>]``."""
        levels = board.pos.state.get("supply", {})
        if not isinstance(levels, dict):
            return []
        out = []
        south = str(self.param("south_crete_sector"))
        turn = board.pos.turn
        for side, per in levels.items():
            if not isinstance(per, dict):
                continue
            lock = self.num("german_adequate_last_turn" if side == "german" else "allied_adequate_last_turn")
            for sector, level in per.items():
                name = board.map.areas[sector].name if sector in board.map.areas else sector
                if level not in LEVELS:
                    out.append(self.finding(board, f"{P} 15.12", "supply", f"{self.side_name(side)} supply in {name} "
                                            f"is '{level}'; the levels are Adequate, Short and Low."))
                elif sector == south and level != "low":
                    out.append(self.finding(board, f"{P} 15.13", "supply", f"{self.side_name(side)} supply in {name} "
                                            f"is {level}, but South Crete is always Low."))
                elif turn is not None and turn <= lock and level != "adequate" and sector != south:
                    out.append(self.finding(board, f"{P} 15.14", "supply", f"{self.side_name(side)} supply in {name} "
                                            f"is {level} on turn {turn}, but stays Adequate through turn {fmt(lock)}."))
                elif sector in board.map.areas and level != "low" and self._rsc(board, side, sector) and not any(
                        u.side == side and self.ground(u) for h in board.map.areas[sector].hexes for u in board.units(h)):
                    out.append(self.finding(board, f"{P} 15.24", "supply", f"{self.side_name(side)} has no units in "
                                            f"{name} and RSCs in its box, so the level there must be Low, not {level}."))
        return out

    def _rsc(self, board: Board, side: str, sector: str) -> bool:
        rsc = board.pos.state.get("rsc", {})
        return isinstance(rsc, dict) and isinstance(rsc.get(side), dict) and bool(rsc[side].get(sector))

    def supply_level(self, board: Board, u: UnitState) -> str:
        """The level of the sector holding ``u`` (15.11); Greek militia are always Adequate (13.65)."""
        if self.is_(u, "om_militia"):
            return "adequate"
        per = board.pos.state.get("supply", {}).get(u.side, {})
        per = per if isinstance(per, dict) else {}
        for a in board.areas(u.hex):
            if a in per:
                return per[a]
        return "adequate"

    def supply_status(self, pos, side: str) -> dict[str, str]:
        board = self.board(pos)
        return {u.id: self.supply_level(board, u) for u in board.side_units(side) if self.ground(u)}

    def command_path(self, board: Board, hq: UnitState, target: str) -> int | None:
        """8.12: the shortest path from the HQ (not counted) to the defender's hex (counted) whose
        other hexes are land, hold no enemy unit and are outside the defenders' ZOC unless a
        friendly unit stands there. The hex exemptions and the land and enemy tests are readings
        (§11 #10); ``om_command_path_blocks`` ("water, enemy_units") says which of the last two
        apply."""
        blocks = str(self.param("om_command_path_blocks"))
        water, enemy = "water" in blocks, "enemy_units" in blocks
        defenders = {x.side for x in board.units(target)} - {hq.side} or set(board.enemies(hq.side))
        ez = {h for s in defenders for h in self.zoc(board, s).hexes()}
        frontier, seen, d = [hq.hex], {hq.hex}, 0
        while frontier:
            d += 1
            nxt = []
            for a in frontier:
                for b in board.neighbours(a):
                    if b in seen:
                        continue
                    if b == target:
                        return d
                    seen.add(b)
                    if (water and board.is_water(b)) or (enemy and any(x.side != hq.side for x in board.units(b))):
                        continue
                    if b in ez and not board.occupied_by(b, hq.side):
                        continue
                    nxt.append(b)
            frontier = nxt
            if d > 60:
                break
        return None

    def check_command(self, board: Board) -> list:
        out = []
        for atk in board.pos.attacks:
            if not atk.hq:
                continue
            hq = board.pos.unit(atk.hq)
            if hq is None or not board.is_hex(hq.hex):
                continue
            sides = {u.side for u in (board.pos.unit(x) for x in atk.units) if u is not None}
            if sides and hq.side not in sides:
                continue                        # 8.13: another side's HQ coordinates nothing (combat.py, OM 8.14)
            if hq.has("dispersed"):
                out.append(self.finding(board, f"{P} 8.13", "supply", f"{label(hq)} is dispersed and cannot "
                                        f"coordinate the attack on {atk.hex}.", [hq.hex, atk.hex], [hq]))
                continue
            if hq.number("command_range", -1) == -1:
                # no printed command range: judging it as 0 would report every attack out of range
                self.not_judged(f"{P} 8.12", f"{hq.id} has no command range ('command_range'), so whether the "
                                "defender is within it is not judged")
                continue
            cr = hq.number("command_range", 0)
            if hq.side == "allied":
                cr -= self.interdiction(board, hq.hex)                   # 12.42b
            d = self.command_path(board, hq, atk.hex)
            if d is None or d > cr:
                got = "no path free of enemy ZOC reaches it" if d is None else f"the shortest path free of enemy ZOC is {d} hexes"
                out.append(self.finding(board, f"{P} 8.12", "supply",
                                        f"{label(hq)} in {hq.hex} has a command range of {fmt(cr)}, but {got} to "
                                        f"the defender in {atk.hex}; the coordination roll is made against 3 (8.14).",
                                        [hq.hex, atk.hex], [hq]))
        return out
