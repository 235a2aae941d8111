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
