"""The done criterion on a bundled kit: a North Africa '41 log written with the log writer
against the module vmodgen builds (scenario S1) in which a stack is over the limit, a unit
moves on through an enemy ZOC it had to stop in, and a unit is left out of supply unmarked
gives exactly those three findings at the right steps; the same game without them, none."""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from vmodgen.audit import audit
from vmodgen.testing.log_writer import LogWriter


@pytest.fixture(scope="module")
def na41(tmp_path_factory):
    return bundled_module("north-africa-41", tmp_path_factory, "na41")


def game(kit, module, dirty: bool) -> LogWriter:
    w = LogWriter.from_module_setup(module, "S1 Enter Rommel", kit=kit, player="Carol", player_id="pw-na41")
    # Preparation phase: set-up changes, not moves the rules check
    if dirty:
        w.move("20/9Aus", "3138").move("26/9Aus", "3138")      # three brigades + ASU in Tobruk
        w.move("PolBde", "0560")                                 # deep in the desert
    w.move("8MG", "3027")                                        # an Axis ZOC over 3026
    w.advance(2)                                                 # -> Allied Movement (impulse 1)
    w.move("3IndMot", "3026")                                    # into the ZOC...
    if dirty:
        w.move("3IndMot", "2925")                                # ...and on: 7.2
    w.advance(4)                                                 # movement, combat, recovery, supply end
    return w


def test_na41_dirty_log_gives_exactly_three_findings(na41):
    kit, module, root = na41
    r = audit([game(kit, module, True).write(root / "dirty.vlog")], module=module)
    got = [(f.step, f.phase, f.at, f.rule, f.hexes, tuple(sorted(f.units))) for f in r.findings]
    assert got == [
        (8, "i1-allied-movement", "during", "NA41 7.2", ("3026",), ("3IndMot",)),
        (9, "i1-allied-movement", "end", "NA41 4.4.1", ("3138",), ("20/9Aus", "24/9Aus", "26/9Aus", "TobrukASU")),
        (12, "i1-allied-supply", "end", "NA41 16.1", ("0560",), ("PolBde",)),
    ]
    assert all(f.side == "allied" and f.turn == 1 for f in r.findings)


def test_na41_clean_log_gives_none(na41):
    kit, module, root = na41
    r = audit([game(kit, module, False).write(root / "clean.vlog")], module=module)
    assert r.findings == [] and r.exit_code == 0
    assert r.game == "north-africa-41" and r.phase_source == "turn tracker"
