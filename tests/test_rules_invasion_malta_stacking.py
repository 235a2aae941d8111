"""Invasion: Malta stacking (spec §4, rules 3.3, 4.14, 8.14, 9.23, 13.33, 13.55, 16.33): each predicate
with a legal and an illegal position. Hex IDs CCRR, odd-q; every hex clear unless stated."""
from __future__ import annotations

from rules_util import findings, rules
from im_util import INF, H, RED, TANK, al, road, rules_, x


def test_air_naval_and_zero_sp_never_count():
    """IM 3.31 / 3.32: 9 SP of ground units plus an air unit, a naval unit and a 0-SP unit in 2020
    is legal; one more 2-SP ground unit is not."""
    nine = "".join(x(f"X{i}", "2020", values=dict(INF, stacking=3)) for i in range(3))
    extra = (x("Ju88", "2020", kind="air", type="bomber", values={"stacking": 4})    # on its HQ (11.52)
             + x("Zero", "2020", type="hq", kind="hq", nationality="german", values=dict(INF, stacking=0)))
    assert rules(H + nine + extra) == []
    assert rules(H + nine + extra + x("More", "2020")) == ["IM 3.32"]


def test_stacking_limit_is_end_of_phase_only():
    """IM 3.32: 11 SP in 2020 while a phase runs (at = "during", moving units passing through) is
    legal; at the end of the phase it is not."""
    body = "".join(x(f"X{i}", "2020", values=dict(INF, stacking=3)) for i in range(3)) + x("M", "2020")
    kit_head = '[position]\ngame = "invasion-malta"\nturn = 2\nphase = "movement"\n'
    assert rules(kit_head + 'at = "during"\n' + body) == []
    assert rules(kit_head + body) == ["IM 3.32"]


def test_armour_may_not_pass_through_armour():
    """IM 3.33 (P-S4): an armour unit moving 2018 → 2019 → 2020 along a primary road through 2019,
    which holds another armour unit, is illegal even in transit; along a road around it is legal."""
    rd = road("primary_road", "2018", "2019", "2020") + road("primary_road", "2018", "2118", "2119", "2020")
    tank = dict(TANK, values=dict(INF, movement=6))
    assert rules(H + rd + x("T0", "2019", **TANK) + x("T1", "2020", previous="2018", path=["2018", "2019", "2020"],
                                                          **tank)) == ["IM 3.33"]
    assert rules(H + rd + x("T0", "2019", **TANK) + x("T1", "2020", previous="2018",
                                                          path=["2018", "2118", "2119", "2020"],
                                                          **tank)) == []


def test_motorized_passing_needs_primary_road():
    """IM 3.33 (P-S5): a motorcycle unit may pass through 2019, which holds another motorized unit,
    along a primary road, not along a secondary road; into an urban hex it may."""
    move = dict(RED, previous="2018", path=["2018", "2019", "2020"])
    other = x("M0", "2019", **RED)
    assert rules(H + road("primary_road", "2018", "2019", "2020") + other + x("M1", "2020", **move)) == []
    assert rules(H + road("secondary_road", "2018", "2019", "2020") + other + x("M1", "2020", **move)) == ["IM 3.33"]
    urban = '\n[[hexes]]\nhex = "2019"\nterrain = "urban"\n'
    assert rules(H + road("secondary_road", "2018", "2019", "2020") + urban + other + x("M1", "2020", **move)) == []


def test_group_b_one_infantry_per_hex():
    """IM 4.14 (P-S6): two Group B infantry units in 2020 is illegal; one infantry and one
    anti-tank unit of Group B, or two infantry units not of Group B, is legal."""
    gb = dict(status=["group_b"], type="infantry")
    assert rules(H + al("A", "2020", **gb) + al("B", "2020", **gb)) == ["IM 4.14"]
    assert rules(H + al("A", "2020", **gb) + al("B", "2020", status=["group_b"], type="anti-tank")) == []
    assert rules(H + al("A", "2020", type="infantry") + al("B", "2020", type="infantry")) == []


def test_reaction_into_excess_stack():
    """IM 9.23 (P-S7, inferred): a reaction into 2020, which holds units under an Excess marker, is
    illegal; with im_reaction_into_excess = true it is legal."""
    stack = "".join(x(f"F{i}", "2020", values=dict(INF, stacking=3)) for i in range(2)) \
        + x("E", "2020", values=dict(INF, stacking=4), status=["excess"])
    react = x("R", "2020", values=dict(INF, stacking=0), mode="reaction", previous="2019")
    assert "IM 9.23" in rules(H + stack + react)
    assert "IM 9.23" not in rules(H + stack + react + rules_(im_reaction_into_excess=True))


def test_retreat_may_end_over_the_limit():
    """IM 13.33: a unit retreating into 2020 (9 SP) may end over the limit if the excess goes under
    the marker at the end of the phase (legal); without the marker the stack is illegal (3.32)."""
    nine = "".join(x(f"X{i}", "2020", values=dict(INF, stacking=3)) for i in range(3))
    r = dict(mode="retreat", previous="2018", path=["2018", "2019", "2020"])
    assert rules(H + nine + x("R", "2020", status=["excess"], **r)) == []
    assert rules(H + nine + x("R", "2020", **r)) == ["IM 3.32"]


def test_drift_landing_may_share_a_hex():
    """IM 8.14 (P-S9): paradropped units landing on an Allied unit in 2020 (drift combat pending)
    is legal; the same without the drop is not."""
    assert rules(H + al("A", "2020") + x("P", "2020", status=["paradropped"])) == []
    assert rules(H + al("A", "2020") + x("P", "2020")) == ["IM 8.14"]


def test_landing_counts_units_already_there():
    """IM 16.14 (P-S8, spec §11 #24): 4 SP landing by port entry in 2020 (a land hex), which holds 6 SP
    already, makes 10 SP: illegal by default; legal when only the landing units count."""
    there = "".join(x(f"X{i}", "2020", values=dict(INF, stacking=3)) for i in range(2))
    landing = x("L", "2020", values=dict(INF, stacking=4), status=["landed", "excess"])
    fs = findings(H + there + landing)
    assert [f.rule for f in fs] == ["IM 16.14"]
    assert rules(H + there + landing + rules_(im_landing_counts_present=False)) == []
