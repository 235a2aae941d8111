"""Review rv-k23 of key23 (one identity for a breach): each of its probes, asserting what the
rulebook requires of the audit. A verdict the rules give is never lost by a breach's key: every unit
the rule condemns is named by a finding, in one file or split into a chain, after a take-back, an
advance still under way at a file's end said as such. Each probe runs with the per-hex keys declared
(IM 16.14/16.33A's landing limits, OM 9.62/9.83/7.42's stack after combat: one breach per hex,
keyeng25), which keyfix23 had taken back for losing these verdicts."""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from games_util import audit_chain, palette_piece
from vmodgen.audit import audit
from vmodgen.testing.log_writer import LogWriter

SP_LIMIT = "more than 9"
ARMOUR_LIMIT = "one per invasion hex"


@pytest.fixture(scope="module")
def im(tmp_path_factory):
    return bundled_module("invasion-malta", tmp_path_factory, "im-rv-k23")


@pytest.fixture(scope="module")
def om(tmp_path_factory):
    return bundled_module("operation-mercury", tmp_path_factory, "om-rv-k23")


def test_the_landing_limits_and_the_stack_after_combat_declare_a_hex_key():
    """The probes below test the per-hex keys (keyeng25), not the default key: the rules declare them."""
    from vmodgen.rules.finding import Finding
    from vmodgen.rules.games.invasion_malta.stacking import LANDING_ARMOUR, LANDING_SP, landing_breach
    from vmodgen.rules.games.operation_mercury.ruleset import STACK_AFTER_COMBAT, stack_breach
    for breach, part in ((landing_breach, LANDING_SP), (landing_breach, LANDING_ARMOUR), (stack_breach, STACK_AFTER_COMBAT)):
        k = breach(Finding("R 1", "stacking", "m", ("0101",), ("a", "b"), part=part))
        assert k.hexes == ("0101",) and k.units == () and k.part == part
    assert landing_breach(Finding("R 1", "stacking", "m", ("0101",), ("a",))).units == ("a",)


def _leros(im, convoys: int, tanks: tuple[str, ...] = ()) -> tuple[LogWriter, list[str]]:
    """Leros GT1: convoy units 1..``convoys`` (2 SP each) and the palette's ``tanks`` to Leros East's
    Available box in the Naval Transport Phase, the tracker then on the Movement Phase; the tanks' ids."""
    kit, module, _ = im
    w = LogWriter.from_module_setup(module, "Scenario 4: Leros 1943", kit=kit)
    w.set_turn(1, "Naval Transport Phase")
    for i in range(1, convoys + 1):
        w.move(f"S4-C{i}", "leros-iz-east-available")
    ids = [w.add(*palette_piece(module, t), "leros-iz-east-available", report=False) for t in tanks]
    w.set_turn(1, "Movement Phase")
    return w, ids


def _im_found(im, w: LogWriter, name: str, rule: str) -> tuple[list, list]:
    _, module, root = im
    r = audit([w.write(root / f"{name}.vlog")], module=module)
    return [f for f in r.findings if f.rule == rule and f.kind == "stacking"], r.integrity["taken_back"]["items"]


def _named(found: list) -> set[str]:
    return {u for f in found for u in f.units}


TANKS = ("T-34 (captured) tank", "KV-II (captured) tank")
#: 16.33A 「移動フェイズ中、ユニットを使用可能ボックスからその侵攻ゾーン内の望むヘクス上に移動させる。：
#: ・ヘクス毎に9スタッキング・ポイントまで ・1 つの侵攻ヘクス上に同時に 1 つのみの装甲ユニット」: two limits,
#: two verdicts on one invasion hex


def test_item1_sp_then_armour_on_one_invasion_hex_gives_both_limits(im):
    """16.33A on L2703 (an invasion hex): convoy units 1-4 (8 SP), T-34 (10 SP: the SP limit), then
    KV-II (12 SP and a second armour unit: the armour limit). Both limits are said; the armour one
    names the two tanks (key23 folded it into the SP finding's went_on)."""
    w, (t1, t2) = _leros(im, 4, TANKS)
    for i in range(1, 5):
        w.move(f"S4-C{i}", "L2703")
    w.move(t1, "L2703").move(t2, "L2703").advance(1)
    found, _ = _im_found(im, w, "sp-then-armour", "IM 16.33")
    armour = [f for f in found if ARMOUR_LIMIT in f.message]
    assert [sorted(f.units) for f in armour] == [sorted(TANKS)], [f.message for f in found]
    assert any(SP_LIMIT in f.message and f.step == armour[0].step - 1 for f in found), [f.message for f in found]


def test_item1_armour_then_sp_on_one_invasion_hex_gives_both_limits(im):
    """The other order: T-34 and KV-II land on L2703 (the armour limit), then convoy units 1-3 (10 SP:
    the SP limit). "More than 9 SP" is said, naming the convoy units (key23 never said it)."""
    w, (t1, t2) = _leros(im, 3, TANKS)
    w.move(t1, "L2703").move(t2, "L2703")
    for i in range(1, 4):
        w.move(f"S4-C{i}", "L2703")
    w.advance(1)
    found, _ = _im_found(im, w, "armour-then-sp", "IM 16.33")
    assert any(ARMOUR_LIMIT in f.message for f in found), [f.message for f in found]
    sp = [f for f in found if SP_LIMIT in f.message]
    assert sp and {"S4-C1", "S4-C2", "S4-C3"} <= set(sp[0].units), [f.message for f in found]


def test_items2_3_a_unit_dragged_off_and_back_then_a_sixth_landing_is_named(im):
    """16.14 「スタッキング限度を超過するユニットは上陸できず、それらを侵攻ゾーン遅延ボックス内に置く」 on
    Portolago (L3009): C1-C5 land (10 SP, step 13), C5 on to L3008 and dragged back (a take-back of
    steps 14-15: the breach stood all along, so no second finding at 15), then C6 lands (12 SP, step
    16): C6 goes to the Delay box too, so the port's one breach (16.14's key: the hex whichever
    units land on it) names it at step 16 (review: key23 reported step 15 again, and with item 2
    alone fixed named C6 nowhere)."""
    w, _ = _leros(im, 6)
    for i in range(1, 6):
        w.move(f"S4-C{i}", "L3009")
    w.move("S4-C5", "L3008").move("S4-C5", "L3009").move("S4-C6", "L3009").advance(1)
    found, taken = _im_found(im, w, "stale-reported", "IM 16.14")
    assert [(t["unit"], t["steps"]) for t in taken] == [("S4-C5", [14, 15])]
    assert [f.step for f in found] == [13], [(f.step, f.message) for f in found]
    assert [(e["step"], e["units"]) for e in found[0].details["went_on"]] == [(16, ["S4-C6"])]
    assert "Leros convoy unit 6 (step 16)" in found[0].message


@pytest.mark.parametrize("phase_ends", [False, True])
def test_item4_one_unit_of_a_group_dragged_back_leaves_the_other_named(im, phase_ends):
    """C1-C5 land on Portolago (10 SP), C6 and T-34 land together in one drag (14 SP), then C6 alone is
    dragged back to the Available box: T-34 still stands on the overfilled port and goes to the Delay
    box (16.14), so a finding names it, whether the file ends in the phase or after it (key23 dropped
    T-34 with C6's whole addition)."""
    w, (t1,) = _leros(im, 6, TANKS[:1])
    for i in range(1, 6):
        w.move(f"S4-C{i}", "L3009")
    w.move_together([("S4-C6", "L3009"), (t1, "L3009")]).move("S4-C6", "leros-iz-east-available")
    if phase_ends:
        w.advance(1)
    found, taken = _im_found(im, w, f"multi-drag-back-{phase_ends}", "IM 16.14")
    assert [t["unit"] for t in taken] == ["S4-C6"]
    assert TANKS[0] in _named(found), [f.message for f in found]


def test_item5_the_unit_that_made_the_breach_taken_back_leaves_a_finding_at_a_standing_step(im):
    """C1-C6 land on Portolago (C5 makes 10 SP at step 13, C6 makes 12 at 14), then C5 is dragged
    back to the Available box (a take-back of steps 13 and 15): the port still holds 10 SP (C1-C4,
    C6), a breach of 16.14. Its finding rests not on the withdrawn landing (13) and names no unit taken back: C6
    is named, C5 is not (key23 kept the finding at step 13 naming C5's withdrawn landing)."""
    w, _ = _leros(im, 6)
    for i in range(1, 7):
        w.move(f"S4-C{i}", "L3009")
    w.move("S4-C5", "leros-iz-east-available").advance(1)
    found, taken = _im_found(im, w, "maker-taken-back", "IM 16.14")
    assert [(t["unit"], t["steps"]) for t in taken] == [("S4-C5", [13, 15])]
    assert found, "the port still over the limit is a finding"
    assert all(f.step != 13 for f in found), [(f.step, f.message) for f in found]
    assert all("S4-C5" not in f.units and "(S4-C5)" not in f.message for f in found), [f.message for f in found]
    assert "S4-C6" in _named(found)


def test_item8_a_unit_joining_in_the_next_file_of_a_chain_is_named(im):
    """The same play split in two files: a) C1-C5 land on Portolago (10 SP); b) C6 lands on it
    (12 SP). 16.14 sends C6 to the Delay box, so the chain names it (key23 named it nowhere)."""
    _, module, root = im
    w, _ = _leros(im, 6)
    for i in range(1, 6):
        w.move(f"S4-C{i}", "L3009")
    a = w.write(root / "chain-join-a.vlog")
    b = w.save_point().move("S4-C6", "L3009").advance(1).write(root / "chain-join-b.vlog")
    r, _ = audit_chain([a, b], module)
    found = [f for f in r.findings if f.rule == "IM 16.14"]
    assert "S4-C6" in _named(found), [f.message for f in found]
    assert {f"S4-C{i}" for i in range(1, 6)} <= set(found[0].units)


# ---- OM 9.83 ('ユニットは、戦闘後前進の終了時にスタッキング限度を違反できない') --------------------------

def _w4314(om) -> tuple[LogWriter, list[str]]:
    """W4314 holds B/22 NZ, B/23 NZ, 7 RTR, C/1 and D/1 Welsh (5 stacking points); 19 NZ, 156 AA and
    Maori wait on W4313; the tracker on the Allied Combat Phase, a roll, then 19 NZ and 156 AA advance
    together into W4314 (7 points, over the limit of 6) and a roll judges it."""
    kit, module, _ = om
    ids = [p.id for p in kit.game.sequence.phases]
    w = LogWriter.from_module_setup(module, "Scenario 3: Maleme-Suda, May 20-23", kit=kit)
    w.add(*palette_piece(module, "G-9-III-Sturm"), "W4216", report=False)
    w.add(*palette_piece(module, "G-Vogel-1"), "W4317", report=False)
    for unit in ("A-7RTR-1", "A-C-1-Welsh", "A-D-1-Welsh"):
        w.move(unit, "W4314")
    for unit in ("A-156-AA", "A-19-NZ-Eng", "A-Maori"):
        w.move(unit, "W4313")
    w.advance(ids.index("allied-combat"))
    w.roll("1d10", [1]).move_together([("A-19-NZ-Eng", "W4314"), ("A-156-AA", "W4314")]).roll("1d10", [1])
    return w, ids


def _advanced(f) -> str:
    """The units a 9.83 finding says advanced (its sentence before " advanced into ")."""
    return f.message.split(" advanced into ")[0]


def _om_983(r) -> list:
    return [f for f in r.findings if f.rule == "OM 9.83"]


def _maori_condemned(found: list) -> list:
    return [f for f in found if "Maori (A-Maori)" in _advanced(f) or
            any("A-Maori" in e["units"] for e in f.details.get("went_on", []))]


def _one_file(om) -> list:
    """One file: group advance, roll, Maori advances into W4314 (8 points), roll: its 9.83 findings."""
    _, module, root = om
    w, _ = _w4314(om)
    return _om_983(audit([w.move("A-Maori", "W4314").roll("1d10", [1]).advance(1).write(root / "single.vlog")],
                         module=module))


def test_item6_one_file_the_group_and_maori_are_both_condemned(om):
    """One file: the group's advance and Maori's both broke 9.83, each is named as an advance over
    the limit."""
    found = _one_file(om)
    assert "19 NZ (A-19-NZ-Eng)" in _advanced(found[0]) and "156 AA (A-156-AA)" in _advanced(found[0])
    assert len(_maori_condemned(found)) == 1, [f.message for f in found]


def test_item6_a_chain_condemns_maori_as_one_file_does(om):
    """The same moves split after the group's judging roll: a) group advance, roll | b) Maori
    advances, roll. Maori's advance is condemned once, and the chain gives the findings one file
    gives (key23 gave one in one file and two in the chain)."""
    _, module, root = om
    w, _ = _w4314(om)
    a = w.write(root / "chain-a.vlog")
    b = w.save_point().move("A-Maori", "W4314").roll("1d10", [1]).advance(1).write(root / "chain-b.vlog")
    r, _ = audit_chain([a, b], module)
    found = _om_983(r)
    assert "19 NZ (A-19-NZ-Eng)" in _advanced(found[0])
    assert len(_maori_condemned(found)) == 1, [f.message for f in found]
    assert len(found) == len(_one_file(om)), [f.message for f in found]   # rv-k23 item 6: not split by the seam
    assert [(e["units"], e["file"]) for e in found[0].details["went_on"]] == [(["A-Maori"], str(b))]
    assert "It went on in chain-b.vlog: Maori (step " in found[0].message


def test_item6_next_then_prev_condemns_maori_as_one_file_does(om):
    """Group advance, roll, the tracker's Next and Prev (back in the Combat Phase), Maori advances,
    roll: Maori's advance is condemned once, and the findings are those of one file."""
    _, module, root = om
    w, _ = _w4314(om)
    w.advance(1)
    t, p = w.current_turn()
    w.set_turn(t, p - 1)
    r = audit([w.move("A-Maori", "W4314").roll("1d10", [1]).advance(1).write(root / "prev.vlog")], module=module)
    assert len(_maori_condemned(_om_983(r))) == 1, [f.message for f in _om_983(r)]
    assert len(_om_983(r)) == len(_one_file(om)), [f.message for f in _om_983(r)]   # not split by the Prev


def test_item7_an_advance_under_way_at_a_file_end_is_said_so_and_named_once_in_the_chain(om):
    """File a ends right after Maori's advance, before any roll: alone, its verdict on Maori is
    partial and says so ("under way"); chained with b (a roll, Next), Maori is condemned once."""
    _, module, root = om
    w, _ = _w4314(om)
    a = w.move("A-Maori", "W4314").write(root / "open-a.vlog")
    alone, _ = audit_chain([a], module)
    maori = _maori_condemned(_om_983(alone))
    assert len(maori) == 1 and "under way" in maori[0].message, [f.message for f in _om_983(alone)]
    b = w.save_point().roll("1d10", [1]).advance(1).write(root / "open-b.vlog")
    r, _ = audit_chain([a, b], module)
    assert len(_maori_condemned(_om_983(r))) == 1, [f.message for f in _om_983(r)]


def test_item9_a_hex_back_at_the_limit_and_over_it_again_is_a_new_finding_without_the_unit_that_left(om):
    """Group advance (7 points), 7 RTR leaves W4314 (6: at the limit), roll, Maori advances (7 again),
    roll: a new breach, its finding names Maori's advance and not 7 RTR, which no longer stands
    there."""
    _, module, root = om
    w, _ = _w4314(om)
    w.move("A-7RTR-1", "W4313").roll("1d10", [1]).move("A-Maori", "W4314").roll("1d10", [1]).advance(1)
    found = _om_983(audit([w.write(root / "drop-again.vlog")], module=module))
    assert len(found) == 2, [f.message for f in found]
    assert "Maori (A-Maori)" in _advanced(found[1]) and "A-7RTR-1" not in found[1].units


# ---- item 11: an addition's fields kept in step with what the finding names -----------------

def test_item11_an_addition_brings_its_illustrative_inputs_and_a_take_back_its_concealment_goes():
    """A standing finding naming unit a; the same breach seen again naming b (masked by its owner,
    its verdict resting on an illustrative value of b): the finding rests on both units' values;
    b's joining step taken back by hand: b is no longer named, nor concealed by the finding (its
    report would be redacted for a unit it does not name)."""
    from vmodgen.audit import same_breach
    from vmodgen.audit.model import AuditFinding
    from vmodgen.audit.takeback import TakeBack
    from vmodgen.rules.illustrative import Input

    def finding(step: int, unit: str, concealed: dict) -> AuditFinding:
        return AuditFinding("f", step, 1, "p", "P", "", "during", "X 1", "stacking", "m", ("0101",), (unit,),
                            (unit.upper(),), concealed=concealed, illustrative=(Input("unit", (f"the value of {unit}",), ""),))

    f = finding(2, "a", {})
    same_breach.note(f, finding(5, "b", {"b": ("masked", "a unit")}))
    assert f.units == ("a", "b") and "b" in f.concealed
    assert [i.items for i in f.illustrative] == [("the value of a", "the value of b")]
    same_breach.take_back([f], [TakeBack("pb", "b", "B", "axis", "", (5, 6), ("0202", "0101", "0202"))])
    assert f.units == ("a",) and "went_on" not in f.details and f.concealed == {}


@pytest.fixture(scope="module")
def na41(tmp_path_factory):
    return bundled_module("north-africa-41", tmp_path_factory, "na41-rv-k23")


def test_item8_na41_a_unit_moved_on_in_the_next_file_is_named_at_its_new_hex(na41):
    """20.4.2 (「ユニットがマップ上のどこにいても、これらを新たなユニットに置き換えます」: one breach per unit
    wherever it is): 8 MG Bn (21 Pz) placed on 1606 on turn 1 in file a, moved on to 1607 in file b.
    The chain gives one finding, as one file does, and names 1607 with its file (key23 dropped b's
    finding with what joined it there: 1607 named nowhere)."""
    kit, module, root = na41
    ids = [p.id for p in kit.game.sequence.phases]
    w = LogWriter.from_module_setup(module, "S1 Enter Rommel", kit=kit)
    w.set_turn(1, ids.index("i1-axis-movement"))
    w.add(*palette_piece(module, "8MG-21"), "1606", report=False)
    a = w.write(root / "moved-on-a.vlog")
    b = w.save_point().move("8MG-21", "1607").advance(1).write(root / "moved-on-b.vlog")
    r, _ = audit_chain([a, b], module)
    (f,) = [f for f in r.findings if f.rule == "NA41 20.4.2"]
    assert f.units == ("8MG-21",) and f.hexes == ("1606", "1607")
    assert [(e["hexes"], e["file"]) for e in f.details["went_on"]] == [(["1607"], str(b))]
    assert "It went on in moved-on-b.vlog: 1607 (step " in f.message


def test_item10_na41_a_drag_back_after_next_and_prev_withdraws_the_hex_it_went_on_to(na41):
    """20.4.2: 8 MG Bn (21 Pz) placed on 1606 on turn 1, moved to 1607 (the breach goes on there),
    the tracker's Next then Prev (back in the Movement Phase, the move carried), then dragged back
    to 1606 by hand: a take-back of the leg to 1607, so the finding names 1606 only (review rv-k23
    item 10: "went on: 1607" stayed)."""
    kit, module, root = na41
    ids = [p.id for p in kit.game.sequence.phases]
    w = LogWriter.from_module_setup(module, "S1 Enter Rommel", kit=kit)
    w.set_turn(1, ids.index("i1-axis-movement"))
    w.add(*palette_piece(module, "8MG-21"), "1606", report=False)
    w.move("8MG-21", "1607").advance(1)
    t, p = w.current_turn()
    w.set_turn(t, p - 1)
    w.move("8MG-21", "1606").advance(1)
    r = audit([w.write(root / "prev-drag-back.vlog")], module=module)
    assert [t["unit"] for t in r.integrity["taken_back"]["items"]] == ["8MG-21"]
    (f,) = [f for f in r.findings if f.rule == "NA41 20.4.2"]
    assert f.hexes == ("1606",) and "went_on" not in f.details and "went on" not in f.message, (f.hexes, f.message)




@pytest.mark.parametrize("fresh", [False, True])
def test_item9_across_a_seam_a_hex_back_at_the_limit_is_a_new_finding(om, fresh):
    """Item 9 split in two files: a) group advance (7 points), roll, 7 RTR leaves W4314 (6), roll |
    b) Maori advances (7 again), roll. The group's finding named 7 RTR, which no longer stands
    there, so Maori's advance is a new finding, not the group's addition: the carry across the
    seam keeps the units that finding named (MoveCarry.named), also when b is audited by a fresh
    auditor from a's pickled ``end_context`` (``fresh``: a parallel audit's worker)."""
    import pickle
    from vmodgen.audit.engine import FileAuditor
    from vmodgen.audit.run import assemble, make_binding
    from vmodgen.rules import ruleset_for
    from vmodgen.vassal.savefile import read_save
    _, module, root = om
    w, _ = _w4314(om)
    a = w.move("A-7RTR-1", "W4313").roll("1d10", [1]).write(root / f"seam9-a-{fresh}.vlog")
    b = w.save_point().move("A-Maori", "W4314").roll("1d10", [1]).advance(1).write(root / f"seam9-b-{fresh}.vlog")
    bd, mod = make_binding(str(module))
    rs = ruleset_for(bd.game)
    bd.reset()
    auditor = FileAuditor(bd, mod, rs)
    results, context = [], None
    for p in (a, b):
        if fresh and context is not None:
            bd, mod = make_binding(str(module))
            rs = ruleset_for(bd.game)
            bd.reset()
            auditor = FileAuditor(bd, mod, rs)
        results.append(auditor.run(read_save(str(p)), str(p), context=context if fresh else None))
        context = pickle.loads(pickle.dumps(results[-1].end_context))
    found = _om_983(assemble(results, bd, rs.rules()))
    assert len(found) == 2, [f.message for f in found]
    assert "Maori (A-Maori)" in _advanced(found[1]) and "A-7RTR-1" not in found[1].units
