"""`vmodgen oob`: order-of-battle references from the kits and from real modules (issue 8)."""
from __future__ import annotations

import csv
import io
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

import os
ENV = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}

from conftest import ROOT, shared_path
from vmodgen.model import bundled_kits, load_kit
from vmodgen.oob import kit_oob, module_oob, to_csv, to_html, to_json, write_oob
from vmodgen.vassal.module import read_module


@pytest.fixture(scope="module")
def kits():
    return {k: load_kit(p) for k, p in bundled_kits().items()}


@pytest.mark.parametrize("kit_id", ["operation-mercury", "invasion-malta", "north-africa-41"])
def test_csv_round_trips_with_one_row_per_roster_unit(kits, kit_id, tmp_path):
    kit = kits[kit_id]
    text = to_csv(kit_oob(kit, pictures=False))
    rows = list(csv.DictReader(io.StringIO(text, newline="")))
    assert [r["id"] for r in sorted(rows, key=lambda r: r["id"])] == sorted(u.id for u in kit.units)
    by_id = {r["id"]: r for r in rows}
    for u in kit.units:
        r = by_id[u.id]
        for f, v in u.front.items():
            assert r[f"front.{f}"] == str(v)
        for s, loc in u.setup.items():
            assert r[f"setup:{s}"] == loc
        assert set(filter(None, r["illustrative"].split(";"))) == set(u.illustrative)


def test_json_follows_the_model(kits):
    kit = kits["north-africa-41"]
    data = json.loads(to_json(kit_oob(kit, pictures=False)))
    units = [u for s in data["sides"] for f in s["formations"] for u in f["units"]]
    assert len(units) == len(kit.units)
    first = kit.units[0]
    got = next(u for u in units if u["id"] == first.id)
    assert got["front"] == first.front and got["side"] == first.side
    assert data["illustrative_note"]            # the kit has illustrative values and says so


@pytest.mark.parametrize("kit_id", ["operation-mercury", "north-africa-41"])     # IM's kit has none
def test_every_format_lists_each_scenario_arrival_with_its_turn_and_place(kits, kit_id, tmp_path):
    """A reinforcement written in the scenario file (OM's waves, not the roster's arrival
    columns) reaches JSON, Markdown and HTML, with its turn, place and illustrative mark."""
    from vmodgen.oob import to_markdown
    kit = kits[kit_id]
    oob = kit_oob(kit, pictures=False)
    expected = [(s, r) for s in kit.scenarios.values() for r in s.reinforcements]
    assert expected, kit_id
    units = {u["id"]: u for side in json.loads(to_json(oob))["sides"] for f in side["formations"]
             for u in f["units"]}
    md, _ = to_markdown(oob, None, "img")
    html = to_html(oob)
    for s, r in expected:
        assert {"scenario": s.id, "turn": r.turn, "at": r.location, "illustrative": r.illustrative} \
            in units[r.unit]["arrivals"]
        name = next(u.name for u in kit.units if u.id == r.unit)
        row = next(line for line in md.splitlines() if f"**{name}**" in line.replace("\\", ""))
        assert f"turn {r.turn}" in row.split("|")[-2], row
        assert f"turn {r.turn}" in html
    if any(r.illustrative for _, r in expected):
        assert "(illustrative)" in md and "(illustrative)" in html


def test_html_is_self_contained_with_both_sides_of_each_counter(kits, tmp_path):
    kit = kits["operation-mercury"]
    html = to_html(kit_oob(kit, cache_dir=tmp_path / "cache"))
    faces = len(kit.units) + sum(1 for u in kit.units if u.two_sided)
    assert html.count("src='data:image/png;base64,") == faces
    assert "http://" not in html and "https://" not in html and "src='/" not in html
    assert "ILLUSTRATIVE" in html
    for side in kit.game.sides.values():
        assert f">{side.name}</h2>" in html


def test_markdown_writes_the_images_it_links(kits, tmp_path):
    kit = kits["invasion-malta"]
    target = tmp_path / "im.md"
    written = write_oob(kit_oob(kit, cache_dir=tmp_path / "cache"), "md", target)
    text = target.read_text(encoding="utf-8")
    import re
    links = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", text)
    assert links and all((tmp_path / link).is_file() for link in links)
    assert len(written) - 1 == len({*links})
    assert Image.open(tmp_path / links[0]).size == (75, 75)


def test_module_oob_of_kassala_lists_its_36_pieces_with_pictures():
    path = shared_path("corpus", "kassala_Kassala.vmod")
    oob = module_oob(read_module(path), path)
    assert len(oob.pieces) == 36
    assert all(p.pngs and p.pngs[0] for p in oob.pieces)          # every piece has its picture
    rows = list(csv.DictReader(io.StringIO(to_csv(oob), newline="")))
    assert len(rows) == 36 and rows[0]["name"]


def test_module_oob_of_the_longest_day_lists_2070_pieces_and_their_properties():
    path = shared_path("corpus", "tld_buildFile-only_stripped.vmod")
    oob = module_oob(read_module(path), path)
    assert len(oob.pieces) == 2070
    data = json.loads(to_json(oob))
    assert sum(len(p["pieces"]) for p in data["palettes"]) == 2070
    assert any("American" in p["path"] for p in data["palettes"])


def test_cli_writes_each_format(tmp_path):
    for fmt in ("html", "md", "csv", "json"):
        out = tmp_path / f"o.{fmt}"
        run = subprocess.run([sys.executable, "-m", "vmodgen", "oob", str(ROOT / "tests/data/minikit"),
                              "--format", fmt, "-o", str(out)], capture_output=True, text=True, cwd=tmp_path, env=ENV)
        assert run.returncode == 0, run.stderr
        assert out.stat().st_size > 100


def test_cli_bad_source_exits_2(tmp_path):
    run = subprocess.run([sys.executable, "-m", "vmodgen", "oob", "no-such-kit"], capture_output=True, text=True,
                         cwd=tmp_path, env=ENV)
    assert run.returncode == 2 and "no-such-kit" in run.stderr and "Traceback" not in run.stderr


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed (apt-get install chromium)")
def test_html_screenshot_in_a_real_browser_shows_the_counters(kits, tmp_path):
    kit = kits["north-africa-41"]
    page = tmp_path / "oob.html"
    write_oob(kit_oob(kit, cache_dir=tmp_path / "cache"), "html", page)
    shot = tmp_path / "shot.png"
    subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    f"--user-data-dir={tmp_path / 'profile'}", "--window-size=1200,1600",
                    f"--screenshot={shot}", page.as_uri()], capture_output=True, timeout=120)
    assert shot.is_file()
    img = Image.open(shot).convert("RGB")
    first_unit = kit_oob(kit, pictures=False).sides[0].groups[0].units[0].unit
    want = kit.game.nationalities[first_unit.nationality].color.lstrip("#")
    target = tuple(int(want[i:i + 2], 16) for i in (0, 2, 4))
    colors = img.getcolors(maxcolors=1 << 20) or []
    close = sum(n for n, c in colors if all(abs(a - b) <= 6 for a, b in zip(c, target)))
    assert close > 500, f"no counter background colour {target} in the screenshot"
