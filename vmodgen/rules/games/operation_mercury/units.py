"""Operation Mercury's unit classes (ground units, fatigue, who exerts a ZOC, armor: unit
selectors ``om_ground``, ``om_no_zoc``, ``om_armor``), stacking points (4.3), zones of control
(5.1: ``om_zoc_hexsides``) and interdiction levels (12.4): the first layer of the rule set, which
every later layer reads."""
from __future__ import annotations

from ....positions.model import UnitState
from ...base import RuleSet
from ...generic import GenericRules
from .carried import MercuryMemory
from ...core.board import Board
from ...core.costs import CostTable
from ...core.zoc import FULL, NONE, ZocField, zoc_field


class OperationMercuryUnits(GenericRules[MercuryMemory]):
    """Unit classes, stacking points, ZOC and interdiction: the first layer over the generic
    rule set."""
    memory_type = MercuryMemory

    #: the generic parameters and the rulebook's numbers this game reads (its kit may set them)
    PARAMS: dict[str, tuple[object, str]] = {
        **GenericRules.PARAMS,
        "stacking_limit_points": (6, "4.31: most stacking points of a side in a hex"),
        "greek_militia_per_sector": (2, "13.61: Greek militia units per sector"),
        "zoc_to_zoc_min_ma": (5, "5.23: the least MA that may move from enemy ZOC to enemy ZOC"),
        "arrival_turn_ma_hexes": (1, "4.18: hexes a unit may move on the turn it arrives"),
        "om_box_stacking": (False, "§11 #16: off-map boxes have the stacking limit too (the text sets none)"),
        "om_retreat_cancel": ("combat", "9.63: 'combat' = a friendly combat unit cancels an enemy ZOC for a retreat; 'any' = 5.27's wording"),
        "south_crete_sector": ("sector-south-crete", "the area id of the South Crete sector"),
        "armor_restricted_terrain": ("rough, hills, mountain, orchard_woods, broken", "4.24: terrain an armoured unit enters or leaves only along a road"),
    }

    # ---- the generic behaviour Operation Mercury does not take ----------------------------
    #: the kit's own parameters (the rulebook's numbers) are read where the rules use them, with
    #: the rulebook's defaults: not refused for being outside :attr:`PARAMS`
    REFUSES_UNKNOWN_PARAMS = False
    #: :meth:`allowance` gives every unit its allowance: no drag is filled in for want of one
    allowance_field = RuleSet.allowance_field
    #: retreats and advances are judged from the hex changes the memory records over each combat
    #: sub-phase (``om_displaced``: 9.61, 9.84), not as moves
    check_retreat = RuleSet.check_retreat

    def ground(self, u: UnitState) -> bool:
        """Ground units count and act; markers, air and naval counters never do (4.33)."""
        return self.is_(u, "om_ground", "all, !kind:marker, !kind:air, !kind:naval, !class:air, !class:naval")

    def fatigued(self, u: UnitState) -> bool:
        return u.has("fatigue") or u.has("fatigued")

    def exerts_zoc(self, u: UnitState) -> bool:
        """5.12-5.13: not HQs, armor, AA, non-mortar artillery, Greeks; not fatigued or dispersed."""
        if not self.ground(u) or self.fatigued(u) or u.has("dispersed"):
            return False
        return not self.is_(u, "om_no_zoc", "flag:no_zoc, kind:hq, type:hq, type:airborne_hq, class:armor, "
                                           "type:aa, type:motorized_aaa, type:artillery, type:motorized_artillery, "
                                           "nat:greek")

    def armor(self, u: UnitState) -> bool:
        return self.is_(u, "om_armor", "class:armor")

    def stacking_limit(self) -> float:
        """4.31: 6 stacking points per hex."""
        return self.num("stacking_limit_points")

    def stack_points(self, units: list[UnitState]) -> float:
        return sum(self.points(u) for u in units)

    def points(self, u: UnitState) -> float:
        return u.number("stacking", 0) if self.ground(u) else 0

    def zoc(self, board: Board, side: str) -> ZocField:
        """5.11-5.16: the six neighbours, not across cliff or all-sea hexsides; a wheeled unit's ZOC
        does not enter terrain it may not enter."""
        blocked = set(str(self.param("om_zoc_hexsides", "cliff, all_sea")).replace(" ", "").split(","))
        wheeled = CostTable(board, "wheeled")

        def reach(u: UnitState, src: str, dst: str) -> int:
            if board.hexside(src, dst) & blocked or board.is_water(dst):
                return NONE
            if u.unit.movement_class == "wheeled" and wheeled.terrain_cost(dst) is None:
                return NONE
            return FULL
        return zoc_field(board, side, self.exerts_zoc, reach)

    def combat_enemy(self, board: Board, h: str, side: str) -> list[UnitState]:
        return [x for x in board.units(h) if x.side != side and self.ground(x)]

    def interdiction(self, board: Board, h: str) -> int:
        levels = board.pos.state.get("interdiction", {})
        if not isinstance(levels, dict):
            return 0
        return max([int(levels.get(a, 0)) for a in board.areas(h) if isinstance(levels.get(a, 0), int)] or [0])
