"""North Africa '41 movement predicates of spec §7 (rail, off-map boxes, markers, movement
modifiers, transport markers): each with a legal and an illegal position."""
from __future__ import annotations

from na41_util import H, INF, MECH, TRUCK, al, ax, findings, kit, krules, kunit, rules_of, table
from rules_util import position, toml
from vmodgen.rules import ruleset_for

RAIL = table("lines", kind="railroad", hexes=[f"20{r:02d}" for r in range(12, 20)]) + "".join(
    table("hexes", hex=h, terrain="town") for h in ("2012", "2015", "2017"))


def rail(id, hexid, path, **kw):
    return al(id, hexid, previous=path[0], path=path, mode="rail", **kw)


# ---- rail (7.9: 5.9) ----------------------------------------------------------------------------------
def test_rail_follows_the_railroad_between_stations():
    """§7.9, NA41 5.9.1: an Allied rail move from the town 2015 to the town 2017 along the railroad
    is legal; 2015 → 2115 leaves the railroad; detraining in the clear hex 2016 is illegal."""
    assert rules_of(H + RAIL + rail("R", "2017", ["2015", "2016", "2017"]), "NA41") == []
    assert rules_of(H + RAIL + table("hexes", hex="2115", terrain="town") + rail("R", "2115", ["2015", "2115"]),
                    "NA41") == ["NA41 5.9.1"]
    assert rules_of(H + RAIL + rail("R", "2016", ["2015", "2016"]), "NA41") == ["NA41 5.9.1"]


def test_rail_one_unit_per_allied_movement_phase():
    """§7.9, NA41 5.9.1: one rail move per Allied Movement Phase: a second is illegal."""
    one = rail("R", "2017", ["2015", "2016", "2017"])
    assert rules_of(H + RAIL + one, "NA41") == []
    assert rules_of(H + RAIL + one + rail("S", "2015", ["2012", "2013", "2014", "2015"]), "NA41") == ["NA41 5.9.1"]


def test_rail_barred_units():
    """§7.9, NA41 13.2.1, 19.5, 5.9.1: Disrupted units, units under a Replacement marker and Axis
    units may not move by rail."""
    path = ["2015", "2016", "2017"]
    assert rules_of(H + RAIL + rail("R", "2017", path, status=["disrupted"]), "NA41 13") == ["NA41 13.2.1"]
    assert rules_of(H + RAIL + rail("R", "2017", path, status=["replacement"]), "NA41 19") == ["NA41 19.5"]
    assert "NA41 5.9.1" in rules_of(H + RAIL + ax("X", "2017", previous="2015", path=path, mode="rail"), "NA41")


# ---- off-map boxes (7.10: 6.3) ----------------------------------------------------------------------
BOXES = (table("boxes", id="tripoli", side="axis", adjacent=["0101", "0102"])
         + table("boxes", id="italy", side="axis"))
MOT = dict(values=MECH, movement_class="mech")


def test_box_entry_ends_the_move():
    """§7.10, NA41 6.3.1, 6.3.3: a move 0103 → 0102 → tripoli is legal; passing through the box and out
    again is illegal (6.3.1: entering ends the move); leaving the box and re-entering it is illegal
    (6.3.3); entering from 0103, which the box does not touch, is illegal."""
    assert rules_of(H + BOXES + ax("A", "tripoli", previous="0103", path=["0103", "0102", "tripoli"], **MOT),
                    "NA41") == []
    assert "NA41 6.3.1" in rules_of(H + BOXES + ax("A", "0101", previous="0102", path=["0102", "tripoli", "0101"],
                                                   **MOT), "NA41")
    assert "NA41 6.3.3" in rules_of(H + BOXES + ax("A", "tripoli", previous="tripoli",
                                                   path=["tripoli", "0101", "tripoli"], **MOT), "NA41")
    assert rules_of(H + BOXES + ax("A", "tripoli", previous="0203", path=["0203", "0103", "tripoli"], **MOT),
                    "NA41") == ["NA41 6.3.3"]


def test_box_exit_limits():
    """§7.10, NA41 6.3.4, 6.3.2: a mechanized Good Order unit leaves Tripoli into 0102; a
    non-mechanized one needs a truck; a Disrupted one or one under a Replacement marker may not
    leave (each finding names its reason's rule: 6.3.4, 19.5, 6.3.2); nothing leaves Italy over land, but a
    unit under a naval transport marker came by sea."""
    assert rules_of(H + BOXES + ax("A", "0102", previous="tripoli", **MOT), "NA41") == []
    assert rules_of(H + BOXES + ax("A", "0102", previous="tripoli"), "NA41") == ["NA41 6.3.4"]
    assert rules_of(H + BOXES + ax("A", "0102", previous="tripoli", status=["trucked"]), "NA41") == []
    assert rules_of(H + BOXES + ax("A", "0102", previous="tripoli", status=["disrupted"], **MOT), "NA41 6") \
        == ["NA41 6.3.4"]
    assert rules_of(H + BOXES + ax("A", "0102", previous="tripoli", status=["replacement"], **MOT), "NA41") \
        == ["NA41 19.5"]
    port = table("hexes", hex="0102", features=["port"], control="axis")
    assert rules_of(H + BOXES + port + ax("A", "0102", previous="italy", **MOT), "NA41") == ["NA41 6.3.2"]
    by_sea = ax("A", "0102", previous="italy", status=["naval_transport"], **MOT)
    assert rules_of(H + BOXES + port + by_sea, "NA41") == ["NA41 21.1.3"]    # a convoy from Italy lands at Tripoli
    ports = '[rules]\nna41_italy_convoy_ports = "tripoli, 0102"\n\n'
    assert rules_of(H + ports + BOXES + port + by_sea, "NA41") == []


def test_italy_convoy_first_impulse_to_tripoli():
    """NA41 21.1.3: a convoy from the Italy box sails in the first impulse's Axis Movement Phase only,
    and lands at Tripoli (the box, no marker) or, for 1 RP, Benghazi (not judged: RPs are not in a
    position); elsewhere, or in another impulse, it is illegal. A phase that is no Movement Phase is
    not judged for the impulse."""
    def at(phase: str, hexid: str, **kw) -> str:
        return kit(phase) + kunit("A", "axis", hexid, previous="italy", **kw)
    assert krules(at("i1-axis-movement", "tripoli")) == []
    assert krules(at("i2-axis-movement", "tripoli")) == ["NA41 21.1.3"]
    benghazi = table("hexes", hex="3210", features=["port"], control="axis")
    assert krules(at("i1-axis-movement", "3210", status=["naval-transport"]) + benghazi) == []
    assert krules(at("i3-axis-movement", "3210", status=["naval-transport"]) + benghazi) == ["NA41 21.1.3"]
    derna = table("hexes", hex="3727", features=["port"], control="axis")
    assert krules(at("i1-axis-movement", "3727", status=["naval-transport"]) + derna) == ["NA41 21.1.3"]


def test_box_exit_into_a_hex_the_box_touches():
    """§7.10, NA41 6.3.3: leaving Tripoli over land enters a hex its map edge touches (0101, 0102);
    0103 is not one."""
    assert rules_of(H + BOXES + ax("A", "0103", previous="tripoli", **MOT), "NA41") == ["NA41 6.3.3"]


# ---- markers and modifiers (7.5, 7.13) -------------------------------------------------------------
def test_replacement_marker_one_hex():
    """§7.5, NA41 19.5: a unit under a Replacement marker moves 1 hex, not 2."""
    assert rules_of(H + ax("A", "2016", previous="2017", status=["replacement"]), "NA41") == []
    assert rules_of(H + ax("A", "2015", previous="2017", path=["2017", "2016", "2015"], status=["replacement"]),
                    "NA41") == ["NA41 19.5"]


def test_immobile_tobruk_asu():
    """§10, NA41 17.1.2: the Tobruk ASU (flag immobile) never changes hex."""
    asu = dict(flags=["immobile"], values={"defense": 1, "stacking": 0, "movement": 5})
    assert rules_of(H + al("T", "2017", previous="2017", **asu), "NA41") == []
    assert rules_of(H + al("T", "2016", previous="2017", **asu), "NA41") == ["NA41 17.1.2"]


def test_delay_strafing_and_lrdg_costs():
    """§7.13, NA41 24.2, 18.7.5, 18.8: an Allied delay marker in 2016 costs Axis units +1 MP (MA 3:
    2017 → 2016 → 2015 → 2014 needs 4), not Allied units; tactical movement ignores it; an LRDG
    marker costs Axis units +2 (MA 3 is then 1 short), not Allied units."""
    delay = table("hexes", hex="2016", markers=["delay"], owner="allied")
    path = ["2017", "2016", "2015", "2014"]
    assert rules_of(H + ax("A", "2014", previous="2017", path=path), "NA41") == []
    assert rules_of(H + delay + ax("A", "2014", previous="2017", path=path), "NA41") == ["NA41 5.1"]
    assert rules_of(H + delay + al("B", "2014", previous="2017", path=path), "NA41") == []
    assert rules_of(H + delay + ax("A", "2015", previous="2017", path=path[:3], mode="tactical"), "NA41") == []
    lrdg = table("hexes", hex="2016", markers=["lrdg"], owner="allied")
    assert rules_of(H + lrdg + ax("A", "2015", previous="2017", path=path[:3], values=dict(INF, movement=4)),
                    "NA41") == []
    assert rules_of(H + lrdg + ax("A", "2015", previous="2017", path=path[:3]), "NA41") == ["NA41 5.1"]
    assert rules_of(H + lrdg + al("B", "2015", previous="2017", path=path[:3]), "NA41") == []


def test_naval_and_air_transport_markers_in_port_and_airfield():
    """§7.11-7.12, NA41 21.1.4, 18.7.6: a unit under a naval transport marker stands in a friendly
    port; under an air transport marker, in a friendly airfield."""
    port = table("hexes", hex="2017", features=["port"], control="axis")
    assert rules_of(H + port + ax("A", "2017", status=["naval_transport"]), "NA41") == []
    assert rules_of(H + ax("A", "2017", status=["naval_transport"]), "NA41") == ["NA41 21.1.4"]
    field = table("hexes", hex="2017", features=["airfield"], control="allied")
    assert rules_of(H + field + ax("A", "2017", status=["air_transport"]), "NA41") == ["NA41 18.7.6"]
    assert rules_of(H + field.replace('"allied"', '"axis"') + ax("A", "2017", status=["air_transport"]), "NA41") == []


def test_trucked_unit_is_mechanized_at_escarpments():
    """§7.7, NA41 5.7, 5.8.1: a non-mechanized unit carried by a truck crosses an escarpment only
    along a road, like a mechanized unit."""
    esc = table("hexsides", hexes=["2017", "2016"], feature="escarpment", up="2016")
    assert rules_of(H + esc + ax("A", "2016", previous="2017", path=["2017", "2016"]), "NA41") == []
    assert rules_of(H + esc + ax("A", "2016", previous="2017", path=["2017", "2016"], status=["trucked"]),
                    "NA41") == ["NA41 5.7"]


def test_truck_units_exert_no_zoc():
    """§5.1, NA41 7.1: an Allied truck in 2020 does not stop an Axis unit passing 2019."""
    move = ax("A", "2118", previous="2018", path=["2018", "2019", "2118"])
    assert rules_of(H + al("K", "2020", **TRUCK) + move, "NA41") == []
    assert [f.rule for f in findings(H + al("C", "2020") + move) if f.rule.startswith("NA41")] == ["NA41 7.2"]


def test_box_exit_with_a_truck_that_moved_along():
    """§7.10, NA41 6.3.4, 5.8: a non-mechanized unit leaving Tripoli is carried when a friendly truck
    made the same move (as a replayed log shows it); alone it is illegal."""
    truck = ax("K", "0102", previous="tripoli", **TRUCK)
    assert rules_of(H + BOXES + ax("A", "0102", previous="tripoli") + truck, "NA41") == []
    assert rules_of(H + BOXES + ax("A", "0102", previous="tripoli") + ax("K", "0102", **TRUCK), "NA41") \
        == ["NA41 6.3.4"]


def test_air_transport_lands_in_a_supplied_airfield_away_from_the_enemy():
    """§7.12, NA41 18.7.6 (kit, end of the Axis Movement Phase): a unit flown to the airfield 1101,
    next to Tripoli (full supply), is legal; next to an Allied unit, or at an airfield out of
    supply (2020), it is illegal."""
    head = kit("i1-axis-movement")
    field = table("hexes", hex="1101", features=["airfield"], control="axis")
    flown = kunit("A", "axis", "1101", status=["air_transport"])
    assert rules_of(head + field + flown, "NA41 18") == []
    assert rules_of(head + field + flown + kunit("B", "allied", "1102"), "NA41 18") == ["NA41 18.7.6"]
    far = table("hexes", hex="2020", features=["airfield"], control="axis")
    assert rules_of(head + far + kunit("A", "axis", "2020", status=["air_transport"]), "NA41 18") == ["NA41 18.7.6"]


def test_rommel_bonus_not_judged_unless_ready():
    """NA41 18.5: a German tank 2 MP over its MA in the Axis Movement Phase with the Rommel marker on
    its way may have had his +2 (not judged: partial), as when [state] says he was used this turn
    (``na41_rommel_ready = false``); 3 MP over, an Italian tank, Rommel stated Ready, or no sign of
    Rommel at all: 5.1."""
    path = ["2020", "2021", "2022", "2023", "2024", "2025", "2026", "2027"]
    move = lambda uid, p=path: f'[[units]]\nunit = "{uid}"\nhex = "{p[-1]}"\nprevious = "{p[0]}"\n' \
                               f'path = {toml(p)}\n'
    head = '[position]\ngame = "north-africa-41"\nturn = 5\nphase = "i1-axis-movement"\nat = "during"\n'
    rommel = lambda h="2027": table("hexes", hex=h, markers=["rommel"])
    for text in (head + rommel() + move("5Pz"), head + move("5Pz") + "[state]\nna41_rommel_ready = false\n"):
        pos = position(text)
        rs = ruleset_for(pos.game)
        assert rs.check(pos) == [] and "Rommel" in rs.take_not_judged().get("NA41 18.5", "")
    assert [f.rule for f in findings(head + rommel("2028") + move("5Pz", path + ["2028"]))] == ["NA41 5.1"]
    assert [f.rule for f in findings(head + rommel() + move("Ariete"))] == ["NA41 5.1"]
    assert [f.rule for f in findings(head + rommel() + move("5Pz") + "[state]\nna41_rommel_ready = true\n")] \
        == ["NA41 5.1"]
    assert [f.rule for f in findings(head + move("5Pz"))] == ["NA41 5.1"]


def test_supply_point_moves_only_by_truck_rail_or_sea():
    """NA41 17.2.1: an SP moving by itself from hex to hex is a finding; carried by a truck that made
    the same move, or placed from a box (a pool, a base), it is not."""
    sp = lambda prev, **kw: f'[[units]]\nunit = "AxisSP1"\nhex = "2022"\nprevious = "{prev}"\n' + \
        "".join(f"{k} = {toml(v)}\n" for k, v in kw.items())
    truck = '[[units]]\nunit = "AxisTruck1"\nhex = "2022"\nprevious = "2020"\n'
    assert rules_of(kit("i1-axis-movement") + sp("2020"), "NA41 17") == ["NA41 17.2.1"]
    assert rules_of(kit("i1-axis-movement") + sp("2020") + truck, "NA41 17") == []
    assert rules_of(kit("i1-axis-movement") + sp("2020", status=["trucked"]), "NA41 17") == []
    assert rules_of(kit("preparation") + '[[units]]\nunit = "AxisSP1"\nhex = "tripoli"\nprevious = "supply-pool"\n',
                    "NA41 17") == []


def test_truck_carries_one_unit_at_its_own_rate():
    """NA41 5.8.1: an infantry unit a truck carries (status trucked, the truck making the same move)
    moves on the truck's 6 MP; two carried units and one truck is a finding; a carried unit whose
    truck the position does not show is not judged for MP. NA41 5.8.3: an empty truck does not
    enter a hex holding enemy non-combat units."""
    path = ["2020", "2021", "2022", "2023", "2024", "2025"]
    mv = lambda uid, **kw: f'[[units]]\nunit = "{uid}"\nhex = "2025"\nprevious = "2020"\npath = {toml(path)}\n' + \
        "".join(f"{k} = {toml(v)}\n" for k, v in kw.items())
    head = kit("i1-axis-movement", at="during")
    assert rules_of(head + mv("AxisTruck1") + mv("Brescia", status=["trucked"]), "NA41 5") == []
    assert rules_of(head + mv("AxisTruck1") + mv("Brescia", status=["trucked"]) + mv("Pavia", status=["trucked"]),
                    "NA41 5") == ["NA41 5.8.1"]
    assert rules_of(head + mv("Brescia"), "NA41 5") == ["NA41 5.1"]
    pos = position(head + mv("Brescia", status=["trucked"]))
    rs = ruleset_for(pos.game)
    assert rs.check(pos) == [] and "NA41 5.8.1" in rs.take_not_judged()
    sp = '[[units]]\nunit = "AlliedSP1"\nhex = "2022"\n'
    assert rules_of(head + sp + mv("AxisTruck1"), "NA41 5.8") == ["NA41 5.8.3"]
    assert rules_of(head + sp + mv("AxisTruck1") + mv("Brescia", status=["trucked"]), "NA41 5.8") == []
