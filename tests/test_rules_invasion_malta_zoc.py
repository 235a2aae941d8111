"""Invasion: Malta zones of control (spec §5: 3.2, 8.2, 8.5, 18.14) and the moves after combat that
they govern (retreat 13.3-13.4, advance 13.5, Reaction 9.2): a legal and an illegal position per
predicate. Hex IDs CCRR; the Allied unit in 2020 controls 2019, 2119, 2120, 2021, 1920, 1919."""
from __future__ import annotations

from im_util import H, INF, ORANGE, RED, TANK, al, attack, hexes, inline, road, rules_, side, state, x
from rules_util import findings, rules

THROUGH = dict(previous="2018", path=["2018", "2019", "2118"])   # 2019 is in the ZOC of 2020, 2118 is not


def test_zero_ma_and_oos_units_keep_their_zoc():
    """IM 3.21, 8.22: a pillbox (MA 0) in 2020 projects a ZOC, so a unit entering 2019 must stop
    there (illegal to go on to 2118); with the pillbox's hex empty the move is legal."""
    pill = al("PB", "2020", type="pillbox", values=dict(INF, movement=0))
    assert rules(H + pill + x("X", "2118", **THROUGH)) == ["IM 8.22"]
    assert rules(H + x("X", "2118", **THROUGH)) == []
    oos_tank = x("T", "2020", status=["oos"], **TANK) + road("primary_road", "2020", "2019")
    assert rules(H + oos_tank + al("Y", "2118", **THROUGH)) == ["IM 8.22"]


def test_air_and_naval_units_have_no_zoc():
    """IM 3.26: an Allied air unit in 2020 exerts no ZOC (moving through 2019 is legal); a ground
    unit there does (illegal)."""
    assert rules(H + al("Air", "2020", kind="air", type="bomber") + x("X", "2118", **THROUGH)) == []
    assert rules(H + al("Inf", "2020") + x("X", "2118", **THROUGH)) == ["IM 8.22"]


def test_red_box_zoc_into_urban_is_an_option():
    """IM 3.22 (spec §11 #3): a red-box unit in 2020 projects no ZOC into the urban hex 2019 off the
    road by default (moving on from 2019 is legal); with im_redbox_zoc_urban = true it does."""
    urban = hexes("2019", terrain="urban")
    assert rules(H + urban + al("T", "2020", **TANK) + x("X", "2118", **THROUGH)) == []
    assert rules(H + urban + al("T", "2020", **TANK) + x("X", "2118", **THROUGH)
                 + rules_(im_redbox_zoc_urban=True)) == ["IM 8.22"]


def test_friendly_zoc_does_not_hinder_movement():
    """IM 3.23: an Axis unit passing 2019 next to another Axis unit in 2020 is legal; next to an
    Allied unit it is not (8.22)."""
    assert rules(H + x("F", "2020") + x("X", "2118", **THROUGH)) == []
    assert rules(H + al("E", "2020") + x("X", "2118", **THROUGH)) == ["IM 8.22"]


def test_red_box_and_commando_pass_through_empty_ezoc():
    """IM 8.23, 17.31: a red-box unit on a road may go on from the empty enemy-ZOC hex 2019 (paying
    +1 MP); not when 2019 holds a unit (8.22). A commando may too."""
    rd = road("secondary_road", "2018", "2019", "2118")
    assert rules(H + rd + al("E", "2020") + x("M", "2118", **RED, **THROUGH)) == []
    assert rules(H + rd + al("E", "2020") + x("F", "2019") + x("M", "2118", **RED, **THROUGH)) == ["IM 8.22"]
    assert rules(H + al("E", "2020") + x("C", "2118", type="commando", **THROUGH)) == []


def test_commando_moves_zoc_to_zoc():
    """IM 8.24, 17.31 (worked example of 8.2 with a commando): 1424 → 1524, both in the ZOC of
    B/3 KOMR in 1425, is legal for a commando and illegal for other infantry."""
    komr = al("B3KOMR", "1425")
    move = dict(previous="1424", path=["1424", "1524"])
    assert rules(H + komr + x("C", "1524", type="commando", **move)) == []
    assert rules(H + komr + x("I", "1524", **move)) == ["IM 8.24"]


def test_infiltration_limits():
    """IM 8.5, 8.52: infiltration is one hex and never by an orange-circle unit; one hex by
    infantry of equal ER is legal."""
    enemy = al("A", "2020")
    one = dict(mode="infiltration", previous="2019", path=["2019", "1919"])
    assert rules(H + enemy + x("X", "1919", **one)) == []
    assert rules(H + enemy + x("O", "1919", **ORANGE, **one)) == ["IM 8.52"]
    two = dict(mode="infiltration", previous="2019", path=["2019", "1918", "1919"])
    assert rules(H + enemy + x("X", "1919", **two)) == ["IM 8.5"]


def test_infiltration_needs_mp_for_terrain_and_zoc():
    """IM 8.5, 8.21: infiltrating into the clear EZOC hex 1919 costs 1 + 1 MP: legal with MA 2,
    illegal with MA 1."""
    enemy = al("A", "2020")
    one = dict(mode="infiltration", previous="2019", path=["2019", "1919"])
    assert rules(H + enemy + x("X", "1919", values=dict(INF, movement=2), **one)) == []
    assert rules(H + enemy + x("X", "1919", values=dict(INF, movement=1), **one)) == ["IM 8.13"]


def test_no_entry_into_enemy_hex():
    """IM 8.14: a move through the Allied-held 2020 is illegal; around it, legal."""
    far = dict(values=dict(INF, movement=9))
    assert "IM 8.14" in rules(H + al("A", "2020") + x("X", "2021", previous="2019", path=["2019", "2020", "2021"],
                                                         **far))
    assert rules(H + al("A", "2020") + x("X", "2221", previous="2218",
                                         path=["2218", "2219", "2220", "2221"], **far)) == []


def test_motor_pool_zoc_limits():
    """IM 18.14: a motor-pool unit may not start next to an enemy combat unit, and may enter but
    not pass through enemy ZOC; along a road away from the enemy it is legal (Night)."""
    rd = road("secondary_road", "2017", "2018", "2019", "2118")
    night = state(time="night")
    pool = dict(mode="motor_pool", previous="2017", path=["2017", "2018", "2019"])
    assert rules(H + rd + night + x("E", "2020") + al("P", "2019", **pool)) == []
    through = dict(mode="motor_pool", previous="2017", path=["2017", "2018", "2019", "2118"])
    assert "IM 18.14" in rules(H + rd + night + x("E", "2020") + al("P", "2118", **through))
    start = dict(mode="motor_pool", previous="2019", path=["2019", "2018"])
    assert "IM 18.14" in rules(H + rd + night + x("E", "2020") + al("P", "2018", **start))


# ---- retreat (13.3-13.4) -------------------------------------------------------------------
def test_retreat_across_cliff_or_into_enemy():
    """IM 13.34: a retreat across the cliff 2018|2019 is illegal; over clear hexsides legal."""
    r = dict(mode="retreat", previous="2017", path=["2017", "2018", "2019"])
    assert rules(H + x("X", "2019", **r)) == []
    assert rules(H + side("2018", "2019", "cliff") + x("X", "2019", **r)) == ["IM 13.34"]
    assert rules(H + al("A", "2018") + x("X", "2019", **r)) == ["IM 13.34"]


def test_retreat_length():
    """IM 13.32: a defender (out of the declared defender hex 2017) retreats exactly 2 hexes: 2 is
    legal, 1 is not; an attacker may retreat 1; nobody retreats 3."""
    atk = al("A", "2016") + attack("2017", "A")
    assert rules(H + atk + x("D", "2019", mode="retreat", path=["2017", "2018", "2019"])) == []
    assert rules(H + atk + x("D", "2018", mode="retreat", path=["2017", "2018"])) == ["IM 13.32"]
    assert rules(H + x("D", "2017") + attack("2017", "B") + al("B", "2115", mode="retreat",
                                                               path=["2016", "2115"])) == []
    assert rules(H + x("X", "2020", mode="retreat", path=["2017", "2018", "2019", "2020"])) == ["IM 13.32"]


def test_orange_circle_zero_ma_and_oos_armour_do_not_retreat():
    """IM 13.37, 14.23, 6.15: orange-circle units, pillboxes and out-of-supply armour are
    eliminated instead of retreating; infantry retreats (legal)."""
    r = dict(mode="retreat", path=["2017", "2018", "2019"])
    assert rules(H + x("I", "2019", **r)) == []
    assert rules(H + x("O", "2019", **ORANGE, **r)) == ["IM 13.37"]
    assert rules(H + x("P", "2019", type="pillbox", values=dict(INF, movement=0), **r)) == ["IM 13.37"]
    assert rules(H + road("primary_road", "2017", "2018", "2019") + x("T", "2019", status=["oos"], **TANK, **r)) \
        == ["IM 13.37"]


SMALL = inline((19, 21), (18, 20))
# 3 x 3 hexes: 1920's only land neighbour is 2020 once 1919 is sea; the Allied unit in 2119 controls
# 2118, 2120, 2020 and 2019


def test_retreat_through_ezoc_only_without_alternative():
    """IM 13.41, 13.45: out of 1920 (1919 is sea) every retreat passes the empty enemy-ZOC hex 2020,
    so 1920 → 2020 → 2019 (to a friendly unit) is legal when the unit ends disrupted; on the big
    map an EZOC-free retreat existed (illegal, see test_retreat_rules)."""
    body = SMALL + hexes("1919", terrain="sea") + al("A", "2119") + x("F", "2019")
    r = dict(mode="retreat", path=["1920", "2020", "2019"])
    assert rules(body + x("X", "2019", status=["disrupted"], **r)) == []
    assert rules(body + x("X", "2019", **r)) == ["IM 13.45"]


def test_retreat_priority():
    """IM 13.35, 13.42: ending in the friendly-occupied enemy-ZOC hex 2020 is legal when no hex
    outside enemy ZOC can be reached (1920 on the small map); when one can, it is not."""
    body = al("A", "2119") + x("F", "2020")
    r = dict(mode="retreat", path=["1920", "2020"])
    assert rules(SMALL + hexes("1919", terrain="sea") + body + x("X", "2020", **r)) == []
    assert rules(SMALL + body + x("X", "2020", **r)) == ["IM 13.35"]


# ---- advance after combat (13.5) -----------------------------------------------------------
def test_advance_ignores_ezoc():
    """IM 13.54, 13.52: an attacker advancing from 2019 into the vacated defender hex 2020, next to
    the enemy in 2021, is legal; a unit that did not attack may not advance."""
    body = al("E", "2021") + attack("2020", "X")
    assert rules(H + body + x("X", "2020", mode="advance", previous="2019")) == []
    other = al("E", "2021") + attack("2020", "Y")
    assert rules(H + other + x("Y", "2019") + x("Z", "2020", mode="advance", previous="2019")) == ["IM 13.52"]


def test_advance_limits():
    """IM 13.53, 8.35: orange-circle units do not advance; nobody advances across a cliff."""
    adv = dict(mode="advance", previous="2019")
    assert rules(H + x("O", "2020", **ORANGE, **adv)) == ["IM 13.53"]
    assert rules(H + side("2019", "2020", "cliff") + x("X", "2020", **adv)) == ["IM 8.35"]
    assert rules(H + x("X", "2020", **adv)) == []


# ---- Reaction (9.2) ------------------------------------------------------------------------
def test_reaction_one_unit_per_defender_hex():
    """IM 9.22: one unit reacting into the defender hex 2020 is legal, two are not."""
    d = x("D", "2020") + al("A", "2120") + attack("2020", "A")
    assert rules(H + d + x("R1", "2020", mode="reaction", previous="2019")) == []
    assert rules(H + d + x("R1", "2020", mode="reaction", previous="2019")
                 + x("R2", "2020", mode="reaction", previous="1919")) == ["IM 9.22"]


def test_reaction_only_into_declared_defender_hex():
    """IM 9.2, 9.23: with an attack declared on 2020, a reaction into 2020 is legal and one into
    1918 (no attack there) is not."""
    body = x("D", "2020") + x("D2", "1918") + al("A", "2120") + attack("2020", "A")
    assert rules(H + body + x("R", "2020", mode="reaction", previous="2019")) == []
    assert rules(H + body + x("R", "1918", mode="reaction", previous="2018")) == ["IM 9.2"]


def test_reaction_hexside_and_mp():
    """IM 9.23, 8.35 (spec §11 #23): no reaction across a cliff; the MP to enter include the EZOC
    +1, so a 1-MA unit may not react into a clear hex in enemy ZOC (legal when the parameter
    im_reaction_zoc_cost is false)."""
    d = x("D", "2020") + al("A", "2120")
    assert rules(H + d + side("2019", "2020", "cliff") + x("R", "2020", mode="reaction", previous="2019")) \
        == ["IM 8.35"]
    slow = x("R", "2020", values=dict(INF, movement=1), mode="reaction", previous="2019")
    assert rules(H + d + slow) == ["IM 9.23"]
    assert rules(H + d + slow + rules_(im_reaction_zoc_cost=False)) == []
    assert [f.kind for f in findings(H + d + slow)] == ["movement"]


def test_an_open_retreat_is_judged_for_its_length_and_end_once_finished():
    """IM 13.32 (a defender retreats exactly 2 hexes), 13.43 (a retreat may not end in enemy ZOC
    without a friendly unit there): a defender out of 2017 dragged 2017 -> 2018 -> 2019, in the
    ZOC of the Allied unit in 2020. While the retreat is still open
    (``Position.retreats_open``: a log's next drag may go on) only what it already broke counts:
    nothing; finished, it ends in enemy ZOC (13.43). One hex, 2017 -> 2018: short only once
    finished (13.32); three hexes are too many at once."""
    from dataclasses import replace
    from rules_util import position
    from vmodgen.rules import ruleset_for

    def found(text: str, open_: bool) -> list[str]:
        p = replace(position(text), retreats_open=open_)
        return sorted({f.rule for f in ruleset_for(p.game).check(p)})
    atk = al("A", "2016") + attack("2017", "A")
    ends = H + atk + al("E", "2020") + x("D", "2019", mode="retreat", path=["2017", "2018", "2019"])
    assert found(ends, True) == []
    assert "IM 13.43" in found(ends, False)
    short = H + atk + x("D", "2018", mode="retreat", path=["2017", "2018"])
    assert found(short, True) == []
    assert found(short, False) == ["IM 13.32"]
    long = H + x("X", "2020", mode="retreat", path=["2017", "2018", "2019", "2020"])
    assert found(long, True) == ["IM 13.32"]
