"""North Africa '41 stacking (spec §4, S1-S10): each predicate with a legal and an illegal
position, and the deadlines carried in ``[state]`` / by ``remember``."""
from __future__ import annotations

from na41_util import H, INF, MECH, TANK, ax, findings, kit, krules, kunit, position, rules_of
from vmodgen.rules.games.north_africa_41.carried import NA41Memory
from vmodgen.rules import ruleset_for

TWO = dict(values=dict(INF, stacking=2))


def stack3(side="allied", hexid="2021", **kw):
    """Three 2-point units: 6 points, one over the limit."""
    return "".join(kunit(f"{side[:2]}{i}", side, hexid, **TWO, **kw) for i in range(3))


# ---- S1 (4.4.1) ---------------------------------------------------------------------------------------
def test_s1_checkpoints_end_of_own_movement_and_combat():
    """S1, NA41 4.4.1: 6 Allied points in 2021 are illegal at the end of the Allied Movement and
    Combat Phases, legal at the end of the Axis Movement Phase (the Allies are not phasing) and of
    the Allied Supply Phase."""
    assert rules_of(kit("i1-allied-movement") + stack3(), "NA41 4") == ["NA41 4.4.1"]
    assert rules_of(kit("i1-allied-combat") + stack3(), "NA41 4") == ["NA41 4.4.1"]
    assert rules_of(kit("i1-axis-movement") + stack3(), "NA41 4") == []
    assert rules_of(kit("i1-allied-initial") + stack3(), "NA41 4") == []


# ---- S2 (14.1) ----------------------------------------------------------------------------------------
def test_s2_advance_ends_within_the_limit():
    """S2, NA41 14.1: an Axis unit advancing from 2019 into 2020 that then holds 5 points is legal;
    6 points is illegal."""
    adv = dict(mode="advance", values=dict(MECH, stacking=2), movement_class="mech", previous="2019",
               path=["2019", "2020"])
    there = ax("B", "2020", values=dict(INF, stacking=2))
    assert rules_of(H + there + ax("A", "2020", **adv) + ax("C", "2020"), "NA41 14.1") == []
    assert rules_of(H + there + ax("A", "2020", **adv) + ax("C", "2020", values=dict(INF, stacking=2)),
                    "NA41 14.1") == ["NA41 14.1"]


# ---- S3 (15.2.3, 15.2.4) -----------------------------------------------------------------------------
def bt(id, hexid, **kw):
    kw.setdefault("status", ["breakthrough"])
    kw.setdefault("values", dict(MECH, stacking=2))
    kw.setdefault("movement_class", "mech")
    kw.setdefault("formation", "5lt")
    return ax(id, hexid, **kw)


def test_s3_breakthrough_group_stacking():
    """S3, NA41 15.2.3: a breakthrough group in 2020 of two 2-point units and two tanks is 5 points
    (one silhouette free): legal; a third 2-point unit makes 7: illegal."""
    tank = dict(TANK, status=["breakthrough"], formation="5lt")
    group = bt("A", "2020") + bt("B", "2020") + ax("T1", "2020", **tank) + ax("T2", "2020", **tank)
    assert rules_of(H + group, "NA41 15.2.3") == []
    fs = [f for f in findings(H + group + bt("C", "2020")) if f.rule == "NA41 15.2.3"]
    assert [f.kind for f in fs] == ["stacking"] and "7 stacking points" in fs[0].message


def test_s3_breakthrough_group_mechanized_or_trucked():
    """S3 group validity, NA41 15.2.3: every unit of the group is mechanized or carried by a truck
    (5.8.1): a non-mechanized infantry unit without a truck is illegal, with a truck legal."""
    foot = dict(movement_class="non-mech", values=INF)
    assert rules_of(H + bt("A", "2020") + bt("B", "2020", **foot), "NA41 15.2.3") == ["NA41 15.2.3"]
    trucked = dict(foot, status=["breakthrough", "trucked"])
    assert rules_of(H + bt("A", "2020") + bt("B", "2020", **trucked), "NA41 15.2.3") == []


def test_s3_breakthrough_group_one_formation_plus_one_attached():
    """S3 group validity, NA41 15.2.3, 8.4.1: all units from one formation except one attached unit;
    an Italian unit joins a German formation only with the Comando Supremo."""
    one = dict(values=MECH)
    group = bt("A", "2020", **one) + bt("B", "2020", **one) + bt("X", "2020", formation="", **one)
    assert rules_of(H + group, "NA41 15.2.3") == []
    assert rules_of(H + group + bt("Y", "2020", formation="ariete", **one), "NA41 15.2.3") == ["NA41 15.2.3"]
    ita = bt("I", "2020", formation="ariete", nationality="italian")
    g2 = bt("A", "2020", nationality="wehrmacht") + ita
    assert "NA41 8.4.1" in rules_of(H + g2, "NA41 8.4.1")
    assert rules_of(H + "[state]\nna41_comando_supremo = true\n" + g2, "NA41 8.4.1") == []


# ---- S4 (12.1.4) and S6 (27.3.2) ---------------------------------------------------------------------
def test_s4_retreat_overstack_waits_for_the_owners_next_movement_phase():
    """S4, NA41 12.1.4: a hex a retreat left overstacked (``[state] na41_retreat_overstack``) is legal
    at the end of the enemy's Combat Phase and illegal at the end of its owner's next Movement
    Phase, reported as 12.1.4 (not 4.4.1); fixed (5 points), it is legal."""
    state = {"na41_retreat_overstack": {"2021": "allied"}}
    assert krules(kit("i1-axis-combat", state) + stack3()) == []
    assert rules_of(kit("i2-allied-movement", state) + stack3(), "NA41") == ["NA41 12.1.4"]
    fixed = "".join(kunit(f"al{i}", "allied", "2021", **TWO) for i in range(2)) + kunit("x", "allied", "2021")
    assert rules_of(kit("i2-allied-movement", state) + fixed, "NA41") == []


def test_s4_remember_records_a_retreat_overstack():
    """S4, NA41 12.1.4 via remember: between the end of the Axis Movement Phase and the end of the
    Axis Combat Phase an Allied unit moved 2020 → 2021, making 6 points there: the memory holds
    {"2021": "allied"}; at the end of the Allied Movement Phase the entry is judged and dropped."""
    before = position(kit("i1-axis-movement") + kunit("M", "allied", "2020", **TWO)
                      + "".join(kunit(f"al{i}", "allied", "2021", **TWO) for i in range(2)))
    after = position(kit("i1-axis-combat") + kunit("M", "allied", "2021", **TWO)
                     + "".join(kunit(f"al{i}", "allied", "2021", **TWO) for i in range(2)))
    rs = ruleset_for(after.game)
    memory = NA41Memory()
    rs.remember(before, after, memory)
    assert memory.na41_retreat_overstack == {"2021": "allied"}
    later = position(kit("i2-allied-movement", {"na41_retreat_overstack": {"2021": "allied"}}) + stack3())
    rs.remember(after, later, memory)
    assert memory.na41_retreat_overstack == {}
    # an Axis (phasing) unit that moved in its own Combat Phase advanced: no retreat overstack
    memory = NA41Memory()
    rs.remember(position(kit("i1-axis-movement") + kunit("M", "axis", "2020", **TWO)),
                position(kit("i1-axis-combat") + kunit("M", "axis", "2021", **TWO)
                         + "".join(kunit(f"ax{i}", "axis", "2021", **TWO) for i in range(2))), memory)
    assert memory.na41_retreat_overstack == {}


def test_s6_tag_along_and_disengagement_overstack_waits():
    """S6 (27.3.2) and §11 #10, NA41 4.4.1: phasing Axis units marked ``retreated`` (tag-along or
    disengagement retreat) may end the Axis Combat Phase overstacked (default reading: 12.1.4
    applies to every retreat); with ``na41_disengage_overstack_waits = false`` 4.4.1 wins."""
    body = stack3("axis", status=["retreated"])
    assert rules_of(kit("i1-axis-combat") + body, "NA41 4") == []
    flipped = kit("i1-axis-combat") + "[rules]\nna41_disengage_overstack_waits = false\n" + body
    assert rules_of(flipped, "NA41 4") == ["NA41 4.4.1"]


# ---- S5 (19.4.2) ----------------------------------------------------------------------------------------
def test_s5_returned_units_overstacked_until_the_movement_phase_ends():
    """S5, NA41 19.4.2 / 4.4.1: units returned from the Eliminated Box in the Initial Phase may stand
    overstacked at its end; at the end of the same player's Movement Phase it is illegal."""
    assert rules_of(kit("i1-axis-initial") + stack3("axis"), "NA41 4") == []
    assert rules_of(kit("i1-axis-movement") + stack3("axis"), "NA41 4") == ["NA41 4.4.1"]


# ---- S7, S8, S10 ---------------------------------------------------------------------------------------
def test_s7_tobruk_holding_box_in_the_kit():
    """S7, NA41 4.4.1, 2.2.4: in the kit, 2 units in Tobruk 3138 and 1 in the Tobruk Holding Box are
    6 points at the end of the Allied Movement Phase: illegal; the Nile Delta box has no limit."""
    body = "".join(kunit(f"T{i}", "allied", "3138", **TWO) for i in range(2))
    assert rules_of(kit("i1-allied-movement") + body + kunit("H", "allied", "tobruk-holding", **TWO), "NA41 4") \
        == ["NA41 4.4.1"]
    assert rules_of(kit("i1-allied-movement") + body + kunit("H", "allied", "tobruk-holding"), "NA41 4") == []
    assert rules_of(kit("i1-allied-movement") + stack3(hexid="nile-delta") + stack3(hexid="nile-delta")
                    .replace('id = "al', 'id = "b'), "NA41 4") == []


def test_s8_markers_and_zero_value_units_are_free():
    """S8, NA41 4.1-4.2: five 1-point units plus a 0-value ASU and a truck are legal; a sixth
    1-point unit is illegal."""
    asu = dict(type="artillery-group", values={"defense": 1, "stacking": 0}, movement_class="mech")
    body = "".join(ax(f"A{i}", "2020") for i in range(5)) + ax("S", "2020", **asu) + ax(
        "K", "2020", type="truck", kind="supply", values={"defense": 0, "stacking": 0})
    assert rules_of(H + body, "NA41 4") == []
    assert rules_of(H + body + ax("A5", "2020"), "NA41 4") == ["NA41 4.4.1"]


def test_s10_both_sides_never_share_a_hex_at_any_moment():
    """S10, NA41 5.1: an Axis and an Allied unit in 2021 in the middle of a phase (at = "during") is
    illegal; next to each other, legal. A delay marker with enemy units is not a unit (24.3.4)."""
    assert rules_of(kit("i1-axis-movement", at="during") + kunit("A", "axis", "2020")
                    + kunit("B", "allied", "2021"), "NA41 5.1") == []
    assert rules_of(kit("i1-axis-movement", at="during") + kunit("A", "axis", "2021")
                    + kunit("B", "allied", "2021"), "NA41 5.1") == ["NA41 5.1"]


def test_s4_deadline_through_a_sequence_of_phase_ends():
    """S4, NA41 12.1.4 as the audit runs it: each phase end is checked with the memory merged into
    its state, then remembered. An Allied brigade retreats into 2021 (6 points) in the Axis Combat
    Phase: no finding there nor at the end of the Axis Supply Phase; at the end of the next Allied
    Movement Phase, still overstacked: one 12.1.4 finding (no 4.4.1 besides)."""
    pair = "".join(kunit(f"al{i}", "allied", "2021", **TWO) for i in range(2))
    seq = [("i1-axis-movement", kunit("M", "allied", "2020", **TWO)),
           ("i1-axis-combat", kunit("M", "allied", "2021", **TWO)),
           ("i1-axis-supply", kunit("M", "allied", "2021", **TWO)),
           ("i2-allied-movement", kunit("M", "allied", "2021", **TWO))]
    memory = NA41Memory()
    before = None
    found = []
    for phase, mover in seq:
        pos = position(kit(phase) + mover + pair)
        rs = ruleset_for(pos.game)
        pos.memory = memory.snapshot()
        found.append(sorted(f.rule for f in rs.check(pos) if f.kind == "stacking"))
        rs.remember(before, pos, memory)
        before = pos
    assert found == [[], [], [], ["NA41 12.1.4"]]
