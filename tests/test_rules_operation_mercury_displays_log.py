"""Operation Mercury's displays read from logs of the bundled module (LogWriter), as a real audit
sees them: the replay gives a unit a ``previous`` only in the phases where units move, and there
only to the moving side's, so a move on the Air Operations Display or in the port boxes made in the
Air Unit Allocation, Port Refit or a naval phase (or a German air unit's drag in an Allied phase)
is read from the previous phase end (review rv-om22 item 1: before, such moves were never seen and
the report listed 12.23, 16.42 and 16.44 as checked)."""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from games_util import not_judged, palette_piece
from vmodgen.audit import audit
from vmodgen.testing.log_writer import LogWriter

SCENARIO = "Scenario 3: Maleme-Suda, May 20-23"
BF109 = "G-Bf109-1"
KELVIN = "A-DD-Kelvin"


@pytest.fixture(scope="module")
def om(tmp_path_factory):
    return bundled_module("operation-mercury", tmp_path_factory, "om-displays-log")


def _log(om, name: str, unit: str, start: str, drags: list[str], turn: int, phase: str,
         status: str | None = None, naval: bool = False):
    """``unit`` put in box ``start`` (with the marker ``status`` if given) at the start of GT1, the
    tracker advanced phase by phase to ``phase`` of ``turn``, ``unit`` dragged through ``drags``,
    then the tracker on one phase: the audit of that log. ``naval``: DD Kelvin put in Alexandria too,
    a naval unit in play, so the naval game is played and its Naval Segment is not empty (SoP III;
    Scenario 3 has no naval game)."""
    kit, module, root = om
    ids = [p.id for p in kit.game.sequence.phases]
    w = LogWriter.from_module_setup(module, SCENARIO, kit=kit)
    w.add(*palette_piece(module, unit), start, report=False)
    if naval and unit != KELVIN:
        w.add(*palette_piece(module, KELVIN), "alexandria-ready", report=False)
    marker = w.add(*palette_piece(module, status), start, report=False) if status else None
    w.advance(len(ids) * (turn - 1) + ids.index(phase))
    for box in drags:
        w.move(unit, box)
        if marker:
            w.move(marker, box)
    w.advance(1)
    return audit([w.write(root / f"{name}.vlog")], module=module)


def _rules(r, unit: str) -> list[str]:
    return [f.rule for f in r.findings if unit in f.units]


def _not_judged(r, rule: str) -> list[str]:
    """The reasons ``rule`` is named not judged, but for the log ending inside a phase."""
    return [why for why in not_judged(r, rule) if "the log ends before" not in why]


def test_abort_2_unit_flies_a_mission_in_the_air_unit_allocation_phase(om):
    """12.23 d: GT1 (a day turn), Air Unit Allocation Phase, the Bf-109 in Abort 2 goes to Ready, then
    to the Bombardment/Combat Support box: a unit in Abort 2 at the readiness roll stays there or
    goes to Abort 1, and flies no mission this turn. OM 12.23 (before: no finding, exit 0)."""
    r = _log(om, "abort2-to-mission", BF109, "air-abort-2", ["air-ready", "air-bombardment"], 1, "air-allocation")
    assert _rules(r, BF109) == ["OM 12.23"]
    assert "flies no mission this turn" in r.findings[0].message


@pytest.mark.parametrize("drags", [["air-interdiction", "air-abort-2"], ["air-flown"]])
def test_interdiction_results_in_a_real_log_stay_legal(om, drags):
    """12.41 step 7, 12.22: in a day turn's Air Unit Allocation Phase an interdicting unit fired at goes
    to Abort 2 or Flown: legal, and neither 12.23 nor 12.31 is named."""
    r = _log(om, "interdicted-" + drags[-1], BF109, "air-ready", drags, 1, "air-allocation")
    assert _rules(r, BF109) == [] and not _not_judged(r, "OM 12.23") and not _not_judged(r, "OM 12.31")


@pytest.mark.parametrize("start,drags,rule", [
    ("air-ready", ["air-interdiction", "air-flown"], "OM 12.31"),
    ("air-flown", ["air-ready", "air-interdiction", "air-abort-1"], "OM 12.23"),
])
def test_interdiction_played_with_the_tracker_a_phase_behind_is_not_a_finding(om, start, drags, rule):
    """12.41 step 7, 12.22: GT2 (a day turn), the German player flies the interdiction with the tracker
    still on the Evacuation Determination Phase, the phase before the Air Unit Allocation Phase, then
    moves it on: Ready → Interdiction → Flown, and Flown → Ready → Interdiction → Abort 1, read from
    the phase end before as Ready → Flown and Flown → Abort 1. Legal play a step before the tracker:
    named not judged, no finding (rv-b22w item 1: before, OM 12.31 and OM 12.23 'never back'). GT3 is
    a Night turn (12.15: no missions): the same drags there stay findings."""
    r = _log(om, "behind-" + drags[-1], BF109, start, drags, 2, "evacuation-determination")
    assert _rules(r, BF109) == []
    assert any("a step before or after a phase German air units fly" in why for why in _not_judged(r, rule))
    night = _log(om, "behind-night-" + drags[-1], BF109, start, drags, 3, "evacuation-determination")
    assert _rules(night, BF109) == [rule]


@pytest.mark.parametrize("start,to,rule", [("air-ready", "air-flown", "OM 12.31"),
                                           ("air-flown", "air-abort-1", "OM 12.23")])
def test_gt1_paradrop_phase_is_one_german_air_flies_in(om, start, to, rule):
    """12.55「ゲーム・ターン 1（のみ）…落下傘降下フェイズ中」: on GT1 German air units fly in the Paradrop
    Phase, so a log's Ready → Flown and Flown → Abort 1 there may be a mission's result dragged past
    its box: named not judged, as in GT1's German Bombardment Phase (rv-b22w item 3: before, the
    current phase's turn was not passed, GT1's Paradrop Phase read as flying nothing, and both were
    findings). On GT4 its Paradrop Phase flies nothing, and Flown → Abort 1 stays a finding with the
    naval game played (a naval unit in play); without it the Naval Segment is empty (SoP III) and GT4's
    Paradrop Phase one press from the Air Unit Allocation Phase: named not judged (omfix27, review
    rv-p25 item 1: before, a finding there too)."""
    r = _log(om, "gt1-paradrop-" + to, BF109, start, [to], 1, "german-paradrop")
    assert _rules(r, BF109) == [] and _not_judged(r, rule)
    assert _rules(_log(om, "gt4-paradrop-" + to, BF109, "air-flown", ["air-abort-1"], 4, "german-paradrop",
                       naval=True), BF109) == ["OM 12.23"]
    no_naval = _log(om, "gt4-paradrop-nonaval-" + to, BF109, "air-flown", ["air-abort-1"], 4, "german-paradrop")
    assert _rules(no_naval, BF109) == [] and _not_judged(no_naval, "OM 12.23")


def test_night_turn_flown_to_abort_in_a_naval_phase(om):
    """12.15, 12.23: GT3 is a Night turn (no missions, so no interdiction); Flown → Abort 1 in its
    Port Refit Phase goes back a box: OM 12.23 (before: not seen)."""
    r = _log(om, "night-flown-abort", BF109, "air-flown", ["air-abort-1"], 3, "port-refit")
    assert _rules(r, BF109) == ["OM 12.23"]


@pytest.mark.parametrize("start,to,want", [
    ("alexandria-refit-1", "alexandria-ready", ["OM 16.42"]),     # two boxes in one Port Refit Phase
    ("alexandria-ready", "alexandria-refit-2", ["OM 16.42"]),     # back
    ("alexandria-refit-2", "alexandria-ready", []),               # one box toward Ready to Sail
])
def test_refit_boxes_in_a_real_port_refit_phase(om, start, to, want):
    """16.42 「海上ユニットは、ゲーム・ターン毎に1ボックスのみ右へ移動できる」: in the Port Refit Phase of
    a log a ship moves one refit box right, never two, never back (before: no move was seen)."""
    r = _log(om, f"refit-{start}-{to}", KELVIN, start, [to], 1, "port-refit")
    assert _rules(r, KELVIN) == want


def test_refit_move_outside_the_port_refit_phase_is_named_not_judged_in_a_log(om):
    """16.42: the phase of a refit move in a log (the tracker may lag a step) is named not judged."""
    r = _log(om, "refit-german-movement", KELVIN, "alexandria-refit-2", ["alexandria-ready"], 1, "german-movement")
    assert _rules(r, KELVIN) == [] and _not_judged(r, "OM 16.42")


def test_flown_to_abort_in_an_allied_phase_is_a_finding(om):
    """12.23: GT2 (a day turn), Allied Combat Phase, the Bf-109 goes from Flown to Abort 2: no German
    air unit flies in the Allied phases nor in the one before, so this is no mission's AA result
    dragged late but a move back: OM 12.23 (rv-om22 item 3; before, named not judged on any day turn)."""
    r = _log(om, "allied-combat-flown-abort", BF109, "air-flown", ["air-abort-2"], 2, "allied-combat")
    assert _rules(r, BF109) == ["OM 12.23"] and not _not_judged(r, "OM 12.23")


def test_interdiction_abort_dragged_a_step_late_is_named_not_judged(om):
    """12.41 step 7, 12.22: GT1, Flown → Abort 1 in the Port Refit Phase, a step after the Air Unit
    Allocation Phase (an interdicting unit, rolled Ready and aborted by the AA, dragged late): named
    not judged, no finding."""
    r = _log(om, "port-refit-flown-abort", BF109, "air-flown", ["air-abort-1"], 1, "port-refit")
    assert _rules(r, BF109) == [] and _not_judged(r, "OM 12.23")


def test_ship_joining_a_task_force_with_an_ammo_marker_is_named_not_judged(om):
    """16.43-16.44: GT1's Port Refit Phase, DD Kelvin (Ammo marker on) goes from Ready to Sail onto the
    Allied Naval Display, joining a task force formed in Alexandria: it is replenished as the Allied
    Naval Movement Phase begins, but its ship stays on the display, seen leaving Alexandria by no
    later phase end: OM 16.44 named not judged, no finding (rv-om22 item 4; before, nothing said)."""
    r = _log(om, "task-force-ammo", KELVIN, "alexandria-ready", ["allied-naval-display"], 1, "port-refit",
             status="ammo")
    assert "OM 16.44" not in _rules(r, KELVIN)
    assert [w for w in _not_judged(r, "OM 16.44") if "task force" in w]


def test_ready_to_abort_in_a_night_air_unit_allocation_phase_is_a_finding(om):
    """12.15, 12.31: GT3 is a Night turn; in its Air Unit Allocation Phase the Bf-109 goes from Ready to
    Abort 1. Nothing flies at night, so no AA result put it there: OM 12.31 (rv-om22 item 8; before,
    named not judged 'outside a day turn's Air Unit Allocation Phase')."""
    r = _log(om, "night-ready-abort", BF109, "air-ready", ["air-abort-1"], 3, "air-allocation")
    assert _rules(r, BF109) == ["OM 12.31"] and not _not_judged(r, "OM 12.31")


# ---- omlag25: the air and port rules on the tracker-lag policy (vmodgen/rules/core/tracker_lag.py) ----
@pytest.mark.parametrize("phase,off,naval", [("german-combat", 0, False), ("allied-movement", 1, False),
                                             ("allied-bombardment", 2, False), ("german-movement", 1, False),
                                             ("naval-unloading", 3, True), ("naval-unloading", 1, False)])
def test_mission_result_at_0_1_2_presses_from_a_german_air_phase(om, phase, off, naval):
    """12.22-12.23 「飛行済ボックス内の各ユニットについて…」: on GT2 (a day turn) the Bf-109 goes from
    Flown back to Abort 2 with the tracker ``off`` presses of Next from a phase German air units fly
    in (12.6: the German Combat Phase; 12.5: the German Bombardment Phase after the German Movement
    Phase). In it or one press off, a mission's AA result dragged with the tracker off the phase it
    flew in reads the same: OM 12.23 named not judged; two presses off or more, the move back the
    readiness roll never makes: OM 12.23 (omlag25: the policy's window, ``RuleSet.lag``). The Naval
    Unloading Phase is three presses from the Air Unit Allocation Phase with the naval game played
    (``naval``), one without it: its Naval Segment is empty (SoP III 「海上ゲームと共にプレイしているとき
    にのみ実行する」; omfix27, review rv-p25 item 1: before, three in Scenario 3 too)."""
    r = _log(om, f"lag-mission-{phase}-{naval}", BF109, "air-flown", ["air-abort-2"], 2, phase, naval=naval)
    assert _rules(r, BF109) == ([] if off < 2 else ["OM 12.23"])
    assert bool(_not_judged(r, "OM 12.23")) is (off < 2)


@pytest.mark.parametrize("phase,off,turn,naval", [
    ("air-allocation", 0, 2, False), ("port-refit", 1, 2, False), ("evacuation-determination", 1, 2, False),
    ("allied-naval-movement", 2, 2, True), ("allied-naval-movement", 1, 2, False),
    ("recovery", 2, 2, False), ("supply", 1, 2, False), ("supply", 2, 14, False), ("german-movement", 2, 2, False)])
def test_readiness_roll_at_0_1_2_presses_from_the_air_unit_allocation_phase(om, phase, off, turn, naval):
    """12.23 「航空ユニットが任務に割当てられる前…以下の準備手順を実行する」 d: the readiness roll moves the
    Bf-109 from Abort 2 to Abort 1, in the Air Unit Allocation Phase. With GT2's tracker on that phase
    it is legal and nothing is said; one press off (the Evacuation Determination Phase before, the
    Port Refit Phase after) the phase of the drag is named not judged; two presses off (the Supply
    Phase, the Allied Naval Movement Phase) it is OM 12.23, the tracker named in the message
    (omlag25: before, named not judged at any distance). The presses count none onto a phase the book
    lets be empty (omfix27, review rv-p25 item 1: before, OM named none, and GT2's Supply Phase and
    Scenario 3's Allied Naval Movement Phase were two off, findings): the Evacuation Determination
    Phase before GT14 (SoP I.C 「24PMに開始する」), so GT2's Supply Phase is one press off and GT14's
    two; the Naval Segment with no naval game (SoP III), so Scenario 3's Allied Naval Movement Phase is
    one press off, two with a naval unit in play (``naval``). The Recovery Phase and the German
    Movement Phase are two off either way."""
    r = _log(om, f"lag-readiness-{phase}-{turn}-{naval}", BF109, "air-abort-2", ["air-abort-1"], turn, phase,
             naval=naval)
    found = [f for f in r.findings if BF109 in f.units]
    assert [f.rule for f in found] == ([] if off < 2 else ["OM 12.23"])
    assert bool(_not_judged(r, "OM 12.23")) is (off == 1)
    assert all("two phases or more" in f.message for f in found)


@pytest.mark.parametrize("phase,off", [("port-refit", 0), ("allied-naval-movement", 1), ("first-naval-combat", 2),
                                       ("german-naval-movement", 3)])
def test_ammo_marker_sailing_at_0_1_2_presses_from_the_port_refit_phase(om, phase, off):
    """16.44 「連合軍の海上移動フェイズをいずれかのアレクサンドリア・ボックス内で開始する海上ユニットは…
    これらが海上に戻るときに「弾薬枯渇／弾薬不足」マーカーを持たない」: where a ship stands as the Allied
    Naval Movement Phase begins is where it stood at the Port Refit Phase's end. DD Kelvin, Ammo marker
    on, leaves Ready to Sail for the Allied Naval Display on GT1 with the tracker ``off`` presses after
    the Port Refit Phase. In it (16.43: a task force formed there) or one press after (the tracker a
    phase ahead of that forming) OM 16.44 is named not judged; two presses or more after, the ship
    began the Allied Naval Movement Phase in Alexandria on every reading: OM 16.44 (omlag25: before, a
    log was never judged)."""
    r = _log(om, f"lag-ammo-{phase}", KELVIN, "alexandria-ready", ["allied-naval-display"], 1, phase,
             status="ammo")
    assert _rules(r, KELVIN) == ([] if off < 2 else ["OM 16.44"])
    assert bool(_not_judged(r, "OM 16.44")) is (off < 2)


@pytest.mark.parametrize("unit,start,to,status,turn,left,set_to,rule,named", [
    (BF109, "air-abort-2", "air-abort-1", None, 2, "air-allocation", "German Movement Phase", "OM 12.23",
     "the last recorded phase end is the Air Unit Allocation Phase of turn 2"),
    (KELVIN, "alexandria-ready", "allied-naval-display", "ammo", 1, "port-refit", "German Naval Movement Phase",
     "OM 16.44", "the last recorded phase end is the Port Refit Phase of turn 1"),
])
def test_not_judged_after_a_jump_names_the_recorded_phase_end(om, unit, start, to, status, turn, left, set_to,
                                                               rule, named):
    """Review rv-p25 item 5: the tracker pressed to ``left`` (the Air Unit Allocation Phase of GT2; GT1's
    Port Refit Phase, the naval game played), then set straight to ``set_to`` (three phases or more on),
    and the move made: 12.23's readiness roll, 16.44's sailing with an Ammo marker. Named not judged by
    the policy's last-recorded-phase-end leg (``carried.may_lag``), and the reason is that phase end,
    not the tracker "within a phase" or "a phase ahead" (omfix27: before, those, false of a tracker
    three phases on)."""
    kit, module, root = om
    ids = [p.id for p in kit.game.sequence.phases]
    w = LogWriter.from_module_setup(module, SCENARIO, kit=kit)
    w.add(*palette_piece(module, unit), start, report=False)
    marker = w.add(*palette_piece(module, status), start, report=False) if status else None
    w.advance(len(ids) * (turn - 1) + ids.index(left))
    w.set_turn(turn, set_to)
    w.move(unit, to)
    if marker:
        w.move(marker, to)
    w.advance(1)
    r = audit([w.write(root / f"jump-{rule[3:]}.vlog")], module=module)
    assert _rules(r, unit) == []
    why = _not_judged(r, rule)
    assert any(named in w_ and "set past phases" in w_ for w_ in why), why
    assert not any("within a phase" in w_ or "a phase ahead" in w_ for w_ in why), why
