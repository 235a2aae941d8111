"""Review rv-j23 of lag23's tracker-lag policy (vmodgen/rules/core/tracker_lag.py), fixed in lagfix24:
Invasion: Malta logs read with the Operations Segment repeated once per Activation Marker (4.21 B.3)."""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from games_util import IM_AIRBORNE, not_judged, palette_piece
from vmodgen.audit import audit
from vmodgen.testing.log_writer import LogWriter

LEROS = "Scenario 4: Leros 1943"
AFTER_MOVEMENT = ("Combat Declaration Phase", "Bombardment Phase (artillery and CAS)",
                  "Reaction Movement Phase (inactive player)", "Combat Phase", "Reset Phase")


@pytest.fixture(scope="module")
def im(tmp_path_factory):
    return bundled_module("invasion-malta", tmp_path_factory, "im-lagfix24")


def _leros_first_activation(im) -> LogWriter:
    """Leros GT1: S4-C1 and S4-C2 reach the East Available box in the Naval Transport Phase; S4-C1
    enters the port L3009 in the first activation's Movement Phase, and the tracker runs on to the
    Reset Phase."""
    kit, module, _ = im
    w = LogWriter.from_module_setup(module, LEROS, kit=kit, player="Axis", player_id="pw-x")
    w.set_turn(1, "Naval Transport Phase")
    w.move("S4-C1", "leros-iz-east-available")
    w.move("S4-C2", "leros-iz-east-available")
    w.set_turn(1, "Movement Phase")
    w.move("S4-C1", "L3009")
    for phase in AFTER_MOVEMENT:
        w.set_turn(1, phase)
    return w


@pytest.mark.parametrize("left, dest, rule", [
    ("Reset Phase", "L3009", "IM 16.14"),
    ("Combat Phase", "L3009", "IM 16.14"),
    ("Draw (AM or CAS air unit) and pass option", "L3009", "IM 16.14"),
    ("Reset Phase", "L2703", "IM 16.33"),
    ("Draw (AM or CAS air unit) and pass option", "L2703", "IM 16.33"),
])
def test_im_placement_in_a_second_activation_is_named_not_judged(im, left, dest, rule):
    """IM 4.21 B.3 「すべての活性化マーカーがプレイされるまで…繰り返す」: the Operations Segment is played
    once per Activation Marker, while the kit's tracker runs it once a turn. S4-C2 goes from the East
    Available box to the port L3009 (16.14) or the invasion hex L2703 (16.33A) in the second
    activation, with the tracker left on the first one's Reset or Combat Phase, or set back to the
    Draw and not clicked on: which activation's phase the tracker shows is unknown, so no finding and
    the rule named not judged, saying why. Before (lag23): a finding, 'two phases or more off'. The
    Leros set-up has no AM in the cup or pools, so even the forward-only rows (Reset Phase) show no
    first pass (rep25; quickrep alone found them)."""
    kit, module, root = im
    w = _leros_first_activation(im)
    if left != "Reset Phase":
        w.set_turn(1, left)                        # Prev pressed back
    w.move("S4-C2", dest)
    r = audit([w.advance(1).write(root / f"act2-{left.split()[0]}-{dest}.vlog")], module=module)
    assert not [f for f in r.findings if f.rule == rule], [(f.rule, f.message) for f in r.findings]
    why = [x for x in not_judged(r, rule) if "S4-C2" in x]
    assert why and all("4.21 B.3" in x for x in why), not_judged(r, rule)


def test_im_placement_outside_the_operations_segment_is_still_found(im):
    """The repeat is the Operations Segment's only: S4-C2 placed on the port L3009 with the tracker on
    the Supply Status Phase (the Reorganization Segment, after every activation; the Movement Phase
    six counted phases before it) is IM 16.14, a finding as under lag23."""
    kit, module, root = im
    w = _leros_first_activation(im)
    w.set_turn(1, "Supply Status Phase")
    w.move("S4-C2", "L3009")
    r = audit([w.advance(1).write(root / "supply-status-L3009.vlog")], module=module)
    hits = [f for f in r.findings if f.rule == "IM 16.14" and "S4-C2" in f.units]
    assert hits and "two phases or more off" in hits[0].message, [(f.rule, f.message) for f in r.findings]
    # review rv-j23 item 3: the phase by its name, the empty phases from the rule set's EMPTY_PHASES
    assert "not the Supply Status Phase;" in hits[0].message, hits[0].message
    # item 2: no invader and no drift combat on the map, so the Combat Declaration Phase may be empty too
    assert "(an empty Airborne Operations Phase (paradrop or air transport), Combat Declaration Phase or " \
        "Bombardment Phase (artillery and CAS) passed without a click not counted)" in hits[0].message, hits[0].message


def test_im_placement_under_an_empty_bombardment_tracker_is_one_phase_off(im):
    """IM 16.14 (review rv-j23 item 3): S4-C1 from the East Available box onto the port L3009 with the
    tracker on the Bombardment Phase, nothing to bombard: Next pressed early to the Combat Declaration
    Phase and on through the empty Bombardment Phase, one counted phase: named not judged as a
    tracker a phase off (before: 'two phases or more off' while naming the Bombardment Phase not
    counted; after item 1 alone, for the repeated Operations Segment)."""
    kit, module, root = im
    w = LogWriter.from_module_setup(module, LEROS, kit=kit, player="Axis", player_id="pw-x")
    w.set_turn(1, "Naval Transport Phase")
    w.move("S4-C1", "leros-iz-east-available")
    w.set_turn(1, "Bombardment Phase (artillery and CAS)")
    w.move("S4-C1", "L3009")
    r = audit([w.advance(1).write(root / "bombardment-L3009.vlog")], module=module)
    assert not [f for f in r.findings if f.rule == "IM 16.14"], [(f.rule, f.message) for f in r.findings]
    why = [x for x in not_judged(r, "IM 16.14") if "S4-C1" in x]
    assert why and all("the tracker may be a phase off the pieces" in x for x in why), why


def test_im_invader_of_a_second_activation_left_at_sea_past_the_reset_phase_is_found(im):
    """IM 15.52/16.33E 「沿岸ヘクスがカラになったときにそこへ前進する」, 16.42: S4-C2 placed on the invasion hex
    L2703 in a second activation with the tracker left on the Reset Phase is named not judged there;
    still there when the tracker shows the Supply Status Phase (the Reorganization Segment, after every
    activation; a phase behind it is the last activation's Reset Phase), it is IM 15.52, once: the
    review's '15.52 at the Reset Phase's end' in this log is this finding, in the Supply Status Phase,
    and stays one (no activation's Combat Phase landed the invader)."""
    kit, module, root = im
    w = _leros_first_activation(im)
    w.move("S4-C2", "L2703")
    r = audit([w.advance(1).write(root / "act2-at-sea.vlog")], module=module)
    assert [(f.rule, f.phase) for f in r.findings if f.rule == "IM 15.52"] == [("IM 15.52", "supply-status")]
    assert any("S4-C2" in x and "Reset Phase" in x for x in not_judged(r, "IM 15.52")), not_judged(r, "IM 15.52")


@pytest.mark.parametrize("dest, rule, why", [
    ("L3009", "IM 16.14", "the tracker may be a phase off the pieces"),
    ("L2703", "IM 16.33", "4.21 B.3"),
])
def test_im_combat_declaration_is_empty_when_no_attack_is_required(im, dest, rule, why):
    """IM 9.11 「攻撃は任意である」 save drift combat and invasions (12.12): with no invader on its
    invasion hex and no drift combat hex the Combat Declaration Phase may be passed empty (review
    rv-j23 item 2). S4-C1 from the East Available box onto the port L3009 under the tracker's Reaction
    Movement Phase: Declaration and Bombardment both empty, one phase off the Movement Phase, named
    not judged as a tracker a phase off (before: two off, and only the repeated Operations Segment
    kept it from a finding). Onto the invasion hex L2703 instead, it is an invader, whose attack is
    required: the Declaration counts, two off, not judged only for the repeated segment (4.21 B.3)."""
    kit, module, root = im
    w = LogWriter.from_module_setup(module, LEROS, kit=kit, player="Axis", player_id="pw-x")
    w.set_turn(1, "Naval Transport Phase")
    w.move("S4-C1", "leros-iz-east-available")
    w.set_turn(1, "Reaction Movement Phase (inactive player)")
    w.move("S4-C1", dest)
    r = audit([w.advance(1).write(root / f"reaction-{dest}.vlog")], module=module)
    assert not [f for f in r.findings if f.rule == rule], [(f.rule, f.message) for f in r.findings]
    said = [x for x in not_judged(r, rule) if "S4-C1" in x]
    assert said and all(why in x for x in said), said


@pytest.mark.parametrize("placed_first", [True, False], ids=["placed-then-drops", "drops-then-placed"])
def test_im_invader_placed_before_recorded_paradrops_is_found(im, placed_first):
    """IM 15.52, 16.33A 「移動フェイズ中、ユニットを使用可能ボックスから…移動させる」, 15.1 (review rv-j23 item
    4): S4-C1 placed on the invasion hex L2703 under the Naval Transport tracker, then, under the
    Airborne Operations tracker, KG1 unit 1 paradrops onto L2906 (an Airhead there). Drops happen in
    the Airborne Operations Phase only, so the play reached it after the placement: the invader was
    placed before the Movement Phase, IM 15.52 at the drop (lag23: named not judged, counting the
    Airborne Operations Phase empty). Placed after the drops under the same Airborne tracker instead,
    it may be the Movement Phase's placement with the tracker a phase behind: named not judged."""
    kit, module, root = im
    w = LogWriter.from_module_setup(module, LEROS, kit=kit, player="Axis", player_id="pw-x")
    w.add(*palette_piece(module, "S3-KG1-1"), "axis-paradrop-kg1", report=False)
    w.add(*palette_piece(module, "airhead"), "L2906", report=False)
    w.set_turn(1, "Naval Transport Phase")
    w.move("S4-C1", "leros-iz-east-available")
    if placed_first:
        w.move("S4-C1", "L2703")
    w.set_turn(1, IM_AIRBORNE)
    w.move("S3-KG1-1", "L2906")
    if not placed_first:
        w.move("S4-C1", "L2703")
    w.set_turn(1, "Movement Phase")
    r = audit([w.advance(1).write(root / f"drops-{placed_first}.vlog")], module=module)
    got = [(f.rule, f.phase, f.units) for f in r.findings if f.rule == "IM 15.52"]
    if placed_first:
        assert got == [("IM 15.52", "airborne", ("S4-C1",))], got
        [f] = [f for f in r.findings if f.rule == "IM 15.52"]
        assert "KG1 unit 1" in f.message and "16.33A" in f.message, f.message
    else:
        assert got == [], got
        assert any("S4-C1" in x for x in not_judged(r, "IM 15.52")), not_judged(r, "IM 15.52")
