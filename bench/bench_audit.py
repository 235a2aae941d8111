"""Benchmark: the full audit of the four The Longest Day logs (../shared/corpus) with
tld_buildFile-only_stripped.vmod, with 1, 2 and 4 logs and with --jobs; then the whole
``vmodgen audit`` command in a fresh process (imports, module and binding loading included).

    python bench/bench_audit.py

Uses bench/tld_binding.toml if present, else the example binding examples/tld/binding.toml,
else the generic starter binding; without binding support it replays and checks continuity
only, and says so. Prints wall and CPU seconds (CPU includes the --jobs workers)."""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
SHARED = ROOT.parent / "shared" / "corpus"

from vmodgen.audit import audit  # noqa: E402
from vmodgen.vassal.module import read_module  # noqa: E402


def tld_binding(module, logs):
    """A binding of The Longest Day from the other helper's starter (``vmodgen bind``), if any."""
    try:
        from vmodgen.binding.file import load_binding
        from vmodgen.binding.starter import generic_starter
    except ImportError:
        return None, "no binding support (vmodgen.binding.file) yet"
    import tempfile
    for here in (ROOT / "bench" / "tld_binding.toml", ROOT / "examples" / "tld" / "binding.toml"):
        if here.is_file():
            return load_binding(here, module), f"binding {here.relative_to(ROOT)}"
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "tld.toml"
        path.write_text(generic_starter(module, [str(p) for p in logs]).text, encoding="utf-8")
        return load_binding(path, module), "the generic starter binding ('vmodgen bind' output, unedited)"


def main() -> None:
    mod_path = SHARED / "tld_buildFile-only_stripped.vmod"
    logs = [SHARED / f"tld_game_0606-{i}.log" for i in (1, 2, 3, 4)]
    if not mod_path.is_file() or not all(p.is_file() for p in logs):
        print("../shared/corpus is absent: nothing to measure")
        return
    module = read_module(mod_path)
    binding, how = tld_binding(module, logs)
    mode = (f"rules through {how}" if binding is not None else f"replay + continuity only ({how})")
    print(f"mode: {mode}; cores: {os.cpu_count()}")

    def run(paths, jobs):
        t = time.perf_counter()
        c0 = os.times()
        if binding is not None:
            r = audit(paths, preset=(binding, module), jobs=jobs)
        else:
            r = audit(paths, module=mod_path, replay_only=True, jobs=jobs)
        c1 = os.times()
        cpu = (c1.user - c0.user) + (c1.system - c0.system) + (c1.children_user - c0.children_user) + \
            (c1.children_system - c0.children_system)
        run.cpu = cpu
        return time.perf_counter() - t, r

    print(f"load average: {', '.join(f'{x:.1f}' for x in os.getloadavg())} (other work on the machine "
          "inflates wall times; CPU seconds are the steadier figure)")
    run(logs[:1], 1)    # warm-up (imports)
    for n in (1, 2, 4):
        for jobs in sorted({1, min(n, os.cpu_count() or 1)}):
            best, cpu = min((run(logs[:n], jobs)[0], run.cpu) for _ in range(3))
            print(f"{n} log(s), --jobs {jobs}: {best:.3f} s wall, {cpu:.3f} s CPU")
    if binding is not None:
        t = time.perf_counter()
        c0 = time.process_time()
        audit(logs, module=mod_path, replay_only=True)
        print(f"for comparison, 4 logs replay + continuity only (no rules): {time.perf_counter() - t:.3f} s wall, "
              f"{time.process_time() - c0:.3f} s CPU")
    dt, r = run(logs, os.cpu_count() or 1)
    print(f"all 4, --jobs {os.cpu_count()}: {dt:.3f} s; steps {r.stats['steps']}, findings {len(r.findings)}, "
          f"continuity issues {len(r.continuity)}, undos {r.stats['undos']}, "
          f"die rolls {sum(d['count'] for d in r.stats['die_rolls'].values())}")


def cli_runs(mod_path: Path, logs: list[Path]) -> None:
    """The whole command as a player runs it (a fresh process: imports, module, binding, audit,
    report), best of three, wall and CPU (user + system of the process and its workers)."""
    import resource
    import subprocess
    binding = ROOT / "examples" / "tld" / "binding.toml"
    for jobs in sorted({1, os.cpu_count() or 1}):
        best = None
        for _ in range(3):
            r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
            t = time.perf_counter()
            subprocess.run([sys.executable, "-m", "vmodgen", "audit", "--module", str(mod_path), "--binding",
                            str(binding), *map(str, logs), "--jobs", str(jobs)], cwd=ROOT, capture_output=True,
                           check=False)
            wall = time.perf_counter() - t
            r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
            best = min(best or (wall, cpu), (wall, cpu))
        print(f"CLI 'vmodgen audit' of the 4 logs, --jobs {jobs}: {best[0]:.3f} s wall, {best[1]:.3f} s CPU")


if __name__ == "__main__":
    main()
    if (SHARED / "tld_buildFile-only_stripped.vmod").is_file():
        cli_runs(SHARED / "tld_buildFile-only_stripped.vmod",
                 [SHARED / f"tld_game_0606-{i}.log" for i in (1, 2, 3, 4)])
