"""Record round 6's logs of ``tests/data/recorded`` in real VASSAL (see README.md there): the messy
games real players make. Undo several times in a row, Undo of a die roll then another roll, Undo
of a turn-tracker press; combat with a retreat and an advance after combat (Operation Mercury,
North Africa '41); chat in Japanese with the tracker never pressed; a play-by-email chain whose
first file is played in VASSAL 3.8.0-beta1 and whose next files continue its mid-turn save in
3.7.26 (audited in the wrong order and with a file missing); units eliminated, re-added from the
palette and placed from the palette directly into an illegal hex.

    python tests/data/recorded/record6.py --modules DIR [--vassal /work/vassal-oracle/vassal37] [--suffix=-38]

``--modules``: the folder ``vmodgen build -o`` wrote the bundled modules to. Runs the driver on
each script in a scratch folder and copies the ``.vlog`` VASSAL wrote, with its script, to
``--out``. The chain ``na41-pbem6-1..3`` is always played 3.8.0-beta1 (file 1), then 3.7.26
(files 2, 3), whatever ``--vassal`` says."""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import record  # noqa: E402  (start_save, nexts, phase counts)
import recordkit  # noqa: E402
from recordkit import V37, V38, run  # noqa: E402,F401  (record_pending runs through record6.run)

#: Operation Mercury's phases by index (recovery = 0)
OM_PARADROP, OM_GERMAN_MOVE, OM_GERMAN_COMBAT = 11, 12, 17
#: North Africa '41's phases by index (preparation = 0)
NA_AXIS_MOVE, NA_AXIS_COMBAT = 8, 9
W = "West map"


def om_undo(start: Path) -> list[str]:
    """Scenario 3, as German, GT1 Paradrop: 9/III/Sturm W4213 and Vogel 1 W4212 land; a d10, Undo,
    a d10 again (a re-roll); Next (German Movement), Undo (back in the Paradrop Phase), Next again.
    German Movement: 9/III/Sturm W4113, W4013 and Vogel 1 W4211, then Undo three times in a row
    (all three drags taken back); Vogel 1 W4211 -> W4210 (two hexes on its paradrop turn: OM 4.18);
    9/III/Sturm W4113 (one hex). Next, Undo, Next (German Bombardment), on to the German Combat
    Phase."""
    n = record.nexts
    return (["player German German pw-om", f"load {start}", "begin-log"] + n(OM_PARADROP)
            + [f"move 9/III/Sturm W4213 {W}", f"move Vogel_(1_of_2) W4212 {W}",
               "roll 1d10", "undo", "roll 1d10", "next", "undo", "next",
               f"move 9/III/Sturm W4113 {W}", f"move 9/III/Sturm W4013 {W}", f"move Vogel_(1_of_2) W4211 {W}",
               "undo", "undo", "undo",
               f"move Vogel_(1_of_2) W4211 {W}", f"move Vogel_(1_of_2) W4210 {W}", f"move 9/III/Sturm W4113 {W}",
               "next", "undo", "next"] + n(OM_GERMAN_COMBAT - OM_GERMAN_MOVE - 1) + ["end-log"])


def om_combat(start: Path) -> list[str]:
    """Scenario 3, as German. GT1 Paradrop: 9/III/Sturm W4214 (beside the NZ battalions in W4315),
    Vogel 1 W4213. German Combat: a d10; the German player drags the Allied 19 NZ (the defender)
    W4315 -> W4215, a hex next to Vogel 1 (the retreat enters a German ZOC: 9.63); 9/III/Sturm
    advances W4214 -> W4315 -> W4316 -> W4317 (three hexes: an advance is at most 2, 9.84); on to
    the Allied Movement Phase."""
    n = record.nexts
    return (["player German German pw-om", f"load {start}", "begin-log"] + n(OM_PARADROP)
            + [f"move 9/III/Sturm W4214 {W}", f"move Vogel_(1_of_2) W4213 {W}"]
            + n(OM_GERMAN_COMBAT - OM_PARADROP)
            + ["chat German combat: 9/III/Sturm attacks 19 NZ", "roll 1d10",
               f"move-stack 19_NZ W4215 {W}",
               f"move 9/III/Sturm W4315 {W}", f"move 9/III/Sturm W4316 {W}", f"move 9/III/Sturm W4317 {W}",
               "next", "next", "end-log"])


def om_jp_chat(start: Path) -> list[str]:
    """Scenario 3, as German; the tracker is never pressed (GT1 Recovery Phase). The player
    announces turns and phases only in chat, in Japanese ("第1ターン ドイツ軍空挺降下フェイズ",
    "ドイツ軍移動フェイズ") and once in an English wording no pattern knows ("GT1 - Germans now
    moving"): 9/III/Sturm and Vogel 1 land (W4213, W4212), then Vogel 1 W4212 -> W4211 -> W4210
    (two hexes on its paradrop turn: OM 4.18 if the phase were known)."""
    return (["player German German pw-om", f"load {start}", "begin-log",
             "chat 第1ターン ドイツ軍空挺降下フェイズ（トラッカーは押し忘れ）",
             f"move 9/III/Sturm W4213 {W}", f"move Vogel_(1_of_2) W4212 {W}",
             "chat ドイツ軍移動フェイズ",
             "chat GT1 - Germans now moving",
             f"move Vogel_(1_of_2) W4211 {W}", f"move Vogel_(1_of_2) W4210 {W}",
             "chat 移動終了。戦闘フェイズへ", "end-log"])


#: Invasion: Malta's phases by index (weather = 0): Draw, Airborne Operations, Movement, Reset
IM_DRAW, IM_AIRBORNE, IM_MOVE, IM_RESET = 4, 6, 7, 12
#: a point of IM's "Off-map boxes" map between the Opaque cup and the Motor Pool track (in no
#: box): where the played Activation Marker is put aside (played AMs stay out of the cup, 4.42)
IM_PLAYED = (611, 140)


def im_activations(start: Path) -> list[str]:
    """Scenario 3, as Axis (one player at the keyboard for both sides), from a save with the
    Activation Markers of the 7th Flieger Division and the Allied Central sector in the cup. GT1
    Draw: the 7th Flieger AM is drawn (dragged out of the cup and put aside, 4.42); Airborne
    Operations: 5/3 and KG1 unit 1 paradrop onto 2020 and 2021; Movement (the Axis activation):
    KG1 unit 1 2021 -> 2022 (one hex, 15.16). GT2 Air Readiness: the AM back into the cup (7.17);
    Draw: the Allied Central sector AM; Movement (an Allied activation): B/3 KOMR 1425 -> 1424, and
    the Axis 5/3 2020 -> 2019 (an Axis unit moving in an Allied activation: 7.1, 7.23); on to
    GT2's Supply Status Phase."""
    n = record.nexts
    x, y = IM_PLAYED
    m = "Malta"
    return (["player Axis Axis pw-im", f"load {start}", "begin-log"] + n(IM_DRAW)
            + ["chat Draw: AM 7th Flieger Division (Axis activation)",
               f"move AM:_7th_Flieger_Division @{x},{y} Off-map boxes"] + n(IM_AIRBORNE - IM_DRAW)
            + [f"move 5/3 2020 {m}", f"move KG1_unit_1 2021 {m}"] + n(IM_MOVE - IM_AIRBORNE)
            + [f"move KG1_unit_1 2022 {m}"] + n(record.IM_PHASES - IM_MOVE + 1)
            + ["chat GT2 Air Readiness: AMs back into the cup", "move AM:_7th_Flieger_Division @700,100 Off-map boxes"]
            + n(IM_DRAW - 1)
            + ["chat Draw: AM Allied Central sector (Allied activation)",
               f"move AM:_Allied_Central_sector @{x},{y + 40} Off-map boxes"] + n(IM_MOVE - IM_DRAW)
            + [f"move B/3_KOMR 1424 {m}", f"move 5/3 2019 {m}"] + n(IM_RESET - IM_MOVE + 1) + ["end-log"])


NA = "West map (Cyrenaica)"


def na41_combat() -> list[str]:
    """S1 Enter Rommel, as Axis. GT1 I1 Axis Movement: 5 Pz Rgt 1604 -> 1707 (beside the Allied
    6 RTR and 3 Hus in 1808). Axis Combat: 2d6; the Axis player drags the Allied stack 1808 ->
    1708, a hex in 5 Pz Rgt's ZOC although 1809 and 1909 are free of it (12.1.3 priority 3: avoid
    every EZOC hex if possible); 5 Pz Rgt advances 1707 -> 1808 -> 1809 -> 1909 (three hexes);
    on to the Axis Recovery Phase."""
    n = record.nexts
    return (["player Axis Axis pw-na", "setup S1 Enter Rommel", "begin-log"] + n(NA_AXIS_MOVE)
            + [f"move 5_Pz_Rgt 1707 {NA}"] + n(1)
            + ["chat Axis combat: 5 Pz Rgt attacks 1808", "roll 2d6", f"move-stack 6_RTR 1708 {NA}",
               f"move 5_Pz_Rgt 1808 {NA}", f"move 5_Pz_Rgt 1809 {NA}", f"move 5_Pz_Rgt 1909 {NA}"]
            + n(1) + ["end-log"])


def na41_breakthrough() -> list[str]:
    """S1 Enter Rommel, as Axis. GT1 I1 Axis Movement: 5 Pz Rgt 1604 -> 1707. Axis Combat: 2d6;
    the Allied 6 RTR and 3 Hus retreat 1808 -> 1809 -> 1909 (two hexes, no hex in 5 Pz Rgt's
    ZOC); 5 Pz Rgt advances into the vacated 1808, then 1809, next to them (their ZOC: stop, or
    a breakthrough combat, 15.2.7, 15.2.12); 2d6 (the breakthrough combat); they retreat again
    1909 -> 2010 -> 2110; 5 Pz Rgt advances on into the hex they vacated, 1909 (15.2.6: free
    after a successful breakthrough); on to the Axis Recovery Phase."""
    n = record.nexts
    return (["player Axis Axis pw-na", "setup S1 Enter Rommel", "begin-log"] + n(NA_AXIS_MOVE)
            + [f"move 5_Pz_Rgt 1707 {NA}"] + n(1)
            + ["chat Axis combat: 5 Pz Rgt attacks 1808", "roll 2d6",
               f"move-stack 6_RTR 1809 {NA}", f"move-stack 6_RTR 1909 {NA}",
               f"move 5_Pz_Rgt 1808 {NA}", f"move 5_Pz_Rgt 1809 {NA}",
               "chat Breakthrough combat: 5 Pz Rgt attacks 1909", "roll 2d6",
               f"move-stack 6_RTR 2010 {NA}", f"move-stack 6_RTR 2110 {NA}", f"move 5_Pz_Rgt 1909 {NA}"]
            + n(1) + ["end-log"])


#: map pixels inside North Africa '41's Eliminated Units box ("Off-map boxes" map)
NA41_ELIMINATED = (976, 475)


def na41_palette() -> list[str]:
    """S1 Enter Rommel, as Axis. GT1 I1 Axis Movement: 8 MG Bn dragged into the Eliminated Units
    box (lost), then a fresh 8 MG Bn taken from the palette and put on 1606 (the unit
    "resurrected": two pieces of one unit); 5 Pz Rgt (21 Pz), a later reinforcement, taken from the
    palette straight onto 1808, where the Allied 6 RTR and 3 Hus stand; 3 Aufkl 1503 -> 1504;
    on to the Axis Combat Phase."""
    x, y = NA41_ELIMINATED
    return (["player Axis Axis pw-na", "setup S1 Enter Rommel", "begin-log"] + record.nexts(NA_AXIS_MOVE)
            + [f"move 8_MG_Bn @{x},{y} Off-map boxes", "chat 8 MG Bn lost; put back by mistake",
               f"create 8_MG_Bn 1606 {NA}", f"create 5_Pz_Rgt_(21_Pz) 1808 {NA}",
               f"move 3_Aufkl 1504 {NA}", "next", "end-log"])


def na41_pbem(scratch: Path) -> list[tuple[str, str, list[str]]]:
    """A play-by-email chain on S1 Enter Rommel, as Axis, each file loading the save of the one
    before. File 1 (VASSAL 3.8.0-beta1): I1 Axis Movement, 3 Aufkl 1503 -> 1208, saved there
    (mid-phase). File 2 (3.7.26, from that save): 3 Aufkl 1208 -> 1210 (the same move going on:
    1503 -> 1210 is 7 MP by road? no: see the test), 8 MG Bn 1503 -> 1107; Next to the Axis Combat
    Phase, saved. File 3 (3.7.26): Next to the Axis Recovery Phase ... on to I2's Axis Movement;
    2 MG Bn 1604 -> 1606."""
    n = record.nexts
    s1, s2 = scratch / "na41-pbem6-1.vsav", scratch / "na41-pbem6-2.vsav"
    return [("na41-pbem6-1", V38, ["player Axis Axis pw-na", "setup S1 Enter Rommel", "begin-log"] + n(NA_AXIS_MOVE)
             + [f"move 3_Aufkl 1208 {NA}", "chat Axis movement, more tomorrow", f"save {s1}", "end-log"]),
            ("na41-pbem6-2", V37, ["player Axis Axis pw-na", f"load {s1}", "begin-log",
                                   f"move 3_Aufkl 1210 {NA}", f"move 8_MG_Bn 1107 {NA}"] + n(1)
             + [f"save {s2}", "end-log"]),
            ("na41-pbem6-3", V37, ["player Axis Axis pw-na", f"load {s2}", "begin-log"] + n(20 - NA_AXIS_COMBAT)
             + [f"move 2_MG_Bn 1606 {NA}"] + n(1) + ["end-log"])]


def main() -> int:
    args, work = recordkit.start(__doc__, "record6-")
    om = args.modules / "operation-mercury.vmod"
    na = args.modules / "north-africa-41.vmod"
    start = record.start_save(om, "operation-mercury", "Scenario 3: Maleme-Suda, May 20-23",
                              [(u, "german-first-wave") for u in ("G-9-III-Sturm", "G-Vogel-1", "G-Vogel-2")],
                              work / "om-start.vsav")
    im = args.modules / "invasion-malta.vmod"
    im_start = record.start_save(im, "invasion-malta", None, [("am-7", "cup"), ("am-sector-central", "cup")],
                                 work / "im-start.vsav")
    runs = [("im-activation6", im, im_activations(im_start)), ("om-undo6", om, om_undo(start)), ("om-combat6", om, om_combat(start)),
            ("om-jpchat6", om, om_jp_chat(start)), ("na41-combat6", na, na41_combat()),
            ("na41-breakthrough6", na, na41_breakthrough()),
            ("na41-palette6", na, na41_palette())]
    for name, module, lines in runs:
        if (not args.only or name in args.only) and not run(args.vassal, module, name, lines, work, args.out,
                                                            args.suffix):
            return 1
    if not args.suffix and (not args.only or "na41-pbem6" in args.only):
        for name, vassal, lines in na41_pbem(work):
            if not run(vassal, na, name, lines, work, args.out, ""):
                return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
