"""The turn tracker's lag written once (lag23, vmodgen/rules/core/tracker_lag.py), as each game's
rules read it: a log's phase within one phase of the rule's (no empty phase counted) is named not
judged with the tracker as the reason; a position file's phase is exact and judged."""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
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
