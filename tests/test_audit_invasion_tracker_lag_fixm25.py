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


DECL = "Combat Declaration Phase"
BOMB = "Bombardment Phase (artillery and CAS)"
REACTION = "Reaction Movement Phase (inactive player)"


def _drift_log(im, mark_phase: str, bombard: bool, name: str):
    """GT1: 5/3 drops onto 1425, where B/3 KOMR stands (a drift combat, 15.6), KG1 unit 1 onto the
    airhead 1424; the tracker then steps Movement, Declaration, Bombardment, Reaction, Combat. Under
    ``mark_phase`` the Attack Target marker goes on 1425; with ``bombard``, E/74 turns Fired under the
    Bombardment tracker (AA fire at bombarding air units, 10.27: the phase played)."""
    _, module, root = im
    w = _writer(im)
    w.set_turn(1, AIRBORNE)
    w.add(*palette_piece(module, "airhead"), "1424", report=False)
    w.move("5/3", "1425")
    w.move("KG1 unit 1", "1424")
    for phase in (MOVE, DECL, BOMB, REACTION, "Combat Phase"):
        w.set_turn(1, phase)
        if phase == BOMB and bombard:
            w.flip("E/74", 2)
        if phase == mark_phase:
            w.add(*palette_piece(module, "attack-target"), "1425", report=False)
    return audit([w.advance(1).write(root / name)], module=module)


def test_drift_marker_after_a_bombardment_the_log_shows_is_found(im):
    """12.12 「これを戦闘宣言フェイズ中に行う」 (review rv-m23 item 4): the log shows the Bombardment Phase
    played (E/74 turned Fired under its tracker), so it is no empty phase the tracker's lag passes:
    the declaration's log deadline is the Bombardment Phase's end (one phase after the declaration),
    and the marker first placed under the Reaction Movement tracker is two phases late: IM 12.12 found
    there, naming the Bombardment Phase. (Before: named not judged, the deadline the Reaction
    Movement Phase's end as if the Bombardment Phase were empty.)"""
    r = _drift_log(im, REACTION, True, "drift-react-bombarded.vlog")
    msgs = [f.message for f in r.findings if f.rule == "IM 12.12"]
    assert len(msgs) == 1 and "1425" in msgs[0] and BOMB in msgs[0] and "played" in msgs[0], msgs
    assert not [why for why in _not_judged(r, "IM 12.12") if "1425" in why]


@pytest.mark.parametrize("mark_phase, bombard", [(BOMB, True), (REACTION, False)],
                         ids=["under-bombardment", "no-bombardment"])
def test_drift_marker_a_phase_after_the_declaration_is_named_not_judged(im, mark_phase, bombard):
    """12.12, the controls: the marker under the Bombardment tracker of a bombardment the log shows
    (one phase after the declaration), or under the Reaction tracker with no bombardment shown (the
    Bombardment Phase empty, not counted): on time if the tracker ran ahead, late otherwise: named
    not judged, no finding."""
    r = _drift_log(im, mark_phase, bombard, f"drift-{mark_phase[:5]}-{bombard}.vlog")
    assert not [f.message for f in r.findings if f.rule == "IM 12.12"]
    assert any("1425" in why and "on time if the tracker ran a phase ahead" in why
               for why in _not_judged(r, "IM 12.12")), _not_judged(r, "IM 12.12")
