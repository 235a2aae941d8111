"""A point equally near two regions of a RegionGrid is named as VASSAL names it.

Nevsky (Cattlesquat/Nevsky, scenario Pleskau 1240, VASSAL 3.6.6): the "Scenario End" marker at
(2664, 215) of the turn track is 56 pixels from both "Turn 3 Victory Points" (2608, 216) and
"Turn 3 Levy/Campaign" (2720, 216). VASSAL 3.7.26 names it "Turn 3 Levy/Campaign":
``RegionGrid.doSnap`` walks its ``HashMap<Point, Region>`` and keeps the first nearest point;
vmodgen walked the regions in the module's order and said "Turn 3 Victory Points".
"""
from __future__ import annotations

from vmodgen.hexes.vassal_java import hashmap_order, point_hash
from vmodgen.hexes.vassal_zones import RegionGrid


def test_a_tie_goes_to_the_region_vassals_hashmap_walks_first():
    grid = RegionGrid([("Turn 3 Victory Points", 2608, 216), ("Turn 3 Levy/Campaign", 2720, 216)])
    assert grid.location_name(2664, 215) == "Turn 3 Levy/Campaign"
    assert grid.location_name(2663, 215) == "Turn 3 Victory Points"      # nearer: no tie


def test_point_hash_and_hashmap_order_are_javas():
    # java.awt.Point.hashCode and a HashMap's keySet order, printed by jshell (JDK 17)
    assert [point_hash(1, 0), point_hash(-5, 7), point_hash(2608, 216)] == [1072693248, 57671680, -1940824064]
    import random
    rnd = random.Random(5)
    pts = [(rnd.randint(-50, 5000), rnd.randint(-50, 5000)) for _ in range(40)]
    java = [11, 25, 32, 35, 4, 12, 33, 23, 6, 26, 37, 5, 9, 10, 34, 7, 27, 8, 21, 36, 18, 13, 3, 20, 16, 19, 30,
            38, 2, 14, 22, 28, 0, 1, 29, 17, 31, 15, 39, 24]
    assert hashmap_order([point_hash(x, y) for x, y in pts]) == java
