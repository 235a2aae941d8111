"""Invasion: Malta's memory of Activation markers, Fired sides and airheads at a file seam with a
gap (review rv-u25 item 2, imfix27): like ``prev_oos`` (test_audit_seam_memory25.py), a unit that
starts the next file otherwise than ``prev_activated``, ``prev_activation_unknown``, ``prev_fired``
or ``prev_airheads`` says changed in the missing steps, so its entry is unknown until the next
phase end and the rules reading it name themselves not judged for it."""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from games_util import audit_chain, found, palette_piece
from im_util import kit, x
from rules_util import position
from vmodgen.rules import ruleset_for
from vmodgen.rules.games.invasion_malta.carried import MaltaMemory
from vmodgen.testing.log_writer import LogWriter


@pytest.fixture(scope="module")
def im(tmp_path_factory):
    return bundled_module("invasion-malta", tmp_path_factory, "im-seam27")


@pytest.mark.parametrize("split", [True, False], ids=["two-files", "one-file"])
def test_an_activation_marker_removed_in_the_gap_is_no_4_52_finding(im, split):
    """GT1 Combat Phase: B/3 KOMR goes 1425 → 1516 under an Activation marker, and the phase ends
    (file 1). The marker comes off and the tracker moves to GT2's Movement Phase (in no file when
    split); file 2 moves B/3 KOMR 1516 → 1517 and ends the phase. In one file no IM 4.52 (the
    marker was gone at the last phase end); before the fix the split chain trusted file 1's
    ``prev_activated``: IM 4.52 "changed sector earlier this turn". Now its entry is unknown and
    IM 4.52 is named not judged for it."""
    kit_, module, root = im
    w = LogWriter.from_module_setup(module, None, kit=kit_, player="Carol", player_id="pw-im-secret")
    w.set_turn(1, "Combat Phase")
    w.move("B/3 KOMR", "1516")
    mk = w.add(*palette_piece(module, "activation"), "1516", report=False)
    w.advance(1)
    one = w.write(root / f"act{split}-1.vlog")
    w.delete(mk)
    w.set_turn(2, "Movement Phase")
    if split:
        w = w.save_point()
    w.move("B/3 KOMR", "1517")
    two = w.advance(1).write(root / f"act{split}-2.vlog")
    r, nj = audit_chain([one, two] if split else [two], module)
    assert [f[3] for f in found(r) if f[3] == "IM 4.52"] == []
    if split:
        assert "B/3 KOMR" in nj["IM 4.52"] and "does not start where the previous one ended" in nj["IM 4.52"]


def test_the_gap_makes_activation_fired_and_airheads_unknown_where_contradicted():
    """resumed_after_gap over the new lists: A starts with no Activation marker though
    ``prev_activated`` holds it, F starts Fired though ``prev_fired`` lacks it, the airhead of 1623
    is gone and one stands in 2020; B starts marked as the memory says. Only the contradicted
    entries become unknown, and the next phase end knows them again."""
    start = position(kit("movement") + x("A", "1425") + x("B", "1524", status=["activated"])
                     + x("F", "2019", status=["fired"])
                     + '[[hexes]]\nhex = "2020"\nmarkers = ["airhead"]\n')
    rs = ruleset_for(start.game)
    memory = MaltaMemory(prev_oos=[], prev_reduced=[], prev_disrupted=[], prev_activated=["A", "B"],
                         prev_activation_unknown=[], prev_fired=[], prev_airheads=["1623"])
    rs.resumed_after_gap(start, memory)
    assert memory.status_unknown == {"prev_activated": ["A"], "prev_fired": ["F"], "prev_airheads": ["1623", "2020"]}
    rs.remember(start, start, memory)
    assert memory.status_unknown is None and memory.prev_activated == ["B"] and memory.prev_fired == ["F"]
