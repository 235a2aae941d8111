"""North Africa '41, review of na22 item 6 (imnafix23): a unit put into the Withdrawn Units box
outside the Preparation Phase, in a position and in a log (the reviewer's files), is NA41 20.3;
in the Preparation Phase it is legal."""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from na41_util import position
from vmodgen.audit import audit
from vmodgen.rules import ruleset_for
from vmodgen.testing.log_writer import LogWriter


@pytest.fixture(scope="module")
def na41(tmp_path_factory):
    return bundled_module("north-africa-41", tmp_path_factory, "na41-imnafix23")


@pytest.mark.parametrize("phase, found", [
    ("preparation", []),
    ("i1-allied-movement", ["NA41 20.3"]),
    ("i1-allied-combat", ["NA41 20.3"]),
], ids=["preparation", "movement", "combat"])
def test_a_withdrawal_in_a_position_outside_the_preparation_phase(phase, found):
    """3.1 A.5 「このとき、撤去（20.2）、撤退（20.3）…が実行されます」 (Preparation Phase), 20.2 「撤去は、
    準備フェイズ中に発生します」, 20.3 「撤退は撤去と同じですが…」: 3IndMot put from 3138 in the
    Withdrawn Units box, turn 3 (the reviewer's wd-move.toml and its combat twin)."""
    p = position(f'[position]\ngame = "north-africa-41"\nturn = 3\nphase = "{phase}"\n\n'
                 '[[units]]\nunit = "3IndMot"\nhex = "withdrawn"\nprevious = "3138"\n')
    assert [f.rule for f in ruleset_for(p.game).check(p)] == found


@pytest.mark.parametrize("phase, unit", [
    ("i1-allied-movement", "3IndMot"),
    ("i1-allied-combat", "3IndMot"),
    ("i1-axis-movement", "8MG"),
], ids=["allied-movement", "allied-combat", "axis-movement"])
def test_a_withdrawal_in_a_log_outside_the_preparation_phase(na41, phase, unit):
    """20.2, 20.3 as above, in a log of S1 Enter Rommel (the reviewer's twd.py): the unit dragged
    from its set-up hex into the Withdrawn Units box in the phase named is NA41 20.3, once."""
    kit, module, root = na41
    ids = [p.id for p in kit.game.sequence.phases]
    w = LogWriter.from_module_setup(module, "S1 Enter Rommel", kit=kit)
    w.advance(ids.index(phase))
    w.move(unit, "withdrawn")
    r = audit([w.advance(1).write(root / f"wd-{phase}.vlog")], module=module)
    assert [(f.rule, f.units) for f in r.findings] == [("NA41 20.3", (unit,))]
