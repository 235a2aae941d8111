"""NA41 16.1's supply reading traced once (speed18a): :class:`supply.Lines` gives the statuses and
the reach the plain computation gives, for each reading (16.3.4: an empty city, airfield or port
whose control is not stated held by nobody, by the side, by the enemy; 27.2 with and without
oases), on random positions around Tobruk; and the 16.1 verdicts that turn on such a place.

The plain computation (``_plain``) is the one :class:`supply.Lines` replaced: every port's lines
traced one by one, each search afresh. Lines traces a port's only when a unit is out of full
supply, the ports' reach in one search from all of them, and a search once per set of hexes it
starts from within one reading: a shortcut taken across readings (the search of the reading where
nobody holds an unstated city reused where the enemy does) would give a line through that city."""
from __future__ import annotations

import random

from rules_util import position
from test_rules_north_africa_41_port_control import _judge, _siege
from vmodgen.rules import ruleset_for
from vmodgen.rules.core import supply as sup
from vmodgen.rules.games.north_africa_41 import supply
from vmodgen.rules.games.north_africa_41.carried import held_place

HEAD = '[position]\ngame = "north-africa-41"\nturn = 10\nphase = "Impulse 3: {side} Supply Phase"\n'
ALLIED = ["4/2 NZ", "20/9 Aus", "24/9 Aus", "26/9 Aus", "22 Gds Bde", "3 Ind Mot Bde", "6 RTR", "3 Hus", "Polish Bde",
          "Tobruk ASU"]
AXIS = ["5 Pz Rgt", "2 MG Bn", "8 MG Bn", "3 Aufkl", "Ariete", "Brescia", "Pavia", "I/33 Flak"]
TRUCKS = {"allied": ["AlliedTruck1", "AlliedTruck2"], "axis": ["AxisTruck1", "AxisTruck2"]}


def _plain(rs, board, side: str, oases: bool = True, unknown: str | None = None) -> tuple[dict[str, str], set[str]]:
    """16.1's statuses and the hexes a line reaches, as computed before speed18a: the full-supply
    chain, then every port's chain, each search run afresh, the reach their union."""
    needs, msu = rs.sel("na41_supply_units"), rs.sel("na41_msu")
    truck = str(rs.param("na41_msu_truck_type"))
    src, ports = supply.sources(rs, board, side, oases, unknown)
    rules = supply.trace_rules(rs, board, side, unknown)
    relays: dict[str, list[str]] = {}
    for u in board.side_units(side):
        at = rs.stacking_hex(board, u.hex)
        if (msu.matches(rs.game, u) or (u.unit.type == truck and u.reduced)) and board.is_hex(at):
            relays.setdefault(at, []).append(u.id)
    _, full, _ = sup.relay_chain(board, {h: k for h, k in src.items() if k == "full"}, relays, rules)
    port_reach = {p: set(sup.relay_chain(board, {p: "port"}, relays, rules)[1]) for p in ports}
    out: dict[str, str] = {}
    cands: dict[str, list[str]] = {}
    for u in board.side_units(side):
        if not needs.matches(rs.game, u):
            continue
        at = rs.stacking_hex(board, u.hex)
        out[u.id] = "box" if board.is_box(at) else "full" if at in full else "none"
        if out[u.id] == "none" and any(at in r for r in port_reach.values()):
            cands[u.id] = [p for p, r in port_reach.items() if at in r]
    limited = {}
    for uid, cs in cands.items():
        if any(ports[p] is None for p in cs):
            out[uid] = "port"
        else:
            limited[uid] = cs
    for uid in sup.assign_capacity(limited, {p: c for p, c in ports.items() if c is not None}):
        out[uid] = "port"
    return out, set(full).union(*port_reach.values())


def _random_area() -> tuple[list[str], list[str]]:
    """Where :func:`_random_position` puts things: the land hexes around Tobruk (columns 20-39,
    rows 28-62) and the map's places whose holder is recorded (``held_place``)."""
    probe = position(HEAD.format(side="Allied"))
    board = ruleset_for(probe.game).board(probe)
    hexes = sorted(h for h in board.map.hexes if 20 <= int(h[:2]) <= 39 and 28 <= int(h[2:]) <= 62
                   and not board.is_water(h))
    return hexes, [h for h in sorted(board.map.hexes) if held_place(board, h)]


def _random_position(rng: random.Random, hexes: list[str], places: list[str]) -> str:
    """Units of both sides around Tobruk (some in the Tobruk Holding Box, some trucks on their MSU
    face, some under OOS markers), some places' control stated, some last holders recorded, some
    ports' capacity stated."""
    side = rng.choice(["Allied", "Axis"])
    text = HEAD.format(side=side)
    fields: dict[str, str] = {}        # one [[hexes]] entry a hex (a hex described twice is refused)
    for h in rng.sample(places, rng.randint(0, 4)):
        fields[h] = f'control = "{rng.choice(["allied", "axis"])}"\n'
    if rng.random() < 0.4:
        fields["3138"] = fields.get("3138", "") + f"capacity = {rng.choice([0, 1, 2])}\n"
    text += "".join(f'\n[[hexes]]\nhex = "{h}"\n{f}' for h, f in fields.items())
    for name in rng.sample(ALLIED, rng.randint(2, 8)) + rng.sample(AXIS, rng.randint(2, 8)):
        where = "Tobruk Holding Box" if name in ALLIED and rng.random() < 0.1 else rng.choice(hexes)
        marker = rng.choice(["", "", 'status = ["oos"]\n', 'status = ["oos_red"]\n'])
        text += f'\n[[units]]\nunit = "{name}"\nhex = "{where}"\n{marker}'
    for s in ("allied", "axis"):
        for t in rng.sample(TRUCKS[s], rng.randint(0, 2)):
            text += f'\n[[units]]\nunit = "{t}"\nhex = "{rng.choice(hexes)}"\nreduced = true\n'
    held = {h: rng.choice(["allied", "axis"]) for h in rng.sample(places, rng.randint(0, 3))}
    if held:
        text += "\n[state]\nna41_last_held = {" + ", ".join(f'"{h}" = "{s}"' for h, s in held.items()) + "}\n"
    return text


def test_lines_give_the_plain_statuses_and_reach_for_every_reading():
    """The besieged Tobruk and the line past unstated places of the 16.3.4 tests, and random
    positions (seeded): for each side, each holder of the unstated places (nobody, the
    side, the enemy) and without oases (27.2), Lines' statuses, reach, what meets the unstated
    places and each unit's ``traces`` are those of the plain computation."""
    rng = random.Random(18)
    hexes, places = _random_area()
    turned = 0
    line = HEAD.format(side="Allied") + '\n[[units]]\nunit = "4/2 NZ"\nhex = "2265"\n'
    fixed = [_siege(None), _siege(None, marked=True), line]
    for text in fixed + [_random_position(rng, hexes, places) for _ in range(4)]:
        p = position(text)
        rs = ruleset_for(p.game)
        board = rs.board(p)
        unknown = set(supply.unknown_holders(rs, board))
        for side in ("allied", "axis"):
            enemy = "axis" if side == "allied" else "allied"
            base = None
            for oases, holder in ((True, None), (True, side), (True, enemy), (False, None)):
                want, reach = _plain(rs, board, side, oases, holder)
                lines = supply.Lines(rs, board, side, oases, holder)
                for u in board.side_units(side):        # traces first: before status is read
                    if u.id in want:
                        assert lines.traces(u) == (want[u.id] != "none"), (side, oases, holder, u.id)
                assert lines.meets(unknown) == bool(unknown & reach)
                assert lines.status() == want and lines.reach() == reach, (side, oases, holder)
                if holder is None and oases:
                    base = want
                elif holder is not None and base is not None:
                    turned += sum((base[k] == "none") != (want[k] == "none") for k in want)
    assert turned >= 3        # verdicts did turn on the unstated places' holder



#: the cities, airfields and ports 16.3.4 gives to their last holder (none occupied, none stated)
PLACES = ["2264", "2478", "2559", "2750", "2844", "3041", "3138", "3210", "3212", "3629", "3727"]


def _through_2478(last_held: str | None = None) -> str:
    """NA41 16.1, 16.3.4: 4/2 NZ alone in 2265, unmarked, at the Allied Supply Phase's end; every
    place but 2478 (a city and port on the road to the Nile Delta, empty) stated Axis: its only line
    of full supply runs along the road through 2478 (``last_held``: the side the record shows there)."""
    text = HEAD.format(side="Allied") + "".join(f'\n[[hexes]]\nhex = "{h}"\ncontrol = "axis"\n'
                                                  for h in PLACES if h != "2478")
    text += '\n[[units]]\nunit = "4/2 NZ"\nhex = "2265"\n'
    return text + (f'\n[state]\nna41_last_held = {{"2478" = "{last_held}"}}\n' if last_held else "")


def test_only_line_through_an_unstated_city_is_each_readings_own():
    """The line through 2478: read with 2478 nobody's (or the Allies'), 4/2 NZ is in full supply;
    with it the Axis', it has no line. Each reading's Lines gives the plain computation's answer,
    the what-if's own (its searches are its reading's: the base reading's full-supply search
    reused for the what-if would keep the line through the Axis city)."""
    p = position(_through_2478())
    rs = ruleset_for(p.game)
    board = rs.board(p)
    assert "2478" in supply.unknown_holders(rs, board)
    for holder, want in ((None, "full"), ("allied", "full"), ("axis", "none")):
        lines = supply.Lines(rs, board, "allied", unknown=holder)
        plain, reach = _plain(rs, board, "allied", unknown=holder)
        assert lines.status()["4/2NZ"] == plain["4/2NZ"] == want
        assert lines.reach() == reach and ("2265" in reach) == (holder != "axis")


def test_verdict_follows_the_last_holder_of_the_city_from_phase_to_phase():
    """The same line judged at successive Supply Phase ends by one rule set, 2478's last holder as
    the record shows it changing between them: Allied, legal (nothing said); Axis, 16.1 (no OOS
    marker); not shown, not judged, naming 2478 and 16.3.4; Allied again, legal. Each verdict is
    the one a fresh rule set gives (nothing carried from the phase before)."""
    rs = ruleset_for(position(HEAD.format(side="Allied")).game)
    for last, want in (("allied", []), ("axis", ["NA41 16.1"]), (None, []), ("allied", [])):
        p = position(_through_2478(last))
        found = [f.rule for f in rs.check(p) if f.rule == "NA41 16.1"]
        why = rs.take_not_judged().get("NA41 16.1", "")
        assert found == want, last
        assert ("2478" in why and "16.3.4" in why) == (last is None), (last, why)
        assert (found, why) == (lambda r: ([f.rule for f in r.check(p) if f.rule == "NA41 16.1"],
                                           r.take_not_judged().get("NA41 16.1", "")))(ruleset_for(p.game))
