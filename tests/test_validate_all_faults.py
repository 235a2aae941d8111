"""``vmodgen validate`` reports every fault it can (issue 18): several faults in game.toml and
the roster come out together, each with its file and line, also as JSON; a ``;``-separated
roster (European spreadsheets) loads; an unclosed quote is reported where it opens."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import ROOT
from vmodgen.cli import main
from vmodgen.errors import InputError
from vmodgen.model import load_kit
from vmodgen.model.csvfile import sniff_delimiter, unclosed_quote_line

MINIKIT = ROOT / "tests" / "data" / "minikit"


@pytest.fixture
def kit(tmp_path: Path) -> Path:
    d = tmp_path / "kit"
    shutil.copytree(MINIKIT, d)
    return d


def _line_of(path: Path, needle: str) -> int:
    return next(i for i, t in enumerate(path.read_text().splitlines(), 1) if needle in t)


def _break(kit: Path) -> None:
    g = kit / "game.toml"
    g.write_text(g.read_text().replace('symbol = "armor"', 'symbol = "armr"', 1))
    r = kit / "roster.csv"
    lines = r.read_text().splitlines()
    lines[2] = lines[2].replace("redland", "purpleland")      # line 3
    lines[4] = lines[4].replace(",0,1,3,1,", ",0,1,x,1,")       # line 5: movement not a number
    r.write_text("\n".join(lines) + "\n")


def test_every_fault_is_reported_with_its_line(kit, capsys):
    _break(kit)
    with pytest.raises(SystemExit) as info:
        main(["validate", str(kit)])
    assert info.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    g, r = kit / "game.toml", kit / "roster.csv"
    assert any(f"{g}:{_line_of(g, 'armr')}:" in e and "armr" in e for e in err), err
    assert any(f"{r}:3:" in e and "purpleland" in e for e in err), err
    assert any(f"{r}:5:" in e and "front.movement" in e for e in err), err
    assert all(e.startswith("vmodgen: ") for e in err)


def test_json_lists_the_faults(kit, capsys):
    _break(kit)
    with pytest.raises(SystemExit) as info:
        main(["validate", str(kit), "--json"])
    assert info.value.code == 2
    data = json.loads(capsys.readouterr().out)
    assert data[0]["valid"] is False
    lines = {(Path(p["file"]).name, p["line"]) for p in data[0]["problems"]}
    assert {("roster.csv", 3), ("roster.csv", 5)} <= lines
    assert any(name == "game.toml" for name, _ in lines)


def test_without_collecting_the_first_fault_is_raised(kit):
    _break(kit)
    with pytest.raises(InputError, match="armr"):
        load_kit(kit)


def test_semicolon_roster_loads_like_the_comma_one(kit):
    before = load_kit(kit)
    r = kit / "roster.csv"
    text = r.read_text()
    # ';' between cells; a cell holding ';' (a flag list) is quoted, as spreadsheets save it
    rows = []
    for ln in text.splitlines():
        cells = ln.split(",")
        rows.append(";".join(f'"{c}"' if ";" in c else c for c in cells))
    r.write_text("\n".join(rows) + "\n")
    after = load_kit(kit)
    assert [(u.id, u.front, u.back, u.flags, u.setup) for u in after.units] == [
        (u.id, u.front, u.back, u.flags, u.setup) for u in before.units]


def test_sniffing_looks_outside_quotes():
    assert sniff_delimiter('id;name;"a,b,c"\n') == ";"
    assert sniff_delimiter('id,name,"a;b;c"\n') == ","
    assert sniff_delimiter("id\tname\tside\n") == "\t"
    assert sniff_delimiter("id\n") == ","


def test_unclosed_quote_is_reported_where_it_opens(kit):
    r = kit / "roster.csv"
    lines = r.read_text().splitlines()
    lines[2] = lines[2].replace("2/1 Inf", '"2/1 Inf')              # line 3 opens a quote, never closed
    r.write_text("\n".join(lines) + "\n")
    assert unclosed_quote_line(r.read_text(), ",") == 3
    with pytest.raises(InputError) as e:
        load_kit(kit)
    assert e.value.line == 3 and "closing quote is missing" in e.value.message
    assert len(lines) > 4            # the reader itself fails at the last line, not at 3
