"""Invasion: Malta, review rv-o25 of imfix25 and quick913 (imfix26): the 13.53/13.36 reasons say
which reading of 13.36 breaks which rule; 16.13 counts a unit placed on the port only when it
stood there before the landing; 9.13 and 12.12 read an Attack Target marker left from an earlier
combat alike. Logs of the bundled module and rulebook positions, built as the reviewer's probes."""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from games_util import audit_log, im_airhead_drops, im_log, not_judged, palette_piece


@pytest.fixture(scope="module")
def im(tmp_path_factory):
    return bundled_module("invasion-malta", tmp_path_factory, "imfix26")


def _retreat_beside_a_mate(im, name: str, *, mate: bool, later: bool = False,
                           mate_route: tuple[str, ...] = ("1425",), route: tuple[str, ...] = ("1625", "1724")):
    """The im23 log with KG2-1 on 1526 (two enemy hexes next to 1525): in the Combat Phase 5/3 is
    eliminated, the Matilda goes 1525 → 1425 (``mate_route``) if ``mate``, then B/3 KOMR goes 1525 →
    1625 → 1724 (``route``) and is marked Disrupted; if ``later``, an A9 tank goes 1525 → 1524 after
    it."""
    from test_audit_invasion_combat_imnafix22 import DRAW, PLAYED, RING
    kit, module, root = im
    w, central = im_log(module, kit, central=True)
    tank = w.add(*palette_piece(module, "Matilda II tank"), "1525", report=False)
    a9 = w.add(*palette_piece(module, "A9 tank"), "1525", report=False) if later else None
    im_airhead_drops(w, module, [("5/3", "1424"), *RING, ("S3-KG2-1", "1526")])
    w.set_turn(2, DRAW)
    w.move(central, PLAYED)
    w.set_turn(2, "Movement Phase")
    w.move("B/3 KOMR", "1525")
    w.set_turn(2, "Combat Phase")
    w.roll("1d10", [3])
    w.move("5/3", "axis-eliminated")
    if mate:
        for h in mate_route:
            w.move(tank, h)
    for h in route:
        w.move("B/3 KOMR", h)
    w.add(*palette_piece(module, "disrupted"), route[-1], report=False)
    if a9:
        w.move(a9, "1524")
    return audit_log(w, root / name, module)


def test_a_retreat_broken_only_if_the_mate_fought_another_combat_says_so(im):
    """13.41 「代替の道筋が存在しない場合にのみ」 with 13.36 「他の友軍ユニットがすでにヘクス内にあると」: B/3
    KOMR retreats 1525 → 1625 → 1724 through KG1-3's ZOC after the Matilda went 1525 → 1425. If the
    Matilda fought another combat out of 1525 (KG1 and KG2 stand in two hexes next to it), it is a
    friend already in 1425, and 1525 → 1425 → 1524 avoids empty enemy ZOC: 13.41 is broken only
    then. The reasons say "only if ... did not fight another combat" and "breaks IM 13.41 if they
    did" (before rv-o25: "only if they fought another combat (else it breaks IM 13.41)", backwards)."""
    r = _retreat_beside_a_mate(im, "mate.vlog", mate=True)
    assert [f for f in r.findings if "B/3 KOMR" in f.unit_names and f.rule.startswith("IM 13.")] == []
    [either] = not_judged(r, "IM 13.53")
    assert ("legal as an attacker retreat only if the units of its hex that came first did not fight another "
            "combat (13.36; if they did, it breaks IM 13.41), not as an advance") in either
    assert not_judged(r, "IM 13.41") == [either]
    [why] = not_judged(r, "IM 13.36")
    assert why.endswith("(9.1), and it breaks IM 13.41 if they did")


def test_without_the_mate_the_retreat_is_legal(im):
    """13.41 with no friend in 1425: every two-hex retreat from 1525 crosses empty enemy ZOC, so
    going through 1625 is legal as an attacker retreat; no 13.36 reason (the control of the test
    above)."""
    r = _retreat_beside_a_mate(im, "nomate.vlog", mate=False)
    [either] = not_judged(r, "IM 13.53")
    assert "legal as an attacker retreat, not as an advance" in either
    assert not_judged(r, "IM 13.36") == [] and not_judged(r, "IM 13.41") == []


def test_a_retreat_broken_in_each_reading_of_13_36_is_found(im):
    """13.53, 13.43 「敵ZOC内でその退却を終了できない」 and 13.41 with 13.36: the Matilda goes 1525 → 1524
    → 1624 first, then B/3 KOMR 1525 → 1625 → 1624 (1625 in KG1-3's ZOC, 1624 in KG1-2's). As an
    advance it goes two hexes (13.53); if the Matilda retreated with it, B/3 KOMR ends alone in enemy
    ZOC (13.43); if it fought another combat, it is a friend in 1624, and 1525 → 1524 → 1624 avoids
    empty enemy ZOC (13.41). Illegal in every reading: one IM 13.53 finding naming both 13.36
    readings, as a move illegal as an advance and as a retreat is (review rv-u25 item 3; before
    imfix27 the rules were named not judged; before rv-o25: "legal as an attacker retreat only if
    the units of its hex that came first fought another combat")."""
    r = _retreat_beside_a_mate(im, "both.vlog", mate=True, mate_route=("1524", "1624"), route=("1625", "1624"))
    [f] = [f for f in r.findings if f.rule.startswith("IM 13.") and "B/3 KOMR" in f.units]
    assert f.rule == "IM 13.53" and tuple(f.units) == ("B/3 KOMR",)
    assert f.message == ("B/3 KOMR moved 1525 → 1625 → 1624 in the Combat Phase, illegal as an advance and as an "
                         "attacker retreat alike: B/3 KOMR advanced 1525 → 1624; an advance is one hex; as an attacker "
                         "retreat, it breaks IM 13.43 unless they fought another combat; it breaks IM 13.41 if they "
                         "did (13.36: whether the units of its hex that came first fought another combat).")
    assert not any("B/3 KOMR" in why for rule in ("IM 13.53", "IM 13.41", "IM 13.43") for why in not_judged(r, rule))


def test_the_13_36_reason_names_the_mate_in_a_hex_the_alternatives_read(im):
    """13.36: the Matilda stands on 1425, on no hex of B/3 KOMR's route but on the alternative
    1525 → 1425 → 1524 that 13.41 weighs; the A9 leaves 1525 after B/3 KOMR's retreat. The reason
    names the Matilda only (before rv-o25: nobody came first on the route, so both were named)."""
    r = _retreat_beside_a_mate(im, "later.vlog", mate=True, later=True)
    [why] = not_judged(r, "IM 13.36")
    assert why.startswith("B/3 KOMR retreated 1525 → 1625 → 1724 after Matilda II (Matilda II tank), which left")


def _leros_landing(im, *, placed: str):
    """Leros (Scenario 4) GT1 (as ``test_rules_invasion_malta_imfix25``): convoy unit 1 to Leros
    East's Available box in the Naval Transport Phase; in the Movement Phase it lands on Alinda
    Bay's port L2407, and an Allied A9 tank is put on L2407 from the palette ``placed`` "after" or
    "before" the landing."""
    from vmodgen.testing.log_writer import LogWriter
    kit, module, root = im
    w = LogWriter.from_module_setup(module, "Scenario 4: Leros 1943", kit=kit)
    w.set_turn(1, "Naval Transport Phase")
    w.move("S4-C1", "leros-iz-east-available")
    w.advance(2)                               # the Movement Phase
    if placed == "before":
        w.add(*palette_piece(module, "A9 tank"), "L2407")
    w.move("S4-C1", "L2407")
    if placed == "after":
        w.add(*palette_piece(module, "A9 tank"), "L2407")
    return audit_log(w, root / f"placed-{placed}.vlog", module)


@pytest.mark.parametrize("placed", ["after", "before"])
def test_an_allied_unit_put_on_the_port_in_the_phase_is_no_16_13(im, placed):
    """16.13 「船団から到着しているユニットは、友軍の港へ上陸できる」 with 3.11 (a hex is friendly to the
    side whose units occupied it last): S4-C1 lands on L2407 and an A9 tank is put there from the
    palette in the same phase, after the landing or before it. The log orders the drags, not a
    placement (the A9 has no previous hex and no moment), and the A9 was on no hex at the phase
    start (``prev_hexes``): whether it held the port before the landing is not recorded, so no
    IM 16.13, which is named not judged (before rv-o25: "did not move" counted as "was there", and
    the landing placed after was found and named not judged at once)."""
    r = _leros_landing(im, placed=placed)
    assert [f for f in r.findings if f.rule == "IM 16.13"] == []
    [why] = not_judged(r, "IM 16.13")
    assert "came by sea to the port L2407" in why


def _nine_13_stale(where: str) -> tuple[list, str | None]:
    """The IM 9.13 findings and reason at the end of formation 7's Combat Declaration Phase with an
    Attack Target marker on 2020 that lay there since the last Combat Phase's end
    (``[state] targets_left``)."""
    from im_util import hexes, kit, state
    from rules_util import position
    from vmodgen.rules import ruleset_for
    pos = position(kit("combat-declaration") + hexes("2020", markers=["attack-target"]) + where
                   + state(active="7", targets_left=["2020"]))
    rs = ruleset_for(pos.game)
    return [f for f in rs.check(pos) if f.rule == "IM 9.13"], rs.take_not_judged().get("IM 9.13")


def test_an_old_marker_with_an_attacker_beside_it_is_legal_either_way():
    """9.13 「全ての攻撃ユニットは、防御側ヘクスに隣接していなければならない」: Allied A on 2020 under an Attack
    Target marker left there since the last Combat Phase's end, Axis P (formation 7, active) on
    2021 beside it. Whether the marker is the old one (13.13) or this phase's declaration, it is
    legal: no 9.13 and nothing named (before rv-o25: "not judged ... so no declaration of this
    phase", though the player may have declared the hex again)."""
    from im_util import al, x
    assert _nine_13_stale(al("A", "2020") + x("P", "2021", formation="7")) == ([], None)


def test_an_old_marker_with_no_attacker_beside_it_is_not_judged_either_way():
    """9.13: the same marker with P on 2123, not beside 2020: as this phase's declaration no unit can
    make it (9.13), as the marker left from an earlier combat it declares nothing; the log does not
    say which, and the reason says both (before rv-o25: "so no declaration of this phase")."""
    from im_util import al, x
    found, why = _nine_13_stale(al("A", "2020") + x("P", "2123", formation="7"))
    assert found == []
    assert why == ("the Attack Target marker on 2020: left from an earlier combat (IM 13.13, found at the Combat "
                   "Phase's end) and on the hex since, or a new declaration on the same hex; which is not recorded")


def test_targets_left_is_kept_until_12_12_is_judged_in_a_log():
    """12.12, judged in a log at the end of the last phase its tracker may show ahead of the
    Combat Declaration Phase (the Reaction Movement Phase, the Bombardment Phase empty): the hexes
    under a marker since the last Combat Phase's end are kept through the declaration and those
    phases (before rv-o25: cleared at the declaration's end, so a log's 12.12 never saw them), and
    cleared after."""
    from im_util import al, hexes, kit, x
    from rules_util import position
    from vmodgen.rules import ruleset_for
    stale = hexes("2020", markers=["attack-target"]) + x("P", "2020", formation="7") + al("B", "2123")
    rs, mem, before = None, None, None
    kept = []
    for phase in ("combat", "movement", "combat-declaration", "bombardment", "reaction"):
        pos = position(kit(phase) + stale)
        rs = rs or ruleset_for(pos.game)
        mem = mem or rs.new_memory()
        rs.remember(before, pos, mem)
        before = pos
        kept.append(mem.targets_left)
    assert kept == [["2020"], ["2020"], ["2020"], ["2020"], None]
