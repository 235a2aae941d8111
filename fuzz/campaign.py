"""A long fuzz campaign over every vmodgen reader, seeded with the real files in ../shared.

    python fuzz/campaign.py --cases 100000 [--seed N] [--target all|codec|obfuscation|commands|
                            traits|save|module|roster|map|game|position] [--time-limit S]
    python fuzz/campaign.py --reproduce fuzz/crashes/<file>.bin

Each case mutates a seed (byte flips, truncation, splices, duplicated chunks, huge fields,
deep nesting; for zips also hostile entry names, lying sizes, bombs, many entries, XML
entities) and calls the reader in-process under a per-case time limit. A reader may accept
the input or raise ``InputError``; any other exception, or a case over the time limit, is
saved to ``fuzz/crashes/`` (git-ignored) as ``<target>-<hash>.bin`` plus a ``.txt`` with the
traceback, and counted. The summary gives cases per second, crashes, hangs and peak memory.
Run it with ``nice`` on a shared machine.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import random
import resource
import signal
import sys
import time
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import targets as targets_mod  # noqa: E402
from vmodgen.errors import InputError  # noqa: E402

CRASHES = HERE / "crashes"


class CaseTimeout(BaseException):
    """Raised by SIGPROF inside a case (a BaseException: readers' ``except Exception`` miss it)."""


def _alarm(signum, frame):
    raise CaseTimeout()


def _stop(signum, frame):
    raise KeyboardInterrupt()   # SIGTERM: stop and print the summary (background jobs ignore SIGINT)


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def signature(exc: BaseException) -> str:
    """Exception type and the innermost vmodgen frame: one line per distinct bug."""
    frames = traceback.extract_tb(exc.__traceback__)
    ours = [f for f in frames if "/vmodgen/" in f.filename.replace("\\", "/")]
    where = ours[-1] if ours else (frames[-1] if frames else None)
    place = f"{Path(where.filename).name}:{where.lineno} in {where.name}" if where else "?"
    return f"{type(exc).__name__} at {place}"


def save_case(target: str, data: bytes, kind: str, detail: str) -> Path:
    CRASHES.mkdir(exist_ok=True)
    digest = hashlib.sha1(data).hexdigest()[:12]
    base = CRASHES / f"{target}-{digest}"
    base.with_suffix(".bin").write_bytes(data)
    base.with_suffix(".txt").write_text(f"target: {target}\nkind: {kind}\n\n{detail}\n", encoding="utf-8")
    return base.with_suffix(".bin")


def run_one(target, data: bytes, time_limit: float) -> tuple[str, str, float]:
    """('ok'|'refused'|'crash'|'hang', detail, CPU seconds). The limit is on CPU time (user +
    system, ``ITIMER_PROF``), so a busy shared machine does not turn slow cases into hangs."""
    signal.setitimer(signal.ITIMER_PROF, time_limit)
    start = time.process_time()
    try:
        target.run(data)
        outcome, detail = "ok", ""
    except InputError as exc:
        outcome, detail = "refused", str(exc)
    except CaseTimeout:
        outcome, detail = "hang", f"over the CPU time limit of {time_limit} s"
    except BaseException as exc:   # noqa: BLE001 - every other exception is a finding
        if isinstance(exc, KeyboardInterrupt):
            raise
        outcome, detail = "crash", signature(exc) + "\n\n" + "".join(traceback.format_exception(exc))
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
    elapsed = time.process_time() - start
    if outcome in ("ok", "refused") and elapsed > time_limit:
        outcome, detail = "hang", f"took {elapsed:.1f} s (limit {time_limit} s)"
    return outcome, detail, elapsed


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", type=int, default=10_000, help="number of cases in all (default 10000)")
    ap.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    ap.add_argument("--target", default="all", help="all or a comma-separated list of " + ", ".join(targets_mod.ALL))
    ap.add_argument("--time-limit", type=float, default=5.0, help="CPU seconds per case (default 5)")
    ap.add_argument("--max-memory-mb", type=int, default=4096, help="address-space limit (default 4096)")
    ap.add_argument("--reproduce", metavar="FILE", help="run one saved case (target from its name) and show the result")
    ap.add_argument("--quiet", action="store_true", help="no progress lines")
    args = ap.parse_args(argv)

    if args.max_memory_mb:
        limit = args.max_memory_mb << 20
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    signal.signal(signal.SIGPROF, _alarm)
    signal.signal(signal.SIGTERM, _stop)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000))

    if args.reproduce:
        path = Path(args.reproduce)
        name = path.name.split("-")[0]
        found, skipped, sandbox = targets_mod.build_targets([name])
        if name not in found:
            print(f"unknown or unavailable target '{name}': {skipped}")
            return 2
        outcome, detail, elapsed = run_one(found[name], path.read_bytes(), args.time_limit)
        print(f"{name}: {outcome} in {elapsed:.2f} s\n{detail}")
        if sandbox:
            sandbox.close()
        return 0 if outcome in ("ok", "refused") else 1

    names = targets_mod.ALL if args.target == "all" else [t.strip() for t in args.target.split(",")]
    unknown = [n for n in names if n not in targets_mod.ALL]
    if unknown:
        ap.error(f"unknown target(s) {', '.join(unknown)}; known: {', '.join(targets_mod.ALL)}")
    t0 = time.perf_counter()
    found, skipped, sandbox = targets_mod.build_targets(names)
    for note in skipped:
        print(f"skipped {note}")
    if not found:
        print("no target to run")
        return 2
    print(f"targets: {', '.join(f'{n} ({len(t.seeds)} seeds)' for n, t in found.items())}; "
          f"set-up {time.perf_counter() - t0:.1f} s; peak RSS {peak_rss_mb():.0f} MB")

    rng = random.Random(args.seed)
    order = list(found)
    stats = {n: {"cases": 0, "ok": 0, "refused": 0, "crash": 0, "hang": 0, "time": 0.0, "slowest": 0.0}
             for n in order}
    signatures: dict[str, tuple[int, Path]] = {}
    start = time.perf_counter()
    last_print = start
    try:
        for i in range(args.cases):
            name = order[i % len(order)]
            target = found[name]
            case_rng = random.Random(rng.getrandbits(64))
            seed = case_rng.choice(target.seeds)
            try:
                data = target.mutate(seed, case_rng, target.seeds)
            except Exception as exc:   # a mutator bug: report it, keep going
                print(f"mutator error for {name}: {exc!r}")
                continue
            outcome, detail, elapsed = run_one(target, data, args.time_limit)
            st = stats[name]
            st["cases"] += 1
            st[outcome] += 1
            st["time"] += elapsed
            st["slowest"] = max(st["slowest"], elapsed)
            if outcome in ("crash", "hang"):
                sig = f"{name}: " + (detail.split("\n", 1)[0] if outcome == "crash" else "hang")
                saved = save_case(name, data, outcome, detail)
                count, first = signatures.get(sig, (0, saved))
                signatures[sig] = (count + 1, first)
                if count == 0:
                    print(f"NEW {outcome.upper()} {sig}  -> {first}")
            now = time.perf_counter()
            if not args.quiet and now - last_print > 30:
                last_print = now
                done = i + 1
                print(f"{done} cases, {done / (now - start):.0f}/s, "
                      f"crashes {sum(s['crash'] for s in stats.values())}, "
                      f"hangs {sum(s['hang'] for s in stats.values())}, peak RSS {peak_rss_mb():.0f} MB", flush=True)
    except KeyboardInterrupt:
        print("interrupted")
    finally:
        if sandbox:
            sandbox.close()
    total = time.perf_counter() - start
    cases = sum(s["cases"] for s in stats.values())
    print(f"\n{'target':<12}{'cases':>8}{'accepted':>10}{'refused':>9}{'crashes':>9}{'hangs':>7}"
          f"{'cases/s':>9}{'slowest s':>11}")
    print("(cases/s and slowest: CPU time inside the readers)")
    for n in order:
        s = stats[n]
        rate = s["cases"] / s["time"] if s["time"] else 0.0
        print(f"{n:<12}{s['cases']:>8}{s['ok']:>10}{s['refused']:>9}{s['crash']:>9}{s['hang']:>7}"
              f"{rate:>9.0f}{s['slowest']:>11.2f}")
    crashes = sum(s["crash"] for s in stats.values())
    hangs = sum(s["hang"] for s in stats.values())
    print(f"\n{cases} cases in {total:.0f} s ({cases / total if total else 0:.0f} cases/s); "
          f"crashes {crashes}, hangs {hangs}; peak RSS {peak_rss_mb():.0f} MB; seed {args.seed}")
    for sig, (count, first) in sorted(signatures.items(), key=lambda kv: -kv[1][0]):
        print(f"  {count:>6} x {sig}  (e.g. {first.relative_to(HERE.parent)})")
    return 1 if crashes or hangs else 0


if __name__ == "__main__":
    sys.exit(main())
