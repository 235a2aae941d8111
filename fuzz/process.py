"""Whole-process fuzzing: run ``vmodgen`` as a user would, one process per case, on mutated
inputs, with its time and memory watched.

    nice python fuzz/process.py --cases 500 [--seed N] [--time-limit 30] [--memory-mib 1024]
    python fuzz/process.py --reproduce fuzz/crashes/process-<hash>

Each case copies a seed into a fresh folder, mutates it (saves: decoded commands mutated and
re-encoded, or zip edits; modules: zip and XML edits, hostile prototypes, names and images;
kits and positions: text edits), and runs one command on it (``inspect``, ``sanitize``,
``audit``, ``oob`` in every format, ``bind``, ``validate``, ``check``, ``build``) with its
output inside that folder. The process runs under ``RLIMIT_AS`` = ``--memory-mib`` and a
wall-clock watchdog of ``--time-limit`` seconds; its peak RSS comes from ``wait4``.

A case is a finding when the process is killed or runs out of time or memory, exits with a code
other than 0, 1 or 2, prints a traceback or an internal error, exits 2 with other than one
line on stderr or one naming no file ("<input>"), changes its input, or leaves a file outside
its output folder. Findings are saved under ``fuzz/crashes/process-<hash>/`` (input, command,
stderr). The summary gives cases, outcomes, findings and the peak RSS of all cases.
"""
from __future__ import annotations

import argparse
import hashlib
import io
import json
import os
import random
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

import decoded  # noqa: E402
import mutate  # noqa: E402

SHARED = ROOT.parent / "shared"
MINIKIT = ROOT / "tests" / "data" / "minikit"
POSITIONS = ROOT / "tests" / "data" / "positions"
CRASHES = HERE / "crashes"


def _files(folder: Path, suffixes: tuple[str, ...]) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.suffix.lower() in suffixes) if folder.is_dir() else []


def _small_module(path: Path) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(path) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            body = src.read(info)
            if info.filename.startswith("images/") and len(body) > 65_536:
                continue
            dst.writestr(info.filename, body)
    return out.getvalue()


class Seeds:
    """Saves, modules, a kit and positions to mutate, and the minikit module to audit against."""

    def __init__(self, work: Path) -> None:
        corpus = SHARED / "corpus"
        self.saves = [decoded.small_seed(p.read_bytes()) for p in _files(corpus, (".vsav", ".vlog", ".log", ".sav"))]
        self.modules = [_small_module(p) for p in _files(corpus, (".vmod", ".mod"))]
        self.module = work / "minikit.vmod"
        env = {**os.environ, "PYTHONPATH": str(ROOT), "VMODGEN_CACHE": str(work / "cache")}
        subprocess.run([sys.executable, "-m", "vmodgen", "build", str(MINIKIT), "-o", str(work)],
                       env=env, check=True, capture_output=True)
        self.modules.append(self.module.read_bytes())
        self.positions = [p for p in POSITIONS.rglob("*.toml")]


def _hostile_module(rng: random.Random) -> bytes:
    """A module made of the campaign's worst shapes: prototype fan-out, many small compressed
    images, hostile gpids and names, a BoardPicker of huge rows."""
    from xml.sax.saxutils import escape, quoteattr

    from vmodgen.vassal.chains import join_chain
    from vmodgen.vassal.codec import encode
    depth = rng.choice([3, 8, 13, 16])
    protos = [(f"P{k}", encode(["+", "null", join_chain([f"prototype;P{k + 1}"] * rng.choice([1, 2, 3]) + ["piece;;;;"]), ""], "/"))
              for k in range(depth)]
    protos.append((f"P{depth}", encode(["+", "null", join_chain(["mark;M", "piece;;;;"]), join_chain(["v", ""])], "/")))
    names = decoded.HOSTILE_VALUES
    slots = []
    for i in range(rng.choice([1, 10, 300])):
        name, gpid = rng.choice(names)[:200], rng.choice(names)[:200]
        d = encode(["+", "null", join_chain(["prototype;P0" if rng.random() < 0.5 else "mark;Side",
                                             encode(["piece", "", "", f"i{i % 50}.png", name], ";")]),
                    join_chain([rng.choice(names)[:100], encode(["null", "0", "0", gpid, "0"], ";")])], "/")
        slots.append(f'<VASSAL.build.widget.PieceSlot entryName={quoteattr(name)} gpid={quoteattr(gpid)} '
                     f'height="1" width="1">{escape(d)}</VASSAL.build.widget.PieceSlot>')
    defs = "".join(f'<VASSAL.build.module.PrototypeDefinition name="{n}">{escape(x)}'
                   '</VASSAL.build.module.PrototypeDefinition>' for n, x in protos)
    folder = quoteattr(rng.choice(names)[:200]).replace("\n", "&#10;")
    build = ('<?xml version="1.0"?><VASSAL.build.GameModule name="T" version="1" VassalVersion="3.7.0">'
             f'<VASSAL.build.module.PrototypesContainer>{defs}</VASSAL.build.module.PrototypesContainer>'
             f'<VASSAL.build.module.PieceWindow name="P"><VASSAL.build.widget.ListWidget entryName={folder}>'
             f'{"".join(slots)}</VASSAL.build.widget.ListWidget></VASSAL.build.module.PieceWindow>'
             '</VASSAL.build.GameModule>')
    build = "".join(c for c in build if c >= " " or c in "\t\n\r")       # well-formed XML
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("buildFile.xml", build)
        zf.writestr("moduledata", '<?xml version="1.0"?><data version="1"><version>1</version>'
                                  '<VassalVersion>3.7.0</VassalVersion><name>T</name></data>')
        size = rng.choice([100, 65_536, 1 << 20])
        for i in range(50):
            zf.writestr(f"images/i{i}.png", b"\0" * size)
    return out.getvalue()


def make_case(seeds: Seeds, rng: random.Random, folder: Path) -> tuple[list[str], Path]:
    """A mutated input in ``folder`` and the command line to run on it (outputs in ``folder/out``)."""
    out = folder / "out"
    out.mkdir()
    kind = rng.choices(["save", "module", "kit", "position"], weights=[45, 30, 15, 10])[0]
    if kind == "save":
        seed = rng.choice(seeds.saves)
        data = decoded.mutate_save(seed, rng, seeds.saves) if rng.random() < 0.75 else (
            mutate.mutate_zip(seed, rng, {"savedGame": "esc", "savedata": "xml", "moduledata": "xml"}, seeds.saves)
            if seed[:2] == b"PK" else mutate.mutate_bytes(seed, rng, seeds.saves, "esc"))
        src = folder / "game.vlog"
        src.write_bytes(data)
        cmd = rng.choice([["inspect", str(src)], ["sanitize", str(src), "-o", str(out / "clean.vlog")],
                          ["audit", str(src), "--module", str(seeds.module), "--game", str(MINIKIT)],
                          ["audit", str(src), "--module", str(seeds.module), "--game", str(MINIKIT),
                           "--format", rng.choice(["json", "html"]), "-o", str(out / "report")],
                          ["inspect", str(src), "--module", str(seeds.module)]])
    elif kind == "module":
        if rng.random() < 0.4:
            data = _hostile_module(rng)
        else:
            data = mutate.mutate_zip(rng.choice(seeds.modules), rng,
                                     {"buildFile.xml": "xml", "buildFile": "xml", "moduledata": "xml"}, seeds.modules)
        src = folder / "m.vmod"
        src.write_bytes(data)
        fmt = rng.choice(["csv", "md", "html", "json"])
        cmd = rng.choice([["inspect", str(src)], ["oob", str(src), "-f", fmt, "-o", str(out / f"o.{fmt}")],
                          ["bind", str(src), "--rules", "generic", "-o", str(out / "b.toml")]])
    elif kind == "kit":
        src = folder / "kit"
        shutil.copytree(MINIKIT, src)
        victim = src / rng.choice(["game.toml", "roster.csv", "map.toml", "scenarios.toml", "main.csv"])
        flavour = "toml" if victim.suffix == ".toml" else "csv"
        text = victim.read_bytes()
        if rng.random() < 0.2 and flavour == "toml":
            text += b"\n" + b".".join([b"a"] * rng.choice([60, 1000, 100_000])) + b" = 1\n"
        else:
            text = mutate.mutate_bytes(text, rng, [text], flavour)
        victim.write_bytes(text)
        fmt = rng.choice(["csv", "md", "html", "json"])
        cmd = rng.choices([["validate", str(src)], ["oob", str(src), "-f", fmt, "-o", str(out / f"o.{fmt}")],
                           ["build", str(src), "-o", str(out)]], weights=[5, 4, 1])[0]
    else:
        pos = rng.choice(seeds.positions)
        text = pos.read_text(encoding="utf-8")
        base = pos.parent.resolve()
        text = text.replace('game = "../', f'game = "{base}/../')
        data = mutate.mutate_bytes(text.encode(), rng, [text.encode()], "toml")
        src = folder / "p.toml"
        src.write_bytes(data)
        cmd = ["check", str(src)] + (["--json"] if rng.random() < 0.3 else [])
    return cmd, src


def _digest(path: Path) -> str:
    h = hashlib.sha256()
    for p in sorted([path] if path.is_file() else [q for q in path.rglob("*") if q.is_file()]):
        h.update(str(p.relative_to(path.parent)).encode())
        h.update(p.read_bytes())
    return h.hexdigest()


def run_case(cmd: list[str], src: Path, folder: Path, time_limit: float, memory_mib: int) -> dict:
    """Run one command; its outcome, exit code, wall time, peak RSS and what is wrong with it."""
    before = _digest(src)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "VMODGEN_CACHE": str(folder / "out" / "cache"),
           "HOME": str(folder / "home"), "XDG_CACHE_HOME": str(folder / "home" / "cache")}
    env.pop("VMODGEN_DEBUG", None)
    limit = memory_mib << 20

    def limits() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        os.setsid()

    err_path = folder / "stderr.txt"
    start = time.perf_counter()
    with open(err_path, "wb") as err, open(os.devnull, "wb") as devnull:
        proc = subprocess.Popen([sys.executable, "-m", "vmodgen", *cmd], cwd=folder / "cwd", env=env,
                                stdout=devnull, stderr=err, preexec_fn=limits)
        status, rusage, killed = None, None, False
        while True:
            pid, status, rusage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() - start > time_limit:
                os.killpg(proc.pid, signal.SIGKILL)
                _, status, rusage = os.wait4(proc.pid, 0)
                killed = True
                break
            time.sleep(0.02)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    rss_mib = rusage.ru_maxrss / 1024
    stderr = err_path.read_text(encoding="utf-8", errors="replace")
    lines = stderr.strip().splitlines()
    problems = []
    if killed:
        problems.append(f"hang: over {time_limit} s")
    elif code < 0:
        problems.append(f"killed by signal {-code}")
    elif code not in (0, 1, 2):
        problems.append(f"exit code {code}")
    if "Traceback" in stderr or "internal error" in stderr:
        problems.append("internal error")
    if "out of memory" in stderr or "MemoryError" in stderr or rss_mib > memory_mib:
        problems.append(f"memory: {rss_mib:.0f} MiB")
    # ``validate`` prints one line per fault (each naming its file); every other command, one line
    per_fault = cmd[0] == "validate" and bool(lines) and all(
        ln.startswith(f"vmodgen: {folder / 'in'}") for ln in lines)
    if code == 2 and ((len(lines) != 1 and not per_fault) or "<input>" in stderr or "vmodgen: vmodgen" in stderr):
        problems.append("error message not one line naming a file")
    if _digest(src) != before:
        problems.append("input changed")
    stray = [p for p in (folder / "cwd").rglob("*")]
    if stray:
        problems.append(f"wrote into the current folder: {stray[:3]}")
    outcome = "finding" if problems else ("refused" if code == 2 else "ok")
    return {"outcome": outcome, "code": code, "wall": wall, "rss_mib": rss_mib, "problems": problems,
            "stderr": stderr[-2000:]}


def save_finding(folder: Path, cmd: list[str], result: dict) -> Path:
    CRASHES.mkdir(exist_ok=True)
    digest = hashlib.sha1(json.dumps(cmd).encode() + _digest(folder / "in").encode()).hexdigest()[:12]
    dest = CRASHES / f"process-{digest}"
    if dest.exists():
        shutil.rmtree(dest)
    shutil.copytree(folder / "in", dest / "in")
    rel = [a.replace(str(folder / "in"), "{in}").replace(str(folder / "out"), "{out}") for a in cmd]
    (dest / "case.json").write_text(json.dumps({"command": rel, **{k: v for k, v in result.items()}}, indent=2))
    return dest


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--time-limit", type=float, default=30.0, help="wall seconds per process (default 30)")
    ap.add_argument("--memory-mib", type=int, default=1024, help="RLIMIT_AS of each process (default 1024)")
    ap.add_argument("--reproduce", metavar="FOLDER", help="run a saved finding again")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="vmodgen-process-fuzz-") as tmp:
        work = Path(tmp)
        if args.reproduce:
            saved = Path(args.reproduce)
            case = json.loads((saved / "case.json").read_text())
            folder = work / "case"
            shutil.copytree(saved / "in", folder / "in")
            for sub in ("out", "cwd", "home"):
                (folder / sub).mkdir(parents=True, exist_ok=True)
            cmd = [a.replace("{in}", str(folder / "in")).replace("{out}", str(folder / "out")) for a in case["command"]]
            src = Path(next(a for a in cmd if a.startswith(str(folder / "in"))))
            result = run_case(cmd, src, folder, args.time_limit, args.memory_mib)
            print(json.dumps(result, indent=2))
            return 1 if result["problems"] else 0
        seeds = Seeds(work)
        rng = random.Random(args.seed)
        counts: dict[str, dict[str, int]] = {}
        peak, slowest, findings = 0.0, 0.0, []
        start = time.perf_counter()
        for i in range(args.cases):
            folder = work / f"case{i}"
            (folder / "in").mkdir(parents=True)
            (folder / "cwd").mkdir()
            (folder / "home").mkdir()
            case_rng = random.Random(rng.getrandbits(64))
            cmd, src = make_case(seeds, case_rng, folder / "in")
            # outputs go to folder/out: make_case put them under folder/in/out; move that
            cmd = [a.replace(str(folder / "in" / "out"), str(folder / "out")) for a in cmd]
            shutil.rmtree(folder / "in" / "out")
            (folder / "out").mkdir()
            result = run_case(cmd, src, folder, args.time_limit, args.memory_mib)
            c = counts.setdefault(cmd[0], {"cases": 0, "ok": 0, "refused": 0, "finding": 0})
            c["cases"] += 1
            c[result["outcome"]] += 1
            peak = max(peak, result["rss_mib"])
            slowest = max(slowest, result["wall"])
            if result["problems"]:
                dest = save_finding(folder, cmd, result)
                findings.append((cmd[0], result["problems"], dest))
                print(f"FINDING {cmd[0]}: {'; '.join(result['problems'])} -> {dest}", flush=True)
            shutil.rmtree(folder, ignore_errors=True)
            if (i + 1) % 50 == 0:
                print(f"{i + 1} cases, {len(findings)} findings, peak RSS {peak:.0f} MiB, "
                      f"slowest {slowest:.1f} s", flush=True)
        total = time.perf_counter() - start
    print(f"\n{'command':<10}{'cases':>7}{'ok':>6}{'refused':>9}{'findings':>10}")
    for name, c in sorted(counts.items()):
        print(f"{name:<10}{c['cases']:>7}{c['ok']:>6}{c['refused']:>9}{c['finding']:>10}")
    hangs = sum(1 for _, p, _ in findings if any(x.startswith("hang") for x in p))
    internal = sum(1 for _, p, _ in findings if any(x.startswith(("internal", "exit code", "killed")) for x in p))
    print(f"\n{args.cases} processes in {total:.0f} s; findings {len(findings)} (hangs {hangs}, internal errors "
          f"{internal}); peak RSS {peak:.0f} MiB (limit {args.memory_mib}); slowest {slowest:.1f} s; seed {args.seed}")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
