"""VASSAL 2.x's merge finder (``MovePiece``: a piece dropped on a map joins the first thing on the
map's list standing exactly at its point) looks only at what may stand at that point (the
runner's ``near`` index) and takes the first in the map's order: the same choice as a walk over
the map's whole list. Checked against that walk (written here as the runner had it) on every
``M/`` of the public The Longest Day chain and of VASSAL's 2.0 tour log, and on made-up maps
where several candidates share a point."""
from __future__ import annotations

from pathlib import Path

import pytest

from vmodgen.vassal import replay as replay_mod
from vmodgen.vassal.codec import encode
from vmodgen.vassal.gamestate import GameState
from vmodgen.vassal.replay import replay
from vmodgen.vassal.savefile import read_save
from vmodgen.vassal.vassal2 import Vassal2Runner, _P, _S

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "corpus"
FILES = [CORPUS / f"tld_game_0606-{i}.log" for i in (1, 2, 3, 4)] + [CORPUS / "vassal_tour.log"]


def _walk(runner: Vassal2Runner, m: str, moving, pos) -> _P | _S | None:
    """The merge target by a walk over the map's whole list, in its order (the reference)."""
    if isinstance(moving, _P) and moving.no_stack:
        return None
    for x in runner.coll.get(m, {}).values():
        if isinstance(x, _S):
            if x.pos == pos and x.contents and not x.contents[-1].no_stack:
                return x
        else:
            parent = x.parent
            if (parent.pos if parent is not None else x.own_pos) == pos and not x.no_stack:
                return x
    return None


class _Checked(Vassal2Runner):
    """The runner, asking the walk before each merge: the indexed finder must merge with the
    same piece or stack (or with none)."""
    calls = 0
    merges = 0
    crowded = 0        # merges where more than one candidate stood at the point

    def _merge_at(self, m, moving, pos) -> bool:
        want = _walk(self, m, moving, pos)
        got: list = []
        real = self._merge
        self._merge = lambda fixed, mv: (got.append(fixed), real(fixed, mv))[1]
        try:
            done = super()._merge_at(m, moving, pos)
        finally:
            del self._merge
        type(self).calls += 1
        assert done == (want is not None)
        if done:
            assert got[0] is want
            type(self).merges += 1
            at = [x for x in self.coll.get(m, {}).values()
                  if (x.pos if isinstance(x, _S) else (x.parent.pos if x.parent else x.own_pos)) == pos]
            type(self).crowded += len(at) > 1
        return done


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_drop_joins_what_the_walk_over_the_map_finds(path, monkeypatch):
    if not path.is_file():
        pytest.skip(f"{path} is absent (the read-only ../shared folder is not beside the project)")
    _Checked.calls = _Checked.merges = _Checked.crowded = 0
    monkeypatch.setattr(replay_mod, "runner_for", lambda version: _Checked)
    rp = replay(read_save(path))
    assert rp.steps and _Checked.calls > 0
    if path.name.startswith("tld"):             # the tour log never drops onto a piece
        assert _Checked.merges > 0


def _runner(*adds: str) -> Vassal2Runner:
    st = GameState()
    r = Vassal2Runner(st, None, None, [], None)
    for text in adds:
        r.run(replay_mod.command_tree(text))
    return r


def _piece(pid: str, x: int, y: int, immobile: bool = False) -> str:
    t = ("immob;;N\t" if immobile else "") + f"piece;;;{pid}.png;{pid}"
    st = ("\t" if immobile else "") + f"Main;{x};{y};{pid}"
    return encode(["+", pid, t, st], "/")


def _move(pid: str, x: int, y: int) -> str:
    return f"M/{pid}/Main/{x}/{y}/null/Main/0/0/null/x"


def _joined(r: Vassal2Runner, pid: str) -> list[str]:
    """The stack ``pid`` stands in, bottom to top (a dropped piece with no piece named under it
    goes to the bottom: the other member is the one it joined)."""
    return [p.id for p in r.reg[pid].parent.contents]


def test_the_first_on_the_maps_list_is_joined_when_several_stand_at_the_point():
    """Two lone pieces at one point (``b`` joined the map before ``a``): a third dropped there
    joins ``b``; an immobilised piece (no stacking) first on the list is passed over; a piece
    removed and added again goes to the end of the list."""
    r = _runner(_piece("b", 10, 10), _piece("a", 10, 10), _piece("c", 50, 50))
    r.run(replay_mod.command_tree(_move("c", 10, 10)))
    assert _joined(r, "c") == ["c", "b"]

    r = _runner(_piece("n", 10, 10, immobile=True), _piece("a", 10, 10), _piece("c", 50, 50))
    r.run(replay_mod.command_tree(_move("c", 10, 10)))
    assert _joined(r, "c") == ["c", "a"]

    r = _runner(_piece("b", 10, 10), _piece("a", 10, 10), _piece("c", 50, 50), "-/b", _piece("b", 10, 10))
    r.run(replay_mod.command_tree(_move("c", 10, 10)))
    assert _joined(r, "c") == ["c", "a"]
    assert r.reg["b"].parent is None

    # a lone piece moved within its map (it stays on the list, at a new point) is found there;
    # so is a stack moved as a whole
    r = _runner(_piece("a", 10, 10), _piece("c", 50, 50))
    r.run(replay_mod.command_tree(_move("c", 60, 60)))
    r.run(replay_mod.command_tree(_move("a", 20, 20)))
    r.run(replay_mod.command_tree(_move("c", 20, 20)))
    assert _joined(r, "c") == ["c", "a"]
    sid = r.reg["c"].parent.id
    r = _runner(_piece("a", 10, 10), _piece("b", 10, 10), _piece("c", 50, 50), _piece("d", 70, 70))
    r.run(replay_mod.command_tree(_move("b", 10, 10)))         # a stack of a and b
    stack = r.reg["b"].parent
    r.run(replay_mod.command_tree(_move(stack.id, 30, 30)))    # moved as a whole
    r.run(replay_mod.command_tree(_move("d", 30, 30)))
    assert r.reg["d"].parent is stack and sid
    # the walk agrees at each of these points (the reference is not wrong about the order)
    r = _runner(_piece("b", 10, 10), _piece("a", 10, 10), _piece("c", 50, 50), "-/b", _piece("b", 10, 10))
    assert _walk(r, "Main", r.reg["c"], (10, 10)).id == "a"
