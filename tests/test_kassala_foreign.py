"""A game vmodgen did not build, end to end: Kassala (corpus module, no hex numbering, a turn
tracker that gives only the turn), recorded in real VASSAL 3.7.26 (tests/data/recorded/kassala-*,
see the README there). The player's path: ``vmodgen bind --log`` → audit with the starter as
written → audit with the edited binding ``examples/kassala/binding.toml``.

Position (hexes CCRR, raw column/row): Moslem file (Alice): Turkish infantry 4-2 0301 → 0303 →
0403; the three Moslem cannon (one stack) 0302 → 0202 onto the Nubian infantry (4 units);
a 1d6 roll; Turkish cavalry 0401 → 0501, undone; Arab cavalry 0602 → 0502. Christian file (Bob):
Portuguese infantry 0304 → 0303 (next to the Nubians at 0203 and the Turks at 0403), the other
0305 → 0204; a 1d6 roll. Locked file (Alice, from the save after the Christian file): Turkish
infantry 0403 → 0503 (it began next to the Portuguese at 0303); Arab cavalry 0502 → 0602 (it
began next to no enemy)."""
from __future__ import annotations

import re
import subprocess
import sys
import tomllib

import pytest

from vmodgen.binding.spec import read_spec
from vmodgen.errors import InputError
from vmodgen.vassal.undo import speaker

from conftest import DATA, ROOT, shared_path

LOGS = [DATA / "recorded" / "kassala-moslem.vlog", DATA / "recorded" / "kassala-christian.vlog"]
LOCKED = DATA / "recorded" / "kassala-locked.vlog"
EXAMPLE = ROOT / "examples" / "kassala" / "binding.toml"


def vmodgen(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "vmodgen", *args], capture_output=True, text=True, cwd=ROOT)


def audit(vmod, binding, logs=tuple(LOGS)) -> subprocess.CompletedProcess:
    return vmodgen("audit", "--module", str(vmod), "--binding", str(binding), *map(str, logs))


def findings(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith((f"{LOGS[0]}:", f"{LOGS[1]}:", f"{LOCKED}:"))]


def test_starter_as_written(tmp_path):
    """Generic defaults (stacking limit 3, no phase): the 4-unit stack at 0202 is over the
    default limit at the end of Alice's run of moves; moves are not judged, and the report says so."""
    vmod = shared_path("corpus", "kassala_Kassala.vmod")
    starter = tmp_path / "B.toml"
    run = vmodgen("bind", str(vmod), "--rules", "generic", "--log", str(LOGS[0]), "-o", str(starter))
    assert run.returncode == 0, run.stderr
    assert [s["name"] for s in tomllib.loads(starter.read_text())["side"]] == ["Moslem", "Christian"]
    res = audit(vmod, starter)
    assert res.returncode == 1, res.stderr
    found = findings(res.stdout)
    assert len(found) == 1 and "[GEN stacking] 0202 holds 4" in found[0] and "limit of 3" in found[0]
    assert "(turn inferred)" in found[0]
    assert "partial: 8 of 10 unit move(s) were not judged (no phase known: 8)" in res.stdout
    assert "units recognised: christian 10, moslem 13 (seen on a map at any step; 23 pieces at the end)" in res.stdout


def with_player_phases(starter: str, values: bool) -> str:
    """The starter with the phase section of the edited binding (source = "player": the one edit
    a player makes first), and without its unit-value classes unless ``values``."""
    example = EXAMPLE.read_text(encoding="utf-8")
    turns = example[example.index("[turns]"):example.index("# ---- rules")]
    assert '[turns]\nsource = "none"\n' in starter and "# ---- unit values" in starter
    text = starter.replace('[turns]\nsource = "none"\n', turns)
    return text if values else re.sub(r"# ---- unit values.*?(?=\n# ---- turn)", "", text, flags=re.S)


def test_starter_values_judge_moves_with_an_allowance(tmp_path):
    """The starter's movement classes (the second number of Kassala's piece names: infantry 2,
    cavalry 3, cannon 0), with phases by player: the 8 judged moves all had no allowance
    without them (only ZOC and enemy units along the path) and all have one with them. With
    them, the three cannon that moved 0302 → 0202 have 0 MP (GEN movement, the same findings as
    the edited binding's), and the Turk's 0301 → 0303 → 0403 is judged through its recorded stops
    (within its 2 MP) instead of along a shortest path filled in between the drags."""
    vmod = shared_path("corpus", "kassala_Kassala.vmod")
    starter = tmp_path / "B.toml"
    run = vmodgen("bind", str(vmod), "--rules", "generic", "--log", str(LOGS[0]), "-o", str(starter))
    assert run.returncode == 0, run.stderr
    assert "not inferred: which of the two numbers in the piece names is movement" in run.stderr
    out = {}
    for values in (False, True):
        b = tmp_path / f"values-{values}.toml"
        b.write_text(with_player_phases(starter.read_text(encoding="utf-8"), values), encoding="utf-8")
        out[values] = audit(vmod, b).stdout
    before, after = out[False], out[True]
    assert "unit moves 10: judged 8 (8 without a movement allowance" in before
    assert "unit moves 10: judged 8; not judged: undone 2" in after and "without a movement allowance" not in after
    cannon = [f for f in findings(after) if "[GEN movement] Moslem_Cannon_1-0" in f]
    assert len(cannon) == 3
    assert all("0302 → 0202: needs 1 movement points to reach 0202 but has 0" in f for f in cannon)
    assert not any("[GEN movement]" in f for f in findings(before))
    zoc = [f for f in findings(after) if "[GEN zoc]" in f]
    assert len(zoc) == 1 and "moved 0301 → 0303 → 0403 (where its drags ended)" in zoc[0]


def test_edited_binding_judges_moves_by_player():
    """Kassala rules (Movement; Optional Rules / Cannon): no stacking but cannon may share a hex,
    so the 3 cannon + 1 infantry at 0202 are legal; cannon cannot move, so each of the three
    cannon that moved 0302 → 0202 is a movement finding; the Turkish infantry dragged 0301 → 0303
    (next to the Portuguese at 0304: their ZOC, which stops a unit) and then on to 0403 is a ZOC
    finding at 0303 (its recorded stops are passed through in order) and, as a second rule broken,
    a movement finding: 0301 → 0303 is two hexes (2 MP, every hex clear by the binding), 0303 →
    0403 a third, with a movement factor of 2; the Christian moves (1 hex each, ending next to
    enemies) are legal. The phase is read from who made each step (source =
    "player") and the turn from the tracker's chat line (turn 2: Alice pressed Next first)."""
    vmod = shared_path("corpus", "kassala_Kassala.vmod")
    res = audit(vmod, EXAMPLE)
    assert res.returncode == 1, res.stderr
    found = findings(res.stdout)
    assert len(found) == 5, res.stdout
    assert (":3: turn 2, Moslem Movement (moslem): [GEN zoc] Moslem_Infantry_4-2_Turkish" in found[0]
            and "moved 0301 → 0303 → 0403 (where its drags ended): it entered enemy ZOC at 0303 and "
                "moved on" in found[0])
    assert (":3: turn 2, Moslem Movement (moslem): [GEN movement] Moslem_Infantry_4-2_Turkish" in found[1]
            and "it has 2 movement points, 0 left at 0303, and the cheapest path on to 0403 costs 1" in found[1])
    assert all(":4: turn 2, Moslem Movement (moslem): [GEN movement] Moslem_Cannon_1-0" in f
               and "0302 → 0202: needs 1 movement points to reach 0202 but has 0" in f for f in found[2:])
    assert "coverage: 12 steps replayed, phase known at 12 (100%)" in res.stdout
    assert "unit moves 10: judged 8; not judged: undone 2" in res.stdout
    assert "partial:" not in res.stdout


def test_edited_binding_locking_zoc(tmp_path):
    """Kassala rules, Movement: "Units beginning movement adjacent to an enemy unit may not move
    during that game turn" ([zoc] leave = "never"). Position at the start of the locked file (turn
    4, Moslem): Portuguese infantry at 0303, Turkish infantry at 0403 (adjacent), Arab cavalry at
    0502 (no Christian unit adjacent). The Turk's 0403 → 0503 is a GEN zoc finding naming 0403 and
    the enemy at 0303; the Arab's 0502 → 0602 is legal. With the generic default leave = "free"
    the same move is legal (0503 is next to no enemy): the one finding the parameter adds."""
    vmod = shared_path("corpus", "kassala_Kassala.vmod")
    chain = (*LOGS, LOCKED)
    res = audit(vmod, EXAMPLE, chain)
    assert res.returncode == 1, res.stderr
    found = findings(res.stdout)
    assert len(found) == 6, res.stdout
    assert found[:5] == findings(audit(vmod, EXAMPLE).stdout)
    assert found[5].startswith(f"{LOCKED}:2: turn 4, Moslem Movement (moslem): [GEN zoc] Moslem_Infantry_4-2_Turkish")
    assert ("moved 0403 → 0503, but it began its move in enemy ZOC at 0403 (of the enemy units in 0303), "
            "which it may not leave" in found[5])
    assert "0 continuity issues in 3 files" in res.stdout and "unit moves 12: judged 10" in res.stdout
    free = tmp_path / "free.toml"
    text = EXAMPLE.read_text(encoding="utf-8")
    assert "\nleave = { value = \"never\"" in text
    free.write_text(text.replace('leave = { value = "never"', 'leave = { value = "free"'), encoding="utf-8")
    assert findings(audit(vmod, free, chain).stdout) == found[:5]


def test_player_source_needs_a_sided_phase(tmp_path):
    p = tmp_path / "b.toml"
    p.write_text('format = 1\nrules = "generic"\n[[side]]\nid = "a"\nname = "A"\n[[side]]\nid = "b"\n'
                 '[map]\nmaps = ["M"]\n[[class]]\nname = "a"\npiece = "x"\nside = "a"\n'
                 '[turns]\nsource = "player"\n[[phase]]\nid = "m"\nkind = "movement"\n')
    with pytest.raises(InputError, match="needs \\[\\[phase\\]\\] tables with a side"):
        read_spec(p)


@pytest.mark.parametrize("text, who", [
    ("* * <Alice> Turn Updated from 1    to 2   ", "Alice"),     # Kassala's tracker report
    ("* <Bob> Turn Updated", "Bob"),
    ("* Moslem_Cavalry_3-3_Arab moves offboard → offboard *", None),
])
def test_speaker_of_a_report_with_its_own_star(text, who):
    assert speaker(text) == who
