"""Invasion: Malta movement (spec §7: 3.6, 3.83, 7.12, 7.2, 4.51, 8.1-8.4, 15.16, 17.4, 18.1): a
legal and an illegal position per predicate. Hex IDs CCRR; every hex clear unless stated."""
from __future__ import annotations

from im_util import INF, ORANGE, TANK, H, al, hexes, road, rules_, side, state, x
from im_util import inline as h
from rules_util import rules, table


THREE = dict(previous="2017", path=["2017", "2018", "2019", "2020"])     # three clear hexes


def test_zero_ma_units_never_move():
    """IM 8.15, 14.23: a pillbox (MA 0) moving one hex is illegal; infantry may."""
    one = dict(previous="2019", path=["2019", "2020"])
    assert rules(H + x("P", "2020", type="pillbox", values=dict(INF, movement=0), **one)) == ["IM 14.23"]
    assert rules(H + x("I", "2020", **one)) == []


def test_gt1_allied_ma_penalty():
    """IM 7.12: in Scenario 3, GT1, an Allied 4-MA unit has 2 MP: three clear hexes are illegal;
    on GT2, or in Scenario 4, legal."""
    mover = al("A", "2020", values=dict(INF, movement=4), **THREE)
    assert rules(h(scenario="s3", turn=1) + mover) == ["IM 8.13"]
    assert rules(h(scenario="s3", turn=2) + mover) == []
    assert rules(h(scenario="s4", turn=1) + mover) == []


def test_disrupted_ma_halved():
    """IM 3.83: a disrupted 5-MA unit has 2 MP: three clear hexes are illegal, two legal."""
    assert rules(H + x("X", "2020", status=["disrupted"], **THREE)) == ["IM 8.13"]
    assert rules(H + x("X", "2019", status=["disrupted"], previous="2017", path=["2017", "2018", "2019"])) == []


def test_slope_uphill_costs_one_more():
    """IM 8.36, 8.33: uphill across the slope 2018|2019 costs 1 + 1 MP (illegal with MA 1);
    downhill 1 MP (legal); along a road the slope is not paid (legal)."""
    up = side("2018", "2019", "slope", up="2019")
    one = dict(values=dict(INF, movement=1))
    assert rules(H + up + x("X", "2019", previous="2018", path=["2018", "2019"], **one)) == ["IM 8.13"]
    assert rules(H + up + x("X", "2018", previous="2019", path=["2019", "2018"], **one)) == []
    assert rules(H + up + road("secondary_road", "2018", "2019") + x("X", "2019", previous="2018",
                                                                     path=["2018", "2019"], **one)) == []


def test_road_rates_by_side_and_time():
    """IM 8.33 (spec §11 #2): four road hexes cost an Allied unit 4 MP by day and 2 at Night or in a
    Storm (by day too), an Axis unit 2 always; with MA 2, the Allied day move (Good or Windy
    weather) is illegal and the others legal. A stated Storm or Windy is the weather in Scenario 1
    (round 27: a position naming no scenario may be Scenario 2 or 3, always Good, 5.13)."""
    s1 = h(scenario="Scenario 1")
    rd = road("primary_road", "2016", "2017", "2018", "2019", "2020")
    four = dict(values=dict(INF, movement=2), previous="2016", path=["2016", "2017", "2018", "2019", "2020"])
    assert rules(H + rd + al("A", "2020", **four) + state(time="am", weather="good")) == ["IM 8.13"]
    assert rules(H + rd + al("A", "2020", **four) + state(time="night")) == []
    assert rules(H + rd + x("X", "2020", **four) + state(time="am")) == []
    assert rules(s1 + rd + al("A", "2020", **four) + state(time="am", weather="storm")) == []      # ½ MP in a Storm
    assert rules(s1 + rd + al("A", "2020", **four) + state(time="am", weather="windy")) == ["IM 8.13"]


def test_orange_circle_off_road():
    """IM 8.33, 3.63: an orange-circle unit may not enter a clear hex off the road; along a road it
    may."""
    one = dict(previous="2019", path=["2019", "2020"])
    assert rules(H + x("O", "2020", **ORANGE, **one)) == ["IM 8.33"]
    assert rules(H + road("secondary_road", "2019", "2020") + x("O", "2020", **ORANGE, **one)) == []


def test_allied_artillery_motor_pool_only_option():
    """IM 8.41 (spec §11 #20): Allied artillery moving under its own MA at Night is legal by
    default, illegal when im_allied_artillery_motor_pool_only = true."""
    arty = al("Art", "2020", values=dict(INF, range=8), previous="2019", path=["2019", "2020"])
    assert rules(H + arty + state(time="night")) == []
    assert rules(H + arty + state(time="night") + rules_(im_allied_artillery_motor_pool_only=True)) == ["IM 8.41"]


POOL = dict(mode="motor_pool", previous="2017", path=["2017", "2018", "2019"])
POOL_ROAD = road("secondary_road", "2017", "2018", "2019")


def test_motor_pool_side_and_time():
    """IM 18.11: the motor pool is Allied and used at Night (Scenario 1 by day too): an Allied unit at
    Night is legal; by day (Scenario 3) or an Axis unit, illegal."""
    assert rules(H + POOL_ROAD + al("P", "2019", **POOL) + state(time="night")) == []
    assert rules(h(scenario="s3") + POOL_ROAD + al("P", "2019", **POOL) + state(time="am")) == ["IM 18.11"]
    assert rules(h(scenario="s1") + POOL_ROAD + al("P", "2019", **POOL) + state(time="am")) == []
    assert rules(H + POOL_ROAD + x("P", "2019", **POOL) + state(time="night")) == ["IM 18.11"]


def test_motor_pool_eligibility():
    """IM 18.13: heavy AA may not use the motor pool; infantry may."""
    assert rules(H + POOL_ROAD + al("AA", "2019", type="heavy-aa", **POOL) + state(time="night")) == ["IM 18.13"]
    assert rules(H + POOL_ROAD + al("I", "2019", type="infantry", **POOL) + state(time="night")) == []


def test_motor_pool_sp_cap():
    """IM 18.12: with a scenario cap of 4 SP per turn and 3 SP already used, a 2-SP unit is over the
    cap (illegal); with 2 SP used it fits (legal)."""
    cap = rules_(motor_pool_sp_max=4)
    assert rules(H + POOL_ROAD + cap + al("P", "2019", **POOL) + state(time="night", motor_pool_used=3)) \
        == ["IM 18.12"]
    assert rules(H + POOL_ROAD + cap + al("P", "2019", **POOL) + state(time="night", motor_pool_used=2)) == []


def test_motor_pool_roads_only_option():
    """IM 8.33, 18.14 (spec §11 #21): a motor-pool unit entering the urban hex 2020 off the road is
    legal by default (8.33), illegal with im_motor_pool_roads_only = true."""
    move = dict(mode="motor_pool", previous="2017", path=["2017", "2018", "2019", "2020"])
    body = POOL_ROAD + hexes("2020", terrain="urban") + al("P", "2020", **move) + state(time="night")
    assert rules(H + body) == []
    assert rules(H + body + rules_(im_motor_pool_roads_only=True)) == ["IM 8.33"]


def test_only_the_active_formation_moves():
    """IM 7.23, 7.22: with formation 7 active, its unit may move, and so may an Army unit with an
    Activation marker; a unit of formation O may not."""
    one = dict(previous="2019", path=["2019", "2020"])
    act = state(active="7")
    assert rules(H + act + x("A", "2020", formation="7", **one)) == []
    assert rules(H + act + x("B", "2020", formation="army", status=["activated"], **one)) == []
    assert rules(H + act + x("C", "2020", formation="O", **one)) == ["IM 7.23"]


def activated(n: int, prefix: str, column: int, formation: str) -> str:
    """``n`` Axis units of ``formation`` under Activation markers, unit i moved from row 19 to row 20
    of column ``column + i``."""
    return "".join(x(f"{prefix}{i}", f"{column + i}20", formation=formation, status=["activated"],
                     previous=f"{column + i}19", path=[f"{column + i}19", f"{column + i}20"]) for i in range(n))


def test_at_most_four_army_units():
    """IM 7.23: four activated Army units moving with formation 7 is legal; five is not."""
    assert rules(H + state(active="7") + activated(4, "A", 20, "army")) == []
    assert rules(H + state(active="7") + activated(5, "A", 20, "army")) == ["IM 7.23"]


def test_m_activation_at_most_nine():
    """IM 17.41: under the "M" activation nine marked units may move, ten may not."""
    assert rules(H + state(active="M") + activated(9, "U", 15, "Fo")) == []
    assert rules(H + state(active="M") + activated(10, "U", 15, "Fo")) == ["IM 17.41"]


def test_allied_units_move_with_their_sector():
    """IM 4.51: with the north sector active, an Allied unit starting there may move; one starting
    in the south sector may not."""
    areas = table("areas", id="north", kind="sector", hexes=["2019", "2020"]) \
        + table("areas", id="south", kind="sector", hexes=["2021", "2022"])
    assert rules(H + areas + state(active="north") + al("A", "2020", previous="2019", path=["2019", "2020"])) == []
    assert rules(H + areas + state(active="north") + al("A", "2021", previous="2022", path=["2022", "2021"])) \
        == ["IM 4.51"]


def test_paradropped_units_movement():
    """IM 15.16 (spec §11 #10): a unit dropped this activation may not move in Scenario 1, may move
    one hex in Scenario 3, not two."""
    drop = state(dropped=["P"])
    one = dict(previous="2019", path=["2019", "2020"])
    two = dict(previous="2018", path=["2018", "2019", "2020"])
    assert rules(h(scenario="s1") + drop + x("P", "2020", **one)) == ["IM 15.16"]
    assert rules(h(scenario="s3") + drop + x("P", "2020", **one)) == []
    assert rules(h(scenario="s3") + drop + x("P", "2020", **two)) == ["IM 15.16"]
    assert rules(h(scenario="s1") + x("P", "2020", **one)) == []               # not dropped this activation


def test_oos_armour_does_not_move():
    """IM 6.15 (SUP-3): an out-of-supply armour unit has MA 0 and may not move one road hex;
    in supply it may."""
    rd = road("primary_road", "2019", "2020")
    one = dict(previous="2019", path=["2019", "2020"])
    assert rules(H + rd + x("T", "2020", status=["oos"], **TANK, **one)) == ["IM 6.15"]
    assert rules(H + rd + x("T", "2020", **TANK, **one)) == []


def test_motor_pool_ma_is_ten():
    """IM 18.12: under the motor pool a 2-MA unit has 10 MP: eight road hexes at Night (4 MP) are
    legal; the same move on its own MA (2) is not."""
    hs = [f"{c}20" for c in range(12, 21)]
    rd = road("primary_road", *hs)
    path = dict(previous=hs[0], path=hs, values=dict(INF, movement=1))
    assert rules(H + rd + state(time="night") + al("P", "2020", mode="motor_pool", **path)) == []
    assert rules(H + rd + state(time="night") + al("P", "2020", **path)) == ["IM 8.13"]
