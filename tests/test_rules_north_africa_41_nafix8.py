"""North Africa '41: what the review of round 19 found (nafix8), each on a rulebook position
(``tests/data/positions/rulebook/north_africa_41/``) changed in one place here."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from bundled_module_util import bundled_module
from vmodgen.commands.audit import command as audit
from vmodgen.rules import ruleset_for
from vmodgen.rules.position_file import load_position

DATA = Path(__file__).resolve().parent / "data" / "positions" / "rulebook" / "north_africa_41"
RECORDED = Path(__file__).resolve().parent / "data" / "recorded"


def _edited(tmp_path: Path, name: str, *edits: tuple[str, str]) -> Path:
    """The rulebook position ``name`` with ``edits`` (old, new) made, written under ``tmp_path``."""
    text = (DATA / name).read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new)
    f = tmp_path / f"edited-{name}"
    f.write_text(text, encoding="utf-8")
    return f


def found(tmp_path: Path, name: str, *edits: tuple[str, str], log: bool = False) -> tuple[list[str], list[str]]:
    """The rules found in the rulebook position ``name`` with ``edits`` (old, new) made, and what
    the check could not judge; ``log``: read as the audit reads a log (moves not announced)."""
    pos = load_position(str(_edited(tmp_path, name, *edits)))
    if log:
        pos.moves_announced = False
    rules = ruleset_for(pos.game)
    return [x.rule for x in rules.check(pos)], [f"{k}: {v}" for k, v in rules.take_not_judged().items()]


def test_surrender_dragged_a_phase_late_in_a_log_is_not_judged(tmp_path):
    """12.5.3 (review item 2): the CW Inf Remnant, on the map at the end of the Allied Combat Phase,
    is in the Surrender Box's left half at the end of the Allied Recovery Phase. In a position the
    surrender came in the Recovery Phase: found. In a log it may have surrendered in the Combat
    Phase and been dragged after Next: not judged, with why. After the Allied Supply Phase (16.5.4
    attrition) likewise; after an Allied Initial Phase (the phase before is the Axis Delay Phase,
    where no Allied unit surrenders) it is found in a log too."""
    name = "surrender-in-own-recovery-phase.toml"
    assert found(tmp_path, name)[0] == ["NA41 12.5.3"]
    rules, not_judged = found(tmp_path, name, log=True)
    assert rules == [] and any(x.startswith("NA41 12.5.3") and "after Next" in x for x in not_judged), not_judged
    delay = ('"Impulse 3: Allied Recovery Phase"', '"Impulse 3: Allied Delay Phase"')
    assert found(tmp_path, name, delay)[0] == ["NA41 12.5.3"]
    assert found(tmp_path, name, delay, log=True)[0] == []
    initial = ('"Impulse 3: Allied Recovery Phase"', '"Impulse 3: Allied Initial Phase"')
    assert found(tmp_path, name, initial, log=True)[0] == ["NA41 12.5.3"]


def test_surrender_in_the_supply_attrition_phase_is_found(tmp_path):
    """12.5.3, 25.1: the sideless Supply Attrition Phase removes SPs or flips ASUs, it puts no unit
    in the Surrender Box (16.5.4 attrition belongs to each side's own Supply Phase)."""
    name = "surrender-isolation-attrition-own-supply.toml"
    assert found(tmp_path, name)[0] == []
    assert found(tmp_path, name, ('"Impulse 3: Allied Supply Phase"', '"Supply Attrition Phase"'))[0] == ["NA41 12.5.3"]


def test_special_transfer_loads_are_units_a_truck_moves(tmp_path):
    """5.8.4 (review item 3): two trucks transferring together carry nothing; Pavia marked trucked
    going the same way is a load; with Truck 1 moving normally (it may carry Pavia), Truck 2 carries
    nothing; Pavia not trucked (it went on its own) is no load either."""
    assert found(tmp_path, "truck-special-transfer-two-trucks-together.toml")[0] == []
    name = "truck-special-transfer-carrying-trucked-unit.toml"
    assert found(tmp_path, name)[0].count("NA41 5.8.4") == 2
    normal = ('unit = "AxisTruck1"\nhex = "Tripoli"\nprevious = "3233"\nmode = "special_transfer"',
              'unit = "AxisTruck1"\nhex = "Tripoli"\nprevious = "3233"')
    assert "NA41 5.8.4" not in found(tmp_path, name, normal)[0]
    assert "NA41 5.8.4" not in found(tmp_path, name, ('status = ["trucked"]\n', ''))[0]


def test_oasis_control_and_the_optional_rule_in_the_finding(tmp_path):
    """27.2, 16.3.4 (review item 4, read otherwise): an empty oasis with no control stated supplies
    the side free of enemy ZOC there (it is no city, airfield or port to be held), in enemy ZOC
    nobody. A marker found wrong only because of an oasis says that optional 27.2 is played; with
    it left out (oasis_supply_units = 0) the white marker is right."""
    assert found(tmp_path, "oasis-supplies-unit-two-hexes-away.toml")[0] == []
    assert found(tmp_path, "oasis-in-enemy-zoc-supplies-nobody.toml")[0] == ["NA41 16.1"]
    name = "oasis-supplied-unit-marked-oos.toml"
    pos = load_position(str(DATA / name))
    (f,) = ruleset_for(pos.game).check(pos)
    assert f.rule == "NA41 16.1" and "optional rule 27.2" in f.message and "oasis_supply_units = 0" in f.message
    assert found(tmp_path, name, ("[grid]", "[rules]\noasis_supply_units = 0\n\n[grid]"))[0] == []
    # a unit marked OOS that a port (not an oasis) supplies: no word of 27.2
    port = ('terrain = "oasis"', 'terrain = "clear"\nfeatures = ["port"]\ncontrol = "axis"\ncapacity = 1')
    pos = load_position(str(_edited(tmp_path, name, port)))
    (f,) = ruleset_for(pos.game).check(pos)
    assert f.rule == "NA41 16.1" and "27.2" not in f.message



def test_tag_along_judged_from_the_status_before(tmp_path):
    """27.3.2 (review item 5): the level a picked-up unit must reach comes from its status before
    the combat: Disrupted before and no marker now is found as "not Full Retreat"; Disrupted now
    with no status before is not judged. A unit next to an enemy unit is not picked up; an
    attacker that advanced next to it after the retreat does not count (it was not there then)."""
    pos = load_position(str(DATA / "tag-along-retreat-picks-up-disrupted-now-good-order.toml"))
    (f,) = ruleset_for(pos.game).check(pos)
    assert f.rule == "NA41 27.3.2" and "not Full Retreat" in f.message and "was Disrupted before" in f.message
    rules, not_judged = found(tmp_path, "tag-along-retreat-picks-up-unit-status-before-unknown.toml")
    assert rules == [] and any(x.startswith("NA41 27.3.2") for x in not_judged), not_judged
    # (the carrier's retreat there passes an avoidable enemy-ZOC hex: 12.1.3 #3, judged since round nafix11)
    assert found(tmp_path, "tag-along-retreat-picks-up-unit-next-to-enemy.toml")[0] == ["NA41 12.1.3", "NA41 27.3.2"]
    advanced = ('unit = "5 Pz Rgt"\nhex = "2925"\n', 'unit = "5 Pz Rgt"\nhex = "2926"\nprevious = "2925"\nmode = "advance"\n')
    assert "NA41 27.3.2" not in found(tmp_path, "tag-along-retreat-picked-up-disrupted.toml", advanced)[0]


def test_a_log_names_12_5_3_and_9_5_3_by_what_they_judge(tmp_path_factory):
    """Review item 7: na41-pbem6-1 ends inside the Axis Movement Phase, na41-back7 inside a Combat
    Phase. 12.5.3 is never judged at those phase ends (a unit may surrender in both), so neither
    log names it "where it is judged"; 9.5.3 never gives a verdict, so a log names it not judged
    for what a log lacks, not for where the log ends."""
    module = bundled_module("north-africa-41", tmp_path_factory, "nafix8-logs").module
    for name in ("na41-pbem6-1", "na41-back7"):
        r = CliRunner().invoke(audit, ["--module", str(module), "--format", "json", str(RECORDED / f"{name}.vlog")])
        assert r.exception is None and r.exit_code in (0, 1), r.output
        doc = json.loads(r.stdout)
        said = {x["rule"]: x["why"] for x in doc["coverage"]["rules_not_judged"]}
        assert "NA41 12.5.3" not in said, said.get("NA41 12.5.3")
        assert "where it is judged" not in said["NA41 9.5.3"] and "not recorded in a log" in said["NA41 9.5.3"]
        assert "where it is judged" in said["NA41 4.4.1"], said     # a rule judged at that phase end
