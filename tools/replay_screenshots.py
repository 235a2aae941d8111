#!/usr/bin/env python3
"""Write the README's pictures of the replay page, ``docs/img/replay-na41.png`` and
``docs/img/replay-tld.png``: the page of a North Africa '41 log (the tests' log, written against
the module vmodgen builds) and of the four public TLD logs, each opened at a finding, in headless
Chromium (Debian's ``chromium`` and ``chromium-driver``).

Run from the project root: ``python tools/replay_screenshots.py`` (needs ``../shared``).
"""
from __future__ import annotations

import io
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from PIL import Image  # noqa: E402

from viewer_util import browser, na41_log  # noqa: E402
from vmodgen.builder.build import build_kit  # noqa: E402
from vmodgen.model.kit import load_kit  # noqa: E402
from vmodgen.viewer import replay_page  # noqa: E402

SHARED = ROOT.parent / "shared" / "corpus"
OUT = ROOT / "docs" / "img"


def shoot(driver, page: Path, finding: int, out: Path) -> None:
    driver.get(page.resolve().as_uri())
    driver.execute_script("document.querySelectorAll('#findings a')[arguments[0]].click()", finding)
    png = driver.get_screenshot_as_png()
    Image.open(io.BytesIO(png)).convert("RGB").quantize(colors=128).save(out, optimize=True)
    print(out, out.stat().st_size)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    driver = browser()
    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        kit = load_kit("north-africa-41")
        module = build_kit(kit, t / "build", cache_dir=t / "cache").path
        log = na41_log(kit, module, t / "na41.vlog")
        page = t / "na41.html"
        page.write_text(replay_page([str(log)], module=str(module)), encoding="utf-8")
        shoot(driver, page, 1, OUT / "replay-na41.png")
        chain = [str(SHARED / f"tld_game_0606-{i}.log") for i in range(1, 5)]
        page = t / "tld.html"
        page.write_text(replay_page(chain, module=str(SHARED / "tld_buildFile-only_stripped.vmod"),
                                    binding=str(ROOT / "examples" / "tld" / "binding.toml")), encoding="utf-8")
        shoot(driver, page, 0, OUT / "replay-tld.png")
    driver.quit()


if __name__ == "__main__":
    main()
