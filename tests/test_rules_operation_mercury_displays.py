"""Operation Mercury: the displays' boxes (round rulepos27; before, every move on them passed).

* 12.23 b-d: readiness moves an air unit at most one box nearer Ready (Abort 2, Abort 1, Flown,
  Ready), in the Air Unit Allocation Phase; a unit still in an Abort box flies no mission this turn.
* 12.31: only Ready units are allocated, in that phase, irrevocably; an unallocated unit never goes
  to Flown or an Abort box. 12.21: air units are kept on the display, never on a hex at a phase end.
* 12.13, 12.16: the Ju-87 halves replace the Stukas they were split from; the optional units only
  with Campaign Option #5 (never in the scenarios of 14.0).
* 16.41, 16.42, 16.46: no German ship in Alexandria; refit boxes one box a turn toward Ready to Sail.
"""
from __future__ import annotations

import pytest

from om_util import kit
from rules_util import as_log, position, rules, table
from vmodgen.errors import InputError
from vmodgen.rules import ruleset_for


def log_rules(text: str) -> list[str]:
    """:func:`rules` of ``text`` read as a log's position (:func:`as_log`)."""
    p = as_log(position(text))
    return sorted({f.rule for f in ruleset_for(p.game).check(p)})


#: a naval unit in play: the naval game is played, so its Naval Segment is not empty (SoP III)
NAVAL_GAME = table("units", unit="A-DD-Kelvin", hex="alexandria-ready")


def air(unit: str, prev: str, to: str, turn: int = 4, phase: str = "air-allocation", **kw) -> str:
    return kit(turn, phase) + table("units", unit=unit, hex=to, previous=prev) + "".join(
        f"{k} = {v}\n" for k, v in kw.items())


@pytest.mark.parametrize("prev,to,phase,want", [
    ("air-abort-2", "air-abort-1", "air-allocation", []),
    ("air-abort-1", "air-flown", "air-allocation", []),
    ("air-flown", "air-ready", "air-allocation", []),
    ("air-flown", "air-bombardment", "air-allocation", []),           # Flown → Ready, then allocated
    ("air-interdiction", "air-ready", "air-allocation", []),          # 12.23a
    ("air-bombardment", "air-flown", "german-bombardment", []),       # 12.22: the mission flown
    ("air-abort-2", "air-ready", "air-allocation", ["OM 12.23"]),     # two boxes at once
    ("air-abort-1", "air-ready", "air-allocation", ["OM 12.23"]),
    ("air-flown", "air-abort-1", "air-allocation", []),               # 12.41 step 7: rolled Ready, interdicted, aborted
    ("air-flown", "air-abort-2", "air-allocation", []),
    ("air-ready", "air-flown", "air-allocation", []),                 # 12.41 step 7: interdicted, back to Flown
    ("air-ready", "air-abort-2", "air-allocation", []),               # 12.22: AA Abort 2, straight there
    ("air-flown", "air-abort-1", "german-movement", ["OM 12.23"]),    # never back outside the interdiction
    ("air-abort-1", "air-abort-2", "air-allocation", ["OM 12.23"]),   # an Abort 1 unit flies nothing this turn
    ("air-abort-1", "air-bombardment", "air-allocation", ["OM 12.23"]),
    ("air-abort-2", "air-abort-1", "german-movement", ["OM 12.23"]),  # readiness outside its phase
    ("air-ready", "air-flown", "german-bombardment", ["OM 12.31"]),   # never allocated
    ("air-ready", "air-bombardment", "german-bombardment", ["OM 12.31"]),
    ("air-interdiction", "air-bombardment", "german-bombardment", ["OM 12.31"]),
])
def test_air_display_moves(prev, to, phase, want):
    assert rules(air("G-Bf109-1", prev, to, phase=phase)) == want


@pytest.mark.parametrize("prev,to", [("air-flown", "air-abort-1"), ("air-ready", "air-flown"),
                                     ("air-ready", "air-abort-1")])
def test_night_turn_has_no_interdiction_to_come_back_from(prev, to):
    """12.15: a Night turn (GT3) flies no mission, so 12.41's step 7 moves are findings there."""
    assert rules(air("G-Bf109-1", prev, to, turn=3)) in (["OM 12.23"], ["OM 12.31"])


@pytest.mark.parametrize("prev,to", [("air-flown", "air-abort-1"), ("air-ready", "air-flown"),
                                     ("air-ready", "air-abort-2")])
def test_interdiction_results_in_a_log_are_legal_and_named_by_nothing(prev, to):
    """12.41 step 7 in a log: legal, no finding, nothing not judged. As a real log's Air Unit Allocation
    Phase, the unit has no ``previous`` (no side moves there): it is read from the previous phase end
    (rv-om22 item 1; the real-log tests are in ``test_rules_operation_mercury_displays_log.py``)."""
    p = position(kit(4, "air-allocation") + table("units", unit="G-Bf109-1", hex=to)
                 + f'\n[state]\nom_end_hexes = {{"G-Bf109-1" = "{prev}"}}\n')
    rs = ruleset_for(p.game)
    assert [f.rule for f in rs.check(p)] == [] and not any("12.31" in r or "12.23" in r for r in rs.take_not_judged())


def test_air_display_phase_not_judged_in_a_log_record_within_the_tracker_lag():
    """With the previous phase end recorded (``om_end_hexes``, as a log carries it) the order of the
    boxes is judged at any phase; the phase a move was made in is not judged within the tracker's lag
    of the Air Unit Allocation Phase (the Port Refit Phase after it: a drag one step after the tracker,
    12.23 「航空ユニットが任務に割当てられる前」), and is further off (omlag25: before, at any phase)."""
    ends = '\n[state]\nom_end_hexes = {"G-Bf109-1" = "air-abort-2"}\n'
    assert log_rules(air("G-Bf109-1", "air-abort-2", "air-abort-1", phase="port-refit") + ends) == []
    assert log_rules(air("G-Bf109-1", "air-abort-2", "air-abort-1", phase="german-movement") + ends) == ["OM 12.23"]
    assert log_rules(air("G-Bf109-1", "air-abort-2", "air-ready", phase="port-refit") + ends) == ["OM 12.23"]
    flown = air("G-Bf109-1", "air-ready", "air-flown", phase="german-bombardment") + ends
    p = as_log(position(flown))
    rs = ruleset_for(p.game)
    assert [f.rule for f in rs.check(p)] == [] and "OM 12.31" in rs.take_not_judged()   # flew past its box?


@pytest.mark.parametrize("phase,turn,naval,want", [
    ("evacuation-determination", 4, False, []), ("port-refit", 4, False, []),
    ("allied-naval-movement", 4, True, "found"),      # the naval game played: Port Refit between
    ("allied-naval-movement", 4, False, []),          # no naval game: the Naval Segment is empty
    ("supply", 14, False, "found"),                   # 24 PM: the Evacuation Determination Phase between
    ("supply", 4, False, []),                         # before GT14 it is empty
    ("recovery", 4, False, "found"), ("german-movement", 4, False, "found")])
@pytest.mark.parametrize("prev,to,rule", [("air-abort-2", "air-abort-1", "OM 12.23"),       # readiness
                                          ("air-ready", "air-bombardment", "OM 12.31"),     # allocation
                                          ("air-interdiction", "air-bombardment", "OM 12.31")])
def test_air_display_phase_in_a_log_is_judged_two_phases_off(prev, to, rule, phase, turn, naval, want):
    """The phase part of 12.23 / 12.31 in a log (12.31 「航空割当てフェイズのステップ6中」): one phase
    before or after the Air Unit Allocation Phase the rule is named not judged, not passed silently
    (review rv-rp27 item 4); two phases or more off it is the finding a position file gives (the
    tracker-lag policy, omlag25: before, named not judged at any distance). The presses count none
    onto a phase the book lets be empty (review rv-p25 item 1, omfix27: before, OM named none, and GT4's
    Supply Phase and a no-naval game's Allied Naval Movement Phase were two off): the Evacuation
    Determination Phase before GT14 (SoP I.C 「24PMに開始する」), the Naval Segment with no naval game
    (SoP III 「海上ゲームと共にプレイしているときにのみ実行する」). With a naval unit in play, or on GT14,
    those are still two off; the Recovery and German Movement Phases are two off either way."""
    p = as_log(position(air("G-Do17-1", prev, to, turn=turn, phase=phase) + (NAVAL_GAME if naval else "")
                        + f'\n[state]\nom_end_hexes = {{"G-Do17-1" = "{prev}"}}\n'))
    rs = ruleset_for(p.game)
    assert [f.rule for f in rs.check(p)] == ([rule] if want else [])
    assert (rule in rs.take_not_judged()) is (not want)


def test_air_unit_on_a_hex():
    """12.21: a finding at a phase end; with no phase it may be over its target: not judged."""
    on_hex = table("units", unit="G-Ju88-1", hex="W4314")
    assert rules(kit(4, "german-bombardment") + on_hex) == ["OM 12.21"]
    p = position(kit(4, "") + on_hex)
    rs = ruleset_for(p.game)
    assert [f.rule for f in rs.check(p)] == [] and "OM 12.21" in rs.take_not_judged()


def test_ju87_halves_and_optional_units():
    ready = "".join(table("units", unit=u, hex="air-ready") for u in ("G-Ju87-1", "G-Ju87-2", "G-Ju87-split-1"))
    assert rules(kit(4, "air-allocation") + ready) == []          # the optional third Stuka, split (12.16)
    in_scn = kit(4, "air-allocation").replace("turn", 'scenario = "scn2"\nturn')
    assert rules(in_scn + ready) == ["OM 12.13"]                   # no optional Stuka in a scenario (14.0)
    p = position(in_scn + ready)
    (f,) = ruleset_for(p.game).check(p)
    # the count is the kit's, not the rulebook's (no order of battle): the finding says so (rv-rp27 item 5)
    assert "kit's counter mix" in f.message and "illustrative" in f.message and "roster" in f.details["rests_on"]
    ready += "".join(table("units", unit=u, hex="air-ready") for u in ("G-Ju87-split-2", "G-Ju87-split-3"))
    assert rules(kit(4, "air-allocation") + ready) == ["OM 12.13"]
    two = "".join(table("units", unit=u, hex="air-ready") for u in ("G-Ju87-2", "G-Ju87-split-1", "G-Ju87-split-2"))
    assert rules(kit(4, "air-allocation") + two) == []
    opt = table("units", unit="G-Ju87-opt", hex="air-ready")
    assert rules(kit(2, "air-allocation").replace("turn", 'scenario = "scn2"\nturn') + opt) == ["OM 12.16"]
    p = position(kit(4, "air-allocation") + opt)
    rs = ruleset_for(p.game)
    assert [f.rule for f in rs.check(p)] == [] and "OM 12.16" in rs.take_not_judged()


@pytest.mark.parametrize("unit,prev,to,phase,want", [
    ("A-CL-Orion", "alexandria-refit-1", "alexandria-refit-2", "port-refit", []),
    ("A-CL-Orion", "alexandria-refit-2", "alexandria-ready", "port-refit", []),
    ("A-CL-Orion", "alexandria-refit-1", "alexandria-ready", "port-refit", ["OM 16.42"]),
    ("A-CL-Orion", "alexandria-ready", "alexandria-refit-1", "port-refit", ["OM 16.42"]),
    ("A-CL-Orion", "alexandria-refit-2", "alexandria-ready", "allied-naval-movement", ["OM 16.42"]),
    ("G-Rodi", "athens-refit-3", "athens-ready", "port-refit", []),
    ("G-Rodi", "athens-refit-1", "athens-ready", "port-refit", ["OM 16.46"]),
    ("G-Rodi", "athens-refit-2", "athens-refit-1", "port-refit", ["OM 16.46"]),
    ("G-Rodi", "sea-crete-basin", "alexandria", "german-naval-movement", ["OM 16.41"]),
    ("G-Rodi", "sea-crete-basin", "alexandria-refit-1", "german-naval-movement", ["OM 16.41"]),
    ("G-Rodi", "sea-crete-basin", "allied-naval-display", "german-naval-movement", ["OM 16.16"]),  # not Alexandria
])
def test_port_boxes(unit, prev, to, phase, want):
    assert rules(air(unit, prev, to, phase=phase)) == want


@pytest.mark.parametrize("turn,phase,want", [
    (4, "air-allocation", ["OM 12.41"]),      # step 7: the interdicting units go to Flown
    (4, "german-movement", ["OM 12.41"]),
    (4, "supply", []),                        # before the allocation: not judged here
    (6, "air-allocation", ["OM 12.23a"]),     # a Night turn: no interdiction; left from the last turn
])
def test_interdicting_units_back_to_flown(turn, phase, want):
    """12.41 (round rulepos27): once the levels are set the interdicting units go to Flown."""
    assert rules(kit(turn, phase) + table("units", unit="G-Ju87-1", hex="air-interdiction")) == want


@pytest.mark.parametrize("prev,to,want", [
    ("alexandria-ready", "allied-naval-display", ["OM 16.44"]),   # sailed without replenishing
    ("allied-naval-display", "alexandria", []),                  # just came in: may carry it
    ("alexandria", "alexandria-refit-1", []),
])
def test_ammo_marker_leaves_with_alexandria(prev, to, want):
    """16.44 (round rulepos27): a ship sailing from Alexandria carries no Ammo Low / Out of Ammo marker."""
    text = kit(4, "allied-naval-movement") + table("units", unit="A-DD-Kelvin", hex=to, previous=prev,
                                                   status=["ammo"])
    assert rules(text) == want


@pytest.mark.parametrize("phase,want", [("port-refit", []), ("air-allocation", []),   # not yet replenished
                                        ("allied-naval-movement", ["OM 16.44"]), ("german-movement", ["OM 16.44"])])
def test_ammo_marker_judged_from_the_allied_naval_movement_phase(phase, want):
    """16.44: the ammunition is replenished as the Allied Naval Movement Phase begins; the Port Refit
    Phase forms the task forces before it, marker still on (review rv-rp27 item 3). A ship joining
    one there stays on the display, so no later phase sees it leave Alexandria: 16.44 is named not
    judged for it (review rv-om22 item 4; before, nothing said)."""
    text = kit(4, phase) + table("units", unit="A-DD-Kelvin", hex="allied-naval-display", previous="alexandria-ready",
                                 status=["ammo"])
    assert rules(text) == want
    p = position(text)
    rs = ruleset_for(p.game)
    rs.check(p)
    assert ("OM 16.44" in rs.take_not_judged()) is (not want)


@pytest.mark.parametrize("extra", ['\n[state]\nom_end_hexes = {"A-DD-Kelvin" = "alexandria-ready"}\n', None])
def test_ammo_marker_in_a_log_or_with_no_phase_is_named_not_judged(extra):
    """16.44 in a log under the Allied Naval Movement tracker (one press after the Port Refit Phase,
    whose end 16.44 reads: the tracker-lag policy, omlag25) or in a position with no phase: not
    judged, named.
    The log's ship has no ``previous`` (a real log's naval phases give none): it is read from the
    previous phase end (rv-om22 item 1)."""
    unit = table("units", unit="A-DD-Kelvin", hex="allied-naval-display", status=["ammo"],
                 **({} if extra else {"previous": "alexandria-ready"}))
    text = kit(4, "allied-naval-movement") + unit + extra if extra else \
        '[position]\ngame = "operation-mercury"\nturn = 4\n\n' + unit
    p = as_log(position(text)) if extra else position(text)
    rs = ruleset_for(p.game)
    assert [f.rule for f in rs.check(p)] == [] and "OM 16.44" in rs.take_not_judged()


@pytest.mark.parametrize("turn,want", [(10, ["OM 20.11"]), (13, ["OM 20.11"]), (14, []), (20, [])])
def test_evacuation_ends_marker_from_gt14(turn, want):
    """20.11-20.12 (round rulepos27): the Evacuation Ends marker exists only after a check, from GT14."""
    text = kit(turn, "evacuation-determination") + '\n[[hexes]]\nhex = "game-turn-record"\nmarkers = ["evacuation_ends"]\n'
    assert rules(text) == want


@pytest.mark.parametrize("marker,ignored", [("rsc", True), ("Fatigue", True), ("Interdiction", True),
                                            ("ip", False), ("declared_combat", False)])
def test_sector_and_unit_markers_on_a_hex_are_listed_ignored(marker, ignored):
    """15.23 (round rulepos27; before, silently legal): an RSC on its sector's Reserve Supply box, a
    unit's Fatigue or a sector's Interdiction marker written in ``[[hexes]] markers`` is read by no rule
    there: listed as ignored with the key the rules read; the IP (9.23) and the play aids are not."""
    p = position(kit(4, "supply") + f'\n[[hexes]]\nhex = "rsc-retimo"\nmarkers = ["{marker}"]\n')
    assert bool(p.ignored) is ignored, p.ignored


def test_evacuation_ends_marker_in_a_log_record_is_not_judged():
    """A log may show the marker kept on the map by its module: not judged."""
    text = (kit(10, "evacuation-determination") + '\n[state]\nom_end_hexes = {}\n'
            + '\n[[hexes]]\nhex = "game-turn-record"\nmarkers = ["evacuation_ends"]\n')
    p = as_log(position(text))
    rs = ruleset_for(p.game)
    assert [f.rule for f in rs.check(p)] == [] and "OM 20.11" in rs.take_not_judged()


@pytest.mark.parametrize("prev,to", [("air-flown", "air-abort-1"), ("air-flown", "air-abort-2")])
def test_interdiction_result_dragged_after_the_tracker_left_the_phase_is_not_judged_in_a_log(prev, to):
    """12.41 step 7, 12.22: a day turn's interdicting unit (Flown, rolled Ready, interdicted) aborted by
    the AA and dragged to its Abort box a step after the tracker left the Air Unit Allocation Phase
    reads, in a log, as Flown → Abort in the Port Refit Phase: named not judged, not a 12.23 "never
    back" finding (omfix14's report: it was one). In a position file it stays a finding (above); on a
    Night turn, with no interdiction, the log's move stays one too (12.15)."""
    ends = f'\n[state]\nom_end_hexes = {{"G-Bf109-1" = "{prev}"}}\n'
    p = as_log(position(air("G-Bf109-1", prev, to, phase="port-refit") + ends))
    rs = ruleset_for(p.game)
    assert [f.rule for f in rs.check(p)] == [] and "OM 12.23" in rs.take_not_judged()
    assert log_rules(air("G-Bf109-1", prev, to, turn=3, phase="port-refit") + ends) == ["OM 12.23"]


@pytest.mark.parametrize("phase,last,want", [
    ("allied-combat", None, ["OM 12.23"]),                    # no German air unit flies in Allied phases
    ("german-movement", None, []),                            # a step before the German Bombardment Phase (12.5)
    ("evacuation-determination", None, []),                   # a step before the Air Unit Allocation Phase (12.41)
    ("supply", None, []),                                     # so is GT4's Supply Phase: the Evacuation
                                                              # Determination Phase is empty before GT14
    ("recovery", None, ["OM 12.23"]),                         # two steps before it, none after a German air phase
    ("german-paradrop+naval", None, ["OM 12.23"]),            # GT4's Paradrop Phase flies nothing (12.55: GT1
                                                              # only), the Naval Segment between (a naval unit in play)
    ("german-paradrop", None, []),                            # no naval game: one press after the Air Unit
                                                              # Allocation Phase, its Naval Segment empty
    ("allied-movement", None, []),                            # a step after the German Combat Phase (12.6)
    ("german-naval-movement", None, []),                      # a step after the First Naval Combat Phase (19.1)
    ("german-bombardment", None, []),                         # the phase a bombardment mission flies in (12.5)
    ("allied-combat", "german-combat", []),                   # the last recorded phase end: a German combat
    ("recovery", "german-movement", ["OM 12.23"]),            # the tracker jumped: its last end flew nothing
    ("port-refit", "german-movement", []),                    # ... but the phase before in the sequence did
])
def test_mission_result_lag_only_beside_a_phase_german_air_flies_in(phase, last, want):
    """rv-om22 item 3: a log's Flown → Abort 2 is a mission's AA result dragged with the tracker a step
    behind or ahead only in, a step before or a step after a phase where German air units fly (Air
    Unit Allocation, First Naval Combat, GT1's Paradrop, German Bombardment and Combat): there named
    not judged, elsewhere the 12.23 "never back" finding (before, any phase of a day turn passed as
    not judged). The previous phase is the last recorded phase end (``om_last_end``), else the one
    before in the sequence; the next is the one after in the turn (rv-b22w item 1: before, a step
    before was a finding, so GT4's Evacuation Determination and German Movement Phases found one).
    omlag25: the window is the tracker-lag policy's (``RuleSet.lag``) besides the last recorded phase
    end, so the Port Refit Phase after a recorded German Movement Phase end (the tracker set past
    phases) is one press from the Air Unit Allocation Phase: named not judged (before, a finding).
    omfix27 (review rv-p25 item 1): the presses count none onto a phase the book lets be empty (the
    Evacuation Determination Phase before GT14, the Naval Segment with no naval unit in play), so GT4's
    Supply Phase and, with no naval game, its Paradrop Phase are one press from the Air Unit Allocation
    Phase (before, two: findings); ``+naval`` puts a naval unit in play."""
    state = '\n[state]\nom_end_hexes = {"G-Bf109-1" = "air-flown"}\n'
    if last:
        state += f'om_last_end = {{turn = 4, phase = "{last}"}}\n'
    phase, naval = phase.removesuffix("+naval"), phase.endswith("+naval")
    p = as_log(position(air("G-Bf109-1", "air-flown", "air-abort-2", phase=phase) + state + (NAVAL_GAME if naval else "")))
    rs = ruleset_for(p.game)
    assert [f.rule for f in rs.check(p)] == want
    assert ("OM 12.23" in rs.take_not_judged()) is (not want)


@pytest.mark.parametrize("turn,phase,to,want", [
    (3, "air-allocation", "air-abort-1", ["OM 12.31"]),        # a Night turn: nothing flies (12.15)
    (6, "port-refit", "air-flown", ["OM 12.31"]),
    (4, "allied-combat", "air-flown", ["OM 12.31"]),           # no German air unit flies in or before it
    (4, "german-bombardment", "air-flown", []),                # a bombardment flown, dragged past its box
    (4, "allied-movement", "air-abort-2", []),                 # a step after the German Combat Phase (12.6)
])
def test_unallocated_unit_flown_in_a_log_only_beside_a_phase_german_air_flies_in(turn, phase, to, want):
    """12.31「割当てられなかったユニットは、そのゲーム・ターン中に任務で飛行できない」, 12.22: in a log,
    Ready → Flown / Abort outside a day turn's Air Unit Allocation Phase may be a unit that flew,
    dragged past its mission box a step late, only in or a step after a phase where German air units
    fly: there 12.31 is named not judged; on a Night turn (12.15 「各昼間ゲーム・ターン」) and
    elsewhere it is a finding (review rv-om22 item 8; before, named not judged in any phase)."""
    state = '\n[state]\nom_end_hexes = {"G-Bf109-1" = "air-ready"}\n'
    p = as_log(position(kit(turn, phase) + table("units", unit="G-Bf109-1", hex=to) + state))
    rs = ruleset_for(p.game)
    assert [f.rule for f in rs.check(p)] == want
    assert ("OM 12.31" in rs.take_not_judged()) is (not want)


@pytest.mark.parametrize("prev,to,rule", [("air-ready", "air-abort-1", "OM 12.31"), ("air-ready", "air-flown", "OM 12.31"),
                                          ("air-flown", "air-abort-2", "OM 12.23")])
def test_interdiction_move_in_a_position_with_no_turn_is_named_not_judged(prev, to, rule):
    """12.41 step 7 is flown on day turns only (12.15): an Air Unit Allocation Phase position with no
    turn (nor ``[state] time``) does not say whether an interdicting unit went there, so the move is
    named not judged (review rv-om22 item 7; before, legal and nothing said); with GT3, a Night turn,
    it is a finding, with GT4 legal."""
    p = position(kit(None, "air-allocation") + table("units", unit="G-Bf109-1", hex=to, previous=prev))
    rs = ruleset_for(p.game)
    assert [f.rule for f in rs.check(p)] == [] and rule in rs.take_not_judged()
    assert rules(air("G-Bf109-1", prev, to, turn=3)) == [rule]
    assert rules(air("G-Bf109-1", prev, to, turn=4)) == []


@pytest.mark.parametrize("turn,phase,flies", [
    (1, "german-paradrop", True),         # 12.55: GT1 only
    (4, "german-paradrop", False),
    (None, "german-paradrop", True),      # an unknown turn may be GT1
    (None, "air-allocation", True),       # and may be a day turn
    (3, "air-allocation", False),         # GT3 is a Night turn (12.15)
    (4, "german-movement", False),
    (4, "german-combat", True),           # 12.6
])
def test_german_air_flies_reads_an_unknown_turn_as_maybe_gt1(turn, phase, flies):
    """Where German air units fly (12.15, 12.41, 12.5, 12.55, 19.1): an unknown turn may be a day turn and
    may be GT1, whose Paradrop Phase flies (rv-b22w item 3: before, an unknown turn never matched GT1)."""
    from vmodgen.rules.games.operation_mercury.displays import german_air_flies
    assert german_air_flies(position(kit(turn, phase)), turn, phase) is flies


@pytest.mark.parametrize("prev,to,rule", [("air-ready", "air-flown", "OM 12.31"), ("air-ready", "air-abort-2", "OM 12.31"),
                                          ("air-flown", "air-abort-1", "OM 12.23")])
@pytest.mark.parametrize("turn", [None, 4])
def test_interdiction_move_in_a_position_with_no_phase_is_named_not_judged(prev, to, rule, turn):
    """12.41 step 7, 12.22: a position with no phase may be a day turn's Air Unit Allocation Phase, where
    an interdicting unit goes from Ready (or Flown, rolled Ready) to Flown or an Abort box: named not
    judged, no finding, with or without a turn (rv-b22w item 4: before, OM 12.31 / OM 12.23). On GT3, a
    Night turn (12.15: no missions), the move is a finding."""
    p = position(kit(turn, "") + table("units", unit="G-Bf109-1", hex=to, previous=prev))
    rs = ruleset_for(p.game)
    assert [f.rule for f in rs.check(p)] == [] and "a phase the position does not give" in rs.take_not_judged()[rule]
    assert rules(kit(3, "") + table("units", unit="G-Bf109-1", hex=to, previous=prev)) == [rule]


def _supply_with_last_end(last: str) -> str:
    """GT14 Supply Phase, in a log (``om_end_hexes``): the Bf-109 went Flown → Abort 2 (12.23) and Lehr
    carries a new Fatigue marker (9.71), the last phase end stated as ``last``. GT14 (24 PM): its
    Evacuation Determination Phase is played (SoP I.C), so the Air Unit Allocation Phase is two
    presses on (omfix27: on GT4 that phase is empty and 12.23 one press off)."""
    return (kit(14, "supply") + table("units", unit="G-Bf109-1", hex="air-abort-2")
            + table("units", unit="G-Lehr", hex="W4216", status=["fatigued"])
            + '\n[state]\nom_end_hexes = {"G-Bf109-1" = "air-flown", "G-Lehr" = "W4216"}\nom_fatigued = []\n'
            + f"om_last_end = {last}\n")


@pytest.mark.parametrize("last", ["{turn = 4}", '{turn = "x", phase = 3}', '{turn = 4, phase = "recovery", x = 1}', "5",
                                  '{turn = 0, phase = "german-combat"}', '{turn = -2, phase = "recovery"}',
                                  '{turn = true, phase = "recovery"}'])
def test_a_malformed_last_phase_end_is_refused(last):
    """``[state] om_last_end`` must be ``{turn = 3, phase = "..."}``: refused, naming the key (rv-b22w
    item 5: before, ``{turn = 4}`` was accepted and read as the phase "None"). Its turn is a game turn
    as ``[position] turn`` takes one, at least 1 (rv-d22 item 4: before, ``turn = 0`` and ``turn = -2``
    were accepted and GT0 read as a Night turn, 12.15)."""
    with pytest.raises(InputError, match="om_last_end"):
        position(_supply_with_last_end(last))


@pytest.mark.parametrize("last,known", [('{turn = 14, phase = "recovery"}', True),
                                        ('{turn = 14, phase = "not-a-phase"}', False)])
def test_a_last_phase_end_off_the_sequence_is_read_as_unknown_by_every_rule(last, known):
    """After the Recovery Phase (no German air, no combat) the GT14 Supply Phase's Flown → Abort 2 and new
    Fatigue marker are both findings. A last phase end naming no phase of the sequence is read by
    both rules as unknown, so both are named not judged (rv-b22w item 5: before, 9.71 read it as
    'may lag' and named itself not judged while 12.23 read 'no German air' and gave its finding)."""
    p = as_log(position(_supply_with_last_end(last)))
    rs = ruleset_for(p.game)
    found = sorted(f.rule for f in rs.check(p) if f.rule in ("OM 12.23", "OM 9.71"))
    named = rs.take_not_judged()
    assert found == (["OM 12.23", "OM 9.71"] if known else [])
    assert ("OM 12.23" in named and "OM 9.71" in named) is (not known)


@pytest.mark.parametrize("phase,task_force", [("port-refit", True), ("air-allocation", False), ("supply", False),
                                              ("recovery", False)])
def test_ammo_marker_task_force_reason_only_in_the_port_refit_phase(phase, task_force):
    """16.43, 16.44: a ship leaving Alexandria with an Ammo Low marker before the Allied Naval Movement
    Phase is named not judged; the task-force reason (16.43: a task force formed in Alexandria) is
    given in the Port Refit Phase only, which forms the task forces (rv-b22w item 7: before, in the
    Recovery, Supply and Air Unit Allocation Phases too)."""
    p = position(kit(4, phase) + table("units", unit="A-DD-Kelvin", hex="allied-naval-display",
                                       previous="alexandria-ready", status=["ammo"]))
    rs = ruleset_for(p.game)
    assert [f.rule for f in rs.check(p)] == []
    assert ("task force formed in Alexandria" in rs.take_not_judged()["OM 16.44"]) is task_force


@pytest.mark.parametrize("prev,to,phase,rule", [("air-abort-2", "air-abort-1", "port-refit", "OM 12.23"),
                                                ("air-ready", "air-bombardment", "port-refit", "OM 12.31")])
def test_a_position_file_stating_the_last_phase_end_is_judged_as_a_position_file(prev, to, phase, rule):
    """lagfix23: "a log" is one test, the position's phase being its turn tracker's
    (``phase_from_tracker``), not "the previous phase end is carried" (``om_end_hexes``), which a
    position file may state. A position file's phase is exact: readiness (12.23) or an allocation
    (12.31) in the Port Refit Phase is a finding there, the previous phase end stated or not
    (before, stating ``om_end_hexes`` made the file a log and the phase not judged); as a log's
    position the same move, one phase after the Air Unit Allocation Phase, is named not judged."""
    text = air("G-Do17-1", prev, to, phase=phase) + f'\n[state]\nom_end_hexes = {{"G-Do17-1" = "{prev}"}}\n'
    assert rules(text) == [rule]
    p = as_log(position(text))
    rs = ruleset_for(p.game)
    assert [f.rule for f in rs.check(p)] == [] and rule in rs.take_not_judged()


NAVAL_SEGMENT = ["port-refit", "allied-naval-movement", "first-naval-combat", "german-naval-movement",
                 "second-naval-combat", "amphibious-landing", "naval-unloading"]


@pytest.mark.parametrize("turn,naval,no_naval_rules,want", [
    (2, False, False, ["evacuation-determination", *NAVAL_SEGMENT]),   # Scenario 3's: no naval unit
    (13, False, False, ["evacuation-determination", *NAVAL_SEGMENT]),  # 24 AM: the last before 24 PM
    (14, False, False, NAVAL_SEGMENT),                                  # 24 PM: evacuation determined (20.11)
    (2, True, False, ["evacuation-determination"]),                    # a naval unit in play: the naval game
    (14, True, False, []),
    # 21.0: no naval units, but convoys arrive (21.14, 21.32), unload (17.37) and go up the Athens track
    (2, False, True, ["evacuation-determination", "allied-naval-movement", "first-naval-combat",
                      "german-naval-movement", "second-naval-combat"]),
])
def test_empty_phases_are_the_ones_the_sequence_of_play_lets_be_empty(turn, naval, no_naval_rules, want):
    """SoP I.C 「撤収判定フェイズ（24PMに開始する）」: the Evacuation Determination Phase is empty before
    GT14; SoP III 「海上ゲームと共にプレイしているときにのみ実行する」: the Naval Segment is empty with no
    naval game, read from the position (no naval unit in it: a log names no scenario), but for the
    convoy phases under the No Naval Game rules (21.0). Never the Paradrop Phase (a drop read after it
    is made would empty its own phase) nor the Night Air Unit Allocation Phase (12.23's readiness
    rolls). Review rv-p25 item 1, omfix27: before, OM named no empty phase."""
    text = kit(turn, "supply") + table("units", unit="G-Lehr", hex="W4216") + (NAVAL_GAME if naval else "")
    if no_naval_rules:
        text += '\n[rules]\nno_naval_game = true\n'
    p = position(text)
    rs = ruleset_for(p.game)
    got = rs.empty_phases(p)
    order = [ph.id for ph in p.game.sequence.phases]
    assert sorted(got, key=order.index) == want
    assert (rs.empty_phases_named(p) != "") is bool(want)


@pytest.mark.parametrize("phase", ["amphibious-landing", "port-refit"])
def test_a_drop_before_any_phase_end_names_the_paradrop_phase(phase):
    """6.11, review rv-p25 item 7: a log with no phase end recorded yet (the tracker may never have been
    pressed), the naval game played (DD Kelvin in Alexandria), GT1; Vogel 1 goes from the first-wave
    box to W4212 with the tracker two presses or more before the German Paradrop Phase: not judged, and
    the reason says the drop is before that phase (omfix27: before, "before this turn's arrival
    phases", false for the Amphibious Landing Phase, one of the phases a drop is read in)."""
    p = as_log(position(kit(1, phase) + NAVAL_GAME
                        + table("units", unit="G-Vogel-1", hex="W4212", previous="german-first-wave")))
    rs = ruleset_for(p.game)
    assert [f.rule for f in rs.check(p) if "G-Vogel-1" in f.units] == []
    why = rs.take_not_judged()["OM 6.11"]
    assert "before this turn's German Paradrop Phase" in why and "arrival phases" not in why
