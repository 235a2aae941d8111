"""Record round 4's logs of ``tests/data/recorded`` in real VASSAL (see README.md there):
Invasion: Malta's Leros 1943 scenario over three turns, messy Operation Mercury play, North
Africa '41 over two turns with supply, and a two-file North Africa '41 chain whose second file was
played with an older build of the kit (3 Aufkl's movement 3, not 6; version 0.9).

    python tests/data/recorded/record4.py --modules DIR [--vassal /work/vassal-oracle/vassal37]

The arguments (``--modules``: the folder ``vmodgen build -o`` wrote the bundled modules to) and
the run of each script: ``recordkit.py``."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import record  # noqa: E402  (start_save, nexts, phase counts)
import recordkit  # noqa: E402

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


OOS, RED = "Out_of_Supply_(back:_Isolated,_red)", "Isolated_(red_OOS)"


def na41_supply() -> list[str]:
    """S1 Enter Rommel, as Axis, GT1-GT2 (phases: I1 Axis Movement 8, Combat 9, I2 Allied
    Movement 14, I2 Axis Movement 20, Supply 23, I3 Axis Supply 35; a turn has 39). GT1 I1: 5 Pz
    Rgt 1604 -> 1707 and 2 MG Bn 1604 -> 1606 (beside the Allied stack in 1808), 3 Aufkl 1503 ->
    1208; Combat: 2d6, the Allied stack 1808 -> 1909 (a 2-hex retreat), 5 Pz Rgt advances to 1808.
    I2: 6 RTR 1909 -> 1910 (Allied Movement); 3 Aufkl 1208 -> 1210, out of supply: a white OOS
    marker in the Axis Supply Phase; I3 Axis Supply: white off, red (Isolated) on, 1d6 isolation.
    GT2 I1 Axis Supply: red stays; I2 Axis Supply: the red marker deleted (a mistake)."""
    n = record.nexts
    lines = ["player Axis Axis pw-na", "setup S1 Enter Rommel", "begin-log"] + n(8)
    lines += ["chat Achse: Bewegungsphase", "move 5_Pz_Rgt 1707", "move 2_MG_Bn 1606", "move 3_Aufkl 1208"]
    lines += n(1) + ["chat Angriff auf 1808", "roll 2d6", "move-stack 3_Hus 1909", "move 5_Pz_Rgt 1808"]
    lines += n(5) + ["move 6_RTR 1910"] + n(6) + ["move 3_Aufkl 1210"] + n(3) + [f"create {OOS} 1210"]
    lines += n(12) + [f"key {OOS} ctrl D", f"create {RED} 1210", "roll 1d6"]
    lines += n(record.NA41_PHASES - 35 + 11) + ["chat Turn 2: Nachschub ok"] + n(12) + [f"key {RED} ctrl D"]
    return lines + n(record.NA41_PHASES - 23 - 1) + ["end-log"]


def na41_zoc_undo() -> list[str]:
    """S1 Enter Rommel, as Axis, GT1 I1 Axis Movement: 5 Pz Rgt 1604 -> 1707 (beside the Allied
    tanks in 1808), Undo; then 1604 -> 1606, 1606 -> 1707 (into their ZOC) and 1707 -> 1708 (on
    through it: NA41 7.2, Z1); on to the end of the Axis Movement Phase."""
    return (["player Axis Axis pw-na", "setup S1 Enter Rommel", "begin-log"] + record.nexts(8)
            + ["move 5_Pz_Rgt 1707", "undo", "move 5_Pz_Rgt 1606", "move 5_Pz_Rgt 1707", "move 5_Pz_Rgt 1708"]
            + record.nexts(1) + ["end-log"])


def na41_chain(mid: Path) -> tuple[list[str], list[str]]:
    """File 1 (the default build, 1.0): S1, I1 Axis Movement, 3 Aufkl 1503 -> 1208, saved there.
    File 2 (the older build 0.9, 3 Aufkl MA 3) loads that save: 8 MG Bn 1503 -> 1107; on to I2's
    Axis Movement; 3 Aufkl 1208 -> 1212 (4 hexes: legal with the MA 6 its saved piece carries)."""
    n = record.nexts
    one = ["player Axis Axis pw-na", "setup S1 Enter Rommel", "begin-log"] + n(8)
    one += ["move 3_Aufkl 1208", f"save {mid}", "end-log"]
    two = ["player Axis Axis pw-na", f"load {mid}", "begin-log", "move 8_MG_Bn 1107"] + n(12)
    two += ["move 3_Aufkl 1212"] + n(3) + ["end-log"]
    return one, two


def older_na41(root: Path, project: Path) -> Path:
    """An older build of North Africa '41: version 0.9, 3 Aufkl's movement 3 (front and back)."""
    for part in ("counters", "maps"):
        shutil.copytree(project / part / "north-africa-41", root / part / "north-africa-41")
    game = root / "counters" / "north-africa-41" / "game.toml"
    text = game.read_text(encoding="utf-8")
    game.write_text(re.sub(r"(?m)^(subtitle = .*)$", lambda m: m.group(1) + '\nversion = "0.9"', text, count=1),
                    encoding="utf-8")
    roster = root / "counters" / "north-africa-41" / "roster.csv"
    old = "3Aufkl,3 Aufkl,axis,wehrmacht,5lt,reconnaissance,battalion,2,,2,,2,6,elite,1,,,,1,,1,6,"
    text = roster.read_text(encoding="utf-8")
    assert old in text
    roster.write_text(text.replace(old, old.replace(",2,6,elite", ",2,3,elite").replace(",1,,1,6,", ",1,,1,3,")),
                      encoding="utf-8")
    subprocess.run([sys.executable, "-m", "vmodgen", "build", str(root / "counters" / "north-africa-41"),
                    "-o", str(root / "build")], cwd=project, check=True, capture_output=True)
    return root / "build" / "north-africa-41.vmod"


def main() -> int:
    args, work = recordkit.start(__doc__, "record4-")
    om = args.modules / "operation-mercury.vmod"
    om_start = recordkit.om_start(om, work)
    na = args.modules / "north-africa-41.vmod"
    chain1, chain2 = na41_chain(work / "na41-chain-1.vsav")
    runs = [("im-leros", args.modules / "invasion-malta.vmod", leros()),
            ("om-messy", om, om_messy(om_start)),
            ("na41-supply", na, na41_supply()),
            ("na41-zoc-undo", na, na41_zoc_undo()),
            ("na41-chain-1", na, chain1)]
    if not args.only or "na41-chain-2" in args.only:
        runs.append(("na41-chain-2", older_na41(work / "old", HERE.parents[2]), chain2))
    if not recordkit.run_all(runs, args, work):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
