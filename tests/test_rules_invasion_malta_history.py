"""Invasion: Malta rules that need history (what stood where at the previous phase end, carried by
``RuleSet.remember`` into ``[state]``) or a phase of the sequence of play (Reset, Recovery,
Airborne, Supply Status): a legal and an illegal position per predicate, on the bundled kit
(hexes 1918-2123 are clear; 2017 lies in the kit's north sector, 2018 in the central one)."""
from __future__ import annotations

import pytest

from im_util import INF, ORANGE, TANK, al, attack, hexes, kit, state, x
from rules_util import position, rules, table
from vmodgen.rules.games.invasion_malta.carried import MaltaMemory
from vmodgen.errors import InputError
from vmodgen.rules import ruleset_for


def test_remember_records_the_phase_end():
    """RuleSet.remember: hexes, OoS, reduced, Activation markers and airheads of the phase end; a
    unit that entered the map in the Airborne phase elsewhere than an airfield airhead is dropped."""
    before = position(kit("draw") + x("P", "axis-paradrop-kg1") + al("A", "2020", status=["activated"]))
    after = position(kit("airborne") + x("P", "2019", status=["oos"]) + al("A", "2020", status=["activated"])
                     + hexes("1623", markers=["airhead"], owner="axis"))
    rs = ruleset_for(after.game)
    memory = MaltaMemory()
    rs.remember(before, after, memory)
    assert set(memory.stated()) <= set(rs.MEMORY_KEYS)
    assert memory.prev_hexes == {"P": "2019", "A": "2020"}
    assert memory.prev_oos == ["P"] and memory.prev_activated == ["A"]
    assert memory.prev_airheads == ["1623"] and memory.dropped == ["P"]
    moved = position(kit("movement") + x("P", "2020") + al("A", "2020"))
    rs.remember(after, moved, memory)
    assert memory.prev_oos == []
    # 15.16, 15.6: the drop stays known through the activation's Combat Phase (a drift combat is
    # fought there), and is forgotten at its end
    for phase in ("combat-declaration", "bombardment", "reaction"):
        rs.remember(moved, position(kit(phase) + x("P", "2020") + al("A", "2020")), memory)
        assert memory.dropped == ["P"], phase
    rs.remember(moved, position(kit("combat") + x("P", "2020") + al("A", "2020")), memory)
    assert memory.dropped == []


def test_drops_under_a_lagging_tracker_kept_for_the_movement_phase():
    """IM 15.16 「いったん落下傘降下手順が完了したら、同じ活性化中の自軍移動フェイズ中に降下したユニットは…1 ヘクスのみ
    移動できる」: a unit that left the KG1 box for 2019 while the tracker still showed the Draw phase
    (two phases late) dropped in this activation: remembered at the Draw and Naval Transport
    phase ends, it is in ``dropped`` at the Airborne Operations Phase's end (with the drop made
    there), so its Movement Phase limits it. One that stood on the map already is no drop, and a
    phase end after the Airborne phase forgets the early drops."""
    rs = ruleset_for(position(kit("draw")).game)
    memory = MaltaMemory()
    boxed = position(kit("reset") + x("P", "axis-paradrop-kg1") + x("Q", "axis-paradrop-kg1") + x("R", "2021"))
    early = position(kit("draw") + x("P", "2019") + x("Q", "axis-paradrop-kg1") + x("R", "2022"))
    rs.remember(boxed, early, memory)
    assert memory.dropped_early == ["P"] and memory.dropped == []
    naval = position(kit("naval-transport") + x("P", "2019") + x("Q", "axis-paradrop-kg1") + x("R", "2022"))
    rs.remember(early, naval, memory)
    assert memory.dropped_early == ["P"]
    airborne = position(kit("airborne") + x("P", "2019") + x("Q", "2020") + x("R", "2022"))
    rs.remember(naval, airborne, memory)
    assert memory.dropped == ["P", "Q"] and memory.dropped_early is None
    assert rules(kit("movement", scenario="s3") + x("P", "2021", previous="2019") + x("Q", "2020")
                 + x("R", "2022") + state(dropped=memory.dropped)) == ["IM 15.16"]
    # the early drops of another Ground Sequence are forgotten once a phase from Airborne on ends
    rs.remember(boxed, early, memory)
    rs.remember(early, position(kit("reset") + x("P", "2019") + x("Q", "axis-paradrop-kg1") + x("R", "2022")),
                memory)
    assert memory.dropped_early is None


def test_oos_marker_placed_only_at_night():
    """IM 6.12 (SUP-2): a new OoS marker in a Night Supply Status Phase is legal; on a PM turn, or
    at the end of a combat phase, it is not."""
    unit = x("X", "2020", status=["oos"])
    assert rules(kit("supply-status") + unit + state(time="night", prev_oos=[])) == []
    assert rules(kit("supply-status") + unit + state(time="pm", prev_oos=[])) == ["IM 6.12"]
    assert rules(kit("combat") + unit + state(time="night", prev_oos=[])) == ["IM 6.12"]
    assert rules(kit("combat") + unit + state(time="night", prev_oos=["X"])) == []


def test_oos_marker_removed_only_when_traced():
    """IM 6.13 (SUP-5): an OoS marker removed in a Supply Status Phase where the unit traces to its
    formation's beachhead (1918) is legal; removed where the beachhead serves another formation,
    or outside the Supply Status Phase, it is not."""
    beach = hexes("1918", markers=["beachhead"], owner="axis")
    unit = x("X", "2020", formation="7")
    assert rules(kit("supply-status") + beach + unit + state(time="pm", prev_oos=["X"], beachheads={"1918": "7"})) \
        == []
    assert rules(kit("supply-status") + beach + unit + state(time="pm", prev_oos=["X"], beachheads={"1918": "O"})) \
        == ["IM 6.13"]
    assert rules(kit("movement") + beach + unit + state(prev_oos=["X"])) == ["IM 6.13"]


def test_zero_ma_units_never_change_hex():
    """IM 14.23, 8.15: a pillbox found in another hex at the end of a combat phase is illegal; an
    infantry unit that retreated is legal."""
    assert rules(kit("combat") + x("PB", "2020", type="pillbox", values=dict(INF, movement=0))
                 + state(prev_hexes={"PB": "2019"})) == ["IM 14.23"]
    assert rules(kit("combat") + x("I", "2020") + state(prev_hexes={"I": "2019"})) == []
    assert rules(kit("combat") + x("T", "2020", status=["oos"], **TANK) + state(prev_hexes={"T": "2019"})) \
        == ["IM 8.15"]


def test_orange_circle_never_retreats_or_advances():
    """IM 13.37, 13.53: an orange-circle unit in another hex at the end of a combat phase is
    illegal; at the end of a Movement Phase it is legal."""
    o = x("O", "2020", **ORANGE) + state(prev_hexes={"O": "2019"})
    assert rules(kit("combat") + o) == ["IM 13.37"]
    assert rules(kit("movement") + o) == []


def test_sector_change_takes_an_activation_marker():
    """IM 4.52: an Allied unit that went from the north sector (2017) into the central one (2018)
    carries an Activation marker (legal); without it, illegal."""
    assert rules(kit("combat") + al("A", "2018", status=["activated"]) + state(prev_hexes={"A": "2017"})) == []
    assert rules(kit("combat") + al("A", "2018") + state(prev_hexes={"A": "2017"})) == ["IM 4.52"]


def test_sector_changer_does_not_move_again():
    """IM 4.52: an Allied unit marked for a sector change earlier this turn may not move in a later
    Movement Phase; an unmarked one may."""
    move = dict(previous="2019", path=["2019", "2020"], status=["activated"])
    assert rules(kit("movement") + al("A", "2020", **move) + state(prev_activated=["A"])) == ["IM 4.52"]
    assert rules(kit("movement") + al("A", "2020", **move) + state(prev_activated=[])) == []


def test_rally_only_in_night_recovery():
    """IM 18.21: a unit back on its full side at the end of a Night Recovery Phase rallied (legal,
    with an Axis HQ in play); at the end of a PM Recovery Phase or of a combat phase it is illegal."""
    unit = x("X", "2020") + x("H", "2123", type="hq")
    assert rules(kit("recovery") + unit + state(time="night", prev_reduced=["X"])) == []
    assert rules(kit("recovery") + unit + state(time="pm", prev_reduced=["X"])) == ["IM 18.21"]
    assert rules(kit("combat") + unit + state(time="night", prev_reduced=["X"])) == ["IM 18.21"]


def test_rally_one_step_per_hq():
    """IM 18.21: one step of rally per HQ of the side in play: two reduced Axis units back on their
    full side with one Axis HQ on the map is illegal, with two HQs legal, with none one is illegal."""
    night = state(time="night", prev_reduced=["X", "Y"])
    two = x("X", "2020") + x("Y", "2120")
    assert rules(kit("recovery") + two + x("H", "2123", type="hq") + night) == ["IM 18.21"]
    assert rules(kit("recovery") + two + x("H", "2123", type="hq") + x("G", "1923", type="hq") + night) == []
    assert rules(kit("recovery") + x("X", "2020") + state(time="night", prev_reduced=["X"])) == ["IM 18.21"]


def test_rally_conditions():
    """IM 18.23, 18.28: no rally in enemy ZOC (the Allied unit in 2021) or for armour."""
    night = state(time="night", prev_reduced=["X"])
    assert rules(kit("recovery") + x("X", "2020") + al("E", "2021") + night) == ["IM 18.23"]
    assert rules(kit("recovery") + x("X", "2020", **TANK) + night) == ["IM 18.28"]


def test_airhead_placement():
    """IM 15.21: airheads 6 hexes apart are legal, 3 apart not; an airhead on a sea hex is not; a new
    one placed on a Night turn is not."""
    def airhead(hx):
        return hexes(hx, markers=["airhead"], owner="axis")
    assert rules(kit("airborne") + airhead("2020") + airhead("2620")) == []
    assert rules(kit("airborne") + airhead("2020") + airhead("2320")) == ["IM 15.21"]
    assert rules(kit("airborne") + airhead("0601")) == ["IM 15.21"]
    assert rules(kit("airborne") + airhead("2020") + state(time="night", prev_airheads=[])) == ["IM 15.21"]
    assert rules(kit("airborne") + airhead("2020") + state(time="night", prev_airheads=["2020"])) == []


def test_no_paradrop_at_night_or_in_wind():
    """IM 8.43, 5.2: a unit entering the map from its KG box in an AM Airborne phase is legal; on a
    Night turn, or paradropping in Windy weather, illegal."""
    drop = x("P", "2020") + table("hexes", hex="2020", markers=["airhead"]) + "\n"     # 15.2 intro
    was = dict(prev_hexes={"P": "axis-paradrop-kg1"})
    assert rules(kit("airborne") + drop + state(time="am", **was)) == []
    assert rules(kit("airborne") + drop + state(time="night", **was)) == ["IM 8.43"]
    # a stated Windy is the weather in Scenario 1 (round 27: with no scenario named it may be 2 or 3, Good)
    assert rules(kit("airborne", scenario="Scenario 1") + drop + state(time="am", weather="windy", **was)) == ["IM 8.43"]


def test_oos_units_attacking():
    """IM 6.15, 12.24 (SUP-3): an OoS armour unit may not attack; an OoS unit with attack 1 (halved
    below 1) may not; an OoS unit with attack 3 may."""
    d = al("D", "2021")
    road = table("lines", kind="primary_road", hexes=["2020", "2021"])    # 9.1 note: armour attacks along a road
    assert rules(kit() + road + d + x("T", "2020", status=["oos"], **TANK) + attack("2021", "T")) == ["IM 6.15"]
    assert rules(kit() + d + x("W", "2020", status=["oos"], values=dict(INF, attack=1)) + attack("2021", "W")) \
        == ["IM 12.24"]
    assert rules(kit() + d + x("S", "2020", status=["oos"]) + attack("2021", "S")) == []


def test_recovery_removes_disruption_outside_ezoc():
    """IM 3.84: at the end of the Recovery Phase a disrupted unit outside enemy ZOC is illegal; in
    enemy ZOC (2021 held by the Allies) or Italian, legal."""
    assert rules(kit("recovery") + x("X", "2020", status=["disrupted"])) == ["IM 3.84"]
    assert rules(kit("recovery") + x("X", "2020", status=["disrupted"]) + al("E", "2021")) == []
    assert rules(kit("recovery") + x("I", "2020", status=["disrupted"], nationality="italian")) == []


def test_recovery_flips_artillery_hqs_and_clears_activation():
    """IM 10.14, 10.15, 17.26, 7.22: after the Recovery Phase no Fired artillery (OoS Axis artillery
    excepted), no Spent HQ, no Activation marker remain."""
    arty = dict(values=dict(INF, range=6))
    assert rules(kit("recovery") + x("A", "2020", status=["fired"], **arty)) == ["IM 10.14"]
    assert rules(kit("recovery") + x("A", "2020", status=["fired", "oos"], **arty)) == []
    assert rules(kit("recovery") + al("B", "2020", status=["fired", "oos"], **arty)) == ["IM 10.14", "IM 6.1"]
    assert rules(kit("recovery") + x("H", "2020", type="hq", status=["spent"])) == ["IM 17.26"]
    assert rules(kit("recovery") + x("H", "2020", type="hq")) == []
    assert rules(kit("recovery") + x("U", "2020", status=["activated"])) == ["IM 7.22"]


def test_recovery_removes_captured_airheads():
    """IM 6.32: an airhead in a hex an Allied combat unit occupies is gone after the Recovery Phase
    (illegal if still there); under an Axis unit it stays (legal)."""
    head_ = hexes("2020", markers=["airhead"], owner="axis")
    assert rules(kit("recovery") + head_ + al("A", "2020")) == ["IM 6.32"]
    assert rules(kit("recovery") + head_ + x("X", "2020")) == []


def test_one_am_in_the_pool():
    """IM 7.15: at the end of a Ground Sequence (Reset Phase) the Axis Activation Pool holds one AM
    (legal), not two."""
    assert rules(kit("reset") + hexes("axis-activation-pool", markers=["am-7"])) == []
    assert rules(kit("reset") + hexes("axis-activation-pool", markers=["am-7", "am-O"])) == ["IM 7.15"]


def test_beachheads_per_zone_and_nationality():
    """IM 16.41 (SUP-4): three beachheads in the South invasion zone are legal, four are not; seven
    German beachheads over three zones are illegal, six legal."""
    def beach(*hs):
        return "".join(hexes(hx, markers=["beachhead"], owner="axis") for hx in hs)
    south = ("1124", "1125", "1226", "1227")
    assert rules(kit() + beach(*south[:3])) == []
    assert rules(kit() + beach(*south)) == ["IM 16.41"]
    seven = south[:3] + ("2041", "2042", "2043", "3712")
    german = state(beachheads={hx: "7" for hx in seven})
    assert rules(kit() + beach(*seven) + german) == ["IM 16.41"]
    six = state(beachheads={hx: "7" for hx in seven[:6]})
    assert rules(kit() + beach(*seven[:6]) + six) == []


def test_no_bombardment_from_enemy_zoc():
    """IM 10.12: artillery that turned to its Fired side in the Bombardment Phase while in enemy
    ZOC (2021 held by the Allies) is illegal; out of enemy ZOC, or already Fired before, legal."""
    arty = x("Art", "2020", status=["fired"], values=dict(INF, range=6))
    assert rules(kit("bombardment") + arty + al("E", "2021") + state(prev_fired=[])) == ["IM 10.12"]
    assert rules(kit("bombardment") + arty + state(prev_fired=[])) == []
    assert rules(kit("bombardment") + arty + al("E", "2021") + state(prev_fired=["Art"])) == []


def test_aa_fire_from_enemy_zoc_needs_company():
    """IM 11.32: an AA unit that fired in enemy ZOC is legal when a non-artillery combat unit shares
    its hex, illegal alone. In the Airborne Operations Phase AA that fired at a drop is turned Fired
    once the drops are complete (15.34), under no Attack Target marker, so 11.36 finds nothing."""
    aa = al("AA", "2020", type="light-aa", status=["fired"], values=dict(INF, range=2))
    assert rules(kit("airborne") + aa + x("E", "2021") + state(prev_fired=[])) == ["IM 11.32"]
    assert rules(kit("airborne") + aa + al("I", "2020") + x("E", "2021") + state(prev_fired=[])) == []


def test_friendly_airfield_gets_one_airhead():
    """IM 6.32, 15.72: after the Recovery Phase an airfield whose every hex holds an Axis unit, with
    Axis engineers in two adjacent hexes, carries one airhead (legal); none, or two, is illegal;
    without the engineers it gets none (legal). Hal Far is 1437, 1438, 1537, 1538 in the kit."""
    field = ("1437", "1438", "1537", "1538")
    held = "".join(x(f"X{i}", hx, type="engineer" if i < 2 else "infantry") for i, hx in enumerate(field))
    assert rules(kit("recovery") + held + hexes("1437", markers=["airhead"], owner="axis")) == []
    assert rules(kit("recovery") + held) == ["IM 6.32"]
    no_sappers = "".join(x(f"X{i}", hx) for i, hx in enumerate(field))
    assert rules(kit("recovery") + no_sappers) == []
    two = hexes("1437", markers=["airhead"], owner="axis") + hexes("1538", markers=["airhead"], owner="axis")
    assert rules(kit("recovery") + held + two) == ["IM 6.32"]


@pytest.mark.parametrize("bad, words", [
    ('prev_oos = "X"', "prev_oos must be a list of unit ids"),
    ('prev_airheads = [1623]', "prev_airheads must be a list of hexes"),
    ('prev_hexes = ["1424"]', "prev_hexes must look like"),
    ('weather = "rain"', "weather must be"),
    ('active = 7', "active must name"),
    ('motor_pool_used = -1', "motor_pool_used must be"),
])
def test_history_state_is_validated(bad, words):
    """A position stating history keys of the wrong shape is refused with a clear message."""
    with pytest.raises(InputError) as e:
        position(kit() + "\n[state]\n" + bad + "\n")
    assert words in str(e.value)


def test_units_placed_between_files_are_no_move_of_the_next_file():
    """RuleSet.placed_between (a file that does not start where the last ended: a missing file):
    the units placed differently stand, for the next phase end, where the file starts them, and
    how the Axis ones among them arrived is unknown (6.14, 6.31); the others keep the last phase
    end's hexes."""
    end = position(kit("draw") + x("P", "2019") + x("Q", "2020") + al("A", "2021"))
    rs = ruleset_for(end.game)
    memory = MaltaMemory()
    rs.remember(None, end, memory)
    assert memory.prev_hexes == {"P": "2019", "Q": "2020", "A": "2021"}
    start = position(kit("movement") + x("P", "2019") + x("Q", "1918") + al("A", "2122"))
    rs.placed_between(start, {"Q", "A", "piece-id-of-Q"}, memory)
    assert memory.prev_hexes == {"P": "2019", "Q": "1918", "A": "2122"}
    assert memory.arrival_unknown == ["Q"] and "placed differently between two files" in str(memory.arrival_unknown_why)


def test_dropped_units_move_limit_only_in_their_movement_phase():
    """IM 15.16 (「同じ活性化中の自軍移動フェイズ中に降下したユニットは移動できず（シナリオ 1 と 2）」:
    in the same activation's own Movement Phase the dropped units may not move, Scenarios 1-2).
    Position: Scenario 1, P paradropped this activation ([state] dropped, which is kept through the
    Combat Phase for 15.6) moved 2020 → 2021. In the Movement Phase: 15.16; in the Reaction or
    Combat Phase (a retreat, an advance, a Reaction the log did not name): not 15.16."""
    moved = x("P", "2021", previous="2020") + state(dropped=["P"])
    assert "IM 15.16" in rules(kit("movement", scenario="s1") + moved)
    for phase in ("reaction", "combat"):
        assert "IM 15.16" not in rules(kit(phase, scenario="s1") + moved), phase
