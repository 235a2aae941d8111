"""Operation Mercury: the review of rulepos24 (round omfix12), read against the Japanese rulebook.

* 12.15 「夜間ターン中に任務を実行できる航空ユニットはない」 and 12.23a 「任務ボックス内に留まるユニット…は、準備
  ボックス内に置かれる」 (「たとえ任務割当てがない夜間ゲーム・ターン中であれ」): a unit put into a mission box in a
  Night turn flies a mission at night (12.15); one left there from the last turn is a bookkeeping
  step of the Air Unit Allocation Phase (12.23a), which a log may show one step after the tracker.
* 13.63: a Greek militia unit placed from its box is a return, not an unloading (4.17), in a log
  as in a position file.
"""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from games_util import palette_piece
from om_util import kit as K
from rules_util import findings, rules
from vmodgen.audit import audit
from vmodgen.testing.log_writer import LogWriter

SCENARIO_MS = "Scenario 3: Maleme-Suda, May 20-23"


@pytest.fixture(scope="module")
def om(tmp_path_factory):
    return bundled_module("operation-mercury", tmp_path_factory, "om-review-rp24")


def _writer(om, clear: str) -> LogWriter:
    kit, module, _ = om
    w = LogWriter.from_module_setup(module, SCENARIO_MS, kit=kit, player="Ann", player_id="pw-om")
    for pid in [p for p, rec in w.state.pieces.items() if str(rec.properties().get("unit_id", "")).startswith(clear)]:
        w.delete(pid)
    return w


def _night_air_log(om, name: str, back_after_next: bool | None, into_night: bool = False, naval: bool = False):
    """The Ju-88 flies Interdiction in GT2 (PM); in GT3 (Night) the tracker goes Recovery → Air Unit
    Allocation → Port Refit. ``back_after_next``: the player moves it back to Ready in the Air Unit
    Allocation Phase (False), one step after the tracker left it (True), or never (None).
    ``into_night``: it stands in Ready in GT2 and is put into Interdiction in GT3's allocation.
    ``naval``: DD Kelvin put in Alexandria, a naval unit in play, so the naval game is played."""
    _, module, root = om
    w = _writer(om, "A-")
    w.add(*palette_piece(module, "G-Ju88-1"), "air-ready", report=False)
    if naval:
        w.add(*palette_piece(module, "A-DD-Kelvin"), "alexandria-ready", report=False)
    w.set_turn(2, "Air Unit Allocation Phase")
    if not into_night:
        w.move("G-Ju88-1", "air-interdiction")
    w.set_turn(2, "Port Refit Phase")
    w.set_turn(3, "Recovery Phase")
    w.set_turn(3, "Air Unit Allocation Phase")
    if into_night:
        w.move("G-Ju88-1", "air-interdiction")
    if back_after_next:
        w.set_turn(3, "Port Refit Phase")
    if back_after_next is not None:
        w.move("G-Ju88-1", "air-ready")
    w.set_turn(3, "Port Refit Phase")
    w.set_turn(3, "Allied Naval Movement Phase")
    r = audit([w.write(root / f"{name}.vlog")], module=module)
    return [(f.rule, f.turn, f.phase, f.message) for f in r.findings if f.rule.startswith("OM 12.")]


@pytest.mark.parametrize("after_next", [False, True])
def test_log_unit_returned_to_ready_in_a_night_turn_is_no_finding(om, after_next):
    """12.23a: the Ju-88 left in Interdiction from GT2 (PM) goes back to Ready in GT3 (Night), in the
    Air Unit Allocation Phase or one step after the tracker left it (before: OM 12.15 'in a Night
    turn' for the lagging move, though it flew nothing at night)."""
    assert _night_air_log(om, f"back-{after_next}", after_next) == []


def test_log_unit_left_in_a_mission_box_at_night_is_12_23a(om):
    """12.23a: the Ju-88 still in Interdiction from GT2 at the end of GT3's Port Refit Phase (a phase
    end after the Air Unit Allocation Phase) was not put back in Ready: one finding, citing 12.23a,
    with the naval game played (a naval unit in play). Without it the Naval Segment is empty (SoP III
    「海上ゲームと共にプレイしているときにのみ実行する」; review rv-p25 item 1, omfix27), so the tracker on
    the Port Refit Phase or the Allied Naval Movement Phase is one press from the Evacuation
    Determination Phase, before the return to Ready is due: named not judged there (before, the
    finding)."""
    got = _night_air_log(om, "left", None, naval=True)
    assert [(r, t, p) for r, t, p, _ in got] == [("OM 12.23a", 3, "port-refit")], got
    assert "from the last turn" in got[0][3]
    assert _night_air_log(om, "left-no-naval", None) == []


def test_log_unit_put_into_a_mission_box_at_night_is_12_15(om):
    """12.15: the Ju-88, in Ready in GT2, is put into Interdiction in GT3's (Night) Air Unit Allocation
    Phase and moved back later: OM 12.15 at that phase end."""
    got = _night_air_log(om, "into-night", True, into_night=True)
    assert [(r, t, p) for r, t, p, _ in got] == [("OM 12.15", 3, "air-allocation")], got
    assert "was put into" in got[0][3]


def test_log_unit_put_into_a_mission_box_at_night_and_left_there_is_12_15_alone(om):
    """12.15 「夜間ターン中に任務を実行できる航空ユニットはない」: the Ju-88, in Ready in GT2, is put into
    Interdiction in GT3's (Night) Air Unit Allocation Phase and left there through the Port Refit
    Phase: one finding, OM 12.15. Not 12.23a at the later phase end: it did not stay 「任務ボックス内に
    留まる」 from the last turn (before: 12.15, then 12.23a 'stayed in ... from the last turn')."""
    got = _night_air_log(om, "into-night-left", None, into_night=True)
    assert [(r, t, p) for r, t, p, _ in got] == [("OM 12.15", 3, "air-allocation")], got


@pytest.mark.parametrize("head, ok", [
    (K(turn=3, phase="recovery"), True),           # 12.23a's step comes in the next phase
    (K(turn=3, phase=""), True),                   # no phase: the Recovery Phase too
    ('[position]\ngame = "operation-mercury"\n[state]\ntime = "Night"\n', True),
    (K(turn=3, phase="air-allocation"), False),    # a position file: exact, no tracker lag
    (K(turn=3, phase="port-refit"), False),
])
def test_position_unit_left_in_a_mission_box_at_night(head, ok):
    """12.23a: GT3 (Night), the Ju-88 in air-interdiction with no previous (left from GT2): legal in
    the Recovery Phase or with no phase; at the end of the Air Unit Allocation Phase or later it
    should stand in Ready (OM 12.23a, no OM 12.15: it flew nothing at night)."""
    got = rules(head + '\n[[units]]\nunit = "G-Ju88-1"\nhex = "air-interdiction"\n')
    assert "OM 12.15" not in got
    assert ("OM 12.23a" not in got) is ok, got


@pytest.mark.parametrize("head", [K(turn=3, phase=""), K(turn=3, phase="air-allocation"), K(turn=3, phase="recovery")])
def test_position_unit_put_into_a_mission_box_at_night(head):
    """12.15: GT3 (Night), the Ju-88 moved from Ready into air-interdiction: a mission at night, in
    any phase and with no phase."""
    got = rules(head + '\n[[units]]\nunit = "G-Ju88-1"\nhex = "air-interdiction"\nprevious = "air-ready"\n')
    assert "OM 12.15" in got and "OM 12.23a" not in got, got


@pytest.mark.parametrize("phase", ["Recovery Phase", "Supply Phase", "Naval Unloading Phase"])
def test_log_militia_placed_from_its_box_is_no_unloading(om, phase):
    """13.63: in GT4 the Allied player drags Greek militia 1 from its box (greek-militia-removed) to
    Canea W4227, which is no port, with the tracker on ``phase``; then presses on. A return, judged
    by 13.63, never an unloading (before: OM 4.17 'was unloaded at W4227' in the Naval Unloading
    Phase, though the same position file gave no 4.17)."""
    _, module, root = om
    w = _writer(om, "G-")
    w.add(*palette_piece(module, "A-GkMil-1"), "greek-militia-removed", report=False)
    w.set_turn(4, phase)
    w.move("A-GkMil-1", "W4227")
    w.set_turn(4, "German Paradrop Phase")
    r = audit([w.write(root / f"mil-{phase[:6]}.vlog")], module=module)
    assert [f.rule for f in r.findings if f.rule in ("OM 4.17", "OM 5.25", "OM 6.51", "OM 17.37")] == []


@pytest.mark.parametrize("turn, phase, verdict", [
    (4, "Recovery Phase", "legal"),                  # GT4 is AM: the initial phase of an AM turn
    (4, "Supply Phase", "not judged"),               # the tracker may have been moved on first
    (4, "Naval Unloading Phase", "13.63"),
    (5, "Recovery Phase", "13.63"),                  # GT5 is PM
])
def test_log_militia_return_is_judged_by_13_63(om, turn, phase, verdict):
    """13.63 「除去されたギリシャ人民兵は…未来のAMゲーム・ターンの初期フェイズ中にプレイに復帰できる」: in a log,
    Greek militia 1 dragged from its box (greek-militia-removed, where it stood at the last phase
    end) to Canea W4227 returns in the Recovery Phase of an AM turn (legal), else it is a 13.63
    finding; seen in the phase after the AM Recovery Phase the player may have moved the tracker on
    before placing it: 13.63 named not judged (before: no 13.63 in a log for a unit not seen
    eliminated, as a position file with ``previous`` gives)."""
    _, module, root = om
    w = _writer(om, "G-")
    w.add(*palette_piece(module, "A-GkMil-1"), "greek-militia-removed", report=False)
    w.set_turn(turn, phase)
    w.move("A-GkMil-1", "W4227")
    w.set_turn(turn, "German Paradrop Phase")
    r = audit([w.write(root / f"mil-ret-{turn}-{phase[:6]}.vlog")], module=module)
    got = [f.rule for f in r.findings if f.rule in ("OM 13.63", "OM 13.64")]
    named = [e for e in r.coverage["rules_not_judged"] if e["rule"] == "OM 13.63"]
    assert got == ([] if verdict != "13.63" else ["OM 13.63"]), got
    assert bool(named) is (verdict == "not judged"), named


@pytest.mark.parametrize("box, rule, words", [
    ("athens", "OM 17.37", "Amphibious Landing Phase (17.41)"),
    ("alexandria", "OM 17.37", "Naval Unloading Phase (17.37)"),
    ("allied-reinforcements", "OM 17.37", "by sea"),
    ("air-ready", "OM 6.11", "no unit arrives on the map from that box"),
    ("athens-refit-1", "OM 6.11", "no unit arrives on the map from that box"),
])
def test_unit_placed_in_the_paradrop_phase_from_a_box_not_a_wave(box, rule, words):
    """6.11, 17.37, 17.41: GT4, end of the German Paradrop Phase, Lehr placed on W4415 from ``box``:
    from a sea box (Alexandria, Athens, the reinforcements) it came by sea, landed (17.41, both
    players) or unloaded (17.37); from a display or a track no unit arrives at all (before: every
    such box 'came by sea')."""
    got = [(f.rule, f.message) for f in findings(
        K(turn=4, phase="german-paradrop") + f'\n[[units]]\nunit = "G-Lehr"\nhex = "W4415"\nprevious = "{box}"\n')]
    assert any(r == rule and words in m for r, m in got), got
    assert not any("by sea" in m for r, m in got if rule == "OM 6.11"), got


def test_convoy_findings_name_the_printed_places():
    """21.12, 21.13 (No Naval Game): GT9 (AM), Naval Unloading Phase, the Ranger unloaded at Suda and
    the Kings at Sitia, both from Alexandria: the findings name "Suda minor port (W4031)",
    "Heraklion minor port (E3136)" and the Sitia box by their printed names (before: W4031, E3136,
    offmap-sitia)."""
    got = {f.rule: f.message for f in findings(
        K(turn=9, phase="naval-unloading") + '[rules]\nno_naval_game = true\n'
        '[[units]]\nunit = "Ranger"\nhex = "W4031"\nprevious = "Alexandria"\n'
        '[[units]]\nunit = "Kings"\nhex = "offmap-sitia"\nprevious = "Alexandria"\n')}
    assert "Suda minor port (W4031)" in got["OM 21.12"] and "offmap-sitia" not in got["OM 21.12"], got
    assert "Heraklion minor port (E3136)" in got["OM 21.13"] and "Sitia" in got["OM 21.13"], got
    assert "offmap-sitia" not in got["OM 21.13"], got
