"""History through the audit: a log of the bundled Invasion: Malta module in which B/3 KOMR leaves
the central sector (1425) for the north sector (1516) during a Combat Phase, with no Activation
marker, gives IM 4.52 at the end of that phase (the audit's ``remember`` carried where it stood at
the previous phase end); the same unit moving inside its sector gives nothing."""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from vmodgen.audit import audit
from vmodgen.testing.log_writer import LogWriter


@pytest.fixture(scope="module")
def im(tmp_path_factory):
    return bundled_module("invasion-malta", tmp_path_factory, "im")


def game(kit, module, dest: str) -> LogWriter:
    w = LogWriter.from_module_setup(module, None, kit=kit, player="Carol", player_id="pw-im")
    w.set_turn(1, "Combat Phase")
    w.move("B/3 KOMR", dest)                                     # a retreat: not tracked as a move
    return w.advance(1).advance(1)                               # combat end, reset end


def test_sector_change_in_combat_phase_found_by_the_audit(im):
    """IM 4.52: 1425 (central) → 1516 (north) in the Combat Phase, no Activation marker."""
    kit, module, root = im
    r = audit([game(kit, module, "1516").write(root / "dirty.vlog")], module=module)
    got = [(f.phase, f.at, f.rule, f.hexes, tuple(f.units)) for f in r.findings]
    assert got == [("combat", "end", "IM 4.52", ("1516",), ("B/3 KOMR",))]


def test_move_inside_the_sector_is_clean(im):
    """IM 4.52: 1425 → 1424, both central: no finding."""
    kit, module, root = im
    r = audit([game(kit, module, "1424").write(root / "clean.vlog")], module=module)
    assert r.findings == [] and r.game == "invasion-malta"
