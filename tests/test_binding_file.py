"""Binding files: a small binding for the golden HexTest module loads, reads VASSAL's own log
(a mixed-side hex found), and every impossible configuration is refused with file:line (exit 2
from the CLI)."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from vmodgen.audit import audit
from vmodgen.binding.file import describe, load_binding
from vmodgen.errors import InputError
from vmodgen.vassal.module import read_module

from conftest import shared_path

ROOT = Path(__file__).resolve().parents[1]

GOOD = """\
format = 1
rules = "generic"
name = "Hex Test"

[[side]]
id = "allied"
name = "Allied"
players = ["Allied"]

[[side]]
id = "axis"
name = "Axis"
players = ["Axis"]

[map]
maps = ["Main Map"]

[[class]]
name = "Allied units"
property = { side = "^Allied$" }
side = "allied"

[[class]]
name = "Axis units"
property = { side = "^Axis$" }
side = "axis"
movement = 4

[[terrain]]
id = "lake"
water = true
hexes = ["0101..0202"]

[turns]
source = "none"

[stacking]
limit = { value = 2, source = "test", assumption = true }
when = "always"

[zoc]
stop = true
"""


@pytest.fixture(scope="module")
def hextest():
    return read_module(shared_path("golden", "vassal-run", "HexTest.vmod"))


def write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "b.toml"
    p.write_text(text)
    return p


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def test_good_binding_reads_the_module(hextest, tmp_path):
    b = load_binding(write(tmp_path, GOOD), hextest)
    d = describe(b)
    # 640x600 board, dx 55.4, dy 64: hex centres on the board, labels as IDs
    assert d["pieces"] == {"allied": 2, "axis": 1}
    assert b.map.has_hex("0304") and b.map.has_hex("0101")
    assert set(b.map.neighbours("0304")) == {"0303", "0305", "0203", "0204", "0403", "0404"}
    assert b.map.terrain("0202") == "lake" and b.map.terrain("0303") == "clear"
    assert b.game.rules["stacking_limit"] == 2
    assert b.game.illustrative_rules == frozenset({"stacking_limit"})
    assert any("[stacking] limit = 2" in n for n in b.notes())
    assert b.player_side("Axis") == "axis"


def test_vassal_log_mixed_hex_found(hextest, shared, tmp_path):
    """VASSAL's moves.vlog drops 101st Grenadier (side Axis) onto 1st Infantry (Allied) in 0304
    (step 3), drags the stack to 0708 (step 7) and undoes that drag (step 8): the undone drag
    is no finding, and the stack back in 0304 is the violation of step 3, still standing."""
    b = load_binding(write(tmp_path, GOOD), hextest)
    r = audit([shared("golden", "vassal-run", "moves.vlog")], preset=(b, hextest))
    assert [(f.step, f.rule, f.hexes) for f in r.findings] == [(3, "GEN stacking", ("0304",))]
    assert "units of both sides" in r.findings[0].message
    assert sorted(r.findings[0].unit_names) == ["101st Grenadier", "1st Infantry"]


BAD = [
    # (replace this, with that, the line the message must point at (text on it), message part)
    ('limit = { value = 2, source = "test", assumption = true }', "limit = -1", "limit = -1",
     "may not be negative"),
    ('stop = true', "stopp = true", "stopp", "unknown rule parameter 'zoc_stopp' for the generic rule set; did you mean 'zoc_stop'?"),
    ('movement = 4', "movment = 4", "movment", "unknown key 'movment'"),
    ('property = { side = "^Axis$" }', 'property = { side = "^Axix$" }', "Axix",
     "matches no piece of the module"),
    ('property = { side = "^Allied$" }', 'property = { side = "^(Allied$" }', "^(Allied",
     "does not compile"),
    ('maps = ["Main Map"]', 'maps = ["Mian Map"]', "Mian Map", "no map 'Mian Map'"),
    ('side = "axis"\nmovement', 'side = "axes"\nmovement', 'side = "axes"', "no side 'axes'"),
    ('hexes = ["0101..0202"]', 'hexes = ["9999"]', "[[terrain]]", "names no hex"),
    ('when = "always"', 'when = "sometimes"', "when =", "must be one of"),
    ('source = "none"', 'source = "tracker"', "source =", "source must be"),
    ('stop = true', 'stop = true\nleave = "locked"', 'leave = "locked"',
     "[zoc] leave must be one of free, one_hex, never, not 'locked'"),
    ('movement = 4', "movement = 4\ncombat = -1", "combat = -1", "'combat' must be at least 0, not -1"),
    ('format = 1', 'format = 1\ncolour = "red"', "colour", "unknown key 'colour'"),
]


@pytest.mark.parametrize("old,new,where,msg", BAD, ids=[b[3] for b in BAD])
def test_bad_binding_refused_with_line(hextest, tmp_path, old, new, where, msg):
    assert old in GOOD
    text = GOOD.replace(old, new, 1)
    p = write(tmp_path, text)
    with pytest.raises(InputError) as exc:
        load_binding(p, hextest)
    err = str(exc.value)
    assert msg in err, err
    assert err.startswith(f"{p}:{line_of(text, where)}:"), err


def test_cli_refuses_bad_binding_with_exit_2(shared, tmp_path):
    text = GOOD.replace('limit = { value = 2, source = "test", assumption = true }', "limit = -3")
    p = write(tmp_path, text)
    run = subprocess.run([sys.executable, "-m", "vmodgen", "audit", "--module",
                          str(shared("golden", "vassal-run", "HexTest.vmod")), "--binding", str(p),
                          str(shared("golden", "vassal-run", "moves.vlog"))],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 2
    assert re.search(rf"{re.escape(str(p))}:{line_of(text, 'limit = -3')}: .*negative", run.stderr)
    assert run.stdout == ""


def test_unnumbered_grid_uses_raw_ids(shared, tmp_path):
    """Kassala's HexGrid has no numbering: hexes are CCRR of raw column/row, with true adjacency."""
    mod = read_module(shared("corpus", "kassala_Kassala.vmod"))
    text = (GOOD.replace('"Allied"]', '"Moslem"]').replace('"Axis"]', '"Christian"]')
            .replace('property = { side = "^Allied$" }', "folder = 'Moslem'")
            .replace('property = { side = "^Axis$" }', "folder = 'Christian'")
            .replace('maps = ["Main Map"]', 'maps = ["Main Map"]')
            .replace('hexes = ["0101..0202"]', 'hexes = ["0000"]'))
    b = load_binding(write(tmp_path, text), mod)
    assert len(b.map.hex_ids()) == 90                     # 9 columns x 10 rows on 2048x2593
    assert set(b.map.neighbours("0303")) == {"0302", "0304", "0203", "0204", "0403", "0404"}
    g = mod.maps["Main Map"].boards["Kassala"].grid
    x, y = g.hex_center(3, 3)
    assert b.hex_for("Main Map", x + 20, y - 20, None) == "0303"
    r = audit([shared("corpus", "kassala_Default_Setup.vsav")], preset=(b, mod))
    # the default setup stacks the three Moslem cannons in one hex: over this test's limit of 2
    assert [(f.rule, f.unit_names, f.details["points"]) for f in r.findings] == [
        ("GEN stacking", ("Moslem_Cannon_1-0",) * 3, 3)]


def test_assumption_list_and_edge_sources(hextest, tmp_path):
    text = GOOD.replace('format = 1', 'format = 1\nassumptions = ["zoc.stop", "supply.range"]') + \
        '\n[supply]\nrange = 2\nsources = "edge:west, hex:0505"\n'
    b = load_binding(write(tmp_path, text), hextest)
    assert b.game.illustrative_rules == frozenset({"stacking_limit", "zoc_stop", "supply_range"})
    terms = [t.strip() for t in b.game.rules["supply_sources"].split(",")]
    # the west edge of the 640x600 board: column 01, one hex per row
    assert terms == [f"hex:01{r:02d}" for r in range(10)] + ["hex:0505"]
    assert b.map.edge("north") == [f"{c:02d}00" for c in range(1, 12)]
    assert b.map.edge("east") == [f"11{r:02d}" for r in range(10)]
    bad = GOOD.replace('format = 1', 'format = 1\nassumptions = ["zoc.range"]')
    with pytest.raises(InputError, match=r"b.toml:2: 'assumptions' names 'zoc.range'"):
        load_binding(write(tmp_path, bad), hextest)


def test_state_key_drops_only_the_position_and_id():
    """Piece readings are cached by the state without map;x;y;gpid (flat and VASSAL 3.0 nested
    chains); an escaped or unusual innermost state keeps the whole chain."""
    from vmodgen.binding.pieces import state_key
    assert state_key("a\tb;c\tMain;10;20;g1;p") == state_key("a\tb;c\tOther;5;6;g2;p")
    assert state_key("a\tb;c\tMain;10;20;g1;p") != state_key("a\tb;d\tMain;10;20;g1;p")
    assert state_key("a\tb;c\tMain;10;20;g1;p") != state_key("a\tb;c\tMain;10;20;g1;q")
    nested = "\tfalse\\\t\\\\\t-1;\\\\\\\tnull;673;1124"
    assert state_key(nested) == state_key(nested.replace("673;1124", "315;385"))
    assert state_key("a\tMain;x;y") == "a\tMain;x;y"
    assert state_key("a\tMa\\in;1;2") == "a\tMa\\in;1;2"
