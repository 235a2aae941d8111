"""Invasion: Malta round 27 (review of round 26) in logs of the bundled module: a log's phase is the
turn tracker's and its ``previous`` the box a unit stood in at the phase start, so a Delay box unit
reaching the map (16.26, 16.33A) and an Available box unit placed outside the Movement Phase are
named not judged, never found on the tracker's word."""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from vmodgen.audit import audit
from vmodgen.testing.log_writer import LogWriter

LEROS = "Scenario 4: Leros 1943"


@pytest.fixture(scope="module")
def im(tmp_path_factory):
    return bundled_module("invasion-malta", tmp_path_factory, "imr27")


def _placed(im, name: str, box: str, phase: str, via: str | None = None):
    """S4-C1 put in ``box`` in the GT1 Naval Transport Phase, then, in the tracker's ``phase``,
    (through ``via``) onto the East zone's invasion hex L2703: the audit's report."""
    kit, module, root = im
    w = LogWriter.from_module_setup(module, LEROS, kit=kit, player="Axis", player_id="pw-imr27")
    w.set_turn(1, "Naval Transport Phase")
    w.move("S4-C1", box)
    w.set_turn(1, phase)
    if via:
        w.move("S4-C1", via)
    w.move("S4-C1", "L2703")
    w.advance(2)
    return audit([w.write(root / f"{name}.vlog")], module=module)


def _notes(r, rule: str) -> list[str]:
    return [n["why"] for n in r.to_json()["coverage"]["rules_not_judged"] if n["rule"] == rule]


def test_a_delayed_unit_through_the_available_box_in_the_trackers_movement_phase_is_not_judged(im):
    """IM 16.26/16.33A, log: in the tracker's Movement Phase S4-C1 goes Delay box → East Available
    box → L2703. The Delay → Available step belongs to the Transport Phase, which the tracker may
    have passed early: not found (round 26 found IM 16.33), named not judged."""
    r = _placed(im, "delay-via-avail", "leros-iz-east-delay", "Movement Phase", via="leros-iz-east-available")
    assert "IM 16.33" not in [f.rule for f in r.findings], [f.message for f in r.findings]
    assert any("Delay" in n and "Available box" in n for n in _notes(r, "IM 16.33")), _notes(r, "IM 16.33")


def test_an_available_box_unit_placed_in_the_trackers_declaration_phase_is_not_judged(im):
    """IM 16.33A 「移動フェイズ中、ユニットを使用可能ボックスから…移動させる」, log: S4-C1 goes from the East
    Available box onto L2703 in the tracker's Combat Declaration Phase, one phase after the Movement
    Phase: the tracker may be a phase off the pieces (Next pressed early): named not judged, not found."""
    r = _placed(im, "avail-declare", "leros-iz-east-available", "Combat Declaration Phase")
    assert "IM 16.33" not in [f.rule for f in r.findings], [f.message for f in r.findings]
    assert any("tracker may be a phase off" in n for n in _notes(r, "IM 16.33")), _notes(r, "IM 16.33")


def test_an_available_box_unit_placed_in_the_trackers_reaction_phase_is_not_judged(im):
    """IM 16.33A, log: the same placement in the tracker's Reaction Movement Phase, two phases after the
    Movement Phase (the Combat Declaration Phase, never empty in an invasion's turn, 12.12, and an empty
    Bombardment Phase not counted). lag23 made it IM 16.33 ('two phases or more off'); review rv-j23
    item 1 (lagfix24): the Operations Segment repeats for each Activation Marker (4.21 B.3 「すべての
    活性化マーカーがプレイされるまで…繰り返す」) while the kit's tracker runs it once a turn, so the
    tracker may stand in an earlier activation's phases: named not judged, saying so, as round 27 did.
    The Leros set-up puts no AM in the cup or pools, so the log cannot show the turn's first pass
    (rep25; quickrep alone found this placement, rv-j23 item 1)."""
    r = _placed(im, "avail-react", "leros-iz-east-available", "Reaction Movement Phase (inactive player)")
    assert "IM 16.33" not in [f.rule for f in r.findings], [f.message for f in r.findings]
    assert any("4.21 B.3" in n for n in _notes(r, "IM 16.33")), _notes(r, "IM 16.33")


def test_an_available_box_unit_placed_in_the_movement_phase_is_legal(im):
    """IM 16.33A, log: the same placement in the tracker's Movement Phase is neither found nor
    named not judged."""
    r = _placed(im, "avail-move", "leros-iz-east-available", "Movement Phase")
    assert "IM 16.33" not in [f.rule for f in r.findings], [f.message for f in r.findings]
    assert not _notes(r, "IM 16.33")

