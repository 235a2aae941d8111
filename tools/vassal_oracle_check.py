"""Check built modules in real VASSAL with the oracle of ``/work/vassal-oracle`` (its README):
the oracle's ``check`` mode opens a module in VASSAL's Player, re-encodes every palette slot and
prototype, and launches every predefined setup. This script runs it and compares what VASSAL
reports with vmodgen's own reading of the same module.

    python tools/vassal_oracle_check.py MODULE.vmod... [--vassal /work/vassal-oracle/vassal38]
                                        [--keep DIR]

For each module it prints one line per check and exits 1 if any fails:
  * the slots and prototypes VASSAL re-encoded to the identical text (``same=true``);
  * no problem (VASSAL WARN/ERROR log line, exception) and no dialog other than the ordinary
    ones (choose side, "Start new Logfile?") and the module's own map windows;
  * every setup: the pieces VASSAL placed (id, map, x, y, location name, piece name) are
    exactly the pieces vmodgen reads from the setup's save, at the hexes its grids name.
Nothing from the oracle is written into the project (``--keep`` saves the reports elsewhere).
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from vmodgen.vassal.module import read_module  # noqa: E402
from vmodgen.vassal.replay import replay  # noqa: E402
from vmodgen.vassal.savefile import read_save_bytes  # noqa: E402

ORDINARY = ("Choose side", "Start new Logfile?", "Enter File Comments")


def run_oracle(vassal: str, module: Path, report: Path) -> list[list[str]] | str:
    """The report's lines, or why the oracle failed."""
    run = subprocess.run([vassal, "check", str(module), "--report", str(report)],
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if run.returncode != 0 or not report.exists():
        tail = (run.stderr or "").strip().splitlines()[-1:] or [""]
        return f"the oracle failed (exit {run.returncode}): {tail[0][:200]}"
    return [line.split("|") for line in report.read_text(encoding="utf-8").splitlines()]


def vmodgen_setups(module: Path) -> dict[str, set[tuple]]:
    """Each setup's pieces as vmodgen reads them: (id, map, x, y, label, name)."""
    m = read_module(module)
    out = {}
    for s in m.setups:
        if s.is_menu or not s.file:
            continue
        state = replay(read_save_bytes(m.read_entry(s.file), s.file), locate=m.locate).final
        out[s.name] = {(pid, r.map, str(r.x), str(r.y), m.locate(r.map, r.x, r.y) or "offboard", r.name)
                       for pid, r in state.pieces.items()}
    return out


def check(vassal: str, module: Path, keep: Path | None) -> list[str]:
    """Failures (empty: clean); prints a line per check."""
    report = (keep or Path(tempfile.mkdtemp())) / f"{module.stem}-{Path(vassal).name}.txt"
    lines = run_oracle(vassal, module, report)
    if isinstance(lines, str):
        print(f"{module}: {lines}")
        return [lines]
    fails = []
    loaded = next((f for f in lines if f[0] == "LOADED"), None)
    print(f"{module}: {' '.join(loaded[1:]) if loaded else 'NOT LOADED'}")
    for mode, kinds in (("Player", ("SLOT", "PROTO")), ("Editor", ("EDITOR-SLOT", "EDITOR-PROTO"))):
        slots = [f for f in lines if f[0] in kinds]
        if not slots:
            continue
        bad = [f"{f[0]} {f[1]}" for f in slots if f[-1] != "same=true"]
        print(f"  {mode}: re-encoded identically: {len(slots) - len(bad)}/{len(slots)} slots and prototypes")
        fails += [f"{b} re-encodes differently" for b in bad]
    images = next((f for f in lines if f[0] == "IMAGES"), None)
    if images is not None:
        print("  images: " + ", ".join(images[1:]))
        if "missing=0" not in images:
            fails.append("images: " + "|".join(images[1:]))
    maps = tuple(read_module(module).maps)
    dialogs = [f for f in lines if f[0] == "DIALOG"]
    odd = [f for f in dialogs     # a map window (older oracle reports) is no dialog
           if not any(o in "|".join(f[2:]) for o in ORDINARY) and not f[1].endswith(tuple(" - " + n for n in maps))]
    windows = sum(1 for f in lines if f[0] == "WINDOW")
    print(f"  dialogs: {len(dialogs)}, all ordinary (choose side, new logfile?)" if not odd else
          f"  dialogs: {len(dialogs)}, {len(odd)} unusual")
    print(f"  map windows opened: {windows}")
    fails += ["dialog: " + "|".join(f[1:]) for f in odd]
    summaries = [dict(v.split("=", 1) for v in f[1:] if "=" in v) for f in lines if f[0] == "SUMMARY"]
    problems = [f for f in lines if f[0] in ("LOG", "EXCEPTION")]
    print(f"  SUMMARY {' / '.join('|'.join(f'{k}={v}' for k, v in s.items()) for s in summaries)}; "
          f"VASSAL log warnings/errors and exceptions: {len(problems)}")
    if not summaries or problems or any(s.get("problems") != "0" or s.get("unusual_dialogs", "0") != "0"
                                        for s in summaries):
        fails += ["problem: " + "|".join(f) for f in problems] or [f"summary {summaries}"]
    expected = vmodgen_setups(module)
    got: dict[str, set[tuple]] = {}
    current = None
    for f in lines:
        if f[0] == "SETUP":
            current = f[1]
            got[current] = set()
        elif f[0] == "PIECE" and current is not None:
            got[current].add(tuple(f[1:7]))
    for name, pieces in expected.items():
        seen = got.get(name)
        if seen is None:
            fails.append(f"setup '{name}' was not launched")
            continue
        ok = seen == pieces
        print(f"  setup {name}: VASSAL placed {len(seen)} pieces, vmodgen reads {len(pieces)}: "
              f"{'identical' if ok else 'DIFFERENT'}")
        if not ok:
            fails.append(f"setup '{name}': VASSAL only {sorted(seen - pieces)[:3]}, "
                         f"vmodgen only {sorted(pieces - seen)[:3]}")
    return fails


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("modules", nargs="+", type=Path)
    ap.add_argument("--vassal", default="/work/vassal-oracle/vassal38",
                    help="the oracle's launcher (vassal37 or vassal38)")
    ap.add_argument("--keep", type=Path, default=None, help="folder for the oracle's reports")
    args = ap.parse_args()
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
    failed = 0
    for module in args.modules:
        fails = check(args.vassal, module, args.keep)
        for f in fails:
            print("  FAIL " + f)
        failed += bool(fails)
    print(f"{len(args.modules) - failed}/{len(args.modules)} modules clean in {args.vassal}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
