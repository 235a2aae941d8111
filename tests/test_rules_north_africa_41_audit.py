"""North Africa '41 history through the audit: a log written against the module vmodgen builds
(scenario S1), where Allied brigades pushed into Tobruk during the Axis Combat Phase leave it
overstacked; the audit remembers it and reports 12.1.4 at the end of the next Allied Movement
Phase, or nothing when the Allies fix it in that phase."""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from vmodgen.audit import audit
from vmodgen.testing.log_writer import LogWriter


@pytest.fixture(scope="module")
def na41(tmp_path_factory):
    return bundled_module("north-africa-41", tmp_path_factory, "na41hist")


def game(kit, module, fix: bool) -> LogWriter:
    w = LogWriter.from_module_setup(module, "S1 Enter Rommel", kit=kit, player="Dan", player_id="pw-hist")
    w.set_turn(1, 8)                                        # i1-axis-movement (tracker index)
    w.advance(1)                                            # -> Axis Combat Phase
    w.move("20/9Aus", "3138").move("26/9Aus", "3138")      # retreats into Tobruk: 6 points
    w.advance(5)                                            # recovery, supply, delay, initial -> Allied Movement
    if fix:
        w.move("26/9Aus", "3137")
    w.advance(1)                                            # the Allied Movement Phase ends
    return w


def test_retreat_overstack_reported_at_the_owners_next_movement_phase_end(na41):
    """S4, NA41 12.1.4 in the audit: one finding, at the end of i2-allied-movement, for 3138."""
    kit, module, root = na41
    r = audit([game(kit, module, False).write(root / "over.vlog")], module=module)
    got = [(f.phase, f.at, f.rule, f.hexes) for f in r.findings]
    assert got == [("i2-allied-movement", "end", "NA41 12.1.4", ("3138",))]


def test_retreat_overstack_fixed_in_time(na41):
    """S4, NA41 12.1.4 in the audit: the Allies move a brigade out of Tobruk in their Movement
    Phase: no finding."""
    kit, module, root = na41
    r = audit([game(kit, module, True).write(root / "fixed.vlog")], module=module)
    assert [(f.phase, f.rule) for f in r.findings] == []
