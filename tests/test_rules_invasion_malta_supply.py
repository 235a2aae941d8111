"""Invasion: Malta supply (spec §6: 6.1-6.3, 15.72, 16.44): the route and the sources, a legal and an
illegal position per predicate. The map is a corridor two hexes high (columns 10-16, rows 10-11):
the Axis unit in 1010 traces east to a beachhead in 1610; an Allied unit in 1311 controls 1211,
1310 and 1411, closing it."""
from __future__ import annotations

from im_util import al, hexes, inline, side, state, x
from rules_util import rules, status

G = inline((10, 16), (10, 11))
BEACH = hexes("1610", markers=["beachhead"], owner="axis")


def test_allied_units_are_always_in_supply():
    """IM 6.1 (SUP-1): an Axis unit may carry an OoS marker, an Allied unit may not."""
    assert rules(G + x("X", "1010", status=["oos"])) == []
    assert rules(G + al("A", "1010", status=["oos"])) == ["IM 6.1"]
    assert status(G + al("A", "1010"), "allied") == {"A": "in"}


def test_route_blocked_by_enemy_zoc():
    """IM 6.22, 6.12: the ZOC of the Allied unit in 1311 cuts the corridor: the unit in 1010 is out
    of supply and, at Night, must carry an OoS marker; with the marker the position is legal."""
    body = G + BEACH + al("A", "1311")
    assert status(body + x("X", "1010"), "axis") == {"X": "out"}
    night = state(time="night")                 # stated: no turn to read it from (round 24: never assumed)
    assert rules(body + x("X", "1010") + night) == ["IM 6.12"]
    assert rules(body + x("X", "1010", status=["oos"]) + night) == []


def test_route_through_ezoc_held_by_a_friend_or_of_disrupted_enemy():
    """IM 6.23: the route may pass an enemy-ZOC hex that a friendly combat unit occupies (1310), or
    the ZOC of a disrupted enemy unit."""
    assert status(G + BEACH + al("A", "1311") + x("F", "1310") + x("X", "1010"), "axis")["X"] == "in"
    assert status(G + BEACH + al("A", "1311", status=["disrupted"]) + x("X", "1010"), "axis") == {"X": "in"}


def test_cliff_and_sea_hexsides_block_the_route():
    """IM 6.21: a cliff across the corridor (1310|1410 and 1311|1411 and 1310|1411) cuts the route; no
    cliff, the route is open."""
    cliffs = side("1310", "1410", "cliff") + side("1311", "1411", "cliff") + side("1310", "1411", "cliff")
    assert status(G + BEACH + x("X", "1010"), "axis") == {"X": "in"}
    assert status(G + BEACH + cliffs + x("X", "1010"), "axis") == {"X": "out"}
    seas = cliffs.replace('"cliff"', '"sea"')
    assert status(G + BEACH + seas + x("X", "1010"), "axis") == {"X": "out"}


def test_enemy_fort_blocks_the_route():
    """IM 6.21, 3.11: forts in 1310 and 1311 still Allied cut the route; under Axis Control markers
    they do not."""
    forts = hexes("1310", features=["fort"]) + hexes("1311", features=["fort"])
    assert status(G + BEACH + forts + x("X", "1010"), "axis") == {"X": "out"}
    mine = hexes("1310", features=["fort"], markers=["axis-control"], owner="axis") \
        + hexes("1311", features=["fort"], markers=["axis-control"], owner="axis")
    assert status(G + BEACH + mine + x("X", "1010"), "axis") == {"X": "in"}


def test_airheads_supply_paradropped_units():
    """IM 6.31: an airhead (1610) supplies a paradropped unit of its nationality, not a unit that
    came by sea, nor a paradropped unit of another nationality."""
    air = G + hexes("1610", markers=["airhead"], owner="axis") + state(airheads={"1610": "german"})
    assert status(air + x("P", "1010", nationality="german", status=["paradropped"]), "axis") == {"P": "in"}
    assert status(air + x("S", "1010", nationality="german"), "axis") == {"S": "out"}
    assert status(air + x("I", "1010", nationality="italian", status=["paradropped"]), "axis") == {"I": "out"}


def test_airfield_airhead_supplies_every_unit():
    """IM 6.31, 15.72: an airhead on an airfield supplies units that did not paradrop too."""
    field = G + hexes("1610", terrain="clear", features=["airfield"], markers=["airhead"], owner="axis")
    assert status(field + x("S", "1010"), "axis") == {"S": "in"}


def test_beachhead_supplies_its_formation():
    """IM 6.31, 16.44: a beachhead assigned to formation 7 supplies a unit of 7, not one of O; an
    unassigned beachhead supplies both."""
    assigned = G + BEACH + state(beachheads={"1610": "7"})
    assert status(assigned + x("A", "1010", formation="7"), "axis") == {"A": "in"}
    assert status(assigned + x("B", "1010", formation="O"), "axis") == {"B": "out"}
    assert status(G + BEACH + x("B", "1010", formation="O"), "axis") == {"B": "in"}


def test_units_arrived_since_night_are_in_supply():
    """IM 6.14: a unit that entered the map since the last Night turn ("arrived") is in supply even
    cut off; the same unit without that status is out."""
    body = G + BEACH + al("A", "1311")
    assert status(body + x("X", "1010", status=["arrived"]), "axis") == {"X": "in"}
    assert status(body + x("X", "1010"), "axis") == {"X": "out"}
