"""Operation Mercury 9.7, 9.71 (round rulepos27; before, a Fatigue marker from nowhere passed): a
unit becomes fatigued only by a maneuver combat or bombardment result, so one fatigued at the end of
a phase that resolves no combat, and not at the previous phase end (``om_fatigued``), is a finding;
in a position file, and in a log where no combat one step back can explain it (a log's marker may
follow the tracker by a step)."""
from __future__ import annotations

import pytest

from om_util import kit
from rules_util import as_log, position, rules, table
from vmodgen.rules import ruleset_for


def fatigued(phase: str, before: str = "[]", ends: str = "") -> str:
    return (kit(4, phase) + f"\n[state]\nom_fatigued = {before}\n{ends}"
            + table("units", unit="G-Lehr", hex="W4216", status=["fatigued"]))


@pytest.mark.parametrize("phase,want", [
    ("german-movement", ["OM 9.71"]),
    ("supply", ["OM 9.71"]),
    ("air-allocation", ["OM 9.71"]),
    ("german-bombardment", []),        # a bombardment result
    ("allied-combat", []),             # a maneuver combat result
    # an assault's results are reductions and eliminations only (10.0): GT4's Paradrop Phase (6.4's
    # special airborne assault) and the Amphibious Landing Phase (17.43) fatigue no unit (review rv-r25
    # item 1; before, both counted as resolving combat)
    ("german-paradrop", ["OM 9.71"]),
    # the sequence of play (3.2), review rv-m23 item 6: these resolve no combat either
    ("port-refit", ["OM 9.71"]),       # ships refit (16.42)
    ("first-naval-combat", ["OM 9.71"]),   # ships fight ships
    ("naval-unloading", ["OM 9.71"]),
    ("german-combat-declaration", ["OM 9.71"]),
    ("allied-combat-refusal", ["OM 9.71"]),    # a refusal retreats (7.32), no combat result
    ("amphibious-landing", ["OM 9.71"]),   # its special assault (17.43) is an assault: no Fatigue
])
def test_new_fatigue_only_from_combat(phase, want):
    assert rules(fatigued(phase)) == want


@pytest.mark.parametrize("turn,want", [(1, []), (None, []), (2, ["OM 9.71"])])
def test_paradrop_phase_fatigues_on_gt1_only(turn, want):
    """12.55 「ゲーム・ターン 1（のみ）」: GT1's Paradrop Phase has a special air bombardment, whose results
    may fatigue (9.7); a later turn's has only the special airborne assault, an assault (6.41), whose
    results are reductions and eliminations only (10.0). A turn not stated may be GT1."""
    head = kit(turn, "german-paradrop")
    assert rules(head + "\n[state]\nom_fatigued = []\n"
                 + table("units", unit="G-Lehr", hex="W4216", status=["fatigued"])) == want


def test_fatigue_carried_or_unrecorded_is_no_finding():
    assert rules(fatigued("german-movement", before='["G-Lehr"]')) == []
    without = kit(4, "german-movement") + table("units", unit="G-Lehr", hex="W4216", status=["fatigued"])
    assert rules(without) == []
    # a log's: the marker may be the German Paradrop's or Bombardment's, a phase either side (9.71 named)
    p = as_log(position(fatigued("german-movement", ends='om_end_hexes = {"G-Lehr" = "W4216"}\n')))
    assert [f.rule for f in ruleset_for(p.game).check(p)] == []
    # a position file stating the previous phase end is still a position file: its phase is exact
    # (lagfix23; before, stating om_end_hexes made it a log and 9.71 not judged)
    assert rules(fatigued("german-movement", ends='om_end_hexes = {"G-Lehr" = "W4216"}\n')) == ["OM 9.71"]


@pytest.mark.parametrize("phase,last,want,named", [
    ("german-movement", "german-paradrop", [], True),        # the Paradrop Phase may fatigue (6.4): a lag
    ("allied-movement", "german-combat", [], True),          # a step after a combat
    ("game-record", "allied-combat", [], True),
    ("supply", "recovery", ["OM 9.71"], False),              # the phase before resolves no combat either
    ("evacuation-determination", "supply", ["OM 9.71"], False),
    ("recovery", "game-record", ["OM 9.76", "OM 9.71"], False),   # (9.76: the Recovery Phase removes it)
    ("supply", None, ["OM 9.71"], False),                    # none recorded: the Recovery Phase before it
    ("german-combat", "german-defender-reaction", [], False),  # a combat phase: no question
    # review rv-m23 item 6: the Port Refit Phase after it resolves no combat (16.4: ships refit), so
    # no phase beside the Air Unit Allocation Phase does (before, named not judged: a naval phase);
    # "+naval": a naval unit in play, the naval game played (omfix27: without it the Naval Segment is
    # empty, SoP III, and the Paradrop Phase, which may resolve an assault, is one press on)
    ("air-allocation+naval", "evacuation-determination", ["OM 9.71"], False),
    ("port-refit+naval", "air-allocation", ["OM 9.71"], False),
    ("allied-naval-movement+naval", "port-refit", ["OM 9.71"], False),
    # with no naval game the presses over the empty Naval Segment are free, but GT4's Paradrop and the
    # Amphibious Landing Phase resolve no Fatigue (an assault, 10.0; review rv-r25 item 1): no phase
    # within a press resolves combat, a finding (omfix27 had these named not judged)
    ("air-allocation", "evacuation-determination", ["OM 9.71"], False),
    ("port-refit", "air-allocation", ["OM 9.71"], False),
    ("naval-unloading", "amphibious-landing", ["OM 9.71"], False),   # a step after the landing's assault
    ("german-combat-declaration", "german-bombardment", [], True),
    ("german-combat-refusal", "german-combat-declaration", ["OM 9.71"], False),   # two after the bombardment
    ("german-defender-reaction", "german-combat-refusal", [], True),   # a step before the combat
])
def test_new_fatigue_in_a_log(phase, last, want, named):
    """9.71 in a log (a position read as the log's, ``om_end_hexes`` its previous phase end): a Fatigue
    marker that appears at the end of a phase resolving no combat is named not judged when the phase
    end before (``om_last_end``, else the one before in the sequence) may have resolved one (the
    marker may lag the tracker; review rv-rp27 item 4), or, by the tracker-lag policy (lagfix23), the
    phase before or after in the sequence does (Next pressed late or early: the Naval Unloading
    Phase after the Amphibious Landing Phase's assault); a finding when none does (the Air Unit
    Allocation and Port Refit Phases: by the sequence of play the Port Refit Phase resolves no
    combat, review rv-m23 item 6): no lag explains it
    (review rv-om22 item 5; before, named not judged in every log). One appearing in a combat phase
    is no question. With no naval game the Naval Segment is empty (SoP III; review rv-p25 item 1,
    omfix27) and plays no Amphibious Landing, so the Air Unit Allocation and Port Refit Phases are one
    press from the Paradrop Phase: named not judged there (before, findings); with a naval unit in
    play ("+naval") they stay findings."""
    ends = 'om_end_hexes = {"G-Lehr" = "W4216"}\n' + (f'om_last_end = {{turn = 4, phase = "{last}"}}\n' if last else "")
    phase, naval = phase.removesuffix("+naval"), phase.endswith("+naval")
    p = as_log(position(fatigued(phase, ends=ends)
                        + (table("units", unit="A-DD-Kelvin", hex="alexandria-ready") if naval else "")))
    rs = ruleset_for(p.game)
    assert [f.rule for f in rs.check(p)] == want
    assert ("OM 9.71" in rs.take_not_judged()) is named


def test_a_log_carried_fatigue_is_not_named():
    p = as_log(position(fatigued("supply", before='["G-Lehr"]', ends='om_end_hexes = {"G-Lehr" = "W4216"}\n')))
    rs = ruleset_for(p.game)
    assert [f.rule for f in rs.check(p)] == [] and "OM 9.71" not in rs.take_not_judged()


@pytest.fixture(scope="module")
def om(tmp_path_factory):
    from bundled_module_util import bundled_module
    return bundled_module("operation-mercury", tmp_path_factory, "om-fatigue-log")


@pytest.mark.parametrize("phase,found", [("supply", True), ("evacuation-determination", True),
                                         ("game-record", False), ("allied-movement", False)])
def test_new_fatigue_in_a_real_log(om, phase, found):
    """A log of the bundled module: a Fatigue marker put on 19 NZ (W4315) during ``phase`` (GT2; the
    Game Record Segment GT1's). After a phase resolving no combat (Recovery, Supply) it is OM 9.71; a step after a combat (the Allied
    Combat Phase before the Game Record Segment, the German Combat Phase before the Allied Movement
    Phase) it may lag the tracker: named not judged (rv-om22 item 5)."""
    from games_util import palette_piece
    from vmodgen.audit import audit
    from vmodgen.testing.log_writer import LogWriter
    kit, module, root = om
    ids = [p.id for p in kit.game.sequence.phases]
    w = LogWriter.from_module_setup(module, "Scenario 3: Maleme-Suda, May 20-23", kit=kit)
    w.advance(len(ids) + ids.index(phase) - (len(ids) if phase == "game-record" else 0))
    w.add(*palette_piece(module, "fatigue"), "W4315")
    w.advance(1)
    r = audit([w.write(root / f"fatigue-{phase}.vlog")], module=module)
    assert ([f.rule for f in r.findings if f.rule == "OM 9.71"] == ["OM 9.71"]) is found
    named = [e for e in r.coverage["rules_not_judged"] if e["rule"] == "OM 9.71" and "19 NZ" in e["why"]]
    assert bool(named) is not found


@pytest.mark.parametrize("came,fatigued_there,want", [
    ("hq-replacement", True, []),             # 13.52b: placed on a fatigued friend: the hex's marker
    ("W4215", True, []),                      # moved onto the fatigued stack
    ("W4314", True, ["OM 9.71"]),             # stood there already: the marker is new on it
    ("hq-replacement", False, ["OM 9.71"]),   # no fatigued unit stood on the hex: a marker no rule placed
])
def test_a_log_unit_joining_a_fatigued_hex_is_not_new_fatigue(came, fatigued_there, want):
    """9.71 in a log, GT2's Recovery Phase (after the Game Record Segment, which resolves no combat):
    a log reads markers by hex, so a unit that moved this phase onto W4314, where the fatigued B/22 NZ
    stood at the last phase end, shows the Fatigue marker already lying there. 13.52b puts a
    replacement HQ in the Recovery Phase on a hex holding a friendly unit, so 14 HQ placed on the
    fatigued stack is named not judged, no finding (rv-b22w item 2: before, OM 9.71). A unit that did
    not move, or joined no fatigued unit, still carries a marker no rule placed: OM 9.71."""
    before = '["A-B-22-NZ"]' if fatigued_there else "[]"
    text = (kit(2, "recovery") + f"\n[state]\nom_fatigued = {before}\n"
            + f'om_end_hexes = {{"A-14-HQ" = "{came}", "A-B-22-NZ" = "W4314"}}\n'
            + 'om_last_end = {turn = 1, phase = "game-record"}\n'
            + table("units", unit="A-14-HQ", hex="W4314", status=["fatigued"])
            + table("units", unit="A-B-22-NZ", hex="W4314", status=["fatigued"] if fatigued_there else []))
    p = as_log(position(text))
    rs = ruleset_for(p.game)
    assert [f.rule for f in rs.check(p) if f.rule == "OM 9.71"] == want
    why = rs.take_not_judged().get("OM 9.71", "")
    assert ("A-14-HQ" in why and "already lay" in why) is (not want)


def test_replacement_hq_placed_on_a_fatigued_stack_in_a_real_log(om):
    """A log of the bundled module: a Fatigue marker put on W4314 (B/22 NZ, B/23 NZ) in GT1's German
    Combat Phase; in GT2's Recovery Phase 14 HQ goes from the HQ replacement box to W4314 (13.52b:
    a replacement HQ is placed with a friendly unit). The marker was already there: no OM 9.71
    finding, 9.71 named not judged for 14 HQ (rv-b22w item 2: before, OM 9.71)."""
    from games_util import palette_piece
    from vmodgen.audit import audit
    from vmodgen.testing.log_writer import LogWriter
    kit, module, root = om
    ids = [p.id for p in kit.game.sequence.phases]
    w = LogWriter.from_module_setup(module, "Scenario 3: Maleme-Suda, May 20-23", kit=kit)
    w.add(*palette_piece(module, "A-14-HQ"), "hq-replacement", report=False)
    w.advance(ids.index("german-combat"))
    w.add(*palette_piece(module, "fatigue"), "W4314")
    w.advance(len(ids) - ids.index("german-combat"))
    w.move("A-14-HQ", "W4314")
    w.advance(1)
    r = audit([w.write(root / "fatigue-hq-joins.vlog")], module=module)
    assert [f.rule for f in r.findings if f.rule == "OM 9.71"] == []
    assert [e for e in r.coverage["rules_not_judged"] if e["rule"] == "OM 9.71" and "14 HQ" in e["why"]]
