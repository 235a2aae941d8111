"""Operation Mercury drops and landings seen in the German Movement Phase (review of omfix9).

4.31 (「他の全ての瞬間に、ユニットは自由に友軍ユニットのスタック…」): units stack freely except at a
phase end, so units paradropped in the Paradrop Phase that meet in the German Movement Phase were
not placed together on a target hex (6.12d); 17.43 A (「強襲上陸フェイズ中」): the 6 steps per hex
of an amphibious landing hold in the Amphibious Landing Phase only."""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from games_util import not_judged, palette_piece
from vmodgen.audit import audit
from rules_util import position
from vmodgen.rules import ruleset_for
from vmodgen.testing.log_writer import LogWriter

SCENARIO = "Scenario 3: Maleme-Suda, May 20-23"
UNITS = ["G-Vogel-1", "G-Vogel-2", "G-4-I-1", "G-MG", "G-PzJg", "G-K", "G-AA-Aufkl"]
HEXES = ["W2007", "W1906", "W1907", "W2006", "W2008", "W2106", "W2107"]


@pytest.fixture(scope="module")
def om(tmp_path_factory):
    return bundled_module("operation-mercury", tmp_path_factory, "om-drops-gm")


def _writer(om):
    kit, module, _ = om
    return LogWriter.from_module_setup(module, SCENARIO, kit=kit, player="Ann", player_id="pw-om")


def test_drops_gathering_in_german_movement_are_legal(om):
    """OM 6.12d, 4.31: GT1, seven 1-SP first-wave units drop on W2007 and its six neighbours (one
    per target hex, legal); in the German Movement Phase six move into W2007 (7 SP for a moment)
    and one moves out again (6 SP at the phase end): no finding (before: OM 6.12 "7 stacking
    points ... placed on target hex W2007")."""
    kit, module, root = om
    w = _writer(om)
    for u in UNITS:
        w.add(*palette_piece(module, u), "german-first-wave", report=False)
    w.set_turn(1, "German Paradrop Phase")
    for u, h in zip(UNITS, HEXES):
        w.move(u, h)
    w.advance(1)
    for u in UNITS[1:]:
        w.move(u, "W2007")
    w.move("G-Vogel-1", "W2006")
    w.advance(1)
    r = audit([w.write(root / "gather.vlog")], module=module)
    assert [f.rule for f in r.findings] == []


def test_reserve_drop_dragged_on_with_tracker_ahead_is_not_judged_as_placement(om):
    """OM 6.12b: a reserve-wave unit placed 6 hexes from RHQ/1 (legal) with the tracker already on
    German Movement, then dragged 1 hex (its drift, 6.2): no 6.12 finding (before: "placed on target
    hex W2412, but the nearest German HQ is 7 hexes away"); 6.12 is named not judged."""
    kit, module, root = om
    w = _writer(om)
    w.add(*palette_piece(module, "G-FJ1-RHQ"), "W2007", report=False)
    w.add(*palette_piece(module, "G-Vogel-1"), "german-reserve-wave", report=False)
    w.set_turn(4, "German Movement Phase")
    w.move("G-Vogel-1", "W2411").move("G-Vogel-1", "W2412").advance(2)
    r = audit([w.write(root / "reserve-ahead.vlog")], module=module)
    assert [f.rule for f in r.findings if f.rule == "OM 6.12"] == []
    assert any(x["rule"] == "OM 6.12" for x in r.coverage["rules_not_judged"])


def _check(text: str):
    pos = position(text)
    rs = ruleset_for(pos.game)
    return sorted({f.rule for f in rs.check(pos)}), rs.take_not_judged()


HEAD = '[position]\ngame = "operation-mercury"\nturn = {turn}\nphase = "{phase}"\nat = "during"\n\n'


def test_position_drops_meeting_in_german_movement_are_legal():
    """OM 6.12d, 4.31 (a position): seven units that paradropped this turn stand together in W2007
    during the German Movement Phase, one of them moving: no finding (before: OM 6.12)."""
    arrived = ", ".join(f'"{u}" = {{turn = 1, how = "paradrop", hex = "W2106"}}' for u in UNITS)
    body = "".join(f'[[units]]\nunit = "{u}"\nhex = "W2007"\n\n' for u in UNITS)
    text = HEAD.format(turn=1, phase="german-movement") + f"[state]\nom_arrivals = {{{arrived}}}\n\n" + body
    assert _check(text)[0] == []


def test_position_seven_points_placed_in_paradrop_phase_still_found():
    """OM 6.12d: the same seven units placed from the first-wave box onto W2007 during the German
    Paradrop Phase total 7 SP on one target hex: found."""
    body = "".join(f'[[units]]\nunit = "{u}"\nhex = "W2007"\nprevious = "german-first-wave"\n\n' for u in UNITS)
    assert _check(HEAD.format(turn=1, phase="german-paradrop") + body)[0] == ["OM 6.12"]


def _landed(phase: str) -> str:
    body = "".join(f'[[units]]\nunit = "G-II-85-Geb-{i}"\nhex = "E3305"\nstatus = ["landed"]\n\n' for i in range(1, 5))
    return HEAD.format(turn=5, phase=phase) + body


def test_landed_companies_meeting_in_german_movement_are_legal():
    """OM 17.43 A2 is a limit of the Amphibious Landing Phase (「強襲上陸フェイズ中」): four II/85 Geb
    companies (2 steps, 1 SP each) that landed this turn meet in E3305 during the German Movement
    Phase (4 SP, 8 steps): legal (before: OM 17.43 "8 steps landed in E3305")."""
    assert _check(_landed("german-movement"))[0] == []


def test_eight_steps_landing_in_one_hex_is_found():
    """OM 17.43 A2: the same four companies landing in E3305 in the Amphibious Landing Phase: 8 steps,
    more than 6: found."""
    assert "OM 17.43" in _check(_landed("amphibious-landing"))[0]


@pytest.mark.parametrize("box", ["german-first-wave", "german-reserve-wave"])
def test_first_fire_placed_in_paradrop_phase_after_a_drop_seen_behind(om, box):
    """OM 11.11, SoP IV.A.4: artillery 1/7 drops with the tracker still on Naval Unloading; the
    players advance to the Paradrop Phase and place its First Fire marker there: legal (before: OM
    11.11 judged at the end of Naval Unloading, "no First Fire marker at the end of the Paradrop
    Phase")."""
    kit, module, root = om
    w = _writer(om)
    w.add(*palette_piece(module, "G-1-7-Art"), box, report=False)
    w.set_turn(1 if box == "german-first-wave" else 4, "Naval Unloading Phase")
    w.move("G-1-7-Art", "W2007").advance(1)
    w.add(*palette_piece(module, "fire"), "W2007")
    w.advance(2)
    r = audit([w.write(root / f"fire-{box}.vlog")], module=module)
    assert [f.rule for f in r.findings if f.rule == "OM 11.11"] == []


@pytest.mark.parametrize("naval", [True, False])
def test_no_first_fire_is_found_at_the_paradrop_phase_end(om, naval):
    """OM 11.11, SoP IV.A.4: 1/7 drops under the Amphibious Landing tracker and never takes a First
    Fire marker: found at the end of the German Paradrop Phase, the phase named (before: judged and
    dated at the end of the Amphibious Landing Phase), the message saying it reads that drop as the
    paradrop (review rv-p25 item 6, omfix27: before, it did not, and contradicted 6.11's finding). With
    the naval game played (``naval``: DD Kelvin in Alexandria) the drop is two presses before the
    Paradrop Phase and OM 6.11 there (the tracker-lag policy, omlag25); Scenario 3 plays none, its
    Naval Segment is empty (SoP III), so the drop is one press off, read as the paradrop, 6.11 named
    not judged (review rv-p25 item 1, omfix27: before, a finding here too)."""
    kit, module, root = om
    w = _writer(om)
    w.add(*palette_piece(module, "G-1-7-Art"), "german-first-wave", report=False)
    if naval:
        w.add(*palette_piece(module, "A-DD-Kelvin"), "alexandria-ready", report=False)
    w.set_turn(1, "Amphibious Landing Phase")
    w.move("G-1-7-Art", "W2007").advance(3)
    r = audit([w.write(root / f"fire-two-behind-{naval}.vlog")], module=module)
    got = [(f.rule, f.phase) for f in r.findings]
    assert got == [("OM 6.11", "amphibious-landing")] * naval + [("OM 11.11", "german-paradrop")]
    fire = r.findings[-1]
    assert "end of the German Paradrop Phase" in fire.message
    assert "made with the tracker on the Amphibious Landing Phase, as the paradrop" in fire.message
    assert bool(not_judged(r, "OM 6.11")) is (not naval)


def test_a_log_ending_inside_the_paradrop_phase_names_11_11_not_judged(om):
    """OM 11.11, SoP IV.A.4: 1/7 drops in the German Paradrop Phase and the log ends before that
    phase's end, where the drop and its First Fire marker are recorded: 11.11 is named not judged
    (the log ends before the end of the German Paradrop Phase), in the coverage and in the partial
    sentence (no phase end in the file); no finding. Before, 11.11 was named nowhere."""
    kit, module, root = om
    w = _writer(om)
    w.add(*palette_piece(module, "G-1-7-Art"), "german-first-wave", report=False)
    w.set_turn(1, "German Paradrop Phase")
    save = w.save_point().write(root / "fire-at-start.vsav")   # (setting the tracker is no phase end of the log)
    opened = LogWriter.from_file(save, place=w.place, phases=w.phases, locate=w.locate)
    opened.move("G-1-7-Art", "W2007")
    r = audit([opened.write(root / "fire-cut.vlog")], module=module)
    assert [f.rule for f in r.findings if f.rule == "OM 11.11"] == []
    why = {e["rule"]: e["why"] for e in r.coverage["rules_not_judged"]}
    assert why["OM 11.11"].startswith("the log ends before the end of the German Paradrop Phase (turn 1, fire-cut.vlog)")
    assert "First Fire markers" in why["OM 11.11"]
    assert "OM 11.11" in r.to_json()["partial"]


def test_reserve_wave_turn_is_named_not_judged():
    """OM 6.11 (「予備波ユニットは、ドイツ軍セットアップ・カード上に列記されたターンに落下傘降下する」):
    the reserve wave's turn is on the set-up card, not in the kit: a reserve-wave drop names 6.11 not
    judged (before: silently passed)."""
    body = '[[units]]\nunit = "G-Vogel-1"\nhex = "W4315"\nprevious = "german-reserve-wave"\n'
    got, why = _check(HEAD.format(turn=4, phase="german-paradrop") + body)
    assert "OM 6.11" not in got and "set-up card" in why["OM 6.11"]


def test_wave_unit_arriving_in_german_movement_names_4_18_and_6_51():
    """OM 4.18, 6.51: a reserve-wave unit leaving its box in the German Movement Phase is read as a
    late paradrop; whether it was an airlanding (6.51) and its 1-hex limit (4.18, moves not told from
    drift) are named not judged (before: silently not judged)."""
    body = '[[units]]\nunit = "G-Vogel-1"\nhex = "W4315"\nprevious = "german-reserve-wave"\n'
    _, why = _check(HEAD.format(turn=4, phase="german-movement") + body)
    assert {"OM 4.18", "OM 6.51", "OM 6.12"} <= set(why)
