"""Operation Mercury 9.7, 9.71 (round rulepos27; before, a Fatigue marker from nowhere passed): a
unit becomes fatigued only by a maneuver combat or bombardment result, so one fatigued at the end of
a phase that resolves no combat, and not at the previous phase end (``om_fatigued``), is a finding;
in a position file, and in a log where no combat one step back can explain it (a log's marker may
follow the tracker by a step)."""
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


@pytest.mark.parametrize("phase,last,want,named", [
    ("german-movement", "german-paradrop", [], True),        # the Paradrop Phase may fatigue (6.4): a lag
    ("allied-movement", "german-combat", [], True),          # a step after a combat
    ("game-record", "allied-combat", [], True),
    ("supply", "recovery", ["OM 9.71"], False),              # the phase before resolves no combat either
    ("evacuation-determination", "supply", ["OM 9.71"], False),
    ("recovery", "game-record", ["OM 9.76", "OM 9.71"], False),   # (9.76: the Recovery Phase removes it)
    ("supply", None, ["OM 9.71"], False),                    # none recorded: the Recovery Phase before it
    ("german-combat", "german-defender-reaction", [], False),  # a combat phase: no question
])
def test_new_fatigue_in_a_log(phase, last, want, named):
    """9.71 in a log (``om_end_hexes``): a Fatigue marker that appears at the end of a phase resolving no
    combat is named not judged when the phase end before (``om_last_end``, else the one before in the
    sequence) may have resolved one (the marker may lag the tracker; review rv-rp27 item 4), and is
    a finding when it resolved none either: no lag explains it (review rv-om22 item 5; before, named
    not judged in every log). One appearing in a combat phase is no question."""
    ends = 'om_end_hexes = {"G-Lehr" = "W4216"}\n' + (f'om_last_end = {{turn = 4, phase = "{last}"}}\n' if last else "")
    p = position(fatigued(phase, ends=ends))
    rs = ruleset_for(p.game)
    assert [f.rule for f in rs.check(p)] == want
    assert ("OM 9.71" in rs.take_not_judged()) is named


def test_a_log_carried_fatigue_is_not_named():
    p = position(fatigued("supply", before='["G-Lehr"]', ends='om_end_hexes = {"G-Lehr" = "W4216"}\n'))
    rs = ruleset_for(p.game)
    assert [f.rule for f in rs.check(p)] == [] and "OM 9.71" not in rs.take_not_judged()


@pytest.fixture(scope="module")
def om(tmp_path_factory):
    from bundled_module_util import bundled_module
    return bundled_module("operation-mercury", tmp_path_factory, "om-fatigue-log")


@pytest.mark.parametrize("phase,found", [("supply", True), ("evacuation-determination", True),
                                         ("game-record", False), ("allied-movement", False)])
def test_new_fatigue_in_a_real_log(om, phase, found):
    """A log of the bundled module: a Fatigue marker put on 19 NZ (W4315) during ``phase`` (GT2; the
    Game Record Segment GT1's). After a phase resolving no combat (Recovery, Supply) it is OM 9.71; a step after a combat (the Allied
    Combat Phase before the Game Record Segment, the German Combat Phase before the Allied Movement
    Phase) it may lag the tracker: named not judged (rv-om22 item 5)."""
    from games_util import palette_piece
    from vmodgen.audit import audit
    from vmodgen.testing.log_writer import LogWriter
    kit, module, root = om
    ids = [p.id for p in kit.game.sequence.phases]
    w = LogWriter.from_module_setup(module, "Scenario 3: Maleme-Suda, May 20-23", kit=kit)
    w.advance(len(ids) + ids.index(phase) - (len(ids) if phase == "game-record" else 0))
    w.add(*palette_piece(module, "fatigue"), "W4315")
    w.advance(1)
    r = audit([w.write(root / f"fatigue-{phase}.vlog")], module=module)
    assert ([f.rule for f in r.findings if f.rule == "OM 9.71"] == ["OM 9.71"]) is found
    named = [e for e in r.coverage["rules_not_judged"] if e["rule"] == "OM 9.71" and "19 NZ" in e["why"]]
    assert bool(named) is not found
