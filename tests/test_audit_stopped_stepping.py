"""A chain file whose player stopped stepping the file before ahead of its last tracker-only steps
(``vmodgen.audit.history.match``, ``order._earlier_steps``). Logs written with the log writer
against the minikit of ``test_audit`` (sequence Red Movement, Red Combat, Red Supply, ...)."""
from __future__ import annotations

import json

from test_audit import mini, variant_kit  # noqa: F401  (the built minikit fixture)
from vmodgen.audit import audit
from vmodgen.report import render
from vmodgen.testing.log_writer import LogWriter


def test_stopped_before_the_next_clicks_is_no_undo(mini):
    """a.vlog: Alice moves R1 0101 -> 0202 (step 1), then two Nexts (steps 2-3, the tracker only).
    b.vlog starts from a.vlog after step 1 (Bob stopped stepping there) and moves B2. The pieces
    stand as after steps 1-3, the tracker as after step 1: b.vlog starts after step 1 of a.vlog's
    3. Before: "the turn tracker set back to what it showed after step 1", an Undo of a stepped
    tracker command (VASSAL's TurnTracker.SetTurn), which Bob did not do."""
    kit_dir, kit, module, root = mini
    a = LogWriter.from_module_setup(module, kit=kit, player="Alice", player_id="pw-a")
    a.move("R1", "0202")
    b = a.save_point()
    a.advance(2)
    b.move("B2", "0503")
    r = audit([a.write(root / "stop-a.vlog"), b.write(root / "stop-b.vlog")], module=module, game=str(kit_dir))
    doc = json.loads(render(r, "json"))
    text = json.dumps(doc)
    assert "set back" not in text
    assert "stop-b.vlog starts where stop-a.vlog stood after step 1 of its 3, not at its end" in text
    (seam,) = doc["integrity"]["seams"]
    assert seam["starts_at"] == "where stop-a.vlog stood after step 1 of its 3"


def test_second_log_begun_from_the_first_logs_own_start(mini):
    """a.vlog: Alice moves R1 0101 -> 0202 and presses Next; b.vlog was begun from the position
    a.vlog began from (the same save: two logs of one phase), moves R1 0101 -> 0202 again and R2.
    b.vlog starts where a.vlog stood after step 0: the report says the player began from a.vlog's
    own start (its save), not that he opened a.vlog and stopped stepping it (oracle22,
    na41-overlap22). Before: "opened a.vlog, did not step it to its end", which no one did."""
    kit_dir, kit, module, root = mini
    a = LogWriter.from_module_setup(module, kit=kit, player="Alice", player_id="pw-a")
    b = a.save_point()
    a.move("R1", "0202")
    a.advance(1)
    b.move("R1", "0202")
    r = audit([a.write(root / "same-a.vlog"), b.write(root / "same-b.vlog")], module=module, game=str(kit_dir))
    text = json.dumps(json.loads(render(r, "json")))
    assert "same-b.vlog starts where same-a.vlog stood after step 0 of its 2, not at its end" in text
    assert "began from the position same-a.vlog began from (the save same-a.vlog was started from" in text
    assert "opened same-a.vlog, did not step it" not in text
