"""``vmodgen bind``: starter bindings for The Longest Day (sides from the roster, classes by
palette folder, extent from a log), Kassala (no hex numbering: raw IDs) and the golden HexTest
module (sides from a Marker property that overrides the folder), each loading back; ``--game``
matches a module's piece names to a kit's roster."""
from __future__ import annotations

import json
import subprocess
import sys
import tomllib

import pytest

from vmodgen.binding import fuzzy
from vmodgen.binding.file import describe, load_binding
from vmodgen.binding.starter import generic_starter
from vmodgen.vassal.module import read_module

from conftest import DATA, ROOT, shared_path


def bind(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "vmodgen", "bind", *args], capture_output=True, text=True, cwd=ROOT)


def test_tld_starter_from_cli(tmp_path):
    vmod = shared_path("corpus", "tld_buildFile-only_stripped.vmod")
    log = shared_path("corpus", "tld_game_0606-4.log")
    out = tmp_path / "tld.toml"
    run = bind(str(vmod), "--rules", "generic", "--log", str(log), "-o", str(out))
    assert run.returncode == 0, run.stderr
    data = tomllib.loads(out.read_text())
    assert [s["name"] for s in data["side"]] == ["Allies", "Germans"]
    assert data["map"]["maps"] == ["Normandy"] and len(data["map"]["extent"]) == 2
    folders = {c["name"]: c.get("folder") for c in data["class"]}
    assert folders["Allies units (palette folders)"] == "^(Pieces/British|Pieces/American)(/|$)"
    assert folders["Germans units (palette folders)"] == "^Pieces/German(/|$)"
    assert folders["air (folder names)"] == "(^|/)Air$" and folders["hq (folder names)"] == "(^|/)Corps$"
    # 40 before the Ragnarok branch: 17 of them nest the prototype 'Marker', which the starter's
    # marker class ignores, so their side is no question left to the player
    assert "not inferred: the side of 23 palette piece(s) in Pieces/Other/Fortifications" in run.stderr
    assert data["class"][-1]["prototype"] == "^Marker$" and data["class"][-1]["ignore"] is True
    assert all(v["assumption"] for t in ("stacking", "zoc") for v in data[t].values())
    # the unnamed "Flip" layer is inactive in the palette: active = the back side
    assert data["pieces"]["reduced"] == {"property": {"_Active": "true"}}
    mod = read_module(vmod)
    d = describe(load_binding(out, mod))
    assert d["pieces"]["allies"] == 982 and d["pieces"]["germans"] == 1048
    check = bind(str(vmod), "--check", str(out))
    assert check.returncode == 0 and "palette pieces: allies 982" in check.stdout


def test_tld_starter_without_log_says_extent_is_missing():
    mod = read_module(shared_path("corpus", "tld_buildFile-only_stripped.vmod"))
    st = generic_starter(mod)
    assert any("extent" in m for m in st.missing)
    assert "# extent = [" in st.text


def test_kassala_starter_raw_ids(tmp_path):
    mod = read_module(shared_path("corpus", "kassala_Kassala.vmod"))
    st = generic_starter(mod)
    p = tmp_path / "k.toml"
    p.write_text(st.text)
    b = load_binding(p, mod)
    assert describe(b)["pieces"] == {"christian": 16, "moslem": 20}
    assert "raw column and row" in st.text and len(b.map.hex_ids()) == 90


def test_hextest_starter_property_wins_over_folder(tmp_path):
    """HexTest's "101st Grenadier" sits in the Allied folder but its Marker property says Axis."""
    mod = read_module(shared_path("golden", "vassal-run", "HexTest.vmod"))
    st = generic_starter(mod)
    p = tmp_path / "h.toml"
    p.write_text(st.text)
    b = load_binding(p, mod)
    from vmodgen.binding.pieces import resolve
    got = {s.facts.name: resolve(b.spec.classes, s.facts)[0].get("side") for s in b.slots.slots}
    assert got == {"1st Infantry": "allied", "2nd Armor": "allied", "101st Grenadier": "axis"}
    assert any("Marker property 'side'" in i for i in st.inferred)


def test_bind_needs_one_mode():
    run = bind(str(shared_path("golden", "vassal-run", "HexTest.vmod")))
    assert run.returncode == 2 and "--rules generic or --game KIT" in run.stderr


@pytest.fixture(scope="module")
def minikit_module(tmp_path_factory):
    from bundled_module_util import bundled_module
    kit, module, _ = bundled_module(str(DATA / "minikit"), tmp_path_factory, "bindkit")
    return kit, module


def test_game_starter_matches_roster(minikit_module, tmp_path):
    kit, vmod = minikit_module
    out = tmp_path / "kb.toml"
    run = bind(str(vmod), "--game", str(DATA / "minikit"), "-o", str(out))
    assert run.returncode == 0, run.stderr
    data = tomllib.loads(out.read_text())
    assert data["units"] == {"1/1 Inf": "R1", "2/1 Inf": "R2", "1 Tank": "R3", "Blue HQ": "B1", "Blue Inf": "B2"}
    assert "1 piece(s) match no unit of the kit: Out of supply" in run.stderr
    b = load_binding(out, read_module(vmod))
    assert b.kit_id == "minikit" and describe(b)["pieces"] == {"unit": 5, "unmatched": 1}


def test_fuzzy_names():
    units = {"R1": "1/1 Infantry Bn", "R3": "1st Panzer Regiment", "B9": "Blue HQ"}
    assert fuzzy.best_match("1/1 inf. bn", units) == "R1"
    assert fuzzy.best_match("1 Pz Rgt", units) == "R3"
    assert fuzzy.best_match("HQ, Blue", units) == "B9"       # words in another order
    assert fuzzy.best_match("2/1 Inf Bn", units) is None
    assert fuzzy.matches_side("Pieces/American", "Allies") and fuzzy.matches_side("German", "Germans")
    assert not fuzzy.matches_side("German", "Allies")


def test_tour_starter_top_level_folder_is_usable_and_audit_says_nothing_judged(tmp_path):
    """A kind read from a top-level palette folder ("Counters", no parent) gives a pattern that
    matches it, so the starter binding loads; with no piece of the log recognised as a unit,
    the audit says "partial ... nothing was judged" under its count, in text and JSON."""
    mod, log = shared_path("corpus", "vassal_tour.mod"), shared_path("corpus", "vassal_tour.log")
    out = tmp_path / "tour.toml"
    run = bind(str(mod), "--rules", "generic", "-o", str(out))
    assert run.returncode == 0, run.stderr
    folders = {c["name"]: c.get("folder") for c in tomllib.loads(out.read_text())["class"]}
    assert folders["marker (folder names)"] == "(^|/)Counters$"
    audit = [sys.executable, "-m", "vmodgen", "audit", "--module", str(mod), "--binding", str(out), str(log)]
    text = subprocess.run(audit, capture_output=True, text=True, cwd=ROOT)
    assert text.returncode == 0, text.stderr
    lines = text.stdout.splitlines()
    count = next(i for i, l in enumerate(lines) if l.startswith("0 findings"))
    assert lines[count + 1].startswith("partial: no piece was recognised as a unit (of 21 piece(s))")
    js = subprocess.run(audit + ["--format", "json"], capture_output=True, text=True, cwd=ROOT)
    assert json.loads(js.stdout)["partial"].startswith("partial: no piece was recognised")
