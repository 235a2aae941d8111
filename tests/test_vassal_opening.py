"""The opening of a file loaded in one pass (``_load``: the container of ``+/`` commands a save
or log opens with, run into an empty game) gives exactly what running its commands one by one
gives: the game state piece by piece and stack by stack (in the same order), the interpreter's
own model (VASSAL 2.x: which map lists what, in which order: later moves join the first stack
standing at their point), and every step and state after it. The public The Longest Day chain
(VASSAL 2.9.8), made-up 2.x openings and the logs real VASSAL 3.7.26 recorded
(tests/data/recorded) are read both ways."""
from __future__ import annotations

from pathlib import Path

import pytest

from vmodgen.vassal import vassal2
from vmodgen.vassal.gamestate import GameState
from vmodgen.vassal.replay import log_version, replay, runner_for, split_steps
from vmodgen.vassal.savefile import read_save
from vmodgen.vassal.interpreter import _Runner
from vmodgen.vassal.vassal2 import Vassal2Runner

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "corpus"
LOGS = [CORPUS / f"tld_game_0606-{i}.log" for i in (1, 2, 3, 4)]
RECORDED = sorted((Path(__file__).parent / "data" / "recorded").glob("*.vlog"))

needs_corpus = pytest.mark.skipif(not all(p.is_file() for p in LOGS),
                                  reason="../shared/corpus (The Longest Day logs) is absent")


def _state(st: GameState) -> tuple:
    """Everything a game state holds, in its own order."""
    return ([(pid, r.position, r.stack, r.piece.encode_type(), r.piece.encode_state()) for pid, r in st.pieces.items()],
            [(sid, s.map, s.x, s.y, list(s.members), s.layer, s.provisional) for sid, s in st.stacks.items()],
            dict(st.turns), dict(st.properties), dict(st.boards), list(st.players))


def _model(r: _Runner) -> tuple:
    """The interpreter's own model: the stacks by point; for 2.x every piece and stack and each
    map's list, in order."""
    index = {k: list(v) for k, v in r.index.items() if v}
    if not isinstance(r, Vassal2Runner):
        return index, r.local
    objs = []
    for oid, o in r.reg.items():
        if isinstance(o, vassal2._P):
            objs.append(("P", oid, o.own_map, o.own_pos, o.parent.id if o.parent else None, o.written, o.no_stack))
        else:
            objs.append(("S", oid, o.map, o.pos, [p.id for p in o.contents], sorted(p.id for p in o.kids), o.local))
    coll = {m: [o.id for o in d.values()] for m, d in r.coll.items()}
    return objs, coll, index, r.local, r.dirty


def _opening(save, shortcut: bool, monkeypatch) -> tuple[_Runner, GameState, int]:
    """The interpreter after the file's opening; and how many containers were loaded in one pass."""
    loaded = [0]
    runner_type = runner_for(log_version(save))
    real = runner_type._load

    def load(self, node) -> bool:
        done = real(self, node) if shortcut else False
        loaded[0] += done
        return done
    monkeypatch.setattr(runner_type, "_load", load)
    root = save.tree
    st = GameState()
    runner = runner_type(st, None, None, [], save.path)
    runner.execute(root.typed(), root.text)
    for node in split_steps(root)[0]:
        runner.run(node)
    monkeypatch.undo()
    return runner, st, loaded[0]


def _same_opening(path: Path, monkeypatch) -> int:
    save = read_save(str(path))
    a, sa, n = _opening(save, True, monkeypatch)
    b, sb, m = _opening(save, False, monkeypatch)
    assert m == 0
    assert _state(sa) == _state(sb)
    assert _model(a) == _model(b)
    return n


def _same_replay(path: Path, monkeypatch) -> None:
    """The whole file, with the one-pass opening and without: the same steps, states and save."""
    save = read_save(str(path))
    fast = replay(save)
    monkeypatch.setattr(runner_for(log_version(save)), "_load", lambda self, node: False)
    slow = replay(read_save(str(path)))
    monkeypatch.undo()
    assert [s.to_json() for s in fast.steps] == [s.to_json() for s in slow.steps]
    assert _state(fast.final) == _state(slow.final)
    assert _state(fast.saved) == _state(slow.saved)


@needs_corpus
@pytest.mark.parametrize("log", LOGS, ids=lambda p: p.name)
def test_tld_opening_in_one_pass_is_the_full_replay(log, monkeypatch):
    """Each TLD log opens with one container of about 4,500 ``+/`` commands (the whole game):
    loaded in one pass, piece by piece the same state and model as run command by command."""
    assert _same_opening(log, monkeypatch) == 1


@needs_corpus
def test_tld_chain_replayed_with_the_one_pass_opening_is_unchanged(monkeypatch):
    """Every step's record, the final state and the state as saved (the next file's start)
    of each TLD log, with and without the one-pass opening."""
    for log in LOGS:
        _same_replay(log, monkeypatch)


@needs_corpus
def test_tld_opening_read_through_the_memo_is_the_cold_reading(monkeypatch):
    """What the one pass reads from each ``+/`` is kept by the command's typed view
    (``vassal2._ADDS``: a piece a file left alone opens the next file with the same text): loaded
    with the memo empty, then full, then with every entry standing for another object of the
    same id (a freed command's id reused) and holding wrong readings, the same state and model
    as run command by command."""
    kept = vassal2._ADDS             # (set by hand: _same_opening undoes the monkeypatch)
    try:
        vassal2._ADDS = {}
        assert _same_opening(LOGS[1], monkeypatch) == 1
        filled = vassal2._ADDS
        assert len(filled) > 4000
        assert _same_opening(LOGS[1], monkeypatch) == 1
        vassal2._ADDS = {k: (object(), True, "Nowhere", (9, 9), True, True) for k in filled}
        assert _same_opening(LOGS[1], monkeypatch) == 1
    finally:
        vassal2._ADDS = kept


def _v2_log(pieces: str) -> str:
    """A VASSAL 2.x log text: its version check, an opening container, one step."""
    from vmodgen.vassal.codec import encode
    head = "CHECK\tversion<1.0\tALERT\tGame saved using Mini version 1.0."
    moves = "LOG\tM/p2/Main/100/100/null/Main/10/10/null/x"
    return encode(["begin_save", "CHECK\trunningVassalVersion<2.9.8\tALERT\tx", head,
                   pieces, "end_save", moves], "\x1b")


def _container(*cmds: str) -> str:
    from vmodgen.vassal.codec import encode
    return encode([""] + list(cmds), "\x1b")


_BASIC = "piece;;;{};"
_PIECE_TYPE = "piece;;;a.gif;A"


@pytest.mark.parametrize("cmds,loaded", [
    # two lone pieces and a stack taking one of them: the stack joins its map after the pieces
    ((f"+/p1/{_PIECE_TYPE}/Main;10;10;p1;", f"+/p2/{_PIECE_TYPE}/Main;0010;10;p2;",
      "+/s1/stack/Main;10;10;p1"), 1),
    # a piece listed by two stacks (the second takes it), a stack listing a stack (reading stops),
    # an unknown member (skipped), a piece on no map
    ((f"+/p1/{_PIECE_TYPE}/Main;5;5;p1;", f"+/p2/{_PIECE_TYPE}/null;0;0;p2;",
      f"+/p3/{_PIECE_TYPE}/Board;7;7;p3;", "+/s1/stack/Main;10;10;p1;p2",
      "+/s2/stack/Main;10;10;zz;p2;s1;p3", "+/s3/stack/null;3;3;p3"), 1),
    # an id twice: the general path runs the container
    ((f"+/p1/{_PIECE_TYPE}/Main;5;5;p1;", f"+/p1/{_PIECE_TYPE}/Main;6;6;p1;"), 0),
])
def test_small_openings_in_one_pass_are_the_full_replay(cmds, loaded, monkeypatch, tmp_path):
    """Openings that exercise every branch of ``Stack.setState`` and ``BasicPiece.setState``
    (a point written ``0010``, which VASSAL writes back as ``10``)."""
    p = tmp_path / "mini.log"
    p.write_text(_v2_log(_container(*cmds)), encoding="utf-8")
    assert _same_opening(p, monkeypatch) == loaded
    _same_replay(p, monkeypatch)


@pytest.mark.parametrize("log", RECORDED, ids=lambda p: p.name)
def test_recorded_opening_in_one_pass_is_the_full_replay(log, monkeypatch):
    """The logs real VASSAL 3.7.26 wrote open with one container of ``+/`` commands too (the
    3.x interpreter): the same state, stacks by point, steps, final state and save."""
    assert _same_opening(log, monkeypatch) == 1
    _same_replay(log, monkeypatch)


def test_a_type_past_the_chain_limit_in_the_opening_names_the_file(monkeypatch, tmp_path):
    """The one pass reads each piece's trait count (once per command text, ``vassal2._ADDS``):
    a type chain past the limit stops the replay with an error naming the file, with the one
    pass and without it."""
    from vmodgen.errors import LimitError
    from vmodgen.vassal import chains
    monkeypatch.setattr(chains, "MAX_CHAIN", 5)
    long_type = chains.join_chain(["mark;a"] * 7 + ["piece;;;a.gif;A"]).replace("/", "\\/")
    p = tmp_path / "long.log"
    p.write_text(_v2_log(_container(f"+/p1/{long_type}/Main;5;5;p1;", "+/s1/stack/Main;5;5;p1")),
                 encoding="utf-8")
    for shortcut in (True, False):
        if not shortcut:
            monkeypatch.setattr(Vassal2Runner, "_load", lambda self, node: False)
        with pytest.raises(LimitError) as err:
            replay(read_save(str(p)))
        assert err.value.path == str(p)
