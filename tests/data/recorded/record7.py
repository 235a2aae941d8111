"""Record round 7's logs of ``tests/data/recorded`` in real VASSAL (see README.md there): what
play-by-email players get wrong when they open the opponent's log. The Allied player loads the
Axis player's log (File > Load of a ``.vlog``) and steps through it with VASSAL's Step button,
then begins his own log:

* ``na41-step7-2mid``: he stops stepping before the end (10 of the 17 steps) and plays on;
* ``na41-step7-2undo``: he steps to the end, then presses Undo (VASSAL's ``BasicLogger.undo``
  takes a replayed step back and lets it be stepped again);
* ``na41-step7-2`` and ``na41-step7-2again``: he steps to the end and plays; then plays the same
  file again from its end (a second continuation of one file: a branch);

and a dice file, ``na41-dice7``: the module's 2d6 button, a roll typed in chat, a roll undone and
rolled again.

    python tests/data/recorded/record7.py --modules DIR --vassal VASSAL [--suffix=-38]

``VASSAL``: a ``record`` driver that knows ``step [N]`` (BasicLogger's Step action, N times):
the oracle driver of ``/work/vassal-oracle`` with that one command added (README.md there, round
7). ``--modules``: the folder ``vmodgen build -o`` wrote the bundled modules to."""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import record  # noqa: E402  (nexts)
import recordkit  # noqa: E402

NA = "West map (Cyrenaica)"
#: North Africa '41's phases by index (preparation = 0)
NA_AXIS_MOVE, NA_I2_ALLIED_INITIAL, NA_I2_ALLIED_MOVE = 8, 13, 14
AXIS = "player Axis Axis pw-axis7"
ALLIED = "player Allied Allied pw-allied7"


def axis_file() -> list[str]:
    """File 1, the Axis player, S1 Enter Rommel: GT1 I1 Axis Movement: 3 Aufkl 1503 -> 1208, 8 MG
    Bn 1503 -> 1107, 2 MG Bn 1604 -> 1606; chat; Next to I2's Allied Initial Phase (17 steps)."""
    n = record.nexts
    return ([AXIS, "setup S1 Enter Rommel", "begin-log"] + n(NA_AXIS_MOVE)
            + [f"move 3_Aufkl 1208 {NA}", f"move 8_MG_Bn 1107 {NA}", f"move 2_MG_Bn 1606 {NA}",
               "chat Axis movement done, over to you"] + n(NA_I2_ALLIED_INITIAL - NA_AXIS_MOVE) + ["end-log"])


def allied_moves(tracker_at: int) -> list[str]:
    """The Allied player's own play once his log is begun: Next to I2's Allied Movement Phase
    from the phase ``tracker_at`` he sees; 6 RTR and 3 Hus (one stack) 1808 -> 1909; Next."""
    return (record.nexts(NA_I2_ALLIED_MOVE - tracker_at)
            + [f"move-stack 6_RTR 1909 {NA}", "chat Allied movement done"] + record.nexts(1) + ["end-log"])


def allied_files(axis_log: Path) -> list[tuple[str, list[str]]]:
    """The Allied continuations of the Axis log ``axis_log`` (name, script)."""
    load = [ALLIED, f"load {axis_log}"]
    return [
        # stops after 10 steps (the eight Nexts, 3 Aufkl and 8 MG Bn): 2 MG Bn's move, the chat and
        # the five Nexts never seen; the tracker still shows I1's Axis Movement Phase
        ("na41-step7-2mid", load + ["step 10", "begin-log"] + allied_moves(NA_AXIS_MOVE)),
        # steps to the end, then Undo: the last step (Next to I2's Allied Initial) taken back
        ("na41-step7-2undo", load + ["step 99", "undo", "begin-log"] + allied_moves(NA_I2_ALLIED_INITIAL - 1)),
        # steps to the end and plays (the file the chain continues)
        ("na41-step7-2", load + ["step 99", "begin-log"] + allied_moves(NA_I2_ALLIED_INITIAL)),
        # the same file played again from its end, another move (a second continuation)
        ("na41-step7-2again", load + ["step 99", "begin-log"] + record.nexts(1)
         + [f"move-stack 6_RTR 1708 {NA}", "chat Allied movement (second try)"] + record.nexts(1) + ["end-log"]),
    ]


def dice_file() -> list[str]:
    """S1, as Axis, GT1 I1 Axis Combat: 2d6 through the module's button; a roll typed in chat
    ("I rolled 6" and "rolled 11 for the attack on 1808"); 2d6, Undo, 2d6 (a roll repeated: the
    second counts); a chat line."""
    return ([AXIS, "setup S1 Enter Rommel", "begin-log"] + record.nexts(NA_AXIS_MOVE + 1)
            + ["roll 2d6", "chat I rolled 6", "chat rolled 11 for the attack on 1808",
               "roll 2d6", "undo", "roll 2d6", "chat combat done", "end-log"])


def tracker_file() -> list[str]:
    """S1, as Axis (one player at the keyboard for both sides). Next once (I1 Allied Initial),
    then Next twice: the Allied Movement Phase skipped on the tracker; in the Allied Combat Phase
    the Allied 6 RTR and 3 Hus (one stack) 1808 -> 1909, with no die rolled. On to I1 Axis
    Movement; Next three times too many (Axis Supply), Prev three times back; 3 Aufkl 1503 ->
    1208; Next."""
    n = record.nexts
    return ([AXIS, "setup S1 Enter Rommel", "begin-log"] + n(1) + n(2)
            + [f"move-stack 6_RTR 1909 {NA}"] + n(NA_AXIS_MOVE - 3) + n(3) + ["prev"] * 3
            + [f"move 3_Aufkl 1208 {NA}"] + n(1) + ["end-log"])


def back_file() -> list[str]:
    """S1, as Axis, I1 Axis Movement: 8 MG Bn deleted (Ctrl+D) and a new 8 MG Bn taken from the
    palette onto its hex 1503 (an undo by hand); 5 Pz Rgt 1604 -> 1707 (next to the Allied 6 RTR
    and 3 Hus in 1808: their ZOC) and back to 1604 (a zero net move through an enemy ZOC); 3
    Aufkl 1503 -> 1504; Next."""
    return ([AXIS, "setup S1 Enter Rommel", "begin-log"] + record.nexts(NA_AXIS_MOVE)
            + ["key 8_MG_Bn ctrl D", f"create 8_MG_Bn 1503 {NA}",
               f"move 5_Pz_Rgt 1707 {NA}", f"move 5_Pz_Rgt 1604 {NA}", f"move 3_Aufkl 1504 {NA}"]
            + record.nexts(1) + ["end-log"])


def seat_files(work: Path, sfx: str) -> list[tuple[str, list[str]]]:
    """Two players on the Axis side and an observer, passwords set: Alice (Axis) moves 3 Aufkl
    1503 -> 1208 in I1's Axis Movement and saves; Carol loads that save, asks for the Axis side
    (Alice holds it) and moves 8 MG Bn 1503 -> 1107, saves; Dave joins as observer, chats."""
    s1, s2 = work / f"na41-seat7-1{sfx}.vsav", work / f"na41-seat7-2{sfx}.vsav"
    return [("na41-seat7-1", ["player Alice Axis pw-alice-7", "setup S1 Enter Rommel", "begin-log"]
             + record.nexts(NA_AXIS_MOVE) + [f"move 3_Aufkl 1208 {NA}", f"save {s1}", "end-log"]),
            ("na41-seat7-2", ["player Carol Axis pw-carol-7", f"load {s1}", "begin-log",
                              f"move 8_MG_Bn 1107 {NA}", f"save {s2}", "end-log"]),
            ("na41-seat7-3", ["player Dave <observer> pw-dave-7", f"load {s2}", "begin-log",
                              "chat Dave here, watching", "end-log"])]


def main() -> int:
    args, work = recordkit.start(__doc__, "record7-")
    na = args.modules / "north-africa-41.vmod"
    sfx = args.suffix
    if recordkit.wanted("na41-step7", args.only):
        if not recordkit.run(args.vassal, na, "na41-step7-1", axis_file(), work, args.out, sfx):
            return 1
        for name, lines in allied_files(work / f"na41-step7-1{sfx}.vlog"):
            if not recordkit.run(args.vassal, na, name, lines, work, args.out, sfx):
                return 1
    for name, lines in [("na41-tracker7", tracker_file()), ("na41-back7", back_file())]:
        if recordkit.wanted(name, args.only) and not recordkit.run(args.vassal, na, name, lines, work, args.out, sfx):
            return 1
    if recordkit.wanted("na41-seat7", args.only):
        for name, lines in seat_files(work, sfx):
            if not recordkit.run(args.vassal, na, name, lines, work, args.out, sfx):
                return 1
    if recordkit.wanted("na41-dice7", args.only):
        if not recordkit.run(args.vassal, na, "na41-dice7", dice_file(), work, args.out, sfx):
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
