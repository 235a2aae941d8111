"""Issue 20's byte-identity check: every report a speed change must leave alone, written by this
tree and by another checkout, compared byte for byte.

    python bench/same_reports.py --base DIR [--chain K] [--keep OUT]

Reports (stdout, stderr and exit code of each command, as files under a temporary folder):

* ``vmodgen audit`` in text, JSON and HTML of the four public TLD logs (their module and
  ``examples/tld/binding.toml``) and of the synthetic chain ``bench_speed.py`` makes (the four
  logs ``--chain`` times);
* ``vmodgen inspect --json --module`` of each TLD log, and of log 1 at ``--step 500``;
* ``vmodgen inspect`` (text and JSON) of every TLD and recorded log with its module, without
  it, with ``--reveal-hidden`` (with and without the module) and at ``--step 3``, and of every
  module (the TLD corpus module and the bundled builds);
* ``vmodgen audit`` in the three formats of every recorded log (``tests/data/recorded``), each
  with the bundled module it was recorded on (built once, by this tree, into the temporary
  folder; ``-38m`` logs with the ``--vassal 3.8`` build), the Kassala logs with the corpus module
  and ``examples/kassala/binding.toml``, and the recorded chains (``om-chain-1`` + ``-2`` in each
  version, the Kassala files in order).

The logs and this tree's example bindings are copied into the temporary folder first, so both
trees read the same paths; a report naming a bundled kit names its tree's folder, which is
written ``<tree>`` in both. Exit 1 when a report differs (each named), 0 when
all are identical; nothing is written to either tree.
"""
from __future__ import annotations

import argparse
import os
import shutil
import zipfile
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus"
RECORDED = ROOT / "tests" / "data" / "recorded"
GAMES = {"im": "invasion-malta", "om": "operation-mercury", "na41": "north-africa-41",
         "integrity": "north-africa-41"}


def jobs(tmp: Path, chain: int) -> list[tuple[str, list[str]]]:
    """(name, vmodgen arguments) of every report; the inputs copied or built under ``tmp``."""
    logs = tmp / "logs"
    logs.mkdir()
    tld = [logs / f"tld_game_0606-{i}.log" for i in (1, 2, 3, 4)]
    for p in tld:
        shutil.copyfile(CORPUS / p.name, p)
    chained = []
    for r in range(chain):
        for i, p in enumerate(tld):
            q = logs / f"chain-{r * 4 + i + 1:03d}.log"
            shutil.copyfile(p, q)
            if r:       # a repeat's own zip comment: the audit skips a file whose bytes it has read
                with zipfile.ZipFile(q, "a") as z:
                    z.comment = f"same_reports chain repeat {r}".encode()
            chained.append(str(q))
    for p in RECORDED.glob("*.vlog"):
        shutil.copyfile(p, logs / p.name)
    bindings = tmp / "bindings"           # a report names its binding file: the same path for both
    for game in ("tld", "kassala"):
        (bindings / game).mkdir(parents=True)
        shutil.copyfile(ROOT / "examples" / game / "binding.toml", bindings / game / "binding.toml")
    mods, mods38 = tmp / "mods", tmp / "mods38"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for out, extra in ((mods, []), (mods38, ["--vassal", "3.8"])):
        subprocess.run([sys.executable, "-m", "vmodgen", "build", *extra, "-o", str(out)], env=env,
                       capture_output=True, check=True)
    tld_mod = ["--module", str(CORPUS / "tld_buildFile-only_stripped.vmod")]
    tld_audit = [*tld_mod, "--binding", str(bindings / "tld" / "binding.toml")]
    kassala = ["--module", str(CORPUS / "kassala_Kassala.vmod"), "--binding", str(bindings / "kassala" / "binding.toml")]
    audits: list[tuple[str, list[str]]] = [("tld", [*tld_audit, *map(str, tld)]),
                                           (f"chain{len(chained)}", [*tld_audit, *chained])]
    for v in sorted(logs.glob("*.vlog")):
        n = v.stem
        if n.startswith("kassala-"):
            audits.append((n, [*kassala, str(v)]))
            continue
        built = mods38 if n.endswith("-38m") else mods
        audits.append((n, ["--module", str(built / f"{GAMES[n.split('-')[0]]}.vmod"), str(v)]))
    for s in ("", "-38", "-38m"):
        built = mods38 if s == "-38m" else mods
        audits.append((f"om-chain{s}", ["--module", str(built / "operation-mercury.vmod"),
                                        str(logs / f"om-chain-1{s}.vlog"), str(logs / f"om-chain-2{s}.vlog")]))
    audits.append(("kassala-chain", [*kassala, *(str(logs / f"kassala-{k}.vlog")
                                                 for k in ("moslem", "christian", "locked"))]))
    out = [(f"{name}.{fmt}", ["audit", "--format", fmt, *args])
           for name, args in audits for fmt in ("text", "json", "html")]
    out += [(f"inspect-{p.stem}.json", ["inspect", "--json", *tld_mod, str(p)]) for p in tld]
    out.append(("inspect-1-step500.json", ["inspect", "--json", *tld_mod, "--step", "500", str(tld[0])]))
    out += inspect_jobs(audits, tld_mod, tld, mods)
    return out


def inspect_jobs(audits: list[tuple[str, list[str]]], tld_mod: list[str], tld: list[Path],
                 mods: Path) -> list[tuple[str, list[str]]]:
    """``inspect`` of every TLD and recorded log, text and JSON, with and without its module,
    at a middle step and with ``--reveal-hidden``; and of every module (the corpus's and the
    bundled builds)."""
    logs = [(p.stem, tld_mod, str(p)) for p in tld]
    logs += [(name, args[:2], args[-1]) for name, args in audits
             if len(args) >= 3 and args[0] == "--module" and args[-1].endswith(".vlog") and "-chain" not in name]
    out: list[tuple[str, list[str]]] = []
    for name, module, log in logs:
        for tag, extra in (("", []), ("-nomod", None), ("-reveal", ["--reveal-hidden"]), ("-step3", ["--step", "3"])):
            args = [*module, *(extra or [])] if extra is not None else []
            out.append((f"inspect-{name}{tag}.txt", ["inspect", *args, log]))
            out.append((f"inspect-{name}{tag}.json", ["inspect", "--json", *args, log]))
        out.append((f"inspect-{name}-nomod-reveal.txt", ["inspect", "--reveal-hidden", log]))
    for vmod in [tld_mod[1], *sorted(map(str, mods.glob("*.vmod")))]:
        out.append((f"inspect-module-{Path(vmod).stem}.txt", ["inspect", vmod]))
        out.append((f"inspect-module-{Path(vmod).stem}.json", ["inspect", "--json", vmod]))
    return out


def run(tree: Path, args: list[str], cwd: Path) -> bytes:
    """The command's output, error output and exit code; the tree's own folder (a bundled kit's
    path, which a report names) written as ``<tree>``."""
    r = subprocess.run([sys.executable, "-m", "vmodgen", *args], capture_output=True, cwd=cwd,
                       env={**os.environ, "PYTHONPATH": str(tree)}, check=False)
    out = r.stdout + b"\n--- stderr\n" + r.stderr + b"\n--- exit %d\n" % r.returncode
    return out.replace(str(tree).encode(), b"<tree>")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", type=Path, required=True, help="another vmodgen checkout (the 'before')")
    ap.add_argument("--chain", type=int, default=7, help="times the four TLD logs are repeated (7: 28 logs)")
    ap.add_argument("--keep", type=Path, default=None, help="also write both trees' reports under this folder")
    opt = ap.parse_args()
    if not (CORPUS / "tld_buildFile-only_stripped.vmod").is_file():
        print("../shared/corpus is absent: nothing to compare")
        return 0
    bad = []
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        todo = jobs(work, opt.chain)
        for name, args in todo:
            mine, theirs = run(ROOT, args, work), run(opt.base.resolve(), args, work)
            if opt.keep is not None:
                for side, data in (("this", mine), ("base", theirs)):
                    (opt.keep / side).mkdir(parents=True, exist_ok=True)
                    (opt.keep / side / name).write_bytes(data)
            if mine != theirs:
                bad.append(name)
                print(f"DIFFERENT: {name}")
    print(f"{len(todo) - len(bad)} of {len(todo)} reports byte-identical")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
