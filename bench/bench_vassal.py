"""Benchmark the VASSAL save/log layer: decoding and replaying real files.

    python bench/bench_vassal.py [--repeat N]

Figures: best and median wall time over N runs of
  * tld_game_0606-1.log: read (zip + !VCSK) + command tree + full replay (goal < 100 ms);
  * almoravid_Scenario_A_Toledo_Beset.vsav (8.4 MB payload): !VCSK decoding + command tree
    (goal < 60 ms), beside the bare bytes.fromhex + XOR baseline.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from vmodgen.vassal.commands import parse_tree  # noqa: E402
from vmodgen.vassal.obfuscation import deobfuscate  # noqa: E402
from vmodgen.vassal.replay import replay  # noqa: E402
from vmodgen.vassal.savefile import read_save  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus"


def timed(fn, repeat: int) -> tuple[float, float, float]:
    """Best wall time, median wall time, best CPU time of this process (ms). On a busy
    machine the CPU time is the fairer figure."""
    times, cpu = [], []
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        fn()
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return min(times) * 1000, statistics.median(times) * 1000, min(cpu) * 1000


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=15)
    n = ap.parse_args().repeat
    tld = CORPUS / "tld_game_0606-1.log"
    alm = CORPUS / "almoravid_Scenario_A_Toledo_Beset.vsav"
    if not tld.exists() or not alm.exists():
        sys.exit(f"corpus files absent under {CORPUS}")

    save = read_save(tld)
    rp = replay(save)
    print(f"tld_game_0606-1.log: {len(rp.steps)} top-level LOG steps "
          f"({save.text.count('LOG' + chr(9))} LOG commands), "
          f"{sum(len(s.moves) for s in rp.steps)} moves, {len(rp.final.pieces)} pieces")

    def tld_all() -> None:
        replay(read_save(tld))

    def tld_replay_only() -> None:
        replay(save)

    for label, fn in (("read + tree + replay", tld_all), ("replay of a parsed tree", tld_replay_only)):
        best, med, cpu = timed(fn, n)
        print(f"  {label:28s} best {best:6.1f} ms   median {med:6.1f} ms   cpu {cpu:6.1f} ms")

    payload = zipfile.ZipFile(alm).read("savedGame")
    print(f"almoravid savedGame: {len(payload) / 1e6:.1f} MB of !VCSK text")
    key = int(payload[5:7], 16)
    table = bytes(b ^ key for b in range(256))
    hex_text = payload[7:].decode("ascii")
    baseline = timed(lambda: bytes.fromhex(hex_text).translate(table), n)
    deob = timed(lambda: deobfuscate(payload), n)
    text = deobfuscate(payload)[0]
    tree = timed(lambda: parse_tree(text), n)
    both = timed(lambda: parse_tree(deobfuscate(payload)[0]), n)
    for label, (best, med, cpu) in (("bare fromhex + XOR", baseline), ("deobfuscate (+UTF-8 check)", deob),
                               ("command tree", tree), ("deobfuscate + tree", both)):
        print(f"  {label:28s} best {best:6.1f} ms   median {med:6.1f} ms   cpu {cpu:6.1f} ms")


if __name__ == "__main__":
    main()
