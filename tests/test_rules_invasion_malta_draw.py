"""Invasion: Malta, the Activation Marker played, read from a log of the bundled module (LogWriter):
7.13 and 7.15 (the pass option: the AM played may come from the Activation Pool), a draw the
turn tracker does not show (4.51/7.23 then not judged), and the Reaction Movement Phase (9.2), in
which the inactive player's reacting units move under no activation limit of 7.23 or 4.51.

Every game: Axis formation 7's AM is played in the Draw phase of GT1 (or GT2), 5/3 (formation 7)
moves 2020 then 2019 in the Movement Phase; B/3 KOMR (Allied, sector-central, 1425) moves to 1424."""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from games_util import not_judged, palette_piece
from vmodgen.audit import audit
from vmodgen.testing.log_writer import LogWriter

DRAW = "Draw (AM or CAS air unit) and pass option"
PLAYED = ("Off-map boxes", 611, 140)          # off the cup and the pools: the AM being played
PLAYED_2 = ("Off-map boxes", 611, 180)


@pytest.fixture(scope="module")
def im(tmp_path_factory):
    return bundled_module("invasion-malta", tmp_path_factory, "im-draw")


def _writer(kit, module) -> LogWriter:
    return LogWriter.from_module_setup(module, None, kit=kit, player="Carol", player_id="pw-im")


def _activation_7(w: LogWriter, module) -> LogWriter:
    """Formation 7's Movement Phase after the Draw phase: 5/3 drops on 2020, where an Airhead is
    placed in the same Airborne Operations Phase (15.2 intro), then moves 2019."""
    w.advance(2)
    w.move("5/3", "2020").add(*palette_piece(module, "airhead"), "2020", report=False)
    w.advance(1)
    return w.move("5/3", "2019")


def _rules(r) -> list[tuple[str, str]]:
    return [(f.rule, f.phase) for f in r.findings]


_not_judged = not_judged      # (each reason of the rule's one entry)


@pytest.mark.parametrize("pool", [False, True], ids=["from-cup", "from-pool"])
def test_am_played_from_the_pool(im, pool):
    """IM 7.15, 7.23: GT1 Draw phase; the Axis player draws AM O and, by the pass option, plays
    formation 7's AM from the Axis Activation Pool, putting O there (or, from-cup, simply draws 7).
    5/3 (formation 7) then moves: legal, and 7.23 is judged (formation 7 active)."""
    kit, module, root = im
    w = _writer(kit, module)
    a7 = w.add(*palette_piece(module, "am-7"), "axis-activation-pool" if pool else "cup", report=False)
    a_o = w.add(*palette_piece(module, "am-O"), "cup", report=False)
    w.set_turn(1, DRAW)
    if pool:
        w.move(a_o, "axis-activation-pool")
    w.move(a7, PLAYED)
    _activation_7(w, module).advance(5)
    r = audit([w.write(root / f"pool-{pool}.vlog")], module=module)
    assert _rules(r) == [] and _not_judged(r, "IM 7.23") == []


def test_other_formation_moving_after_a_pool_play_is_found(im):
    """IM 7.23 (with 7.15): as from-pool, formation 7 played from the pool; Allied B/3 KOMR
    (1425, sector-central) moves 1425 -> 1424 in that Axis activation: found (4.51)."""
    kit, module, root = im
    w = _writer(kit, module)
    a7 = w.add(*palette_piece(module, "am-7"), "axis-activation-pool", report=False)
    a_o = w.add(*palette_piece(module, "am-O"), "cup", report=False)
    w.set_turn(1, DRAW)
    w.move(a_o, "axis-activation-pool").move(a7, PLAYED)
    _activation_7(w, module).move("B/3 KOMR", "1424").advance(5)
    r = audit([w.write(root / "pool-allied.vlog")], module=module)
    assert ("IM 4.51", "movement") in _rules(r)


def test_draw_the_tracker_does_not_show(im):
    """IM 4.51, 7.23, 7.13: GT2, formation 7's AM drawn and played; at the Reset Phase the Allied
    Central sector AM leaves the cup and the tracker is set straight to the Movement Phase; B/3
    KOMR (sector-central) moves 1425 -> 1424: legal under that AM, so nothing is found, and 7.23
    is not judged (the AMs changed since the draw seen), said so."""
    kit, module, root = im
    w = _writer(kit, module)
    a7 = w.add(*palette_piece(module, "am-7"), "cup", report=False)
    a_c = w.add(*palette_piece(module, "am-sector-central"), "cup", report=False)
    w.set_turn(2, "Air Readiness Phase").advance(3)
    w.move(a7, PLAYED)
    _activation_7(w, module).advance(5)
    w.move(a_c, PLAYED_2)
    w.set_turn(2, "Movement Phase")
    w.move("B/3 KOMR", "1424").advance(6)
    r = audit([w.write(root / "skip.vlog")], module=module)
    assert _rules(r) == []
    assert any("changed since" in why for why in _not_judged(r, "IM 7.23"))


def test_draw_in_a_missing_file(im):
    """IM 4.51, 7.23: file 1 plays formation 7 (GT2); file 2 (not given) draws the Allied Central
    sector AM; file 3: B/3 KOMR moves 1425 -> 1424. Audited as files 1 and 3: nothing found (the
    AMs in the cup differ from those after formation 7's draw, so 7 is not taken as active)."""
    kit, module, root = im
    w = _writer(kit, module)
    a7 = w.add(*palette_piece(module, "am-7"), "cup", report=False)
    a_c = w.add(*palette_piece(module, "am-sector-central"), "cup", report=False)
    w.set_turn(2, "Air Readiness Phase").advance(3)
    w.move(a7, PLAYED)
    _activation_7(w, module).advance(4)
    f1 = w.write(root / "gap-1.vlog")
    w2 = w.save_point()
    w2.advance(1).set_turn(2, DRAW)
    w2.move(a_c, PLAYED_2).advance(3)
    w2.write(root / "gap-2.vlog")
    w3 = w2.save_point()
    w3.move("B/3 KOMR", "1424").advance(6)
    f3 = w3.write(root / "gap-3.vlog")
    assert _rules(audit([f1, root / "gap-2.vlog", f3], module=module)) == []
    r = audit([f1, f3], module=module)
    assert _rules(r) == [] and _not_judged(r, "IM 7.23")


def test_allied_reaction_in_an_axis_activation(im):
    """IM 9.2, 4.51: formation 7 active; in the Reaction Movement Phase the Allied player reacts
    with B/3 KOMR (1425 -> 1424, sector-central): legal; no 4.51/7.23 finding."""
    kit, module, root = im
    w = _writer(kit, module)
    a7 = w.add(*palette_piece(module, "am-7"), "cup", report=False)
    w.set_turn(1, DRAW)
    w.move(a7, PLAYED)
    _activation_7(w, module).advance(3)
    w.move("B/3 KOMR", "1424").advance(3)
    r = audit([w.write(root / "react.vlog")], module=module)
    assert not [x for x in _rules(r) if x[0] in ("IM 4.51", "IM 7.23")]
