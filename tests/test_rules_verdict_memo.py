"""The rules' remembered answers (issue 20) equal the answers worked out afresh: a move verdict
is remembered by everything it reads (the unit's state by value, the enemy units' version, the
moment), so changing any one of them, even in place, judges the move again; the units
``check_moves`` walks (``Position.movers``) are those with a previous hex, in the units' order."""
from __future__ import annotations

import dataclasses

import pytest

from conftest import ROOT, shared_path
from rules_util import head, position, unit
from vmodgen.positions.model import Position, UnitState
from vmodgen.rules import ruleset_for
from vmodgen.rules.base import RuleSet

H = head("generic", ("red", "blue"), turn=1)
MA = {"movement": 4}
TOKEN = object()


def _pos(text: str) -> Position:
    """A position file's position, given side versions as the audit gives them (the memo reads them)."""
    p = position(text)
    p.side_versions = {"red": (TOKEN, 0), "blue": (TOKEN, 0)}
    return p


def _fresh(p: Position) -> list:
    """The move findings worked out by a rule set that remembers nothing yet."""
    rs = ruleset_for(p.game)
    return rs.check_moves(rs.board(p))


def _red(p: Position) -> UnitState:
    return next(u for u in p.units if u.id == "R")


def _bump(p: Position, side: str) -> None:
    token, n = p.side_versions[side]
    p.side_versions = {**p.side_versions, side: (token, n + 1)}


class _Spy:
    """Counts the verdicts a rule set works out (a remembered one is not worked out)."""

    def __init__(self, rs: RuleSet) -> None:
        self.calls = 0
        self.real = rs.check_unit_move
        rs.check_unit_move = self          # the instance's: the class keeps its generic hooks

    def __call__(self, board, u, ez):
        self.calls += 1
        return self.real(board, u, ez)


def test_each_input_of_a_move_verdict_is_in_its_key():
    """GEN movement/zoc, red R moving 0503 → 0504 → 0604 past blue B in 0505: the same position
    judged twice works the verdict out once; changing in place any one input of the verdict
    (R's hex, previous hex, path, side up, statuses, mode; blue's version; the turn; the phase;
    whether moves are announced) works it out again; red's own version alone (a friendly unit
    moved) does not, for a move with zoc_cancel off."""
    p = _pos(H + unit("B", "blue", "0505")
             + unit("R", "red", "0604", values=MA, previous="0503", path=["0503", "0504", "0604"]))
    rs = ruleset_for(p.game)
    spy = _Spy(rs)
    check = lambda: rs.check_moves(rs.board(p))                     # noqa: E731
    first = check()
    assert [f.rule for f in first] == ["GEN zoc"]
    assert check() == first and spy.calls == 1
    r = _red(p)
    changes = [("hex", lambda: setattr(r, "hex", "0605")), ("previous", lambda: setattr(r, "previous", "0502")),
               ("path", lambda: setattr(r, "path", ("0502", "0503", "0604"))),
               ("reduced", lambda: setattr(r, "reduced", True)),
               ("status", lambda: setattr(r, "status", frozenset({"disrupted"}))),
               ("mode", lambda: setattr(r, "mode", "retreat")),
               ("enemy version", lambda: _bump(p, "blue")), ("turn", lambda: setattr(p, "turn", 2)),
               ("phase", lambda: setattr(p, "phase", "x")),
               ("announced", lambda: setattr(p, "moves_announced", False))]
    for n, (what, change) in enumerate(changes, start=2):
        change()
        got = check()
        assert spy.calls == n, f"a change of {what} was not judged again"
        assert got == _fresh(p), what
    r.mode = "move"
    calls = spy.calls
    check()
    _bump(p, "red")
    check()
    assert spy.calls == calls + 1                     # the mode's change back; red's version: no


def test_friendly_units_count_for_retreats_and_zoc_cancel():
    """GEN zoc: a retreat into enemy ZOC is legal where a friendly unit stands (friendly units
    cancel it), so a retreat's verdict is judged again when red's own units change; so is a
    move's under zoc_cancel = true."""
    for extra, mode in (("", "retreat"), ("[rules]\nzoc_cancel = true\n", "move")):
        p = _pos(H + extra + unit("B", "blue", "0505")
                 + unit("R", "red", "0604", values=MA, previous="0503", path=["0503", "0504", "0604"]))
        _red(p).mode = mode
        rs = ruleset_for(p.game)
        spy = _Spy(rs)
        before = rs.check_moves(rs.board(p))
        friend = UnitState(dataclasses.replace(_red(p).unit, id="F"), "0504")
        p.units = [*p.units, friend]
        _bump(p, "red")
        after = rs.check_moves(rs.board(p))
        assert spy.calls == 2 and after == _fresh(p)
        assert before != after                        # the friend in 0504 made the difference


def test_remembered_verdicts_follow_the_board():
    """GEN movement/zoc, one rule set judging a sequence of positions as an audit would (the
    unit states changed in place, versions bumped when a side's units change): each answer
    equals a fresh rule set's, and the answers differ (legal, then illegal...)."""
    p = _pos(H + unit("B", "blue", "0505") + unit("R", "red", "0206", values=MA, previous="0202"))
    rs = ruleset_for(p.game)
    r = _red(p)
    b = next(u for u in p.units if u.id == "B")
    seen = []

    def step(change) -> None:
        change()
        got = rs.check_moves(rs.board(p))
        assert got == _fresh(p)
        seen.append(tuple(f.rule for f in got))

    step(lambda: None)                                                   # 4 MP: legal
    step(lambda: setattr(r, "hex", "0207"))                              # 5 MP: illegal
    step(lambda: (setattr(r, "hex", "0604"), setattr(r, "previous", "0503"),
                  setattr(r, "path", ("0503", "0504", "0604"))))         # through blue's ZOC
    step(lambda: (setattr(b, "hex", "0909"), _bump(p, "blue"), setattr(p, "by_hex", None)))   # blue gone
    step(lambda: (setattr(b, "hex", "0505"), _bump(p, "blue")))          # blue back
    assert seen == [(), ("GEN movement",), ("GEN zoc",), (), ("GEN zoc",)]


def test_movers_are_the_units_with_a_previous_hex_in_order():
    """Position.movers: without a list handed over, the units with a previous hex in order; a
    list handed over counts only for the very ``units`` list it was handed with."""
    p = position(H + unit("A", "red", "0101") + unit("R", "red", "0206", values=MA, previous="0202")
                 + unit("S", "red", "0306", values=MA, previous="0302"))
    assert [u.id for u in p.movers] == ["R", "S"]
    p.set_movers([p.units[2]])
    assert [u.id for u in p.movers] == ["S"]
    q = dataclasses.replace(p, units=list(p.units))
    assert [u.id for u in q.movers] == ["R", "S"]


def test_audit_hands_over_the_movers_a_scan_finds(monkeypatch):
    """The public TLD chain: at every position the rules judge, the movers the audit's builder
    hands over (sorted by when each state entered its cache) are exactly the units with a
    previous hex, in the order of the position's units."""
    corpus = shared_path("corpus")
    from vmodgen.audit import audit
    orig = RuleSet.check_moves
    seen = {"positions": 0, "movers": 0}

    def checked(self, board):
        pos = board.pos
        assert pos._movers is not None and pos._movers[0] is pos.units
        assert pos.movers == [u for u in pos.units if u.previous is not None]
        seen["positions"] += 1
        seen["movers"] += len(pos.movers)
        return orig(self, board)
    monkeypatch.setattr(RuleSet, "check_moves", checked)
    audit([corpus / f"tld_game_0606-{i}.log" for i in (1, 2)],
          module=corpus / "tld_buildFile-only_stripped.vmod", binding=ROOT / "examples" / "tld" / "binding.toml")
    assert seen["positions"] > 100 and seen["movers"] > seen["positions"]


@pytest.mark.parametrize("game", ["operation-mercury", "north-africa-41", "invasion-malta"])
def test_games_judge_every_move_afresh(game):
    """The games read more than the generic key says (their state, memory, own units): their
    move verdicts are never remembered by it."""
    from vmodgen.model.kit import load_kit
    kit = load_kit(game)
    rs = ruleset_for(kit.game)
    p = Position(kit.game, kit.map, [], side_versions={})
    for side in kit.game.sides:
        for mode in rs.modes:
            assert rs.move_context(rs.board(p), side, mode) is None


def test_na41_line_of_supply_step_costs_remembered_per_map_and_points():
    """NA41 16.3.2 (rough costs 2 hex points off road): one rule set remembers the step costs of
    a supply line per map and per points, so a unit 5 hexes from Tripoli's edge (0602) is in
    full supply on a clear strip, out of it across rough 0301-0303 (another map), and in
    supply again there when rough costs 1 (los_rough_jebel_points changed on the same game):
    each answer equals a fresh rule set's."""
    from na41_util import S, ax
    from rules_util import table
    clear = position(S + ax("A", "0602"))
    rough = position(S + "".join(table("hexes", hex=f"03{r:02d}", terrain="rough") for r in (1, 2, 3))
                     + ax("A", "0602"))
    rs = ruleset_for(rough.game)
    fresh = lambda p: ruleset_for(p.game).supply_status(p, "axis")      # noqa: E731
    seen = []
    for p, points in ((clear, None), (rough, None), (rough, 1)):
        if points is not None:
            rough.game.rules["los_rough_jebel_points"] = points
        got = rs.supply_status(p, "axis")
        assert got == fresh(p)
        seen.append(got["A"])
    assert seen == ["full", "none", "full"]


def test_mixed_hexes_handed_over_give_the_scan_in_its_order():
    """GEN stacking (no shared hexes): the hexes two sides share, when the maker hands them over
    (``Position.mixed_hexes``), come out as a scan of the board finds them, in the board's
    order, for none, one and several shared hexes."""
    from vmodgen.rules.core.board import Board
    body = (unit("A", "red", "0303") + unit("B", "blue", "0505") + unit("C", "red", "0505")
            + unit("D", "blue", "0202") + unit("E", "red", "0202") + unit("F", "red", "0404"))
    for text, want in ((H + unit("A", "red", "0303"), []), (H + unit("B", "blue", "0505") + unit("C", "red", "0505"),
                                                            ["0505"]), (H + body, ["0505", "0202"])):
        p = position(text)
        scan = Board(p).mixed_hexes()
        p.mixed_hexes = frozenset(scan)
        assert Board(p).mixed_hexes() == scan == want


def test_path_moves_remembered_by_what_stands_on_the_path():
    """GEN movement/zoc, red R moving 0503 → 0504 → 0604 past blue B in 0505 (ZOC at 0504), blue
    HQ G (no ZOC, but it blocks) elsewhere: G moving off the path bumps blue's version yet the
    path's verdict is found again, not worked out (the walk reads nothing off the path); G
    stepping onto 0504 blocks the path, and the verdict follows. Each answer equals a fresh
    rule set's."""
    p = _pos(H + unit("B", "blue", "0505") + unit("G", "blue", "0909", type="hq", kind="hq")
             + unit("R", "red", "0604", values=MA, previous="0503", path=["0503", "0504", "0604"]))
    rs = ruleset_for(p.game)
    g = next(u for u in p.units if u.id == "G")
    seen, sizes = [], []
    for hexid in ("0909", "0910", "0504"):
        g.hex = hexid
        p.by_hex = None
        _bump(p, "blue")
        got = rs.check_moves(rs.board(p))
        assert got == _fresh(p), hexid
        seen.append([f.kind for f in got])
        sizes.append(len(rs._memo_moves))
    assert seen[0] == seen[1] == ["zoc"] and seen[2] != seen[0]
    assert sizes == [1, 1, 2]


def test_a_rule_set_with_its_own_move_hooks_is_not_remembered_by_the_generic_key():
    """A rule set that overrides any hook a generic move verdict runs through (here which units
    count, that is block a move) may read what the generic key does not hold: no key."""
    from vmodgen.rules.generic import GenericRules

    class Counting(GenericRules):
        def _counts_unit(self, u):
            return super()._counts_unit(u)
    p = _pos(H + unit("R", "red", "0206", values=MA, previous="0202"))
    assert ruleset_for(p.game).move_context(ruleset_for(p.game).board(p), "red", "move") is not None
    assert Counting(p.game).move_context(Counting(p.game).board(p), "red", "move") is None


def test_verdicts_kept_by_state_identity_follow_new_states_and_the_context():
    """GEN movement/zoc, red R moving 0503 → 0504 → 0604 past blue B in 0505, with
    ``states_fixed`` (the audit's positions: a new state object for every change): the same
    position judged again works nothing out; a new state object equal to the old one is found
    by value; a new state with another hex, path or statuses, blue's version, the turn, the
    phase, whether moves are announced, and ``forget_verdicts`` each work it out again; each
    answer equals a fresh rule set's."""
    p = _pos(H + unit("B", "blue", "0505")
             + unit("R", "red", "0604", values=MA, previous="0503", path=["0503", "0504", "0604"]))
    rs = ruleset_for(p.game)
    rs.states_fixed = True
    spy = _Spy(rs)

    def check() -> list:
        got = rs.check_moves(rs.board(p))
        assert got == _fresh(p)
        return got

    def swap(**change) -> None:          # the unit's state replaced, as the audit's builder does
        i = next(i for i, u in enumerate(p.units) if u.id == "R")
        p.units = [*p.units[:i], dataclasses.replace(p.units[i], **change), *p.units[i + 1:]]
    assert [f.rule for f in check()] == ["GEN zoc"] and spy.calls == 1
    assert [e[0] for e in rs._by_state.values()] == [_red(p)]        # kept by the state itself
    check()
    swap()
    check()
    assert spy.calls == 1                # the same state, then an equal new one: nothing worked out
    changes = [("hex", lambda: swap(hex="0605")), ("path", lambda: swap(path=("0605", "0604", "0605"))),
               ("status", lambda: swap(status=frozenset({"disrupted"}))),
               ("enemy version", lambda: _bump(p, "blue")), ("turn", lambda: setattr(p, "turn", 2)),
               ("phase", lambda: setattr(p, "phase", "x")),
               ("announced", lambda: setattr(p, "moves_announced", False)),
               ("forgotten", rs.forget_verdicts)]
    for n, (what, change) in enumerate(changes, start=2):
        change()
        check()
        assert spy.calls == n, f"a change of {what} was not judged again"
    _bump(p, "red")
    check()
    assert spy.calls == len(changes) + 1              # red's own version: no


def test_audit_report_with_verdicts_kept_by_state_identity_is_the_report_by_value(monkeypatch):
    """The public TLD logs 1-2: the JSON report is the same whether the move verdicts are kept
    by the unit state's identity (the audit's default) or only by value."""
    import json

    from vmodgen.audit import audit, engine
    from vmodgen.report.json_report import json_report
    corpus = shared_path("corpus")
    logs = [corpus / f"tld_game_0606-{i}.log" for i in (1, 2)]
    kw = {"module": corpus / "tld_buildFile-only_stripped.vmod", "binding": ROOT / "examples" / "tld" / "binding.toml"}
    fast = json.loads(json_report(audit(logs, **kw)))
    orig = engine.FileAuditor.__init__

    def by_value(self, *a, **k):
        orig(self, *a, **k)
        self.rs.states_fixed = False
    monkeypatch.setattr(engine.FileAuditor, "__init__", by_value)
    slow = json.loads(json_report(audit(logs, **kw)))
    assert fast == slow and fast["findings"]
