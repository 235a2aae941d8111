"""Operation Mercury arrivals judged by the Japanese rulebook whatever phase the turn tracker shows,
and by what was true at the arrival, not later in the turn (reviews rulepos18 and oracle18):

* 6.11 「編成カードの第一波、第二波、予備波の区画内に列記されたユニットのみが、落下傘降下によって島に着地できる。
  その ユニット・タイプ・シンボルにかかわらず、これら区画内の全ユニットが落下傘降下手順を使用して着地する」: a unit
  leaving any wave box (reserve wave too) is a paradrop, with the tracker one phase behind or ahead;
  its turn (6.11), its target (6.12) and its drift (6.2) are judged as a paradrop's.
* 4.57 「敵ユニットによって占められていないいずれかのマップ外ボックス内へ強襲上陸を行うことができる」: the box
  is judged as it was at the landing, not when a later phase ends.
* 17.43 A1 「ユニットが置かれる海岸ヘクスは、その目標ヘクスである」 and step B (drift moves the unit on): 17.24's
  beach is the target hex, which a log does not record.
"""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from games_util import not_judged, palette_piece
from om_util import kit as head
from rules_util import findings, position, rules
from vmodgen.audit import audit
from vmodgen.rules import ruleset_for
from vmodgen.rules.games.operation_mercury.carried import MercuryMemory
from vmodgen.testing.log_writer import LogWriter

WAVES = ("german-first-wave", "german-second-wave", "german-reserve-wave")
ARRIVAL_PHASES = ("amphibious-landing", "naval-unloading", "german-paradrop", "german-movement")
SCENARIO_MS = "Scenario 3: Maleme-Suda, May 20-23"
SCENARIO_RH = "Scenario 2: Retimo/Heraklion, May 20-22"


def _remembered(phase: str, was: str, now: str, turn: int = 1) -> dict:
    """What ``remember`` records for Vogel (1 of 2) moved from ``was`` to ``now`` over ``phase``."""
    def at(h: str):
        return position(head(turn=turn, phase=phase) + f'[[units]]\nunit = "G-Vogel-1"\nhex = "{h}"\n')
    before, after = at(was), at(now)
    memory = MercuryMemory()
    ruleset_for(after.game).remember(before, after, memory)
    return (memory.om_arrivals or {}).get("G-Vogel-1", {})


@pytest.mark.parametrize("box", WAVES)
@pytest.mark.parametrize("phase", ARRIVAL_PHASES)
def test_wave_box_unit_is_a_paradrop_in_every_arrival_phase(box, phase):
    """6.11: a unit leaving a wave box onto a map hex is recorded as a paradrop from that box in each
    arrival phase the tracker may show (before: amphibious in the Amphibious Landing Phase, unloaded
    from the reserve wave in the Naval Unloading Phase, airlanded in the German Movement Phase)."""
    got = _remembered(phase, box, "W4212")
    assert (got.get("how"), got.get("from"), got.get("hex")) == ("paradrop", box, "W4212")


def test_wave_box_unit_into_a_box_in_naval_unloading_is_a_paradrop():
    """6.11, 4.58: a wave-box unit put into an off-map box while the tracker shows Naval Unloading is a
    paradrop into a box (4.58), not an unloading (before: ``unloaded``, judged by 4.57/17.37)."""
    assert _remembered("naval-unloading", "german-reserve-wave", "offmap-sitia").get("how") == "paradrop"


def _drop(turn: int, phase: str, box: str) -> str:
    return head(turn=turn, phase=phase) + f'at = "during"\n\n[[units]]\nunit = "G-Vogel-1"\nhex = "W4315"\nprevious = "{box}"\n'


@pytest.mark.parametrize("phase", ARRIVAL_PHASES)
def test_first_wave_drop_on_gt2_found_whatever_phase(phase):
    """6.11 (first wave on GT1): a first-wave unit placed on GT2 is found with the tracker on any arrival
    phase (before: only in the German Paradrop Phase; in the German Movement Phase an OM 6.51 airfield
    finding instead)."""
    assert rules(_drop(2, phase, "german-first-wave")) == ["OM 6.11"]


@pytest.mark.parametrize("phase", [p for p in ARRIVAL_PHASES if p != "german-movement"])
def test_reserve_drop_far_from_any_hq_found_whatever_phase(phase):
    """6.12b: a reserve-wave unit placed (before drift) with no German HQ on the map is found with the
    tracker on any arrival phase before the German Movement Phase (before: only in the two
    reinforcement phases)."""
    assert rules(_drop(4, phase, "german-reserve-wave")) == ["OM 6.12"]


def test_reserve_drop_in_german_movement_is_named_not_judged():
    """6.12b with 4.31: in the German Movement Phase units move and stack freely, so where a
    reserve-wave unit seen leaving its box was placed is not told from its later moves: OM 6.12 is
    named not judged, not found (review of omfix9, item 1)."""
    p = position(_drop(4, "german-movement", "german-reserve-wave"))
    rs = ruleset_for(p.game)
    assert [f.rule for f in rs.check(p) if f.rule == "OM 6.12"] == []
    assert "German Movement Phase" in rs.take_not_judged()["OM 6.12"]


def test_drift_of_a_paradrop_in_the_naval_unloading_phase_is_no_move_out_of_phase():
    """6.2: a paradropped unit dragged from its target hex W4212 to W4213 (its drift) while the tracker
    still shows Naval Unloading is no ground move out of its phase (before: OM 4.0)."""
    text = head(turn=1, phase="naval-unloading") + (
        'at = "during"\n\n[state]\nom_arrivals = {G-Vogel-1 = {turn = 1, how = "paradrop", hex = "W4212"}}\n\n'
        '[[units]]\nunit = "G-Vogel-1"\nhex = "W4213"\nprevious = "W4212"\n')
    assert rules(text) == []


def test_hq_paradropped_from_a_wave_box_is_no_replacement_hq():
    """13.52: the Sturm HQ paradropped from the first-wave box in the GT1 Paradrop Phase is no replacement
    HQ: only a unit placed from the HQ replacement box is (before: two OM 13.52 findings)."""
    text = head(turn=1, phase="german-paradrop") + (
        '\n[[hexes]]\nhex = "W4413"\nterrain = "clear"\n\n'
        '[[units]]\nunit = "Sturm HQ"\nhex = "W4413"\nprevious = "german-first-wave"\nstatus = ["first_fire"]\n')
    assert rules(text) == []


def test_hq_from_the_replacement_box_outside_recovery_is_found():
    """13.52: the same HQ placed from the HQ replacement box in the Paradrop Phase is a replacement HQ
    out of the Recovery Phase."""
    text = head(turn=3, phase="german-paradrop") + (
        '\n[[units]]\nunit = "Sturm HQ"\nhex = "W4413"\nprevious = "hq-replacement"\n')
    assert any(f.rule == "OM 13.52" and "outside the Recovery Phase" in f.message for f in findings(text))


# ---- logs of the bundled module --------------------------------------------------------------
@pytest.fixture(scope="module")
def om(tmp_path_factory):
    return bundled_module("operation-mercury", tmp_path_factory, "om-arrivals-late")


_not_judged = not_judged      # (each reason of the rule's one entry)


def test_log_drop_with_the_tracker_behind(om):
    """6.11, 6.2: on GT1 the German player drops a first-wave unit (Vogel 1) from its wave box onto W4212 and drifts it to W4213, and a reserve-wave unit onto W4315, while the tracker still
    shows the Naval Unloading Phase; then presses on. Legal play: no OM 4.0 (drift), 4.17 (unloading at
    no port), 6.51 (airlanding) nor 6.11 finding."""
    kit, module, root = om
    w = LogWriter.from_module_setup(module, SCENARIO_MS, kit=kit, player="Ann", player_id="pw-om")
    w.add(*palette_piece(module, "G-Vogel-1"), "german-first-wave", report=False)
    w.add(*palette_piece(module, "G-Vogel-2"), "german-reserve-wave", report=False)
    w.set_turn(1, "Naval Unloading Phase")
    w.move("G-Vogel-1", "W4212").move("G-Vogel-1", "W4213").move("G-Vogel-2", "W4315").advance(2)
    r = audit([w.write(root / "behind.vlog")], module=module)
    got = [(f.rule, f.message) for f in r.findings if f.rule in ("OM 4.0", "OM 4.17", "OM 6.51", "OM 6.11", "OM 5.25")]
    assert got == []


def test_log_drop_on_the_wrong_turn_with_the_tracker_behind_is_found(om):
    """6.11: the same first-wave drop on GT2, with the tracker behind, is found (before: silent)."""
    kit, module, root = om
    w = LogWriter.from_module_setup(module, SCENARIO_MS, kit=kit, player="Ann", player_id="pw-om")
    w.add(*palette_piece(module, "G-Vogel-1"), "german-first-wave", report=False)
    w.set_turn(2, "Naval Unloading Phase")
    w.move("G-Vogel-1", "W4212").advance(2)
    r = audit([w.write(root / "behind-gt2.vlog")], module=module)
    assert [(f.rule, f.phase, tuple(f.units)) for f in r.findings if f.rule == "OM 6.11"] == \
        [("OM 6.11", "naval-unloading", ("G-Vogel-1",))]


def _box_landing(om, name: str, rangers_in_box_first: bool):
    """GT5: II/85 Geb lands amphibiously into the Tymbakion box; in the German Movement Phase it leaves
    onto E1418; in the Allied Movement Phase the Rangers enter the box (or, with
    ``rangers_in_box_first``, they held the box at the landing and leave it)."""
    kit, module, root = om
    w = LogWriter.from_module_setup(module, SCENARIO_RH, kit=kit)
    w.add(*palette_piece(module, "G-II-85-Geb-1"), "athens", report=False)
    w.add(*palette_piece(module, "A-Ranger"), "offmap-tymbakion" if rangers_in_box_first else "E1423", report=False)
    i = w.phases.index("Amphibious Landing Phase")
    w.set_turn(5, i)
    w.move("G-II-85-Geb-1", "offmap-tymbakion")
    w.advance(w.phases.index("German Movement Phase") - i)
    w.move("G-II-85-Geb-1", "E1418")
    w.advance(w.phases.index("Allied Movement Phase") - w.phases.index("German Movement Phase"))
    w.move("A-Ranger", "E1423" if rangers_in_box_first else "offmap-tymbakion")
    w.advance(1)
    return audit([w.write(root / name)], module=module)


def test_log_box_landing_judged_as_the_box_was_at_the_landing(om):
    """4.57: the box was empty at the landing; the Rangers entering it two phases later make no finding
    (before: OM 4.57 at the end of the Allied Movement Phase)."""
    r = _box_landing(om, "box-empty.vlog", False)
    assert [f.message for f in r.findings if f.rule == "OM 4.57"] == []


def test_log_box_landing_into_an_enemy_held_box_is_found_at_the_landing(om):
    """4.57: the Rangers held the box at the landing (and left it later): found, in the Amphibious
    Landing Phase."""
    r = _box_landing(om, "box-held.vlog", True)
    assert [(f.rule, f.phase) for f in r.findings if f.rule == "OM 4.57"] == [("OM 4.57", "amphibious-landing")]


def test_log_landing_after_drift_is_not_judged_on_the_drifted_hex(om):
    """17.24, 17.43 A1/B: II/85 Geb lands and stands on E3205 (orchard/woods in the kit) next to the
    clear/beach E3305 it may have aimed at: no finding; 17.24 named not judged (before: OM 17.24 on
    the hex after drift)."""
    kit, module, root = om
    w = LogWriter.from_module_setup(module, SCENARIO_RH, kit=kit)
    w.add(*palette_piece(module, "G-II-85-Geb-1"), "athens", report=False)
    w.set_turn(5, w.phases.index("Amphibious Landing Phase"))
    w.move("G-II-85-Geb-1", "E3205").advance(2)
    r = audit([w.write(root / "drift.vlog")], module=module)
    assert [f.rule for f in r.findings if f.rule == "OM 17.24"] == []
    assert any("target hex" in why for why in _not_judged(r, "OM 17.24")), r.coverage["rules_not_judged"]


def test_sector_value_error_names_the_sector_as_written():
    """15.11: a [state] rsc count under a sector written by its printed name ("Retimo sector") that is no
    count is refused naming the key as the file wrote it (before: the id it was renamed to,
    ``sector-retimo``, which the file does not hold)."""
    from vmodgen.errors import InputError
    text = head(turn=4, phase="supply") + '\n[state]\ntime = "am"\n\n[state.rsc]\nallied = { "Retimo sector" = "two" }\n'
    with pytest.raises(InputError) as exc:
        position(text)
    assert 'rsc.allied."Retimo sector": a count, not \'two\'' in str(exc.value)


def test_arrival_held_must_be_true_or_false():
    """4.57: a stated ``held`` that is no boolean is refused (it would otherwise be read as unstated)."""
    from vmodgen.errors import InputError
    text = head(turn=8, phase="allied-movement") + (
        '\n[state]\nom_arrivals = { "G-II-85-Geb-1" = { turn = 8, how = "amphibious", hex = "offmap-tymbakion", '
        'held = "yes" } }\n\n[[units]]\nunit = "II/85 Geb (1 of 4)"\nhex = "E1418"\n')
    with pytest.raises(InputError) as exc:
        position(text)
    assert "held = true/false" in str(exc.value)


def test_steamer_trip_records_the_enemies_near_a_port_at_the_landing():
    """17.52 (the steamer does not sail with enemy units within 1 hex of a steamer port): Night turn 9,
    Naval Unloading, an Allied unit W4031 → E3136 with a German unit in E3135: the arrival records
    ``enemy_near`` then, so a later phase end judges the trip as it was at the landing (before: the
    record was written inside the Paradrop Phase's loop, never reached, and the trip was judged on
    whoever stood near the port later in the turn)."""
    def at(h: str):
        return position(head(turn=9, phase="naval-unloading") + f'[[units]]\nunit = "A-B-23-NZ"\nhex = "{h}"\n'
                        + '\n[[units]]\nunit = "G-Vogel-1"\nhex = "E3135"\n')
    before, after = at("W4031"), at("E3136")
    memory = MercuryMemory()
    ruleset_for(after.game).remember(before, after, memory)
    got = (memory.om_arrivals or {}).get("A-B-23-NZ", {})
    assert (got.get("how"), got.get("enemy_near")) == ("steamer", True)


@pytest.mark.parametrize("phase,found", [("German Combat Phase", True), ("Allied Movement Phase", True),
                                         ("German Movement Phase", False)])
def test_log_wave_unit_leaving_its_box_after_the_paradrop_phase(om, phase, found):
    """6.11 「ドイツ軍落下傘降下フェイズ中…落下傘とグライダーのユニットは、ゲーム・マップ上のそれらの目標ヘクス内に
    置かれる」: on GT1 the players press Next from the German Paradrop Phase on to the German Combat or
    the Allied Movement Phase, then the German player takes Vogel 1 from the first-wave box to W4212:
    this turn's Paradrop Phase is over, OM 6.11. With the tracker one phase ahead (German Movement) it
    is read as the drop: no 6.11 finding, 6.11 named not judged for the tracker (omlag25)."""
    kit, module, root = om
    w = LogWriter.from_module_setup(module, SCENARIO_MS, kit=kit, player="Ann", player_id="pw-om")
    w.add(*palette_piece(module, "G-Vogel-1"), "german-first-wave", report=False)
    w.set_turn(1, "German Paradrop Phase")
    w.advance(w.phases.index(phase) - w.phases.index("German Paradrop Phase"))
    w.move("G-Vogel-1", "W4212").advance(1)
    r = audit([w.write(root / f"wave-late-{w.phases.index(phase)}.vlog")], module=module)
    got = [(f.rule, tuple(f.units)) for f in r.findings if f.rule == "OM 6.11"]
    assert got == ([("OM 6.11", ("G-Vogel-1",))] if found else [])
    if found:
        assert "after this turn's German Paradrop Phase" in next(f.message for f in r.findings if f.rule == "OM 6.11")
    why = [e["why"] for e in r.coverage["rules_not_judged"] if e["rule"] == "OM 6.11" and "G-Vogel-1" in e["why"]
           and "tracker" in e["why"]]
    assert bool(why) is (not found), why


@pytest.mark.parametrize("turn,phase,wave", [(1, "Game Record Segment", "german-second-wave"),
                                             (1, "Game Record Segment", "german-reserve-wave"),
                                             (2, "Supply Phase", "german-second-wave")])
def test_log_wave_box_left_two_phases_or_more_from_a_paradrop_phase_is_found(om, turn, phase, wave):
    """6.11 「ドイツ軍落下傘降下フェイズ中…置かれる」: the tracker set straight to GT1's Game Record Segment
    (or GT2's Supply Phase), a second-wave (or reserve-wave) unit taken from its box to W4212, then the
    tracker set to GT2. The Paradrop Phase nearest is GT2's, 12 (9) presses of Next away: more than a
    log's tracker lags the play (the tracker-lag policy, one phase; omlag25), so OM 6.11 is found,
    naming the unit (before: not judged, "the tracker may still show the previous turn", whatever the
    distance)."""
    kit, module, root = om
    w = LogWriter.from_module_setup(module, SCENARIO_MS, kit=kit, player="Ann", player_id="pw-om")
    w.add(*palette_piece(module, "G-Vogel-1"), wave, report=False)
    w.set_turn(turn, phase)
    w.move("G-Vogel-1", "W4212")
    w.set_turn(2, "German Paradrop Phase").advance(1)
    r = audit([w.write(root / f"wave-lag-{turn}-{w.phases.index(phase)}-{wave}.vlog")], module=module)
    got = [f for f in r.findings if f.rule == "OM 6.11"]
    assert [f.units for f in got] == [("G-Vogel-1",)], [f.message for f in got]
    assert "two phases or more" in got[0].message


@pytest.mark.parametrize("turn,phase,wave", [(1, "German Combat Phase", "german-first-wave"),
                                             (2, "German Combat Phase", "german-first-wave"),
                                             (2, "Allied Movement Phase", "german-first-wave"),
                                             (3, "German Combat Phase", "german-second-wave"),
                                             (2, "Supply Phase", "german-first-wave")])
def test_log_wave_box_left_late_on_every_reading_of_a_lagging_tracker(om, turn, phase, wave):
    """6.11 「第一波…ゲーム・ターン1に落下傘降下する。「第二波」ユニットは、全てゲーム・ターン2に落下傘降下
    する」 (review l14fix #2): a lagging tracker means the real turn is at least the one shown. A wave
    unit taken from its box to W4212 with the tracker on a phase after its own turn's Paradrop Phase
    (first wave: GT1 German Combat, GT2 German Combat or Allied Movement, GT2 Supply; second wave:
    GT3 German Combat), no phase end after the Paradrop Phase in the record: late on every reading,
    one OM 6.11 finding (before: not judged, "the tracker may not have been advanced past the
    previous turn yet")."""
    kit, module, root = om
    w = LogWriter.from_module_setup(module, SCENARIO_MS, kit=kit, player="Ann", player_id="pw-om")
    w.add(*palette_piece(module, "G-Vogel-1"), wave, report=False)
    w.set_turn(turn, phase)
    w.move("G-Vogel-1", "W4212")
    w.set_turn(turn + 1, "German Paradrop Phase").advance(1)
    r = audit([w.write(root / f"wave-late-{turn}-{w.phases.index(phase)}-{wave}.vlog")], module=module)
    got = [f for f in r.findings if f.rule == "OM 6.11"]
    assert [f.units for f in got] == [("G-Vogel-1",)], [f.message for f in got]
    assert f"in the {phase}" in got[0].message


@pytest.mark.parametrize("turn,phase,status", [(2, "german-combat", '["paradropped"]'),
                                               (2, "german-combat", "[]"), (1, "german-combat", '["paradropped"]')])
def test_wave_drop_out_of_its_turn_and_phase_is_one_finding(turn, phase, status):
    """6.11 (review probe_om7): Vogel 1 left the first-wave box for W4212 in the German Combat Phase
    (after the Paradrop Phase; on GT2 also the wrong turn for the first wave): one OM 6.11 finding
    for the one unit, not one for the turn and another for the phase (before: two on GT2)."""
    text = head(turn=turn, phase=phase) + (f'[[units]]\nunit = "G-Vogel-1"\nhex = "W4212"\n'
                                           f'previous = "german-first-wave"\nstatus = {status}\n')
    assert [f.rule for f in findings(text) if f.rule == "OM 6.11"] == ["OM 6.11"]


def test_steamer_finding_names_the_enemies_near_a_port_at_the_landing():
    """17.52 (review): the trip judged at a later phase end from the record made at the landing
    names the enemy units that stood within 1 hex of a steamer port then (before: "enemy units were
    within 1 hex of a steamer port", no names). The German unit has left E3135 since."""
    def at(h: str, german: str):
        return position(head(turn=9, phase="naval-unloading") + f'[[units]]\nunit = "A-B-23-NZ"\nhex = "{h}"\n'
                        + f'\n[[units]]\nunit = "G-Vogel-1"\nhex = "{german}"\n')
    memory = MercuryMemory()
    ruleset_for(at("E3136", "E3135").game).remember(at("W4031", "E3135"), at("E3136", "E3135"), memory)
    rec = (memory.om_arrivals or {})["A-B-23-NZ"]
    arrival = ", ".join(f"{k} = {v!r}".replace("'", '"').replace("True", "true").replace("False", "false")
                        for k, v in rec.items())
    later = position(head(turn=9, phase="allied-movement") + f'\n[state]\nom_arrivals = {{ "A-B-23-NZ" = {{ {arrival} }} }}\n\n'
                     '[[units]]\nunit = "A-B-23-NZ"\nhex = "E3136"\n\n[[units]]\nunit = "G-Vogel-1"\nhex = "E2030"\n')
    msgs = [f.message for f in ruleset_for(later.game).check(later) if f.rule == "OM 17.52"]
    assert len(msgs) == 1 and "were within 1 hex of a steamer port" in msgs[0] and "G-Vogel-1" in msgs[0], msgs


@pytest.mark.parametrize("leaves", [False, True])
def test_steamer_finding_naming_a_masked_enemy_is_withheld(om, leaves):
    """17.52 (review l14fix #1): Night turn 9, the German player (Ann) masked Vogel 1 in E3135; the
    Allied player's B/23 NZ sails W4031 → E3136 in the Naval Unloading Phase, Vogel 1 within 1 hex
    of the port. The finding names Vogel 1 (from the landing record when it has left E3135 by the
    German Movement Phase, from the board when it stays), so it lists Vogel 1 as the finding's
    ``by`` and the report withholds the mask's side and name (before: "G-Vogel-1" in the report)."""
    from vmodgen.audit.redact import for_report
    from vmodgen.vassal.piece import Piece
    from vmodgen.vassal.traits import Obscurable
    kit, module, root = om
    pw = "pw-german-secret"
    w = LogWriter.from_module_setup(module, SCENARIO_MS, kit=kit, player="Ann", player_id=pw)
    w.add(*palette_piece(module, "G-Vogel-1"), "E3135", report=False)
    w.add(*palette_piece(module, "A-B-23-NZ"), "W4031", report=False)
    rec = w.state.pieces[w.piece_id("G-Vogel-1")]
    rec.piece = Piece.from_traits([Obscurable("obs;M;mask.png;Mask;G;German unit", pw), *rec.piece.traits])
    w = LogWriter(w.save_text(), place=w.place, player="Bob", player_id="pw-bob", phases=w.phases, locate=w.locate)
    w.set_turn(9, "Naval Unloading Phase")
    w.move("A-B-23-NZ", "E3136")
    w.advance(w.phases.index("German Movement Phase") - w.phases.index("Naval Unloading Phase"))
    if leaves:
        w.move("G-Vogel-1", "E2935")
    w.advance(1)
    r = audit([w.write(root / f"steamer-masked-{leaves}.vlog")], module=module)
    raw = [f for f in r.findings if f.rule == "OM 17.52"]
    assert len(raw) == 1 and "G-Vogel-1" in raw[0].message and raw[0].by == ("G-Vogel-1",), raw
    told = [f for f in for_report(r).findings if f.rule == "OM 17.52"]
    assert len(told) == 1 and "Vogel" not in told[0].message and told[0].redacted, told


@pytest.mark.parametrize("phase,off,naval", [
    ("German Paradrop Phase", 0, False), ("Naval Unloading Phase", 1, False), ("German Movement Phase", 1, False),
    ("Amphibious Landing Phase", 2, True), ("Amphibious Landing Phase", 1, False),
    ("Air Unit Allocation Phase", 1, False), ("Supply Phase", 2, False), ("German Bombardment Phase", 2, False)])
def test_log_wave_drop_at_0_1_2_presses_from_the_paradrop_phase(om, phase, off, naval):
    """6.11 「ドイツ軍落下傘降下フェイズ中、ドイツ軍セットアップ・カードから取り上げられた使用可能な落下傘と
    グライダーのユニットは、ゲーム・マップ上のそれらの目標ヘクス内に置かれる」: on GT1 the players press Next
    from the Recovery Phase to ``phase`` and the German player takes Vogel 1 from the first-wave box
    to W4212. In the Paradrop Phase: legal, nothing said of its phase. One press off (the tracker
    behind on Naval Unloading, ahead on German Movement): read as the paradrop, no finding, 6.11
    named not judged with the tracker as the reason. Two presses off (Amphibious Landing before,
    German Bombardment after): OM 6.11, the message naming the phase (before it: "two phases or
    more"; after it, the first wave's own turn: late on every reading of the tracker) (the
    tracker-lag policy, omlag25: before, Amphibious Landing read as the drop, silent). The presses
    count none onto a phase the book lets be empty (omfix27, review rv-p25 item 1: before, OM named
    none): Scenario 3 plays no naval game, so its Naval Segment is empty (SoP III 「海上ゲームと共にプ
    レイしているときにのみ実行する」) and the Amphibious Landing and Air Unit Allocation Phases are one
    press before the Paradrop Phase; with a naval unit in play (``naval``: DD Kelvin in Alexandria)
    Amphibious Landing is two. GT1's Evacuation Determination Phase is empty too (SoP I.C: from GT14),
    so the Supply Phase is two presses before."""
    kit, module, root = om
    w = LogWriter.from_module_setup(module, SCENARIO_MS, kit=kit, player="Ann", player_id="pw-om")
    w.add(*palette_piece(module, "G-Vogel-1"), "german-first-wave", report=False)
    if naval:
        w.add(*palette_piece(module, "A-DD-Kelvin"), "alexandria-ready", report=False)
    w.advance(w.phases.index(phase))
    w.move("G-Vogel-1", "W4212").advance(1)
    r = audit([w.write(root / f"wave-press-{w.phases.index(phase)}-{naval}.vlog")], module=module)
    got = [f for f in r.findings if f.rule == "OM 6.11"]
    assert [f.units for f in got] == ([("G-Vogel-1",)] if off == 2 else []), [f.message for f in got]
    assert all(f"in the {phase}" in f.message for f in got)
    before = w.phases.index(phase) < w.phases.index("German Paradrop Phase")
    assert all("two phases or more" in f.message for f in got if before)
    why = [e["why"] for e in r.coverage["rules_not_judged"] if e["rule"] == "OM 6.11" and "G-Vogel-1" in e["why"]
           and "tracker a phase" in e["why"]]
    assert bool(why) is (off == 1), why


@pytest.mark.parametrize("to", ["German Bombardment Phase", "Allied Movement Phase"])
def test_log_wave_drop_after_the_tracker_was_set_past_the_paradrop_phase(om, to):
    """6.11 and the tracker-lag policy's last-recorded-phase-end leg (``carried.may_lag``; review rv-p25
    item 3): on GT1 the players press Next to the Naval Unloading Phase, then set the tracker straight
    to ``to`` (no Next through the Paradrop Phase, so the last recorded phase end is the Naval Unloading
    Phase's), and Vogel 1 drops from the first-wave box to W4212. The play may still be in the Paradrop
    Phase the tracker was set past: 6.11 named not judged, the recorded phase end the reason, as 12.23
    is for a readiness roll after such a jump (omfix27: before, OM 6.11 "past even if the tracker lags
    behind the play", false for a tracker set ahead). Pressed through to the German Bombardment Phase
    instead, it stays a finding (``test_log_wave_drop_at_0_1_2_presses_from_the_paradrop_phase``)."""
    kit, module, root = om
    w = LogWriter.from_module_setup(module, SCENARIO_MS, kit=kit, player="Ann", player_id="pw-om")
    w.add(*palette_piece(module, "G-Vogel-1"), "german-first-wave", report=False)
    w.advance(w.phases.index("Naval Unloading Phase"))
    w.set_turn(1, to)
    w.move("G-Vogel-1", "W4212").advance(1)
    r = audit([w.write(root / f"wave-jump-{w.phases.index(to)}.vlog")], module=module)
    assert [f.rule for f in r.findings if "G-Vogel-1" in f.units and f.rule == "OM 6.11"] == []
    why = [e["why"] for e in r.coverage["rules_not_judged"] if e["rule"] == "OM 6.11" and "G-Vogel-1" in e["why"]]
    assert any("Naval Unloading Phase" in w_ and "set past the German Paradrop Phase" in w_ for w_ in why), why
