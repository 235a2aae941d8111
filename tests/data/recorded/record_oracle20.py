"""Record round oracle20's logs of ``tests/data/recorded`` in real VASSAL (see README.md there):
more messy play a stranger sends, on the default build of the bundled kits.

* ``im-splitundo20``: Invasion: Malta, Scenario 3, as Axis. GT1 Airborne: 5/3 and KG1 units 1-3
  land on 2020 (8 SP), KG1 unit 4 on 2021, the Airhead on 2020. Movement: KG1 unit 4 joins the
  2020 stack (10 SP), KG1 unit 3 is split off to 2021 (8 SP), that split is taken back with
  **Undo** (10 SP again), a chat line; Next ends the Movement Phase over the limit (3.32).
* ``im-split20``: the same without the Undo: 8 SP in 2020 when the Movement Phase ends.
* ``im-combat20``: Invasion: Malta, Scenario 3, as Axis (both sides' hands): GT1 Airborne, 5/3
  and KG1 unit 1 land on 1424, KG1 unit 2 drifts to 1524 (both next to B/3 KOMR in 1425), the
  Airhead on 1424. Combat: chat, a d10; B/3 KOMR retreats 1425 -> 1525 -> 1625 (two drags; 1625
  is next to KG1 unit 2, no Allied unit there); 5/3 advances 1424 -> 1425; KG1 unit 2 advances
  1524 -> 1425 -> 1426 (two hexes); Next.
* ``na41-seat20``: North Africa '41, S1, **seated as Allied**: in the Axis Movement Phase the
  Allied player drags the Axis units for his opponent (chat says so): 3 Aufkl 1503 -> 0803 (7 MP,
  extended movement), 8 MG Bn 1503 -> 0602 (9 MP with MA 5); Next.
* ``na41-retreat20``: North Africa '41, S1, as Axis (both sides' hands): I1 Axis Movement, 5 Pz
  Rgt 1604 -> 1707 (next to the Allied stack in 1808), 2 MG Bn 1604 -> 1709 (6 clear hexes:
  extended movement); Axis Combat: chat, 2d6; the Allied stack (6 RTR, 3 Hus) dragged whole
  1808 -> 1809 (in 2 MG Bn's ZOC) -> 1909 (clear of every Axis ZOC), though 1808 -> 1908 -> 1909
  was clear of them all; 5 Pz Rgt advances into 1808; Next.
* ``na41-retreatundo20``: the same, but the drag to 1909 is taken back with **Undo** (the stack
  stays in 1809, in 2 MG Bn's ZOC), a chat line, then the advance and Next.
* ``om-prev20``: Operation Mercury, Scenario 3, as German: GT1 Paradrop, 9/III/Sturm on W4213
  and Vogel 1 on W4212; Next on into GT2 (Recovery, then the next phase), **Prev twice** (back
  across the turn into GT1's last phase), a chat line, Next on to GT2's German Movement: Vogel 1
  W4212 -> W4211 -> W4210 (two hexes: its full MA the turn after its drop, 4.18), 9/III/Sturm
  W4213 -> W4113; Next.
* ``na41-oosundo20``: North Africa '41, S1, as Axis: I1 Axis Movement, 3 Aufkl 1503 -> 1208; on to
  I2's Axis Movement: 3 Aufkl 1208 -> 1210 (where it cannot trace, as in ``na41-supply``), the
  drag taken back with **Undo**, a chat line; Next on through I2's Axis Supply Phase.
* ``na41-oosmark20``: the same, but 3 Aufkl stays on 1210; I2 Axis Supply: an Out of Supply
  marker from the palette on 1210, the placement taken back with **Undo**, chat "marker later";
  Next ends the Axis Supply Phase with 3 Aufkl unmarked (16.1).

    python tests/data/recorded/record_oracle20.py --modules DIR [--vassal /work/vassal-oracle/vassal38 --suffix=-38]

``--modules``: the folder ``vmodgen build -o`` wrote the bundled modules to."""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import record  # noqa: E402  (start_save, nexts, phase counts)
import record6  # noqa: E402  (phase indices, map names)
import recordkit  # noqa: E402

n = record.nexts
W, NA = record6.W, record6.NA
IM_AIRBORNE = 6                   # Next presses from GT1's Weather Phase (record.py)


def im_split(start: Path, undo: bool) -> list[str]:
    lines = (["player Axis Axis pw-im20", f"load {start}", "begin-log"] + n(IM_AIRBORNE)
             + ["chat KG1: 4 units on 2020, unit 4 on 2021",
                "move 5/3 2020 Malta", "move KG1_unit_1 2020 Malta", "move KG1_unit_2 2020 Malta",
                "move KG1_unit_3 2020 Malta", "move KG1_unit_4 2021 Malta", "move Airhead 2020 Malta"]
             + n(1) + ["move KG1_unit_4 2020 Malta", "move KG1_unit_3 2021 Malta"])
    if undo:
        lines += ["undo", "chat 分割取り消し / unit 3 stays on 2020"]
    return lines + n(1) + ["end-log"]


IM_COMBAT = 11                   # Next presses from GT1's Weather Phase (record_oracle19.py)


def im_combat(start: Path) -> list[str]:
    return (["player Axis Axis pw-im20", f"load {start}", "begin-log"] + n(IM_AIRBORNE)
            + ["move 5/3 1424 Malta", "move KG1_unit_1 1424 Malta", "move KG1_unit_2 1524 Malta",
               "move Airhead 1424 Malta"] + n(IM_COMBAT - IM_AIRBORNE)
            + ["chat 戦闘: 5/3, KG1 1-2 attack B/3 KOMR (1425)", "roll 1d10", "chat 退却 2 hexes",
               "move B/3_KOMR 1525 Malta", "move B/3_KOMR 1625 Malta", "chat 前進 / advance",
               "move 5/3 1425 Malta", "move KG1_unit_2 1425 Malta", "move KG1_unit_2 1426 Malta"]
            + n(1) + ["end-log"])


def na41_seat() -> list[str]:
    return (["player Allied Allied pw-na20", "setup S1 Enter Rommel", "begin-log"] + n(record6.NA_AXIS_MOVE)
            + ["chat moving the Axis units for Rommel's player (枢軸軍の代理移動)",
               f"move 3_Aufkl 0803 {NA}", f"move 8_MG_Bn 0602 {NA}"] + n(1) + ["end-log"])


NA_SUPPLY = 3                    # Next presses from an impulse's Axis Movement to its Axis Supply Phase
NA_IMPULSE = 12                  # Next presses from one impulse's Axis Movement to the next's (na41-supply)


def na41_oos(undo_move: bool) -> list[str]:
    lines = (["player Axis Axis pw-na20", "setup S1 Enter Rommel", "begin-log"] + n(record6.NA_AXIS_MOVE)
             + [f"move 3_Aufkl 1208 {NA}"] + n(NA_IMPULSE)
             + ["chat I2 枢軸軍移動: 3 Aufkl forward", f"move 3_Aufkl 1210 {NA}"])
    if undo_move:
        lines += ["undo", "chat 補給線が切れる - back to 1208 (undo)"] + n(NA_SUPPLY)
    else:
        lines += n(NA_SUPPLY) + ["chat 補給フェイズ: 3 Aufkl OOS", f"create Out_of_Supply_(back:_Isolated,_red) 1210 {NA}",
                                 "undo", "chat marker later / マーカーは後で"]
    return lines + n(1) + ["end-log"]


def na41_retreat(undo: bool) -> list[str]:
    """``undo``: the second retreat drag (to 1909) taken back before the advance."""
    return (["player Axis Axis pw-na20", "setup S1 Enter Rommel", "begin-log"] + n(record6.NA_AXIS_MOVE)
            + [f"move 5_Pz_Rgt 1707 {NA}", f"move 2_MG_Bn 1709 {NA}"] + n(1)
            + ["chat 攻撃: 5 Pz Rgt -> 1808", "roll 2d6", "chat 2 hex retreat (退却 2)",
               f"move-stack 6_RTR 1809 {NA}", f"move-stack 6_RTR 1909 {NA}"]
            + (["undo", "chat 1 hex only - 1809 で止まる"] if undo else []) + [f"move 5_Pz_Rgt 1808 {NA}"]
            + n(1) + ["end-log"])


def om_prev(start: Path) -> list[str]:
    return (["player German German pw-om20", f"load {start}", "begin-log"] + n(record6.OM_PARADROP)
            + [f"move 9/III/Sturm W4213 {W}", f"move Vogel_(1_of_2) W4212 {W}"]
            + n(record.OM_PHASES - record6.OM_PARADROP + 1) + ["prev", "prev", "chat 戻りすぎ - back to turn 1's end, sorry"]
            + n(1 + record6.OM_GERMAN_MOVE)
            + [f"move Vogel_(1_of_2) W4211 {W}", f"move Vogel_(1_of_2) W4210 {W}", f"move 9/III/Sturm W4113 {W}"]
            + n(1) + ["end-log"])


def main() -> int:
    args, work = recordkit.start(__doc__, "record20-")
    im, om, na = recordkit.game_modules(args.modules)
    im_start = recordkit.im_start(im, work, recordkit.IM_AIRHEAD_OOS)
    om_start = recordkit.om_start(om, work)
    runs = [("im-splitundo20", im, im_split(im_start, True)), ("im-split20", im, im_split(im_start, False)),
            ("im-combat20", im, im_combat(im_start)), ("na41-seat20", na, na41_seat()),
            ("na41-oosundo20", na, na41_oos(True)), ("na41-oosmark20", na, na41_oos(False)),
            ("na41-retreat20", na, na41_retreat(False)),
            ("na41-retreatundo20", na, na41_retreat(True)), ("om-prev20", om, om_prev(om_start))]
    if not recordkit.run_all(runs, args, work):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
