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
        from vmodgen.vassal.replay import replay
    except ImportError as exc:
        print(f"replay: not available ({exc})")
        return
    from vmodgen.vassal.inspecting import inspect_save
    from vmodgen.vassal.module import read_module
    from vmodgen.vassal.savefile import read_save

    def timed(fn, runs: int = 7) -> tuple[float, float, object]:
        times, out = [], None
        for _ in range(runs):
            t = time.perf_counter()
            out = fn()
            times.append(time.perf_counter() - t)
        return min(times) * 1000, sorted(times)[runs // 2] * 1000, out

    def run_replay():
        module = read_module(vmod)          # fresh: no memoised labels between runs
        rp = replay(read_save(log), locate=module.locate, apply_boards=module.apply_board_command)
        return rp, sum(1 for m in (mv for s in rp.steps for mv in s.moves) if m.new_label)

    best, median, (rp, labelled) = timed(run_replay)
    print(f"tld_game_0606-1.log read + decode + replay of {len(rp.steps)} steps with hex labels "
          f"({labelled} labelled moves): best {best:.0f} ms, median {median:.0f} ms (goal < 100 ms)")
    module = read_module(vmod)
    best, median, d = timed(lambda: inspect_save(log, module), runs=3)
    print(f"vmodgen inspect (the above + names and properties of all {len(d['pieces'])} pieces): "
          f"best {best:.0f} ms, median {median:.0f} ms")


if __name__ == "__main__":
    bench_grid()
    bench_replay()
