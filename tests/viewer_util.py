"""Shared by the replay-page tests: a short log of each bundled game (written with the log writer
against the module vmodgen builds, each with at least one rule broken, a flip, a die roll, chat and
an undo), a headless Chromium (Debian's ``chromium`` + ``chromium-driver`` through Selenium) or
the reason there is none, and the check that the page's counters stand where ``inspect`` says."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from vmodgen.vassal.inspecting import inspect_save
from vmodgen.testing.log_writer import LogWriter

CHROMIUM = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
DRIVER = ("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver")


def na41_log(kit, module: Path, out: Path) -> Path:
    """North Africa '41, S1: an overstack in Tobruk, a move on through an enemy ZOC (7.2), a unit
    left out of supply; a flip, a roll, chat and an undone move."""
    w = LogWriter.from_module_setup(module, "S1 Enter Rommel", kit=kit, player="Carol", player_id="pw-na41")
    w.move("20/9Aus", "3138").move("26/9Aus", "3138").move("PolBde", "0560").move("8MG", "3027")
    w.advance(2).move("3IndMot", "3026").move("3IndMot", "2925").flip("3IndMot")
    w.roll("2d6", [3, 5]).chat("your move").move("PolBde", "0660").undo()
    return w.advance(4).write(out)


def om_log(kit, module: Path, out: Path) -> Path:
    """Operation Mercury, scenario 3: B/22 NZ moves two hexes on GT1 (4.63); a roll, an undo."""
    w = LogWriter.from_module_setup(module, "Scenario 3: Maleme-Suda, May 20-23", kit=kit, player="Ann",
                                    player_id="pw-om")
    w.advance([p.id for p in kit.game.sequence.phases].index("allied-movement"))
    w.move("A-B-22-NZ", "W4313").move("A-B-22-NZ", "W4312").roll("1d6", [4]).chat("done")
    w.move("A-B-22-NZ", "W4313").undo()
    return w.advance(3).write(out)


def im_log(kit, module: Path, out: Path) -> Path:
    """Invasion: Malta: B/3 KOMR leaves its sector in the Combat Phase (4.52); a roll, an undo;
    E/74 joins it (a stack on the map: the scenario's set-up has none)."""
    w = LogWriter.from_module_setup(module, None, kit=kit, player="Carol", player_id="pw-im")
    w.set_turn(1, "Combat Phase").move("B/3 KOMR", "1516").roll("1d6", [2]).chat("retreat")
    w.move("B/3 KOMR", "1425").undo().move("E/74", "1516")
    return w.advance(1).advance(1).write(out)


LOGS = {"north-africa-41": na41_log, "operation-mercury": om_log, "invasion-malta": im_log}


def browser():
    """A headless Chromium driven by Selenium, or skip the test with the reason."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        pytest.skip("selenium is not installed (pip install '.[test]')")
    binary = next((p for p in CHROMIUM if Path(p).exists()), None) or shutil.which("chromium")
    driver = next((p for p in DRIVER if Path(p).exists()), None) or shutil.which("chromedriver")
    if binary is None or driver is None:
        pytest.skip("no browser: install Debian's chromium and chromium-driver "
                    "(apt-get install chromium chromium-driver; .ci/run does it)")
    opts = Options()
    opts.binary_location = binary
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1400,900", "--allow-file-access-from-files"):
        opts.add_argument(arg)
    return webdriver.Chrome(options=opts, service=Service(driver))


#: the page's counters as the DOM shows them, and each one's drawn centre against its map point
_PAGE_COUNTERS = """
const v = window.vmodgenViewer, out = {}, off = [];
for (const el of document.querySelectorAll('.pc')) {
  if (el.hidden) continue;
  out[el.dataset.id] = [el.dataset.map, +el.dataset.x, +el.dataset.y];
  const wrap = el.closest('.mapwrap');
  if (wrap.hidden) continue;
  const map = el.closest('.map').getBoundingClientRect(), r = el.getBoundingClientRect();
  const sp = +el.dataset.sp, so = JSON.parse(wrap.dataset.offset || '[2,-4]');
  const ex = (+el.dataset.x + sp * so[0]) * v.zoom(), ey = (+el.dataset.y + sp * so[1]) * v.zoom();
  const gx = r.left + r.width / 2 - map.left, gy = r.top + r.height / 2 - map.top;
  if (Math.abs(gx - ex) > 1.5 || Math.abs(gy - ey) > 1.5) off.push([el.dataset.id, gx, gy, ex, ey]);
}
return [out, off];
"""


def check_steps(driver, page: Path, chain: list[Path], module, picks: list[tuple[int, int]]) -> list[int]:
    """Open ``page``, go to each (file index, step) of ``picks`` in turn (forward and back in one
    visit) and compare every counter on a map with ``inspect --step``; returns the number of
    counters compared at each pick."""
    driver.get(page.resolve().as_uri())
    counts = []
    for fi, step in picks:
        frame = driver.execute_script("return vmodgenViewer.frameOf(arguments[0], arguments[1])", fi, step)
        driver.execute_script("vmodgenViewer.goTo(arguments[0])", frame)
        assert driver.execute_script("return vmodgenViewer.frame()") == frame
        shown, off = driver.execute_script(_PAGE_COUNTERS)
        want = {p["id"]: [p["map"], p["x"], p["y"]]
                for p in inspect_save(chain[fi], module, step)["pieces"] if p["map"] is not None}
        assert _unaliased(shown) == _unaliased(want), f"{chain[fi].name} step {step}: counters differ from inspect"
        assert off == [], f"{chain[fi].name} step {step}: counters drawn away from their point: {off[:3]}"
        counts.append(len(want))
    return counts


def _unaliased(counters: dict[str, list]) -> list:
    """The counters with each concealed piece's alias (numbered per output, so the page's and
    inspect's differ) made one: the places compared, as a sorted list."""
    return sorted((("(concealed)" if k.startswith("(concealed ") else k), v) for k, v in counters.items())
