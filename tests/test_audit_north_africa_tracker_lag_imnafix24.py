"""North Africa '41 in a log with the turn tracker one phase off the pieces (imnafix24, review
rv-imna-c22): 20.4.2's conversion of the 5th Light into the 21st Panzer (turn 10's Preparation
Phase) made a phase early or late is named not judged; two phases off is still a finding.

Every log: scenario S1's set-up; the player removes 5 Pz Rgt (5th Light) to the Eliminated box and
places 5 Pz Rgt (21 Pz) on 1604 in the given phase, then presses Next."""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from games_util import palette_piece
from vmodgen.audit import audit
from vmodgen.testing.log_writer import LogWriter


@pytest.fixture(scope="module")
def na41(tmp_path_factory):
    return bundled_module("north-africa-41", tmp_path_factory, "na41-imnafix24")


def _convert(na41, turn: int, phase: str):
    kit, module, root = na41
    ids = [p.id for p in kit.game.sequence.phases]
    w = LogWriter.from_module_setup(module, "S1 Enter Rommel", kit=kit)
    w.set_turn(turn, ids.index(phase))
    w.move("5Pz", "eliminated")
    w.add(*palette_piece(module, "5Pz-21"), "1604")
    w.advance(1)
    return audit([w.write(root / f"conv-{turn}-{phase}.vlog")], module=module)


@pytest.mark.parametrize("turn, phase", [(9, "victory-points"), (10, "preparation"), (10, "i1-allied-initial")],
                         ids=["one-early", "in-phase", "one-late"])
def test_conversion_one_phase_off_is_not_a_finding(na41, turn, phase):
    """20.4.2 「ターン10の準備フェイズに、第５軽師団は第 21 装甲師団になります」: the conversion made in turn
    9's Victory Point Phase (Next pressed late) or in turn 10's Impulse 1 Allied Initial Phase
    (Next pressed early) is legal play with the tracker one phase off: no 20.4.2 finding in that
    phase (the 5th Light units left unconverted are found in the phase after, two phases late)."""
    r = _convert(na41, turn, phase)
    assert not [f for f in r.findings if f.rule == "NA41 20.4.2" and f.phase == phase], \
        [(f.phase, f.message) for f in r.findings]
    if phase != "preparation":
        assert any("tracker" in x["why"] for x in r.coverage["rules_not_judged"] if x["rule"] == "NA41 20.4.2")


def test_conversion_two_phases_early_is_a_finding(na41):
    """20.4.2: 5 Pz Rgt (21 Pz) placed in turn 9's Supply Attrition Phase, two phases before turn
    10's Preparation Phase: a finding."""
    r = _convert(na41, 9, "supply-attrition")
    assert [f for f in r.findings if f.rule == "NA41 20.4.2" and f.phase == "supply-attrition"]


def _withdraw(na41, phase: str, *, start: str | None = None):
    """3 Ind Mot Bde (Allied) put in the Withdrawn Units box on turn 3 in ``phase`` (from its hex, or
    first moved to ``start`` in the Preparation Phase)."""
    kit, module, root = na41
    ids = [p.id for p in kit.game.sequence.phases]
    w = LogWriter.from_module_setup(module, "S1 Enter Rommel", kit=kit)
    if start:
        w.set_turn(3, ids.index("preparation"))
        w.move("3IndMot", start)
    w.set_turn(3, ids.index(phase))
    w.move("3IndMot", "withdrawn")
    w.advance(1)
    return audit([w.write(root / f"wd-{phase}-{start}.vlog")], module=module)


@pytest.mark.parametrize("phase", ["i1-allied-movement", "i1-axis-movement", "i1-axis-combat"])
def test_a_withdrawal_outside_the_preparation_phase_is_found(na41, phase):
    """20.2 「撤去は、準備フェイズ中に発生します」, 20.3 「撤退は撤去と同じです」: 3 Ind Mot Bde (Allied) put in
    the Withdrawn Units box in a Movement or Combat Phase of turn 3, either side's, far from any
    Preparation Phase: NA41 20.3 (imnafix24: in the Axis Movement Phase it was silent)."""
    r = _withdraw(na41, phase)
    assert len([f for f in r.findings if f.rule == "NA41 20.3" and "3IndMot" in f.units]) == 1, \
        [(f.rule, f.message) for f in r.findings]


def test_a_withdrawal_from_the_eliminated_box_outside_the_preparation_phase_is_found(na41):
    """20.3 「使用可能な唯一のユニットが除去ボックス内にあると、その最低ステップ段階で撤退ユニット・ボックスへ
    移します」 (in the Preparation Phase, 20.2): 3 Ind Mot Bde, eliminated in turn 3's Preparation
    Phase, is moved from the Eliminated box to the Withdrawn Units box in the Allied Movement
    Phase: NA41 20.3 (imnafix24: a move from a box was never read)."""
    r = _withdraw(na41, "i1-allied-movement", start="eliminated")
    assert len([f for f in r.findings if f.rule == "NA41 20.3" and "3IndMot" in f.units]) == 1, \
        [(f.rule, f.message) for f in r.findings]


@pytest.mark.parametrize("phase", ["preparation", "i1-allied-initial"])
def test_a_withdrawal_in_or_next_to_the_preparation_phase_is_no_finding(na41, phase):
    """20.3: the withdrawal in turn 3's Preparation Phase is legal; in the phase after it, a log's
    tracker may be a phase ahead of the pieces (Next pressed early): no finding either."""
    r = _withdraw(na41, phase)
    assert not [f for f in r.findings if f.rule == "NA41 20.3"], [(f.rule, f.message) for f in r.findings]
