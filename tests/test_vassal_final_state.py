"""The lean pass ``final_state`` (what ``vmodgen inspect`` prints a step from: no step records,
no move labels kept, no undo pairing) ends in exactly the state a full step-by-step replay ends
in, and its copy after step k is ``replay(...).state_at(k)``: every piece (position, stack, type
and state chains) and stack (point, members, layer), in the same order, with the trackers,
properties, boards, players and warnings. Read both ways: the public The Longest Day chain
(VASSAL 2.9.8), the logs real VASSAL 3.7.26 and 3.8.0-beta1 recorded (tests/data/recorded) and
the golden VASSAL files (../shared/golden)."""
from __future__ import annotations

from pathlib import Path

import pytest

from vmodgen.vassal.gamestate import GameState
from vmodgen.vassal.module import read_module
from vmodgen.vassal.replay import final_state, iter_log, replay
from vmodgen.vassal.savefile import read_save

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
CORPUS = SHARED / "corpus"
TLD = [CORPUS / f"tld_game_0606-{i}.log" for i in (1, 2, 3, 4)]
RECORDED = sorted((Path(__file__).parent / "data" / "recorded").glob("*.vlog"))
GOLDEN = [SHARED / "golden" / "vassal-run" / n for n in ("moves.vlog", "turns.vlog", "final.vsav")] + \
         [SHARED / "golden" / "vassal-3.8" / n for n in ("t38-moves.vlog", "t38-moves.vsav")]


def _state(st: GameState) -> tuple:
    """Everything a game state holds, in its own order."""
    return ([(pid, r.position, r.stack, r.piece.encode_type(), r.piece.encode_state()) for pid, r in st.pieces.items()],
            [(sid, s.map, s.x, s.y, list(s.members), s.layer, s.provisional) for sid, s in st.stacks.items()],
            list(st.turns.items()), list(st.properties.items()), list(st.boards.items()), list(st.players))


def _both(path: Path, module=None) -> tuple[tuple, tuple]:
    """(steps, state, warnings, module warnings) after the last step: full replay, lean pass
    (each on its own read of the file and of the module)."""
    out = []
    for lean in (False, True):
        mod = read_module(module) if module else None
        locate = mod.locate if mod else None
        apply = mod.apply_board_command if mod else None
        warnings: list[str] = []
        save = read_save(path)
        if lean:
            n, state = final_state(save, locate=locate, apply_boards=apply, warnings=warnings)
        else:
            n, state = 0, None
            for n, _step, state in iter_log(save, locate=locate, apply_boards=apply, warnings=warnings):
                pass
        out.append((n, _state(state), warnings, list(mod.warnings) if mod else []))
    return out[0], out[1]


def _need(p: Path) -> Path:
    if not p.is_file():
        pytest.skip(f"{p} is absent (the read-only ../shared folder is not beside the project)")
    return p


@pytest.mark.parametrize("log", TLD, ids=lambda p: p.name)
def test_tld_logs_end_alike_with_module(log):
    """VASSAL 2.9.8 logs, with the module's grids (labels asked in the same order: the module
    reads a board's size, and warns it cannot, on the first label it is asked there)."""
    full, lean = _both(_need(log), _need(CORPUS / "tld_buildFile-only_stripped.vmod"))
    assert full[0] > 50 and len(full[1][0]) > 2000           # a whole game, replayed
    assert lean == full


@pytest.mark.parametrize("log", RECORDED, ids=lambda p: p.name)
def test_recorded_logs_end_alike(log):
    full, lean = _both(log)
    assert full[0] > 0 and full[1][0]
    assert lean == full


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.name)
def test_golden_vassal_files_end_alike(path):
    full, lean = _both(_need(path))
    assert full[1][0]
    assert lean == full


def test_a_step_that_empties_the_game_and_adds_pieces_again_runs_as_a_step():
    """A step that is a container of ``+/`` commands, run into a game another step emptied, ends
    as in the full replay (which runs it as a step, not as the file's opening)."""
    from vmodgen.vassal.codec import encode
    adds = encode(["", "+/b/piece;;;b.png;B/Main;10;10;", "+/a/piece;;;a.png;A/Main;10;10;"], "\x1b")
    text = encode(["begin_save", "+/a/piece;;;a.png;A/Main;5;5;", "end_save", "LOG\t-/a", adds], "\x1b")
    n, lean = final_state(text)
    *_, (m, _step, full) = iter_log(text)
    assert n == m == 2
    assert _state(lean) == _state(full)
    assert list(lean.pieces) == ["b", "a"] and lean.pieces["a"].position == ("Main", 10, 10)


def _at_both(path: Path) -> list[tuple[int, tuple, tuple]]:
    """(k, state after step k by the kept replay, the same by the lean pass) at the start, one
    step in, the middle, the step before the last and the last."""
    save = read_save(path)
    rp = replay(save)
    n = len(rp.steps)
    out = []
    for k in sorted({0, min(1, n), n // 2, max(n - 1, 0), n}):
        m, got = final_state(read_save(path), at=k)
        assert m == n and got is not None
        out.append((k, _state(rp.state_at(k)), _state(got)))
    return out


@pytest.mark.parametrize("path", [*TLD, *RECORDED[::4], *GOLDEN], ids=lambda p: p.name)
def test_the_state_after_any_step_is_the_kept_replays(path):
    """``final_state(..., at=k)`` (what ``inspect --step k`` prints) is the state
    ``replay(...).state_at(k)`` gives, piece by piece, at the start, in the middle and at the end."""
    for k, kept, lean in _at_both(_need(path)):
        assert kept[0], k
        assert lean == kept, k


def test_a_step_out_of_range_gives_no_state_and_the_copy_is_detached():
    log = RECORDED[0]
    n, last = final_state(read_save(log))
    assert final_state(read_save(log), at=n + 1) == (n, None)
    assert final_state(read_save(log), at=-1) == (n, None)
    _, first = final_state(read_save(log), at=0)
    assert first is not None and last is not None
    assert _state(first) != _state(last)            # the log moves pieces: the start differs
    assert not any(first.pieces[pid].piece is rec.piece for pid, rec in last.pieces.items()
                   if pid in first.pieces)          # a copy, not the live pieces
