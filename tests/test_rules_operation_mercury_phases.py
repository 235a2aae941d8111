"""Operation Mercury phase-end predicates (Recovery and Supply Phases, interdiction, returning Greek
militia and replacement HQs) and the history carried between phase ends (RuleSet.remember and the
``[state]`` keys of ``vmodgen.rules.games.operation_mercury.memory``)."""
from __future__ import annotations

import pytest

from om_util import INF, a, g
from om_util import kit as K
from rules_util import findings, position, rules, state, table
from vmodgen.rules.games.operation_mercury.carried import MercuryMemory
from vmodgen.errors import InputError
from vmodgen.rules import ruleset_for
from vmodgen.rules.games.operation_mercury.memory import time_of_day


# ---- Recovery Phase (SoP I.A, 5.28, 6.32, 9.76, 11.11) -------------------------------------------------
def test_recovery_removes_fire_and_dispersed_markers():
    """OM 11.11, 6.32: at the end of the Recovery Phase no unit keeps a First/Final Fire or Dispersed
    marker; without them the position is legal."""
    assert rules(K() + g("G", "W4010")) == []
    assert rules(K() + g("G", "W4010", type="artillery", status=["first_fire"])) == ["OM 11.11"]
    assert rules(K() + g("G", "W4010", status=["dispersed"])) == ["OM 6.32"]
    assert rules(K(phase="german-movement") + g("G", "W4010", status=["dispersed"])) == []


def test_fatigue_recovers_in_am_out_of_ezoc():
    """OM 9.76, 5.28: on GT4 (21 AM) a fatigued unit in W4313 still fatigued after the Recovery Phase
    is illegal with no enemy beside it, legal with an Allied unit in W4314 (its EZOC)."""
    tired = g("G", "W4313", status=["fatigue"])
    assert rules(K(turn=4) + tired) == ["OM 9.76"]
    assert rules(K(turn=4) + tired + a("A", "W4314")) == []
    assert rules(K(turn=5) + tired) == []                     # GT5 = 21 PM: no recovery


def test_fatigue_comes_off_all_at_once():
    """OM 9.76, 5.13, SoP I.A.1: the enemy ZOC that keeps a unit fatigued is the one when the markers
    come off, in which units fatigued then exert none: German G (W4313) and Allied A (W4314), both
    fatigued before, both recover (legal); G still fatigued beside A recovered is illegal; beside an
    A that was rested all along it is legal."""
    both = state(om_fatigued=["A", "G"])
    assert rules(K(turn=4) + g("G", "W4313") + a("A", "W4314") + both) == []
    assert rules(K(turn=4) + g("G", "W4313", status=["fatigue"]) + a("A", "W4314") + both) == ["OM 9.76"]
    assert rules(K(turn=4) + g("G", "W4313", status=["fatigue"]) + a("A", "W4314") + state(om_fatigued=["G"])) == []


def test_no_recovery_in_ezoc_or_outside_am():
    """OM 5.28: a unit fatigued at the last phase end (om_fatigued) that lost its marker in EZOC is
    illegal; out of EZOC on GT4 it is legal; OM 9.76: on GT5 (PM) it may not recover at all."""
    was = state(om_fatigued=["G"])
    assert rules(K(turn=4) + g("G", "W4313") + a("A", "W4314") + was) == ["OM 5.28"]
    assert rules(K(turn=4) + g("G", "W4313") + was) == []
    assert rules(K(turn=5) + g("G", "W4313") + was) == ["OM 9.76"]


# ---- Supply Phase (15.15, 15.24-15.27) ------------------------------------------------------------
def test_one_rsc_per_sector_per_am():
    """OM 15.26: one Expended RSC per sector is legal, two are not."""
    assert rules(K(turn=7, phase="supply") + state(rsc_expended={"german": {"sector-retimo": 1}})) == []
    assert rules(K(turn=7, phase="supply") + state(rsc_expended={"german": {"sector-retimo": 2}})) == ["OM 15.26"]


def test_initial_allied_rscs():
    """OM 15.25a: on GT1 the Allies place 2 RSCs in the Retimo and Heraklion boxes: legal; 3, or one
    in South Crete, is illegal. (Allied units stand in each sector whose box holds RSCs: else 15.24
    removes them, test_rsc_removed_from_a_sector_without_units.)"""
    ok = {"allied": {"sector-retimo": 1, "sector-heraklion": 1}}
    held = (table("units", unit="A-B-23-NZ", hex="E3409") + table("units", unit="A-14-HQ", hex="E3139")
            + table("units", unit="A-Gk-Reg", hex="W1922"))
    assert rules(K(turn=1, phase="supply") + state(rsc=ok) + held) == []
    assert rules(K(turn=1, phase="supply") + state(rsc={"allied": {"sector-retimo": 3}}) + held) == ["OM 15.25"]
    south = {"allied": {"sector-retimo": 1, "sector-south-crete": 1}}
    assert rules(K(turn=1, phase="supply") + state(rsc=south) + held) == ["OM 15.25"]


def test_rsc_removed_from_a_sector_without_units():
    """OM 15.24: at the end of a Supply Phase a side's RSCs in the box of a sector where it has no
    unit are gone (the phase removed them): a finding, whatever level is stated (none, or Low); not
    during the phase (step 1 places them before step 5 removes them); with a unit of the side in an
    off-map box (no sector given, spec §11 #16), not judged."""
    rsc = {"allied": {"sector-retimo": 1}}
    retimo, heraklion = table("units", unit="A-B-23-NZ", hex="E3409"), table("units", unit="A-B-23-NZ", hex="E3139")
    assert rules(K(turn=9, phase="supply") + state(rsc=rsc) + retimo) == []
    assert rules(K(turn=9, phase="supply") + state(rsc=rsc) + heraklion) == ["OM 15.24"]
    low = state(rsc=rsc, supply={"allied": {"sector-retimo": "low"}})
    assert rules(K(turn=14, phase="supply") + low + heraklion) == ["OM 15.24"]
    assert rules(K(turn=9, phase="supply").replace('phase = "supply"', 'phase = "supply"\nat = "during"')
                 + state(rsc=rsc) + heraklion) == []
    boxed = heraklion + table("units", unit="A-Maori", hex="offmap-retimo-south")
    p = position(K(turn=9, phase="supply") + state(rsc=rsc) + boxed)
    rs = ruleset_for(p.game)
    rs.take_not_judged()
    assert rs.check(p) == [] and "off-map boxes no sector" in rs.take_not_judged()["OM 15.24"]


@pytest.mark.parametrize("turn, was, now, ok", [
    (14, "adequate", "short", True),          # PM, roll: -1
    (14, "adequate", "low", False),           # PM: -2 with units in the sector
    (16, "low", "adequate", True),            # AM: RSC +1 and roll +1
    (17, "low", "adequate", False),           # PM: roll +1 only
    (5, "adequate", "short", False),          # German rolls begin on GT7
])
def test_supply_level_change_per_phase(turn, was, now, ok):
    """OM 15.15, 15.26, 15.27: a German level in Maleme/Suda (a German unit in W4314) moves by at
    most the RSC (+1, AM) and the roll (±1, from GT7) in one Supply Phase."""
    text = K(turn=turn, phase="supply") + g("G", "W4314") + state(
        supply={"german": {"sector-maleme-suda": now}}, supply_previous={"german": {"sector-maleme-suda": was}})
    got = [f.rule for f in findings(text)]
    assert ("OM 15.15" not in got) is ok


def test_supply_falls_to_low_in_an_empty_sector():
    """OM 15.24: with no German unit in Retimo, Adequate → Low in one phase is legal."""
    text = K(turn=14, phase="supply") + g("G", "W4314") + state(
        supply={"german": {"sector-retimo": "low"}}, supply_previous={"german": {"sector-retimo": "adequate"}})
    assert rules(text) == []


def test_air_resupply_needs_a_held_airfield_out_of_ezoc():
    """OM 15.25c: German air resupply through Maleme (W4415) held by a German unit, no EZOC: legal;
    with an Allied unit in W4314 beside it, or no German unit on it, illegal."""
    air = state(air_resupply="W4415")
    assert rules(K(turn=7, phase="supply") + g("G", "W4415") + air) == []
    assert rules(K(turn=7, phase="supply") + g("G", "W4415") + a("A", "W4314") + air) == ["OM 15.25"]
    assert rules(K(turn=7, phase="supply") + g("G", "W4313") + air) == ["OM 15.25"]


# ---- interdiction (12.41) --------------------------------------------------------------------------
def test_interdiction_levels_by_day_only():
    """OM 12.41: level 2 in Heraklion on GT2 (20 PM) is legal; any level on GT3 (20 Night), or level
    3, is illegal."""
    assert rules(K(turn=2, phase="") + state(interdiction={"sector-heraklion": 2})) == []
    assert rules(K(turn=3, phase="") + state(interdiction={"sector-heraklion": 1})) == ["OM 12.41"]
    assert rules(K(turn=2, phase="") + state(interdiction={"sector-heraklion": 3})) == ["OM 12.41"]


def test_turn_numbering_examples():
    """Spec §1: GT14 is 24 PM, GT27 is 28 Night (20.11, 20.12 example), GT1 is 20 AM."""
    assert time_of_day(position(K(turn=14, phase=""))) == "pm"
    assert time_of_day(position(K(turn=27, phase=""))) == "night"
    assert time_of_day(position(K(turn=1, phase=""))) == "am"


# ---- returning Greek militia (13.63-13.64) and replacement HQs (13.52) -------------------------------------
MIL = dict(type="greek_militia", nationality="greek", values={"attack": 1, "defense": 1, "movement": 4, "stacking": 1})


def test_militia_return_to_a_town_far_from_germans():
    """OM 13.64: militia returning to the city W4228 with no German unit within 5 hexes: legal; with
    a German unit 2 hexes away (W4226), or onto a clear hex (W4313), illegal."""
    back = a("M", "W4228", status=["arrived"], **MIL)
    assert rules(K() + back) == []
    assert rules(K() + back + g("G", "W4226")) == ["OM 13.64"]
    assert rules(K() + a("M", "W4313", status=["arrived"], **MIL)) == ["OM 13.64"]


def test_militia_return_in_am_recovery_only():
    """OM 13.63: a militia unit recorded as off the map (om_militia_off) that is back in a PM turn, or
    in a Movement Phase, returned illegally."""
    off = state(om_militia_off=["M"])
    assert rules(K(turn=4) + a("M", "W4228", **MIL) + off) == []
    assert rules(K(turn=5) + a("M", "W4228", **MIL) + off) == ["OM 13.63"]
    assert rules(K(turn=4, phase="allied-movement") + a("M", "W4228", **MIL) + off) == ["OM 13.63"]


HQ = dict(type="hq", values={"command_range": 3, "stacking": 1, "movement": 5, "efficiency": 6})


def test_replacement_hq_placement():
    """OM 13.52: the HQ lost in Maleme/Suda returns in the Recovery Phase onto W4314 with a friendly
    unit: legal; alone in W4313, in the Retimo sector, or after a replacement was lost: illegal."""
    lost = lambda rep=False: state(om_hq_lost={"HQ": {"sector": "sector-maleme-suda", "turn": 3, "replacement": rep}})
    assert rules(K() + a("HQ", "W4314", **HQ) + a("A", "W4314") + lost()) == []
    assert rules(K() + a("HQ", "W4313", **HQ) + lost()) == ["OM 13.52"]
    assert rules(K() + a("HQ", "E3310", **HQ) + a("A", "E3310") + lost()) == ["OM 13.52"]
    assert rules(K() + a("HQ", "W4314", **HQ) + a("A", "W4314") + lost(True)) == ["OM 13.52"]
    assert rules(K(phase="allied-movement") + a("HQ", "W4314", **HQ) + a("A", "W4314") + lost()) == ["OM 13.52"]


# ---- history: remember() and the state keys ------------------------------------------------------------
def _rs_pos(text: str):
    p = position(text)
    return ruleset_for(p.game), p


def test_remember_records_arrivals_and_fatigue():
    """A unit that appears on W4314 in the German Paradrop Phase is recorded as paradropped this turn;
    the fatigued units of the phase end are recorded; the next turn drops the arrival."""
    rs, before = _rs_pos(K(turn=1, phase="air-allocation") + a("A", "W4010"))
    _, after = _rs_pos(K(turn=1, phase="german-paradrop") + a("A", "W4010", status=["fatigue"]) + g("P", "W4314"))
    memory = MercuryMemory()
    rs.remember(before, after, memory)
    assert memory.om_arrivals == {"P": {"turn": 1, "how": "paradrop", "hex": "W4314", "fire": False}}
    assert memory.om_fatigued == ["A"]
    _, later = _rs_pos(K(turn=2, phase="recovery") + g("P", "W4314"))
    rs.remember(after, later, memory)
    assert memory.om_arrivals == {} and memory.om_fatigued == []


def test_remember_airlanding_then_capacity_finding():
    """OM 6.52 over two phase ends: four 2-step units entering Maleme airfield W4415 in the German
    Movement Phase are recorded as airlanded; at the end of the next phase the carried record makes
    8 steps, more than 7."""
    units = "".join(g(f"L{i}", "W4415", steps=2, values=dict(INF, stacking=1)) for i in range(4))
    rs, before = _rs_pos(K(turn=4, phase="german-paradrop") + g("HOLD", "W4415", values=dict(INF, stacking=1)))
    _, after = _rs_pos(K(turn=4, phase="german-movement") + g("HOLD", "W4415", values=dict(INF, stacking=1)) + units)
    memory = MercuryMemory()
    rs.remember(before, after, memory)
    assert {v["how"] for v in memory.om_arrivals.values()} == {"airlanded"}
    nxt = position(K(turn=4, phase="german-bombardment") + g("HOLD", "W4415", values=dict(INF, stacking=1)) + units)
    nxt.memory = memory.snapshot()
    assert "OM 6.52" in {f.rule for f in rs.check(nxt)}
    nxt.memory = type(memory)(om_arrivals={k: v for k, v in list(memory.om_arrivals.items())[:3]})
    assert "OM 6.52" not in {f.rule for f in rs.check(nxt)}


def test_remember_sca_release_offmap_start_refusal_and_losses():
    """The Suda Command Area release (a German unit ending its Movement Phase beside the area), the
    Allied units that start in an off-map box, a refusal, a lost HQ and lost militia are recorded."""
    rs, start = _rs_pos(K(turn=1, phase="recovery") + a("BOX", "offmap-sitia") + a("HQ", "W4314", **HQ)
                        + a("M", "W4228", **MIL))
    memory = MercuryMemory()
    rs.remember(None, start, memory)
    assert memory.om_offmap_start == ["BOX"]
    _, moved = _rs_pos(K(turn=3, phase="german-movement") + g("G", "W3925") + a("BOX", "offmap-sitia"))
    rs.remember(start, moved, memory)
    assert memory.om_sca_released == 3
    assert set(memory.om_hq_lost) == {"HQ"} and memory.om_hq_lost["HQ"]["sector"] == "sector-maleme-suda"
    assert memory.om_militia_off == ["M"]
    _, pre = _rs_pos(K(turn=3, phase="german-combat-declaration") + g("G", "W4313") + a("B", "W4314"))
    _, post = _rs_pos(K(turn=3, phase="german-combat-refusal") + g("G", "W4313") + a("B", "W4315"))
    rs.remember(pre, post, memory)
    assert memory.om_refused == {"turn": 3, "segment": "german", "units": ["B"]}


def test_no_sca_release_far_from_the_area():
    """OM 4.64: a German unit ending the Movement Phase far from the area (W4314) releases nothing."""
    rs, a0 = _rs_pos(K(turn=3, phase="german-paradrop") + g("G", "W4313"))
    _, a1 = _rs_pos(K(turn=3, phase="german-movement") + g("G", "W4314"))
    memory = MercuryMemory()
    rs.remember(a0, a1, memory)
    assert memory.om_sca_released is None


@pytest.mark.parametrize("text, word", [
    ('om_arrivals = {G = {turn = 1, how = "flew"}}', "om_arrivals.G"),
    ('om_fatigued = "G"', "om_fatigued"),
    ('om_sca_released = "soon"', "om_sca_released"),
    ('om_refused = {units = "A"}', "om_refused"),
    ('om_hq_lost = {HQ = 3}', "om_hq_lost"),
    ('time = "dusk"', "time"),
    ('air_resupply = "W9999"', "air_resupply"),
    ('supply_previous = {german = {sector-retimo = 2}}', "supply_previous"),
])
def test_bad_state_keys_are_refused(text, word):
    """[state] history keys of the wrong shape are input errors naming the key."""
    with pytest.raises(InputError) as exc:
        position(K() + "\n[state]\n" + text + "\n")
    assert word in str(exc.value)



@pytest.mark.parametrize("turn, written, ok", [
    (3, "Night", True), (3, "夜間", True), (4, "AM", True), (2, " pm ", True),   # any capitals; 3.2's 夜間
    (1, "night", False), (3, "am", False), (5, "AM", False),                     # the turn says otherwise
])
def test_stated_time_any_capitals_but_never_against_the_turn(turn, written, ok):
    """[state] time is read in any capitals (the turn track's AM, PM, Night; the rulebook's 夜間), and
    a time the turn number contradicts (3.2: GT1 = 20 May AM, then PM, Night) is refused naming both:
    the position would say two things."""
    text = K(turn=turn, phase="german-movement") + f'\n[state]\ntime = "{written}"\n'
    if ok:
        position(text)
        return
    with pytest.raises(InputError) as exc:
        position(text)
    assert "contradicts turn" in str(exc.value)


def test_kit_marker_on_a_unit_no_rule_reads_is_listed_and_both_fire_faces_refused():
    """A kit marker written as a unit's status that no rule reads there (the Improved Position, 9.23,
    lies on a hex) is listed as ignored, naming where it belongs; Fatigue is read and is not. Both
    faces of the fire marker (11.11: First Fire flipped to Final Fire) on one unit are refused."""
    pos = position(K(turn=5, phase="german-combat") + '\n[[units]]\nunit = "G-Koch"\nhex = "W4313"\n'
                   'status = ["IP", "Fatigue"]\n')
    assert len(pos.ignored) == 1 and "status 'ip' of Koch" in pos.ignored[0] and "[[hexes]] markers" in pos.ignored[0]
    with pytest.raises(InputError) as exc:
        position(K(turn=5, phase="german-combat") + '\n[[units]]\nunit = "G-1-7-Art"\nhex = "W4313"\n'
                 'status = ["first_fire", "final_fire"]\n')
    assert "both First Fire and Final Fire" in str(exc.value)


@pytest.mark.parametrize("turn, box, ok", [(3, "air-bombardment", False), (6, "air-interdiction", False),
                                           (2, "air-bombardment", True), (3, "air-ready", True)])
def test_no_air_mission_in_a_night_turn(turn, box, ok):
    """OM 12.15: at the end of the Air Unit Allocation Phase of a Night turn (GT3, GT6) no air unit
    has been put from Ready into a mission box; in a day turn (GT2) it may, and at night the Ready
    box is no mission. (One left there from the last turn: 12.23a, test_rules_operation_mercury_review_rp24.)"""
    got = rules(K(turn=turn, phase="air-allocation") + f'\n[[units]]\nunit = "G-Ju88-1"\nhex = "{box}"\n'
                'previous = "air-ready"\n')
    assert ("OM 12.15" not in got) is ok, got

def test_state_example_files_pass_the_check_cli(tmp_path):
    """The position files under tests/data/positions/operation_mercury load and give the findings
    their names announce (legal_*: none; illegal_*: at least one)."""
    from rules_util import POSITIONS
    from vmodgen.rules.position_file import load_position
    files = sorted((POSITIONS / "operation_mercury").glob("*.toml"))
    assert files
    for f in files:
        p = load_position(f)
        got = ruleset_for(p.game).check(p)
        assert bool(got) is f.name.startswith("illegal"), (f.name, [str(x) for x in got])


def test_greek_militia_always_adequate():
    """OM 13.65: Greek militia count as Adequate whatever their sector's level; other Allied units
    there take it."""
    from rules_util import status
    text = K(turn=14, phase="supply") + a("M", "W4228", **MIL) + a("A", "W4314") + state(
        supply={"allied": {"sector-maleme-suda": "low"}})
    assert status(text, "allied") == {"M": "adequate", "A": "low"}


def test_dispersed_hq_cannot_coordinate():
    """OM 8.13: a dispersed HQ in W4413 cannot coordinate the attack on W4314; undispersed it can."""
    hq = lambda *st: g("HQ", "W4413", type="hq", status=list(st),
                       values={"command_range": 2, "stacking": 1, "movement": 5, "efficiency": 7})
    body = a("B23", "W4314") + g("Koch", "W4313") + table("attacks", hex="W4314", units=["Koch"], hq="HQ")
    assert rules(K(turn=5, phase="german-combat") + hq() + body) == []
    assert rules(K(turn=5, phase="german-combat") + hq("dispersed") + body) == ["OM 8.13"]


def test_remember_airlanding_judged_at_the_phase_start():
    """OM 6.51, 6.56 from the audit's record: a unit that entered the map in the German Movement
    Phase and moved off Maleme airfield is recorded on W4415 with the airfield's state at the phase
    start: held by HOLD and in the EZOC of the Allied unit in W4314 (capacity 2, no move)."""
    rs, before = _rs_pos(K(turn=4, phase="german-paradrop") + g("HOLD", "W4415") + a("A", "W4314"))
    _, after = _rs_pos(K(turn=4, phase="german-movement") + g("HOLD", "W4415")
                       + a("A", "W4314") + g("L", "W4414"))
    memory = MercuryMemory()
    rs.remember(before, after, memory)
    assert memory.om_arrivals["L"] == {"turn": 4, "how": "airlanded", "hex": "W4415", "held": True,
                                          "cap": 2, "cut": "6.56"}
    _, empty = _rs_pos(K(turn=4, phase="german-paradrop") + a("A", "W4313"))
    rs.remember(empty, after, memory)
    assert memory.om_arrivals["L"]["held"] is False and memory.om_arrivals["L"]["cut"] == ""


def test_remember_unloading_judged_at_the_landing():
    """OM 5.25 from the audit's record: a unit unloaded at the Suda minor port W4031 out of enemy ZOC
    stays legal when a German unit comes beside it later in the turn; one unloaded into EZOC is
    recorded so and found."""
    rs, before = _rs_pos(K(turn=3, phase="amphibious-landing"))
    _, after = _rs_pos(K(turn=3, phase="naval-unloading") + a("U", "W4031"))
    memory = MercuryMemory()
    rs.remember(before, after, memory)
    assert memory.om_arrivals["U"] == {"turn": 3, "how": "unloaded", "hex": "W4031", "ezoc": False}
    later = position(K(turn=3, phase="german-movement") + a("U", "W4031") + g("G", "W4030"))
    later.memory = memory.snapshot()
    assert "OM 5.25" not in {f.rule for f in rs.check(later)}
    _, hot = _rs_pos(K(turn=3, phase="naval-unloading") + a("U", "W4031") + g("G", "W4030"))
    memory = MercuryMemory()
    rs.remember(before, hot, memory)
    later.memory = memory.snapshot()
    assert "OM 5.25" in {f.rule for f in rs.check(later)}


def test_remember_paradropped_artillery_without_fire_marker():
    """SoP IV.A.4, OM 11.11 from the audit's record: artillery paradropped without a First Fire
    marker at the end of the Paradrop Phase is found at a later phase end; with one, not."""
    art = dict(type="artillery", values={"bombardment": 3, "range": 3, "movement": 3, "stacking": 1})
    rs, before = _rs_pos(K(turn=1, phase="naval-unloading"))
    for st, found in (([], True), (["first_fire"], False)):
        _, after = _rs_pos(K(turn=1, phase="german-paradrop") + g("ART", "W4010", status=st, **art))
        memory = MercuryMemory()
        rs.remember(before, after, memory)
        later = position(K(turn=1, phase="german-movement") + g("ART", "W4010", status=st, **art))
        later.memory = memory.snapshot()
        assert ("OM 11.11" in {f.rule for f in rs.check(later)}) is found


# ---- scenarios (14.1-14.3, 23.1-23.3) -------------------------------------------------------------------
def _scn(scenario: str, turn: int, unit: str, hexid: str) -> str:
    return (f'[position]\ngame = "operation-mercury"\nscenario = "{scenario}"\nturn = {turn}\nphase = "german-movement"\n\n'
            f'[[units]]\nunit = "{unit}"\nhex = "{hexid}"\n')


def test_scenario_turns_and_play_area():
    """OM 14.1, 14.2, 23.3: Scenario 1 lasts GT1-6 on the west map, Scenario 2 GT2-9 on the east
    map, Scenario 6 at most GT36 on both; a unit on the other sheet or a turn outside the scenario is
    a finding of the scenario's rule; a name the kit does not have is not judged."""
    assert rules(_scn("scn1", 6, "G-Koch", "W4313")) == []
    assert rules(_scn("scn1", 7, "G-Koch", "W4313")) == ["OM 14.1"]
    assert rules(_scn("scn1", 3, "A-14-HQ", "E3135")) == ["OM 14.1"]
    assert rules(_scn("scn2", 2, "A-14-HQ", "E3135")) == []
    assert rules(_scn("scn2", 1, "A-14-HQ", "E3135")) == ["OM 14.2"]
    assert rules(_scn("scn6", 36, "A-14-HQ", "E3135")) == []
    assert rules(_scn("scn6", 37, "A-14-HQ", "E3135")) == ["OM 23.3"]
    p = position(_scn("nope", 7, "G-Koch", "W4313"))
    rs = ruleset_for(p.game)
    assert rs.check(p) == [] and "is not a scenario of this kit" in rs.take_not_judged()["OM 14.0"]


def test_paradrop_waves_and_reserve_targets():
    """OM 6.11: first-wave units paradrop on GT1, second-wave units on GT2; OM 6.12b: a reserve-wave
    target lies within 6 hexes of a German HQ already on the map (W4413 to W4407: 6; W4406: 7)."""
    def drop(turn: int, box: str, hexid: str, hq: bool = False) -> str:
        return (f'[position]\ngame = "operation-mercury"\nturn = {turn}\nphase = "german-paradrop"\nat = "during"\n\n'
                + ('[[units]]\nunit = "G-Sturm-HQ"\nhex = "W4413"\n\n' if hq else "")
                + f'[[units]]\nunit = "G-Vogel-1"\nhex = "{hexid}"\nprevious = "{box}"\nstatus = ["paradropped"]\n')
    assert rules(drop(1, "german-first-wave", "W4315")) == []
    assert rules(drop(2, "german-first-wave", "W4315")) == ["OM 6.11"]
    assert rules(drop(2, "german-second-wave", "W4315")) == []
    assert rules(drop(3, "german-second-wave", "W4315")) == ["OM 6.11"]
    assert rules(drop(4, "german-reserve-wave", "W4407", hq=True)) == []
    assert rules(drop(4, "german-reserve-wave", "W4406", hq=True)) == ["OM 6.12"]
    assert rules(drop(4, "german-reserve-wave", "W4407")) == ["OM 6.12"]


def test_reinforcement_before_its_turn():
    """OM 14.1: in Scenario 1 the kit brings Vogel (1 of 2) with the reserve wave on GT4. On the map
    on GT2 it is early: not judged while the schedule is illustrative (the set-up cards are lost),
    a finding when the schedule is the book's; on GT4 nothing is said."""
    from dataclasses import replace as swap
    head = K(turn=2, phase="german-movement").replace('turn = 2', 'turn = 2\nscenario = "scn1"')
    text = head + table("units", unit="G-Vogel-1", hex="W4415")
    p = position(text)
    rs = ruleset_for(p.game)
    rs.take_not_judged()
    assert rs.check(p) == [] and "brings it on GT4" in rs.take_not_judged()["OM 14.1"]
    assert rules(text.replace("turn = 2", "turn = 4")) == []
    sc = p.scenario_data           # a copy: the kit's scenario is shared by every position of the kit
    p.scenario_data = swap(sc, reinforcements=[swap(r, illustrative=False) for r in sc.reinforcements])
    fs = rs.check(p)
    assert [f.rule for f in fs] == ["OM 14.1"] and "arrives on GT4" in fs[0].message
