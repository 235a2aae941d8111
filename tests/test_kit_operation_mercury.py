"""The bundled Operation Mercury kit against the English spec (rules/operation-mercury.md) and
the rulebook text: vocabularies, hex geometry examples, named places, rule numbers, scenarios,
and the illustrative marking of every value the text does not give."""
from __future__ import annotations

import csv
import importlib.util
from pathlib import Path

import pytest

from vmodgen.hexes import grid
from vmodgen.hexes.grid import Hex
from vmodgen.model.kit import load_kit

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "counters" / "operation-mercury" / "game.toml"
MAPDIR = ROOT / "maps" / "operation-mercury"


@pytest.fixture(scope="module")
def kit():
    return load_kit(GAME)


# ---- vocabularies (spec 2.3, 2.4, 3.2) -------------------------------------------------------
#: spec 2.4: unit type -> (kit id, movement group)
SPEC_UNIT_TYPES = {
    "Infantry": ("infantry", "foot"), "Glider infantry": ("glider_infantry", "foot"),
    "Mountain infantry": ("mountain_infantry", "foot"), "AA": ("aa", "foot"),
    "Greek militia": ("greek_militia", "foot"), "Machine gun": ("machine_gun", "foot"),
    "Parachute infantry": ("parachute_infantry", "foot"), "Combat engineer": ("combat_engineer", "foot"),
    "Artillery": ("artillery", "foot"), "Commando": ("commando", "foot"), "Mortar": ("mortar", "foot"),
    "HQ": ("hq", "foot"), "(Airborne) HQ": ("airborne_hq", "foot"), "Anti-tank": ("anti_tank", "foot"),
    "Motorized anti-tank": ("motorized_anti_tank", "wheeled"),
    "Motorized artillery": ("motorized_artillery", "wheeled"),
    "Motorcycle infantry": ("motorcycle_infantry", "wheeled"), "Motorized AAA": ("motorized_aaa", "wheeled"),
    "Bicycle infantry": ("bicycle_infantry", "wheeled"),
    "Armor": ("armor", "armor"), "Light armor": ("light_armor", "armor"),
}
SPEC_SIZES = {"Platoon": "•••", "Company": "I", "Battalion": "II", "Regiment": "III", "Brigade": "X", "Division": "XX"}
#: spec 3.2 named hex terrain -> ("terrain" | "point", kit id)
SPEC_TERRAIN = {
    "Clear": ("terrain", "clear"), "Clear/Beach": ("terrain", "clear_beach"), "Rough": ("terrain", "rough"),
    "Broken": ("terrain", "broken"), "Hills": ("terrain", "hills"), "Mountain": ("terrain", "mountain"),
    "Orchard/Woods": ("terrain", "orchard_woods"), "City": ("terrain", "city"), "Town": ("terrain", "town"),
    "Airfield": ("point", "airfield"), "Minor port": ("point", "minor_port"), "Anchorage": ("point", "anchorage"),
    "Improved anchorage": ("point", "improved_anchorage"), "All-water hex": ("terrain", "all_water"),
    "Partial-sea hex": ("terrain", "partial_sea"), "Map-edge off-map connection": ("point", "offmap_entry"),
}
SPEC_HEXSIDES = {"River": "river", "Cliff": "cliff", "All-sea hexside": "all_sea", "Bridge": "bridge"}
SPEC_LINES = {"Road": "road", "Secondary road": "secondary_road"}


def test_kit_loads_with_its_identity(kit):
    g = kit.game
    assert (g.id, g.ruleset, g.counter_layout) == ("operation-mercury", "operation-mercury", "operation-mercury")
    assert (g.die.count, g.die.sides) == (1, 10)
    assert set(g.sides) == {"german", "allied"}
    assert g.illustrative_note and "illustrative" in g.illustrative_note


def test_every_spec_unit_type_exists_with_its_movement_group(kit):
    for name, (tid, group) in SPEC_UNIT_TYPES.items():
        assert tid in kit.game.unit_types, name
        assert kit.game.unit_types[tid].movement_class == group, name


def test_unit_sizes_carry_the_spec_marks(kit):
    marks = {s.name: s.mark for s in kit.game.unit_sizes.values()}
    assert marks == SPEC_SIZES


def test_every_spec_terrain_and_hexside_feature_exists(kit):
    g = kit.game
    for name, (where, tid) in SPEC_TERRAIN.items():
        table = g.terrain if where == "terrain" else g.point_features
        assert tid in table, name
    assert g.terrain["all_water"].water and not g.terrain["partial_sea"].water
    for name, fid in SPEC_HEXSIDES.items():
        assert fid in g.hexside_features, name
    assert g.hexside_features["cliff"].directional
    for name, fid in SPEC_LINES.items():
        assert fid in g.line_features, name


def test_counter_fields_in_printed_order(kit):
    assert list(kit.game.fields)[:8] == ["stacking", "attack", "bombardment", "command_range", "efficiency",
                                         "movement", "range", "defense"]
    assert {"naval_attack", "aa", "capacity"} <= set(kit.game.fields)


def test_sequence_of_play_order_and_kinds(kit):
    phases = kit.game.sequence.phases
    ids = [p.id for p in phases]
    assert ids[:3] == ["recovery", "supply", "evacuation-determination"]
    assert ids.index("air-allocation") < ids.index("port-refit") < ids.index("german-paradrop")
    assert ids.index("german-combat") < ids.index("allied-movement")        # German segment first (3.2)
    assert ids[-1] == "game-record"
    kinds = {p.id: p.kind for p in phases}
    assert kinds["german-movement"] == kinds["allied-movement"] == "movement"
    assert kinds["supply"] == "supply" and kinds["air-allocation"] == "air"
    assert all(p.kind in {"movement", "combat", "supply", "reinforcement", "air", "naval", "admin", "other"}
               for p in phases)
    seg = [p for p in phases if p.side == "german" and p.kind == "combat"]
    assert [p.id for p in seg] == ["german-bombardment", "german-combat-declaration", "german-combat-refusal",
                                   "german-defender-reaction", "german-combat"]


# ---- hex geometry (spec 3.1 and 12.2) ---------------------------------------------------
ADJACENT = [("W4313", "W4314"), ("W4214", "W4314"), ("W4215", "W4314"), ("W4315", "W4314"),
            ("W4415", "W4314"), ("W4414", "W4415"), ("W4315", "W4415"), ("W4227", "W4228")]
DISTANCES = {("W4215", "W4415"): 2, ("W4317", "W4415"): 3, ("W4413", "W4314"): 2, ("W4312", "W4314"): 2}


def test_spec_adjacency_examples_hold(kit):
    m = kit.map
    for a, b in ADJACENT:
        assert m.adjacent(a, b) and m.adjacent(b, a), (a, b)
        assert b in m.neighbours(a)
        assert m.distance(a, b) == 1


def test_spec_distance_and_non_adjacency_examples_hold(kit):
    for (a, b), d in DISTANCES.items():
        assert kit.map.distance(a, b) == d, (a, b)
        assert not kit.map.adjacent(a, b)


def test_the_parity_is_decided_by_4215_4314():
    # under the mirror parity 4314 would touch 4213 and 4214 but not 4215 (spec 3.1)
    assert grid.distance(Hex(42, 15), Hex(43, 14), "odd") == 1
    assert grid.distance(Hex(42, 15), Hex(43, 14), "even") == 2
    # the printed "5215" of the maneuver example is 9 hexes from 4314: a typo for 4215
    assert grid.distance(Hex(52, 15), Hex(43, 14), "odd") == 9


def test_neighbour_formula_of_the_spec(kit):
    """Neighbours of (A,B): (A,B±1), (A±1,B), plus (A±1,B+1) when A is odd, (A±1,B-1) when even."""
    sheet = kit.map.sheets["west"].scheme
    for hx in ("W3015", "W3115", "W4415", "W4314", "W2520"):
        h = sheet.parse(hx)
        extra = 1 if h.line % 2 else -1
        want = {(h.line, h.pos - 1), (h.line, h.pos + 1), (h.line - 1, h.pos), (h.line + 1, h.pos),
                (h.line - 1, h.pos + extra), (h.line + 1, h.pos + extra)}
        got = {tuple(sheet.parse(n)) for n in kit.map.neighbours(hx)}
        assert got == want, hx


def test_scheme_prints_sheet_prefix_line_then_position(kit):
    w, e = kit.map.sheets["west"], kit.map.sheets["east"]
    assert (w.scheme.prefix, e.scheme.prefix) == ("W", "E")
    for s in (w, e):
        assert (s.scheme.lines, s.scheme.line_grows, s.scheme.pos_grows, s.scheme.shift) == ("rows", "north", "east", "odd")
        assert s.offset is None                       # the join of the sheets is not stated
    assert w.scheme.parse("W4415") == Hex(44, 15) and w.scheme.format(Hex(37, 20)) == "W3720"
    assert kit.map.distance("W4415", "E3135") is None
    assert kit.map.has_hex("E3136") and not kit.map.has_hex("W3136x")


def test_example_hexes_are_land(kit):
    # units stand or land in these hexes in the rules' examples (6.42, 8.14, 9.84, 10.3)
    for hx in ("W4312", "W4313", "W4214", "W4215", "W4314", "W4315", "W4317", "W4413", "W4414", "W4415"):
        assert kit.map.terrain(hx) not in ("all_water",), hx


def test_drift_examples_land_in_all_water(kit):
    # 6.42 example: a roll of 10 drifts 1 hex north-east into an all-water hex, from 4414 and from 4315
    west = kit.map.sheets["west"].scheme
    for start in ("W4414", "W4315"):
        ne = grid.neighbour(west.parse(start), 2, "odd")     # next row, the higher position
        assert kit.map.terrain(west.format(ne)) == "all_water", start
    assert kit.map.terrain("W4215") == "rough"              # Koch's +2 for rough
    assert kit.map.terrain("W4314") in {"rough", "hills", "mountain", "orchard_woods"}  # barred to armor
    assert kit.map.terrain("W4228") == "city"
    for hx in ("W4215", "W4314", "W4228", "W4416", "W4514"):
        info = kit.map.info(hx)
        assert not info.illustrative and info.elevation is None      # the text gives terrain, not elevation
    elevations = {kit.map.info(h).elevation for h in kit.map.hex_ids()} - {None}
    assert elevations and min(elevations) >= 1 and max(elevations) <= 5        # 10.26: levels 1-5


# ---- places ----------------------------------------------------------------------------
SPEC_PLACES = {("Maleme airfield", "W4415", "airfield"), ("Heraklion", "E3135", "city"),
               ("Heraklion minor port", "E3136", "minor_port"), ("Suda minor port", "W4031", "minor_port"),
               ("Kisamos Kastelli", "W4003", "anchorage"), ("Canea", "W4227", "city"), ("Canea", "W4228", "city"),
               ("Galatas", "W4123", "village"), ("Alikianou", "W3720", "village")}


def test_named_places_sit_at_the_spec_hexes(kit):
    got = {(p.name, p.hex, p.kind): p for p in kit.map.places}
    for key in SPEC_PLACES:
        assert key in got, key
        assert not got[key].illustrative, key
        assert kit.map.terrain(key[1]) != "all_water"
    airfields = [p for p in kit.map.places if p.kind == "airfield"]
    assert sum(1 for p in airfields if p.name == "Heraklion airfield") == 2   # two hexes (6.52)
    assert {p.name for p in airfields} == {"Maleme airfield", "Retimo airfield", "Heraklion airfield"}
    assert {p.hex for p in kit.map.places if p.kind == "minor_port"} == {"W4031", "E3136"}   # 17.22
    for p in kit.map.places:
        assert not p.kind or p.kind in kit.map.info(p.hex).features, p


def test_places_are_coastal_where_they_must_be(kit):
    m = kit.map
    for p in m.places:
        if p.kind in ("minor_port", "anchorage"):
            assert any(m.terrain(n) in ("all_water", "partial_sea") for n in m.neighbours(p.hex)) or \
                m.terrain(p.hex) == "partial_sea", p


def test_sectors_partition_the_land(kit):
    m = kit.map
    sectors = [a for a in m.areas.values() if a.kind == "sector"]
    assert {a.name for a in sectors} == {"Maleme/Suda sector", "Retimo sector", "Heraklion sector",
                                        "South Crete sector"}
    seen: dict[str, str] = {}
    for a in sectors:
        for h in a.hexes:
            assert h not in seen, (h, a.id, seen.get(h))
            seen[h] = a.id
    land = {h for h in m.hex_ids() if m.terrain(h) != "all_water"}
    assert set(seen) == land
    assert seen["W4415"] == "sector-maleme-suda" and seen["E3135"] == "sector-heraklion"
    assert {"W4227", "W4228", "W4031"} <= set(m.areas["suda-command-area"].hexes)
    assert set(m.areas["scenario3-objectives"].hexes) == {"W4415", "W4031", "W4227", "W4228", "W4123",
                                                          "W4003", "W3720"}
    assert not m.areas["scenario3-objectives"].illustrative


def test_boxes_of_the_spec(kit):
    b = kit.map.boxes
    for bid in ("offmap-sitia", "offmap-tymbakion", "alexandria", "athens", "air-ready", "air-flown",
                "air-abort-1", "air-abort-2", "rsc-south-crete", "sea-kithera-strait", "sea-candia-bay"):
        assert bid in b, bid
    for bid in ("offmap-tymbakion", "offmap-retimo-south", "offmap-heraklion-east"):
        assert b[bid].adjacent and all(h.startswith("E") for h in b[bid].adjacent)   # East map only (4.52)
        for h in b[bid].adjacent:
            assert "offmap_entry" in kit.map.info(h).features


def test_roads_rivers_and_bridges(kit):
    m = kit.map
    for path in m.lines:
        assert all(m.terrain(h) != "all_water" for h in path.hexes), path.name
    rivers = {frozenset((s.a, s.b)) for s in m.hexsides if s.feature == "river"}
    bridges = {frozenset((s.a, s.b)) for s in m.hexsides if s.feature == "bridge"}
    crossings = {frozenset((a, b)) for path in m.lines for a, b in zip(path.hexes, path.hexes[1:])} & rivers
    assert rivers and bridges == crossings                      # a bridge wherever a road crosses a river (4.23)
    for s in m.hexsides:
        if s.feature == "cliff":
            assert s.up in (s.a, s.b)


def test_terrain_csv_is_what_the_generator_draws():
    spec = importlib.util.spec_from_file_location("kit_om_map", ROOT / "tools" / "kit_operation_mercury_map.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    for name, prefix in (("west.csv", "W"), ("east.csv", "E")):
        rows = list(csv.DictReader((MAPDIR / name).open(encoding="utf-8")))
        (l0, l1), (p0, p1) = mod.SHEETS[prefix]
        assert len(rows) == (l1 - l0 + 1) * (p1 - p0 + 1)
        for r in rows[::7]:
            line, pos = int(r["hex"][1:3]), int(r["hex"][3:5])
            assert mod.TERRAIN[prefix](line, pos) == r["terrain"], r["hex"]


# ---- rule parameters (spec 4-7) ---------------------------------------------------------
SPEC_RULES = {
    "stacking_limit_points": 6, "paradrop_stacking_limit_points": 6, "amphibious_landing_limit_steps": 6,
    "refusal_advance_limit_points": 6, "assault_stacking_limit_points": 6, "assault_occupy_points": 6,
    "greek_militia_per_sector": 2, "greek_militia_units": 4, "zoc_to_zoc_min_ma": 5, "reaction_min_ma": 5,
    "refusal_min_efficiency": 5, "strategic_move_min_enemy_distance": 3, "strategic_move_ma_bonus": 2,
    "strategic_move_keep_away_hexes": 3, "arrival_turn_ma_hexes": 1, "airlanding_capacity_maleme_steps": 7,
    "airlanding_capacity_retimo_steps": 5, "airlanding_capacity_heraklion_steps": 8,
    "airlanding_capacity_artillery_range_steps": 3, "airlanding_capacity_ezoc_steps": 2,
    "german_adequate_last_turn": 6, "allied_adequate_last_turn": 12,
    "german_supply_roll_first_turn": 7, "allied_supply_roll_first_turn": 13, "allied_initial_rsc": 2,
    "rsc_transport_steps": 5, "air_resupply_capacity_steps": 5, "hq_uncommanded_coordination": 3,
    "interdiction_maleme_suda_level1": 2, "interdiction_maleme_suda_level2": 4,
    "interdiction_retimo_level1": 2, "interdiction_retimo_level2": 4,
    "interdiction_heraklion_level1": 3, "interdiction_heraklion_level2": 6,
    "interdiction_south_crete_level1": 3, "interdiction_south_crete_level2": 6, "interdiction_min_ma": 1,
    "tf_max_naval_counters": 8, "tf_max_markers": 12, "decoy_tf_max": 3,
    "german_amphibious_steps_per_convoy": 10, "allied_amphibious_steps_per_zone": 12,
    "dd_flotilla_capacity_steps": 5, "allied_convoy_capacity_steps": 6, "evacuation_first_turn": 14,
    "evacuation_allied_steps_lost": 30, "evacuation_ends_turns_ahead": 10, "efficiency_max": 8,
    "turns_per_day": 3, "ju87_split_max": 3,
}


def test_rule_numbers_of_the_spec(kit):
    for key, value in SPEC_RULES.items():
        assert kit.game.rules.get(key) == value, key
    assert not kit.game.illustrative_rules & set(SPEC_RULES)


def test_lost_tec_values_are_marked_illustrative(kit):
    rules = kit.game.rules
    assert rules["move_cost_clear"] == 1 and "move_cost_clear" not in kit.game.illustrative_rules   # 2.4
    tec = {k for k in rules if k.startswith(("move_cost_", "hexside_cost_", "road_cost_"))} - {"move_cost_clear"}
    assert tec and tec == set(kit.game.illustrative_rules)
    for t in kit.game.terrain.values():
        if not t.water:
            assert f"move_cost_{t.id}" in rules, t.id


def test_every_rule_parameter_cites_a_rule():
    import re
    text = re.split(r"(?m)^\[rules\]\s*$", GAME.read_text(encoding="utf-8"), maxsplit=1)[1]
    for line in text.splitlines():
        if "=" in line and not line.startswith(("#", "illustrative")):
            assert "#" in line and any(ch.isdigit() for ch in line.split("#", 1)[1]), line


# ---- roster ----------------------------------------------------------------------------
#: values the rulebook text gives: (unit, column) -> value
TEXT_VALUES = {
    ("G-Koch", "front.attack"): 3, ("G-Koch", "front.defense"): 3, ("G-Koch", "front.movement"): 5,
    ("G-Koch", "front.efficiency"): 8,
    ("G-Braun", "front.attack"): 2, ("G-Braun", "front.defense"): 2, ("G-Braun", "front.movement"): 5,
    ("G-Braun", "back.attack"): 1, ("G-Braun", "back.defense"): 1, ("G-Braun", "back.movement"): 5,
    ("G-Braun", "back.efficiency"): 7,
    ("A-B-23-NZ", "front.attack"): 2, ("A-B-23-NZ", "front.defense"): 2, ("A-B-23-NZ", "front.movement"): 5,
    ("A-B-23-NZ", "front.efficiency"): 6, ("A-B-22-NZ", "front.efficiency"): 6,
    ("A-19-NZ-Eng", "front.attack"): 2, ("A-19-NZ-Eng", "front.defense"): 2,
    ("A-19-NZ-Eng", "front.movement"): 5, ("A-19-NZ-Eng", "front.efficiency"): 6,
    ("G-1-7-Art", "front.bombardment"): 3, ("A-156-AA", "front.bombardment"): 3,
    ("A-14-HQ", "front.command_range"): 5, ("G-Sturm-HQ", "front.efficiency"): 7,
    ("A-BB-Barham", "front.aa"): 3, ("A-BB-Barham", "front.defense"): 8,
    ("A-BB-Barham", "back.aa"): 2, ("A-BB-Barham", "back.defense"): 6,
    ("A-CL-Orion", "front.aa"): 4, ("A-CL-Orion", "front.defense"): 4,
    ("G-Ju87-1", "front.bombardment"): 4, ("G-Ju87-1", "front.naval_attack"): 5,
    ("G-Bf109-1", "front.bombardment"): 1, ("G-Do17-1", "front.bombardment"): 2,
    ("G-Ju88-opt", "front.bombardment"): 2, ("G-Ju88-opt", "front.naval_attack"): 3,
    ("G-DD-Flotilla", "front.capacity"): 5,
}
for _u in ("G-9-III-Sturm", "G-12-III-Sturm", "G-8-II-Sturm", "G-Sarrazin", "G-VonPlessen"):
    for _f, _v in (("attack", 3), ("defense", 3), ("movement", 5)):
        TEXT_VALUES[(_u, f"front.{_f}")] = _v                       # "3-3-5" in the examples
for _u, _b, _n in (("G-Ju87-2", 4, 5), ("G-Ju87-opt", 4, 5), ("G-Ju88-1", 3, 3), ("G-Bf109-1", 1, 1),
                   ("G-Bf109-2", 1, 1)) + tuple((f"G-Ju87-split-{i}", 2, 3) for i in range(1, 7)):
    TEXT_VALUES[(_u, "front.bombardment")], TEXT_VALUES[(_u, "front.naval_attack")] = _b, _n
for _u in ("A-DD-Kimberly", "A-DD-Kashmir", "A-DD-Decoy-Hero"):
    TEXT_VALUES[(_u, "front.aa")], TEXT_VALUES[(_u, "front.defense")] = 2, 2   # 19.4 example


def test_text_values_are_recorded_and_not_marked_illustrative(kit):
    for (uid, col), value in TEXT_VALUES.items():
        u = kit.unit(uid)
        assert u is not None, uid
        face, fid = col.split(".")
        got = u.front.get(fid) if face == "front" else (u.back or {}).get(fid)
        assert got == value, (uid, col)
        assert not u.is_illustrative(col), (uid, col)


def test_every_other_value_is_marked_illustrative(kit):
    for u in kit.units:
        for face, values in (("front", u.front), ("back", u.back or {})):
            for fid in values:
                col = f"{face}.{fid}"
                if (u.id, col) not in TEXT_VALUES:
                    assert u.is_illustrative(col), (u.id, col)
        for sid in u.setup:
            assert u.is_illustrative(f"setup:{sid}"), (u.id, sid)


def test_counts_the_text_states(kit):
    units = kit.units
    assert sum(u.type == "greek_militia" for u in units) == 4                      # 13.6
    assert sum(u.formation == "7rtr" and u.type == "armor" for u in units) == 4     # 24.1
    assert sum(u.name.startswith("III/100 Geb") for u in units) == 4                # 17.37e
    assert sum(u.name.startswith("II/85 Geb") for u in units) == 4
    assert sum("ju87_split" in u.flags for u in units) == 2 * kit.game.rules["ju87_split_max"]
    assert all(not u.two_sided for u in units if u.movement_class == "air")         # 12.12
    assert all(u.steps == 1 for u in units if kit.game.unit_types[u.type].kind == "hq")   # 13.51
    assert all(u.steps == (2 if u.two_sided else 1) for u in units if kit.game.unit_types[u.type].kind == "ground"
               and u.id != "A-19-NZ-Eng")                                            # 9.51-9.52


def test_no_zoc_band_follows_rule_5_12(kit):
    no_zoc_types = {"hq", "airborne_hq", "armor", "light_armor", "aa", "motorized_aaa", "artillery",
                    "motorized_artillery"}
    for u in kit.units:
        if kit.game.unit_types[u.type].kind in ("air", "naval"):
            continue
        expect = u.type in no_zoc_types or u.nationality == "greek"
        assert (not u.exerts_zoc) == expect, u.id


def test_inferred_flags_are_marked_illustrative(kit):
    sca = [u for u in kit.units if "suda_command_area" in u.flags]
    assert sca and all(u.is_illustrative("flags") for u in sca)        # 4.64 names no unit
    assert all(u.is_illustrative("type") for u in kit.units if u.name.startswith("Vogel"))


def test_nationality_colours_are_marked_illustrative(kit):
    assert all(n.illustrative for n in kit.game.nationalities.values())     # 2.3 names no colours


# ---- scenarios -------------------------------------------------------------------------
def test_scenarios_turns_and_sheets(kit):
    s = kit.scenarios
    want = {"scn1": (1, 6, ("west",)), "scn2": (2, 9, ("east",)), "scn3": (1, 12, ("west",)),
            "scn4": (7, 8, ()), "scn5": (1, 21, ("west",)), "scn6": (1, 36, ("west", "east"))}
    for sid, (first, last, sheets) in want.items():
        assert (s[sid].first_turn, s[sid].last_turn, s[sid].sheets) == (first, last, sheets), sid


def test_scenario_setup_hexes_exist_on_the_scenario_sheets(kit):
    m = kit.map
    for scen in kit.scenarios.values():
        prefixes = {m.sheets[sh].scheme.prefix for sh in scen.sheets}
        for p in scen.setup + [r for r in scen.reinforcements if r.location and m.has_hex(r.location)]:
            loc = p.location
            assert m.location_exists(loc), (scen.id, p)
            if m.has_hex(loc):
                assert loc[0] in prefixes, (scen.id, p)
                assert m.terrain(loc) != "all_water", (scen.id, p)
            assert p.illustrative, (scen.id, p)
    # the examples' positions around Maleme (scenario 1)
    scn1 = {p.unit: p.location for p in kit.scenarios["scn1"].setup}
    assert scn1["A-B-23-NZ"] == "W4314" and scn1["A-156-AA"] == "W4415"
    drops = {r.unit: r.location for r in kit.scenarios["scn1"].reinforcements if r.turn == 1}
    assert drops["G-Koch"] == "W4215" and drops["G-Braun"] == "W4414" and drops["G-12-III-Sturm"] == "W4317"
    assert {r.unit: r.turn for r in kit.scenarios["scn2"].reinforcements}["G-4-I-1"] == 4    # 21 AM


def test_scenario_stacks_respect_the_limit(kit):
    limit = kit.game.rules["stacking_limit_points"]
    for scen in kit.scenarios.values():
        sp: dict[tuple[str, str], int] = {}
        for p in scen.setup:
            u = kit.unit(p.unit)
            sp[(p.location, u.side)] = sp.get((p.location, u.side), 0) + int(u.front.get("stacking") or 0)
        assert all(v <= limit for v in sp.values()), scen.id
