"""IM 3.33 in a log: a pass through a hex is judged by the moment, as the log orders the drags.

A position file does not order the moves of two units, so a pass through a hex another moved
unit entered or left is "not judged" there; a log records every drag in order, so the audit
knows whether the other unit stood in the hex when the mover entered it. Logs of the bundled
Invasion: Malta module written with the project's LogWriter, GT2 Movement Phase, one hex per
drag. Axis tanks on the Valletta - Rabat primary road (2222-2218: armour may never share a hex,
whatever the road); Allied orange-circle (motorized) AA units on the Paola - Cospicua secondary
road (2632 urban, 2732 and 2833 clear, 2933 urban)."""
from __future__ import annotations

import pytest
from bundled_module_util import bundled_module
from games_util import palette_piece

from vmodgen.audit import audit
from vmodgen.testing.log_writer import LogWriter

PZ, T34 = "PzKpfw IV G tank", "T-34 (captured) tank"


@pytest.fixture(scope="module")
def im(tmp_path_factory):
    return bundled_module("invasion-malta", tmp_path_factory, "im-pass-order")


def _tanks(kit, module, pz_at: str, t34_at: str) -> tuple[LogWriter, str, str]:
    """The two tanks placed (before the phase), the tracker on GT2's Movement Phase."""
    w = _writer(kit, module)
    pz = w.add(*palette_piece(module, PZ), pz_at, report=False)
    t34 = w.add(*palette_piece(module, T34), t34_at, report=False)
    w.set_turn(2, "Movement Phase")
    return w, pz, t34


def _writer(kit, module) -> LogWriter:
    return LogWriter.from_module_setup(module, None, kit=kit, player="Carol", player_id="pw-im")


def _step(w: LogWriter, kit, module) -> int:
    """The number of the step written last (the log's steps count from 1; the commands of the
    setup the writer started from are no steps)."""
    return len(w.root.subs) - len(_writer(kit, module).root.subs)


def _audit(w: LogWriter, module, root, name: str):
    """The IM 3.33 findings (step, rule, hexes, units, message) and the 3.33 "not judged" notes."""
    r = audit([w.write(root / f"{name}.vlog")], module=module)
    found = [(f.step, f.rule, f.hexes, tuple(f.units), f.message) for f in r.findings if f.rule == "IM 3.33"]
    not_judged = [x["why"] for x in r.coverage.get("rules_not_judged", []) if x["rule"] == "IM 3.33"]
    return found, not_judged


def test_tank_passes_a_tank_that_moved_in_earlier(im):
    """IM 3.33 (one armour unit per hex at any time, even passing through): the T-34 moves
    2222 → 2221 → 2220 and stands in 2220; then the PzKpfw IV G moves 2218 → 2219 → 2220 → 2221.
    It entered 2220 while the T-34 stood there: one finding at the step it entered 2220, the
    move finding, naming both tanks (the every-moment rule's "2220 holds 2 armour units" is the
    same breach, added to it: engine.merge_same_breach), and no "not judged" for 3.33."""
    kit, module, root = im
    w, pz, t34 = _tanks(kit, module, "2218", "2222")
    w.move(t34, "2221").move(t34, "2220")
    w.move(pz, "2219").move(pz, "2220")
    entered = _step(w, kit, module)
    w.move(pz, "2221")
    found, not_judged = _audit(w, module, root, "tank-through-tank")
    moves = [(s, h, u) for s, _, h, u, m in found if "even passing through" in m]
    assert moves == [(entered, ("2220",), (PZ, T34))]
    assert len(found) == 1 and "2220 holds 2 armour units" in found[0][4]
    assert not_judged == []


@pytest.mark.parametrize("order", ["left-before", "entered-after"])
def test_tank_passes_a_hex_another_tank_was_not_in_at_that_moment(im, order):
    """IM 3.33: no two armour units in 2220 at one moment, so legal and judged (no "not judged").
    left-before: the T-34 moves 2220 → 2219 → 2218 (leaving 2220), then the PzKpfw IV G moves
    2222 → 2221 → 2220 → 2219 (the T-34 passed 2219 before). entered-after: the PzKpfw IV G moves
    2222 → 2221 → 2220 → 2219 first, then the T-34 moves 2224 → 2223 → 2222 → 2221 → 2220, through
    the hexes the Panzer had left."""
    kit, module, root = im
    if order == "left-before":
        w, pz, t34 = _tanks(kit, module, "2222", "2220")
        w.move(t34, "2219").move(t34, "2218")
        w.move(pz, "2221").move(pz, "2220").move(pz, "2219")
    else:
        w, pz, t34 = _tanks(kit, module, "2222", "2224")
        w.move(pz, "2221").move(pz, "2220").move(pz, "2219")
        w.move(t34, "2223").move(t34, "2222").move(t34, "2221").move(t34, "2220")
    found, not_judged = _audit(w, module, root, f"tank-{order}")
    assert found == [] and not_judged == []


def _aa(kit, module, a4_at: str) -> LogWriter:
    """A/4 and E/74 (Allied orange-circle AA: motorized, not armour) put on the secondary road in
    the Draw phase (A/4 in ``a4_at``, E/74 in 2632), the tracker then on GT2's Movement Phase."""
    w = _writer(kit, module)
    w.set_turn(2, "Draw (AM or CAS air unit) and pass option")
    w.move("A/4", a4_at).move("E/74", "2632")
    return w.set_turn(2, "Movement Phase")


def test_motorized_enters_a_motorized_units_hex_off_a_primary_road(im):
    """IM 3.33 (a motorized unit may pass through or enter a hex holding another motorized unit
    only along a primary road, or an urban or airfield hex): A/4 moves 2833 → 2732 and stands
    there; then E/74 moves 2632 → 2732 (secondary road, clear) → 2833. Found at the step E/74
    entered 2732; no "not judged"."""
    kit, module, root = im
    w = _aa(kit, module, "2833")
    w.move("A/4", "2732")
    w.move("E/74", "2732")
    entered = _step(w, kit, module)
    w.move("E/74", "2833")
    found, not_judged = _audit(w, module, root, "aa-through-aa")
    assert [(s, h, u) for s, _, h, u, m in found] == [(entered, ("2732",), ("E/74",))]
    assert "only along a primary road" in found[0][4]
    assert not_judged == []


def test_motorized_passes_a_hex_another_motorized_unit_left(im):
    """IM 3.33: A/4 moves 2732 → 2833 → 2933 (leaving 2732 and passing 2833); then E/74 moves
    2632 → 2732 → 2833 along the secondary road. No two motorized units were in 2732 or 2833 at
    one moment: legal, judged (the position alone would leave both passes not judged)."""
    kit, module, root = im
    w = _aa(kit, module, "2732")
    w.move("A/4", "2833").move("A/4", "2933")
    w.move("E/74", "2732").move("E/74", "2833")
    found, not_judged = _audit(w, module, root, "aa-left")
    assert found == [] and not_judged == []


def test_a_pass_undone_and_made_again_later_takes_its_new_moment(im):
    """IM 3.33 with Undo: the T-34 stands in 2220 (not moved yet); the PzKpfw IV G moves 2222 →
    2221 → 2220, and that last drag is undone (taken back: no finding). The T-34 then moves 2220 →
    2219 → 2218, and the Panzer enters 2220 again, now empty: legal (the moment of its entry is the
    new drag's, not the undone one's), and judged."""
    kit, module, root = im
    w, pz, t34 = _tanks(kit, module, "2222", "2220")
    w.move(pz, "2221").move(pz, "2220").undo()
    w.move(t34, "2219").move(t34, "2218")
    w.move(pz, "2220")
    found, not_judged = _audit(w, module, root, "tank-undo")
    assert found == [] and not_judged == []
