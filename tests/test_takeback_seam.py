"""A drag back across a seam (a move the file before carried over, ``MoveCarry``, then cut by
dragging the unit back to a hex it held before the seam) is a take-back like any other: the
take-back tracker (audit/takeback.py) lists it as "taken back by hand" and counts the drag back
as taken back, not judged; what the file before reported on the earlier stops stands.

Position (tests/data/recorded/om-pbem-1 and -2t, README there; Operation Mercury, Game Turn 1,
German Movement Phase): file 1 drops Vogel 1 at W4212 and moves it to W4211, and moves
9/III/Sturm W4213 → W4113 → W4013 (OM 4.18: 2 hexes on its arrival turn, found in file 1). File
2t, saved from file 1 in the same phase: Vogel 1 dragged back to W4212 (step 1), then to W4111;
9/III/Sturm dragged back to W4113 (step 3)."""
from __future__ import annotations

from pathlib import Path

import pytest

from bundled_module_util import bundled_module
from test_audit import mini  # noqa: F401  (the built minikit fixture)
from vmodgen.testing.log_writer import LogWriter
from vmodgen.audit.run import audit
from vmodgen.audit.takeback import TakeBackTracker

DATA = Path(__file__).parent / "data" / "recorded"


@pytest.fixture(scope="module")
def om(tmp_path_factory):
    return bundled_module("operation-mercury", tmp_path_factory, "tb-seam-om")


def test_drag_back_across_the_seam_is_listed_as_taken_back(om):
    r = audit([DATA / "om-pbem-1.vlog", DATA / "om-pbem-2t.vlog"], module=om.module, keep_order=True)
    assert [(f.rule, f.units) for f in r.findings] == [("OM 4.18", ("G-9-III-Sturm",))]   # file 1's stands
    tb = r.to_json()["integrity"]["taken_back"]
    got = [(Path(t["file"]).name, t["step"], t["steps"], t["unit"], t["hexes"], t["how"], t.get("before_seam"))
           for t in tb["items"]]
    assert got == [("om-pbem-2t.vlog", 1, [1], "G-Vogel-1", ["W4212", "W4211", "W4212"], "by hand", True),
                   ("om-pbem-2t.vlog", 3, [3], "G-9-III-Sturm", ["W4113", "W4013", "W4113"], "by hand", True)]
    assert all("what was reported on the earlier ones stands" in t["note"] for t in tb["items"])
    moves = r.coverage["moves"]
    # the two drags back are taken back, not judged: Vogel 1's W4212 → W4111 and file 1's two
    # moves of 9/III/Sturm and one of Vogel 1 are the judged ones
    assert moves["not_judged"]["taken back by hand"] == 2 and moves["judged"] == 4


def test_tracker_takes_a_carried_stop_back_whatever_came_between():
    """The tracker, fed a unit's move from before the seam (carry), reads a drag back to one of
    those hexes as a take-back even after a roll (a consequence): only this file's drags are
    withdrawn; a drag back to a stop of this file still needs no consequence between."""
    t = TakeBackTracker()
    t.carry("p", ["A", "B", "C"])
    t.consequence(1)
    assert t.drag(2, "p", "C", "D", unit="u") is None
    back = t.drag(3, "p", "D", "B", unit="u")
    assert back is not None and back.steps == (2, 3) and back.hexes == ("B", "C", "D", "B") and back.carried
    assert t.drag(4, "p", "B", "E", unit="u") is None
    assert t.drag(6, "p", "E", "F", unit="u") is None
    t.consequence(7)
    assert t.drag(8, "p", "F", "E", unit="u") is None          # a roll came between: a move


def test_tracker_judges_a_leg_of_this_file_after_a_roll_as_a_move():
    """A stop before the seam is returned to, but the leg withdrawn (X → Y) was made in this file
    and a roll came between: not a take-back (the roll is a consequence), as without a seam."""
    for seam in (True, False):
        t = TakeBackTracker()
        if seam:
            t.carry("p", ["A", "X"])
        else:
            assert t.drag(1, "p", "A", "X", unit="u") is None
        assert t.drag(5, "p", "X", "Y", unit="u") is None
        t.consequence(6)
        assert t.drag(7, "p", "Y", "X", unit="u") is None, seam


def test_withdrawn_hops_leave_the_hops_before_the_seam_out():
    """Carried A → B → C, then C → D and back to B in this file: the hop into C was made (and
    counted) before the seam; only C → D and the return D → B are this file's withdrawn hops."""
    t = TakeBackTracker()
    t.carry("p", ["A", "B", "C"])
    assert t.drag(2, "p", "C", "D", unit="u") is None
    back = t.drag(3, "p", "D", "B", unit="u")
    assert back is not None and back.carried_stops == 1 and back.carried
    assert back.withdrawn_hops == (("C", "D"), ("D", "B"))
    # a lost undo back to A: the hops into B and C were the file before's
    t = TakeBackTracker()
    t.carry("p", ["A", "B", "C"])
    assert t.drag(2, "p", "C", "D", unit="u") is None
    lost = t.recorded(4, "p", "A", "E", unit="u")
    assert lost is not None and lost.lost and lost.carried_stops == 2
    assert lost.withdrawn_hops == (("C", "D"),)


def test_carried_stops_keep_what_stood_at_the_files_start():
    """A violation standing as the file started (the memo ``carry`` is given) is handed back
    with a take-back to a carried stop, so that it is not reported again at the return."""
    standing = frozenset({("GEN zoc", "zoc", ("C",), ("u",))})
    t = TakeBackTracker()
    t.carry("p", ["A", "B", "C"], standing)
    assert t.drag(2, "p", "C", "D", unit="u") is None
    back = t.drag(3, "p", "D", "B", unit="u")
    assert back is not None and back.before == standing


def test_drag_back_to_a_stop_before_the_seam_after_a_roll_is_judged(mini):
    """Red Movement, turn 1 (the minikit of test_audit_takeback.py: B2 at 0504 exerts a ZOC over
    0503; R3 has 6 movement points). File 1: R3 0203 → 0303 → 0403. File 2, saved from file 1 in
    the same phase: R3 0403 → 0503 (B2's ZOC), a die roll, R3 back to 0403 (a hex it held before
    the seam). The roll is a consequence of a leg made in this file: the return is a move, GEN
    zoc 'entered enemy ZOC at 0503 and moved on' at file 2 step 3, as in one file (the control);
    nothing taken back."""
    kit_dir, kit, module, root = mini
    w = LogWriter.from_module_setup(module, kit=kit, player="Alice")
    w.move("R3", "0303").move("R3", "0403")
    f1 = w.write(root / "seam-roll-1.vlog")
    w = w.save_point()
    w.move("R3", "0503").roll("1d6", [6]).move("R3", "0403").advance()
    f2 = w.write(root / "seam-roll-2.vlog")
    r = audit([str(f1), str(f2)], module=module, game=str(kit_dir), keep_order=True)
    got = [(Path(f.file).name, f.step, f.rule, f.units) for f in r.findings]
    assert got == [("seam-roll-2.vlog", 3, "GEN zoc", ("R3",))]
    assert "entered enemy ZOC at 0503 and moved on" in r.findings[0].message
    assert r.integrity["taken_back"]["items"] == []
    assert r.coverage["moves"]["not_judged"]["taken back by hand"] == 0
