"""Record round 4's logs of ``tests/data/recorded`` in real VASSAL (see README.md there):
Invasion: Malta's Leros 1943 scenario over three turns, and messy Operation Mercury play.

    python tests/data/recorded/record4.py --modules DIR [--vassal /work/vassal-oracle/vassal37]

``--modules``: the folder ``vmodgen build -o`` wrote the bundled modules to. Runs the driver on
each script in a scratch folder and copies the ``.vlog`` VASSAL wrote, with its script, to
``--out``."""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import record  # noqa: E402  (start_save, nexts, phase counts)

#: free spots in the off-map boxes (map pixels of the 'Off-map boxes' map): Leros Invasion Zone
#: East's Available and Delay boxes
EAST_AVAILABLE = [(74, 2300), (131, 2300), (189, 2300), (246, 2300), (74, 2360), (131, 2360)]
EAST_DELAY = (389, 2300)


def leros() -> list[str]:
    """Scenario 4 (Leros 1943), as Axis, GT1-GT3. GT1: the convoy to the East zone's Available box
    (Naval Transport Phase, 16.2); five units (10 SP) on invasion hex L2703 and one on L2804
    (Movement Phase, 16.33A allows 9 SP a hex); the Axis player drags the Allied coast artillery
    Lago (MA 0) from L3110 to L3109; Combat Phase: four land on L2704, the fifth goes to the Delay
    box, unit 6 lands on L2805. GT2 Movement: units 1 and 2 L2704 -> L2705 (unit 2 first to
    L2605, undone). GT3 (Night) Supply Status: an Out of Supply marker on unit 6."""
    n = record.nexts
    lines = ["player Axis Axis pw-ler", "setup Scenario 4: Leros 1943", "begin-log",
             "chat Turno 1: sbarco a Leros (fase navale)"] + n(5)
    lines += [f"move Leros_convoy_unit_{i} @{x},{y} Off-map boxes" for i, (x, y) in enumerate(EAST_AVAILABLE, 1)]
    lines += n(2) + [f"move Leros_convoy_unit_{i} L2703 Leros" for i in range(1, 6)]
    lines += ["move Leros_convoy_unit_6 L2804 Leros", "move Lago L3109 Leros"]
    lines += n(4) + [f"move Leros_convoy_unit_{i} L2704 Leros" for i in range(1, 5)]
    lines += [f"move Leros_convoy_unit_5 @{EAST_DELAY[0]},{EAST_DELAY[1]} Off-map boxes",
              "move Leros_convoy_unit_6 L2805 Leros"]
    lines += n(record.IM_PHASES - 11 + 7) + ["chat Turno 2: movimento",
                                              "move Leros_convoy_unit_1 L2705 Leros",
                                              "move Leros_convoy_unit_2 L2605 Leros", "undo",
                                              "move Leros_convoy_unit_2 L2705 Leros"]
    lines += n(record.IM_PHASES - 7 + 13) + ["create Out_of_Supply L2805 Leros"] + n(2) + ["end-log"]
    return lines


def om_messy(start: Path) -> list[str]:
    """Operation Mercury, Scenario 3, as German, from ``om-clean``'s starting save. Chat in
    German; Paradrop Phase: 9/III/Sturm W4213, Vogel 1 and Vogel 2 W4212 (one stack); Next
    pressed twice (to the Bombardment Phase), Prev once (back to Movement); 9/III/Sturm to W4214
    (next to the NZ battalions), undone, then to W4113; Vogel 2 dragged back onto its own hex
    (the stack reordered), then W4212 -> W4112; the German player drags the Allied 19 NZ
    W4315 -> W4316 ("fixing" its set-up); Vogel 1 W4212 -> W4211 -> W4210 (two hexes, OM 4.18)."""
    n = record.nexts
    return (["player German German pw-om", f"load {start}", "begin-log",
             "chat Fallschirmjaeger: Absprung beginnt"] + n(11)
            + ["move 9/III/Sturm W4213 West map", "move Vogel_(1_of_2) W4212 West map",
               "move Vogel_(2_of_2) W4212 West map", "next", "next", "prev",
               "chat Bewegung (zurueck, zweimal gedrueckt)",
               "move 9/III/Sturm W4214 West map", "undo", "move 9/III/Sturm W4113 West map",
               "move Vogel_(2_of_2) W4212 West map", "move Vogel_(2_of_2) W4112 West map",
               "move 19_NZ W4316 West map",
               "move Vogel_(1_of_2) W4211 West map", "move Vogel_(1_of_2) W4210 West map"]
            + n(record.OM_PHASES - 12) + ["end-log"])


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--modules", type=Path, required=True)
    ap.add_argument("--vassal", default="/work/vassal-oracle/vassal37")
    ap.add_argument("--out", type=Path, default=HERE)
    ap.add_argument("--only", nargs="*")
    args = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="record4-"))
    om = args.modules / "operation-mercury.vmod"
    om_start = record.start_save(om, "operation-mercury", "Scenario 3: Maleme-Suda, May 20-23",
                                 [(u, "german-first-wave") for u in ("G-9-III-Sturm", "G-Vogel-1", "G-Vogel-2")],
                                 work / "om-start.vsav")
    runs = [("im-leros", args.modules / "invasion-malta.vmod", leros()),
            ("om-messy", om, om_messy(om_start))]
    for name, module, lines in runs:
        if args.only and name not in args.only:
            continue
        script = work / f"{name}.script"
        script.write_text("\n".join(lines) + "\n")
        log = work / f"{name}.vlog"
        rep = subprocess.run([args.vassal, "record", str(module.resolve()), str(script), str(log)], cwd=work,
                             capture_output=True, text=True, check=True).stdout
        bad = [ln for ln in rep.splitlines() if ln.startswith(("FATAL", "EXCEPTION", "LOG|"))
               or (ln.startswith("STEP|") and "|move " in ln and "drop=" not in ln)]
        if bad or not log.is_file():
            print(f"{name}: VASSAL did not record it as scripted:\n  " + "\n  ".join(bad[:10]), file=sys.stderr)
            return 1
        shutil.copy(log, args.out / log.name)
        (args.out / f"{name}.script").write_text(script.read_text().replace(str(work), "<scratch>"))
        print(f"{name}: {log.stat().st_size} bytes, {len(lines)} script lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
