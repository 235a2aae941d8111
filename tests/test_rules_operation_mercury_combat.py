"""Operation Mercury combat predicates a position shows: declared attacks (7.11-7.15, 9.21, 10.22,
8.14), combat refusal (7.31-7.34), reaction limits (7.41-7.42), retreat and advance length (9.61,
9.84), with the rulebook's worked examples around Maleme (4313, 4214, 4215 → 4314)."""
from __future__ import annotations

import pytest

from om_util import INF, a, g, kit
from om_util import inline as H
from rules_util import rules, table, toml
from vmodgen.rules.games.operation_mercury.carried import MercuryMemory


def K(turn: int = 5, phase: str = "german-combat-refusal") -> str:
    """A position of the bundled kit (its sequence of play names the phases)."""
    return kit(turn, phase)


def attack(hexid: str, units: list[str], **kw) -> str:
    return table("attacks", hex=hexid, units=units, **kw)


# ---- declared attacks ---------------------------------------------------------------------------
def test_maneuver_example_attack_from_three_hexes():
    """OM 7.12, maneuver example after 9.84: Koch (4313), Von Plessen (4214) and 8/II/Sturm (4215)
    attack B/23 NZ in 4314, all adjacent: legal; the printed "5215" is not adjacent (a unit in 4216
    attacking 4314 is illegal)."""
    body = a("B23", "4314") + g("Koch", "4313") + g("VP", "4214") + g("S8", "4215")
    assert rules(H() + body + attack("4314", ["Koch", "VP", "S8"])) == []
    assert rules(H() + body + g("X", "4216") + attack("4314", ["Koch", "VP", "S8", "X"])) == ["OM 7.12"]


def test_attack_needs_an_enemy_hex():
    """OM 7.11: an attack declared on the empty hex 4314 is illegal."""
    assert rules(H() + g("G", "4313") + attack("4314", ["G"])) == ["OM 7.11"]


def test_fatigued_zero_strength_and_artillery_do_not_attack():
    """OM 7.14, 7.14a, 11.0, 13.42: a fatigued unit, a dispersed unit whose halved attack is below 1,
    and non-mortar artillery may not attack 4314; a mortar may."""
    base = H() + a("D", "4314")
    assert rules(base + g("G", "4313", status=["fatigue"]) + attack("4314", ["G"])) == ["OM 7.14"]
    weak = dict(INF, attack=1)
    assert rules(base + g("G", "4313", values=weak, status=["dispersed"]) + attack("4314", ["G"])) == ["OM 7.14"]
    assert rules(base + g("G", "4313", values=weak) + attack("4314", ["G"])) == []
    assert rules(base + g("G", "4313", type="artillery") + attack("4314", ["G"])) == ["OM 7.14"]
    assert rules(base + g("G", "4313", type="mortar") + attack("4314", ["G"])) == []
    shell = {"bombardment": 2, "defense": 1, "movement": 4, "stacking": 1}        # 13.42: no printed attack
    assert rules(base + g("M", "4313", type="mortar", values=shell) + attack("4314", ["M"])) == []
    assert rules(base + g("M", "4313", type="mortar", values=dict(shell, bombardment=1), status=["dispersed"])
                 + attack("4314", ["M"])) == ["OM 7.14"]


def test_no_retreat_from_a_hex_also_assaulted():
    """OM 9.66: the defender of 4314, the target of both a maneuver combat (Koch, 4313) and an
    assault (S, 4214) this player turn, may not retreat after the maneuver combat; with the
    maneuver combat only (an attack of unstated kind is one) it may."""
    body = g("Koch", "4313") + g("S", "4214") + a("D", "4415", previous="4314", mode="retreat")
    both = attack("4314", ["Koch"], kind="maneuver") + attack("4314", ["S"], kind="assault")
    assert rules(H() + body + both) == ["OM 9.66"]
    assert rules(H() + body + attack("4314", ["Koch", "S"])) == []


def test_off_map_combat_retreat():
    """OM 4.55: Lehr moved from the eastern Heraklion box into Sitia and beat the Allied unit there
    (DR); it retreats 1 box, never into the box Lehr came from; from the eastern Heraklion box
    (attacked from the map) it may retreat to Sitia."""
    head = kit(8, "german-movement")
    into_sitia = "\n[[units]]\nunit = \"G-Lehr\"\nhex = \"offmap-sitia\"\nprevious = \"offmap-heraklion-east\"\n"
    back = "\n[[units]]\nunit = \"A-156-AA\"\nhex = \"offmap-heraklion-east\"\nprevious = \"offmap-sitia\"\nmode = \"retreat\"\n"
    assert rules(head + into_sitia + back) == ["OM 4.55"]
    from_map = "\n[[units]]\nunit = \"G-Lehr\"\nhex = \"offmap-heraklion-east\"\nprevious = \"E2745\"\n"
    on = "\n[[units]]\nunit = \"A-156-AA\"\nhex = \"offmap-sitia\"\nprevious = \"offmap-heraklion-east\"\nmode = \"retreat\"\n"
    assert "OM 4.55" not in rules(head + from_map + on)


def test_one_target_per_unit_and_no_assault_after_maneuver():
    """OM 7.13: a unit attacking both 4314 and 4213 is illegal; OM 10.22: a unit in the maneuver
    combat against 4314 may not also assault it; two units of one stack may attack different hexes."""
    base = H() + a("D1", "4314") + a("D2", "4213") + g("G", "4313") + g("G2", "4313")
    assert rules(base + attack("4314", ["G"]) + attack("4213", ["G2"])) == []
    assert rules(base + attack("4314", ["G"]) + attack("4213", ["G"])) == ["OM 7.13"]
    both = attack("4314", ["G"], kind="maneuver") + attack("4314", ["G"], kind="assault")
    assert rules(base + both) == ["OM 10.22"]


def test_no_attack_where_the_unit_could_not_move():
    """OM 9.21, 4.24: armor in 4313 may not attack into hills 4314 unless a road crosses the hexside."""
    hills = table("hexes", hex="4314", terrain="hills")
    tank = g("T", "4313", type="armor", movement_class="armor")
    assert rules(H() + hills + a("D", "4314") + tank + attack("4314", ["T"])) == ["OM 9.21"]
    road = table("lines", kind="road", hexes=["4313", "4314"])
    assert rules(H() + hills + road + a("D", "4314") + tank + attack("4314", ["T"])) == []


def test_hq_must_be_the_attackers():
    """OM 8.14: an Allied HQ cannot coordinate a German attack."""
    hq = dict(type="hq", kind="hq", values={"command_range": 3, "stacking": 1, "movement": 5})
    base = H() + a("D", "4314") + g("G", "4313")
    assert rules(base + g("HQ", "4312", **hq) + attack("4314", ["G"], hq="HQ")) == []
    assert "OM 8.14" in rules(base + a("HQ", "4312", **hq) + attack("4314", ["G"], hq="HQ"))


# ---- combat refusal (7.31-7.34), in the bundled kit's Combat Refusal Phase ----------------------------
REFUSE = g("K", "W4313") + attack("W4314", ["K"])


def test_refusal_retreats_one_hex_out_of_ezoc():
    """OM 7.32-7.33: B/23 NZ (efficiency 6) refuses combat from W4314 to W4315 (no EZOC): legal; to
    W4214 (in the ZOC of K in W4313) it is illegal; 2 hexes (W4316) is illegal."""
    ref = lambda to, **kw: a("B23", to, previous="W4314", mode="retreat", **kw)
    assert rules(K() + REFUSE + ref("W4315")) == []
    assert rules(K() + REFUSE + ref("W4214")) == ["OM 7.33"]
    assert rules(K() + REFUSE + ref("W4316", path=["W4314", "W4315", "W4316"])) == ["OM 7.32"]


def test_refusal_not_into_a_declared_target():
    """OM 7.33: refusing into W4315, itself the target of a declared combat, is illegal."""
    other = a("C", "W4315") + g("K2", "W4316") + attack("W4315", ["K2"])
    assert rules(K() + REFUSE + other + a("B23", "W4415", previous="W4314", mode="retreat")) == []
    assert rules(K() + REFUSE + other + a("B23", "W4315", previous="W4314", mode="retreat")) == ["OM 7.33"]


def test_refusing_stack_needs_efficiency_five_and_no_fatigue():
    """OM 7.31, 9.75: a stack whose best efficiency is 4 may not refuse; nor one with a fatigued unit."""
    low = dict(INF, efficiency=4)
    assert rules(K() + REFUSE + a("B23", "W4315", previous="W4314", mode="retreat", values=low)) == ["OM 7.31"]
    assert rules(K() + REFUSE + a("B23", "W4315", previous="W4314", mode="retreat", status=["fatigue"])) \
        == ["OM 7.31"]


def test_refusing_stack_retreats_together():
    """OM 7.32: two units refusing from W4314 into W4315 together: legal; one to W4315 and one to
    W4415, or one staying, is illegal."""
    r = lambda id, to: a(id, to, previous="W4314", mode="retreat")
    assert rules(K() + REFUSE + r("A1", "W4315") + r("A2", "W4315")) == []
    assert rules(K() + REFUSE + r("A1", "W4315") + r("A2", "W4415")) == ["OM 7.32"]
    assert rules(K() + REFUSE + r("A1", "W4315") + a("A2", "W4314")) == ["OM 7.32"]


def test_no_allied_refusal_when_surprised():
    """OM 7.34: no Allied refusal on GT1 in the Maleme/Suda sector (W4314); on GT4 it is legal."""
    ref = a("B23", "W4315", previous="W4314", mode="retreat")
    assert rules(K(turn=1) + REFUSE + ref) == ["OM 7.34"]
    assert rules(K(turn=4) + REFUSE + ref) == []


def test_advance_after_refusal_six_points():
    """OM 7.32: after B/23 NZ refused, 6 SP of German units may advance into W4314; 8 SP may not."""
    ref = a("B23", "W4315", previous="W4314", mode="retreat")
    adv = lambda i: g(f"G{i}", "W4314", previous="W4313", mode="advance")
    assert rules(K() + REFUSE + ref + adv(1) + adv(2) + adv(3)) == []
    assert rules(K() + REFUSE + ref + adv(1) + adv(2) + adv(3) + adv(4)) == ["OM 4.31", "OM 7.32"]


# ---- reaction (7.41-7.42) ---------------------------------------------------------------------------
REACT = g("K", "4313") + a("D", "4314") + attack("4314", ["K"])


def test_reaction_example_either_declared_combat():
    """OM 7.41, reaction example after 8.14: the unit in 4315 may react into either declared combat,
    against 4314 or 4415."""
    both = REACT + a("D2", "4415") + g("K2", "4515") + attack("4415", ["K2"])
    assert rules(H() + both + a("R", "4314", previous="4315", mode="reaction")) == []
    assert rules(H() + both + a("R", "4415", previous="4315", mode="reaction")) == []


def test_reaction_only_into_the_attacked_hex_and_one_per_combat():
    """OM 7.41: reacting into 4415 (no combat declared there) is illegal; two units reacting into
    4314 is illegal."""
    assert rules(H() + REACT + a("R", "4415", previous="4315", mode="reaction")) == ["OM 7.41"]
    two = a("R", "4314", previous="4315", mode="reaction") + a("R2", "4314", previous="4215", mode="reaction",
                                                              values=dict(INF, stacking=1))
    assert rules(H() + REACT + two) == ["OM 7.41"]


def test_reaction_not_from_a_target_hex_nor_after_refusing():
    """OM 7.42b-c: a unit in a hex that is itself attacked may not react; nor a unit that refused
    combat in this segment's Combat Refusal Phase (om_refused)."""
    target2 = g("K2", "4316") + attack("4315", ["K2"])
    r = a("R", "4314", previous="4315", mode="reaction")
    assert rules(H(turn=5) + REACT + target2 + r) == ["OM 7.42"]
    refused = "\n[state]\nom_refused = " + toml({"turn": 5, "segment": "german", "units": ["R"]}) + "\n"
    assert rules(H(turn=5) + REACT + r + refused) == ["OM 7.42"]
    assert rules(H(turn=6) + REACT + r + refused) == []


# ---- retreat and advance length (9.61, 9.84) -----------------------------------------------------------
def test_retreat_length():
    """OM 9.61: a 2-hex retreat 4314 → 4315 → 4316 is legal; 3 hexes, or back into the hex it left,
    or into an all-water hex, is illegal."""
    r = lambda path, **kw: g("G", path[-1], previous=path[0], path=path, mode="retreat", **kw)
    assert rules(H() + r(["4314", "4315", "4316"])) == []
    assert rules(H() + r(["4314", "4315", "4316", "4317"])) == ["OM 9.61"]
    assert rules(H() + r(["4314", "4315", "4314"])) == ["OM 9.61"]
    water = table("hexes", hex="4315", terrain="all_water")
    assert "OM 9.61" in rules(H() + water + r(["4314", "4315"]))


def test_advance_length():
    """OM 9.84: an advance of 2 hexes is legal, 3 is not."""
    adv = lambda path: g("G", path[-1], previous=path[0], path=path, mode="advance")
    assert rules(H() + adv(["4313", "4314", "4315"])) == []
    assert rules(H() + adv(["4313", "4314", "4315", "4316"])) == ["OM 9.84"]



def test_assault_attackers_occupy_the_hex_no_further():
    """OM 10.33-10.34: at the end of the German Combat Phase (GT5) an assault's attacker occupies
    the eliminated defender's hex W4314; going on to W4315 is a finding (9.84's 2 hexes follow a
    maneuver combat), which the same advance after a maneuver combat is not."""
    head = kit(5, "german-combat")
    adv = g("G", "W4315", previous="W4313", path=["W4313", "W4314", "W4315"], mode="advance")
    assert "OM 10.34" in rules(head + adv + attack("W4314", ["G"], kind="assault"))
    assert "OM 10.34" not in rules(head + adv + attack("W4314", ["G"], kind="maneuver"))
    stay = g("G", "W4314", previous="W4313", mode="advance")
    assert rules(head + stay + attack("W4314", ["G"], kind="assault")) == []



def test_no_declared_attack_from_or_on_an_off_map_box():
    """OM 7.12, 4.55: a declared combat is from a hex on an adjacent hex; Lehr in the eastern Heraklion
    box declaring an attack on its edge hex E2745, or from E2745 on the box, is a finding (units in a
    box fight only when enemy units move into it); from E2744 on E2745 it is not."""
    head = kit(8, "german-combat-declaration")
    def unit(uid, h):
        return f'\n[[units]]\nunit = "{uid}"\nhex = "{h}"\n'
    assert "OM 7.12" in rules(head + unit("G-Lehr", "offmap-heraklion-east") + unit("A-Kings", "E2745")
                              + attack("E2745", ["G-Lehr"]))
    assert "OM 7.12" in rules(head + unit("G-Lehr", "E2745") + unit("A-Kings", "offmap-heraklion-east")
                              + attack("offmap-heraklion-east", ["G-Lehr"]))
    assert "OM 7.12" not in rules(head + unit("G-Lehr", "E2744") + unit("A-Kings", "E2745") + attack("E2745", ["G-Lehr"]))

# ---- more after-combat predicates --------------------------------------------------------------------
def test_refusal_may_not_overstack():
    """OM 7.33 (ST-6): refusing into W4315 that then holds 8 SP is illegal."""
    full = a("F1", "W4315") + a("F2", "W4315") + a("F3", "W4315")
    ref = a("B23", "W4315", previous="W4314", mode="retreat")
    assert rules(K() + REFUSE + a("F1", "W4315") + ref) == []
    assert "OM 7.33" in rules(K() + REFUSE + full + ref)


def test_reaction_may_not_overstack():
    """OM 7.42a (ST-7): reacting into 4314 that then holds 8 SP is illegal; 6 SP is legal."""
    r = a("R", "4314", previous="4315", mode="reaction")
    assert rules(H() + REACT + a("D2", "4314") + r) == []
    assert "OM 7.42" in rules(H() + REACT + a("D2", "4314") + a("D3", "4314") + r)


def test_paradrop_retreat_priority():
    """OM 6.42: a paradropped German unit beaten in 4314 (every neighbour in the EZOC of the Allied
    unit there) retreats to the friendly-occupied 4315 before the empty 4313."""
    base = H(turn=1) + a("D", "4314") + g("F", "4315")
    assert rules(base + g("P", "4315", previous="4314", mode="retreat", status=["paradropped"],
                          values=dict(INF, stacking=1))) == []
    assert rules(base + g("P", "4313", previous="4314", mode="retreat", status=["paradropped"])) == ["OM 6.42"]


@pytest.mark.parametrize("phase, want", [
    ("german-paradrop", "OM 6.42"),   # the special airborne assault's retreat (6.41-6.42)
    ("", "OM 6.42"),                  # no phase: the drop retreat, as its arrival says
    ("german-movement", "OM 9.6"),    # a lag phase of DROP_PHASES: no retreat is made there at all
    ("german-combat", "OM 9.63"),     # Combat Phases: 9.63, never 6.42's order
    ("allied-combat", "OM 9.63"),
])
def test_paradropped_units_retreat_follows_6_42_only_in_its_drop(phase, want):
    """OM 6.42 orders only the retreat of the special airborne assault (6.41, in the Paradrop Phase);
    9.63's 「例外：6.42 [c]」 is that retreat's. GT1: 9/III/Sturm (paradropped) retreats W4216 →
    W4316, in 19 NZ's ZOC (W4315), no friendly unit there: 6.42 in its drop phase, 9.63 in a Combat
    Phase. The German Movement Phase, in ``DROP_PHASES`` for a tracker moved on early, makes no
    retreat (9.6), so the lag allowance never gives a Combat Phase's retreat 6.42's order."""
    unit = '\n[[units]]\nunit = "{}"\nhex = "{}"\n'
    pos = (K(1, phase) + unit.format("A-19-NZ-Eng", "W4315") + unit.format("G-Vogel-1", "W4317")
           + unit.format("G-9-III-Sturm", "W4316") + 'previous = "W4216"\nmode = "retreat"\nstatus = ["paradropped"]\n')
    assert rules(pos) == [want]


def test_retreat_not_into_enemy_or_declared_target():
    """OM 4.16, 9.63: retreating into 4313 held by an Allied unit is illegal; into EZOC beside a
    friendly combat unit is legal unless that hex is the target of a declared combat."""
    r = g("G", "4313", previous="4312", mode="retreat")
    assert "OM 4.16" in rules(H() + a("A", "4313") + r)
    assert rules(H() + a("A", "4314") + g("G2", "4313") + r) == []
    assert rules(H() + a("A", "4314") + g("G2", "4313") + r + attack("4313", ["A"])) == ["OM 9.63"]


def test_advance_ignores_ezoc():
    """OM 9.83 (advance is not movement): a German advance 4312 → 4313 into the EZOC of 4314 is
    legal; a move would be judged by 5.21 instead."""
    assert rules(H() + a("A", "4314") + g("G", "4313", previous="4312", mode="advance")) == []


def test_displacements_recorded_by_the_audit():
    """OM 7.32, 9.61 from om_displaced (hex changes over combat phases): B/23 NZ refusing 1 hex in the
    German Combat Refusal Phase is legal, 2 hexes is not; a retreat of 2 hexes in the German Combat
    Phase is legal, 3 is not."""
    kit = '[position]\ngame = "operation-mercury"\nturn = 5\nphase = "german-defender-reaction"\n'
    rec = lambda phase, to: "\n[state]\nom_displaced = " + toml(
        {"B23": {"turn": 5, "phase": phase, "from": "W4314", "to": to}}) + "\n"
    body = lambda to: a("B23", to)
    assert rules(kit + body("W4315") + rec("german-combat-refusal", "W4315")) == []
    assert rules(kit + body("W4316") + rec("german-combat-refusal", "W4316")) == ["OM 7.32"]
    assert rules(kit + body("W4316") + rec("german-combat", "W4316")) == []
    assert rules(kit + body("W4317") + rec("german-combat", "W4317")) == ["OM 9.61"]


def test_remember_records_displacements():
    """The audit's memory: a defender that changed hex over the German Combat Phase is recorded with
    the phase, its old and new hex; a unit that stayed is not."""
    from rules_util import position
    from vmodgen.rules import ruleset_for
    kit = lambda phase: f'[position]\ngame = "operation-mercury"\nturn = 5\nphase = "{phase}"\n'
    before = position(kit("german-defender-reaction") + a("B23", "W4314") + a("C", "W4010"))
    after = position(kit("german-combat") + a("B23", "W4316") + a("C", "W4010"))
    memory = MercuryMemory()
    ruleset_for(after.game).remember(before, after, memory)
    assert memory.om_displaced == {"B23": {"turn": 5, "phase": "german-combat", "from": "W4314", "to": "W4316"}}


# ---- improved positions (9.23) -------------------------------------------------------------------
def test_improved_position_goes_when_an_enemy_occupies_its_hex():
    """OM 9.23: an Allied IP under a German unit is a finding (destroyed at once); under its own side's
    unit it stands; with no owner given (whose IP the set-up cards say) it is not judged."""
    from rules_util import position
    from vmodgen.rules import ruleset_for

    def hexes(owner: str | None) -> str:
        return (table("hexes", hex="W4314", markers=["ip"], owner=owner) +
                table("units", unit="G-Koch", hex="W4314"))
    assert rules(K(8, "german-combat") + hexes("allied")) == ["OM 9.23"]
    assert rules(K(8, "german-combat") + hexes("german")) == []
    p = position(K(8, "german-combat") + hexes(None))
    rs = ruleset_for(p.game)
    assert rs.check(p) == [] and "OM 9.23" in rs.take_not_judged()
