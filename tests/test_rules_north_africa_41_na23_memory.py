"""Round na23: NA41 14.4's memory of the units a retreat eliminated (12.2.1) is derived from the
verdicts on finished retreats only, and kept for one phase. fix27's inline map and moves: Z's ZOC,
C's retreat into 1918 (BAD eliminates it, GOOD does not), A's advance through C's ZOC at 1818."""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from na41_util import H, al
from rules_util import position
from test_rules_north_africa_41_fix27 import ADVANCE, BAD, GOOD, Z
from vmodgen.audit import audit
from vmodgen.rules import ruleset_for
from vmodgen.testing.log_writer import LogWriter


def judged(rs, text: str, *, open_retreats: bool = False) -> list[str]:
    pos = position(text)
    pos.retreats_open = open_retreats
    return sorted({f.rule for f in rs.check(pos)})


def test_an_open_retreat_drag_leaves_the_memory_alone():
    """NA41 12.2.1 then 14: C's finished retreat eliminated it in 1918. A drag of an open retreat of
    C (a log's step, here the legal GOOD route to 1918: an undone step's, which the engine judges and
    does not report) is no verdict on a finished retreat: A's advance through C's ZOC stays legal.
    (Before: every drag's verdict replaced the memory, so the advance was a false NA41 14.4.)"""
    rs = ruleset_for(position(H).game)
    assert judged(rs, H + Z + al("C", "1918", **BAD)) == ["NA41 12.2.1"]
    judged(rs, H + Z + al("C", "1918", **GOOD), open_retreats=True)
    assert judged(rs, H + Z + al("C", "1918") + ADVANCE) == []


def test_the_finished_retreat_made_again_still_counts():
    """fix27's case through the finished verdicts: BAD, then GOOD finished to the same hex: C was not
    eliminated, the advance through its ZOC is NA41 14.4; an open drag of BAD after it changes
    nothing."""
    rs = ruleset_for(position(H).game)
    judged(rs, H + Z + al("C", "1918", **BAD))
    judged(rs, H + Z + al("C", "1918", **GOOD))
    judged(rs, H + Z + al("C", "1918", **BAD), open_retreats=True)
    assert judged(rs, H + Z + al("C", "1918") + ADVANCE) == ["NA41 14.4"]


def test_a_phase_end_forgets_the_eliminations():
    """14.4 in a log that gives no turn: every turn's same phase has the key (None, phase). C's retreat
    eliminated it in one phase; the phase ends (the audit's remember); in a later phase of the same
    key C stands in 1918 again and A advances through its ZOC: NA41 14.4 (before: the old
    elimination cleared the advance)."""
    rs = ruleset_for(position(H).game)
    memory = rs.new_memory()
    first = position(H + Z + al("C", "1918", **BAD))
    assert [f.rule for f in rs.check(first)] == ["NA41 12.2.1"]
    rs.remember(None, first, memory)
    assert judged(rs, H + Z + al("C", "1918") + ADVANCE) == ["NA41 14.4"]


@pytest.fixture(scope="module")
def na41(tmp_path_factory):
    return bundled_module("north-africa-41", tmp_path_factory, "na23-memory")


def test_a_log_retreat_undone_and_made_again_then_an_advance(na41):
    """A log (S1): 8 MG Bn at 3027 and 3 Aufkl at 3124 (set-up changes). In the Axis Combat Phase 3 Ind
    Mot Bde retreats 3125 -> 3026, ending in 8 MG Bn's ZOC (12.2.1: eliminated); undone, and made
    again; 3 Aufkl then advances 3124 -> 3125 -> 3126 -> 3127 through 3026's ZOC at 3126 (14.4: legal,
    3 Ind Mot Bde was eliminated). Without the retreat the same advance is NA41 14.4. (Round na23
    found no log giving a false 14.4 here before either: NA41's moves are never taken from the verdict
    memo, and the audit judges each retreat afresh when it closes it; the memory is now written only
    by that judgment.)"""
    kit, module, root = na41
    ids = [p.id for p in kit.game.sequence.phases]

    def found(retreat: bool) -> list[tuple]:
        w = LogWriter.from_module_setup(module, "S1 Enter Rommel", kit=kit)
        w.move("8MG", "3027")
        w.move("3Aufkl", "3124")
        w.advance(ids.index("i1-axis-combat"))
        if retreat:
            w.move("3IndMot", "3026")
            w.undo()
            w.move("3IndMot", "3026")
        for h in ("3125", "3126", "3127"):
            w.move("3Aufkl", h)
        r = audit([w.advance(1).write(root / f"redo-{retreat}.vlog")], module=module)
        return [(f.rule, f.hexes, f.units) for f in r.findings if f.rule in ("NA41 12.2.1", "NA41 14.4")]
    assert found(True) == [("NA41 12.2.1", ("3026",), ("3IndMot",))]
    assert found(False) == [("NA41 14.4", ("3126",), ("3Aufkl",))]
