"""North Africa '41 zones of control (spec §5: Z1-Z10, retreat §5.4, advance §5.5, §5.6): each
predicate with a legal and an illegal position. Inline maps: 4-digit column-row IDs; the Allied
unit B in 2020 exerts a ZOC into 2019, 2119, 2120, 2021, 1920 and 1919."""
from __future__ import annotations

from na41_util import H, INF, MECH, TRUCK, al, ax, findings, kit, kunit, rules_of, table

B = al("B", "2020")
ESC_2019 = table("hexsides", hexes=["2020", "2019"], feature="escarpment", up="2019")   # limited ZOC into 2019


def mv(id, hexid, path, **kw):
    return ax(id, hexid, previous=path[0], path=path, **kw)


# ---- Z1-Z3 (7.2) -------------------------------------------------------------------------------------
def test_z1_stop_on_entering_full_ezoc():
    """Z1, NA41 7.2: 2018 → 2019 (full EZOC) → 2118 is illegal; ending in 2019 is legal."""
    assert rules_of(H + B + mv("A", "2118", ["2018", "2019", "2118"], values=dict(INF, movement=4)), "NA41 7") \
        == ["NA41 7.2"]
    assert rules_of(H + B + mv("A", "2019", ["2018", "2019"]), "NA41") == []


def test_z2_exit_costs_full_and_limited():
    """Z2, NA41 7.2, 7.3: leaving a full EZOC costs +2 (MA 3: one hex out, not two); leaving a
    limited EZOC costs +1 (MA 3: two hexes out)."""
    assert rules_of(H + B + mv("A", "2018", ["2019", "2018"]), "NA41") == []
    assert rules_of(H + B + mv("A", "2017", ["2019", "2018", "2017"]), "NA41") == ["NA41 5.1"]
    assert rules_of(H + ESC_2019 + B + mv("A", "2017", ["2019", "2018", "2017"]), "NA41") == []
    assert rules_of(H + ESC_2019 + B + mv("A", "2016", ["2019", "2018", "2017", "2016"]), "NA41") == ["NA41 5.1"]


def test_z3_ezoc_to_ezoc_then_stop():
    """Z3, NA41 7.2: a unit in 2019 (EZOC) may move straight into 2119 (another EZOC hex) and stop
    there; going on to 2219 is illegal."""
    five = dict(values=dict(INF, movement=5))
    assert rules_of(H + B + mv("A", "2119", ["2019", "2119"], **five), "NA41") == []
    assert rules_of(H + B + mv("A", "2219", ["2019", "2119", "2219"], **five), "NA41") == ["NA41 7.2"]
    # MA 3: leaving 2019, where it began, costs 1 + 2 (Z2); going on from 2119, where it had to
    # stop, is the 7.2 finding and its exit cost is not charged again, but its terrain is: 4 MP,
    # a second rule broken (5.1) at 2219
    three = dict(values=dict(INF, movement=3))
    fs = findings(H + B + mv("A", "2219", ["2019", "2119", "2219"], **three))
    assert [(f.rule, f.hexes) for f in fs] == [("NA41 7.2", ("2119",)), ("NA41 5.1", ("2219",))]
    assert "needs 4 movement points to reach 2219 but has 3" in fs[1].message


# ---- Z4 (16.4, 7.4) ----------------------------------------------------------------------------------
def test_z4_oos_unit_and_overlapping_ezoc():
    """Z4, NA41 16.4: Allied units in 2020 and 2219 (not adjacent) overlap in 2119: an OOS unit may
    not enter it; with a friendly unit there (7.4) or in supply it may."""
    two = B + al("B2", "2219")
    move = dict(mode="tactical", status=["oos"])
    assert rules_of(H + two + mv("A", "2119", ["2120", "2119"], **move), "NA41") == ["NA41 16.4"]
    assert rules_of(H + two + mv("A", "2119", ["2120", "2119"], **move) + ax("F", "2119"), "NA41") == []
    assert rules_of(H + two + mv("A", "2119", ["2120", "2119"]), "NA41") == []


# ---- Z5 (5.3) -----------------------------------------------------------------------------------------
def test_z5_extended_movement_and_limited_ezoc():
    """Z5, NA41 5.3, 7.3: extended movement may not enter even a limited EZOC (2019 above the
    escarpment from 2020); without the Allied unit the same move is legal."""
    ext = dict(values=MECH, movement_class="mech", mode="extended")
    assert rules_of(H + ESC_2019 + B + mv("A", "2019", ["2017", "2018", "2019"], **ext), "NA41") == ["NA41 5.3"]
    assert rules_of(H + ESC_2019 + mv("A", "2019", ["2017", "2018", "2019"], **ext), "NA41") == []


def test_z5_trucked_unit_may_use_extended_movement():
    """Z5, NA41 5.3, 5.8.1: a non-mechanized unit carried by a truck (status trucked) moves as
    mechanized and may use extended movement; without the truck it may not."""
    foot = dict(values=dict(INF, movement=6), mode="extended")
    assert rules_of(H + mv("A", "2015", ["2017", "2016", "2015"], status=["trucked"], **foot), "NA41") == []
    assert rules_of(H + mv("A", "2015", ["2017", "2016", "2015"], **foot), "NA41") == ["NA41 5.3"]


# ---- Z6 (5.4) -----------------------------------------------------------------------------------------
def test_z6_tactical_movement_stops_in_full_not_limited_ezoc():
    """Z6, NA41 5.4, 7.2: tactical 2018 → 2019 → 2118 passes the full EZOC 2019: illegal; when 2019
    is only in a limited EZOC it does not stop tactical movement: legal."""
    tac = dict(mode="tactical")
    assert rules_of(H + B + mv("A", "2118", ["2018", "2019", "2118"], **tac), "NA41") == ["NA41 7.2"]
    assert rules_of(H + ESC_2019 + B + mv("A", "2118", ["2018", "2019", "2118"], **tac), "NA41") == []


# ---- Z7 (5.9.1) ---------------------------------------------------------------------------------------
RAIL = table("lines", kind="railroad", hexes=[f"20{r:02d}" for r in range(12, 20)]) + "".join(
    table("hexes", hex=h, terrain="town") for h in ("2012", "2015", "2017", "2019"))


def al_rail(id, hexid, path, **kw):
    return al(id, hexid, previous=path[0], path=path, mode="rail", **kw)


def test_z7_rail_neither_enters_nor_leaves_ezoc():
    """Z7, NA41 5.9.1: Allied rail move 2015 → 2017 is legal; into 2019, in the ZOC of the Axis unit
    in 2020, it is illegal; out of 2019 too."""
    axis = ax("X", "2020")
    assert rules_of(H + RAIL + axis + al_rail("R", "2017", ["2015", "2016", "2017"]), "NA41") == []
    assert "NA41 5.9.1" in rules_of(H + RAIL + axis + al_rail("R", "2019", ["2017", "2018", "2019"]), "NA41")
    assert "NA41 5.9.1" in rules_of(H + RAIL + axis + al_rail("R", "2017", ["2019", "2018", "2017"]), "NA41")


# ---- Z8 (5.2.2) ---------------------------------------------------------------------------------------
def test_z8_road_bonus_not_next_to_enemy_combat_units():
    """Z8, NA41 5.2.2: the road bonus may not end next to an enemy combat unit; an enemy truck there
    does not count."""
    hw = table("lines", kind="highway", hexes=[f"20{r:02d}" for r in range(10, 20)])
    mover = mv("A", "2018", [f"20{r:02d}" for r in range(10, 19)], mode="road_bonus")
    assert rules_of(H + hw + mover + al("C", "2118"), "NA41") == ["NA41 5.2.2"]
    assert rules_of(H + hw + mover + al("K", "2118", **TRUCK), "NA41") == []


# ---- Z9 (13.3) ----------------------------------------------------------------------------------------
def test_z9_full_retreat_unit_never_enters_enemy_units_hex():
    """Z9, NA41 13.3.2: a Full Retreat unit moving (full MA, 13.3.1) 2016 → 2017 → 2018 past an
    Allied truck in 2017 is illegal; 2016 → 2015, away from it, is legal."""
    truck = al("K", "2017", **TRUCK)
    fr = dict(status=["full_retreat"])
    assert "NA41 13.3.2" in rules_of(H + truck + mv("A", "2018", ["2016", "2017", "2018"], **fr), "NA41")
    assert rules_of(H + truck + mv("A", "2015", ["2016", "2015"], **fr), "NA41") == []


def test_z9_full_retreat_unit_may_not_leave_a_box():
    """Z9, NA41 13.3.2, 6.3.4: a Full Retreat unit may not leave the Tripoli box; a Good Order
    mechanized one may."""
    box = table("boxes", id="tripoli", side="axis", adjacent=["0101", "0102"])
    m = dict(values=MECH, movement_class="mech")
    assert rules_of(H + box + ax("A", "0102", previous="tripoli", **m), "NA41") == []
    assert rules_of(H + box + ax("A", "0102", previous="tripoli", status=["full_retreat"], **m), "NA41") \
        == ["NA41 6.3.4"]


def test_z9_full_retreat_unit_retreating_into_ezoc_is_eliminated():
    """Z9, NA41 13.3.2: a Full Retreat unit retreating 2017 → 2018 → 2019 with a friendly unit in
    2019 (which cancels the ZOC for other units) is still eliminated; away from the enemy it is
    legal."""
    fr = dict(mode="retreat", status=["full_retreat"])
    assert "NA41 13.3.2" in rules_of(H + B + ax("G", "2019") + mv("A", "2019", ["2017", "2018", "2019"], **fr),
                                     "NA41")
    assert rules_of(H + B + mv("A", "2016", ["2018", "2017", "2016"], **fr), "NA41") == []


# ---- Z10 (27.5) ---------------------------------------------------------------------------------------
def disengage(path, **kw):
    kw.setdefault("status", ["disrupted"])          # 27.5.4: the result's marker
    return kunit("A", "axis", path[-1], previous=path[0], path=path, mode="retreat", **kw)


def test_z10_disengagement_into_ezoc_needs_friendly_units():
    """Z10, NA41 27.5.4: in the Axis Combat Phase (kit), the Axis unit in 2021 next to the Allied
    unit in 2022 disengages 2021 → 2020 → 2019: legal; into 2121 (EZOC, empty): illegal; into 2121
    holding an Axis unit: legal."""
    enemy = kunit("B", "allied", "2022")
    head = kit("i1-axis-combat")
    assert rules_of(head + enemy + disengage(["2021", "2020", "2019"]), "NA41") == []
    assert "NA41 27.5.4" in rules_of(head + enemy + disengage(["2021", "2121"]), "NA41")
    assert rules_of(head + enemy + disengage(["2021", "2121"]) + kunit("F", "axis", "2121"), "NA41") == []


def test_z10_disengagement_starts_next_to_the_enemy_and_goes_two_hexes():
    """Z10, NA41 27.5.3-27.5.4: disengagement from a hex not next to an enemy unit, or 3 hexes long,
    is illegal."""
    head = kit("i1-axis-combat")
    assert rules_of(head + kunit("B", "allied", "2223") + disengage(["2021", "2020", "2019"]), "NA41") \
        == ["NA41 27.5.3"]
    three = disengage(["2021", "2020", "1920", "1820"], values=dict(MECH), type="motorized-infantry")
    assert rules_of(head + kunit("B", "allied", "2022") + three, "NA41") == ["NA41 27.5.4"]


# ---- retreat (§5.4: 12.1-12.5) ------------------------------------------------------------------------
def rt(id, hexid, path, **kw):
    return mv(id, hexid, path, mode="retreat", **kw)


def test_retreat_no_hex_twice():
    """§5.4 guideline 1, NA41 12.1.3: a retreat 2017 → 2018 → 2017 enters 2017 twice: illegal."""
    assert rules_of(H + rt("A", "2017", ["2017", "2018", "2017"]), "NA41") == ["NA41 12.1.3"]
    assert rules_of(H + rt("A", "2015", ["2017", "2016", "2015"]), "NA41") == []


def test_retreat_elimination_second_ezoc_hex_and_overlap():
    """§5.4 elimination, NA41 12.2.1: a retreat 2219 → 2119 → 2120 → 2220 passes two EZOC hexes of B
    in 2020: eliminated; 2219 → 2119 → 2118 passes one: legal. 2118 → 2119 → 2219 (an Axis unit in
    2219 cancels the EZOC there) is legal, but with an Allied unit in 2220 too, 2119 is an
    overlapping EZOC (2020 and 2220 are not adjacent): eliminated. On this open map the one-EZOC
    retreats through 2119 had paths entering no EZOC: 12.1.3 #3 (round nafix11), no 12.2.1."""
    assert rules_of(H + B + rt("A", "2220", ["2219", "2119", "2120", "2220"], values=MECH, movement_class="mech"),
                    "NA41") == ["NA41 12.2.1"]
    assert rules_of(H + B + rt("A", "2118", ["2219", "2119", "2118"]), "NA41") == ["NA41 12.1.3"]
    through = B + ax("G", "2219") + rt("A", "2219", ["2118", "2119", "2219"])
    assert rules_of(H + through, "NA41") == ["NA41 12.1.3"]          # 12.1.3 #3 as above, no 12.2.1
    fs = [f for f in findings(H + through + al("B2", "2220")) if f.rule.startswith("NA41")]
    assert [f.rule for f in fs] == ["NA41 12.2.1"] and "overlapping" in fs[0].message


def test_retreat_prohibited_hexside_and_enemy_unit():
    """§5.4 also eliminated, NA41 12.2.1: a mechanized unit retreating across a non-road escarpment,
    or into a sea hex, is eliminated; a non-mechanized one crosses the escarpment."""
    esc = table("hexsides", hexes=["2017", "2016"], feature="escarpment", up="2016")
    mech = dict(values=MECH, movement_class="mech")
    assert rules_of(H + esc + rt("A", "2016", ["2017", "2016"], **mech), "NA41") == ["NA41 12.2.1"]
    assert rules_of(H + esc + rt("A", "2016", ["2017", "2016"]), "NA41") == []
    sea = table("hexes", hex="2016", terrain="sea")
    assert rules_of(H + sea + rt("A", "2016", ["2017", "2016"]), "NA41") == ["NA41 12.2.1"]


def test_retreat_third_desert_hex():
    """§5.4 / 7.6, NA41 12.2.1 (5.5): a retreat into a 3rd consecutive trackless-desert hex eliminates
    the unit; two are legal."""
    desert = "".join(table("hexes", hex=h, terrain="desert") for h in ("2016", "2015", "2014"))
    mech = dict(values=MECH, movement_class="mech")
    assert rules_of(H + desert + rt("A", "2014", ["2017", "2016", "2015", "2014"], **mech), "NA41") \
        == ["NA41 12.2.1"]
    assert rules_of(H + desert + rt("A", "2015", ["2017", "2016", "2015"], **mech), "NA41") == []


def test_retreat_off_map_only_into_a_friendly_box():
    """§5.4, NA41 12.2.1, 6.3.3: retreating into the friendly Tripoli box is legal; into the Allied
    Nile Delta it is illegal (and the unit is in the enemy's box, 6.1.2)."""
    boxes = table("boxes", id="tripoli", side="axis", adjacent=["0101"]) + table(
        "boxes", id="nile-delta", side="allied", adjacent=["0101"])
    assert rules_of(H + boxes + rt("A", "tripoli", ["0101", "tripoli"]), "NA41") == []
    assert rules_of(H + boxes + rt("A", "nile-delta", ["0101", "nile-delta"]), "NA41") == ["NA41 12.2.1",
                                                                                           "NA41 6.1.2"]


def test_retreat_length_surrender_without_truck():
    """§5.4 length, NA41 12.5.1: a non-mechanized unit retreating 3 hexes without a truck
    surrenders; with a truck (trucked) or mechanized it is legal."""
    path = ["2017", "2016", "2015", "2014"]
    assert rules_of(H + rt("A", "2014", path), "NA41") == ["NA41 12.5.1"]
    assert rules_of(H + rt("A", "2014", path, status=["trucked"]), "NA41") == []
    assert rules_of(H + rt("A", "2015", path[:3]), "NA41") == []


def test_retreat_who_may_retreat():
    """§5.4 who may retreat, NA41 12.1.5, 17.1.2: a supply point retreats only by truck; the
    immobile Tobruk ASU never changes hex; a truck may retreat."""
    sp = dict(type="supply-point", kind="supply", values={"defense": 0, "stacking": 0})
    assert rules_of(H + rt("S", "2016", ["2017", "2016"], **sp), "NA41") == ["NA41 12.1.5"]
    assert rules_of(H + rt("S", "2016", ["2017", "2016"], status=["trucked"], **sp), "NA41") == []
    asu = dict(flags=["immobile"], values={"defense": 1, "stacking": 0})
    assert rules_of(H + rt("T", "2016", ["2017", "2016"], **asu), "NA41") == ["NA41 17.1.2"]
    assert rules_of(H + rt("K", "2016", ["2017", "2016"], **TRUCK), "NA41") == []


# ---- advance (§5.5: 14) ------------------------------------------------------------------------------
def adv(id, hexid, path, **kw):
    kw.setdefault("values", MECH)
    kw.setdefault("movement_class", "mech")
    return mv(id, hexid, path, mode="advance", **kw)


def test_advance_limited_ezoc_option():
    """§5.5 limited EZOC, NA41 14.4: by default a limited EZOC (1920, above an escarpment from the
    Allied unit in 1921) stops an advance that goes on from it; with
    ``na41_limited_zoc_stops_advance = false`` it does not."""
    esc = table("hexsides", hexes=["1921", "1920"], feature="escarpment", up="1920")
    c = al("C", "1921")
    move = adv("A", "1919", ["2021", "2020", "1920", "1919"])
    assert rules_of(H + esc + c + move, "NA41") == ["NA41 14.4"]
    assert rules_of(H + "[rules]\nna41_limited_zoc_stops_advance = false\n" + esc + c + move, "NA41") == []


def test_advance_length():
    """§5.5 length, NA41 14.2: a non-mechanized unit without a truck advances at most 2 hexes; a
    mechanized one up to 4, not 5."""
    foot = dict(values=INF, movement_class="non-mech")
    assert rules_of(H + adv("A", "2016", ["2019", "2018", "2017", "2016"], **foot), "NA41") == ["NA41 14.2"]
    assert rules_of(H + adv("A", "2017", ["2019", "2018", "2017"], **foot), "NA41") == []
    path = [f"20{r:02d}" for r in range(19, 13, -1)]
    assert rules_of(H + adv("A", "2015", path[:5]), "NA41") == []
    assert rules_of(H + adv("A", "2014", path), "NA41") == ["NA41 14.2"]


def test_advance_desert_stops_in_the_second_hex():
    """§5.5 / 7.6, NA41 14.5: an advance stops in the 2nd consecutive desert hex: ending there is
    legal, going on from it is illegal (even into clear terrain)."""
    desert = "".join(table("hexes", hex=h, terrain="desert") for h in ("2018", "2017"))
    assert rules_of(H + desert + adv("A", "2017", ["2019", "2018", "2017"]), "NA41") == []
    assert rules_of(H + desert + adv("A", "2016", ["2019", "2018", "2017", "2016"]), "NA41") == ["NA41 14.5"]


def test_advance_jebel_stops_mechanized_units_off_road():
    """§5.5, NA41 14.5: a mechanized unit entering jebel (2018) stops unless it leaves by road."""
    jebel = table("hexes", hex="2018", terrain="jebel")
    assert rules_of(H + jebel + adv("A", "2017", ["2019", "2018", "2017"]), "NA41") == ["NA41 14.5"]
    road = table("lines", kind="track", hexes=["2018", "2017"])
    assert rules_of(H + jebel + road + adv("A", "2017", ["2019", "2018", "2017"]), "NA41") == []


def test_advance_escarpment():
    """§5.5 / 7.7, NA41 14.5: a non-mechanized unit crosses an escarpment only as the first hex of
    its advance; a mechanized one only by road."""
    esc = table("hexsides", hexes=["2018", "2017"], feature="escarpment", up="2017")
    foot = dict(values=INF, movement_class="non-mech")
    assert rules_of(H + esc + adv("A", "2017", ["2018", "2017"], **foot), "NA41") == []
    assert rules_of(H + esc + adv("A", "2017", ["2019", "2018", "2017"], **foot), "NA41") == ["NA41 14.5"]
    assert rules_of(H + esc + adv("M", "2017", ["2018", "2017"]), "NA41") == ["NA41 14.5"]


def test_advance_into_friendly_edge_box_and_not_into_enemy_units():
    """§5.5, NA41 6.3.3, 5.1: an advance may enter the friendly Tripoli box; it may not enter a hex
    holding an enemy combat unit."""
    box = table("boxes", id="tripoli", side="axis", adjacent=["0101"])
    assert rules_of(H + box + adv("A", "tripoli", ["0102", "0101", "tripoli"]), "NA41") == []
    assert "NA41 5.1" in rules_of(H + adv("A", "2018", ["2019", "2018"]) + al("C", "2018"), "NA41")


# ---- §5.6 --------------------------------------------------------------------------------------------
def test_recovery_outside_ezoc():
    """§5.6 / §8, NA41 13.4: at the end of the Axis Recovery Phase a Full Retreat unit outside
    enemy ZOC is illegal (it flips to Disrupted); in enemy ZOC (the Rally table decides) it is
    legal."""
    head = kit("i1-axis-recovery")
    assert rules_of(head + kunit("A", "axis", "2020", status=["full_retreat"]), "NA41 13") == ["NA41 13.4"]
    assert rules_of(head + kunit("A", "axis", "2020", status=["full_retreat"]) + kunit("B", "allied", "2021")
                    + kunit("G", "axis", "2020"), "NA41 13") == []


def test_recovery_disrupted_needs_history():
    """§5.6, NA41 13.4: a Disrupted unit outside enemy ZOC at the end of the Recovery Phase is legal
    if it was in Full Retreat before (``na41_status_before``), illegal if it was already Disrupted,
    and not judged without history."""
    body = kunit("A", "axis", "2020", status=["disrupted"])
    assert rules_of(kit("i1-axis-recovery", {"na41_status_before": {"A": ["full_retreat"]}}) + body, "NA41") == []
    assert rules_of(kit("i1-axis-recovery", {"na41_status_before": {"A": ["disrupted"]}}) + body, "NA41") \
        == ["NA41 13.4"]
    assert rules_of(kit("i1-axis-recovery") + body, "NA41") == []


def test_no_zoc_into_or_out_of_boxes():
    """§5.6, NA41 6.2: a unit in the Tripoli box exerts no ZOC into the edge hex 0101: an Allied
    unit moves 0102 → 0101 → 0201 freely; the same unit on 0101's neighbour 0102 would stop it."""
    box = table("boxes", id="tripoli", side="axis", adjacent=["0101"])
    move = al("M", "0201", previous="0102", path=["0102", "0101", "0201"], values=dict(INF, movement=4))
    assert rules_of(H + box + ax("X", "tripoli") + move, "NA41") == []
    fs = [f.rule for f in findings(H + box + ax("X", "0100".replace("0100", "0202")) + move) if f.kind == "zoc"]
    assert fs == ["NA41 7.2"]


def test_retreat_length_by_result():
    """§5.4 length, NA41 12.1.1, 12.4: Allied A in 2015 attacked 2016 (result DR2); the Axis
    defender must retreat 2 hexes: 2 is legal, 1 or 3 is not, unless the 1 hex ends in a port the
    Axis controls (12.4); a port of unstated control is not judged; EX means no retreat at all;
    a mechanized unit's 3rd hex may be 12.2.1's escape (not judged); no result, nothing judged."""
    def atk(result: str) -> str:
        return table("attacks", hex="2016", units=["A"], result=result)
    base = H + al("A", "2015")
    two = rt("D", "2018", ["2016", "2017", "2018"])
    assert rules_of(base + atk("DR2") + two, "NA41 12") == []
    assert rules_of(base + atk("DR2") + rt("D", "2017", ["2016", "2017"]), "NA41 12") == ["NA41 12.1.1"]
    assert rules_of(base + atk("EX") + rt("D", "2017", ["2016", "2017"]), "NA41 12") == ["NA41 12.1.1"]
    assert rules_of(base + atk("D1") + rt("D", "2019", ["2016", "2017", "2018", "2019"],
                                         status=["trucked"]), "NA41 12") == []
    assert "NA41 12.1.1" in rules_of(base + atk("DR2") + rt("D", "2019", ["2016", "2017", "2018", "2019"]), "NA41 12")
    mech = rt("D", "2019", ["2016", "2017", "2018", "2019"], values=MECH, movement_class="mech")
    assert rules_of(base + atk("DR2") + mech, "NA41 12") == []
    port = lambda side: table("hexes", hex="2017", features=["port"], **({"control": side} if side else {}))
    assert rules_of(base + atk("DR2") + port("axis") + rt("D", "2017", ["2016", "2017"]), "NA41 12") == []
    assert rules_of(base + atk("DR2") + port("allied") + rt("D", "2017", ["2016", "2017"]), "NA41 12") \
        == ["NA41 12.1.1"]
    r = findings(base + atk("DR2") + port("") + rt("D", "2017", ["2016", "2017"]))
    assert [f.rule for f in r if f.rule.startswith("NA41 12")] == []     # unstated control: not judged
    assert rules_of(base + rt("D", "2017", ["2016", "2017"]), "NA41 12") == []


def test_enemy_non_combat_unit_entered_by_an_advance_is_gone():
    """§5.4/§5.5 enemy non-combat units, NA41 14.6, 5.1: an Axis advance into a hex an Allied truck
    held alone is legal when the truck is gone (eliminated or captured on entry); a truck still in
    the hex shares it with the enemy (5.1)."""
    adv_ = mv("A", "2017", ["2015", "2016", "2017"], mode="advance", values=MECH, movement_class="mech")
    attack = table("attacks", hex="2016", units=["A"], result="DR2")
    assert rules_of(H + attack + adv_, "NA41 5") == []                    # the truck is gone
    assert rules_of(H + attack + adv_ + al("T", "2017", **TRUCK), "NA41 5") == ["NA41 5.1"]
