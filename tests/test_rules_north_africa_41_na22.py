"""North Africa '41, round na22: what nafix12 left open. 10.4.1 remnants by side and type only (the
book names no nation), resting on the kit's illustrative remnant mix; the Withdrawn Units box as a
rule parameter the remnant count reads; 21.1.4's port of departure read at the start of the Movement
Phase; the other retreat's hexsides among 12.1.3 guideline 3's illustrative reads; guideline 3 for a
retreat still open as a log ends."""
from __future__ import annotations

from pathlib import Path

import pytest

from bundled_module_util import bundled_module
from games_util import palette_piece
from na41_util import position
from vmodgen.audit import audit
from vmodgen.rules import ruleset_for
from vmodgen.rules.illustrative import Annotator
from vmodgen.testing.log_writer import LogWriter

RULEBOOK = Path(__file__).resolve().parent / "data" / "positions" / "rulebook" / "north_africa_41"


def check(text: str):
    p = position(text)
    rs = ruleset_for(p.game)
    return p, rs, rs.check(p), rs.take_not_judged()


def test_a_remnant_finding_rests_on_the_kits_remnant_mix():
    """10.4.1 「適切なユニット・タイプの残余」: 20/9 Aus waits on the Remnant Display with both Allied
    infantry remnants back on it, so no remnant in play stands for it: NA41 10.4.1. Which remnants the
    game has is not in the text (the kit's roster: "the remnant mix is not in the text"), so the
    finding names the kit's counter mix of its side among the illustrative values it rests on."""
    text = (RULEBOOK / "r28-remnant-and-its-unit-both-in-display.toml").read_text(encoding="utf-8")
    pos, rs, found, _ = check(text)
    (f,) = [f for f in found if f.rule == "NA41 10.4.1"]
    items = [i for x in Annotator(rs).inputs_of(f, pos) for i in x.items]
    mix = [i for i in items if i.startswith("the kit's counter mix")]
    assert mix and "British Inf Remnant" in mix[0] and "CW Inf Remnant" in mix[0], items
    # the finding's side's counters only (imnafix23, review of na22 item 7: it listed the Axis ones too)
    assert "German Inf Remnant" not in mix[0] and "Italian Inf Remnant" not in mix[0], items
    assert "no Allied infantry remnant in play" in f.message


def test_a_remnant_in_the_withdrawn_box_still_stands_for_its_unit():
    """20.3 「マップ上のどこにあるかにかかわらず、それを取り上げて現在のステップ段階で撤退ボックス内に置きます」
    (20.2's order withdraws remnants too): the CW Inf Remnant withdrawn to the Withdrawn Units box
    (the kit's box ``withdrawn``, rule parameter ``na41_withdrawn_box``) still stands for 20/9 Aus on
    the Remnant Display: no NA41 10.4.1. With the remnant back on the display instead, 20/9 Aus waits
    for nothing: NA41 10.4.1."""
    base = ('[position]\ngame = "north-africa-41"\nturn = 13\nphase = "Preparation Phase"\n'
            '[[units]]\nunit = "20/9 Aus"\nhex = "Remnant Display"\n'
            '[[units]]\nunit = "British Inf Remnant"\nhex = "Remnant Display"\n')
    for where, found in (("withdrawn", False), ("Withdrawn Units", False), ("Remnant Display", True)):
        text = base + f'[[units]]\nunit = "CW Inf Remnant"\nhex = "{where}"\n'
        assert any(f.rule == "NA41 10.4.1" for f in check(text)[2]) is found, where


@pytest.fixture(scope="module")
def na41(tmp_path_factory):
    return bundled_module("north-africa-41", tmp_path_factory, "na41-na22")


@pytest.mark.parametrize("box", ["eliminated", "withdrawn"])
def test_units_of_both_sides_put_in_one_box_in_combat_did_not_retreat_into_enemies(na41, box):
    """10.1, 20.3: a unit put from the map into the Eliminated Units box (an exchange: an attacker and
    a defender both lost) or the Withdrawn Units box (20.3 「それを取り上げて」) was taken out of play,
    not moved. In the Allied Combat Phase 3 Ind Mot Bde (Allied) and then 8 MG Bn (Axis) are dragged
    into the box: no NA41 12.2.1 "retreated into ..., which holds an enemy combat unit" for 8 MG Bn
    (before round na22, the Axis drag was read as a retreat into a hex of enemy units)."""
    kit, module, root = na41
    ids = [p.id for p in kit.game.sequence.phases]
    w = LogWriter.from_module_setup(module, "S1 Enter Rommel", kit=kit)
    w.advance(ids.index("i1-allied-combat"))
    w.move("3IndMot", box)
    w.move("8MG", box)
    r = audit([w.write(root / f"both-{box}.vlog")], module=module)
    assert [f.message for f in r.findings if f.rule.startswith("NA41 12.") or f.rule.startswith("NA41 14.")] == []



NAVAL = ('[position]\ngame = "north-africa-41"\nturn = 3\nphase = "i1-axis-movement"\n'
         '[[hexes]]\nhex = "3210"\ncontrol = "axis"\n')


def _sailed(name: str) -> str:
    return f'[[units]]\nunit = "{name}"\nhex = "3210"\nprevious = "3138"\nstatus = ["naval_transport"]\n'


def test_the_port_sailed_from_is_read_at_the_start_of_the_phase():
    """21.1.4 「手番プレイヤーの移動フェイズ開始時に友軍支配下の港湾（27.4）のみ」: Brescia, and then Brescia
    and Pavia together, sail from Tobruk 3138 (not stated; the record before this phase says the
    Allies held it last) to Benghazi 3210 (Axis). They stood in 3138 when the Axis Movement Phase
    began, so the Axis held it then: no NA41 21.1.4 (before round na22 each unit's own presence was
    set aside and the stale record decided: a finding for every unit). Stated Allied, it is one."""
    stale = '[state]\nna41_last_held = {"3138" = "allied"}\n'
    for group in (_sailed("Brescia"), _sailed("Brescia") + _sailed("Pavia")):
        assert not [f for f in check(NAVAL + group + stale)[2] if f.rule == "NA41 21.1.4"], group
    allied = NAVAL + '[[hexes]]\nhex = "3138"\ncontrol = "allied"\n' + _sailed("Brescia")
    found = [f for f in check(allied)[2] if f.rule == "NA41 21.1.4"]
    assert len(found) == 1 and "a port the other side controls" in found[0].message


def test_guideline_3_rests_on_the_hexsides_of_the_other_path():
    """12.1.3 #3 「可能であれば、退却はEZOCへの進入を避けなければなりません」: on the kit map Allied D retreats
    2813 -> 2912 -> 2911 through 2912, in the ZOC of Axis X (3013), though 2813 -> 2812 -> 2811 enters
    none: NA41 12.1.3. That other path crosses the escarpment 2813/2812, which may be crossed or not
    depending on the map (the kit's escarpments are illustrative): the finding names that hexside
    among its illustrative inputs, as it names the other path's terrain (round nafix12)."""
    from na41_util import kit, kunit
    text = (kit("Impulse 1: Axis Combat Phase", turn=5) + kunit("X", "axis", "3013")
            + kunit("D", "allied", "2911", previous="2813", path=["2813", "2912", "2911"], mode="retreat"))
    pos, rs, found, _ = check(text)
    (f,) = [f for f in found if f.rule == "NA41 12.1.3"]
    assert f.details["other_path"] == ["2813", "2812", "2811"]
    sides = [i.items for i in Annotator(rs).inputs_of(f, pos) if i.kind == "hexside"]
    assert sides and "escarpment 2813/2812" in sides[0], sides


def test_guideline_3_for_a_retreat_open_as_the_log_ends_is_judged_where_it_stands(na41):
    """12.1.3 #3: 8 MG Bn at 3027 puts 3026 in Axis ZOC; in the Axis Combat Phase 3 Ind Mot Bde
    retreats 3125 -> 3026 -> 3025 and the log ends there, the retreat still open. Judged where it
    stands (as OM and IM do): NA41 12.1.3 naming 3125 -> 3124 -> 3123, and the message says the
    retreat was under way. Ended by Next instead, the same finding without those words."""
    kit, module, root = na41
    ids = [p.id for p in kit.game.sequence.phases]
    for ended in (False, True):
        w = LogWriter.from_module_setup(module, "S1 Enter Rommel", kit=kit)
        w.move("8MG", "3027")
        w.advance(ids.index("i1-axis-combat"))
        w.move("3IndMot", "3026")
        w.move("3IndMot", "3025")
        if ended:
            w.advance(1)
        r = audit([w.write(root / f"open-{ended}.vlog")], module=module)
        (f,) = [f for f in r.findings if f.rule == "NA41 12.1.3"]
        assert "3125 -> 3124 -> 3123 enters none" in f.message
        assert ("with this retreat under way: judged where it stands" in f.message) is not ended


def test_remnants_are_named_not_judged_in_a_log(na41):
    """10.4.1 is judged in a kit position only (the count reads the kit's roster for the units the
    position does not place); a log gives no roster, so the check never ran there while the coverage
    listed it as checked, and a log whose phases all ended did not name it. S1, the Allied Movement
    Phase: 20/9 Aus is put on the Remnant Display with no remnant in play for it, and the phase ends:
    no finding, and NA41 10.4.1 is named not judged with the log's reason."""
    kit, module, root = na41
    ids = [p.id for p in kit.game.sequence.phases]
    w = LogWriter.from_module_setup(module, "S1 Enter Rommel", kit=kit)
    w.advance(ids.index("i1-allied-movement"))
    w.move("20/9Aus", "remnant-display")
    w.advance(1)
    r = audit([w.write(root / "remnant.vlog")], module=module)
    assert not [f for f in r.findings if f.rule == "NA41 10.4.1"]
    why = [e["why"] for e in r.coverage["rules_not_judged"] if e["rule"] == "NA41 10.4.1"]
    assert why and "kit's roster" in why[0], why



def _box_of_the_enemy(w, ids, module):
    """6.1.2: 3 Ind Mot Bde (Allied) enters Tripoli, the Axis box, in the Allied Movement Phase."""
    w.advance(ids.index("i1-allied-movement")).move("3IndMot", "tripoli")


def _fifth_light_on_turn_11(w, ids, module):
    """20.4.2: on turn 11 the 5th Light's 8 MG Bn is still in the game (the 21st Panzer replaced it
    in turn 10's Preparation Phase)."""
    w.set_turn(11, ids.index("i1-axis-movement")).move("8MG", "1504")


def _naval_marker_off_port(w, ids, module):
    """21.1.4: 2 MG Bn ends under a Naval Transport marker in 3726, which is no port."""
    w.advance(ids.index("i1-axis-movement")).move("2MG", "3726")
    w.add(*palette_piece(module, "naval-transport"), "3726", report=False)


def _naval_marker_kept(w, ids, module):
    """21.1.5: Brescia sails Benghazi -> Derna under a Naval Transport marker, which is still on it
    at the end of the next Axis Initial Phase."""
    w.set_turn(1, 7).move("Brescia", "3210").advance(1).move("Brescia", "3727")
    w.add(*palette_piece(module, "naval-transport"), "3727", report=False)
    w.advance(ids.index("i2-axis-movement") - ids.index("i1-axis-movement") - 1)


def _full_retreat_next_to_enemy(w, ids, module):
    """13.3.2: 3 Ind Mot Bde, in Full Retreat, stands in 3026 next to 8 MG Bn (3027) with no
    friendly Good Order combat unit."""
    w.move("8MG", "3027").advance(ids.index("i1-allied-movement")).move("3IndMot", "3026")
    w.add(*palette_piece(module, "full-retreat"), "3026", report=False)


def _unit_in_replacement_pool(w, ids, module):
    """2.2.3: 3 Ind Mot Bde, no replacement, is put in the Replacement Pool."""
    w.advance(ids.index("i1-allied-movement")).move("3IndMot", "replacement-pool")


def _disrupted_and_full_retreat(w, ids, module):
    """13.1.1: 3 Ind Mot Bde (3125) under both a Disrupted and a Full Retreat marker."""
    w.advance(ids.index("i1-allied-movement"))
    w.add(*palette_piece(module, "disrupted"), "3125", report=False)
    w.add(*palette_piece(module, "full-retreat"), "3125", report=False)


def _disrupted_truck(w, ids, module):
    """13.2.3: an Axis truck, a non-combat unit, under a Disrupted marker in 1605."""
    w.advance(ids.index("i1-axis-movement")).move("AxisTruck1", "1605")
    w.add(*palette_piece(module, "disrupted"), "1605", report=False)


@pytest.mark.parametrize("rule, write", [("NA41 6.1.2", _box_of_the_enemy), ("NA41 20.4.2", _fifth_light_on_turn_11),
                                         ("NA41 21.1.4", _naval_marker_off_port), ("NA41 21.1.5", _naval_marker_kept),
                                         ("NA41 13.3.2", _full_retreat_next_to_enemy),
                                         ("NA41 2.2.3", _unit_in_replacement_pool),
                                         ("NA41 13.1.1", _disrupted_and_full_retreat), ("NA41 13.2.3", _disrupted_truck)])
def test_a_log_trips_the_rules_its_coverage_lists_as_checked(na41, rule, write):
    """Rules the coverage of every NA41 log lists as checked that no recorded log breaks, each broken
    by a log written against the module (scenario S1): the audit finds it (round na22 item 6)."""
    kit, module, root = na41
    ids = [p.id for p in kit.game.sequence.phases]
    w = LogWriter.from_module_setup(module, "S1 Enter Rommel", kit=kit)
    write(w, ids, module)
    w.advance(1)
    r = audit([w.write(root / f"trip-{rule.split()[1]}.vlog")], module=module)
    assert rule in {f.rule for f in r.findings}, [f.message for f in r.findings]
    assert rule in {c["rule"] for c in r.checked_rules}


def test_a_logs_first_preparation_phase_says_the_boxes_before_it_are_not_recorded(na41):
    """12.5.2 (the Surrender Box advances one half in the Preparation Phase): a log that begins in
    the Preparation Phase and puts 2 MG Bn in the Eliminated Units box cannot tell where it stood
    before. The not-judged line says that was not recorded, not only that a position file's
    ``[state]`` key is missing (the recorded na41-repl said "needs [state] na41_boxed_before")."""
    kit, module, root = na41
    w = LogWriter.from_module_setup(module, "S1 Enter Rommel", kit=kit)
    w.move("2MG", "eliminated")
    w.advance(1)
    r = audit([w.write(root / "prep.vlog")], module=module)
    why = [e["why"] for e in r.coverage["rules_not_judged"] if e["rule"] == "NA41 12.5.2"]
    assert why and "is not recorded (a log records it from the end of its first phase on" in why[0], why


def test_a_21st_panzer_unit_before_turn_10_in_a_log(na41):
    """20.4.2 「ターン10の準備フェイズに、第５軽師団は第 21 装甲師団になります」: on turn 1 the Axis player
    takes 8 MG Bn (21 Pz) from the palette onto 1606: NA41 20.4.2 (before round na22 a log, which
    names no scenario, was silent). On turn 10's Axis Movement Phase the same is legal (the 5th Light's
    units still on the board are that turn's findings, not this unit's), and a
    campaign log's set-up on turn 1 puts no 21st Panzer unit in play (no finding)."""
    kit, module, root = na41
    ids = [p.id for p in kit.game.sequence.phases]
    for turn, want in ((1, ["NA41 20.4.2"]), (10, [])):
        w = LogWriter.from_module_setup(module, "S1 Enter Rommel", kit=kit)
        w.set_turn(turn, ids.index("i1-axis-movement"))
        w.add(*palette_piece(module, "8MG-21"), "1606", report=False)
        w.advance(1)
        r = audit([w.write(root / f"21pz-{turn}.vlog")], module=module)
        got = [f.rule for f in r.findings if f.rule == "NA41 20.4.2" and "8MG-21" in f.units]
        assert got == want, [f.message for f in r.findings]
    w = LogWriter.from_module_setup(module, "S2 Campaign Game", kit=kit).advance(3)
    r = audit([w.write(root / "campaign.vlog")], module=module)
    assert not [f for f in r.findings if f.rule == "NA41 20.4.2"]


def test_a_withdrawal_is_made_in_the_preparation_phase_and_a_return_is_not_judged():
    """3.1 A.5 「このとき、撤去（20.2）、撤退（20.3）、更新＆変換（20.4）が実行されます」 (Preparation Phase),
    20.2 「撤去は、準備フェイズ中に発生します」, 20.3 「撤退は撤去と同じですが、最終的にユニットが後にゲームの
    プレイに復帰します」: 20/9 Aus put from 3313 in the Withdrawn Units box in the Allied Movement Phase is
    NA41 20.3 (before round na22: silent). 20/9 Aus back from the box to 3313 in that phase is named
    not judged: when and where a withdrawn unit returns is its scenario's, not in the kit (before:
    silent)."""
    head = '[position]\ngame = "north-africa-41"\nturn = 12\nphase = "Impulse 1: Allied Movement Phase"\n'
    _, _, found, _ = check(head + '[[units]]\nunit = "20/9 Aus"\nhex = "withdrawn"\nprevious = "3313"\n')
    assert [(f.rule, f.units) for f in found] == [("NA41 20.3", ("20/9Aus",))]
    _, _, found, why = check(head + '[[units]]\nunit = "20/9 Aus"\nhex = "3313"\nprevious = "withdrawn"\n')
    assert found == [] and "came back from the Withdrawn Units box" in why.get("NA41 20.3", "")
