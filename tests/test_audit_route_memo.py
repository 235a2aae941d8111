"""A drag filled in with a shortest path is remembered by path and side with the hexes its
answer read (issue 20, round 14): when enemies move, the route is kept (the same tuple) while
the hexes between its drags' ends that are next to enemies stay the same, and worked out again
when they change. At every call the remembered answer equals the one worked out from nothing."""
from __future__ import annotations

import random
from types import SimpleNamespace

import pytest
from conftest import ROOT, shared_path

from vmodgen.audit import engine
from vmodgen.audit.near_enemy import NearEnemies
from vmodgen.audit.positions import PieceView
from vmodgen.binding.generic_map import Extent, grid_map
from vmodgen.hexes.vassal_grid import HexGrid
from vmodgen.model.unit import Unit
from vmodgen.rules.core.board import neighbour_table


def _map():
    """A raw 14 × 12 hex map (ids ``CCRR``) with a few holes that routes must go round."""
    m = grid_map("m", "m", HexGrid(dx=50, dy=58, x0=0, y0=0), Extent((0, 13), (0, 11)))
    for hole in ("0505", "0506", "0604", "0808", "0907"):
        m._labels.pop(hole, None)
    m._index = None
    neighbour_table(m).clear()
    return m


def _auditor(m, near: NearEnemies) -> engine.FileAuditor:
    """An auditor with only what filling drags in reads (its memos empty)."""
    a = engine.FileAuditor.__new__(engine.FileAuditor)
    a.binding = SimpleNamespace(map=m)
    a._near = near
    a._filled, a._dags, a._dag_hexes, a._segments = {}, {}, {}, {}
    return a


def _unit(pid: str, side: str, hexid: str | None) -> PieceView:
    return PieceView(pid, Unit(pid, pid, side, "", "", "ground", ""), False, hexid, ("m", 0, 0),
                     frozenset(), frozenset())


def test_a_filled_route_is_kept_while_the_hexes_it_read_keep_their_enemies():
    """Side "a"'s paths (long drags across the map, some round holes) while side "b"'s units
    enter, move and leave, 600 times: each answer equals a fresh auditor's; an answer is the
    same tuple as the last one for that path whenever the enemies next to the hexes it read are
    the same, even though the enemies' version changed (kept), and routes do change when those
    enemies change (both sides of the check are seen)."""
    m = _map()
    hexes = m.hex_ids()
    rnd = random.Random(14)
    near = NearEnemies(m.neighbours, m.has_hex)
    units: dict[str, PieceView] = {f"e{i}": _unit(f"e{i}", "b", rnd.choice(hexes)) for i in range(6)}
    near.reset(units)
    auditor = _auditor(m, near)
    paths = [("0000", "0707"), ("0203", "0209", "1109"), ("0102", "0103", "1003"), ("0011", "1300"),
             ("0404", "0707"), ("0000", "0001", "0002")]
    last: dict[tuple, tuple] = {}
    kept = changed = 0
    for _ in range(600):
        pid = f"e{rnd.randrange(8)}"
        if rnd.random() < 0.1:
            units.pop(pid, None)
        else:
            units[pid] = _unit(pid, "b", rnd.choice(hexes + ["off-map"]))
        near.update([pid], units)
        key = near.key("a")
        for path in paths:
            got = auditor._fill_path(path, None, "a", key)
            fresh = _auditor(m, near)._fill_path(path, None, "a")
            assert got == fresh, path
            was = last.get(path)
            if was is not None:
                read = auditor._filled[(path, "a")][2]
                if was[0] != key and was[2] == frozenset(near.hexes("a") & read) and read:
                    assert got is was[1]          # enemies moved elsewhere: the very same route
                    kept += 1
                if was[1] != got:
                    changed += 1
            last[path] = (key, got, frozenset(near.hexes("a") & auditor._filled[(path, "a")][2]))
    assert kept > 1000 and changed > 100


def test_a_route_off_the_map_or_too_long_reads_no_hex():
    """A path with a hex off the map, or a drag longer than MAX_DRAG, is None whatever the
    enemies: it is remembered with no hexes read (kept through any enemy move)."""
    m = grid_map("m", "m", HexGrid(dx=50, dy=58, x0=0, y0=0), Extent((0, 39), (0, 2)))
    neighbour_table(m).clear()
    near = NearEnemies(m.neighbours, m.has_hex)
    near.reset({})
    auditor = _auditor(m, near)
    assert auditor._fill_path(("0001", "3901"), None, "a") is None
    assert auditor._fill_path(("0001", "nowhere"), None, "a") is None
    assert auditor._filled[(("0001", "3901"), "a")][2] == frozenset()
    near.update(["x"], {"x": _unit("x", "b", "0501")})
    assert auditor._fill_path(("0001", "3901"), None, "a") is None
    assert auditor._fill_path(("0001", "3001"), None, "a") is not None


@pytest.mark.skipif(not (shared_path("corpus") / "tld_game_0606-1.log").is_file(),
                    reason="../shared/corpus (The Longest Day logs) is absent")
def test_tld_filled_routes_equal_routes_worked_out_afresh(monkeypatch):
    """The public TLD logs 1-3 (units without a movement allowance: every long drag filled in):
    at each call the remembered route equals the one worked out with no memo at all, most calls
    whose enemies' version changed keep their route, and some routes change with the enemies."""
    from vmodgen.audit import audit
    orig = engine.FileAuditor._fill_path
    seen = {"calls": 0, "version_changed": 0, "kept": 0, "route_changed": 0}
    last: dict[tuple, tuple] = {}

    def checked(self, path, builder, side, enemies=None):
        key = enemies if enemies is not None else self._near.key(side)
        before = self._filled.get((path, side))
        got = orig(self, path, builder, side, enemies)
        saved = (self._filled, self._segments, self._dags, self._dag_hexes)
        self._filled, self._segments, self._dags, self._dag_hexes = {}, {}, {}, {}
        try:
            fresh = orig(self, path, builder, side, enemies)
        finally:
            self._filled, self._segments, self._dags, self._dag_hexes = saved
        assert got == fresh, path
        seen["calls"] += 1
        if before is not None and before[1] != key:
            seen["version_changed"] += 1
            seen["kept"] += got is before[0]
        if (path, side) in last and last[(path, side)] != got:
            seen["route_changed"] += 1
        last[(path, side)] = got
        return got
    monkeypatch.setattr(engine.FileAuditor, "_fill_path", checked)
    corpus = shared_path("corpus")
    audit([corpus / f"tld_game_0606-{i}.log" for i in (1, 2, 3)], module=corpus / "tld_buildFile-only_stripped.vmod",
          binding=ROOT / "examples" / "tld" / "binding.toml")
    assert seen["calls"] > 500
    assert seen["kept"] > seen["version_changed"] // 2 > 100
    assert seen["route_changed"] > 0
