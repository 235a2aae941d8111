"""What a file of a chain leaves to the next (issue 20): its replay's pieces and stacks are freed
with it, not left to the cyclic garbage collector; the continuity snapshot's per-piece memo and
the position builder's piece views (shared by the files of an audit) give what a fresh reading
gives, also for pieces that changed since the memo saw them."""
from __future__ import annotations

import gc
from pathlib import Path

import pytest

from vmodgen.audit.engine import snapshot
from vmodgen.audit.positions import PositionBuilder
from vmodgen.audit.run import make_binding
from vmodgen.vassal import vassal2
from vmodgen.vassal.replay import final_state, iter_log
from vmodgen.vassal.savefile import read_save

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus"
LOGS = [CORPUS / f"tld_game_0606-{i}.log" for i in (1, 2)]
MODULE = CORPUS / "tld_buildFile-only_stripped.vmod"
BINDING = ROOT / "examples" / "tld" / "binding.toml"

pytestmark = pytest.mark.skipif(not MODULE.is_file() or not all(p.is_file() for p in LOGS),
                                reason="../shared/corpus (The Longest Day logs) is absent")


def _cyclic_runner_objects(run) -> int:
    """How many of a VASSAL 2 replay's pieces and stacks ``run()`` leaves as cyclic garbage."""
    was = gc.isenabled()
    gc.disable()
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        run()
        gc.collect()
        return sum(1 for o in gc.garbage if isinstance(o, (vassal2._P, vassal2._S)))
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if was:
            gc.enable()


def test_a_finished_replay_leaves_no_cycles(monkeypatch) -> None:
    """Log 1 of The Longest Day (a VASSAL 2 log: ~2,400 pieces, most in stacks), replayed to its
    end step by step and in the lean pass: none of its runner's pieces or stacks is left for the
    cyclic collector; without the release at the file's end thousands are."""
    save = read_save(str(LOGS[0]))

    def step_by_step() -> None:
        for _ in iter_log(save):
            pass

    def lean() -> None:
        final_state(save)
    assert _cyclic_runner_objects(step_by_step) == 0
    assert _cyclic_runner_objects(lean) == 0
    monkeypatch.setattr(vassal2.Vassal2Runner, "release", lambda self: None)
    assert _cyclic_runner_objects(step_by_step) > 1000


def test_released_runner_keeps_the_game_state(monkeypatch) -> None:
    """The release cuts only the runner's own links: the state a finished replay hands back
    (positions, stacks and their members, the pieces' states) is what it was before."""
    save = read_save(str(LOGS[0]))
    kept = []
    real = vassal2.Vassal2Runner.release

    def look(self) -> None:
        kept.append({pid: (r.position, r.stack, r.piece.encode_state()) for pid, r in self.s.pieces.items()})
        kept.append({sid: (s.map, s.x, s.y, list(s.members)) for sid, s in self.s.stacks.items()})
        real(self)
    monkeypatch.setattr(vassal2.Vassal2Runner, "release", look)
    _, state = final_state(save)
    assert state is not None and len(state.pieces) > 1000
    assert kept[0] == {pid: (r.position, r.stack, r.piece.encode_state()) for pid, r in state.pieces.items()}
    assert kept[1] == {sid: (s.map, s.x, s.y, list(s.members)) for sid, s in state.stacks.items()}


def test_snapshot_memo_gives_a_fresh_reading() -> None:
    """The snapshot of log 2's opening taken with the memo warm from log 1's end equals the one
    a builder with no memo takes; so does a snapshot after pieces were moved, had their state
    changed, or were read as another unit (a different binding reading) since the memo saw them."""
    b, m = make_binding(str(MODULE), None, str(BINDING))
    shared: dict = {}

    def start_of(log: Path, store: dict):
        builder = PositionBuilder(b, m, {}, store)
        gen = iter_log(read_save(str(log)))
        _, _, state = next(gen)
        builder.update(state, None)
        return builder, state, gen
    builder1, state1, gen1 = start_of(LOGS[0], shared)
    for _, step, state1 in gen1:
        builder1.update(state1, step)
    snapshot(state1, builder1)                           # log 1's end: the memo warm
    assert len(shared["snapshots"]) > 1000
    warm_builder, state, _ = start_of(LOGS[1], shared)
    cold_builder, cold_state, _ = start_of(LOGS[1], {})
    warm = snapshot(state, warm_builder)
    assert warm == snapshot(cold_state, cold_builder)
    assert cold_builder.snapshot_memo is not shared["snapshots"]
    # change three pieces the memo holds: one moved, one with another state, one read as no unit
    units = [pid for pid, v in warm_builder.views.items() if v.unit is not None]
    moved, changed, unread = units[:3]
    assert warm["pieces"][unread][4] is not None
    for st in (state, cold_state):
        rec = st.pieces[moved]
        rec.position = (rec.position[0], rec.position[1] + 1000, rec.position[2])
        st.pieces[changed].piece.set_state(st.pieces[changed].piece.encode_state() + "x")
    warm_builder.views.pop(unread)
    cold_builder.views.pop(unread)
    again = snapshot(state, warm_builder)
    cold_builder.snapshot_memo.clear()
    assert again == snapshot(cold_state, cold_builder)
    assert again["pieces"][moved][0] != warm["pieces"][moved][0]
    assert again["pieces"][changed][2].endswith("x")
    assert again["pieces"][unread][4] is None


def _fields(v) -> tuple | None:
    return None if v is None else (v.pid, v.unit, v.reduced, v.hex, v.point, v.markers, v.status, v.lazy,
                                   v.concealed)


def test_view_memo_gives_a_fresh_reading() -> None:
    """Log 2's opening read by a builder whose view memo is warm from log 1's end: every piece's
    view is what a builder without the memo reads (most of them the very objects log 1's end
    read); then a piece moved off the game map, one moved on it and one with another state
    are read afresh."""
    b, m = make_binding(str(MODULE), None, str(BINDING))
    shared: dict = {}
    cache: dict = {}
    builder1 = PositionBuilder(b, m, cache, shared)
    for _, step, state1 in iter_log(read_save(str(LOGS[0]))):
        builder1.update(state1, step)
    ended = dict(builder1.views)
    _, _, state = next(iter_log(read_save(str(LOGS[1]))))
    _, _, cold_state = next(iter_log(read_save(str(LOGS[1]))))
    warm, cold = PositionBuilder(b, m, cache, shared), PositionBuilder(b, m, cache, {})
    warm.update(state, None)
    cold.update(cold_state, None)
    assert {p: _fields(v) for p, v in warm.views.items()} == {p: _fields(v) for p, v in cold.views.items()}
    assert sum(1 for p, v in warm.views.items() if ended.get(p) is v) > 1000
    units = [p for p, v in warm.views.items() if v.unit is not None]
    off = [p for p, v in warm.views.items() if v.lazy]
    leaving, changed, arriving = units[0], units[1], off[0]
    for st in (state, cold_state):
        st.pieces[leaving].position = (None, 0, 0)
        st.pieces[arriving].position = st.pieces[changed].position
        st.pieces[changed].piece.set_state(st.pieces[changed].piece.encode_state() + "x")
    for builder, st in ((warm, state), (cold, cold_state)):
        for pid in (leaving, changed, arriving):
            builder.views[pid] = builder._view(st, pid)
    assert {p: _fields(v) for p, v in warm.views.items()} == {p: _fields(v) for p, v in cold.views.items()}
    assert warm.views[leaving].lazy and not warm.views[arriving].lazy
