"""A verdict that rests on an illustrative value says so (vmodgen.rules.illustrative): each
finding names the illustrative values its rule read (the rule set's declarations), the report
counts them, and what a position states itself is not illustrative."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator

from bundled_module_util import bundled_module
from test_audit import mini  # noqa: F401  (the built minikit fixture)
from test_audit_bundled import game as na41_game
from vmodgen.audit import audit
from vmodgen.commands.check import command
from vmodgen.report import render
from vmodgen.rules import ruleset_for
from vmodgen.rules.finding import Finding
from vmodgen.rules.illustrative import NOTHING, Annotator, Reads, reads_of, withheld
from vmodgen.rules.position_file import load_position
from vmodgen.testing.log_writer import LogWriter

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "positions"

#: OM turn 8, German movement: Koch (MA 5, a printed value) walks six hexes of the kit's
#: illustrative clear terrain east of Maleme, across a river the kit draws (its cost lost with
#: the TEC), and on into rough: OM 4.13 at W4121
OM_MOVE = """
[position]
game = "operation-mercury"
turn = 8
phase = "german-movement"

[[units]]
unit = "G-Koch"
hex = "W4122"
path = ["W4116", "W4117", "W4118", "W4119", "W4120", "W4121", "W4122"]
"""

#: the same move with the terrain of every hex but W4215 stated by the position, ending in
#: W4215, whose rough terrain the rulebook's 6.42 example gives (not illustrative): OM 4.13
OM_BOOK_HEX = """
[position]
game = "operation-mercury"
turn = 8
phase = "german-movement"

[[hexes]]
hex = "W4213"
terrain = "rough"

[[hexes]]
hex = "W4214"
terrain = "rough"

[[units]]
unit = "G-Koch"
hex = "W4215"
path = ["W4212", "W4213", "W4214", "W4215"]
"""


def run(*args):
    return CliRunner().invoke(command, list(args), standalone_mode=False, catch_exceptions=True)


def write(tmp_path: Path, name: str, text: str) -> str:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return str(p)


def test_om_4_13_over_illustrative_terrain_says_so(tmp_path):
    """OM 4.13 (movement points): the finding names the kit's illustrative terrain it crossed up
    to the hex where the move broke the rule, the river hexside and the lost TEC costs it read
    (text and JSON), and the last line counts it."""
    path = write(tmp_path, "om.toml", OM_MOVE)
    r = run(path)
    assert r.return_value == 1, r.output
    line = next(x for x in r.output.splitlines() if x.startswith("[OM 4.13]"))
    assert "needs 6 movement points to reach W4121 but has 5" in line
    assert "[rests on: terrain of W4117, W4118, W4119, W4120, W4121 (illustrative: not the printed map)" in line
    assert "W4122" not in line.split("[rests on:")[1]          # past the hex of the finding: not read
    assert "hexside river W4119/W4120 (illustrative: not the printed map)" in line
    assert "rule parameter hexside_cost_river (illustrative: not the rulebook's)" in line
    assert "move_cost_rough" not in line                       # W4122's rough: past the finding
    assert "illustrative: findings resting on illustrative values 1 of 1" in r.output
    data = json.loads(run(path, "--json").output)
    (f,) = data["findings"]
    kinds = {i["kind"]: i["items"] for i in f["illustrative"]}
    assert kinds["terrain"] == ["W4117", "W4118", "W4119", "W4120", "W4121"]
    assert kinds["rule"] == ["hexside_cost_river"] and kinds["hexside"] == ["river W4119/W4120"]
    assert "unit" not in kinds                                  # Koch's front movement is printed
    assert data["illustrative"]["findings"] == 1 and data["illustrative"]["of"] == 1


def test_finding_over_a_hex_the_book_describes_names_no_terrain(tmp_path):
    """OM 4.13 into W4215 (rough: the 6.42 example) over hexes whose terrain the position states:
    the finding does not mention terrain; the cost of rough (the TEC is lost) it does."""
    r = run(write(tmp_path, "om.toml", OM_BOOK_HEX), "--json")
    data = json.loads(r.output)
    (f,) = [f for f in data["findings"] if f["rule"] == "OM 4.13"]
    kinds = {i["kind"]: i["items"] for i in f["illustrative"]}
    assert "terrain" not in kinds
    assert "move_cost_rough" in kinds["rule"]



def test_om_unloading_off_port_names_the_hex_it_read(tmp_path):
    """OM 4.17: "unloaded at W1910, which is neither a minor port nor an anchorage" rests on the kit's
    map of W1910 (the South Crete anchorages' hexes are inferred): the finding names it (it named
    nothing)."""
    body = ('[position]\ngame = "operation-mercury"\nturn = 5\nphase = "naval-unloading"\n\n'
            '[[units]]\nunit = "Ranger"\nhex = "W1910"\nprevious = "Alexandria"\n')
    data = json.loads(run(write(tmp_path, "om.toml", body), "--json").output)
    (f,) = [f for f in data["findings"] if f["rule"] == "OM 4.17"]
    assert {i["kind"]: i["items"] for i in f["illustrative"]}.get("terrain") == ["W1910"]

def test_book_hexes_are_not_illustrative_in_the_om_kit():
    """The hexes the OM rules' examples describe carry no illustrative mark (the premise above)."""
    pos = load_position(DATA / "om-example-8-12.toml")
    for h in ("W4215", "W4314", "W4416", "W4514", "W4228"):
        assert not pos.map.info(h).illustrative, h
    assert pos.map.info("W4117").illustrative


def test_position_rules_values_are_its_own(tmp_path):
    """A position that states ``move_cost_rough`` in [rules] does not rest on the kit's lost value."""
    text = OM_BOOK_HEX.replace('phase = "german-movement"', 'phase = "german-movement"\n\n[rules]\nmove_cost_rough = 2')
    data = json.loads(run(write(tmp_path, "om.toml", text), "--json").output)
    for f in data["findings"]:
        assert all(i["kind"] != "rule" or "move_cost_rough" not in i["items"] for i in f["illustrative"])


def test_inline_position_says_nothing():
    """An inline game defines its own terrain and values: no suffix, no line, empty lists."""
    r = run(str(DATA / "generic-inline.toml"))
    assert r.return_value == 1 and "[GEN stacking]" in r.output
    assert "rests on" not in r.output and "illustrative" not in r.output
    data = json.loads(run(str(DATA / "generic-inline.toml"), "--json").output)
    assert all(f["illustrative"] == [] for f in data["findings"])
    assert data["illustrative"] == {"findings": 0, "of": len(data["findings"]), "inputs": []}


def test_stacking_reads_stacking_values_not_terrain(tmp_path):
    """OM 4.31 declares the stacking value only: a stack on illustrative terrain is judged by
    the units' stacking values (a finding names those marked illustrative), never the terrain."""
    pos = load_position(DATA / "om-example-8-12.toml")
    rs = ruleset_for(pos.game)
    u = pos.units[0]
    f = Finding("OM 4.31", "stacking", "over", (u.hex,), (u.id,))
    got = {i.kind for i in Annotator(rs).inputs_of(f, pos)}
    assert "terrain" not in got
    assert got <= {"unit"}
    assert ("unit" in got) == u.unit.is_illustrative(("back." if u.reduced and u.unit.two_sided else "front.")
                                                     + "stacking")


def test_declarations_by_rule_family_and_nothing_for_the_undeclared():
    """A rule's own entry, else its family's (the longest ``*`` key), ``<rule>/<kind>`` before the
    bare id; a rule no entry covers reads nothing."""
    table = {"X 4.*": Reads(path=True), "X 4.3*": Reads(stacking=True), "X 5.1/movement": Reads(allowance=True),
             "X 5.1": Reads(hexes=True)}
    assert reads_of(table, "X 4.13") == Reads(path=True)
    assert reads_of(table, "X 4.31") == Reads(stacking=True)
    assert reads_of(table, "X 5.1", "movement") == Reads(allowance=True)
    assert reads_of(table, "X 5.1", "stacking") == Reads(hexes=True)
    assert reads_of(table, "X 9.1") is NOTHING
    # one check of several sharing an id and kind ("<rule>/<part>", Finding.part) before both
    table["X 5.1/night"] = Reads(params=("turn_cycle",))
    assert reads_of(table, "X 5.1", "movement", "night") == Reads(params=("turn_cycle",))
    assert reads_of(table, "X 5.1", "movement", "other") == Reads(allowance=True)
    pos = load_position(DATA / "om-example-8-12.toml")
    f = Finding("OM 99.9", "movement", "made up", ("W4117",), tuple(u.id for u in pos.units))
    assert Annotator(ruleset_for(pos.game)).inputs_of(f, pos) == ()


def test_withheld_names_kinds_only():
    """For a unit its owner masked or hid, the report keeps the kinds, not the hexes or units."""
    pos = load_position(DATA / "om-example-8-12.toml")
    f = Finding("OM 4.13", "movement", "x", ("W4117",), ())
    u = pos.units[0]
    f = Finding("OM 5.21", "zoc", "x", (u.hex,), (u.id,))
    inputs = Annotator(ruleset_for(pos.game)).inputs_of(f, pos)
    assert inputs
    hidden = withheld(inputs)
    assert [i.kind for i in hidden] == [i.kind for i in inputs]
    assert all(i.items == () and u.hex not in i.text and "which withheld" in i.text for i in hidden)


@pytest.fixture(scope="module")
def na41(tmp_path_factory):
    return bundled_module("north-africa-41", tmp_path_factory, "na41-illus")


def test_audit_findings_and_coverage_say_what_is_illustrative(na41):
    """The NA41 audit (all its terrain illustrative): the ZOC finding names the terrain of 3026
    (not its later hexes), the stacking finding the stacking values the roster marks, the supply
    finding the terrain and sector; the coverage counts 3 of 3 and the judged moves; the text,
    JSON (valid against the schema) and HTML all say it."""
    kit, module, root = na41
    r = audit([na41_game(kit, module, True).write(root / "dirty.vlog")], module=module)
    by_rule = {f.rule: {i.kind: i.items for i in f.illustrative} for f in r.findings}
    assert by_rule["NA41 7.2"] == {"terrain": ("3026",)}
    assert set(by_rule["NA41 4.4.1"]) == {"unit"}
    assert "terrain" in by_rule["NA41 16.1"] and "area" in by_rule["NA41 16.1"]
    text = render(r, "text")
    assert "[NA41 7.2]" in text and "[rests on: terrain of 3026 (illustrative: not the printed map)]" in text
    assert "coverage: illustrative: findings resting on illustrative values 3 of 3; judged moves reading an " \
           "illustrative value 2 of 2" in text
    doc = json.loads(render(r, "json"))
    assert doc["coverage"]["illustrative"] == {"findings": 3, "of": 3}
    assert doc["coverage"]["moves"]["illustrative"]["judged"] == 2
    schema = json.loads((ROOT / "docs" / "audit-report.schema.json").read_text(encoding="utf-8"))
    assert not list(Draft202012Validator(schema).iter_errors(doc))
    html = render(r, "html", game=None)
    assert "Rests on illustrative values: terrain of 3026" in html and "Illustrative values:" in html


def test_moves_taken_back_by_hand_leave_the_illustrative_count(mini):
    """The minikit's terrain is all made up: every judged move reads it. R1's five drags, the last
    two taken back by hand (the drag into B2's ZOC at 0503 and back): 3 moves judged, and 3 judged
    moves read an illustrative value, not 5."""
    kit_dir, kit, module, root = mini
    w = LogWriter.from_module_setup(module, kit=kit, player="Alice")
    w.move("R1", "0202").move("R1", "0302").move("R1", "0403").move("R1", "0503").move("R1", "0403").advance()
    r = audit([w.write(root / "illus-takeback.vlog")], module=module, game=str(kit_dir))
    moves = r.coverage["moves"]
    assert moves["judged"] == 3 and moves["illustrative"]["judged"] == 3
    assert moves["illustrative"]["counts"]["terrain"] == 3           # 0202, 0302, 0403
    assert r.coverage["illustrative"] == {"findings": 0, "of": 0}


OM_CONVOY = """[position]
game = "operation-mercury"
turn = 6
phase = "Naval Unloading Phase"

[[units]]
unit = "Ranger"
hex = "%s"
previous = "Alexandria"

[rules]
no_naval_game = true
"""


@pytest.mark.parametrize("where", ["W4228", "W1910"])
def test_om_21_13_rests_on_the_south_crete_sector(tmp_path, where):
    """OM 21.13 (No Naval Game convoys): whether a hex is an anchorage of the South Crete sector reads
    the kit's sector, which is illustrative (its three anchorages inferred): the finding says so at
    Canea (W4228, outside the sector) as at W1910 (inside it, no anchorage)."""
    r = run(write(tmp_path, "convoy.toml", OM_CONVOY % where))
    line = next(x for x in r.output.splitlines() if x.startswith("[OM 21.13]"))
    assert "the boundary of South Crete sector (illustrative: not the printed map)" in line
