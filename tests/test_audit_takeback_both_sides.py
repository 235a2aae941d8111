"""A take-back by hand in a movement phase with no phasing side (Invasion: Malta: both sides
move, by activation, in the one Movement Phase) is judged as one: the unit's path is cut and its
withdrawn moves count as taken back, not as judged moves (audit/takeback.py; before, such a
phase read as one that judges no side's moves, though every side's moves were judged there).

IM 3.33 (``../shared/rules/invasion-malta.md`` P-S4): the PzKpfw IV G enters 2220, where the
T-34 stands (a breach), and is dragged back by hand to 2219, then 2218, with nothing between:
the moves are taken back, the finding withdrawn. Log of the bundled Invasion: Malta module
written with the project's LogWriter, GT2 Movement Phase."""
from __future__ import annotations

import pytest
from bundled_module_util import bundled_module
from games_util import palette_piece

from vmodgen.audit import audit
from vmodgen.testing.log_writer import LogWriter


@pytest.fixture(scope="module")
def im(tmp_path_factory):
    return bundled_module("invasion-malta", tmp_path_factory, "im-takeback-sides")


def test_a_take_back_in_a_movement_phase_of_both_sides_is_judged(im):
    kit, module, root = im
    w = LogWriter.from_module_setup(module, None, kit=kit, player="Carol", player_id="pw-im")
    pz = w.add(*palette_piece(module, "PzKpfw IV G tank"), "2218", report=False)
    w.add(*palette_piece(module, "T-34 (captured) tank"), "2220", report=False)
    w.set_turn(2, "Movement Phase")
    w.move(pz, "2219").move(pz, "2220").move(pz, "2219").move(pz, "2218")
    r = audit([w.write(root / "back.vlog")], module=module)
    assert [f for f in r.findings if f.rule == "IM 3.33"] == []
    items = r.integrity["taken_back"]["items"]
    assert [(i["hexes"], i["judged_phase"]) for i in items] == [(["2219", "2220", "2219"], True),
                                                                (["2218", "2219", "2218"], True)]
    assert len(items[0]["withdrawn_findings"]) == 1
    moves = r.coverage["moves"]
    assert moves["judged"] == 0 and moves["not_judged"]["taken back by hand"] == 4
