"""Record round oracle25's logs of ``tests/data/recorded`` in real VASSAL (see README.md there):
a second Activation Marker's Operations Segment (Malta drops, Leros sea placements) played with the
tracker pressed Prev back to the Draw and with the tracker left where the first activation ended;
a first activation whose breach the log shows plainly; a chain with a gap (its middle file
missing) after a step loss; a player taking over a side another player claimed by switching
sides, and that log's sanitized copy; OM air missions' results and a Task Force sailing from
Alexandria with the tracker one and two presses late. The driver is unchanged.

* ``im-prevam25``: IM Scenario 3, as Axis, from a save with **two 7th Flieger AMs** in the cup
  (kit counters, illustrative: 4.41 gives a formation one or more). GT1 Draw: the first AM drawn
  (put aside); Airborne: the Airhead, 5/3 and KG1 unit 1 on 1424, KG1 unit 2 on 1524; Movement:
  KG1 unit 2 1524 -> 1624; Next to the Reset Phase; chat; **Prev x8 back to the Draw**; the second
  AM drawn; Airborne: **a second Airhead from the palette on 2020**, KG2 unit 1 on 2020, KG2 unit 2
  on 2021; Movement: KG2 unit 1 2020 -> 2019, KG1 unit 2 1624 -> 1724; Next to the Supply Status
  Phase.
* ``im-stayam25``: the same play with **the tracker left on the first activation's Reset Phase**
  for the whole second activation; then Next (Supply Status).
* ``im-firstam25``: IM Scenario 3, as Axis, from the same save, **the tracker only pressed Next**.
  GT1 Draw: the AM drawn; Airborne: 5/3 and KG1 unit 1 on 1424, KG1 unit 2 on 1524 (no Airhead on
  the map); Movement: KG1 unit 2 1524 -> 1624; Next to the Combat Phase; chat; **the Airhead placed
  on 1424 under the Combat tracker**; Next x2.
* ``im-lerosprev25``: IM Scenario 4 (Leros), as Axis, from a save with **two Kampfgruppe Ost AMs**
  in the cup (the convoy's formation O). GT1 Draw: AM 1; Naval Transport: the six convoy units to
  the East Invasion Zone's Available box (16.12); Movement: units 1-3 onto invasion hex L2703
  (16.33A); Combat: the stack lands on L2704 (16.33E); Next (Reset); chat; **Prev x8 back to the
  Draw**; AM 2; Next x3; Movement: **units 4-6 from the Available box onto L2804**; Next x4;
  Combat: the stack lands on L2805; Next x2 (Supply Status).
* ``im-lerosstay25``: the same with **the tracker left on the first activation's Reset Phase** for
  the second activation; then Next (Supply Status).
* ``om-navallate25``: OM Scenario 3, as Allied, DD Kimberly with an Ammo Low / Out of Ammo marker
  in Alexandria's Ready to Sail box. **The tracker left on the Port Refit Phase** (one before the
  Allied Naval Movement Phase): chat; the marker deleted (replenished, 16.44); the DD onto the
  Allied Naval Display's TF boxes and a Task Force marker from the palette onto the Crete Basin
  sea zone (16.43, 16.15); Next x2.
* ``om-navallate2-25``: the same **with the tracker on the Air Unit Allocation Phase** (two
  before), the DD and its marker dragged together onto the TF boxes, the TF marker to the Crete
  Basin; Next x3.
* ``na41-takeover25``: NA41 S1. Bob claims Allied: I1 Allied Movement 6 RTR 1808 -> 1908. Alice
  joins (Axis): I1 Axis Movement 5 Pz Rgt 1604 -> 1707. Bob retires (Observer); **Alice switches
  from Axis to Allied** (the side Bob claimed); on to I2 Allied Movement: 6 RTR 1908 -> 1909; Next.
  ``na41-takeover25-blank`` is that log after ``vmodgen sanitize`` (every password blanked).
* ``om-airlate25``: OM Scenario 3, as German, the Ju-87 Stuka and the Ju-88 in the Ready box. GT1
  Air Unit Allocation: the Ju-87 to the Bombardment/Combat Support box; Paradrop (the first
  wave), Movement (Vogel 2 W4213 -> W4214); Bombardment: chat; German Combat: chat, 1d10, chat;
  **Next (Allied Movement), then** the Ju-87 to Flown, then Flown -> Abort 1 (its AA result), and
  the Ju-88 straight from Ready to Flown (allocated off the record); Next.
* ``om-airlate2-25``: the same with **Next twice** (Allied Movement, Allied Bombardment) before the
  drags.

Chain with a gap (files alternate VASSAL versions as ``record_oracle21.chain``; **file 2 is
played and its save used, its log not kept**):

* ``im-gap25-1, im-gap25-3``: IM Scenario 3, as Axis. File 1: GT1 Draw (AM 1), Airborne (the
  Airhead, 5/3, KG1 unit 1 on 1424, KG1 unit 2 on 1524), Movement (KG1 unit 2 1524 -> 1624),
  Combat: chat, 1d10, chat, **B/3 KOMR flipped (a step lost)**; saved. File 2 (not kept): on to
  GT2's Draw, AM 2 drawn, Movement: KG1 unit 1 1424 -> 1423, KG1 unit 2 1624 -> 1724; saved.
  File 3: chat; on to GT2's Combat Phase: chat, 1d10, chat, B/3 KOMR deleted (eliminated), 5/3
  1424 -> 1425; Next.

    python tests/data/recorded/record_oracle25.py --modules DIR [--vassal /work/vassal-oracle/vassal38 --suffix=-38]

``--modules``: the folder ``vmodgen build -o`` wrote the bundled modules to."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import record  # noqa: E402  (nexts)
import record6  # noqa: E402  (phase indices, map names, where a played AM is put)
import record_oracle19 as r19  # noqa: E402  (Leros's Available box)
import record_oracle21 as r21  # noqa: E402  (IM phase indices, NA41 Allied Movement)
import record_oracle22 as r22  # noqa: E402  (OM drops, map names)
import record_oracle23 as r23  # noqa: E402  (IM first-turn drops)
import recordkit  # noqa: E402

n = record.nexts
W, NA, M, LEROS = record6.W, record6.NA, r22.M, "Leros"
IM_RESET, IM_SUPPLY = record6.IM_RESET, record6.IM_RESET + 1
NA_I2_ALLIED_MOVE = r21.NA_I2_ALLIED_COMBAT - 1
OFF = "Off-map boxes"
# the Air Operations Display's boxes on OM's "Off-map boxes" (the module's zones: centres)
READY, BOMBARD, FLOWN, ABORT1 = "@461,900", "@1062,900", "@761,1155", "@1062,1155"
OM_ALLOCATION, OM_BOMBARDMENT = 3, record6.OM_GERMAN_MOVE + 1
OM_NAVAL_MOVE = OM_ALLOCATION + 2                # the Allied Naval Movement Phase
CRETE_BASIN = "@761,2428"                        # Sea zone: Crete Basin (a box of "Off-map boxes")
AMMO = "Ammo_Low_/_Out_of_Ammo"
TF_BOXES = "@461,1410"                           # Allied Naval Display (lettered TF boxes)
TF = "Task_Force_(Undetected_/_Detected),_lettered_A...,_12_in_all"


def piece_ids(save: Path, name: str) -> list[str]:
    """The ids of the pieces called ``name`` in ``save``, in id order: two AMs of one formation
    share a name, so the scripts drag them by id (the ids ``LogWriter`` gives the pieces the
    starting save adds)."""
    from vmodgen.testing.log_writer import LogWriter
    pieces = LogWriter.from_file(save).state.pieces
    return sorted(pid for pid, p in pieces.items() if p.piece.name == name)


def draw(ams: list[str], i: int, formation: str = "7th Flieger Division") -> list[str]:
    """The i-th AM (0, 1) of ``ams`` dragged out of the cup and put aside (4.42)."""
    x, y = record6.IM_PLAYED
    return [f"chat Draw: AM {i + 1} {formation} (活性化マーカー{i + 1}枚目)",
            f"move {ams[i]} @{x},{y + 40 * i} {OFF}"]


def im_first_activation(ams: list[str]) -> list[str]:
    """GT1 from the Weather Phase: AM 1, the drops, KG1 unit 2's hex (15.16), on to the Reset Phase."""
    return (n(record6.IM_DRAW) + draw(ams, 0) + n(r21.IM_AIRBORNE - record6.IM_DRAW) + r23.IM_DROPS + n(1)
            + [f"move KG1_unit_2 1624 {M}"] + n(IM_RESET - r21.IM_MOVE))


def im_second_activation(ams: list[str], prev: bool) -> list[str]:
    """AM 2's Ground Sequence: back to the Draw by Prev (``prev``) or the tracker left on the Reset."""
    back = ["prev"] * (IM_RESET - record6.IM_DRAW) if prev else []
    step = n if prev else (lambda k: [])
    return (["chat second activation (2回目の活性化)"] + back + draw(ams, 1) + step(r21.IM_AIRBORNE - record6.IM_DRAW)
            + [f"create Airhead 2020 {M}", f"move KG2_unit_1 2020 {M}", f"move KG2_unit_2 2021 {M}"] + step(1)
            + [f"move KG2_unit_1 2019 {M}", f"move KG1_unit_2 1724 {M}"] + step(IM_RESET - r21.IM_MOVE))


def im_two_activations(start: Path, ams: list[str], prev: bool) -> list[str]:
    return (["player Axis Axis pw-im25", f"load {start}", "begin-log"] + im_first_activation(ams)
            + im_second_activation(ams, prev) + n(1) + ["end-log"])


def leros_two_activations(start: Path, ams: list[str], prev: bool) -> list[str]:
    """Leros GT1: AM 1 (Kampfgruppe Ost): the convoy to the Available box (16.12), units 1-3 onto
    invasion hex L2703 (16.33A), landed on L2704 (16.33E); AM 2: units 4-6 from the Available box
    onto L2804, landed on L2805; the tracker back to the Draw by Prev (``prev``) or left on the Reset."""
    units = [f"Leros_convoy_unit_{i}" for i in range(1, 7)]
    back = ["prev"] * (IM_RESET - record6.IM_DRAW) if prev else []
    step = n if prev else (lambda k: [])
    ost = "Kampfgruppe Ost"
    return (["player Axis Axis pw-im25", f"load {start}", "begin-log"] + n(record6.IM_DRAW) + draw(ams, 0, ost)
            + n(1) + [f"move {u} {at} {OFF}" for u, at in zip(units, r19.AVAILABLE)] + n(2)
            + [f"move {u} L2703 {LEROS}" for u in units[:3]] + n(r21.IM_COMBAT - r21.IM_MOVE)
            + ["chat landing L2703 -> L2704 (上陸)", f"move-stack {units[0]} L2704 {LEROS}"] + n(1)
            + ["chat second activation (2回目の活性化)"] + back + draw(ams, 1, ost) + step(r21.IM_MOVE - record6.IM_DRAW)
            + [f"move {u} L2804 {LEROS}" for u in units[3:]] + step(r21.IM_COMBAT - r21.IM_MOVE)
            + ["chat landing L2804 -> L2805 (上陸)", f"move-stack {units[3]} L2805 {LEROS}"] + step(1) + n(1) + ["end-log"])


def im_first_breach(start: Path, ams: list[str]) -> list[str]:
    drops = [f"move 5/3 1424 {M}", f"move KG1_unit_1 1424 {M}", f"move KG1_unit_2 1524 {M}"]
    return (["player Axis Axis pw-im25", f"load {start}", "begin-log"] + n(record6.IM_DRAW) + draw(ams, 0)
            + n(r21.IM_AIRBORNE - record6.IM_DRAW) + drops + n(1) + [f"move KG1_unit_2 1624 {M}"]
            + n(r21.IM_COMBAT - r21.IM_MOVE) + ["chat forgot the airhead (空挺堡を忘れた)", f"move Airhead 1424 {M}"]
            + n(2) + ["end-log"])


def im_gap(start: Path, work: Path, sfx: str) -> list[list[str]]:
    s1, s2 = work / f"im-gap25-1{sfx}.vsav", work / f"im-gap25-2{sfx}.vsav"
    ams = piece_ids(start, "AM: 7th Flieger Division")
    return [["player Axis Axis pw-im25", f"load {start}", "begin-log"] + im_first_activation(ams)[:-(IM_RESET - r21.IM_MOVE)]
            + n(r21.IM_COMBAT - r21.IM_MOVE)
            + ["chat 戦闘: 5/3 + KG1 unit 1 attack B/3 KOMR (1425)", "roll 1d10", "chat B/3 KOMR loses a step (損害)",
               "flip B/3_KOMR", f"save {s1}", "end-log"],
            ["player Axis Axis pw-im25", f"load {s1}", "begin-log"] + n(record.IM_PHASES - r21.IM_COMBAT + record6.IM_DRAW)
            + draw(ams, 1) + n(r21.IM_MOVE - record6.IM_DRAW) + [f"move KG1_unit_1 1423 {M}", f"move KG1_unit_2 1724 {M}",
                                                            f"save {s2}", "end-log"],
            ["player Axis Axis pw-im25", f"load {s2}", "begin-log", "chat GT2 movement done (移動終了)"]
            + n(r21.IM_COMBAT - r21.IM_MOVE)
            + ["chat 戦闘: 5/3 attacks B/3 KOMR (1425) again", "roll 1d10", "chat B/3 KOMR eliminated (除去)",
               "key B/3_KOMR ctrl D", f"move 5/3 1425 {M}"] + n(1) + ["end-log"]]


def na41_takeover() -> list[str]:
    return (["player Bob Allied pw-bob25", "setup S1 Enter Rommel", "begin-log"] + n(r21.NA_ALLIED_MOVE)
            + [f"move 6_RTR 1908 {NA}", "chat Alice plays the Axis (枢軸軍はAlice)", "player Alice Axis pw-alice25"]
            + n(record6.NA_AXIS_MOVE - r21.NA_ALLIED_MOVE) + [f"move 5_Pz_Rgt 1707 {NA}"]
            + ["player Bob Allied pw-bob25", "chat Bob has to leave - Alice takes the British (交代)",
               "switch-side <observer>", "player Alice Axis pw-alice25", "switch-side Allied"]
            + n(NA_I2_ALLIED_MOVE - record6.NA_AXIS_MOVE) + [f"move 6_RTR 1909 {NA}"] + n(1) + ["end-log"])


def om_air(start: Path, late: int) -> list[str]:
    return (["player German German pw-om25", f"load {start}", "begin-log"] + n(OM_ALLOCATION)
            + ["chat Air allocation: Ju-87 to combat support (近接支援)", f"move Ju-87_Stuka {BOMBARD} {OFF}"]
            + n(record6.OM_PARADROP - OM_ALLOCATION) + r22.OM_DROPS + n(1) + [f"move Vogel_(2_of_2) W4214 {W}"]
            + n(1) + ["chat Ju-87 supports Vogel 2's attack on W4314 (急降下爆撃)"]
            + n(record6.OM_GERMAN_COMBAT - OM_BOMBARDMENT)
            + ["chat 戦闘: Vogel 2 + Ju-87 attack B/22 NZ + B/23 NZ (W4314)", "roll 1d10", "chat no effect (効果なし)"]
            + n(late) + ["chat air results: Ju-87 aborted by AA, Ju-88 flew too (航空ユニット帰還)",
                         f"move Ju-87_Stuka {FLOWN} {OFF}", f"move Ju-87_Stuka {ABORT1} {OFF}",
                         f"move Ju-88 {FLOWN} {OFF}"] + n(1) + ["end-log"])


def om_naval(start: Path, late: int) -> list[str]:
    """The Allied player forms a Task Force of DD Kimberly out of Alexandria (16.43: the ship onto the
    Allied Naval Display's TF boxes, the TF marker onto the Crete Basin sea zone; 16.15: a ship at sea
    is in a TF) with the tracker ``late`` phases before the Allied Naval Movement Phase: replenished
    first (its Ammo marker deleted, 16.44) when one late; the ship taken with its marker on when two
    late."""
    ship = ([f"key {AMMO} ctrl D", f"move DD_Kimberly {TF_BOXES} {OFF}"] if late == 1
            else [f"move-stack DD_Kimberly {TF_BOXES} {OFF}"])
    return (["player Allied Allied pw-om25a", f"load {start}", "begin-log"] + n(OM_NAVAL_MOVE - late)
            + ["chat Allied naval movement: TF A (DD Kimberly) sails (出港)"] + ship
            + [f"create {TF} {CRETE_BASIN} {OFF}"] + n(late + 1) + ["end-log"])


def sanitized(name: str, args) -> bool:
    """``NAME-blank`` next to the recorded ``NAME``: the copy ``vmodgen sanitize`` writes (every
    player password blanked), as a player shares a log."""
    src, dst = args.out / f"{name}{args.suffix}.vlog", args.out / f"{name}-blank{args.suffix}.vlog"
    r = subprocess.run([sys.executable, "-m", "vmodgen", "sanitize", str(src), "-o", str(dst)],
                       cwd=HERE.parents[2], capture_output=True, text=True)
    if r.returncode:
        print(f"{name}: sanitize failed: {r.stderr}", file=sys.stderr)
    return r.returncode == 0


def gap_chain(name: str, module: Path, files: list[list[str]], args, work: Path, keep: tuple[int, ...]) -> bool:
    """``record_oracle21.chain``'s alternating versions, each file played and saved; only the files
    ``keep`` (1-based) copied to ``--out`` (the others' logs stay in the scratch folder)."""
    other = recordkit.V37 if args.vassal == recordkit.V38 else recordkit.V38
    dropped = work / "not-kept"
    dropped.mkdir(exist_ok=True)
    for i, lines in enumerate(files, 1):
        vassal = args.vassal if i % 2 else other
        if not recordkit.run(vassal, module, f"{name}-{i}", lines, work, args.out if i in keep else dropped, args.suffix):
            return False
    return True


def main() -> int:
    args, work = recordkit.start(__doc__, "record25-")
    im, om, na = recordkit.game_modules(args.modules)
    am = [("am-7", "cup")]
    im_two = recordkit.im_start(im, work, recordkit.IM_AIRHEAD + am + am, "im-two-am.vsav")
    ams = piece_ids(im_two, "AM: 7th Flieger Division")
    ost = [("am-O", "cup")]
    leros = record.start_save(im, "invasion-malta", "Scenario 4: Leros 1943", ost + ost, work / "im-leros-am.vsav")
    osts = piece_ids(leros, "AM: Kampfgruppe Ost")
    om_start = recordkit.om_start(om, work, [("G-Ju87-1", "air-ready"), ("G-Ju88-1", "air-ready")], "om-air.vsav")
    om_ship = recordkit.om_start(om, work, [("A-DD-Kimberly", "alexandria-ready"), ("ammo", "alexandria-ready")],
                                 "om-ship.vsav")
    runs = [("im-prevam25", im, im_two_activations(im_two, ams, True)),
            ("im-stayam25", im, im_two_activations(im_two, ams, False)),
            ("im-firstam25", im, im_first_breach(im_two, ams)),
            ("na41-takeover25", na, na41_takeover()),
            ("om-airlate25", om, om_air(om_start, 1)), ("om-airlate2-25", om, om_air(om_start, 2)),
            ("im-lerosprev25", im, leros_two_activations(leros, osts, True)),
            ("im-lerosstay25", im, leros_two_activations(leros, osts, False)),
            ("om-navallate25", om, om_naval(om_ship, 1)), ("om-navallate2-25", om, om_naval(om_ship, 2))]
    if not recordkit.run_all(runs, args, work):
        return 1
    if recordkit.wanted("na41-takeover25", args.only) and not sanitized("na41-takeover25", args):
        return 1
    if recordkit.wanted("im-gap25", args.only) and not gap_chain("im-gap25", im, im_gap(im_two, work, args.suffix),
                                                                 args, work, (1, 3)):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
