"""North Africa '41's unit classes (2.3: markers, combat units, silhouettes, mechanized; unit
selectors ``na41_marker``, ``na41_combat``, ``na41_silhouette``, ``na41_mech``), stacking points
and limit (4: ``stacking_limit_points``, ``free_silhouettes_per_hex``, ``extra_silhouette_points``,
the Tobruk Holding Box ``na41_holding_box``) and zones of control (7: ``na41_zoc_all_sea``): the
first layer of the rule set, which the rule-area modules read."""
from __future__ import annotations

from ....positions.model import UnitState
from ...base import RuleSet
from ...generic import GenericRules
from .carried import NA41Memory, fort_owner
from . import field_params
from ...core.board import Board
from ...core.stacking import free_first
from ...core.zoc import FULL, LIMITED, NONE, ZocField, zoc_field


class NorthAfrica41Units(GenericRules[NA41Memory]):
    """Unit classes, stacking points and limit, zones of control: the first layer over the
    generic rule set."""
    memory_type = NA41Memory

    #: the generic parameters and the rulebook's numbers this game reads (its kit may set them)
    PARAMS = {
        **GenericRules.PARAMS,
        # stacking (4)
        "stacking_limit_points": (5, "4.1: most stacking points of a side in a hex (markers never count)"),
        "free_silhouettes_per_hex": (1, "4.3: silhouettes in a hex that count no extra stacking point"),
        "extra_silhouette_points": (1, "4.3: stacking points of each further silhouette"),
        "na41_holding_box": ("tobruk-holding:3138", "2.2.4: the Tobruk Holding Box and the hex its units count in (box:hex)"),
        "na41_disengage_overstack_waits": (True, "§11 #10: units that disengaged may stay overstacked until their next Movement Phase ends (12.1.4)"),
        # movement (5, 6, 24, 18)
        "road_bonus_highway_hexes": (8, "5.2.2: most hexes of a road-bonus move along highway only"),
        "road_bonus_track_hexes": (4, "5.2.2: most hexes of a road-bonus move along track (or track and highway)"),
        "extended_movement_mp": (3, "5.3: MP extended movement adds"),
        "tactical_movement_max_hexes": (2, "5.4: most hexes of a tactical move"),
        "desert_max_consecutive_hexes": (2, "5.5: most desert hexes in a row"),
        "escarpment_nonmech_extra_mp": (1, "5.7: extra MP for a non-mechanized unit crossing an escarpment"),
        "rail_moves_per_allied_phase": (1, "5.9.1: rail moves in an Allied Movement Phase"),
        "na41_rail_line": ("railroad", "5.9: the line kind rail moves follow"),
        "na41_rail_stations": ("city, town, landmark", "5.9: the terrain where units entrain and detrain (and the Nile Delta box)"),
        "na41_rail_side": ("allied", "5.9: the side that may move by rail"),
        "coastal_convoys_free_per_impulse": (1, "21.1.2: free coastal convoys of a side a Movement Phase"),
        "na41_coastal_convoy_rp_side": ("allied", "21.1.2: the side that may buy a second coastal convoy for 1 RP"),
        "coastal_convoy_max_shipping_points": (2, "21.1.2: most shipping points of a coastal convoy"),
        "msu_shipping_points": (2, "21.2: shipping points of an MSU"),
        "box_entry_mp": (1, "6.3.3: MP to enter an off-map box in a Movement Phase (tactical movement: the box is 1 hex)"),
        "rail_extension_turn": (17, "5.9.2: the first turn the railroad runs on from the railhead to Misheifa 2351"),
        "na41_railhead": ("2559", "5.9.1, 5.9.2: the railroad's end before the extension turn (Mersa Matruh)"),
        "na41_rail_base": ("nile-delta", "5.9.1: the off-map box the railroad starts from (the Nile Delta)"),
        "na41_desert_terrain": ("desert", "5.5, 16.3.2: the desert terrain"),
        "na41_jebel_terrain": ("jebel", "5.5: the jebel terrain"),
        "ezoc_exit_mp": (2, "7.2: MP to leave an enemy ZOC"),
        "limited_ezoc_exit_mp": (1, "7.3: MP to leave a limited enemy ZOC"),
        "na41_zoc_all_sea": (False, "7.1, §11 #6: a ZOC crosses an all-sea hexside (the text does not say)"),
        "delay_marker_extra_mp": (1, "24.2: extra MP an enemy unit pays to enter a hex with a delay marker"),
        "strafing_extra_mp": (1, "18.7.5: extra MP an enemy unit pays to enter a hex with a strafing marker"),
        "air_range_hexes": (16, "18.7.3, 18.7.5: the air range from a friendly airfield or Corps HQ, where strafing markers go"),
        "na41_corps_hq": ("type:corps-hq", "18.7.3: Corps HQs, which give air range (unit selector)"),
        "lrdg_extra_mp": (2, "18.8: extra MP an Axis unit pays to enter the LRDG marker's hex"),
        "na41_lrdg_hinders": ("axis", "18.8: the side the LRDG marker hinders"),
        "forts_per_side": (14, "9.5.6: most forts of a side"),
        "truck_captured_max": (2, "27.1: most captured trucks"),
        "na41_italy_convoy_phases": ("i1-axis-movement", "21.1.3: the phases (ids) in which a convoy sails from the Italy box (the first impulse's Axis Movement Phase)"),
        "na41_italy_convoy_ports": ("tripoli", "21.1.3: where a convoy from Italy lands (box or hex ids)"),
        "na41_italy_convoy_rp_ports": ("3210", "21.1.3, 22.3.5: where it lands for 1 RP (Benghazi; RPs spent are not in a position: not judged)"),
        "na41_return_boxes": ("eliminated, remnant-display", "19.4.1: the boxes units return from (box ids)"),
        "na41_surrender_boxes": ("surrender-left, surrender-right", "12.5.2: the Surrender Box's two halves (box ids)"),
        "na41_supply_pool_box": ("supply-pool", "17.4: the display of unused SPs, where a free SP comes from (box id)"),
        "na41_conversions": ("5lt:21pz:10", "20.4.2: old formation:new formation:turn of each conversion (the 5th "
                             "Light becomes the 21st Panzer in the Preparation Phase of turn 10)"),
        "na41_withdrawn_box": ("withdrawn", "20.3: the Withdrawn Units box (box id): a unit put there from the map "
                               "was withdrawn (「マップ上のどこにあるかにかかわらず、それを取り上げて…撤退ボックス内に"
                               "置きます」), not moved: no move, retreat or advance rule reads it; a remnant "
                               "there still stands for its unit on the Remnant Display (10.4.1)"),
        "na41_replacement_pool_box": ("replacement-pool", "2.2.3: the box of unused replacement units (box id)"),
        "na41_remnant_display": ("remnant-display", "10.4.1, 19.6: the display of unused remnants and of the units "
                                 "remnants on the map stand for (box id)"),
        "na41_initial_phase": ("initial", "3.2: a word naming the Initial Phase (in its id or name)"),
        "na41_recovery_phase": ("recovery", "3.2, 13.4: a word naming the Recovery Phase (in its id or name)"),
        "na41_delay_phase": ("delay", "3.2, 24.3: a word naming the Delay Phase (in its id or name)"),
        "na41_attrition_phase": ("supply-attrition", "3.2, 25.1: words naming the Supply Attrition Phase (in its id or "
                                 "name; spaces, '_' and '-' alike)"),
        # retreat, advance, disengagement (12, 14, 16.4, 27.5)
        "nonmech_retreat_max_before_surrender": (2, "12.5.1: most hexes a non-mechanized unit retreats before it surrenders"),
        "advance_max_hexes": (4, "14.2: most hexes of an advance (DS/DR4)"),
        "advance_max_nonmech": (2, "14.2.1: most hexes of a non-mechanized unit's advance without a truck (and Matildas')"),
        "advance_max_oos": (1, "16.4: most hexes an out-of-supply unit advances"),
        "na41_limited_zoc_stops_advance": (True, "14.4: entering a limited enemy ZOC stops an advance too"),
        "disengagement_min_ma": (2, "27.5.3: least MA of a unit that disengages"),
        "disengage_max_hexes": (2, "27.5.4: most hexes of a disengagement"),
        # combat (8, 9)
        "na41_allied_side": ("allied", "8.4.2: the side whose attacks have the nationality and tank limits"),
        "allied_attack_max_nationalities": (2, "8.4.2: most nationalities in an Allied attack (each Commonwealth country counts)"),
        "allied_attack_max_tank_units": (3, "8.4.2: most tank units in an Allied attack"),
        # supply (16)
        "los_overland_max_points": (5, "16.3.2: most hex points of a line of supply's overland leg"),
        "los_rough_jebel_points": (2, "16.3.2: hex points of an off-road jebel or rough hex"),
        "los_desert_max_consecutive": (2, "16.3.2: most desert hexes in a row on a line of supply"),
        "na41_los_double_terrain": ("jebel, rough", "16.3.2: terrain that counts los_rough_jebel_points off the road"),
        "na41_marsh_terrain": ("marsh", "16.3.2: the marsh terrain"),
        "na41_oasis_terrain": ("oasis", "27.2: the oasis terrain (each oasis hex gives port supply to oasis_supply_units units)"),
        "oasis_supply_units": (1, "27.2 (optional): units each oasis hex gives port supply (0: the rule is not played)"),
        "na41_port_garrisons": (False, "27.4 (optional, not played unless true): a port with no combat unit of its "
                                 "controlling side in or next to it is uncontrolled"),
        "na41_los_noncombat_blocks": (True, "16.3.2, §11 #7: a hex holding only enemy non-combat units blocks a line"),
        "port_supply_units_per_capacity": (2, "16.2: units a port supplies per point of capacity"),
        "na41_isolated_asu_trace_to": ("any", "16.5.2: what an isolated ASU traces to ('any' source)"),
        "na41_msu_truck_type": ("truck", "16.2, 19.4.2: the unit type of trucks"),
        # ranges (17.3, 19.3)
        "sp_range": (3, "17.2.1: range of an SP not stacked with an ASU (an SP with an ASU has the ASU's range)"),
        "msu_range": (5, "17.2.4: range of an MSU"),
        "rommel_bonus_mp": (2, "18.5: MP Rommel adds to one German mechanized stack in the Axis Movement Phase (which "
                               "stack is not recorded: a move over its MA by at most this is not judged)"),
        "na41_replacement_base_boxes": ("reserve", "19.3.3: boxes whose units count, for replacements, as in the "
                                        "Nile Delta (na41_rail_base), besides the Withdrawn box (na41_withdrawn_box)"),
        "replacement_range_hexes": (5, "19.3.1: most hexes of the overland path from a unit to the replacement it takes"),
        # unit classes (selectors)
        "na41_marker": ("kind:marker", "2.3: markers (unit selector)"),
        "na41_combat": ("", "2.3.1: combat units (unit selector; none: a defense strength of 1 or more)"),
        "na41_silhouette": ("flag:silhouette, type:tank, type:flak88", "4.3: units with a silhouette (unit selector)"),
        "na41_mech": ("class:mech, class:mechanized", "2.3.3: mechanized units (unit selector)"),
        "na41_vehicle": ("flag:silhouette, type:tank, type:flak88, type:reconnaissance", "9.6: vehicles (unit selector)"),
        "na41_asu": ("type:artillery-group, type:corps-hq", "8.1, 16.5: ASUs (unit selector)"),
        "na41_to_reserve": ("flag:to_reserve", "S1.2: the three 'To Reserve' units, not used in S1 Enter Rommel (unit selector)"),
        "na41_polish_brigade": ("unit:PolBde", "S1.2, S2.2: the Polish brigade, which stays in Alexandria (unit selector)"),
        "na41_polish_release_turn": (11, "S1.2, S2.2: the first turn the Polish brigade may leave Alexandria"),
        "na41_scenario_first_phase": ("enter-rommel:i3-axis-initial, campaign:i3-axis-initial, crusader:i1-allied-initial",
                                      "S1.2, S2.2, S3.2: the first phase each scenario plays on its first turn (scenario:phase; "
                                      "S1/S2 start in the third impulse's Axis Initial Phase, S3 skips the Preparation Phase)"),
        "na41_setup_airfields": ("enter-rommel:allied, campaign:allied, crusader:allied, crusader:axis:3212 3629 3041",
                                 "S1.1 (S2.1: as S1.1), S3.1: who holds each airfield at the set-up, read from the airfield "
                                 "markers (22.2.2: they count the airfields each side controls): scenario:side[:hexes]; without "
                                 "hexes, every other airfield (S1/S2: all six markers in the Allied box; S3: the Axis Benina "
                                 "3212, Martuba 3629, Gambut 3041, the Allies the other two)"),
        "na41_reserve_release": ("2sa:14:2559, 2nz:12:2750", "S2.2: formation:turn:hex: its units sent to the Reserve box stay "
                                 "there until the turn, or until an Axis unit enters the hex (Mersa Matruh, Sidi Barrani)"),
        "na41_alexandria": ("2478", "S1.2, S2.2: Alexandria's hex, where the Polish brigade stays; 26.1.1: the "
                                    "Axis automatic-victory hex"),
        "na41_el_agheila": ("1604", "26.1.2: El Agheila's hex, the Allied automatic-victory hex"),
        "na41_never_damaged_ports": ("italy, tripoli, nile-delta, 2478",
                                     "21.4.2: the ports never damaged (Italy, Tripoli, the Nile Delta, Alexandria)"),
        "na41_corps_hq": ("type:corps-hq", "19.4.1: Corps HQs (unit selector)"),
        "na41_sp": ("type:supply-point, type:sp", "16.1: supply points (unit selector)"),
        "na41_msu": ("type:msu, status:msu", "16.2: MSUs (unit selector)"),
        "na41_supply_units": ("all, !kind:marker, !type:sp, !type:supply-point", "16.1: units the Supply Phase checks (unit selector)"),
        "na41_remnant": ("flag:remnant", "10.4: remnants (unit selector)"),
        "na41_matilda": ("flag:matilda", "14.2.1: Matildas (unit selector)"),
        "na41_immobile": ("flag:immobile", "17.1.2: immobile units (the Tobruk ASU; unit selector)"),
        "na41_tank_replacement": ("type:tank-replacement", "19.2.3: tank replacements (unit selector; the back is the heavy tank replacement, 19.2.5)"),
        "na41_infantry_replacement": ("type:infantry-replacement", "19.2.3: infantry replacements (unit selector)"),
        "na41_infantry_replaceable": ("type:infantry, type:machine-gun, type:motorized-infantry, type:motorized-machine-gun, "
                                      "type:motorized-parachute-infantry, type:motorcycle-infantry, type:reconnaissance, "
                                      "type:flak88", "19.2.3: units an infantry replacement rebuilds (infantry types, recon, 88mm Flak; unit selector)"),
    }
    #: the rulebook's numbers the kit records for the players that no rule reads (the audit judges
    #: no combat results, die rolls, impulses, air or naval purchases or victory)
    RECORDED = {
        "impulses_per_turn": "3.1 B",
        "impulses_per_summer_turn": "3.1 B (which turns are summer: turn track, not in the text)",
        "supply_points_per_turn": "3.1 A.1 (\"2 SPs\"; spec section 11 item 13: may be a list index)",
        "stacking_value_max": "4.2: printed 0-2 in a black box",
        "road_bonus_base_hexes": "5.2.2: a non-mech unit's 3 road hexes without the bonus",
        "truck_capacity_units": "5.8.1: one combat unit, replacement or SP",
        "attack_supply_min_attack": "8.5.1: attack supply needed from 10 attack points (or any tank shift)",
        "overwhelming_odds": "8.5.3: 10:1 or better needs no attack supply",
        "attack_cap_without_supply": "8.5.1",
        "attack_cap_with_supply": "8.8.1",
        "defense_cap": "8.8.2",
        "min_odds_attacker_to_one_defender": "8.8.3: odds below 1:3 are not allowed (value = the 3 of 1:3)",
        "crt_max_column_odds": "8.8.3, 8.8.4: 8:1 and 9:1 use the 7:1 column",
        "auto_ds_odds": "8.8.3: 10:1 or better is an automatic DS",
        "tank_shift_max": "9.2.3",
        "fort_completion_max_roll": "9.5.4: 1-3 completes",
        "forts_per_hex": "9.5.6",
        "existing_groundworks_hexes": "9.5.5",
        "mech_retreat_escape_hexes": "12.2.1: one extra hex if it saves the unit",
        "retreat_early_stop_min_hexes": "12.4",
        "surrender_box_turns": "12.5.2",
        "isolation_loss_max_roll": "16.5.3: 1-4 lose a step",
        "isolation_water_radius": "16.5.1",
        "asu_steps": "17.1.4",
        "sp_capture_min_roll": "17.2.3: 3-6 captured, 1-2 destroyed",
        "air_support_markers_allied": "18.7.1",
        "air_support_markers_german": "18.7.1",
        "air_support_markers_italian": "18.7.1",
        "strafing_markers_per_purchase": "18.7.5",
        "port_repair_per_impulse": "21.4.4",
        "resource_points_max": "23.1",
        "delay_markers_free_per_impulse": "24.1",
        "vp_limit": "S2.3.2: +12 Axis wins, -12 Allies win",
    }
    PARAMS_DOC = "docs/rules/north_africa_41.md"

    # ---- the generic behaviour North Africa '41 does not take ----------------------------
    #: the generic parameters: its own rules of stacking (4), ZOC (7), movement (5) and supply (16)
    #: replace every rule that reads them (a position may give the points limit by its generic name,
    #: ``stacking_limit``)
    NOT_TAKEN = frozenset(GenericRules.PARAMS) - {"stacking_limit"}
    #: of the generic families, the movement costs only (not ``supply_sources_<side>``); and a port's
    #: capacity, by the port's name (lower case, spaces as _): 16.2, 21.3.2
    PATTERNS = (*GenericRules.COST_PATTERNS, r"port_capacity_[a-z0-9_]+")
    #: :meth:`allowance` gives every unit its allowance: no drag is filled in for want of one
    allowance_field = RuleSet.allowance_field

    @classmethod
    def wrong_value(cls, name: str, value: object) -> str | None:
        """As the generic rule set's, and a parameter of :mod:`.field_params` read as it is written."""
        return super().wrong_value(name, value) or field_params.wrong(name, value)

    def _validate(self) -> None:
        """As the generic rule set's; and the phases a position or kit sets in a parameter naming
        phases (a scenario's first phase, the phases an Italian convoy sails in) must be phases of
        the game, or the rule reading it would never, or always, apply."""
        super()._validate()
        named = {"na41_scenario_first_phase": lambda v: list(field_params.first_phases(v).values()),
                 "na41_italy_convoy_phases": lambda v: [x.strip() for x in str(v).split(",") if x.strip()]}
        order = {ph.id for ph in self.game.sequence.phases}
        for key, phases in named.items():
            unknown = sorted({p for p in phases(self.param(key)) if p not in order}) if key in self.game.rules else []
            if unknown:
                raise self._bad(f"rule parameter '{key}': no phase {', '.join(unknown)} in this game's sequence "
                                "of play (give phase ids)")

    def marker(self, u: UnitState) -> bool:
        return self.is_(u, "na41_marker")

    def combat(self, u: UnitState) -> bool:
        """2.3.1: a combat unit has a defense strength of at least 1 (parenthesized ones too)."""
        if self.marker(u):
            return False
        if self.param("na41_combat"):
            return self.is_(u, "na41_combat")
        v = u.value("defense")
        if isinstance(v, str):
            v = int("".join(c for c in v if c.isdecimal()) or 0)
        return isinstance(v, int) and v >= 1

    def silhouette(self, u: UnitState) -> bool:
        return self.is_(u, "na41_silhouette")

    def tank(self, u: UnitState) -> bool:
        """A tank unit (8.4.2's count, 9.2.3's halving, 19.2.3's tank replacements): of type tank, or a
        silhouette that is no 88 Flak."""
        return u.unit.type == "tank" or self.silhouette(u) and u.unit.type != "flak88"

    def mech(self, u: UnitState) -> bool:
        """2.3.3; 5.8.1: a unit carried by a truck (status ``trucked``) moves as mechanized."""
        return self.is_(u, "na41_mech") or u.has("trucked")

    def stack_points(self, units: list[UnitState]) -> float:
        """4.2-4.3: printed values, but the first silhouette is free and each further one counts 1."""
        return free_first(lambda u: u.number("stacking", 0), self.silhouette,
                          int(self.num("free_silhouettes_per_hex")), self.num("extra_silhouette_points"))(units)

    def needs_stacking_value(self, board: Board, u: UnitState) -> bool:
        """A silhouette (tank, 88mm Flak) needs no printed stacking value: 4.3 fixes what it counts
        (the first in a hex free, each further one 1 point)."""
        return super().needs_stacking_value(board, u) and not self.silhouette(u)

    def stacking_limit(self) -> float:
        """4.1."""
        return self.points_limit()

    def stacking_hex(self, board: Board, h: str) -> str:
        """The Tobruk Holding Box shows units that are in the Tobruk hex (2.2.4)."""
        box, hexid = field_params.holding_box(self.param("na41_holding_box"))
        return hexid if h == box else h

    def hex_units(self, board: Board, h: str, side: str) -> list[UnitState]:
        """The units of ``side`` counted in hex ``h`` (the Tobruk Holding Box counts in its hex), in
        the position's order. Read per hex of a trace or a path: the two places' lists, not every unit."""
        box, hexid = field_params.holding_box(self.param("na41_holding_box"))
        if h == box and box != hexid:
            return []
        here = [u for u in board.units(h, side) if not self.marker(u)]
        if h != hexid or box == hexid:
            return here
        boxed = [u for u in board.units(box, side) if not self.marker(u)]
        if not boxed:
            return here
        order = {id(u): i for i, u in enumerate(board.pos.units)}
        return sorted(here + boxed, key=lambda u: order[id(u)])

    def hex_points(self, board: Board, h: str, side: str) -> float:
        return self.stack_points(self.hex_units(board, h, side)) if board.is_hex(h) else 0.0

    def port_control(self, board: Board, h: str, owner: str | None, start: bool = False) -> str | None:
        """27.4 (optional, ``na41_port_garrisons``) 「少なくとも１つの戦闘ユニットの守備隊を港湾内又はその隣接に
        持たない港湾は、非支配下になります」: the side ``owner`` (the control 16.3.4 gives) keeps a port only
        with a combat unit of its own in it or next to it; else nobody controls it. ``start``: the
        garrison at the start of the phase (21.1.4), a unit that moved standing where it came from."""
        if not owner or not self.param("na41_port_garrisons") or not self.is_port(board, h):
            return owner
        near = {h, *board.neighbours(h)}
        for u in board.side_units(owner):
            where = u.previous if start and u.previous else u.hex
            if self.stacking_hex(board, where) in near and self.combat(u):     # the Tobruk Holding Box: in Tobruk
                return owner
        return None

    def is_port(self, board: Board, h: str) -> bool:
        """A port printed on the map or stated in the position (16.2, 21.3)."""
        return "port" in board.features(h) or any(p.hex == h and p.kind == "port" for p in board.map.places)

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
        sea = bool(self.param("na41_zoc_all_sea"))

        def reach(u: UnitState, src: str, dst: str) -> int:
            feats = board.hexside(src, dst)
            if not sea and ("all_sea" in feats or board.is_water(dst)):
                return NONE
            if "escarpment" in feats and board.uphill(src, dst, "escarpment"):
                return LIMITED
            owner = fort_owner(board, dst)
            if owner is not None and owner != side:
                return LIMITED
            return FULL
        f = zoc_field(board, side, self.exerts_zoc, reach)
        # 2.2.4: the Tobruk Holding Box's units stand in Tobruk and exert their ZOC from its hex
        box, hexid = field_params.holding_box(self.param("na41_holding_box"))
        held = [u for u in board.units(box) if u.side == side and self.exerts_zoc(u)]
        if held and board.is_hex(hexid):
            for n in board.neighbours(hexid):
                k = max(reach(u, hexid, n) for u in held)
                if k != NONE:
                    (f.full if k == FULL else f.limited).setdefault(n, set()).add(hexid)
                    f.by_unit.setdefault(n, []).extend(held)
        return f
