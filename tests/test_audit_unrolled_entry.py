"""The warning of a drag before any die roll in a combat phase entered just after the tracker
passed the movement phase with no step of its own (``vmodgen.audit.unrolled``): it reads the entry
into the combat phase the drag was made in, not a later one. Logs written with the log writer
against the minikit of ``test_audit`` (Red Movement, Red Combat, ...; turn 1)."""
from __future__ import annotations

import json

from test_audit import mini, variant_kit  # noqa: F401  (the built minikit fixture)
from vmodgen.audit import audit
from vmodgen.report import render
from vmodgen.testing.log_writer import LogWriter


def _said(mini, name: str, script) -> list[str]:
    kit_dir, kit, module, root = mini
    w = LogWriter.from_module_setup(module, kit=kit, player="Alice", player_id="pw-unrolled")
    script(w)
    r = audit([w.write(root / f"{name}.vlog")], module=module, game=str(kit_dir))
    return [s for s in json.loads(render(r, "json"))["coverage"]["warnings"] if "before any die roll" in s]


def test_a_later_skipped_entry_is_not_read_for_an_earlier_drag(mini):
    """R1 moves in Red Movement (step 1), Next (2: Red Combat), R2 dragged before any roll (3);
    the tracker set back to Red Movement (4) and Next (5): that later entry passed the movement
    phase with no step, but the drag at step 3 was made in the entry at step 2, after a movement
    phase with a step: no warning. Before: "the tracker passed the Red Movement with no step of
    its own (step 4)", a step after the drag."""
    def script(w):
        w.move("R1", "0202").advance(1).move("R2", "0203").set_turn(1, 0).advance(1)
    assert _said(mini, "later", script) == []


def test_the_drags_own_entry_is_read(mini):
    """Next (1: Red Combat), back to Red Movement (2), Next (3: Red Combat: the movement phase
    passed with no step), R2 dragged before any roll (4); back to Red Movement (5), R1 moves (6),
    Next (7). The drag at step 4 was made in the entry at step 3: warned, naming step 2. Before:
    the last entry (7, after a movement phase with a step) was read and nothing said."""
    def script(w):
        w.advance(1).set_turn(1, 0).advance(1).move("R2", "0203").set_turn(1, 0).move("R1", "0202").advance(1)
    (said,) = _said(mini, "own", script)
    assert said.startswith("own.vlog step 4 (turn 1, Red Combat): ")
    assert "passed the Red Movement with no step of its own (step 2)" in said
