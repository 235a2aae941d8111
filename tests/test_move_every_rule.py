"""A move that breaks several rules gets one finding per rule broken, at the first hex where each
is broken (``rules/core/movement.py`` ``walk_all``); a move that breaks one rule, exactly one.
The core walk on toy move models first, then positions of the generic rules and of each kit
game (inline maps: hex IDs CCRR; every hex clear unless stated)."""
from __future__ import annotations

import json
from pathlib import Path

import im_util
import na41_util
import om_util
from click.testing import CliRunner
from rules_util import findings, grid, head, position, table, unit

from vmodgen.commands.check import command
from vmodgen.rules import ruleset_for
from vmodgen.rules.core import Board, MoveModel, Problem, walk, walk_all

POSITIONS = Path(__file__).resolve().parent / "data" / "positions"
LINE = ["0301", "0302", "0303", "0304", "0305", "0306"]     # one column, each hex next to the last


def board() -> Board:
    return Board(position(head("generic", ("red", "blue")) + grid((1, 8), (1, 8))))


def model(**kw) -> MoveModel:
    """A toy move model: every step costs 1 (rule "mp" for the allowance)."""
    kw.setdefault("cost", lambda a, b: 1.0)
    return MoveModel(neighbours=board().neighbours, allowance_rule="mp", **kw)


def got(found) -> list[tuple[str, str]]:
    return [(p.rule, p.hex) for p, _ in found]


def moved(fs) -> list[tuple[str, tuple[str, ...]]]:
    return [(f.rule, f.hexes) for f in fs]


# ---- the core walk -------------------------------------------------------------------------------
def test_walk_all_reports_each_rule_once_at_its_first_hex():
    """A block at 0302, a stop the unit broke at 0303, and 5 points spent with 3: three problems;
    the allowance is exceeded at 0305 and 0306 but reported once, at 0305."""
    m = model(block=lambda a, b, i: Problem("enemy", "movement", "held", b) if b == "0302" else None,
              stops=lambda a, b, i: Problem("zoc", "zoc", "stop", b) if b in ("0303", "0305") else None)
    spent, found = walk_all(m, LINE, 3)
    assert got(found) == [("enemy", "0302"), ("zoc", "0303"), ("mp", "0305")]
    assert spent == 5 and [s for _, s in found] == [0, 2, 4]
    assert "needs 4 movement points to reach 0305 but has 3" in found[2][0].message
    # the old reading, the first problem only, is what walk still gives
    assert walk(m, LINE, 3) == (0.0, found[0][0])


def test_walk_all_one_rule_one_problem():
    """Only the allowance broken (5 steps with 2 points): one problem, at 0304, the first hex
    beyond the allowance (not again at 0305 and 0306)."""
    spent, found = walk_all(model(), LINE, 2)
    assert got(found) == [("mp", "0304")] and spent == 5
    assert walk_all(model(), LINE, 5) == (5.0, [])


def test_a_step_the_unit_may_not_make_counts_nothing_and_the_walk_goes_on():
    """0302 → 0303 is prohibited (rule "terrain"): it has no cost, so it counts 0 and the rest is
    counted on (a lower bound: "at least"); the stop at 0305 is still checked."""
    m = model(cost=lambda a, b: None if b == "0303" else 1.0,
              prohibited=lambda a, b: Problem("terrain", "movement", f"may not enter {b}", b),
              stops=lambda a, b, i: Problem("zoc", "zoc", "stop", b) if b == "0305" else None)
    spent, found = walk_all(m, LINE, 3)
    assert got(found) == [("terrain", "0303"), ("zoc", "0305"), ("mp", "0306")]
    assert spent == 4 and "needs at least 4 movement points to reach 0306 but has 3" in found[2][0].message
    assert got(walk_all(m, LINE, 4)[1]) == [("terrain", "0303"), ("zoc", "0305")]


def test_after_a_broken_stop_zoc_costs_are_not_charged_again():
    """Leaving a ZOC hex costs +2 (``extra``). Beginning in 0303 and leaving it: 3 points. Entering
    0303 (a stop) and moving on: the stop is the finding; the step on costs its terrain only, so
    with 3 points 0301 → 0302 → 0303 → 0304 breaks one rule, with 2 points two."""
    zoc = {"0303"}
    m = model(extra=lambda a, b, i: 2.0 if a in zoc else 0.0,
              stops=lambda a, b, i: Problem("zoc", "zoc", "stop", b) if b in zoc else None)
    assert walk_all(m, ["0303", "0304"], 3) == (3.0, [])
    assert walk_all(m, ["0303", "0304"], 2)[0] == 3.0
    assert got(walk_all(m, LINE[:4], 3)[1]) == [("zoc", "0303")]
    assert got(walk_all(m, LINE[:4], 2)[1]) == [("zoc", "0303"), ("mp", "0304")]


def test_an_aux_refusal_is_reported_once():
    """``aux`` counting hexes (at most 2): the third hex is refused; its state is then unknown, so
    0305 and 0306 are not refused again; the allowance is still counted."""
    m = model(aux=lambda n, a, b: None if n + 1 > 2 else n + 1,
              aux_problem=lambda a, b: Problem("hexes", "movement", f"{b} is one hex too many", b))
    spent, found = walk_all(m, LINE, 4)
    assert got(found) == [("hexes", "0304"), ("mp", "0306")] and spent == 5


def test_findings_stand_as_the_path_grows():
    """The audit judges a move again at each drag: a problem found on a path stays, at the same
    hex, on every longer path (a finding's identity: rule, hexes, units, moment)."""
    m = model(block=lambda a, b, i: Problem("enemy", "movement", "held", b) if b == "0304" else None,
              stops=lambda a, b, i: Problem("zoc", "zoc", "stop", b) if b == "0302" else None)
    seen: list[set[tuple[str, str]]] = [set(got(walk_all(m, LINE[:n], 2)[1])) for n in range(2, len(LINE) + 1)]
    assert all(a <= b for a, b in zip(seen, seen[1:]))
    assert seen[-1] == {("zoc", "0302"), ("enemy", "0304"), ("mp", "0304")}


# ---- the generic rules ---------------------------------------------------------------------------
G = head("generic", ("red", "blue")) + grid((1, 8), (1, 8))
BLUE = unit("B1", "blue", "0505")          # its ZOC: 0504, 0605, 0606, 0506, 0406, 0405


def red(hexid: str, path: list[str], movement: float) -> str:
    return unit("R1", "red", hexid, previous=path[0], path=path, values={"movement": movement})


def test_generic_zoc_and_allowance():
    """GEN zoc + GEN movement: R1 (3 points) 0501 → 0502 → 0503 → 0504 → 0404 → 0403 enters the
    ZOC of B1 (0505) at 0504 and moves on, and its fourth hex, 0404, is one point too many."""
    fs = findings(G + BLUE + red("0403", ["0501", "0502", "0503", "0504", "0404", "0403"], 3))
    assert moved(fs) == [("GEN zoc", ("0504",)), ("GEN movement", ("0404",))]
    assert fs[0].kind == "zoc" and fs[1].kind == "movement" and fs[0].units == fs[1].units == ("R1",)
    assert "needs 4 movement points to reach 0404 but has 3" in fs[1].message


def test_generic_one_rule_broken_is_one_finding():
    """GEN movement alone (no enemy): 0101 → ... → 0106 with 2 points is one finding, at 0104;
    GEN zoc alone: the move above with 9 points is one finding, at 0504."""
    fs = findings(G + red("0106", ["0101", "0102", "0103", "0104", "0105", "0106"], 2))
    assert moved(fs) == [("GEN movement", ("0104",))]
    fs = findings(G + BLUE + red("0403", ["0501", "0502", "0503", "0504", "0404", "0403"], 9))
    assert moved(fs) == [("GEN zoc", ("0504",))]


def test_generic_prohibited_terrain_then_zoc():
    """GEN movement + GEN zoc: swamp is prohibited (move_cost_swamp = "no"); R1 (9 points)
    0501 → 0502 (swamp) → 0503 → 0504 → 0404: the swamp at 0502, and the ZOC of B1 it entered at
    0504 and left (checked after the prohibited step too)."""
    swamp = '[rules]\nmove_cost_swamp = "no"\n' + table("hexes", hex="0502", terrain="swamp")
    fs = findings(G + swamp + BLUE + red("0404", ["0501", "0502", "0503", "0504", "0404"], 9))
    assert moved(fs) == [("GEN movement", ("0502",)), ("GEN zoc", ("0504",))]


def test_check_shows_both_findings():
    """``vmodgen check`` of tests/data/positions/generic-zoc-and-allowance.toml (the position of
    test_generic_zoc_and_allowance): both findings, in words and in JSON; exit 1."""
    path = str(POSITIONS / "generic-zoc-and-allowance.toml")
    r = CliRunner().invoke(command, [path], standalone_mode=False, catch_exceptions=False)
    assert r.return_value == 1
    lines = [x for x in r.output.splitlines() if x.startswith("[")]
    assert [x.split("]")[0] for x in lines] == ["[GEN zoc", "[GEN movement"]
    assert "entered enemy ZOC at 0504 and moved on" in lines[0] and "to reach 0404 but has 3" in lines[1]
    r = CliRunner().invoke(command, [path, "--json"], standalone_mode=False, catch_exceptions=False)
    data = json.loads(r.output)["findings"]
    assert [(f["rule"], f["hexes"], f["units"]) for f in data] == [("GEN zoc", ["0504"], ["R1"]),
                                                                 ("GEN movement", ["0404"], ["R1"])]


# ---- North Africa '41 (an Allied unit B in 2020: full ZOC into 2019, 2119, 2120, 2021, 1920, 1919) --
NB = na41_util.al("B", "2020")


def na41(hexid: str, path: list[str], **kw):
    return findings(na41_util.H + kw.pop("extra", "") + NB + na41_util.ax("A", hexid, previous=path[0], path=path, **kw))


def test_na41_zoc_and_allowance():
    """NA41 7.2 + 5.1: A (infantry, MA 3) 2016 → 2017 → 2018 → 2019 → 2118 enters B's full ZOC at
    2019 and moves on (7.2, at 2019), and 2118 is its fourth hex: 4 MP, one more than it has
    (5.1, at 2118; the +2 for leaving 2019 is not charged on top: that is the 7.2 finding)."""
    fs = na41("2118", ["2016", "2017", "2018", "2019", "2118"])
    assert moved(fs) == [("NA41 7.2", ("2019",)), ("NA41 5.1", ("2118",))]
    assert "needs 4 movement points to reach 2118 but has 3" in fs[1].message


def test_na41_desert_and_allowance():
    """NA41 5.5 + 5.1: 2016, 2015 and 2014 are trackless desert; A (MA 3) 2017 → 2016 → 2015 →
    2014 → 2013 enters a third consecutive desert hex at 2014 (5.5) and spends 4 MP (5.1, at 2013).
    Stopping at 2014 it breaks 5.5 only: one finding."""
    desert = "".join(table("hexes", hex=h, terrain="desert") for h in ("2016", "2015", "2014"))
    fs = na41("2013", ["2017", "2016", "2015", "2014", "2013"], extra=desert)
    assert moved(fs) == [("NA41 5.5", ("2014",)), ("NA41 5.1", ("2013",))]
    assert moved(na41("2014", ["2017", "2016", "2015", "2014"], extra=desert)) == [("NA41 5.5", ("2014",))]


def test_na41_escarpment_then_zoc():
    """NA41 5.7 + 7.2: an escarpment 2016|2017 without a road; a mechanized unit (MA 5) 2015 →
    2016 → 2017 → 2018 → 2019 → 2118 crosses it (5.7, at 2017), enters B's ZOC at 2019 and moves
    on (7.2); its other steps cost 4 MP, within its 5: no 5.1."""
    esc = table("hexsides", hexes=["2016", "2017"], feature="escarpment", up="2016")
    fs = na41("2118", ["2015", "2016", "2017", "2018", "2019", "2118"], extra=esc, values=na41_util.MECH,
              movement_class="mech")
    assert moved(fs) == [("NA41 5.7", ("2017",)), ("NA41 7.2", ("2019",))]


# ---- Operation Mercury (an Allied unit in 4314: ZOC into 4313, 4414, 4415, 4315, 4215, 4214) -----
OA = om_util.a("A", "4314")


def test_om_zoc_and_allowance():
    """OM 5.21 + 4.13: G (MA 4) 4310 → 4311 → 4312 → 4313 → 4413 → 4412 enters A's ZOC at 4313 and
    moves on (5.21, at 4313), and 4412 is its fifth hex (4.13, at 4412)."""
    fs = findings(om_util.H + OA + om_util.g("G", "4412", previous="4310", values=dict(om_util.INF, movement=4),
                                             path=["4310", "4311", "4312", "4313", "4413", "4412"]))
    assert moved(fs) == [("OM 5.21", ("4313",)), ("OM 4.13", ("4412",))]


def test_om_armor_in_rough_zoc_and_allowance():
    """OM 4.24 + 5.21 + 4.13: 4312 is rough, with no road; an armor unit (MA 1) 4310 → 4311 →
    4312 → 4313 → 4413 enters and leaves the rough hex (4.24, at 4312), enters A's ZOC at 4313 and
    moves on (5.21), and its allowed steps alone cost 2 (4.13, "at least", at 4413)."""
    rough = table("hexes", hex="4312", terrain="rough")
    tank = om_util.g("T", "4413", previous="4310", path=["4310", "4311", "4312", "4313", "4413"], type="armor",
                     movement_class="armor", values=dict(om_util.INF, movement=1))
    fs = findings(om_util.H + rough + OA + tank)
    assert moved(fs) == [("OM 4.24", ("4312",)), ("OM 5.21", ("4313",)), ("OM 4.13", ("4413",))]
    assert "needs at least 2 movement points to reach 4413 but has 1" in fs[2].message


def test_om_one_rule_one_finding():
    """OM 4.13 alone: G (MA 2) 4310 → 4311 → 4312 → 4313 → 4413, no enemy: one finding, at 4313
    (not again at 4413)."""
    fs = findings(om_util.H + om_util.g("G", "4413", previous="4310", values=dict(om_util.INF, movement=2),
                                        path=["4310", "4311", "4312", "4313", "4413"]))
    assert moved(fs) == [("OM 4.13", ("4313",))]


# ---- Invasion: Malta (an Allied unit in 2020: ZOC into 2019, 2119, 2120, 2021, 1920, 1919) -------
IA = im_util.al("A", "2020")


def im(hexid: str, path: list[str], movement: float, extra: str = ""):
    return findings(im_util.H + extra + IA + im_util.x("X", hexid, previous=path[0], path=path,
                                                       values=dict(im_util.INF, movement=movement)))


def test_im_zoc_and_allowance():
    """IM 8.22 + 8.13: X (MA 4) 2016 → 2017 → 2018 → 2019 → 2118: entering A's ZOC at 2019 costs
    +1 (4 MP there) and stops it (8.22, at 2019); 2118 is a fifth MP (8.13, at 2118)."""
    fs = im("2118", ["2016", "2017", "2018", "2019", "2118"], 4)
    assert moved(fs) == [("IM 8.22", ("2019",)), ("IM 8.13", ("2118",))]


def test_im_cliff_and_allowance():
    """IM 8.13 + 8.35: a cliff 2017|2018; X (MA 1) 2015 → 2016 → 2017 → 2018 → 2118 has spent its
    1 MP at 2016 (8.13, at 2017) and crosses the cliff (8.35, at 2018). With MA 2 the cliff comes
    first, and the allowed steps alone cost 3 (8.13 "at least", at 2118)."""
    cliff = table("hexsides", hexes=["2017", "2018"], feature="cliff")
    fs = im("2118", ["2015", "2016", "2017", "2018", "2118"], 1, cliff)
    assert moved(fs) == [("IM 8.13", ("2017",)), ("IM 8.35", ("2018",))]
    fs = im("2118", ["2015", "2016", "2017", "2018", "2118"], 2, cliff)
    assert moved(fs) == [("IM 8.35", ("2018",)), ("IM 8.13", ("2118",))]
    assert "needs at least 3 movement points to reach 2118 but has 2" in fs[1].message


def test_im_cliff_then_zoc_within_the_allowance():
    """IM 8.35 + 8.22: the same cliff; X (MA 5) 2016 → 2017 → 2018 → 2019 → 2118 crosses it (8.35),
    enters A's ZOC at 2019 and moves on (8.22); the allowed steps cost 1 + 2 (2019 with its ZOC
    entry) + 1 = 4 MP: no 8.13. Stopping at 2019 it breaks 8.35 only: one finding."""
    cliff = table("hexsides", hexes=["2017", "2018"], feature="cliff")
    fs = im("2118", ["2016", "2017", "2018", "2019", "2118"], 5, cliff)
    assert moved(fs) == [("IM 8.35", ("2018",)), ("IM 8.22", ("2019",))]
    assert moved(im("2019", ["2016", "2017", "2018", "2019"], 5, cliff)) == [("IM 8.35", ("2018",))]


def test_drags_not_one_hex_apart_zoc_and_allowance():
    """GEN zoc + GEN movement for a move known only by where its drags ended (``stops``, as the
    audit gives them): R (3 points) dragged 0501 → 0503, next to B2 in 0504 (its ZOC), then on to
    0303: the stop at 0503 (GEN zoc, at 0503), and 2 + 2 points with 3 (GEN movement, on the leg
    0503 → 0303). With 4 points only the ZOC finding."""
    def judge(movement: float) -> list:
        p = position(G + unit("B2", "blue", "0504") + unit("R", "red", "0303", values={"movement": movement}))
        r = next(u for u in p.units if u.id == "R")
        r.previous, r.path, r.stops = "0501", None, ("0501", "0503", "0303")
        rs = ruleset_for(p.game)
        return rs.check_moves(rs.board(p))
    fs = judge(3)
    assert moved(fs) == [("GEN zoc", ("0503",)), ("GEN movement", ("0503", "0303"))]
    assert "1 left at 0503, and the cheapest path on to 0303 costs 2" in fs[1].message
    assert moved(judge(4)) == [("GEN zoc", ("0503",))]
