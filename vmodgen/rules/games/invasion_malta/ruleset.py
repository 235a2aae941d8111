"""Invasion: Malta (with Leros): stacking (3.3), zones of control (3.2, 8.2), movement (8) and the
Axis supply route (6) over the core. Rule numbers are the rulebook's (spec:
``rules/invasion-malta.md`` §4-§8, §10; coverage table ``docs/rules/invasion_malta.md``).
The rule set is one chain of classes, each file a rule area whose class extends the one below,
so every attribute a layer reads is declared beneath it: :mod:`.units` (unit classes, stacking
points) → :mod:`.stacking` (3.3) → :mod:`.conditions` (time, weather, arrivals) → :mod:`.movement`
(ZOC 3.2, movement 8) → :mod:`.supply` (6) → :mod:`.combat` (retreat, advance, Reaction) →
:mod:`.activation` (activation, motor pool, set-up, Reset and Recovery upkeep, beachheads) →
:mod:`.memory` (``remember`` and the rules that read the previous phase end from ``[state]``) →
this module (the rule list and the move check by mode); each documents its parameters.

Parameters read from ``game.rules`` (the kit's names; defaults = the rulebook): the rule set's
``PARAMS`` (the generic's and the game's own, each with its default and rule, in :mod:`.units`)
and the terrain costs ``move_cost_<terrain>`` (the TEC is not in the text; default 1); a kit may
also record the rulebook's numbers no rule reads (``RECORDED``); any other name is refused. The
time of day is ``[state] time`` (am, pm, night); in a log the audit derives it, the weather and
the arrivals (:mod:`.invasion_malta_context`), and a rule whose precondition it cannot derive is
not judged.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...base import ALWAYS, EVERY_PHASE_END, MOVES, Judged, Rule, When
from ...core.moves import label
from ....positions.model import UnitState
from ...core.board import Board
from . import air, air_card, bombardment, declared_attacks, kgs, lapses, quiet_phases, returns, still_phases, transport
from .memory import InvasionMaltaMemory
from .stacking import landing_breach
from .units import SCENARIOS

P = "IM"


#: ``[state] time`` and ``weather`` as a reader writes them, any capitals, or in the Japanese
#: rulebook's words: 夜間 (「夜間ターン」, 8.4) and 良好, 強風, 嵐 (5.1「良好 [Good]、強風 [Windy]、嵐 [Storm]」)
TIME_WORDS = {"am": "am", "pm": "pm", "night": "night", "夜間": "night"}
WEATHER_WORDS = {"good": "good", "windy": "windy", "storm": "storm", "良好": "good", "強風": "windy", "嵐": "storm"}


@dataclass(frozen=True)
class PhaseEnd(When):
    """At the end of the phases ``phases`` (ids, where kinds are too coarse: the Weather and the
    Victory Conditions Phases are both of kind "other")."""
    phases: tuple[str, ...] = ()

    def applies(self, pos) -> bool:
        return not pos.phase or pos.at == "end" and pos.phase in self.phases

    def describe(self) -> str:
        return "at the end of the " + " or ".join(self.phases) + " phase"
#: the rules of the attacks chosen in the Combat Declaration Phase (a combat-kind phase; the
#: functions keep to that phase's id, ``declared_attacks.DECLARATION``)
DECLARING = When(("combat",), at="any")


class InvasionMaltaRules(InvasionMaltaMemory):
    id = "invasion-malta"
    prefix = P
    KIT = id
    statuses = frozenset({"disrupted", "oos", "excess", "paradropped", "arrived", "activated", "spent", "fired",
                          "landed", "group_b"})
    #: the kit's Excess Stacking marker (``excess-stacking``) is the ``excess`` status (3.34); its
    #: Activation marker (``activation``, 7.22, 17.42), the ``activated`` status the rules read
    status_aliases = {"excess": ("excess-stacking",), "activated": ("activation",)}
    modes = frozenset({"move", "infiltration", "motor_pool", "retreat", "advance", "reaction"})
    #: the Air Status Card's moves (air_card.py, round rulepos31): a log's drags on the card may lag
    #: the tracker, so they are judged in position files only (review rv-t25 item 1)
    POSITION_FILE_ONLY = {
        f"{P} 11.13": "a log's moves on the Air Status Card may lag the turn tracker",
        f"{P} 11.21": "a log's moves on the Air Status Card may lag the turn tracker",
    }
    LOG_PRECONDITIONS = {
        f"{P} 6.15": "declared attacks (which units attack which hex) are not recorded in a log",
        f"{P} 9.13": "declared attacks (which units attack which hex) are not recorded in a log: each attack's "
                     "lead unit (12.31) and its attackers' hexes are not judged, nor a declaration whose Attack "
                     "Target marker is not on the map at the end of the Combat Declaration Phase (removed before "
                     "it, or never placed)",
        f"{P} 9.12": "declared attacks (which units attack which hex) are not recorded in a log",
        f"{P} 9.15": "declared attacks (which units attack which hex) are not recorded in a log",
        f"{P} 10.34": "declared attacks (which units attack which hex) are not recorded in a log",
        f"{P} 15.61": "declared attacks (which units attack which hex) are not recorded in a log",
        f"{P} 12.11": "declared attacks (which units attack which hex) are not recorded in a log",
        f"{P} 18.11": "a log does not say which moves use the motor pool",
        f"{P} 4.12": "a log names no scenario, and its island is not read from the pieces (a module's boards may hold "
                     "pieces not in play): the scenario's maps and last turn (4.12, 4.22, 16.24A) are not known",
        f"{P} 4.14": "which units are Group B (4.14 step 6) is not recorded in a log: the bundled kit has no Group B "
                     "marker, and the set-up's groups are on the set-up cards",
        f"{P} 15.14": "which units form each KG is on the set-up card: a log's KG boxes hold what its module set up "
                      "(the bundled kit's KG membership is illustrative)",
        f"{P} 10.24": "declared attacks (the defender and attacker hexes a bombardment may target, 10.22, 10.23) are "
                      "not recorded in a log, and without them neither a unit's targets nor how many combined on a "
                      "hex (10.24) is known",
    }
    #: 18.11's entry also holds 8.41 (Allied artillery moves only by the motor pool), judged on a log's
    #: moves when the kit reads it so
    LOG_PARTLY_JUDGED = {
        f"{P} 9.13": "the Attack Target markers on the map at the end of the Combat Declaration Phase: a unit of the "
                     "attacking side beside each",
        f"{P} 18.11": "the same rule entry judges 8.41 (Allied artillery moving otherwise than by the motor pool) on "
                      "a log's moves when the kit sets im_allied_artillery_motor_pool_only",
    }

    #: the free ``[state]`` keys its rules read (the memory's fields besides); another is refused
    #: (:func:`vmodgen.positions.load._unread_state`: a misspelt ``motor_pool``, a ``bombarded`` table)
    state_keys = frozenset({"time", "weather", "active", "active_unknown", "airheads", "beachheads",
                            "motor_pool_used"})

    def log_partly_judged(self) -> dict[str, str]:
        """18.11's 8.41 branch runs only where the kit sets ``im_allied_artillery_motor_pool_only``
        (the bundled kit does not): elsewhere a log judges nothing of 18.11 (review rv-e22 item 1)."""
        if self.flag("im_allied_artillery_motor_pool_only"):
            return self.LOG_PARTLY_JUDGED
        return {k: v for k, v in self.LOG_PARTLY_JUDGED.items() if k != f"{P} 18.11"}

    def validate_position(self, pos) -> None:
        """``[state]``: time = "am" | "pm" | "night"; weather = "good" | "windy" | "storm";
        beachheads = {hex = formation}; airheads = {hex = nationality}; active = formation, "M" or
        sector id; motor_pool_used = SP; and the history keys of
        :mod:`.invasion_malta_history` (prev_hexes, prev_oos, prev_reduced, prev_activated,
        prev_activation_unknown, marked_at_draw, prev_airheads, prev_fired, dropped)."""
        from ....errors import InputError
        n = self.named_scenario_no(pos)
        if n and n not in SCENARIOS and pos.scenario_data is None:     # a kit's own scenario is its own
            raise InputError(pos.source, f"[position] scenario {pos.scenario!r} names Scenario {n}; the rulebook has "
                                         f"Scenarios {', '.join(SCENARIOS[:-1])} (Malta) and {SCENARIOS[-1]} (Leros)")
        time = pos.state.get("time", "night")
        if not isinstance(time, str) or time.strip().casefold() not in TIME_WORDS:
            raise InputError(pos.source, f"[state] time must be \"am\", \"pm\" or \"night\" (夜間), not {time!r}")
        if "time" in pos.state:
            pos.state["time"] = TIME_WORDS[time.strip().casefold()]
        weather = pos.state.get("weather")
        if isinstance(weather, str) and weather.strip().casefold() in WEATHER_WORDS:
            pos.state["weather"] = WEATHER_WORDS[weather.strip().casefold()]
        for key, example in (("beachheads", "7"), ("airheads", "german")):
            v = pos.state.get(key, {})
            if not isinstance(v, dict) or not all(isinstance(x, str) for x in v.values()):
                raise InputError(pos.source, f"[state] {key} must look like {{\"1530\" = \"{example}\"}}")
        if pos.state.get("airheads"):
            pos.state["airheads"] = {h: self._nationality_id(pos, n) for h, n in pos.state["airheads"].items()}
        active = pos.state.get("active", "")
        if not isinstance(active, str):
            raise InputError(pos.source, f"[state] active must name the formation or sector whose AM is played "
                                         f"(\"7\", \"M\", \"sector-north\"), not {active!r}")
        if active:
            pos.state["active"] = self._active_id(pos, active)
        used = pos.state.get("motor_pool_used", 0)
        if isinstance(used, bool) or not isinstance(used, (int, float)) or used < 0:
            raise InputError(pos.source, f"[state] motor_pool_used must be a number of SP, not {used!r}")
        self.validate_history(pos)

    @staticmethod
    def _nationality_id(pos, name: str) -> str:
        """The nationality id an ``airheads`` value names, by id or printed name in any case
        ("German", "german"), so 15.2 and 6.12 compare it with a unit's nationality; in a kit game a
        name that is no nationality (a formation "7") is refused rather than read as one no unit has."""
        from ....errors import InputError
        nats = {n.id: n.name for n in pos.game.nationalities.values()} if pos.game.nationalities else \
            {u.unit.nationality: u.unit.nationality for u in pos.units if u.unit.nationality}
        known = {k.casefold(): k for k in nats} | {v.casefold(): k for k, v in nats.items()}
        if name.strip().casefold() in known:
            return known[name.strip().casefold()]
        if not pos.game.formations:
            return name            # an inline game: a nationality is free text (as its units')
        raise InputError(pos.source, f"[state] airheads: {name!r} is no nationality of this game "
                                     f"(known: {', '.join(sorted(nats))})")

    @staticmethod
    def _active_id(pos, active: str) -> str:
        """The formation or Allied sector id ``[state] active`` names (4.42: an AM activates one
        formation, or for the Allies one sector), spelled as the kit prints it ("Central sector",
        "central" for ``sector-central``, "7th Flieger Division" for ``7``); a kit game refuses a name it has not, which would else be
        read as a formation no unit belongs to and find every move (4.51, 7.23)."""
        from ....errors import InputError
        if not pos.game.formations:
            return active          # an inline game: its formations are whatever its units say
        norm = lambda t: " ".join(t.casefold().replace("_", " ").replace("-", " ").split())
        known = {norm(f): f for f in pos.game.formations}
        # 2.25: the formation's printed name, as its Activation Marker shows it ("7th Flieger Division")
        known.update({norm(f.name): fid for fid, f in pos.game.formations.items() if getattr(f, "name", "")})
        known.update({norm(u.unit.formation): u.unit.formation for u in pos.units if u.unit.formation})
        for a in pos.map.areas.values():
            if a.kind == "sector":
                short = norm(a.name).removesuffix(" sector").removeprefix("sector ")
                known.update({norm(a.id): a.id, norm(a.name): a.id, short: a.id})
        if norm(active) in known:
            return known[norm(active)]
        ids = sorted(set(known.values()))
        printed = sorted({f.name for f in pos.game.formations.values() if getattr(f, "name", "")}
                         | {a.name for a in pos.map.areas.values() if a.kind == "sector" and a.name} - set(ids))
        raise InputError(pos.source, f"[state] active {active!r} is no formation or sector of this game "
                                     f"(known: {', '.join(ids)}"
                                     f"{'; or by printed name: ' + ', '.join(printed) if printed else ''})")

    # ---- unit classes (2, 3.6) -------------------------------------------------------------











    # ---- rules -------------------------------------------------------------------------------
    def rules(self) -> list[Rule]:
        return [
            Rule(f"{P} 3.32", "stacking", EVERY_PHASE_END, self.check_stacking, "9 SP and excess markers",
                 judged=Judged.STATE),
            Rule(f"{P} 3.33", "stacking", ALWAYS, self.check_armour, "one armour unit per hex"),
            Rule(f"{P} 8.14", "stacking", ALWAYS, self.check_mixed, "opposing units never share a hex"),
            Rule(f"{P} 16.33", "stacking", ALWAYS,
                 lambda b: self.check_landings(b) + transport.check_invasion_placements(self, b),
                 "9 SP and 1 armour per landing hex; invaders placed from their zone's Available box in the Movement Phase",
                 breach=landing_breach),
            Rule(f"{P} 15.52", "movement", ALWAYS, self.check_water, "ground units never on all-sea hexes"),
            Rule(f"{P} 8.2", "zoc", MOVES, self.check_moves, "movement and ZOC"),
            Rule(f"{P} 6.1", "supply", ALWAYS, self.check_allied_oos, "Allied units are always in supply"),
            Rule(f"{P} 6.12", "supply", When(("supply",)), self.check_supply, "Axis supply route"),
            Rule(f"{P} 6.12", "supply", EVERY_PHASE_END, self.check_oos_history, "OoS markers placed and removed"),
            Rule(f"{P} 8.15", "movement", EVERY_PHASE_END, self.check_static_history, "0-MA and orange units stay"),
            Rule(f"{P} 4.52", "movement", EVERY_PHASE_END, self.check_sector_history, "sector changes"),
            Rule(f"{P} 18.21", "movement", EVERY_PHASE_END, self.check_rally_history, "rally"),
            Rule(f"{P} 15.21", "supply", EVERY_PHASE_END, self.check_airheads, "airhead placement"),
            Rule(f"{P} 10.12", "zoc", EVERY_PHASE_END, self.check_fire_history, "no fire from enemy ZOC"),
            Rule(f"{P} 4.21", "movement", ALWAYS, lambda b: still_phases.check_still_phase_moves(self, b),
                 "no map move in the Strategic and Reorganization Segments, the Draw and the Reset"),
            Rule(f"{P} 7.14", "movement", PhaseEnd(phases=(quiet_phases.DECLARATION, quiet_phases.BOMBARDMENT)),
                 lambda b: quiet_phases.check_quiet_phase_moves(self, b),
                 "no unit moves in the Combat Declaration (but a refusal) and Bombardment Phases (a log's)"),
            Rule(f"{P} 10.24", "movement", EVERY_PHASE_END, lambda b: bombardment.check_targets(self, b),
                 "bombardment targets: in range, a combat's hex, once a phase, 2 Axis or 4 British units"),
            Rule(f"{P} 8.43", "movement", EVERY_PHASE_END, self.check_air_entry, "no air entry at Night or Storm"),
            Rule(f"{P} 15.32", "movement", ALWAYS, self.check_drop_hexes, "drop hexes near an airhead, apart"),
            Rule(f"{P} 15.71", "movement", EVERY_PHASE_END, self.check_air_transport, "air transport onto airheads"),
            Rule(f"{P} 15.14", "movement", EVERY_PHASE_END, lambda b: kgs.check_kgs(self, b),
                 "KGs drop whole, in order, not past GT2, and keep their units"),
            Rule(f"{P} 15.2", "supply", PhaseEnd(phases=("airborne",)), lambda b: kgs.check_airhead_for_drop(self, b),
                 "no KG paradrops without an Airhead of its nationality on the map"),
            Rule(f"{P} 15.21", "supply", ALWAYS, lambda b: kgs.name_drop_before_airhead(self, b),
                 "a KG drop before any airhead stood on the map (within-phase order: not judged)"),
            Rule(f"{P} 17.52", "movement", EVERY_PHASE_END, self.check_glider_landing, "no glider lands on urban"),
            Rule(f"{P} 15.16", "movement", MOVES, self.check_dropped_moves, "paradropped units' movement"),
            Rule(f"{P} 11.13", "movement", MOVES, lambda b: air_card.check_air_card(self, b),
                 "the Air Status Card: readiness in its phase, only Flown to Ready, missions assigned in it (11.21)"),
            Rule(f"{P} 15.21", "movement", MOVES, lambda b: kgs.check_drop_phase(self, b),
                 "a KG drops in the Airborne Operations Phase only"),
            Rule(f"{P} 15.71", "movement", MOVES, lambda b: kgs.check_air_transport_phase(self, b),
                 "air transport in the transport phase only"),
            Rule(f"{P} 7.23", "movement", MOVES, self.check_activation_moves, "only activated units move"),
            Rule(f"{P} 18.11", "movement", MOVES, self.check_motor_pool_moves, "motor pool"),
            Rule(f"{P} 4.14", "stacking", ALWAYS, self.check_group_b, "Group B set-up"),
            Rule(f"{P} 6.15", "supply", ALWAYS, self.check_oos_attacks, "OoS units attacking"),
            Rule(f"{P} 9.13", "movement", ALWAYS, self.check_attacks, "declared attacks: adjacent, hexsides, once"),
            Rule(f"{P} 9.13", "movement", DECLARING, lambda b: declared_attacks.check_lead(self, b),
                 "an active unit leads each attack"),
            Rule(f"{P} 9.13", "movement", PhaseEnd(phases=(declared_attacks.DECLARATION[1],)),
                 lambda b: declared_attacks.check_target_markers(self, b),
                 "an attacking unit beside each Attack Target marker"),
            Rule(f"{P} 9.12", "movement", DECLARING, lambda b: declared_attacks.check_odds(self, b),
                 "no attack declared below 1:4"),
            Rule(f"{P} 9.15", "movement", DECLARING, lambda b: declared_attacks.check_attackers(self, b),
                 "who may attack: strength, excess, not artillery alone (9.15, 3.34, 12.14)"),
            Rule(f"{P} 12.11", "movement", ALWAYS, lambda b: declared_attacks.check_defended_once(self, b),
                 "a hex is attacked once a Combat Phase"),
            # (at the phase's end: a log checks an "any" rule on its positions during the phase only,
            # so under DECLARING a log's drift hex was never judged, im22)
            # (a log's at the end of the last phase its tracker may show ahead of the declaration:
            # the Reaction Movement Phase's, the Bombardment Phase empty; lagfix23)
            Rule(f"{P} 12.12", "movement", PhaseEnd(phases=(declared_attacks.DECLARATION[1],
                                                           *self.lag_ahead(declared_attacks.DECLARATION[1]))),
                 lambda b: declared_attacks.check_drift_declared(self, b),
                 "a drift combat is declared"),
            Rule(f"{P} 15.61", "movement", ALWAYS, lambda b: declared_attacks.check_drift_joiners(self, b),
                 "only the dropped units fight a drift combat"),
            Rule(f"{P} 3.84", "zoc", EVERY_PHASE_END, self.check_recovery, "Recovery Phase upkeep"),
            Rule(f"{P} 10.14", "movement", EVERY_PHASE_END, self.check_reset, "Reset Phase upkeep"),
            Rule(f"{P} 10.34", "movement", EVERY_PHASE_END, lambda b: declared_attacks.check_artillery_flipped(self, b),
                 "artillery that fought is Fired after the combat"),
            Rule(f"{P} 7.15", "movement", EVERY_PHASE_END, self.check_pool, "one AM in the Activation Pool"),
            Rule(f"{P} 16.41", "supply", EVERY_PHASE_END, self.check_beachheads, "beachheads per zone"),
            Rule(f"{P} 15.78", "movement", MOVES, lambda b: transport.check_air_exit(self, b),
                 "no unit leaves the island by air, nor flies airfield to airfield"),
            Rule(f"{P} 16.16", "movement", MOVES, lambda b: transport.check_sea_moves(self, b),
                 "no port to port, no return to the card, no sea transport in a Storm"),
            Rule(f"{P} 16.13", "movement", MOVES, lambda b: transport.check_port_friendly(self, b),
                 "units arriving by sea land at a friendly port"),
            Rule(f"{P} 16.32", "movement", ALWAYS, lambda b: transport.check_storm_invasion(self, b),
                 "no amphibious invasion in a Storm"),
            Rule(f"{P} 18.32", "movement", EVERY_PHASE_END, lambda b: transport.check_booms(self, b),
                 "harbor booms: no Axis port entry through one, destroyed by a unit on its end"),
            Rule(f"{P} 16.46", "supply", EVERY_PHASE_END, lambda b: lapses.check_beachhead_enemy(self, b),
                 "no beachhead marker with an enemy combat unit"),
            Rule(f"{P} 17.43", "movement", EVERY_PHASE_END, lambda b: lapses.check_m_hq(self, b),
                 "no M activation after the M HQ is eliminated"),
            Rule(f"{P} 11.23", "movement", EVERY_PHASE_END, lambda b: lapses.check_night_missions(self, b),
                 "no air mission at Night"),
            Rule(f"{P} 11.14", "movement", EVERY_PHASE_END, lambda b: lapses.check_storm_missions(self, b),
                 "no air mission in a Storm"),
            Rule(f"{P} 18.25", "movement", EVERY_PHASE_END, lambda b: returns.check_returns(self, b),
                 "units back from elimination: Night Recovery, reduced side, on a hospital or HQ"),
            Rule(f"{P} 19.21", "supply", PhaseEnd(phases=("weather",)), lambda b: lapses.check_sudden_death(self, b),
                 "no turn after a sudden-death win (19.21, 19.22, 4.22)"),
            Rule(f"{P} 13.13", "movement", EVERY_PHASE_END, lambda b: lapses.check_attack_targets(self, b),
                 "no Attack Target marker left at the Combat Phase's end"),
            Rule(f"{P} 19.11", "supply", EVERY_PHASE_END, lambda b: lapses.check_axis_control(self, b),
                 "no Axis Control marker under Allied combat units"),
            Rule(f"{P} 4.12", "movement", ALWAYS, lambda b: lapses.check_scenario_bounds(self, b),
                 "the scenario's island and turns (4.12, 16.24A, 4.22)"),
            Rule(f"{P} 11.52", "movement", EVERY_PHASE_END, lambda b: air.check_air_units(self, b),
                 "air units on German HQs or on a mission hex, two a mission (11.42, 11.52, 11.54)"),
        ]

    # ---- stacking (3.3) ------------------------------------------------------------------------





    # ---- ZOC (3.2) -------------------------------------------------------------------------------



    # ---- movement (8) ----------------------------------------------------------------------------

    # ---- the move check, by mode (8; retreat, advance and Reaction: combat.py) --------------
    def judges_move(self, board: Board, u: UnitState) -> bool:
        return self.combat(u)

    def _landing_in_movement(self, board: Board, u: UnitState) -> list:
        """16.33 「上陸戦闘：戦闘フェイズ」, 16.33E: an invading unit leaves its invasion hex for the coastal
        hex in the Combat Phase (an advance after the landing combat, or unopposed at its end), never
        by a move: a move out of an invasion hex onto land in a Movement Phase is a finding."""
        if u.mode in ("retreat", "advance") or board.pos.phase_kind != "movement" or not u.previous:
            return []
        way = [h for h in (u.path or u.stops or (u.previous, u.hex)) if board.is_hex(h)]
        sea = [i for i, h in enumerate(way) if board.terrain(h) == "invasion"]
        if not sea or sea[0] + 1 >= len(way) or all(board.terrain(h) == "invasion" for h in way[sea[0]:]):
            return []
        start, land = way[sea[0]], next(h for h in way[sea[0]:] if board.terrain(h) != "invasion")
        name = board.pos.phase_name
        return [self.finding(board, f"{P} 16.33", "movement", f"{label(u)} moved from the invasion hex {start} onto "
                             f"{land} in the {name}; an invading unit lands on the coastal hex in the Combat Phase "
                             "(16.33E).", [land], [u], part="landing")]

    def arrival_drifts(self, phase) -> bool:
        """15.4: only a paradrop drifts (the Airborne Operations Phase, an air phase); a unit placed
        by amphibious invasion (16.33A, the Movement Phase) or port entry (16.14) does not, so its
        later drags in that phase are moves (16.33E: it lands in the Combat Phase)."""
        return phase.kind == "air"

    def check_unit_move(self, board: Board, u: UnitState, ez: set[str]) -> list:
        """8.41 (Allied artillery moves on Night turns only), then the move by its mode."""
        out = []
        landing = self._landing_in_movement(board, u)
        if landing:
            return landing
        if u.side != str(self.param("im_supply_side")) and self.artillery(u) and u.moved \
                and u.mode not in ("retreat", "advance") and self.known_time(board, f"{P} 8.41") in ("am", "pm"):
            out.append(self.finding(board, f"{P} 8.41", "movement", f"{label(u)} is Allied artillery and may move "
                                    "only on Night turns.", [u.hex], [u]))
        return out + super().check_unit_move(board, u, ez)
