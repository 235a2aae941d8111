"""North Africa '41 supply markers, sequence-of-play rules (spec §6, §8) and attack legality
(§10), with history carried in ``[state]`` or recorded by ``remember``."""
from __future__ import annotations

import pytest

from na41_util import H, MECH, S, TANK, al, ax, kit, kunit, position, rules_of, table
from vmodgen.errors import InputError
from vmodgen.rules import ruleset_for
from vmodgen.rules.games.north_africa_41.carried import NA41Memory


# ---- OOS markers (§6.1: 16.1, 16.5) --------------------------------------------------------------------
def test_oos_marker_white_then_red():
    """§6.1, NA41 16.1: at the end of the Axis Supply Phase (kit) a unit far from any source that
    had no marker gets a white one (red is illegal); one that was white turns red (white is
    illegal); red stays red."""
    far = kunit("A", "axis", "2020", status=["oos"])
    red = kunit("A", "axis", "2020", status=["oos_red"])
    none_before = kit("i1-axis-supply", {"na41_status_before": {"A": []}})
    white_before = kit("i1-axis-supply", {"na41_status_before": {"A": ["oos"]}})
    red_before = kit("i1-axis-supply", {"na41_status_before": {"A": ["oos_red"]}})
    assert rules_of(none_before + far, "NA41 16") == []
    assert rules_of(none_before + red, "NA41 16") == ["NA41 16.1"]
    assert rules_of(white_before + red, "NA41 16") == []
    assert rules_of(white_before + far, "NA41 16") == ["NA41 16.1"]
    assert rules_of(red_before + red, "NA41 16") == []


def test_oos_markers_change_only_in_the_owners_supply_phase():
    """§8, NA41 16.1: an Axis unit whose OOS marker appeared during the Allied Supply Phase, or the
    Axis Movement Phase, is illegal; during the Axis Supply Phase or the Supply Attrition Phase
    (mass OOS, 25.1.1) it is legal."""
    st = {"na41_status_before": {"A": []}}
    body = kunit("A", "axis", "2020", status=["oos"])
    assert rules_of(kit("i1-allied-supply", st) + body, "NA41 16") == ["NA41 16.1"]
    assert rules_of(kit("i1-axis-movement", st) + body, "NA41 16") == ["NA41 16.1"]
    assert rules_of(kit("i1-axis-supply", st) + body, "NA41 16") == []
    assert rules_of(kit("supply-attrition", st) + body, "NA41 16") == []


def test_remember_records_markers_and_delay_markers():
    """History, remember: the memory holds each unit's markers and the delay markers on the map at
    the end of the phase, and the units that used extended movement in a Movement Phase."""
    after = position(kit("i1-axis-movement") + kunit("A", "axis", "2020", status=["oos", "disrupted"])
                     + kunit("M", "axis", "2120", previous="2122", type="motorized-infantry", values=MECH,
                             mode="extended")
                     + table("hexes", hex="2023", markers=["delay"], owner="axis"))
    memory = NA41Memory()
    ruleset_for(after.game).remember(None, after, memory)
    assert memory.na41_status_before == {"A": ["oos", "disrupted"], "M": []}
    assert memory.na41_delay_before == {"2023": "axis"}
    assert memory.na41_extended_moved == ["M"]
    assert set(ruleset_for(after.game).MEMORY_KEYS) >= set(memory.stated())



def test_units_placed_between_files_keep_no_marker_history_of_the_gap():
    """RuleSet.placed_between (a file that does not start where the last ended: a missing file):
    a unit changed in the gap has its markers as the file starts it, so a marker placed in the
    gap is not read as placed in this file's phase; the other units keep the last phase end's."""
    end = position(kit("i1-axis-movement") + kunit("A", "axis", "2020") + kunit("B", "axis", "2021", status=["oos"]))
    rs = ruleset_for(end.game)
    memory = NA41Memory()
    rs.remember(None, end, memory)
    start = position(kit("i1-axis-combat") + kunit("A", "axis", "2120", status=["disrupted"])
                     + kunit("B", "axis", "2021"))
    rs.placed_between(start, {"A", "piece-id-of-A"}, memory)
    assert memory.na41_status_before == {"A": ["disrupted"], "B": ["oos"]}

def test_state_keys_are_validated():
    """History, validate_position: a bad ``[state]`` value is refused with a clear message."""
    with pytest.raises(InputError, match="na41_retreat_overstack"):
        position(kit("i1-axis-combat", {"na41_retreat_overstack": {"2020": "germans"}}))
    with pytest.raises(InputError, match="unknown marker"):
        position(kit("i1-axis-combat", {"na41_status_before": {"A": ["sleepy"]}}))
    with pytest.raises(InputError, match="na41_extended_moved"):
        position(kit("i1-axis-combat", {"na41_extended_moved": "A"}))


def test_supply_attrition_phase_is_not_a_trace():
    """§6.9, NA41 16.1: the mass OOS of the Supply Attrition Phase (25.1.1) marks units that could
    trace; no finding there, while the same marker after the owner's Supply Phase is illegal."""
    body = kunit("A", "axis", "1101", status=["oos"])            # next to Tripoli: traces
    assert rules_of(kit("supply-attrition") + body, "NA41 16") == []
    assert rules_of(kit("i1-axis-supply") + body, "NA41 16") == ["NA41 16.1"]


def test_isolated_asu_is_eliminated():
    """§6.6, NA41 16.5.2: a red-OOS ASU in 1302, alone, with no line to a supplied friendly unit, is
    eliminated (illegal to keep); with an infantry unit stacked with it, or a supplied unit (0602)
    5 hex points away (1102), it stays; 6 points away (1202) it is eliminated."""
    asu = dict(type="artillery-group", values={"defense": 1, "stacking": 0, "movement": 5}, movement_class="mech",
               status=["oos_red"])
    assert rules_of(S + ax("R", "1302", **asu), "NA41 16.5") == ["NA41 16.5.2"]
    assert rules_of(S + ax("R", "1302", **asu) + ax("I", "1302", status=["oos_red"]), "NA41 16.5") == []
    assert rules_of(S + ax("R", "1102", **asu) + ax("I", "0602"), "NA41 16.5") == []
    assert rules_of(S + ax("R", "1202", **asu) + ax("I", "0602"), "NA41 16.5") == ["NA41 16.5.2"]


# ---- Initial, Recovery and Delay Phases (§8) ---------------------------------------------------------------
def test_transport_markers_removed_in_own_initial_phase():
    """§8 B.1, NA41 5.9.1, 21.1.5, 18.7.6: at the end of the Allied Initial Phase no Allied unit
    carries a rail or naval transport marker; an Axis one may (its own Initial Phase comes later)."""
    assert rules_of(kit("i1-allied-initial") + kunit("R", "allied", "2020", status=["rail"]), "NA41") \
        == ["NA41 5.9.1"]
    port = table("hexes", hex="2020", features=["port"], control="allied")
    assert rules_of(kit("i1-allied-initial") + port + kunit("R", "allied", "2020", status=["naval_transport"]),
                    "NA41") == ["NA41 21.1.5"]
    assert rules_of(kit("i1-allied-initial") + port + kunit("R", "axis", "2020", status=["naval_transport"]),
                    "NA41 21.1.5") == []
    assert rules_of(kit("i1-allied-initial") + kunit("R", "allied", "2020"), "NA41") == []


def test_replacement_markers_removed_in_recovery_phase():
    """§8 B.4, NA41 19.5: at the end of the Axis Recovery Phase no Axis unit carries a Replacement
    marker; at the end of the Axis Movement Phase it may."""
    body = kunit("A", "axis", "2020", status=["replacement"])
    assert rules_of(kit("i1-axis-recovery") + body, "NA41 19") == ["NA41 19.5"]
    assert rules_of(kit("i1-axis-movement") + body, "NA41 19") == []


def test_recovery_one_level_only():
    """§8 B.4, NA41 13.4: a unit in Full Retreat before the Recovery Phase (in enemy ZOC, rallied)
    ends it Disrupted at best, not in Good Order."""
    head = kit("i1-axis-recovery", {"na41_status_before": {"A": ["full_retreat"]}})
    zoc = kunit("B", "allied", "2021") + kunit("G", "axis", "2020")
    assert rules_of(head + zoc + kunit("A", "axis", "2020", status=["disrupted"]), "NA41 13") == []
    assert rules_of(head + zoc + kunit("A", "axis", "2020"), "NA41 13") == ["NA41 13.4"]


def test_delay_markers_mandatory_removal():
    """§8 B.6, NA41 24.3.4: at the end of any Delay Phase a delay marker sharing a hex with enemy
    units is illegal (it is removed); next to them it is legal."""
    mark = table("hexes", hex="2021", markers=["delay"], owner="axis")
    assert rules_of(kit("i1-allied-delay") + mark + kunit("B", "allied", "2021"), "NA41 24") == ["NA41 24.3.4"]
    assert rules_of(kit("i1-allied-delay") + mark + kunit("B", "allied", "2022"), "NA41 24") == []


def test_delay_marker_placement():
    """§10, NA41 24.3.1: a delay marker placed in this Axis Delay Phase (absent from
    ``na41_delay_before``) next to an Allied unit is illegal; one already there before is legal."""
    mark = table("hexes", hex="2021", markers=["delay"], owner="axis")
    enemy = kunit("B", "allied", "2022")
    assert rules_of(kit("i1-axis-delay", {"na41_delay_before": {}}) + mark + enemy, "NA41 24") == ["NA41 24.3.1"]
    assert rules_of(kit("i1-axis-delay", {"na41_delay_before": {"2021": "axis"}}) + mark + enemy, "NA41 24") == []
    assert rules_of(kit("i1-axis-delay", {"na41_delay_before": {}}) + mark + kunit("B", "allied", "2024"),
                    "NA41 24") == []


def test_strafing_and_lrdg_placement():
    """§8 B.6, NA41 18.7.5, 18.8: at the end of the Allied Delay Phase an Allied strafing marker
    lies within 16 hexes of an airfield the Allies control, never on an Allied delay marker; the
    LRDG marker lies neither in nor next to an enemy unit. Two hexes away is legal; in the Axis
    Delay Phase the Allied markers are not judged (they were placed in the Allies' own)."""
    head = kit("i1-allied-delay", {"na41_delay_before": {}})
    field = table("hexes", hex="2030", features=["airfield"], control="allied")
    strafe = table("hexes", hex="2021", markers=["strafing"], owner="allied")
    assert rules_of(head + field + strafe, "NA41 18") == []
    assert rules_of(head + field + table("hexes", hex="2021", markers=["strafing", "delay"], owner="allied"),
                    "NA41 18") == ["NA41 18.7.5"]
    far = table("hexes", hex="2050", features=["airfield"], control="allied")          # 29 hexes away
    assert rules_of(head + far + strafe, "NA41 18") == []            # the kit's airfields: control unstated
    axis = "".join(table("hexes", hex=h, control="axis") for h in ("2264", "2750", "3041", "3212", "3629"))
    assert rules_of(head + far + axis + strafe, "NA41 18") == ["NA41 18.7.5"]
    assert rules_of(head + far + axis + strafe + kunit("H", "allied", "2025", type="corps-hq"), "NA41 18") == []
    lrdg = table("hexes", hex="2021", markers=["lrdg"], owner="allied")
    assert rules_of(head + lrdg + kunit("A", "axis", "2022"), "NA41 18") == ["NA41 18.8"]
    assert rules_of(head + lrdg + kunit("A", "axis", "2023"), "NA41 18") == []
    assert rules_of(kit("i1-axis-delay", {"na41_delay_before": {}}) + lrdg + kunit("A", "axis", "2022"),
                    "NA41 18") == []


# ---- attacks (§10) -----------------------------------------------------------------------------------------
def attack(hexid, *units, kind=None):
    return table("attacks", hex=hexid, units=list(units), kind=kind)


def test_attackers_adjacent_and_once():
    """§10, NA41 8.1: attackers stand next to the defender; a unit attacks once and a hex is
    attacked once per Combat Phase (breakthrough combats apart)."""
    body = ax("A", "2019") + ax("C", "2018") + al("B", "2020") + al("D", "2118")
    assert rules_of(H + body + attack("2020", "A"), "NA41") == []
    assert rules_of(H + body + attack("2020", "C"), "NA41") == ["NA41 8.1"]
    assert rules_of(H + body + attack("2020", "A") + attack("2118", "A"), "NA41") == ["NA41 8.1"]
    assert rules_of(H + body + attack("2020", "A") + attack("2020", "A", kind="breakthrough"), "NA41") == []


def test_attackers_status():
    """§10, NA41 13.2.1, 19.5, 21.1.4, 2.3.2: Disrupted units, units under a naval transport marker
    and units that used extended movement may not attack; a unit in a hex with a Replacement
    marker attacks nothing."""
    body = al("B", "2020")
    assert rules_of(H + body + ax("A", "2019", status=["disrupted"]) + attack("2020", "A"), "NA41") == ["NA41 13.2.1"]
    assert "NA41 21.1.4" in rules_of(H + body + ax("A", "2019", status=["naval_transport"]) + attack("2020", "A"),
                                     "NA41")
    assert rules_of(H + body + ax("A", "2019") + ax("R", "2019", status=["replacement"]) + attack("2020", "A"),
                    "NA41") == ["NA41 19.5"]
    ext = H + "[state]\nna41_extended_moved = [\"A\"]\n" + body + ax("A", "2019")
    assert rules_of(ext + attack("2020", "A"), "NA41") == ["NA41 2.3.2"]
    assert rules_of(ext + ax("E", "2119") + attack("2020", "E"), "NA41") == []


def test_attack_nationalities():
    """§10, NA41 8.4.1, 8.4.2: German and Italian units attack together only with the Comando
    Supremo; an Allied attack has at most 2 nationalities and 3 tank units."""
    ger, ita = ax("G", "2019", nationality="wehrmacht"), ax("I", "2119", nationality="italian")
    assert rules_of(H + al("B", "2020") + ger + ita + attack("2020", "G", "I"), "NA41") == ["NA41 8.4.1"]
    cs = H + "[state]\nna41_comando_supremo = true\n"
    assert rules_of(cs + al("B", "2020") + ger + ita + attack("2020", "G", "I"), "NA41") == []
    allies = "".join(al(f"N{i}", h, nationality=n) for i, (h, n) in
                     enumerate((("2019", "british"), ("2119", "indian"), ("2120", "polish"))))
    assert rules_of(H + ax("X", "2020") + allies + attack("2020", "N0", "N1"), "NA41") == []
    assert rules_of(H + ax("X", "2020") + allies + attack("2020", "N0", "N1", "N2"), "NA41") == ["NA41 8.4.2"]
    tanks = "".join(al(f"T{i}", h, **TANK) for i, h in enumerate(("2019", "2119", "2120", "2021")))
    assert rules_of(H + ax("X", "2020") + tanks + attack("2020", "T0", "T1", "T2"), "NA41") == []
    assert rules_of(H + ax("X", "2020") + tanks + attack("2020", "T0", "T1", "T2", "T3"), "NA41") == ["NA41 8.4.2"]


def test_vehicles_attack_across_escarpment_only_by_road():
    """§10, NA41 9.6: a tank attacks across the escarpment 2019|2020 only along a road; infantry may."""
    esc = table("hexsides", hexes=["2019", "2020"], feature="escarpment", up="2020")
    assert rules_of(H + esc + al("B", "2020") + ax("T", "2019", **TANK) + attack("2020", "T"), "NA41") == ["NA41 9.6"]
    assert rules_of(H + esc + al("B", "2020") + ax("I", "2019") + attack("2020", "I"), "NA41") == []
    road = table("lines", kind="track", hexes=["2019", "2020"])
    assert rules_of(H + esc + road + al("B", "2020") + ax("T", "2019", **TANK) + attack("2020", "T"), "NA41") == []


def test_in_supply_unit_keeps_no_marker():
    """§6.1, NA41 16.1 (kit): after the Axis Supply Phase a unit next to the Tripoli edge traces and
    carries no marker: legal; unmarked far away: illegal."""
    assert rules_of(kit("i1-axis-supply") + kunit("A", "axis", "1101"), "NA41 16") == []
    assert rules_of(kit("i1-axis-supply") + kunit("A", "axis", "2020"), "NA41 16") == ["NA41 16.1"]


# ---- returns from the Eliminated Box, Surrender Box (§10, §8 A) -------------------------------------------------
def test_returned_unit_arrives_with_a_corps_hq_in_full_supply():
    """§10, NA41 19.4.1-19.4.2: at the end of the Axis Initial Phase a German unit back from the
    Eliminated Box (``na41_boxed_before``) stands in 1101 with the DAK HQ, in full supply next to
    Tripoli: legal; without the HQ, with only an Italian's own HQ missing, or next to an Allied
    combat unit: illegal."""
    head = kit("i1-axis-initial", {"na41_boxed_before": {"A": "eliminated", "I": "eliminated"}})
    hq = "\n[[units]]\nunit = \"DAKHQ\"\nhex = \"1101\"\n"
    assert rules_of(head + hq + kunit("A", "axis", "1101"), "NA41 19") == []
    assert rules_of(head + kunit("A", "axis", "1101"), "NA41 19") == ["NA41 19.4.1"]
    assert rules_of(head + hq + kunit("I", "axis", "1101", nationality="italian"), "NA41 19") == ["NA41 19.4.1"]
    assert rules_of(head + hq + kunit("A", "axis", "1101") + kunit("B", "allied", "1102"), "NA41 19") \
        == ["NA41 19.4.2"]


def test_surrender_box_advances_in_preparation():
    """§8 A.4, NA41 12.5.2: at the end of the Preparation Phase a unit that was in the left half of
    the Surrender Box is in the right half, and one from the right half is in the Eliminated Box;
    one left behind is illegal."""
    head = kit("preparation", {"na41_boxed_before": {"A": "surrender-left", "B": "surrender-right"}})
    assert rules_of(head + kunit("A", "axis", "surrender-right") + kunit("B", "axis", "eliminated"), "NA41") == []
    assert rules_of(head + kunit("A", "axis", "surrender-left") + kunit("B", "axis", "eliminated"), "NA41") \
        == ["NA41 12.5.2"]


def test_fort_and_captured_truck_counts():
    """§10, NA41 9.5.6, 27.1: 14 Axis forts are legal, 15 illegal; 2 captured trucks in play are
    legal, 3 illegal."""
    forts = "".join(table("hexes", hex=f"20{r:02d}", markers=["fortification"], owner="axis") for r in range(1, 15))
    assert rules_of(H + forts, "NA41") == []
    assert rules_of(H + forts + table("hexes", hex="2030", markers=["fortification"], owner="axis"), "NA41") \
        == ["NA41 9.5.6"]
    truck = dict(type="truck", kind="supply", values={"defense": 0}, flags=["captured"])
    two = ax("C1", "2020", **truck) + ax("C2", "2021", **truck)
    assert rules_of(H + two, "NA41") == []
    assert rules_of(H + two + ax("C3", "2022", **truck), "NA41") == ["NA41 27.1"]


# ---- ranges (17.3, 19.3.1) -------------------------------------------------------------------------------
HQ4 = dict(type="corps-hq", nationality="wehrmacht", movement_class="mech",
           values={"defense": 1, "movement": 5, "stacking": 0, "range": 4})


def _attack(atk_hex: str, supplier: str, *units: str) -> str:
    return table("attacks", hex=atk_hex, units=list(units), hq=supplier)


def test_attack_supply_range():
    """§6.4, NA41 17.3, 17.2.1, 17.2.4: the SP, MSU or ASU an attack names (``hq``) is within its
    range of at least one attacker, counted as an overland line (16.3.2): an ASU its printed range
    (4 here: 4 hexes legal, 5 not), an SP alone 3 (an SP with an ASU the ASU's), an MSU 5; one
    attacker in range is enough; an ASU with no printed range is not judged; NA41 8.5.1: a unit that is
    no SP, MSU or ASU, or an enemy one, gives no attack supply."""
    head = H.replace("[position]\n", '[position]\nturn = 3\n')
    e = al("E", "2020", nationality="british")
    g = ax("G", "2120", nationality="wehrmacht")                     # next to E
    far = ax("F", "2422", nationality="wehrmacht")
    def r(supplier: str, where: str, *attackers: str) -> list[str]:
        return rules_of(head + e + g + far + supplier + _attack("2020", "S", *attackers), "NA41 17")
    hq = lambda h, **kw: ax("S", h, **{**HQ4, **kw})
    assert r(hq("2520"), "2520", "G") == []                          # 4 hexes
    assert r(hq("2620"), "2620", "G") == ["NA41 17.3"]               # 5 hexes
    assert r(hq("2620"), "2620", "G", "F") == []                     # F is 2 hexes from 2620
    sp = ax("S", "2420", type="supply-point", values={"defense": 0, "stacking": 0})
    assert r(sp, "2420", "G") == []                                  # 3
    sp5 = ax("S", "2520", type="supply-point", values={"defense": 0, "stacking": 0})
    assert r(sp5, "2520", "G") == ["NA41 17.3"]                      # 4 > 3
    assert r(sp5 + ax("A", "2520", **HQ4), "2520", "G") == []        # with the ASU: 4
    msu = lambda h: ax("S", h, type="truck", status=["msu"], movement_class="mech",
             values={"defense": 0, "movement": 6, "stacking": 0})
    assert r(msu("2620"), "2620", "G") == []                         # 5 hexes, MSU range 5
    assert r(msu("2720"), "2720", "G") == ["NA41 17.3"]              # 6
    assert rules_of(head + e + g + ax("S", "2520", type="infantry") + _attack("2020", "S", "G"), "NA41 8") \
        == ["NA41 8.5.1"]                                            # not an SP, MSU or ASU
    assert rules_of(head + e + g + al("S", "2520", **{**HQ4, "nationality": "british"})
                    + _attack("2020", "S", "G"), "NA41 8") == ["NA41 8.5.1"]   # an enemy ASU
    text = head + e + g + ax("S", "2520", **{**HQ4, "values": {"defense": 1, "stacking": 0}}) + _attack("2020", "S", "G")
    p = position(text)
    rs = ruleset_for(p.game)
    assert [f.rule for f in rs.check(p) if f.rule.startswith("NA41 17")] == []
    assert "has no printed range" in rs.take_not_judged().get("NA41 17.3", "")


def test_attack_supply_asu_state_and_nationality():
    """§6.7, NA41 17.1.3, 17.1.5, 8.5.2: a Disrupted ASU, or a Depleted one with no SP in its
    hex, gives no attack supply; an OOS one does; an Italian ASU supplies only an attack that
    includes an Italian unit."""
    head = H
    base = al("E", "2020", nationality="british") + ax("G", "2120", nationality="wehrmacht")
    atk = _attack("2020", "S", "G")
    assert rules_of(head + base + ax("S", "2320", **HQ4, status=["disrupted"]) + atk, "NA41") == ["NA41 17.1.3"]
    assert rules_of(head + base + ax("S", "2320", **HQ4, status=["depleted"]) + atk, "NA41") == ["NA41 17.1.3"]
    sp = ax("P", "2320", type="supply-point", values={"defense": 0, "stacking": 0})
    assert rules_of(head + base + sp + ax("S", "2320", **HQ4, status=["depleted"]) + atk, "NA41") == []
    assert rules_of(head + base + ax("S", "2320", **HQ4, status=["oos"]) + atk, "NA41") == []
    ital = {**HQ4, "nationality": "italian"}
    assert rules_of(head + base + ax("S", "2320", **ital) + atk, "NA41") == ["NA41 8.5.2"]
    assert rules_of(head + base + ax("I", "2119", nationality="italian") + ax("S", "2320", **ital)
                    + _attack("2020", "S", "G", "I") + "\n[state]\nna41_comando_supremo = true\n", "NA41") == []


def test_replacement_range():
    """§6.4, NA41 19.3.1, 19.3.2, 19.2.3: in the Initial Phase a replacement (``[state]
    na41_replacements``) is within 5 overland hexes of the Good Order unit it rebuilds (or in the
    same box), of its nationality, one per unit; a tank replacement does not rebuild infantry."""
    ph = ('\n[[phases]]\nid = "allied-initial"\nkind = "admin"\nside = "allied"\n')
    head = H.replace("[position]\n", '[position]\nphase = "allied-initial"\n') + ph
    x = al("X", "2020", nationality="british")
    rep = lambda h, t="infantry-replacement", n="british", i="R": al(i, h, type=t, nationality=n,
                                                                    values={"defense": 0, "stacking": 0})
    st = lambda **kw: "\n[state]\nna41_replacements = {" + ", ".join(f'{k} = "{v}"' for k, v in kw.items()) + "}\n"
    assert rules_of(head + x + rep("2520") + st(R="X"), "NA41") == []
    assert rules_of(head + x + rep("2620") + st(R="X"), "NA41") == ["NA41 19.3.1"]
    assert rules_of(head + x + rep("2520", n="polish") + st(R="X"), "NA41") == ["NA41 19.3.2"]
    assert rules_of(head + x + rep("2120") + rep("2121", i="Q") + st(R="X", Q="X"), "NA41") == ["NA41 19.3.2"]
    assert rules_of(head + x + rep("2120", t="tank-replacement") + st(R="X"), "NA41") == ["NA41 19.2.3"]
    assert rules_of(head + al("X", "2020", nationality="british", status=["disrupted"]) + rep("2120") + st(R="X"),
                    "NA41 13.1") == ["NA41 13.1.1"]
    with pytest.raises(InputError, match="na41_replacements"):
        position(head + x + rep("2520") + st(R="NOBODY"))


def test_scenario_turns_and_special_rules():
    """NA41 S1.2, S2.2, S3.2: S1 lasts turns 1-7, S3 17-19; in S1 the 'To Reserve' units (6/2NZ) are
    not used; in S1 and S2 the Polish brigade stays in Alexandria (2478) before turn 11; S3 has no such
    rule; an unknown scenario name is not judged."""
    def scn(name: str, turn: int, unit: str, hexid: str) -> str:
        return (f'[position]\ngame = "north-africa-41"\nscenario = "{name}"\nturn = {turn}\nphase = "i1-allied-movement"\n\n'
                f'[[units]]\nunit = "{unit}"\nhex = "{hexid}"\n')
    assert rules_of(scn("enter-rommel", 7, "PolBde", "2478")) == []
    assert rules_of(scn("enter-rommel", 8, "PolBde", "2478")) == ["NA41 S1.2"]
    assert rules_of(scn("enter-rommel", 3, "6/2NZ", "nile-delta")) == ["NA41 S1.2"]
    assert rules_of(scn("campaign", 3, "6/2NZ", "reserve")) == []
    assert rules_of(scn("campaign", 10, "PolBde", "2477")) == ["NA41 S2.2"]
    assert rules_of(scn("campaign", 11, "PolBde", "2477")) == []
    assert rules_of(scn("crusader", 16, "PolBde", "2477")) == ["NA41 S3.2"]
    assert rules_of(scn("crusader", 17, "PolBde", "2477")) == []
    p = position(scn("rommel", 3, "PolBde", "2477"))
    rs = ruleset_for(p.game)
    assert rs.check(p) == [] and "is not a scenario of this kit" in rs.take_not_judged()["NA41 S1.2"]


# ---- where Disrupted and Full Retreat markers come from (13.1.2, 13.3.4, 13.2.3) --------------------------
def test_status_markers_come_from_retreats():
    """§10, NA41 13.1.2, 13.3.4: a Good Order unit that is Disrupted at the end of a Movement Phase
    (no retreat disrupts there) is 13.1.2, at the end of a Combat Phase legal; one in Full Retreat at
    the end of its own Movement Phase is legal (13.3.4, voluntary), of the enemy's Movement Phase
    13.3.4 unless it moved (an Automatic DS retreat, 8.9), of a Supply Phase 13.3.4."""
    st = {"na41_status_before": {"A": []}}
    dis, fr = kunit("A", "axis", "2020", status=["disrupted"]), kunit("A", "axis", "2020", status=["full_retreat"])
    assert rules_of(kit("i1-axis-movement", st) + dis, "NA41 13") == ["NA41 13.1.2"]
    assert rules_of(kit("i1-allied-combat", st) + dis, "NA41 13") == []
    assert rules_of(kit("i1-axis-movement", st) + fr, "NA41 13") == []
    assert rules_of(kit("i1-allied-movement", st) + fr, "NA41 13") == ["NA41 13.3.4"]
    assert rules_of(kit("i1-allied-movement", st) + kunit("A", "axis", "2020", status=["full_retreat"],
                                                          previous="2022"), "NA41 13") == []
    assert rules_of(kit("i1-axis-supply", st) + fr, "NA41 13") == ["NA41 13.3.4"]
    # 27.3.2 (optional): an Axis unit picked up by an Automatic DS retreat in the Allied Movement Phase
    # (it moved) goes up one level, to Disrupted; one that did not move is 13.1.2
    assert rules_of(kit("i1-allied-movement", st) + kunit("A", "axis", "2020", status=["disrupted"],
                                                          previous="2022", mode="retreat"), "NA41 13") == []
    assert rules_of(kit("i1-allied-movement", st) + dis, "NA41 13") == ["NA41 13.1.2"]
    # Disrupted before: Full Retreat in a Combat Phase, or Disrupted kept, is no new marker
    was = {"na41_status_before": {"A": ["disrupted"]}}
    assert rules_of(kit("i1-axis-movement", was) + dis, "NA41 13") == []
    # no history: not judged
    assert rules_of(kit("i1-axis-movement") + dis, "NA41 13") == []


def test_status_marker_another_unit_carries_is_not_judged():
    """NA41 13.1.2, 13.3.4: a log gives a marker lying in a hex to every unit there, so a unit whose
    new marker another unit of its hex carries too (it joined a Disrupted unit) is not judged."""
    st = {"na41_status_before": {"A": [], "B": ["disrupted"]}}
    body = kunit("A", "axis", "2020", status=["disrupted"]) + kunit("B", "axis", "2020", status=["disrupted"])
    assert rules_of(kit("i1-axis-movement", st) + body, "NA41 13") == []


def test_noncombat_units_are_always_in_good_order():
    """NA41 13.2.3: a truck alone under a Disrupted or Full Retreat marker is a finding; one stacked
    with a combat unit carrying that marker is not (the marker may be the combat unit's)."""
    truck = dict(type="truck", values={"defense": 0, "movement": 6, "stacking": 0}, flags=["no_zoc"])
    assert rules_of(kit("i1-axis-movement") + kunit("T", "axis", "2020", status=["disrupted"], **truck),
                    "NA41 13") == ["NA41 13.2.3"]
    assert rules_of(kit("i1-axis-movement") + kunit("T", "axis", "2020", status=["full_retreat"], **truck),
                    "NA41 13") == ["NA41 13.2.3"]
    assert rules_of(kit("i1-axis-movement") + kunit("T", "axis", "2020", status=["disrupted"], **truck)
                    + kunit("A", "axis", "2020", status=["disrupted"]), "NA41 13.2") == []


def test_attack_where_the_unit_may_not_move_or_out_of_a_box():
    """NA41 8.1: no attack across a hexside the attacker's movement may not cross (an all-sea
    hexside a position prohibits); NA41 6.2: no combat out of (or into) an off-map box."""
    st = {"na41_extended_moved": []}
    sea = table("hexsides", hexes=["2020", "2021"], feature="all_sea")
    atk = table("attacks", hex="2021", units=["A"])
    body = kunit("A", "axis", "2020") + kunit("B", "allied", "2021") + atk
    assert rules_of(kit("i1-axis-combat", st) + '[rules]\nhexside_cost_all_sea = "no"\n' + sea + body, "NA41 8") \
        == ["NA41 8.1"]
    assert rules_of(kit("i1-axis-combat", st) + sea + body, "NA41 8") == []
    boxed = kunit("A", "axis", "tripoli") + kunit("B", "allied", "1201") + table("attacks", hex="1201", units=["A"])
    assert rules_of(kit("i1-axis-combat", st) + boxed, "NA41 6") == ["NA41 6.2"]


def test_replacements_not_for_trucks_or_asus_and_the_nile_delta_boxes():
    """NA41 19.1.2: a replacement used on a truck or an ASU is a finding (they are replaced for 1 RP);
    NA41 19.3.3: a unit in the Reserve or Withdrawn box takes a replacement in the Nile Delta (the
    boxes count as the Nile Delta), one in the Tobruk Holding Box does not (19.3.1)."""
    def st(rid: str, uid: str) -> dict:
        return {"na41_replacements": {rid: uid}}
    asu = '[[units]]\nunit = "DAKHQ"\nhex = "2021"\n[[units]]\nunit = "DeInfRepl"\nhex = "2021"\n'
    assert rules_of(kit("i1-axis-initial", st("DeInfRepl", "DAKHQ")) + asu, "NA41 19") == ["NA41 19.1.2"]
    gds = lambda box: f'[[units]]\nunit = "22Gds"\nhex = "{box}"\nreduced = true\n' \
                      '[[units]]\nunit = "BrInfRepl"\nhex = "nile-delta"\n'
    for box in ("reserve", "withdrawn", "nile-delta"):
        assert rules_of(kit("i1-allied-initial", st("BrInfRepl", "22Gds")) + gds(box), "NA41 19") == [], box
    assert rules_of(kit("i1-allied-initial", st("BrInfRepl", "22Gds")) + gds("tobruk-holding"), "NA41 19") \
        == ["NA41 19.3.1"]


def test_fort_owner_recorded_from_the_log_and_judged_later():
    """NA41 9.5.7 in a log, where a fort marker has no owner: remember records it when first seen:
    the side of the units in its hex, else the phasing side of the Movement Phase it appeared in
    (9.5.3); an Allied unit later in a hex with the Axis fort is a finding (without the record: not
    judged); a marker gone from its hex is forgotten."""
    fort = table("hexes", hex="2021", markers=["fortification"])
    rs = ruleset_for(position(kit("i1-axis-movement")).game)
    memory = NA41Memory()
    built = position(kit("i1-axis-movement") + fort + kunit("G", "axis", "2020"))
    rs.remember(position(kit("i1-allied-combat") + kunit("G", "axis", "2020")), built, memory)
    assert memory.na41_fort_owner == {"2021": "axis"}          # new in an empty hex: the phasing side built it
    memory = NA41Memory()
    rs.remember(position(kit("i1-allied-combat") + fort + kunit("G", "axis", "2020")), built, memory)
    assert memory.na41_fort_owner == {}                         # there before this phase: whose is unknown
    memory = NA41Memory()
    rs.remember(None, built, memory)
    assert memory.na41_fort_owner == {}                         # the start of a record: it may be older
    memory = NA41Memory()
    rs.remember(None, position(kit("i1-allied-combat") + fort + kunit("G", "axis", "2021")), memory)
    assert memory.na41_fort_owner == {"2021": "axis"}          # the units in its hex
    rs.remember(None, position(kit("i1-allied-initial") + fort + kunit("B", "allied", "2021")), memory)
    assert memory.na41_fort_owner == {"2021": "axis"}          # kept: not read again from the units
    rs.remember(None, position(kit("i1-allied-combat")), memory)
    assert memory.na41_fort_owner == {}
    memory = NA41Memory()
    rs.remember(None, position(kit("i1-allied-combat") + fort), memory)
    assert memory.na41_fort_owner == {}                         # empty, outside a Movement Phase: unknown
    entered = kit("i2-allied-movement", {"na41_fort_owner": {"2021": "axis"}}) + fort + kunit("B", "allied", "2021")
    assert rules_of(entered, "NA41 9") == ["NA41 9.5.7"]
    p = position(kit("i2-allied-movement") + fort + kunit("B", "allied", "2021"))
    assert rs.check(p) == [] and "NA41 9.5.7" in rs.take_not_judged()
