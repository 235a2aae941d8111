"""Invasion: Malta's Combat Phase in a log (LogWriter, the bundled module): the sequence gives it no
side, and the book makes the active player the attacker (9.11 「戦闘宣言フェイズ中、活性プレイヤーは
望む全ての戦闘を宣言する」; 7.14: the Ground Sequence is run for the AM played; 7.14 注釈 3
「非活性組織のユニットは、移動できない [例外：9.2]」). The audit reads it from the AM the log shows
played, else from the one side whose units moved in the Ground Sequence's Naval Transport, Airborne
Operations and Movement Phases; where the log shows neither, the drags are listed and the retreat
and advance rules named not judged (before imfix13 no IM combat-phase drag was judged).

Every log: GT1, 5/3 paradrops onto 1424 with an Airhead (next to the Allied B/3 KOMR in 1425);
GT2's Combat Phase: 5/3 retreats 1424 -> 1423 -> 1422 -> 1421 and B/3 KOMR advances 1425 ->
1424 -> 1423."""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from games_util import audit_log, im_airhead_drops, im_log, not_judged, rule_findings

DRAW = "Draw (AM or CAS air unit) and pass option"
PLAYED = ("Off-map boxes", 611, 140)          # off the cup and the pools: the AM being played
RETREAT_RULES = ("IM 13.32", "IM 13.43", "IM 13.53")


@pytest.fixture(scope="module")
def im(tmp_path_factory):
    return bundled_module("invasion-malta", tmp_path_factory, "im-attacker")


COMBAT = [("5/3", "1423"), ("5/3", "1422"), ("5/3", "1421"), ("B/3 KOMR", "1424"), ("B/3 KOMR", "1423")]


def _combat(im, name: str, *, am: bool, movement: list[tuple[str, str]] = (),
            combat: list[tuple[str, str]] = COMBAT, deleted: tuple[str, ...] = ()):
    """The log of the module docstring; ``am``: the Allied Central sector AM (B/3 KOMR's sector) is
    drawn and played in GT2's Draw phase; ``movement``: (unit, hex) drags in GT2's Movement Phase;
    ``combat``: those of its Combat Phase, after deleting the units ``deleted``."""
    kit, module, root = im
    w, central = im_log(module, kit, central=True)
    im_airhead_drops(w, module, [("5/3", "1424")])
    w.set_turn(2, DRAW)
    if am:
        w.move(central, PLAYED)
    w.set_turn(2, "Movement Phase")
    for unit, h in movement:
        w.move(unit, h)
    w.set_turn(2, "Combat Phase")
    w.roll("1d10", [3])
    for unit in deleted:
        w.delete(unit)
    for unit, h in combat:
        w.move(unit, h)
    return audit_log(w, root / name, module)


def test_the_am_played_makes_its_side_the_attacker(im):
    """The Allied Central AM is played (7.13): the Allies attack. 5/3's three-hex retreat breaks
    13.32 (「防御しているユニットは、2ヘクス退却する」; no declared attack in a log: at most 2), found at its
    last drag (step 12). B/3 KOMR's 1425 -> 1424 -> 1423 is a two-hex advance (13.53
    「1ヘクスのみ前進できる」) or an attacker retreat through the hex 5/3 vacated (13.31
    「いずれかの方向又は方向の組み合わせで退却できる」, 13.32 「1 又は 2ヘクス退却する」), which a log
    (no attack, no result, no order of combats recorded) does not tell apart: 13.32 and 13.53 named
    not judged with that move, no finding (before imfix14: a false IM 13.53, since its first hex
    held an enemy at the phase start). All five drags judged, none listed out of phase."""
    r = _combat(im, "am.vlog", am=True)
    assert rule_findings(r, "IM 13.") == [("IM 13.32", 12, ("5/3",))]
    assert r.coverage["moves"]["judged"] == 5 and r.coverage["out_of_phase"] == []
    for rule in ("IM 13.32", "IM 13.53"):
        [said] = not_judged(r, rule)
        assert said.startswith("B/3 KOMR moved 1425 → 1424 → 1423 in the Combat Phase: legal as an attacker "
                               "retreat, not as an advance")
    assert not not_judged(r, "IM 13.43")


def test_the_one_side_that_moved_is_the_attacker(im):
    """No AM drawn; in GT2's Movement Phase only B/3 KOMR moves (1425 -> 1324, still next to 5/3):
    the Allies are active (7.14 注釈 3) and attack. The same verdicts as when the AM is seen (its
    drag there replaced by this move: the same steps), B/3 KOMR's move now 1324 -> 1424 -> 1423."""
    r = _combat(im, "movers.vlog", am=False, movement=[("B/3 KOMR", "1324")])
    assert rule_findings(r, "IM 13.") == [("IM 13.32", 12, ("5/3",))]
    assert r.coverage["out_of_phase"] == []
    [said] = not_judged(r, "IM 13.53")
    assert said.startswith("B/3 KOMR moved 1324 → 1424 → 1423 in the Combat Phase")


@pytest.mark.parametrize("combat, found", [
    ([("B/3 KOMR", "1424")], []),
    ([("B/3 KOMR", "1424"), ("B/3 KOMR", "1423"), ("B/3 KOMR", "1422")], [("IM 13.53", 14, ("B/3 KOMR",))]),
], ids=["one-hex-advance", "three-hexes"])
def test_an_attacker_move_is_found_only_when_illegal_both_ways(im, combat, found):
    """The Allied AM is played; 5/3 retreats 1424 -> 1523 -> 1623 (13.32: 2 hexes). B/3 KOMR moving
    1425 -> 1424 is a legal advance into the vacated hex (13.53): judged, nothing found, nothing
    named not judged. 1425 -> 1424 -> 1423 -> 1422 is three hexes: no advance (one hex, 13.53)
    and no attacker retreat (1 or 2, 13.32) either: one finding at its last drag, naming both (before
    imfix14 the guard named it not judged when its first hex was empty, and read it as an advance
    only otherwise)."""
    r = _combat(im, f"attacker-{len(combat)}.vlog", am=True,
                combat=[("5/3", "1523"), ("5/3", "1623"), *combat])
    assert rule_findings(r, "IM 13.") == found
    assert not any(not_judged(r, rule) for rule in RETREAT_RULES)
    if found:
        [f] = [f for f in r.findings if f.rule == "IM 13.53"]
        assert "illegal as an advance and as an attacker retreat alike" in f.message
        assert "an advance is one hex" in f.message and "an attacker unit retreats 1 to 2" in f.message


@pytest.mark.parametrize("moved, why", [
    ([], "no unit moved in its Naval Transport, Airborne Operations or Movement Phase"),
    ([("B/3 KOMR", "1324"), ("KG1 unit 1", "1721")], "units of both sides (allied, axis) moved"),
], ids=["nobody-moved", "both-moved"])
def test_an_attacker_the_log_does_not_show_is_named_not_judged(im, moved, why):
    """No AM drawn, and either no unit moved in GT2's Ground Sequence before the Combat Phase or
    units of both sides did: who attacked is not known, so a retreat is not told from an advance.
    Nothing is found, the five combat drags are listed (combat_phase), and the retreat and
    advance rules are named not judged with the reason (never a silent legal)."""
    r = _combat(im, f"unknown-{len(moved)}.vlog", am=False, movement=moved)
    assert rule_findings(r, "IM 13.") == []
    out = r.coverage["out_of_phase"]
    assert [(o["unit"], o["to"]) for o in out] == [("5/3", "1423"), ("5/3", "1422"), ("5/3", "1421"),
                                                   ("B/3 KOMR", "1424"), ("B/3 KOMR", "1423")]
    assert all(o["combat_phase"] for o in out)
    for rule in RETREAT_RULES:
        [said] = not_judged(r, rule)
        assert why in said and "5/3, B/3 KOMR changed hex in the Combat Phase" in said
        assert "no Activation Marker was seen drawn" in said


def test_an_attacker_moving_where_no_defender_stood_is_not_read_as_an_advance(im):
    """No AM drawn; in GT2's Movement Phase only 5/3 moves (1424 -> 1324, next to B/3 KOMR in
    1425): the Axis is active and attacks. In the Combat Phase 5/3 goes 1324 -> 1323 -> 1322, away
    from the defender: an attacker retreat (13.32 「攻撃しているユニットは、所有者の望むように 1 又は 2
    ヘクス退却する」) or an advance not into the vacated hex (13.53), and a log records neither the
    attack nor its result. Not a two-hex advance (the false IM 13.53 it would
    be read as): IM 13.53 and 13.32 named not judged, nothing found."""
    r = _combat(im, "attacker-away.vlog", am=False, movement=[("5/3", "1324")],
                combat=[("5/3", "1323"), ("5/3", "1224")])
    assert rule_findings(r, "IM 13.") == []
    assert r.coverage["out_of_phase"] == [] and r.coverage["moves"]["judged"] >= 2
    for rule in ("IM 13.53", "IM 13.32"):
        [said] = not_judged(r, rule)
        assert said.startswith("5/3 moved 1324 → 1323 → 1224 in the Combat Phase: legal as an attacker retreat, not "
                               "as an advance")


def test_a_unit_dragged_to_its_eliminated_box_is_neither_a_retreat_nor_an_advance(im):
    """The Allied Central AM is played: the Allies attack. In the Combat Phase 5/3 (the defender)
    is dragged from 1424 to the Axis Eliminated box (17.43) and B/3 KOMR advances into the vacated
    1424 (13.53), then is itself dragged to the Allied Eliminated box (an attacker loss). A unit
    eliminated is not retreated across a sea hexside (the false IM 13.34 an eliminated box read as
    a hex gave) nor an attacker's ambiguous move (the IM 13.32/13.53 not judged it gave): no
    finding, the retreat and advance rules not named not judged."""
    r = _combat(im, "eliminated.vlog", am=True, combat=[("5/3", "axis-eliminated"), ("B/3 KOMR", "1424"),
                                                        ("B/3 KOMR", "allied-eliminated")])
    assert [f.rule for f in r.findings if f.rule.startswith("IM 13.")] == []
    assert not any(not_judged(r, rule) for rule in ("IM 13.32", "IM 13.34", "IM 13.53"))
    assert r.coverage["out_of_phase"] == []


@pytest.mark.parametrize("movement, deleted, combat", [
    ([], ("5/3",), [("B/3 KOMR", "1424")]),
    ([("5/3", "1324"), ("KG1 unit 1", "1323")], ("KG1 unit 1",), [("5/3", "1323")]),
], ids=["enemy-deleted", "friend-deleted"])
def test_a_unit_deleted_in_the_combat_phase_keeps_its_side(im, movement, deleted, combat):
    """A unit deleted in the Combat Phase (eliminated by hand) is known by its side at the phase
    start (``prev_sides``). The Allied AM is played, 5/3 (Axis) is deleted from 1424, and B/3 KOMR
    moves 1425 -> 1424: an advance into the hex its enemy vacated (13.53), judged legal, nothing
    named not judged (before: 5/3 of no known side, the advance reading was broken and the move
    named not judged). No AM; only the Axis moves in the Movement Phase (5/3 to 1324, KG1 unit 1 to
    1323): the Axis attacks. KG1 unit 1 is deleted from 1323 and 5/3 moves 1324 -> 1323: no enemy
    stood there (KG1 unit 1 is a friend), so an attacker retreat (13.32), not an advance (13.53):
    named not judged, nothing found (imfix13 counted the deleted friend as an enemy)."""
    r = _combat(im, f"{deleted[0]}-deleted.vlog".replace("/", "-").replace(" ", "-"), am=not movement,
                movement=movement, deleted=deleted, combat=combat)
    assert rule_findings(r, "IM 13.") == []
    said = not_judged(r, "IM 13.53")
    if movement:
        [why] = said
        assert why.startswith("5/3 moved 1324 → 1323 in the Combat Phase: legal as an attacker retreat, not as an "
                              "advance (5/3 advanced 1324 → 1323, a hex no enemy unit stood in at the phase start")
    else:
        assert said == []


def test_13_52_is_named_not_judged_in_a_log(im):
    """13.52 「その戦闘に参加した攻撃ユニットのみが前進でき」: whether an advancing unit attacked the hex
    needs the declared attacks, which a log never records. The Allied AM is played, 5/3 retreats
    1424 -> 1523 -> 1623 and B/3 KOMR advances 1425 -> 1424: the advance is judged (13.53, legal)
    and 13.52 is named not judged with that reason (before im22 it was in no list: the log's
    coverage read as if every advance rule had been checked)."""
    r = _combat(im, "advance-13-52.vlog", am=True, combat=[("5/3", "1523"), ("5/3", "1623"), ("B/3 KOMR", "1424")])
    assert rule_findings(r, "IM 13.") == []
    [why] = not_judged(r, "IM 13.52")
    assert "which units took part in which attack is not recorded" in why
