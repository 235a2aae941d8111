"""The replay page in a real browser (headless Chromium): it loads from file://, steps to a
position, and every counter on a map stands where ``vmodgen inspect --step N`` puts it (map, x,
y), drawn at that point of the map (plus its stack offset), at 5 chosen steps of the public TLD
chain (four logs, a module vmodgen did not build) and of a log of each bundled game. Skipped with
the reason where no browser is installed."""
from __future__ import annotations

from pathlib import Path

import pytest

from bundled_module_util import bundled_module
from conftest import shared_path
from viewer_util import LOGS, browser, check_steps
from vmodgen.vassal.inspecting import inspect_save
from vmodgen.vassal.module import read_module
from vmodgen.viewer import replay_page

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def driver():
    d = browser()
    yield d
    d.quit()


@pytest.fixture(scope="module")
def tld(tmp_path_factory):
    """The page of the four public TLD logs (with the example binding's findings)."""
    chain = [shared_path("corpus", f"tld_game_0606-{i}.log") for i in range(1, 5)]
    module = shared_path("corpus", "tld_buildFile-only_stripped.vmod")
    page = tmp_path_factory.mktemp("viewer-tld") / "tld.html"
    page.write_text(replay_page([str(p) for p in chain], module=str(module),
                                binding=str(ROOT / "examples" / "tld" / "binding.toml")), encoding="utf-8")
    return chain, module, page


def test_tld_chain_positions_match_inspect(driver, tld):
    chain, module, page = tld
    assert page.stat().st_size < 3_000_000          # "a few MB" at most: deltas, not states
    # mid-chain, back to the air drop, the chain's very end, back into file 1 and to the start
    # of file 2 (forward and back: the page's way back is worked out from the deltas)
    picks = [(2, 250), (0, 65), (3, 74), (0, 700), (1, 0)]
    counts = check_steps(driver, page, chain, read_module(module), picks)
    assert all(n > 1000 for n in counts)             # the whole Normandy set-up is on the maps


@pytest.mark.parametrize("kit_id", sorted(LOGS))
def test_bundled_game_positions_match_inspect(driver, kit_id, tmp_path_factory):
    kit, module, root = bundled_module(kit_id, tmp_path_factory, f"viewer-{kit_id}")
    log = LOGS[kit_id](kit, module, root / "game.vlog")
    page = root / "game.html"
    page.write_text(replay_page([str(log)], module=str(module)), encoding="utf-8")
    driver.get(page.resolve().as_uri())
    n = driver.execute_script("return vmodgenViewer.count()")
    picks = [(0, n // 2), (0, 0), (0, n - 1), (0, 2), (0, n - 3)]     # forward and back
    counts = check_steps(driver, page, [log], read_module(module), picks)
    assert min(counts) > 10
    # the board is the module's own art, the counters the module's own images
    boards, imgs = driver.execute_script(
        "return [document.querySelectorAll('img.board').length, document.querySelectorAll('.pc img').length]")
    assert boards >= 1 and imgs >= min(counts)
    # hovering the top of a stack names the pieces under it too
    top = driver.execute_script("""
      const all = Array.from(document.querySelectorAll('.pc')).filter(e => !e.hidden);
      const el = all.filter(e => +e.dataset.sp > 0).sort((a, b) => b.dataset.sp - a.dataset.sp)[0];
      if (!el) return null;
      const wraps = Array.from(document.querySelectorAll('.mapwrap'));
      vmodgenViewer.showMap(wraps.indexOf(el.closest('.mapwrap')));
      el.scrollIntoView({block: 'center', inline: 'center'});
      const b = el.getBoundingClientRect();
      el.dispatchEvent(new MouseEvent('mousemove', {clientX: b.left + b.width / 2, clientY: b.top + b.height / 2, bubbles: true}));
      const under = all.filter(e => e !== el && e.dataset.x === el.dataset.x && e.dataset.y === el.dataset.y
                                   && e.dataset.map === el.dataset.map);
      return [document.getElementById('tip').innerText, under.map(e => vmodgenViewer.look(e.dataset.id).name)];""")
    assert top is not None, "a stack on a map"
    text, under = top
    assert under and all(name in text for name in under), (text, under)
    # a finding is listed; its link jumps to its step and highlights its hexes
    assert driver.execute_script("return document.querySelectorAll('#findings a').length") >= 1
    driver.execute_script("document.querySelector('#findings a').click()")
    assert driver.execute_script("return document.querySelectorAll('.hl polygon').length") >= 1
    # the address the audit report links to opens the page at the finding, its hexes outlined
    last = driver.execute_script("return document.querySelectorAll('#findings a').length") - 1
    frame = driver.execute_script("return +document.querySelectorAll('#findings li')[arguments[0]].dataset.frame", last)
    driver.get(page.resolve().as_uri() + f"#step={frame}&finding={last}")
    driver.refresh()
    assert driver.execute_script("return vmodgenViewer.frame()") == frame
    assert driver.execute_script("return document.querySelectorAll('.hl polygon').length") >= 1
    assert driver.execute_script("return document.querySelectorAll('#findings li.on').length") >= 1


def test_controls_keyboard_bookmarks_and_hover(driver, tld):
    """Arrow keys step, End goes to the last position, PageDown to the next bookmark (file 2
    starts at one), the slider jumps; hovering a counter names it with its side, hovering a hex
    names it; a finding's link jumps to its step and outlines its hex."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    chain, module, page = tld
    driver.get(page.resolve().as_uri())
    frame = lambda: driver.execute_script("return vmodgenViewer.frame()")   # noqa: E731
    body = driver.find_element(By.TAG_NAME, "body")
    assert frame() == 0
    body.send_keys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_LEFT)
    assert frame() == 2
    body.send_keys(Keys.END)
    n = driver.execute_script("return vmodgenViewer.count()")
    assert frame() == n - 1
    body.send_keys(Keys.HOME)
    file2 = driver.execute_script("return vmodgenViewer.frameOf(1, 0)")
    marks = sorted({b for b in driver.execute_script(
        "return Array.from(document.querySelectorAll('#bookmarks option')).map(o => +o.value).filter(v => v > 0)")})
    for _ in range(len(marks)):
        if frame() >= file2:
            break
        body.send_keys(Keys.PAGE_DOWN)
    assert frame() == file2 and file2 in marks
    driver.execute_script("const s = document.getElementById('slider'); s.value = 65; "
                          "s.dispatchEvent(new Event('input'))")
    assert frame() == 65
    # the finding at step 65 of file 1 (3522, units of both sides): its link outlines the hex
    link = driver.find_elements(By.CSS_SELECTOR, "#findings a")[0]
    assert "step 65" in link.text
    link.click()
    assert frame() == 65
    assert driver.execute_script("return document.querySelectorAll('.hl polygon').length") == 1
    # hover: a unit counter of the visible map (its name and side), then a bare hex (its label)
    pid = driver.execute_script("""
      const w = Array.from(document.querySelectorAll('.mapwrap')).find(w => !w.hidden);
      const r = w.getBoundingClientRect();
      const el = Array.from(w.querySelectorAll('.pc')).find(e => { const b = e.getBoundingClientRect();
        return !e.hidden && vmodgenViewer.look(e.dataset.id).side && e.dataset.sp === '0' && b.left > r.left && b.right < r.right - 20 && b.top > r.top && b.bottom < r.bottom - 20 &&
               document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2).closest('.pc') === e; });
      el.scrollIntoView({block: 'center', inline: 'center'});
      return el.dataset.id;""")
    el = driver.find_element(By.CSS_SELECTOR, f".pc[data-id='{pid}']")
    ActionChains(driver).move_to_element(el).perform()
    tip = driver.find_element(By.ID, "tip")
    look = driver.execute_script("return vmodgenViewer.look(arguments[0])", pid)
    assert tip.is_displayed() and look["name"] in tip.text and f"side: {look['side']}" in tip.text, tip.text
    where = next(p["hex"] for p in inspect_save(chain[0], read_module(module), 65)["pieces"] if p["id"] == pid)
    assert where and f"hex {where}" in driver.find_element(By.ID, "status").text
    # a hex with no counter under the mouse: its label in the tip
    driver.execute_script("vmodgenViewer.goTo(0)")
    driver.execute_script("""
      const w = Array.from(document.querySelectorAll('.mapwrap')).find(w => !w.hidden), r = w.getBoundingClientRect();
      for (let y = r.top + 40; y < r.bottom - 40; y += 7) for (let x = r.left + 40; x < r.right - 40; x += 7) {
        const e = document.elementFromPoint(x, y);
        if (e && e.tagName === 'CANVAS') {
          e.dispatchEvent(new MouseEvent('mousemove', {clientX: x, clientY: y, bubbles: true}));
          if (!document.getElementById('tip').hidden) return;
        }
      }""")
    assert tip.is_displayed() and tip.text.startswith("hex "), tip.text
    assert tip.text in driver.find_element(By.ID, "status").text


def test_undone_steps_shown_as_undone(driver, tmp_path_factory, monkeypatch):
    """A step an undo took back (the replay's ``Step.undone_by``, set by the replay that pairs
    undos: the log's undo takes back the step just before it) is marked in the page: a badge at
    that step and its chat line struck through."""
    from selenium.webdriver.common.by import By

    from viewer_util import na41_log
    kit, module, root = bundled_module("north-africa-41", tmp_path_factory, "viewer-undone")
    log = na41_log(kit, module, root / "game.vlog")
    page = root / "game.html"
    page.write_text(replay_page([str(log)], module=str(module)), encoding="utf-8")
    driver.get(page.resolve().as_uri())
    undone = driver.execute_script("""
      const d = JSON.parse(document.getElementById('replay-data').textContent);
      return d.frames.map((f, i) => f.undone ? i : -1).filter(i => i >= 0);""")
    assert len(undone) == 1
    driver.execute_script("vmodgenViewer.goTo(arguments[0])", undone[0])
    assert "undone later" in driver.find_element(By.ID, "badges").text
    assert driver.execute_script("return document.querySelectorAll('#chat .undone').length") >= 1
    driver.execute_script("vmodgenViewer.goTo(arguments[0])", undone[0] + 1)
    assert "undo" in driver.find_element(By.ID, "badges").text


def test_page_opens_on_the_map_where_play_happens(driver, tld, tmp_path_factory):
    """A page opens on the map most moves land on, not the map with most pieces: in the real VASSAL
    log na41-clean (3 Aufkl moves 1503 -> 0803 on the West map) the sheet of off-map boxes holds
    more counters at the start, and the page opened there. The TLD chain opens on Normandy."""
    kit, module, root = bundled_module("north-africa-41", tmp_path_factory, "viewer-opens")
    page = root / "na41-clean.html"
    page.write_text(replay_page([str(ROOT / "tests" / "data" / "recorded" / "na41-clean.vlog")], module=str(module)),
                    encoding="utf-8")
    driver.get(page.resolve().as_uri())
    assert driver.execute_script("return vmodgenViewer.shownMap()") == "West map (Cyrenaica)"
    driver.get(tld[2].resolve().as_uri())
    assert driver.execute_script("return vmodgenViewer.shownMap()") == "Normandy"
