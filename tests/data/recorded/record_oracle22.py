"""Record round oracle22's logs of ``tests/data/recorded`` in real VASSAL (see README.md there):
step losses flipped, undone and flipped back, units deleted and put back from the palette, a
palette copy of a unit on the map deleted again, a palette drop that overstacks, moves played
with the module's move reports off, an advance and a retreat undone together and replayed, a
chain whose first step crosses a turn and whose next file starts after the other player pressed
Prev, and two files of the same impulse started from the same save.

* ``na41-flip22``: NA41 S1, as Axis. I1 Axis Movement: 5 Pz Rgt 1604 -> 1707. Axis Combat: chat,
  2d6, **3 Hus flipped, Undo**, **6 RTR flipped twice** (reduced, then back to full), chat, 3 Hus
  flipped (the step loss); Next.
* ``om-repalette22``: OM Scenario 3, as German. GT1 Paradrop: 9/III/Sturm W4216, Vogel 1 W4316,
  Vogel 2 W4213. German Movement: Vogel 2 W4213 -> W4214. German Combat on 19 NZ (W4315): 1d10,
  **19 NZ deleted** (Ctrl+D), chat, **19 NZ put back from the palette on W4315** (a new piece),
  the new piece retreats W4315 -> W4415, Vogel 1 advances W4316 -> W4315; Next ×2 (Allied
  Movement); D/1 Welsh W4228 -> W4227; Next.
* ``im-copy22``: IM Scenario 3, as Axis. GT1 Airborne: the Airhead on 1424, 5/3 and KG1 unit 1 on
  1424, KG1 unit 2 on 1524. Movement: **a second KG1 unit 2 from the palette on 1524** (the copy
  made by mistake), chat, **one of the two deleted** (Ctrl+D; VASSAL's first piece of that name:
  the one dropped), the one left (the copy) moves 1524 -> 1624 -> 1724 (two drags); Next.
* ``na41-overdrop22``: NA41 S1, as Axis. I1 Axis Movement: 8 MG Bn and 3 Aufkl 1503 -> 1604
  (5 Pz Rgt, 2 MG Bn and I/33 Flak there), **Pavia from the palette onto 1604**; Next.
* ``na41-noreport22``: NA41 S1, as Axis, the module's **"Auto-report moves" set to Never** (the
  driver's ``option autoReport Never``: what a module built so plays; the log has no "moves" chat
  line). I1 Axis Movement: 8 MG Bn 1503 -> 1107, then 1107 -> 0602; Next.
* ``na41-noreportundo22``: as ``na41-noreport22`` (move reports off), but the second drag
  (1107 -> 0602) is taken back with **Undo**, chat, and 8 MG Bn goes 1107 -> 1106 instead; Next.
* ``na41-overfix22``: as ``na41-overdrop22`` (Pavia from the palette onto 1604, six points), then
  chat and 3 Aufkl 1604 -> 1605 **before the phase ends** (five points); Next.
* ``om-advundo22``: OM Scenario 3, as German. GT1 Paradrop as om-repalette22; German Combat on
  19 NZ (W4315): 1d10, 19 NZ retreats **into W4416 (all water)**, Vogel 1 advances W4316 -> W4315,
  **Undo ×2** (the advance, then the retreat), chat, 19 NZ retreats W4315 -> W4215 (7 RTR's hex),
  Vogel 1 advances W4316 -> W4315; Next.

Chains (each file loads the save the file before wrote; files alternate VASSAL versions as in
``record_oracle21.chain``):

* ``im-prev22-1..3``: IM Scenario 3. File 1 (Axis): before the log, GT1's drops (the Airhead,
  5/3 and KG1 unit 1 on 1424, KG1 unit 2 on 1524) and the tracker on GT1's last phase; the log's
  **first step is Next into GT2**; on to GT2's Movement Phase; KG1 unit 2 1524 -> 1525; saved
  mid-phase. File 2 (**the Allied player**): **Prev** (GT2's Airborne Operations Phase), chat;
  saved. File 3 (Axis): KG1 unit 1 1424 -> 1423; Next.
* ``im-prevgap22-1..2``: file 1 as ``im-prev22-1``; then the Allied player loads its save,
  presses **Prev with no log kept** and saves; file 2 (Axis) starts from that save: KG1 unit 1
  1424 -> 1423; Next.
* ``na41-overlap22-1..2``: NA41 S1, as Axis, both files **from the same save** (I1 Axis Movement,
  written before file 1's log began): file 1: 3 Aufkl 1503 -> 1208, 8 MG Bn 1503 -> 1107; Next.
  File 2 (the log restarted from that older save): the same two moves again, then 2 MG Bn
  1604 -> 1606; Next.

    python tests/data/recorded/record_oracle22.py --modules DIR [--vassal /work/vassal-oracle/vassal38 --suffix=-38]

``--modules``: the folder ``vmodgen build -o`` wrote the bundled modules to."""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import record  # noqa: E402  (start_save, nexts, phase counts)
import record6  # noqa: E402  (phase indices, map names)
import record_oracle21 as r21  # noqa: E402  (chain, phase indices)
import recordkit  # noqa: E402

n = record.nexts
W, NA, M = record6.W, record6.NA, "Malta"
OM_ALLIED_MOVE = record6.OM_GERMAN_COMBAT + 1    # the Allied Movement Phase
OM_DROPS = [f"move 9/III/Sturm W4216 {W}", f"move Vogel_(1_of_2) W4316 {W}", f"move Vogel_(2_of_2) W4213 {W}"]


def na41_flip() -> list[str]:
    return (["player Axis Axis pw-na22", "setup S1 Enter Rommel", "begin-log"] + n(record6.NA_AXIS_MOVE)
            + [f"move 5_Pz_Rgt 1707 {NA}"] + n(1)
            + ["chat 戦闘: 5 Pz Rgt attacks 6 RTR + 3 Hus (1808)", "roll 2d6", "flip 3_Hus", "undo",
               "flip 6_RTR", "flip 6_RTR", "chat 6 RTR back to full - 3 Hus takes the step (ステップロス)", "flip 3_Hus"]
            + n(1) + ["end-log"])


def om_head(start: Path) -> list[str]:
    """GT1: the three drops and Vogel 2's one hex, on to the German Combat Phase."""
    return (["player German German pw-om22", f"load {start}", "begin-log"] + n(record6.OM_PARADROP) + OM_DROPS
            + n(1) + [f"move Vogel_(2_of_2) W4214 {W}"] + n(record6.OM_GERMAN_COMBAT - record6.OM_GERMAN_MOVE))


def om_repalette(start: Path) -> list[str]:
    return (om_head(start)
            + ["chat 戦闘1: 9/III/Sturm + Vogel 1 attack 19 NZ (W4315)", "roll 1d10", "key 19_NZ ctrl D",
               "chat 間違い: not eliminated, D1 - 19 NZ back and retreats", f"create 19_NZ W4315 {W}",
               f"move 19_NZ W4415 {W}", f"move Vogel_(1_of_2) W4315 {W}"]
            + n(OM_ALLIED_MOVE - record6.OM_GERMAN_COMBAT) + [f"move D/1_Welsh W4227 {W}"] + n(1) + ["end-log"])


def om_advundo(start: Path) -> list[str]:
    return (om_head(start)
            + ["chat 戦闘1: 9/III/Sturm + Vogel 1 attack 19 NZ (W4315)", "roll 1d10", f"move 19_NZ W4416 {W}",
               f"move Vogel_(1_of_2) W4315 {W}", "undo", "undo", "chat 待った: W4416 is sea - 19 NZ goes to W4215",
               f"move 19_NZ W4215 {W}", f"move Vogel_(1_of_2) W4315 {W}"] + n(1) + ["end-log"])


def im_copy(start: Path) -> list[str]:
    return (["player Axis Axis pw-im22", f"load {start}", "begin-log"] + n(r21.IM_AIRBORNE)
            + [f"move Airhead 1424 {M}", f"move 5/3 1424 {M}", f"move KG1_unit_1 1424 {M}", f"move KG1_unit_2 1524 {M}"]
            + n(r21.IM_MOVE - r21.IM_AIRBORNE)
            + [f"create KG1_unit_2 1524 {M}", "chat oops - two KG1 unit 2 (コピーしてしまった)", "key KG1_unit_2 ctrl D",
               f"move KG1_unit_2 1624 {M}", f"move KG1_unit_2 1724 {M}"] + n(1) + ["end-log"])


def na41_overdrop() -> list[str]:
    return (["player Axis Axis pw-na22", "setup S1 Enter Rommel", "begin-log"] + n(record6.NA_AXIS_MOVE)
            + [f"move 8_MG_Bn 1604 {NA}", f"move 3_Aufkl 1604 {NA}", "chat Pavia arrives (パヴィア到着)",
               f"create Pavia 1604 {NA}"] + n(1) + ["end-log"])


def na41_noreport() -> list[str]:
    return (["player Axis Axis pw-na22", "option autoReport Never", "setup S1 Enter Rommel", "begin-log"]
            + n(record6.NA_AXIS_MOVE) + [f"move 8_MG_Bn 1107 {NA}", f"move 8_MG_Bn 0602 {NA}"] + n(1) + ["end-log"])


def na41_noreport_undo() -> list[str]:
    return (["player Axis Axis pw-na22", "option autoReport Never", "setup S1 Enter Rommel", "begin-log"]
            + n(record6.NA_AXIS_MOVE) + [f"move 8_MG_Bn 1107 {NA}", f"move 8_MG_Bn 0602 {NA}", "undo",
                                         "chat too far - 8 MG Bn stops at 1106", f"move 8_MG_Bn 1106 {NA}"]
            + n(1) + ["end-log"])


def na41_overfix() -> list[str]:
    return (["player Axis Axis pw-na22", "setup S1 Enter Rommel", "begin-log"] + n(record6.NA_AXIS_MOVE)
            + [f"move 8_MG_Bn 1604 {NA}", f"move 3_Aufkl 1604 {NA}", f"create Pavia 1604 {NA}",
               "chat 1604 overstacked - 3 Aufkl moves on (スタック超過)", f"move 3_Aufkl 1605 {NA}"] + n(1) + ["end-log"])


def im_prev(start: Path, work: Path, sfx: str) -> list[list[str]]:
    s1, s2 = work / f"im-prev22-1{sfx}.vsav", work / f"im-prev22-2{sfx}.vsav"
    return [["player Axis Axis pw-im22", f"load {start}"] + n(r21.IM_AIRBORNE)
            + [f"move Airhead 1424 {M}", f"move 5/3 1424 {M}", f"move KG1_unit_1 1424 {M}", f"move KG1_unit_2 1524 {M}"]
            + n(record.IM_PHASES - 1 - r21.IM_AIRBORNE) + ["begin-log"] + n(1 + r21.IM_MOVE)
            + [f"move KG1_unit_2 1525 {M}", "chat GT2 移動途中 / to be continued", f"save {s1}", "end-log"],
            ["player Allied Allied pw-im22a", f"load {s1}", "begin-log", "prev",
             "chat Prev: back to GT2 Airborne Operations (空挺フェイズに戻した)", f"save {s2}", "end-log"],
            ["player Axis Axis pw-im22", f"load {s2}", "begin-log", f"move KG1_unit_1 1423 {M}"] + n(1) + ["end-log"]]


def im_prevgap(start: Path, work: Path, sfx: str) -> list[list[str]]:
    """``im-prev22``'s first file; then the Allied player loads its save, presses Prev and saves
    with no log kept, and the Axis player's next log starts from that save."""
    s1, s1b = work / f"im-prevgap22-1{sfx}.vsav", work / f"im-prevgap22-1b{sfx}.vsav"
    first = [ln.replace("im-prev22-1", "im-prevgap22-1") for ln in im_prev(start, work, sfx)[0]]
    return [first,
            ["player Allied Allied pw-im22a", f"load {s1}", "prev", f"save {s1b}",
             "player Axis Axis pw-im22", f"load {s1b}", "begin-log", f"move KG1_unit_1 1423 {M}"] + n(1) + ["end-log"]]


def na41_overlap(work: Path, sfx: str) -> list[list[str]]:
    s0 = work / f"na41-overlap22-0{sfx}.vsav"
    same = [f"move 3_Aufkl 1208 {NA}", f"move 8_MG_Bn 1107 {NA}"]
    return [["player Axis Axis pw-na22", "setup S1 Enter Rommel"] + n(record6.NA_AXIS_MOVE)
            + [f"save {s0}", "begin-log"] + same + n(1) + ["end-log"],
            ["player Axis Axis pw-na22", f"load {s0}", "begin-log", "chat log lost - again from the save (やり直し)"]
            + same + [f"move 2_MG_Bn 1606 {NA}"] + n(1) + ["end-log"]]


def main() -> int:
    args, work = recordkit.start(__doc__, "record22-")
    sfx = args.suffix
    im, om, na = recordkit.game_modules(args.modules)
    im_start = recordkit.im_start(im, work, recordkit.IM_AIRHEAD)
    om_start = recordkit.om_start(om, work)
    runs = [("na41-flip22", na, na41_flip()), ("om-repalette22", om, om_repalette(om_start)),
            ("im-copy22", im, im_copy(im_start)), ("na41-overdrop22", na, na41_overdrop()),
            ("na41-noreport22", na, na41_noreport()), ("om-advundo22", om, om_advundo(om_start)),
            ("na41-noreportundo22", na, na41_noreport_undo()), ("na41-overfix22", na, na41_overfix())]
    if not recordkit.run_all(runs, args, work):
        return 1
    chains = [("im-prev22", im, im_prev(im_start, work, sfx)), ("na41-overlap22", na, na41_overlap(work, sfx)),
              ("im-prevgap22", im, im_prevgap(im_start, work, sfx))]
    for name, module, files in chains:
        if recordkit.wanted(name, args.only) and not r21.chain(name, module, files, args, work):
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
