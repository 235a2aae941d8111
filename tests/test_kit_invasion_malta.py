"""The bundled Invasion: Malta kit against the rulebook (spec shared/rules/invasion-malta.md)."""
from __future__ import annotations

import csv
import sys
from pathlib import Path

import pytest

from vmodgen.model.kit import load_kit

ROOT = Path(__file__).resolve().parents[1]
KIT = ROOT / "counters" / "invasion-malta" / "game.toml"


@pytest.fixture(scope="module")
def kit():
    return load_kit(KIT)


# ---------------------------------------------------------------- the spec's lists ----------
#: [2.27] unit-type symbols, the vehicle icons, pillboxes [14.2], air and naval units [2.28]
SPEC_UNIT_TYPES = [
    "Infantry", "Glider Infantry", "Parachute Infantry", "Parachute Engineer", "Engineer",
    "Motorized Artillery", "Motorcycle Infantry", "Anti-Tank", "Commando", "Light AA",
    "Coast Artillery", "Heavy AA", "Headquarters (HQ)", "Field Artillery",
    "Matilda II", "A9", "A13", "Mk VIb", "PzKpfw IV G", "T-34", "KV-II", "Semovente L-40",
    "Semovente 75/18", "Pillbox",
]
SPEC_SIZE_MARKS = ["•••", "I", "II", "III", "X", "(+)", "(–)"]          # [2.26]
SPEC_TERRAIN = {"Clear": "clear", "Rough": "rough", "Urban": "urban", "Airfield": "airfield",
                "All-sea": "sea", "Invasion": "invasion"}                # hex types [§3]
SPEC_HEX_POINT = {"Coastal": "coastal", "Port": "port"}                 # hex types kept as features
SPEC_HEXSIDES = {"Cliff": ("cliff", False), "Slope": ("slope", True), "Sea": ("sea", False)}
SPEC_LINES = {"Primary road": "primary_road", "Secondary road": "secondary_road",
              "Harbor boom": "harbor_boom"}
SPEC_POINTS = {"Fort": "fort", "Harbor boom end": "boom_end", "Hospital": "hospital",
               "Specific point": "specific_point", "Victory location": "victory_location",
               "Battery emplacement": "battery"}
SPEC_MARKERS = ["Turn", "Weather: Good", "Weather: Windy", "Weather: Storm", "Motor Pool",
                "Invasion Zone", "Excess Stacking", "Disrupted", "Out of Supply", "Attack Target",
                "Activation", "Airhead", "Drop Hex", "Beachhead", "Axis Control",
                "Harbor Boom Destroyed"]
SPEC_FORMATIONS = {"7": "7th Flieger", "O": "Kampfgruppe Ost", "R": "Ramcke", "St": "Sturm",
                   "Fo": "Folgore", "F": "Friuli", "L": "Livorno", "M": "M Brigade",
                   "S": "Superga"}

#: every adjacency example of the spec [8.2 ex., 12.2 ex.]
ADJACENT = [("1424", "1425"), ("1425", "1524"), ("1424", "1524"), ("1424", "1523"),
            ("1523", "1524"), ("3115", "3116"), ("3115", "3015")]
NOT_ADJACENT = [("1523", "1425"), ("1424", "1626"), ("3115", "3017")]


def test_kit_loads_with_both_islands(kit):
    assert kit.game.ruleset == "invasion-malta"
    assert (kit.game.die.count, kit.game.die.sides) == (1, 10)
    assert set(kit.map.sheets) == {"malta", "leros"}
    assert kit.map.sheets["leros"].scheme.prefix == "L"
    assert set(kit.scenarios) == {"s3", "s4"}
    assert len(kit.units) == 58


def test_spec_unit_types_exist(kit):
    names = [t.name for t in kit.game.unit_types.values()]
    for spec in SPEC_UNIT_TYPES:
        assert any(n == spec or n.startswith(spec + " ") or n.startswith(spec + ",")
                   for n in names), spec
    kinds = {t.kind for t in kit.game.unit_types.values()}
    assert {"air", "naval", "hq"} <= kinds
    assert kit.game.unit_types["hq"].kind == "hq"


def test_vehicle_icons_are_red_box(kit):
    for tid in ("matilda-ii", "a9", "a13", "mk-vib", "pz-iv-g", "t-34", "kv-ii", "semovente-l40",
                "semovente-75-18"):
        assert kit.game.unit_types[tid].movement_class == "red", tid
    assert kit.game.unit_types["pillbox"].movement_class == "static"


def test_spec_unit_sizes_exist(kit):
    marks = {s.mark for s in kit.game.unit_sizes.values()}
    for m in SPEC_SIZE_MARKS:
        assert m in marks, m


def test_spec_terrain_and_features_exist(kit):
    g = kit.game
    for name, tid in SPEC_TERRAIN.items():
        assert tid in g.terrain, name
    assert g.terrain["sea"].water and g.terrain["invasion"].water
    assert not any(g.terrain[t].water for t in ("clear", "rough", "urban", "airfield"))
    for name, fid in {**SPEC_HEX_POINT, **SPEC_POINTS}.items():
        assert fid in g.point_features, name
    for name, (fid, directional) in SPEC_HEXSIDES.items():
        assert fid in g.hexside_features, name
        assert g.hexside_features[fid].directional is directional, name
    for name, lid in SPEC_LINES.items():
        assert lid in g.line_features, name
    marker_names = [m.name for m in g.markers.values()]
    for spec in SPEC_MARKERS:
        assert any(n == spec or n.startswith(spec + " ") for n in marker_names), spec


def test_nationalities_and_formations(kit):
    g = kit.game
    assert {n: g.nationalities[n].side for n in ("german", "italian", "british", "italian-allied")} == {
        "german": "axis", "italian": "axis", "british": "allied", "italian-allied": "allied"}
    assert g.nationalities["italian"].color == g.nationalities["italian-allied"].color
    assert not any(n.illustrative for n in g.nationalities.values())
    for fid, name in SPEC_FORMATIONS.items():
        assert fid in g.formations and name in g.formations[fid].name, fid
    # same words, same colours [2.22B]: R and St blue, O and L red; Army white
    assert g.formations["R"].color == g.formations["St"].color
    assert g.formations["O"].color == g.formations["L"].color
    assert g.formations["army"].color == "#ffffff"
    assert len({g.formations[f].color for f in SPEC_FORMATIONS}) == 7


def test_counter_fields_in_printed_order(kit):
    assert list(kit.game.fields) == ["command", "stacking", "er", "attack", "fire", "defense",
                                     "movement", "range", "cas", "bombardment"]


def test_sequence_of_play(kit):
    phases = kit.game.sequence.phases
    ids = [p.id for p in phases]
    assert ids[0] == "weather" and ids[-1] == "victory"
    assert ids.index("movement") < ids.index("combat-declaration") < ids.index("bombardment") \
        < ids.index("reaction") < ids.index("combat") < ids.index("reset") < ids.index("supply-status")
    kinds = {p.id: p.kind for p in phases}
    assert kinds["movement"] == "movement" and kinds["reaction"] == "movement"
    assert kinds["combat"] == "combat" and kinds["supply-status"] == "supply"
    assert kinds["naval-transport"] == "naval" and kinds["airborne"] == "air"
    assert {p.kind for p in phases} <= {"movement", "combat", "supply", "reinforcement", "air",
                                        "naval", "admin", "other"}


def test_rules_numbers_from_the_spec(kit):
    r = kit.game.rules
    expected = {
        "stacking_limit_points": 9, "armour_per_hex_max": 1, "invasion_hex_limit_points": 9,
        "invasion_hex_armour_max": 1, "port_entry_limit_points": 9,
        "group_b_infantry_per_hex_max": 1, "bombardment_crowded_hex_points": 7,
        "zoc_entry_cost_mp": 1, "infiltration_hexes": 1, "road_cost_axis_mp": 0.5,
        "road_cost_allied_day_mp": 1, "road_cost_allied_night_mp": 0.5,
        "slope_uphill_extra_mp": 1, "commando_cliff_cost_mp": 3, "motor_pool_ma": 10,
        "gt1_allied_ma_penalty": 2, "army_units_per_activation_max": 4,
        "m_activation_units_max": 9, "hq_range_axis_hexes": 9, "allied_sectors": 3,
        "airhead_spacing_min_hexes": 6, "beachheads_per_zone_max": 3,
        "beachheads_per_nationality_max": 6, "drop_hex_from_airhead_max_hexes": 4,
        "drop_hex_spacing_min_hexes": 2, "combat_drm_cap": 5, "er_minimum": 1,
        "oos_er_penalty": 1, "disrupted_er_penalty": 2, "supply_route_unlimited": True,
        "supply_axis_only": True, "defender_retreat_hexes": 2, "activation_pool_max": 1,
    }
    for key, value in expected.items():
        assert r.get(key) == value, key
    assert kit.game.illustrative_rules == {"turns_per_day", "turn_cycle"}


# ---------------------------------------------------------------- map ------------------------
def test_adjacency_examples(kit):
    m = kit.map
    for a, b in ADJACENT:
        assert m.adjacent(a, b) and m.distance(a, b) == 1, (a, b)
    for a, b in NOT_ADJACENT:
        assert not m.adjacent(a, b), (a, b)
    assert m.distance("1523", "1425") == 2
    assert m.distance("1424", "1623") == 2
    assert m.distance("3131", "2933") == 3


def test_hex_ids_are_ccrr_odd_columns_down(kit):
    scheme = kit.map.sheets["malta"].scheme
    assert (scheme.lines, scheme.shift, scheme.line_grows, scheme.pos_grows) == (
        "columns", "odd", "east", "south")
    # an odd column's hex touches the next column's hexes at its own row and one row lower
    assert set(kit.map.neighbours("1523")) == {"1522", "1524", "1423", "1424", "1623", "1624"}
    assert set(kit.map.neighbours("1424")) == {"1423", "1425", "1323", "1324", "1523", "1524"}


def test_islands_are_separate_boards(kit):
    m = kit.map
    assert m.has_hex("2706") and m.has_hex("L2706")
    assert m.sheet_of("L2706")[0].id == "leros" and m.sheet_of("2706")[0].id == "malta"
    assert m.distance("2706", "L2706") is None and not m.adjacent("2706", "L2706")


def test_named_places_at_the_spec_hexes(kit):
    m = kit.map
    for name, hid in (("Cospicua", "2933"), ("Auberge de Castile", "3131"), ("Leros 2706", "L2706")):
        p = m.place(name)
        assert p is not None and p.hex == hid and not p.illustrative, name
        assert p.kind == "victory_location"
        assert m.terrain(hid) not in ("sea", "invasion")
    for name in ("Ta Kali airfield", "Luqa airfield", "Hal Far airfield"):
        p = m.place(name)
        assert p is not None and p.illustrative and m.terrain(p.hex) == "airfield"


def test_airfields_are_terrain_feature_and_area(kit):
    m = kit.map
    terrain = {h for h in m.hex_ids() if m.terrain(h) == "airfield"}
    feature = {h for h in m.hex_ids() if "airfield" in m.info(h).features}
    areas = {h for a in m.areas.values() if a.kind == "airfield" for h in a.hexes}
    assert terrain and terrain == feature == areas
    assert not any(m.sheet_of(h)[0].id == "leros" for h in terrain)   # Leros has none [15.7 note]


def test_text_terrain_and_example_hexes(kit):
    m = kit.map
    assert m.terrain("1631") == "urban" and not m.info("1631").illustrative
    assert m.terrain("1529") == "rough" and not m.info("1529").illustrative
    # units land, move or stand on these in the examples: none is water
    for hid in ("1424", "1425", "1523", "1524", "1623", "1225", "1324", "1530", "1730", "1632",
                "1431", "3115", "3116", "3015"):
        assert not kit.game.terrain[m.terrain(hid)].water, hid
    # the beachhead in 1225 sits on a coastal hex that an invasion hex points to [6.2 ex.]
    assert "coastal" in m.info("1225").features
    assert any(m.terrain(n) == "invasion" for n in m.neighbours("1225"))


def test_example_hexsides(kit):
    m = kit.map
    cliff = [h for h in m.hexside_features("1324", "1225") if h.feature == "cliff"]
    assert len(cliff) == 1 and cliff[0].illustrative          # which side of 1324: inferred
    slope = [h for h in m.hexside_features("3115", "3116") if h.feature == "slope"]
    assert len(slope) == 1 and slope[0].up == "3115" and not slope[0].illustrative
    assert not [h for h in m.hexside_features("3115", "3015") if h.feature == "slope"]


def test_roads_run_on_land(kit):
    m = kit.map
    roads = [p for p in m.lines if p.kind in ("primary_road", "secondary_road")]
    assert len(roads) >= 10
    for p in roads:
        assert p.illustrative
        for h in p.hexes:
            assert not kit.game.terrain[m.terrain(h)].water, (p.name, h)
        for a, b in zip(p.hexes, p.hexes[1:]):
            assert not [s for s in m.hexside_features(a, b) if s.feature == "sea"], (p.name, a, b)
    for p in m.lines:
        if p.kind == "harbor_boom":
            assert "boom_end" in m.info(p.hexes[0]).features
            assert "boom_end" in m.info(p.hexes[-1]).features
            assert all(m.terrain(h) in ("sea", "invasion") for h in p.hexes[1:-1])


def test_sectors_partition_malta(kit):
    m = kit.map
    sectors = [a for a in m.areas.values() if a.kind == "sector"]
    assert len(sectors) == kit.game.rules["allied_sectors"] == 3
    land = {h for h in m.hex_ids() if m.sheet_of(h)[0].id == "malta"
            and not kit.game.terrain[m.terrain(h)].water}
    seen: set[str] = set()
    for a in sectors:
        assert a.illustrative and not (seen & set(a.hexes))
        seen |= set(a.hexes)
    assert seen == land


def test_invasion_zones_and_their_boxes(kit):
    m = kit.map
    zones = {a.id: a for a in m.areas.values() if a.kind == "invasion-zone"}
    assert "leros-iz-east" in zones                                     # [16.24 ex.]
    for zid, zone in zones.items():
        assert zone.hexes and all(m.terrain(h) == "invasion" for h in zone.hexes), zid
        assert f"{zid}-available" in m.boxes and f"{zid}-delay" in m.boxes, zid
    invasion_hexes = {h for h in m.hex_ids() if m.terrain(h) == "invasion"}
    assert invasion_hexes == {h for z in zones.values() for h in z.hexes}


def test_offmap_boxes(kit):
    b = kit.map.boxes
    for bid in ("turn-track", "motor-pool", "cup", "axis-activation-pool", "allied-activation-pool",
                "air-ready", "air-bombardment", "air-flown", "air-damaged", "allied-group-a",
                "allied-group-b", "axis-iz-markers", "axis-air-transport", "axis-port-entry",
                "drift-table-a", "drift-table-b"):
        assert bid in b, bid
    assert [f"axis-paradrop-kg{k}" in b for k in range(1, 7)] == [True] * 6
    assert b["air-ready"].side == "axis" and b["turn-track"].kind == "track"


# ---------------------------------------------------------------- units and scenarios -------
def test_text_units_present(kit):
    for uid, nat, utype in (("5/3", "german", "parachute-infantry"), ("B/3 KOMR", "british", "infantry"),
                            ("E/74", "british", "light-aa"), ("A/4", "british", "heavy-aa"),
                            ("B/4", "british", "heavy-aa"), ("Lago", "italian-allied", "coast-artillery"),
                            ("Ciano", "italian-allied", "coast-artillery"),
                            ("S.Giorgio", "italian-allied", "coast-artillery"),
                            ("Fo 1st HQ", "italian", "hq"), ("Fo 2nd HQ", "italian", "hq"),
                            ("M HQ", "italian", "hq"), ("Ju88", "german", "bomber")):
        u = kit.unit(uid)
        assert u is not None and u.nationality == nat and u.type == utype, uid
    assert "komr" in kit.unit("B/3 KOMR").flags
    for uid in ("Lago", "Ciano", "S.Giorgio"):   # on the Coast Artillery chart: no Range [4.15]
        u = kit.unit(uid)
        assert "coast_no_range" in u.flags and u.value("range") is None
    for uid in ("Fo 1st HQ", "Fo 2nd HQ", "M HQ"):   # Spent back: 0 Command Points [17.22]
        u = kit.unit(uid)
        assert u.two_sided and u.back["command"] == 0 and u.front["command"] in (1, 2)


def test_invented_values_are_marked(kit):
    stated = {("back", "command")}          # the Spent side's 0 [17.22]
    for u in kit.units:
        for side_name, values in (("front", u.front), ("back", u.back or {})):
            for fid, v in values.items():
                if v is None or (side_name, fid) in stated:
                    continue
                assert u.is_illustrative(f"{side_name}.{fid}"), (u.id, side_name, fid)
        assert not u.front.get("command") or u.type == "hq"


def test_scenario3_paradrop_and_aa(kit):
    s3 = kit.scenarios["s3"]
    assert s3.sheets == ("malta",) and s3.illustrative
    per_kg = {}
    for p in s3.setup:
        if p.location.startswith("axis-paradrop-kg"):
            per_kg[p.location] = per_kg.get(p.location, 0) + 1
    assert per_kg == {f"axis-paradrop-kg{k}": 5 for k in range(1, 7)}      # 30 units [15.13 ex.]
    for uid in ("E/74", "A/4", "B/4"):
        u = kit.unit(uid)
        loc = s3.placement_of(uid).location
        assert kit.map.sheet_of(loc)[0].id == "malta"
        assert kit.map.distance(loc, "1530") <= u.front["range"], uid   # it can fire at 1530
        assert s3.placement_of(uid).illustrative
    occupied = {p.location for p in s3.setup}
    assert {"1530", "1632"} <= occupied                           # Allied units there [15.4 ex.]
    assert not occupied & {"1631", "1730", "1431", "1529"}        # those landings were not combat


def test_scenario_setups_stay_on_their_island(kit):
    for sid, sheet in (("s3", "malta"), ("s4", "leros")):
        s = kit.scenarios[sid]
        assert s.setup
        for p in s.setup:
            if kit.map.has_hex(p.location):
                assert kit.map.sheet_of(p.location)[0].id == sheet, (sid, p.unit)
                assert not kit.game.terrain[kit.map.terrain(p.location)].water
            else:
                assert p.location in kit.map.boxes
    s4 = kit.scenarios["s4"]
    assert sum(1 for p in s4.setup if p.location == "axis-convoy-1") == 6   # [16.24 ex.]
    assert all(kit.unit(p.unit).side == "allied" for p in s4.setup if kit.map.has_hex(p.location))


def test_generator_reproduces_the_terrain():
    tools = ROOT / "tools"
    sys.path.insert(0, str(tools))
    try:
        import kit_invasion_malta_terrain as gen
    finally:
        sys.path.remove(str(tools))
    for sid, isl in (("malta", gen.malta()), ("leros", gen.leros())):
        with open(ROOT / "maps" / "invasion-malta" / f"{sid}.csv", newline="", encoding="utf-8") as f:
            rows = {r["hex"]: r["terrain"] for r in csv.DictReader(f)}
        assert rows == {isl.hid(h): t for h, t in isl.terrain.items()}, sid


# ---------------------------------------------------------------- the text's examples, replayed
def _check(text: str):
    from vmodgen.rules.position_file import load_position
    from vmodgen.rules import ruleset_for
    pos = load_position("example.toml", text)
    return [f.rule for f in ruleset_for(pos.game).check(pos)]


MOVE_82 = """
[position]
game = "invasion-malta"
phase = "movement"
side = "axis"
[[units]]
unit = "5/3"
hex = "1524"
previous = "1424"
path = {path}
[[units]]
unit = "B/3 KOMR"
hex = "1425"
"""


def test_example_8_2_zoc_to_zoc(kit):
    """[8.2 ex.]: 5/3 in 1424 may not move straight to 1524 (ZOC of 1425), but may via 1523."""
    assert _check(MOVE_82.format(path='["1424", "1524"]')) == ["IM 8.24"]
    assert _check(MOVE_82.format(path='["1424", "1523", "1524"]')) == []


SUPPLY_62 = """
[position]
game = "invasion-malta"
phase = "supply-status"
turn = 3
[state]
time = "night"
[[hexes]]
hex = "1225"
markers = ["beachhead"]
[[hexes]]
hex = "1623"
markers = {airhead}
[[units]]
unit = "5/3"
hex = "1524"
status = {status}
[[units]]
unit = "B/3 KOMR"
hex = "1425"
{extra}
"""


def test_example_6_2_supply_route(kit):
    """[6.2 ex.]: 5/3 in 1524 traces around B/3 KOMR and its ZOC to the beachhead in 1225, or,
    having paradropped, to the airhead in 1623."""
    assert _check(SUPPLY_62.format(airhead="[]", status="[]", extra="")) == []
    blocked = '[[units]]\nunit = "E/74"\nhex = "1224"'        # an Allied unit on the way round
    assert _check(SUPPLY_62.format(airhead="[]", status="[]", extra=blocked)) == ["IM 6.12"]
    assert _check(SUPPLY_62.format(airhead='["airhead"]', status='["paradropped"]', extra=blocked)) == []
