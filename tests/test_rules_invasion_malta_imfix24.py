"""Invasion: Malta 9.13 judged from the Attack Target markers (imfix24): 9.13 「活性プレイヤーは戦闘が
発生することを示すため、各防御側ヘクスに攻撃目標マーカーを置く」「全ての攻撃ユニットは、防御側ヘクスに隣接して
いなければならない」. Positions at the end of the Combat Declaration Phase on the bundled kit (hexes
1918-2123 clear; 2020's neighbours are 1920, 1921, 2019, 2021, 2120, 2121)."""
from __future__ import annotations

from im_util import al, attack, hexes, kit, state, x
from rules_util import findings, position
from vmodgen.rules import ruleset_for

TARGET = hexes("2020", markers=["attack-target"])


def _nine_13(text: str) -> list:
    return [f for f in findings(text) if f.rule == "IM 9.13"]


def test_marker_with_an_attacker_beside_it_is_legal():
    """The Axis (active formation 7) has 5/3 on 2021, beside the marked 2020 (Allied A): legal."""
    assert _nine_13(kit("combat-declaration") + TARGET + al("A", "2020") + x("P", "2021", formation="7")
                    + state(active="7")) == []


def test_marker_with_no_attacker_beside_it():
    """The only Axis unit stands on 2023, three hexes from the marked 2020: no unit can make the
    attack the marker declares (9.13), a finding naming 2020; not before the phase's end, nor in
    the Movement Phase (markers are placed in the Combat Declaration Phase)."""
    where = TARGET + al("A", "2020") + x("P", "2023", formation="7") + state(active="7")
    found = _nine_13(kit("combat-declaration") + where)
    assert [list(f.hexes) for f in found] == [["2020"]]
    assert "no Axis combat unit stands beside it" in found[0].message
    assert _nine_13(kit("combat-declaration", at="during") + where) == []
    assert _nine_13(kit("movement") + where) == []


def test_attacking_side_from_the_units_under_the_marker():
    """No Activation Marker known: the marker on Allied A's hex is the Axis' (the enemy of the
    units under it); an Allied unit beside it makes no attack of the Axis; an Axis unit in the
    hex itself (a drift combat's dropped unit, 15.61) can."""
    assert [list(f.hexes) for f in _nine_13(kit("combat-declaration") + TARGET + al("A", "2020") + al("B", "2021"))] \
        == [["2020"]]
    assert _nine_13(kit("combat-declaration") + TARGET + al("A", "2020") + x("P", "2020", status=["paradropped"])) \
        == []


def test_attacking_side_unknown_is_named_not_judged():
    """An empty marked hex and no activation known: whose attack it is cannot be told: no finding,
    9.13 named not judged with the hex."""
    pos = position(kit("combat-declaration") + TARGET + al("B", "2023"))
    rs = ruleset_for(pos.game)
    assert [f for f in rs.check(pos) if f.rule == "IM 9.13"] == []
    assert "Attack Target marker on 2020" in rs.take_not_judged()["IM 9.13"]


def test_marker_on_a_declared_attack_hex_left_to_the_attack():
    """A position's declared attack on 2020 (P from 2023, not adjacent): the attack's own check names
    P (9.13), the marker adds nothing."""
    found = _nine_13(kit("combat-declaration") + TARGET + al("A", "2020") + x("P", "2023", formation="7")
                     + attack("2020", "P") + state(active="7"))
    assert len(found) == 1 and list(found[0].units) == ["P"]



# ---- quick913: a marker left from an earlier combat is no declaration (review rv-n23 item 1) --------

STALE = TARGET + x("P", "2020", formation="7") + al("B", "2123")


def _carried(*texts: str):
    """The rule set and the memory carried through the phase ends ``texts`` (positions in order),
    as the audit carries it."""
    rs, mem, before = None, None, None
    for text in texts:
        pos = position(text)
        rs = rs or ruleset_for(pos.game)
        mem = mem or rs.new_memory()
        rs.remember(before, pos, mem)
        before = pos
    return rs, mem


def _judged_after(rs, mem, text: str) -> tuple[list, dict[str, str]]:
    pos = position(text)
    pos.memory = mem
    return [f for f in rs.check(pos) if f.rule == "IM 9.13"], rs.take_not_judged()


def test_a_marker_left_since_the_combat_phase_end_is_not_a_declaration():
    """13.13 「各戦闘を解決するに連れて、攻撃目標マーカーを取り去る」: the marker on 2020 is still there at
    the Combat Phase's end (IM 13.13 finds it there), with Axis P, which advanced into 2020, under
    it; it stays through the next activation's Movement Phase to its Combat Declaration Phase's end,
    where the Allies (the enemy of the units under it, no activation known) have no unit beside it.
    It is that earlier combat's marker, not a new declaration: no IM 9.13, named not judged (before,
    a false IM 9.13 "no Allied combat unit stands beside it")."""
    combat = findings(kit("combat") + STALE)
    assert [list(f.hexes) for f in combat if f.rule == "IM 13.13"] == [["2020"]]
    rs, mem = _carried(kit("combat") + STALE, kit("movement") + STALE)
    found, why = _judged_after(rs, mem, kit("combat-declaration") + STALE)
    assert found == []
    assert mem.targets_left == ["2020"]
    assert "2020" in why["IM 9.13"] and "left from an earlier combat (IM 13.13" in why["IM 9.13"]
    # a position file states the memory as [state] targets_left (a hex as the rulebook prints it)
    pos = position(kit("combat-declaration") + STALE + state(targets_left=["2020"]))
    rs = ruleset_for(pos.game)
    assert [f for f in rs.check(pos) if f.rule == "IM 9.13"] == []
    assert "left from an earlier combat" in rs.take_not_judged()["IM 9.13"]


def test_a_marker_placed_since_the_combat_phase_end_is_still_judged():
    """9.13: a marker absent at the Combat Phase's end (or gone at a phase end since) and on 2020 at
    the Combat Declaration Phase's end, with no Allied unit beside it, is a declaration no unit can
    make: IM 9.13 as before. The memory is cleared after that phase and those a log's tracker may
    show ahead of it."""
    bare = x("P", "2020", formation="7") + al("B", "2123")
    rs, mem = _carried(kit("combat") + bare, kit("movement") + bare)
    assert mem.targets_left == []
    found, _ = _judged_after(rs, mem, kit("combat-declaration") + STALE)
    assert [list(f.hexes) for f in found] == [["2020"]]
    rs, mem = _carried(kit("combat") + STALE, kit("draw") + bare, kit("movement") + STALE)
    assert mem.targets_left == []
    found, _ = _judged_after(rs, mem, kit("combat-declaration") + STALE)
    assert [list(f.hexes) for f in found] == [["2020"]]
    # kept through the declaration and the phases a log's tracker may show ahead of it (12.12 is
    # judged at the end of the last), cleared after (imfix26; before, at the declaration's end)
    rs, mem = _carried(kit("combat") + STALE, kit("combat-declaration") + STALE)
    assert mem.targets_left == ["2020"]
    rs, mem = _carried(kit("combat") + STALE, kit("combat-declaration") + STALE, kit("reaction") + STALE)
    assert mem.targets_left is None
