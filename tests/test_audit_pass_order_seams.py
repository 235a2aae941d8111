"""IM 3.33 in a log, judged by the order of the drags where the order is known beyond one hex per
drag in one file: drags over several hexes, moves carried across a file seam, moves brought back
by an Undo into the phase, and a take-back after a lost undo.

IM 3.33 (``../shared/rules/invasion-malta.md`` P-S4; the seed's 3.33): at most one armour unit in
a hex at any time, even during a phase, so an armour unit may not pass through a hex holding
another one at that moment. Logs of the bundled Invasion: Malta module written with the project's
LogWriter, GT2 Movement Phase: Axis tanks on the Valletta - Rabat primary road (2217-2222). A
drag over several hexes records where it ended, not the hexes between; the unit stood on those
at no other unit's moment."""
from __future__ import annotations

import pytest
from bundled_module_util import bundled_module
from games_util import palette_piece

from vmodgen.audit import audit
from vmodgen.testing.log_writer import LogWriter

PZ, T34 = "PzKpfw IV G tank", "T-34 (captured) tank"
PASS = "even passing through"


@pytest.fixture(scope="module")
def im(tmp_path_factory):
    return bundled_module("invasion-malta", tmp_path_factory, "im-pass-seams")


def _tanks(kit, module, pz_at: str, t34_at: str) -> tuple[LogWriter, str, str]:
    """The two tanks placed (before the phase), the tracker on GT2's Movement Phase."""
    w = LogWriter.from_module_setup(module, None, kit=kit, player="Carol", player_id="pw-im")
    pz = w.add(*palette_piece(module, PZ), pz_at, report=False)
    t34 = w.add(*palette_piece(module, T34), t34_at, report=False)
    w.set_turn(2, "Movement Phase")
    return w, pz, t34


def _step(w: LogWriter, kit, module) -> int:
    """The number of the step written last (the steps of the setup the writer began from are none)."""
    start = LogWriter.from_module_setup(module, None, kit=kit, player="Carol", player_id="pw-im")
    return len(w.root.subs) - len(start.root.subs)


def _audit(paths, module, jobs: int = 1):
    """The IM 3.33 move findings (file name, step, hexes, units: the mover first, then the unit
    it met, one finding for the breach), all IM 3.33 findings' (file name, step) and the IM 3.33
    "not judged" notes."""
    r = audit(paths, module=module, jobs=jobs)
    found = [f for f in r.findings if f.rule == "IM 3.33"]
    moves = [(f.file.rsplit("/", 1)[-1], f.step, f.hexes, tuple(f.units)) for f in found if PASS in f.message]
    not_judged = [x["why"] for x in r.coverage.get("rules_not_judged", []) if x["rule"] == "IM 3.33"]
    return moves, [(f.file.rsplit("/", 1)[-1], f.step) for f in found], not_judged


def test_a_tank_that_came_by_a_drag_over_two_hexes_stands_where_it_ended(im):
    """The T-34 is dragged 2222 → 2220 in one drag and stands in 2220; then the PzKpfw IV G moves
    2218 → 2219 → 2220 → 2221, one hex a drag: it entered 2220 while the T-34 stood there (3.33).
    Before, the T-34's moments were unknown (a long drag) and the pass was "not judged"."""
    kit, module, root = im
    w, pz, t34 = _tanks(kit, module, "2218", "2222")
    w.move(t34, "2220")
    w.move(pz, "2219").move(pz, "2220")
    entered = _step(w, kit, module)
    w.move(pz, "2221")
    moves, steps, not_judged = _audit([w.write(root / "long-other.vlog")], module)
    assert [(s, h, u) for _, s, h, u in moves] == [(entered, ("2220",), (PZ, T34))]
    assert steps == [("long-other.vlog", entered)]          # one finding for the breach
    assert not_judged == []


def test_a_hex_a_tank_crossed_in_one_long_drag_was_held_at_no_other_moment(im):
    """The T-34 is dragged 2220 → 2222 (one drag over 2221), then the PzKpfw IV G moves 2218 →
    2219 → 2220 → 2221: the T-34 had left 2220 and stood in 2221 at no moment but its own drag's.
    Legal, and judged (before: "not judged")."""
    kit, module, root = im
    w, pz, t34 = _tanks(kit, module, "2218", "2220")
    w.move(t34, "2222")
    w.move(pz, "2219").move(pz, "2220").move(pz, "2221")
    moves, steps, not_judged = _audit([w.write(root / "long-left.vlog")], module)
    assert moves == [] and steps == [] and not_judged == []


def test_a_long_drag_past_a_tank_that_moved_is_named_not_judged_with_why(im):
    """The T-34 moves 2222 → 2221 → 2220 and stands in 2220; the PzKpfw IV G is dragged 2219 →
    2221 in one drag (2220 is the one hex between): the log does not record the hexes the drag
    passed. Before, the search of a route ignored the moved T-34 and said nothing; now 3.33 is
    "not judged", and the sentence says why (the drag), not that a position orders no moves."""
    kit, module, root = im
    w, pz, t34 = _tanks(kit, module, "2218", "2222")
    w.move(t34, "2221").move(t34, "2220")
    w.move(pz, "2219").move(pz, "2221")
    moves, steps, not_judged = _audit([w.write(root / "long-self.vlog")], module)
    assert moves == [] and steps == []
    assert len(not_judged) == 1 and "passed through 2220" in not_judged[0]
    assert "drag over several hexes" in not_judged[0] and "position" not in not_judged[0]


def test_a_long_drag_past_hexes_the_other_tank_had_left_is_judged(im):
    """The T-34 moves 2220 → 2221 → 2222 first; then the PzKpfw IV G is dragged 2218 → 2221 in one
    drag (over 2219 and 2220): the T-34 stood on no hex between at that moment. Legal, judged
    (no "not judged": the moments tell)."""
    kit, module, root = im
    w, pz, t34 = _tanks(kit, module, "2218", "2220")
    w.move(t34, "2221").move(t34, "2222")
    w.move(pz, "2221")
    moves, steps, not_judged = _audit([w.write(root / "long-after.vlog")], module)
    assert moves == [] and steps == [] and not_judged == []


@pytest.mark.parametrize("jobs", [1, 2])
def test_moves_carried_across_a_seam_keep_their_order(im, jobs):
    """File 1 (GT2 Movement Phase) ends after the T-34 moved 2222 → 2221 → 2220; file 2 starts
    in the same phase (the next play-by-email file) and the PzKpfw IV G moves 2218 → 2219 → 2220
    → 2221: it entered 2220 while the T-34 stood there, found at file 2's step 2, in a parallel
    audit too. Before, the carried move had no moments: "not judged"."""
    kit, module, root = im
    w, pz, t34 = _tanks(kit, module, "2218", "2222")
    w.move(t34, "2221").move(t34, "2220")
    p1 = w.write(root / f"seam{jobs}-1.vlog")
    w2 = w.save_point()
    w2.move(pz, "2219").move(pz, "2220").move(pz, "2221")
    p2 = w2.write(root / f"seam{jobs}-2.vlog")
    moves, _, not_judged = _audit([p1, p2], module, jobs=jobs)
    assert moves == [(f"seam{jobs}-2.vlog", 2, ("2220",), (PZ, T34))]
    assert not_judged == []


def test_a_hex_left_before_the_seam_is_free_after_it(im):
    """File 1: the T-34 moves 2220 → 2221 → 2222 (leaving 2220 and 2221); file 2: the PzKpfw IV G
    moves 2218 → 2219 → 2220 → 2221, through hexes the T-34 had left. Legal, judged."""
    kit, module, root = im
    w, pz, t34 = _tanks(kit, module, "2218", "2220")
    w.move(t34, "2221").move(t34, "2222")
    p1 = w.write(root / "left-1.vlog")
    w2 = w.save_point()
    w2.move(pz, "2219").move(pz, "2220").move(pz, "2221")
    moves, steps, not_judged = _audit([p1, w2.write(root / "left-2.vlog")], module)
    assert moves == [] and steps == [] and not_judged == []


def test_moves_brought_back_by_an_undo_into_the_phase_keep_their_order(im):
    """The T-34 moves 2222 → 2221 → 2220; Next (to the Combat Phase) is undone, back in the
    Movement Phase; the PzKpfw IV G moves 2218 → 2219 → 2220 → 2221 and enters 2220 while the
    T-34 stands there. Found at the step it entered (before: "not judged")."""
    kit, module, root = im
    w, pz, t34 = _tanks(kit, module, "2218", "2222")
    w.move(t34, "2221").move(t34, "2220")
    w.advance().undo()
    w.move(pz, "2219").move(pz, "2220")
    entered = _step(w, kit, module)
    w.move(pz, "2221")
    moves, _, not_judged = _audit([w.write(root / "undo-back.vlog")], module)
    assert [(s, h, u) for _, s, h, u in moves] == [(entered, ("2220",), (PZ, T34))]
    assert not_judged == []


def test_a_take_back_after_a_lost_undo_keeps_the_order(im):
    """The PzKpfw IV G moves 2218 → 2219; that drag is undone in the recorder's VASSAL but the
    log lost the undo. The T-34 moves 2222 → 2221 → 2220. The Panzer's next drag is recorded
    from 2218 (where the recorder had it) to 2219: a take-back of the first leg and the drag
    again; then 2219 → 2220, where the T-34 stands. Found at that step, no "not judged" (the
    moments of the stops a take-back after a lost undo keeps are kept, and its drag is this
    moment)."""
    kit, module, root = im
    w, pz, t34 = _tanks(kit, module, "2218", "2222")
    w.move(pz, "2219")
    w.move(t34, "2221").move(t34, "2220")
    w.move(pz, "2219", recorded_from="2218")
    w.move(pz, "2220")
    entered = _step(w, kit, module)
    moves, _, not_judged = _audit([w.write(root / "lost-undo.vlog")], module)
    assert [(s, h, u) for _, s, h, u in moves] == [(entered, ("2220",), (PZ, T34))]
    assert not_judged == []
