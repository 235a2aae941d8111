"""North Africa '41: the odds floor (8.3 step 1, 8.8.3: 「１対３未満の比の戦闘は、認められません」). The
ratio is taken after halving and doubling (9.1) and the 30/15 caps (8.8.1, 8.8.2), before column
shifts. A position records neither the hexsides nor every cause of halving and doubling, so an attack
is judged only when it falls below 1:3 even at its best: every attacker doubled (9.6: attacking down
a ridge or escarpment), capped at 30, against every defender halved (rounded up: disrupted, under a
rail or naval transport marker), a parenthesized defence (8.6) counted only when the hex holds
nothing else. An attack at 1:3 or better at its best but below 1:3 at the printed values with the
modifiers the position records (a fortification or the city in the defenders' hex, 9.5.1, 9.6,
doubling non-vehicle defenders once; the halving markers, 9.1; the caps) holds only if its attackers attack down a ridge or escarpment, which the kit's
illustrative hexsides cannot tell: it is named not judged, never passed as legal (round rulepos29:
four factors against three brigades in a fort, 15 after the cap, passed; imnafix23: the same in
Alexandria, the city, passed). The printed values leave out the halving a hexside brings (9.6:
attackers up a ridge or escarpment, vehicles across an escarpment or the Tobruk perimeter), so an
attack at 1:3 at the printed values may still be below it: that passes silently. Other attacks are not
judged here, nor one with an attacker of no attack value or a defender of no defence value (named not
judged: counting it as 0 would invent a value)."""
from __future__ import annotations

import math

from ...core.board import Board
from ...core.stacking import fmt
from .carried import fort_owner
from .units import NorthAfrica41Units

P = "NA41"
#: 8.8.1, 8.8.2: the most attack and defence factors a combat uses; 8.8.3: the lowest odds
ATTACK_CAP, DEFENSE_CAP, LOWEST_ODDS = 30, 15, 1 / 3
#: 9.1: the markers that halve a defender (disrupted, and full retreat with every penalty of
#: disruption, 13.3.2; rail or naval transport, 21.1.5) and an attacker (out of supply, 16.4)
HALVED_DEFENDING, HALVED_ATTACKING = ("disrupted", "full_retreat", "rail", "naval_transport"), ("oos", "oos_red")


def check(rs: NorthAfrica41Units, board: Board) -> list:
    pos, out = board.pos, []
    for a in pos.attacks:
        attackers = [u for u in map(pos.unit, a.units) if u is not None]
        # the defenders stood in the hex when the attack was declared: those still there, and those
        # that retreated from it since
        defenders = [x for x in pos.units if x.side not in {u.side for u in attackers} and rs.combat(x)
                     and (x.hex == a.hex or x.mode == "retreat" and x.previous == a.hex)]
        if not attackers or not defenders:
            continue
        unknown = [u for u in attackers if _strength(u, "attack") is None] + \
            [x for x in defenders if _strength(x, "defense") is None]
        if unknown:
            rs.not_judged(f"{P} 8.8.3", f"whether the attack on {a.hex} is 1:3 or better needs the attack of every "
                          f"attacker and the defence of every defender, and {rs.names(unknown)} "
                          f"{'has' if len(unknown) == 1 else 'have'} none")
            continue
        best = min(ATTACK_CAP, sum(2 * u.number("attack") for u in attackers))
        plain = [x for x in defenders if "paren_defense" not in x.unit.flags]
        halved = [math.ceil(x.number("defense") / 2) for x in plain] or \
            [min(math.ceil(x.number("defense") / 2) for x in defenders)]
        least = min(DEFENSE_CAP, sum(halved))
        if least and best / least < LOWEST_ODDS:
            out.append(rs.finding(board, f"{P} 8.8.3", "movement", f"The attack on {a.hex} is below 1:3 even at its "
                                  f"best: {fmt(best)} attack factors (every attacker doubled, 9.6) against "
                                  f"{fmt(least)} defence factors (every defender halved); an attack below 1:3 is not "
                                  "allowed (8.3, 8.8.3).", [a.hex], attackers, by=defenders))
        elif least:
            attack, defence = _printed_odds(rs, board, a.hex, attackers, defenders)
            if defence and attack / defence < LOWEST_ODDS:
                rs.not_judged(f"{P} 8.8.3", f"the attack on {a.hex} is {fmt(attack)} attack factors against "
                              f"{fmt(defence)} defence factors at the printed values with the markers and the "
                              "fort or city the position shows (9.1, 9.5.1, 9.6, 8.8.2), below 1:3; it is allowed only if its attackers attack "
                              "down a ridge or escarpment (doubled, 9.6), which this rule does not judge (a kit's hexsides "
                              "are illustrative)")
    return out


def _printed_odds(rs: NorthAfrica41Units, board: Board, h: str, attackers: list, defenders: list) -> tuple:
    """The capped attack and defence factors of an attack with no hexside doubling or halving: only
    the markers of 9.1 and a fortification or the city in the defenders' hex (9.5.1: non-vehicle
    defenders doubled, vehicles attacking it halved; 9.6 都市: non-vehicle defenders doubled; 9.5.1
    「陣地の倍化は、地形の倍化と蓄積しません」, so doubled once for both; halved and doubled is the printed
    value, 9.1)."""
    vehicle = rs.sel("na41_vehicle")
    # 9.5.7: an enemy entering the hex removes the marker, so a fort there is the defenders'
    fort = fort_owner(board, h) is not None
    doubled = fort or board.terrain(h) == "city"
    plain = [x for x in defenders if "paren_defense" not in x.unit.flags] or defenders[:1]

    def factor(u, field_id: str, halved: bool, doubled: bool) -> float:
        v = u.number(field_id)
        return v if halved == doubled else 2 * v if doubled else math.ceil(v / 2)

    attack = sum(factor(u, "attack", any(u.has(s) for s in HALVED_ATTACKING)
                        or fort and vehicle.matches(rs.game, u), False) for u in attackers)
    defence = sum(factor(x, "defense", any(x.has(s) for s in HALVED_DEFENDING),
                         doubled and not vehicle.matches(rs.game, x)) for x in plain)
    return min(ATTACK_CAP, attack), min(DEFENSE_CAP, defence)


def _strength(u, field_id: str) -> float | None:
    """``u``'s ``field_id`` value (attack, defense) when it has a number there, else None."""
    v = u.value(field_id)
    return v if isinstance(v, (int, float)) and not isinstance(v, bool) else None
