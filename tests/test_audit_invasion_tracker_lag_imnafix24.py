"""Invasion: Malta in a log with the turn tracker one phase off the pieces (imnafix24, review
rv-imna-c22): a move legal in the neighbouring phase is named not judged, never a finding.

Every log: GT1, from the module's set-up (the Allies in their set-up hexes)."""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from games_util import not_judged, palette_piece
from vmodgen.audit import audit
from vmodgen.testing.log_writer import LogWriter

AIRBORNE = "Airborne Operations Phase (paradrop or air transport)"
NAVAL = "Naval Transport Phase"
DECL = "Combat Declaration Phase"
BOMB = "Bombardment Phase (artillery and CAS)"


@pytest.fixture(scope="module")
def im(tmp_path_factory):
    return bundled_module("invasion-malta", tmp_path_factory, "im-imnafix24")


_not_judged = not_judged      # (each reason of the rule's one entry)


@pytest.mark.parametrize("drop_phase", [AIRBORNE, NAVAL])
def test_aa_fired_after_drop_with_tracker_behind(im, drop_phase):
    """15.34 / 11.36: 5/3 drops from KG1's box onto 1532; E/74 (AA, range 2, in 1530) turns Fired
    in the Airborne Operations Phase. With the tracker still on the Naval Transport Phase at the
    drop (Next pressed late), the drop may belong to the Airborne phase: not judged, no finding."""
    kit, module, root = im
    w = LogWriter.from_module_setup(module, None, kit=kit, player="Carol", player_id="pw-im")
    w.set_turn(1, drop_phase)
    w.move("5/3", "1532")
    w.set_turn(1, AIRBORNE)
    w.flip("E/74", 2)
    r = audit([w.advance(1).write(root / f"aa-{drop_phase[:5]}.vlog")], module=module)
    assert not [f for f in r.findings if f.rule == "IM 11.36"], [f.message for f in r.findings]
    if drop_phase == NAVAL:
        assert any("tracker" in why for why in _not_judged(r, "IM 11.36")), _not_judged(r, "IM 11.36")


def test_aa_fired_with_no_drop_at_all_is_found(im):
    """11.36: E/74 turns Fired in the Airborne Operations Phase with no Axis unit having left an
    air-entry box in it or the phase before, and no Drop Hex marker: a finding."""
    kit, module, root = im
    w = LogWriter.from_module_setup(module, None, kit=kit, player="Carol", player_id="pw-im")
    w.set_turn(1, NAVAL)
    w.set_turn(1, AIRBORNE)
    w.flip("E/74", 2)
    r = audit([w.advance(1).write(root / "aa-nodrop.vlog")], module=module)
    assert [f for f in r.findings if f.rule == "IM 11.36" and "E/74" in f.message]


@pytest.mark.parametrize("mark_phase", ["Movement Phase", DECL, BOMB])
def test_drift_declared_with_tracker_ahead(im, mark_phase):
    """12.12: 5/3 drops onto 1425 (B/3 KOMR: a drift combat). The Attack Target marker goes on
    1425 in the Movement Phase (tracker behind), the Declaration Phase, or the Bombardment Phase
    (tracker ahead, Next pressed early): the drift combat is declared, no finding."""
    kit, module, root = im
    w = LogWriter.from_module_setup(module, None, kit=kit, player="Carol", player_id="pw-im")
    w.set_turn(1, AIRBORNE)
    w.add(*palette_piece(module, "airhead"), "1424", report=False)
    w.move("5/3", "1425")
    w.move("KG1 unit 1", "1424")
    w.set_turn(1, "Movement Phase")
    if mark_phase == BOMB:
        w.set_turn(1, DECL)
    w.set_turn(1, mark_phase)
    w.add(*palette_piece(module, "attack-target"), "1425", report=False)
    w.set_turn(1, "Combat Phase")
    r = audit([w.advance(1).write(root / f"d1212-{mark_phase[:5]}.vlog")], module=module)
    assert not [f for f in r.findings if f.rule == "IM 12.12"], [f.message for f in r.findings]


def test_drift_undeclared_is_found(im):
    """12.12: the same drift combat with no Attack Target marker by the Combat Phase: a finding."""
    kit, module, root = im
    w = LogWriter.from_module_setup(module, None, kit=kit, player="Carol", player_id="pw-im")
    w.set_turn(1, AIRBORNE)
    w.add(*palette_piece(module, "airhead"), "1424", report=False)
    w.move("5/3", "1425")
    w.move("KG1 unit 1", "1424")
    w.set_turn(1, "Movement Phase")
    w.set_turn(1, DECL)
    w.set_turn(1, BOMB)
    w.set_turn(1, "Reaction Movement Phase (inactive player)")    # a log is judged at its end (lagfix23)
    w.set_turn(1, "Combat Phase")
    r = audit([w.advance(1).write(root / "d1212-none.vlog")], module=module)
    assert [f for f in r.findings if f.rule == "IM 12.12"], [f.message for f in r.findings]
