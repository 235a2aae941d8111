"""Invasion: Malta, the turn tracker's lag (review rv-m23 items 3-5, fixm25): what a log shows
decides where it can; the lag explains only what it could have caused.

Every log: GT1, from the module's set-up (the Allies in their set-up hexes)."""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from games_util import palette_piece
from vmodgen.audit import audit
from vmodgen.testing.log_writer import LogWriter

AIRBORNE = "Airborne Operations Phase (paradrop or air transport)"
NAVAL = "Naval Transport Phase"
MOVE = "Movement Phase"


@pytest.fixture(scope="module")
def im(tmp_path_factory):
    return bundled_module("invasion-malta", tmp_path_factory, "im-fixm25")


def _writer(im) -> LogWriter:
    kit, module, _ = im
    return LogWriter.from_module_setup(module, None, kit=kit, player="Carol", player_id="pw-im")


def _not_judged(r, rule: str) -> list[str]:
    return [x["why"] for x in r.coverage.get("rules_not_judged", []) if x["rule"] == rule]


@pytest.mark.parametrize("box, drop", [("axis-air-transport", False), ("axis-paradrop-kg1", True)],
                         ids=["air-transport", "paradrop"])
def test_aa_fired_after_an_air_transported_landing_is_no_drop(im, box, drop):
    """11.36, 15.34, 15.75 (review rv-m23 item 3): E/74 (AA, range 2) stands in 2617, beside the
    airfield 2618. Under the Airborne Operations tracker an airhead is placed on 2618 and 5/3 lands
    there from ``box``; Next; under the Movement tracker E/74 turns Fired, under no Attack Target
    marker. From the air-transport box the landing is air transport (15.71), no drop: AA firing at
    it never turns Fired (15.75), so no lag of the tracker explains the flip: IM 11.36 is found.
    From KG1's paradrop box it is a drop the tracker may lag: named not judged (the control)."""
    _, module, root = im
    w = _writer(im)
    w.move("E/74", "2617")
    w.set_turn(1, NAVAL)
    w.move("5/3", box)
    w.set_turn(1, AIRBORNE)
    w.add(*palette_piece(module, "airhead"), "2618", report=False)
    w.move("5/3", "2618")
    w.set_turn(1, MOVE)
    w.flip("E/74", 2)
    r = audit([w.advance(1).write(root / f"aa-after-{box}.vlog")], module=module)
    found = [f.message for f in r.findings if f.rule == "IM 11.36" and "E/74" in f.message]
    named = [why for why in _not_judged(r, "IM 11.36") if "E/74" in why]
    assert bool(found) is not drop and bool(named) is drop, (found, named)
