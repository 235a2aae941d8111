"""State rules' verdicts kept from an earlier phase end (audit/pending.py): across a file seam,
and after an Undo took that phase end back.

A ``Judged.STATE`` rule (IM 3.32's 9 stacking points, OM 4.31/4.16, generic stacking) reads
only the units standing at a phase end: when the last file of a chain never reaches that phase
end, the verdict of the last phase end the chain did reach stands if no unit moved or changed
since, whichever file it was in (the seam included: a unit placed differently there moved)."""
from __future__ import annotations

from pathlib import Path

import pytest
from bundled_module_util import bundled_module
from games_util import palette_piece

from vmodgen.audit import audit
from vmodgen.testing.log_writer import LogWriter

DATA = Path(__file__).parent / "data" / "recorded"
PZ = "PzKpfw IV G tank"


@pytest.fixture(scope="module")
def im(tmp_path_factory):
    return bundled_module("invasion-malta", tmp_path_factory, "im-state-verdicts")


@pytest.fixture(scope="module")
def om(tmp_path_factory):
    return bundled_module("operation-mercury", tmp_path_factory, "om-state-verdicts")


def _chain(kit, module, root, second) -> list[Path]:
    """File 1: a PzKpfw IV G moves 2218 → 2219 in GT2's Movement Phase, then Next (the
    Movement Phase ends: IM 3.32 judged there); file 2 starts from file 1's save in the next
    phase and does ``second`` (it reaches no phase end)."""
    w = LogWriter.from_module_setup(module, None, kit=kit, player="Carol", player_id="pw-im")
    pz = w.add(*palette_piece(module, PZ), "2218", report=False)
    w.set_turn(2, "Movement Phase")
    w.move(pz, "2219")
    w.advance()
    p1 = w.write(root / f"{second.__name__}-1.vlog")
    w2 = w.save_point()
    second(w2, pz)
    return [p1, w2.write(root / f"{second.__name__}-2.vlog")]


def _rule(r, rule: str) -> tuple[list[str], list[str]]:
    """The "not judged" and the "judged at an earlier phase end" sentences of ``rule``."""
    nj = [x["why"] for x in r.coverage.get("rules_not_judged", []) if x["rule"] == rule]
    earlier = [x["why"] for x in r.coverage.get("rules_judged_earlier", []) if x["rule"] == rule]
    return nj, earlier


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_verdict_of_the_file_before_stands_when_nothing_moved_since(im, jobs):
    """IM 3.32 (9 SP per hex at the end of every phase): file 2 only chats. The verdict at the
    end of GT2's Movement Phase (file 1) stands for file 2's final position, in a parallel audit
    too. Before, IM 3.32 was "not judged" (the log ends before the end of the phase)."""
    kit, module, root = im

    def chat(w, pz):
        w.chat("your turn")
    r = audit(_chain(kit, module, root, chat), module=module, jobs=jobs)
    nj, earlier = _rule(r, "IM 3.32")
    assert nj == []
    assert len(earlier) == 1 and "Movement Phase (turn 2, chat-1.vlog)" in earlier[0]


def test_a_unit_moved_after_the_seam_leaves_the_rule_not_judged_saying_since_when(im):
    """IM 3.32: file 2 moves the Panzer 2219 → 2220 (out of its phase): the verdict of file 1's
    phase end no longer stands; "not judged", naming the one unit moved since that phase end."""
    kit, module, root = im

    def move(w, pz):
        w.move(pz, "2220")
    r = audit(_chain(kit, module, root, move), module=module)
    nj, earlier = _rule(r, "IM 3.32")
    assert earlier == []
    assert len(nj) == 1 and "1 unit(s) moved since the end of the Movement Phase (turn 2, move-1.vlog)" in nj[0]


def test_a_phase_end_taken_back_by_undo_is_no_phase_end(om):
    """om-pbem-3u (real VASSAL 3.7.26): after files 1 and 2, the Allies press Next (step 3), Undo it
    (step 4: VASSAL's Undo sets the tracker's old state again, BasicLogger.undo), Undo the drag, and
    move 19 NZ again. The Allied Movement Phase never ended: OM 4.31 was not judged at step 3, and
    the log ends in that phase, the last standing phase end the German Combat Phase's (before: judged
    at the Next taken back, and the sentence named it "a phase end an Undo at step 4 took back")."""
    r = audit([DATA / f"om-pbem-{n}.vlog" for n in ("1", "2", "3u")], module=om.module, keep_order=True)
    nj, earlier = _rule(r, "OM 4.31")
    assert earlier == [] and len(nj) == 1
    assert nj[0].startswith("the log ends before the end of the Allied Movement Phase (turn 1, om-pbem-3u.vlog)")
    assert "since the end of the German Combat Phase (turn 1, om-pbem-3u.vlog), where it was last judged" in nj[0]
    assert "took back" not in nj[0]
