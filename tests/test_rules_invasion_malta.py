"""Invasion: Malta rules: each predicate with a legal and an illegal position, and the worked
examples of 6.2 (supply route) and 8.2 (ZOC effects on movement). Hex IDs are CCRR, odd-q (§3)."""
from __future__ import annotations

import pytest

from im_util import INF, TANK, H, al, hexes, kit, x
from rules_util import findings, position, rules, status, table
from vmodgen.rules import ruleset_for


def test_stacking_nine_points():
    """IM 3.32: 9 SP of Axis units in 2020 is legal at the end of a phase, 11 is not."""
    nine = "".join(x(f"X{i}", "2020", values=dict(INF, stacking=3)) for i in range(3))
    assert rules(H + nine) == []
    assert rules(H + nine + x("X9", "2020")) == ["IM 3.32"]


def test_excess_marker_legal_and_misused():
    """IM 3.34: 11 SP with the 2-SP overflow unit under an Excess marker is legal; the marker on a
    9-SP stack, or on a unit that would fit, is not."""
    nine = "".join(x(f"X{i}", "2020", values=dict(INF, stacking=3)) for i in range(3))
    assert rules(H + nine + x("X9", "2020", status=["excess"])) == []
    assert rules(H + nine.replace('hex = "2020"', 'hex = "2020"', 1) + x("X9", "2020", status=["excess"])
                 .replace('"stacking" = 2', '"stacking" = 2')) == []
    fs = findings(H + x("A", "2020") + x("B", "2020", status=["excess"]))
    assert [f.rule for f in fs] == ["IM 3.34"]
    eight = "".join(x(f"X{i}", "2020", values=dict(INF, stacking=4)) for i in range(2))
    fs = findings(H + eight + x("Big", "2020", values=dict(INF, stacking=3), status=["excess"])
                  + x("Small", "2020", values=dict(INF, stacking=1), status=["excess"]))
    assert [f.rule for f in fs] == ["IM 3.34"] and fs[0].units == ("Small",)


def test_one_armour_per_hex():
    """IM 3.33: one armour unit and a motorcycle unit may share 2020; two armour units may not."""
    assert rules(H + x("T1", "2020", **TANK) + x("M", "2020", type="motorcycle", movement_class="red")) == []
    assert rules(H + x("T1", "2020", **TANK) + x("T2", "2020", **TANK)) == ["IM 3.33"]


def test_opposing_units_never_share_a_hex():
    """IM 8.14: Axis and Allied units in 2020 is illegal."""
    assert rules(H + x("A", "2020") + al("B", "2021")) == []
    assert rules(H + x("A", "2020") + al("B", "2020")) == ["IM 8.14"]


def test_example_8_2_zoc_to_zoc():
    """IM 8.24, worked example of 8.2: Axis 5/3 in 1424 may not move directly to 1524, both in the
    ZOC of B/3 KOMR in 1425; by way of 1523, outside that ZOC, it may."""
    komr = al("B3KOMR", "1425")
    fs = findings(H + komr + x("5/3", "1524", previous="1424", path=["1424", "1524"]))
    assert [f.rule for f in fs] == ["IM 8.24"]
    assert rules(H + komr + x("5/3", "1524", previous="1424", path=["1424", "1523", "1524"])) == []
    assert rules(H + komr + x("5/3", "1524", previous="1424")) == []          # a path exists
    red = dict(type="motorcycle", movement_class="red")
    road = table("lines", kind="primary_road", hexes=["1424", "1524"])
    assert rules(H + komr + road + x("M", "1524", previous="1424", path=["1424", "1524"], **red)) == []


def test_stop_on_entering_ezoc_and_entry_cost():
    """IM 8.21-8.22: entering the ZOC of the unit in 2020 costs +1 MP and stops the unit; a red-box
    unit may go on through an empty ZOC hex along a road (8.23)."""
    al_ = al("A", "2020")
    assert rules(H + al_ + x("X", "2019", previous="2017", path=["2017", "2018", "2019"])) == []
    fs = findings(H + al_ + x("X", "2118", previous="2018", path=["2018", "2019", "2118"]))
    assert [f.rule for f in fs] == ["IM 8.22"]
    two = dict(INF, movement=2)
    assert rules(H + al_ + x("X", "2019", values=two, previous="2018", path=["2018", "2019"])) == []
    rough = table("hexes", hex="2019", terrain="rough")
    assert rules(H + al_ + rough + x("X", "2019", values=two, previous="2018", path=["2018", "2019"])) == ["IM 8.13"]


def test_artillery_needs_friend_to_enter_ezoc():
    """IM 8.25: artillery (a unit with a range) may enter the ZOC hex 2019 only if a friendly unit
    is already there."""
    arty = dict(values=dict(INF, range=6), previous="2018", path=["2018", "2019"])
    assert rules(H + al("A", "2020") + x("Art", "2019", **arty)) == ["IM 8.25"]
    assert rules(H + al("A", "2020") + x("Art", "2019", **arty) + x("F", "2019")) == []


def test_cliff_and_commando():
    """IM 8.35, 17.31: a cliff 2018|2019 is prohibited, except to a commando (3 MP + the hex)."""
    cliff = table("hexsides", hexes=["2018", "2019"], feature="cliff")
    move = dict(previous="2018", path=["2018", "2019"])
    assert rules(H + cliff + x("X", "2019", **move)) == ["IM 8.35"]
    assert rules(H + cliff + x("C", "2019", type="commando", **move)) == []
    assert rules(H + cliff + x("C", "2019", type="commando", status=["disrupted"], **move)) == ["IM 8.35"]


def test_motorized_stays_on_roads():
    """IM 8.33: a motorized unit may enter 2019 only along a road (or into urban/airfield)."""
    red = dict(type="motorcycle", movement_class="red", previous="2018", path=["2018", "2019"])
    assert rules(H + x("M", "2019", **red)) == ["IM 8.33"]
    assert rules(H + table("lines", kind="secondary_road", hexes=["2018", "2019"]) + x("M", "2019", **red)) == []
    assert rules(H + table("hexes", hex="2019", terrain="urban") + x("M", "2019", **red)) == []


@pytest.mark.parametrize("extra, exerts", [
    ("", True),
    (table("hexes", hex="2021", terrain="clear", features=["fort"]), False),           # 3.25
    (table("hexsides", hexes=["2020", "2021"], feature="cliff"), False),               # 3.22
    (table("hexsides", hexes=["2020", "2021"], feature="sea"), False),
])
def test_zoc_reach(extra, exerts):
    """IM 3.22, 3.25: the ZOC of the Allied unit in 2020 reaches 2021 unless a fort is there or a
    cliff or sea hexside lies between."""
    p = position(H + extra + al("A", "2020"))
    rs = ruleset_for(p.game)
    assert ("2021" in rs.zoc(rs.board(p), "allied")) is exerts


def test_zoc_who():
    """IM 3.24, 3.34, 3.2 notes: a No-ZOC-band unit alone exerts none, with a band-free unit it
    does; an excess unit none; a red-box unit only along a road; a commando across a cliff."""
    def reaches(body, target="2021"):
        p = position(H + body)
        rs = ruleset_for(p.game)
        return target in rs.zoc(rs.board(p), "allied")
    assert not reaches(al("Art", "2020", flags=["no_zoc"]))
    assert reaches(al("Art", "2020", flags=["no_zoc"]) + al("Inf", "2020"))
    assert not reaches(al("E", "2020", status=["excess-stacking"]))
    assert not reaches(al("T", "2020", **TANK))
    assert reaches(table("lines", kind="primary_road", hexes=["2020", "2021"]) + al("T", "2020", **TANK))
    cliff = table("hexsides", hexes=["2020", "2021"], feature="cliff")
    assert reaches(cliff + al("C", "2020", type="commando"))
    assert not reaches(cliff + al("C", "2020", type="commando", status=["disrupted"]))


def test_retreat_rules():
    """IM 13.43, 13.45: a retreat may end in the ZOC of 2020 (at 2019) only where a friendly unit
    stands; one that passes through an empty ZOC hex must end disrupted."""
    r = dict(mode="retreat", previous="2017")
    assert rules(H + al("A", "2020") + x("X", "2019", path=["2017", "2018", "2019"], **r)) == ["IM 13.43"]
    # legal for 13.43; 13.35 (retreat priority) objects, since hexes outside the ZOC were open
    assert rules(H + al("A", "2020") + x("X", "2019", path=["2017", "2018", "2019"], **r) + x("F", "2019")) \
        == ["IM 13.35"]
    through = dict(mode="retreat", previous="2119", path=["2119", "2019", "1918"])
    assert rules(H + al("A", "2020") + x("X", "1918", **through)) == ["IM 13.41", "IM 13.45"]
    assert rules(H + al("A", "2020") + x("X", "1918", status=["disrupted"], **through)) == ["IM 13.41"]


def test_advance_may_not_end_in_excess():
    """IM 13.55: an advance into 2020 that makes 11 SP is illegal; 9 SP is legal."""
    base = "".join(x(f"X{i}", "2020", values=dict(INF, stacking=3)) for i in range(2))
    adv = x("Adv", "2020", values=dict(INF, stacking=3), mode="advance", previous="2019")
    assert rules(H + base + adv) == []
    assert "IM 13.55" in rules(H + base + adv + x("More", "2020"))


def test_allied_units_never_oos():
    """IM 6.1: an Allied unit carrying an OoS marker is a fault; an Axis one is not by itself."""
    assert rules(H + al("A", "2020", status=["oos"])) == ["IM 6.1"]


EX62 = H + al("B3KOMR", "1425") + table("hexes", hex="1623", markers=["airhead"], owner="axis") \
    + table("hexes", hex="1225", markers=["beachhead"], owner="axis")


def test_example_6_2_supply_route():
    """IM 6.11-6.31, worked example of 6.2 (GT3): 5/3 in 1524, a paradropped unit, traces to the
    airhead in 1623; a unit that did not paradrop traces around B/3 KOMR (1425) and its ZOC to the
    beachhead in 1225."""
    assert status(EX62 + x("5/3", "1524", status=["paradropped"]), "axis") == {"5/3": "in"}
    assert status(EX62.replace('markers = ["airhead"]', 'markers = []') + x("5/3", "1524"), "axis") == {"5/3": "in"}


def test_example_6_2_cut_off():
    """IM 6.12, 6.22: on a small map (columns 12-16, rows 22-25) with Allied units in 1322 and
    1522 closing the way round, the non-paradropped unit in 1524 cannot reach the beachhead; at
    Night it must carry an OoS marker. If those units are disrupted their ZOC does not block and
    the route to 1225 opens (6.23)."""
    small = EX62.replace("line_range = [10, 35]\npos_range = [10, 35]", "line_range = [12, 16]\npos_range = [22, 25]")
    wall = al("W1", "1322") + al("W3", "1522")
    body = small.replace('markers = ["airhead"]', 'markers = []') + wall
    assert status(body + x("5/3", "1524"), "axis") == {"5/3": "out"}
    night = "\n[state]\ntime = \"night\"\n"      # stated: no turn to read it from (round 24: never assumed)
    assert rules(body + x("5/3", "1524") + night) == ["IM 6.12"]
    assert rules(body + x("5/3", "1524")) == []
    assert rules(body + x("5/3", "1524", status=["oos"]) + night) == []
    assert rules(body + x("5/3", "1524") + "\n[state]\ntime = \"pm\"\n") == []     # 6.12: Night only
    opened = body.replace('id = "W1"', 'id = "W1"\nstatus = ["disrupted"]').replace('id = "B3KOMR"', 'id = "B3KOMR"\nstatus = ["disrupted"]')
    assert status(opened + x("5/3", "1524"), "axis") == {"5/3": "in"}


def test_infiltration_er():
    """IM 8.5: a unit starting in enemy ZOC may move one hex into another enemy-ZOC hex if its ER
    is at least that of the enemy units projecting into it; a disrupted unit's ER drops by 2."""
    enemy = al("A", "2020", values=dict(INF, er=5))
    move = dict(mode="infiltration", previous="2019", path=["2019", "1919"])
    assert rules(H + enemy + x("X", "1919", values=dict(INF, er=5), **move)) == []
    assert rules(H + enemy + x("X", "1919", values=dict(INF, er=6), status=["disrupted"], **move)) == ["IM 8.5"]
    assert rules(H + enemy + x("X", "1919", values=dict(INF, er=6), **dict(move, mode="move"))) == ["IM 8.24"]


def test_reaction():
    """IM 9.23, 9.25: a reacting unit steps into the adjacent defender hex from outside enemy ZOC,
    within 9 SP."""
    d = x("D", "2020")
    assert rules(H + d + x("R", "2020", mode="reaction", previous="2019")) == []
    assert rules(H + d + al("E", "1918") + x("R", "2020", mode="reaction", previous="2019")) == ["IM 9.25"]
    full = "".join(x(f"F{i}", "2020", values=dict(INF, stacking=3)) for i in range(3))
    assert "IM 9.23" in rules(H + full + x("R", "2020", mode="reaction", previous="2019"))


def test_landing_limits():
    """IM 16.33A: at most 9 SP and one armour unit per invasion landing hex; IM 16.14: at most 9 SP
    placed on a port (land) hex by port entry, where one armour per hex is 3.33's rule."""
    land = dict(status=["landed"])
    sea = '\n[[hexes]]\nhex = "2020"\nterrain = "invasion"\n'
    assert rules(H + sea + x("T1", "2020", **TANK, **land) + x("I", "2020", **land)) == []
    two = x("T1", "2020", **TANK, **land) + x("T2", "2020", **TANK, **land)
    assert rules(H + sea + two) == ["IM 16.33", "IM 3.33"]
    assert rules(H + two) == ["IM 3.33"]
    big = "".join(x(f"L{i}", "2020", values=dict(INF, stacking=4), **land) for i in range(3))
    assert "IM 16.33" in rules(H + sea + big)
    assert "IM 16.14" in rules(H + big) and "IM 16.33" not in rules(H + big)


def test_allied_artillery_moves_only_at_night():
    """IM 8.41: Allied artillery (a unit with a range) may move on Night turns only."""
    arty = al("Art", "2019", values=dict(INF, range=8), previous="2018")
    assert rules(H + arty + '\n[state]\ntime = "night"\n') == []
    assert rules(H + arty + '\n[state]\ntime = "am"\n') == ["IM 8.41"]
    assert rules(H + x("AxArt", "2019", values=dict(INF, range=8), previous="2018") + '\n[state]\ntime = "am"\n') == []


def test_ground_units_never_at_sea():
    """IM 15.52: a ground unit on an all-sea hex is eliminated."""
    sea = table("hexes", hex="2020", terrain="sea")
    assert rules(H + sea + x("X", "2019")) == []
    assert rules(H + sea + x("X", "2020")) == ["IM 15.52"]


def test_example_6_2_disrupted_komr_and_the_cliff():
    """IM 6.21, 6.23, worked example of 6.2 (its last sentence): with B/3 KOMR (1425) disrupted its
    ZOC no longer blocks, so on the small map closed to the north (Allied units in 1322 and 1522)
    the non-paradropped 5/3 in 1524 traces past KOMR to the beachhead in 1225; but not across the
    cliff hexsides of 1324 (here the sides 1324|1225, 1324|1224 and 1325|1225 that lead to 1225)."""
    small = H.replace("line_range = [10, 35]\npos_range = [10, 35]", "line_range = [12, 16]\npos_range = [22, 25]")
    body = small + table("hexes", hex="1225", markers=["beachhead"], owner="axis") \
        + al("W1", "1322") + al("W3", "1522") + al("B3KOMR", "1425", status=["disrupted"])
    assert status(body + x("5/3", "1524"), "axis") == {"5/3": "in"}
    cliffs = "".join(table("hexsides", hexes=list(pair), feature="cliff")
                     for pair in (("1324", "1225"), ("1324", "1224"), ("1325", "1225")))
    assert status(body + cliffs + x("5/3", "1524"), "axis") == {"5/3": "out"}
    assert rules(body + cliffs + x("5/3", "1524", status=["oos"])) == []


def test_zoc_to_zoc_is_the_start_hex_rule():
    """IM 8.24 is the rule of a unit that STARTS its move in enemy ZOC; one that enters enemy ZOC
    on the way and moves on into more of it breaks 8.22 (it had to stop), reported once. Allied E in
    2120 controls 2220 and 2221 (odd-q)."""
    e = al("E", "2120")
    assert rules(H + e + x("A", "2221", previous="2219", path=["2219", "2220", "2221"])) == ["IM 8.22"]
    assert rules(H + e + x("A", "2221", previous="2220", path=["2220", "2221"])) == ["IM 8.24"]


def test_glider_never_lands_on_urban():
    """IM 17.52: a glider unit entering the map in the Airborne Operations Phase (from a KG box) may
    land on a clear hex (kit 1530), never on an urban one (kit 1631); a parachute unit may (15.51:
    only its landing condition changes). No Airhead is on the map (15.2 intro)."""
    base = kit("airborne", turn=1, scenario="s3") + '\n[state]\ntime = "am"\n'
    glider = dict(type="glider-infantry", previous="axis-paradrop-kg1")
    assert rules(base + x("G", "1631", **glider)) == ["IM 17.52"]
    assert rules(base + x("G", "1530", **glider)) == []
    # the parachute unit's drop with no Airhead on the map is 15.2 intro's finding; gliders land,
    # they do not paradrop (17.52), so the glider's drops above are not
    assert rules(base + x("P", "1631", type="parachute-infantry", previous="axis-paradrop-kg1")) == ["IM 15.2"]


def test_allied_units_never_invade():
    """IM 16.3 「連合軍ユニットは、強襲上陸を実施できない」: the Allies have sea transport in Scenario 4
    only (16.1, 16.22D) and land by port entry only, so an Allied unit on an invasion hex is IM 16.3
    in Scenario 4 (round 27; before, it was read as invading) and in the sea in Scenario 3 (15.52)."""
    sea = '\n[[hexes]]\nhex = "2020"\nterrain = "invasion"\n'
    unit = al("B", "2020", status=["landed"])
    s4 = H.replace("[grid]", 'scenario = "s4"\n[grid]')
    s3 = H.replace("[grid]", 'scenario = "s3"\n[grid]')
    assert rules(s4 + sea + unit) == ["IM 16.3"]
    assert rules(s3 + sea + unit) == ["IM 15.52"]


def test_other_sides_nationality_names_the_own(tmp_path):
    """An inline unit of a kit game with the other side's nationality is refused with its line and
    the side's own nationality of that name: Scenario 4's Allied Italians are ``italian-allied``
    (2.22A)."""
    from vmodgen.errors import InputError
    from vmodgen.rules.position_file import load_position
    f = tmp_path / "p.toml"
    f.write_text('[position]\ngame = "invasion-malta"\nscenario = "s4"\n\n[[units]]\nid = "I1"\nside = "allied"\n'
                 'nationality = "italian"\ntype = "infantry"\nhex = "L2407"\n', encoding="utf-8")
    with pytest.raises(InputError, match=r"p\.toml:8: .*'italian' belongs to side 'axis'.*did you mean 'italian-allied'"):
        load_position(f)


def test_drop_hex_near_an_airhead_and_apart():
    """IM 15.32: a Drop Hex marker within 4 hexes of an airhead (2021 → 2025: 4) and not closer than 2
    hexes to another of the phase; 5 hexes away, or two adjacent markers, are found."""
    head = H + hexes("2021", markers=["airhead"])
    assert rules(head + hexes("2025", markers=["drop-hex"]) + hexes("2023", markers=["drop-hex"])) == []
    assert rules(head + hexes("2026", markers=["drop-hex"])) == ["IM 15.32"]
    assert rules(head + hexes("2025", markers=["drop-hex"]) + hexes("2024", markers=["drop-hex"])) == ["IM 15.32"]


def test_declared_attacks_adjacent_across_open_hexsides_once():
    """IM 9.13: attackers adjacent to the defender hex; IM 9.16 and the 9.1 note: no attack across a
    cliff (a commando may), a motorized unit only along a road; IM 12.11: a unit in one attack."""
    from im_util import attack, side
    d = al("D", "2021")
    assert rules(H + d + x("A", "2020") + attack("2021", "A")) == []
    assert rules(H + d + x("A", "2019") + attack("2021", "A")) == ["IM 9.13"]
    assert rules(H + d + x("A", "2020") + side("2020", "2021", "cliff") + attack("2021", "A")) == ["IM 9.16"]
    assert rules(H + d + x("A", "2020", type="commando") + side("2020", "2021", "cliff") + attack("2021", "A")) == []
    assert rules(H + d + x("T", "2020", **TANK) + attack("2021", "T")) == ["IM 9.16"]
    assert rules(H + d + al("E", "2019") + x("A", "2020") + attack("2021", "A") + attack("2019", "A")) == ["IM 12.11"]


def test_air_transport_only_onto_an_airfield_airhead():
    """IM 15.71: a unit from the air-transport box lands on an airfield hex holding an airhead (kit
    2618); on a clear hex holding an airhead (2021), or on the airfield without one, it is found."""
    base = kit("airborne", turn=2, scenario="s3") + '\n[state]\ntime = "pm"\n'
    came = dict(previous="axis-air-transport")
    assert rules(base + hexes("2618", markers=["airhead"]) + x("A", "2618", **came)) == []
    assert rules(base + x("A", "2618", **came)) == ["IM 15.71"]
    assert rules(base + hexes("2021", markers=["airhead"]) + x("A", "2021", **came)) == ["IM 15.71"]
