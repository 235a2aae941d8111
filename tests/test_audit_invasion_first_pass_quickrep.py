"""IM 4.21 B.3 「すべての活性化マーカーがプレイされるまで…繰り返す」 (review rv-m23 item 1): the Operations
Segment is played once per Activation Marker while the kit's tracker runs it once a turn, so a log's
tracker in it may stand in an earlier activation's phases. A log whose tracker stepped forward from
the turn's phases before the segment, with no Prev or jump back and at most one Activation Marker
gone from the cup and pools, shows the turn's first pass: the tracker's one-phase lag alone decides,
and a breach two phases off is a finding. A Prev keeps the rule named not judged (4.21 B.3)."""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from games_util import not_judged, palette_piece
from vmodgen.audit import audit
from vmodgen.testing.log_writer import LogWriter

LEROS = "Scenario 4: Leros 1943"
WEATHER = "Weather Phase"
NAVAL = "Naval Transport Phase"
MOVE = "Movement Phase"
BOMB = "Bombardment Phase (artillery and CAS)"
REACTION = "Reaction Movement Phase (inactive player)"
COMBAT = "Combat Phase"
DRAW = "Draw (AM or CAS air unit) and pass option"


@pytest.fixture(scope="module")
def im(tmp_path_factory):
    return bundled_module("invasion-malta", tmp_path_factory, "im-quickrep")


def _steps_to(w: LogWriter, phase: str) -> LogWriter:
    """Press Next one phase at a time until the tracker shows ``phase``."""
    while w.phases[w.current_turn()[1]] != phase:
        w.advance(1)
    return w


def _leros(im) -> LogWriter:
    """Leros GT1 from the turn's Weather Phase, Next pressed phase by phase: S4-C1 reaches the East
    Available box in the Naval Transport Phase."""
    kit, module, _ = im
    w = LogWriter.from_module_setup(module, LEROS, kit=kit, player="Axis", player_id="pw-x")
    w.set_turn(1, WEATHER)
    _steps_to(w, NAVAL).move("S4-C1", "leros-iz-east-available")
    return w


@pytest.mark.parametrize("placed", [REACTION, COMBAT])
def test_invader_placed_two_phases_after_movement_in_the_first_pass_is_found(im, placed):
    """16.33A 「移動フェイズ中、ユニットを使用可能ボックスから…移動させる」: S4-C1 goes from the East Available
    box onto the invasion hex L2703 under the Reaction Movement or Combat tracker, the tracker
    stepped forward from the Weather Phase, no Prev, no AM drawn: the turn's first pass, the Combat
    Declaration Phase counted (an invader's attack is required, 12.12), two phases or more off the
    Movement Phase: a finding (before: named not judged, 'an earlier activation's phases')."""
    _, module, root = im
    w = _steps_to(_leros(im), placed).move("S4-C1", "L2703")
    r = audit([w.advance(1).write(root / f"first-{placed.split()[0]}.vlog")], module=module)
    assert [f for f in r.findings if f.rule == "IM 16.33" and "S4-C1" in f.units], \
        [(f.rule, f.message) for f in r.findings]
    assert not [x for x in not_judged(r, "IM 16.33") if "S4-C1" in x], not_judged(r, "IM 16.33")


def test_invader_placed_after_prev_back_to_the_draw_is_not_judged(im):
    """The same placement under the Combat tracker after Prev back from the Reset Phase to the Draw
    and on, phase by phase: a second activation may have begun (4.21 B.3), so 16.33 is named not
    judged for S4-C1's placement, no finding."""
    _, module, root = im
    w = _steps_to(_leros(im), "Reset Phase")
    w.set_turn(1, DRAW)                                # Prev pressed back
    _steps_to(w, COMBAT).move("S4-C1", "L2703")
    r = audit([w.advance(1).write(root / "prev-combat.vlog")], module=module)
    assert not [f for f in r.findings if f.rule == "IM 16.33" and "S4-C1" in f.units], \
        [(f.rule, f.message) for f in r.findings]
    assert any("S4-C1" in x and "4.21 B.3" in x for x in not_judged(r, "IM 16.33")), not_judged(r, "IM 16.33")


def _im(im) -> LogWriter:
    kit, module, _ = im
    w = LogWriter.from_module_setup(module, None, kit=kit, player="Carol", player_id="pw-im")
    return w.set_turn(1, WEATHER)


def test_aa_fired_two_phases_after_a_drop_in_the_first_pass_is_found(im):
    """11.36 (AA turns Fired only under an Attack Target marker) with 15.34: 5/3 drops onto 1532 under the Bombardment
    tracker and E/74 (in 1530, under no Attack Target marker) turns Fired under the Reaction
    Movement tracker, the tracker stepped from the Weather Phase, no Prev: the first pass, and
    neither phase is next to the Airborne Operations Phase: a finding."""
    _, module, root = im
    w = _steps_to(_im(im), BOMB).move("5/3", "1532")
    w.advance(1).flip("E/74", 2)
    r = audit([w.advance(1).write(root / "aa-first.vlog")], module=module)
    assert [f for f in r.findings if f.rule == "IM 11.36" and "E/74" in f.units], \
        [(f.rule, f.message) for f in r.findings]


def test_airhead_placed_under_the_reset_tracker_in_the_first_pass_is_found(im):
    """15.21 (airheads are placed in the Airborne Operations Phase): an airhead placed on 1534 under the Reset
    tracker, stepped there from the Weather Phase with no Prev: the first pass, far from the
    Airborne Operations Phase: a finding."""
    _, module, root = im
    w = _steps_to(_im(im), "Reset Phase")
    w.add(*palette_piece(module, "airhead"), "1534", report=False)
    r = audit([w.advance(1).write(root / "airhead-first.vlog")], module=module)
    assert [f for f in r.findings if f.rule == "IM 15.21" and "1534" in f.hexes], \
        [(f.rule, f.message) for f in r.findings]


def test_airhead_after_prev_names_the_repeated_segment_as_the_reason(im):
    """15.21 (review rv-m23 item 2): an airhead placed on 1534 under the Reset tracker after Prev back
    from the Reset Phase to the Draw and Next on: not next to the Airborne Operations Phase, so the
    reason 15.21 is not judged is the repeated Operations Segment (4.21 B.3), not a tracker a phase
    off; no finding."""
    _, module, root = im
    w = _steps_to(_im(im), "Reset Phase")
    w.set_turn(1, DRAW)                                # Prev pressed back
    _steps_to(w, "Reset Phase").add(*palette_piece(module, "airhead"), "1534", report=False)
    r = audit([w.advance(1).write(root / "airhead-prev.vlog")], module=module)
    assert not [f for f in r.findings if f.rule == "IM 15.21"], [(f.rule, f.message) for f in r.findings]
    why = [x for x in not_judged(r, "IM 15.21") if "1534" in x]
    assert why and all("4.21 B.3" in x and "a phase off" not in x for x in why), not_judged(r, "IM 15.21")


def test_aa_fired_after_prev_names_the_repeated_segment_as_the_reason(im):
    """11.36 (review rv-m23 item 2): after Prev back from the Reset Phase to the Draw, 5/3 drops onto
    1532 under the Bombardment tracker and E/74 turns Fired under the Reaction Movement tracker: not
    judged, and the reason given is the repeated Operations Segment (4.21 B.3)."""
    _, module, root = im
    w = _steps_to(_im(im), "Reset Phase")
    w.set_turn(1, DRAW)                                # Prev pressed back
    _steps_to(w, BOMB).move("5/3", "1532")
    w.advance(1).flip("E/74", 2)
    r = audit([w.advance(1).write(root / "aa-prev.vlog")], module=module)
    assert not [f for f in r.findings if f.rule == "IM 11.36"], [(f.rule, f.message) for f in r.findings]
    why = [x for x in not_judged(r, "IM 11.36") if "E/74" in x]
    assert why and all("4.21 B.3" in x and "a phase off" not in x for x in why), not_judged(r, "IM 11.36")
