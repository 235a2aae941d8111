"""The bundled North Africa '41 kit against the English spec (rules/north-africa-41.md) and the
rulebook text: vocabularies, the hex-ID scheme and named places, the map facts the text states,
rule numbers, sequence of play, scenarios, and the illustrative marking of every value the text
does not give."""
from __future__ import annotations

import importlib.util
import re
import tomllib
from pathlib import Path

import pytest

from vmodgen.hexes.grid import Hex
from vmodgen.model.kit import load_kit

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "counters" / "north-africa-41" / "game.toml"
MAPDIR = ROOT / "maps" / "north-africa-41"
LAND_KINDS = {"clear", "rough", "jebel", "desert", "marsh", "city", "town", "landmark", "oasis"}


@pytest.fixture(scope="module")
def kit():
    return load_kit(GAME)


def _tool(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)  # type: ignore[union-attr]
    return mod


# ---- vocabularies ------------------------------------------------------------------------------
#: spec 2.4 (2.3.3): unit type -> (kit id, movement class); Corps HQ follows 17.1.2 (ASUs are mech)
SPEC_UNIT_TYPES = {
    "Infantry": ("infantry", "non-mech"), "Machine Gun": ("machine-gun", "non-mech"),
    "Corps HQ (ASU)": ("corps-hq", "mech"), "Motorized Infantry": ("motorized-infantry", "mech"),
    "Motorized Machine Gun": ("motorized-machine-gun", "mech"),
    "Motorized Parachute Infantry": ("motorized-parachute-infantry", "mech"),
    "Motorcycle Infantry": ("motorcycle-infantry", "mech"), "Reconnaissance": ("reconnaissance", "mech"),
    "Artillery Group (ASU)": ("artillery-group", "mech"), "88mm FLAK": ("flak88", "mech"),
    "Tank": ("tank", "mech"), "Truck": ("truck", "mech"),
}
#: spec 2.1/2.8 non-combat pieces
SPEC_NON_COMBAT = {"Supply Point": "supply-point", "Tank replacement": "tank-replacement",
                   "Infantry replacement": "infantry-replacement"}
SPEC_SIZES = {"battalion": "II", "regiment": "III", "brigade": "X", "artillery group": "GP",
              "division": "XX", "corps": "XXX", "army": "XXXX"}
#: spec 3 "Hex terrain" list
SPEC_TERRAIN = {"clear": "clear", "rough": "rough", "jebel": "jebel", "trackless desert": "desert",
                "marsh": "marsh", "city": "city", "town": "town", "landmark": "landmark", "oasis": "oasis",
                "sea": "sea"}
#: spec 3 hexsides -> (kit id, directional)
SPEC_HEXSIDES = {"escarpment": ("escarpment", True), "ridge": ("ridge", True),
                 "Tobruk perimeter": ("tobruk_perimeter", False), "Bardia perimeter": ("bardia_perimeter", False),
                 "all-sea hexside": ("all_sea", False)}
SPEC_LINES = {"Via Balbia highway": "highway", "tracks": "track", "railroad": "railroad"}
SPEC_POINTS = {"port": "port", "airfield": "airfield", "existing groundworks": "groundworks",
               "blue star VP hex": "vp_star"}
#: spec 2.6 (2.3.4) colours -> nationality ids
SPEC_NATIONALITIES = {"British": ("british", "allied"), "Australian": ("australian", "allied"),
                      "New Zealand": ("new-zealand", "allied"), "Indian": ("indian", "allied"),
                      "South African": ("south-african", "allied"), "Polish": ("polish", "allied"),
                      "Czech": ("czech", "allied"), "Wehrmacht": ("wehrmacht", "axis"),
                      "Luftwaffe": ("luftwaffe", "axis"), "Italian": ("italian", "axis")}
#: spec 2.9 markers -> kit ids
SPEC_MARKERS = ["auto-ds", "disrupted", "full-retreat", "oos", "malta", "airfield-drm", "naval-transport",
                "rail", "control", "fortification", "rommel", "comando-supremo", "air-support", "strafing",
                "air-transport", "lrdg", "delay", "replacement", "port-status", "turn", "impulse", "phase",
                "vp", "rp"]


def test_identity(kit):
    g = kit.game
    assert (g.id, g.ruleset, g.counter_layout) == ("north-africa-41", "north-africa-41", "north-africa-41")
    assert (g.die.count, g.die.sides) == (1, 6)
    assert set(g.sides) == {"allied", "axis"}
    assert "not the published game's" in g.illustrative_note.lower()
    assert kit.map.illustrative_note and "inference" in kit.map.illustrative_note


def test_unit_types_sizes_and_classes(kit):
    g = kit.game
    for name, (tid, mclass) in SPEC_UNIT_TYPES.items():
        assert tid in g.unit_types, name
        assert g.unit_types[tid].movement_class == mclass, name
    for name, tid in SPEC_NON_COMBAT.items():
        assert g.unit_types[tid].kind in ("supply", "other"), name
    for name, mark in SPEC_SIZES.items():
        assert mark in {s.mark for s in g.unit_sizes.values()}, name
    assert g.unit_types["corps-hq"].kind == "hq"


def test_terrain_hexsides_lines_points(kit):
    g = kit.game
    for name, tid in SPEC_TERRAIN.items():
        assert tid in g.terrain, name
    assert g.terrain["sea"].water and not any(t.water for k, t in g.terrain.items() if k != "sea")
    for name, (hid, directional) in SPEC_HEXSIDES.items():
        assert g.hexside_features[hid].directional == directional, name
    for name, lid in SPEC_LINES.items():
        assert lid in g.line_features, name
    for name, pid in SPEC_POINTS.items():
        assert pid in g.point_features, name


def test_nationalities_markers_flags(kit):
    g = kit.game
    for name, (nid, side) in SPEC_NATIONALITIES.items():
        assert g.nationalities[nid].side == side, name
    # 2.3.4: the eight background colours are all different except the khaki of the CW nations
    cw = {"australian", "new-zealand", "indian"}
    assert len({g.nationalities[n].color for n in cw}) == 1
    others = [n for n in g.nationalities if n not in cw]
    assert len({g.nationalities[n].color for n in others}) == len(others)
    assert set(SPEC_MARKERS) <= set(g.markers)
    assert {"no_zoc", "paren_defense", "silhouette", "matilda", "upgrade", "to_reserve", "immobile"} <= set(g.flags)


def test_counter_fields_in_printed_order(kit):
    # spec 2.2: <attack><tank>-<defense>-<MA>, TQ on the defense box; then the other printed values
    assert list(kit.game.fields)[:5] == ["attack", "tank", "defense", "movement", "tq"]
    assert kit.game.fields["tq"].kind == "text" and kit.game.fields["artillery"].kind == "text"
    assert {"stacking", "range", "sp"} <= set(kit.game.fields)


# ---- map: hex IDs and the places the text gives -------------------------------------------------
SPEC_HEXES = {"El Agheila": "1604", "Misheifa": "2351", "Alexandria": "2478", "El Adem": "2937",
              "Gambut": "3041", "Tobruk": "3138", "Benina": "3212", "Tmimi": "3332", "Martuba": "3629"}


def test_named_places_at_the_rulebook_hexes(kit):
    m = kit.map
    for name, hexid in SPEC_HEXES.items():
        p = m.place(name)
        assert p is not None and p.hex == hexid, name
        assert not p.illustrative, name
        assert m.terrain(hexid) in LAND_KINDS, name
    assert m.terrain("2478") == "city"
    assert [h for h, i in m.hexes.items() if i.terrain == "city"] == ["2478"]   # 9.6: the only city


def test_hex_id_scheme_inference(kit):
    m = kit.map
    assert len(m.hex_ids()) == 39 * 80 and set(m.sheets) == {"west", "east"}
    for sheet in m.sheets.values():
        s = sheet.scheme
        assert (s.lines, s.line_grows, s.pos_grows, s.line_first) == ("rows", "north", "east", True)
        assert sheet.offset == (0, 0)
    assert m.sheet_of("3138")[0].id == "west" and m.sheet_of("3041")[0].id == "east"
    assert m.sheet_of("3138")[1] == Hex(31, 38)
    # the sheets join: the last west position touches the first east one
    assert m.adjacent("3140", "3141") and m.distance("2040", "2041") == 1
    # IDs rise west -> east (last two digits) and south -> north (first two): the spec's inference
    east_order = ["El Agheila", "Benina", "Martuba", "Tmimi", "El Adem", "Tobruk", "Gambut", "Misheifa",
                  "Alexandria"]
    pos = [int(SPEC_HEXES[n][2:]) for n in east_order]
    assert pos == sorted(pos)


def test_distances_between_named_hexes(kit):
    # The text has no adjacency or distance example with hex IDs; these pin the inferred grid.
    m = kit.map
    assert m.adjacent("3629", "3630")          # Martuba: 3629 (S3.3) and 3630 (convoy example) touch
    assert m.distance("3138", "2937") == 2     # Tobruk - El Adem
    assert m.distance("3138", "3041") == 3     # Tobruk - Gambut
    assert m.distance("3138", "3332") == 7     # Tobruk - Tmimi
    assert m.distance("1604", "2478") == 78    # El Agheila - Alexandria
    assert not m.adjacent("3138", "3140")


def test_map_facts_from_the_text(kit):
    m = kit.map
    feats = {h: i.features for h, i in m.hexes.items()}
    airfields = {h for h, f in feats.items() if "airfield" in f}
    names = {p.hex: p.name for p in m.places}
    # S1.3 / 22.2.2: exactly five map airfields
    assert {names[h] for h in airfields} == {"Benina", "Martuba", "Gambut", "Sidi Barrani", "Fuka"}
    # S3.3: the blue-star VP hexes
    assert {h for h, f in feats.items() if "vp_star" in f} == {"3138", "2937", "3041", "3629", "3332"}
    # 9.5.5: five existing groundworks hexes
    assert len([h for h, f in feats.items() if "groundworks" in f]) == 5
    # S1.3: the five objective ports, plus Alexandria; each on the coast
    ports = {names[h] for h, f in feats.items() if "port" in f}
    assert ports == {"Benghazi", "Derna", "Tobruk", "Bardia", "Mersa Matruh", "Alexandria"}
    for h, f in feats.items():
        if "port" in f:
            assert any(m.terrain(n) == "sea" for n in m.neighbours(h)), names[h]
    # 6.3.3: Tripoli touches the west edge, the Nile Delta the east edge; Italy touches nothing
    assert m.boxes["tripoli"].adjacent and all(h.endswith("01") for h in m.boxes["tripoli"].adjacent)
    assert m.boxes["nile-delta"].adjacent and all(h.endswith("80") for h in m.boxes["nile-delta"].adjacent)
    assert m.boxes["italy"].adjacent == ()
    assert (m.boxes["tripoli"].side, m.boxes["italy"].side, m.boxes["nile-delta"].side) == ("axis", "axis", "allied")
    for b in ("tobruk-holding", "replacement-pool", "supply-pool", "eliminated", "surrender-left",
              "surrender-right", "remnant-display", "withdrawn", "reserve"):
        assert b in m.boxes, b
    # 25.1: the four named sectors, land hexes only, no hex in two sectors
    assert set(m.areas) == {"benghazi", "tobruk", "mersa-matruh", "alexandria"}
    seen: set[str] = set()
    for a in m.areas.values():
        assert a.illustrative and not seen & set(a.hexes)
        seen |= set(a.hexes)
        assert all(m.terrain(h) != "sea" for h in a.hexes)
    assert "1604" in m.areas["benghazi"].hexes and "3138" in m.areas["tobruk"].hexes
    assert "2559" in m.areas["mersa-matruh"].hexes and "2478" in m.areas["alexandria"].hexes


def test_railroad_runs_from_the_nile_delta_to_mersa_matruh_and_misheifa(kit):
    m = kit.map
    rails = [ln for ln in m.lines if ln.kind == "railroad"]
    main = next(ln for ln in rails if "Extended" not in ln.name)
    ext = next(ln for ln in rails if "Extended" in ln.name)
    assert main.hexes[0] in m.boxes["nile-delta"].adjacent            # 5.9.1
    assert main.hexes[-1] == m.place("Mersa Matruh").hex
    assert "2478" in main.hexes
    assert (ext.hexes[0], ext.hexes[-1]) == (main.hexes[-1], "2351")   # 5.9.2
    for ln in m.lines:
        for h in ln.hexes:
            assert m.terrain(h) not in ("sea", "marsh"), (ln.name, h)
        for a, b in zip(ln.hexes, ln.hexes[1:]):
            assert m.adjacent(a, b) and kind_between(m, a, b, ln.kind)
    balbia = [ln for ln in m.lines if ln.kind == "highway" and ln.name == "Via Balbia"][0]
    # the road runs on to Tripoli: its first hex touches the Axis base, so a line of supply's road
    # leg can end there (16.3.3, 6.3.3); before, it began at El Agheila 1604, three hexes short of
    # the edge, and no Axis unit beyond 5 hex points of the edge ever traced to Tripoli
    assert balbia.hexes[0] in m.boxes["tripoli"].adjacent and "1604" in balbia.hexes
    assert "3138" in balbia.hexes and "3210" in balbia.hexes


def kind_between(m, a: str, b: str, kind: str) -> bool:
    return kind in m.lines_between(a, b)


def test_hexsides(kit):
    m = kit.map
    kinds = {h.feature for h in m.hexsides}
    assert kinds == {"escarpment", "ridge", "tobruk_perimeter", "bardia_perimeter", "all_sea"}
    for h in m.hexsides:
        assert m.adjacent(h.a, h.b)
        if h.feature in ("escarpment", "ridge"):
            assert h.up in (h.a, h.b)
        assert m.terrain(h.a) != "sea" and m.terrain(h.b) != "sea"
    # the Tobruk perimeter surrounds Tobruk and leaves El Adem outside: every land path from
    # Tobruk to El Adem crosses it
    inside = {h.a for h in m.hexsides if h.feature == "tobruk_perimeter"}
    assert "3138" in inside or all(h.b != "3138" for h in m.hexsides if h.feature == "tobruk_perimeter")
    crossing = {frozenset((h.a, h.b)) for h in m.hexsides if h.feature == "tobruk_perimeter"}
    reach, todo = {"3138"}, ["3138"]
    while todo:
        x = todo.pop()
        for n in m.neighbours(x):
            if n not in reach and m.terrain(n) != "sea" and frozenset((x, n)) not in crossing:
                reach.add(n)
                todo.append(n)
    assert "2937" not in reach and len(reach) < 15


def test_terrain_is_geography_not_noise(kit):
    m = kit.map
    t = {h: m.terrain(h) for h in m.hex_ids()}
    # the sea lies north: the top row is all sea, the bottom row all land
    assert all(t[f"39{p:02d}"] == "sea" for p in range(1, 81))
    assert all(t[f"01{p:02d}"] != "sea" for p in range(1, 81))
    # the sea is one connected body (no inland lakes of 'sea')
    sea = {h for h, k in t.items() if k == "sea"}
    start = next(iter(sorted(sea)))
    reach, todo = {start}, [start]
    while todo:
        x = todo.pop()
        for n in m.neighbours(x):
            if n in sea and n not in reach:
                reach.add(n)
                todo.append(n)
    assert reach == sea
    # Jebel Akhdar lies between Benghazi and Derna; the trackless desert lies in the south
    jebel_rows = [int(h[:2]) for h, k in t.items() if k == "jebel"]
    assert jebel_rows and min(jebel_rows) >= 32
    desert_rows = [int(h[:2]) for h, k in t.items() if k == "desert"]
    assert desert_rows and max(desert_rows) <= 17
    assert all(i.illustrative for i in m.hexes.values())


def test_generated_map_is_up_to_date(tmp_path, monkeypatch):
    mod = _tool("kit_north_africa_41_map")
    monkeypatch.setattr(mod, "OUT", tmp_path)
    mod.write()
    for name in ("map.toml", "west.csv", "east.csv"):
        assert (tmp_path / name).read_bytes() == (MAPDIR / name).read_bytes(), name


def test_generated_roster_is_up_to_date(tmp_path, monkeypatch):
    mod = _tool("kit_north_africa_41_roster")
    monkeypatch.setattr(mod, "OUT", tmp_path / "roster.csv")
    mod.write()
    assert (tmp_path / "roster.csv").read_bytes() == (GAME.parent / "roster.csv").read_bytes()


# ---- rules -------------------------------------------------------------------------------------
SPEC_RULES = {
    "stacking_limit_points": 5, "free_silhouettes_per_hex": 1, "extra_silhouette_points": 1,
    "stacking_value_max": 2, "road_bonus_highway_hexes": 8, "road_bonus_track_hexes": 4,
    "road_bonus_base_hexes": 3, "extended_movement_mp": 3, "tactical_movement_max_hexes": 2,
    "desert_max_consecutive_hexes": 2, "escarpment_nonmech_extra_mp": 1, "box_entry_mp": 1,
    "ezoc_exit_mp": 2, "limited_ezoc_exit_mp": 1, "los_overland_max_points": 5, "los_rough_jebel_points": 2,
    "sp_range": 3, "msu_range": 5, "replacement_range_hexes": 5, "isolation_loss_max_roll": 4,
    "isolation_water_radius": 3, "attack_supply_min_attack": 10, "attack_cap_without_supply": 9,
    "attack_cap_with_supply": 30, "defense_cap": 15, "overwhelming_odds": 10, "tank_shift_max": 2,
    "forts_per_side": 14, "forts_per_hex": 1, "resource_points_max": 4, "truck_captured_max": 2,
    "air_range_hexes": 16, "rommel_bonus_mp": 2, "delay_markers_free_per_impulse": 2,
    "port_supply_units_per_capacity": 2, "nonmech_retreat_max_before_surrender": 2, "advance_max_oos": 1,
    "impulses_per_turn": 3, "impulses_per_summer_turn": 2, "rail_extension_turn": 17, "vp_limit": 12,
    "port_capacity_tobruk": 4, "port_capacity_tripoli": 14, "msu_shipping_points": 2,
}


def test_rule_parameters_from_the_spec(kit):
    for key, value in SPEC_RULES.items():
        assert kit.game.rules.get(key) == value, key
        assert key not in kit.game.illustrative_rules, key


def test_every_rule_parameter_cites_a_rule():
    text = GAME.read_text(encoding="utf-8")
    body = text.split("\n[rules]\n", 1)[1]
    keys = tomllib.loads(text)["rules"]
    for line in body.splitlines():
        m = re.match(r"^([a-z0-9_]+)\s*=", line)
        if m and m.group(1) != "illustrative":
            assert re.search(r"#\s*(\d+\.\d|S\d|convoy example)", line), line
    assert len(keys) > 60


def test_sequence_of_play(kit):
    phases = kit.game.sequence.phases
    assert phases[0].id == "preparation" and phases[-2].id == "supply-attrition" and phases[-1].id == "victory-points"
    assert all(p.kind in ("movement", "combat", "supply", "reinforcement", "air", "naval", "admin", "other")
               for p in phases)
    steps = ["initial", "movement", "combat", "recovery", "supply", "delay"]
    expected = [f"i{i}-{side}-{s}" for i in (1, 2, 3) for side in ("allied", "axis") for s in steps]
    assert [p.id for p in phases[1:-2]] == expected           # 3.2: Allied player turn first
    for p in phases[1:-2]:
        assert p.side == p.id.split("-")[1]
        assert p.kind == {"initial": "admin", "movement": "movement", "combat": "combat", "recovery": "other",
                          "supply": "supply", "delay": "other"}[p.id.split("-")[2]]
    assert (kit.game.sequence.first_turn, kit.game.sequence.last_turn) == (1, 19)


# ---- roster and scenarios --------------------------------------------------------------------
#: 20.4.1: the only printed values in the text ("51-4-4" read as attack 5, tank 1, defense 4, MA 4)
TEXT_VALUES = {"6RTR": (5, 1, 4, 4), "6RTR-Cru": (6, 2, 4, 5), "3Hus": (2, 0, 2, 5), "7Hus": (2, 0, 2, 5)}


def test_units_with_values_in_the_text(kit):
    for uid, vals in TEXT_VALUES.items():
        u = kit.unit(uid)
        assert tuple(u.front[f] for f in ("attack", "tank", "defense", "movement")) == vals, uid
        for f in ("attack", "tank", "defense", "movement"):
            assert not u.is_illustrative(f"front.{f}"), uid
        assert u.type == "tank" and "silhouette" in u.flags
    assert kit.unit("6RTR-Cru").arrival_in("campaign") == 6 and not kit.unit("6RTR-Cru").is_illustrative("arrival:campaign")
    assert kit.unit("6/2NZ").steps == 3 and not kit.unit("6/2NZ").is_illustrative("steps")
    assert {u.id for u in kit.units if "to_reserve" in u.flags} == {"6/2NZ", "3/2SA", "6/2SA"}
    for u in kit.units:
        if u.formation == "21pz":
            assert u.arrival_in("campaign") == 10 and not u.is_illustrative("arrival:campaign")


def _text_given(u, face: str, field: str, value) -> bool:
    """Values the rulebook states for a kind of counter rather than for a named unit."""
    kind = u.type
    if field == "defense" and value == 0 and kind in ("truck", "supply-point", "tank-replacement",
                                                      "infantry-replacement"):
        return True                                   # 2.3.1: non-combat units have defense 0
    if field == "stacking" and value == 0 and (kind in ("truck", "supply-point", "tank-replacement",
                                                        "infantry-replacement", "artillery-group", "corps-hq")):
        return True                                   # 4.2
    if field == "range" and face == "back" and kind == "truck" and value == 5:
        return True                                   # 17.2.4: MSU range 5
    if field == "sp" and kind == "supply-point" and u.name == f"{value} SP":
        return True
    return False


def test_every_value_not_in_the_text_is_marked_illustrative(kit):
    for u in kit.units:
        for face, vals in (("front", u.front), ("back", u.back or {})):
            for field, value in vals.items():
                col = f"{face}.{field}"
                if u.id in TEXT_VALUES and face == "front" and field in ("attack", "tank", "defense", "movement"):
                    continue
                if _text_given(u, face, field, value):
                    continue
                assert u.is_illustrative(col), (u.id, col, value)
        if u.id not in TEXT_VALUES and u.id != "6/2NZ" and u.type not in SPEC_NON_COMBAT.values() \
                and u.type != "truck" and u.steps > 1:
            assert u.is_illustrative("steps"), u.id


def test_scenarios(kit):
    sc = kit.scenarios
    assert {k: (s.first_turn, s.last_turn) for k, s in sc.items()} == {
        "enter-rommel": (1, 7), "campaign": (1, 19), "crusader": (17, 19)}
    m = kit.map
    for s in sc.values():
        assert set(s.sheets) == {"west", "east"}
        for p in s.setup:
            assert m.location_exists(p.location)
            if m.has_hex(p.location):
                assert m.terrain(p.location) in LAND_KINDS - {"marsh"}, (s.id, p.unit)
            assert p.illustrative, (s.id, p.unit)     # no set-up card in the text
            side = kit.unit(p.unit).side
            if p.location in m.boxes and m.boxes[p.location].side:
                assert m.boxes[p.location].side == side   # 6.1.2: never in the enemy's box
    er = sc["enter-rommel"]
    used = {p.unit for p in er.setup} | {r.unit for r in er.reinforcements}
    assert not used & {"6/2NZ", "3/2SA", "6/2SA"}                   # S1.2
    assert er.placement_of("PolBde").location == "2478"             # S1.2
    assert all(sc[s].placement_of("TobrukASU").location == "3138" for s in sc)   # 17.1.2
    reserve = {r.unit for r in sc["campaign"].reinforcements if r.location == "reserve"}
    assert reserve == {"6/2NZ", "4/2NZ", "5/2NZ", "3/2SA", "6/2SA", "4/2SA"}   # S2.2


def _stack_points(kit, units) -> int:
    sil = [u for u in units if "silhouette" in u.flags]
    rest = sum(int(u.front.get("stacking", 0) or 0) for u in units if "silhouette" not in u.flags)
    return rest + max(0, len(sil) - 1)


def test_setup_obeys_stacking(kit):
    limit = kit.game.rules["stacking_limit_points"]
    for s in kit.scenarios.values():
        by_hex: dict[str, list] = {}
        for p in s.setup:
            if kit.map.has_hex(p.location):
                by_hex.setdefault(p.location, []).append(kit.unit(p.unit))
        for hexid, units in by_hex.items():
            assert _stack_points(kit, units) <= limit, (s.id, hexid)
            assert len({u.side for u in units}) == 1, (s.id, hexid)   # 5.1: never both sides
