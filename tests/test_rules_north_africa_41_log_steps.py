"""North Africa '41 rules in logs, where one act of the rules is several drags: a fort is removed
after the enemy unit entered (9.5.7), a marker deleted after its unit left (13.2.3), an SP dragged
before its truck (17.2.1, 5.8.1); the audit records only the phasing side's moves (13.3.4, an
Automatic DS retreat), and a unit eliminated in combat is a drag to the Eliminated box (not a
retreat, 12.2.1). Logs written against the module vmodgen builds (scenario S1)."""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from games_util import palette_piece
from vmodgen.audit import audit
from vmodgen.testing.log_writer import LogWriter


@pytest.fixture(scope="module")
def na41(tmp_path_factory):
    return bundled_module("north-africa-41", tmp_path_factory, "na41logsteps")


def writer(na41, save=None):
    kit, module, _ = na41
    w = LogWriter.from_module_setup(module, "S1 Enter Rommel", kit=kit, player="Dan", player_id="pw-steps")
    if save is not None:
        save(w)
        w = w.save_point()
    return w


def findings(na41, w, name):
    _, module, root = na41
    r = audit([w.write(root / f"{name}.vlog")], module=module)
    return r, [(f.phase, f.rule, tuple(f.hexes)) for f in r.findings]


def fort_in_1605_then_allied_move(na41, remove: bool, name: str):
    """The Axis builds a fort in empty 1605 in its Movement Phase of impulse 1 (9.5.3); in the
    Allied Movement Phase of impulse 2, 6 RTR goes 1808 -> 1707 -> 1606 -> 1605 drag by drag."""
    _, module, _ = na41
    w = writer(na41)
    w.set_turn(1, 8)                                        # i1-axis-movement
    fort = w.add(*palette_piece(module, "fortification"), "1605")
    w.advance(6)                                            # -> i2-allied-movement
    w.move("6RTR", "1707").move("6RTR", "1606").move("6RTR", "1605")
    if remove:
        w.delete(fort)
    w.advance(1)
    return findings(na41, w, name)


def test_fort_removed_after_the_enemy_entered_is_legal(na41):
    """9.5.7 「陣地マーカーは、敵ユニットがそのヘクス内に進入したら取り去られます」: the marker goes after
    the entry, a later drag; the rule is judged at the phase end, not at the drag into 1605 (before:
    a 9.5.7 finding at that step)."""
    _, got = fort_in_1605_then_allied_move(na41, True, "fort-removed")
    assert not [g for g in got if g[1] == "NA41 9.5.7"], got


def test_fort_left_with_the_enemy_at_the_phase_end_is_a_finding(na41):
    """9.5.7: the same entry with the fort left on the map to the end of the Allied Movement Phase: the
    Axis fort (owner recorded at the end of the Axis Movement Phase it was built in) lies with 6 RTR."""
    _, got = fort_in_1605_then_allied_move(na41, False, "fort-kept")
    assert ("i2-allied-movement", "NA41 9.5.7", ("1605",)) in got, got


def test_fort_on_the_map_when_the_log_starts_has_no_owner_guessed(na41):
    """9.5.3, 9.5.7: a log starting from a save with an empty fort in 1707 (whose, the log does not
    say); the Axis Movement Phase ends first; then 6 RTR steps into 1707. The fort was not built in
    that Axis phase, so it is not given to the Axis: not judged, no finding (before: 'The Axis fort
    in 1707 lies with enemy units')."""
    _, module, _ = na41
    w = writer(na41, lambda w: w.add(*palette_piece(module, "fortification"), "1707", report=False))
    w.set_turn(1, 8)
    w.advance(6)                                            # i1-axis-movement ends first
    w.move("6RTR", "1707")
    w.advance(1)
    r, got = findings(na41, w, "fort-at-start")
    assert not [g for g in got if g[1] == "NA41 9.5.7"], got
    assert any(x["rule"] == "NA41 9.5.7" and "1707" in x["why"] for x in r.coverage["rules_not_judged"])


def test_automatic_ds_retreat_is_not_judged_from_a_log(na41):
    """8.9.1, 13.1.3: in the Axis Movement Phase 5 Pz Rgt moves next to 1808 and an Automatic DS
    marker is placed; 6 RTR retreats 4 hexes and gets a Full Retreat marker. A log does not record
    the non-phasing side's moves, so whether 6 RTR retreated is not known: 13.3.4 not judged, no
    finding (before: a 13.3.4 finding at the phase end)."""
    _, module, _ = na41
    w = writer(na41)
    w.set_turn(1, 8)
    w.move("5Pz", "1605").move("5Pz", "1606").move("5Pz", "1707")
    w.add(*palette_piece(module, "auto-ds"), "1707")
    for h in ("1809", "1810", "1811", "1812"):
        w.move("6RTR", h)
    w.add(*palette_piece(module, "full-retreat"), "1812")
    w.advance(2)
    r, got = findings(na41, w, "auto-ds")
    assert not [g for g in got if g[1] == "NA41 13.3.4"], got
    assert any(x["rule"] == "NA41 13.3.4" and "6RTR" in x["why"] for x in r.coverage["rules_not_judged"])


def test_disrupted_marker_deleted_a_drag_after_its_unit_was_eliminated(na41):
    """13.2.3 「非戦闘ユニットは、常に良好統制です」; 10.1: the Disrupted 20/9 Aus, stacked with Truck 1 in
    3313, is eliminated in the Axis Combat Phase: dragged to the Eliminated box, then its marker
    deleted. Neither step is a finding: not 13.2.3 for the truck left one drag under the marker, not
    12.2.1 for the drag to the box (an elimination, not a retreat)."""
    _, module, _ = na41
    marker = []

    def save(w):
        w.move("AlliedTruck1", "3313")
        marker.append(w.add(*palette_piece(module, "disrupted"), "3313", report=False))
    w = writer(na41, save)
    mk = marker[0]
    w.set_turn(1, 9)                                        # i1-axis-combat
    w.move("20/9Aus", "eliminated")
    w.delete(mk)
    w.advance(1)
    _, got = findings(na41, w, "disrupted-truck")
    assert got == [], got


def test_unit_eliminated_in_combat_is_no_retreat(na41):
    """12.2.1 reads retreats: 20/9 Aus eliminated in the Axis Combat Phase and dragged to the
    Eliminated box is not a retreat 'off the map into Eliminated Units' (before: a 12.2.1 finding in
    every log with an elimination in combat). A real retreat into an enemy unit's hex is still one."""
    w = writer(na41)
    w.set_turn(1, 9)
    w.move("20/9Aus", "eliminated")
    w.advance(1)
    _, got = findings(na41, w, "eliminated")
    assert not [g for g in got if g[1] == "NA41 12.2.1"], got


@pytest.mark.parametrize("order, pickup", [
    ([("AxisSP1", "1504"), ("AxisTruck1", "1504")], False),                          # SP dragged first
    ([("AxisTruck1", "1504"), ("AxisSP1", "1504")], False),                          # truck dragged first
    ([("AxisTruck1", "1604"), ("AxisTruck1", "1605"), ("AxisSP1", "1605")], True),   # picked up en route
], ids=["sp-then-truck", "truck-then-sp", "pickup-en-route"])
def test_sp_carried_by_truck_in_any_drag_order(na41, order, pickup):
    """17.2.1 「それ自体で移動できません」, 5.8.1 (a truck may enter a unit's hex, pick it up and move on):
    the SP's move is judged at the end of the Movement Phase, with the truck that carried it (before:
    17.2.1 at the SP's drag when it came first or was picked up on the way)."""
    def save(w):
        w.move("AxisTruck1", "1503")
        w.move("AxisSP1", "1604" if pickup else "1503")
    w = writer(na41, save)
    w.set_turn(1, 8)
    for ref, h in order:
        w.move(ref, h)
    w.advance(1)
    _, got = findings(na41, w, "sp-" + "-".join(h for _, h in order))
    assert not [g for g in got if g[1] == "NA41 17.2.1"], got


def test_sp_moved_alone_is_still_a_finding_at_the_phase_end(na41):
    """17.2.1: the SP dragged 1503 -> 1504 with no truck moving through 1503: a finding, at the end of
    the Axis Movement Phase."""
    def save(w):
        w.move("AxisSP1", "1503")
    w = writer(na41, save)
    w.set_turn(1, 8)
    w.move("AxisSP1", "1504")
    w.advance(1)
    r, got = findings(na41, w, "sp-alone")
    assert [g for g in got if g[1] == "NA41 17.2.1"] == [("i1-axis-movement", "NA41 17.2.1", ("1504",))], got
    assert [f.at for f in r.findings if f.rule == "NA41 17.2.1"] == ["end"]


def test_a_truck_dragged_past_the_sp_in_one_drop_is_not_judged(na41):
    """5.8.1/17.2.1: a truck dragged 1503 -> 1605 in one drop may have gone through 1604 and picked
    the SP up there; the drag does not record the route, so the SP that then moves 1604 -> 1605 is
    not judged (was an NA41 17.2.1 finding); an SP with no truck ending beside it still is."""
    def save(w):
        w.move("AxisTruck1", "1503")
        w.move("AxisSP1", "1604")
    w = writer(na41, save)
    w.set_turn(1, 8)
    w.move("AxisTruck1", "1605")
    w.move("AxisSP1", "1605")
    w.advance(1)
    r, got = findings(na41, w, "truck-one-drop")
    assert not [g for g in got if g[1] == "NA41 17.2.1"], got
    assert "NA41 17.2.1" in {n["rule"] for n in r.coverage["rules_not_judged"]}
