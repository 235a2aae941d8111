"""IM 3.33 in a log with the moments of one step shared (round omfix25: the pieces one step moves
enter their hexes at one moment): two motorized units that move together as a stack pass through
no one. 3.33 「自動車化ユニットは…他の自動車化ユニットを通過できる」 only along primary roads (and urban,
airfield hexes): it bars a motorized unit passing another, not two that travel as one stack (review
rv-g22 item 1: each got an IM 3.33 naming itself since the per-step moments; before, the one whose
command came second did)."""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from vmodgen.audit import audit
from vmodgen.testing.log_writer import LogWriter


@pytest.fixture(scope="module")
def im(tmp_path_factory):
    return bundled_module("invasion-malta", tmp_path_factory, "im-stack-together")


def _stacked(kit, module) -> LogWriter:
    """A/4 and E/74 (motorized AA) stacked in 2632, GT2's Movement Phase."""
    w = LogWriter.from_module_setup(module, None, kit=kit, player="Carol", player_id="pw-im")
    w.set_turn(2, "Draw (AM or CAS air unit) and pass option")
    w.move("A/4", "2632").move("E/74", "2632")
    return w.set_turn(2, "Movement Phase")


@pytest.mark.parametrize("order", [["A/4", "E/74"], ["E/74", "A/4"]])
def test_a_stack_moved_together_passes_through_no_one(im, order):
    """The stack dropped on 2732 (a secondary road, no primary road) in one step, in either command
    order: no IM 3.33."""
    kit, module, root = im
    w = _stacked(kit, module).move_together([(u, "2732") for u in order])
    r = audit([w.advance(1).write(root / f"together-{order[0][0]}.vlog")], module=module)
    assert [f.message for f in r.findings if f.rule == "IM 3.33"] == []


def test_a_unit_entering_a_hex_another_moved_into_earlier_is_still_found(im):
    """The same two units moved one after the other (two steps): E/74 enters 2732, which A/4
    entered a step earlier, off a primary road: IM 3.33 for E/74."""
    kit, module, root = im
    w = _stacked(kit, module).move("A/4", "2732").move("E/74", "2732")
    r = audit([w.advance(1).write(root / "one-after-the-other.vlog")], module=module)
    assert [f.units for f in r.findings if f.rule == "IM 3.33"] == [("E/74",)]
