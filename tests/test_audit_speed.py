"""What the audit's shortcuts (issue 20) must not change: each remembered or incremental answer
equals the one worked out from scratch. The hexes next to enemies kept unit by unit equal those
a full scan finds, and their version changes whenever they do; the shortest-path DAG of one BFS
and a sweep back equals the one of two BFSs; the routes remembered per piece give the same
report as routes worked out at every step; ``inspect``'s one streamed pass shows what the replay
kept to the last step shows; continuity looks only at differing entries and says the same; an
audit with a binding file does not import the kit loaders or the imaging library; a generic map
on a zoned board keeps the hexes the board itself names."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from types import SimpleNamespace

from conftest import DATA, ROOT, shared_path
from vmodgen.audit import engine
from vmodgen.audit.continuity import compare
from vmodgen.audit.near_enemy import NearEnemies
from vmodgen.audit.positions import PieceView
from vmodgen.binding.generic_map import Extent, grid_map
from vmodgen.hexes.vassal_grid import HexGrid
from vmodgen.model.unit import Unit
from vmodgen.rules.core.board import neighbour_table


def _grid_map(cols: int = 14, rows: int = 12):
    """A plain hex map of raw columns and rows (ids ``CCRR``), a few hexes taken out so that
    shortest paths must go round them."""
    g = HexGrid(dx=50, dy=58, x0=0, y0=0)
    m = grid_map("m", "m", g, Extent((0, cols - 1), (0, rows - 1)))
    for hole in ("0505", "0506", "0604", "0808", "0907"):
        m._labels.pop(hole, None)
    m._index = None
    return m


def _view(pid: str, side: str, hexid: str | None) -> PieceView:
    unit = Unit(pid, pid, side, "", "", "ground", "")
    return PieceView(pid, unit, False, hexid, ("m", 0, 0), frozenset(), frozenset())


def _scan(units: dict[str, PieceView], side: str, m) -> set[str]:
    """The hexes next to other sides' units, from scratch (what the engine did at each step)."""
    out: set[str] = set()
    for v in units.values():
        if v.unit is not None and v.unit.side != side and v.hex is not None and m.has_hex(v.hex):
            out.update(m.neighbours(v.hex))
    return out


def test_near_enemies_kept_unit_by_unit_equal_a_full_scan():
    """400 random steps (units entering, moving, leaving the map) of three sides: after each,
    the kept hexes equal a full scan for every side, and a side's key stays the same only while
    its hexes next to enemies do."""
    m = _grid_map()
    hexes = m.hex_ids()
    rnd = random.Random(20)
    near = NearEnemies(m.neighbours, m.has_hex)
    units: dict[str, PieceView] = {}
    for i in range(12):
        units[f"u{i}"] = _view(f"u{i}", ("a", "b", "c")[i % 3], rnd.choice(hexes))
    near.reset(units)
    keys = {s: near.key(s) for s in "abc"}
    seen = {s: (keys[s], frozenset(_scan(units, s, m))) for s in "abc"}
    changes = 0
    for _ in range(400):
        pid = f"u{rnd.randrange(16)}"
        what = rnd.random()
        if what < 0.15:
            units.pop(pid, None)
        else:
            side = units[pid].unit.side if pid in units else rnd.choice("abc")
            units[pid] = _view(pid, side, rnd.choice(hexes + ["off-map"]) if what < 0.9 else None)
        near.update([pid], units)
        for s in "abc":
            want = _scan(units, s, m)
            assert near.hexes(s) == want
            key = near.key(s)
            if key == seen[s][0]:
                assert frozenset(want) == seen[s][1]
            else:
                changes += 1
            seen[s] = (key, frozenset(want))
    assert changes > 100


def _dag_two_bfs(m, a: str, b: str):
    """The shortest-path DAG as the engine built it before: a BFS from each end."""
    def bfs(src, stop):
        dist, frontier = {src: 0}, [src]
        while frontier and stop not in dist:
            nxt = []
            for h in frontier:
                if dist[h] >= engine.MAX_DRAG:
                    return None
                for n in m.neighbours(h):
                    if n not in dist and m.has_hex(n):
                        dist[n] = dist[h] + 1
                        nxt.append(n)
            frontier = nxt
        return dist if stop in dist else None
    da = bfs(a, b)
    db = bfs(b, a) if da is not None else None
    if da is None or db is None:
        return None
    total = da[b]
    on = {h for h, d in da.items() if db.get(h, total + 1) + d == total}
    layers = [[] for _ in range(total)]
    for h in sorted(on):
        if da[h]:
            layers[da[h] - 1].append((h, [p for p in m.neighbours(h) if p in on and da[p] == da[h] - 1]))
    return layers


def test_shortest_dag_of_one_bfs_and_a_sweep_back_equals_two_bfs():
    """Random pairs on a map with holes (and pairs further apart than MAX_DRAG on a long map):
    the same layers, hexes and predecessors, in the same order."""
    m = _grid_map()
    auditor = engine.FileAuditor.__new__(engine.FileAuditor)
    auditor.binding = SimpleNamespace(map=m)
    auditor._dags = {}
    neighbour_table(m).clear()
    rnd = random.Random(7)
    hexes = m.hex_ids()
    for _ in range(300):
        a, b = rnd.choice(hexes), rnd.choice(hexes)
        assert auditor._shortest_dag(a, b) == _dag_two_bfs(m, a, b), (a, b)
    long = _grid_map(cols=40, rows=3)
    auditor.binding = SimpleNamespace(map=long)
    assert auditor._shortest_dag("0001", "3901") is None and _dag_two_bfs(long, "0001", "3901") is None
    assert auditor._shortest_dag("0001", "3001") == _dag_two_bfs(long, "0001", "3001") is not None


class _Forgetful(dict):
    """A route memo that never remembers: every route is worked out at every step."""

    def __setitem__(self, key, value) -> None:
        pass


def _tld_json(monkeypatch, memo: bool) -> dict:
    from vmodgen.audit import audit
    from vmodgen.report.json_report import json_report
    corpus = shared_path("corpus")
    if not memo:
        orig = engine.FileAuditor.__init__

        def init(self, *a, **k):
            orig(self, *a, **k)
            self._route_memo = _Forgetful()
        monkeypatch.setattr(engine.FileAuditor, "__init__", init)
    r = audit([corpus / f"tld_game_0606-{i}.log" for i in (1, 2, 3, 4)],
              module=corpus / "tld_buildFile-only_stripped.vmod", binding=ROOT / "examples" / "tld" / "binding.toml")
    return json.loads(json_report(r))


def test_routes_remembered_per_piece_give_the_report_of_routes_worked_out_each_step(monkeypatch):
    """The public TLD chain (generic rules: its units have no movement allowance, so long drags
    are filled in with shortest paths past the fewest hexes next to enemies): the whole JSON
    report is the same with the route memo and without it, and has filled-in paths."""
    fast = _tld_json(monkeypatch, memo=True)
    slow = _tld_json(monkeypatch, memo=False)
    assert fast == slow
    assert any("path_inferred" in f["details"] for f in fast["findings"])


def test_inspect_last_step_streamed_equals_the_replay_kept_to_that_step():
    """``inspect`` of a log's last step (one streamed pass) shows what ``--step N`` (the replay
    that keeps its steps) shows for the same step N."""
    from vmodgen.vassal.inspecting import inspect_save
    log = DATA / "recorded" / "om-chain-2.vlog"
    last = inspect_save(log)
    assert last["steps"] > 3 and last["pieces"]
    assert inspect_save(log, step=last["steps"]) == last
    assert inspect_save(log, step=0) != last


def _entry(pos, state: str, uid: str | None = None) -> tuple:
    return (pos, None, state, "piece;;;;x.png;Inf", uid)


def test_continuity_reports_only_differing_entries_in_piece_order():
    """Equal entries are skipped; a moved, an added and a missing piece are reported, in the
    order of their ids, whatever the order of the snapshots' dicts."""
    same = {f"p{i:03d}": _entry(("Main", i, i), "st", f"U{i}") for i in range(200)}
    before = {"pieces": {**same, "p900": _entry(("Main", 1, 1), "st"), "p050": _entry(("Main", 9, 9), "st", "U50")},
              "turns": {}}
    after_pieces = dict(reversed(list(same.items())))
    after_pieces["p100"] = _entry(("Main", 5, 7), "st", "U100")
    after_pieces["p500"] = _entry((None, 0, 0), "st")
    after = {"pieces": after_pieces, "turns": {}}
    got = [(c.what, c.piece) for c in compare("a.vlog", before, "b.vlog", after)]
    assert got == [("moved", "p050"), ("moved", "p100"), ("added", "p500"), ("missing", "p900")]
    assert compare("a.vlog", {"pieces": same, "turns": {}}, "b.vlog", {"pieces": dict(same), "turns": {}}) == []


def test_an_audit_with_a_binding_file_loads_no_kit_loader_nor_imaging():
    """``vmodgen.audit`` (and the CLI's audit command) import neither the kit loaders nor PIL:
    a binding file makes its own game; ``vmodgen.model``'s names still import on first use."""
    code = ("import sys, vmodgen.cli, vmodgen.commands.audit, vmodgen.audit, vmodgen.binding.file; "
            "bad = [m for m in ('PIL', 'vmodgen.model.kit', 'vmodgen.positions.load') if m in sys.modules]; "
            "from vmodgen.model import load_kit, Game; from vmodgen.positions import read_position; "
            "print(bad, callable(load_kit), callable(read_position))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, check=True).stdout
    assert out.strip() == "[] True True"


def test_grid_map_on_a_zoned_board_names_the_hexes_the_board_names():
    """The TLD board (a hex grid under zones): the generic map keeps exactly the hexes whose
    label the zoned board itself gives (asking the board at every hex, as before), though it
    asks the zones only where one covers the point; some hexes are covered."""
    from vmodgen.binding.file import load_binding
    from vmodgen.binding.generic_map import grid_map, hex_grid_of, raw_of_label
    from vmodgen.hexes.grid import Hex
    from vmodgen.hexes.vassal_zones import ZonedGrid
    from vmodgen.vassal.module import read_module
    module = read_module(str(shared_path("corpus", "tld_buildFile-only_stripped.vmod")))
    b = load_binding(ROOT / "examples" / "tld" / "binding.toml", module)
    board = module.maps[b.spec.maps[0]].boards[b.board_name]
    g = hex_grid_of(board.grid)
    assert isinstance(board.grid, ZonedGrid) and g is board.grid.background
    corners = [raw_of_label(g, lb) for lb in b.spec.extent]
    extent = Extent(tuple(sorted(h.line for h in corners)), tuple(sorted(h.pos for h in corners)))
    want: dict[str, Hex] = {}
    covered = 0
    for c in range(extent.cols[0], extent.cols[1] + 1):
        for r in range(extent.rows[0], extent.rows[1] + 1):
            x, y = g.hex_center(c, r)
            own = g.location_name(x, y)
            if own is None or board.grid.location_name(x, y) != own:
                covered += own is not None
                continue
            hid = b._rename(own)
            if hid and hid not in want:
                want[hid] = Hex(c, r)
    got = grid_map("m", "m", g, extent, board.grid, b._rename)._labels
    assert got == want and covered > 0


def test_grid_map_asks_the_zones_only_inside_their_boxes_on_random_zoned_boards():
    """A hex grid under random zones (polygons of 3-7 corners, some on hex centres, some with a
    zone that names nothing, a grid with and without numbering, sideways too): the generic map
    keeps exactly the hexes the zoned board names as the hex grid does (numbered), or names not
    at all (no numbering), as asking the board at every hex gives."""
    import random
    from vmodgen.binding.generic_map import grid_map
    from vmodgen.hexes.grid import Hex
    from vmodgen.hexes.vassal_grid import HexGrid, HexNumbering
    from vmodgen.hexes.vassal_zones import Zone, ZonedGrid
    rnd = random.Random(20)
    covered = 0
    for trial in range(40):
        numbered = trial % 4 != 3
        g = HexGrid(dx=rnd.choice([40.0, 55.42562584220407, 64.0]), dy=rnd.choice([46.0, 64.0]),
                    x0=rnd.randint(-30, 30), y0=rnd.randint(-30, 40), sideways=trial % 5 == 4,
                    numbering=HexNumbering(v_off=rnd.randint(0, 1)) if numbered else None)
        extent = Extent((rnd.randint(0, 2), rnd.randint(8, 14)), (rnd.randint(0, 2), rnd.randint(8, 14)))
        zones = []
        for k in range(rnd.randint(1, 4)):
            corners = []
            for _ in range(rnd.randint(3, 7)):
                if rnd.random() < 0.3:       # a corner on a hex centre: the box's edge on one
                    corners.append(g.hex_center(rnd.randint(*extent.cols), rnd.randint(*extent.rows)))
                else:
                    corners.append((rnd.randint(-50, 800), rnd.randint(-50, 800)))
            fmt = rnd.choice(["$name$", "$name$ $gridLocation$", ""])
            zones.append(Zone(f"Z{k}", ";".join(f"{x},{y}" for x, y in corners), fmt))
        board = ZonedGrid(zones, background=g)
        want: dict[str, Hex] = {}
        for c in range(extent.cols[0], extent.cols[1] + 1):
            for r in range(extent.rows[0], extent.rows[1] + 1):
                x, y = g.hex_center(c, r)
                said = board.location_name(x, y)
                if numbered:
                    own = g.location_name(x, y)
                    if own is None or said != own:
                        covered += own is not None
                        continue
                else:
                    own = f"{c:02d}{r:02d}"
                    if said is not None:
                        covered += 1
                        continue
                want.setdefault(own, Hex(c, r))
        assert grid_map("m", "m", g, extent, board)._labels == want, trial
    assert covered > 100
