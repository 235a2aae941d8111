"""Operation Mercury: what a position shows of combat: declared attacks (7.11-7.15, 9.21, 10.22,
11.0, 13.42, 8.14), combat refusal (7.31-7.34), reaction (7.41-7.42) and the length of retreats
and advances (9.61, 9.64, 9.84).

A unit with ``mode = "retreat"`` in a Combat Refusal Phase (phase id ending ``combat-refusal``)
refuses combat; ``mode = "advance"`` there is the attacker's advance into the vacated hex (7.32).

Readings: the whole refusing stack retreats to one hex (7.32 "the stack retreats 1 hex"; the text
does not say whether it may split, so ``om_refusal_split`` = false by default); only the units
that declared against the hex may advance after a refusal (not stated; not checked); a retreat
of 2 hexes may not re-enter the hex it left (inferred, spec §5).
"""
from __future__ import annotations

from ....positions.model import UnitState
from ...core.moves import label
from ...core.attacks import attacked_from
from ...core import gap_status
from ...core.board import Board
from ...core.stacking import fmt
from .carried import mercury
from .memory import FIRST_ROLL_LOST, closed_drag_to, first_roll_hexes, first_roll_lost, first_roll_unknown, segment
from .places import box_name, sector_param
from .movement import box_links, links_known

P = "OM"


def refusal_phase(board: Board) -> bool:
    """A phase whose retreats and advances are refusals and the advances after them (7.32): the
    Combat Refusal Phase, and the Defender Reaction Phase after it (its position records them with
    ``previous``; no combat is resolved before the Combat Phase, 7.0, so no other retreat is made yet)."""
    return board.pos.phase.endswith("combat-refusal") or board.pos.phase.endswith("defender-reaction")


# ---- declared attacks -----------------------------------------------------------------------
#: 9.0: the two kinds of ground combat an attack's ``kind`` names, with the spellings a player
#: writes (the rulebook's English and Japanese names; the book's own heading spells "MANEWVER")
ATTACK_KINDS: dict[str, tuple[str, ...]] = {
    "maneuver": ("maneuver combat", "manoeuvre", "manoeuvre combat", "manewver", "機動戦闘", "機動"),
    "assault": ("assault combat", "強襲戦闘", "強襲"),
}


def read_attacks(pos) -> None:
    """An attack's ``kind`` as one of :data:`ATTACK_KINDS`, however spelt; another kind (a
    "bombardment", 11.2, which no attack declares; a "frontal assault", 8.24, which is a
    coordination result) is refused at its line: rules that read only maneuver or assault would
    pass it unseen. Its ``result`` is read by no rule: listed as ignored."""
    from ....errors import InputError
    from ....positions.spelling import resolve
    for atk in pos.attacks:
        if atk.result:
            # 9.42: whom a result retreats, 1 hex or 2 (a bold result), a position's text does not show
            pos.ignored.append(f"{pos.source}:{atk.line}: [[attacks]] result '{atk.result}' is read by no rule of the "
                               "operation-mercury rule set: it changes nothing (a retreat's length, 1 hex or 2 for a "
                               "bold result, 9.42, is judged from the retreat alone)")
        if not atk.kind:
            continue
        kind = resolve(atk.kind, ATTACK_KINDS)
        if kind is None:
            raise InputError(pos.source or None, f"[[attacks]]: kind '{atk.kind}' is no combat of Operation Mercury "
                                                 "(9.0: 'maneuver' or 'assault'; a bombardment, 11.2, is no "
                                                 "declared attack)", line=atk.line or None)
        atk.kind = kind


def check_attacks(rs, board: Board) -> list:
    """7.11-7.15, 9.21, 4.24, 11.0, 13.42: attackers adjacent to an enemy-held hex, able to move
    into it across that hexside, neither fatigued nor of zero strength (non-mortar artillery has
    no attack strength; a dispersed unit's attack is halved, 7.14a); one target hex per unit
    (7.13); a unit in a maneuver combat may not assault in the same player turn (10.22); the HQ
    is the attacker's (8.14). An attacked hex may be empty once its defenders refused or
    retreated, or in the Combat Phase once they were eliminated."""
    pos = board.pos
    out = []
    seen: dict[str, tuple[str, str]] = {}
    # 9.31 B: the maneuver attackers of a hex are one combat, however many entries declare them
    declared: dict[str, dict[str, list[UnitState]]] = {}
    # 7.11 ('活性プレイヤーは、戦闘宣言フェイズ中に……攻撃する敵のヘクスを宣言し'): in a player
    # segment's combat steps only that segment's (the active) player has declared attacks
    active = pos.phase_info.side if pos.phase_info is not None and pos.phase_kind == "combat" else ""
    for atk in pos.attacks:
        units = [u for u in (pos.unit(i) for i in atk.units) if u is not None]
        passive = [u for u in units if active and u.side != active]
        if passive:
            side = pos.game.sides.get(active)
            out.append(rs.finding(board, f"{P} 7.11", "movement", f"{rs.names(passive)} declared an attack on {atk.hex} "
                                  f"in the {pos.phase_name}, but only the active "
                                  f"player ({side.name if side else active}) declares attacks in his segment.",
                                  [atk.hex], passive))
        defenders = [x for x in board.units(atk.hex) if rs.ground(x)]
        sides = {u.side for u in units}
        vacated = any(x.previous == atk.hex and x.side not in sides for x in pos.units)
        if units and not any(x.side not in sides for x in defenders) and not vacated \
                and not pos.phase.endswith("-combat"):
            out.append(rs.finding(board, f"{P} 7.11", "movement", f"{rs.names(units)} declared an attack on {atk.hex}, "
                                  "which holds no enemy unit.", [atk.hex], units))
        hq = pos.unit(atk.hq) if atk.hq else None
        if hq is not None and sides and hq.side not in sides:
            out.append(rs.finding(board, f"{P} 8.14", "supply", f"{label(hq)} is not the attacker's HQ and cannot "
                                  f"coordinate the attack on {atk.hex}.", [hq.hex], [hq]))
        for u in units:
            key = (atk.hex, atk.kind)
            old = seen.get(u.id)
            seen[u.id] = key
            if old is not None and old[0] != atk.hex:
                out.append(rs.finding(board, f"{P} 7.13", "movement", f"{label(u)} attacks both {old[0]} and "
                                      f"{atk.hex}; each unit attacks one hex.", [old[0], atk.hex], [u]))
            elif old is not None and {old[1], atk.kind} == {"maneuver", "assault"}:
                out.append(rs.finding(board, f"{P} 10.22", "movement", f"{label(u)} took part in the maneuver combat "
                                      f"against {atk.hex} and may not also assault in this player turn.", [atk.hex], [u]))
            out += _attacker(rs, board, u, atk.hex)
        group = declared.setdefault(atk.hex, {}).setdefault(atk.kind, [])
        group += [u for u in units if u not in group]
    for target, kinds in declared.items():
        out += _initial_ratio(rs, board, target, kinds)
    return out


def _initial_ratio(rs, board: Board, target: str, kinds: dict[str, list[UnitState]]) -> list:
    """9.32 「1 対 3 未満の初期戦闘比は、認められない」: a maneuver combat declared below 1:3 (9.31 B-C: the
    strengths of every unit attacking the hex by maneuver combat, whatever ``[[attacks]]`` entries
    declare them, against the whole hex's defense, 9.15; ``kinds``: the attackers of ``target`` by
    attack kind, "" for none stated). An attacker of no stated kind may be one of them: it is
    counted with them, and the combat found only when below 1:3 even so. Judged when declared, at
    the end of the Combat Declaration Phase: a reaction (7.4) or a refusal changes the hex later. A dispersed unit
    fights at half strength, fractions kept (6.32a); a fatigued one defends at its printed strength
    (9.73) and attacks not at all (7.14b, its own finding); artillery (11.0 「「砲兵」の用語は全ての野戦砲兵、
    AA、迫撃砲のユニットを呼ぶ」: mortars too, ``om_artillery_units``) may add its defense (11.16,
    「加えることができる」), so it is left out: the ratio found is the attacker's best. 9.32 stands in the
    maneuver combat rules (9.3); an assault (10.0) is resolved on its own table, whose lowest column the
    kit does not hold: an assault, or an attack of no stated kind, below 1:3 is named not judged."""
    if not board.pos.phase.endswith("-combat-declaration"):
        return []
    maneuver, unstated = kinds.get("maneuver", []), kinds.get("", [])
    out = []
    for kind, units in (("maneuver", maneuver and maneuver + [u for u in unstated if u not in maneuver]),
                        ("assault", kinds.get("assault", [])), ("", [] if maneuver else unstated)):
        sides = {u.side for u in units}
        defenders = [x for x in board.units(target) if rs.ground(x) and x.side not in sides]
        attack = _attack_total(rs, units)
        defense = sum(_strength(rs, x, "defense") for x in defenders if not rs.is_(x, "om_artillery_units"))
        if not units or not defenders or attack * 3 >= defense:
            if kind == "maneuver" and unstated and maneuver:
                _below_without(rs, target, maneuver, defense)
            continue
        ratio = f"{fmt(attack)} against {fmt(defense)}"
        if kind != "maneuver":
            said = "an assault" if kind == "assault" else "it states no kind, and may be an assault"
            rs.not_judged(f"{P} 9.32", f"the attack on {target} ({ratio}) is below 1:3, which a maneuver combat may "
                                       f"not be; {said}, resolved on the Assault Combat Table (10.0), whose lowest "
                                       "ratio the kit does not hold")
            continue
        out.append(rs.finding(board, f"{P} 9.32", "movement", f"{rs.names(units)} declared a maneuver combat against "
                              f"{target} at {ratio} ({rs.names(defenders)}), below 1:3; an initial ratio below 1:3 is "
                              "not permitted.", [target], units))
    return out


def _below_without(rs, target: str, maneuver: list[UnitState], defense: float) -> None:
    """9.32 not judged: the maneuver combat on ``target`` reaches 1:3 only with attackers of no stated kind."""
    attack = _attack_total(rs, maneuver)
    if attack * 3 < defense:
        rs.not_judged(f"{P} 9.32", f"the maneuver combat on {target} is {fmt(attack)} against {fmt(defense)}, below "
                                   "1:3, without the attackers whose entries state no kind; counted, it is 1:3 or "
                                   "better, and whether they attack by maneuver combat is not stated")


def _attack_total(rs, units: list[UnitState]) -> float:
    """The attackers' total strength in a maneuver combat: a fatigued unit attacks not at all (7.14b)."""
    return sum(_strength(rs, u, "attack") for u in units if not rs.fatigued(u))


def _strength(rs, u: UnitState, field: str) -> float:
    """A unit's combat strength in a maneuver combat: a mortar attacks with its bombardment strength
    (13.42); a dispersed unit's is halved, fractions kept (6.32a)."""
    value = float(u.number(field, 0))
    if field == "attack" and rs.is_(u, "om_mortar"):
        value = float(u.number("bombardment", value))
    return value / 2 if u.has("dispersed") else value


def _fatigue_may_be_the_result(board: Board, u: UnitState) -> bool:
    """9.71: an F# result puts fatigue markers on attackers too, so in a Combat Phase (after the
    declared combats are resolved) an attacker's Fatigue marker may be its combat's result. Only the
    units fatigued at the end of the previous phase (``om_fatigued``) were fatigued when they
    declared (7.14b); without that record the marker is not held against the attack."""
    if not board.pos.phase.endswith("-combat"):
        return False
    before, unknown = gap_status.status_before(mercury(board.pos), "om_fatigued", "om_status_unknown")
    return before is None or u.id not in before or u.id in unknown


def _attacker(rs, board: Board, u: UnitState, target: str) -> list:
    name = label(u)
    at = attacked_from(board, u)                                                      # where it declared from
    offmap = [x for x in (at, target) if x in board.map.boxes and board.map.boxes[x].kind == "offmap"]
    if offmap:
        # 7.11-7.12 (an attack is declared on an adjacent enemy hex), 4.55 (units in an off-map box are
        # attacked only by the units moving into it, in the Movement Phase)
        return [rs.finding(board, f"{P} 7.12", "movement", f"{name} in {at} attacks {target}: a declared combat is "
                           "made from a hex against an adjacent hex; units in an off-map box fight only when enemy "
                           "units move into it (4.55).", [x for x in (at, target) if board.is_hex(x)], [u])]
    if board.is_hex(at) and board.is_hex(target) and not board.adjacent(at, target):
        return [rs.finding(board, f"{P} 7.12", "movement", f"{name} in {at} attacks {target}, which is not adjacent.",
                           [at, target], [u])]
    if rs.fatigued(u) and _fatigue_may_be_the_result(board, u):
        if mercury(board.pos).om_fatigued is None:
            rs.not_judged(f"{P} 7.14", f"whether {name} was fatigued when it declared its attack on {target} (its "
                                       "Fatigue marker may be the combat's result, 9.71) needs [state] om_fatigued")
        elif u.id in gap_status.status_before(mercury(board.pos), "om_fatigued", "om_status_unknown")[1]:
            rs.not_judged(f"{P} 7.14", gap_status.unknown_reason(name, "was fatigued", "om_status_unknown"))
    elif rs.fatigued(u):
        return [rs.finding(board, f"{P} 7.14", "movement", f"{name} is fatigued and may not attack {target}.",
                           [u.hex], [u])]
    strength = _strength(rs, u, "attack")
    # 7.14a and 13.51 ('ゼロを超える攻撃戦力を持つHQユニットは、他の地上戦闘ユニットと同じ要領で攻撃できる'):
    # an HQ attacks only with an attack strength above zero; one that coordinates is the attack's `hq`
    if strength < 1 or rs.is_(u, "om_no_attack"):
        why = "non-mortar artillery and AA have no attack strength (11.0)" if rs.is_(u, "om_no_attack") else \
            "its attack strength is zero" + (" once halved for dispersal (7.14a)" if u.has("dispersed") else "")
        return [rs.finding(board, f"{P} 7.14", "movement", f"{name} may not attack {target}: {why}.", [u.hex], [u])]
    if board.is_hex(at) and board.is_hex(target):
        model = rs.move_model(board, u, set(), with_zoc=False)
        if model.cost(at, target) is None:
            p = model.prohibited(at, target)
            return [rs.finding(board, f"{P} 9.21", "movement", f"{name} may not attack from {at} into {target}: "
                               f"{p.message} ({p.rule}).", [at, target], [u])]
    return []


# ---- improved positions (9.23) ----------------------------------------------------------------
def check_improved_positions(rs, board: Board) -> list:
    """9.23 ('IPは、敵ユニットによって最初に占められたとき直ちに破壊される'): an Improved Position
    marker (the kit's ``ip``) is gone the moment an enemy unit occupies its hex, so no hex holds an IP
    of one side (its ``owner``) and ground units of the other. Whose IP it is the book leaves to the
    set-up cards (the book never says only one side has them): without an owner, an IP hex holding
    units names it not judged (a log records no owner: one note, the same at each step)."""
    pos = board.pos
    out = []
    for h, markers in pos.hex_markers.items():
        if "ip" not in markers:
            continue
        units = [u for u in board.units(h) if rs.ground(u)]
        owner = markers["ip"]
        if not owner:
            if units and pos.moves_announced:
                rs.not_judged(f"{P} 9.23", f"the side of the Improved Position in {h} (no owner given), so whether "
                                           f"{rs.names(units)} are its enemy, whose entry destroys it")
            elif units:
                rs.not_judged(f"{P} 9.23", "a log records no side for an Improved Position marker, so whether the "
                                           "units in its hex are its enemy (whose entry destroys it) is unknown")
            continue
        enemy = [u for u in units if u.side != owner]
        if enemy:
            out.append(rs.finding(board, f"{P} 9.23", "movement", f"{h} still holds an Improved Position of the "
                                  f"{owner} side with {rs.names(enemy)} in it: an IP is destroyed as soon as an enemy "
                                  "unit occupies its hex.", [h], enemy))
    return out


# ---- combat refusal (7.31-7.34) ---------------------------------------------------------------
def refusal(rs, board: Board, ez_of) -> list:
    """The refusing stacks and the attackers' advance in a Combat Refusal Phase."""
    pos = board.pos
    out = []
    stacks: dict[str, list[UnitState]] = {}
    for u in pos.units:
        if u.mode == "retreat" and u.previous and rs.ground(u):
            stacks.setdefault(u.previous, []).append(u)
    targets = {a.hex for a in pos.attacks}
    limit = rs.num("stacking_limit_points")
    for h, us in stacks.items():
        side = us[0].side
        names = rs.names(us)
        stayed = [x for x in board.units(h, side) if x.previous is None and rs.ground(x)]
        ends = sorted({u.hex for u in us})
        if (stayed or len(ends) > 1) and not rs.flag("om_refusal_split"):
            out.append(rs.finding(board, f"{P} 7.32", "movement", f"The stack in {h} refused combat but did not "
                                  f"retreat together: {rs.names(us + stayed)}.", [h, *ends], us + stayed))
        if not any(u.number("efficiency", 0) >= rs.num("refusal_min_efficiency") for u in us + stayed):
            out.append(rs.finding(board, f"{P} 7.31", "movement", f"{names} refused combat in {h}, but no unit there "
                                  f"has an efficiency of {fmt(rs.num('refusal_min_efficiency'))} or more.", [h], us))
        tired = [u for u in us + stayed if rs.fatigued(u) or u.has("dispersed")]
        if tired:
            out.append(rs.finding(board, f"{P} 7.31", "movement", f"The stack in {h} refused combat although "
                                  f"{rs.names(tired)} {'is' if len(tired) == 1 else 'are'} fatigued or dispersed "
                                  "(6.32c, 9.75).", [h], tired))
        turn = pos.turn
        sec = next((a for a in board.areas(h) if board.map.areas[a].kind == "sector"), "")
        if side == "allied" and turn is not None and (
                turn == 1 and sec == sector_param(rs, "maleme_suda") or
                turn == 2 and sec in (sector_param(rs, "retimo"), sector_param(rs, "heraklion"))):
            out.append(rs.finding(board, f"{P} 7.34", "movement", f"{names} refused combat in {h} on turn {turn}; "
                                  "surprised Allied units may not refuse combat then.", [h], us))
        ez = ez_of(side)
        for end in ends:
            movers = [u for u in us if u.hex == end]
            if board.is_hex(h) and board.is_hex(end) and (board.distance(h, end) or 0) != 1:
                out.append(rs.finding(board, f"{P} 7.32", "movement", f"{rs.names(movers)} refused combat from {h} "
                                      f"to {end}; a refusing stack retreats exactly 1 hex.", [h, end], movers))
                continue
            why = []
            if end in ez:
                why.append("it is in enemy ZOC")
            if end in targets:
                why.append("it is the target of a declared combat")
            if rs.combat_enemy(board, end, side):
                why.append("it holds enemy units")
            model = rs.move_model(board, movers[0], set(), with_zoc=False)
            if board.is_hex(h) and board.is_hex(end) and model.cost(h, end) is None:
                why.append(model.prohibited(h, end).message)
            pts = sum(rs.points(x) for x in board.units(end, side))
            if pts > limit:
                why.append(f"it then holds {fmt(pts)} stacking points")
            if why:
                out.append(rs.finding(board, f"{P} 7.33", "zoc" if end in ez else "movement",
                                      f"{rs.names(movers)} refused combat into {end}, but {'; '.join(why)}.",
                                      [end], movers))
    adv: dict[str, list[UnitState]] = {}
    for u in pos.units:
        if u.mode == "advance" and rs.ground(u):
            adv.setdefault(u.hex, []).append(u)
    for h, us in adv.items():
        pts = sum(rs.points(u) for u in us)
        if pts > rs.num("refusal_advance_limit_points"):
            out.append(rs.finding(board, f"{P} 7.32", "stacking", f"{fmt(pts)} stacking points advanced into {h} after "
                                  f"a combat refusal, more than {fmt(rs.num('refusal_advance_limit_points'))}: "
                                  f"{rs.names(us)}.", [h], us))
        if h not in stacks:
            out.append(rs.finding(board, f"{P} 7.32", "movement", f"{rs.names(us)} advanced into {h} in the Combat "
                                  "Refusal Phase, but no stack refused combat from there.", [h], us))
    return out


# ---- reaction (7.41-7.42) ---------------------------------------------------------------------
def reaction_extras(rs, board: Board) -> list:
    """7.41-7.42: one reacting unit per declared combat, into the attacked hex only; not a unit
    that is itself in a target hex or refused combat in this segment's Combat Refusal Phase."""
    pos = board.pos
    out = []
    targets = {a.hex for a in pos.attacks}
    by_hex: dict[str, list[UnitState]] = {}
    ref = mercury(pos).om_refused
    refused: set[str] = set()
    if isinstance(ref, dict) and (pos.turn is None or ref.get("turn") in (None, pos.turn)) and \
            (not pos.phase or not segment(pos.phase) or ref.get("segment", segment(pos.phase)) == segment(pos.phase)):
        refused = set(ref.get("units") or [])
    for u in pos.units:
        if u.mode != "reaction" or not u.previous:
            continue
        by_hex.setdefault(u.hex, []).append(u)
        if targets and u.hex not in targets:
            out.append(rs.finding(board, f"{P} 7.41", "movement", f"{label(u)} reacted into {u.hex}, which is not the "
                                  "target of a declared combat.", [u.hex], [u]))
        if u.previous in targets:
            out.append(rs.finding(board, f"{P} 7.42", "movement", f"{label(u)} reacted out of {u.previous}, itself the "
                                  "target of a declared combat.", [u.previous], [u]))
        if u.id in refused:
            out.append(rs.finding(board, f"{P} 7.42", "movement", f"{label(u)} refused combat in this segment's "
                                  "Combat Refusal Phase and may not react.", [u.hex], [u]))
    for h, us in by_hex.items():
        if len(us) > 1:
            out.append(rs.finding(board, f"{P} 7.41", "movement", f"{rs.names(us)} all reacted into {h}; one unit "
                                  "may react per declared combat.", [h], us))
    return out


# ---- retreat and advance length (9.61, 9.84) ------------------------------------------------------
def length(rs, board: Board, u: UnitState) -> list:
    """A retreat covers 1 or 2 hexes and does not come back to the hex it left (9.61, 9.64); an
    advance after maneuver combat covers at most 2 hexes (9.84); neither crosses terrain or a
    hexside the unit may not enter (9.61, 4.24). A "retreat" into a holding box (militia removed,
    eliminated: any box but an off-map one) is a removal, as :func:`.movement.out_of_phase` reads it:
    no finding."""
    if not u.path and u.previous is None:
        return []
    path = list(u.path or (u.previous or "", u.hex))
    if u.mode == "retreat" and len(path) >= 2 and _offmap(board, path[0]):
        return box_retreat(rs, board, u, path)
    if u.mode == "retreat" and len(path) >= 2 and board.is_hex(path[0]) and _offmap(board, path[-1]):
        return retreat_off_map(rs, board, u, path)
    if not all(board.is_hex(h) for h in path):
        return []
    out = []
    verb = "retreated" if u.mode == "retreat" else "advanced"
    rule = f"{P} 9.61" if u.mode == "retreat" else f"{P} 9.84"
    if len(path) - 1 > 2 or (board.distance(path[0], path[-1]) or 0) > 2:
        out.append(rs.finding(board, rule, "movement", f"{label(u)} {verb} {' → '.join(path)}, more than 2 hexes.",
                              [path[-1]], [u]))
    elif u.mode == "retreat":
        out += _retreat_again(rs, board, u, path)
    if u.mode == "retreat" and path[0] in path[1:]:
        out.append(rs.finding(board, rule, "movement", f"{label(u)} retreated {' → '.join(path)} and came back to "
                              "the hex it left.", [path[0]], [u]))
    if u.mode == "advance" and len(path) >= 2 and not refusal_phase(board):
        out += advance_start(rs, board, u, path)
    if u.mode == "retreat" and not refusal_phase(board):
        _retreat_cause(rs, board, u, path[0])
        kinds = {a.kind or "maneuver" for a in board.pos.attacks if a.hex == path[0] and u.id not in a.units}
        if {"maneuver", "assault"} <= kinds:
            out.append(rs.finding(board, f"{P} 9.66", "movement", f"{label(u)} retreated out of {path[0]}, the target "
                                  "of both a maneuver combat and an assault this player turn; it must stay and accept "
                                  "the assault.", [path[0]], [u]))
    model = rs.move_model(board, u, set(), with_zoc=False)
    for a, b in zip(path, path[1:]):
        if model.cost(a, b) is None:
            p = model.prohibited(a, b)
            out.append(rs.finding(board, rule if p.rule.endswith("4.14") else p.rule, "movement",
                                  f"{label(u)} {verb} from {a} into {b}, but {p.message}.", [b], [u]))
            break
    return out


def _retreat_again(rs, board: Board, u: UnitState, path: list[str]) -> list:
    """9.13 「機動戦闘フェイズ毎に、複数回の機動戦闘によって…攻撃されるユニットはない」 (and 7.11, one
    hex per combat; an assault makes no retreat, 9.66): a unit retreats at most once per Combat
    Phase, 2 hexes at most (9.61). A log's retreat the audit closed (a die roll, an attacker's
    drag) and the unit dragged on is read as a new path from where it stood; measured from where
    the unit stood at the phase's first die roll (``om_first_roll``: a drag before any roll, a
    Defender Reaction move made with the tracker already on the Combat Phase, 7.41, is no retreat
    after combat), more than 2 hexes is a finding once a roll or an attacker's move came after the
    drag and the earlier part (first-roll hex to ``path[0]``) is 2 hexes or more: a Combat Refusal
    (7.32) and a Defender Reaction (7.41) each move 1 hex, so only a retreat (or a refusal or
    reaction and a retreat) covers it, and only when one closed drag of the unit (``om_first_roll``
    ``closed``) covered 2 hexes: two 1-hex drags may be a reaction or refusal and a 1-hex retreat
    (review rv-e22 item 2), named not judged. The first roll itself proves no later drag a retreat: each
    refusal and reaction follows its own efficiency-check roll (7.22). Not judged: an earlier part
    of 1 hex (a refusal or reaction, which makes the retreat after it legal, or a first retreat: a
    log records neither declared attacks nor which combat a roll is), the drag closed only by the
    phase's or the file's end (nothing of the combat after it: it may be the next Movement Phase's
    move with the tracker left behind), a unit that moved since the first roll out of the phase
    (the tracker went back, a file missing between two: :func:`.memory.first_roll_unknown`; the
    other units are still judged from their first-roll hexes), and a record that starts inside
    the phase, or may have lost its first roll in a missing file, with no record of that roll
    (measured then from the unit's hex at the phase start, ``om_end_hexes``)."""
    pos = board.pos
    if pos.moves_announced or pos.phase_kind != "combat" or not board.is_hex(path[0]):
        return []
    rolled = first_roll_hexes(pos)
    lost = first_roll_lost(pos)
    ends = mercury(pos).om_end_hexes
    ends = {**(ends if isinstance(ends, dict) else {}), **(lost or {})}
    start = (rolled if rolled is not None else ends).get(u.id)
    if not start or start == path[0] or not board.is_hex(start):
        return []
    d = board.distance(start, path[-1]) or 0
    if d <= 2 or pos.retreats_open:
        return []                          # (an open retreat is judged when it closes)
    route = f"{label(u)} retreated {' → '.join(path)} after an earlier move this Combat Phase"
    if rolled is None:
        where, why = ("the phase start or before the missing file", FIRST_ROLL_LOST) if lost is not None \
            else ("the phase start", "the record starts inside the Combat Phase")
        rs.not_judged(f"{P} 9.61", f"{route} from {start}: {d} hexes from where it stood at {where}, more "
                                   "than the 2 hexes of its one retreat (9.13) if that move came after a die roll; "
                                   f"{why}, so whether a roll came before it (a move before the phase's first roll, a "
                                   "Defender Reaction move, 7.41, is no retreat) is not known")
        return []
    moved = first_roll_unknown(pos).get(u.id)
    if moved:
        rs.not_judged(f"{P} 9.61", f"{route} from {start}, where it stood at the phase's first die roll: {d} hexes, "
                                   "more than the 2 hexes of its one retreat (9.13) if every move since that roll "
                                   f"was in this Combat Phase; {moved}, so what it did since that roll is not known")
        return []
    if board.distance(start, path[0]) == 1:
        rs.not_judged(f"{P} 9.61", f"{route}, {start} → {path[0]} ({start}: where it stood at the phase's first "
                                   f"die roll): {d} hexes from {start}, more than the 2 hexes of its one retreat "
                                   "(9.13) if that 1-hex move was a retreat; a Combat Refusal (7.32) or a Defender "
                                   "Reaction (7.41), each made after its own efficiency-check roll (7.22), would make "
                                   "it legal, and a log records neither declared attacks nor which combat a roll is")
        return []
    before = closed_drag_to(pos, u.id, path[0])
    if before is None or (board.distance(*before) or 0) < 2:
        # the earlier part may be 1-hex moves one after another (a reaction or a refusal, 7.32,
        # 7.41, then a 1-hex retreat): each legal, and the second retreat then 1 hex too
        drag = f"its drag {before[0]} → {before[1]} before it covered 1 hex" if before else \
            "no earlier drag of it ending there is recorded"
        rs.not_judged(f"{P} 9.61", f"{route}, {start} → {path[0]} ({start}: where it stood at the phase's first "
                                   f"die roll): {d} hexes from {start}; {drag}, so the earlier part may be a Combat "
                                   "Refusal (7.32) or a Defender Reaction (7.41) and a 1-hex retreat, which would make "
                                   "it legal, and a log records neither declared attacks nor which combat a roll is")
        return []
    if pos.retreats_closed_at_end:
        rs.not_judged(f"{P} 9.61", f"{route} from {start}, where it stood at the phase's first die roll: {d} hexes, "
                                   "more than the 2 hexes of its one retreat (9.13) if it was made in this Combat "
                                   "Phase; no roll or attacker's move came after it, so it may be a move of the next "
                                   "phase with the tracker left behind")
        return []
    return [rs.finding(board, f"{P} 9.61", "movement", f"{route} from {start}, where it stood at the phase's first "
                       f"die roll: {d} hexes; a unit retreats once per Combat Phase (9.13), at most 2 hexes.",
                       [path[-1]], [u])]


def retreat_off_map(rs, board: Board, u: UnitState, path: list[str]) -> list:
    """9.61 ('マップシートの外へ……退却できない'): no retreat off the map sheet. A retreat from a map
    hex into an off-map box that hex is no edge hex of (4.52) leaves the map: a finding. Into the one
    beside its edge hex: whether the box counts as off the map sheet for a retreat the book does not
    say (4.51 makes the boxes the only way into those areas; 4.53 lets units in by movement with 1 MP
    left, and a retreat is no movement): not judged."""
    last = [h for h in path if board.is_hex(h)][-1]
    box = board.map.boxes[path[-1]]
    if last in box.adjacent and box.kind == "offmap":
        rs.not_judged(f"{P} 9.61", f"whether {label(u)} may retreat from {last} into the off-map box {box.id} beside "
                                   "it: the book bars retreats off the map sheet and does not say whether a box counts")
        return []
    return [rs.finding(board, f"{P} 9.61", "movement", f"{label(u)} retreated {' → '.join(path)}, off the map: a "
                       f"unit may not retreat off the map sheet, and {last} is no edge hex of {box.name}.",
                       [last], [u])]


def _offmap(board: Board, h: str) -> bool:
    box = board.map.boxes.get(h)
    return box is not None and box.kind == "offmap"


def box_retreat(rs, board: Board, u: UnitState, path: list[str]) -> list:
    """4.55: after an off-map combat (DR, 1DR) the defender retreats 1 box, into a box linked to its
    own (``om_box_links``), but not into the box the attackers started their move from (the
    ``previous`` of the enemy units now in the box it left). Into a box with neither it nor the
    box left having a link on record: whether they are linked is not judged (:func:`links_known`)."""
    src, dest = path[0], path[-1]
    links = {next(iter(pair - {src})) for pair in box_links(rs) if src in pair}
    if len(path) != 2:
        return [rs.finding(board, f"{P} 4.55", "movement", f"{label(u)} retreated {' → '.join(path)}; a defender in "
                           "an off-map box retreats 1 box.", [dest], [u])]
    came = [x for x in board.units(src) if x.side != u.side and rs.ground(x) and (x.path[0] if x.path else x.previous) == dest]
    if came:
        return [rs.finding(board, f"{P} 4.55", "movement", f"{label(u)} retreated from {box_name(board, src)} into "
                           f"{box_name(board, dest)}, the box "
                           f"the attackers ({rs.names(came)}) started their move from.", [dest], [u, *came])]
    if dest in links:
        return []
    if _offmap(board, dest) and not links_known(rs, src, dest):
        rs.not_judged(f"{P} 4.55", f"whether {label(u)}'s retreat from the box {src} into {dest} is into a box linked "
                                   "to it: neither has a link in om_box_links (the text names only Sitia's, from the "
                                   "eastern Heraklion box)")
        return []
    return [rs.finding(board, f"{P} 4.55", "movement", f"{label(u)} retreated {' → '.join(path)}; a defender in "
                       f"an off-map box retreats 1 box, into one linked to it ({', '.join(sorted(links)) or 'none'}).",
                       [dest], [u])]


def _retreat_cause(rs, board: Board, u: UnitState, start: str) -> None:
    """7.15 ('戦闘フェイズ中に攻撃できる唯一の敵ユニットは、戦闘宣言フェイズ中に宣言された攻撃に対するそれである'),
    9.42: a retreat in a Combat Phase is a defender's from a declared target hex or an attacker's
    (A results). When the position records declared attacks and none explains the retreat, the
    position may list only some of them: not judged, never passed as legal."""
    attacks = board.pos.attacks
    if not attacks or not board.pos.phase.endswith("-combat") or not board.is_hex(start):
        return
    if any(a.hex == start or u.id in a.units for a in attacks):
        return
    rs.not_judged(f"{P} 7.15", f"{label(u)} retreated from {start}, but no declared attack in the position is on "
                               f"{start} or names it: whether a combat of this phase retreated it is not known")


def advance_start(rs, board: Board, u: UnitState, path: list[str]) -> list:
    """9.83, 9.84: an advance enters first the hex the defender vacated (the hex of the declared
    attack naming the unit); after a defender's 1-hex retreat it goes no further than that hex.
    "The defender retreated 1 hex" is read from the retreating enemy units that left that hex (all of
    them 1 hex; none shown = eliminated or not recorded, so 2 hexes stay allowed). After an assault
    only (10.34) the attackers occupy that hex and go no further. Without a declared attack naming
    the unit the vacated hex is not known and the rule is not judged (never assumed)."""
    info = board.pos.phase_info
    active = info.side if info is not None else ""
    if active and u.side != active and board.pos.phase.endswith("-combat"):
        # 9.8 ('攻撃側が退却したとき、防御側は決して前進できない'): only the active player attacks in
        # his Combat Phase (7.11), so only his units advance after its combats
        return [rs.finding(board, f"{P} 9.8", "movement", f"{label(u)} advanced {' → '.join(path)} in the "
                           f"{board.pos.phase_name}, where it defends: only the attacker "
                           "advances after combat; when the attacker retreats, the defender never advances.",
                           [path[1]], [u])]
    targets = sorted({a.hex for a in board.pos.attacks if u.id in a.units})
    fought = [a for a in board.pos.attacks if a.hex == path[1] and a.kind in ("maneuver", "assault")]
    if not targets and fought and board.pos.phase.endswith("-combat"):
        # 9.82 ('その機動戦闘に参加して勝利した攻撃ユニットのみが、前進できる'), 10.34 (the assaulting
        # units occupy the hex): the hex a combat emptied is entered only by its attackers (after a
        # refusal, 7.32, any unit may advance: that is the Combat Refusal Phase's, and an attack
        # without a kind may have been refused)
        rule, what = ("9.82", "maneuver combat") if any(a.kind == "maneuver" for a in fought) else ("10.34", "assault")
        return [rs.finding(board, f"{P} {rule}", "movement", f"{label(u)} advanced {' → '.join(path)} into the hex of the "
                           f"{what} of {rs.names([x for x in (board.pos.unit(i) for i in fought[0].units) if x])}, "
                           "in which it took no part: only the units that fought it advance.", [path[1]], [u])]
    if not targets:
        rs.not_judged(f"{P} 9.84", "no declared attack names the advancing unit, so the hex its defender vacated "
                               "is not known: the first hex of an advance (9.83, 9.84) is not judged")
        return []
    if path[1] not in targets:
        return [rs.finding(board, f"{P} 9.84", "movement", f"{label(u)} advanced {' → '.join(path)}; the first hex "
                           f"of an advance is the hex the defender vacated ({', '.join(targets)}).", [path[1]], [u])]
    kinds = {a.kind for a in board.pos.attacks if a.hex == path[1] and u.id in a.units}
    if len(path) > 2 and kinds == {"assault"}:
        # 10.33-10.34 ('以前の防御ヘクスを占めなければならない'): an assault's attackers occupy the hex of
        # the defender it eliminated, no further; the 2-hex advance of 9.84 follows a maneuver combat
        return [rs.finding(board, f"{P} 10.34", "movement", f"{label(u)} advanced {' → '.join(path)} after the "
                           f"assault on {path[1]}: an assault's attackers only occupy the hex of the defender it "
                           "eliminated; the 2-hex advance (9.84) follows a maneuver combat.", [path[-1]], [u])]
    gone = [x for x in board.pos.units if x.side != u.side and x.mode == "retreat" and x.previous == path[1]]
    hexes = [len(x.path) - 1 if x.path else (board.distance(path[1], x.hex) or 0) for x in gone]
    if len(path) > 2 and hexes and max(hexes) == 1:
        return [rs.finding(board, f"{P} 9.83", "movement", f"{label(u)} advanced {' → '.join(path)}, but the "
                           f"defender retreated only 1 hex from {path[1]}: the advance ends in the hex it "
                           "vacated.", [path[-1]], [u])]
    return []


def drop_retreat(rs, board: Board, u: UnitState, ez: set[str], how: str) -> list:
    """6.42, 17.43 D2: a unit that paradropped or landed this turn retreats by priority: (1) an empty
    or friendly hex out of enemy ZOC, (2) a friendly hex in enemy ZOC, (3) an empty hex in enemy
    ZOC; an amphibious unit only onto land (not partial-sea) hexes. The retreat length is not
    stated; each hex of it is judged against the hexes beside its start."""
    prev = u.previous
    if not prev or not board.is_hex(prev) or not board.is_hex(u.hex) or u.hex == prev:
        return []
    model = rs.move_model(board, u, set(), with_zoc=False)

    def rank(h: str) -> int | None:
        if board.is_water(h) or rs.combat_enemy(board, h, u.side) or model.cost(prev, h) is None:
            return None
        if how == "amphibious" and board.terrain(h) == str(rs.param("om_partial_sea_terrain")):
            return None
        if h not in ez:
            return 1
        return 2 if any(x is not u and rs.ground(x) for x in board.units(h, u.side)) else 3
    first = (u.path[1] if u.path and len(u.path) > 1 else u.hex)
    got = rank(first)
    options = [r for r in (rank(n) for n in board.neighbours(prev)) if r is not None]
    best = min(options) if options else None
    if got is None or best is None or got <= best:
        return []
    what = {1: "an empty or friendly hex out of enemy ZOC", 2: "a friendly hex in enemy ZOC"}[best]
    return [rs.finding(board, f"{P} {'6.42' if how == 'paradrop' else '17.43'}", "zoc",
                       f"{label(u)} retreated from {prev} into {first}, but {what} was open beside {prev} and "
                       "comes first for a unit that arrived this turn.", [first], [u])]


# ---- hex changes outside Movement Phases, as the audit records them (om_displaced) -----------------
def recorded_at_end(phase: str) -> str:
    """What the end of combat sub-phase ``phase`` records for :func:`displaced` ("" if nothing)."""
    if phase.endswith("combat-refusal"):
        return "the hex changes of refusals and the advances after them (7.32)"
    if phase.endswith("defender-reaction"):
        return "the hex changes of reactions (7.41)"
    if phase.endswith("-combat"):
        return "the hex changes of retreats and advances after combat (9.61, 9.84)"
    return ""


def displaced(rs, board: Board) -> list:
    """A unit's hex change over a combat phase (``[state] om_displaced``, this turn): a refusal or a
    reaction covers 1 hex (7.32, 7.41), the advance after a refusal 1 hex (7.32), a retreat or an
    advance after combat at most 2 (9.61, 9.84). Judged one phase end later, from the record."""
    pos = board.pos
    rec = mercury(pos).om_displaced
    if not isinstance(rec, dict):
        return []
    out = []
    for uid, r in sorted(rec.items()):
        if not isinstance(r, dict) or (pos.turn is not None and r.get("turn") not in (None, pos.turn)):
            continue
        a, b, phase = r.get("from", ""), r.get("to", ""), str(r.get("phase", ""))
        d = board.distance(a, b)
        u = pos.unit(uid)
        if d is None or u is None:
            continue
        attacker = u.side == segment(phase)
        if phase.endswith("combat-refusal") or phase.endswith("defender-reaction"):
            most, rule, what = 1, (f"{P} 7.32" if "refusal" in phase else f"{P} 7.41"), (
                "an advance after a refusal" if attacker else "a refusal" if "refusal" in phase else "a reaction")
        elif phase.endswith("-combat"):
            most, rule, what = 2, (f"{P} 9.84" if attacker else f"{P} 9.61"), ("an advance" if attacker else "a retreat")
            if not attacker:
                rs.not_judged(f"{P} 9.63", f"whether {label(u)}'s retreat ({a} to {b}) entered enemy ZOC where no "
                              "friendly combat unit stood: the audit reads only each unit's hex at the combat "
                              "phase's ends, not the drags between them (the hexes a retreat passed, the enemy ZOC "
                              "while it retreated, before the advances), and a log does not say which hexes "
                              "declared combats target (7.11)")
        else:
            continue
        if d > most:
            out.append(rs.finding(board, rule, "movement", f"{label(u)} went from {a} to {b} in the {phase} phase "
                                  f"({d} hexes); {what} covers at most {most} hex{'es' if most > 1 else ''}.",
                                  [a, b], [u]))
    return out
