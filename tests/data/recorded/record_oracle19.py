"""Record round oracle19's logs of ``tests/data/recorded`` in real VASSAL (see README.md there):
more messy play a stranger sends, on the default build of the bundled kits.

* ``na41-stackout19``: North Africa '41, S1, as Axis, Axis Movement: the 1503 stack (8 MG Bn,
  3 Aufkl) and the 1604 stack (5 Pz Rgt, 2 MG Bn, I/33 Flak) each dragged **whole**
  (move-stack) onto Brescia in 1602: 6 stacking points (Brescia 2, one silhouette free, the
  other 1, three 1-point units), chat in Japanese and English; 2 MG Bn moves out to 1603 before
  Next: 5 points when the phase ends (4.1, 4.4.1).
* ``na41-stackleft19``: the same two whole-stack drags, nobody moves out; Next ends the Axis
  Movement Phase with 1602 at 6 points (4.4.1).
* ``na41-stackundo19``: the same two drags, Next (the phase ends at 6 points), **Undo** right
  after it (VASSAL takes the tracker back to the Axis Movement Phase), a chat line, 2 MG Bn out
  to 1603, Next again: 5 points at the phase end that stands.
* ``om-retreat19``: Operation Mercury, Scenario 3, as German (both sides' hands): 9/III/Sturm
  lands on W4216, Vogel 1 on W4317; German Combat: a d10; 19 NZ (W4315) deleted as eliminated
  (Ctrl+D), that deletion taken back with Undo, chat "no, it retreats"; 19 NZ dragged to W4316
  (next to both German companies, no friendly unit there: 9.63); 9/III/Sturm advances W4216 ->
  W4315 (9.83) and is flipped (a step lost); Next.
* ``im-leros19``: Invasion: Malta, Scenario 4 (Leros), as Axis: GT1 Naval Transport, the six
  convoy units to the Available box; Next **three times** (the Movement Phase skipped: the
  tracker says Combat Declaration) and the units put on the invasion hexes there (units 1-4
  on L2703, 5-6 on L2804); Combat: the two stacks land whole (move-stack L2703 -> L2704,
  L2804 -> L2805); GT2 Movement: the L2704 stack whole -> L2705 (8 SP), unit 5 L2805 -> L2705
  (10 SP, 3.32), unit 6 L2805 -> L2806; Next.

    python tests/data/recorded/record_oracle19.py --modules DIR [--vassal /work/vassal-oracle/vassal38 --suffix=-38]

``--modules``: the folder ``vmodgen build -o`` wrote the bundled modules to."""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import record  # noqa: E402  (start_save, nexts)
import record6  # noqa: E402  (phase indices, map names)
import recordkit  # noqa: E402

n = record.nexts
W, NA = record6.W, record6.NA
NA_AXIS_MOVE = record6.NA_AXIS_MOVE
IM_NAVAL, IM_MOVE, IM_COMBAT = 5, 7, 11        # Next presses from GT1's Weather Phase
LEROS = "Leros"
#: the Available box of Leros Invasion Zone East (map pixels on "Off-map boxes", as im-leros)
AVAILABLE = ["@74,2300", "@131,2300", "@189,2300", "@246,2300", "@74,2360", "@131,2360"]


def na41_stack(fix: str) -> list[str]:
    """``fix``: "" (left over the limit), "out" (2 MG Bn out before Next) or "undo" (Next, Undo,
    then 2 MG Bn out and Next again)."""
    lines = (["player Axis Axis pw-na19", "setup S1 Enter Rommel", "begin-log"] + n(NA_AXIS_MOVE)
             + ["chat 1602 に集結 / both stacks onto Brescia (1602)",
                f"move-stack 8_MG_Bn 1602 {NA}", f"move-stack 5_Pz_Rgt 1602 {NA}"])
    if fix == "undo":
        lines += n(1) + ["undo", "chat 待って - 1602 is overstacked, back to movement"]
    if fix:
        lines += ["chat スタック超過 - 2 MG Bn out to 1603", f"move 2_MG_Bn 1603 {NA}"]
    return lines + n(1) + ["end-log"]


def om_retreat(start: Path) -> list[str]:
    return (["player German German pw-om19", f"load {start}", "begin-log"] + n(record6.OM_PARADROP)
            + [f"move 9/III/Sturm W4216 {W}", f"move Vogel_(1_of_2) W4317 {W}"]
            + n(record6.OM_GERMAN_COMBAT - record6.OM_PARADROP)
            + ["chat 戦闘: 9/III/Sturm + Vogel 1 attack 19 NZ (W4315)", "roll 1d10",
               "key 19_NZ ctrl D", "undo", "chat 待った - no, 19 NZ retreats (除去取り消し)",
               f"move 19_NZ W4316 {W}", f"move 9/III/Sturm W4315 {W}", "flip 9/III/Sturm"]
            + n(1) + ["end-log"])


def im_leros() -> list[str]:
    units = [f"Leros_convoy_unit_{i}" for i in range(1, 7)]
    return (["player Axis Axis pw-im19", "setup Scenario 4: Leros 1943", "begin-log",
             "chat 第1ターン Leros: naval transport"] + n(IM_NAVAL)
            + [f"move {u} {at} Off-map boxes" for u, at in zip(units, AVAILABLE)]
            + n(3) + ["chat 移動フェイズ - landing on L2703 / L2804"]
            + [f"move {u} L2703 {LEROS}" for u in units[:4]] + [f"move {u} L2804 {LEROS}" for u in units[4:]]
            + n(IM_COMBAT - IM_MOVE - 1) + ["chat 戦闘フェイズ: landings"]
            + [f"move-stack {units[0]} L2704 {LEROS}", f"move-stack {units[4]} L2805 {LEROS}"]
            + n(record.IM_PHASES - IM_COMBAT + IM_MOVE) + ["chat GT2 移動 / movement"]
            + [f"move-stack {units[0]} L2705 {LEROS}", f"move {units[4]} L2705 {LEROS}", f"move {units[5]} L2806 {LEROS}"]
            + n(1) + ["end-log"])


def main() -> int:
    args, work = recordkit.start(__doc__, "record19-")
    im, om, na = recordkit.game_modules(args.modules)
    om_start = recordkit.om_start(om, work)
    runs = [("na41-stackout19", na, na41_stack("out")), ("na41-stackleft19", na, na41_stack("")),
            ("na41-stackundo19", na, na41_stack("undo")),
            ("om-retreat19", om, om_retreat(om_start)), ("im-leros19", im, im_leros())]
    if not recordkit.run_all(runs, args, work):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
