"""Record round oracle23's logs of ``tests/data/recorded`` in real VASSAL (see README.md there):
several stacks selected together and dragged as one, chat full of phase words while the tracker
is pressed properly, a player handing a side to another player in mid-log, and a player taking
the other side's seat to move its units.  Two driver verbs are new in this round (the oracle's
``Record.java``): ``move-stacks P1,P2 HEX [MAP]`` (every named piece's whole stack in the
selection, P1's stack dropped on HEX, the others moved by the same offset, as VASSAL's
``PieceMover.movePieces`` moves a multi-selection) and ``switch-side SIDE`` (what the roster's
side change does after its dialog: "changed sides", ``PYREMOVE``, ``PLAYER``, one command).

* ``na41-multidrag23``: NA41 S1, as Axis. I1 Axis Movement: chat; **the stacks of 1503 (3 Aufkl,
  8 MG Bn) and 1604 (5 Pz Rgt, 2 MG Bn, I/33 Flak) selected together and dragged as one**: 1503's
  stack dropped on 1707, 1604's lands on 1808 (6 RTR and 3 Hus: an enemy-occupied hex); Next.
* ``om-multidrag23``: OM Scenario 3, as German. GT1 Paradrop (9/III/Sturm W4216, Vogel 1 W4316,
  Vogel 2 W4213); German Movement: chat; **Vogel 2's and 9/III/Sturm's stacks selected together
  and dragged one hex north as one**: Vogel 2 W4213 -> W4212, 9/III/Sturm W4216 -> W4215 (7 RTR's
  hex); Next.
* ``im-phasechat23``: IM Scenario 3, as Axis. GT1 Airborne: the Airhead, 5/3 and KG1 unit 1 on
  1424, KG1 unit 2 on 1524. Movement: chat "I'll attack in the combat phase next turn", KG1 unit 2
  1524 -> 1624, chat "GT3 movement was fine - 移動フェイズ終了", KG1 unit 2 1624 -> 1724; Next;
  chat "Allied turn next: movement phase then combat phase (連合軍の移動フェイズ)"; Next.
* ``om-seat23``: OM Scenario 3. Alice (German): GT1 Paradrop (9/III/Sturm W4216, Vogel 1 W4316,
  Vogel 2 W4213), Next to German Movement, chat; **Alice gives up her seat** (switch-side to
  Observer) and **Bob takes the German side** (``player Bob German``: his own password, the
  roster's Add); Bob: Vogel 2 W4213 -> W4214; Next.
* ``na41-otherseat23``: NA41 S1, as Axis. I1 Axis Movement: 3 Aufkl 1503 -> 1208; chat; **the
  Axis player switches to the Allied seat** and drags 6 RTR 1808 -> 1908 (the Allied unit moved
  in the Axis Movement Phase); switches back to Axis; Next.

    python tests/data/recorded/record_oracle23.py --modules DIR [--vassal /work/vassal-oracle/vassal38 --suffix=-38]

``--modules``: the folder ``vmodgen build -o`` wrote the bundled modules to."""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import record  # noqa: E402  (start_save, nexts)
import record6  # noqa: E402  (phase indices, map names)
import record_oracle21 as r21  # noqa: E402  (IM phase indices)
import record_oracle22 as r22  # noqa: E402  (OM drops, IM first-turn drops)
import recordkit  # noqa: E402

n = record.nexts
W, NA, M = record6.W, record6.NA, r22.M
IM_DROPS = [f"move Airhead 1424 {M}", f"move 5/3 1424 {M}", f"move KG1_unit_1 1424 {M}", f"move KG1_unit_2 1524 {M}"]


def na41_multidrag() -> list[str]:
    return (["player Axis Axis pw-na23", "setup S1 Enter Rommel", "begin-log"] + n(record6.NA_AXIS_MOVE)
            + ["chat both stacks together (二つのスタックをまとめて移動)", f"move-stacks 3_Aufkl,5_Pz_Rgt 1707 {NA}"]
            + n(1) + ["end-log"])


def om_multidrag(start: Path) -> list[str]:
    return (["player German German pw-om23", f"load {start}", "begin-log"] + n(record6.OM_PARADROP) + r22.OM_DROPS
            + n(1) + ["chat Vogel 2 and 9/III/Sturm north together (まとめて北へ)",
                      f"move-stacks Vogel_(2_of_2),9/III/Sturm W4212 {W}"] + n(1) + ["end-log"])


def im_phasechat(start: Path) -> list[str]:
    return (["player Axis Axis pw-im23", f"load {start}", "begin-log"] + n(r21.IM_AIRBORNE) + IM_DROPS
            + n(r21.IM_MOVE - r21.IM_AIRBORNE)
            + ["chat I'll attack in the combat phase next turn", f"move KG1_unit_2 1624 {M}",
               "chat GT3 movement was fine - 移動フェイズ終了", f"move KG1_unit_2 1724 {M}"] + n(1)
            + ["chat Allied turn next: movement phase then combat phase (連合軍の移動フェイズ)"] + n(1) + ["end-log"])


def om_seat(start: Path) -> list[str]:
    return (["player Alice German pw-alice23", f"load {start}", "begin-log"] + n(record6.OM_PARADROP) + r22.OM_DROPS
            + n(1) + ["chat Bob takes over the German side from here (交代)", "switch-side <observer>",
                      "player Bob German pw-bob23", f"move Vogel_(2_of_2) W4214 {W}"] + n(1) + ["end-log"])


def na41_otherseat() -> list[str]:
    return (["player Axis Axis pw-na23", "setup S1 Enter Rommel", "begin-log"] + n(record6.NA_AXIS_MOVE)
            + [f"move 3_Aufkl 1208 {NA}", "chat moving 6 RTR for the British player (英軍の代理)", "switch-side Allied",
               f"move 6_RTR 1908 {NA}", "switch-side Axis"] + n(1) + ["end-log"])


def main() -> int:
    args, work = recordkit.start(__doc__, "record23-")
    im, om, na = recordkit.game_modules(args.modules)
    im_start = recordkit.im_start(im, work, recordkit.IM_AIRHEAD)
    om_start = recordkit.om_start(om, work)
    runs = [("na41-multidrag23", na, na41_multidrag()), ("im-phasechat23", im, im_phasechat(im_start)),
            ("om-seat23", om, om_seat(om_start)),
            ("om-multidrag23", om, om_multidrag(om_start)), ("na41-otherseat23", na, na41_otherseat())]
    if not recordkit.run_all(runs, args, work):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
