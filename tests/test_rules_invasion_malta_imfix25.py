"""Invasion: Malta, review rv-l23 of im23 (imfix25): 13.36's "two combats out of one hex" reads
the enemy hexes at the phase start only; 16.13 counts only the Allied units on the port before
the landing. Logs of the bundled module, built as the reviewer's scripts were."""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from games_util import not_judged

#: the Allied retreats of ``test_rules_invasion_malta_im23``'s 13.36 log
ALLIED = [("5/3", "axis-eliminated"), ("Matilda II tank", "1524"), ("Matilda II tank", "1424"),
          ("B/3 KOMR", "1524"), ("B/3 KOMR", "1424")]


@pytest.mark.parametrize("order", ["other-first", "other-after"])
def test_an_enemy_unit_retreating_beside_the_start_later_does_not_make_two_combats(tmp_path_factory, order):
    """13.36 「ユニットは、他の友軍ユニットがすでにヘクス内にあると、敵ZOC内でその退却を終了できる」 with 9.1:
    the im23 log with one enemy hex next to 1525 (KG1-3 in 1626; KG1-2 stands in 1623, not next
    to it), so the Matilda and B/3 KOMR fought one combat out of 1525 and B/3 KOMR's retreat
    into the Matilda's hex in KG1-1's ZOC is found (13.53). KG1-2 also retreats 1623 → 1624 →
    1625 in the Combat Phase (before or after the Allied retreats): it stands next to 1525 only
    after its own combat, so no second combat was declared out of 1525. Before imfix25 the unit's
    present hex counted, and B/3 KOMR's finding became "IM 13.36 not judged"."""
    from test_audit_invasion_combat_imnafix22 import RING, _log
    im = bundled_module("invasion-malta", tmp_path_factory, "imfix25-1336")
    other = [("S3-KG1-2", "1624"), ("S3-KG1-2", "1625")]
    combat = other + ALLIED if order == "other-first" else ALLIED + other
    r = _log(im, f"later-{order}.vlog", [("5/3", "1424"), *RING], combat,
             extra=[("Matilda II tank", "1525")], movement=[("B/3 KOMR", "1525")])
    found = sorted(f.unit_names for f in r.findings if f.rule.startswith("IM 13.") and "KG1" not in str(f.units))
    assert found == [("B/3 KOMR",), ("Matilda II",)], [(f.rule, f.message) for f in r.findings]
    assert not_judged(r, "IM 13.36") == []


@pytest.fixture(scope="module")
def im(tmp_path_factory):
    return bundled_module("invasion-malta", tmp_path_factory, "imfix25")


def _landing(im, *, allied_before: bool = False):
    """Leros (Scenario 4) GT1 (as ``test_rules_invasion_malta_im23``): convoy unit 1 to Leros East's
    Available box in the Naval Transport Phase, then in the Movement Phase, after S.Giorgio
    (Allied coast artillery) is dragged onto Alinda Bay's port L2407 if ``allied_before``, onto
    L2407."""
    from vmodgen.testing.log_writer import LogWriter
    kit, module, _ = im
    w = LogWriter.from_module_setup(module, "Scenario 4: Leros 1943", kit=kit)
    w.set_turn(1, "Naval Transport Phase")
    w.move("S4-C1", "leros-iz-east-available")
    w.advance(2)                               # the Movement Phase
    if allied_before:
        w.move("S.Giorgio", "L2407")
    return w.move("S4-C1", "L2407")


def _audit(im, w, name: str):
    from games_util import audit_log
    kit, module, root = im
    return audit_log(w, root / name, module)


def test_an_allied_unit_arriving_on_the_port_after_the_landing_is_no_16_13(im):
    """16.13 「船団から到着しているユニットは、友軍の港へ上陸できる」 with 3.11 (a hex is friendly to the
    side whose units occupied it last): S4-C1 lands on an empty L2407, then S.Giorgio is dragged
    onto it. At the landing no Allied unit held the port: 16.13 is named not judged (whether Axis
    units passed through it last is not recorded), not found. Before imfix25 S.Giorgio's later
    arrival made an IM 16.13 finding, while the same landing was named not judged."""
    r = _audit(im, _landing(im).move("S.Giorgio", "L2407"), "later.vlog")
    assert [f for f in r.findings if f.rule == "IM 16.13"] == []
    [why] = not_judged(r, "IM 16.13")
    assert "came by sea to the port L2407" in why


def test_an_allied_unit_entering_the_port_after_the_lander_left_it_is_no_16_13(im):
    """16.13 with 3.11: S4-C1 lands on L2407 and goes on to L2408; then an Allied A9 tank enters
    L2407. The tank came after the landing: no IM 16.13 (before imfix25: found), 16.13 named not
    judged."""
    from games_util import palette_piece
    from vmodgen.testing.log_writer import LogWriter
    kit, module, _ = im
    w = LogWriter.from_module_setup(module, "Scenario 4: Leros 1943", kit=kit)
    tank = w.add(*palette_piece(module, "A9 tank"), "L2306", report=False)
    w = w.save_point()
    w.set_turn(1, "Naval Transport Phase")
    w.move("S4-C1", "leros-iz-east-available")
    w.advance(2)
    w.move("S4-C1", "L2407").move("S4-C1", "L2408").move(tank, "L2407")
    r = _audit(im, w, "mobile.vlog")
    assert [f for f in r.findings if f.rule == "IM 16.13"] == []
    [why] = not_judged(r, "IM 16.13")
    assert "came by sea to the port L2407" in why


def test_an_allied_unit_that_entered_the_port_before_the_landing_makes_16_13(im):
    """16.13 with 3.11: S.Giorgio is dragged onto L2407 in the Movement Phase before S4-C1 lands
    there: the Allied unit occupied the port last, which is not friendly to the Axis: IM 16.13."""
    r = _audit(im, _landing(im, allied_before=True), "before.vlog")
    [f] = [f for f in r.findings if f.rule == "IM 16.13"]
    assert f.units == ("S4-C1",) and "S.Giorgio occupy it" in f.message
    assert not_judged(r, "IM 16.13") == []


def test_the_13_36_reasons_name_the_units_that_came_first_and_the_rule_it_turns_on(tmp_path_factory):
    """13.36 「ユニットは、他の友軍ユニットがすでにヘクス内にあると、敵ZOC内でその退却を終了できる」: the im23 log
    with two enemy hexes next to 1525 (KG1-3 in 1626, KG2-1 in 1526), and a third Allied unit, an
    A9 tank, in 1525, dragged 1525 → 1524 → 1424 after B/3 KOMR. B/3 KOMR's 13.36 reason names
    the Matilda, which entered 1424 before it, not the A9, which came after (before imfix25: every
    unit that left 1525, in no time order). B/3 KOMR's drag is illegal as an advance (two hexes,
    13.53) and, as an attacker retreat, legal only if the Matilda fought another combat: the
    13.32/13.53 reason says so and names IM 13.43, which is named not judged too (before: "legal
    as an attacker retreat", and 13.43 not named)."""
    from test_audit_invasion_combat_imnafix22 import RING, _log
    im = bundled_module("invasion-malta", tmp_path_factory, "imfix25-reasons")
    combat = ALLIED + [("A9 tank", "1524"), ("A9 tank", "1424")]
    r = _log(im, "reasons.vlog", [("5/3", "1424"), *RING, ("S3-KG2-1", "1526")], combat,
             extra=[("Matilda II tank", "1525"), ("A9 tank", "1525")], movement=[("B/3 KOMR", "1525")])
    [why] = not_judged(r, "IM 13.36")
    assert why.startswith("B/3 KOMR retreated 1525 → 1524 → 1424 after Matilda II (Matilda II tank), which left")
    [either] = not_judged(r, "IM 13.53")
    assert either.startswith("B/3 KOMR moved 1525 → 1524 → 1424 in the Combat Phase: legal as an attacker "
                             "retreat only if the units of its hex that came first fought another combat "
                             "(13.36; else it breaks IM 13.43), not as an advance")
    assert not_judged(r, "IM 13.43") == [either]
