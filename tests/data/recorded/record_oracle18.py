"""Record round oracle18's logs of ``tests/data/recorded`` in real VASSAL (see README.md there):
messy play a stranger sends, on the default build of the bundled kits.

* ``im-overstack18``: Invasion: Malta, Scenario 3, as Axis: all five KG1 units (5/3, KG1 units
  1-4, 2 SP each) land on 2020 in GT1's Airborne Phase (10 SP; no Excess Stacking marker), the
  chat in Japanese and English; Next ends the phase over the 9 SP limit (3.32, 3.34); Movement:
  KG1 unit 4 2020 -> 2021 (one hex, 15.16): the stack is back within the limit at that phase's end.
* ``im-oos18``: Invasion: Malta, Scenario 3, as Axis, **no Airhead placed**: GT1 Airborne: 5/3
  lands on 2020, KG1 unit 2 on 2021; Movement: KG1 unit 2 -> 2022; on to GT3 (a Night turn by
  the kit's cycle), Supply Status Phase: an Out of Supply marker on 5/3 only (chat in Japanese
  and English); Next ends the phase with KG1 unit 2 unable to trace and unmarked (6.11, 6.12).
* ``na41-zocredo18``: North Africa '41, S1, as Axis: Axis Movement: 5 Pz Rgt 1604 -> 1707 (an
  enemy ZOC hex) -> 1708 (on through it, 7.2), both drags undone with VASSAL's Undo, a mixed
  Japanese/English chat line, then 5 Pz Rgt 1604 -> 1606 (out of any enemy ZOC); Next.
* ``na41-zocundo18``: the same play with a third Undo (what ``na41-zocredo18``'s player meant):
  the chat line and both drags taken back, then 5 Pz Rgt 1604 -> 1606.
* ``om-behind18``: Operation Mercury, Scenario 3, as German, the tracker **one phase behind**:
  Next ten times (to the phase before the German Paradrop Phase), 9/III/Sturm and Vogel 1 drop
  (W4213, W4212); then Next (the Paradrop Phase, caught up), Next (German Movement) and
  9/III/Sturm W4213 -> W4113 (one hex, 4.18), Vogel 1 W4212 -> W4211 -> W4210 (two hexes on its
  drop turn: 4.18), Next.
* ``na41-pair18-1`` + ``na41-pair18-2``: North Africa '41, S1, as Axis: file 1 moves 3 Aufkl 1503
  -> 0803 in the Axis Movement Phase (7 MP, 5.3) and saves; file 2 is a new log begun from that
  save: 8 MG Bn 1503 -> 0602 (9 MP, 5.1), Next. The tests give them in the wrong order.

    python tests/data/recorded/record_oracle18.py --modules DIR [--vassal /work/vassal-oracle/vassal38 --suffix=-38]

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
IM_AIRBORNE = 6                     # Next presses from GT1's first phase to the Airborne Phase
NA_AXIS_MOVE = 8


def im_overstack(start: Path) -> list[str]:
    kg1 = ["5/3"] + [f"KG1_unit_{i}" for i in range(1, 5)]
    return (["player Axis Axis pw-im18", f"load {start}", "begin-log"] + n(IM_AIRBORNE)
            + ["chat KG1 全部 2020 に降下 / all of KG1 drops on 2020"] + [f"move {u} 2020 Malta" for u in kg1]
            + n(1) + ["chat 移動フェイズ: one unit out of 2020", "move KG1_unit_4 2021 Malta"] + n(2) + ["end-log"])


def im_oos(start: Path) -> list[str]:
    return (["player Axis Axis pw-im18", f"load {start}", "begin-log"] + n(IM_AIRBORNE)
            + ["move 5/3 2020 Malta", "move KG1_unit_2 2021 Malta"] + n(1) + ["move KG1_unit_2 2022 Malta"]
            + n(record.IM_PHASES - 7 + record.IM_PHASES + 13)
            + ["chat 夜ターンの補給判定 / night supply check: 5/3 OoS", "move Out_of_Supply 2020 Malta"]
            + n(2) + ["end-log"])


def na41_zocredo() -> list[str]:
    return (["player Axis Axis pw-na18", "setup S1 Enter Rommel", "begin-log"] + n(NA_AXIS_MOVE)
            + [f"move 5_Pz_Rgt 1707 {NA}", f"move 5_Pz_Rgt 1708 {NA}",
               "chat oops, ZOC! やり直します (undo x2)", "undo", "undo", f"move 5_Pz_Rgt 1606 {NA}"]
            + n(1) + ["end-log"])


def na41_zocundo() -> list[str]:
    return (["player Axis Axis pw-na18", "setup S1 Enter Rommel", "begin-log"] + n(NA_AXIS_MOVE)
            + [f"move 5_Pz_Rgt 1707 {NA}", f"move 5_Pz_Rgt 1708 {NA}",
               "chat oops, ZOC! やり直します (undo x3)", "undo", "undo", "undo", f"move 5_Pz_Rgt 1606 {NA}"]
            + n(1) + ["end-log"])


def om_behind(start: Path) -> list[str]:
    return (["player German German pw-om18", f"load {start}", "begin-log"] + n(record6.OM_PARADROP - 1)
            + [f"move 9/III/Sturm W4213 {W}", f"move Vogel_(1_of_2) W4212 {W}", "chat tracker behind - 追いつきます"]
            + n(2) + [f"move 9/III/Sturm W4113 {W}", f"move Vogel_(1_of_2) W4211 {W}", f"move Vogel_(1_of_2) W4210 {W}"]
            + n(1) + ["end-log"])


def na41_pair(work: Path, sfx: str) -> list[tuple[str, list[str]]]:
    mid = work / f"na41-pair18-1{sfx}.vsav"
    axis = "player Axis Axis pw-na18"
    return [("na41-pair18-1", [axis, "setup S1 Enter Rommel", "begin-log"] + n(NA_AXIS_MOVE)
             + [f"move 3_Aufkl 0803 {NA}", "chat 3 Aufkl moved; saving", f"save {mid}", "end-log"]),
            ("na41-pair18-2", [axis, f"load {mid}", "begin-log", f"move 8_MG_Bn 0602 {NA}",
                               "chat 8 MG Bn 移動"] + n(1) + ["end-log"])]


def main() -> int:
    args, work = recordkit.start(__doc__, "record18-")
    sfx = args.suffix
    im, om, na = recordkit.game_modules(args.modules)
    im_start = recordkit.im_start(im, work, recordkit.IM_AIRHEAD_OOS)
    om_start = recordkit.om_start(om, work)
    im_bare = recordkit.im_start(im, work, [("oos", "axis-paradrop-kg3")], "im-bare.vsav")
    runs = [("im-overstack18", im, im_overstack(im_start)), ("im-oos18", im, im_oos(im_bare)), ("na41-zocredo18", na, na41_zocredo()),
            ("na41-zocundo18", na, na41_zocundo()),
            ("om-behind18", om, om_behind(om_start))] + [(name, na, lines) for name, lines in na41_pair(work, sfx)]
    for name, module, lines in runs:
        if not (recordkit.wanted(name, args.only) or name.startswith("na41-pair18") and "na41-pair18" in (args.only or [])):
            continue
        if not recordkit.run(args.vassal, module, name, lines, work, args.out, sfx):
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
