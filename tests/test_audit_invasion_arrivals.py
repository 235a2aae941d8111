"""Invasion: Malta arrivals in a log: only a paradrop drifts (15.4), so only its drags on in the
Airborne Operations Phase are part of the arrival; a unit placed by amphibious invasion in the
Movement Phase (16.33A) lands in the Combat Phase (16.33E), and its drags on in the Movement
Phase are moves (before retreat14 every drag of a unit in the phase it arrived in was taken for
drift and judged by no rule)."""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from games_util import audit_log, not_judged
from vmodgen.testing.log_writer import LogWriter


@pytest.fixture(scope="module")
def im(tmp_path_factory):
    return bundled_module("invasion-malta", tmp_path_factory, "im-arrivals")


def _available(module, kit) -> LogWriter:
    """A Leros log, GT1: convoy unit 1 to Leros Invasion Zone East's Available box in the Naval
    Transport Phase."""
    w = LogWriter.from_module_setup(module, "Scenario 4: Leros 1943", kit=kit)
    w.set_turn(1, "Naval Transport Phase")
    w.move("S4-C1", "leros-iz-east-available")
    return w


def _landed_on_portolago(im, units: int) -> LogWriter:
    """Leros GT1: convoy units 1..``units`` to Leros East's Available box in the Naval Transport
    Phase, then each onto the port of Portolago (L3009) in the Movement Phase."""
    kit, module, _ = im
    w = LogWriter.from_module_setup(module, "Scenario 4: Leros 1943", kit=kit)
    w.set_turn(1, "Naval Transport Phase")
    for i in range(1, units + 1):
        w.move(f"S4-C{i}", "leros-iz-east-available")
    w.set_turn(1, "Movement Phase")
    for i in range(1, units + 1):
        w.move(f"S4-C{i}", "L3009")
    return w


def _leros(im, name: str, drags: list[str]):
    """Leros GT1: convoy unit 1 to Leros Invasion Zone East's Available box in the Naval Transport
    Phase, then in the Movement Phase onto each hex of ``drags`` in turn."""
    kit, module, root = im
    w = _available(module, kit)
    w.advance(2)
    for h in drags:
        w.move("S4-C1", h)
    return audit_log(w, root / name, module)


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


def test_a_port_entry_unit_moving_on_in_the_same_phase_is_found(im):
    """16.14 「自軍移動フェイズの終了時にこれらを置く。これらは、次の自軍活性化中に港ヘクスから移動できる」:
    convoy unit 1 is placed from the Available box on the port L3009 (step 5) and dragged on to
    L3008 and L3007 in the same Movement Phase: IM 16.14 once, at the step it leaves the port (6).
    Before imfix13 the drags passed as an ordinary move (the log's previous is the box: the port
    entry was not seen). L3009 stands behind Portolago's boom, standing in the set-up: the landing
    there is also IM 18.32 at the phase's end (step 8; imnafix24: before, 18.32 read the hex the
    unit ended on, L3007, and missed it)."""
    r = _leros(im, "port-on.vlog", ["L3009", "L3008", "L3007"])
    assert [(f.rule, f.step, f.hexes, f.units) for f in r.findings] == [("IM 16.14", 6, ("L3009", "L3008"), ("S4-C1",)),
                                                                        ("IM 18.32", 8, ("L3009",), ("S4-C1",))]
    assert "move from the port in their next activation (16.14)" in r.findings[0].message


def test_a_port_entry_unit_left_on_the_port_is_legal(im):
    """The same port entry onto L3009, left there: no 16.14 (and no 16.33: a port is a place the
    Available box's units may go, 16.14)."""
    r = _leros(im, "port-stay.vlog", ["L3009"])
    assert [f for f in r.findings if f.rule in ("IM 16.14", "IM 16.33")] == []


def test_a_unit_dragged_from_the_box_straight_outside_its_zone_is_found(im):
    """16.33A 「移動フェイズ中、ユニットを使用可能ボックスからその侵攻ゾーン内の望むヘクス上に移動させる」:
    convoy unit 1 goes from Leros East's Available box in one drag to L2705, a land hex (neither an
    invasion hex of its zone nor a port): IM 16.33 at that drag (step 5). Since 9ef4bb6 it was
    named not judged (the phase-start box was all the check saw); the drag's own path says the
    unit entered the map there."""
    r = _leros(im, "straight.vlog", ["L2705"])
    assert [(f.rule, f.step, f.hexes) for f in r.findings] == [("IM 16.33", 5, ("L2705",))]
    assert "(16.33A) or a port (16.14) only" in r.findings[0].message
    assert not_judged(r, "IM 16.33") == []


def test_an_invader_placed_then_moved_is_judged_once_by_the_move_check(im):
    """Placed on L2703 (its zone) and dragged onto L2704: the placement is legal (its first hex
    from the box is L2703) and the move is 16.33E's finding alone; the placement is no longer
    named not judged."""
    r = _leros(im, "placed-moved.vlog", ["L2703", "L2704"])
    assert [(f.rule, f.step) for f in r.findings] == [("IM 16.33", 6)]
    assert "(16.33E)" in r.findings[0].message and not_judged(r, "IM 16.33") == []


@pytest.mark.parametrize("phase", ["Naval Transport Phase", "Movement Phase"])
def test_a_unit_from_its_set_up_card_onto_a_port(im, phase):
    """Convoy unit 1 is dragged from its set-up card box (axis-convoy-1) straight onto the port
    L3009. 16.24D: a convoy's units arrive in the zone's Available box in the Naval Transport
    Phase; 16.14: from there they are placed on a port at the end of the Movement Phase. In the
    Movement Phase the card → port drag is read as the whole activation: no 16.14 or 16.33. In the
    Naval Transport Phase the tracker's (a log records no move there: the card is read from the
    previous phase end) it skipped the Available box, but the tracker may lag the pieces: IM 16.14
    is named not judged, saying why (before imfix13 that phase's drag went unread, silently)."""
    kit, module, root = im
    w = LogWriter.from_module_setup(module, "Scenario 4: Leros 1943", kit=kit)
    w.set_turn(1, phase)
    w.move("S4-C1", "L3009")
    r = audit_log(w, root / f"card-{phase.split()[0]}.vlog", module)
    assert [f for f in r.findings if f.rule in ("IM 16.14", "IM 16.33")] == []
    said = not_judged(r, "IM 16.14")
    if phase.startswith("Naval"):
        assert len(said) == 1 and "went from Axis set-up card: Convoy 1 to L3009 in the Naval Transport Phase" in said[0]
        assert "the tracker may lag the pieces" in said[0]
    else:
        assert said == []


@pytest.mark.parametrize("phase", ["Airborne Operations Phase (paradrop or air transport)", "Combat Declaration Phase"])
def test_a_placement_in_a_phase_whose_drags_are_not_tracked_is_not_judged(im, phase):
    """Convoy unit 1 goes to Leros East's Available box, the tracker is moved on to a phase whose
    drags the log does not track as moves (the Airborne Operations or the Combat Declaration
    Phase), and the unit is dragged onto L2703 (an invasion hex of its zone) and on to L2704. The
    audit sees no route, only Available at the last phase end and L2704 now: if the tracker lags
    the pieces, that is a 16.33A placement and a 16.33E landing, legal. IM 16.33 is named not
    judged, never a finding 'went from Available to L2704' (imfix13 gave both for the same unit)."""
    kit, module, root = im
    w = _available(module, kit)
    w.set_turn(1, phase)
    w.move("S4-C1", "L2703")
    w.move("S4-C1", "L2704")
    r = audit_log(w, root / f"lag-{phase.split()[1]}.vlog", module)
    assert [f for f in r.findings if f.rule == "IM 16.33"] == []
    [said] = not_judged(r, "IM 16.33")
    assert "Leros convoy unit 1 (S4-C1)" in said


def test_a_misdrop_corrected_by_a_second_drag_is_found_at_the_drop(im):
    """The decision of imfix14 (review item 6): in the Movement Phase convoy unit 1 is dropped from
    the Available box on L3008 (neither an invasion hex of its zone nor a port) and dragged on to
    the port L3009. 16.33A/16.14 place a unit on one hex; the log's drop is a stop of its route, as
    for every move: IM 16.33 at the drop (step 5), once. Undo, not a second drag, takes a misdrop
    back."""
    r = _leros(im, "misdrop.vlog", ["L3008", "L3009"])
    assert [(f.rule, f.step, f.hexes) for f in r.findings if f.rule in ("IM 16.14", "IM 16.33")] == \
        [("IM 16.33", 5, ("L3008",))]


@pytest.mark.parametrize("phase, found", [("Airborne Operations Phase (paradrop or air transport)", []),
                                          ("Naval Transport Phase", []),
                                          ("Draw (AM or CAS air unit) and pass option", []),
                                          ("AA Reset Phase", [("IM 15.52", 4)])],
                         ids=["one-phase-off", "one-off-past-an-empty-airborne-phase", "draw-another-activation",
                              "before-the-operations-segment"])
def test_an_invader_placed_with_the_tracker_lagging_is_not_in_the_sea(im, phase, found):
    """im22 (the lag-airborne log of imfix14, left on its hex): convoy unit 1 goes to Leros East's
    Available box, then is placed on L2703, an invasion hex of its zone, with the tracker still in
    the Airborne Operations Phase, the phase before the Movement Phase an invader is placed in
    (16.33A 「移動フェイズ中、ユニットを使用可能ボックスからその侵攻ゾーン内の望むヘクス上に移動させる」);
    the tracker then moves on to the Movement Phase. The tracker may be one phase off the pieces:
    IM 15.52 is named not judged there, never a finding; and the unit, from the sea, is no
    paradropped unit (before, entering the map in an Airborne phase made it one, and it was 'on an
    all-sea hex' through the Movement Phase too). Placed in the Naval Transport Phase, the tracker is
    one phase off too when the Airborne Operations Phase between was empty, passed without a click
    (lag23, core/tracker_lag.py: IM's EMPTY_PHASES; before, two phases off, a finding, while 7.14 read
    an empty Bombardment Phase so): named not judged. Placed in the Draw phase, two phases early, it
    was IM 15.52 under lag23; the Operations Segment (Draw to Reset) repeats for each Activation
    Marker (4.21 B.3) while the kit's tracker runs it once a turn, and a Draw shown may be a later
    activation's with Prev pressed back (review rv-j23 item 1, lagfix24): named not judged, with that
    reason. Placed in the AA Reset Phase (the Strategic Segment, before every activation), the
    invader on its invasion hex is IM 15.52, once, at its placement."""
    kit, module, root = im
    w = _available(module, kit)
    w.set_turn(1, phase)
    w.move("S4-C1", "L2703")
    w.set_turn(1, "Movement Phase")
    r = audit_log(w, root / f"lag-stay-{phase.split()[0]}.vlog", module)
    assert [(f.rule, f.step) for f in r.findings if f.rule == "IM 15.52"] == found
    said = [s for s in not_judged(r, "IM 15.52") if "one phase off the Movement to Combat Phases" in s
            or "4.21 B.3" in s]
    assert len(said) == (0 if found else 1)


@pytest.mark.parametrize("phase", ["Combat Declaration Phase", "Movement Phase"])
def test_a_unit_far_from_its_zone_after_an_untracked_phase_is_found(im, phase):
    """The same, but the unit is dragged from the Available box straight to L1309, at least four
    hexes from every East invasion hex (L2603, L2703, L2804, L2904): a placement on an invasion hex
    (16.33A) and a landing from it (16.33E 「沿岸ヘクスがカラになったときにそこへ前進する」) reach only
    the hexes next to an invasion hex of the zone, so whatever phase the tracker lags, this is
    IM 16.33, found, not named not judged (imfix14 named it not judged in the Combat Declaration
    Phase, review imnafix22 item 3b)."""
    kit, module, root = im
    w = _available(module, kit)
    w.set_turn(1, phase)
    w.move("S4-C1", "L1309")
    r = audit_log(w, root / f"far-{phase.split()[1]}.vlog", module)
    [f] = [f for f in r.findings if f.rule == "IM 16.33"]
    assert f.units == ("S4-C1",) and "to L1309" in f.message
    assert not_judged(r, "IM 16.33") == []


def test_a_log_s_port_entry_is_a_landing(im):
    """16.14 「侵攻ゾーン使用可能ボックスからの9スタッキング・ポイントまでのユニットは、港指定ヘクス上に置く
    ことができる」, 18.32 (a standing boom stops Axis port entry): Leros GT1, five convoy units (2 SP
    each) go to Leros East's Available box, then in the Movement Phase onto the port of Portolago
    (L3009), whose boom the module's set-up shows standing. The fifth makes 10 SP: IM 16.14 at its
    drag (step 12); at the phase's end each of the five is IM 18.32. A log has no 'landed'
    marker: before im22 its units placed from a sea box were no landing, and neither rule judged
    them (3.32's 9 SP at the phase end alone was found)."""
    kit, module, root = im
    w = _landed_on_portolago(im, 5)
    r = audit_log(w, root / "port-five.vlog", module)
    assert [(f.rule, f.step) for f in r.findings if f.rule == "IM 16.14"] == [("IM 16.14", 12)]
    assert len([f for f in r.findings if f.rule == "IM 18.32"]) == 5


def test_a_unit_landed_behind_the_boom_and_moved_on_is_found(im):
    """18.32 (a standing boom stops Axis port entry): Leros GT1, S4-C1 and S4-C2 go from Leros
    East's Available box onto the port of Portolago (L3009), behind the standing boom, in the
    Movement Phase; S4-C2 is then dragged on to L3008. Both landed at L3009: IM 18.32 for each
    (imnafix24: before, 18.32 read the hex a unit stands on, so S4-C2 had only 16.14's move)."""
    kit, module, root = im
    w = _landed_on_portolago(im, 2)
    w.move("S4-C2", "L3008")
    r = audit_log(w, root / "port-moved-on.vlog", module)
    booms = [f for f in r.findings if f.rule == "IM 18.32"]
    assert sorted(u for f in booms for u in f.units) == ["S4-C1", "S4-C2"], [f.message for f in r.findings]
    assert all(f.hexes == ("L3009",) for f in booms)
    assert any(f.rule == "IM 16.14" and "S4-C2" in f.units for f in r.findings)
