"""Record round 8's logs of ``tests/data/recorded`` in real VASSAL (see README.md there): Japanese
players, files sent in the wrong order or from an older save, a file with no tracker click.

* ``om-jpdice8``: Operation Mercury, Scenario 3, as German: ``om-pending-twocombats``'s play with
  Japanese chat, the second combat's die rolled at the table and typed ("サイコロ: 7"), then a
  re-roll typed ("振り直し", "６"); ordinary sentences with numbers ("6ヘクス移動", "5以上で成功").
* ``om-ifroll8``: ``om-pending-incombat``'s play, then "if he rolls 5 I win" (no roll).
* ``om-jp8-1`` .. ``om-jp8-4``: a play-by-email chain, each file loading the save the file before
  wrote, Japanese chat: German (paradrop, move; saved mid German Movement), German (on to the
  German Combat Phase, a d10, Undo, a d10 again: "振り直し"), Allied (**the tracker never
  pressed**: phases only in chat), and German again **from his own older save** (file 1's).
* ``im-undo8``: Invasion: Malta, a second hex undone across a tracker click (move, Next, Undo,
  Undo) and a d10 undone and rolled again; ``im-notracker8``: a whole turn with no tracker click,
  phases only in Japanese chat.

    python tests/data/recorded/record8.py --modules DIR [--vassal /work/vassal-oracle/vassal38 --suffix=-38]

``--modules``: the folder ``vmodgen build -o`` wrote the bundled modules to."""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import record  # noqa: E402  (start_save, nexts)
import record6  # noqa: E402  (om_combat, phase indices)
import recordkit  # noqa: E402

W = record6.W
GERMAN = "player 太郎 German pw-taro8"
ALLIED = "player 花子 Allied pw-hanako8"


def om_jpdice(start: Path) -> list[str]:
    """om-combat6's play up to the advance, Japanese chat, no Next after it (the log ends in the
    German Combat Phase); a second combat whose die is rolled at the table and typed, re-rolled."""
    full = record6.om_combat(start)
    assert full[-3:] == ["next", "next", "end-log"], full[-3:]
    body = [ln.replace("chat German combat: 9/III/Sturm attacks 19 NZ", "chat 戦闘フェイズ：9/III/Sturmが19NZを攻撃")
            for ln in full[:-3]]
    return body + ["chat 第2の戦闘：Vogel 1が19NZを攻撃。5以上で成功、2個大隊で6ヘクス移動済み",
                   "chat サイコロ: 7", "chat 振り直し", "chat ６",
                   f"move-stack 19_NZ W4216 {W}", "end-log"]


def om_ifroll(start: Path) -> list[str]:
    """om-pending-incombat (the log ends inside the German Combat Phase after the advance), then a
    sentence about a roll that was not made."""
    full = record6.om_combat(start)
    return full[:-3] + ["chat if he rolls 5 I win", "end-log"]


def chain(start: Path, work: Path, sfx: str) -> list[tuple[str, list[str]]]:
    """The four files of the chain (name, script); each loads the save the one before wrote,
    file 4 loads file 1's."""
    n = record.nexts
    s = [work / f"om-jp8-{k}{sfx}.vsav" for k in (1, 2, 3, 4)]
    return [
        ("om-jp8-1", [GERMAN, f"load {start}", "begin-log"] + n(record6.OM_PARADROP)
         + ["chat 第1ターン 空挺降下フェイズ", f"move 9/III/Sturm W4213 {W}", f"move Vogel_(1_of_2) W4212 {W}"]
         + n(1) + ["chat ドイツ軍移動フェイズ", f"move Vogel_(1_of_2) W4211 {W}", f"save {s[0]}", "end-log"]),
        ("om-jp8-2", [GERMAN, f"load {s[0]}", "begin-log", f"move 9/III/Sturm W4113 {W}", "chat 移動終了"]
         + n(record6.OM_GERMAN_COMBAT - record6.OM_GERMAN_MOVE)
         + ["chat 戦闘フェイズ", "roll 1d10", "undo", "roll 1d10", "chat 振り直し", f"save {s[1]}", "end-log"]),
        ("om-jp8-3", [ALLIED, f"load {s[1]}", "begin-log", "chat 連合軍移動フェイズ（トラッカーは押していません）",
                      f"move-stack 19_NZ W4316 {W}", f"move-stack 19_NZ W4317 {W}", "chat 移動終了", "chat ターン終了",
                      f"save {s[2]}", "end-log"]),
        ("om-jp8-4", [GERMAN, f"load {s[0]}", "begin-log", f"move Vogel_(1_of_2) W4210 {W}", "chat 移動終了",
                      f"save {s[3]}", "end-log"]),
    ]


def im_undo(start: Path) -> list[str]:
    """Invasion: Malta, Scenario 3, as Axis (im-clean's start): GT1 Airborne Phase: 5/3 and KG1
    units 1-2 land (2020, 2021), the Airhead on 2020; Next (Movement): KG1 unit 2 2021 -> 2022 ->
    2023 (a second hex on its drop turn); **Next, Undo, Undo** (the Next, then the drag to 2023);
    Next again; a d10, **Undo**, a d10 again ("振り直し"); Next twice."""
    n = record.nexts
    return (["player Axis Axis pw-im8", f"load {start}", "begin-log"] + n(6)
            + ["move 5/3 2020 Malta", "move KG1_unit_1 2020 Malta", "move KG1_unit_2 2021 Malta",
               "move Airhead 2020 Malta"] + n(1)
            + ["move KG1_unit_2 2022 Malta", "move KG1_unit_2 2023 Malta", "next", "undo", "undo", "next",
               "roll 1d10", "undo", "roll 1d10", "chat 振り直し"] + n(2) + ["end-log"])


def im_notracker(start: Path) -> list[str]:
    """Invasion: Malta, Scenario 3, as Axis (im-clean's start), **the tracker never pressed** (it
    stays in GT1's first phase): a whole turn announced only in Japanese chat - the drops, KG1 unit
    2 2021 -> 2022 -> 2023 (a second hex on its drop turn), a d10 typed ("出目は8"), "ターン終了"."""
    return (["player Axis Axis pw-im8", f"load {start}", "begin-log", "chat 第1ターン 空挺降下フェイズ",
             "move 5/3 2020 Malta", "move KG1_unit_1 2020 Malta", "move KG1_unit_2 2021 Malta",
             "move Airhead 2020 Malta", "chat 移動フェイズ",
             "move KG1_unit_2 2022 Malta", "move KG1_unit_2 2023 Malta", "chat 移動終了。戦闘フェイズ",
             "chat 出目は8", "chat ターン終了", "end-log"])


def main() -> int:
    args, work = recordkit.start(__doc__, "record8-")
    om = args.modules / "operation-mercury.vmod"
    sfx = args.suffix
    start = record.start_save(om, "operation-mercury", "Scenario 3: Maleme-Suda, May 20-23",
                              [(u, "german-first-wave") for u in ("G-9-III-Sturm", "G-Vogel-1", "G-Vogel-2")],
                              work / "om-start.vsav")
    runs = [("om-jpdice8", om_jpdice(start)), ("om-ifroll8", om_ifroll(start))]
    im = args.modules / "invasion-malta.vmod"
    im_start = record.start_save(im, "invasion-malta", None, [("airhead", "axis-paradrop-kg2"),
                                                               ("oos", "axis-paradrop-kg3")], work / "im-start.vsav")
    for name, lines in [("im-undo8", im_undo(im_start)), ("im-notracker8", im_notracker(im_start))]:
        if recordkit.wanted(name, args.only) and not recordkit.run(args.vassal, im, name, lines, work, args.out, sfx):
            return 1
    runs = [r for r in runs if recordkit.wanted(r[0], args.only)]
    if recordkit.wanted("om-jp8", args.only):
        runs += chain(start, work, sfx)
    for name, lines in runs:
        if not recordkit.run(args.vassal, om, name, lines, work, args.out, sfx):
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
