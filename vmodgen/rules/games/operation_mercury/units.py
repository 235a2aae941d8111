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
    PARAMS = {
        **GenericRules.PARAMS,
        # stacking (4.3), ZOC (5), movement (4)
        "stacking_limit_points": (6, "4.31: most stacking points of a side in a hex"),
        "om_box_stacking": (False, "§11 #16: off-map boxes have the stacking limit too (the text sets none)"),
        "greek_militia_per_sector": (2, "13.61: Greek militia units per sector"),
        "paradrop_stacking_limit_points": (6, "6.12d: most stacking points paradropped into a target hex, before drift"),
        "paradrop_reserve_max_hq_distance": (6, "6.12b: reserve-wave targets within 6 hexes of a German HQ"),
        "om_wave_boxes": ("german-first-wave:1, german-second-wave:2",
                          "6.11: the first- and second-wave boxes and the turn each wave paradrops (box:turn)"),
        "om_reserve_wave_box": ("german-reserve-wave", "6.11, 6.12b: the reserve-wave box"),
        "amphibious_landing_limit_steps": (6, "17.43 A2: most steps landing in a target hex"),
        "assault_stacking_limit_points": (6, "9.0 'Important', 10.1 A: most stacking points in a hex after an assault"),
        "assault_occupy_points": (6, "10.34: stacking points of the assaulting units that occupy the hex of a defender the assault eliminated"),
        "om_zoc_hexsides": ("cliff, all_sea", "5.11-5.16: hexside features a ZOC does not cross"),
        "zoc_to_zoc_min_ma": (5, "5.23: the least MA that may move from enemy ZOC to enemy ZOC"),
        "arrival_turn_ma_hexes": (1, "4.18: hexes a unit may move on the turn it arrives"),
        "armor_restricted_terrain": ("rough, hills, mountain, orchard_woods, broken", "4.24: terrain an armoured unit enters or leaves only along a road"),
        "strategic_move_min_enemy_distance": (3, "4.41: least distance from any enemy unit where strategic movement starts"),
        "strategic_move_ma_bonus": (2, "4.41: MA strategic movement adds"),
        "strategic_move_keep_away_hexes": (3, "4.42: strategic movement never comes within this many hexes of an enemy unit"),
        "om_strategic_roads": ("road, secondary_road", "4.41: the roads strategic movement follows"),
        "offmap_entry_min_mp": (1, "4.53: MP a unit must have left on an edge hex to enter a box"),
        "om_box_links": ("offmap-heraklion-east:offmap-sitia", "4.54: off-map boxes linked to each other (box:box, comma-separated; the text names Sitia from the eastern Heraklion box)"),
        "om_hq_replacement_box": ("hq-replacement", "13.52: the box replacement HQs are placed from"),
        "om_militia_box": ("greek-militia-removed", "13.63: the box eliminated Greek militia return from"),
        "om_air_mission_boxes": ("air-interdiction, air-bombardment, air-naval-search, air-naval-attack",
                                 "12.15, 12.3: the Air Operations Display's mission boxes (none used in a Night turn)"),
        "om_alexandria_box": ("alexandria", "16.41, 16.44: the Alexandria port box, besides its refit boxes"),
        "evacuation_first_turn": (14, "20.11: 24 PM, the first turn the Allies check for evacuation (no Evacuation Ends marker before)"),
        "om_air_interdiction_box": ("air-interdiction", "12.41: the Interdiction mission box, emptied into Flown once the levels are set"),
        "om_air_readiness_boxes": ("air-abort-2, air-abort-1, air-flown, air-ready",
                                   "12.23 b-d: the readiness boxes, each a unit's next one box nearer Ready"),
        "om_alexandria_refit_boxes": ("alexandria-refit-1, alexandria-refit-2, alexandria-ready",
                                      "16.42: Alexandria's refit boxes toward Ready to Sail, one box a turn"),
        "om_athens_refit_boxes": ("athens-refit-1, athens-refit-2, athens-refit-3, athens-ready",
                                  "16.46: Athens' refit boxes toward Ready to Sail, one box after each Port Refit Phase"),
        "om_airlanding_box": ("german-airlanding", "6.51, 6.53: the box the airlanding groups wait in"),
        "om_sea_boxes": ("alexandria, athens, allied-reinforcements",
                         "17.37, 17.41: the holding boxes whose units come to Crete by sea (unloaded or landed)"),
        "om_unload_boxes": ("offmap-sitia, offmap-tymbakion", "4.57: the boxes where units may be unloaded"),
        "allied_offmap_paralysis_last_turn": (6, "4.61: last turn Allied units that started off the map or in Alexandria may not move"),
        "retimo_heraklion_paralysis_no_move_turn": (1, "4.62: the turn Allied units in the Retimo and Heraklion sectors may not move"),
        "retimo_heraklion_one_hex_turn": (2, "4.62: the turn they move 1 hex at most"),
        "maleme_suda_gt1_ma": (1, "4.63: MA of Allied units in the Maleme/Suda sector on GT1"),
        "suda_command_area_locked_last_turn": (6, "4.64: last turn no unit may leave the Suda Command Area"),
        "suda_command_area_one_per_turn_last_turn": (12, "4.64: last turn only one unit a turn may leave it"),
        "om_sca_area": ("suda-command-area", "4.64: the area id of the Suda Command Area"),
        "om_sca_units": ("flag:suda_command_area", "4.64: units bound to the Suda Command Area (unit selector)"),
        "om_sector_maleme_suda": ("sector-maleme-suda", "4.63, 7.12: the area id of the Maleme/Suda sector"),
        "om_sector_retimo": ("sector-retimo", "4.62, 7.12: the area id of the Retimo sector"),
        "om_sector_heraklion": ("sector-heraklion", "4.62, 7.12: the area id of the Heraklion sector"),
        "south_crete_sector": ("sector-south-crete", "15.1: the area id of the South Crete sector"),
        # unit classes (selectors)
        "om_ground": ("all, !kind:marker, !kind:air, !kind:naval, !class:air, !class:naval", "4.33: ground units, which count and act (unit selector)"),
        "om_no_zoc": ("flag:no_zoc, kind:hq, type:hq, type:airborne_hq, class:armor, type:aa, type:motorized_aaa, "
                      "type:artillery, type:motorized_artillery, nat:greek", "5.12-5.13: units that exert no ZOC (unit selector)"),
        "om_armor": ("class:armor", "4.24: armoured units (unit selector)"),
        "om_foot": ("class:foot", "4.41: foot units, which may use strategic movement (unit selector)"),
        "om_hq": ("kind:hq", "7.14, 8.1, 13.52: headquarters (unit selector)"),
        "om_militia": ("type:greek_militia", "13.61-13.64: Greek militia (unit selector)"),
        "om_fire_units": ("type:artillery, type:motorized_artillery, type:aa, type:motorized_aaa",
                          "11.11, 13.32: non-mortar artillery and AA, which take a fire marker when they move (unit selector)"),
        "om_mortar": ("type:mortar", "11.11: mortars (unit selector)"),
        "om_no_attack": ("type:artillery, type:motorized_artillery, type:aa, type:motorized_aaa",
                         "11.0, 7.14: units with no attack strength (unit selector)"),
        "om_artillery_units": ("type:artillery, type:motorized_artillery, type:aa, type:motorized_aaa, type:mortar",
                               "6.55: Allied units whose range covers an airfield (unit selector)"),
        "om_no_amphibious": ("class:armor, type:motorized_artillery", "17.41: units that may not land amphibiously (unit selector)"),
        # arrivals (6, 17)
        "airlanding_capacity_steps": (7, "6.52: steps airlanded a turn at an airfield whose sector names no capacity"),
        "airlanding_capacity_maleme_steps": (None, "6.52: steps airlanded a turn at Maleme (none: airlanding_capacity_steps)"),
        "airlanding_capacity_retimo_steps": (None, "6.52: steps airlanded a turn at Retimo (none: airlanding_capacity_steps)"),
        "airlanding_capacity_heraklion_steps": (None, "6.52: steps airlanded a turn at Heraklion, the whole airfield (none: airlanding_capacity_steps)"),
        "airlanding_capacity_artillery_range_steps": (3, "6.55: capacity of an airfield in range of Allied artillery"),
        "airlanding_capacity_ezoc_steps": (2, "6.56: capacity of an airfield in an enemy ZOC"),
        "om_partial_sea_terrain": ("partial_sea", "17.43 D2: the terrain an amphibious unit may not retreat onto"),
        "om_suda_bay_area": ("suda-bay", "17.41: the area id of Suda Bay, where no amphibious landing is made"),
        "om_beach_terrain": ("clear_beach, clear, broken",
                             "17.24: the terrains of beach hexes, where units land amphibiously (an airfield hex is "
                             "one too); Clear is read as the Clear/Beach of the lost TEC"),
        "om_beach_unsure_terrain": ("rough, partial_sea",
                                    "17.24: terrains that may be beach hexes (Rough may be the Broken of 17.24 under "
                                    "another translation, spec 11.2; a partial-sea hex's land terrain is not "
                                    "recorded): a landing there is not judged"),
        "amphibious_drift_max_hexes": (1, "17.43 B3: hexes the drift diagram moves a landing unit at most: an "
                                          "assumption (the diagram is lost; 6.2's example drifts 1 hex), used only "
                                          "when the target hex is not known"),
        "german_convoy_landing_steps": (10, "17.42a: most steps the Germans land from a single convoy each turn"),
        "allied_sea_zone_landing_steps": (12, "17.42b: most steps the Allies land from a single sea zone each turn"),
        "om_steamer_ports": ("E3136, W4031", "17.52: the coastal steamer's two ports (hex ids)"),
        "coastal_steamer_enemy_min_distance": (2, "17.52: least distance of a steamer port from enemy units"),
        "allied_convoy_capacity_steps": (6, "21.11: most steps one Allied convoy carries (No Naval Game, 21.0)"),
        "no_naval_game": (False, "21.0 (optional, agreed before play): no naval game; Allied convoys arrive only as 21.13 allows"),
        "convoy_night_ports": ("W4031, E3136", "21.13a: Suda and Heraklion (their minor ports), where Allied convoys arrive in Night turns only"),
        "german_convoy_boxes": ("offmap-sitia", "21.32: the off-map anchorage 21.13 bars to Allied convoys (Sitia), where German steamer and DD convoys arrive; the map's anchorages outside the South Crete sector (Kisamos Kastelli; Canea and Retimo, whose hexes the map marks illustrative) are the others"),
        "convoy_unnamed_boxes": ("offmap-tymbakion", "21.13: off-map boxes 4.57 opens to unloading that 21.13 neither allows (its three South Crete anchorages) nor bars (Kisamos Kastelli, Canea, Retimo, Sitia): Tymbakion; a convoy's arrival there is named not judged"),
        # combat (7-9)
        "refusal_min_efficiency": (5, "7.31: least efficiency of a unit of a stack that refuses combat"),
        "refusal_advance_limit_points": (6, "7.32: most stacking points that advance after a combat refusal"),
        "om_refusal_split": (False, "7.32: a refusing stack may split (the text: 'the stack retreats 1 hex')"),
        "reaction_min_ma": (5, "7.41: least MA of a reacting unit"),
        "om_retreat_cancel": ("combat", "9.63: 'combat' = a friendly combat unit cancels an enemy ZOC for a retreat; 'any' = 5.27's wording"),
        "om_command_path_blocks": ("water, enemy_units", "8.12, §11 #10: what blocks the command path from an HQ"),
        # air and supply (12, 13, 15)
        "interdiction_max_level": (2, "12.41: the highest interdiction level"),
        "greek_militia_return_min_german_distance": (6, "13.64: least distance from German units where Greek militia return"),
        "german_adequate_last_turn": (6, "15.14: the Germans are Adequate automatically on GT1-6"),
        "allied_adequate_last_turn": (12, "15.14: the Allies are Adequate automatically on GT1-12"),
        "german_supply_roll_first_turn": (7, "15.15: first turn German supply levels are rolled"),
        "allied_supply_roll_first_turn": (13, "15.15: first turn Allied supply levels are rolled"),
        "allied_initial_rsc": (2, "15.25a: RSCs the Allied player starts with"),
        "air_resupply_capacity_steps": (5, "15.25c: steps German air resupply carries"),
        "rsc_per_sector_per_am": (1, "15.26, Expanded SoP I.B.3: RSCs a sector receives each AM turn"),
    }
    #: the rulebook's numbers the kit records for the players that no rule reads (the audit judges
    #: no combat results, die rolls, air missions or victory)
    RECORDED = {
        "turns_per_day": "3.2: AM, PM (day) and Night",
        "turn_hours": "1.0",
        "hex_scale_km": "2.1 (0.94 mile)",
        "efficiency_min": "2.4",
        "efficiency_max": "2.4",
        "die_zero_reads": "2.5",
        "clear_hex_mp": "2.4",
        "zoc_range_hexes": "5.11: the six adjacent hexes",
        "paradrop_drm_glider_minus": "6.42 example: glider -3",
        "paradrop_drm_enemy_in_hex": "6.42 example",
        "paradrop_drm_enemy_zoc": "6.42 example",
        "paradrop_drm_rough": "6.42 example",
        "paradrop_drm_adjacent_aa": "6.42 example, 13.31b",
        "airlanding_ezoc_safe_max_roll": "6.56: 1-4 safe",
        "airlanding_ezoc_step_loss_max_roll": "6.56: 5-9 lose a step, 10+ eliminated",
        "airlanding_ezoc_drm_artillery": "6.56",
        "airlanding_ezoc_drm_adjacent_aa": "6.56",
        "reaction_surprise_drm_allied": "7.43",
        "hq_uncommanded_coordination": "8.14",
        "combat_ratio_max_attacker": "9.32: 8:1",
        "combat_ratio_max_defender": "9.32: 1:3",
        "maneuver_drm_cap": "9.33",
        "retreat_fail_step_loss": "9.64: per stack",
        "assault_drm_cap": "10.21",
        "assault_max_rounds": "10.1",
        "artillery_fires_per_turn": "11.11: First Fire then Final Fire",
        "defensive_bombardment_max_artillery": "11.31: 1 or 2 artillery units against assaulting units",
        "defensive_support_max_artillery": "11.43",
        "air_support_max_per_combat": "12.62",
        "air_bombardment_max_per_mission": "12.52",
        "hex_bombardment_max_per_turn": "12.53 clarification",
        "spotting_min_range": "11.22: unobserved +1 when range >= 2 and no friendly unit adjacent",
        "ju87_split_max": "12.13",
        "air_flown_ready_max_roll": "12.23: Flown -> Ready on 1-8",
        "air_abort1_max_roll": "12.23: Abort 1 -> Flown on 1-7",
        "air_abort2_max_roll": "12.23: Abort 2 -> Abort 1 on 1-5",
        "interdiction_maleme_suda_level1": "12.41: bombing strength needed",
        "interdiction_maleme_suda_level2": "12.41",
        "interdiction_retimo_level1": "12.41",
        "interdiction_retimo_level2": "12.41",
        "interdiction_heraklion_level1": "12.41",
        "interdiction_heraklion_level2": "12.41",
        "interdiction_south_crete_level1": "12.41",
        "interdiction_south_crete_level2": "12.41",
        "interdiction_min_ma": "12.42a",
        "greek_militia_units": "13.6",
        "greek_militia_return_max_roll": "13.63: returns on 1-5 (AM)",
        "supply_levels": "15.12: Adequate, Short, Low",
        "rsc_transport_steps": "15.21",
        "rsc_german_loss_steps": "17.36",
        "supply_drm_expended_rsc_minus": "15.26c",
        "supply_drm_airfield_not_in_ezoc_minus": "15.25c (German)",
        "supply_drm_air_resupply_minus": "15.25c",
        "supply_short_attack_drm": "15.32",
        "supply_low_attack_drm": "15.33",
        "tf_max_naval_counters": "16.33",
        "tf_max_markers": "16.33c",
        "decoy_tf_max": "16.33",
        "german_amphibious_steps_per_convoy": "17.42",
        "allied_amphibious_steps_per_zone": "17.42",
        "dd_flotilla_capacity_steps": "17.35e",
        "naval_bombardment_reach_hexes": "19.81: enemy hexes within 2 hexes of a coastal hex",
        "naval_bombardment_drm": "19.81",
        "evacuation_allied_steps_lost": "20.11b",
        "evacuation_sectors_short_or_low": "20.11c: of the 4 map sectors",
        "evacuation_ends_turns_ahead": "20.12",
        "auto_allied_victory_turn": "22.1: no German unit on an airfield hex at the end of GT12",
        "italian_screen_bombardment": "23.1: Matapan + East Ionian",
        "italian_screen_bombardment_early": "23.3: GT1-3 in scenario 6",
    }
    PARAMS_DOC = "docs/rules/operation_mercury.md"

    # ---- the generic behaviour Operation Mercury does not take ----------------------------
    #: the generic parameters: its own rules of stacking (4.3), ZOC (5), movement (4) and supply (15)
    #: replace every rule that reads them
    NOT_TAKEN = frozenset(GenericRules.PARAMS)
    #: of the generic families, the movement costs only (not ``supply_sources_<side>``)
    PATTERNS = GenericRules.COST_PATTERNS
    #: :meth:`allowance` gives every unit its allowance: no drag is filled in for want of one
    allowance_field = RuleSet.allowance_field
    #: retreats and advances are judged from the hex changes the memory records over each combat
    #: sub-phase (``om_displaced``: 9.61, 9.84), not as moves
    check_retreat = RuleSet.check_retreat

    def ground(self, u: UnitState) -> bool:
        """Ground units count and act; markers, air and naval counters never do (4.33)."""
        return self.is_(u, "om_ground")

    def fatigued(self, u: UnitState) -> bool:
        return u.has("fatigue") or u.has("fatigued")

    def exerts_zoc(self, u: UnitState) -> bool:
        """5.12-5.13: not HQs, armor, AA, non-mortar artillery, Greeks; not fatigued or dispersed."""
        if not self.ground(u) or self.fatigued(u) or u.has("dispersed"):
            return False
        return not self.is_(u, "om_no_zoc")

    def armor(self, u: UnitState) -> bool:
        return self.is_(u, "om_armor")

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
        blocked = set(str(self.param("om_zoc_hexsides")).replace(" ", "").split(","))
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
