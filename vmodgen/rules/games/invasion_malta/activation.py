"""Invasion: Malta rules of activation, set-up, the motor pool, the Reset and Recovery Phases and
the supply markers' upkeep. Mixed into :class:`vmodgen.rules.games.invasion_malta.ruleset.InvasionMaltaRules`.

``[state]`` keys: ``active = "7"`` (the formation whose AM is being played: an Axis formation id,
``"M"``, or an Allied sector area id such as ``"sector-north"``); ``motor_pool_used = 4`` (SP
already moved by the motor pool this turn).

Parameters and choices:

* 7.23: Axis units that move belong to the active formation or carry an Activation marker (Army
  units activated with it, 7.22, or units "M" activated, 17.42); at most
  ``army_units_per_activation_max`` (4) Army units (formation ``army`` or none) move; under "M"
  at most ``m_activation_units_max`` (9). Allied units move when they start in the active sector
  (4.51). Checked only when ``[state] active`` says which AM is played, and not in the Reaction
  Movement Phase (9.2).
* 18.11-18.13: the motor pool is Allied, at Night (Scenario 1 excepted, 18.11), for units outside
  ``im_motor_pool_ineligible`` (coast artillery, heavy AA, pillboxes, Scenario-4 Italians) and
  not motorized; ``motor_pool_sp_max`` (the scenario's cap, absent = not checked).
* 8.41 (spec §11 #20): Allied artillery moves at Night under its own MA or the motor pool;
  ``im_allied_artillery_motor_pool_only = true`` reads the bracket as "only by the motor pool".
* 4.14 step 6 (P-S6): Allied Group B units (status ``group_b``) of an infantry type
  (``im_infantry``: infantry, glider, parachute and motorcycle infantry, and "HQ"-labelled
  infantry, spec inference) stand at most ``group_b_infantry_per_hex_max`` (1) per hex.
* Recovery Phase (end): no Disrupted marker on a unit outside enemy ZOC unless Italian (3.84); no
  Fired artillery except OoS Axis artillery (10.14, 10.15); no Spent HQ (17.26: flipped back in
  the Reset Phase); no Activation marker (4.52, 7.22); no airhead or beachhead in a hex an Allied
  combat unit occupies (6.32); one airhead on each airfield every hex of which holds an Axis combat
  unit and two adjacent hexes of which hold Axis engineers (``im_engineer``; 6.32's "friendly
  airfield" read by 15.72, which says when the marker is placed), and never two on one airfield (6.32). These are checked only in a position whose phase is the Recovery
  Phase. A Spent/Fired unit is one with that status, or an HQ/artillery with its back up.
* 7.15: at the end of a Reset Phase (the end of a Ground Sequence) each Activation Pool box
  holds at most ``activation_pool_max`` (1) AM marker.
* 16.41 (SUP-4): at most ``beachheads_per_zone_max`` (3) Beachhead markers per Invasion Zone (an
  ``invasion-zone`` area holding the marker's hex or next to it) and ``beachheads_per_nationality_max``
  (6) per nationality (of the formation ``[state] beachheads`` assigns).
* 6.15, 12.24: an OoS armour unit never attacks; an OoS unit whose halved attack is below 1 cannot.
"""
from __future__ import annotations

from dataclasses import replace

from ....positions.model import Position, UnitState
from ...core.attacks import attacked_from
from ...core.moves import label
from ...core.board import Board
from .combat import InvasionMaltaCombat
from .movement import ROADS
from .carried import ARMY_FORMATIONS

P = "IM"
#: why an Allied unit outside every sector is not judged by the sector rules (4.51, 4.52)
NO_SECTOR = ("the rulebook gives the map 3 sectors (4.51) and none on Leros (the Leros scenario's own rules "
             "are not in the text), so which sector it activates with is unknown (a position may add the hex to a "
             "sector: [[areas]])")
PLAIN_MOVES = ("move", "infiltration", "motor_pool")
#: the status names of disruption (3.8)
DISRUPTED = ("disrupted",)
#: the names an Activation marker goes by: the status and the kit's marker (7.22)
ACTIVATION = frozenset({"activated", "activation"})
#: why a unit stacked with others under an Activation marker is not judged by it
WHOSE_MARKER = ("the marker belongs to one unit (7.22) and the hex holds several of that side, so whose it "
                "is is not known")


def activation_marked(pos: Position, u: UnitState) -> bool | None:
    """7.22, 4.52: whether ``u`` carries an Activation marker, None when that is not known. The
    marker belongs to one unit, but one lying in a hex (a log gives a hex's markers to every unit
    in it, binding-format) is read as whose only when no other ground unit of ``u``'s side stands
    there."""
    if not u.has("activated"):
        return False
    if not pos.hex_markers.get(u.hex, {}).keys() & ACTIVATION:
        return True                                     # the unit's own status
    kinds = pos.game.unit_types
    return None if any(x is not u and x.hex == u.hex and x.side == u.side
                       and getattr(kinds.get(x.unit.type), "kind", "ground") != "air" for x in pos.units) else True


class InvasionMaltaActivation(InvasionMaltaCombat):
    """Activation, set-up and administrative-phase rules."""

    # ---- activation (7.2, 17.4) ------------------------------------------------------------
    def check_activation_moves(self, board: Board) -> list:
        """7.23, 4.51, 17.41: who may move in the activation's Movement Phase. Not in the Reaction
        Movement Phase: the inactive player's reacting units move there, the active ones do not
        (9.2 judges both); in a log their moves are plain moves."""
        if board.pos.phase == "reaction":
            return []
        active = board.pos.state.get("active")
        if not isinstance(active, str) or not active:
            if not board.pos.moves_announced and any(u.moved and u.mode in PLAIN_MOVES for u in board.pos.units):
                why = board.pos.state.get("active_unknown") or (
                    "no AM was seen leaving the cup and the Activation Pools in the Draw phase before these moves")
                self.not_judged(f"{P} 7.23", f"the active formation or sector (the Activation Marker played, 7.13) "
                                f"is not known: {why}")
            return []
        axis = str(self.param("im_supply_side"))
        movers = [u for u in board.pos.units if u.moved and u.mode in PLAIN_MOVES and self.combat(u)]
        out, army = [], []
        for u in movers:
            if u.side == axis:
                own = "M" if active.upper() == "M" else active
                marked = activation_marked(board.pos, u)
                ok = u.unit.formation == own or marked
                if u.unit.formation in ARMY_FORMATIONS and active.upper() != "M":
                    army.append(u)
                if ok is None:
                    self.not_judged(f"{P} 7.23", f"whether {label(u)}, of formation '{u.unit.formation or 'none'}', "
                                    f"was activated: it stands under an Activation marker with other units: "
                                    f"{WHOSE_MARKER}")
                elif not ok:
                    out.append(self.finding(board, f"{P} 7.23", "movement", f"{label(u)} moved, but it belongs to "
                                            f"formation '{u.unit.formation or 'none'}' while '{active}' is active, and "
                                            "carries no Activation marker.", [u.hex], [u]))
            else:
                start = u.previous or u.hex
                if self.unsectored(board, start):
                    self.not_judged(f"{P} 4.51", f"{label(u)} moved from {start}, which lies in no Allied sector of "
                                    f"the map: {NO_SECTOR}")
                elif self.sector(board, start) != active and self.sector(board, start):
                    out.append(self.finding(board, f"{P} 4.51", "movement", f"{label(u)} moved from {start}, in "
                                            f"{self.sector(board, start)}, while the sector '{active}' is active.",
                                            [start], [u]))
        cap = self.num("army_units_per_activation_max")
        if len(army) > cap:
            out.append(self.finding(board, f"{P} 7.23", "movement", f"{len(army)} Army units moved in one activation: "
                                    f"{self.names(army)}; at most {int(cap)}.", [u.hex for u in army], army))
        if active.upper() == "M":
            m = [u for u in movers if u.side == axis]
            mcap = self.num("m_activation_units_max")
            if len(m) > mcap:
                out.append(self.finding(board, f"{P} 17.41", "movement", f"{len(m)} units moved under the \"M\" "
                                        f"activation; at most {int(mcap)}.", [u.hex for u in m], m))
            out += self._m_range(board, [u for u in m if u.unit.formation != "M"])
        return out

    def _m_range(self, board: Board, units: list) -> list:
        """17.41 「この組織が活性化されるとき … 統率範囲内にある（又はそのHQと同じ待機ボックス内にある）」:
        a unit of another formation that "M" activates stands, where it started (``previous``),
        within the command range (``hq_range_axis_hexes``, 17.13; the HQ's hex not counted, the
        unit's counted, 17.14: the hex distance) of an M HQ on the map, where that HQ stood when M
        was activated (its own ``previous``: it may move in the same Movement Phase). With no M HQ
        on a map hex it is not judged (an HQ in a holding box takes the units of that box; an
        eliminated one is 17.43's)."""
        hqs = [x.previous or x.hex for x in board.pos.units
               if board.unit_kind(x) == "hq" and x.unit.formation == "M" and board.is_hex(x.previous or x.hex)]
        if not hqs:
            return []
        reach = self.num("hq_range_axis_hexes")
        out = []
        for u in units:
            start = u.previous or u.hex
            if not board.is_hex(start):
                continue
            d = min((board.distance(h, start) for h in hqs), key=lambda x: float("inf") if x is None else x)
            if d is not None and d > reach:
                out.append(self.finding(board, f"{P} 17.41", "movement", f"{label(u)} moved under the \"M\" "
                                        f"activation from {start}, {d} hexes from the M HQ; \"M\" activates units "
                                        f"within its command range ({int(reach)} hexes, 17.13).", [start], [u]))
        return out

    # ---- motor pool (18.1) -----------------------------------------------------------------
    def check_motor_pool_moves(self, board: Board) -> list:
        axis = str(self.param("im_supply_side"))
        pool = [u for u in board.pos.units if u.mode == "motor_pool" and u.moved]
        out = []
        s1 = self.scenario_in(board.pos, {"1"})        # None: a Malta position naming no scenario (1-3)
        time = self.known_time(board, f"{P} 18.11") if any(u.side != axis for u in pool) and not s1 else None
        for u in pool:
            if u.side == axis:
                why = "the motor pool is Allied only"
            elif time in ("am", "pm") and s1 is None and not self.motor_pool_barred(u):
                # 18.11: by day the motor pool is Scenario 1's alone; the position may be Scenario 1, 2 or 3
                self.not_judged(f"{P} 18.11", f"{label(u)} used the motor pool on a day turn, which only Scenario 1 "
                                f"allows, and {self._unnamed(board.pos)}")
                continue
            elif time in ("am", "pm") and not s1:
                why = "the motor pool is used only on Night turns (Scenario 1 excepted)"
            elif self.motor_pool_barred(u):
                why = "coast artillery, heavy AA, motorized units, pillboxes and Scenario-4 Italians may not use it"
            else:
                continue
            out.append(self.finding(board, f"{P} 18.13" if "may not" in why else f"{P} 18.11", "movement",
                                    f"{label(u)} moved by the motor pool, but {why}.", [u.hex], [u]))
        cap = self.param("motor_pool_sp_max")
        if pool and isinstance(cap, (int, float)) and not isinstance(cap, bool):
            used = board.pos.state.get("motor_pool_used", 0)
            total = sum(self.sp(u) for u in pool) + (used if isinstance(used, (int, float)) else 0)
            if total > cap:
                out.append(self.finding(board, f"{P} 18.12", "movement", f"The motor pool moved {total:g} SP this turn "
                                        f"({self.names(pool)}); the scenario allows {cap:g}.",
                                        [u.hex for u in pool], pool))
        if self.flag("im_allied_artillery_motor_pool_only"):
            for u in board.pos.units:
                if u.side != axis and self.artillery(u) and u.moved and u.mode == "move":
                    out.append(self.finding(board, f"{P} 8.41", "movement", f"{label(u)} is Allied artillery and moves "
                                            "only by the motor pool.", [u.hex], [u]))
        return out

    # ---- set-up (4.14) ---------------------------------------------------------------------
    def check_group_b(self, board: Board) -> list:
        cap = self.num("group_b_infantry_per_hex_max")
        out = []
        for h, us in board.at.items():
            inf = [u for u in us if u.has("group_b") and self.is_(u, "im_infantry")]
            if len(inf) > cap and board.is_hex(h):
                out.append(self.finding(board, f"{P} 4.14", "stacking", f"{h} holds {len(inf)} Group B infantry-type "
                                        f"units: {self.names(inf)}; at most {int(cap)} per hex at set-up.", [h], inf))
        return out

    # ---- combat legality that supply decides (6.15, 12.24) ---------------------------------
    def check_oos_attacks(self, board: Board) -> list:
        out = []
        for a in board.pos.attacks:
            for uid in a.units:
                u = board.pos.unit(uid)
                if u is None or not u.has("oos"):
                    continue
                if self.armour(u):
                    out.append(self.finding(board, f"{P} 6.15", "supply", f"{label(u)} is out-of-supply armour and "
                                            f"may not attack ({a.hex}).", [a.hex], [u]))
                elif u.value("attack") is not None and u.number("attack") // 2 < 1:
                    out.append(self.finding(board, f"{P} 12.24", "supply", f"{label(u)} is out of supply; its halved "
                                            f"attack strength is below 1, so it may not attack ({a.hex}).", [a.hex], [u]))
        return out

    def check_attacks(self, board: Board) -> list:
        """Declared attacks (``[[attacks]]``): 9.13, every attacker adjacent to the defender hex (from
        the hex it attacked from, :func:`.core.attacks.attacked_from`), and in the Combat
        Declaration Phase a defender hex holding enemy units; a paradropped unit in a hex it shares
        with enemy units attacks that hex itself (drift combat: 15.6, 15.61, 9.11, 12.12); 12.11, no
        unit in two attacks of a phase; 9.16 and the note to 9.1 (:meth:`_attack_hexside`)."""
        pos, out = board.pos, []
        seen: dict[str, str] = {}
        for a in pos.attacks:
            # a unit that refused combat (9.31: a retreat in this phase) stood in the defender hex
            there = board.units(a.hex) + [x for x in pos.units if x.mode == "retreat" and x.hex != a.hex
                                          and (x.path[0] if x.path else x.previous) == a.hex]
            if pos.phase == "combat-declaration" and board.is_hex(a.hex):
                attackers = {x.side for x in map(pos.unit, a.units) if x is not None}
                if not any(x.side not in attackers and self.combat(x) for x in there):
                    out.append(self.finding(board, f"{P} 9.13", "movement", f"The attack on {a.hex} is declared on a "
                                            "hex that holds no enemy combat unit; only an occupied enemy hex may be "
                                            "attacked.", [a.hex]))
            for uid in a.units:
                u = pos.unit(uid)
                if u is None:
                    continue
                if uid in seen:
                    out.append(self.finding(board, f"{P} 12.11", "movement", f"{label(u)} attacks both {seen[uid]} and "
                                            f"{a.hex}; no unit attacks more than once in a Combat Phase.",
                                            [seen[uid], a.hex], [u]))
                    continue
                seen[uid] = a.hex
                src = attacked_from(board, u)
                if not (board.is_hex(src) and board.is_hex(a.hex)):
                    continue
                if src == a.hex and any(x.side != u.side and self.combat(x) for x in there):
                    continue                   # drift combat: the landing hex is the defender hex (15.6)
                if not board.adjacent(src, a.hex):
                    out.append(self.finding(board, f"{P} 9.13", "movement", f"{label(u)} in {src} attacks {a.hex}, which "
                                            "is not adjacent; every attacker is adjacent to the defender hex.",
                                            [src, a.hex], [u]))
                    continue
                why = self._attack_hexside(board, u, src, a.hex)
                if why:
                    out.append(self.finding(board, f"{P} 9.16", "movement", f"{label(u)} attacks {a.hex} from {src}"
                                            f"{why}.", [src, a.hex], [u]))
        return out

    def _attack_hexside(self, board: Board, u: UnitState, src: str, target: str) -> str:
        """Why ``u``'s attack from ``src`` into the adjacent ``target`` breaks 9.16 or the note to
        9.1, or "": no combat into a hex or across a hexside movement may not enter or cross (the
        unit's own move model: a cliff, save for a non-disrupted commando, 17.31; a sea hexside;
        prohibited terrain), and a motorized unit attacks only along a road or from an urban hex
        into an adjacent urban one (read as "directly connected"). An attack from an invasion hex
        (9.1 exception, 16.33E: it crosses the all-sea hexside) is none of these. After the Combat
        Declaration Phase a Disrupted marker may be a bombardment or combat result (10.2, 13.2):
        whether the unit carried it when it declared is not in a position, so the marker is not held
        against the attack (listed as not judged when it would decide it)."""
        if board.terrain(src) == "invasion":
            return ""
        why = self._hexside_problem(board, u, src, target)
        if why and u.has("disrupted") and board.pos.phase not in ("", "combat-declaration"):
            whole = replace(u, status=frozenset(s for s in u.status if s not in DISRUPTED))
            if not self._hexside_problem(board, whole, src, target):
                self.not_judged(f"{P} 9.16", f"whether {label(u)} was disrupted when it declared its attack on "
                                             f"{target} from {src} (its Disrupted marker may be a bombardment or "
                                             "combat result) is not in the position")
                return ""
        return why

    def _hexside_problem(self, board: Board, u: UnitState, src: str, target: str) -> str:
        model = self.move_model(board, u, set(), with_zoc=False)
        if model.cost(src, target) is None:
            p = model.prohibited(src, target)
            if p is not None and p.rule != f"{P} 8.33":            # 8.33: the motorized reading below
                return f", but {p.message} ({p.rule}); a unit attacks only where it may move (9.16)"
        if self.motorized(u) and not (board.roads(src, target) & ROADS
                                      or board.terrain(src) == board.terrain(target) == "urban"):
            return " not along a road nor from an urban hex into an adjacent urban one, as a motorized unit must (9.1 note)"
        return ""

    # ---- Reset and Recovery Phases ---------------------------------------------------------


    def check_reset(self, board: Board) -> list:
        """The end of a Reset Phase: 10.14 「活性プレイヤーは、この活性化中のリセット・フェイズ終了時に、
        全ての活性化した砲兵ユニットをその射撃戦力面へ戻し」, save OoS Axis artillery (10.15); 10.44
        「リセット・フェイズ中、沿岸砲兵ユニットを射撃済から活性面へ返す」 (every Reset Phase, either
        side's); 17.26 「リセット・フェイズ中に「消費済」からの回復を実施する」 (every HQ but a disrupted
        one: it has no command points while disrupted, 17.21, and leaves disruption only in the
        Recovery Phase, 17.26, so its flip now is not in the text: not judged). Activated artillery:
        for the Axis of the active formation, for the Allies in the active sector, or under an
        Activation marker placed in this activation: one a unit carried at the Draw phase end
        (``marked_at_draw``) was placed in an earlier activation of the turn (7.22 keeps it to the
        Recovery Phase; 17.42, one activation a turn), and with that end not recorded the marker's
        activation is unknown: not judged. An Allied battery of another sector may have fired as the
        inactive player (10.23) or been activated across sectors (10.26): not judged. The active player's
        AA is not judged here: it turns Fired under an Attack Target marker also outside this
        activation (11.36), e.g. in the Strategic Segment, whose AA Reset Phase (4.21 A4) has no rule
        text; the inactive player's is skipped like any artillery of its side (10.14: back in the
        Recovery Phase). The activation's side unknown: 10.14 not judged."""
        if board.pos.phase != "reset":
            return []
        axis = str(self.param("im_supply_side"))
        side = self.activation_side(board)
        active = board.pos.state.get("active")
        active = active if isinstance(active, str) else ""
        at_draw = self.memory(board.pos).marked_at_draw
        out: list = []
        for u in board.pos.units:
            if not board.is_hex(u.hex):
                continue
            if self.spent(board, u) and u.has("disrupted"):
                self.not_judged(f"{P} 17.26", f"{label(u)} is Spent and disrupted: a disrupted HQ has no command "
                                "points (17.21) and recovers from disruption only in the Recovery Phase (17.26), "
                                "so whether it flips back from Spent in the Reset Phase is not in the text")
            elif self.spent(board, u):
                out.append(self.finding(board, f"{P} 17.26", "movement", f"{label(u)} is still Spent at the end of "
                                        "the Reset Phase, where HQs recover from Spent.", [u.hex], [u]))
            if not self.fired(board, u):
                continue
            if self.is_(u, "im_coast_artillery"):
                out.append(self.finding(board, f"{P} 10.44", "movement", f"{label(u)} is still Fired at the end of "
                                        "the Reset Phase, where coast artillery returns to its active side.",
                                        [u.hex], [u]))
                continue
            if not self.artillery(u) or (u.side == axis and u.has("oos")):
                continue
            if side is None:
                self.not_judged(f"{P} 10.14", f"whether {label(u)}, Fired, was activated needs the side whose "
                                "activation it is ([state] active or side)")
                continue
            if u.side != side:
                continue                                # the inactive player's: back in the Recovery Phase
            if self.is_(u, "im_aa"):
                self.not_judged(f"{P} 10.14", f"{label(u)} is AA on its Fired side: AA is artillery (2.24) and one "
                                "that attacked in this activation (10.27, 10.34) flips back now, but AA also turns "
                                "Fired under an Attack Target marker outside it (11.36), e.g. in the Strategic "
                                "Segment's Bombardment Phase, whose AA Reset Phase (4.21 A4) has no rule text; the "
                                "Recovery Phase end judges it")
                continue
            marked = activation_marked(board.pos, u)
            if (u.side == axis and active and u.unit.formation == active) or \
                    (u.side != axis and active and self.sector(board, u.hex) == active) or \
                    (marked and at_draw is not None and u.id not in at_draw):
                out.append(self.finding(board, f"{P} 10.14", "movement", f"{label(u)}, activated artillery of "
                                        "the active player, is still Fired at the end of the Reset Phase (only "
                                        "out-of-supply Axis artillery stays Fired, 10.15).", [u.hex], [u]))
            elif marked is not False:
                why = (WHOSE_MARKER if marked is None else
                       "it carried one at the Draw phase end, placed in an earlier activation of the turn (7.22)"
                       if at_draw is not None else
                       "the markers at this Ground Sequence's Draw phase end are not recorded ([state] "
                       "marked_at_draw), and one placed in an earlier activation stays to the Recovery Phase (7.22)")
                self.not_judged(f"{P} 10.14", f"whether {label(u)}, Fired under an Activation marker, was activated "
                                f"in this activation: {why}")
            elif not active:
                self.not_judged(f"{P} 10.14", f"whether {label(u)}, Fired, was activated needs the Activation "
                                "Marker played ([state] active)")
            elif u.side != axis:
                self.not_judged(f"{P} 10.14", f"{label(u)}, Fired, stands outside the active sector: it may have "
                                "fired activated across sectors (10.26), and then flips back now")
        return out

    def check_recovery(self, board: Board) -> list:
        if board.pos.phase != "recovery":
            return []
        axis = str(self.param("im_supply_side"))
        out: list = []
        ez: dict[str, set[str]] = {}
        marked_hexes: set[str] = set()
        for u in board.pos.units:
            if not board.is_hex(u.hex):
                continue
            if u.has("disrupted") and self.combat(u) and not self.is_(u, "im_italian"):
                z = ez.setdefault(u.side, self.enemy_zoc(board, u.side))
                if u.hex not in z:
                    out.append(self.finding(board, f"{P} 3.84", "zoc", f"{label(u)} is outside enemy ZOC and not "
                                            "Italian: its Disrupted marker comes off in the Recovery Phase.",
                                            [u.hex], [u]))
            if self.fired(board, u) and not (u.side == axis and u.has("oos")):
                out.append(self.finding(board, f"{P} 10.14", "movement", f"{label(u)} is still on its Fired side "
                                        "after the Recovery Phase (only OoS Axis artillery stays Fired, 10.15).",
                                        [u.hex], [u]))
            if self.spent(board, u):
                out.append(self.finding(board, f"{P} 17.26", "movement", f"{label(u)} is still Spent after the "
                                        "Recovery Phase; HQs flip back in the Reset Phase.", [u.hex], [u]))
            if u.has("activated") and u.hex not in marked_hexes:
                # a marker lying in a hex is one marker, whoever of the stack it belongs to
                if board.pos.hex_markers.get(u.hex, {}).keys() & ACTIVATION:
                    marked_hexes.add(u.hex)
                    under = [x for x in board.units(u.hex) if x.has("activated")]
                    out.append(self.finding(board, f"{P} 7.22", "movement", f"The Activation marker in {u.hex} "
                                            f"({self.names(under)}) is still on the map; all come off in the Recovery "
                                            "Phase (4.52, 7.22).", [u.hex], under))
                else:
                    out.append(self.finding(board, f"{P} 7.22", "movement", f"{label(u)} still carries an Activation "
                                            "marker; all come off in the Recovery Phase (4.52, 7.22).", [u.hex], [u]))
        for area in board.map.areas.values():
            if area.kind != "airfield" or not area.hexes:
                continue
            heads = [h for h in area.hexes if "airhead" in board.pos.hex_markers.get(h, {})]
            # 15.72: the airhead goes on an airfield every hex of which holds an Axis combat unit and
            # two adjacent hexes of which each hold an Axis engineer (who may leave once it is placed)
            held = all(any(x.side == axis and self.combat(x) for x in board.units(h)) for h in area.hexes)
            sappers = [h for h in area.hexes if any(x.side == axis and self.is_(x, "im_engineer")
                                                    for x in board.units(h))]
            usable = held and any(board.adjacent(a, b) for i, a in enumerate(sappers) for b in sappers[i + 1:])
            if len(heads) > 1 or (usable and not heads):
                out.append(self.finding(board, f"{P} 6.32", "supply", f"The airfield {area.name or area.id} holds "
                                        f"{len(heads)} airheads; an airfield whose every hex holds an Axis combat "
                                        "unit, with Axis engineers in two adjacent hexes, gets one in the Recovery "
                                        "Phase (6.32, 15.72), and never more.", heads or list(area.hexes)))
        for h, mk in board.pos.hex_markers.items():
            for what in ("airhead", "beachhead"):
                if what in mk:
                    occ = [u for u in board.units(h) if u.side in board.enemies(axis) and self.combat(u)]
                    if occ:
                        out.append(self.finding(board, f"{P} 6.32", "supply", f"The {what} in {h} stays under Allied "
                                                f"units ({self.names(occ)}); it is removed in the Recovery Phase.",
                                                [h], occ))
        return out

    def check_pool(self, board: Board) -> list:
        if board.pos.phase != "reset":
            return []
        cap = self.num("activation_pool_max")
        out = []
        for box, mk in board.pos.hex_markers.items():
            if "activation-pool" not in box:
                continue
            ams = sorted(m for m in mk if m.startswith("am-"))
            if len(ams) > cap:
                out.append(self.finding(board, f"{P} 7.15", "movement", f"The activation pool {box} holds {len(ams)} "
                                        f"AMs ({', '.join(ams)}) at the end of a Ground Sequence; at most {int(cap)}.",
                                        [box]))
        return out

    # ---- beachheads (16.41) ----------------------------------------------------------------
    def zone_of(self, board: Board, h: str) -> str:
        zones = [a for a in board.areas(h) if board.map.areas[a].kind == "invasion-zone"]
        if not zones:
            zones = sorted({a for n in board.neighbours(h) for a in board.areas(n)
                            if board.map.areas[a].kind == "invasion-zone"})
        return zones[0] if len(zones) == 1 else ""

    def check_beachheads(self, board: Board) -> list:
        heads = sorted(h for h, mk in board.pos.hex_markers.items() if "beachhead" in mk)
        if not heads:
            return []
        out = []
        zones: dict[str, list[str]] = {}
        for h in heads:
            z = self.zone_of(board, h)
            if z:
                zones.setdefault(z, []).append(h)
        cap = self.num("beachheads_per_zone_max")
        for z, hs in zones.items():
            if len(hs) > cap:
                out.append(self.finding(board, f"{P} 16.41", "supply", f"{len(hs)} beachheads in the invasion zone "
                                        f"{z} ({', '.join(hs)}); at most {int(cap)}.", hs))
        assign = board.pos.state.get("beachheads", {})
        nats: dict[str, list[str]] = {}
        for h in heads:
            f = self.game.formations.get(assign.get(h, "")) if isinstance(assign, dict) else None
            if f is not None and f.nationality:
                nats.setdefault(f.nationality, []).append(h)
        ncap = self.num("beachheads_per_nationality_max")
        for n, hs in nats.items():
            if len(hs) > ncap:
                nat = self.game.nationalities.get(n)
                out.append(self.finding(board, f"{P} 16.41", "supply", f"{len(hs)} {nat.name if nat else n} beachheads ({', '.join(hs)}); "
                                        f"at most {int(ncap)} per nationality.", hs))
        return out
