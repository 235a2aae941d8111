"""Record the logs of ``tests/data/recorded`` in real VASSAL (see README.md there).

    python tests/data/recorded/record.py --modules /tmp/games-build \\
        --vassal /work/vassal-oracle/vassal37 --out tests/data/recorded

``--modules``: the folder ``vmodgen build -o`` wrote the three bundled modules to. For each
scenario this writes, in a scratch folder, the starting save where one is needed (a piece a
player would drag from the palette, which the recording driver cannot do, is placed there by the
project's log writer in an off-map box; VASSAL loads that save and records every step after it)
and the driver script, runs the driver and copies the ``.vlog`` files VASSAL wrote to ``--out``,
with the script beside each (``<name>.script``)."""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))          # the tests folder: games_util
sys.path.insert(0, str(HERE.parents[2]))          # the project

IM_PHASES = 16
OM_PHASES = 25
NA41_PHASES = 39


def nexts(n: int) -> list[str]:
    return ["next"] * n


VASSAL_VERSION = "3.7.26"     # the version the starting saves declare (set by --vassal)


def start_save(module: Path, kit_id: str, setup: str | None, pieces: list[tuple[str, str]], dest: Path) -> Path:
    """A save of ``setup`` with palette pieces (unit id or marker id, box id) added."""
    from games_util import palette_piece
    from vmodgen.model.kit import load_kit
    from vmodgen.testing.log_writer import LogWriter
    from vmodgen.vassal.module import read_module
    from vmodgen.vassal.savefile import Metadata, save_bytes
    kit = load_kit(kit_id)
    w = LogWriter.from_module_setup(module, setup, kit=kit)
    for ref, box in pieces:
        w.add(*palette_piece(module, ref), box, report=False)
    m = read_module(str(module))
    data = save_bytes(w.save_point().text(), obfuscated=True, key=0x5A,
                      savedata=Metadata(version=m.version, vassal_version=VASSAL_VERSION),
                      moduledata=Metadata(version=m.version, vassal_version=VASSAL_VERSION, name=m.name))
    dest.write_bytes(data)
    return dest


def scenarios(modules: Path, work: Path) -> list[tuple[str, Path, list[str]]]:
    """(log name, module, script lines); the first line loads a save or a setup."""
    im = modules / "invasion-malta.vmod"
    om = modules / "operation-mercury.vmod"
    na = modules / "north-africa-41.vmod"
    out = []
    # ---- Invasion: Malta, Scenario 3 (phases: airborne = 6, movement = 7, supply-status = 13)
    im_start = start_save(im, "invasion-malta", None, [("airhead", "axis-paradrop-kg2"),
                                                       ("oos", "axis-paradrop-kg3")], work / "im-start.vsav")
    drop = ["move 5/3 2020 Malta", "move KG1_unit_1 2020 Malta", "move KG1_unit_2 2021 Malta",
            "move Airhead 2020 Malta"]
    head = ["player Axis Axis pw-im", f"load {im_start}", "begin-log"] + nexts(6) + drop + ["next"]
    to_night = nexts(IM_PHASES - 7 + IM_PHASES + IM_PHASES - 1)       # GT1 movement → GT3 victory
    out.append(("im-clean", im, head + ["move KG1_unit_2 2022 Malta"] + to_night + ["end-log"]))
    out.append(("im-dirty", im, head + ["move KG1_unit_2 2022 Malta",
                                        "move KG1_unit_1 2021 Malta", "move KG1_unit_1 2022 Malta"]
                + nexts(IM_PHASES - 7 + 13) + ["move Out_of_Supply 2020 Malta"]
                + nexts(IM_PHASES - 13 + IM_PHASES - 1) + ["end-log"]))
    out.append(("im-undo", im, head + ["move KG1_unit_2 2022 Malta", "move KG1_unit_2 2023 Malta", "undo"]
                + nexts(3) + ["end-log"]))
    # ---- Operation Mercury, Scenario 3 (german-paradrop = 11, german-movement = 12)
    om_start = start_save(om, "operation-mercury", "Scenario 3: Maleme-Suda, May 20-23",
                          [(u, "german-first-wave") for u in ("G-9-III-Sturm", "G-Vogel-1", "G-Vogel-2")],
                          work / "om-start.vsav")
    head = ["player German German pw-om", f"load {om_start}", "begin-log"] + nexts(11)
    out.append(("om-clean", om, head + ["move 9/III/Sturm W4213 West map", "move Vogel_(1_of_2) W4212 West map",
                                        "next", "move 9/III/Sturm W4113 West map",
                                        "move Vogel_(1_of_2) W4112 West map"]
                + nexts(OM_PHASES - 12 + OM_PHASES) + ["end-log"]))
    mid = work / "om-chain-1.vsav"
    out.append(("om-chain-1", om, head + ["move 9/III/Sturm W4214 West map", "move Vogel_(1_of_2) W4213 West map",
                                          f"save {mid}", "end-log"]))
    out.append(("om-chain-2", om, ["player German German pw-om", f"load {mid}", "begin-log",
                                   "move Vogel_(2_of_2) W4212 West map", "next",
                                   "move 9/III/Sturm W4313 West map",
                                   "move Vogel_(1_of_2) W4212 West map", "move Vogel_(1_of_2) W4211 West map",
                                   "move Vogel_(2_of_2) W4112 West map", "move Vogel_(2_of_2) W4111 West map"]
                + nexts(3) + ["end-log"]))
    # a take-back by hand (issue: takeback): 9/III/Sturm dropped at W4213 moves next to the NZ
    # battalions (W4214, their ZOC), is dragged back to W4213 (a drop, not Undo), then moves on
    out.append(("om-takeback", om, head + ["move 9/III/Sturm W4213 West map", "move Vogel_(1_of_2) W4212 West map",
                                           "next", "move 9/III/Sturm W4214 West map",
                                           "move 9/III/Sturm W4213 West map", "move 9/III/Sturm W4113 West map",
                                           "move Vogel_(1_of_2) W4112 West map"]
                + nexts(OM_PHASES - 12 + OM_PHASES) + ["end-log"]))
    # messy real play (issue rec38): the tracker never pressed (it stays in GT1's Recovery Phase)
    # while the German player paradrops 9/III/Sturm and Vogel 1 and moves 9/III/Sturm one hex
    out.append(("om-notracker", om, ["player German German pw-om", f"load {om_start}", "begin-log",
                                     "move 9/III/Sturm W4213 West map", "move Vogel_(1_of_2) W4212 West map",
                                     "move 9/III/Sturm W4113 West map", "end-log"]))
    # ---- North Africa '41, S1 (i1-axis-movement = 8)
    head = ["player Axis Axis pw-na", "setup S1 Enter Rommel", "begin-log"] + nexts(8)
    rest = nexts(2 * NA41_PHASES - 8)
    out.append(("na41-clean", na, head + ["move 3_Aufkl 0803"] + rest + ["end-log"]))
    out.append(("na41-dirty", na, head + ["move 8_MG_Bn 0602"] + rest + ["end-log"]))
    # ---- messy real play (issue rec38): the players never press the turn tracker (it stays in
    # GT1's Preparation Phase) while the Axis moves 3 Aufkl 7 MP (legal, 5.3) and 8 MG Bn 9 MP
    # (illegal, 5.1); and the tracker pressed late: the same moves first, then Next eight times
    # up to the Axis Movement Phase, where 3 Aufkl moves on one hex, and on to the end of GT1
    start = ["player Axis Axis pw-na", "setup S1 Enter Rommel", "begin-log"]
    out.append(("na41-notracker", na, start + ["move 3_Aufkl 0803", "move 8_MG_Bn 0602", "end-log"]))
    out.append(("na41-late", na, start + ["move 3_Aufkl 0803", "move 8_MG_Bn 0602"] + nexts(8)
                + ["move 3_Aufkl 0804"] + nexts(NA41_PHASES - 8) + ["end-log"]))
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--modules", type=Path, required=True)
    ap.add_argument("--vassal", default="/work/vassal-oracle/vassal37")
    ap.add_argument("--out", type=Path, default=HERE)
    ap.add_argument("--only", nargs="*")
    ap.add_argument("--suffix", default="", help="appended to each log's name, e.g. -38 for VASSAL 3.8")
    args = ap.parse_args()
    global VASSAL_VERSION
    if args.vassal.endswith("38"):
        VASSAL_VERSION = "3.8.0-beta1"
    work = Path(tempfile.mkdtemp(prefix="record-games-"))
    for name, module, lines in scenarios(args.modules, work):
        if args.only and name not in args.only:
            continue
        name = name + args.suffix
        script = work / f"{name}.script"
        script.write_text("\n".join(lines) + "\n")
        log = work / f"{name}.vlog"
        with open(work / f"{name}.txt", "w") as rep:
            subprocess.run([args.vassal, "record", str(module.resolve()), str(script), str(log)], cwd=work,
                           stdout=rep, stderr=subprocess.STDOUT, check=True)
        report = (work / f"{name}.txt").read_text()
        bad = [ln for ln in report.splitlines() if ln.startswith(("FATAL", "EXCEPTION", "LOG|"))
               or ("|" in ln and ln.startswith("STEP|") and "move " in ln and "drop=" not in ln)]
        if bad or not log.is_file():
            print(f"{name}: VASSAL did not record it as scripted:\n  " + "\n  ".join(bad[:10]), file=sys.stderr)
            return 1
        shutil.copy(log, args.out / log.name)
        (args.out / f"{name}.script").write_text(script.read_text().replace(str(work), "<scratch>"))
        print(f"{name}: {log.stat().st_size} bytes, {sum(1 for ln in lines if not ln.startswith('#'))} script lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
