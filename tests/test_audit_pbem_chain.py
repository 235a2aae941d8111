"""A play-by-email chain of Operation Mercury recorded in real VASSAL (``om-pbem-*`` in
``tests/data/recorded``, README there; scripts beside the logs): German, German again, Allied,
German; the same chain with its second file played in VASSAL 3.8.0-beta1; a branch; a file
begun after a move with no log running. Every finding is checked by hand against
``../shared/rules/operation-mercury.md`` (rule numbers in the tests)."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bundled_module_util import bundled_module
from vmodgen.audit.engine import FileAuditor, MoveCarry
from vmodgen.audit.order import ORDER_CONSEQUENCE, SEAM_CONSEQUENCE
from vmodgen.audit.run import audit, make_binding
from vmodgen.rules import ruleset_for
from vmodgen.vassal.savefile import read_save

DATA = Path(__file__).parent / "data" / "recorded"
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def om(tmp_path_factory):
    return bundled_module("operation-mercury", tmp_path_factory, "pbem-om")


def run(module: Path, *names: str):
    return audit([DATA / f"om-pbem-{n}.vlog" for n in names], module=module, keep_order=True)


def got(r) -> list[tuple]:
    """(file, step, turn, phase, rule, units, hexes) of each finding."""
    return [(Path(f.file).name, f.step, f.turn, f.phase, f.rule, tuple(f.units), tuple(f.hexes)) for f in r.findings]


#: the chain's findings, each checked by hand:
#: - file 1 step 18, German Movement Phase of GT1: 9/III/Sturm, dropped at W4213 in the Paradrop
#:   Phase, moves W4113, W4013: 2 hexes on its arrival turn (4.18: 1 hex at most);
#: - file 2 step 1, the same phase (file 1 was saved in it): Vogel 1, dropped at W4212, moved to
#:   W4211 in file 1 (legal) and now to W4210: 2 hexes (4.18), across the seam. 9/III/Sturm goes
#:   on to W3913 at step 2: the same move file 1 reported, no second finding;
#: - file 3 step 5, Allied Movement Phase of GT1: 19 NZ W4315 → W4316 (step 2), Next, Undo,
#:   → W4317: 2 hexes where Allied units of the Maleme/Suda sector have MA 1 on GT1 (4.63);
#:   Next, Next, Prev, Prev, → W4318 (step 10): the same move, no second finding.
CHAIN = [("om-pbem-1.vlog", 18, 1, "german-movement", "OM 4.18", ("G-9-III-Sturm",), ("W4213", "W4013")),
         ("om-pbem-2.vlog", 1, 1, "german-movement", "OM 4.18", ("G-Vogel-1",), ("W4212", "W4210")),
         ("om-pbem-3.vlog", 5, 1, "allied-movement", "OM 4.63", ("A-19-NZ-Eng",), ("W4315", "W4317"))]


def test_chain_findings_across_seams_undo_and_prev(om):
    """A move saved mid-phase and continued in the next file is one move (4.18 found once, at
    the step that breaks it, in the file that breaks it); a move continued after Undo and Prev
    took the tracker back into the Allied Movement Phase is one move too (4.63). The German
    sending two files in a row is no missing file; the seams close."""
    r = run(om.module, "1", "2", "3", "4")
    assert got(r) == CHAIN
    assert r.continuity == []
    assert r.coverage["warnings"] == []


def test_turn_without_tracker_is_partial_not_clean(om):
    """File 4 (GT2): the tracker stays in the Recovery Phase while the chat names the German
    movement in words and two German units move: the moves are listed as made out of phase and
    the audit says partial (nothing judged them), never a silent 0."""
    r = run(om.module, "4")
    assert got(r) == []
    assert r.coverage["moves"]["not_judged"]["not in a phase where the unit moves"] == 3
    assert r.coverage["moves"]["judged"] == 0
    out = r.coverage["out_of_phase"]
    assert [(e["unit"], e["from"], e["to"], e["phase"]) for e in out] == [
        ("9/III/Sturm", "W3913", "W3912", "Recovery Phase"), ("Vogel (2 of 2)", "W4112", "W4012", "Recovery Phase"),
        ("Vogel (2 of 2)", "W4012", "W3911", "Recovery Phase")]


def test_chain_switching_vassal_versions_gives_the_same_findings(om):
    """File 2 played in VASSAL 3.8.0-beta1 (from file 1's 3.7.26 save), file 3 in 3.7.26 again
    from 3.8's save: the same findings at the same steps, seams closed."""
    r = audit([DATA / "om-pbem-1.vlog", DATA / "om-pbem-2-38.vlog", DATA / "om-pbem-3-mix.vlog"],
              module=om.module, keep_order=True)
    names = {"om-pbem-2-38.vlog": "om-pbem-2.vlog", "om-pbem-3-mix.vlog": "om-pbem-3.vlog"}
    assert [(names.get(f[0], f[0]), *f[1:]) for f in got(r)] == CHAIN
    assert r.continuity == [] and r.coverage["warnings"] == []
    assert [f.vassal_version for f in r.files] == ["3.7.26", "3.8.0-beta1", "3.7.26"]


def test_file_missing_from_the_middle_is_said(om):
    """File 2 (German) left out: file 3 (Allied) does not start where file 1 ended, German units
    placed differently and the tracker moved on from the German Movement to the German Combat
    Phase: a file may be missing (not an order problem)."""
    r = run(om.module, "1", "3")
    w = r.coverage["warnings"]
    assert any("om-pbem-3.vlog does not start where om-pbem-1.vlog ended" in m and "units of german 2" in m
               and "German Movement Phase → Game Turn 1 German Combat Phase" in m and "may be missing" in m for m in w)
    assert SEAM_CONSEQUENCE in w and ORDER_CONSEQUENCE not in w
    # 9/III/Sturm moved in the missing file (W4013 → W3913): the rules' memory of file 1's last
    # phase end no longer reads those moves as an "advance" W4213 → W3913 made in file 3's German
    # Combat Phase (a false OM 9.84: RuleSet.placed_between forgets where units moved in the gap
    # stood); 19 NZ's 4.63, judged in file 3 alone, stands. The same with --jobs 2.
    for jobs in (1, 2):
        r = audit([DATA / f"om-pbem-{n}.vlog" for n in ("1", "3")], module=om.module, keep_order=True, jobs=jobs)
        marked = {(f.rule, f.units): f.details.get("after_gap") for f in r.findings
                  if Path(f.file).name == "om-pbem-3.vlog"}
        assert marked == {("OM 4.63", ("A-19-NZ-Eng",)): None}, jobs


def test_side_moving_twice_is_no_missing_file(om):
    """German file, German file: the second starts where the first ended: no warning. Begun
    after a drag with no log running (Vogel 2 W4112 → W4012): the seam does not close on one
    German unit only, the tracker unchanged: said as the German's own moves outside any log,
    not as the Allied file missing."""
    assert run(om.module, "1", "2").coverage["warnings"] == []
    w = run(om.module, "1", "2u").coverage["warnings"]
    assert any("1 of german's own unit(s) placed differently" in m and "no other side's file is missing" in m
               for m in w)
    assert not any("may be missing" in m for m in w)


def test_take_back_by_hand_across_the_seam_is_no_move(om):
    """File 2 begins by dragging Vogel 1 back to W4212, its drop hex (file 1 had moved it to
    W4211), then to W4111: one hex from where the phase found it, legal (4.18); before, the move
    going on across the seam read W4212 → W4211 → W4212 → W4111 and gave 4.18 "W4212 to
    W4212". 9/III/Sturm dragged back from W4013 to W4113: file 1's finding on it stands, no new
    one."""
    r = run(om.module, "1", "2t")
    assert got(r) == CHAIN[:1]
    assert r.coverage["warnings"] == []


def test_undo_of_the_next_then_of_the_move_leaves_nothing(om):
    """File 3 again, but Undo twice: the Next (back in the Allied Movement Phase), then 19 NZ's
    drag to W4316; 19 NZ then moves W4315 → W4216, one hex (4.63: MA 1 on GT1): no finding, the
    undone drag on no path."""
    r = run(om.module, "1", "2", "3u")
    assert got(r) == CHAIN[:2]
    assert r.coverage["moves"]["judged"] == 6


def test_files_out_of_order_given_twice_or_branched(om):
    """Out of order: said by the seams and dates, and no file is called missing. The same file
    under another name: said. The Allied file started from file 1's save (not file 2's): a
    branch, not an order to fix."""
    rev = run(om.module, "2", "1", "3").coverage["warnings"]
    assert any("probably goes before" in m or "the order audited may be wrong" in m for m in rev)
    assert ORDER_CONSEQUENCE in rev and not any("may be missing" in m for m in rev)
    branch = run(om.module, "1", "2", "3b").coverage["warnings"]
    assert any(m.startswith("om-pbem-2.vlog and om-pbem-3b.vlog both start where om-pbem-1.vlog ended") for m in branch)
    assert not any("probably goes before" in m or "may be missing" in m for m in branch)


def test_same_file_twice_under_another_name(om, tmp_path):
    for n in ("1", "2", "3"):
        shutil.copy(DATA / f"om-pbem-{n}.vlog", tmp_path / f"om-pbem-{n}.vlog")
    shutil.copy(DATA / "om-pbem-2.vlog", tmp_path / "turn1-combat.vlog")
    r = audit([tmp_path / "om-pbem-1.vlog", tmp_path / "om-pbem-2.vlog", tmp_path / "turn1-combat.vlog",
               tmp_path / "om-pbem-3.vlog"], module=om.module, keep_order=True)
    assert any(m.startswith("turn1-combat.vlog is the same bytes as om-pbem-2.vlog") for m in r.coverage["warnings"])


def test_the_carry_is_part_of_the_context(om):
    """File 1 ends inside the German Movement Phase: its end context holds the units' paths so
    far (a parallel audit re-runs file 2 from it); file 2 ends in the German Combat Phase with
    no move: nothing to carry."""
    b, mod = make_binding(str(om.module))
    b.reset()
    a = FileAuditor(b, mod, ruleset_for(b.game))
    r1 = a.run(read_save(str(DATA / "om-pbem-1.vlog")), "1")
    carry = r1.end_context[2]
    assert isinstance(carry, MoveCarry) and carry.phase == (1, "german-movement")
    assert {tuple(p) for _, p in carry.paths} == {("W4213", "W4113", "W4013"), ("W4212", "W4211")}
    r2 = a.run(read_save(str(DATA / "om-pbem-2.vlog")), "2")
    assert r2.start_context[2] == carry and r2.end_context[2] is None


def test_cli_json_and_html_give_the_findings_and_the_warning(om, tmp_path):
    """The same through the command line: JSON with file, step, rule and hexes; HTML and text
    with the missing-file warning; --strict exits 3 on a chain with a seam missing a file."""
    logs = [str(DATA / f"om-pbem-{n}.vlog") for n in ("1", "2", "3", "4")]
    cmd = [sys.executable, "-m", "vmodgen", "audit", *logs, "--module", str(om.module), "--format", "json"]
    p = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 1, p.stderr
    d = json.loads(p.stdout)
    assert [(Path(f["file"]).name, f["step"], f["rule"], f["hexes"]) for f in d["findings"]] == [
        (c[0], c[1], c[4], list(c[6])) for c in CHAIN]
    html = tmp_path / "a.html"
    p = subprocess.run([sys.executable, "-m", "vmodgen", "audit", logs[0], logs[2], "--module", str(om.module),
                        "--format", "html", "-o", str(html), "--strict"], capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 1, p.stderr        # findings: 1 wins over 3
    assert "may be missing" in html.read_text() and "may be missing" in p.stderr


def _file(tmp_path: Path, name: str, sides: dict[str, int], start: dict, end: dict, turn: tuple = ("", ""),
          phases: tuple = ((None, ""), (None, ""))):
    """A file's result as the order check reads it: moves by side, start and end snapshots
    (pieces by id: map point; every piece a unit of the side its id begins with), the (turn,
    phase) it starts and ends in."""
    from types import SimpleNamespace
    (tmp_path / name).write_text(name)

    def snap(where: dict, t: str) -> dict:
        return {"pieces": {p: (("Main", x, 10), "", "", "", "") for p, x in where.items()},
                "sides": {p: p.split("-")[0] for p in where}, "turns": {"T": t}, "turn_text": {"T": t}}
    return SimpleNamespace(path=str(tmp_path / name), date_saved="", start=snap(start, turn[0]),
                           end=snap(end, turn[1]), stats=SimpleNamespace(moves_by_side=sides),
                           start_phase=phases[0], timeline=[(0, *phases[0]), (1, *phases[1])])


def test_seam_kinds_synthetic(tmp_path):
    """The seam sentences on made-up files: a file that changed nothing (chat only) between two
    others is no branch; a branch is; a side's own unit placed differently between two of its
    files is its own unlogged move; the other side's unit is a missing file; the tracker moved
    on with the same side's units is a missing file too."""
    from vmodgen.audit.order import order_doubts
    x0, x1, x2 = {"g-a": 1, "a-b": 5}, {"g-a": 2, "a-b": 5}, {"g-a": 2, "a-b": 6}
    f1 = _file(tmp_path, "f1.vlog", {"g": 1}, x0, x1)
    chat = _file(tmp_path, "f2.vlog", {}, x1, x1)
    f3 = _file(tmp_path, "f3.vlog", {"a": 1}, x1, x2)
    assert order_doubts([f1, chat, f3]) == []
    other = _file(tmp_path, "f3b.vlog", {"a": 1}, x1, {"g-a": 2, "a-b": 7})
    assert [m.split(":")[0] for m in order_doubts([f1, f3, other])] == [
        "f3.vlog and f3b.vlog both start where f1.vlog ended"]
    g2 = _file(tmp_path, "g2.vlog", {"g": 1}, {"g-a": 3, "a-b": 5}, {"g-a": 4, "a-b": 5})
    own = order_doubts([f1, g2])
    assert len(own) == 1 and "1 of g's own unit(s)" in own[0] and "no other side's file is missing" in own[0]
    assert "may be missing" not in own[0]
    g3 = _file(tmp_path, "g3.vlog", {"g": 1}, {"g-a": 2, "a-b": 9}, {"g-a": 4, "a-b": 9})
    miss = order_doubts([f1, g3])
    # a's unit placed differently: a's file, or g's combat moving it (a retreat): not told apart
    assert len(miss) == 1 and "(one side's file) may be missing" in miss[0] and "units of a 1" in miss[0]
    t1 = _file(tmp_path, "t1.vlog", {"g": 1}, x0, x1, ("GT1 move", "GT1 move"))
    t2 = _file(tmp_path, "t2.vlog", {"g": 1}, {"g-a": 3, "a-b": 5}, x1, ("GT2 move", "GT2 move"))
    moved_on = order_doubts([t1, t2])
    assert len(moved_on) == 1 and "GT1 move → GT2 move" in moved_on[0] and "may be missing" in moved_on[0]


def test_whose_file_is_missing_by_the_phases_passed(tmp_path):
    """Two files of g's moves with only g's unit placed differently between them and the tracker
    moved on: whose file is missing is told by the phases the tracker passed between them (the
    first file's end phase up to the second's start phase), not by whose units were placed
    differently (a's combat moves g's units: retreats, losses)."""
    from vmodgen.audit.order import order_doubts
    from vmodgen.model.game import Phase, SequenceOfPlay
    seq = SequenceOfPlay(phases=tuple(Phase(id=i, name=i, side=i[0]) for i in ("g-move", "g-combat",
                                                                                "a-move", "a-combat")))
    x0, x1, x2 = {"g-a": 1, "a-b": 5}, {"g-a": 2, "a-b": 5}, {"g-a": 3, "a-b": 5}

    def whose(end: tuple, start: tuple, sequence=seq) -> str:
        f1 = _file(tmp_path, "f1.vlog", {"g": 1}, x0, x1, ("T1", "T1"), ((1, "g-move"), end))
        f2 = _file(tmp_path, "f2.vlog", {"g": 1}, x2, x2, ("T2", "T2"), (start, start))
        said = [m for m in order_doubts([f1, f2], sequence) if "may be missing" in m]
        assert len(said) == 1
        return said[0].split("a file between them (")[1].split(") may be missing")[0]
    # g pressed Next into a's phases, then the next g file starts the next turn: a's file
    assert whose((1, "a-move"), (2, "g-move")) == "a's: the turn tracker passed only a's phases between them"
    # g's movement file, then g's combat file: g's own
    assert whose((1, "g-move"), (1, "g-combat")) == "g's own: the turn tracker passed only its phases between them"
    # the file ended in g's combat, the next starts g's next turn: g's combat and a's phases
    assert whose((1, "g-combat"), (2, "g-move")) == \
        "whose is not known: the turn tracker passed phases of a and g between them"
    # a phase of neither side (or of both: IM's Operations Segment) passed: no side is named for it
    both = SequenceOfPlay(phases=tuple(Phase(id=i, name=i, side=i[0] if i[0] in "ga" else "")
                                       for i in ("g-move", "g-combat", "x-draw", "a-move", "a-combat")))
    assert whose((1, "x-draw"), (2, "g-move"), both) == \
        "whose is not known: the turn tracker passed phases in which any side may play between them"
    assert whose((1, "g-combat"), (1, "a-move"), both) == \
        "whose is not known: the turn tracker passed phases in which any side may play between them"
    # no phase known, or no sequence: not said
    assert whose((None, ""), (None, "")) == "one side's file"
    assert whose((1, "a-move"), (2, "g-move"), None) == "one side's file"


def test_seams_whose_play_no_file_holds(tmp_path):
    """order_messages' last item: the index of each file after a seam whose play is in no file
    as given (the report is then partial: coverage.gaps): a side's moves outside any log, a
    missing file (one another file given might be, out of order, too); not a seam that closes."""
    from vmodgen.audit.order import order_messages
    x0, x1 = {"g-a": 1, "a-b": 5}, {"g-a": 2, "a-b": 5}
    f1 = _file(tmp_path, "f1.vlog", {"g": 1}, x0, x1)
    own = _file(tmp_path, "g2.vlog", {"g": 1}, {"g-a": 3, "a-b": 5}, {"g-a": 4, "a-b": 5})
    miss = _file(tmp_path, "g3.vlog", {"g": 1}, {"g-a": 2, "a-b": 9}, {"g-a": 4, "a-b": 9})
    closes = _file(tmp_path, "f2.vlog", {"a": 1}, x1, {"g-a": 2, "a-b": 6})
    after = _file(tmp_path, "a3.vlog", {"a": 1}, {"g-a": 4, "a-b": 9}, {"g-a": 4, "a-b": 10})
    assert order_messages([f1, own], None)[3] == [1]
    assert order_messages([f1, miss], None)[3] == [1]
    assert order_messages([f1, closes], None)[3] == []
    said = order_messages([f1, miss, after], None)
    assert [k for k, m in said[1] if "may be missing" in m] == ["order"] and said[3] == [1]
