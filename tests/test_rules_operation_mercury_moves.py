"""Operation Mercury movement limits by turn, sector and arrival (4.17, 4.18, 4.52-4.64, 6.51-6.56,
11.11, 17.37, 17.52): each predicate with a legal and an illegal position. Hex IDs are an inline
odd-q grid as in spec §3.1 (4314's neighbours: 4313, 4315, 4214, 4414, 4215, 4415)."""
from __future__ import annotations

from om_util import INF, a, g
from om_util import inline as H
from om_util import kit as K
from rules_util import position, rules, state, table
from vmodgen.rules import ruleset_for


def sector(id: str, hexes: list[str]) -> str:
    return table("areas", id=id, kind="sector", hexes=hexes)


# ---- Allied paralysis (4.61-4.63) ---------------------------------------------------------------
RETIMO = sector("sector-retimo", ["4010", "4011", "4012"])
MALEME = sector("sector-maleme-suda", ["4010", "4011", "4012"])


def test_retimo_units_do_not_move_on_turn_1():
    """OM 4.62: on GT1 an Allied unit in the Retimo sector moving 4010 → 4011 is illegal; on GT3 it
    is legal."""
    mover = a("A", "4011", previous="4010")
    assert rules(H(turn=1) + RETIMO + mover) == ["OM 4.62"]
    assert rules(H(turn=3) + RETIMO + mover) == []


def test_retimo_units_move_one_hex_on_turn_2():
    """OM 4.62: on GT2 a Retimo-sector Allied unit may move 4010 → 4011 (1 hex) but not to 4012."""
    assert rules(H(turn=2) + RETIMO + a("A", "4011", previous="4010")) == []
    assert rules(H(turn=2) + RETIMO + a("A", "4012", previous="4010")) == ["OM 4.62"]


def test_maleme_units_have_ma_one_on_turn_1():
    """OM 4.63: on GT1 a Maleme/Suda Allied unit moves 1 hex (4010 → 4011), not 2 (→ 4012); Germans
    are not paralysed."""
    assert rules(H(turn=1) + MALEME + a("A", "4011", previous="4010")) == []
    assert rules(H(turn=1) + MALEME + a("A", "4012", previous="4010")) == ["OM 4.63"]
    assert rules(H(turn=1) + MALEME + g("G", "4012", previous="4010")) == []


def test_units_that_started_off_map_wait_until_turn_7():
    """OM 4.61: an Allied unit listed in om_offmap_start moving on GT4 is illegal; on GT7 it is
    legal; a unit not listed moves freely."""
    st = state(om_offmap_start=["A"])
    assert rules(H(turn=4) + a("A", "4011", previous="4010") + st) == ["OM 4.61"]
    assert rules(H(turn=7) + a("A", "4011", previous="4010") + st) == []
    assert rules(H(turn=4) + a("B", "4011", previous="4010") + st) == []


# ---- Suda Command Area (4.64) ------------------------------------------------------------------
SCA = table("areas", id="suda-command-area", kind="command_area", hexes=["4010", "4011"])
SCA_UNIT = dict(flags=["suda_command_area"])


def test_sca_units_may_not_leave_before_turn_7():
    """OM 4.64: on GT3 an SCA unit moving 4011 → 4012 (outside the area) is illegal; inside the area
    (4010 → 4011) is legal; a unit without the light-blue box leaves freely."""
    assert rules(H(turn=3) + SCA + a("S", "4012", previous="4011", **SCA_UNIT)) == ["OM 4.64"]
    assert rules(H(turn=3) + SCA + a("S", "4011", previous="4010", **SCA_UNIT)) == []
    assert rules(H(turn=3) + SCA + a("S", "4012", previous="4011")) == []


def test_sca_one_unit_per_turn_from_turn_7():
    """OM 4.64: on GT8 one SCA unit may leave; two may not. From GT13 any number may."""
    one = a("S1", "4012", previous="4011", **SCA_UNIT)
    two = one + a("S2", "4112", previous="4011", **SCA_UNIT)
    assert rules(H(turn=8) + SCA + one) == []
    assert rules(H(turn=8) + SCA + two) == ["OM 4.64"]
    assert rules(H(turn=13) + SCA + two) == []


def test_sca_released_by_german_unit():
    """OM 4.64: once a German unit ended a Movement Phase beside the area (om_sca_released = 2),
    SCA units leave freely on GT3."""
    assert rules(H(turn=3) + SCA + a("S", "4012", previous="4011", **SCA_UNIT) + state(om_sca_released=2)) == []


# ---- arrivals (4.17, 4.18, 6.54-6.56, 17.37d, 17.52) -----------------------------------------------
def test_paradropped_unit_moves_one_hex_from_state():
    """OM 4.18: a unit the audit recorded as paradropped this turn (om_arrivals) may move 1 hex, not 2."""
    st = state(om_arrivals={"G": {"turn": 1, "how": "paradrop", "hex": "4011"}})
    assert rules(H(turn=1) + g("G", "4012", previous="4011") + st) == []
    assert rules(H(turn=1) + g("G", "4013", previous="4011") + st) == ["OM 4.18"]
    assert rules(H(turn=2) + g("G", "4013", previous="4011") + st) == []     # an old arrival


AIRFIELD = table("hexes", hex="4011", features=["airfield"])


def test_airlanded_unit_moves_half_its_ma():
    """OM 6.54: an airlanded MA-5 unit moves at most 2 MP (4011 → 4013), not 3 (→ 4014); a German
    unit already held the airfield."""
    base = H(turn=1) + AIRFIELD + g("HOLD", "4011")
    assert rules(base + g("L", "4013", previous="4011", status=["airlanded"])) == []
    assert rules(base + g("L", "4014", previous="4011", status=["airlanded"])) == ["OM 6.54"]


def test_airlanded_unit_on_airfield_in_ezoc_may_not_move():
    """OM 6.56: with an Allied unit beside the airfield (4011 in its ZOC) the airlanded unit may not
    move at all."""
    base = H(turn=1) + AIRFIELD + g("HOLD", "4011") + a("E", "3911")
    assert rules(base + g("L", "4011", status=["airlanded"])) == []
    assert rules(base + g("L", "4111", previous="4011", status=["airlanded"])) == ["OM 6.56"]


def test_airlanded_unit_in_range_of_artillery_may_not_move():
    """OM 6.55: an airfield in range (3) of non-fatigued Allied artillery in 4014: airlanded units
    stay; with the artillery fatigued they move."""
    art = dict(type="artillery", values={"bombardment": 3, "range": 3, "movement": 3, "stacking": 1})
    base = H(turn=1) + AIRFIELD + g("HOLD", "4011") + g("L", "4010", previous="4011", status=["airlanded"])
    assert rules(base + a("ART", "4014", **art)) == ["OM 6.55"]
    assert rules(base + a("ART", "4014", status=["fatigue"], **art)) == []


def test_airlanding_capacity():
    """OM 6.52: 7 steps at a Maleme-sector airfield: three 2-step units (6) are legal, four (8) are
    not; with an airfield hex in EZOC (6.56) the capacity is 2: one 2-step unit only."""
    sec = sector("sector-maleme-suda", ["4011"])
    two = dict(status=["airlanded"], steps=2, values=dict(INF, stacking=1))
    base = H(turn=1) + AIRFIELD + sec + g("HOLD", "4011", values=dict(INF, stacking=1))
    three = "".join(g(f"L{i}", "4011", **two) for i in range(3))
    assert rules(base + three) == []
    assert rules(base + three + g("L9", "4011", **two)) == ["OM 6.52"]
    assert rules(base + g("L0", "4011", **two) + a("E", "3911")) == []
    assert rules(base + three + a("E", "3911")) == ["OM 6.52"]


def test_airlanding_needs_day_and_a_held_airfield():
    """OM 6.51: airlanding at night, or onto an airfield no German unit held before, is illegal;
    onto a non-airfield hex too."""
    land = g("L", "4011", status=["airlanded"])
    assert rules(H(turn=1) + AIRFIELD + g("HOLD", "4011") + land) == []
    assert rules(H(turn=3) + AIRFIELD + g("HOLD", "4011") + land) == ["OM 6.51"]      # GT3 = 20 Night
    assert rules(H(turn=1) + AIRFIELD + land) == ["OM 6.51"]
    assert rules(H(turn=1) + g("HOLD", "4011") + land) == ["OM 6.51"]


def test_unloaded_unit_spends_half_ma_on_landing():
    """OM 4.17: an MA-5 unit unloaded at the anchorage 4011 has 2 MP left: 4011 → 4013 is legal,
    → 4014 is not."""
    port = table("hexes", hex="4011", features=["anchorage"])
    assert rules(H(turn=3) + port + a("U", "4013", previous="4011", status=["unloaded"])) == []
    assert rules(H(turn=3) + port + a("U", "4014", previous="4011", status=["unloaded"])) == ["OM 4.17"]


def test_unloading_only_at_port_out_of_ezoc():
    """OM 5.25, 4.17: unloading at an anchorage is legal; in enemy ZOC, or on a plain hex, it is not."""
    port = table("hexes", hex="4011", features=["anchorage"])
    u = a("U", "4011", status=["unloaded"])
    assert rules(H(turn=3) + port + u) == []
    assert rules(H(turn=3) + port + u + g("G", "4012")) == ["OM 5.25"]
    assert rules(H(turn=3) + u) == ["OM 4.17"]


def test_units_unloaded_into_a_box_do_not_move():
    """OM 17.37d, 4.57: a unit unloaded into the Sitia box may not leave it that turn; unloading
    into a box other than Sitia or Tymbakion is illegal."""
    box = table("boxes", id="offmap-sitia", adjacent=["4008"]) + table("boxes", id="offmap-east", adjacent=["4009"])
    st = state(om_arrivals={"U": {"turn": 3, "how": "unloaded", "hex": "offmap-sitia"}})
    assert rules(H(turn=3) + box + a("U", "offmap-sitia") + st) == []
    assert rules(H(turn=3) + box + a("U", "4008", previous="offmap-sitia") + st) == ["OM 17.37"]
    st2 = state(om_arrivals={"U": {"turn": 3, "how": "unloaded", "hex": "offmap-east"}})
    assert rules(H(turn=3) + box + a("U", "offmap-east") + st2) == ["OM 4.57"]


def test_coastal_steamer():
    """OM 17.52: a unit carried by the steamer to W4031 at night with no enemy near moves 1 hex in the
    next Movement Phase, not 2; the steamer does not sail by day or with enemies within 1 hex."""
    rules_ = "\n[rules]\nom_steamer_ports = \"4010, 4020\"\n"
    arr = lambda: {"S": {"turn": 3, "how": "steamer", "hex": "4020"}}
    assert rules(H(turn=3) + a("S", "4020") + rules_ + state(om_arrivals=arr())) == []
    assert rules(H(turn=3) + a("S", "4021", previous="4020") + rules_ + state(om_arrivals=arr())) == []
    assert rules(H(turn=3) + a("S", "4022", previous="4020") + rules_ + state(om_arrivals=arr())) == ["OM 17.52"]
    assert rules(H(turn=3) + a("S", "4020") + g("G", "4011") + rules_ + state(om_arrivals=arr())) == ["OM 17.52"]
    day = {"S": {"turn": 2, "how": "steamer", "hex": "4020"}}
    assert rules(H(turn=2) + a("S", "4020") + rules_ + state(om_arrivals=day)) == ["OM 17.52"]


def test_naval_unloading_move_ending_in_no_steamer_port_is_out_of_phase():
    """OM 4.0, 17.52 (「沿岸汽船は…E3136…とスーダ（ヘクス W4031）の小港間でのみ機能する」, 「移動させる
    ユニットは、どちらかのヘクスで開始しなければならず」), Night turn 9, Naval Unloading Phase, an Allied
    unit: W3015 → W3016 ends in neither port, no steamer trip but a move outside the Movement
    Phase (4.0, naming the ports); so is W4031 → W4032 and W4031 → W3016, from a port to a hex
    that is not the other one (review revl12 #5: before, "came by the coastal steamer to W4032",
    a land step read as a trip). W3016 → E3136 is a trip that did not start in a port: 17.52
    names where it sailed from (before: it named only the ports, as if E3136 were the fault)."""
    def found(previous: str, hex_: str = "W3016") -> tuple[list[str], str]:
        p = position(K(turn=9, phase="naval-unloading")
                     + table("units", unit="A-B-23-NZ", hex=hex_, previous=previous))
        got = ruleset_for(p.game).check(p)
        return [f.rule for f in got], " ".join(f.message for f in got)
    for previous, hex_ in (("W3015", "W3016"), ("W4031", "W4032"), ("W4031", "W3016")):
        rules_, message = found(previous, hex_)
        assert rules_ == ["OM 4.0"], (previous, hex_, message)
        assert "E3136 and W4031" in message and "coastal steamer to" not in message
    assert found("W4031", "E3136") == ([], "")                 # port to port: the trip itself
    rules_, message = found("W3016", "E3136")
    assert rules_ == ["OM 17.52"], message
    assert ("came by the coastal steamer to E3136, but it sailed from W3016: the steamer carries only a unit "
            "that starts in E3136 or W4031") in message


# ---- off-map boxes (4.52-4.58) --------------------------------------------------------------------
BOXES = table("boxes", id="offmap-a", adjacent=["4020", "4120"]) + table("boxes", id="offmap-b", adjacent=["4420"])
LINKS = "\n[rules]\nom_box_links = \"offmap-a:offmap-b\"\n"


def test_entering_a_box_from_its_edge_with_mp_left():
    """OM 4.52-4.53: 4017 → 4020 costs 3 of 5 MP, then into box A: legal; from 4015 the edge costs
    all 5 MP, leaving none: illegal; entering from 4019 (not an edge hex of A) is illegal."""
    assert rules(H(turn=5) + BOXES + g("G", "offmap-a", previous="4017")) == []
    assert rules(H(turn=5) + BOXES + g("G", "offmap-a", previous="4015")) == ["OM 4.53"]
    assert rules(H(turn=5) + BOXES + g("G", "offmap-a", previous="4018", path=["4018", "4019", "offmap-a"])) \
        == ["OM 4.52"]


def test_leaving_a_box_through_its_edge():
    """OM 4.56: from box A to 4120 (an edge hex) and on to 4121: legal; to 4420 (box B's edge) is
    illegal."""
    assert rules(H(turn=5) + BOXES + g("G", "4121", previous="offmap-a")) == []
    assert rules(H(turn=5) + BOXES + g("G", "4421", previous="offmap-a", path=["offmap-a", "4420", "4421"])) \
        == ["OM 4.56"]


def test_box_to_box_only_when_adjacent():
    """OM 4.54 (「1 つのマップ外ボックスから隣接するマップ外ボックスへ移動する」: from an off-map box to an
    adjacent one): box A → box B is legal when the boxes are linked (om_box_links), illegal when A's
    links are on record and B is not among them; with no link on record for either box, not judged."""
    move = g("G", "offmap-b", previous="offmap-a")
    assert rules(H(turn=5) + BOXES + LINKS + move) == []
    other = BOXES + table("boxes", id="offmap-c") + "\n[rules]\nom_box_links = \"offmap-a:offmap-c\"\n"
    assert rules(H(turn=5) + other + move) == ["OM 4.54"]
    p = position(H(turn=5) + BOXES + move)
    rs = ruleset_for(p.game)
    rs.take_not_judged()
    assert rs.check(p) == [] and "OM 4.54" in rs.take_not_judged()


def test_no_paradrop_into_a_box():
    """OM 4.58: a paradropped unit in box A is illegal; on a map hex it is legal."""
    assert rules(H(turn=1) + BOXES + g("P", "4020", status=["paradropped"])) == []
    assert rules(H(turn=1) + BOXES + g("P", "offmap-a", status=["paradropped"])) == ["OM 4.58"]


# ---- fire markers on moved artillery (11.11, 13.32) ------------------------------------------------
def test_moved_artillery_takes_a_fire_marker():
    """OM 11.11, 13.32: artillery or AA that moved 4010 → 4011 without a First/Final Fire marker is
    illegal at the end of the phase; with First Fire it is legal; a mortar needs none (13.41)."""
    art = dict(previous="4010", values={"movement": 3, "stacking": 1, "range": 3})
    assert rules(H() + g("ART", "4011", type="artillery", **art)) == ["OM 11.11"]
    assert rules(H() + g("AA", "4011", type="aa", **art)) == ["OM 11.11"]
    assert rules(H() + g("ART", "4011", type="artillery", status=["first_fire"], **art)) == []
    assert rules(H() + g("M", "4011", type="mortar", **art)) == []


# ---- more movement and stacking predicates ------------------------------------------------------------
def test_transient_overstack_during_a_phase_is_legal():
    """OM 4.31, 4.12 (ST-3): 8 SP in W4314 during the German Movement Phase is legal; at its end it
    is not."""
    kit = '[position]\ngame = "operation-mercury"\nturn = 4\nphase = "german-movement"\n'
    body = "".join(g(f"G{i}", "W4314") for i in range(4))
    assert rules(kit + 'at = "during"\n' + body) == []
    assert rules(kit + body) == ["OM 4.31"]


def test_amphibious_landing_six_steps():
    """OM 17.43 A2 (ST-5): 6 steps landed in 4011 is legal, 8 is not."""
    land = dict(status=["landed"], steps=2, values=dict(INF, stacking=1))
    three = "".join(a(f"L{i}", "4011", **land) for i in range(3))
    assert rules(H(turn=3) + three) == []
    assert rules(H(turn=3) + three + a("L9", "4011", **land)) == ["OM 17.43"]


def test_amphibious_landing_limits():
    """OM 17.41, 17.43 A4: armor may not land amphibiously; Germans may not land inside the Suda Bay
    area; infantry landing outside it is legal."""
    bay = table("areas", id="suda-bay", kind="restricted", hexes=["4011"])
    assert rules(H(turn=3) + bay + g("L", "4012", status=["landed"])) == []
    assert rules(H(turn=3) + bay + g("L", "4011", status=["landed"])) == ["OM 17.43"]
    assert rules(H(turn=3) + g("T", "4012", status=["landed"], type="armor", movement_class="armor")) == ["OM 17.41"]


def test_arrival_turn_unit_never_moves_zoc_to_zoc():
    """OM 5.23 with 4.18 (Z-3): a unit paradropped this turn in 4313 (EZOC of 4314) may step to 4312
    (out of EZOC) but not to 4414 (EZOC): its MA is 1 hex, below 5."""
    base = H(turn=1) + a("A", "4314")
    assert rules(base + g("P", "4312", previous="4313", status=["paradropped"])) == []
    assert rules(base + g("P", "4414", previous="4313", status=["paradropped"])) == ["OM 5.23"]


def test_move_into_enemy_box_is_an_attack():
    """OM 4.55 (Z-4): moving from edge hex E2445 into the eastern Heraklion box held by an Allied unit
    is an off-map attack, not a breach; moving into an enemy map hex is (test_never_enter_enemy_hex)."""
    kit = '[position]\ngame = "operation-mercury"\nturn = 8\nphase = "german-movement"\nat = "during"\n'
    body = a("A", "offmap-heraklion-east") + g("G", "offmap-heraklion-east", previous="E2445")
    assert rules(kit + body) == []


def test_wheeled_zoc_and_movement_stop_at_prohibited_terrain():
    """OM 5.14: a wheeled Allied unit in 4314 exerts no ZOC into mountain 4315 (prohibited to it) and
    may not move there; an infantry unit does both."""
    from rules_util import position
    from vmodgen.rules import ruleset_for
    mtn = table("hexes", hex="4315", terrain="mountain") + '\n[rules]\nmove_cost_mountain_wheeled = "no"\n'
    wheeled = dict(type="motorcycle_infantry", movement_class="wheeled")
    p = position(H() + mtn + a("W", "4314", **wheeled))
    rs = ruleset_for(p.game)
    z = rs.zoc(rs.board(p), "allied")
    assert "4315" not in z and "4313" in z
    assert rules(H() + mtn + a("W", "4315", previous="4314", path=["4314", "4315"], **wheeled)) == ["OM 4.14"]
    assert rules(H() + mtn + a("I", "4315", previous="4314")) == []


def test_always_one_hex_but_never_with_ma_zero():
    """OM 4.15: a unit with MA 5 may always move 1 hex, even into a 6-MP hex; a unit with MA 0 never
    moves."""
    costly = table("hexes", hex="4315", terrain="mountain") + "\n[rules]\nmove_cost_mountain = 6\n"
    assert rules(H() + costly + g("G", "4315", previous="4314")) == []
    assert rules(H() + g("G", "4315", previous="4314", values=dict(INF, movement=0))) == ["OM 4.13"]


def test_allied_strategic_move_through_interdicted_sector():
    """OM 4.43, 12.42d: an Allied strategic move along the road 4010-4013 is legal; with 4012 in a
    sector at interdiction level 1 it is not."""
    road = table("lines", kind="road", hexes=["4010", "4011", "4012", "4013"])
    mover = a("S", "4013", mode="strategic", movement_class="foot", previous="4010", path=["4010", "4011", "4012", "4013"])
    inter = sector("sector-retimo", ["4012"]) + state(interdiction={"sector-retimo": 1})
    assert rules(H(turn=5) + road + mover) == []
    assert rules(H(turn=5) + road + mover + inter) == ["OM 4.43"]


def test_paradropped_artillery_takes_first_fire():
    """SoP IV.A.4, OM 11.11: paradropped artillery without a First Fire marker at the end of the
    German Paradrop Phase is illegal; with one it is legal."""
    kit = '[position]\ngame = "operation-mercury"\nturn = 1\nphase = "german-paradrop"\n'
    art = dict(type="artillery", values={"bombardment": 3, "range": 3, "movement": 3, "stacking": 1})
    assert rules(kit + g("ART", "W4010", status=["paradropped"], **art)) == ["OM 11.11"]
    assert rules(kit + g("ART", "W4010", status=["paradropped", "first_fire"], **art)) == []


def test_one_hex_minimum_covers_the_direct_step_only():
    """OM 4.15, 5.23: a German MA-4 unit in 4313 (EZOC of 4314) may not step straight into 4414
    (EZOC: ZOC to ZOC needs MA 5); going round by 4413 costs 2 MP and is legal with MA 4, but not
    when 4413 is a 6-MP hex: the finding then names the rule the direct step breaks (5.23)."""
    base = H() + a("A", "4314") + g("G", "4414", previous="4313", values=dict(INF, movement=4))
    assert rules(base) == []
    costly = table("hexes", hex="4413", terrain="mountain") + "\n[rules]\nmove_cost_mountain = 6\n"
    assert rules(base + costly) == ["OM 5.23"]


def test_worked_example_hexes_on_the_kit_map():
    """Spec §3.1 / 12.2, the examples' hexes on the bundled map: the AA in W4415 is beside the drops
    into W4414 and W4315 (6.42 example, 13.31b) but not beside W4215 (distance 2) or W4317 (3);
    the three attack hexes W4313, W4214, W4215 and the reacting W4315 touch W4314; Canea's two
    hexes W4227 and W4228 touch."""
    from vmodgen.model import load_kit
    m = load_kit("operation-mercury").map
    assert all(m.adjacent(x, "W4415") for x in ("W4414", "W4315"))
    assert (m.distance("W4215", "W4415"), m.distance("W4317", "W4415")) == (2, 3)
    assert all(m.adjacent(x, "W4314") for x in ("W4313", "W4214", "W4215", "W4315"))
    assert m.adjacent("W4227", "W4228") and not m.adjacent("W4213", "W4314")


def test_moves_only_in_own_movement_phase():
    """OM 4.0: a unit moves in its own side's Movement Phase only: a German move in the Allied
    Movement Phase, an Allied one in the German, and a move (not a retreat or advance) in a
    Bombardment Phase are findings; a retreat in a Combat Phase, a steamer in the Naval Unloading
    Phase and a returning militia unit placed in the Recovery Phase are not moves of this rule."""
    def mover(uid: str, phase: str, **kw) -> list[str]:
        return rules(K(turn=8, phase=phase) + table("units", unit=uid, hex="W3016", previous="W3015", **kw))
    assert mover("G-Koch", "german-movement") == []
    assert mover("G-Koch", "allied-movement") == ["OM 4.0"]
    assert mover("A-B-23-NZ", "german-movement") == ["OM 4.0"]
    assert mover("A-B-23-NZ", "allied-movement") == []
    assert mover("G-Koch", "german-bombardment") == ["OM 4.0"]
    assert "OM 4.0" not in mover("A-B-23-NZ", "german-combat", mode="retreat")
    assert "OM 4.0" not in rules(K(turn=9, phase="naval-unloading") + table(
        "units", unit="A-B-23-NZ", hex="E3136", previous="W4031", status=["steamer"]))
    assert "OM 4.0" not in rules(K(turn=10, phase="recovery") + table(
        "units", unit="A-GkMil-3", hex="E3409", previous="greek-militia-removed"))
    airland = table("units", unit="G-Koch", hex="W4415") + table("units", unit="G-Lehr", hex="W4415",
                                                                  previous="german-airlanding")
    assert rules(K(turn=3, phase="german-combat") + airland) == ["OM 4.0"]


def test_retreat_off_the_map_into_a_box():
    """OM 9.61: no retreat off the map sheet: into a box the hex is no edge hex of, a finding; into
    the box beside its edge hex, not judged (the book does not say whether a box counts)."""
    attack = table("units", unit="G-Koch", hex="E1820") + table("attacks", hex="E1720", units=["G-Koch"])
    far = table("units", unit="A-B-23-NZ", hex="offmap-tymbakion", previous="E1720", mode="retreat")
    assert rules(K(turn=8, phase="german-combat") + far + attack) == ["OM 9.61"]
    p = position(K(turn=8, phase="german-combat") + table("units", unit="A-B-23-NZ", hex="offmap-tymbakion",
                 previous="E1420", mode="retreat") + table("units", unit="G-Koch", hex="E1520"))
    rs = ruleset_for(p.game)
    rs.take_not_judged()
    assert rs.check(p) == [] and "does not say whether a box counts" in rs.take_not_judged()["OM 9.61"]


def test_ships_stay_on_the_naval_displays():
    """OM 16.15: an Allied ship is in an Alexandria box or a Task Force (the Allied Naval Display),
    never in a sea zone or on a hex; 16.16: a German naval unit may be in a sea zone, never on a hex."""
    def at(uid: str, where: str) -> list[str]:
        return rules(K(turn=8, phase="allied-naval-movement") + table("units", unit=uid, hex=where))
    assert at("A-DD-Kimberly", "allied-naval-display") == [] and at("A-DD-Kimberly", "alexandria-refit-1") == []
    assert at("A-DD-Kimberly", "sea-cape-spada") == ["OM 16.15"]
    assert at("A-DD-Kimberly", "W3015") == ["OM 16.15"]
    assert at("G-Rodi", "sea-sea-of-crete") == [] and at("G-Rodi", "athens") == []
    assert at("G-Rodi", "W4031") == ["OM 16.16"]


def test_retreats_advances_and_reactions_have_their_phases():
    """OM 9.6, 9.8, 7.41: no retreat, advance or reaction in a Movement Phase (but the retreat out of
    a box after an off-map combat, 4.55, fought during the move); no reaction by the attacking side."""
    def mv(phase: str, uid: str, prev: str, mode: str) -> list[str]:
        return rules(K(turn=8, phase=phase) + table("units", unit=uid, hex="W3016", previous=prev, mode=mode))
    assert mv("allied-movement", "G-Koch", "W3116", "retreat") == ["OM 9.6"]
    assert mv("german-movement", "G-Koch", "W3116", "advance") == ["OM 9.8"]
    assert mv("german-movement", "A-B-23-NZ", "W3015", "reaction") == ["OM 7.41"]
    assert mv("allied-defender-reaction", "A-B-23-NZ", "W3015", "reaction") == ["OM 7.41"]
    assert "OM 9.6" not in mv("german-combat", "A-B-23-NZ", "W3116", "retreat")
    box = (K(turn=8, phase="german-movement") + table("units", unit="A-B-23-NZ", hex="offmap-sitia",
           previous="offmap-heraklion-east", mode="retreat") + table("units", unit="G-Koch", hex="offmap-heraklion-east"))
    assert "OM 9.6" not in rules(box)


def test_removal_to_a_box_is_no_move_out_of_phase():
    """OM 4.0: a unit taken off the map into a holding box in a combat phase (an HQ eliminated, to
    await its replacement) is removed, not moved: no finding."""
    text = K(turn=8, phase="german-combat") + table("units", unit="A-14-HQ", hex="hq-replacement", previous="E3139")
    assert "OM 4.0" not in rules(text)
