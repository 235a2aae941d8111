"""Continuity between files names a turn tracker's change as the tracker shows it ("Turn 1 Red
Combat"), not as its raw state, when the module defines the tracker."""
from __future__ import annotations

from test_audit import mini, variant_kit  # noqa: F401  (the built minikit fixture)
from vmodgen.audit import audit
from vmodgen.testing.log_writer import LogWriter


def test_a_second_file_back_at_the_first_phase_is_named_by_turn_and_phase(mini):
    kit_dir, kit, module, root = mini
    first = LogWriter.from_module_setup(module, kit=kit).advance().write(root / "t1.vlog")   # ends in Red Combat
    second = LogWriter.from_module_setup(module, kit=kit).advance(2).write(root / "t2.vlog")  # starts in Red Movement
    r = audit([first, second], module=module, game=str(kit_dir))
    turns = [(c.name, c.was, c.now) for c in r.continuity if c.what == "turn"]
    assert turns == [("TurnTracker0", "Turn 1 Red Combat", "Turn 1 Red Movement")]
