"""Invasion: Malta's unit classes (2, 3.6) and places, read through rule parameters (unit
selectors ``im_combat``, ``im_armour``, ``im_red_box``, ``im_orange``, ``im_commando``,
``im_artillery``, ``im_pillbox``), and the stacking points and limit (3.32): the first layer of
the rule set, which every later layer reads."""
from __future__ import annotations

import re

from ....positions.model import Position, UnitState
from ....positions.scenario_number import scenario_number
from ...base import RuleSet
from ...generic import GenericRules
from .carried import HQ_COMPANY_FLAG, OPERATIONS, MaltaMemory
from ...core.board import Board
from ...core.tracker_lag import from_tracker

#: 16.24A 「シナリオ1、2、3（マルタ島）…シナリオ4（レロス島）」: the rulebook's scenario numbers
SCENARIOS = ("1", "2", "3", "4")
#: 18.13: units that may not use the motor pool (motorized units are excluded by their class)
POOL_INELIGIBLE = "type:coast-artillery, type:heavy-aa, type:pillbox, nat:italian-allied"
#: 4.14 step 6 "infantry-type" (spec P-S6 inferred default): the four infantry symbols of 2.27 and
#: Allied infantry labelled "HQ" (17.1 note)
INFANTRY = ("type:infantry, type:glider-infantry, type:parachute-infantry, type:motorcycle-infantry, "
            f"flag:{HQ_COMPANY_FLAG}")



def sheets_in_play(pos: Position) -> frozenset[str]:
    """The ids of the map sheets holding a unit or a marker of ``pos`` (boxes are on none)."""
    hexes = {u.hex for u in pos.units} | {h for h, m in pos.hex_markers.items() if m}
    return frozenset(got[0].id for h in hexes if pos.map.has_hex(h) and (got := pos.map.sheet_of(h)) is not None)


class InvasionMaltaUnits(GenericRules[MaltaMemory]):
    """Unit classes, stacking points and limit, airfields and sectors: the first layer over the
    generic rule set."""
    memory_type = MaltaMemory
    #: phases a player passes without a click when there is nothing to do in them, which the tracker's
    #: lag does not count (:mod:`vmodgen.rules.core.tracker_lag`): the Airborne Operations Phase of a
    #: turn with no paradrop or air transport (15.1: the Axis player's option), the Bombardment Phase
    #: with no declared attack to bombard (10.2; 7.14's commonest lag in play by e-mail)
    EMPTY_PHASES = frozenset({"airborne", "bombardment"})
    #: 4.21 B.3: the Operations Segment (Draw to Reset) is played once per Activation Marker, the
    #: kit's tracker runs it once a turn: a log's tracker inside it is no distance from a phase of it
    REPEATED_SEGMENT = OPERATIONS

    #: the generic parameters and the rulebook's numbers this game reads (its kit may set them)
    PARAMS = {
        **GenericRules.PARAMS,
        # stacking (3.3, 16)
        "stacking_limit_points": (9, "3.32: most stacking points of a side in a hex, at the end of any phase"),
        "invasion_hex_limit_points": (9, "16.33A: most stacking points landing in an invasion hex"),
        "im_allied_convoy_scenarios": ("4", "16.1, 16.22D: the scenarios in which the Allies have sea transport (landing by port entry only, 16.3), comma-separated"),
        "drop_hex_from_airhead_max_hexes": (4, "15.32: most hexes from a Drop Hex marker to an airhead"),
        "drop_hex_spacing_min_hexes": (2, "15.32: fewest hexes between two Drop Hex markers of a phase"),
        "port_entry_limit_points": (9, "16.14: most stacking points placed on a port hex by port entry"),
        "invasion_hex_armour_max": (1, "16.33A: most armour units landing in an invasion hex"),
        "im_landing_counts_present": (True, "§11 #24: units already in a port or invasion hex count toward its limit"),
        "group_b_infantry_per_hex_max": (1, "4.14 step 6: most Group B infantry units in a hex"),
        # movement (8, 17, 18)
        "zoc_entry_cost_mp": (1, "8.21: extra MP to enter an enemy ZOC"),
        "clear_cost_mp": (1, "2.23: MP to enter a clear hex"),
        "rough_cost_mp_infantry": (2, "8.31: MP of infantry to enter a rough hex"),
        "road_cost_axis_mp": (0.5, "8.33: MP of an Axis unit along a road"),
        "road_cost_allied_day_mp": (1, "8.33, §11 #2: MP of an Allied unit along a road by day"),
        "road_cost_allied_night_mp": (0.5, "8.33, §11 #2: MP of an Allied unit along a road at Night or in a Storm"),
        "slope_uphill_extra_mp": (1, "8.36: extra MP uphill across a slope"),
        "commando_cliff_cost_mp": (3, "17.31: MP of a commando crossing a cliff"),
        "motor_pool_ma": (10, "18.12: the MA of a unit using the motor pool"),
        "motor_pool_sp_max": (None, "18.12: the scenario's motor-pool stacking points a turn (none: not checked)"),
        "im_motor_pool_roads_only": (False, "18.14, §11 #21: motor-pool units move entirely on roads"),
        "im_allied_artillery_motor_pool_only": (False, "§11 #20: Allied artillery moves at Night only by the motor pool"),
        "disrupted_ma_divisor": (2, "3.83: a disrupted unit's MA is divided by this"),
        "gt1_allied_ma_penalty": (2, "7.12: MA Allied units lose on GT1 of Scenarios 2 and 3 (inferred: before halving)"),
        "infiltration_hexes": (1, "8.5: hexes of an infiltration move"),
        "im_redbox_zoc_urban": (False, "§11 #3: a red-box unit's ZOC reaches urban and airfield hexes off the road"),
        "paradropped_move_hexes_s34": (1, "15.16: hexes a paradropped unit may move in its drop activation in Scenarios 3-4 (none in 1-2)"),
        "im_paradrop_move_hexes": ("", "15.16, §11 #10: hexes a paradropped unit may move in its drop activation, whatever the scenario (text: by scenario)"),
        "airhead_spacing_min_hexes": (6, "15.21: least distance between airheads"),
        "im_air_entry_boxes": ("axis-paradrop-kg1, axis-paradrop-kg2, axis-paradrop-kg3, axis-paradrop-kg4, "
                               "axis-paradrop-kg5, axis-paradrop-kg6, axis-air-transport",
                               "8.43, 15.13, 15.7: the off-map boxes units enter the map from by air (paradrop KG boxes, air transport)"),
        # combat (13), efficiency (3.7-3.8)
        "air_units_per_target_hex_max": (2, "11.42, 11.45: most air units bombarding one hex in the Strategic Segment"),
        "cas_air_units_per_mission_max": (2, "11.54: most air units flying one CAS mission"),
        "hq_range_axis_hexes": (9, "17.13, 11.54: an Axis HQ's command range, counted from its hex (the target hex included)"),
        "combat_refusal_er_min": (5, "9.32: the lowest current ER of a unit that refuses combat"),
        "im_scenario_sheets": ("1: malta, 2: malta, 3: malta, 4: leros", "16.24A: the map sheet ids each rulebook scenario is played on (Scenarios 1-3 the Malta chart, 4 the Leros chart), for a position naming a scenario the kit has no scenario data for (4.12)"),
        "im_combat_refusal_komr_scenarios": ("1, 2", "9.32: the scenarios in which Maltese (KOMR) units may not refuse combat, comma-separated"),
        "attacker_retreat_hexes_max": (2, "13.32: most hexes an attacker retreats (1 or 2)"),
        "defender_retreat_hexes": (2, "13.32: hexes a defender retreats"),
        "advance_hexes": (1, "13.53: hexes of an advance after combat"),
        "declare_odds_min": (0.25, "9.12: the lowest initial odds (attack / defence) at which a combat is declared, "
                                   "1:4 (the CRT note says 1:3, spec §11 #1)"),
        "im_reaction_zoc_cost": (True, "§11 #23: the MP to react into a hex include the enemy-ZOC +1"),
        "im_reaction_into_excess": (False, "9.23 (inferred): a reaction may enter a hex already over the limit"),
        "er_minimum": (1, "3.75: the lowest efficiency rating"),
        "disrupted_er_penalty": (2, "3.83: disruption lowers the ER by this"),
        "oos_er_penalty": (1, "6.15: being out of supply lowers the ER by this (with disruption too)"),
        # activation (4, 7, 16, 17)
        "army_units_per_activation_max": (4, "7.23: most Army units in one activation"),
        "m_activation_units_max": (9, "17.41: most units in an M activation"),
        "activation_pool_max": (1, "7.15: most formations left in the activation pool at the end of a Ground Sequence"),
        "beachheads_per_zone_max": (3, "16.41: most beachheads in a landing zone"),
        "beachheads_per_nationality_max": (6, "16.41: most beachheads of a nationality"),
        "im_supply_side": ("axis", "6.1: the side whose supply routes are traced"),
        "turn_cycle": ("", "4.14 step 4, 6.13: the times of day of successive turns (comma-separated; none: the turn tracker's names)"),
        # unit classes (selectors)
        "im_combat": ("all, !kind:marker, !kind:air, !kind:naval, !class:air, !class:naval", "3.31: combat units, which count and act (unit selector)"),
        "im_armour": ("flag:armour, symbol:armor, symbol:assault-gun", "3.33, 2: armour (unit selector)"),
        "im_red_box": ("class:red, class:red_box", "2: red-box (motorized) units besides armour (unit selector)"),
        "im_orange": ("class:orange, class:orange_circle", "2: orange-circle (motorized) units (unit selector)"),
        "im_commando": ("type:commando, flag:commando", "17.31: commandos (unit selector)"),
        "im_air_transport_boxes": ("axis-air-transport", "15.71: the off-map boxes units leave by air transport, onto an airfield holding an airhead (comma-separated)"),
        "im_convoy_boxes": ("axis-convoy-1, axis-convoy-2, axis-convoy-3, axis-convoy-4", "16.2, 16.23: the convoy boxes; a formation activation moves one convoy (comma-separated)"),
        "im_sea_boxes": ("axis-port-entry, axis-convoy-1, axis-convoy-2, axis-convoy-3, axis-convoy-4", "16.16: the off-map boxes of units carried by sea; none returns there from the map (comma-separated)"),
        "im_boom_port_hexes": (2, "18.32: a port within this many hexes of a harbor boom line lies behind it (the kit draws no harbour area)"),
        "im_eliminated_boxes": ("axis-eliminated, allied-eliminated", "17.43: the boxes of eliminated units (comma-separated)"),
        "im_air_status_boxes": ("air-damaged, air-flown, air-ready", "11.13: the Air Status Card's Damaged, Flown and Ready boxes, in that order (comma-separated)"),
        "im_air_mission_boxes": ("air-bombardment", "11.23: the boxes of air units on a mission, besides map hexes (comma-separated)"),
        "im_glider": ("type:glider-infantry, flag:glider", "17.5: Axis glider units, never landed on an urban hex (17.52; unit selector)"),
        "im_artillery": ("", "2, 11: artillery (unit selector; none: the units with a range)"),
        "im_pillbox": ("type:pillbox", "14.2: pillboxes (unit selector)"),
        "im_naval": ("kind:naval, class:naval", "15.52, 17.61: naval units (unit selector)"),
        "im_infantry": (INFANTRY, "4.14 step 6: infantry (unit selector)"),
        "im_motor_pool_ineligible": (POOL_INELIGIBLE, "18.13: units that may not use the motor pool (unit selector; motorized units are excluded by their class)"),
        "im_aa": ("type:light-aa, type:heavy-aa", "11.32: anti-aircraft units (unit selector)"),
        "im_heavy_aa": ("type:heavy-aa", "11.33, 10.27: heavy AA, which fires only at air units on a bombardment mission (unit selector)"),
        "im_delay_boxes": ("malta-iz-south-delay, malta-iz-marsaxlokk-delay, malta-iz-st-pauls-delay, leros-iz-east-delay, leros-iz-north-delay", "16.26: the invasion zones' Delay boxes (comma-separated)"),
        "im_field_artillery": ("type:field-artillery, type:motorized-artillery", "10.26: British field artillery, which fires across sectors when its sector is not active (unit selector; reading: towed guns are field artillery)"),
        "im_coast_artillery": ("type:coast-artillery", "10.4, 10.44: coast artillery, flipped back in every Reset Phase (unit selector)"),
        "im_engineer": ("type:engineer, type:parachute-engineer", "15.72: engineers, two of which make an airfield usable (unit selector)"),
        "im_no_rally": ("type:anti-tank", "18.28: units that never rally (unit selector)"),
        "im_italian": ("nat:italian, nat:italian-allied", "3.84: Italian units (unit selector)"),
        "im_sudden_death_hexes": ("1:2933, 1:3131, 2:2933, 2:3131, 3:2933, 3:3131, 4:L2706", "19.21, 19.22: the sudden-death hexes, scenario:hex (Cospicua, Auberge de Castile; Leros 2706), comma-separated"),
        "axis_artillery_per_attack_max": (2, "10.24, 10.22: most German or Italian artillery units in one bombardment of a hex (the lead unit's formation is not judged)"),
        "british_artillery_per_attack_max": (4, "10.24, 10.22: most British artillery units in one bombardment of a hex"),
    }
    #: the rulebook's numbers the kit records for the players that no rule reads (the audit judges
    #: no combat results, die rolls or bombardment)
    RECORDED = {
        "armour_per_hex_max": "3.33, 3.64: even during a phase",
        "bombardment_crowded_hex_points": "10.25: +1 DRM when the hex holds more than 7 SP",
        "bombardment_drm_per_excess_unit": "10.25",
        "allied_sectors": "4.51",
        "hq_range_allied_outside_sector_hexes": "17.13: unlimited inside its own sector",
        "hq_command_points_max": "17.21: 1 or 2",
        "supply_route_unlimited": "6.11",
        "supply_axis_only": "6.1",
        "combat_drm_cap": "12.62: final DRM within +-5",
        "slope_combat_drm": "12.23: -1 when all attack uphill",
        "pillbox_combat_drm": "14.22: -1",
        "coordination_fail_drm": "12.4: -2 on the combat roll",
        "coordination_night_axis_drm": "12.4: +2 unless all attackers in one hex",
        "coordination_disrupted_drm": "12.4",
        "coordination_multi_formation_drm": "12.4",
        "die_zero_reads": "2.4",
        "ju88_missions_per_day": "11.23",
        "turns_per_day": "4.14, 6.13, 11.23: AM, PM, Night (inferred; illustrative in the kit)",
    }
    PARAMS_DOC = "docs/rules/invasion_malta.md"

    # ---- the generic behaviour Invasion: Malta does not take ----------------------------
    #: the generic parameters: its own rules of stacking (3.3), ZOC (8.2), movement (8) and supply
    #: (6) replace every rule that reads them (a position may give the points limit by its generic
    #: name, ``stacking_limit``)
    NOT_TAKEN = frozenset(GenericRules.PARAMS) - {"stacking_limit"}
    #: of the generic families, the movement costs only (not ``supply_sources_<side>``)
    PATTERNS = GenericRules.COST_PATTERNS
    #: :meth:`allowance` gives every unit its allowance: no drag is filled in for want of one
    allowance_field = RuleSet.allowance_field

    def combat(self, u: UnitState) -> bool:
        return self.is_(u, "im_combat")

    def armour(self, u: UnitState) -> bool:
        return self.is_(u, "im_armour")

    def red_box(self, u: UnitState) -> bool:
        return self.armour(u) or self.is_(u, "im_red_box")

    def orange(self, u: UnitState) -> bool:
        return self.is_(u, "im_orange")

    def motorized(self, u: UnitState) -> bool:
        return self.red_box(u) or self.orange(u) or u.mode == "motor_pool"

    def commando(self, u: UnitState) -> bool:
        return self.is_(u, "im_commando")

    def glider(self, u: UnitState) -> bool:
        return self.is_(u, "im_glider")

    def artillery(self, u: UnitState) -> bool:
        return self.is_(u, "im_artillery") if self.param("im_artillery") else u.value("range") is not None

    def pillbox(self, u: UnitState) -> bool:
        return self.is_(u, "im_pillbox")

    def motor_pool_barred(self, u: UnitState) -> bool:
        """18.13: a unit that may never use the motor pool: ``im_motor_pool_ineligible`` (coast
        artillery, heavy AA, Scenario-4 Italians), motorized units (red box, orange) and pillboxes."""
        return self.is_(u, "im_motor_pool_ineligible") or self.red_box(u) or self.orange(u) or self.pillbox(u)

    def zero_ma(self, u: UnitState, disruption: bool = True) -> bool:
        """8.15, 13.37: printed MA 0 (pillboxes, static units), out-of-supply armour (6.15), or an MA
        disruption halves to 0 (3.83, rounded down: 8.15 「ゼロMAへ減少したユニット」, round rulepos30:
        a disrupted MA-1 unit retreating passed as legal); ``disruption`` False: by the other causes only."""
        return u.value("movement") == 0 or self.pillbox(u) or u.unit.movement_class == "static" \
            or (self.armour(u) and u.has("oos")) or disruption and self.disrupted_to_zero(u)

    def disrupted_to_zero(self, u: UnitState) -> bool:
        """3.83: a disrupted unit whose MA, halved and rounded down, is 0."""
        ma = u.value("movement")
        return u.has("disrupted") and isinstance(ma, (int, float)) and 0 < ma \
            and ma // int(self.num("disrupted_ma_divisor")) == 0

    def stacking_limit(self) -> float:
        """3.32."""
        return self.points_limit()

    def stack_points(self, units: list[UnitState]) -> float:
        """3.32: the SP of the combat units among ``units``."""
        return sum(self.sp(u) for u in units)

    def sp(self, u: UnitState) -> float:
        return u.number("stacking", 0) if self.combat(u) else 0

    def fired(self, board: Board, u) -> bool:
        return u.has("fired") or (self.artillery(u) and u.reduced)

    def spent(self, board: Board, u) -> bool:
        return u.has("spent") or (board.unit_kind(u) == "hq" and u.reduced)

    @staticmethod
    def named_scenario_no(pos: Position) -> str:
        """The rulebook scenario's number the position names ("" when none): of the kit scenario the
        position reader resolved (``s3``; a kit id without one: its name's), else the number the
        position's text names, read as the reader reads it
        (:func:`~vmodgen.positions.scenario_number.scenario_number`). The reader resolves a kit
        scenario whenever the kit has one of that number, so only a number the kit has no scenario
        for ("Scenario 1", "Scenario 2") comes here without its data."""
        if pos.scenario_data is not None:
            m = re.search(r"(\d+)$", pos.scenario)
            n = int(m.group(1)) if m else scenario_number(getattr(pos.scenario_data, "name", "") or "")
        else:
            n = scenario_number(pos.scenario or "")
        return "" if n is None else str(n)

    def scenario_no(self, pos: Position) -> str:
        """The rulebook scenario's number: the one the position names (:meth:`named_scenario_no`),
        else the only scenario whose chart holds every unit and marker on the map (16.24A: a
        position on Leros alone is Scenario 4's); "" when none is named and several may be (a
        position on Malta: Scenarios 1-3; see :meth:`scenario_choices`)."""
        choices = self.scenario_choices(pos)
        return next(iter(choices)) if len(choices) == 1 else ""

    def scenario_sheets(self) -> dict[str, set[str]]:
        """16.24A: rulebook scenario number -> the map sheets it is played on (``im_scenario_sheets``)."""
        out: dict[str, set[str]] = {}
        for item in str(self.param("im_scenario_sheets") or "").split(","):
            k, _, sheet = item.partition(":")
            if sheet.strip():
                out.setdefault(k.strip().lower().lstrip("s"), set()).add(sheet.strip())
        return out

    def scenario_choices(self, pos: Position) -> frozenset[str]:
        """The rulebook scenarios the position may be a moment of: the one it names; else those
        whose charts hold every map sheet its units and markers stand on (16.24A: Leros alone is
        Scenario 4, Malta alone 1-3); all of them when the pieces stand on both islands (4.12 finds
        that) or on no map sheet. A log names no scenario and is not read so: a module's boards
        may hold pieces that are not in play (``moves_announced`` False: all of them)."""
        n = self.named_scenario_no(pos)
        if n:
            return frozenset((n,))
        by = self.scenario_sheets()
        if not pos.moves_announced:
            return frozenset(by)
        used = sheets_in_play(pos)
        fits = frozenset(k for k, sheets in by.items() if used <= sheets)
        return fits if used and fits else frozenset(by)

    def _choices(self, pos: Position) -> str:
        """The scenarios :meth:`scenario_choices` leaves, as a message names them ("Scenario 1, 2 or 3")."""
        c = sorted(self.scenario_choices(pos))
        return "Scenario " + (", ".join(c[:-1]) + " or " + c[-1] if len(c) > 1 else "".join(c))

    def _unnamed(self, pos: Position) -> str:
        """How a not-judged note says that no scenario is named: a position with the scenarios it may
        be (:meth:`_choices`); a log (``moves_announced`` False), which is not read by island, plainly."""
        if not pos.moves_announced:
            return "the log names no scenario"
        return f"the position names no scenario (it may be {self._choices(pos)})"

    def scenario_in(self, pos: Position, wanted: set[str]) -> bool | None:
        """Whether the position's scenario is one of ``wanted``: True or False when every scenario
        it may be (:meth:`scenario_choices`) agrees, None when they differ (the rule that asks is
        then not judged where the answer decides)."""
        choices = self.scenario_choices(pos)
        inside = choices & wanted
        return True if inside == choices else False if not inside else None

    def known_time(self, board: Board, rule_id: str) -> str | None:
        """The time of day, or None when unknown (a hook: the conditions layer derives it and records
        ``rule_id`` as not judged; here, the stated time)."""
        return self.time_of(board) or None

    def paradropped(self, pos: Position, uid: str) -> bool:
        """Whether unit ``uid`` paradropped in this activation, as the memory records it (a hook: the
        conditions layer reads ``paradropped``; without it, no)."""
        return False

    @staticmethod
    def phase_logged(pos: Position) -> bool:
        """Whether ``pos``'s phase is a log's (its turn tracker's or chat's, which may be a phase off
        the pieces), not a position file's stated one: the one test of "a log"
        (:func:`.core.tracker_lag.from_tracker`; before lagfix23, a ``state`` key ``derive`` set)."""
        return from_tracker(pos)

    def _air_landed(self, pos: Position, u: UnitState) -> bool:
        """Air transport lands on an airfield holding an airhead (15.71)."""
        return "airhead" in pos.hex_markers.get(u.hex, {}) and self.on_airfield(Board(pos), u.hex)

    def paradropping(self, board: Board, u: UnitState, came_from: str | None) -> bool:
        """Whether ``u``, entering the map from ``came_from`` in an Airborne Operations Phase, drops
        by parachute: not air-landed on an airhead's airfield (15.71), nor placed from a convoy
        card or an invasion zone's box (by sea with the tracker a phase behind, 16.14, 16.33A)."""
        from .transport import entry_source
        return not self._air_landed(board.pos, u) and not entry_source(self, board, came_from)

    def on_airfield(self, board: Board, h: str) -> bool:
        return board.terrain(h) == "airfield" or "airfield" in board.features(h) or \
            any(board.map.areas[a].kind == "airfield" for a in board.areas(h))

    @staticmethod
    def time_of(board: Board) -> str:
        return str(board.pos.state.get("time", "")).lower()

    def sector(self, board: Board, h: str) -> str:
        return next((a for a in board.areas(h) if board.map.areas[a].kind == "sector"), "")

    @staticmethod
    def unsectored(board: Board, h: str) -> bool:
        """4.51: ``h`` is a map hex outside every Allied sector of a map that has sectors (Leros: the
        rulebook gives it none). On a map without sectors (an inline game) the sector rules do not apply."""
        areas = board.map.areas
        return board.is_hex(h) and any(a.kind == "sector" for a in areas.values()) \
            and not any(areas[a].kind == "sector" for a in board.areas(h))

    def activation_side(self, board: Board) -> str | None:
        """4.42, 7.14: the side whose Activation Marker is being played (phases have no fixed side):
        ``[state] active`` names it (an Allied sector area id: the Allied side; a formation or "M":
        the Axis); else the position's ``side``, the side moving, which in the Reaction Movement
        Phase (9.2) is the inactive player, so the activation is the other side's. None: unknown
        (a log records neither the Activation Marker drawn nor a side for the phase)."""
        pos = board.pos
        active = pos.state.get("active")
        if isinstance(active, str) and active:
            return self.side_of_active(pos, active)
        if pos.side:
            if pos.phase == "reaction":
                return next((s for s in self.game.sides if s != pos.side), None)
            return pos.side
        return None

    def side_of_active(self, pos: Position, active: str) -> str:
        """The side of a formation or Allied sector id an AM activates (4.42, 4.51): an Allied sector
        (an area of kind "sector") is the Allies', a formation or "M" the Axis'."""
        axis = str(self.param("im_supply_side"))
        area = pos.map.areas.get(active)
        return next((s for s in self.game.sides if s != axis), "") if area is not None and area.kind == "sector" \
            else axis
