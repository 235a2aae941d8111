"""Invasion: Malta's unit classes (2, 3.6) and places, read through rule parameters (unit
selectors ``im_combat``, ``im_armour``, ``im_red_box``, ``im_orange``, ``im_commando``,
``im_artillery``, ``im_pillbox``), and the stacking points and limit (3.32): the first layer of
the rule set, which every later layer reads."""
from __future__ import annotations

from ....positions.model import Position, UnitState
from ...base import RuleSet
from ...generic import GenericRules
from .carried import MaltaMemory
from ...core.board import Board

#: 18.13: units that may not use the motor pool (motorized units are excluded by their class)
POOL_INELIGIBLE = "type:coast-artillery, type:heavy-aa, type:pillbox, nat:italian-allied"


class InvasionMaltaUnits(GenericRules[MaltaMemory]):
    """Unit classes, stacking points and limit, airfields and sectors: the first layer over the
    generic rule set."""
    memory_type = MaltaMemory

    #: the generic parameters and the rulebook's numbers this game reads (its kit may set them)
    PARAMS: dict[str, tuple[object, str]] = {
        **GenericRules.PARAMS,
        "zoc_entry_cost_mp": (1, "8.21: extra MP to enter an enemy ZOC"),
        "clear_cost_mp": (1, "MP to enter a clear hex"),
        "rough_cost_mp_infantry": (2, "8.31: MP of infantry to enter a rough hex"),
        "road_cost_axis_mp": (0.5, "8.33: MP of an Axis unit along a road"),
        "road_cost_allied_day_mp": (1, "8.33, §11 #2: MP of an Allied unit along a road by day"),
        "road_cost_allied_night_mp": (0.5, "8.33, §11 #2: MP of an Allied unit along a road at night"),
        "slope_uphill_extra_mp": (1, "8.36: extra MP uphill across a slope"),
        "commando_cliff_cost_mp": (3, "17.31: MP of a commando crossing a cliff"),
        "motor_pool_ma": (10, "18.12: the MA of a unit using the motor pool"),
        "disrupted_ma_divisor": (2, "3.83: a disrupted unit's MA is divided by this"),
        "gt1_allied_ma_penalty": (2, "7.12: MA Allied units lose on GT1 of Scenarios 2 and 3 (inferred: before halving)"),
        "infiltration_hexes": (1, "8.5: hexes of an infiltration move"),
        "im_redbox_zoc_urban": (False, "§11 #3: a red-box unit's ZOC reaches urban and airfield hexes off the road"),
        "im_motor_pool_roads_only": (False, "18.14, §11 #21: motor-pool units move entirely on roads"),
        "im_supply_side": ("axis", "6.1: the side whose supply routes are traced"),
    }

    # ---- the generic behaviour Invasion: Malta does not take ----------------------------
    #: the kit's own parameters (the rulebook's numbers) are read where the rules use them, with
    #: the rulebook's defaults: not refused for being outside :attr:`PARAMS`
    REFUSES_UNKNOWN_PARAMS = False
    #: :meth:`allowance` gives every unit its allowance: no drag is filled in for want of one
    allowance_field = RuleSet.allowance_field

    def combat(self, u: UnitState) -> bool:
        return self.is_(u, "im_combat", "all, !kind:marker, !kind:air, !kind:naval, !class:air, !class:naval")

    def armour(self, u: UnitState) -> bool:
        return self.is_(u, "im_armour", "flag:armour, symbol:armor, symbol:assault-gun")

    def red_box(self, u: UnitState) -> bool:
        return self.armour(u) or self.is_(u, "im_red_box", "class:red, class:red_box")

    def orange(self, u: UnitState) -> bool:
        return self.is_(u, "im_orange", "class:orange, class:orange_circle")

    def motorized(self, u: UnitState) -> bool:
        return self.red_box(u) or self.orange(u) or u.mode == "motor_pool"

    def commando(self, u: UnitState) -> bool:
        return self.is_(u, "im_commando", "type:commando, flag:commando")

    def artillery(self, u: UnitState) -> bool:
        sel = self.param("im_artillery", "")
        return self.is_(u, "im_artillery") if sel else u.value("range") is not None

    def pillbox(self, u: UnitState) -> bool:
        return self.is_(u, "im_pillbox", "type:pillbox")

    def zero_ma(self, u: UnitState) -> bool:
        """8.15, 13.37: printed MA 0 (pillboxes, static units) or out-of-supply armour (6.15)."""
        return u.value("movement") == 0 or self.pillbox(u) or u.unit.movement_class == "static" \
            or (self.armour(u) and u.has("oos"))

    def stacking_limit(self) -> float:
        return self.num("stacking_limit_points", self.num("stacking_limit", 9))

    def stack_points(self, units: list[UnitState]) -> float:
        """3.32: the SP of the combat units among ``units``."""
        return sum(self.sp(u) for u in units)

    def sp(self, u: UnitState) -> float:
        return u.number("stacking", 0) if self.combat(u) else 0

    def fired(self, board: Board, u) -> bool:
        return u.has("fired") or (self.artillery(u) and u.reduced)

    def spent(self, board: Board, u) -> bool:
        return u.has("spent") or (board.unit_kind(u) == "hq" and u.reduced)

    def _air_landed(self, pos: Position, u: UnitState) -> bool:
        """Air transport lands on an airfield holding an airhead (15.71)."""
        return "airhead" in pos.hex_markers.get(u.hex, {}) and self.on_airfield(Board(pos), u.hex)

    def on_airfield(self, board: Board, h: str) -> bool:
        return board.terrain(h) == "airfield" or "airfield" in board.features(h) or \
            any(board.map.areas[a].kind == "airfield" for a in board.areas(h))

    @staticmethod
    def time_of(board: Board) -> str:
        return str(board.pos.state.get("time", "")).lower()

    def sector(self, board: Board, h: str) -> str:
        return next((a for a in board.areas(h) if board.map.areas[a].kind == "sector"), "")
