"""Invasion: Malta's Combat Phase in a log, review of imfix14 (imnafix22): a retreat ending in a
hex a friend entered earlier in the phase (13.36), the advance beside another enemy (13.53), and
an orange-circle unit's drag found once (13.37).

Every log: GT1, 5/3 paradrops onto 1424 with an Airhead (next to the Allied B/3 KOMR in 1425),
other KG1 units drop where a test says; GT2's Allied Central AM is played (7.13): the Allies
attack in its Combat Phase."""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from games_util import audit_log, im_airhead_drops, im_log, not_judged, palette_piece, rule_findings

DRAW = "Draw (AM or CAS air unit) and pass option"
PLAYED = ("Off-map boxes", 611, 140)          # off the cup and the pools: the AM being played
#: KG1 units around 1424 so that every two-hex retreat from 1525 ending off 1424 and out of the
#: sea ends in their ZOC (the reviewer's e2b): a retreat into 1424 breaks no priority (13.35)
RING = [("S3-KG1-1", "1423"), ("S3-KG1-2", "1623"), ("S3-KG1-3", "1626"), ("S3-KG1-4", "1325")]


@pytest.fixture(scope="module")
def im(tmp_path_factory):
    return bundled_module("invasion-malta", tmp_path_factory, "im-imnafix22")


def _log(im, name: str, drops, combat, *, extra=(), movement=()):
    """The module docstring's log: ``drops`` (unit, hex) in GT1's Airborne Operations Phase,
    ``extra`` (palette id, hex) Allied pieces added at the start, ``movement`` and ``combat``
    (unit, hex) drags in GT2's Movement and Combat Phases."""
    kit, module, root = im
    w, central = im_log(module, kit, central=True)
    added = {uid: w.add(*palette_piece(module, uid), h, report=False) for uid, h in extra}
    im_airhead_drops(w, module, drops)
    w.set_turn(2, DRAW)
    w.move(central, PLAYED)
    w.set_turn(2, "Movement Phase")
    for unit, h in movement:
        w.move(added.get(unit, unit), h)
    w.set_turn(2, "Combat Phase")
    w.roll("1d10", [3])
    for unit, h in combat:
        w.move(added.get(unit, unit), h)
    return audit_log(w, root / name, module)


def test_a_retreat_into_a_hex_a_friend_advanced_into_earlier_ends_beside_that_friend(im):
    """5/3 is eliminated out of 1424 and B/3 KOMR advances 1425 -> 1424 (13.53). Then the Matilda
    goes 1525 -> 1524 -> 1424: two hexes, no advance (13.53 one hex), an attacker retreat (13.32)
    ending in KG1-1's ZOC (1423) in a hex B/3 KOMR already holds (13.36 「他の友軍ユニットがすでに
    ヘクス内にあると、敵ZOC内でその退却を終了できる」); every other clean end is in enemy ZOC too
    (13.35). Legal as a retreat: no finding, 13.32/13.53 named not judged. Before imfix22 a friend
    that moved in the phase never counted: a false IM 13.53 'illegal ... alike ... without a
    friendly unit there'."""
    r = _log(im, "retreat-beside-advanced.vlog", [("5/3", "1424"), *RING],
             [("5/3", "axis-eliminated"), ("B/3 KOMR", "1424"), ("Matilda II tank", "1524"),
              ("Matilda II tank", "1424")], extra=[("Matilda II tank", "1525")])
    assert rule_findings(r, "IM 13.") == []
    assert not any("without a friendly unit" in f.message for f in r.findings)


def test_a_friend_arriving_after_the_retreat_does_not_count(im):
    """The same moves in the other order: the Matilda retreats 1525 -> 1524 -> 1424 into the empty
    hex in KG1-1's ZOC first, and only then B/3 KOMR advances into 1424: no friend was in the hex
    when the retreat ended (13.43), and two hexes are no advance: one finding, naming both."""
    r = _log(im, "retreat-before-advance.vlog", [("5/3", "1424"), *RING],
             [("5/3", "axis-eliminated"), ("Matilda II tank", "1524"), ("Matilda II tank", "1424"),
              ("B/3 KOMR", "1424")], extra=[("Matilda II tank", "1525")])
    [f] = [f for f in r.findings if f.rule.startswith("IM 13.")]
    assert f.units == ("Matilda II tank",) and "without a friendly unit there" in f.message


@pytest.mark.parametrize("beside", [True, False], ids=["beside-kg1-1", "alone"])
def test_an_advance_beside_another_enemy_is_named_not_judged(im, beside):
    """5/3 retreats 1424 -> 1523 -> 1623 and B/3 KOMR moves 1425 -> 1424, into the hex 5/3 left: a
    legal advance (13.53). With KG1-1 in 1323, 1424 lies in its ZOC: read as an attacker retreat
    (13.12 applies results to both sides; 13.31 any direction) it ends alone in enemy ZOC (13.43),
    and a log does not say which it was: IM 13.32, 13.43 and 13.53 named not judged, nothing found
    (the doc said every such advance was judged clean; review of imfix14 item 4). Without KG1-1:
    legal either way, judged clean."""
    drops = [("5/3", "1424")] + ([("S3-KG1-1", "1323")] if beside else [])
    r = _log(im, f"advance-{'beside' if beside else 'alone'}.vlog", drops,
             [("5/3", "1523"), ("5/3", "1623"), ("B/3 KOMR", "1424")])
    assert rule_findings(r, "IM 13.") == []
    for rule in ("IM 13.32", "IM 13.43", "IM 13.53"):
        said = not_judged(r, rule)
        if beside:
            assert said and said[0].startswith("B/3 KOMR moved 1425 → 1424 in the Combat Phase: legal as an advance, "
                                               "not as an attacker retreat")
        else:
            assert said == []


def test_an_orange_circle_attackers_drag_is_found_once(im):
    """E/74, an Allied orange-circle AA unit in 1530, is dragged to 1430 in the Allies' Combat Phase:
    no advance and no retreat for it (13.37 「オレンジ丸…退却できない」, 13.53): one finding at its
    drag, naming both readings, and none again at the phase end (imfix14 gave IM 13.53 at the drag
    and IM 13.37 at the phase end for the one move; review item 6)."""
    r = _log(im, "orange-attacker.vlog", [("5/3", "1424")], [("E/74", "1430")])
    assert [(f.rule, f.units) for f in r.findings if f.rule.startswith("IM 13.")] == [("IM 13.53", ("E/74",))]


def test_an_orange_circle_defenders_drag_is_found_once(im):
    """No AM drawn; only the Axis moves in GT2's Movement Phase (5/3 1424 -> 1324): the Axis attacks.
    E/74 (Allied, orange circle) is dragged 1530 -> 1430 in the Combat Phase: a retreat it may not
    make (13.37), found once at its drag, not again at the phase end."""
    kit, module, root = im
    w, _ = im_log(module, kit)
    im_airhead_drops(w, module, [("5/3", "1424")])
    w.set_turn(2, "Movement Phase")
    w.move("5/3", "1324")
    w.set_turn(2, "Combat Phase")
    w.move("E/74", "1430")
    r = audit_log(w, root / "orange-defender.vlog", module)
    assert [(f.rule, f.units) for f in r.findings if f.rule.startswith("IM 13.")] == [("IM 13.37", ("E/74",))]


def test_a_stack_retreating_one_unit_at_a_time_is_no_friend_to_itself(im):
    """B/3 KOMR joins the Matilda in 1525 in the Movement Phase. In the Combat Phase 5/3 is
    eliminated out of 1424, then the Matilda and B/3 KOMR are dragged one after the other along the
    same route 1525 -> 1524 -> 1424, into KG1-1's ZOC: one stack retreating (13.31), not a friend
    already in the hex for the second (13.36): both moves are illegal as an attacker retreat
    (ending alone in enemy ZOC) and as an advance (two hexes), one finding each."""
    r = _log(im, "stack-one-by-one.vlog", [("5/3", "1424"), *RING],
             [("5/3", "axis-eliminated"), ("Matilda II tank", "1524"), ("Matilda II tank", "1424"),
              ("B/3 KOMR", "1524"), ("B/3 KOMR", "1424")],
             extra=[("Matilda II tank", "1525")], movement=[("B/3 KOMR", "1525")])
    found = [f for f in r.findings if f.rule.startswith("IM 13.")]
    assert sorted(f.units for f in found) == [("B/3 KOMR",), ("Matilda II tank",)]
    assert all("without a friendly unit there" in f.message for f in found)


def test_a_stack_s_units_dragged_by_different_routes_are_one_stack(im):
    """13.53 (an advance beside another enemy), 13.36 (a friend already in the hex): the Matilda
    and B/3 KOMR stand together in 1525 (GT2's Movement Phase). In the Combat Phase, after 5/3 in
    1424 is eliminated, the Matilda is dragged 1525→1524→1424, into KG1-1's ZOC, then B/3 KOMR
    straight 1525→1424. Both left the same stack: the Matilda is no friend already in the hex for
    B/3 KOMR, so both are judged alike (imnafix24: before, only units dragged along the very same
    route counted as the stack, and B/3 KOMR was named not judged as an attacker retreat)."""
    r = _log(im, "stack-diff-drags.vlog", [("5/3", "1424"), *RING],
             [("5/3", "axis-eliminated"), ("Matilda II tank", "1524"), ("Matilda II tank", "1424"),
              ("B/3 KOMR", "1424")],
             extra=[("Matilda II tank", "1525")], movement=[("B/3 KOMR", "1525")])
    found = sorted(u for f in r.findings if f.rule == "IM 13.53" for u in f.unit_names)
    assert found == ["B/3 KOMR", "Matilda II"], [(f.rule, f.unit_names, f.message) for f in r.findings]
