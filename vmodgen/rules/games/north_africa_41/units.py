"""North Africa '41's unit classes (2.3: markers, combat units, silhouettes, mechanized; unit
selectors ``na41_marker``, ``na41_combat``, ``na41_silhouette``, ``na41_mech``), stacking points
and limit (4: ``stacking_limit_points``, ``free_silhouettes_per_hex``, ``extra_silhouette_points``,
the Tobruk Holding Box ``na41_holding_box``) and zones of control (7: ``na41_zoc_all_sea``): the
first layer of the rule set, which the rule-area modules read."""
from __future__ import annotations

from ....positions.model import UnitState
from ...base import RuleSet
from ...generic import GenericRules
from .carried import NA41Memory
from ...core.board import Board
from ...core.stacking import free_first
from ...core.zoc import FULL, LIMITED, NONE, ZocField, zoc_field


class NorthAfrica41Units(GenericRules[NA41Memory]):
    """Unit classes, stacking points and limit, zones of control: the first layer over the
    generic rule set."""
    memory_type = NA41Memory

    #: the generic parameters and the rulebook's numbers this game reads (its kit may set them)
    PARAMS: dict[str, tuple[object, str]] = {
        **GenericRules.PARAMS,
        "free_silhouettes_per_hex": (1, "4.3: silhouettes in a hex that count no extra stacking point"),
        "extra_silhouette_points": (1, "4.3: stacking points of each further silhouette"),
        "extended_movement_mp": (3, "5.3: MP extended movement adds"),
        "tactical_movement_max_hexes": (2, "5.4: most hexes of a tactical move"),
        "desert_max_consecutive_hexes": (2, "5.5: most desert hexes in a row"),
        "escarpment_nonmech_extra_mp": (1, "5.7: extra MP for a non-mechanized unit crossing an escarpment"),
        "ezoc_exit_mp": (2, "7.2: MP to leave an enemy ZOC"),
        "limited_ezoc_exit_mp": (1, "7.3: MP to leave a limited enemy ZOC"),
        "advance_max_oos": (1, "16.4: most hexes an out-of-supply unit advances"),
        "na41_disengage_overstack_waits": (True, "§11 #10: units that disengaged may stay overstacked until their next Movement Phase ends (12.1.4)"),
        "lrdg_extra_mp": (2, "18.8: extra MP next to the LRDG marker"),
        "na41_lrdg_hinders": ("axis", "18.8: the side the LRDG marker hinders"),
    }

    # ---- the generic behaviour North Africa '41 does not take ----------------------------
    #: the kit's own parameters (the rulebook's numbers) are read where the rules use them, with
    #: the rulebook's defaults: not refused for being outside :attr:`PARAMS`
    REFUSES_UNKNOWN_PARAMS = False
    #: :meth:`allowance` gives every unit its allowance: no drag is filled in for want of one
    allowance_field = RuleSet.allowance_field

    def marker(self, u: UnitState) -> bool:
        return self.is_(u, "na41_marker", "kind:marker")

    def combat(self, u: UnitState) -> bool:
        """2.3.1: a combat unit has a defense strength of at least 1 (parenthesized ones too)."""
        if self.marker(u):
            return False
        sel = self.param("na41_combat", "")
        if sel:
            return self.is_(u, "na41_combat")
        v = u.value("defense")
        if isinstance(v, str):
            v = int("".join(c for c in v if c.isdigit()) or 0)
        return isinstance(v, int) and v >= 1

    def silhouette(self, u: UnitState) -> bool:
        return self.is_(u, "na41_silhouette", "flag:silhouette, type:tank, type:flak88")

    def mech(self, u: UnitState) -> bool:
        """2.3.3; 5.8.1: a unit carried by a truck (status ``trucked``) moves as mechanized."""
        return self.is_(u, "na41_mech", "class:mech, class:mechanized") or u.has("trucked")

    def stack_points(self, units: list[UnitState]) -> float:
        """4.2-4.3: printed values, but the first silhouette is free and each further one counts 1."""
        return free_first(lambda u: u.number("stacking", 0), self.silhouette,
                          int(self.num("free_silhouettes_per_hex")), self.num("extra_silhouette_points"))(units)

    def stacking_limit(self) -> float:
        return self.num("stacking_limit_points", self.num("stacking_limit", 5))

    def stacking_hex(self, board: Board, h: str) -> str:
        """The Tobruk Holding Box shows units that are in the Tobruk hex (2.2.4)."""
        holding = str(self.param("na41_holding_box", "tobruk-holding:3138"))
        box, _, hexid = holding.partition(":")
        return hexid if h == box and hexid else h

    def hex_units(self, board: Board, h: str, side: str) -> list[UnitState]:
        """The units of ``side`` counted in hex ``h`` (the Tobruk Holding Box counts in its hex)."""
        return [u for u in board.pos.units if u.side == side and not self.marker(u)
                and self.stacking_hex(board, u.hex) == h]

    def hex_points(self, board: Board, h: str, side: str) -> float:
        return self.stack_points(self.hex_units(board, h, side)) if board.is_hex(h) else 0.0

    def exerts_zoc(self, u: UnitState) -> bool:
        """7.1: combat units exert a ZOC, not Full Retreat units (13.3.2), not in boxes (6.2)."""
        return self.combat(u) and not u.has("full_retreat")

    def zoc(self, board: Board, side: str) -> ZocField:
        """7.1-7.3: limited into the upper side of an escarpment and into a completed fort of the
        other side; full otherwise. Readings of open points (spec §11 #5-#6): a hex reached by a
        full and a limited ZOC is in a full one; ZOCs overlap (7.4) when two *source hexes* are
        not adjacent, so several units in one hex are one source; ZOC across an all-sea hexside
        is not stated: ``na41_zoc_all_sea`` (false) says whether it crosses. For the OOS entry
        ban (16.4) a friendly unit cancels overlapping ZOCs in the hex it stands in."""
        sea = bool(self.param("na41_zoc_all_sea", False))

        def reach(u: UnitState, src: str, dst: str) -> int:
            feats = board.hexside(src, dst)
            if not sea and ("all_sea" in feats or board.is_water(dst)):
                return NONE
            if "escarpment" in feats and board.uphill(src, dst, "escarpment"):
                return LIMITED
            owner = board.marker_owner(dst, "fort")
            if owner is not None and owner != side:
                return LIMITED
            return FULL
        return zoc_field(board, side, self.exerts_zoc, reach)
