"""Operation Mercury through the audit: a log written against the module vmodgen builds
(scenario 3), checked phase by phase with the facts carried between phase ends. On GT1 B/22 NZ
in the Maleme/Suda sector moves 2 hexes (MA 1 on GT1, 4.63): one finding; moving 1 hex and
playing on through the next turn's phases: none (no phase-end rule misfires on a quiet game)."""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from vmodgen.audit import audit
from vmodgen.testing.log_writer import LogWriter

SCENARIO = "Scenario 3: Maleme-Suda, May 20-23"


@pytest.fixture(scope="module")
def om(tmp_path_factory):
    return bundled_module("operation-mercury", tmp_path_factory, "om")


def game(kit, module, dirty: bool) -> LogWriter:
    w = LogWriter.from_module_setup(module, SCENARIO, kit=kit, player="Ann", player_id="pw-om")
    w.advance([p.id for p in kit.game.sequence.phases].index("allied-movement"))   # GT1 Allied Movement
    w.move("A-B-22-NZ", "W4313")
    if dirty:
        w.move("A-B-22-NZ", "W4312")
    return w.advance(30)                                    # into GT2's Allied segment


def test_om_paralysis_found_by_the_audit(om):
    """OM 4.63 (worked through the audit): W4314 → W4313 → W4312 on GT1 is one finding."""
    kit, module, root = om
    r = audit([game(kit, module, True).write(root / "dirty.vlog")], module=module)
    got = [(f.phase, f.at, f.rule, f.hexes, tuple(f.units)) for f in r.findings]
    assert got == [("allied-movement", "during", "OM 4.63", ("W4314", "W4312"), ("A-B-22-NZ",))]


def test_om_quiet_game_gives_none(om):
    """A 1-hex move on GT1 and 30 more phase ends (Recovery, Supply, movement, combat...): no finding."""
    kit, module, root = om
    r = audit([game(kit, module, False).write(root / "clean.vlog")], module=module)
    assert r.findings == [] and r.game == "operation-mercury"
