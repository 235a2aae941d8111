"""Benchmark: VASSAL HexGrid port (labels and snaps per second), and decode + full replay of a
real play-by-email log with hex labels from its module.

    python bench/bench_hexgrid.py
"""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
SHARED = ROOT.parent / "shared"

from vmodgen.hexes.vassal_grid import HexGrid, HexNumbering  # noqa: E402


def bench_grid() -> None:
    grid = HexGrid(dx=55.42562584220407, dy=64.0, x0=-19, y0=32, size=(5000, 3500),
                   numbering=HexNumbering(h_off=0, v_off=1, stagger=False))
    rng = random.Random(1)
    pts = [(rng.randrange(0, 5000), rng.randrange(0, 3500)) for _ in range(200_000)]
    for what, fn in (("labels (locationName)", grid.location_name),
                     ("snaps (snapTo, 3.7 hexagon)", grid.snap_to)):
        t = time.perf_counter()
        for x, y in pts:
            fn(x, y)
        dt = time.perf_counter() - t
        print(f"{what:32s} {len(pts) / dt:12,.0f} per second")
    labels = [grid.location_name(*grid.hex_center(c, r)) for c in range(80) for r in range(50)]
    t = time.perf_counter()
    for label in labels:
        grid.get_location(label)
    dt = time.perf_counter() - t
    print(f"{'label -> pixel (getLocation)':32s} {len(labels) / dt:12,.0f} per second")


def bench_replay() -> None:
    log = SHARED / "corpus" / "tld_game_0606-1.log"
    vmod = SHARED / "corpus" / "tld_buildFile-only_stripped.vmod"
    if not log.exists() or not vmod.exists():
        print("replay: ../shared/corpus is absent, skipped")
        return
    try:
        from vmodgen.vassal.inspecting import inspect_save
    except ImportError as exc:
        print(f"replay: not available ({exc})")
        return
    from vmodgen.vassal.module import read_module
    module = read_module(vmod)
    runs = []
    for _ in range(5):
        t = time.perf_counter()
        result = inspect_save(log, module)
        runs.append(time.perf_counter() - t)
    labelled = sum(1 for p in result["pieces"] if p["hex"])
    print(f"tld_game_0606-1.log: read + decode + replay {result['steps']} steps with hex labels: "
          f"best {min(runs) * 1000:.1f} ms, median {sorted(runs)[2] * 1000:.1f} ms "
          f"({len(result['pieces'])} pieces, {labelled} with a label; goal < 100 ms)")


if __name__ == "__main__":
    bench_grid()
    bench_replay()
