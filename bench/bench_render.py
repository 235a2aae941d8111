"""Render benchmark: every counter face of the bundled kits (goal >= 300 faces/s at 75 px),
every map board at the kit's hex size (goal < 5 s per sheet), a rebuild of all faces with
nothing changed through the disk cache (goal < 1 s) and the print-and-play PDF.

    python bench/bench_render.py
"""
from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from vmodgen.model.kit import bundled_kits, load_kit  # noqa: E402
from vmodgen.render import text  # noqa: E402
from vmodgen.render.board import render_board  # noqa: E402
from vmodgen.render.cache import CounterCache  # noqa: E402
from vmodgen.render.counters import counter_px, render_counter, render_marker  # noqa: E402
from vmodgen.render.sheet_pdf import counter_sheet_pdf  # noqa: E402


def faces(kits, px: int) -> tuple[int, float]:
    t = time.perf_counter()
    n = 0
    for kit in kits:
        for u in kit.units:
            render_counter(kit.game, u, "front", px)
            render_counter(kit.game, u, "back", px)
            n += 2
        for m in kit.game.markers.values():
            render_marker(kit.game, m, px)
            n += 1
    return n, time.perf_counter() - t


def main() -> None:
    kits = [load_kit(p) for p in bundled_kits().values()]
    if not kits:
        print("no bundled kits")
        return
    for k in kits:
        print(f"kit {k.id}: {len(k.units)} units, {len(k.game.markers)} markers, "
              f"{len(k.map.sheets)} sheets, counter {k.game.counter_size_mm} mm")
    for label in ("cold (empty font/text caches)", "warm"):
        if label.startswith("cold"):
            text.font.cache_clear(), text.text_mask.cache_clear(), text.fit_size.cache_clear()
            text.text_size.cache_clear()
        n, dt = faces(kits, 75)
        print(f"counter faces at 75 px, {label}: {n} faces in {dt:.2f} s = {n / dt:.0f} faces/s (goal >= 300)")
    n, dt = 0, 0.0
    for kit in kits:
        px = counter_px(kit.game, 300)
        t = time.perf_counter()
        for u in kit.units:
            render_counter(kit.game, u, "front", px)
            render_counter(kit.game, u, "back", px)
            n += 2
        dt += time.perf_counter() - t
    print(f"counter faces at 300 dpi: {n} faces in {dt:.2f} s = {n / dt:.0f} faces/s")

    with tempfile.TemporaryDirectory() as tmp:
        cache = CounterCache(tmp)
        t = time.perf_counter()
        for kit in kits:
            for u in kit.units:
                for side in ("front", "back"):
                    cache.counter_png(kit.game, u, side, 75)
            for m in kit.game.markers.values():
                cache.marker_png(kit.game, m, 75)
        first = time.perf_counter() - t
        again = CounterCache(tmp)
        t = time.perf_counter()
        for kit in kits:
            for u in kit.units:
                for side in ("front", "back"):
                    again.counter_png(kit.game, u, side, 75)
            for m in kit.game.markers.values():
                again.marker_png(kit.game, m, 75)
        second = time.perf_counter() - t
        print(f"cached build: first {cache.misses} drawn in {first:.2f} s; rebuild with nothing changed "
              f"{again.hits} hits, {again.misses} drawn in {second:.3f} s (goal < 1 s)")

    for kit in kits:
        for sid in kit.map.sheets:
            t = time.perf_counter()
            im = render_board(kit.game, kit.map, sid)
            dt = time.perf_counter() - t
            print(f"board {kit.id}/{sid}: {im.size[0]}x{im.size[1]} px, "
                  f"{len(kit.map.sheets[sid].scheme.hexes())} hexes in {dt:.2f} s (goal < 5 s)")

    for kit in kits:
        t = time.perf_counter()
        data = counter_sheet_pdf(kit.game, kit.units)
        dt = time.perf_counter() - t
        print(f"counter sheet {kit.id}: {len(data) / 1e3:.0f} kB vector PDF (A4) in {dt:.2f} s")


if __name__ == "__main__":
    main()
