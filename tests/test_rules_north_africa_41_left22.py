"""North Africa '41, round left22: an attack listed in a position of the moving side's Movement
Phase (8.1 「戦闘フェイズ中、手番プレイヤーは隣接する敵戦闘ユニットを攻撃できます」: attacks are made in
the Combat Phase, 「それらを事前に指定する必要はありません」) is refused, exit 2, naming the file and the
line of the ``[[attacks]]`` entry; before, it was judged as if declared (its odds, 8.8.3)."""
from __future__ import annotations

from pathlib import Path

from cli_util import one_error, run
from na41_util import kit, rules_of

BODY = ('[[units]]\nid = "AX"\nside = "axis"\ntype = "infantry"\nhex = "2020"\n'
        'values = {{attack = 1, defense = 3, movement = 3, stacking = 1}}\n'
        '[[units]]\nid = "AL"\nside = "allied"\ntype = "infantry"\nhex = "2021"\n'
        'values = {{attack = 2, defense = 16, movement = 3, stacking = 1}}\n'
        '[[attacks]]\nhex = "2021"\nunits = ["AX"]\n')


def _file(tmp_path: Path, phase: str) -> Path:
    f = tmp_path / f"{phase}.toml"
    f.write_text(f'[position]\ngame = "north-africa-41"\nturn = 1\nphase = "{phase}"\n' + BODY.format(), encoding="utf-8")
    return f


def test_attack_in_the_movement_phase_is_refused(tmp_path, capsys):
    """NA41 8.1: an Axis attack (1 against 16: below 1:3 even at its best, 8.8.3) in a position at
    the end of Impulse 1's Axis Movement Phase is refused; the same in the Axis Combat Phase is
    judged (NA41 8.8.3), and in the Allied Movement Phase that follows (an attack of the turn
    before that player's) it stands too."""
    f = _file(tmp_path, "i1-axis-movement")
    before = f.read_bytes()
    line = one_error(capsys, "check", str(f))
    assert f"{f}:17: [[attacks]] on 2021" in line and "attacks are made in the Combat Phase (8.1)" in line, line
    assert f.read_bytes() == before
    for phase in ("i1-axis-combat", "i1-allied-movement"):
        code, out, err = run(capsys, "check", str(_file(tmp_path, phase)))
        assert code == 1 and "NA41 8.8.3" in out, (phase, out, err)


def test_the_withdrawn_box_parameter_is_the_replacement_base_too():
    """NA41 19.3.3 「撤退又は予備ボックス内のユニットをナイル・デルタ・ボックス内に位置するものとして扱います」: the
    Withdrawn box is the one ``na41_withdrawn_box`` names; a kit naming another box so (here the
    Tobruk Holding Box, for the test) has 22 Gds there take its replacement in the Nile Delta: no
    NA41 19.3.1 (before round left22 ``na41_replacement_base_boxes`` wrote "withdrawn" itself: found)."""
    body = ('[[units]]\nunit = "22Gds"\nhex = "tobruk-holding"\nreduced = true\n'
            '[[units]]\nunit = "BrInfRepl"\nhex = "nile-delta"\n')
    st = {"na41_replacements": {"BrInfRepl": "22Gds"}}
    assert rules_of(kit("i1-allied-initial", st) + body, "NA41 19") == ["NA41 19.3.1"]
    named = kit("i1-allied-initial", st) + '[rules]\nna41_withdrawn_box = "tobruk-holding"\n' + body
    assert rules_of(named, "NA41 19") == []
