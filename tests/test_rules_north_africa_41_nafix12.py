"""North Africa '41, round nafix12: 12.1.3 guideline 3 read as the book words it (which friends
cancel enemy ZOC, the other retreat's length, enemy non-combat units, long paths), and control
read for a whole retreating stack (12.4) and at the start of the phase (21.1.4)."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from na41_util import H, INF, MECH, TRUCK, al, ax, inline, position, rules_of, table
from vmodgen.rules import ruleset_for
from vmodgen.rules.illustrative import Annotator

RULEBOOK = Path(__file__).resolve().parent / "data" / "positions" / "rulebook" / "north_africa_41"

# a 12 x 5 strip: Axis Z2 (0603) attacked Allied D1 (0503); Z1 (0402) has 0403 in its ZOC
STRIP = inline((1, 12), (1, 5)) + ax("Z1", "0402") + ax("Z2", "0603")
D1 = al("D1", "0303", previous="0503", path=["0503", "0403", "0303"], mode="retreat")


def check(text: str):
    p = position(text)
    rs = ruleset_for(p.game)
    return p, rs, rs.check(p), rs.take_not_judged()


def guideline_3(text: str, unit: str = "D1") -> list[str]:
    """The 12.1.3 guideline-3 findings about ``unit`` (their messages)."""
    return [f.message for f in check(text)[2]
            if f.rule == "NA41 12.1.3" and "enters none" in f.message and f.message.startswith(unit)]


def test_friends_that_retreated_this_phase_do_not_clear_another_path():
    """12.1.3 #3 「友軍ユニット（現行戦闘フェイズに退却していない）は、この目的においてそれが占めるヘクス内のEZOCを
    打ち消します」: Axis Z4 (0405) puts 0404 and 0504 in its ZOC, so every first hex of D1's retreat from
    0503 but 0504 is in enemy ZOC. Allied F2, F3 retreated into 0504 this phase (from other combats):
    for 12.2.1 they cancel Z4's ZOC there, for guideline 3 they do not. No retreat of D1 avoids enemy
    ZOC: its one EZOC hex is allowed. The same friends standing there unretreated clear 0504."""
    friends = (al("F2", "0504", previous="0704", path=["0704", "0605", "0504"], mode="retreat")
               + al("F3", "0504", previous="0705", path=["0705", "0605", "0504"], mode="retreat"))
    assert guideline_3(STRIP + ax("Z4", "0405") + D1 + friends) == []
    standing = al("F2", "0504") + al("F3", "0504")
    found = guideline_3(STRIP + ax("Z4", "0405") + D1 + standing)
    assert len(found) == 1 and "0503 -> 0504 ->" in found[0]


def test_a_friendly_non_combat_unit_cancels_enemy_zoc_for_guideline_3():
    """12.1.3 #3 says 友軍ユニット (friendly units), not 戦闘ユニット: an Allied truck that did not retreat,
    in 0403, cancels Z1's ZOC there, so D1's retreat 0503 -> 0403 -> 0303 entered none: no 12.1.3.
    Without the truck it is a finding (0503 -> 0504 -> 0605 enters none)."""
    assert len(guideline_3(STRIP + D1)) == 1
    assert guideline_3(STRIP + D1 + al("T", "0403", **TRUCK)) == []


def test_the_other_path_may_not_cross_enemy_non_combat_units():
    """12.1.3's note 「敵の非戦闘ユニットのみを含んでいるヘクス以外に他の退却の道筋がなければ、その退却は認められて
    非戦闘ユニットは除去されます」: a hex of enemy non-combat units is a retreat route only when there is no
    other. With an Axis truck in 0504 the path named goes round it (through 0404), not through 0504."""
    found = guideline_3(STRIP + D1 + ax("ZT", "0504", **TRUCK))
    assert len(found) == 1 and "0503 -> 0504" not in found[0] and "0503 -> 0404 ->" in found[0]


# escarpments leave from 0503 only 0503 -> 0504 -> 0605 free of enemy ZOC (2 hexes); 0303 is a port
WALLED = "".join(table("hexsides", hexes=[a, b], feature="escarpment", up=a)
                 for a, b in (("0503", "0404"), ("0504", "0505"), ("0504", "0405"), ("0504", "0404"),
                              ("0605", "0704"), ("0605", "0705"), ("0605", "0505")))
PORT = table("hexes", hex="0303", terrain="town", features=["port"], control="allied")
M1 = al("D1", "0303", previous="0503", path=["0503", "0403", "0303"], mode="retreat", values=MECH,
        movement_class="mech", type="motorized-infantry")


def test_the_other_path_is_as_long_as_the_result_or_stops_in_a_friendly_port():
    """12.1.1, 12.4: after DR4 mechanized D1 goes 0503 -> 0403 (EZOC) -> 0303 and stops early in the
    Allied port 0303. The only paths free of enemy ZOC are 2 hexes long and end in no port: not a
    legal retreat after DR4, so guideline 3 does not find one. A 2-hex retreat after DR2 does."""
    dr4 = table("attacks", hex="0503", units=["Z2"], result="DR4")
    assert guideline_3(STRIP + WALLED + PORT + M1 + dr4) == []
    dr2 = table("attacks", hex="0503", units=["Z2"], result="DR2")
    assert len(guideline_3(STRIP + WALLED + PORT + M1 + dr2)) == 1


def test_a_shorter_path_to_a_friendly_port_is_a_legal_other_retreat():
    """12.4 「友軍支配下の港湾又は陣地ヘクス」: after DR4, D1 (mechanized) retreats 4 hexes from 0503 through
    0403, in Z1's ZOC; 0504 is an Allied port next to 0503 outside any enemy ZOC: stopping there after
    1 hex is a retreat entering none (escarpments close 0503 -> 0404 and every way on from 0504), so
    guideline 3 names it."""
    m = al("D1", "0103", previous="0503", path=["0503", "0403", "0303", "0203", "0103"], mode="retreat",
           values=MECH, movement_class="mech", type="motorized-infantry")
    port = table("hexes", hex="0504", terrain="town", features=["port"], control="allied")
    walls = "".join(table("hexsides", hexes=[a, b], feature="escarpment", up=a)
                    for a, b in (("0504", "0505"), ("0504", "0605"), ("0504", "0604"), ("0504", "0404"),
                                 ("0504", "0405"), ("0503", "0404")))
    dr4 = table("attacks", hex="0503", units=["Z2"], result="DR4")
    found = guideline_3(STRIP + walls + port + m + dr4)
    assert len(found) == 1 and "though 0503 -> 0504 enters none" in found[0]


def test_with_no_result_a_retreat_ending_in_a_port_is_not_judged_by_guideline_3():
    """A log records no combat result: a retreat through enemy ZOC ending in a friendly port may have
    stopped early (12.4), so the length another retreat must have is unknown: 12.1.3 not judged."""
    _, _, found, nj = check(STRIP + PORT + D1)
    assert not [f for f in found if f.rule == "NA41 12.1.3"]
    assert "0303" in nj.get("NA41 12.1.3", "")


def test_a_retreat_entering_a_hex_twice_is_guideline_1_only():
    """12.1.3 #1 「各ヘクスは、ある退却で一度のみ進入できます」: D1 dragged 0503 -> 0403 -> 0303 and back and
    forth 0304 / 0303 is guideline 1's finding; guideline 3 is not searched for such a path (its
    search grows with the path's length)."""
    path = ["0503", "0403"] + ["0303", "0304"] * 6 + ["0303"]
    bounce = al("D1", "0303", previous="0503", path=path, mode="retreat")
    found = [f.message for f in check(STRIP + bounce)[2] if f.rule == "NA41 12.1.3"]
    assert len(found) == 1 and "twice" in found[0]


def test_a_retreat_stack_sets_itself_aside_for_an_early_stop_in_a_port():
    """12.4 with 16.3.4: B1 and B2 retreat together 3021 -> 3022 after DR2 and stop in the port 3022,
    which the record says the Axis held last. Each stands in the port with the other, but the stack
    found it Axis: no early stop, NA41 12.1.1 for both, as for B1 alone."""
    def b(n: str) -> str:
        return al(n, "3022", previous="3021", path=["3021", "3022"], mode="retreat", values=MECH,
                  movement_class="mech")
    head = (H + table("hexes", hex="3022", terrain="town", features=["port"]) + ax("A1", "3020")
            + table("attacks", hex="3021", units=["A1"], result="DR2"))
    state = '[state]\nna41_last_held = {"3022" = "axis"}\n'
    for stack in (b("B1"), b("B1") + b("B2")):
        found = [f for f in check(head + stack + state)[2] if f.rule == "NA41 12.1.1"]
        assert len(found) == stack.count("[[units]]"), stack


NAVAL = ('[position]\ngame = "north-africa-41"\nturn = 3\nphase = "i1-axis-movement"\n'
         '[[hexes]]\nhex = "3138"\ncontrol = "axis"\n')
STATE = '[state]\nna41_last_held = {"3210" = "allied"}\n'


def _landing(name: str) -> str:
    return f'[[units]]\nunit = "{name}"\nhex = "3210"\nprevious = "3138"\nstatus = ["naval_transport"]\n'


def test_naval_landing_reads_the_port_at_the_start_of_the_phase():
    """21.1.4 「手番プレイヤーの移動フェイズ開始時に友軍支配下の港湾…のみ」: 3210, recorded Allied, is the
    port of landing. Brescia and Pavia landing there together, or Pavia arriving overland this phase,
    do not make it Axis at the phase's start: NA41 21.1.4 for each unit landed by sea."""
    for extra, landed in ((_landing("Pavia"), {"Brescia", "Pavia"}),
                          ('[[units]]\nunit = "Pavia"\nhex = "3210"\nprevious = "3209"\npath = ["3209", "3210"]\n',
                           {"Brescia"})):
        _, _, found, _ = check(NAVAL + _landing("Brescia") + extra + STATE)
        got = {f.units[0] for f in found if f.rule == "NA41 21.1.4"}
        assert len(got) == len(landed), extra
    # an Axis unit that stood in the port from the phase's start holds it: no finding
    held = '[[units]]\nunit = "Pavia"\nhex = "3210"\n'
    assert not [f for f in check(NAVAL + _landing("Brescia") + held + STATE)[2] if f.rule == "NA41 21.1.4"]


def test_guideline_3_rests_on_the_terrain_of_the_other_path():
    """Whether another retreat enters no enemy ZOC depends on the terrain of its hexes: on the kit map
    that is illustrative, so the finding names those hexes' terrain among its illustrative inputs."""
    text = (RULEBOOK / "tag-along-unnamed-advance-may-be-auto-ds.toml").read_text(encoding="utf-8")
    pos, rs, found, _ = check(text)
    (f,) = [f for f in found if f.rule == "NA41 12.1.3"]
    inputs = Annotator(rs).inputs_of(f, pos)
    terrain = [i for i in inputs if i.kind == "terrain"]
    assert terrain and "2827" in terrain[0].items and "2827" in f.hexes


def test_the_12_1_1_not_judged_line_names_the_whole_retreating_stack():
    """With no combat result recorded (as in a log), 12.1.1 is not judged; the line names every unit of
    the stack that retreated together, not only the first."""
    two = "".join(al(n, "0303", previous="0503", path=["0503", "0403", "0303"], mode="retreat") for n in ("D1", "D2"))
    p = replace(position(STRIP + two), moves_announced=False)      # a log's: the drags, no declarations
    rs = ruleset_for(p.game)
    rs.check(p)
    line = rs.take_not_judged().get("NA41 12.1.1", "")
    assert "D1" in line and "D2" in line
