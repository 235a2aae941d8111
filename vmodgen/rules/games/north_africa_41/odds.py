"""North Africa '41: the odds floor (8.3 step 1, 8.8.3: 「１対３未満の比の戦闘は、認められません」). The
ratio is taken after halving and doubling (9.1) and the 30/15 caps (8.8.1, 8.8.2), before column
shifts. A position records neither the hexsides nor every cause of halving and doubling, so an attack
is judged only when it falls below 1:3 even at its best: every attacker doubled (9.6: attacking down
a ridge or escarpment), capped at 30, against every defender halved (rounded up: disrupted, under a
rail or naval transport marker), a parenthesized defence (8.6) counted only when the hex holds
nothing else. Other attacks are not judged here (as before round rulepos28), nor one with an
attacker of no attack value or a defender of no defence value (named not judged: counting it as 0
would invent a value)."""
from __future__ import annotations

import math

from ...core.board import Board
from ...core.stacking import fmt
from .units import NorthAfrica41Units

P = "NA41"
#: 8.8.1, 8.8.2: the most attack and defence factors a combat uses; 8.8.3: the lowest odds
ATTACK_CAP, DEFENSE_CAP, LOWEST_ODDS = 30, 15, 1 / 3


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
    return out


def _strength(u, field_id: str) -> float | None:
    """``u``'s ``field_id`` value (attack, defense) when it has a number there, else None."""
    v = u.value(field_id)
    return v if isinstance(v, (int, float)) and not isinstance(v, bool) else None
