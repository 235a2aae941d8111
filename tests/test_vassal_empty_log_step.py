"""A key command that does nothing (Almoravid's *Draw Card* button pressed by a side its
Restrict Commands trait refuses, recorded in VASSAL 3.7.26) is logged as ``LOG\\tnull`` with a
``LOG\\tnull`` part. ``BasicLogger.decode`` makes no step of it (``GameModule.decode("null")`` is
null), so VASSAL's Step button goes over it: the oracle's replay of that log has 13 steps where
vmodgen counted 14, and every step after it was one behind (36 differences in the comparison of
every piece VASSAL reported, step by step). An empty ``LOG\\t`` is a step (a ``NullCommand``:
VASSAL 3.7.26 replays The Longest Day log 2 with 841 steps, its step 414 one of those)."""
from __future__ import annotations

from vmodgen.testing.log_writer import LogWriter
from vmodgen.vassal.codec import encode
from vmodgen.vassal.replay import replay
from vmodgen.vassal.savefile import read_save


def _log(tmp_path, middle: list[str]):
    """Guard (id 1) at (100,100); step 1 moves it to (200,200); then ``middle`` as one logged
    action; then a move to (300,300)."""
    add = encode(["+", "1", "piece;;;Guard.png;Guard", encode(["Pitch", "100", "100", "1"], ";")], "/")
    w = LogWriter("\x1b".join(["begin_save", "", add, "end_save"]))
    w.step(["M/1/Pitch/200/200/null/Pitch/100/100/null/Alice"])
    w.step(middle)
    w.step(["M/1/Pitch/300/300/null/Pitch/200/200/null/Alice"])
    return read_save(w.write(tmp_path / "game.vlog"))


def test_a_log_of_nothing_is_no_step(tmp_path):
    """Position: Guard moved (step 1), a refused key command (``LOG\\tnull`` + ``LOG\\tnull``),
    Guard moved again: two steps, the second the move to (300,300)."""
    rp = replay(_log(tmp_path, ["null", "null"]))
    assert len(rp.steps) == 2
    assert rp.state_at(2).pieces["1"].position == ("Pitch", 300, 300)
    assert rp.state_at(1).pieces["1"].position == ("Pitch", 200, 200)


def test_an_empty_log_is_a_step(tmp_path):
    """Position: the same with an empty ``LOG\\t`` between the moves: three steps (VASSAL's
    ``NullCommand``), the last the move to (300,300)."""
    rp = replay(_log(tmp_path, [""]))
    assert len(rp.steps) == 3
    assert rp.state_at(3).pieces["1"].position == ("Pitch", 300, 300)
    assert rp.state_at(2).pieces["1"].position == ("Pitch", 200, 200)
