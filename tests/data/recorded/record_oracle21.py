"""Record round oracle21's logs of ``tests/data/recorded`` in real VASSAL (see README.md there):
a whole realistic turn of each game, both sides' hands, two combats each, a step loss flipped on
the wrong unit and taken back with Undo, on the default build of the bundled kits.

* ``na41-turn21``: North Africa '41, S1, as Axis (both sides' hands). I1 Allied Movement: no move
  (chat). I1 Axis Movement: 5 Pz Rgt 1604 -> 1707, 2 MG Bn 1604 -> 1606, 3 Aufkl 1503 -> 1208,
  8 MG Bn 1503 -> 1107. Axis Combat (combat 1): chat, 2d6, **3 Hus flipped, Undo**, chat, 6 RTR
  flipped (the step loss); the Allied stack retreats 1808 -> 1908 -> 1909 (two drags, clear of
  every Axis ZOC); 5 Pz Rgt advances 1707 -> 1808. On to I2's Allied Combat Phase (combat 2): chat,
  2d6, 5 Pz Rgt flipped, retreats 1808 -> 1707 -> 1607 (clear of the Allied ZOC); 3 Hus advances
  1909 -> 1808; Next.
* ``om-turn21``: Operation Mercury, Scenario 3, as German (both sides' hands). GT1 Paradrop:
  9/III/Sturm W4216, Vogel 1 W4316, Vogel 2 W4213. German Movement: Vogel 2 W4213 -> W4214 (one
  hex, 4.18). German Combat: combat 1 on 19 NZ (W4315): 1d10, **19 NZ flipped, Undo**, chat; 19 NZ
  retreats to W4415 (156 AA's hex, in no German ZOC); Vogel 1 advances W4316 -> W4315. Combat 2 on
  B/22 NZ + B/23 NZ (W4314) by Vogel 2: 1d10; the stack retreats whole to W4414; Vogel 2 advances
  W4214 -> W4314. Allied Movement: D/1 Welsh W4228 -> W4227. Allied Combat: 7 RTR + 19 NZ attack
  Vogel 1 (W4315): 1d10, Vogel 1 flipped. Next into GT2's Recovery Phase.
* ``im-turn21``: Invasion: Malta, Scenario 3, as Axis (both sides' hands). GT1 Airborne: 5/3 and
  KG1 unit 1 on 1424, KG1 unit 2 on 1524, KG1 unit 3 on 1627, the Airhead on 1424. Movement: KG1
  unit 2 1524 -> 1525. Combat: combat 1 on B/3 KOMR (1425): 1d10, **B/3 KOMR flipped, Undo**,
  chat, B/3 KOMR deleted (eliminated); 5/3 advances 1424 -> 1425. Combat 2 on B/4 (1628) by KG1
  unit 3: 1d10, B/4 flipped (a step lost). Next on to GT2's Weather Phase.
* ``na41-undofar21``: NA41 S1, as Axis: I1 Axis Movement, 3 Aufkl 1503 -> 1208; Next (Axis Combat);
  **Undo three times** (the Next, the move, and one too many: the Next into the Axis Movement
  Phase: the tracker back in I1's Axis Initial Phase), chat; 3 Aufkl 1503 -> 1504 **in the Axis
  Initial Phase**; Next ×2 (Axis Movement, Axis Combat).
* ``im-airhead21``: IM Scenario 3, as Axis: GT1 Airborne: the Airhead on 1424 first (15.21), then
  5/3 and KG1 unit 1 on 1424; Movement: the 1424 stack **dragged whole** to 1423, the Airhead with
  it; Next.
* ``om-boxback21``: OM Scenario 3, as German: GT1 Paradrop: 9/III/Sturm W4213, Vogel 1 W4212,
  Vogel 2 W4211, then Vogel 2 **dragged back into the German first wave box**, chat; German
  Movement: Vogel 1 W4212 -> W4211; Next.

Chains whose files are played **alternately in VASSAL 3.7.26 and 3.8.0-beta1** (each file loads the
save the one before wrote; the ``-38`` twins start in 3.8.0-beta1 instead):

* ``om-version21-1..3``: OM Scenario 3, as German: GT1 Paradrop, 9/III/Sturm W4213, Vogel 1 W4212;
  German Movement: Vogel 1 W4212 -> W4211, chat, **saved mid-phase** (3.7). File 2 (3.8) from that
  save: Vogel 1 W4211 -> W4210 (its second hex on its drop turn), 9/III/Sturm W4213 -> W4113; on to
  the Allied Movement Phase; saved. File 3 (3.7), **the Allied player**: D/1 Welsh W4228 -> W4227;
  Next.
* ``na41-version21-1..3``: NA41 S1, as Axis: I1 Axis Movement, 8 MG Bn 1503 -> 1107, **saved
  mid-phase** (3.7). File 2 (3.8): 8 MG Bn 1107 -> 0602 (the same unit's move, continued),
  3 Aufkl 1503 -> 1504; saved mid-phase. File 3 (3.7): Next (Axis Combat), chat, Next.
* ``im-chat21-1..2``: IM Scenario 3, as Axis, **the turn tracker never pressed** (it shows GT1's
  Weather Phase): file 1 (3.7) chat "GT1 空挺降下フェイズ", 5/3, KG1 unit 1 and the Airhead on 2020,
  chat "GT1 Movement phase now", KG1 unit 1 2020 -> 2021; saved. File 2 (3.8), other words: chat
  "T1 移動 (続き)", 5/3 2020 -> 2019, chat "turn 1 combat: none / 戦闘なし".

    python tests/data/recorded/record_oracle21.py --modules DIR [--vassal /work/vassal-oracle/vassal38 --suffix=-38]

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
NA_ALLIED_MOVE = 2               # I1's Allied Movement Phase (index from the Preparation Phase)
NA_I2_ALLIED_COMBAT = 15         # I2's Allied Combat Phase
IM_AIRBORNE, IM_MOVE, IM_COMBAT = 6, 7, 11


def na41_turn() -> list[str]:
    return (["player Axis Axis pw-na21", "setup S1 Enter Rommel", "begin-log"] + n(NA_ALLIED_MOVE)
            + ["chat I1 連合軍移動: no Allied moves this impulse"] + n(record6.NA_AXIS_MOVE - NA_ALLIED_MOVE)
            + [f"move 5_Pz_Rgt 1707 {NA}", f"move 2_MG_Bn 1606 {NA}", f"move 3_Aufkl 1208 {NA}",
               f"move 8_MG_Bn 1107 {NA}"] + n(1)
            + ["chat 戦闘1: 5 Pz Rgt attacks 6 RTR + 3 Hus (1808)", "roll 2d6", "chat 1 step loss + retreat 2",
               "flip 3_Hus", "undo", "chat wrong unit - 6 RTR takes the loss (待った)", "flip 6_RTR",
               f"move-stack 6_RTR 1908 {NA}", f"move-stack 6_RTR 1909 {NA}", f"move 5_Pz_Rgt 1808 {NA}"]
            + n(NA_I2_ALLIED_COMBAT - record6.NA_AXIS_COMBAT)
            + ["chat I2 戦闘2: 6 RTR + 3 Hus attack 5 Pz Rgt (1808)", "roll 2d6", "chat Axis: 1 step loss + retreat 2",
               "flip 5_Pz_Rgt", f"move 5_Pz_Rgt 1707 {NA}", f"move 5_Pz_Rgt 1607 {NA}", f"move 3_Hus 1808 {NA}"]
            + n(1) + ["end-log"])


def om_turn(start: Path) -> list[str]:
    return (["player German German pw-om21", f"load {start}", "begin-log"] + n(record6.OM_PARADROP)
            + [f"move 9/III/Sturm W4216 {W}", f"move Vogel_(1_of_2) W4316 {W}", f"move Vogel_(2_of_2) W4213 {W}"]
            + n(1) + [f"move Vogel_(2_of_2) W4214 {W}"] + n(record6.OM_GERMAN_COMBAT - record6.OM_GERMAN_MOVE)
            + ["chat 戦闘1: 9/III/Sturm + Vogel 1 attack 19 NZ (W4315)", "roll 1d10", "chat D1",
               "flip 19_NZ", "undo", "chat 待った: no step loss, 19 NZ retreats 1 hex",
               f"move 19_NZ W4415 {W}", f"move Vogel_(1_of_2) W4315 {W}",
               "chat 戦闘2: Vogel 2 attacks B/22 NZ + B/23 NZ (W4314)", "roll 1d10", "chat D1: both retreat",
               f"move-stack B/22_NZ W4414 {W}", f"move Vogel_(2_of_2) W4314 {W}"]
            + n(1) + ["chat Allied movement: D/1 Welsh", f"move D/1_Welsh W4227 {W}"]
            + n(5) + ["chat Allied combat: 7 RTR + 19 NZ attack Vogel 1 (W4315)", "roll 1d10",
                      "chat Vogel 1 loses a step", "flip Vogel_(1_of_2)"]
            + n(2) + ["end-log"])


def im_turn(start: Path) -> list[str]:
    m = "Malta"
    return (["player Axis Axis pw-im21", f"load {start}", "begin-log"] + n(IM_AIRBORNE)
            + ["chat GT1 空挺: KG1", f"move 5/3 1424 {m}", f"move KG1_unit_1 1424 {m}", f"move KG1_unit_2 1524 {m}",
               f"move KG1_unit_3 1627 {m}", f"move Airhead 1424 {m}"]
            + n(IM_MOVE - IM_AIRBORNE) + [f"move KG1_unit_2 1525 {m}"] + n(IM_COMBAT - IM_MOVE)
            + ["chat 戦闘1: 5/3 + KG1 units 1-2 attack B/3 KOMR (1425)", "roll 1d10", "flip B/3_KOMR", "undo",
               "chat 待った: B/3 KOMR eliminated, not reduced (除去)", "key B/3_KOMR ctrl D", f"move 5/3 1425 {m}",
               "chat 戦闘2: KG1 unit 3 attacks B/4 (1628)", "roll 1d10", "flip B/4", "chat B/4 reduced, stays"]
            + n(record.IM_PHASES - IM_COMBAT) + ["end-log"])


NA_AXIS_INITIAL = 7
#: map pixels inside Operation Mercury's "German first wave (paradrop GT1)" box ("Off-map boxes" map)
OM_FIRST_WAVE = (700, 1400)


def na41_undofar() -> list[str]:
    return (["player Axis Axis pw-na21", "setup S1 Enter Rommel", "begin-log"] + n(record6.NA_AXIS_MOVE)
            + [f"move 3_Aufkl 1208 {NA}"] + n(1) + ["undo", "undo", "undo", "chat 戻しすぎた? undo x3 - 3 Aufkl again",
                                                    f"move 3_Aufkl 1504 {NA}"] + n(2) + ["end-log"])


def im_airhead(start: Path) -> list[str]:
    m = "Malta"
    return (["player Axis Axis pw-im21", f"load {start}", "begin-log"] + n(IM_AIRBORNE)
            + [f"move Airhead 1424 {m}", f"move 5/3 1424 {m}", f"move KG1_unit_1 1424 {m}"] + n(IM_MOVE - IM_AIRBORNE)
            + ["chat 5/3 + KG1 1: one hex west", f"move-stack 5/3 1423 {m}"] + n(1) + ["end-log"])


def om_boxback(start: Path) -> list[str]:
    x, y = OM_FIRST_WAVE
    return (["player German German pw-om21", f"load {start}", "begin-log"] + n(record6.OM_PARADROP)
            + [f"move 9/III/Sturm W4213 {W}", f"move Vogel_(1_of_2) W4212 {W}", f"move Vogel_(2_of_2) W4211 {W}",
               f"move Vogel_(2_of_2) @{x},{y} Off-map boxes", "chat Vogel 2 waits (待機) - back in its box"]
            + n(1) + [f"move Vogel_(1_of_2) W4211 {W}"] + n(1) + ["end-log"])


def om_version(start: Path, work: Path, sfx: str) -> list[list[str]]:
    s1, s2 = work / f"om-version21-1{sfx}.vsav", work / f"om-version21-2{sfx}.vsav"
    return [["player German German pw-om21", f"load {start}", "begin-log"] + n(record6.OM_PARADROP)
            + [f"move 9/III/Sturm W4213 {W}", f"move Vogel_(1_of_2) W4212 {W}"] + n(1)
            + [f"move Vogel_(1_of_2) W4211 {W}", "chat 移動途中でセーブ / saving mid-move", f"save {s1}", "end-log"],
            ["player German German pw-om21", f"load {s1}", "begin-log",
             f"move Vogel_(1_of_2) W4210 {W}", f"move 9/III/Sturm W4113 {W}"] + n(6) + [f"save {s2}", "end-log"],
            ["player Allied Allied pw-om21a", f"load {s2}", "begin-log", "chat Allied movement (3.7)",
             f"move D/1_Welsh W4227 {W}"] + n(1) + ["end-log"]]


def na41_version(work: Path, sfx: str) -> list[list[str]]:
    s1, s2 = work / f"na41-version21-1{sfx}.vsav", work / f"na41-version21-2{sfx}.vsav"
    return [["player Axis Axis pw-na21", "setup S1 Enter Rommel", "begin-log"] + n(record6.NA_AXIS_MOVE)
            + [f"move 8_MG_Bn 1107 {NA}", "chat to be continued (続く)", f"save {s1}", "end-log"],
            ["player Axis Axis pw-na21", f"load {s1}", "begin-log", f"move 8_MG_Bn 0602 {NA}",
             f"move 3_Aufkl 1504 {NA}", f"save {s2}", "end-log"],
            ["player Axis Axis pw-na21", f"load {s2}", "begin-log"] + n(1)
            + ["chat I1 枢軸軍戦闘: no attacks"] + n(1) + ["end-log"]]


def im_chat(start: Path, work: Path, sfx: str) -> list[list[str]]:
    s1 = work / f"im-chat21-1{sfx}.vsav"
    m = "Malta"
    return [["player Axis Axis pw-im21", f"load {start}", "begin-log", "chat GT1 空挺降下フェイズ",
             f"move 5/3 2020 {m}", f"move KG1_unit_1 2020 {m}", f"move Airhead 2020 {m}", "chat GT1 Movement phase now",
             f"move KG1_unit_1 2021 {m}", f"save {s1}", "end-log"],
            ["player Axis Axis pw-im21", f"load {s1}", "begin-log", "chat T1 移動 (続き)", f"move 5/3 2019 {m}",
             "chat turn 1 combat: none / 戦闘なし", "end-log"]]


def chain(name: str, module: Path, files: list[list[str]], args, work: Path) -> bool:
    """Play the files of a chain one after the other, alternating VASSAL versions: the first in
    ``--vassal``, the next in the other one."""
    other = recordkit.V37 if args.vassal == recordkit.V38 else recordkit.V38
    for i, lines in enumerate(files, 1):
        vassal = args.vassal if i % 2 else other
        if not recordkit.run(vassal, module, f"{name}-{i}", lines, work, args.out, args.suffix):
            return False
    return True


def main() -> int:
    args, work = recordkit.start(__doc__, "record21-")
    sfx = args.suffix
    im, om, na = recordkit.game_modules(args.modules)
    im_start = recordkit.im_start(im, work, recordkit.IM_AIRHEAD_OOS)
    om_start = recordkit.om_start(om, work)
    runs = [("na41-turn21", na, na41_turn()), ("om-turn21", om, om_turn(om_start)), ("im-turn21", im, im_turn(im_start)),
            ("na41-undofar21", na, na41_undofar()), ("im-airhead21", im, im_airhead(im_start)),
            ("om-boxback21", om, om_boxback(om_start))]
    if not recordkit.run_all(runs, args, work):
        return 1
    chains = [("om-version21", om, om_version(om_start, work, sfx)), ("na41-version21", na, na41_version(work, sfx)),
              ("im-chat21", im, im_chat(im_start, work, sfx))]
    for name, module, files in chains:
        if recordkit.wanted(name, args.only) and not chain(name, module, files, args, work):
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
