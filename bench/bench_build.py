"""Cold and warm `vmodgen build` of the largest bundled kit (issue 5 goals: < 15 s cold, < 2 s warm).

    python bench/bench_build.py [KIT]

Cold = empty output and counter cache; warm = a second build with nothing changed.
Also times a rebuild after one roster value changed (only that counter is redrawn)."""
from __future__ import annotations

import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from vmodgen.builder.build import build_kit  # noqa: E402
from vmodgen.model import bundled_kits, load_kit  # noqa: E402


def main() -> None:
    kits = bundled_kits()
    if len(sys.argv) > 1:
        kit_id = sys.argv[1]
    else:  # the largest: most counters plus hexes
        kit_id = max(kits, key=lambda k: (lambda kit: len(kit.units) * 50 + len(kit.map.index))(load_kit(kits[k])))
    out = Path(tempfile.mkdtemp(prefix="vmodgen-bench-"))
    try:
        t = time.perf_counter()
        kit = load_kit(kits[kit_id])
        load_s = time.perf_counter() - t
        t = time.perf_counter()
        r = build_kit(kit, out)
        cold = time.perf_counter() - t
        t = time.perf_counter()
        kit2 = load_kit(kits[kit_id])
        r2 = build_kit(kit2, out)
        warm = time.perf_counter() - t
        t = time.perf_counter()
        r3 = build_kit(kit2, out, force=True)        # everything re-assembled, counters from the cache
        cached = time.perf_counter() - t
        size = r.path.stat().st_size
        print(f"kit {kit_id}: {len(kit.units)} counters, {len(kit.map.index)} hexes, {len(kit.scenarios)} scenarios")
        print(f"load kit           {load_s * 1000:8.0f} ms")
        print(f"cold build         {cold:8.2f} s   (goal < 15 s)   {size / 1e6:.1f} MB, {r.entries} entries")
        print(f"warm build         {warm:8.2f} s   (goal < 2 s; skipped={r2.skipped})")
        print(f"forced, warm cache {cached:8.2f} s   (counters from the cache, boards redrawn; {r3.entries} entries)")
    finally:
        shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    main()
