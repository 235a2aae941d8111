"""The generic rule set: every predicate with a legal and an illegal position, and refused
configurations."""
from __future__ import annotations

import pytest

from rules_util import findings, head, rules, status, table, unit
from vmodgen.errors import InputError

H = head("generic", ("red", "blue"))
INF = {"movement": 4}


def test_stacking_units_legal_at_limit():
    """GEN stacking: 3 red units in 0505 (default limit 3 units) is legal."""
    text = H + "".join(unit(f"R{i}", "red", "0505") for i in range(3))
    assert rules(text) == []


def test_stacking_units_over_limit():
    """GEN stacking: 4 red units in 0505 pass the default limit of 3 units."""
    text = H + "".join(unit(f"R{i}", "red", "0505") for i in range(4))
    fs = findings(text)
    assert [f.rule for f in fs] == ["GEN stacking"]
    assert fs[0].hexes == ("0505",) and len(fs[0].units) == 4 and "4 red units" in fs[0].message


def test_stacking_points_and_free_units():
    """GEN stacking: limit 6 points; 2+2+3 = 7 is over, a marker-kind unit never counts."""
    base = H + "[rules]\nstacking_limit = 6\nstacking_unit = \"points\"\n"
    legal = base + unit("A", "red", "0202", values={"stacking": 3}) + unit("B", "red", "0202", values={"stacking": 3}) \
        + unit("M", "red", "0202", kind="marker", type="marker", values={"stacking": 5})
    assert rules(legal) == []
    illegal = legal + unit("C", "red", "0202", values={"stacking": 1})
    assert rules(illegal) == ["GEN stacking"]


def test_stacking_boxes_unlimited_by_default():
    """GEN stacking: off-map boxes have no limit unless stacking_boxes = true."""
    body = table("boxes", id="pool", side="red") + "".join(unit(f"R{i}", "red", "pool") for i in range(5))
    assert rules(H + body) == []
    assert rules(H + "[rules]\nstacking_boxes = true\n" + body) == ["GEN stacking"]


def test_stacking_when_movement_end_only():
    """GEN stacking with stacking_when = "movement_end": an overstack at the end of a combat phase
    is not checked, at the end of a movement phase it is. (Inline games have no phases, so the
    minikit, whose phases have kinds, is used.)"""
    base = ('[position]\ngame = "../minikit"\nphase = "%s"\n[rules]\nstacking_limit = 2\n'
            'stacking_when = "movement_end"\n' + table("units", unit="R1", hex="0505")
            + table("units", unit="R2", hex="0505"))
    from rules_util import position
    from vmodgen.rules import ruleset_for
    for phase, expected in (("red-combat", []), ("red-move", ["GEN stacking"])):
        p = position(base % phase)
        assert sorted({f.rule for f in ruleset_for(p.game).check(p)}) == expected


def test_enemy_units_never_share_a_hex():
    """GEN stacking: red and blue units in 0303 is illegal unless stacking_mixed = true."""
    body = unit("R", "red", "0303") + unit("B", "blue", "0303")
    assert rules(H + body) == ["GEN stacking"]
    assert rules(H + "[rules]\nstacking_mixed = true\n" + body) == []


def test_move_within_allowance():
    """GEN movement: 4 MP moves 0202 → 0206 (4 clear hexes); 0207 is out of reach."""
    assert rules(H + unit("R", "red", "0206", values=INF, previous="0202")) == []
    fs = findings(H + unit("R", "red", "0207", values=INF, previous="0202"))
    assert [f.rule for f in fs] == ["GEN movement"] and fs[0].kind == "movement"


def test_move_terrain_costs_and_prohibited():
    """GEN movement: move_cost_rough = 2 makes 0202→0205 via rough 0203 cost more; water is
    prohibited."""
    base = H + "[rules]\nmove_cost_rough = 3\n" + table("hexes", hex="0203", terrain="rough")
    path = ["0202", "0203", "0204", "0205"]
    fs = findings(base + unit("R", "red", "0205", values=INF, previous="0202", path=path))
    assert [f.rule for f in fs] == ["GEN movement"]
    assert rules(base + unit("R", "red", "0205", values=INF, previous="0202")) == []   # around it
    water = H + table("hexes", hex="0203", terrain="sea")
    fs = findings(water + unit("R", "red", "0203", values=INF, previous="0202"))
    assert [f.rule for f in fs] == ["GEN movement"]


def test_zoc_stop_on_entry():
    """GEN zoc: blue in 0505; red may enter its ZOC at 0504 and stop, but not move on to 0604."""
    blue = unit("B", "blue", "0505")
    assert rules(H + blue + unit("R", "red", "0504", values=INF, previous="0502", path=["0502", "0503", "0504"])) == []
    fs = findings(H + blue + unit("R", "red", "0604", values=INF, previous="0503", path=["0503", "0504", "0604"]))
    assert [f.rule for f in fs] == ["GEN zoc"] and fs[0].hexes == ("0504",)


def test_zoc_stop_without_path_finds_a_way_around():
    """GEN zoc: without a path the checker looks for any legal one: 0503 → 0703 goes around the
    ZOC of blue in 0505 (legal); 0504 → 0606 cannot (it starts in the ZOC and every way on
    crosses it within 2 MP)."""
    blue = unit("B", "blue", "0505")
    assert rules(H + blue + unit("R", "red", "0703", values=INF, previous="0503")) == []
    fs = findings(H + blue + unit("R", "red", "0607", values={"movement": 3}, previous="0504"))
    assert [f.kind for f in fs] == ["zoc"]


def test_zoc_exempt_units():
    """GEN zoc: an HQ (kind hq) and a no_zoc unit exert no ZOC, so moving past them is legal."""
    path = ["0503", "0504", "0604"]
    for blue in (unit("B", "blue", "0505", type="hq", kind="hq"), unit("B", "blue", "0505", flags=["no_zoc"])):
        assert rules(H + blue + unit("R", "red", "0604", values=INF, previous="0503", path=path)) == []


def test_zoc_hexside_blocks():
    """GEN zoc: with zoc_hexsides = "river" a ZOC does not cross the river 0504|0505, so moving
    0503 → 0504 → 0604 past blue in 0505 is legal; without it, it is not."""
    body = table("hexsides", hexes=["0504", "0505"], feature="river") + unit("B", "blue", "0505") \
        + unit("R", "red", "0604", values=INF, previous="0503", path=["0503", "0504", "0604"])
    assert rules(H + body) == ["GEN zoc"]
    assert rules(H + '[rules]\nzoc_hexsides = "river"\n' + body) == []


def test_zoc_to_zoc():
    """GEN zoc: red starting in blue's ZOC at 0504 may not step directly into 0405, also in it,
    unless zoc_to_zoc = true."""
    body = unit("B", "blue", "0505") + unit("R", "red", "0405", values=INF, previous="0504", path=["0504", "0405"])
    assert rules(H + body) == ["GEN zoc"]
    assert rules(H + "[rules]\nzoc_to_zoc = true\n" + body) == []


def test_zoc_leave_never_locks_a_unit_in_enemy_zoc():
    """GEN zoc, zoc_leave = "never" (locking ZOC): blue in 0505; red begins its move in blue's ZOC
    at 0504. It may not move 0504 → 0503 (out of the ZOC), with or without a recorded path; with
    the default zoc_leave = "free" it may. A red unit beginning at 0502 (not in the ZOC) moves."""
    locked = H + '[rules]\nzoc_leave = "never"\n' + unit("B", "blue", "0505")
    for kw in ({"path": ["0504", "0503"]}, {}):
        body = unit("R", "red", "0503", values=INF, previous="0504", **kw)
        fs = findings(locked + body)
        assert [(f.rule, f.kind) for f in fs] == [("GEN zoc", "zoc")]
        assert fs[0].hexes == ("0504", "0505") and "0504" in fs[0].message and "0505" in fs[0].message
        assert "zoc_leave = never" in fs[0].message and fs[0].units == ("R",)
        assert rules(H + unit("B", "blue", "0505") + body) == []              # free (default)
    assert rules(locked + unit("R", "red", "0501", values=INF, previous="0502", path=["0502", "0501"])) == []


def test_zoc_leave_never_without_allowance_and_with_cancel():
    """GEN zoc, zoc_leave = "never": a unit with no movement allowance is held all the same (the
    rule needs no movement points); with zoc_cancel = true a friendly unit staying in 0504
    cancels blue's ZOC there, so red may leave."""
    locked = H + '[rules]\nzoc_leave = "never"\n' + unit("B", "blue", "0505")
    assert rules(locked + unit("R", "red", "0503", previous="0504")) == ["GEN zoc"]
    friend = unit("F", "red", "0504")
    mover = unit("R", "red", "0503", values=INF, previous="0504", path=["0504", "0503"])
    assert rules(locked + friend + mover) == ["GEN zoc"]
    assert rules(H + '[rules]\nzoc_leave = "never"\nzoc_cancel = true\n' + unit("B", "blue", "0505")
                 + friend + mover) == []


def test_zoc_leave_never_spares_retreats():
    """GEN zoc, zoc_leave = "never": a retreat (mode = "retreat") out of blue's ZOC at 0504 to
    0503, outside it, is legal: only a move is locked."""
    body = unit("B", "blue", "0505") + unit("R", "red", "0503", values=INF, previous="0504", mode="retreat")
    assert rules(H + '[rules]\nzoc_leave = "never"\n' + body) == []


def test_zoc_leave_one_hex():
    """GEN zoc, zoc_leave = "one_hex": red begins in blue's ZOC at 0504 (blue in 0505): 0504 →
    0503 (one hex) is legal, 0504 → 0503 → 0502 is not (found at 0503, where it had to stop);
    searched without a path, 0504 → 0502 has no legal route. With "free" both are legal."""
    base = H + unit("B", "blue", "0505")
    one = base + '[rules]\nzoc_leave = "one_hex"\n'
    assert rules(one + unit("R", "red", "0503", values=INF, previous="0504", path=["0504", "0503"])) == []
    far = unit("R", "red", "0502", values=INF, previous="0504", path=["0504", "0503", "0502"])
    fs = findings(one + far)
    assert [f.rule for f in fs] == ["GEN zoc"] and fs[0].hexes == ("0503",) and "one_hex" in fs[0].message
    assert rules(base + far) == []
    searched = unit("R", "red", "0502", values=INF, previous="0504")
    assert [f.kind for f in findings(one + searched)] == ["zoc"]
    assert rules(base + searched) == []


def test_supply_range_and_marker():
    """GEN supply: sources on the west edge, range 5 hexes: a unit 4 hexes from the edge traces;
    one 9 hexes away needs the oos marker (supply phase = no phase given)."""
    base = H + '[rules]\nsupply_sources = "edge:west"\nsupply_range = 5\n'
    assert rules(base + unit("R", "red", "0505")) == []
    fs = findings(base + unit("R", "red", "1005"))
    assert [f.rule for f in fs] == ["GEN supply"]
    assert rules(base + unit("R", "red", "1005", status=["oos"])) == []
    assert rules(base + unit("R", "red", "0505", status=["oos"])) == ["GEN supply"]


def test_supply_blocked_by_enemy_zoc_unless_friendly():
    """GEN supply: on a 2-row strip, blue in 0402 puts 0301, 0401, 0501 (and row 2 around it) in
    its ZOC and cuts red's line from 0701 to the source 0101; red units standing in those three
    hexes cancel the ZOC for supply (supply_zoc_cancel, default true), not when it is false."""
    base = H + '[rules]\nsupply_sources = "hex:0101"\nsupply_range = 8\n%s[grid]\nline_range = [1, 9]\npos_range = [1, 2]\n'
    body = unit("B", "blue", "0402") + unit("R", "red", "0701")
    helpers = unit("R3", "red", "0301") + unit("R4", "red", "0401") + unit("R5", "red", "0501")
    assert status(base % "" + body, "red") == {"R": "out"}
    assert status(base % "" + body + helpers, "red")["R"] == "in"
    assert status(base % "supply_zoc_cancel = false\n" + body + helpers, "red")["R"] == "out"


def test_supply_road_leg():
    """GEN supply: an unlimited road leg after 2 hexes reaches a source 10 hexes away."""
    base = H + '[rules]\nsupply_sources = "hex:0101"\nsupply_range = 2\nsupply_road = "road"\n'
    road = table("lines", kind="road", hexes=[f"{i:02d}01" for i in range(1, 12)])
    assert status(base + road + unit("R", "red", "1103"), "red") == {"R": "in"}
    assert status(base + road + unit("R", "red", "1105"), "red") == {"R": "out"}
    assert status(base + unit("R", "red", "1103"), "red") == {"R": "out"}


@pytest.mark.parametrize("rules_text, needle", [
    ("stacking_limit = -1", "negative"),
    ("stacking_limt = 3", "unknown rule parameter 'stacking_limt'"),
    ('stacking_unit = "pounds"', "stacking_unit"),
    ('supply_sources = "edge:up"', "no map edge"),
    ('supply_blocked_by = "fog"', "unknown blocker"),
    ('zoc_exempt = "colour:red"', "unknown selector"),
    ("zoc_stop = 1", "true or false"),
    ('zoc_leave = "locked"', "must be one of free, one_hex, never"),
])
def test_impossible_configuration_refused(rules_text, needle):
    """GEN: an impossible or unknown parameter is refused with a message naming it."""
    with pytest.raises(InputError) as e:
        findings(H + "[rules]\n" + rules_text + "\n" + unit("R", "red", "0101"))
    assert needle in str(e.value)


def test_move_without_allowance_judges_only_the_path():
    """GEN movement without a movement allowance: a path is still checked (ZOC, enemy units),
    a move without one is not searched (its length cannot be judged) and a note says so."""
    from rules_util import position
    from vmodgen.rules import ruleset_for
    blue = unit("B", "blue", "0505")
    fs = findings(H + blue + unit("R", "red", "0604", previous="0503", path=["0503", "0504", "0604"]))
    assert [f.rule for f in fs] == ["GEN zoc"]
    p = position(H + blue + unit("R", "red", "0907", previous="0503"))
    rs = ruleset_for(p.game)
    assert rs.check(p) == []
    assert any("length of their moves was not checked" in n for n in rs.take_notes())
    assert rs.take_notes() == []


def test_enemy_zoc_is_the_union_of_the_enemy_zoc_fields():
    """GEN zoc: enemy_zoc (from the per-map reach table) gives the same hexes as zoc(), with a
    river the ZOC does not cross and an exempt HQ."""
    from rules_util import position
    from vmodgen.rules import ruleset_for
    text = (H + '[rules]\nzoc_hexsides = "river"\n' + table("hexsides", hexes=["0504", "0505"], feature="river")
            + unit("B", "blue", "0505") + unit("C", "blue", "0808") + unit("Q", "blue", "0303", type="hq", kind="hq")
            + unit("R", "red", "0202"))
    p = position(text)
    rs = ruleset_for(p.game)
    board = rs.board(p)
    assert rs.enemy_zoc(board, "red") == rs.zoc(board, "blue").hexes()
    assert "0504" not in rs.enemy_zoc(board, "red") and "0405" in rs.enemy_zoc(board, "red")
    assert rs.enemy_zoc(board, "red") is rs.enemy_zoc(rs.board(p), "red")    # reused while unchanged
