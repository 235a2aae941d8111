"""Operation Mercury 9.7, 9.71 (round rulepos27; before, a Fatigue marker from nowhere passed): a
unit becomes fatigued only by a maneuver combat or bombardment result, so one fatigued at the end of
a phase that resolves no combat, and not at the previous phase end (``om_fatigued``), is a finding;
in a position file only (a log's marker may follow the tracker by a step)."""
from __future__ import annotations

import pytest

from om_util import kit
from rules_util import position, rules, table
from vmodgen.rules import ruleset_for


def fatigued(phase: str, before: str = "[]", ends: str = "") -> str:
    return (kit(4, phase) + f"\n[state]\nom_fatigued = {before}\n{ends}"
            + table("units", unit="G-Lehr", hex="W4216", status=["fatigued"]))


@pytest.mark.parametrize("phase,want", [
    ("german-movement", ["OM 9.71"]),
    ("supply", ["OM 9.71"]),
    ("air-allocation", ["OM 9.71"]),
    ("german-bombardment", []),        # a bombardment result
    ("allied-combat", []),             # a maneuver combat result
    ("german-paradrop", []),           # a special airborne assault (6.4)
])
def test_new_fatigue_only_from_combat(phase, want):
    assert rules(fatigued(phase)) == want


def test_fatigue_carried_or_unrecorded_is_no_finding():
    assert rules(fatigued("german-movement", before='["G-Lehr"]')) == []
    without = kit(4, "german-movement") + table("units", unit="G-Lehr", hex="W4216", status=["fatigued"])
    assert rules(without) == []
    log_like = fatigued("german-movement", ends='om_end_hexes = {"G-Lehr" = "W4216"}\n')
    assert rules(log_like) == []


@pytest.mark.parametrize("phase,named", [("supply", True), ("german-movement", True), ("german-combat", False)])
def test_new_fatigue_in_a_log_is_named_not_judged(phase, named):
    """9.71 in a log (``om_end_hexes``): a Fatigue marker that appears in a phase resolving no combat
    is no finding (it may lag the tracker) but is named not judged, not passed as legal (review
    rv-rp27 item 4); one appearing in a combat phase is no question."""
    p = position(fatigued(phase, ends='om_end_hexes = {"G-Lehr" = "W4216"}\n'))
    rs = ruleset_for(p.game)
    assert [f.rule for f in rs.check(p)] == []
    assert ("OM 9.71" in rs.take_not_judged()) is named


def test_a_log_carried_fatigue_is_not_named():
    p = position(fatigued("supply", before='["G-Lehr"]', ends='om_end_hexes = {"G-Lehr" = "W4216"}\n'))
    rs = ruleset_for(p.game)
    assert [f.rule for f in rs.check(p)] == [] and "OM 9.71" not in rs.take_not_judged()
