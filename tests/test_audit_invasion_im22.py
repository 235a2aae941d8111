"""Invasion: Malta in a log (LogWriter, the bundled module), the gaps im22 closed. GT1's Airborne
Operations Phase: an Airhead on 1424, 5/3 drops from KG1's box onto 1425, where the Allied B/3 KOMR
stands (a drift landing, 15.41: the one exception to 8.14), and KG1 unit 1 onto 1424."""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from games_util import audit_log, im_airhead_drops, im_log, palette_piece


@pytest.fixture(scope="module")
def im(tmp_path_factory):
    return bundled_module("invasion-malta", tmp_path_factory, "im-im22")


def _drift(im, name: str, combat: list[tuple[str, str]]):
    """The module docstring's drops, then ``combat``: (unit, hex) drags in GT1's Combat Phase."""
    kit, module, root = im
    w, _ = im_log(module, kit)
    im_airhead_drops(w, module, [("5/3", "1425"), ("KG1 unit 1", "1424")])
    w.set_turn(1, "Combat Phase")
    for unit, h in combat:
        w.move(unit, h)
    return audit_log(w, root / name, module)


def test_a_drift_landing_is_no_8_14_finding_while_its_phase_runs(im):
    """15.41, 8.14 「ユニットは、敵戦闘ユニットを含んでいるヘクスへ進入できない [例外：1.32と15.41]」: 5/3
    landing on B/3 KOMR's hex in the Airborne Operations Phase is the drift landing. Before, the
    log's drops were known only at the phase end (memory ``dropped``), so the drop itself (step 3)
    was an IM 8.14 finding. The drift combat unresolved after the Combat Phase is still 8.14's at
    the next phase (15.6: combat is required in a landing hex holding both sides)."""
    r = _drift(im, "drift-landing.vlog", [])
    assert [(f.rule, f.step) for f in r.findings if f.rule == "IM 8.14"] == [("IM 8.14", 6)]


def test_an_attacker_drag_into_a_drift_combat_hex_is_judged(im):
    """The Axis is the only side that moved (it attacks, 9.11). In the Combat Phase KG1 unit 1 is
    dragged 1424 -> 1425, into the drift combat hex B/3 KOMR still holds. As an advance it breaks
    13.53 (an advance enters the hex its defender vacated; 8.14 excepts the drift landing only,
    15.41; only the dropped units in the hex fight, 15.61); as an attacker retreat (15.65 lets a
    retreat enter a drift hex) it ends in enemy ZOC though a hex outside it was in reach (13.35). Illegal
    both ways: one finding at the drag (step 6). Before, nothing judged it and nothing named it
    (the advance check left a hex shared with the enemy to 8.14, which skips drift hexes)."""
    r = _drift(im, "drift-advance.vlog", [("KG1 unit 1", "1425")])
    [f] = [f for f in r.findings if f.rule.startswith("IM 13.")]
    assert (f.rule, f.step, f.units) == ("IM 13.53", 6, ("S3-KG1-1",))
    assert "a drift combat hex that still holds enemy combat units (B/3 KOMR)" in f.message
    assert "illegal as an advance and as an attacker retreat alike" in f.message


def test_a_move_not_legal_as_infiltration_for_its_er_rests_on_the_ers(im):
    """8.24, 8.5: the Allied Central AM is played (GT2); B/3 KOMR (ER 3) moves from 1425, in the ZOC
    of 5/3 (ER 6, dropped on 1424 on GT1), straight into 1324, in its ZOC too: IM 8.24, and not legal
    as infiltration either, since its ER is below 5/3's (8.52 「現行ERが、進入するヘクス内にZOCを及ぼしている最高ERの敵ユニットのそれ以上である」). Both
    ERs are illustrative in the bundled kit (values invented): the finding names them among the
    illustrative values it rests on. Before im22 it named the terrain alone."""
    kit, module, root = im
    w, central = im_log(module, kit, central=True)
    im_airhead_drops(w, module, [("5/3", "1424")])
    w.set_turn(2, "Draw (AM or CAS air unit) and pass option")
    w.move(central, ("Off-map boxes", 611, 140))          # the AM played (7.13)
    w.set_turn(2, "Movement Phase")
    w.move("B/3 KOMR", "1324")
    r = audit_log(w, root / "infiltration-er.vlog", module)
    [f] = r.findings
    assert f.rule == "IM 8.24" and "not legal as infiltration (8.5) either" in f.message
    [unit] = [i for i in f.illustrative if i.kind == "unit"]
    assert unit.items == ("the er of B/3 KOMR", "the er of 5/3")


BOMBARDMENT = "Bombardment Phase (artillery and CAS)"
REACTION = "Reaction Movement Phase (inactive player)"


@pytest.mark.parametrize("phase, unit, to, found, unjudged", [
    (BOMBARDMENT, "B/3 KOMR", "1325", [("IM 7.14", 9)], None),
    (BOMBARDMENT, "5/3", "1523", [], ("IM 7.14", "as the inactive player's it may be a reaction (9.2) with the "
                                               "tracker one phase off")),
    ("Combat Declaration Phase", "5/3", "1523", [], ("IM 7.14", "it may be a reaction (9.2) with the tracker left on "
                                                          "the declaration")),
    ("Combat Declaration Phase", "B/3 KOMR", "1325", [], ("IM 7.14", "it may be its Movement Phase move with the "
                                                                     "tracker one phase ahead")),
], ids=["bombardment-active", "bombardment-inactive", "declaration-inactive-axis", "declaration-active"])
def test_a_drag_in_the_declaration_or_bombardment_phase(im, phase, unit, to, found, unjudged):
    """7.14 A4-A6, 9.3 「連合軍プレイヤーのみが、戦闘回避を実施できる」, 10.28 D (a bombardment's results are
    step losses and disruption), 7.14 注釈 3 「非活性組織のユニットは、移動できない [例外：9.2]」. GT1: 5/3
    drops on 1424; GT2: the Allied Central AM is played (the Allies active), and one unit is dragged
    in the phase the tracker shows. A log's tracker may be one phase off the pieces, so only a move
    no neighbouring phase allows either is found: the active player's unit in the Bombardment
    Phase (no refusal before, no reaction after: IM 7.14; the Allied unit here, so no 9.36 advance).
    The inactive unit in the Bombardment Phase (a reaction with the tracker behind), the active
    one in the declaration (a Movement Phase move with the tracker ahead) and (imnafix23, review of
    im22 item 2; it was IM 9.31) the inactive Axis unit in the declaration (a reaction with the
    tracker left there through an empty Bombardment Phase) are named not judged.
    Before im22 all four were listed out of phase and judged by nothing."""
    kit, module, root = im
    w, central = im_log(module, kit, central=True)
    im_airhead_drops(w, module, [("5/3", "1424")])
    w.set_turn(2, "Draw (AM or CAS air unit) and pass option")
    w.move(central, ("Off-map boxes", 611, 140))
    w.set_turn(2, phase)
    w.move(unit, to)
    r = audit_log(w, root / f"quiet-{phase.split()[0]}-{unit[0]}.vlog", module)
    assert [(f.rule, f.step) for f in r.findings] == found
    assert [(o["unit"], o["to"]) for o in r.coverage["out_of_phase"]] == [(unit, to)]
    if unjudged:
        rule, said = unjudged
        assert any(said in x["why"] for x in r.coverage["rules_not_judged"] if x["rule"] == rule)


def test_a_log_is_not_read_by_island_and_names_4_12_and_4_14_not_judged(im):
    """4.12, 16.24A: a log names no scenario, and a module's boards may hold pieces not in play, so
    its island is not read from the pieces. An Axis Control marker placed on Leros (L2706) in a
    Malta game's Naval Transport Phase (a phase whose drags are no moves, where the audit's position
    was taken for a position file's) was an IM 4.12 finding 'no scenario uses them all'; now none,
    and 4.12 is named not judged in every log, as 4.14 (the Group B units are on the set-up cards;
    the kit has no Group B marker), which a log could never trip though its coverage listed both as
    checked."""
    kit, module, root = im
    w, _ = im_log(module, kit)
    w.set_turn(1, "Naval Transport Phase")
    w.add(*palette_piece(module, "axis-control"), "L2706", report=False)
    r = audit_log(w, root / "other-island.vlog", module)
    assert [f.rule for f in r.findings] == []
    why = {x["rule"]: x["why"] for x in r.coverage["rules_not_judged"]}
    assert "a log names no scenario" in why["IM 4.12"] and "Group B" in why["IM 4.14"]


@pytest.mark.parametrize("marked, found", [(False, [("IM 12.12", 7)]), (True, [])], ids=["undeclared", "marked"])
def test_a_drift_combat_undeclared_at_the_declarations_end(im, marked, found):
    """12.12 「戦闘は、宣言したときにのみ発生する [9.1]。これを戦闘宣言フェイズ中に行う。戦闘は、漂流戦闘
    [15.6] と侵攻上陸に対して要求される」, 9.14: at the end of the Combat Declaration Phase a drift
    combat hex (5/3 dropped on B/3 KOMR's 1425) is a defender hex, under an Attack Target marker in a
    log. Without the marker: IM 12.12, in a log at the end of the Reaction Movement Phase (step 7):
    the book's deadline is the Combat Declaration Phase's end, and a log's tracker may run one phase
    ahead of the marker, the Bombardment Phase (artillery and CAS) not counted when empty (10.2: the
    tracker lag policy, docs/tracker-lag.md; lagfix23, before at the Bombardment Phase's end). With
    the marker, legal. Before im22 the rule ran at every moment during the phase but checked only a
    phase end, which a log's positions during a phase never are: a log never tripped it."""
    kit, module, root = im
    w, _ = im_log(module, kit)
    im_airhead_drops(w, module, [("5/3", "1425")])
    w.set_turn(1, "Combat Declaration Phase")
    if marked:
        w.add(*palette_piece(module, "attack-target"), "1425", report=False)
    w.set_turn(1, BOMBARDMENT)
    w.set_turn(1, REACTION)
    r = audit_log(w, root / f"drift-declared-{marked}.vlog", module)
    assert [(f.rule, f.step) for f in r.findings if f.rule == "IM 12.12"] == found
