"""Invasion: Malta leftovers of task im23, in logs of the bundled module: 16.13 (a convoy unit lands
at a friendly port only) found in a log, which it never was; 13.36's own-stack reading where two
combats may have been fought out of one hex."""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from games_util import audit_log, not_judged
from vmodgen.testing.log_writer import LogWriter


@pytest.fixture(scope="module")
def im(tmp_path_factory):
    return bundled_module("invasion-malta", tmp_path_factory, "im23")


def _port_entry(im, allied_on_port: bool) -> LogWriter:
    """Leros (Scenario 4) GT1: convoy unit 1 to Leros East's Available box in the Naval Transport
    Phase, then in the Movement Phase onto the port of Alinda Bay (L2407). With ``allied_on_port``
    the log starts from a save (the file before it) in which the Allied coast artillery S.Giorgio
    stands on L2407."""
    kit, module, _ = im
    w = LogWriter.from_module_setup(module, "Scenario 4: Leros 1943", kit=kit)
    if allied_on_port:
        w = w.move("S.Giorgio", "L2407").save_point()
    w.set_turn(1, "Naval Transport Phase")
    w.move("S4-C1", "leros-iz-east-available")
    w.advance(2)                               # the Movement Phase
    return w.move("S4-C1", "L2407")


def test_a_log_s_landing_at_a_port_an_allied_unit_holds_is_16_13(im):
    """16.13 「船団から到着しているユニットは、友軍の港へ上陸できる」 with 3.11 (a hex last occupied by Allied
    combat units is Allied-friendly): S4-C1 lands from the Available box at Alinda Bay (L2407)
    while S.Giorgio (Allied coast artillery) stands there: IM 16.13, and not named not judged.
    Before im23 a log's 16.13 could never be found with the bundled kit (a log states no control,
    and an Allied unit on the port was read as an empty port): it was named not judged."""
    kit, module, root = im
    r = audit_log(_port_entry(im, True), root / "port-allied.vlog", module)
    [f] = [f for f in r.findings if f.rule == "IM 16.13"]
    assert f.units == ("S4-C1",) and f.hexes == ("L2407",)
    assert "S.Giorgio occupy it, the last to occupy it (3.11)" in f.message
    assert not_judged(r, "IM 16.13") == []


def test_a_log_s_landing_at_an_empty_port_is_not_judged(im):
    """The same landing at Alinda Bay with no unit and no Axis Control marker there: whether Axis
    units passed through it last (3.11) is not in the log, so 16.13 is named not judged, saying
    why, and is no finding."""
    kit, module, root = im
    r = audit_log(_port_entry(im, False), root / "port-empty.vlog", module)
    assert [f for f in r.findings if f.rule == "IM 16.13"] == []
    [why] = not_judged(r, "IM 16.13")
    assert "came by sea to the port L2407" in why and "is not recorded" in why


@pytest.mark.parametrize("second_enemy", [False, True], ids=["one-enemy-hex", "two-enemy-hexes"])
def test_a_stack_s_second_retreat_where_two_combats_may_come_from_one_hex(tmp_path_factory, second_enemy):
    """13.36 「ユニットは、他の友軍ユニットがすでにヘクス内にあると、敵ZOC内でその退却を終了できる」 with 9.1
    (the attackers of one hex may attack different hexes). The Allies attack in GT2 (their
    Central AM played); the Matilda and B/3 KOMR stand in 1525. In the Combat Phase, 5/3 is
    eliminated out of 1424, then the Matilda and B/3 KOMR are dragged one after the other
    1525 → 1524 → 1424, into KG1-1's ZOC (1423). Next to 1525 only KG1-3 (1626) stands: one
    combat out of 1525, one stack retreating, the Matilda no friend already in 1424 for B/3 KOMR:
    both found (as ``test_audit_invasion_combat_imnafix22``). With KG2 unit 1 dropped on 1526 too,
    1525 borders two enemy hexes: B/3 KOMR may have fought another combat than the Matilda, which
    then was a friend already in 1424 (13.36), and the log does not say which units attacked which
    hex: B/3 KOMR's retreat is named not judged under 13.36, not found; the Matilda's (the first
    into 1424) is found either way. Before im23 both were found in both logs."""
    from test_audit_invasion_combat_imnafix22 import RING, _log
    im = bundled_module("invasion-malta", tmp_path_factory, "im23-1336")
    drops = [("5/3", "1424"), *RING] + ([("S3-KG2-1", "1526")] if second_enemy else [])
    r = _log(im, f"stack-{second_enemy}.vlog", drops,
             [("5/3", "axis-eliminated"), ("Matilda II tank", "1524"), ("Matilda II tank", "1424"),
              ("B/3 KOMR", "1524"), ("B/3 KOMR", "1424")],
             extra=[("Matilda II tank", "1525")], movement=[("B/3 KOMR", "1525")])
    found = sorted(f.unit_names for f in r.findings if f.rule.startswith("IM 13."))
    said = not_judged(r, "IM 13.36")
    if not second_enemy:
        assert found == [("B/3 KOMR",), ("Matilda II",)] and said == []
        return
    assert found == [("Matilda II",)], [(f.rule, f.message) for f in r.findings]
    [why] = said
    assert why.startswith("B/3 KOMR retreated 1525 → 1524 → 1424 after ") and "which left 1525 too" in why
    assert "may have fought another combat" in why


def test_im_undo_names_15_21_once(tmp_path_factory):
    """im-undo (recorded by real VASSAL 3.7.26): IM 15.21 is judged by three checks (the drop before
    an Airhead, named not judged in play; the airheads' placement, at every phase end; the drop's
    phase). The log drops 5/3 before the Airhead is placed and ends inside GT1's Reaction Movement
    Phase, so 15.21 has two reasons: before im23 the coverage had an entry for each and every
    format named IM 15.21 twice. Now: one entry, both reasons joined, and the text names it once."""
    from recorded_audit_util import RECORDED, audit_formats
    im = bundled_module("invasion-malta", tmp_path_factory, "im23-undo")
    text, doc, html = audit_formats(im.module, [RECORDED / "im-undo.vlog"], ["pw-im"])
    entries = doc["coverage"]["rules_not_judged"]
    [entry] = [e for e in entries if e["rule"] == "IM 15.21"]
    first, then = entry["why"].split("; also: ")
    assert first.startswith("5/3 paradropped (2020) while no Airhead stood on the map")
    assert then.startswith("the log ends before the end of the Reaction Movement Phase")
    assert len({e["rule"] for e in entries}) == len(entries)
    [top] = [ln for ln in text.splitlines() if ln.startswith("not judged in some or all cases: ")]
    assert top.count("IM 15.21") == 1
    # imfix25: the coverage lists IM 15.21 under each of its reasons, in the group of the rules
    # waiting for the Reaction Movement Phase's end with the others (before: a group of its own)
    [line] = [ln for ln in text.splitlines() if ln.startswith("coverage: rules not judged: ")]
    groups = [g for g in line.split("; ") if "IM 15.21" in g.split(": ", 1)[0]]
    assert len(groups) == 2 and "5/3 paradropped (2020)" in groups[0]
    assert groups[1].split(": ", 1)[1].startswith("the log ends before the end of the Reaction Movement Phase")
    assert groups[1].split(": ", 1)[0] != "IM 15.21"
