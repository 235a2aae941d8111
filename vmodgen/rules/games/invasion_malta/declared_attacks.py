"""Invasion: Malta declared attacks (``[[attacks]]``): the odds floor (9.12), an active unit to lead
each attack (9.13, 12.31, 3.73-3.74) and the drift combat only the dropped units fight (15.61).
Functions of the rule set (``rs``, the activation layer) and the board; the rule list is in
:mod:`.ruleset`.

Choices:

* 9.12: the *initial* odds are the ground units' attack strengths against the defence strengths of
  the defender hex, before the artillery and CAS points 12.52 adds for the final odds: attack ÷
  defence at least ``declare_odds_min`` (0.25, 1:4; the note to the CRT says 1:3, spec §11 #1).
  An attack strength is halved out of supply (12.24; the halved units' strengths summed, halved and
  rounded down, 3.52), nil for out-of-supply armour (6.15); a unit under an Excess Stacking marker
  gives no strength on either side (3.34). Judged where the attack is declared, the Combat
  Declaration Phase (and a position without a phase); later a bombardment may have changed the
  strengths (10.2) and a Reaction added a defender (9.2): the rule's moment is the declaration. A combat the rules require (drift combat,
  12.12, 15.6; an invasion, 16.33E) is declared whatever its odds.
* 9.13, 12.31, 3.74: each declared attack holds a unit that can lead it: of the active formation,
  an Army unit activated with it (Activation marker), under "M" a unit so activated; for the
  Allies a unit in the active sector (4.51) or carrying an Activation marker; never one under an
  Excess Stacking marker (3.73), nor a pillbox not alone in its hex (14.21), nor an HQ sharing its
  hex with a unit that is not an HQ (17.11): "alone" counts the unit's own side's units in its hex
  (a drift combat's enemy is not its stack). Inactive units only join an active one. Judged in the
  Combat Declaration Phase (the attacks are chosen there); needs ``[state] active`` (else not
  judged). When the only active attackers are barred by 14.21 or 17.11, the finding names that rule.
* 17.32 「コマンドは先導ユニットでなければ攻撃できない」: an Allied commando attacks only as the
  attack's lead unit: never two in one attack (an attack has one lead, 3.72), nor one that may not
  lead it (3.73, 3.74 as above). The Axis commandos are not held to it: 17.32 is headed "Allied
  Commando Units" and the design note of 17.3 has them function as normal units.
* 10.31, 10.27: artillery adjacent to the defender attacks with its fire strength (so a printed
  attack of 0 does not make it a 9.15 case when it has a fire strength), never when Fired or
  disrupted; of the AA units only light AA attacks.
* 9.15, 3.34, 12.14: a unit with an attack strength of 0 never attacks (9.15), nor one under an
  Excess Stacking marker (3.34; 15.63 in a drift combat), and no hex is attacked by artillery,
  naval or air units alone (12.14). Judged at the declaration too (a step lost in combat may
  leave a unit with 0 attack afterwards).
* 15.61: in a drift combat (a defender hex where paradropped units came down on the enemy) the
  dropped units attack alone: no unit from another hex joins.
* 9.13 「活性プレイヤーは戦闘が発生することを示すため、各防御側ヘクスに攻撃目標マーカーを置く」「全ての攻撃
  ユニットは、防御側ヘクスに隣接していなければならない」: at the end of the Combat Declaration Phase each
  Attack Target marker on the map (a log's only record of a declaration) has a combat unit of the
  attacking side beside it (or in it: a drift combat's dropped units, 15.61), else no unit can make
  that attack. The attacking side is the activation's (:meth:`activation_side`, else the AM the
  log shows played or the one side that moved, :mod:`.attacker`), else the enemy of the units
  under the marker; none of these: not judged. A marker on a declared attack's hex is left to
  that attack's own check. One on a hex marked at every phase end since the last Combat Phase's
  end (memory ``targets_left``) may be left from an earlier combat (13.13 finds it there) or
  declared again (the player re-marks a hex under an old marker by leaving it): beside an attacking
  unit it is legal either way; else named not judged, and so is 12.12 on a drift combat hex under
  it. A marker removed before the phase end, or a declaration with none, is
  not seen (named in the rule's log reason).
"""
from __future__ import annotations

from ...core.attacks import attacked_from
from ...core.board import Board
from ...finding import Finding
from ...core.stacking import fmt
from ...core.tracker_lag import from_tracker
from .activation import activation_marked
from .attacker import attacker
from .bombardment import BOMBARDMENT
from .carried import ATTACK_TARGET

P = "IM"
#: the phases (ids) where attacks are declared, and so where 9.12 and 9.13's lead are judged ("": a
#: position without a phase, a checkpoint of every rule)
DECLARATION = ("", "combat-declaration")


def _units(board: Board, a) -> list:
    return [u for u in map(board.pos.unit, a.units) if u is not None]


def _halved_out(u) -> bool:
    """12.24: an out-of-supply unit whose halved attack strength is below 1 (known strength only)."""
    return u.value("attack") is not None and u.number("attack") // 2 < 1


def check_odds(rs, board: Board) -> list:
    """9.12: no combat is declared at initial odds below 1:4."""
    pos = board.pos
    out: list[Finding] = []
    if not pos.attacks or pos.phase not in DECLARATION:
        return out
    floor = rs.num("declare_odds_min")
    for a in pos.attacks:
        # out-of-supply armour and a unit out of supply halved below 1 never attack (6.15 and 12.24
        # say so): the odds are those of the others
        attackers = [u for u in _units(board, a) if rs.combat(u) and not rs.artillery(u) and not u.has("excess")
                     and not (u.has("oos") and (rs.armour(u) or _halved_out(u)))]
        if not attackers or not board.is_hex(a.hex):
            continue
        if rs.drift_hex(board, a.hex) or any(board.terrain(attacked_from(board, u)) == "invasion" for u in attackers):
            continue                                   # 12.12, 15.6, 16.33E: a required combat
        side = attackers[0].side
        defenders = [u for u in board.units(a.hex) if u.side != side and rs.combat(u) and not u.has("excess")]
        unknown = [u for u in attackers if u.value("attack") is None] + \
                  [u for u in defenders if u.value("defense") is None]
        if unknown:
            rs.not_judged(f"{P} 9.12", f"the odds of the attack on {a.hex}: {rs.names(unknown)} "
                                       f"{'has' if len(unknown) == 1 else 'have'} no printed strength in the position")
            continue
        full = sum(u.number("attack") for u in attackers if not u.has("oos"))
        halved = sum(u.number("attack") for u in attackers if u.has("oos"))
        attack = full + halved // 2                                    # 12.24, 3.52, 6.15
        defence = sum(u.number("defense") for u in defenders)
        if defence <= 0 or attack >= floor * defence:
            continue
        out.append(rs.finding(board, f"{P} 9.12", "movement",
                              f"The attack on {a.hex} is declared at {fmt(attack)} to {fmt(defence)} "
                              f"({rs.names(attackers)} against {rs.names(defenders)}), below "
                              f"1:{fmt(1 / floor)}: no combat is declared at initial odds (before artillery and "
                              "CAS, 12.52) below that.",
                              [a.hex], attackers + defenders, odds=[attack, defence]))
    return out


def _stack_bar(rs, board: Board, u) -> str:
    """The rule that keeps ``u`` from leading because of its stack-mates ("" when none): 14.21, a
    pillbox not alone in its hex; 17.11, an HQ with a unit of its side that is not an HQ. Only combat
    units are stack-mates: stacking is combat units together (3.3), and air units, naval units and
    markers are not ground units (3.31, 11.11), so the Ju88 assigned to a German HQ (11.52) bars nothing."""
    mates = [x for x in board.units(attacked_from(board, u))
             if x is not u and x.side == u.side and rs.combat(x)]
    if rs.pillbox(u) and mates:
        return "14.21"
    if board.unit_kind(u) == "hq" and any(board.unit_kind(x) != "hq" for x in mates):
        return "17.11"
    return ""


def _may_lead(rs, board: Board, u, active: str) -> bool | None:
    """Whether ``u`` may be the attacker's lead unit under the AM ``active`` (None: unknown)."""
    if u.has("excess") or _stack_bar(rs, board, u):
        return False                                   # 3.73, 14.21, 17.11
    return _active(rs, board, u, active)


def _active(rs, board: Board, u, active: str) -> bool | None:
    """Whether ``u`` is of the activation ``active`` (12.31, 3.74; None: unknown)."""
    marked = activation_marked(board.pos, u)
    if u.side == str(rs.param("im_supply_side")):
        return u.unit.formation == ("M" if active.upper() == "M" else active) or marked
    sector = rs.sector(board, attacked_from(board, u))
    if marked or sector == active:
        return True
    return None if not sector or marked is None else False


def check_lead(rs, board: Board) -> list:
    """9.13, 12.31, 3.74: every declared attack has a unit of the activation that may lead it."""
    pos = board.pos
    out: list[Finding] = []
    if not pos.attacks or pos.phase not in DECLARATION:
        return out
    active = pos.state.get("active")
    if not isinstance(active, str) or not active:
        rs.not_judged(f"{P} 9.13", "whether each attack holds a unit of the active formation to lead it (12.31) "
                                   "needs the Activation Marker played ([state] active)")
        active = ""
    out += _commando_leads(rs, board, active)
    if not active:
        return out
    for a in pos.attacks:
        attackers = [u for u in _units(board, a) if rs.combat(u)]
        if not attackers:
            continue
        can = [_may_lead(rs, board, u, active) for u in attackers]
        if any(c is True for c in can):
            continue
        if any(c is None for c in can):
            rs.not_judged(f"{P} 9.13", f"the lead unit of the attack on {a.hex}: "
                                       f"{rs.names([u for u, c in zip(attackers, can) if c is None])} stands in no "
                                       "Allied sector of the map (4.51), or shares a hex and its Activation marker "
                                       "with other units (7.22), so whether it is active is unknown")
            continue
        area = board.map.areas.get(active)
        who = (f"a unit in the active sector ({area.name or active})" if area is not None and area.kind == "sector"
               else "a unit activated by the \"M\" marker" if active.upper() == "M"
               else f"a unit of the active formation ({active}) or an Army unit activated with it")
        # 14.21, 17.11: attackers that would lead but for their stack-mates (active, or of an
        # activation unknown, as on Leros: barred whatever it is) name the rule
        bars = {b: [u for u in attackers if _stack_bar(rs, board, u) == b and not u.has("excess")
                    and _active(rs, board, u, active) is not False] for b in ("14.21", "17.11")}
        barred = [(b, us) for b, us in bars.items() if us]
        why = "".join(f"; {rs.names(us)} may not: " + ("a pillbox leads only alone in its hex (14.21)" if b == "14.21"
                      else "an HQ leads only alone or stacked with HQs alone (17.11)") for b, us in barred)
        out.append(rs.finding(board, f"{P} {barred[0][0] if barred else '9.13'}", "movement",
                              f"The attack on {a.hex} by {rs.names(attackers)} has no unit that can lead it: the "
                              f"lead unit is {who}, not under an Excess Stacking marker (12.31, 3.73, 3.74){why}; "
                              "other units only join an attack an active unit makes.", [a.hex], attackers))
    return out


def _commando_leads(rs, board: Board, active: str) -> list:
    """17.32: an Allied commando attacks only as the attack's lead unit (see the module's reading)."""
    out: list[Finding] = []
    axis = str(rs.param("im_supply_side"))
    for a in board.pos.attacks:
        commandos = [u for u in _units(board, a) if u.side != axis and rs.commando(u)]
        if len(commandos) > 1:
            out.append(rs.finding(board, f"{P} 17.32", "movement",
                                  f"{rs.names(commandos)} attack {a.hex} together, but a commando attacks only as "
                                  "the lead unit and an attack has one lead unit (3.72).", [a.hex], commandos))
            continue
        if not commandos or not active:
            if commandos:
                rs.not_judged(f"{P} 17.32", f"whether {rs.names(commandos)} may lead the attack on {a.hex} needs "
                                            "the Activation Marker played ([state] active)")
            continue
        lead = _may_lead(rs, board, commandos[0], active)
        if lead is None:
            rs.not_judged(f"{P} 17.32", f"whether {rs.names(commandos)} may lead the attack on {a.hex}: it stands "
                                        "in no Allied sector of the map (4.51), or shares a hex and its Activation "
                                        "marker with other units (7.22)")
        elif not lead:
            out.append(rs.finding(board, f"{P} 17.32", "movement",
                                  f"{rs.names(commandos)} attacks {a.hex} but cannot be its lead unit (not of the "
                                  "active sector, or under an Excess Stacking marker: 3.73, 3.74), and a commando "
                                  "attacks only as the lead unit.", [a.hex], commandos))
    return out


def check_defended_once(rs, board: Board) -> list:
    """12.11 「戦闘フェイズ毎に、複数回の攻撃又は防御ができるユニットはない」, 12.14 (the hex's units
    defend together): no defender hex is named by two declared attacks."""
    seen: dict[str, int] = {}
    for a in board.pos.attacks:
        seen[a.hex] = seen.get(a.hex, 0) + 1
    return [rs.finding(board, f"{P} 12.11", "movement", f"{h} is attacked by {n} declared attacks; its units defend "
                       "together, once a Combat Phase (12.11, 12.14): the attackers join in one attack.", [h])
            for h, n in seen.items() if n > 1 and board.is_hex(h)]


def check_drift_declared(rs, board: Board) -> list:
    """12.12 「戦闘は、宣言したときにのみ発生する [9.1]。これを戦闘宣言フェイズ中に行う。戦闘は、漂流戦闘
    [15.6] と侵攻上陸に対して要求される」, 12.16: at the end of the Combat Declaration Phase every drift
    combat hex (:meth:`drift_hex`) is a defender hex: a declared attack's or under an Attack Target
    marker, a log's only record of a declaration. A log's tracker may run a phase ahead of the pieces
    (Next pressed before the marker is placed): by the policy (:mod:`.core.tracker_lag`, the
    Bombardment Phase empty) a log is judged at the end of the Reaction Movement Phase, and a marker
    first there after the Combat Declaration Phase's end is named not judged: on time if the tracker
    ran a phase ahead, late otherwise. A Bombardment Phase the log shows played (a unit turned Fired
    in it) is no empty phase: the log is then judged at its end, the phase the book puts after the
    declaration (10.1; review rv-m23 item 4: before, a bombardment the log showed moved nothing)."""
    pos = board.pos
    log = from_tracker(pos)
    judged_at = (rs.lag_ahead(DECLARATION[1], pos) or [DECLARATION[1]])[-1] if log else DECLARATION[1]
    if pos.phase != judged_at or pos.at != "end":
        return []
    declared = rs._attack_targets(board)
    drift = sorted({u.hex for u in pos.units if board.is_hex(u.hex) and rs.drift_hex(board, u.hex)})
    before = rs.memory(pos).declared_targets
    late = [h for h in drift if h in declared and before is not None and h not in before] if log else []
    # a marker on the hex since the last Combat Phase's end may be no declaration of this phase
    # (9.13's reading; rv-o25: before, 12.12 took it for one)
    left = set(rs.memory(pos).targets_left or ()) - {a.hex for a in pos.attacks}
    for h in drift:
        if h in declared and h in left:
            rs.not_judged(f"{P} 12.12", f"{stale_marker(h)}, and {h} holds a drift combat, which must be declared")
    if late:
        rs.not_judged(f"{P} 12.12", f"the Attack Target marker on {', '.join(late)} (a drift combat) was placed after "
                      "the Combat Declaration Phase the log's turn tracker showed: on time if the tracker ran a phase "
                      "ahead, late otherwise (12.12: declared in the Combat Declaration Phase)")
    return [rs.finding(board, f"{P} 12.12", "movement", f"{h} holds a drift combat (paradropped units with the "
                       "enemy, 15.6), but no attack on it is declared"
                       + (f" by the end of the {pos.phase_name} (a log's tracker may run a phase ahead of the "
                          "declaration" + (", and the log shows this phase played: a unit turned Fired in it"
                                           if pos.phase == BOMBARDMENT else "") + ")" if log else "")
                       + "; combat is required there (12.12, 12.16).", [h])
            for h in drift if h not in declared]


def targets_kept(rs, pos, kept: list[str] | None) -> list[str] | None:
    """What the memory's ``declared_targets`` holds after ``pos``'s phase end: the hexes under an
    Attack Target marker at a Combat Declaration Phase's end, kept through the phases a log's
    tracker may show ahead of it (:meth:`lag_ahead`), else None."""
    if pos.phase == DECLARATION[1]:
        return sorted(rs._attack_targets(Board(pos)))
    return kept if pos.phase in rs.lag_ahead(DECLARATION[1]) else None


def targets_left(rs, pos, left: list[str] | None) -> list[str] | None:
    """What the memory's ``targets_left`` holds after ``pos``'s phase end: at a Combat Phase's end
    the map hexes under an Attack Target marker (left there against 13.13); at a later phase end
    those still under one (a marker gone at a phase end and back later is a new declaration),
    kept as they were at the Combat Declaration Phase's start through that phase and those a log's
    tracker may show ahead of it (:meth:`lag_ahead`: 12.12 is judged at the end of the last; rv-o25:
    before, cleared at the declaration's end); None after them, or when nothing was recorded."""
    on = {h for h, mk in pos.hex_markers.items() if ATTACK_TARGET in mk and pos.map.has_hex(h)}
    if pos.phase == "combat":
        return sorted(on)
    ahead = rs.lag_ahead(DECLARATION[1])
    if pos.phase == DECLARATION[1] or pos.phase in ahead:
        return left if ahead and pos.phase != ahead[-1] else None
    return None if left is None else sorted(on.intersection(left))


def check_drift_joiners(rs, board: Board) -> list:
    """15.61: in a drift combat only the units that dropped into the hex attack."""
    out: list[Finding] = []
    for a in board.pos.attacks:
        if not board.is_hex(a.hex) or not rs.drift_hex(board, a.hex):
            continue
        joiners = [u for u in _units(board, a) if attacked_from(board, u) != a.hex]
        if joiners:
            out.append(rs.finding(board, f"{P} 15.61", "movement",
                                  f"{rs.names(joiners)} join{'s' if len(joiners) == 1 else ''} the drift combat in "
                                  f"{a.hex} from {', '.join(sorted({attacked_from(board, u) for u in joiners}))}; "
                                  "in a drift combat the dropped units attack alone.", [a.hex],
                                  joiners))
    return out


def _fires(rs, u) -> bool:
    """10.31: adjacent artillery attacks with its fire strength (「戦闘比の計算で、攻撃戦力としてその射撃
    戦力を含める」), so a printed attack of 0 (or none) does not bar it: it needs a fire strength."""
    return rs.artillery(u) and u.value("fire") is not None and u.number("fire") > 0


def _artillery_attackers(rs, board: Board, a, units: list) -> list:
    """10.31 「すでに射撃済又は混乱状態であると、攻撃できない」 (Fired at the declaration means fired in
    an earlier activation: the Bombardment Phase comes after it); 10.27 「軽AAユニットのみが、戦闘で
    攻撃できる」: no heavy AA attacks; 10.43 「射程値を持たない沿岸砲兵：…攻撃又は防御で射撃戦力を適用でき
    ない」: coast artillery without a range has nothing to attack with."""
    out = []
    spent = [u for u in units if rs.artillery(u) and (rs.fired(board, u) or u.has("disrupted"))]
    if spent:
        out.append(rs.finding(board, f"{P} 10.31", "movement", f"{rs.names(spent)} "
                              f"{'is' if len(spent) == 1 else 'are'} Fired or disrupted artillery and may not "
                              f"attack ({a.hex}).", [a.hex], spent))
    rangeless = [u for u in units if rs.is_(u, "im_coast_artillery") and u.value("range") is None]
    if rangeless:
        out.append(rs.finding(board, f"{P} 10.43", "movement", f"{rs.names(rangeless)}: coast artillery without a "
                              f"range applies no fire strength in an attack, and has no other ({a.hex}).",
                              [a.hex], rangeless))
    heavy = [u for u in units if rs.is_(u, "im_heavy_aa")]
    if heavy:
        out.append(rs.finding(board, f"{P} 10.27", "movement", f"{rs.names(heavy)}: only light AA units attack in "
                              f"combat, not heavy AA ({a.hex}).", [a.hex], heavy))
    return out


def check_attackers(rs, board: Board) -> list:
    """9.15, 3.34, 12.14: the units that may take part in a declared attack."""
    pos = board.pos
    out: list[Finding] = []
    if pos.phase not in DECLARATION:
        return out
    for a in pos.attacks:
        units = _units(board, a)
        zero = [u for u in units if rs.combat(u) and not _fires(rs, u) and u.value("attack") is not None
                and u.number("attack") <= 0]
        out += _artillery_attackers(rs, board, a, units)
        if zero:
            out.append(rs.finding(board, f"{P} 9.15", "movement",
                                  f"{rs.names(zero)} {'has' if len(zero) == 1 else 'have'} an attack strength of 0 "
                                  f"and may not attack ({a.hex}).", [a.hex], zero))
        excess = [u for u in units if u.has("excess")]
        if excess:
            why = " (15.63: nor in a drift combat)" if rs.drift_hex(board, a.hex) else ""
            one = len(excess) == 1
            out.append(rs.finding(board, f"{P} 3.34", "stacking",
                                  f"{rs.names(excess)} {'is' if one else 'are'} under an Excess Stacking marker and "
                                  f"{'takes' if one else 'take'} no part in combat{why}, yet {'is' if one else 'are'} "
                                  f"named in the attack on {a.hex}.", [a.hex], excess))
        if units and all(rs.artillery(u) or rs.is_(u, "im_naval") or board.unit_kind(u) == "air" for u in units):
            out.append(rs.finding(board, f"{P} 12.14", "movement",
                                  f"The attack on {a.hex} is made by {rs.names(units)} alone: no hex is attacked by "
                                  "artillery, naval or air units alone (they may bombard it, 10.28).", [a.hex], units))
    return out


def check_artillery_flipped(rs, board: Board) -> list:
    """10.34 「戦闘後、結果にかかわらず、攻撃又は防御に参加している全ての砲兵ユニットを射撃済に裏返す」:
    at the end of the Combat Phase every artillery unit named in a declared attack, and every one
    still in a declared attack's defender hex, is Fired; one under an Excess Stacking marker took
    no part (10.33). A defender's artillery that retreated is not judged (a combat refusal,
    9.3, leaves before the combat)."""
    pos = board.pos
    if pos.phase != "combat" or pos.at == "during" or not pos.attacks:
        return []
    named = {uid for a in pos.attacks for uid in a.units}
    defended = {a.hex for a in pos.attacks}
    late = [u for u in pos.units if rs.artillery(u) and board.is_hex(u.hex) and not u.has("excess")
            and not rs.fired(board, u) and (u.id in named or (u.hex in defended and u.mode != "retreat"
                                                               and any(x.side != u.side for a in pos.attacks
                                                                       if a.hex == u.hex
                                                                       for x in map(pos.unit, a.units) if x)))]
    return [rs.finding(board, f"{P} 10.34", "movement", f"{rs.names(late)} took part in a combat this phase "
                       f"and {'is' if len(late) == 1 else 'are'} still on the Fire side; artillery that attacks or "
                       "defends flips to Fired after the combat, whatever the result.",
                       sorted({u.hex for u in late}), late)] if late else []



def _attacking_side(rs, board: Board, h: str) -> str:
    """The side declaring the attack on ``h`` (see the module's 9.13 reading); "" when unknown."""
    side = rs.activation_side(board)
    if side:
        return side
    side, _ = attacker(rs.memory(board.pos), board.pos, lambda a: rs.side_of_active(board.pos, a))
    if side:
        return side
    held = {u.side for u in board.units(h) if rs.combat(u)}
    return next((s for s in rs.game.sides if s not in held), "") if len(held) == 1 else ""


def stale_marker(h: str) -> str:
    """Why an Attack Target marker on ``h``, on the hex since the last Combat Phase's end (memory
    ``targets_left``), is not judged as this phase's declaration (9.13, 12.12)."""
    return (f"the Attack Target marker on {h}: left from an earlier combat ({P} 13.13, found at the Combat Phase's "
            "end) and on the hex since, or a new declaration on the same hex; which is not recorded")


def check_target_markers(rs, board: Board) -> list:
    """9.13: each Attack Target marker at the end of the Combat Declaration Phase has a unit of the
    attacking side beside it (see the module's reading)."""
    pos = board.pos
    declared = {a.hex for a in pos.attacks}
    markers = sorted(h for h, mk in pos.hex_markers.items() if ATTACK_TARGET in mk and board.is_hex(h)
                     and h not in declared)
    left = set(rs.memory(pos).targets_left or ())
    out: list[Finding] = []
    for h in markers:
        side = _attacking_side(rs, board, h)
        if side and any(rs.combat(u) for x in (h, *board.neighbours(h)) for u in board.units(x, side)):
            continue       # legal whether the marker is this phase's or an old one (rv-o25)
        if h in left:
            rs.not_judged(f"{P} 9.13", stale_marker(h))
            continue
        if not side:
            rs.not_judged(f"{P} 9.13", f"whether a unit can make the attack the Attack Target marker on {h} declares: "
                                       "the attacking side is unknown (no Activation Marker played is known, and "
                                       "the hex holds no units of one side)")
            continue
        out.append(rs.finding(board, f"{P} 9.13", "movement",
                              f"An Attack Target marker lies on {h} at the end of the Combat Declaration Phase, but "
                              f"no {rs.side_name(side)} combat unit stands beside it: every attacking unit is adjacent "
                              "to the defender hex (9.13), so no unit can make that attack.", [h]))
    return out
