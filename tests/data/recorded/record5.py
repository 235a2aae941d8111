"""Record round 5's logs of ``tests/data/recorded`` in real VASSAL (see README.md there):
Operation Mercury over three turns with paradrops that drift (scatter, 6.2), a Dispersed marker
(6.31-6.33), a Night turn (GT3: airlanding at night, 6.51) and one player at the keyboard for both
sides (hot-seat: the German seat moves the Allied 19 NZ in the Allied Movement Phase); North Africa
'41 units back from the Eliminated box at a Corps HQ and elsewhere, and a Replacement marker
(19.3-19.5).

    python tests/data/recorded/record5.py --modules DIR [--vassal /work/vassal-oracle/vassal37]

The arguments (``--modules``: the folder ``vmodgen build -o`` wrote the bundled modules to) and
the run of each script: ``recordkit.py``."""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import record  # noqa: E402  (start_save, nexts, phase counts)
import recordkit  # noqa: E402

#: Operation Mercury's phases by index (recovery = 0): German Paradrop, German Movement, Allied Movement
OM_PARADROP, OM_GERMAN_MOVE, OM_ALLIED_MOVE = 11, 12, 18


def om_night(start: Path) -> list[str]:
    """Scenario 3, as German, from a save with the German first wave (9/III/Sturm, Vogel 1 and 2)
    in its box and III/100 Geb (1 of 4) in the airlanding box. GT1 (20 AM) Paradrop Phase:
    9/III/Sturm lands on W4213 and drifts one hex to W4113 (the drift roll, 6.2); Vogel 1 lands
    on W4212 and is dispersed (a Dispersed marker, 6.31); Vogel 2 lands on W4112. German Movement:
    9/III/Sturm W4113 -> W4013 (1 hex, 4.18); Vogel 1 with its marker W4212 -> W4211 (a dispersed
    unit may not move, 6.32a). GT2 Recovery: the Dispersed marker removed (6.33). GT3 (20 Night):
    German Movement: III/100 Geb airlands on Maleme airfield W4415 (6.51: day turns only; the
    airfield is Allied-held), Vogel 2 W4112 -> W4012; Allied Movement, the same player at the
    keyboard (hot-seat): 19 NZ W4315 -> W4316. On to GT4's Recovery Phase."""
    n = record.nexts
    phases = record.OM_PHASES
    return (["player German German pw-om", f"load {start}", "begin-log",
             "chat GT1: Absprung (Streuung gewuerfelt)"] + n(OM_PARADROP)
            + ["move 9/III/Sturm W4213 West map", "roll 1d10", "move 9/III/Sturm W4113 West map",
               "move Vogel_(1_of_2) W4212 West map", "create Dispersed W4212 West map",
               "move Vogel_(2_of_2) W4112 West map"]
            + n(OM_GERMAN_MOVE - OM_PARADROP)
            + ["move 9/III/Sturm W4013 West map", "move-stack Vogel_(1_of_2) W4211 West map"]
            + n(phases - OM_GERMAN_MOVE) + ["key Dispersed ctrl D"]
            + n(phases + OM_GERMAN_MOVE) + ["chat GT3 Nacht: Luftlandung Maleme",
                                           "move III/100_Geb_(1_of_4) W4415 West map",
                                           "move Vogel_(2_of_2) W4012 West map"]
            + n(OM_ALLIED_MOVE - OM_GERMAN_MOVE) + ["chat Allied move (same player, hot-seat)",
                                                   "move 19_NZ W4316 West map"]
            + n(phases - OM_ALLIED_MOVE) + ["end-log"])


#: map pixels inside North Africa '41's Eliminated Units box ("Off-map boxes" map)
NA41_ELIMINATED = [(976, 475), (1030, 475)]


def na41_replacements() -> list[str]:
    """S1 Enter Rommel, as Axis. Preparation Phase: 2 MG Bn and 8 MG Bn dragged into the
    Eliminated Units box (the log's own set-up: two units eliminated earlier). GT1 I1 Axis Initial
    Phase (replacements, 19.3-19.4): 2 MG Bn comes back to 1502, the DAK HQ's hex (19.4.1: with a
    Good Order Corps HQ in full supply); 8 MG Bn comes back to 1606, where no HQ stands (19.4.1
    broken); a Replacement marker is put on 8 MG Bn (19.5). Axis Movement: 8 MG Bn with its marker
    1606 -> 1608, two hexes (19.5: at most 1). Axis Recovery: the marker removed (19.5). On to
    the Axis Supply Phase."""
    n = record.nexts
    return (["player Axis Axis pw-na", "setup S1 Enter Rommel", "begin-log",
             "chat Vorbereitung: 2 MG Bn und 8 MG Bn vernichtet (Testaufbau)"]
            + [f"move {u} @{x},{y} Off-map boxes" for u, (x, y) in zip(("2_MG_Bn", "8_MG_Bn"), NA41_ELIMINATED)]
            + n(7) + ["chat Ersatz: 2 MG Bn zum DAK HQ, 8 MG Bn nach 1606",
                      "move 2_MG_Bn 1502 West map (Cyrenaica)", "move 8_MG_Bn 1606 West map (Cyrenaica)",
                      "create Replacement 1606 West map (Cyrenaica)"]
            + n(1) + ["move-stack 8_MG_Bn 1608"] + n(2) + ["key Replacement ctrl D"] + n(1) + ["end-log"])


def main() -> int:
    args, work = recordkit.start(__doc__, "record5-")
    om = args.modules / "operation-mercury.vmod"
    start = recordkit.om_start(om, work, [("G-III-100-Geb-1", "german-airlanding")], "om-night-start.vsav")
    runs = [("om-night", om, om_night(start)),
            ("na41-repl", args.modules / "north-africa-41.vmod", na41_replacements())]
    if not recordkit.run_all(runs, args, work):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
