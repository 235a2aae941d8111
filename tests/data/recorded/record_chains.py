"""Record the play-by-email chains ``om-pbem-*`` of ``tests/data/recorded`` in real VASSAL
(README.md there, section "om-pbem"): several files, each loading the save the file before it
wrote, two players, some files in VASSAL 3.7.26 and some in 3.8.0-beta1.

    python tests/data/recorded/record_chains.py --modules /tmp/games-build --out tests/data/recorded

``--modules``: the folder ``vmodgen build -o`` wrote the bundled modules to (default target,
VASSAL 3.7; VASSAL 3.8 opens it too). The starting save is the one ``record.py`` writes for
``om-clean`` (the German first wave in its off-map box)."""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import record  # noqa: E402  (the starting save, the phase counts)

V37 = "/work/vassal-oracle/vassal37"
V38 = "/work/vassal-oracle/vassal38"
MAP = "West map"


def mv(piece: str, *hexes: str) -> list[str]:
    """One drag per hex (a player's mouse, hex by hex)."""
    return [f"move {piece} {h} {MAP}" for h in hexes]


def chains(om: Path, work: Path) -> list[tuple[str, str, list[str]]]:
    """(log name, VASSAL, script lines), in the order they must be recorded (a script loads the
    save an earlier one wrote)."""
    start = record.start_save(om, "operation-mercury", "Scenario 3: Maleme-Suda, May 20-23",
                              [(u, "german-first-wave") for u in ("G-9-III-Sturm", "G-Vogel-1", "G-Vogel-2")],
                              work / "om-start.vsav")
    ger = "player German German pw-om"
    ally = "player Allied Allied pw-al"
    s = {n: work / f"om-pbem-{n}.vsav" for n in ("1", "2", "3", "2-38", "3-mix")}
    # file 1, German: GT1's Paradrop Phase (three drops), on to the German Movement Phase;
    # Vogel 1 moves 1 hex (legal, 4.18: 1 hex on the arrival turn), 9/III/Sturm 2 hexes
    # (illegal); saved in the middle of the German Movement Phase
    f1 = ([ger, f"load {start}", "begin-log"] + record.nexts(11)
          + mv("9/III/Sturm", "W4213") + mv("Vogel_(1_of_2)", "W4212") + mv("Vogel_(2_of_2)", "W4112")
          + ["next"] + mv("Vogel_(1_of_2)", "W4211") + mv("9/III/Sturm", "W4113", "W4013")
          + [f"save {s['1']}", "end-log"])
    # file 2, German again (its "combat file"), from file 1's save, still in the German
    # Movement Phase: Vogel 1 a second hex (now illegal: 4.18 across the seam), 9/III/Sturm a
    # third (the move file 1 reported goes on: no second finding); then on to the German
    # Combat Phase, a die roll; saved there
    def f2(save_in: Path, save_out: Path) -> list[str]:
        return ([ger, f"load {save_in}", "begin-log"] + mv("Vogel_(1_of_2)", "W4210")
                + mv("9/III/Sturm", "W3913") + record.nexts(5) + ["roll 1d10", f"save {save_out}", "end-log"])

    # file 3, Allied, from file 2's save: the Allied Movement Phase of GT1, where Allied units in
    # the Maleme/Suda sector have MA 1 (4.63); 19 NZ moves 1 hex, Next, Undo (back in the Allied
    # Movement Phase), 1 hex more (illegal: 2 hexes in the phase); Next twice, Prev twice (back
    # again), 1 hex more (the same move goes on); then on to GT2's Recovery Phase
    def f3(save_in: Path, save_out: Path) -> list[str]:
        return ([ally, f"load {save_in}", "begin-log", "next"] + mv("19_NZ", "W4316")
                + ["next", "undo"] + mv("19_NZ", "W4317") + ["next", "next", "prev", "prev"]
                + mv("19_NZ", "W4318") + record.nexts(7) + [f"save {save_out}", "end-log"])

    out = [("om-pbem-1", V37, f1),
           ("om-pbem-2", V37, f2(s["1"], s["2"])),
           ("om-pbem-3", V37, f3(s["2"], s["3"])),
           # file 4, German, GT2: the tracker is never pressed (it stays in the Recovery Phase);
           # the chat names the phase in other words; 9/III/Sturm and Vogel 2 move
           ("om-pbem-4", V37, [ger, f"load {s['3']}", "begin-log", "chat German movement, turn 2 (forgot the tracker)"]
            + mv("9/III/Sturm", "W3912") + mv("Vogel_(2_of_2)", "W4012", "W3911") + ["end-log"]),
           # the Allied player's file started from file 1's save (an older one: a branch)
           ("om-pbem-3b", V37, [ally, f"load {s['1']}", "begin-log"] + record.nexts(7)
            + mv("156_AA", "W4414") + ["end-log"]),
           # file 2 again, but the German player first dragged Vogel 2 one hex with no log
           # running, then began the log: the seam does not close on one of its own units
           ("om-pbem-2u", V37, [ger, f"load {s['1']}"] + mv("Vogel_(2_of_2)", "W4012")
            + ["begin-log"] + f2(s["1"], s["2"])[3:-2] + ["end-log"]),
           # file 2 again, but the German player first takes file 1's last drags back by hand:
           # Vogel 1 back to its drop hex W4212 (then W4111, 1 hex: legal), 9/III/Sturm back to W4113
           ("om-pbem-2t", V37, [ger, f"load {s['1']}", "begin-log"] + mv("Vogel_(1_of_2)", "W4212", "W4111")
            + mv("9/III/Sturm", "W4113") + ["end-log"]),
           # file 3 again, but the Allied player undoes twice (the Next, then 19 NZ's drag) and
           # moves 19 NZ one hex elsewhere (W4216): nothing illegal stands
           ("om-pbem-3u", V37, [ally, f"load {s['2']}", "begin-log", "next"] + mv("19_NZ", "W4316")
            + ["next", "undo", "undo"] + mv("19_NZ", "W4216") + ["end-log"]),
           # the same chain with file 2 played in VASSAL 3.8.0-beta1, file 3 again in 3.7.26
           ("om-pbem-2-38", V38, f2(s["1"], s["2-38"])),
           ("om-pbem-3-mix", V37, f3(s["2-38"], s["3-mix"]))]
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--modules", type=Path, required=True)
    ap.add_argument("--out", type=Path, default=HERE)
    ap.add_argument("--only", nargs="*", help="record only these logs (the saves they load must exist: "
                                              "record the whole chain once)")
    ap.add_argument("--scratch", type=Path, help="the scratch folder (default: a new one); with --only, "
                                                 "the one an earlier run left, whose saves the scripts load")
    args = ap.parse_args()
    work = args.scratch or Path(tempfile.mkdtemp(prefix="record-chains-"))
    om = (args.modules / "operation-mercury.vmod").resolve()
    for name, vassal, lines in chains(om, work):
        if args.only and name not in args.only:
            continue
        script = work / f"{name}.script"
        script.write_text("\n".join(lines) + "\n")
        log = work / f"{name}.vlog"
        with open(work / f"{name}.txt", "w") as rep:
            subprocess.run([vassal, "record", str(om), str(script), str(log)], cwd=work,
                           stdout=rep, stderr=subprocess.STDOUT, check=True)
        report = (work / f"{name}.txt").read_text()
        bad = [ln for ln in report.splitlines() if ln.startswith(("FATAL", "EXCEPTION", "LOG|"))
               or (ln.startswith("STEP|") and "|move " in ln and "drop=" not in ln)]
        if bad or not log.is_file():
            print(f"{name}: VASSAL did not record it as scripted ({work / (name + '.txt')}):\n  "
                  + "\n  ".join(bad[:10]), file=sys.stderr)
            return 1
        shutil.copy(log, args.out / log.name)
        (args.out / f"{name}.script").write_text(script.read_text().replace(str(work), "<scratch>"))
        print(f"{name}: {Path(vassal).name}, {log.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
