"""Moves out of phase are counted per kind, not from the list (capped per file): drags in a
combat phase whose drags are not judged as moves, and the others (was the tracker advanced?).

Position: the bundled Invasion: Malta module, Game Turn 1. In the Combat Phase (both sides', so
its drags are not judged as moves: listed, marked combat_phase) B/3 KOMR is dragged 60 times
between 1425 and 1424, a die roll after each (a consequence: no drag is a take-back by hand);
then in the Reset Phase (no unit moves in it) it is dragged 3 times, a roll after each."""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from vmodgen.audit import audit
from vmodgen.audit.coverage import MAX_LISTED, OUT_OF_PHASE
from vmodgen.testing.log_writer import LogWriter

COMBAT, OTHERS = 60, 3


@pytest.fixture(scope="module")
def im(tmp_path_factory):
    return bundled_module("invasion-malta", tmp_path_factory, "im-oop")


def test_combat_phase_drags_do_not_crowd_out_the_others(im):
    kit, module, root = im
    w = LogWriter.from_module_setup(module, None, kit=kit, player="Carol", player_id="pw-im")
    w.set_turn(1, "Combat Phase")
    for i in range(COMBAT):
        w.move("B/3 KOMR", "1424" if i % 2 == 0 else "1425").roll("1d6", [3])
    w.set_turn(1, "Reset Phase")
    for i in range(OTHERS):
        w.move("B/3 KOMR", "1424" if i % 2 == 0 else "1425").roll("1d6", [3])
    r = audit([w.write(root / "out-of-phase-60.vlog")], module=module)
    cov = r.coverage
    assert cov["moves"]["not_judged"][OUT_OF_PHASE] == COMBAT + OTHERS
    listed = cov["out_of_phase"]
    # each kind listed up to the cap: the 3 others are all there after 60 in the combat phase
    assert sum(1 for m in listed if m.get("combat_phase")) == MAX_LISTED
    others = [m for m in listed if not m.get("combat_phase")]
    assert [m["phase"] for m in others] == ["Reset Phase"] * OTHERS
    said = [m for m in cov["messages"] if "unit move(s) were made while the turn tracker showed" in m]
    assert len(said) == 1 and said[0].startswith(f"{OTHERS} unit move(s)"), said
    assert "in Reset Phase" in said[0]
    combat = [m for m in cov["messages"] if "in a combat phase whose drags are not judged" in m]
    assert len(combat) == 1 and combat[0].startswith(f"{COMBAT} unit drag(s)"), combat
