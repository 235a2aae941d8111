"""One player who changes seats within a file (VASSAL's "Change Sides": a ``PYREMOVE`` of the old
seat, then a ``PLAYER`` with the new side, the same password) and one who plays both sides from
one seat (hot-seat, ``tests/test_audit_recorded5.py``: om-night). The moves are judged by the
phase, whoever makes them; the integrity section names each move's player by the seat held at
that step. The driver of the real-VASSAL recordings cannot change seats within a log (its
``player`` line keeps the loaded seat's id), so the log here is written with the project's log
writer, as VASSAL writes a side change (``PlayerRoster.Remove`` and ``Add``, VASSAL 3.7.26)."""
from __future__ import annotations

import json

from bundled_module_util import bundled_module
from vmodgen.audit import audit
from vmodgen.model.kit import load_kit
from vmodgen.report import render
from vmodgen.testing.log_writer import LogWriter


def test_a_player_who_changes_seats_mid_file(tmp_path_factory):
    """North Africa '41, S1: Alice sits Allied and moves 6 RTR 1808 -> 1809 in GT1 I1 Allied
    Movement (1 hex); she then changes sides to Axis (step 5) and moves 3 Aufkl 1503 -> 0803 in
    I1 Axis Movement (7 MP, extended movement, legal as in na41-clean). Both moves are judged, in
    their phases; no finding. The integrity section says she changed sides at step 5 and does not
    say she, as Axis, moved an Allied unit (she sat Allied then). Before: it read every move with
    the file's last seat (Alice = Axis moved 6 RTR, "check each"), and the change of sides (a
    PYREMOVE, then a PLAYER) was not said at all."""
    built = bundled_module("north-africa-41", tmp_path_factory, "seat-change")
    w = LogWriter.from_module_setup(built.module, "S1 Enter Rommel", kit=load_kit("north-africa-41"),
                                    player="Alice", player_id="pw-alice")
    w.step(["PLAYER\tpw-alice\tAlice\tAllied"])
    w.advance(2)                                                       # I1 Allied Movement
    w.move("6RTR", "1809")
    w.step(["PYREMOVE\tpw-alice\tAlice\tAllied", "PLAYER\tpw-alice\tAlice\tAxis"])   # step 5
    w.advance(6)                                                       # I1 Axis Movement
    w.move("3Aufkl", "0803")
    w.advance()
    log = w.write(tmp_path_factory.mktemp("seat") / "seat-change.vlog")
    r = audit([str(log)], module=built.module)
    doc = json.loads(render(r, "json"))
    assert doc["findings"] == []
    moves = doc["coverage"]["moves"]
    assert moves["seen"] == moves["judged"] == 2
    assert doc["stats"]["moves_by_side"] == {"allied": 1, "axis": 1}
    seats = doc["integrity"]["seats"]["files"][0]
    assert "other_sides_moved" not in seats
    flags = doc["integrity"]["flags"]
    assert any("Alice changed sides within" in f and "(Allied -> Axis, step 5)" in f for f in flags)
    assert not any("moved units of" in f for f in flags)
