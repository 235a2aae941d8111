"""Where a vmodgen command spends its CPU, by sampling: a ``SIGPROF`` timer (asked for every
``--every`` seconds of CPU; the kernel delivers it no more often than its tick, ~4 ms on this
machine: a 10 s command gives ~2,500 samples) reads the Python stack, and each function's share
is the share of samples it is on the stack for (inclusive) or on top of (self). Unlike cProfile,
whose per-call overhead inflates the many small calls of the audit's step loop several times
over, the samples cost the same whatever the call count, so the shares are CPU shares (speed20).
A command well under a second gets too few samples to read.

    python bench/sample_cpu.py [--every 0.0005] [--top 60] -- audit --module M --binding B LOGS...

Run it from the tree to measure (that tree's ``vmodgen`` is imported). A sample is taken at the
interpreter's next check after the timer fires: line numbers lean towards the line after a long
C call, function shares do not."""
from __future__ import annotations

import argparse
import collections
import contextlib
import io
import signal
import sys
import time
from types import FrameType


def _name(frame: FrameType) -> str:
    code = frame.f_code
    return f"{code.co_filename.rpartition('vmodgen/')[2]}:{code.co_name}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--every", type=float, default=0.0005, help="CPU seconds between samples")
    ap.add_argument("--top", type=int, default=60, help="rows of each table")
    ap.add_argument("args", nargs=argparse.REMAINDER, help="the vmodgen command, after --")
    ns = ap.parse_args()
    args = ns.args[1:] if ns.args[:1] == ["--"] else ns.args
    sys.path.insert(0, ".")
    from vmodgen.cli import GC_THRESHOLD, main as vmodgen_main
    import gc
    gc.set_threshold(GC_THRESHOLD, 20, 100)       # as the command line sets it
    inclusive: collections.Counter[str] = collections.Counter()
    own: collections.Counter[str] = collections.Counter()
    samples = 0

    def sample(_sig: int, frame: FrameType | None) -> None:
        nonlocal samples
        samples += 1
        if frame is not None:
            own[_name(frame)] += 1
        seen = set()
        while frame is not None:
            name = _name(frame)
            if name not in seen:
                inclusive[name] += 1
                seen.add(name)
            frame = frame.f_back

    signal.signal(signal.SIGPROF, sample)
    signal.setitimer(signal.ITIMER_PROF, ns.every, ns.every)
    start = time.process_time()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        with contextlib.suppress(SystemExit):
            vmodgen_main(args)
    signal.setitimer(signal.ITIMER_PROF, 0, 0)
    cpu = time.process_time() - start
    print(f"CPU {cpu:.3f} s, {samples} samples")
    for title, counts in (("inclusive", inclusive), ("self", own)):
        print(f"--- {title}")
        for name, n in counts.most_common(ns.top):
            print(f"{n / max(samples, 1) * 100:5.1f} %  {n / max(samples, 1) * cpu:7.3f} s  {name}")


if __name__ == "__main__":
    main()
