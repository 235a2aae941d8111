"""Invasion: Malta's airheads read from logs of the bundled module (LogWriter), Scenario 3:
15.2 intro (no KG paradrops with no airhead of its nationality on the map) when the file that
holds the drop is not given, and 6.12 with an Airhead kept off the map (review of imfix9)."""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from games_util import not_judged, palette_piece
from vmodgen.audit import audit
from vmodgen.testing.log_writer import LogWriter

AIRBORNE = 6          # GT1's Airborne Operations Phase on the turn track
NIGHT_SUPPLY = 13     # GT3's (Night) Supply Status Phase


@pytest.fixture(scope="module")
def im(tmp_path_factory):
    return bundled_module("invasion-malta", tmp_path_factory, "im-airheads")


def _writer(kit, module) -> LogWriter:
    return LogWriter.from_module_setup(module, None, kit=kit, player="Carol", player_id="pw-im")


def _rules(r) -> list[str]:
    return [f.rule for f in r.findings]


_not_judged = not_judged


def test_a_drop_in_a_file_not_given_is_named_not_judged(im, tmp_path):
    """15.2 intro: GT1 Airborne Operations; file 1 drops 5/3 and KG1-1 on 2020, no Airhead is ever
    placed; file 2 goes on in the same phase and ends it. Both files: one 15.2 finding. File 2
    alone: the drop happened before it, which its phase end cannot tell: 15.2 is named not
    judged, no finding."""
    kit, module, _ = im
    w = _writer(kit, module)
    w.set_turn(1, AIRBORNE)
    w.move("5/3", "2020").move("S3-KG1-1", "2020")
    f1 = w.write(tmp_path / "f-1.vlog")
    w2 = w.save_point()
    w2.advance(2)
    f2 = w2.write(tmp_path / "f-2.vlog")
    both = audit([str(f1), str(f2)], module=str(module))
    assert _rules(both) == ["IM 15.2"]
    alone = audit([str(f2)], module=str(module))
    assert _rules(alone) == []
    assert any("file starts during it" in why for why in _not_judged(alone, "IM 15.2"))


@pytest.mark.parametrize("in_box", [True, False], ids=["airhead-in-box", "no-airhead"])
def test_an_airhead_kept_off_the_map_is_no_source_ever_seen(im, tmp_path, in_box):
    """6.12, 15.2: 5/3 drops on 2020 in GT1 with no Airhead on the map (a 15.2 finding); at GT3's
    Night Supply Status Phase 5/3 has no OoS marker. The Airhead stays in the KG2 box all game
    (or there is none): no source marker was ever on the map, so there is no 6.12 finding, alike
    in both games (before: with the Airhead in the box, a 6.12 finding at GT3 Night)."""
    kit, module, _ = im
    w = _writer(kit, module)
    if in_box:
        w.add(*palette_piece(module, "airhead"), "axis-paradrop-kg2", report=False)
    w.set_turn(1, AIRBORNE)
    w.move("5/3", "2020")
    w.advance(1)
    w.set_turn(3, NIGHT_SUPPLY)
    w.advance(1)
    r = audit([str(w.write(tmp_path / "d.vlog"))], module=str(module))
    assert _rules(r) == ["IM 15.2"]


RECOVERY = 14         # GT1's Recovery Phase on the turn track


def test_an_airhead_dragged_in_the_recovery_phase_is_a_placement(im, tmp_path):
    """15.21, 15.23, 6.32: GT1 Airborne: the Airhead on 2020, 5/3 drops there; in the Recovery Phase
    the Airhead is dragged to 2021 (no airfield). The Recovery Phase removes airheads (15.23) and
    places them on airfields only (6.32): the one in 2021 is placed outside the Paradrop phase, a
    15.21 finding (review of oracle21: the airhead gone from 2020 hid it)."""
    kit, module, _ = im
    w = _writer(kit, module)
    w.add(*palette_piece(module, "airhead"), "axis-paradrop-kg2", report=False)
    w.set_turn(1, AIRBORNE)
    w.move("Airhead", "2020").move("5/3", "2020")
    w.advance(1)
    w.set_turn(1, RECOVERY)
    w.move("Airhead", "2021")
    w.advance(1)
    r = audit([str(w.write(tmp_path / "recovery-drag.vlog"))], module=str(module))
    assert [(f.rule, f.phase) for f in r.findings] == [("IM 15.21", "recovery")]
    assert "placed in 2021 in the Recovery Phase" in r.findings[0].message


@pytest.mark.parametrize("airhead_first", [True, False], ids=["airhead-first", "drop-first"])
def test_a_drop_before_any_airhead_is_named_not_judged(im, tmp_path, airhead_first):
    """15.21 「落下傘フェイズ中に KG が落下傘降下を実行する前に、使用可能な全ての空挺堡マーカーを…置く」:
    GT1 Airborne, 5/3 drops on 2020 and the Airhead goes on 2020, in that order or the other. The
    order of drags within a phase is read leniently (15.2 and 15.32 judge the airheads at the
    phase end, where one stands): no finding either way, but with the drop first the report
    names 5/3's drop made while no Airhead stood on the map as not judged (review of oracle21,
    item 5: im-turn21 drops KG1 at steps 10-13 and places the Airhead at step 14)."""
    kit, module, _ = im
    w = _writer(kit, module)
    w.add(*palette_piece(module, "airhead"), "axis-paradrop-kg2", report=False)
    w.set_turn(1, AIRBORNE)
    if airhead_first:
        w.move("Airhead", "2020").move("5/3", "2020")
    else:
        w.move("5/3", "2020").move("Airhead", "2020")
    w.advance(1)
    r = audit([str(w.write(tmp_path / "order.vlog"))], module=str(module))
    assert _rules(r) == []
    named = [why for why in _not_judged(r, "IM 15.21") if "while no Airhead stood on the map" in why]
    assert named == ([] if airhead_first else
                     ["5/3 paradropped (2020) while no Airhead stood on the map: 15.21 places the airheads before "
                      "any KG drops, but the order of moves within a phase is not judged (15.2 judges the Airhead "
                      "at the phase end)"])
