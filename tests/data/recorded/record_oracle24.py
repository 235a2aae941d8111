"""Record round oracle24's logs of ``tests/data/recorded`` in real VASSAL (see README.md there):
the turn tracker pressed two phases late through an empty phase (in each game), a retreat played
hex by hex through an enemy ZOC, two IM combats declared out of one hex, an NA41 advance after a
DS with one unit going too far, and a chain whose second file starts mid-phase after the first
file ended with an undo. The driver is unchanged.

* ``na41-late24``: NA41 S1, as Axis. The tracker is left on **I1 Axis Initial** (nothing to do
  there); the Axis player moves as in the Movement Phase: 5 Pz Rgt 1604 -> 1707, 3 Aufkl 1503 ->
  1208; then **Next, Next** (Axis Movement, Axis Combat); chat; Next.
* ``om-late24``: OM Scenario 3, as German. The tracker is left on the **Naval Unloading Phase**
  (nothing to unload); the German first wave drops as in the Paradrop Phase (9/III/Sturm W4216,
  Vogel 1 W4316, Vogel 2 W4213); **Next, Next** (Paradrop, German Movement); Vogel 2 W4213 ->
  W4212 -> W4211 (two drags: two hexes on its paradrop turn); Next.
* ``im-late24``: IM Scenario 3, as Axis. The tracker is left on the **Naval Transport Phase**
  (no transport in Scenario 3); the Airhead, 5/3 and KG1 unit 1 drop on 1424, KG1 unit 2 on
  1524, as in the Airborne Operations Phase; **Next, Next** (Airborne Operations, Movement);
  KG1 unit 2 1524 -> 1624 -> 1724 (two drags); Next.
* ``om-zocretreat24``: OM Scenario 3, as German. GT1 Paradrop (9/III/Sturm W4216, Vogel 1 W4316,
  Vogel 2 W4213); German Movement: Vogel 2 W4213 -> W4214; on to the German Combat Phase: chat,
  1d10, chat (a bold D: two hexes); **B/22 NZ and B/23 NZ retreat hex by hex W4314 -> W4313
  (beside Vogel 2: its ZOC, empty) -> W4413**; Vogel 2 advances hex by hex W4214 -> W4314 ->
  W4414; Next.
* ``im-declare24``: IM Scenario 3, as Axis (both sides' hands), from a save with the 7th Flieger
  AM in the cup. GT1 Draw: the AM drawn (put aside); Airborne Operations: the Airhead, 5/3 and KG1
  unit 1 on 1424, KG1 unit 2 on 1524; Combat Declaration: **Attack Target markers on 1425 (B/3
  KOMR) and on 1628 (B/4, beside no Axis unit)**, two combats declared out of 1424; Combat: 1d10,
  B/3 KOMR 1425 -> 1426, 5/3 1424 -> 1425, a marker deleted; 1d10, "no effect", the other deleted.
* ``na41-dsbreak24``: NA41 S1, as Axis. I1 Axis Movement: 5 Pz Rgt 1604 -> 1707, 3 Aufkl 1503 ->
  1707. Axis Combat: 2d6, chat "DS", 6 RTR flipped, the 6 RTR/3 Hus stack retreats hex by hex
  1908, 1909, 2010, 2110; **the breakthrough group 5 Pz Rgt advances 1808, 1908, 1909, 2010 (four
  hexes), then 3 Aufkl 1808, 1908, 1909, 1910, 2011 (five)**; Next.

Chain (files alternate VASSAL versions, ``record_oracle21.chain``):

* ``na41-seam24-1..2``: NA41 S1. File 1 (**the Allied player**): I1 Allied Movement: 6 RTR
  1808 -> 1908, 3 Hus 1808 -> 1604 (into the Axis stack), **Undo** (3 Hus back on 1808: the file's last step), saved
  mid-phase. File 2 (the Axis player, from that save, mid-phase): chat; Next through to I1 Axis
  Movement; 5 Pz Rgt 1604 -> 1707; Next.
* ``om-seam24-1..2``: OM Scenario 3. File 1 (German): GT1 Paradrop (9/III/Sturm W4216, Vogel 1
  W4316, Vogel 2 W4213); German Movement: Vogel 2 W4213 -> W4214; **Next, then Undo** (the tracker
  back on the German Movement Phase: the file's last step), saved. File 2 (**the Allied player**,
  from that save, mid-phase): chat; Next through to the Allied Movement Phase; D/1 Welsh W4228 ->
  W4227; Next.

    python tests/data/recorded/record_oracle24.py --modules DIR [--vassal /work/vassal-oracle/vassal38 --suffix=-38]

``--modules``: the folder ``vmodgen build -o`` wrote the bundled modules to."""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import record  # noqa: E402  (nexts)
import record6  # noqa: E402  (phase indices, map names)
import record_oracle21 as r21  # noqa: E402  (IM phase indices, NA41 Allied Movement, chain)
import record_oracle22 as r22  # noqa: E402  (OM drops)
import record_oracle23 as r23  # noqa: E402  (IM first-turn drops)
import recordkit  # noqa: E402

n = record.nexts
W, NA, M = record6.W, record6.NA, r22.M
OM_NAVAL_UNLOADING = record6.OM_PARADROP - 1        # the phase before the Paradrop Phase
IM_NAVAL_TRANSPORT = r21.IM_AIRBORNE - 1            # the phase before Airborne Operations


def na41_late() -> list[str]:
    return (["player Axis Axis pw-na24", "setup S1 Enter Rommel", "begin-log"] + n(r21.NA_AXIS_INITIAL)
            + [f"move 5_Pz_Rgt 1707 {NA}", f"move 3_Aufkl 1208 {NA}"] + n(2)
            + ["chat no attack this impulse (攻撃なし)"] + n(1) + ["end-log"])


def om_late(start: Path) -> list[str]:
    return (["player German German pw-om24", f"load {start}", "begin-log"] + n(OM_NAVAL_UNLOADING) + r22.OM_DROPS
            + n(2) + [f"move Vogel_(2_of_2) W4212 {W}", f"move Vogel_(2_of_2) W4211 {W}"] + n(1) + ["end-log"])


def im_late(start: Path) -> list[str]:
    return (["player Axis Axis pw-im24", f"load {start}", "begin-log"] + n(IM_NAVAL_TRANSPORT) + r23.IM_DROPS
            + n(2) + [f"move KG1_unit_2 1624 {M}", f"move KG1_unit_2 1724 {M}"] + n(1) + ["end-log"])


def om_zoc_retreat(start: Path) -> list[str]:
    return (["player German German pw-om24", f"load {start}", "begin-log"] + n(record6.OM_PARADROP) + r22.OM_DROPS
            + n(1) + [f"move Vogel_(2_of_2) W4214 {W}"] + n(record6.OM_GERMAN_COMBAT - record6.OM_GERMAN_MOVE)
            + ["chat 戦闘: Vogel 2 attacks B/22 NZ + B/23 NZ (W4314)", "roll 1d10", "chat bold D: 2 hexes (2ヘクス退却)",
               f"move-stack B/22_NZ W4313 {W}", f"move-stack B/22_NZ W4413 {W}",
               f"move Vogel_(2_of_2) W4314 {W}", f"move Vogel_(2_of_2) W4414 {W}"] + n(1) + ["end-log"])


def im_declare(start: Path) -> list[str]:
    x, y = record6.IM_PLAYED
    return (["player Axis Axis pw-im24", f"load {start}", "begin-log"] + n(record6.IM_DRAW)
            + ["chat Draw: AM 7th Flieger Division (枢軸軍の活性化)", f"move AM:_7th_Flieger_Division @{x},{y} Off-map boxes"]
            + n(r21.IM_AIRBORNE - record6.IM_DRAW) + r23.IM_DROPS + n(r21.IM_MOVE - r21.IM_AIRBORNE + 1)
            + ["chat 戦闘宣言: 5/3 + KG1 unit 1 (1424) attack B/3 KOMR (1425) and B/4 (1628)",
               f"create Attack_Target 1425 {M}", f"create Attack_Target 1628 {M}"] + n(r21.IM_COMBAT - r21.IM_MOVE - 1)
            + ["chat 戦闘1: 1425", "roll 1d10", "chat B/3 KOMR retreats 1 hex (退却)", f"move B/3_KOMR 1426 {M}",
               f"move 5/3 1425 {M}", "key Attack_Target ctrl D", "chat 戦闘2: KG1 unit 1 vs B/4 (1628)", "roll 1d10",
               "chat no effect (効果なし)", "key Attack_Target ctrl D"] + n(1) + ["end-log"])


def na41_ds_breakthrough() -> list[str]:
    retreat = [f"move-stack 6_RTR {h} {NA}" for h in ("1908", "1909", "2010", "2110")]
    group = [f"move 5_Pz_Rgt {h} {NA}" for h in ("1808", "1908", "1909", "2010")]
    other = [f"move 3_Aufkl {h} {NA}" for h in ("1808", "1908", "1909", "1910", "2011")]
    return (["player Axis Axis pw-na24", "setup S1 Enter Rommel", "begin-log"] + n(record6.NA_AXIS_MOVE)
            + [f"move 5_Pz_Rgt 1707 {NA}", f"move 3_Aufkl 1707 {NA}"] + n(1)
            + ["chat 戦闘: 5 Pz Rgt + 3 Aufkl attack 6 RTR + 3 Hus (1808)", "roll 2d6",
               "chat DS! 6 RTR loses a step, both retreat 4 (潰走)", "flip 6_RTR"] + retreat
            + ["chat breakthrough group: 5 Pz Rgt (突破グループ), then 3 Aufkl"] + group + other + n(1) + ["end-log"])


def na41_seam(work: Path, sfx: str) -> list[list[str]]:
    s1 = work / f"na41-seam24-1{sfx}.vsav"
    return [["player Allied Allied pw-na24a", "setup S1 Enter Rommel", "begin-log"] + n(r21.NA_ALLIED_MOVE)
            + [f"move 6_RTR 1908 {NA}", f"move 3_Hus 1604 {NA}", "undo", f"save {s1}", "end-log"],
            ["player Axis Axis pw-na24", f"load {s1}", "begin-log", "chat Allied move done - my turn (枢軸軍の番)"]
            + n(record6.NA_AXIS_MOVE - r21.NA_ALLIED_MOVE) + [f"move 5_Pz_Rgt 1707 {NA}"] + n(1) + ["end-log"]]


def om_seam(start: Path, work: Path, sfx: str) -> list[list[str]]:
    s1 = work / f"om-seam24-1{sfx}.vsav"
    return [["player German German pw-om24", f"load {start}", "begin-log"] + n(record6.OM_PARADROP) + r22.OM_DROPS
            + n(1) + [f"move Vogel_(2_of_2) W4214 {W}"] + n(1) + ["undo", f"save {s1}", "end-log"],
            ["player Allied Allied pw-om24a", f"load {s1}", "begin-log", "chat over to me (連合軍)"]
            + n(r22.OM_ALLIED_MOVE - record6.OM_GERMAN_MOVE) + [f"move D/1_Welsh W4227 {W}"] + n(1) + ["end-log"]]


def main() -> int:
    args, work = recordkit.start(__doc__, "record24-")
    im, om, na = recordkit.game_modules(args.modules)
    im_start = recordkit.im_start(im, work, recordkit.IM_AIRHEAD)
    om_start = recordkit.om_start(om, work)
    im_am_start = recordkit.im_start(im, work, recordkit.IM_AIRHEAD + [("am-7", "cup")], "im-am-start.vsav")
    runs = [("na41-late24", na, na41_late()), ("om-late24", om, om_late(om_start)),
            ("im-late24", im, im_late(im_start)),
            ("om-zocretreat24", om, om_zoc_retreat(om_start)), ("im-declare24", im, im_declare(im_am_start)),
            ("na41-dsbreak24", na, na41_ds_breakthrough())]
    if not recordkit.run_all(runs, args, work):
        return 1
    chains = [("na41-seam24", na, na41_seam(work, args.suffix)),
              ("om-seam24", om, om_seam(om_start, work, args.suffix))]
    for name, module, files in chains:
        if recordkit.wanted(name, args.only) and not r21.chain(name, module, files, args, work):
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
