"""One identity for a breach (``Rule.breach``, rules/finding.py): the engine's standing sets, the
chain's assembly and the take-backs all read a finding by the key its rule makes. NA41 20.4.2
(「ターン10の準備フェイズに、第５軽師団は第 21 装甲師団になります。ユニットがマップ上のどこにいても、これらを
新たなユニットに置き換えます」: the breach is the unit being in the game, wherever it is) is one finding
per unit while it stands, naming the hexes it is moved on to; every other rule keeps the key of its
units at its hexes."""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from games_util import palette_piece
from vmodgen.audit import audit
from vmodgen.audit.model import AuditFinding
from vmodgen.rules.base import Rule, ALWAYS
from vmodgen.rules.finding import Finding, at_its_hexes, wherever_they_stand
from vmodgen.testing.log_writer import LogWriter

RULE = "NA41 20.4.2"


@pytest.fixture(scope="module")
def na41(tmp_path_factory):
    return bundled_module("north-africa-41", tmp_path_factory, "na41-key23")


def _turn_one(na41) -> tuple[LogWriter, list[str]]:
    """S1 on turn 1, Impulse 1 Axis Movement Phase (a 21st Panzer unit is not in the game before
    turn 10's Preparation Phase)."""
    kit, module, _ = na41
    ids = [p.id for p in kit.game.sequence.phases]
    w = LogWriter.from_module_setup(module, "S1 Enter Rommel", kit=kit)
    w.set_turn(1, ids.index("i1-axis-movement"))
    return w, ids


def _found(na41, w: LogWriter, name: str, taken: list | None = None) -> list:
    """The NA41 20.4.2 findings of the log ``w`` wrote; ``taken``: filled with its take-backs."""
    _, module, root = na41
    r = audit([w.write(root / f"{name}.vlog")], module=module)
    if taken is not None:
        taken += r.integrity["taken_back"]["items"]
    return [f for f in r.findings if f.rule == RULE]


def test_the_default_key_is_the_units_at_their_hexes():
    """Every rule that declares no key keeps the one the audit had (its reports unchanged); the
    audit's finding answers the key its rule made, not one rebuilt from units a merge added."""
    f = Finding("X 1", "movement", "m", ("0102", "0101"), ("b", "a"))
    assert at_its_hexes(f) == ("X 1", "movement", ("0101", "0102"), ("a", "b"), "")
    assert wherever_they_stand(f) == ("X 1", "movement", (), ("a", "b"), "")
    assert Rule("X 1", "movement", ALWAYS, lambda board: []).breach is at_its_hexes
    af = AuditFinding("f", 1, 1, "", "", "", "during", "X 1", "movement", "m", ("0101",), ("a",))
    assert af.key == at_its_hexes(af)
    af.breach, af.units = wherever_they_stand(af), ("a", "c")
    assert af.key == ("X 1", "movement", (), ("a",), "")


def test_a_unit_moved_through_three_hexes_is_one_breach_naming_them(na41):
    """20.4.2: 8 MG Bn (21 Pz) taken from the palette onto 1606 on turn 1, then moved 1607, 1608:
    one NA41 20.4.2 (before: one at each hex), naming 1606, 1607 and 1608 and the steps it was moved."""
    w, _ = _turn_one(na41)
    _, module, _ = na41
    w.add(*palette_piece(module, "8MG-21"), "1606", report=False)
    w.move("8MG-21", "1607").move("8MG-21", "1608").advance(1)
    (f,) = _found(na41, w, "three-hexes")
    assert f.units == ("8MG-21",) and f.hexes == ("1606", "1607", "1608")
    assert [e["hexes"] for e in f.details["went_on"]] == [["1607"], ["1608"]]
    assert "The same breach went on: 1607 (step " in f.message and "; 1608 (step " in f.message


def test_moves_undone_are_not_named_and_the_placing_undone_withdraws_it(na41):
    """The two moves undone (VASSAL's Undo): still one NA41 20.4.2, at 1606 only; the placing undone
    too: the unit never was in the game, no finding."""
    _, module, _ = na41
    w, _ = _turn_one(na41)
    w.add(*palette_piece(module, "8MG-21"), "1606", report=False)
    w.move("8MG-21", "1607").move("8MG-21", "1608").undo().undo().advance(1)
    (f,) = _found(na41, w, "moves-undone")
    assert f.hexes == ("1606",) and "went_on" not in f.details and "went on" not in f.message
    w, _ = _turn_one(na41)
    w.add(*palette_piece(module, "8MG-21"), "1606", report=False)
    w.move("8MG-21", "1607").undo().undo().advance(1)
    assert _found(na41, w, "placing-undone") == []


def test_a_move_dragged_back_by_hand_is_not_named_and_the_breach_still_stands(na41):
    """A take-back (8 MG Bn (21 Pz) dragged 1606 -> 1607 -> 1608, then back to 1606 by hand): the
    breach stood before the legs and still stands, so its finding stays (review rv-f22 item 1: a
    take-back withdrew a breach still standing when the keys disagreed) and names 1606 only."""
    _, module, _ = na41
    w, _ = _turn_one(na41)
    w.add(*palette_piece(module, "8MG-21"), "1606", report=False)
    w.move("8MG-21", "1607").move("8MG-21", "1608").move("8MG-21", "1606").advance(1)
    taken: list = []
    (f,) = _found(na41, w, "dragged-back", taken)
    assert [(t["unit"], len(t["steps"])) for t in taken] == [("8MG-21", 3)], taken   # the two legs and the return
    assert f.hexes == ("1606",) and "went on" not in f.message, (f.hexes, f.message)


def test_undone_then_moved_elsewhere_names_the_new_hex(na41):
    """1606 -> 1607 undone, then 1606 -> 1506: one finding naming 1606 and 1506, not 1607."""
    _, module, _ = na41
    w, _ = _turn_one(na41)
    w.add(*palette_piece(module, "8MG-21"), "1606", report=False)
    w.move("8MG-21", "1607").undo().move("8MG-21", "1506").advance(1)
    (f,) = _found(na41, w, "redone-elsewhere")
    assert f.hexes == ("1606", "1506")


def test_a_second_unit_is_a_second_breach(na41):
    """8 MG Bn (21 Pz) and 2 MG Bn (21 Pz) both taken onto the map on turn 1 and moved: two findings,
    one per unit."""
    _, module, _ = na41
    w, _ = _turn_one(na41)
    w.add(*palette_piece(module, "8MG-21"), "1606", report=False)
    w.add(*palette_piece(module, "2MG-21"), "1506", report=False)
    w.move("8MG-21", "1607").move("2MG-21", "1507").advance(1)
    assert sorted(f.units for f in _found(na41, w, "two-units")) == [("2MG-21",), ("8MG-21",)]


def test_the_same_unit_later_is_the_same_breach_while_it_stands_and_a_new_one_once_it_left(na41):
    """The unit left on the map into the next impulse's Axis Movement Phase and moved there: the
    same breach (it never left the game), its new hex named. Taken off the map (deleted) and put on
    it again in that later phase: a new breach, a second finding."""
    kit, module, _ = na41
    w, ids = _turn_one(na41)
    w.add(*palette_piece(module, "8MG-21"), "1606", report=False)
    w.advance(ids.index("i2-axis-movement") - ids.index("i1-axis-movement")).move("8MG-21", "1607").advance(1)
    (f,) = _found(na41, w, "later-phase-stands")
    assert f.hexes == ("1606", "1607") and f.phase == "i1-axis-movement"
    w, ids = _turn_one(na41)
    pid = w.add(*palette_piece(module, "8MG-21"), "1606", report=False)
    w.delete(pid).advance(ids.index("i2-axis-movement") - ids.index("i1-axis-movement"))
    w.add(*palette_piece(module, "8MG-21"), "1607", report=False)
    w.advance(1)
    assert [(f.phase, f.hexes) for f in _found(na41, w, "later-phase-again")] == [
        ("i1-axis-movement", ("1606",)), ("i2-axis-movement", ("1607",))]


@pytest.fixture(scope="module")
def im(tmp_path_factory):
    return bundled_module("invasion-malta", tmp_path_factory, "im-key23")


def _onto_portolago(im, units: int) -> LogWriter:
    """Leros GT1: convoy units 1..``units`` to Leros East's Available box in the Naval Transport
    Phase, then each onto the port of Portolago (L3009) in the Movement Phase (2 SP each)."""
    kit, module, _ = im
    w = LogWriter.from_module_setup(module, "Scenario 4: Leros 1943", kit=kit)
    w.set_turn(1, "Naval Transport Phase")
    for i in range(1, units + 1):
        w.move(f"S4-C{i}", "leros-iz-east-available")
    w.set_turn(1, "Movement Phase")
    for i in range(1, units + 1):
        w.move(f"S4-C{i}", "L3009")
    return w


def _port_limit(im, w: LogWriter, name: str) -> list:
    _, module, root = im
    r = audit([w.write(root / f"{name}.vlog")], module=module)
    return [f for f in r.findings if f.rule == "IM 16.14" and f.kind == "stacking"]


def test_a_unit_landing_on_an_overfilled_port_is_a_new_finding(im):
    """16.14 「…9スタッキング・ポイントまでのユニットは、港指定ヘクス上に置くことができる。スタッキング限度を
    超過するユニットは上陸できず、それらを侵攻ゾーン遅延ボックス内に置く」: six convoy units (2 SP each)
    placed one by one on Portolago (L3009): the fifth makes 10 SP (IM 16.14 at its step, 13) and the
    sixth 12 SP (step 14). The port over its limit is one breach whichever units land on it (its
    key: the hex), so the sixth's landing joins the first finding, named with its step."""
    found = _port_limit(im, _onto_portolago(im, 6), "port-six")
    assert [(f.step, f.hexes, sorted(f.units)) for f in found] == [
        (13, ("L3009",), [f"S4-C{i}" for i in range(1, 7)])]
    assert [(e["step"], e["units"]) for e in found[0].details["went_on"]] == [(14, ["S4-C6"])]
    assert "The same breach went on: Leros convoy unit 6 (step 14)." in found[0].message


def test_a_unit_joining_an_overfilled_port_undone_or_dragged_back_is_not_named(im):
    """The sixth unit's drop undone (VASSAL's Undo), or dragged back to the Available box by hand
    (a take-back): the port stays overfilled by the first five, which its one finding names, not the
    sixth (the addition withdrawn with the drag: no "went on")."""
    five = [f"S4-C{i}" for i in range(1, 6)]
    w = _onto_portolago(im, 6).undo()
    (f,) = _port_limit(im, w, "port-six-undone")
    assert sorted(f.units) == five
    w = _onto_portolago(im, 6).move("S4-C6", "leros-iz-east-available")
    found = _port_limit(im, w, "port-six-back")
    assert [(f.step, sorted(f.units)) for f in found] == [(13, five)], [f.message for f in found]
    assert "went_on" not in found[0].details and "went on" not in found[0].message


def test_a_port_overfilled_again_after_it_fell_back_to_the_limit_is_a_new_breach(im):
    """Six units to the Available box, five onto Portolago (10 SP: IM 16.14), the fifth dragged on to
    L3008 (8 SP: the breach ends; its move off the port is 16.14's move finding, another kind), then
    the sixth onto the port (10 SP again): a second breach, a second finding, at the sixth's drop."""
    kit, module, _ = im
    w = LogWriter.from_module_setup(module, "Scenario 4: Leros 1943", kit=kit)
    w.set_turn(1, "Naval Transport Phase")
    for i in range(1, 7):
        w.move(f"S4-C{i}", "leros-iz-east-available")
    w.set_turn(1, "Movement Phase")
    for i in range(1, 6):
        w.move(f"S4-C{i}", "L3009")
    w.move("S4-C5", "L3008").move("S4-C6", "L3009")
    found = _port_limit(im, w, "port-again")
    assert [(f.step, sorted(f.units)) for f in found] == [
        (13, [f"S4-C{i}" for i in range(1, 6)]), (15, ["S4-C1", "S4-C2", "S4-C3", "S4-C4", "S4-C6"])]
