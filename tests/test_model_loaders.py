"""The kit loaders: the minikit's model values, and broken kits refused with ``file:line``.

Every broken kit is a copy of ``tests/data/minikit`` in ``tmp_path`` with one edit; the
originals are never touched.
"""
from __future__ import annotations

import shutil
from pathlib import Path
from typing import Callable

import pytest

from vmodgen.errors import InputError, LimitError
from vmodgen.model import load_kit

MINIKIT = Path(__file__).resolve().parent / "data" / "minikit"


@pytest.fixture
def kit(tmp_path: Path) -> Path:
    dst = tmp_path / "kit"
    shutil.copytree(MINIKIT, dst)
    return dst


def sub(path: Path, old: str, new: str) -> None:
    """Replace the one occurrence of ``old`` in ``path`` by ``new``."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {path.name}"
    path.write_text(text.replace(old, new), encoding="utf-8", errors="surrogateescape", newline="")


def append(path: Path, extra: str) -> None:
    text = path.read_text(encoding="utf-8")
    path.write_text(text + extra, encoding="utf-8", newline="")


def refused(kit: Path) -> InputError:
    with pytest.raises(InputError) as info:
        load_kit(kit)
    return info.value


# --- the good kit --------------------------------------------------------------------------

@pytest.fixture(scope="module")
def mini():
    return load_kit(MINIKIT)


def test_minikit_game(mini):
    g = mini.game
    assert mini.id == "minikit"
    assert list(g.sides) == ["red", "blue"]
    assert g.nationalities["blueland"].side == "blue"
    assert g.unit_types["armor"].movement_class == "tracked"
    assert g.terrain["sea"].water and not g.terrain["clear"].water
    assert g.hexside_features["escarpment"].directional
    assert [p.id for p in g.sequence.phases] == ["red-move", "red-combat", "blue-move", "blue-combat"]
    assert (g.sequence.first_turn, g.sequence.last_turn) == (1, 6)
    assert g.rules == {"stacking_limit": 6, "supply_range": 4}
    assert str(g.die) == "1d6"


def test_minikit_units(mini):
    assert [u.id for u in mini.units] == ["R1", "R2", "R3", "B1", "B2"]
    r1 = mini.unit("R1")
    assert r1.front == {"attack": 4, "defense": 3, "movement": 4, "stacking": 2}
    assert r1.back == {"attack": 2, "defense": 2, "movement": 4, "stacking": 2}
    assert r1.value("attack", reduced=True) == 2 and r1.steps == 2 and r1.line == 2
    r3 = mini.unit("R3")
    assert not r3.two_sided and r3.value("attack", reduced=True) == 6
    assert r3.movement_class == "tracked"          # from its unit type
    b1 = mini.unit("B1")
    assert b1.flags == {"no_zoc"} and not b1.exerts_zoc and b1.formation == ""
    assert mini.unit("nope") is None


def test_minikit_geometry(mini):
    m = mini.map
    assert len(m.hex_ids()) == 30
    assert m.has_hex("0605") and not m.has_hex("0706") and not m.has_hex("0600")
    # odd columns are shifted half a hex south
    assert sorted(m.neighbours("0303")) == ["0203", "0204", "0302", "0304", "0403", "0404"]
    assert sorted(m.neighbours("0202")) == ["0101", "0102", "0201", "0203", "0301", "0302"]
    assert sorted(m.neighbours("0101")) == ["0102", "0201", "0202"]
    assert sorted(m.neighbours("0605")) == ["0504", "0505", "0604"]
    assert m.adjacent("0303", "0404") and not m.adjacent("0303", "0402")
    assert m.distance("0101", "0605") == 6
    assert m.distance("0303", "0303") == 0
    assert m.distance("0303", "0404") == 1
    for a in m.hex_ids():
        for b in m.neighbours(a):
            assert m.distance(a, b) == 1 and a in m.neighbours(b)


def test_minikit_features(mini):
    m = mini.map
    assert m.lines_between("0201", "0101") == {"road"}
    assert m.lines_between("0401", "0301") == {"road"}
    assert m.lines_between("0101", "0301") == set()
    assert m.lines_between("0101", "0102") == set()
    river = m.hexside_features("0304", "0303")
    assert [(h.feature, h.up) for h in river] == [("river", "")]
    esc = m.hexside_features("0203", "0202")
    assert [(h.feature, h.up) for h in esc] == [("escarpment", "0202")]
    assert m.hexside_features("0101", "0102") == []
    assert m.terrain("0303") == "rough" and m.info("0303").elevation == 2
    assert m.terrain("0605") == "sea"
    assert m.terrain("0505") == "clear"           # the default terrain
    assert m.info("0102").features == {"town"}
    assert m.place("Redtown").hex == "0102" and m.place("Bluetown") is None
    assert m.location_exists("reserve") and m.location_exists("0101")
    assert not m.location_exists("0707") and m.boxes["reserve"].side == "blue"
    assert m.areas["north"].hexes == ("0101", "0201", "0301")


def test_minikit_scenario(mini):
    s = mini.scenarios["s1"]
    assert s.sheets == ("main",) and (s.first_turn, s.last_turn) == (1, 6)
    where = {p.unit: p.location for p in s.setup}
    assert where == {"R1": "0102", "R2": "0102", "R3": "0203", "B1": "0404", "B2": "reserve"}
    assert s.placement_of("B2").location == "reserve"
    assert s.placement_of("nobody") is None
    assert [(r.unit, r.turn) for r in s.reinforcements] == [("R3", 2)]


def test_minikit_illustrative_marks(mini):
    assert mini.unit("R2").is_illustrative("front.attack")
    assert not mini.unit("R2").is_illustrative("front.defense")
    assert mini.unit("R3").is_illustrative("front.defense")     # '*': everything
    assert not mini.unit("R1").is_illustrative()
    assert mini.game.illustrative_rules == {"supply_range"}
    assert all(h.illustrative for h in mini.map.hexes.values())
    rein = mini.scenarios["s1"].reinforcements[0]
    assert rein.illustrative                                    # R3's arrival is under '*'
    assert mini.has_illustrative


def test_load_kit_by_game_toml(kit):
    assert load_kit(kit / "game.toml").id == "minikit"


def test_load_kit_never_modifies_files(kit):
    before = {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in kit.iterdir()}
    load_kit(kit)
    sub(kit / "roster.csv", "R3,1 Tank,red,redland,1div,armor", "R3,1 Tank,red,redland,1div,armour")
    before["roster.csv"] = ((kit / "roster.csv").read_bytes(), (kit / "roster.csv").stat().st_mtime_ns)
    refused(kit)
    after = {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in kit.iterdir()}
    assert after == before


# --- broken kits: (file edited, edit, file named, line, words in the message) ----------------

Edit = Callable[[Path], None]


def s(file: str, old: str, new: str) -> Edit:
    return lambda kit: sub(kit / file, old, new)


def a(file: str, extra: str) -> Edit:
    return lambda kit: append(kit / file, extra)


SECOND_SCENARIO = '''
[[scenarios]]
id = "s2"
name = "Second battle"

[[scenarios.setup]]
unit = "R1"
hex = "0101"

[[scenarios.setup]]
unit = "R2"
hex = "0999"
'''

BROKEN: dict[str, tuple[Edit, str, int, tuple[str, ...]]] = {
    # roster.csv
    "unknown unit type": (s("roster.csv", "1div,armor,", "1div,armour,"),
                          "roster.csv", 4, ("unknown unit type 'armour'", "infantry, armor")),
    "duplicate unit id": (s("roster.csv", "B2,Blue Inf", "B1,Blue Inf"),
                          "roster.csv", 6, ("duplicate unit id 'B1'", "first on line 5")),
    "value not a number": (s("roster.csv", "battalion,2,,4,3,4,2,2,2,4,2,0102,,\n",
                             "battalion,2,,four,3,4,2,2,2,4,2,0102,,\n"),
                           "roster.csv", 2, ("'front.attack' must be a whole number", "'four'")),
    "huge number": (s("roster.csv", "regiment,1,no_zoc,0,", "regiment,1,no_zoc," + "9" * 5000 + ","),
                    "roster.csv", 5, ("'front.attack' must be a whole number of at most 9 digits", "...")),
    "steps not a number": (s("roster.csv", "regiment,1,no_zoc", "regiment,x,no_zoc"),
                           "roster.csv", 5, ("'steps' must be a whole number",)),
    "steps zero": (s("roster.csv", "regiment,1,no_zoc", "regiment,0,no_zoc"),
                   "roster.csv", 5, ("'steps'", "at least 1")),
    "arrival not a number": (s("roster.csv", "0203,2,*", "0203,two,*"),
                             "roster.csv", 4, ("'arrival' must be a turn number",)),
    "unknown roster column": (s("roster.csv", "front.stacking,back.attack", "front.morale,back.attack"),
                              "roster.csv", 1, ("unknown column 'front.morale'", "attack, defense")),
    "duplicate roster column": (s("roster.csv", "front.stacking,back.attack", "front.attack,back.attack"),
                                "roster.csv", 1, ("column 'front.attack' appears twice",)),
    "missing roster column": (s("roster.csv", "id,name,side,", "id,title,side,"),
                              "roster.csv", 1, ("missing the column 'name'",)),
    "too many cells": (s("roster.csv", "reserve,,", "reserve,,,"),
                       "roster.csv", 6, ("row has 21 cells, the header has 20",)),
    "too few cells": (s("roster.csv", "0404,,\n", "0404,\n"),
                      "roster.csv", 5, ("row has 19 cells, the header has 20",)),
    "unknown side": (s("roster.csv", "B1,Blue HQ,blue,", "B1,Blue HQ,green,"),
                     "roster.csv", 5, ("unknown side 'green'", "red, blue")),
    "unknown nationality": (s("roster.csv", "B2,Blue Inf,blue,blueland", "B2,Blue Inf,blue,greenland"),
                            "roster.csv", 6, ("unknown nationality 'greenland'",)),
    "unknown formation": (s("roster.csv", "R3,1 Tank,red,redland,1div", "R3,1 Tank,red,redland,2div"),
                          "roster.csv", 4, ("unknown formation '2div'", "1div")),
    "nationality of another side": (s("roster.csv", "B1,Blue HQ,blue,blueland", "B1,Blue HQ,blue,redland"),
                                    "roster.csv", 5, ("nationality 'redland' belongs to side 'red', not 'blue'",)),
    "unknown unit size": (s("roster.csv", "R3,1 Tank,red,redland,1div,armor,regiment",
                            "R3,1 Tank,red,redland,1div,armor,corps"),
                          "roster.csv", 4, ("unknown unit size 'corps'",)),
    "unknown flag": (s("roster.csv", "no_zoc", "no_zok"), "roster.csv", 5, ("unknown flag 'no_zok'",)),
    "bad unit id": (s("roster.csv", "\nB1,", "\nB;1,"), "roster.csv", 5, ("unit id 'B;1'",)),
    "unit without a name": (s("roster.csv", "B1,Blue HQ,", "B1,,"), "roster.csv", 5, ("has no name",)),
    "illustrative names no column": (s("roster.csv", ",front.attack\n", ",front.attak\n"),
                                     "roster.csv", 3, ("'illustrative' names 'front.attak'",)),
    "unterminated quote": (s("roster.csv", "B2,Blue Inf,", 'B2,"Blue Inf,'),
                           "roster.csv", 6, ("not valid CSV",)),
    "set-up hex that does not exist": (s("roster.csv", "0203,2,*", "0999,2,*"),
                                       "roster.csv", 4, ("set-up location '0999'", "scenario 's1'")),
    "set-up column for an undefined scenario": (s("roster.csv", "setup:s1", "setup:s9"),
                                                "roster.csv", 1, ("column 'setup:s9'", "scenario 's9'",
                                                                    "scenarios.toml does not define", "s1")),
    "empty roster": (lambda kit: (kit / "roster.csv").write_bytes(b""), "roster.csv", 1, ("empty",)),
    "roster not UTF-8": (s("roster.csv", "Blue HQ", "Blue H\udcff"), "roster.csv", 5, ("not UTF-8",)),
    # main.csv (terrain)
    "unknown terrain": (s("main.csv", "0303,rough", "0303,swamp"),
                        "main.csv", 3, ("unknown terrain 'swamp'", "clear, rough, sea")),
    "terrain hex outside the map": (s("main.csv", "0605,sea", "0705,sea"),
                                    "main.csv", 4, ("hex '0705' is not on the map",)),
    "terrain hex listed twice": (s("main.csv", "0605,sea", "0303,sea"), "main.csv", 4, ("'0303' is listed twice",)),
    "elevation not a number": (s("main.csv", "0102,clear,1", "0102,clear,one"),
                               "main.csv", 2, ("'elevation' must be a whole number",)),
    "elevation superscript digit": (s("main.csv", "0102,clear,1", "0102,clear,\u00b2"),
                                    "main.csv", 2, ("'elevation' must be a whole number",)),
    "unknown terrain column": (s("main.csv", "illustrative,note", "illustrative,notes"),
                               "main.csv", 1, ("unknown column 'notes'",)),
    "terrain wrong cell count": (s("main.csv", "0605,sea,,,yes,", "0605,sea,,,yes"),
                                 "main.csv", 4, ("row has 5 cells, the header has 6",)),
    "unknown point feature": (s("main.csv", "1,town,", "1,city,"), "main.csv", 2, ("unknown feature 'city'",)),
    "bad illustrative flag": (s("main.csv", "0303,rough,2,,yes", "0303,rough,2,,maybe"),
                              "main.csv", 3, ("'illustrative' must be yes or no",)),
    # map.toml
    "place outside the map": (s("map.toml", 'hex = "0102"', 'hex = "0909"'),
                              "map.toml", 35, ("hex '0909' is not on the map", "[[places]]")),
    "hexside outside the map": (s("map.toml", '["0303", "0304"]', '["0303", "0909"]'),
                                "map.toml", 20, ("hex '0909' is not on the map", "[[hexsides]]")),
    "hexside between hexes that are not adjacent": (s("map.toml", '["0303", "0304"]', '["0303", "0305"]'),
                                                    "map.toml", 20, ("'0303' and '0305' are not adjacent",)),
    "road between hexes that are not adjacent": (s("map.toml", '"0301", "0401"]', '"0301", "0501"]'),
                                                 "map.toml", 30, ("'road' runs from '0301' to '0501'",
                                                                  "not adjacent")),
    "road on a multi-line list": (s("map.toml", '"0301", "0401"]', '"0301",\n  "0501"]'),
                                  "map.toml", 31, ("'road' runs from '0301' to '0501'",)),
    "road of one hex": (s("map.toml", '["0101", "0201", "0301", "0401"]', '["0101"]'),
                        "map.toml", 30, ("at least two hexes",)),
    "directional hexside without up": (s("map.toml", 'up = "0202"\n', ""),
                                       "map.toml", 25, ("'escarpment' has an up side", "'up'")),
    "up not one of the hexes": (s("map.toml", 'up = "0202"', 'up = "0303"'),
                                "map.toml", 26, ("'up' must be one of the two hexes",)),
    "unknown hexside feature": (s("map.toml", 'feature = "river"', 'feature = "canal"'),
                                "map.toml", 21, ("unknown hexside feature 'canal'",)),
    "unknown line feature": (s("map.toml", 'kind = "road"', 'kind = "railway"'),
                             "map.toml", 29, ("unknown line feature 'railway'",)),
    "unknown key in a sheet": (s("map.toml", 'shift = "odd"\n', 'shift = "odd"\ncolour = "red"\n'),
                               "map.toml", 17, ("unknown key 'colour'", "[[sheets]]")),
    "bad map shift": (s("map.toml", 'shift = "odd"', 'shift = "odd-ish"'),
                      "map.toml", 8, ("shift must be 'odd' or 'even'",)),
    "huge digits": (s("map.toml", 'shift = "odd"\n', 'shift = "odd"\nline_digits = 100000000\n'),
                    "map.toml", 17, ("'line_digits' may be at most 9",)),
    "huge prefix": (s("map.toml", 'shift = "odd"\n', 'shift = "odd"\nprefix = "' + "x" * 5000 + '"\n'),
                    "map.toml", 17, ("'prefix' may be at most 16 characters",)),
    "sheet too large": (s("map.toml", "pos_range = [1, 5]", "pos_range = [1, 999999]\npos_digits = 6"),
                        "map.toml", 8, ("larger than the limit",)),
    "bad map TOML": (s("map.toml", 'name = "Mini map"', 'name = "Mini map'),
                     "map.toml", 3, ("not valid TOML",)),
    "unknown default terrain": (s("map.toml", 'default_terrain = "clear"', 'default_terrain = "grass"'),
                                "map.toml", 5, ("unknown terrain 'grass'",)),
    "area outside the map": (s("map.toml", '"0301"]', '"0399"]'), "map.toml", 47, ("hex '0399' is not on the map",)),
    "box of unknown side": (s("map.toml", 'side = "blue"', 'side = "green"'),
                            "map.toml", 42, ("unknown side 'green'",)),
    "missing terrain file": (s("map.toml", 'hexes = "main.csv"', 'hexes = "nowhere.csv"'),
                             "map.toml", 17, ("no terrain table file", "nowhere.csv")),
    "unknown top-level map table": (a("map.toml", "\n[legend]\ntitle = 'x'\n"),
                                    "map.toml", 49, ("unknown top-level table 'legend'",)),
    # scenarios.toml
    "scenario set-up hex that does not exist": (s("scenarios.toml", 'hex = "0203"', 'hex = "0999"'),
                                                "scenarios.toml", 10, ("set-up location '0999'",)),
    "scenario set-up of an unknown unit": (s("scenarios.toml", 'unit = "R3"', 'unit = "R9"'),
                                           "scenarios.toml", 9, ("unknown unit 'R9'",)),
    "scenario naming an unknown sheet": (s("scenarios.toml", "last_turn = 6\n", 'last_turn = 6\nsheets = ["north"]\n'),
                                         "scenarios.toml", 6, ("unknown sheet 'north'", "main")),
    "unknown scenario key": (s("scenarios.toml", "description =", "descripton ="),
                             "scenarios.toml", 6, ("unknown key 'descripton'",)),
    "last turn before first": (s("scenarios.toml", "last_turn = 6", "last_turn = 0"),
                               "scenarios.toml", 5, ("'last_turn' 0 is before 'first_turn' 1",)),
    "fault in a second scenario's set-up": (a("scenarios.toml", SECOND_SCENARIO),
                                            "scenarios.toml", 22, ("set-up location '0999'",)),
    "duplicate scenario": (a("scenarios.toml", '\n[[scenarios]]\nid = "s1"\nname = "Again"\n'),
                           "scenarios.toml", 13, ("duplicate scenario id 's1'",)),
    # game.toml
    "unknown side of a nationality": (s("game.toml", 'name = "Redland"\nside = "red"', 'name = "Redland"\nside = "green"'),
                                      "game.toml", 27, ("unknown side 'green'", "[[nationalities]]")),
    "unknown nationality of a formation": (s("game.toml", 'nationality = "redland"', 'nationality = "greenland"'),
                                           "game.toml", 39, ("unknown nationality 'greenland'",)),
    # a CSS colour name is a colour (issue 18), a word that is none is not
    "bad colour": (s("game.toml", 'color = "#c03030"', 'color = "reddish"'),
                   "game.toml", 17, ("CSS colour name", "'reddish'")),
    "short colour": (s("game.toml", 'color = "#3050c0"', 'color = "#35c"'), "game.toml", 22, ("colour",)),
    "negative rule parameter": (s("game.toml", "stacking_limit = 6", "stacking_limit = -6"),
                                "game.toml", 164, ("'stacking_limit' may not be negative",)),
    "rule parameter of a table": (s("game.toml", "stacking_limit = 6", "stacking_limit = {a = 1}"),
                                  "game.toml", 164, ("must be a number, true/false or text",)),
    "illustrative names an unknown rule": (s("game.toml", '["supply_range"]', '["supply_rang"]'),
                                           "game.toml", 166, ("'supply_rang', which is not a rule parameter",)),
    "unknown rule set": (s("game.toml", 'ruleset = "generic"', 'ruleset = "chess"'),
                         "game.toml", 6, ("unknown rule set 'chess'", "generic")),
    "unknown symbol": (s("game.toml", 'symbol = "armor"', 'symbol = "tank"'),
                       "game.toml", 63, ("unknown base symbol 'tank'",)),
    "unknown symbol modifier": (s("game.toml", 'symbol = "armor"', 'symbol = "armor+flying"'),
                                "game.toml", 63, ("unknown symbol modifier 'flying'",)),
    "unknown key in [game]": (s("game.toml", "subtitle =", "subtitel ="), "game.toml", 5, ("unknown key 'subtitel'",)),
    "unknown top-level table": (a("game.toml", "\n[extras]\nx = 1\n"), "game.toml", 168, ("unknown top-level table 'extras'",)),
    "bad game TOML": (s("game.toml", 'id = "clear"', "id = clear"), "game.toml", 93, ("not valid TOML",)),
    "unknown movement class": (s("game.toml", 'movement_class = "tracked"', 'movement_class = "flying"'),
                               "game.toml", 64, ("unknown movement class 'flying'",)),
    "duplicate side": (s("game.toml", 'id = "blue"', 'id = "red"'), "game.toml", 20, ("duplicate id 'red'",)),
    "bad die": (s("game.toml", 'die = "1d6"', 'die = "d6"'), "game.toml", 7, ("'die' must look like 1d6",)),
    "phase of an unknown side": (s("game.toml", 'name = "Blue Movement"\nside = "blue"',
                                   'name = "Blue Movement"\nside = "green"'),
                                 "game.toml", 154, ("unknown side 'green'",)),
    "one side only": (s("game.toml", '[[sides]]\nid = "blue"\nname = "Blue"\ncolor = "#3050c0"\n', ""),
                      "game.toml", 14, ("at least two [[sides]]",)),
    "bad id": (s("game.toml", 'id = "rough"', 'id = "rough ground"'), "game.toml", 98, ("'id' must be ASCII letters",)),
    "text where a number is due": (s("game.toml", "first_turn = 1", 'first_turn = "one"'),
                                   "game.toml", 136, ("'first_turn' must be a whole number",)),
    "missing roster file": (s("game.toml", 'roster = "roster.csv"', 'roster = "units.csv"'),
                            "game.toml", 9, ("no roster file", "units.csv")),
    "roster file name too long": (s("game.toml", 'roster = "roster.csv"', 'roster = "' + "r" * 300 + '.csv"'),
                                  "game.toml", 9, ("no roster file",)),
    "terrain file name too long": (s("map.toml", 'hexes = "main.csv"', 'hexes = "' + "m" * 300 + '.csv"'),
                                   "map.toml", 17, ("no terrain table file",)),
    "missing map file": (s("game.toml", 'map = "map.toml"', 'map = "maps.toml"'),
                         "game.toml", 8, ("no map file", "maps.toml")),
    # keys the schema marks required whose loader once passed None on (an internal error)
    "reinforcement without a turn": (a("scenarios.toml", '\n[[scenarios.reinforcements]]\nunit = "R1"\n'),
                                     "scenarios.toml", 12, ("missing 'turn'",)),
    "scanned image without its hex size": (s("map.toml", 'hexes = "main.csv"\n',
                                             'hexes = "main.csv"\nimage = { file = "main.csv", origin = [10, 10] }\n'),
                                           "map.toml", 18, ("missing 'hex_height_px'",)),
}


@pytest.mark.parametrize("case", list(BROKEN))
def test_broken_kit_names_file_and_line(kit: Path, case: str) -> None:
    edit, file, line, words = BROKEN[case]
    edit(kit)
    err = refused(kit)
    assert err.path is not None and Path(err.path).resolve() == (kit / file).resolve(), str(err)
    assert err.line == line, str(err)
    for w in words:
        assert w in err.message, str(err)
    assert str(err).startswith(f"{err.path}:{line}: ")
    assert "\n" not in str(err)


def test_minikit_untouched_by_the_tests():
    assert load_kit(MINIKIT).id == "minikit"
    assert (MINIKIT / "roster.csv").read_text(encoding="utf-8").count("\n") == 6


# --- hostile TOML: nesting, huge numbers, many tables -------------------------------------------

def test_deeply_nested_toml_is_a_limit_error(kit):
    append(kit / "game.toml", "\nz = " + "[" * 20000 + "]" * 20000 + "\n")
    err = refused(kit)
    assert isinstance(err, LimitError) and Path(err.path).name == "game.toml"
    assert "nested too deeply" in err.message


def test_huge_toml_integer_is_refused(kit):
    sub(kit / "game.toml", "stacking_limit = 6", "stacking_limit = " + "9" * 5000)
    err = refused(kit)
    assert Path(err.path).name == "game.toml" and "not valid TOML" in err.message


def test_many_places_load_in_linear_time(kit):
    # 20000 [[places]] tables: finding each table's line must not rescan the file each time
    extra = "".join(f'\n[[places]]\nname = "P{i}"\nhex = "0101"\n' for i in range(20000))
    append(kit / "map.toml", extra + '\n[[places]]\nname = "bad"\nhex = "0909"\n')
    err = refused(kit)
    assert Path(err.path).name == "map.toml"
    assert err.line == 48 + 20000 * 4 + 3


def test_total_map_hexes_limited(kit, monkeypatch):
    from vmodgen import limits
    monkeypatch.setattr(limits, "MAX_MAP_HEXES", 20)
    err = refused(kit)
    assert isinstance(err, LimitError) and Path(err.path).name == "map.toml"
    assert "30 hexes" in err.message


def test_roster_rows_limited(kit, monkeypatch):
    from vmodgen import limits
    monkeypatch.setattr(limits, "MAX_ROWS", 3)
    err = refused(kit)
    assert Path(err.path).name == "roster.csv" and err.line == 5 and "more than 3 rows" in err.message


def test_roster_cell_length_limited(kit):
    sub(kit / "roster.csv", "Blue HQ", "Blue HQ" + "q" * 20000)
    err = refused(kit)
    assert Path(err.path).name == "roster.csv" and err.line == 5 and "longer than" in err.message


def test_header_scan_is_linear_on_long_bracket_lines(kit):
    # a valid multi-line array whose inner line starts with '[' and holds 200000 spaces:
    # the table-header scan must not backtrack (this once took minutes)
    append(kit / "map.toml", "\n[[places]]\nname = \"x\"\nhex = \"0909\"\nnote = \"\"\n"
                             "\n[[areas]]\nid = \"a\"\nname = \"A\"\nhexes = [\n[" + " " * 200_000 + "\"0101\"],\n]\n")
    err = refused(kit)
    assert Path(err.path).name == "map.toml" and err.line == 51
