"""North Africa '41: the rulebook's worked examples whose position the text states (the diagrams
are lost, so each is rebuilt from its words), and the spec's examples (5.7 E and the 5.5
starting hex are in ``test_rules_north_africa_41.py``)."""
from __future__ import annotations

from na41_util import H, INF, MECH, TANK, al, ax, position, rules_of, table
from rules_util import status


def test_example_4_3_first_tank_free():
    """4.3 example: the stacking values shown total 5 and the first tank stacks free: a 2-point,
    two 1-point units, one tank (free) and a second tank (1 point) in 2020 is legal; one more
    1-point unit is illegal (NA41 4.4.1)."""
    body = (ax("A", "2020", values=dict(INF, stacking=2)) + ax("B", "2020") + ax("C", "2020")
            + ax("T1", "2020", **TANK) + ax("T2", "2020", **TANK))
    assert rules_of(H + body, "NA41 4") == []
    assert rules_of(H + body + ax("D", "2020"), "NA41 4") == ["NA41 4.4.1"]


def test_example_5_5_desert_units_a_and_b():
    """5.5 example (NA41 5.5): unit A marches through 2 desert hexes and goes on into gridded hexes:
    legal; unit B must stop after the 2nd desert hex: entering a 3rd is illegal."""
    desert = "".join(table("hexes", hex=h, terrain="desert") for h in ("2016", "2015", "2014"))
    six = dict(values=dict(INF, movement=6))
    a = ax("A", "2113", previous="2017", path=["2017", "2016", "2015", "2115", "2114", "2113"], **six)
    assert rules_of(H + desert + a, "NA41") == []
    b = ax("B", "2013", previous="2017", path=["2017", "2016", "2015", "2014", "2013"], **six)
    assert rules_of(H + desert + b, "NA41") == ["NA41 5.5"]


def test_example_5_7_escarpment_and_rough():
    """5.7 example, unit A (NA41 5.7): a non-mechanized unit (MA 3) spends 1 MP to cross the
    escarpment plus 1 MP per rough hex: 2017 → 2016 → 2015 costs 3: legal; a third hex is
    illegal (NA41 5.1)."""
    esc = table("hexsides", hexes=["2017", "2016"], feature="escarpment", up="2016")
    rough = "".join(table("hexes", hex=h, terrain="rough") for h in ("2016", "2015", "2014"))
    assert rules_of(H + esc + rough + ax("A", "2015", previous="2017", path=["2017", "2016", "2015"]), "NA41") == []
    assert rules_of(H + esc + rough + ax("A", "2014", previous="2017", path=["2017", "2016", "2015", "2014"]),
                    "NA41") == ["NA41 5.1"]


def test_example_5_7_road_bonus_units_b_and_c():
    """5.7 example, units B and C (NA41 5.2.2): B moves wholly along the highway with the 5-hex
    highway bonus (8 hexes); C along a track with the 1-hex track bonus (4 hexes, 5 is illegal)."""
    hw = table("lines", kind="highway", hexes=[f"20{r:02d}" for r in range(10, 20)])
    tr = table("lines", kind="track", hexes=[f"22{r:02d}" for r in range(10, 20)])
    b = ax("B", "2018", mode="road_bonus", previous="2010", path=[f"20{r:02d}" for r in range(10, 19)])
    c = ax("C", "2214", mode="road_bonus", previous="2210", path=[f"22{r:02d}" for r in range(10, 15)])
    assert rules_of(H + hw + tr + b + c, "NA41") == []
    c5 = ax("C", "2215", mode="road_bonus", previous="2210", path=[f"22{r:02d}" for r in range(10, 16)])
    assert rules_of(H + hw + tr + b + c5, "NA41") == ["NA41 5.2.2"]


def test_example_12_2_retreat_through_one_ezoc():
    """12.2 example (NA41 12.2.1) 「スタックAとBは、罰則なしで１つのEZOCを通過して退却できます」: stacks A and B
    retreat through one EZOC hex without penalty; a retreat into an overlapping EZOC, or through more
    than one EZOC, is eliminated. The diagram is lost; that the one EZOC hex is allowed means no
    retreat of A avoided E's ZOC (12.1.3 #3), so every hex next to 2219 or 2118 but the path and 2019
    (in E's ZOC) is sea: A's 2219 -> 2119 -> 2118 through E's ZOC is legal. On the open map a 2-hex
    retreat from 2219 avoids E's ZOC: 12.1.3, still no 12.2.1."""
    from vmodgen.rules.core.board import Board
    enemy = al("E", "2020")
    m = dict(values=MECH, movement_class="mech", mode="retreat")
    a = ax("A", "2118", previous="2219", path=["2219", "2119", "2118"], **m)
    board = Board(position(H + enemy + a))
    near = {h for h in board.neighbours("2219") + board.neighbours("2118")} - {"2219", "2119", "2118", "2019"}
    sea = "".join(table("hexes", hex=h, terrain="sea") for h in sorted(near))
    assert rules_of(H + sea + enemy + a, "NA41") == []
    assert rules_of(H + enemy + a, "NA41") == ["NA41 12.1.3"]
    two = ax("A", "2220", previous="2219", path=["2219", "2119", "2120", "2220"], **m)
    assert rules_of(H + enemy + two, "NA41") == ["NA41 12.2.1"]
    over = ax("A", "2118", previous="2219", path=["2219", "2119", "2118"], **m)
    assert rules_of(H + enemy + al("E2", "2220") + over, "NA41") == ["NA41 12.2.1"]


def test_example_14_4_tank_advances_two_hexes():
    """14.4 example (NA41 14.4): a tank advances 2 hexes, ignoring the EZOCs in the hex the defender
    vacated (2020, next to the Allied unit in 2120): legal; going on through 2021, in that unit's
    ZOC, is illegal."""
    c = al("C", "2120")
    tank = dict(TANK, mode="advance", previous="2019")
    assert rules_of(H + c + ax("T", "2021", path=["2019", "2020", "2021"], **tank), "NA41") == []
    assert rules_of(H + c + ax("T", "2022", path=["2019", "2020", "2021", "2022"], **tank), "NA41") == ["NA41 14.4"]


def test_example_15_2_4_breakthrough_group():
    """15.2.4 example (NA41 15.2.3, 14.4): after D1 / advance 3 against X (2020), four Axis units
    from A, B, C advance into the vacated hex and form a breakthrough group there; in their 2nd
    hex (2021) they are next to unit Y (2022) and stop (the 3rd hex pays for the breakthrough
    combat). Going on past Y's ZOC without that combat is illegal."""
    y = al("Y", "2022")

    def unit(id, start, path_end, **kw):
        kw = dict(dict(values=MECH, movement_class="mech", formation="5lt", status=["breakthrough"],
                       mode="advance"), **kw)
        return ax(id, path_end[-1], previous=start, path=[start, *path_end], **kw)
    group = (unit("G1", "2019", ["2020", "2021"]) + unit("G2", "2019", ["2020", "2021"])
             + unit("G3", "1920", ["2020", "2021"]) + unit("G4", "2119", ["2020", "2021"]))
    assert rules_of(H + y + group, "NA41") == []
    past = unit("G4", "2119", ["2020", "2021", "2121"]).replace('status = ["breakthrough"]', 'status = []')
    on = group.replace(unit("G4", "2119", ["2020", "2021"]), past)
    assert "NA41 14.4" in rules_of(H + y + on, "NA41")


def test_example_16_2_tobruk_port_capacity():
    """16.2 example (NA41 16.2): Tobruk with port capacity 4 supplies any 8 Allied units that trace
    to it; a 9th is out of supply; at capacity 0 it supplies none."""
    s = H.replace("line_range = [1, 40]\npos_range = [1, 40]", "line_range = [1, 9]\npos_range = [1, 3]")
    port = table("hexes", hex="0502", features=["port"], control="allied", capacity=4)
    units = "".join(al(f"U{i}", h) for i, h in enumerate(
        ("0401", "0402", "0403", "0601", "0602", "0603", "0301", "0302", "0303")))
    st = status(s + port + units, "allied")
    assert sorted(st.values()).count("port") == 8 and list(st.values()).count("none") == 1
    st0 = status(s + port.replace("capacity = 4", "capacity = 0") + units, "allied")
    assert set(st0.values()) == {"none"}


def test_example_16_5_isolated_asu():
    """16.5 example (NA41 16.5.2): seven Allied units isolated for two Supply Phases; the ASU B is
    exempt from attrition while the six others are there (it traces to them); alone it is
    eliminated. With ``na41_isolated_asu_trace_to = "supplied"`` (the spec's reading) it is
    eliminated even among them, since none is in supply."""
    s = H.replace("line_range = [1, 40]\npos_range = [1, 40]", "line_range = [1, 14]\npos_range = [1, 3]") + \
        table("boxes", id="nile-delta", side="allied", adjacent=["0101", "0102", "0103"])
    asu = al("B", "1302", type="artillery-group", values={"defense": 1, "stacking": 0}, movement_class="mech",
             status=["oos_red"])
    six = "".join(al(f"U{i}", h, status=["oos_red"]) for i, h in enumerate(
        ("1201", "1203", "1301", "1303", "1401", "1403")))
    assert rules_of(s + asu + six, "NA41 16.5") == []
    assert rules_of(s + asu, "NA41 16.5") == ["NA41 16.5.2"]
    spec = s + '[rules]\nna41_isolated_asu_trace_to = "supplied"\n'
    assert rules_of(spec.replace("[rules]", "[rules]", 1) + asu + six, "NA41 16.5") == ["NA41 16.5.2"]
