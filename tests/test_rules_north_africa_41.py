"""North Africa '41 rules: each predicate with a legal and an illegal position, and the worked
examples that show a position. Inline maps use 4-digit column-row IDs, odd columns shifted."""
from __future__ import annotations

import pytest

from na41_util import INF, MECH, TANK, H, S, al, ax, inline, rules_of
from rules_util import findings, position, rules, status, table
from vmodgen.rules import ruleset_for


# ---- stacking (4) --------------------------------------------------------------------------
def test_stacking_five_points_and_silhouettes():
    """NA41 4.4.1, 4.3: two 2-point units and two tanks in 2020 make 2+2+1 = 5 (one silhouette
    free): legal; a third tank makes 6: illegal."""
    two = dict(values=dict(INF, stacking=2))
    body = ax("A", "2020", **two) + ax("B", "2020", **two) + ax("T1", "2020", **TANK) + ax("T2", "2020", **TANK)
    assert rules(H + body) == []
    fs = findings(H + body + ax("T3", "2020", **TANK))
    assert [f.rule for f in fs] == ["NA41 4.4.1"] and "6 stacking points" in fs[0].message


def test_zero_value_units_stack_freely():
    """NA41 4.2 (S8): any number of 0-value units (trucks) share a hex with 5 points."""
    body = "".join(ax(f"A{i}", "2020") for i in range(5)) + "".join(
        ax(f"T{i}", "2020", type="truck", kind="supply", values={"defense": 0, "stacking": 0}) for i in range(6))
    assert rules(H + body) == []


def test_tobruk_holding_box_counts_in_tobruk():
    """NA41 4.4.1, 2.2.4 (S7): units in the Tobruk Holding Box are in the Tobruk hex 3138, so 3 in
    the hex plus 3 in the box make 6 points."""
    box = table("boxes", id="tobruk-holding", kind="holding", side="")
    body = box + "".join(al(f"H{i}", "3138") for i in range(3))
    assert rules(H + body + "".join(al(f"B{i}", "tobruk-holding") for i in range(2))) == []
    assert rules(H + body + "".join(al(f"B{i}", "tobruk-holding") for i in range(3))) == ["NA41 4.4.1"]


def test_stacking_timing_end_of_movement_and_combat():
    """NA41 4.4.1: checked at the end of the phasing player's Movement and Combat Phases, not in
    the Supply Phase; a stack that retreated in this Combat Phase waits (12.1.4). Uses the
    bundled kit's phase ids."""
    try:
        p = position('[position]\ngame = "north-africa-41"\nphase = "i1-axis-supply"\n')
    except Exception as exc:
        pytest.skip(f"north-africa-41 kit does not load: {exc}")
    kinds = {ph.id: ph.kind for ph in p.game.sequence.phases}
    body = "".join(table("units", id=f"A{i}", side="axis", type="infantry", values=dict(INF, stacking=2), hex="2020")
                   for i in range(3))
    for phase, expected in (("i1-axis-movement", ["NA41 4.4.1"]), ("i1-axis-combat", ["NA41 4.4.1"]),
                            ("i1-axis-supply", []), ("i1-allied-movement", [])):
        if phase not in kinds:
            pytest.skip(f"kit has no phase {phase}")
        text = f'[position]\ngame = "north-africa-41"\nphase = "{phase}"\n' + body
        assert [f.rule for f in findings(text) if f.kind == "stacking"] == expected, phase
    retreated = body.replace('hex = "2020"', 'hex = "2020"\nstatus = ["retreated"]', 1)
    text = '[position]\ngame = "north-africa-41"\nphase = "i1-axis-combat"\n' + retreated
    assert [f.rule for f in findings(text) if f.kind == "stacking"] == []


def test_both_sides_never_share_a_hex():
    """NA41 5.1 (S10): an Axis and an Allied unit in 2020 is illegal."""
    assert rules(H + ax("A", "2020") + al("B", "2021")) == []
    assert rules(H + ax("A", "2020") + al("B", "2020")) == ["NA41 5.1"]


def test_no_unit_in_enemy_box():
    """NA41 6.1.2: an Allied unit in the Axis box Tripoli is illegal."""
    box = table("boxes", id="tripoli", side="axis", adjacent=["0101"])
    assert rules(H + box + ax("A", "tripoli")) == []
    assert rules(H + box + al("B", "tripoli")) == ["NA41 6.1.2"]


# ---- ZOC (7) -------------------------------------------------------------------------------
def test_zoc_kinds():
    """NA41 7.1-7.3: the ZOC of the Allied unit in 2020 is limited into 2021 when 2021 is on the
    upper side of an escarpment, limited into an Axis fort, full otherwise; trucks and Full Retreat
    units exert none."""
    from vmodgen.rules.core.zoc import FULL, LIMITED, NONE

    def kind(body):
        p = position(H + body)
        rs = ruleset_for(p.game)
        return rs.zoc(rs.board(p), "allied").kind("2021")
    assert kind(al("B", "2020")) == FULL
    assert kind(table("hexsides", hexes=["2020", "2021"], feature="escarpment", up="2021") + al("B", "2020")) == LIMITED
    assert kind(table("hexsides", hexes=["2020", "2021"], feature="escarpment", up="2020") + al("B", "2020")) == FULL
    assert kind(table("hexes", hex="2021", markers=["fortification"], owner="axis") + al("B", "2020")) == LIMITED
    assert kind(al("T", "2020", type="truck", kind="supply", values={"defense": 0})) == NONE
    assert kind(al("B", "2020", status=["full-retreat"])) == NONE


def test_stop_on_entering_full_ezoc_not_limited():
    """NA41 7.2, 7.3: Axis moving 2018 → 2019 → 2118 passes 2019, in the full ZOC of the unit in
    2020: illegal; when 2019 is above an escarpment from 2020 (limited ZOC) it is legal."""
    move = ax("A", "2118", previous="2018", path=["2018", "2019", "2118"], values=dict(INF, movement=4))
    assert rules(H + al("B", "2020") + move) == ["NA41 7.2"]
    esc = table("hexsides", hexes=["2020", "2019"], feature="escarpment", up="2019")
    assert rules(H + esc + al("B", "2020") + move) == []


def test_exit_cost():
    """NA41 7.2: leaving a full enemy ZOC costs +2 MP: an MA-3 unit in 2019 (next to 2020) can move
    1 hex away (1+2 = 3), not 2."""
    assert rules(H + al("B", "2020") + ax("A", "2018", previous="2019", path=["2019", "2018"])) == []
    assert rules(H + al("B", "2020") + ax("A", "2017", previous="2019", path=["2019", "2018", "2017"])) == ["NA41 5.1"]


def test_example_e_extended_movement():
    """NA41 5.3, 7.2, worked example E of 5.7: a mechanized MA-5 unit starting in enemy ZOC leaves
    it (2 MP) and moves 6 clear hexes by extended movement: 8 MP, all it has; 7 hexes is too far;
    entering an enemy ZOC by extended movement is illegal; a non-mech unit may not use it."""
    path = [f"20{r:02d}" for r in range(19, 12, -1)]            # 2019 → 2013: 6 hexes
    mech = dict(values=MECH, movement_class="mech", mode="extended")
    assert rules(H + al("B", "2020") + ax("A", "2013", previous="2019", path=path, **mech)) == []
    long = path + ["2012"]
    assert rules(H + al("B", "2020") + ax("A", "2012", previous="2019", path=long, **mech)) == ["NA41 5.1"]
    into = ["2017", "2018", "2019"]
    assert rules(H + al("B", "2020") + ax("A", "2019", previous="2017", path=into, **mech)) == ["NA41 5.3"]
    foot = dict(values=MECH, mode="extended")
    assert "NA41 5.3" in rules(H + ax("A", "2015", previous="2017", path=["2017", "2016", "2015"], **foot))


def test_tactical_movement():
    """NA41 5.4: 1-2 hexes without MP; 3 is too many; a disrupted unit may move only tactically (13.2.1, the rule named)."""
    assert rules(H + ax("A", "2015", mode="tactical", previous="2017", path=["2017", "2016", "2015"])) == []
    fs = rules(H + ax("A", "2014", mode="tactical", previous="2017", path=["2017", "2016", "2015", "2014"]))
    assert fs == ["NA41 5.4"]
    assert rules(H + ax("A", "2016", status=["disrupted"], previous="2017")) == ["NA41 13.2.1"]
    assert rules(H + ax("A", "2016", status=["disrupted"], mode="tactical", previous="2017")) == []


def test_escarpment_mech_needs_road():
    """NA41 5.7: a mechanized unit may not cross the escarpment 2017|2016 except along a road; a
    non-mechanized unit pays +1."""
    esc = table("hexsides", hexes=["2017", "2016"], feature="escarpment", up="2016")
    mech = dict(values=MECH, movement_class="mech", previous="2017", path=["2017", "2016"])
    assert rules(H + esc + ax("A", "2016", **mech)) == ["NA41 5.7"]
    assert rules(H + esc + table("lines", kind="track", hexes=["2017", "2016"]) + ax("A", "2016", **mech)) == []
    foot = dict(previous="2017", path=["2017", "2016", "2015", "2014"])
    assert rules(H + ax("A", "2014", **foot)) == []
    assert rules(H + esc + ax("A", "2014", **foot)) == ["NA41 5.1"]


def test_oos_may_not_enter_overlapping_ezoc():
    """NA41 16.4, 7.4: Allied units in 2020 and 2219 (not adjacent) both reach 2119; an OOS unit
    may not enter it, an in-supply one may."""
    allies = al("B1", "2020") + al("B2", "2219")
    move = dict(previous="2120", path=["2120", "2119"])
    assert rules(H + allies + ax("A", "2119", **move)) == []
    assert rules(H + allies + ax("A", "2119", status=["oos"], mode="tactical", **move)) == ["NA41 16.4"]
    assert rules(H + allies + ax("A", "2119", status=["oos"], mode="tactical", **move) + ax("F", "2119")) == []


def test_desert_two_consecutive_hexes():
    """NA41 5.5: at most 2 consecutive trackless-desert hexes in one move."""
    desert = "".join(table("hexes", hex=h, terrain="desert") for h in ("2016", "2015", "2014"))
    path = ["2017", "2016", "2015", "2014"]
    assert rules(H + desert + ax("A", "2015", previous="2017", path=path[:3])) == []
    assert rules(H + desert + ax("A", "2014", previous="2017", path=path)) == ["NA41 5.5"]
    # 5.5 example: only hexes entered count, not the hex the unit starts in
    start_in = desert + table("hexes", hex="2017", terrain="desert")
    assert rules(H + start_in + ax("A", "2015", previous="2017", path=path[:3])) == []


def test_full_retreat_unit_next_to_enemy():
    """NA41 13.3.2: a Full Retreat unit next to an enemy unit needs a Good Order friendly combat
    unit in its hex."""
    fr = ax("F", "2019", status=["full-retreat"])
    assert rules(H + al("B", "2020") + fr) == ["NA41 13.3.2"]
    assert rules(H + al("B", "2020") + fr + ax("G", "2019")) == []


def test_retreat_elimination_tests():
    """NA41 12.2.1: a retreat ending in enemy ZOC eliminates the unit, unless a friendly combat unit
    outside the retreating stack is in that hex."""
    r = dict(mode="retreat", previous="2017", path=["2017", "2018", "2019"])
    assert rules(H + al("B", "2020") + ax("A", "2019", **r)) == ["NA41 12.2.1"]
    assert rules(H + al("B", "2020") + ax("A", "2019", **r) + ax("G", "2019")) == []
    away = dict(mode="retreat", previous="2019", path=["2019", "2018", "2017"])
    assert rules(H + al("B", "2020") + ax("A", "2017", **away)) == []


def test_advance_stops_in_ezoc():
    """NA41 14.4: an advance ignores the enemy ZOC in the vacated hex 2020 (its first hex) and may
    end in enemy ZOC at 2021 (from the unit in 1921), but may not go on through it to 2022."""
    adv = dict(mode="advance", values=MECH, movement_class="mech")
    c = al("C", "1921")
    assert rules(H + c + ax("A", "2021", previous="2019", path=["2019", "2020", "2021"], **adv)) == []
    assert rules(H + c + ax("A", "2022", previous="2019", path=["2019", "2020", "2021", "2022"], **adv)) \
        == ["NA41 14.4"]


def test_advance_through_zoc_of_unit_its_retreat_eliminated():
    """NA41 12.2.1 「以下に列記されたヘクス内へ退却すると除去されます」 and 14 (the retreat comes before the
    advance): C retreated 1822 -> 1921, next to Z in 1821, and is eliminated there (12.2.1); A's
    advance 2019 -> 2020 -> 2021 -> 2022 through C's ZOC at 2021 is then legal (14.4 does not stand as
    a second breach). With D in 2121, not eliminated, 2021 is still in enemy ZOC: NA41 14.4."""
    adv = dict(mode="advance", values=MECH, movement_class="mech")
    a = ax("A", "2022", previous="2019", path=["2019", "2020", "2021", "2022"], **adv)
    c = al("C", "1921", mode="retreat", previous="1822", path=["1822", "1921"])
    assert rules_of(H + a + c + ax("Z", "1821")) == ["NA41 12.2.1"]
    assert rules_of(H + a + al("C", "1921") + ax("Z", "1821")) == ["NA41 14.4"]
    assert rules_of(H + a + c + ax("Z", "1821") + al("D", "2121")) == ["NA41 12.2.1", "NA41 14.4"]


# ---- supply (16) ----------------------------------------------------------------------------
def test_los_five_overland_points():
    """NA41 16.3.2: 5 hex points overland to the edge hexes of Tripoli: from 0602 it is 5 (full
    supply); from 0702 it is 6 (none); rough costs 2 off road."""
    assert status(S + ax("A", "0602"), "axis") == {"A": "full"}
    assert status(S + ax("A", "0702"), "axis") == {"A": "none"}
    rough = "".join(table("hexes", hex=f"03{r:02d}", terrain="rough") for r in (1, 2, 3))
    assert status(S + rough + ax("A", "0602"), "axis") == {"A": "none"}
    assert status(S + rough + ax("A", "0502"), "axis") == {"A": "full"}


def test_los_road_leg():
    """NA41 16.3.3: after the overland leg an unlimited road leg: a unit in 1302 next to a track
    running from 1301 to the edge traces; an Allied unit on the track cuts it."""
    track = table("lines", kind="track", hexes=[f"{c:02d}01" for c in range(1, 14)])
    assert status(S + track + ax("A", "1302"), "axis") == {"A": "full"}
    assert status(S + track + ax("A", "1302") + al("B", "0801", values={"defense": 0}), "axis") == {"A": "none"}


def test_los_first_hex_may_be_ezoc():
    """NA41 16.3.2: only the first hex of the line may be in enemy ZOC. Allied in 0302 covers 0301
    (and 0402, 0202): Axis in 0401 traces through 0301; Axis in 0501 cannot. An Axis unit in 0301
    cancels that ZOC for the line."""
    two = S.replace("pos_range = [1, 3]", "pos_range = [1, 2]")
    b = al("B", "0302")
    assert status(two + b + ax("A", "0401"), "axis") == {"A": "full"}
    assert status(two + b + ax("A", "0501"), "axis") == {"A": "none"}
    assert status(two + b + ax("A", "0501") + ax("F", "0301"), "axis")["A"] == "full"


def test_los_marker_findings():
    """NA41 16.1: in the Supply Phase a unit that cannot trace needs an OOS marker; one that can
    loses it."""
    assert rules(S + ax("A", "0602")) == []
    assert rules(S + ax("A", "0902")) == ["NA41 16.1"]
    assert rules(S + ax("A", "0902", status=["oos"])) == []
    assert rules(S + ax("A", "0602", status=["oos"])) == ["NA41 16.1"]


def test_msu_chain():
    """NA41 16.3.4, 17.2.4: a unit in 1002 is 9 points from the edge: no supply; an MSU (a truck on
    its MSU side) in 0602 relays the line."""
    truck = dict(type="truck", kind="supply", values={"defense": 0, "movement": 5}, back={"defense": 0, "movement": 5},
                 movement_class="mech")
    assert status(S + ax("A", "1002"), "axis")["A"] == "none"
    st = status(S + ax("A", "1002") + ax("M", "0602", reduced=True, **truck), "axis")
    assert st["A"] == "full" and st["M"] == "full"
    assert status(S + ax("A", "1002") + ax("M", "0602", **truck), "axis")["A"] == "none"


def test_port_capacity():
    """NA41 16.2: a friendly port of capacity 1 supplies 2 units: of three units cut off from the
    base but within reach of the port in 1302, one is out of supply."""
    port = table("hexes", hex="1302", features=["port"], control="axis", capacity=1)
    units = ax("A", "1201") + ax("B", "1202") + ax("C", "1203")
    st = status(S + port + units, "axis")
    assert sorted(st.values()) == ["none", "port", "port"]
    st = status(S + port.replace("capacity = 1", "capacity = 2") + units, "axis")
    assert sorted(st.values()) == ["port", "port", "port"]
    enemy_port = port.replace('control = "axis"', 'control = "allied"')
    assert sorted(status(S + enemy_port + units, "axis").values()) == ["none", "none", "none"]


def test_road_bonus():
    """NA41 5.2.2: a non-mech unit moves 8 hexes along the highway with the road bonus (legal); 5
    hexes with track is too many; it may not start next to an enemy combat unit."""
    hw = table("lines", kind="highway", hexes=[f"20{r:02d}" for r in range(10, 20)])
    path = [f"20{r:02d}" for r in range(10, 19)]                    # 8 hexes
    mover = ax("A", "2018", mode="road_bonus", previous="2010", path=path)
    assert rules(H + hw + mover) == []
    tr = table("lines", kind="track", hexes=[f"20{r:02d}" for r in range(10, 20)])
    assert rules(H + tr + mover) == ["NA41 5.2.2"]
    assert rules(H + hw + mover + al("B", "2009")) == ["NA41 5.2.2"]


def test_full_retreat_never_in_enemy_port():
    """NA41 13.3.2: a Full Retreat unit is never in an enemy-controlled port, airfield, fort or
    city hex."""
    port = table("hexes", hex="3138", features=["port"], control="allied")
    assert rules(H + port + ax("F", "3138", status=["full-retreat"])) == ["NA41 13.3.2"]
    assert rules(H + port.replace('"allied"', '"axis"') + ax("F", "3138", status=["full-retreat"])) == []


def test_paths_searched_with_hex_limits():
    """NA41 5.4, 5.5 without a stated path: a tactical move of 3 hexes has no legal path; a move
    whose only way crosses 3 desert hexes in a row (a desert band 3 deep) has none either."""
    assert rules(H + ax("A", "2014", mode="tactical", previous="2017")) == ["NA41 5.1"]
    assert rules(H + ax("A", "2015", mode="tactical", previous="2017")) == []
    strip = inline((1, 1), (1, 8))
    desert = "".join(table("hexes", hex=f"01{r:02d}", terrain="desert") for r in (3, 4, 5))
    mover = ax("A", "0106", previous="0102", values=dict(INF, movement=9))
    assert rules(strip + mover) == []
    assert rules(strip + desert + mover) == ["NA41 5.1"]
