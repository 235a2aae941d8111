"""Operation Mercury paradrop waves read from a log of the bundled module (LogWriter): OM 6.11 (the
turn each wave paradrops on) is judged from where the unit stood before the German Paradrop Phase;
OM 6.12 (6 SP per target hex, 6.12d; the reserve wave's distance to an HQ, 6.12b) is measured at
the target hex before drift (6.2), which a log does not record: listed as not judged."""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from games_util import palette_piece
from vmodgen.audit import audit
from vmodgen.testing.log_writer import LogWriter

SCENARIO = "Scenario 3: Maleme-Suda, May 20-23"


@pytest.fixture(scope="module")
def om(tmp_path_factory):
    return bundled_module("operation-mercury", tmp_path_factory, "om-waves")


def _drop(om, turn: int) -> object:
    """Turn ``turn``, German Paradrop Phase: 9/III/Sturm, placed in the second-wave box before the
    phase, paradrops onto W4213."""
    kit, module, root = om
    w = LogWriter.from_module_setup(module, SCENARIO, kit=kit, player="Ann", player_id="pw-om")
    w.add(*palette_piece(module, "G-9-III-Sturm"), "german-second-wave", report=False)
    w.set_turn(turn, "German Paradrop Phase")
    w.move("G-9-III-Sturm", "W4213").advance(3)
    return audit([w.write(root / f"wave-gt{turn}.vlog")], module=module)


def test_second_wave_on_gt1_is_found(om):
    """OM 6.11: a second-wave unit paradrops on GT1 (it drops on GT2): found in the Paradrop Phase."""
    r = _drop(om, 1)
    got = [(f.rule, f.phase, f.hexes, tuple(f.units)) for f in r.findings]
    assert got == [("OM 6.11", "german-paradrop", ("W4213",), ("G-9-III-Sturm",))]


def test_second_wave_on_gt2_is_legal_and_6_12_not_judged(om):
    """OM 6.11: the same drop on GT2 is legal; OM 6.12 is listed as not judged (target hex unknown)."""
    r = _drop(om, 2)
    assert [f.rule for f in r.findings if f.rule in ("OM 6.11", "OM 6.12")] == []
    assert any(x["rule"] == "OM 6.12" and "before drift" in x["why"] for x in r.coverage["rules_not_judged"])


def test_6_11_has_its_own_rule_entry(om):
    """JP 6.11 (the turn each wave paradrops on) and 6.12 (the target hex before drift) are two
    rules: the report's rules checked name each under its own entry, so the 6.11 finding of GT1
    stands under a checked OM 6.11 while OM 6.12 is named not judged (before: one "OM 6.12"
    entry ran both, named not judged while its 6.11 finding was reported)."""
    r = _drop(om, 1)
    checked = {c["rule"]: c for c in r.checked_rules}
    assert "OM 6.11" in checked and "wave" in checked["OM 6.11"]["title"]
    assert "6.11" not in checked["OM 6.12"]["title"]
    assert [f.rule for f in r.findings] == ["OM 6.11"]
    assert "OM 6.11" not in {x["rule"] for x in r.coverage["rules_not_judged"]}


def test_improved_position_with_units_is_not_judged_in_a_log(om):
    """OM 9.23 (「IPは、敵ユニットによって最初に占められたとき直ちに破壊される」): a log records no side for an
    Improved Position marker, so when 9/III/Sturm moves into W4213, where an IP lies, in the German
    Movement Phase (the log ends there), the IP cannot be judged: listed not judged, once (before:
    nothing said within a phase whose moves the audit follows, a partial result not marked as
    partial)."""
    kit, module, root = om
    w = LogWriter.from_module_setup(module, SCENARIO, kit=kit, player="Ann", player_id="pw-om")
    w.add(*palette_piece(module, "G-9-III-Sturm"), "W4212", report=False)
    w.add(*palette_piece(module, "ip"), "W4213", report=False)
    w.set_turn(2, "German Movement Phase")
    w.move("G-9-III-Sturm", "W4213")
    r = audit([w.write(root / "ip.vlog")], module=module)
    assert [f.rule for f in r.findings if f.rule == "OM 9.23"] == []
    notes = [x for x in r.coverage["rules_not_judged"] if x["rule"] == "OM 9.23"]
    assert len(notes) == 1 and "Improved Position" in notes[0]["why"], r.coverage["rules_not_judged"]


def test_first_wave_unit_dropped_in_the_german_movement_phase_is_named_for_the_tracker(om):
    """GT1: 9/III/Sturm and Vogel 1 stand in the first-wave box; in the Paradrop Phase Vogel 1 drops to
    W4212; 9/III/Sturm is still in the box at that phase's end and drops to W4213 in the German
    Movement Phase (6.11: a drop seen there is read as the paradrop, the tracker moved on early).
    Legal: no finding, nothing said of the box at the Paradrop Phase's end (before: "is still in
    german-first-wave on turn 1 … a log names no scenario"); the drop's phase, one press from the
    Paradrop Phase, is named not judged with the tracker as the reason (the tracker-lag policy,
    omlag25: before, said nowhere)."""
    kit, module, root = om
    ids = [p.id for p in kit.game.sequence.phases]
    w = LogWriter.from_module_setup(module, SCENARIO, kit=kit)
    w.add(*palette_piece(module, "G-9-III-Sturm"), "german-first-wave", report=False)
    w.add(*palette_piece(module, "G-Vogel-1"), "german-first-wave", report=False)
    w.advance(ids.index("german-paradrop"))
    w.move("G-Vogel-1", "W4212")
    w.advance(1)
    w.move("G-9-III-Sturm", "W4213")
    w.advance(1)
    r = audit([w.write(root / "wave-lag.vlog")], module=module)
    assert [f.rule for f in r.findings if "G-9-III-Sturm" in f.units] == []
    why = [e["why"] for e in r.coverage["rules_not_judged"] if e["rule"] == "OM 6.11" and "Sturm" in e["why"]]
    assert why and all("tracker" in y and "still in" not in y for y in why), why


def test_a_log_names_every_rule_it_cannot_judge(om):
    """Coverage honesty (round om22): a log's coverage lists each OM rule entry it ran under
    ``checked_rules``; those no log can trip are named not judged with their reason, and not listed
    checked (round omfix23). 8.12 (the HQ coordinating a declared attack), 10.1 (declared assaults),
    9.23 (a log gives an Improved Position marker no side) were listed checked and named nowhere;
    7.11 (declared attacks) already was named. The same log drops 9/III/Sturm on GT2. (9.71 is
    judged in a log since rv-om22 item 5.)"""
    r = _drop(om, 2)
    checked = {c["rule"] for c in r.checked_rules}
    named = {x["rule"]: x["why"] for x in r.coverage["rules_not_judged"]}
    never = {"OM 7.11", "OM 8.12", "OM 10.1", "OM 9.23"}
    assert never.isdisjoint(checked), never & checked
    assert sorted(never - set(named)) == [], named
    assert "HQ" in named["OM 8.12"] and "assault" in named["OM 10.1"]


@pytest.mark.parametrize("unit, hex_, rule", [("A-GkMil-3", "W3721", "OM 13.61"), ("G-9-III-Sturm", "W1601", "OM 6.2")])
def test_checked_rules_with_no_other_log_test_trip_in_a_log(om, unit, hex_, rule):
    """Coverage honesty (round om22): rules a log lists as checked do fire on a log. OM 13.61
    (「1セクター内には2個までのギリシャ民兵ユニット」: Scenario 3 sets militia 1 on W3720 and 2 on W4003,
    both in the Maleme/Suda sector; a third placed on W3721 makes 3) and OM 6.2 (a ground unit on
    the all-water hex W1601 is eliminated)."""
    kit, module, root = om
    w = LogWriter.from_module_setup(module, SCENARIO, kit=kit, player="Ann", player_id="pw-om")
    w.add(*palette_piece(module, unit), hex_)
    r = audit([w.advance(2).write(root / f"trip-{rule[3:]}.vlog")], module=module)
    got = [(f.rule, f.step) for f in r.findings]
    assert got == [(rule, 1)], got
    assert hex_ in r.findings[0].hexes and unit in r.findings[0].units


def test_a_log_names_the_rules_of_sections_8_to_20_no_rule_judges(om):
    """Coverage honesty (round om22): the book's rules of sections 8-20 that no rule of the set
    judges (a combat's DRMs, bombardment and support, the naval game, the evacuation procedure) are
    named not judged in a log's coverage, each with its reason, and not listed as checked (before:
    named nowhere, a player could not see they were not checked)."""
    from vmodgen.rules.games.operation_mercury.ruleset import OperationMercuryRules
    r = _drop(om, 2)
    named = {x["rule"]: x["why"] for x in r.coverage["rules_not_judged"]}
    want = OperationMercuryRules.NOT_MODELLED
    assert {"OM 11.2", "OM 12.5", "OM 13.7", "OM 18.0", "OM 19.0", "OM 20.2"} <= set(want)
    assert {k: named.get(k) for k in want} == want
    assert not set(want) & {c["rule"] for c in r.checked_rules}
