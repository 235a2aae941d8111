"""Record round 9's logs of ``tests/data/recorded`` in real VASSAL (see README.md there): the messy
play nobody recorded yet - stacks dragged whole and a unit dragged out of a stack in an enemy ZOC,
a game marker put on an enemy unit by hand, a save sent instead of a log, a log played on an older
build of Operation Mercury, a unit deleted and put back from the palette (and a second copy of a
unit) in Invasion: Malta.

* ``om-stack9``: Operation Mercury, Scenario 3, as German: the three first-wave units land as one
  stack on W4214 (next to B/22 and B/23 NZ in W4314); German Movement: Vogel 2 dragged out of the
  stack W4214 -> W4313 (enemy ZOC to enemy ZOC on its paradrop turn: 5.23, 4.18); 9/III/Sturm
  dropped back on its own hex (a reorder); the rest of the stack dragged whole W4214 -> W4113.
* ``om-marker9``: as German: 9/III/Sturm lands on W4216 (next to 19 NZ in W4315); German
  Movement: a **Fatigue marker** from the palette put on 19 NZ by hand (no combat gave it), then
  9/III/Sturm W4216 -> W4316 (enemy ZOC to enemy ZOC unless 19 NZ is fatigued, 5.13, 5.23).
* ``om-save9-1.vsav`` (from the script ``om-save9-1``; its log is not kept: the German sends only
  the save), ``om-save9-2``: the German (a password set) lands 9/III/Sturm W4213 and Vogel 1
  W4212, moves Vogel 1 W4212 -> W4211 in the German Movement Phase and **saves mid-phase**; file 2
  loads that save: Vogel 1 W4211 -> W4210 (its second hex on its paradrop turn, 4.18, the first
  in no log), 9/III/Sturm W4213 -> W4113; on to the German Combat Phase.
* ``om-version9``: played on an **older build** of the kit (version 0.9, 9/III/Sturm's movement
  allowance 3 instead of 5): 9/III/Sturm lands on W4113; on to GT2's German Movement Phase,
  9/III/Sturm W4113 -> W4013 -> W4012 -> W4011 -> W3911 (four clear hexes).
* ``om-long9``: three full turns as German (playing the Allied moves too), the tracker through
  every phase: GT1 9/III/Sturm W4214 and Vogel 1 W4213 land, Vogel 1 -> W4113; German Combat: a
  d10, B/22 NZ **deleted** (eliminated), 9/III/Sturm **flipped** (a step lost); Allied Movement:
  19 NZ W4315 -> W4316. GT2: **12/III/Sturm drops from the second-wave box** on W4112; Vogel 1
  W4113 -> W4013 -> W4012, 9/III/Sturm W4214 -> W4113, 12/III/Sturm W4112 -> W4012 -> W4011 (two
  hexes on its drop turn, 4.18); German Combat: a d10, 19 NZ flipped; Allied Movement: 19 NZ ->
  W4317. GT3 (Night): Vogel 1 W4012 -> W4011 -> W3911; B/23 NZ W4314 -> W4313; on to GT4.
* ``im-delete9``: Invasion: Malta, Scenario 3, as Axis: the drops of ``im-clean``; Movement: KG1
  unit 2 **deleted** (Ctrl+D) on 2021 and a new KG1 unit 2 dragged from the palette onto 2023 (two
  hexes away); a **second 5/3** from the palette onto 2020, where the first stands; on to GT2.

    python tests/data/recorded/record9.py --modules DIR [--vassal /work/vassal-oracle/vassal38 --suffix=-38]

``--modules``: the folder ``vmodgen build -o`` wrote the bundled modules to."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import record  # noqa: E402  (start_save, nexts)
import record6  # noqa: E402  (phase indices)
import recordkit  # noqa: E402

W = record6.W
GERMAN = "player Gerd German pw-secret-om9"
n = record.nexts


def om_stack(start: Path) -> list[str]:
    """A stack of three landed on W4214; one unit dragged out of it in an enemy ZOC; a reorder;
    the rest of the stack dragged whole."""
    return ([GERMAN, f"load {start}", "begin-log"] + n(record6.OM_PARADROP)
            + [f"move 9/III/Sturm W4214 {W}", f"move Vogel_(1_of_2) W4214 {W}", f"move Vogel_(2_of_2) W4214 {W}"]
            + n(1)
            + [f"move Vogel_(2_of_2) W4313 {W}", f"move 9/III/Sturm W4214 {W}", f"move-stack Vogel_(1_of_2) W4113 {W}"]
            + n(record6.OM_GERMAN_COMBAT - record6.OM_GERMAN_MOVE) + ["end-log"])


def om_marker(start: Path) -> list[str]:
    """A Fatigue marker put by hand on the enemy 19 NZ, then a move next to it."""
    return ([GERMAN, f"load {start}", "begin-log"] + n(record6.OM_PARADROP)
            + [f"move 9/III/Sturm W4216 {W}", f"move Vogel_(1_of_2) W4212 {W}"] + n(1)
            + [f"create Fatigue W4315 {W}", f"move 9/III/Sturm W4316 {W}"]
            + n(record6.OM_GERMAN_COMBAT - record6.OM_GERMAN_MOVE) + ["end-log"])


def om_save(start: Path, work: Path, sfx: str) -> list[tuple[str, list[str]]]:
    """File 1 (only its save is sent) and file 2 (a log from that save)."""
    s1, s2 = work / f"om-save9-1{sfx}.vsav", work / f"om-save9-2{sfx}.vsav"
    return [("om-save9-1", [GERMAN, f"load {start}", "begin-log"] + n(record6.OM_PARADROP)
             + [f"move 9/III/Sturm W4213 {W}", f"move Vogel_(1_of_2) W4212 {W}"] + n(1)
             + [f"move Vogel_(1_of_2) W4211 {W}", "chat saving here, my log got lost", f"save {s1}", "end-log"]),
            ("om-save9-2", [GERMAN, f"load {s1}", "begin-log", f"move Vogel_(1_of_2) W4210 {W}",
                            f"move 9/III/Sturm W4113 {W}"]
             + n(record6.OM_GERMAN_COMBAT - record6.OM_GERMAN_MOVE) + [f"save {s2}", "end-log"])]


def om_version(start: Path) -> list[str]:
    """Played on the older build: 9/III/Sturm lands, then moves four hexes in GT2."""
    return ([GERMAN, f"load {start}", "begin-log"] + n(record6.OM_PARADROP)
            + [f"move 9/III/Sturm W4113 {W}"] + n(record.OM_PHASES + 1)
            + [f"move 9/III/Sturm {h} {W}" for h in ("W4013", "W4012", "W4011", "W3911")]
            + n(record6.OM_GERMAN_COMBAT - record6.OM_GERMAN_MOVE) + ["end-log"])


def older_om(root: Path, project: Path) -> Path:
    """An older build of Operation Mercury: version 0.9, 9/III/Sturm's movement 3 (front)."""
    for part in ("counters", "maps"):
        shutil.copytree(project / part / "operation-mercury", root / part / "operation-mercury")
    game = root / "counters" / "operation-mercury" / "game.toml"
    text = game.read_text(encoding="utf-8")
    assert "\nversion = " not in text
    game.write_text(re.sub(r"(?m)^(name = \"Operation Mercury\")$", lambda m: m.group(1) + '\nversion = "0.9"',
                           text, count=1), encoding="utf-8")
    roster = root / "counters" / "operation-mercury" / "roster.csv"
    old = "G-9-III-Sturm,9/III/Sturm,german,luftwaffe,sturm,parachute_infantry,company,2,,1,3,,,7,5,,3,"
    text = roster.read_text(encoding="utf-8")
    assert old in text
    roster.write_text(text.replace(old, old.replace(",7,5,,3,", ",7,3,,3,")), encoding="utf-8")
    subprocess.run([sys.executable, "-m", "vmodgen", "build", str(root / "counters" / "operation-mercury"),
                    "-o", str(root / "build")], cwd=project, check=True, capture_output=True)
    return root / "build" / "operation-mercury.vmod"


def om_long(start: Path) -> list[str]:
    """Three full turns, the tracker through every phase, the German seat playing both sides."""
    g = record6.OM_GERMAN_COMBAT - record6.OM_GERMAN_MOVE
    allied_move = 18
    return ([GERMAN, f"load {start}", "begin-log"] + n(record6.OM_PARADROP)
            # GT1 (20 AM)
            + [f"move 9/III/Sturm W4214 {W}", f"move Vogel_(1_of_2) W4213 {W}"] + n(1)
            + [f"move Vogel_(1_of_2) W4113 {W}"] + n(g)
            + ["chat GT1 combat: 9/III/Sturm attacks B/22 NZ and B/23 NZ in W4314", "roll 1d10",
               "chat B/22 NZ eliminated, 9/III/Sturm loses a step", "key B/22_NZ ctrl D", "flip 9/III/Sturm"]
            + n(1) + [f"move-stack 19_NZ W4316 {W}"] + n(record.OM_PHASES - allied_move)
            # GT2 (20 PM): the second wave drops
            + n(record6.OM_PARADROP) + [f"move 12/III/Sturm W4112 {W}"] + n(1)
            + [f"move Vogel_(1_of_2) W4013 {W}", f"move Vogel_(1_of_2) W4012 {W}", f"move 9/III/Sturm W4113 {W}",
               f"move 12/III/Sturm W4012 {W}", f"move 12/III/Sturm W4011 {W}"] + n(g)
            + ["chat GT2 combat: 19 NZ attacked from the beach", "roll 1d10", "flip 19_NZ"]
            + n(1) + [f"move-stack 19_NZ W4317 {W}"] + n(record.OM_PHASES - allied_move)
            # GT3 (20 Night)
            + n(record6.OM_GERMAN_MOVE) + [f"move Vogel_(1_of_2) W4011 {W}", f"move Vogel_(1_of_2) W3911 {W}"]
            + n(allied_move - record6.OM_GERMAN_MOVE) + [f"move-stack B/23_NZ W4313 {W}"]
            + n(record.OM_PHASES - allied_move) + ["end-log"])


def im_delete(start: Path) -> list[str]:
    """A unit deleted and put back from the palette two hexes away; a second copy of a unit."""
    return (["player Axis Axis pw-im9", f"load {start}", "begin-log"] + n(6)
            + ["move 5/3 2020 Malta", "move KG1_unit_1 2020 Malta", "move KG1_unit_2 2021 Malta",
               "move Airhead 2020 Malta"] + n(1)
            + ["key KG1_unit_2 ctrl D", "create KG1_unit_2 2023 Malta", "create 5/3 2020 Malta"]
            + n(record.IM_PHASES - 6) + ["end-log"])


def main() -> int:
    args, work = recordkit.start(__doc__, "record9-")
    sfx = args.suffix
    om = args.modules / "operation-mercury.vmod"
    first_wave = [(u, "german-first-wave") for u in ("G-9-III-Sturm", "G-Vogel-1", "G-Vogel-2")]
    scn3 = "Scenario 3: Maleme-Suda, May 20-23"
    start = record.start_save(om, "operation-mercury", scn3, first_wave, work / "om-start.vsav")
    runs: list[tuple[str, Path, list[str]]] = [("om-stack9", om, om_stack(start)), ("om-marker9", om, om_marker(start))]
    if recordkit.wanted("om-save9", args.only):
        runs += [(name, om, lines) for name, lines in om_save(start, work, sfx)]
    if recordkit.wanted("om-version9", args.only):
        old = older_om(work / "old", HERE.parents[2])
        old_start = record.start_save(old, "operation-mercury", scn3, first_wave, work / "om-old-start.vsav")
        runs.append(("om-version9", old, om_version(old_start)))
    im = args.modules / "invasion-malta.vmod"
    im_start = record.start_save(im, "invasion-malta", None, [("airhead", "axis-paradrop-kg2"),
                                                               ("oos", "axis-paradrop-kg3")], work / "im-start.vsav")
    runs.append(("im-delete9", im, im_delete(im_start)))
    if recordkit.wanted("om-long9", args.only):
        long_start = record.start_save(om, "operation-mercury", scn3, first_wave[:2] + [("G-12-III-Sturm", "german-second-wave")],
                                       work / "om-long-start.vsav")
        runs.append(("om-long9", om, om_long(long_start)))
    for name, module, lines in runs:
        if not (recordkit.wanted(name, args.only) or name.startswith("om-save9") and "om-save9" in (args.only or [])):
            continue
        if not recordkit.run(args.vassal, module, name, lines, work, args.out, sfx):
            return 1
        if name == "om-save9-1":
            shutil.copy(work / f"om-save9-1{sfx}.vsav", args.out / f"om-save9-1{sfx}.vsav")
            (args.out / f"om-save9-1{sfx}.vlog").unlink()     # the German sent only the save
    return 0


if __name__ == "__main__":
    sys.exit(main())
