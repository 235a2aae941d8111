"""Invasion: Malta in a log (LogWriter, the bundled module), review of im22 (imnafix23): an Axis
advance after an Allied combat refusal (9.36) in the Combat Declaration or Bombardment Phase, and
a unit landed by sea in the Airborne Operations Phase (tracker a phase behind), which is no
paradrop for a drift combat hex (15.41, 8.14)."""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from games_util import palette_piece
from vmodgen.audit import audit
from vmodgen.testing.log_writer import LogWriter

AIRBORNE = "Airborne Operations Phase (paradrop or air transport)"
BOMBARDMENT = "Bombardment Phase (artillery and CAS)"


@pytest.fixture(scope="module")
def im(tmp_path_factory):
    return bundled_module("invasion-malta", tmp_path_factory, "im-imnafix23")


@pytest.mark.parametrize("phase", ["Combat Declaration Phase", BOMBARDMENT], ids=["declaration", "tracker-ahead"])
def test_an_axis_advance_after_a_refusal_is_not_judged(im, phase):
    """9.36 「防御側が戦闘回避に成功したら、枢軸軍プレイヤーは…ユニットをカラのヘクス内へ前進させる」, 9.33 A
    (the refusal is made when the attack is declared). GT1 (the Axis active): 5/3 drops on 1424;
    in the Combat Declaration Phase B/3 KOMR refuses combat (1425 -> 1427) and 5/3 advances
    1424 -> 1425. With the tracker one phase ahead (on Bombardment) both are a declaration's moves:
    no finding; the advance is named not judged under IM 7.14 with 9.36. Before imnafix23 the
    tracker-ahead advance was IM 7.14 while the refusal beside it was accepted, and the
    declaration's not-judged reason missed 9.36."""
    kit, module, root = im
    w = LogWriter.from_module_setup(module, None, kit=kit, player="Carol", player_id="pw-im")
    w.set_turn(1, AIRBORNE)
    w.add(*palette_piece(module, "airhead"), "1424", report=False)
    w.move("5/3", "1424")
    w.set_turn(1, "Movement Phase")
    w.set_turn(1, phase)
    w.move("B/3 KOMR", "1427")
    w.move("5/3", "1425")
    r = audit([w.advance(1).write(root / f"refusal-{phase.split()[0]}.vlog")], module=module)
    assert [(f.rule, f.message) for f in r.findings if f.rule in ("IM 7.14", "IM 9.31")] == []
    assert any(x["rule"] == "IM 7.14" for x in r.coverage["rules_not_judged"])


@pytest.mark.parametrize("phase", ["Combat Declaration Phase", BOMBARDMENT], ids=["declaration", "tracker-ahead"])
def test_the_active_axis_units_drag_names_9_36(im, phase):
    """The advance alone (the refusal dragged in no step of the log): the reason the active Axis
    unit's drag is not judged names 9.36 in both phases (before imnafix23: only a Movement Phase
    move with the tracker ahead, and IM 7.14 found in the Bombardment Phase)."""
    kit, module, root = im
    w = LogWriter.from_module_setup(module, None, kit=kit, player="Carol", player_id="pw-im")
    w.set_turn(1, AIRBORNE)
    w.add(*palette_piece(module, "airhead"), "1424", report=False)
    w.move("5/3", "1424")
    w.set_turn(1, "Movement Phase")
    w.set_turn(1, phase)
    w.move("5/3", "1425")
    r = audit([w.advance(1).write(root / f"advance-{phase.split()[0]}.vlog")], module=module)
    assert [f.rule for f in r.findings if f.rule in ("IM 7.14", "IM 9.31")] == []
    assert any("5/3" in x["why"] and "9.36" in x["why"]
               for x in r.coverage["rules_not_judged"] if x["rule"] == "IM 7.14")


@pytest.mark.parametrize("landing", ["Movement Phase", AIRBORNE], ids=["movement", "tracker-behind"])
def test_a_sea_landing_onto_an_enemy_is_no_drift_combat_hex(im, landing):
    """16.33A 「移動フェイズ中、ユニットを使用可能ボックスからその侵攻ゾーン内の望むヘクス上に移動させる」,
    15.41/15.6 (a drift combat hex holds paradropped units with the enemy), 8.14. Scenario 4: a
    Matilda II stands on L2407; S4-C1 goes to its zone's Available box in the Naval Transport Phase
    and from there onto L2407, in the Movement Phase or with the tracker a phase behind, on
    Airborne Operations. A sea landing is no paradrop, so L2407 is no drift combat hex: IM 8.14 at
    the landing either way, and no 'drift combat with no attack declared' (IM 12.12). L2407 is
    Alinda Bay's port: in the Movement Phase the landing is also IM 16.13, at the same step (the
    Matilda occupies the port, so it is no friendly port, 3.11; im23: before, a log's 16.13 was
    named not judged). Before
    imnafix23 the tracker-behind landing was recorded dropped at the Airborne phase end (memory
    ``dropped``), so the hex was a drift combat hex until the Reset Phase: IM 12.12 at the
    declaration's end."""
    kit, module, root = im
    w = LogWriter.from_module_setup(module, "Scenario 4: Leros 1943", kit=kit)
    w.set_turn(1, "Naval Transport Phase")
    w.add(*palette_piece(module, "Matilda II tank"), "L2407", report=False)
    w.move("S4-C1", "leros-iz-east-available")
    w.set_turn(1, landing)
    w.move("S4-C1", "L2407")
    for phase in ("Movement Phase", "Combat Declaration Phase", "Combat Phase", "Reset Phase"):
        if phase != landing:
            w.set_turn(1, phase)
    r = audit([w.advance(1).write(root / f"sea-{landing.split()[0]}.vlog")], module=module)
    assert [(f.rule, f.step) for f in r.findings] == [("IM 8.14", 5)] + (
        [("IM 16.13", 5)] if landing == "Movement Phase" else [])
