"""The step a chain file starts at in the file before it (vmodgen.audit.history) and rolls typed
in chat (vmodgen.integrity.facts.typed_roll), on hand-made states."""
from __future__ import annotations

from types import SimpleNamespace

from vmodgen.audit.history import StepHistory, match
from vmodgen.integrity.facts import typed_roll


def _state(pieces: dict[str, tuple], turn: str) -> SimpleNamespace:
    return SimpleNamespace(pieces={p: SimpleNamespace(position=pos) for p, pos in pieces.items()},
                           turns={"T": turn})


def _snap(pieces: dict[str, tuple], turn: str) -> dict:
    return {"pieces": {p: (pos, None, "", "", None) for p, pos in pieces.items()}, "turns": {"T": turn}}


def _history() -> tuple[StepHistory, dict]:
    """Step 1: a moves; step 2: the tracker; step 3: b moves; step 4: a moves back."""
    h = StepHistory()
    a0, a1, b0, b1 = ("M", 1, 1), ("M", 2, 2), ("M", 5, 5), ("M", 6, 6)
    seq = [({"a": a0, "b": b0}, "1"), ({"a": a1, "b": b0}, "1"), ({"a": a1, "b": b0}, "2"),
           ({"a": a1, "b": b1}, "2"), ({"a": a0, "b": b1}, "2")]
    for k, (p, t) in enumerate(seq):
        h.note(k, _state(p, t), None)
    return h, _snap(*seq[-1])


def test_start_at_end_is_no_earlier_step():
    h, end = _history()
    m = match(h, end, end)
    assert (m.pieces, m.tracker, m.of, m.earlier) == (4, 4, 4, False)


def test_start_at_an_earlier_step():
    """The next file starts as after step 2: b's move (step 3) and a's move back (4) were lost."""
    h, end = _history()
    m = match(h, end, _snap({"a": ("M", 2, 2), "b": ("M", 5, 5)}, "2"))
    assert (m.pieces, m.tracker, m.earlier) == (2, 2, True)
    assert {pid for pid, _, _ in m.lost} == {"a", "b"}


def test_tracker_alone_set_back():
    """Pieces as at the end, the tracker as after step 1 (it showed "1" at steps 0-1)."""
    h, end = _history()
    m = match(h, end, _snap({"a": ("M", 1, 1), "b": ("M", 6, 6)}, "1"))
    assert (m.pieces, m.tracker, m.earlier) == (4, 1, True)


def test_no_step_matches():
    h, end = _history()
    m = match(h, end, _snap({"a": ("M", 9, 9), "b": ("M", 6, 6)}, "2"))
    assert m.pieces is None and not m.earlier


def test_typed_roll():
    assert typed_roll("<Alice> - I rolled 6") == ("I rolled 6", (6,))
    assert typed_roll("<Bob> - rolls a 3, then moves") == ("rolls a 3, then moves", (3,))
    assert typed_roll("<Bob> - I threw 4,2") == ("I threw 4,2", (4, 2))
    # the noun with a separator reports a roll (left10: read since "roll: 4" is how players type it)
    assert typed_roll("<Bob> - roll: 4,2") == ("roll: 4,2", (4, 2))
    # a target or a need, a count of dice or hits: no roll claimed; a modifier is no die
    assert typed_roll("<Bob> - I need a roll of 5 or less") is None
    assert typed_roll("<Bob> - he rolls 5+ to hit") is None
    assert typed_roll("<Bob> - rolled 2d6") is None
    assert typed_roll("<Bob> - Attacker rolled 2 hits") is None
    assert typed_roll("<Bob> - rolled 4 +1 DRM = 5") == ("rolled 4 +1 DRM = 5", (4,))
    assert typed_roll("<Bob> - rolled 11 for the attack on 1808") == ("rolled 11 for the attack on 1808", (11,))
    assert typed_roll("*** 2d6 = 4,2 *** <Alice>") is None        # a dice button's report
    assert typed_roll("<Alice> - we rolled back the turn") is None
    assert typed_roll("<Alice> - hello") is None


def test_stopped_before_the_last_tracker_steps():
    """Step 1: a moves; steps 2-3: the tracker only (two Nexts). The next file has the pieces as
    after steps 1-3 and the tracker as after step 1 (its player stopped stepping there): it starts
    after step 1, for both. Before: the pieces matched at their last step (3), the tracker at 1,
    read as a tracker set back by Undo."""
    h = StepHistory()
    a0, a1, b0 = ("M", 1, 1), ("M", 2, 2), ("M", 5, 5)
    seq = [({"a": a0, "b": b0}, "1"), ({"a": a1, "b": b0}, "1"), ({"a": a1, "b": b0}, "2"), ({"a": a1, "b": b0}, "3")]
    for k, (p, t) in enumerate(seq):
        h.note(k, _state(p, t), None)
    m = match(h, _snap(*seq[-1]), _snap({"a": a1, "b": b0}, "1"))
    assert (m.pieces, m.tracker, m.of, m.earlier, m.lost) == (1, 1, 3, True, ())
    # the tracker as at step 0, where the pieces did not stand yet: each apart (the pieces' last step)
    m = match(h, _snap(*seq[-1]), _snap({"a": a1, "b": b0}, "0"))
    assert (m.pieces, m.tracker) == (3, None)
