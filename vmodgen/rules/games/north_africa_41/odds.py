"""North Africa '41: the odds floor (8.3 step 1, 8.8.3: 「１対３未満の比の戦闘は、認められません」). The
ratio is taken after halving and doubling (9.1) and the 30/15 caps (8.8.1, 8.8.2), before column
shifts (the ratio rounded down: below 1:3 is three times the attack short of the defence).

Each unit is halved or doubled on its own (9.1: 「常に個別ユニット（スタックではなく）を半減させ、端数は
次の上位整数まで切り上げます」), never twice, and a unit both halved and doubled is at its printed value.
An attacker is halved out of supply (16.4), attacking up a ridge or escarpment (9.6, along a road
too), as a vehicle attacking into the Tobruk perimeter (from outside: the hexside's ``up`` is the
inside; out of it the book is open, a range) or into a fortification (9.1, 9.5.1, 9.6), and as a
tank when the defenders' best tank value (their tanks and 88 Flaks, else 0) beats the attack's
(9.1, 9.2.3); doubled attacking down a ridge or escarpment (9.6). A defender is halved disrupted or
under a rail or naval transport marker (9.1), doubled in a fortification or the city unless a
vehicle (9.5.1, 9.6, once for both), and defends with 0 in Full Retreat (9.7 「潰走：防御戦力＝０」);
a parenthesized defence counts only with no other defender (8.6, one of several).

The hexsides are the map's (the kit's are illustrative: a finding names them) or the position's
``[[hexsides]]``. What the position cannot tell makes a unit's factor a range: a hexside off the
map or between hexes not next to each other, an escarpment or ridge with no higher side, a Tobruk
perimeter with no inside or crossed outwards, several hexes a breakthrough attacker may have
attacked from, the marker of a defender that retreated since the attack when ``[state]
na41_status_before`` does not say whether it was there before (13.1; its Full Retreat voids its
tank value too, 13.3.2), a missing tank value. The attack is found when it is below 1:3 at the top of every range, passes at
1:3 or better at the bottom of every range, and is named not judged, with why, in between; an
attacker of no attack value or a defender of no defence value is named not judged (counting it 0
would invent a value). A log records no declared attack, so this rule judges positions only."""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from ...core.board import Board
from ...core.stacking import fmt
from .carried import fort_owner
from .combat import attack_hexes
from .memory import before_status
from .units import NorthAfrica41Units

P = "NA41"
#: 8.8.1, 8.8.2: the most attack and defence factors a combat uses; 8.8.3: the lowest odds (1:N)
ATTACK_CAP, DEFENSE_CAP, LOWEST_ODDS = 30, 15, 3
#: 9.1: the markers that halve a defender (disrupted; rail or naval transport, 21.1.5) and an
#: attacker (out of supply, 16.4); 9.7: Full Retreat leaves no defence
HALVED_DEFENDING, HALVED_ATTACKING, NO_DEFENCE = ("disrupted", "rail", "naval_transport"), ("oos", "oos_red"), \
    "full_retreat"
#: 9.6: the directional hexsides that halve attackers going up and double them going down
SLOPES = ("escarpment", "ridge")
#: 9.6: the hexside features that change an attack factor (slopes, and the Tobruk perimeter for vehicles
#: attacking into it, its ``up`` the inside)
PERIMETER = "tobruk_perimeter"
ODDS_SIDES = (*SLOPES, PERIMETER)
#: the finding's detail keys naming each hexside an attack crossed (from hex, defenders' hex), read
#: as routes by :mod:`.inputs` (a hex has six neighbours)
SIDE_KEYS = tuple(f"attack_side_{i}" for i in range(6))


@dataclass
class Factor:
    """One unit's factor in a combat: the values it may have (one when the position tells), what
    halved or doubled it, and why the position leaves it open."""
    values: set[float]
    causes: list[str] = field(default_factory=list)
    unsure: list[str] = field(default_factory=list)


def modified(v: float, halved: bool, doubled: bool) -> float:
    """9.1: halved rounds up, doubled doubles, both (or neither) leave the printed value."""
    return v if halved == doubled else 2 * v if doubled else math.ceil(v / 2)


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
        if len(attackers) < len(a.units):
            missing = [uid for uid in a.units if pos.unit(uid) is None]
            rs.not_judged(f"{P} 8.8.3", f"whether the attack on {a.hex} is 1:3 or better needs every attacker's "
                          f"attack, and {', '.join(missing)} is not in the position")
            continue
        unknown = [u for u in attackers if _strength(u, "attack") is None] + \
            [x for x in defenders if _strength(x, "defense") is None]
        if unknown:
            rs.not_judged(f"{P} 8.8.3", f"whether the attack on {a.hex} is 1:3 or better needs the attack of every "
                          f"attacker and the defence of every defender, and {rs.names(unknown)} "
                          f"{'has' if len(unknown) == 1 else 'have'} none")
            continue
        out += judge(rs, board, a, attackers, defenders)
    return out


def judge(rs: NorthAfrica41Units, board: Board, a, attackers: list, defenders: list) -> list:
    """The finding of attack ``a`` below 1:3 at the best the position allows; not judged when only
    some readings of what the position leaves open are."""
    h = a.hex
    tanks = _tanks_outclassed(rs, board, h, attackers, defenders)
    attack = {u.id: _attack(rs, board, u, h, a.kind, tanks) for u in attackers}
    defence = _defence(rs, board, h, defenders)
    a_lo, a_hi = (min(ATTACK_CAP, sum(pick(f.values) for f in attack.values())) for pick in (min, max))
    d_lo, d_hi = (min(DEFENSE_CAP, sum(pick(f.values) for f in defence.values())) for pick in (min, max))
    causes = "; ".join(f"{name}: {', '.join(f.causes)}" for name, f in
                       [*((u.unit.name, attack[u.id]) for u in attackers),
                        *((x.unit.name, defence[x.id]) for x in defenders if x.id in defence)] if f.causes)
    if LOWEST_ODDS * a_hi < d_lo:
        froms = list(dict.fromkeys(f for u in attackers for f in _froms(rs, board, u, h, a.kind)
                                   if board.is_hex(f) and board.is_hex(h) and board.adjacent(f, h)))
        sides = {k: [f, h] for k, f in zip(SIDE_KEYS, froms)}
        best = " at the best the position allows" if (a_lo, d_lo) != (a_hi, d_hi) else ""
        return [rs.finding(board, f"{P} 8.8.3", "movement", f"The attack on {h} is below 1:3: {fmt(a_hi)} attack "
                           f"factors against {fmt(d_lo)} defence factors{best} after halving and doubling (9.1"
                           f"{': ' + causes if causes else ''}) and the caps of 8.8.1 and 8.8.2; an attack below 1:3 "
                           "is not allowed (8.3, 8.8.3).", [h], attackers, by=defenders,
                           part="tanks" if any(rs.tank(u) for u in attackers) else "", **sides)]
    if LOWEST_ODDS * a_lo < d_hi:
        why = list(dict.fromkeys(w for f in (*attack.values(), *defence.values()) for w in f.unsure))
        rs.not_judged(f"{P} 8.8.3", f"the attack on {h} is {_span(a_lo, a_hi)} attack factors against "
                      f"{_span(d_lo, d_hi)} defence factors after halving and doubling (9.1) and the caps, 1:3 or "
                      f"better only at some of them, and the position does not tell {'; nor '.join(why)}")
    return []


def _span(lo: float, hi: float) -> str:
    return fmt(lo) if lo == hi else f"{fmt(lo)} to {fmt(hi)}"


def _froms(rs: NorthAfrica41Units, board: Board, u, h: str, kind: str) -> list[str]:
    """The hexes ``u`` may have attacked ``h`` from (the Tobruk Holding Box counts as its hex, 2.2.4)."""
    return list(dict.fromkeys(rs.stacking_hex(board, x) for x in attack_hexes(board, u, kind, h)))


def _tanks_outclassed(rs: NorthAfrica41Units, board: Board, h: str, attackers: list,
                      defenders: list) -> tuple[bool | None, str]:
    """9.1, 9.2.3: whether the defenders' best tank value (of their tanks and 88 Flaks; none: 0)
    beats the best of the attack's units, halving its tanks; None, with why, when a value is missing
    or a defender's Full Retreat marker may be this combat's result. A defender in Full Retreat adds
    no tank value (13.3.2: 「防御に何ら貢献しません（戦車シフトを含む）」)."""
    if not any(rs.tank(u) for u in attackers):
        return False, ""
    best_attacking = [u.value("tank") for u in attackers if rs.silhouette(u)]
    readings = {x.id: {NO_DEFENCE in m for m in _marks_when_attacked(board, h, x)[0]}
                for x in defenders if rs.silhouette(x)}
    sure = [x.value("tank") for x in defenders if readings.get(x.id) == {False}]
    maybe = sure + [x.value("tank") for x in defenders if readings.get(x.id) == {False, True}]
    if not all(isinstance(v, (int, float)) for v in (*maybe, *best_attacking)):
        return None, "a tank value is missing"
    top = max(best_attacking, default=0)
    if max(sure, default=0) > top:   # type: ignore[type-var]
        return True, ""
    if max(maybe, default=0) > top:   # type: ignore[type-var]
        unsure = [x.unit.name for x in defenders if readings.get(x.id) == {False, True}]
        return None, f"whether {', '.join(unsure)} was in Full Retreat when attacked ([state] na41_status_before)"
    return False, ""


def _marks_when_attacked(board: Board, h: str, x) -> tuple[list[set[str]], str]:
    """The readings of the markers that halve or void defender ``x`` of hex ``h`` when attacked
    (one when the position tells), and why the position leaves them open: a unit that retreated
    from ``h`` since may owe its Disrupted or Full Retreat marker to this combat (13.1)."""
    marks: list[set[str]] = [{s for s in (*HALVED_DEFENDING, NO_DEFENCE) if x.has(s)}]
    retreated = x.mode == "retreat" and x.previous == h and x.hex != h
    results = {"disrupted", NO_DEFENCE}
    if not (retreated and marks[0] & results):
        return marks, ""
    before = before_status(board.pos)
    if before is not None:
        return [marks[0] - (results - before.get(x.id, set()))], ""
    marks.append(marks[0] - results)
    return marks, (f"whether {x.unit.name}, which retreated from {h}, was already "
                   f"{'/'.join(sorted(marks[0] - marks[1]))} when attacked ([state] na41_status_before)")


def _attack(rs: NorthAfrica41Units, board: Board, u, h: str, kind: str, tanks_read: tuple[bool | None, str]) -> Factor:
    """``u``'s attack factor on ``h``: each hex it may have attacked from, each reading of its hexside
    (``tanks_read``: whether a better defending tank value halves the attack's tanks, and why not known)."""
    tanks, tanks_why = tanks_read
    vehicle = rs.sel("na41_vehicle").matches(rs.game, u)
    v = u.number("attack")
    halving = []
    if any(u.has(s) for s in HALVED_ATTACKING):
        halving.append("out of supply (16.4)")
    if vehicle and fort_owner(board, h) is not None:
        halving.append("a vehicle attacking a fortification (9.5.1)")
    got = Factor(set())
    if rs.tank(u) and tanks:
        halving.append("a tank against a better tank value (9.2.3)")
    elif rs.tank(u) and tanks is None:
        got.unsure.append(f"whether {u.unit.name} is halved by a better defending tank value (9.2.3): "
                        f"{tanks_why}")
    froms = _froms(rs, board, u, h, kind)
    each: list[frozenset] = []                  # the values from each hex
    for f in froms:
        before = set(got.values)
        got.values = set()
        inwards = _inward(board, f, h) if vehicle else [(False, "")]
        for (slope, feature, why), (inward, side_why) in ((s, p) for s in _slopes(board, f, h) for p in inwards):
            half = halving + ([f"up the {feature} {f}/{h} (9.6)"] if slope == "up" else []) + \
                ([f"a vehicle attacking into the Tobruk perimeter {f}/{h} (9.6)"] if inward else [])
            double = [f"down the {feature} {f}/{h} (9.6)"] if slope == "down" else []
            for outclassed in ([False, True] if tanks is None and rs.tank(u) else [False]):
                got.values.add(modified(v, bool(half) or outclassed, bool(double)))
            if why or side_why:
                got.unsure += [w for w in (why, side_why) if w]
            elif len(froms) == 1 and (half or double):
                how = "halved and doubled, so printed" if half and double else "halved" if half else "doubled"
                got.causes = [f"{fmt(v)} {how} ({', '.join(half + double)})"]
        each.append(frozenset(got.values))
        got.values |= before
    if len(set(each)) > 1:
        got.unsure.append(f"which of {', '.join(froms)} {u.unit.name} attacked from")
    return got


def _slopes(board: Board, f: str, h: str) -> list[tuple[str, str, str]]:
    """The readings of the hexside an attacker crosses from ``f`` into ``h``: (``"up"``, ``"down"``
    or ``""`` across a ridge or escarpment, the feature, why the position leaves it open or "")."""
    if not (board.is_hex(f) and board.is_hex(h) and board.adjacent(f, h)):
        why = f"the hexside between {f} and {h} (not two map hexes next to each other)"
        return [(x, "hexside", why) for x in ("up", "down", "")]
    sides = [s for s in board.map.hexside_features(f, h) if s.feature in SLOPES]
    if not sides:
        return [("", "", "")]
    feature = sides[0].feature
    if any(s.up == h for s in sides):
        return [("up", feature, "")]
    if any(s.up == f for s in sides):
        return [("down", feature, "")]
    why = f"which side of the {feature} between {f} and {h} is higher"
    return [(x, feature, why) for x in ("up", "down")]


def _inward(board: Board, f: str, h: str) -> list[tuple[bool, str]]:
    """The readings of whether a vehicle attacking from ``f`` into ``h`` is halved by the Tobruk
    perimeter: (halved, why the book or the position leaves it open, or ""). Attacking into it, it
    is (9.6 「トブルク防衛線を攻撃している…車両ユニットはその攻撃戦力が半減されます。この特性は対戦車壕を
    あらわし」). Out of it the book is open: 9.1 halves 「トブルク防衛線ヘクスサイド（9.6）を越えて…攻撃
    している車両ユニット」 (across it, either way), 9.6 one attacking the perimeter, its anti-tank ditch:
    both readings. The perimeter's ``up`` is its inside (the kit's map, a position's ``[[hexsides]]``);
    one stated without it is both readings too."""
    sides = [s for s in board.map.hexside_features(f, h) if s.feature == PERIMETER]
    if not sides:
        return [(False, "")]
    if any(s.up == h for s in sides):
        return [(True, "")]
    why = (f"whether the book halves a vehicle attacking out of the Tobruk perimeter ({f}/{h}) is halved (9.1 「越えて」: "
           "across it; 9.6: attacking the perimeter, an anti-tank ditch)" if any(s.up == f for s in sides) else
           f"which side of the Tobruk perimeter between {f} and {h} is its inside ('up')")
    return [(True, why), (False, why)]


def _defence(rs: NorthAfrica41Units, board: Board, h: str, defenders: list) -> dict[str, Factor]:
    """Each counted defender's defence factor (8.6: a parenthesized unit only with no other, one of
    several: each is a reading)."""
    vehicle = rs.sel("na41_vehicle")
    doubling = "a fortification (9.5.1)" if fort_owner(board, h) is not None else \
        "the city (9.6)" if board.terrain(h) == "city" else ""
    plain = [x for x in defenders if "paren_defense" not in x.unit.flags]
    out: dict[str, Factor] = {}
    for x in plain or defenders:
        v, got = x.number("defense"), Factor(set())
        marks, why = _marks_when_attacked(board, h, x)
        if why:
            got.unsure.append(why)
        doubled = bool(doubling) and not vehicle.matches(rs.game, x)
        for m in marks:
            got.values.add(0 if NO_DEFENCE in m else modified(v, bool(m), doubled))
        m = marks[0]
        if len(marks) == 1:
            got.causes = (["0 in Full Retreat (9.7)"] if NO_DEFENCE in m else
                          [f"{fmt(v)} {'halved and doubled, so printed' if m and doubled else 'halved' if m else 'doubled'}"
                           f" ({', '.join(sorted(m) + ([doubling] if doubled else []))})"] if m or doubled else [])
        out[x.id] = got
    if not plain and len(defenders) > 1:
        # 8.6: 「へクス内に複数のこのようなユニットがあると、１つのみが使用されます」
        values = {v for f in out.values() for v in f.values}
        out = {defenders[0].id: Factor(values, [], [w for f in out.values() for w in f.unsure]
                                       + (["which parenthesized unit defends (8.6)"] if len(values) > 1 else []))}
    return out


def _strength(u, field_id: str) -> float | None:
    """``u``'s ``field_id`` value (attack, defense) when it has a number there, else None."""
    v = u.value(field_id)
    return v if isinstance(v, (int, float)) and not isinstance(v, bool) else None
