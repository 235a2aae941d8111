"""North Africa '41, round rulepos25: an ASU's face carried from one phase end to the next (17.1.4)
through ``remember``, as the audit carries it; the list parameters a kit position names checked
against the kit's map and formations."""
from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from vmodgen.commands.check import command
from vmodgen.errors import InputError
from vmodgen.rules import ruleset_for
from vmodgen.rules.games.north_africa_41.carried import NA41Memory
from vmodgen.rules.position_file import load_position

KIT = ('[position]\ngame = "north-africa-41"\nturn = 6\nphase = "{phase}"\n{rules}\n'
       '[[units]]\nunit = "DAK HQ"\nhex = "tripoli"\n{face}\n')


def pos(tmp_path: Path, phase: str, face: str = "", rules: str = "", name: str = "p.toml"):
    f = tmp_path / name
    f.write_text(KIT.format(phase=phase, face=face, rules=rules), encoding="utf-8")
    return load_position(f)


def rule_ids(rs, p) -> set[str]:
    return {f.rule for f in rs.check(p)}


def test_asu_face_remembered_and_its_flip_judged(tmp_path):
    """17.1.4: remember records the DAK HQ's Depleted face at a phase end ("reduced"); Ready at the
    end of the next phase is a finding in the enemy's Movement Phase, not in its own Supply Phase."""
    before = pos(tmp_path, "i2-axis-combat", "reduced = true", name="a.toml")
    rs = ruleset_for(before.game)
    memory = NA41Memory()
    rs.remember(before, before, memory)
    assert memory.na41_status_before == {"DAKHQ": ["reduced"]}
    for phase, want in (("i2-allied-movement", True), ("i2-axis-supply", False), ("i2-axis-combat", True)):
        after = pos(tmp_path, phase, name=f"{phase}.toml")
        after.memory = memory
        assert ("NA41 17.1.4" in rule_ids(rs, after)) == want, phase
    still = pos(tmp_path, "i2-allied-movement", 'status = ["depleted"]', name="still.toml")
    still.memory = memory
    assert "NA41 17.1.4" not in rule_ids(rs, still)


def test_list_parameters_name_the_kits_places(tmp_path):
    """na41_surrender_boxes, na41_reserve_release: a box or formation the kit lacks is refused at its
    [rules] line (exit 2), the kit's own values pass."""
    for rules, said in (('na41_surrender_boxes = "surrender-left, surrender-rite"', "no box 'surrender-rite'"),
                        ('na41_reserve_release = "2nz:12:2750, 5sa:14:2559"', "no formation '5sa'")):
        f = tmp_path / "r.toml"
        f.write_text(KIT.format(phase="preparation", face="", rules="[rules]\n" + rules), encoding="utf-8")
        r = CliRunner().invoke(command, [str(f)], standalone_mode=False, catch_exceptions=True)
        assert isinstance(r.exception, InputError) and said in str(r.exception) and ":6:" in str(r.exception)
    # the kit's own places and formations pass, and the rules read them: 4/2 SA still in the Reserve
    # box on turn 15 is past a release turn of 14 (S2.2), not past one of 16 (review of rulepos25, item 10)
    for turn, want in (("14", True), ("16", False)):
        f = tmp_path / f"ok{turn}.toml"
        f.write_text('[position]\ngame = "north-africa-41"\nscenario = "Campaign"\nturn = 15\n'
                     'phase = "Impulse 2: Axis Movement Phase"\n[rules]\n'
                     'na41_surrender_boxes = "surrender-left, surrender-right"\n'
                     f'na41_reserve_release = "2sa:{turn}:2559, 2nz:12:2750"\n'
                     '[[units]]\nunit = "4/2 SA"\nhex = "Reserve"\n', encoding="utf-8")
        ok = load_position(f)
        assert ("NA41 S2.2" in rule_ids(ruleset_for(ok.game), ok)) == want, turn
