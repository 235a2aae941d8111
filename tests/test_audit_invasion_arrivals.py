"""Invasion: Malta arrivals in a log: only a paradrop drifts (15.4), so only its drags on in the
Airborne Operations Phase are part of the arrival; a unit placed by amphibious invasion in the
Movement Phase (16.33A) lands in the Combat Phase (16.33E), and its drags on in the Movement
Phase are moves (before retreat14 every drag of a unit in the phase it arrived in was taken for
drift and judged by no rule)."""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from vmodgen.audit import audit
from vmodgen.testing.log_writer import LogWriter


@pytest.fixture(scope="module")
def im(tmp_path_factory):
    return bundled_module("invasion-malta", tmp_path_factory, "im-arrivals")


def _leros(im, name: str, drags: list[str]):
    """Leros GT1: convoy unit 1 to Leros Invasion Zone East's Available box in the Naval Transport
    Phase, then in the Movement Phase onto each hex of ``drags`` in turn."""
    kit, module, root = im
    w = LogWriter.from_module_setup(module, "Scenario 4: Leros 1943", kit=kit)
    w.set_turn(1, "Naval Transport Phase")
    w.move("S4-C1", "leros-iz-east-available")
    w.advance(2)
    for h in drags:
        w.move("S4-C1", h)
    return audit([w.advance(1).write(root / name)], module=module)


def test_an_invader_moving_on_land_in_the_movement_phase_is_found(im):
    """16.33 「上陸戦闘：戦闘フェイズ」: placed on L2703 (step 5), then dragged onto the coastal hex
    L2704 and inland in the same Movement Phase: IM 16.33 at the step it leaves the invasion hex."""
    r = _leros(im, "land.vlog", ["L2703", "L2704", "L2705"])
    assert [(f.rule, f.step, f.hexes, f.units) for f in r.findings] == [("IM 16.33", 6, ("L2704",), ("S4-C1",))]
    assert "lands on the coastal hex in the Combat Phase (16.33E)" in r.findings[0].message
    assert r.coverage["moves"]["judged"] == 2


def test_an_invader_placed_and_left_on_its_invasion_hex_is_legal(im):
    """The same placement on L2703 in the Movement Phase, left there for the Combat Phase: no
    16.33 finding (16.33A: any hex of its zone, in the Movement Phase)."""
    r = _leros(im, "placed.vlog", ["L2703"])
    assert [f for f in r.findings if f.rule == "IM 16.33"] == []
