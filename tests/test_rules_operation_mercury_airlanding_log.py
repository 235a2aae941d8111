"""Operation Mercury airlanding read from a log of the bundled module (LogWriter): a unit dragged
from the airlanding box onto Maleme airfield in the German Movement Phase and on across the map.
6.54 (「これらは、そのゲーム・ターンの移動フェイズ中に、その許容移動力の半分（端数切り捨て）まで
移動できる。」: airlanded units move up to half their MA, rounded down, in that Movement Phase) is
judged from the airfield it landed on, at the steps of the phase; before, the move from the box
was never judged."""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from games_util import palette_piece
from vmodgen.audit import audit
from vmodgen.testing.log_writer import LogWriter

SCENARIO = "Scenario 3: Maleme-Suda, May 20-23"
BOMBARDMENT = "German Bombardment Phase"   # a phase after the airlanding: the audit judges 6.31 there
UNIT = "G-III-100-Geb-1"                # III/100 Geb (1 of 4): mountain infantry, MA 5 (2 MP after landing)


@pytest.fixture(scope="module")
def om(tmp_path_factory):
    return bundled_module("operation-mercury", tmp_path_factory, "om-airlanding")


def _airland(om, name: str, hexes: list[str], lehr: bool = True, dispersed: bool = False,
             then: str | None = None):
    """GT4 (PM, a day turn), German Movement Phase: the Allied units are taken off the map first (no
    enemy ZOC nor artillery range cuts Maleme's capacity, 6.55-6.56); Lehr holds Maleme (W4415, its
    only hex; ``lehr``), with a Dispersed marker in W4415 if ``dispersed``; III/100 Geb (1 of 4), in
    the airlanding box, is dragged onto ``hexes`` in turn; the tracker then goes on to phase ``then``."""
    kit, module, root = om
    w = LogWriter.from_module_setup(module, SCENARIO, kit=kit, player="Ann", player_id="pw-om")
    for pid in [p for p, rec in w.state.pieces.items() if str(rec.properties().get("unit_id", "")).startswith("A-")]:
        w.delete(pid)
    if lehr:
        w.add(*palette_piece(module, "G-Lehr"), "W4415", report=False)
    if dispersed:
        w.add(*palette_piece(module, "dispersed"), "W4415", report=False)
    w.add(*palette_piece(module, UNIT), "german-airlanding", report=False)
    w.set_turn(4, "German Movement Phase")
    for h in hexes:
        w.move(UNIT, h)
    if then:
        w.set_turn(4, then)
    return audit([w.write(root / f"{name}.vlog")], module=module)


def test_airlanded_unit_moves_one_hex_on(om):
    """Landed on W4415, then one hex to W4315 (0.5 MP by the road): legal, no finding (6.51 holds:
    the landing hex is W4415, not W4315)."""
    r = _airland(om, "one", ["W4415", "W4315"])
    assert [f.rule for f in r.findings] == []


def test_airlanded_unit_past_half_its_ma(om):
    """Landed on W4415, then W4315 → W4314 (hills) → W4313 → W4312: 2.5 MP reach W4314, past the
    2 MP of half its MA of 5: OM 6.54 in the German Movement Phase, naming W4314; no 6.51."""
    r = _airland(om, "far", ["W4415", "W4315", "W4314", "W4313", "W4312"])
    got = [(f.rule, f.phase, f.hexes, tuple(f.units)) for f in r.findings]
    assert got == [("OM 6.54", "german-movement", ("W4314",), (UNIT,))]
    assert "needs 2.5 movement points to reach W4314 but has 2" in r.findings[0].message


def test_airlanding_into_hex_with_anothers_dispersed_marker(om):
    """Lehr holds W4415 under a Dispersed marker (6.31 puts it 「ユニットの上に」, on the unit its roll
    dispersed); III/100 Geb airlands there. The log shows the hex's marker on both units, and Lehr
    could own it: no 6.31 (an airlanded unit cannot be dispersed) and no 6.32 (a dispersed unit may
    not move) for III/100 Geb."""
    r = _airland(om, "lehr-dispersed", ["W4415"], dispersed=True, then=BOMBARDMENT)
    assert [f.rule for f in r.findings if UNIT in f.units] == []


def test_airlanding_into_hex_whose_dispersed_marker_no_other_unit_could_own(om):
    """The same with W4415 empty but for the marker: only III/100 Geb, airlanded this turn, can carry
    it: OM 6.31 (no landing roll disperses an airlanding) still holds."""
    r = _airland(om, "alone-dispersed", ["W4415"], lehr=False, dispersed=True, then=BOMBARDMENT)
    assert "OM 6.31" in [f.rule for f in r.findings if UNIT in f.units]
