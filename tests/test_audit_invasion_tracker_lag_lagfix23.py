"""Invasion: Malta in a log whose turn tracker is a phase off the pieces (lagfix23: review rv-h23,
oracle24's recording im-late24): what the tracker's lag may explain is named not judged, with the
tracker as the reason, never a finding; two phases off, or nothing to explain it, is judged.

Every log: GT1, from the module's set-up (the Allies in their set-up hexes)."""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from games_util import palette_piece
from recorded_audit_util import SUFFIXES, found, recorded_auditor
from vmodgen.audit import audit
from vmodgen.testing.log_writer import LogWriter

AIRBORNE = "Airborne Operations Phase (paradrop or air transport)"
NAVAL = "Naval Transport Phase"
MOVE = "Movement Phase"
DECL = "Combat Declaration Phase"

_recorded = recorded_auditor(("pw-im24",))


@pytest.fixture(scope="module")
def im(tmp_path_factory):
    return bundled_module("invasion-malta", tmp_path_factory, "im-lagfix23")


def _writer(im) -> LogWriter:
    kit, module, _ = im
    return LogWriter.from_module_setup(module, None, kit=kit, player="Carol", player_id="pw-im")


def _not_judged(r, rule: str) -> list[str]:
    return [x["why"] for x in r.coverage.get("rules_not_judged", []) if x["rule"] == rule]


@pytest.mark.parametrize("drop_phase, flip_phase", [(NAVAL, NAVAL), (MOVE, MOVE), (AIRBORNE, MOVE)],
                         ids=["both-late", "both-early", "flip-after-next"])
def test_aa_fired_at_a_drop_under_a_tracker_next_to_airborne(im, drop_phase, flip_phase):
    """11.36 / 15.34 (review rv-h23 item 1): 5/3 drops from KG1's box onto 1532 and E/74 (AA,
    range 2, in 1530, under no Attack Target marker) turns Fired, both under the Naval Transport
    tracker (Next pressed late), both under the Movement tracker (pressed early), or the drop under
    the Airborne Operations tracker and the flip after Next (15.34 turns the AA Fired once all drops
    are complete). Each may be the Airborne Operations Phase's AA fire at the drop: 11.36 named not
    judged with the tracker as the reason, no finding."""
    _, module, root = im
    w = _writer(im)
    w.set_turn(1, drop_phase)
    w.move("5/3", "1532")
    if flip_phase != drop_phase:
        w.set_turn(1, flip_phase)
    w.flip("E/74", 2)
    r = audit([w.advance(1).write(root / f"aa-{drop_phase[:5]}-{flip_phase[:5]}.vlog")], module=module)
    assert not [f for f in r.findings if f.rule == "IM 11.36"], [f.message for f in r.findings]
    assert any("tracker" in why and "E/74" in why for why in _not_judged(r, "IM 11.36")), _not_judged(r, "IM 11.36")


def test_aa_fired_under_the_movement_tracker_with_no_drop_is_found(im):
    """11.36: E/74 turns Fired under the Movement tracker with no Axis unit having left a paradrop
    box in this phase or the one before: no drop for 15.34 to excuse, a finding, which names the
    phase by its name (not its id)."""
    _, module, root = im
    w = _writer(im)
    w.set_turn(1, AIRBORNE)
    w.set_turn(1, MOVE)
    w.flip("E/74", 2)
    r = audit([w.advance(1).write(root / "aa-move-nodrop.vlog")], module=module)
    found = [f.message for f in r.findings if f.rule == "IM 11.36" and "E/74" in f.message]
    assert found and "Movement Phase" in found[0] and "movement," not in found[0], found


def test_aa_fired_two_phases_after_the_drop_is_found(im):
    """11.36: the drop under the Naval Transport tracker, E/74 turned Fired under the Movement
    tracker: the drop is two phases before (the Airborne Operations Phase between not shown), so
    no tracker lag of one phase puts drop and flip in one Airborne Operations Phase: a finding."""
    _, module, root = im
    w = _writer(im)
    w.set_turn(1, NAVAL)
    w.move("5/3", "1532")
    w.set_turn(1, AIRBORNE)
    w.set_turn(1, MOVE)
    w.flip("E/74", 2)
    r = audit([w.advance(1).write(root / "aa-two-off.vlog")], module=module)
    assert [f for f in r.findings if f.rule == "IM 11.36" and "E/74" in f.message], [f.message for f in r.findings]


@pytest.mark.parametrize("phase", [NAVAL, MOVE])
def test_airhead_placed_under_a_tracker_next_to_airborne_is_not_judged(im, phase):
    """15.21 「空挺堡は…空挺作戦フェイズ中に置かれる」 (oracle24 im-late24, review rv-h23 item 1): the
    airhead placed on 1534 under the Naval Transport tracker (Next pressed late) or the Movement
    tracker (pressed early), one phase from the Airborne Operations Phase: the log cannot tell it
    from a placement in that phase. 15.21 named not judged with the tracker as the reason, no finding."""
    _, module, root = im
    w = _writer(im)
    w.set_turn(1, phase)
    w.add(*palette_piece(module, "airhead"), "1534", report=False)
    r = audit([w.advance(1).write(root / f"airhead-{phase[:5]}.vlog")], module=module)
    assert not [f for f in r.findings if f.rule == "IM 15.21"], [f.message for f in r.findings]
    assert any("1534" in why and "tracker" in why for why in _not_judged(r, "IM 15.21")), _not_judged(r, "IM 15.21")


def test_airhead_placed_two_phases_after_airborne_is_not_judged_in_the_operations_segment(im):
    """15.21: the airhead placed on 1534 under the Combat Declaration tracker, two phases after the
    Airborne Operations Phase (the Movement Phase between). Both phases are in IM's Operations
    Segment, which a turn plays once per Activation Marker (4.21 B.3) while the kit's tracker shows
    it once: the placement may belong to a later activation's Airborne Operations Phase with the
    tracker left behind (lagfix24), so 15.21 is named not judged, never a finding. (Before lagfix24
    this was a finding: the tracker's lag of one phase did not explain it.)"""
    _, module, root = im
    w = _writer(im)
    w.set_turn(1, AIRBORNE)
    w.set_turn(1, MOVE)
    w.set_turn(1, DECL)
    w.add(*palette_piece(module, "airhead"), "1534", report=False)
    r = audit([w.advance(1).write(root / "airhead-decl.vlog")], module=module)
    assert not [f for f in r.findings if f.rule == "IM 15.21"], [f.message for f in r.findings]
    assert any("1534" in why for why in _not_judged(r, "IM 15.21")), _not_judged(r, "IM 15.21")


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_im_late24_airhead_under_the_naval_transport_tracker(im, suffix):
    """Recorded im-late24 (oracle24), IM Scenario 3 GT1: the airhead goes on 1424 (step 10) while the
    tracker shows the Naval Transport Phase, the drops follow, Next twice. 15.21: no finding for the
    airhead (the tracker a phase late), named not judged. (15.16 for KG1 unit 2 is imfix24's.)"""
    _, doc, _ = _recorded(im[1], f"im-late24{suffix}.vlog")
    assert not [f for f in found(doc) if f[0] == "IM 15.21"], found(doc)
    why = [n["why"] for n in doc["coverage"]["rules_not_judged"] if n["rule"] == "IM 15.21"]
    assert any("1424" in w and "Naval Transport Phase" in w for w in why), why


BOMB = "Bombardment Phase (artillery and CAS)"
REACTION = "Reaction Movement Phase (inactive player)"


def _drift_log(im, mark_phase: str | None, name: str):
    """GT1: the airhead on 1424, 5/3 drops on B/3 KOMR's 1425 (a drift combat, 15.6), KG1 unit 1 on
    1424; the tracker steps through the Ground Sequence to the Combat Phase, the Attack Target
    marker going on 1425 under ``mark_phase``'s tracker (None: never)."""
    _, module, root = im
    w = _writer(im)
    w.set_turn(1, AIRBORNE)
    w.add(*palette_piece(module, "airhead"), "1424", report=False)
    w.move("5/3", "1425")
    w.move("KG1 unit 1", "1424")
    for phase in (MOVE, DECL, BOMB, REACTION, "Combat Phase"):
        w.set_turn(1, phase)
        if phase == mark_phase:
            w.add(*palette_piece(module, "attack-target"), "1425", report=False)
    return audit([w.advance(1).write(root / name)], module=module)


@pytest.mark.parametrize("mark_phase", [BOMB, REACTION])
def test_drift_marker_placed_after_the_declaration_is_named_not_judged(im, mark_phase):
    """12.12 「これを戦闘宣言フェイズ中に行う」 (review rv-h23 item 3): the Attack Target marker on the
    drift combat hex placed under the Bombardment tracker, or the Reaction Movement tracker (one phase
    after the Combat Declaration Phase, the Bombardment Phase empty): the declaration is on time if
    the tracker ran a phase ahead, late otherwise. No finding; 12.12 named not judged, saying so.
    (Before: under the Bombardment tracker nothing was said; under the Reaction tracker a finding.)"""
    r = _drift_log(im, mark_phase, f"drift-{mark_phase[:5]}.vlog")
    assert not [f for f in r.findings if f.rule == "IM 12.12"], [f.message for f in r.findings]
    assert any("1425" in why and "on time if the tracker ran a phase ahead" in why
               for why in _not_judged(r, "IM 12.12")), _not_judged(r, "IM 12.12")


@pytest.mark.parametrize("mark_phase", [DECL, MOVE])
def test_drift_marker_placed_by_the_declaration_is_legal(im, mark_phase):
    """12.12: the marker placed under the Combat Declaration tracker (or the Movement tracker, the
    tracker behind): declared on time, no finding, and 12.12 not named not judged."""
    r = _drift_log(im, mark_phase, f"drift-ok-{mark_phase[:5]}.vlog")
    assert not [f for f in r.findings if f.rule == "IM 12.12"], [f.message for f in r.findings]
    assert not _not_judged(r, "IM 12.12")


def test_drift_marker_placed_in_the_combat_phase_is_found(im):
    """12.12: the marker first placed under the Combat Phase tracker, two phases after the Combat
    Declaration Phase (the Bombardment Phase empty): no declaration by the end of the Reaction
    Movement Phase, a finding there, whose message says the log's deadline."""
    r = _drift_log(im, "Combat Phase", "drift-combat.vlog")
    msgs = [f.message for f in r.findings if f.rule == "IM 12.12"]
    assert len(msgs) == 1 and "1425" in msgs[0] and REACTION in msgs[0], msgs


def test_one_test_of_a_log_for_invasion_malta():
    """lagfix23: IM's ``phase_logged`` is the one test of "a log", ``Position.phase_from_tracker`` (the
    flag the audit's position builder sets), not a ``state`` key its ``derive`` wrote. The rulebook
    position r30-move-in-weather-phase (a ground unit moved in the Weather Phase): IM 4.21 as the
    position file it is; the same position read as a log's (its phase the tracker's, which may be a
    phase off the pieces) is not judged by 4.21 (still_phases). Before, the flag alone was not read."""
    from conftest import DATA
    from rules_util import as_log
    from vmodgen.rules import ruleset_for
    from vmodgen.rules.position_file import load_position
    p = load_position(DATA / "positions/rulebook/invasion_malta/r30-move-in-weather-phase.toml")
    assert "IM 4.21" in {f.rule for f in ruleset_for(p.game).check(p)}
    log = as_log(p)
    assert "IM 4.21" not in {f.rule for f in ruleset_for(log.game).check(log)}
