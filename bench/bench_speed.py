"""Issue 20's table, each row as a ratio against a baseline measured in the same run.

    python bench/bench_speed.py [--base DIR] [--runs N] [--chain K]

Rows (whole-process timings by ``farm-bench``, median CPU seconds, A and B run in turn; each
row's wall seconds and peak memory, the largest resident set of the process, too):

* audit of a synthetic long chain: the four public TLD logs repeated ``--chain`` times (their
  seams kept; written to a temporary folder, never committed), beside a replay-only pass of
  vmodgen itself over the same chain (``vmodgen.audit.audit(..., replay_only=True)``: replay,
  continuity, statistics, no rules);
* the same chain with ``--jobs 2`` beside ``--jobs 1`` (read the wall ratio: on 2 cores it
  should be below 1);
* audit of the four public TLD logs, beside a replay-only pass of them;
* ``inspect --json --module`` of ``tld_game_0606-1.log``, beside a replay-only pass of it; the
  same with ``--step 500`` (a step in the middle);
* decode of the 8.4 MB Almoravid save (in this process; ``deobfuscate_pieces``, what
  ``read_save`` decodes with: the text's pieces between ESC bytes), beside three floors: the issue's
  (``bytes.fromhex`` + XOR), bytes only (``binascii.unhexlify`` + ``bytes.translate``) and
  bytes with the UTF-8 text decode;
* ``vmodgen --help``, beside the bare interpreter.

``--base DIR``: another checkout of vmodgen (e.g. ``git archive main | tar -x -C DIR``): every
whole-process row then also runs there, paired with this tree's run (the before/after ratio).
The reports of the audit rows are compared byte for byte between the two trees (and against the
replay-only pass's own stability): a difference is printed and the exit code is 1. The
before/after audit rows use the base's ``examples/tld/binding.toml`` in both trees, so both do
the same job even when the binding format has grown since the base.
"""
from __future__ import annotations

import argparse
import binascii
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus"
MODULE = CORPUS / "tld_buildFile-only_stripped.vmod"
LOGS = [CORPUS / f"tld_game_0606-{i}.log" for i in (1, 2, 3, 4)]
BINDING = ROOT / "examples" / "tld" / "binding.toml"


#: vmodgen's own replay-only pass (replay, continuity, statistics; no rules) over MODULE and logs,
#: with the collector tuned as the CLI tunes it (``vmodgen.cli.main``): with CPython's default
#: thresholds the collector alone made this floor ~10 % slower than the work it stands for
REPLAY_ONLY = ["-c", "import gc, sys; from vmodgen.cli import GC_THRESHOLD; gc.set_threshold(GC_THRESHOLD, 20, 100); "
               "from vmodgen.audit import audit; audit(sys.argv[2:], module=sys.argv[1], replay_only=True)"]


def chain(tmp: Path, k: int) -> list[Path]:
    """The four logs ``k`` times over, named so that play order is the order written. Each
    repeat carries its own zip comment (its entries untouched): the audit skips a file whose
    bytes it has already read ("given again: the same play"), and the chain must stand for
    ``4 * k`` distinct files, as a season of logs is."""
    out = []
    for r in range(k):
        for i, log in enumerate(LOGS):
            p = tmp / f"chain-{r * 4 + i + 1:03d}.log"
            shutil.copyfile(log, p)
            if r:
                with zipfile.ZipFile(p, "a") as z:
                    z.comment = f"bench chain repeat {r}".encode()
            out.append(p)
    return out


def farm(cmd: list[str], vs: list[str] | None, runs: int, env_a: dict, env_b: dict | None = None,
         timeout: int = 600) -> dict:
    """Median CPU seconds of A (and B, and the A/B ratio) from ``farm-bench``."""
    import shlex
    a = _with_env(cmd, env_a)
    full = ["farm-bench", "-n", str(runs), "--timeout", str(timeout)]
    if vs is not None:
        full += ["--vs", shlex.join(_with_env(vs, env_b or env_a))]
    full += ["--", *a]
    # from a neutral folder: ``python -m`` puts the current folder before PYTHONPATH
    out = subprocess.run(full, capture_output=True, text=True, check=False, cwd=tempfile.gettempdir()).stdout
    return {"raw": out, **_parse(out)}


def _with_env(cmd: list[str], env: dict) -> list[str]:
    return ["env", *[f"{k}={v}" for k, v in env.items()], *cmd]


def _parse(out: str) -> dict:
    """Median CPU seconds of A and B and the median of the pair-by-pair ratio A/B; the same of
    wall seconds under ``wall_a``, ``wall_b``, ``wall_ratio``, and of the peak memory (the
    largest resident set, MiB) under ``peak_a``, ``peak_b``."""
    got: dict = {}
    for line in out.splitlines():
        m = re.match(r"\s*(A|B|A/B) (cpu|wall|peak)( s| MiB)?\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)", line)
        if m:
            key = {"A": "a", "B": "b", "A/B": "ratio"}[m.group(1)]
            got[key if m.group(2) == "cpu" else f"{m.group(2)}_{key}"] = float(m.group(5))
    return got


def _figure_lines(raw: str) -> str:
    """The rows of ``farm-bench``'s output worth printing: CPU, wall, peak memory, exit codes."""
    return "\n".join(ln for ln in raw.splitlines() if any(k in ln for k in (" cpu", " wall", " peak", "exit")))


def pyenv(tree: Path) -> dict:
    return {"PYTHONPATH": str(tree)}


def report(tree: Path, args: list[str]) -> bytes:
    r = subprocess.run([sys.executable, "-m", "vmodgen", *args], capture_output=True, cwd=tree,
                       env={**os.environ, "PYTHONPATH": str(tree)}, check=False)
    return r.stdout + b"\nexit %d\n" % r.returncode + r.stderr


def decode_row(runs: int) -> dict[str, float]:
    """Median ms of vmodgen's decode and of three floors over the Almoravid payload: the issue's
    (``bytes.fromhex`` + XOR), bytes only (``binascii.unhexlify`` + ``bytes.translate``), and
    bytes then the UTF-8 text (the same + ``bytes.decode``: what a text needs at least)."""
    sys.path.insert(0, str(ROOT))
    from vmodgen.vassal.obfuscation import deobfuscate_pieces
    payload = zipfile.ZipFile(CORPUS / "almoravid_Scenario_A_Toledo_Beset.vsav").read("savedGame")
    key = int(payload[5:7], 16)
    table = bytes(b ^ key for b in range(256))

    fns = {
        "vmodgen": lambda: deobfuscate_pieces(payload),    # what read_save decodes with
        "fromhex + XOR (the issue's floor)": lambda: bytes.fromhex(payload[7:].decode("ascii")).translate(table),
        "unhexlify + translate (bytes)": lambda: binascii.unhexlify(payload[7:]).translate(table),
        "unhexlify + translate + UTF-8": lambda: binascii.unhexlify(payload[7:]).translate(table).decode("utf-8"),
    }

    def med(fn) -> float:
        ts = []
        for _ in range(runs):
            t = time.process_time()
            fn()
            ts.append(time.process_time() - t)
        return statistics.median(ts) * 1000
    got: dict[str, list[float]] = {k: [] for k in fns}
    for _ in range(3):           # interleaved, so drift hits all alike
        for k, fn in fns.items():
            got[k].append(med(fn))
    return {k: statistics.median(v) for k, v in got.items()}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", type=Path, default=None, help="another vmodgen checkout (the 'before')")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--chain", type=int, default=7, help="times the four logs are repeated (7: 28 logs)")
    ap.add_argument("--only", default="", help="comma-separated rows: chain,jobs,tld,inspect,step,decode,help")
    opt = ap.parse_args()
    if not MODULE.is_file() or not all(p.is_file() for p in LOGS):
        print("../shared/corpus is absent: nothing to measure")
        return 0
    only = set(filter(None, opt.only.split(",")))
    # both trees with their bytecode written (a user's install has it; PYTHONDONTWRITEBYTECODE
    # would otherwise make every run compile the modules it changed)
    import compileall
    for tree in filter(None, (ROOT, opt.base)):
        compileall.compile_dir(str(tree / "vmodgen"), quiet=2)
    py = sys.executable
    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}; cores {os.cpu_count()}; "
          f"medians of {opt.runs} runs, CPU seconds (user + system)")
    bad = 0
    base_binding = (opt.base / "examples" / "tld" / "binding.toml") if opt.base is not None else BINDING
    if not base_binding.is_file():
        base_binding = BINDING
    if opt.base is not None and base_binding.read_bytes() != BINDING.read_bytes():
        print(f"note: the before/after rows audit with the base's {base_binding} in both trees (this tree's "
              "differs, and the base may not read it); the rows against a baseline use this tree's")
    with tempfile.TemporaryDirectory() as tmp:
        logs = chain(Path(tmp), opt.chain)
        rows = []
        audit_args = ["audit", "--module", str(MODULE), "--binding", str(BINDING)]
        if not only or "chain" in only:
            rows.append((f"audit of a {len(logs)}-log chain", audit_args + [*map(str, logs)],
                         REPLAY_ONLY + [str(MODULE), *map(str, logs)], "replay-only pass"))
        if not only or "jobs" in only:
            rows.append((f"audit of the {len(logs)}-log chain, --jobs 2 (A) against --jobs 1 (B)",
                         audit_args + ["--jobs", "2", *map(str, logs)],
                         audit_args + ["--jobs", "1", *map(str, logs)], "--jobs 1"))
        if not only or "tld" in only:
            rows.append(("audit of the four TLD logs", audit_args + [*map(str, LOGS)],
                         REPLAY_ONLY + [str(MODULE), *map(str, LOGS)], "replay-only pass"))
        if not only or "inspect" in only:
            rows.append(("inspect --json --module of log 1",
                         ["inspect", "--json", "--module", str(MODULE), str(LOGS[0])],
                         REPLAY_ONLY + [str(MODULE), str(LOGS[0])], "replay-only pass of log 1"))
        if not only or "step" in only:
            rows.append(("inspect --json --module --step 500 of log 1",
                         ["inspect", "--json", "--module", str(MODULE), "--step", "500", str(LOGS[0])],
                         REPLAY_ONLY + [str(MODULE), str(LOGS[0])], "replay-only pass of log 1"))
        if not only or "help" in only:
            rows.append(("vmodgen --help", ["--help"], [], "bare interpreter"))
        for label, args, anchor, anchor_name in rows:
            cmd = [py, "-m", "vmodgen", *args]
            print(f"\n## {label}")
            if anchor is not None:
                acmd = ([py, *anchor] if anchor[0] == "-c" else [py, "-m", "vmodgen", *anchor]) if anchor \
                    else [py, "-c", "pass"]
                r = farm(cmd, acmd, opt.runs, pyenv(ROOT))
                print(f"this tree {r.get('a', float('nan')):.3f} s; {anchor_name} {r.get('b', float('nan')):.3f} s; "
                      f"ratio A/B {r.get('ratio', float('nan')):.2f} (CPU); wall {r.get('wall_a', float('nan')):.3f} s "
                      f"against {r.get('wall_b', float('nan')):.3f} s, ratio {r.get('wall_ratio', float('nan')):.2f}; "
                      f"peak memory {r.get('peak_a', float('nan')):.1f} MiB against {r.get('peak_b', float('nan')):.1f} MiB")
                print(_figure_lines(r["raw"]))
            if opt.base is not None:
                # both trees audit with the base's example binding: the same job for both (the
                # binding format may have grown since the base, which would refuse this tree's)
                base_args = [str(base_binding) if a == str(BINDING) else a for a in args]
                base_cmd = [py, "-m", "vmodgen", *base_args]
                r = farm(base_cmd, base_cmd, opt.runs, pyenv(ROOT), pyenv(opt.base))
                print(f"this tree {r.get('a', float('nan')):.3f} s; base {r.get('b', float('nan')):.3f} s; "
                      f"ratio after/before {r.get('ratio', float('nan')):.2f} (CPU; wall "
                      f"{r.get('wall_ratio', float('nan')):.2f}); peak memory {r.get('peak_a', float('nan')):.1f} MiB "
                      f"against {r.get('peak_b', float('nan')):.1f} MiB")
                print(_figure_lines(r["raw"]))
                if args and args[0] == "audit":
                    for fmt in ([], ["--format", "json"]):
                        mine, theirs = report(ROOT, base_args + fmt), report(opt.base, base_args + fmt)
                        same = mine == theirs
                        bad += not same
                        print(f"report {'json' if fmt else 'text'}: {'byte-identical' if same else 'DIFFERENT'} "
                              f"({len(mine)} bytes)")
        if not only or "decode" in only:
            got = decode_row(max(opt.runs, 9))
            ours = got.pop("vmodgen")
            print(f"\n## decode of the Almoravid save\nvmodgen {ours:.1f} ms (CPU, median)")
            for name, floor in got.items():
                print(f"  floor {name}: {floor:.1f} ms; ratio {ours / floor:.2f}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
