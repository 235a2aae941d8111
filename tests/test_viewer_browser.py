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
from vmodgen.vassal.module import read_module
from vmodgen.viewer import replay_page

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def driver():
    d = browser()
    yield d
    d.quit()


def test_tld_chain_positions_match_inspect(driver, tmp_path):
    chain = [shared_path("corpus", f"tld_game_0606-{i}.log") for i in range(1, 5)]
    module = shared_path("corpus", "tld_buildFile-only_stripped.vmod")
    page = tmp_path / "tld.html"
    page.write_text(replay_page([str(p) for p in chain], module=str(module),
                                binding=str(ROOT / "examples" / "tld" / "binding.toml")), encoding="utf-8")
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
    # a finding is listed; its link jumps to its step and highlights its hexes
    assert driver.execute_script("return document.querySelectorAll('#findings a').length") >= 1
    driver.execute_script("document.querySelector('#findings a').click()")
    assert driver.execute_script("return document.querySelectorAll('.hl polygon').length") >= 1
