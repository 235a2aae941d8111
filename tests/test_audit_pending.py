"""Judgments that wait for a phase end when the record ends first (``vmodgen/audit/pending.py``).

The logs are ``om-combat6`` (tests/data/recorded, README "Round 6") and its two cut twins
recorded in real VASSAL 3.7.26 by ``record_pending.py`` (README "Pending judgments"): Operation
Mercury, Scenario 3, GT1, the German 9/III/Sturm advances W4214 -> W4315 -> W4316 -> W4317 after
combat (three drags, 3 hexes; the record holds W4214 -> W4317) and the Allied 19 NZ retreats
W4315 -> W4215. OM 9.84 (JP 9.84: an advance after combat covers at most 2 hexes) is judged from
the combat phase's hex changes, recorded at the end of the German Combat Phase and judged at the
next phase end (OM 9.61's record, ``om_displaced``). Since retreat14 the audit judges a Combat
Phase's drags as retreats and advances at each drag (``RuleSet.combat_moves_in``), so OM 9.84 is
found at step 24, where the advance reaches its third hex (W4316), whether or not the log goes on
to a phase end, and nothing of the Combat Phase waits for its end (9.61 is no longer pending)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from bundled_module_util import bundled_module
from vmodgen.audit.coverage import reasons
from vmodgen.commands.audit import command

DATA = Path(__file__).parent / "data" / "recorded"
ADVANCE = ("OM 9.84", 1, ["W4316"], ["G-9-III-Sturm"])
AT_THE_DRAG = (24, "german-combat", "during")


@pytest.fixture(scope="module")
def om(tmp_path_factory) -> Path:
    return bundled_module("operation-mercury", tmp_path_factory, "pending-om").module


def _audit(module: Path, names: list[str], fmt: str = "json") -> str:
    out = CliRunner().invoke(command, ["--module", str(module), "--format", fmt,
                                       *[str(DATA / f"{n}.vlog") for n in names]])
    assert out.exit_code in (0, 1), out.output
    return out.stdout


def _doc(module: Path, names: list[str]) -> dict:
    return json.loads(_audit(module, names))


def _found(doc: dict) -> list[tuple]:
    return [(f["rule"], f["turn"], f["hexes"], f["units"]) for f in doc["findings"]]


def _not_judged(doc: dict) -> dict[str, str]:
    # (each rule's first reason: its entry joins them, one_entry_per_rule)
    return {r["rule"]: reasons(r["why"])[0] for r in doc["coverage"]["rules_not_judged"]}


def test_uncut_judged_at_the_next_phase_end(om):
    """om-combat6 (two Nexts after the advance): the 9.84 at the drag (step 24; before
    retreat14, at step 27, the end of the Allied Movement Phase); not a final-position judgment."""
    doc = _doc(om, ["om-combat6"])
    assert _found(doc) == [ADVANCE]
    f = doc["findings"][0]
    assert (f["step"], f["phase"], f["at"]) == AT_THE_DRAG
    assert "judged_at_file_end" not in f["details"]
    # the log ends in the Allied Bombardment Phase: its end-of-phase rules are named (13.64, the
    # militia's returns, reads the phase's history); 4.31 and 4.16 (JP 4.31: at most 6 friendly
    # SP per hex at the end of every phase; 4.16 read at every phase end as no hex holding both
    # sides) read only where the units stand, and none moved since the end of the Allied
    # Movement Phase: judged there, that verdict stands
    assert "ends before the end of the Allied Bombardment Phase" in _not_judged(doc)["OM 13.64"]
    earlier = {r["rule"]: r["why"] for r in doc["coverage"]["rules_judged_earlier"]}
    for rule in ("OM 4.31", "OM 4.16"):
        assert rule not in _not_judged(doc)
        assert earlier[rule].startswith("judged at the end of the Allied Movement Phase (turn 1, om-combat6.vlog); "
                                        "no unit moved or changed since")


def test_cut_one_phase_early_judged_on_the_final_position(om):
    """om-pending-next1 (one Next after the advance): the log ends inside the Allied Movement
    Phase, whose end judges the record. Before this change: 0 findings and nothing said. Now the
    record (complete since the German Combat Phase ended) is judged on the final position
    (step 26), saying so; the unended phase's rules that read its moves or history are named not
    judged; the stacking limits (4.31, 4.16) and where the ships are (16.15), read where the units
    stand, keep the verdict of the end of the German Combat Phase, as no unit moved since."""
    doc = _doc(om, ["om-pending-next1"])
    assert _found(doc) == [ADVANCE]
    f = doc["findings"][0]
    assert (f["step"], f["phase"], f["at"]) == AT_THE_DRAG       # since retreat14: at the drag
    assert "judged_at_file_end" not in f["details"]
    nj = _not_judged(doc)
    for rule in ("OM 11.11", "OM 13.64"):
        assert nj[rule] == ("the log ends before the end of the Allied Movement Phase (turn 1, "
                            "om-pending-next1.vlog), where it is judged")
    earlier = {r["rule"]: r["why"] for r in doc["coverage"]["rules_judged_earlier"]}
    assert set(earlier) == {"OM 4.31", "OM 4.16", "OM 16.15"}   # 16.15 (round 12): where the ships are
    assert earlier["OM 4.31"].startswith("judged at the end of the German Combat Phase (turn 1, om-pending-next1.vlog)")
    assert "OM 9.61" not in nj          # judged: nothing of it waits


def test_cut_inside_the_combat_phase_named_not_judged(om):
    """om-pending-incombat (no Next after the advance): the combat phase never ended. Before
    retreat14 its hex changes were never recorded, no finding could be made and OM 9.61 was named
    not judged; now its drags are judged as they come: the advance's 9.84 at step 24, and nothing
    of the phase is pending, in text, JSON and HTML."""
    doc = _doc(om, ["om-pending-incombat"])
    assert _found(doc) == [ADVANCE]
    assert (doc["findings"][0]["step"], doc["findings"][0]["phase"]) == AT_THE_DRAG[:2]
    assert "OM 9.61" not in _not_judged(doc)
    text = _audit(om, ["om-pending-incombat"], "text")
    assert "[OM 9.84]" in text and "OM 9.61: the log ends before" not in text
    html = _audit(om, ["om-pending-incombat"], "html")
    assert "OM 9.84" in html and "Rule not judged: OM 9.61" not in html


def test_retreat_into_zoc_said_not_judged(om):
    """OM 9.63 (JP 9.63: a retreat may enter an enemy ZOC only where a friendly combat unit not
    itself attacked stands): a log has no declared combats; 19 NZ retreats W4315 -> W4215, into
    enemy ZOC beside 7 RTR: whether W4215 is a later combat's target the coverage says is not
    known, naming the unit and the hex (since retreat14 the drag itself is judged)."""
    nj = _not_judged(_doc(om, ["om-combat6"]))
    assert "19 NZ" in nj["OM 9.63"] and "W4215" in nj["OM 9.63"] and "later declared combat" in nj["OM 9.63"]
    # the cut log holds the same retreat drag (before retreat14: no phase end, nothing recorded)
    assert "W4215" in _not_judged(_doc(om, ["om-pending-incombat"]))["OM 9.63"]


def test_chain_carries_between_files(om):
    """A chain: only its last file's unended phase is pending; the first file's phase end is
    judged by the second file (om-chain-1 then om-chain-2 name no pending line of om-chain-1)."""
    doc = _doc(om, ["om-chain-1", "om-chain-2"])
    whys = [r["why"] for r in doc["coverage"]["rules_not_judged"]]
    assert any("om-chain-2.vlog" in w for w in whys)
    assert not any("om-chain-1.vlog" in w for w in whys)


def test_airlandings_of_an_unended_movement_phase_named(om):
    """om-pbem-1 (README "Round 2": saved mid German Movement Phase, GT1): the phase's airlandings
    are recorded at its end and judged after it (OM 6.51-6.56, rule OM 6.52): the file alone names
    6.52 not judged; with om-pbem-2 after it (which ends that phase) nothing of it is pending."""
    alone = _not_judged(_doc(om, ["om-pbem-1"]))
    assert alone["OM 6.52"].startswith("the log ends before the end of the German Movement Phase (turn 1, om-pbem-1.vlog)")
    chained = _doc(om, ["om-pbem-1", "om-pbem-2"])
    assert not any("om-pbem-1.vlog" in r["why"] for r in chained["coverage"]["rules_not_judged"])


def test_cut_inside_a_combat_phase_judges_the_complete_combats(om):
    """om-pending-twocombats (recorded, README "Pending judgments"): om-pending-incombat, then a
    second combat in the German Combat Phase (Vogel 1 attacks 19 NZ, a d10 at step 27) and 19 NZ
    retreats again W4215 -> W4216; the log ends in that phase. The first combat is complete (the
    second's roll came after it): its advance, 9/III/Sturm W4214 -> W4317 (JP 9.84: at most 2
    hexes), is judged on the record so far, at step 27. Before: 0 findings, OM 9.61 named not
    judged for the whole phase. 19 NZ (two units: the stack) moved after that roll, so its
    retreat is named not judged, with the reason."""
    doc = _doc(om, ["om-pending-twocombats"])
    # since retreat14 each drag is judged as it comes: the advance at step 24, and the second
    # retreat, 19 NZ's stack W4215 -> W4216, takes 7 RTR (armour) out of rough without a road
    # (4.24 「…荒地…を含んでいるヘクスを通して移動、退出、退却ができず」; the kit's terrain is illustrative)
    assert _found(doc) == [ADVANCE, ("OM 4.24", 1, ["W4216"], ["A-7RTR-1"])]
    f = doc["findings"][0]
    assert (f["step"], f["phase"], f["at"]) == AT_THE_DRAG and "judged_at_file_end" not in f["details"]
    assert "OM 9.61" not in _not_judged(doc)


def test_cut_right_after_a_roll_still_names_that_combat(om):
    """om-pbem-2 (README "Round 2": German Combat Phase, GT1, a d10 at step 8 and the file ends):
    no hex changed in the phase before that roll, so nothing is found. Before retreat14 OM 9.61
    stayed named not judged (the combat's retreats not in the log yet); now the phase's drags are
    judged as they come, and those of a later file are judged there: nothing is pending."""
    doc = _doc(om, ["om-pbem-2"])
    assert [f for f in doc["findings"] if f["rule"] in ("OM 9.61", "OM 9.84")] == []
    assert "OM 9.61" not in _not_judged(doc)


@pytest.mark.parametrize("fmt", ["json", "text", "html"])
def test_a_log_whose_steps_decode_to_nothing_is_called_a_log(om, tmp_path, fmt):
    """FORMATS 4.1/4.8: a file is a log when LOG steps follow ``end_save`` (VASSAL's own marker),
    whatever they decode to. A Scenario 3 log whose one step is ``LOG\\tnull`` (a command with no
    encoder, 0 steps replayed) is a log in every output: its kind, the end-of-phase rules' "the
    log ends before ...", and the partial sentence's reason (before: a save, worked out from the
    step count)."""
    from vmodgen.model.kit import load_kit
    from vmodgen.testing.log_writer import LogWriter
    w = LogWriter.from_module_setup(om, "Scenario 3: Maleme-Suda, May 20-23", kit=load_kit("operation-mercury"),
                                    player="Ann", player_id="pw-om")
    log = w.step(["null"]).write(tmp_path / "empty.vlog")
    out = CliRunner().invoke(command, ["--module", str(om), "--format", fmt, str(log)])
    assert out.exit_code in (0, 1), out.output
    text = out.stdout
    assert "the save ends before" not in text and "a save holds one position" not in text
    assert "the log ends before the end of the Recovery Phase" in text
    if fmt == "json":
        doc = json.loads(text)
        assert [f["kind"] for f in doc["files"]] == ["log"] and doc["files"][0]["steps"] == 0
        assert doc["coverage"]["logs"] == 1
        assert "the log records no step" in doc["partial"]


def test_fatigue_rule_not_said_judged_at_a_log_end_after_a_combat(om):
    """OM 9.71 at the end of a phase one step after a combat is not judged in a log (a Fatigue
    marker may lag the tracker, omfix22's ``judged_at_log_end``): a log ending inside the Allied
    Movement Phase does not say it is judged at that phase's end, while the rules judged there are
    named (review rv-rp27 item 4)."""
    nj = _not_judged(_doc(om, ["om-pending-next1"]))
    assert "OM 11.11" in nj and "OM 9.71" not in nj


def test_fatigue_rule_said_judged_at_a_log_end_only_where_a_marker_cannot_lag_a_combat(tmp_path_factory):
    """OM 9.71 in a log is judged at the end of a phase resolving no combat whose phase end before
    resolved none either (rv-om22 item 5): a log ending inside GT2's Supply Phase (after the
    Recovery Phase) names it not judged 'where it is judged'; one ending inside the Allied Movement
    Phase (after a combat) does not (above)."""
    from bundled_module_util import bundled_module
    from vmodgen.audit import audit
    from vmodgen.testing.log_writer import LogWriter
    kit, module, root = bundled_module("operation-mercury", tmp_path_factory, "om-pending-fatigue")
    ids = [p.id for p in kit.game.sequence.phases]
    w = LogWriter.from_module_setup(module, "Scenario 3: Maleme-Suda, May 20-23", kit=kit)
    w.advance(len(ids) + ids.index("supply"))
    r = audit([w.write(root / "ends-in-supply.vlog")], module=module)
    why = [e["why"] for e in r.coverage["rules_not_judged"] if e["rule"] == "OM 9.71"]
    assert why == ["the log ends before the end of the Supply Phase (turn 2, ends-in-supply.vlog), where it is judged"]
