"""The move rules asked only about the units a step changed (issue 20): ``RuleSet.check_moves``
judges only the movers a position adds to the last call's list (``Position.movers_delta``) and
keeps a verdict across an enemy side's change while the move's surroundings are the same
(``RuleSet.move_surroundings``). At every call its findings, in order, equal those a rule set
that keeps nothing works out from scratch: on the recorded logs of the three games, the public
TLD logs and the Kassala chain, and on random move sequences."""
from __future__ import annotations

import copy
import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bundled_module_util import bundled_module
from conftest import DATA, ROOT, shared_path
from rules_util import head, position, section, unit
from vmodgen.positions.model import Position, UnitState
from vmodgen.rules import ruleset_for
from vmodgen.rules.base import RuleSet
from vmodgen.rules.core.board import Board

RECORDED = DATA / "recorded"


def _from_scratch(rs: RuleSet, pos: Position, check=RuleSet.check_moves) -> list:
    """``rs.check_moves`` on ``pos`` with nothing kept or remembered (its memos swapped for empty
    ones, states judged by value), the rule set's own state put back afterwards."""
    saved = dict(vars(rs))
    for k, v in saved.items():
        if k.startswith("_memo") and isinstance(v, dict):
            setattr(rs, k, {})
        elif isinstance(v, (dict, set, list)):
            setattr(rs, k, copy.copy(v))       # what the call records (not judged, unmeasured)
    rs._verdicts, rs._by_state, rs._walked, rs.states_fixed = {}, {}, None, False
    try:
        return check(rs, rs.board(pos))
    finally:
        vars(rs).clear()
        vars(rs).update(saved)


class _Watch:
    """Wraps ``RuleSet.check_moves``: each answer compared with the answer from scratch, and
    counts of the paths taken (the fast path, verdicts kept by their surroundings)."""

    def __init__(self, monkeypatch) -> None:
        self.calls = self.fast = self.near = 0
        real_check, real_since = RuleSet.check_moves, RuleSet._moves_since
        real_same = RuleSet._same_surroundings
        watch = self

        def check(rs, board: Board):
            got = real_check(rs, board)
            assert got == _from_scratch(rs, board.pos, real_check), f"call {watch.calls}"
            watch.calls += 1
            return got

        def since(rs, *a):
            got = real_since(rs, *a)
            watch.fast += got is not None
            return got

        def same(rs, *a):
            got = real_same(rs, *a)
            watch.near += got
            return got

        monkeypatch.setattr(RuleSet, "check_moves", check)
        monkeypatch.setattr(RuleSet, "_moves_since", since)
        monkeypatch.setattr(RuleSet, "_same_surroundings", same)


#: the generic rules on the public TLD logs 1-2 and the recorded Kassala chain (a combat phase:
#: advances and retreats)
#: (name, its files: corpus names or paths, its corpus module, its binding)
GENERIC = [("tld", [f"tld_game_0606-{i}.log" for i in (1, 2)], "tld_buildFile-only_stripped.vmod",
            ROOT / "examples" / "tld" / "binding.toml"),
           ("kassala", [RECORDED / f"kassala-{n}.vlog" for n in ("moslem", "christian", "combat")],
            "kassala_Kassala.vmod", ROOT / "examples" / "kassala" / "binding.toml")]


def _audit_generic(files: list, module: str, binding) -> None:
    """The audit of ``files`` (corpus names read in ../shared/corpus) with the corpus ``module``."""
    from vmodgen.audit import audit
    corpus = shared_path("corpus")
    audit([corpus / f if isinstance(f, str) else f for f in files], module=corpus / module, binding=binding,
          keep_order=True)


@pytest.mark.parametrize("name,files,module,binding", GENERIC, ids=[g[0] for g in GENERIC])
def test_generic_moves_judged_per_change_equal_moves_judged_from_scratch(monkeypatch, name, files, module,
                                                                          binding):
    """GEN movement/zoc at every step of the audit: the same findings as from scratch. Pinned
    on TLD: most calls take the fast path, and verdicts are kept by their surroundings when an
    enemy unit elsewhere changed."""
    w = _Watch(monkeypatch)
    _audit_generic(files, module, binding)
    assert w.calls > 5
    if name == "tld":
        assert w.calls > 300 and w.fast > w.calls / 2 and w.near > 100


@pytest.mark.parametrize("kit,logs", [("operation-mercury", ["om-chain-1", "om-chain-2"]),
                                      ("invasion-malta", ["im-dirty", "im-clean"]),
                                      ("north-africa-41", ["na41-dirty", "na41-chain-1", "na41-chain-2"])],
                         ids=["om", "im", "na41"])
def test_game_moves_judged_per_change_equal_moves_judged_from_scratch(monkeypatch, tmp_path_factory, kit, logs):
    """OM 5.21, IM 8.2, NA41 7.2 (movement and ZOC) at every step of recorded games: the same
    findings as from scratch (the games' rule sets give no move context: every mover is judged
    at every call, as before)."""
    from games_util import audit_chain
    w = _Watch(monkeypatch)
    audit_chain([RECORDED / f"{n}.vlog" for n in logs], bundled_module(kit, tmp_path_factory, "inc-" + kit).module)
    assert w.calls > 5


# ---- random move sequences ----------------------------------------------------------------

#: the rules a random sequence is judged under: the default ZOC, friendly units cancelling it,
#: a unit leaving it moving one hex, a locking ZOC
RULES = ["", section("rules", zoc_cancel=True), section("rules", zoc_leave="one_hex"),
         section("rules", zoc_leave="never")]
MA = {"movement": 4}

#: a step: (kind, which unit, a number for the kind's choice)
steps = st.lists(st.tuples(st.sampled_from(["drag", "drag", "drag", "status", "mode", "stop", "turn", "announce"]),
                           st.integers(0, 3), st.integers(0, 5)), min_size=1, max_size=30)


class _Audit:
    """Positions as the audit hands them over: a new state object for every change, the unit
    lists of a hex never changed once a position holds them (a new list for a changed hex),
    side versions bumped when a side's units change hex or status, the movers with how they
    differ from the last position's."""

    def __init__(self, text: str) -> None:
        self.pos = position(text)
        self.states = list(self.pos.units)
        self.token = object()
        self.versions = {s: (self.token, 0) for s in self.pos.game.sides}
        self.at: dict[str, list[UnitState]] = {}
        for u in self.states:
            self.at.setdefault(u.hex, []).append(u)
        self.movers: list[UnitState] = []
        self.board = Board(self.pos)

    def change(self, i: int, **kw) -> None:
        old = self.states[i]
        new = self.states[i] = dataclasses.replace(old, **kw)
        if old.hex == new.hex:                 # new lists for the hexes changed
            self.at[old.hex] = [new if x is old else x for x in self.at[old.hex]]
        else:
            rest = [x for x in self.at[old.hex] if x is not old]
            if rest:
                self.at[old.hex] = rest
            else:
                del self.at[old.hex]
            self.at[new.hex] = [*self.at.get(new.hex, []), new]
        if (old.hex, old.status, old.reduced) != (new.hex, new.status, new.reduced):
            token, n = self.versions[new.side]
            self.versions[new.side] = (token, n + 1)

    def now(self) -> Position:
        p = copy.copy(self.pos)
        p.units = list(self.states)
        p.by_hex = dict(self.at)
        p.side_versions = dict(self.versions)
        p.mixed_hexes = frozenset(h for h, us in self.at.items() if len({u.side for u in us}) > 1)
        movers = [u for u in p.units if u.previous is not None]
        was = {id(u) for u in self.movers}
        now = {id(u) for u in movers}
        p.set_movers(movers, (self.movers, [u for u in movers if id(u) not in was],
                              [u for u in self.movers if id(u) not in now]))
        self.movers = movers
        return p


@settings(max_examples=300)
@given(rules=st.sampled_from(RULES), seq=steps)
def test_random_move_sequences_judged_per_change_equal_moves_judged_from_scratch(rules, seq):
    """GEN movement/zoc: red and blue units (and a blue HQ, which exerts no ZOC but blocks a
    path) dragged hex by hex, flipped to disrupted, switched to
    retreats and advances, stopped; the turn and whether moves are announced change. At every
    step one rule set that keeps its verdicts (``states_fixed``) answers as a fresh one does."""
    text = (head("generic", ("red", "blue"), turn=1) + rules
            + unit("R1", "red", "0503", values=MA) + unit("R2", "red", "0303", values=MA)
            + unit("B1", "blue", "0606", values=MA) + unit("Q", "blue", "0403", type="hq", kind="hq", values=MA))
    a = _Audit(text)
    rs = ruleset_for(a.pos.game)
    rs.states_fixed = True
    for kind, i, n in seq:
        u = a.states[i]
        if kind == "drag":
            nb = a.board.neighbours(u.hex)
            if nb:
                to = nb[n % len(nb)]
                path = (u.path or (u.hex,)) + (to,)
                a.change(i, hex=to, previous=path[0], path=path)
        elif kind == "status":
            a.change(i, status=u.status ^ {"disrupted"})
        elif kind == "mode":
            a.change(i, mode=("move", "retreat", "advance")[n % 3])
        elif kind == "stop":
            a.change(i, previous=None, path=None, mode="move")
        elif kind == "turn":
            a.pos.turn = (a.pos.turn or 0) + 1
        else:
            a.pos.moves_announced = not a.pos.moves_announced
        p = a.now()
        fresh = ruleset_for(p.game)
        assert rs.check_moves(rs.board(p)) == fresh.check_moves(fresh.board(p))


def test_a_verdict_is_kept_while_its_path_hexes_hold_the_same_units():
    """GEN movement/zoc, red R dragged 0503 → 0403 → 0303 (legal), blue B far away and a blue HQ
    Q beside the path (no ZOC, but a hex it holds is enemy-held). Q moving elsewhere changes
    blue's version but neither the enemy ZOC nor the path's hexes: the verdict is kept. B moving
    changes the enemy ZOC: judged again. Q entering 0403: judged again, illegal (GEN movement,
    an enemy-held hex), as from scratch."""
    a = _Audit(head("generic", ("red", "blue"), turn=1)
               + unit("R", "red", "0303", values=MA, previous="0503", path=["0503", "0403", "0303"])
               + unit("B", "blue", "0909", values=MA) + unit("Q", "blue", "0405", type="hq", kind="hq", values=MA))
    rs = ruleset_for(a.pos.game)
    rs.states_fixed = True
    calls = []
    real = rs.check_unit_move
    rs.check_unit_move = lambda board, u, ez: calls.append(u.id) or real(board, u, ez)   # type: ignore[method-assign]

    def judge() -> list:
        p = a.now()
        got = rs.check_moves(rs.board(p))
        fresh = ruleset_for(p.game)
        assert got == fresh.check_moves(fresh.board(p))
        return got

    assert judge() == [] and calls == ["R"]
    a.change(2, hex="0505")                    # Q moves, off the path: blue's version changes
    assert judge() == [] and calls == ["R"]    # kept: the path's hexes hold the same units
    a.change(1, hex="0910")                    # B moves: the enemy ZOC changes
    assert judge() == [] and calls == ["R", "R"]
    a.change(2, hex="0403")                    # Q onto the path
    got = judge()
    assert calls == ["R", "R", "R"] and [f.rule for f in got] == ["GEN movement"]


@pytest.mark.parametrize("name,files,module,binding", GENERIC, ids=[g[0] for g in GENERIC])
def test_positions_kept_per_change_equal_positions_made_from_scratch(monkeypatch, name, files, module, binding):
    """``PositionBuilder.position`` keeps its units list and its movers change by change: at
    every position with moves, the units are the unit cache's with the states with moves in
    their place (``cache.copy()`` updated, as a rebuild makes them), the movers those states with
    a previous hex by rank, and ``movers_delta`` turns the last movers into these. Pinned on TLD:
    most positions come with a delta, and most movers lists are not sorted again."""
    from vmodgen.audit.positions import PositionBuilder
    real, real_after = PositionBuilder.position, PositionBuilder._movers_after
    seen = {"moves": 0, "delta": 0, "kept": 0}

    def after(self, changed):
        got = real_after(self, changed)
        seen["kept"] += got is not None
        return got

    def check(self, **kw):
        pos = real(self, **kw)
        if not kw.get("moves"):
            return pos
        seen["moves"] += 1
        whole = self._unit_states.copy()
        whole.update(self._wanted)
        assert len(pos.units) == len(whole) and all(a is b for a, b in zip(pos.units, whole.values()))
        wanted, rank = self._wanted, self._rank
        movers = [wanted[p] for p in sorted(wanted, key=rank.__getitem__) if wanted[p].previous is not None]
        assert len(pos.movers) == len(movers) and all(a is b for a, b in zip(pos.movers, movers))
        delta = pos.movers_delta
        if delta is not None:
            seen["delta"] += 1
            base, added, removed = delta
            gone, new = {id(u) for u in removed}, {id(u) for u in added}
            rest = [u for u in base if id(u) not in gone]
            assert len(rest) + len(added) == len(movers)
            assert all(a is b for a, b in zip(rest, [u for u in movers if id(u) not in new]))
        return pos

    monkeypatch.setattr(PositionBuilder, "position", check)
    monkeypatch.setattr(PositionBuilder, "_movers_after", after)
    _audit_generic(files, module, binding)
    assert seen["moves"] > 5
    if name == "tld":
        assert seen["delta"] > seen["moves"] * 0.9 and seen["kept"] > seen["delta"] * 0.9
