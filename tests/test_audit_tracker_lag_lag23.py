"""The turn tracker's lag written once (lag23, vmodgen/rules/core/tracker_lag.py), as each game's
rules read it: a log's phase within one phase of the rule's (no empty phase counted) is named not
judged with the tracker as the reason; a position file's phase is exact and judged."""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from games_util import palette_piece
from na41_util import position
from vmodgen.audit import audit
from vmodgen.rules import ruleset_for
from vmodgen.testing.log_writer import LogWriter


@pytest.fixture(scope="module")
def na41(tmp_path_factory):
    return bundled_module("north-africa-41", tmp_path_factory, "na41-lag23")


def _not_judged(r, rule: str) -> list[str]:
    return [x["why"] for x in r.coverage["rules_not_judged"] if x["rule"] == rule]


@pytest.mark.parametrize("phase", ["i1-allied-initial", "victory-points"])
def test_na41_withdrawal_next_to_the_preparation_phase_in_a_position_is_found(phase):
    """NA41 20.2 「撤去は、準備フェイズ中に発生します」, 20.3: 3IndMot put in the Withdrawn Units box in the
    phase just after (or just before) a Preparation Phase, in a position file, whose phase is exact:
    NA41 20.3. Before lag23 the phases next to the Preparation Phase were never judged, files too."""
    p = position(f'[position]\ngame = "north-africa-41"\nturn = 3\nphase = "{phase}"\n\n'
                 '[[units]]\nunit = "3IndMot"\nhex = "withdrawn"\nprevious = "3138"\n')
    assert [f.rule for f in ruleset_for(p.game).check(p)] == ["NA41 20.3"]


def test_na41_withdrawal_next_to_the_preparation_phase_in_a_log_is_named(na41):
    """NA41 20.3 in a log: 3 Ind Mot Bde put in the Withdrawn Units box in turn 3's Impulse 1 Allied
    Initial Phase, one phase after the Preparation Phase (Next pressed early): no finding, and 20.3
    named not judged for the tracker (before lag23: silent, as if judged)."""
    kit, module, root = na41
    ids = [p.id for p in kit.game.sequence.phases]
    w = LogWriter.from_module_setup(module, "S1 Enter Rommel", kit=kit)
    w.set_turn(3, ids.index("i1-allied-initial"))
    w.move("3IndMot", "withdrawn")
    r = audit([w.advance(1).write(root / "wd-lag23.vlog")], module=module)
    assert not [f for f in r.findings if f.rule == "NA41 20.3"]
    assert any("3 Ind Mot" in why and "tracker" in why for why in _not_judged(r, "NA41 20.3")), _not_judged(r, "NA41 20.3")


@pytest.fixture(scope="module")
def om(tmp_path_factory):
    return bundled_module("operation-mercury", tmp_path_factory, "om-lag23")


def test_om_mission_box_left_at_the_allocation_phase_end_is_named(om):
    """OM 12.23a 「任務ボックス内に留まるユニット…は、準備ボックス内に置かれる」 (at the start of the Air Unit
    Allocation Phase, even in a Night turn): the Ju-88 left in Interdiction from GT2 still stands there at
    the end of GT3's (Night) Air Unit Allocation Phase in a log, and goes back to Ready in the Port Refit
    Phase: the tracker may be a phase ahead of the pieces, so no finding, and 12.23a named not judged
    for the tracker (before lag23: silent)."""
    kit, module, root = om
    w = LogWriter.from_module_setup(module, "Scenario 3: Maleme-Suda, May 20-23", kit=kit, player="Ann",
                                    player_id="pw-om")
    w.add(*palette_piece(module, "G-Ju88-1"), "air-ready", report=False)
    w.set_turn(2, "Air Unit Allocation Phase")
    w.move("G-Ju88-1", "air-interdiction")
    for turn, phase in ((2, "Port Refit Phase"), (3, "Recovery Phase"), (3, "Air Unit Allocation Phase"),
                        (3, "Port Refit Phase")):
        w.set_turn(turn, phase)
    w.move("G-Ju88-1", "air-ready")
    w.set_turn(3, "Allied Naval Movement Phase")
    r = audit([w.write(root / "om-1223a-lag23.vlog")], module=module)
    assert not [f for f in r.findings if f.rule.startswith("OM 12.")], [(f.rule, f.message) for f in r.findings]
    assert any("Ju" in why and "tracker" in why for why in _not_judged(r, "OM 12.23a")), _not_judged(r, "OM 12.23a")
