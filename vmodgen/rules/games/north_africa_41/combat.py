"""North Africa '41: who may attack, read from the attacks a position declares (``[[attacks]]``:
the defender's hex and the attacking units). Rule numbers are the rulebook's (spec §10 "Attack
legality"). A finding's kind is "movement" (the finding kinds have no "combat").

* 8.1 「戦闘フェイズ中、手番プレイヤーは隣接する敵戦闘ユニットを攻撃できます」: the attackers are the
  phasing player's (the position's side; round rulepos29: an Axis attack in the Allied Combat Phase
  passed as legal).
* 8.1: attackers are next to the defender's hex; a unit attacks once and a hex is attacked once
  per declared list (breakthrough combats, 15.2, are declared with ``kind = "breakthrough"`` and
  not counted).
* 8.7: non-combat units alone in a hex may not be attacked.
* 8.4.1: German and Italian units attack together only with the Comando Supremo
  (``[state] na41_comando_supremo = true``).
* 8.4.2: an Allied attack has at most 2 nationalities (each Commonwealth country counts) and at
  most 3 tank units (``allied_attack_max_nationalities``, ``allied_attack_max_tank_units``).
* 9.6: a vehicle (tank, 88mm Flak, recon: selector ``na41_vehicle``) attacks across an escarpment
  only along a road.
* 8.1: no attack into a hex or across a hexside the attacker could not enter or cross in its
  Movement Phase (an all-sea hexside); 6.2: no combat into or out of an off-map box.
* 13.2.1, 13.3.2: Disrupted and Full Retreat units do not attack (13.3.2: a Full Retreat unit
  bears every penalty of disruption); 5.9.1, 18.7.6, 21.1.4: nor units
  under rail, air or naval transport markers; 19.5: nor units under a Replacement marker, and no
  unit attacks out of a hex holding one (ASUs excepted, which do not attack); 2.3.2: nor units
  that used extended movement this player turn (``[state] na41_extended_moved``); 8.9.1: nor units
  under an Auto DS marker, in a normal combat (8.9.2: their stack may make a breakthrough).
"""
from __future__ import annotations

from ....errors import InputError
from ....positions.model import Position, UnitState
from ...base import ALWAYS, Rule
from ...core.attacks import attacked_from
from ...core.moves import label
from ...core.board import Board
from ...core.costs import CostTable
from ...core.stacking import fmt
from .carried import na41
from .memory import before_status
from .movement import CRT_RESULTS, nat_group
from .units import NorthAfrica41Units


P = "NA41"
MARKERS = (("disrupted", "13.2.1", "Disrupted"), ("full_retreat", "13.3.2", "in Full Retreat"),
           ("rail", "5.9.1", "under a rail marker"), ("naval_transport", "21.1.4", "under a naval transport marker"),
           ("air_transport", "18.7.6", "under an air transport marker"),
           ("replacement", "19.5", "under a Replacement marker"))


def rules(rs: NorthAfrica41Units) -> list[Rule]:
    def check_attacks(board: Board) -> list:
        return attacks(rs, board)
    return [Rule(f"{P} 8.1", "movement", ALWAYS, check_attacks, "who may attack")]


RESULTS = ("disrupted", "full_retreat")


def validate(pos: Position) -> None:
    """10.1: an attack's ``result`` is one of the CRT's (a misspelt one would leave 12.1.1 and 14.2
    silently unjudged). 8.1 「戦闘フェイズ中、手番プレイヤーは隣接する敵戦闘ユニットを攻撃できます」
    (「それらを事前に指定する必要はありません」): an attack by the moving side's units in a position of its
    Movement Phase, before that player turn's Combat Phase, has not been made: refused, not judged as
    if declared."""
    phase = pos.phase_info
    for atk in pos.attacks:
        sides = {u.side for uid in atk.units for u in [pos.unit(uid)] if u is not None}
        if phase is not None and phase.kind == "movement" and phase.side and phase.side in sides:
            raise InputError(pos.source or None, f"[[attacks]] on {atk.hex}: the position is in the {phase.name}, "
                                                 "before that player's Combat Phase, and attacks are made in the "
                                                 "Combat Phase (8.1); give the attack in a position of that phase",
                             line=atk.line or None)
        if atk.result and atk.result.upper().replace(" ", "") not in CRT_RESULTS:
            raise InputError(pos.source or None, f"[[attacks]]: result '{atk.result}' is not a result of the combat "
                                                 f"results table (10.1: {', '.join(sorted(CRT_RESULTS))})",
                             line=atk.line or None)


def result_of_retreat(board: Board, u: UnitState, status: str) -> bool:
    """A Disrupted or Full Retreat marker on a unit that retreated (disengaged, 27.5.4) in this Combat
    Phase may be that retreat's result, placed after its attack: only ``[state] na41_status_before``
    tells (without it the marker is not held against the attack)."""
    if not (board.pos.phase_kind == "combat" and u.previous and u.mode == "retreat"):
        return False
    before = before_status(board.pos)
    return before is None or status not in before.get(u.id, set())


def along_advance(board: Board, u: UnitState, kind: str) -> bool:
    """Whether ``u``'s attack of ``kind`` is a breakthrough attack made during an advance it made in
    this Combat Phase (15.1: "during the advance after combat")."""
    return kind == "breakthrough" and board.pos.phase_kind == "combat" and bool(u.previous) and u.mode == "advance"


def attack_hexes(board: Board, u: UnitState, kind: str, target: str) -> list[str]:
    """The hexes ``u`` may have made an attack on ``target`` from. A normal attack: the one hex of
    :func:`.core.attacks.attacked_from` (8.1). A breakthrough attack made during an advance
    (:func:`along_advance`; 15.2.7: on any enemy unit the group moved next to; 15.2.10: the advance
    may go on from the hex the breakthrough combat was made from): each hex of its advance path next
    to the target (all of the path when none is, for the message)."""
    if not along_advance(board, u, kind):
        return [attacked_from(board, u)]
    path = list(dict.fromkeys(u.path or (u.previous or u.hex, u.hex)))
    near = [h for h in path if board.is_hex(h) and board.is_hex(target) and board.adjacent(h, target)]
    return near or path


def unguarded(rs: NorthAfrica41Units, board: Board, h: str, units: list[UnitState]) -> list:
    """8.7: non-combat units alone in a hex (no combat unit of theirs with them) may not be attacked.
    Judged when the defender's hex holds such units and no unit has retreated out of it in the
    position (a defender that left may have guarded them when the attack was declared)."""
    sides = {u.side for u in units}
    there = [x for x in board.units(h) if x.side not in sides and not rs.marker(x)] if board.is_hex(h) else []
    if not there or any(rs.combat(x) for x in there) or len(sides) != 1:
        return []
    if any(x.previous == h and x.hex != h for x in board.pos.units):
        return []
    return [rs.finding(board, f"{P} 8.7", "movement", f"{h} is attacked, but holds only non-combat units "
                       f"({rs.names(there)}), which may not be attacked alone (8.7: an enemy unit entering "
                       "the hex eliminates them).", [h], there)]


def attacks(rs: NorthAfrica41Units, board: Board) -> list:
    pos = board.pos
    out = []
    used: dict[str, str] = {}
    hit: set[str] = set()
    moved_ext = na41(pos).na41_extended_moved
    extended = set(moved_ext or ())
    vehicle = rs.sel("na41_vehicle")
    if moved_ext is None and not pos.moves_announced and pos.phase_kind == "combat":
        # a log (the audit): neither the attacks nor the moves' modes are recorded
        rs.not_judged(f"{P} 2.3.2", "which units used extended movement in the Movement Phase (they may not "
                                    "attack) is not recorded in a log")
    for atk in pos.attacks:
        units = [u for u in (pos.unit(uid) for uid in atk.units) if u is not None]
        h = atk.hex
        others = [u for u in units if pos.side and u.side != pos.side]
        if others:
            out.append(rs.finding(board, f"{P} 8.1", "movement", f"{rs.names(others)} of the {others[0].side} side "
                                  f"{'attacks' if len(others) == 1 else 'attack'} {h} in the {pos.side} player's "
                                  "turn; only the phasing player attacks (8.1).", [h], others))
        out += unguarded(rs, board, h, units)
        if atk.kind != "breakthrough":
            if h in hit:
                out.append(rs.finding(board, f"{P} 8.1", "movement", f"{h} is attacked twice in one Combat Phase.",
                                      [h], units))
            hit.add(h)
        for u in units:
            name = label(u)
            if atk.kind != "breakthrough":
                if u.id in used:
                    out.append(rs.finding(board, f"{P} 8.1", "movement", f"{name} attacks both {used[u.id]} and {h}; "
                                          "a unit attacks once per Combat Phase.", [h], [u]))
                used.setdefault(u.id, h)
            froms = [rs.stacking_hex(board, x) for x in attack_hexes(board, u, atk.kind, h)]    # 2.2.4
            at = froms[0]
            if board.is_hex(h) and not any(board.is_hex(x) and board.adjacent(x, h) for x in froms) \
                    and any(board.is_hex(x) for x in froms):
                if along_advance(board, u, atk.kind):
                    out.append(rs.finding(board, f"{P} 15.2.7", "movement", f"{name} makes a breakthrough attack on "
                                          f"{h}, but no hex of its advance ({', '.join(froms)}) is next to it.",
                                          [x for x in froms if board.is_hex(x)] + [h], [u]))
                else:
                    out.append(rs.finding(board, f"{P} 8.1", "movement", f"{name} in {at} attacks {h}, which is not "
                                          "next to it.", [at, h], [u]))
            elif board.is_hex(h) and board.is_hex(at) and not along_advance(board, u, atk.kind):
                costs = CostTable(board, u.unit.movement_class)
                if costs.step(at, h) is None:
                    out.append(rs.finding(board, f"{P} 8.1", "movement", f"{name} in {at} attacks {h}, but "
                                          f"{costs.why(at, h)}: no attack goes where the unit could not move (8.1).",
                                          [at, h], [u]))
            if not all(board.is_hex(rs.stacking_hex(board, x)) for x in (at, h)):
                # 6.2: 「内外への戦闘は認められず」 (the Tobruk Holding Box's units are in Tobruk, 2.2.4)
                out.append(rs.finding(board, f"{P} 6.2", "movement", f"{name} in {at} attacks {h}: no combat goes "
                                      "into or out of an off-map box.", [x for x in (at, h) if board.is_hex(x)], [u]))
            for status, rule, what in MARKERS:
                if u.has(status) and status in RESULTS and result_of_retreat(board, u, status):
                    if before_status(pos) is None:
                        rs.not_judged(f"{P} {rule}", f"whether {name} was already {what} when it attacked (it retreated "
                                                      "since, and the marker may be that retreat's) needs [state] "
                                                      "na41_status_before")
                    continue
                if u.has(status):
                    out.append(rs.finding(board, f"{P} {rule}", "movement", f"{name} is {what} and may not attack.",
                                          [u.hex], [u]))
            if u.has("auto_ds") and atk.kind != "breakthrough":
                # 8.9.1 「到来する戦闘フェイズで通常戦闘に参加できません」 (8.9.2: its stack may still break through)
                out.append(rs.finding(board, f"{P} 8.9.1", "movement", f"{name} carries an Auto DS marker and takes "
                                      "no part in normal combat this Combat Phase.", [u.hex], [u]))
            if moved_ext is None and not rs.is_(u, "na41_asu"):
                # 2.3.2: the book gives no default; which units used extended movement is a fact of
                # the Movement Phase the position does not show
                rs.not_judged(f"{P} 2.3.2", f"whether {name} used extended movement this player turn (then it may "
                                            "not attack) needs [state] na41_extended_moved")
            if u.id in extended and not rs.is_(u, "na41_asu"):
                out.append(rs.finding(board, f"{P} 2.3.2", "movement", f"{name} used extended movement this player "
                                      "turn and may not attack.", [u.hex], [u]))
            # 19.5 and 9.6 judge the hex the attack was made from; of several a breakthrough may have used,
            # a finding needs every one of them to break the rule.
            blockers = [[x for x in board.units(f, u.side) if x.has("replacement") and x is not u] for f in froms]
            if all(blockers) and not u.has("replacement"):
                out.append(rs.finding(board, f"{P} 19.5", "movement", f"{name} attacks out of {at}, which holds a unit "
                                      f"under a Replacement marker ({rs.names(blockers[0])}); no combat leaves that "
                                      "hex.", [at], [u]))
            if vehicle.matches(rs.game, u) and all(
                    "escarpment" in board.hexside(f, h) and not (board.roads(f, h) & {"highway", "track", "road"})
                    for f in froms):
                out.append(rs.finding(board, f"{P} 9.6", "movement", f"{name} is a vehicle and attacks across the "
                                      f"escarpment between {at} and {h} off the road.", [at, h], [u]))
        if {"german", "italian"} <= {nat_group(u) for u in units}:
            if not pos.state.get("na41_comando_supremo", False):
                out.append(rs.finding(board, f"{P} 8.4.1", "movement", f"German and Italian units attack {h} together "
                                      "without the Comando Supremo.", [h], units))
        allied = [u for u in units if u.side == str(rs.param("na41_allied_side"))]
        if allied:
            nat = {u.unit.nationality for u in allied}
            most = rs.num("allied_attack_max_nationalities")
            if len(nat) > most:
                out.append(rs.finding(board, f"{P} 8.4.2", "movement", f"The Allied attack on {h} has {len(nat)} "
                                      f"nationalities ({', '.join(sorted(nat))}); the most is {fmt(most)}.", [h], allied))
            tanks = [u for u in allied if rs.tank(u)]
            most = rs.num("allied_attack_max_tank_units")
            if len(tanks) > most:
                out.append(rs.finding(board, f"{P} 8.4.2", "movement", f"The Allied attack on {h} uses {len(tanks)} tank "
                                      f"units; the most is {fmt(most)}.", [h], tanks))
    return out
