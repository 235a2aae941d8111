"""What the test log writer writes for a drop (``LogWriter.move`` and a palette ``add``) is what
the replay reads back: one helper, ``LogWriter._drop``, asks the replay's merge finder with the
moving piece and player (VASSAL's ``PieceMover.movePieces`` → ``StackMetrics.merge``; stack
hidden by another player, never-stack piece, piece standing alone), and names the stack's top
*visible* piece underneath. Each log written here was also replayed in real VASSAL 3.7.26
(``vassal37 replay``, observer) with the same stacks."""
from __future__ import annotations

from vmodgen.testing.log_writer import LogWriter
from vmodgen.vassal.codec import decode, encode
from vmodgen.vassal.inspecting import inspect_save

GUARD, JACK, KIM = "1", "2", "3"


def _add(pid: str, name: str, x: int, y: int, hidden: str | None = None, extra: str = "") -> str:
    basic = encode(["Pitch", str(x), str(y), pid], ";")
    types, states = [], []
    if extra:
        types.append(extra)
        states.append("")
    if hidden is not None:
        types.append("hide;73,130;Invisible;;;0.3;;false")
        states.append(hidden)
    return encode(["+", pid, "\t".join([*types, f"piece;;;{name}.png;{name}"]), "\t".join([*states, basic])], "/")


def _writer(*opening: str) -> LogWriter:
    w = LogWriter("\x1b".join(["begin_save", "", *opening, "end_save"]))
    w.player_id = "Alice"
    return w


def _last_step(w: LogWriter) -> list[str]:
    return [sub.text.removeprefix("LOG\t") for sub in w.root.subs[-1].walk()]


def _moves(w: LogWriter) -> list[list[str]]:
    return [decode(c, "/") for c in _last_step(w) if c.startswith("M/")]


def test_move_names_the_top_visible_piece(tmp_path):
    """Position: stack 9 = Jack, Guard on top hidden by Bob, at (200,200); Alice drags Kim
    there: VASSAL's merge puts Kim right above Jack, the top visible piece, and the ``M/``
    names Jack underneath (before: Guard, the top member). The replay (and VASSAL's) gives
    Jack, Kim, Guard."""
    w = _writer(_add(GUARD, "Guard", 200, 200, "Bob"), _add(JACK, "Jack", 200, 200),
                _add(KIM, "Kim", 400, 400), "+/9/stack/Pitch;200;200;2;1")
    w.move(KIM, ("Pitch", 200, 200), report=False)
    assert [m[5] for m in _moves(w)] == [JACK]
    got = inspect_save(w.write(tmp_path / "top.vlog"), None, reveal_hidden=True)
    assert [s["members"] for s in got["stacks"] if s["members"]] == [[JACK, KIM, GUARD]]


def test_move_of_a_piece_that_never_stacks_starts_no_stack(tmp_path):
    """Position: Kim has an Immobilized trait 'never stack' (``immob;;;R;``), dragged to the
    empty point (200,200): ``createStack`` is not asked (NO_STACK), so no ``+/…/stack`` is
    written and Kim stands alone (before: a stack of Kim was written)."""
    w = _writer(_add(KIM, "Kim", 400, 400, extra="immob;;;R;"))
    w.move(KIM, ("Pitch", 200, 200), report=False)
    assert not any("/stack/" in c for c in _last_step(w))
    got = inspect_save(w.write(tmp_path / "never.vlog"), None)
    assert got["stacks"] == [] and got["pieces"][0]["stack"] is None


def test_move_onto_a_stack_only_hidden_by_another_player(tmp_path):
    """Position: stack 9 holds only Guard, hidden by Bob, at (200,200); Alice drags Jack there:
    ``topPiece(Alice)`` is none, so no merge: Jack gets a stack of his own and names no piece
    underneath (kept as it was before)."""
    w = _writer(_add(GUARD, "Guard", 200, 200, "Bob"), _add(JACK, "Jack", 300, 300), "+/9/stack/Pitch;200;200;1")
    w.move(JACK, ("Pitch", 200, 200), report=False)
    assert [m[5] for m in _moves(w)] == ["null"]
    assert sum("/stack/" in c for c in _last_step(w)) == 1
    got = inspect_save(w.write(tmp_path / "hidden.vlog"), None, reveal_hidden=True)
    assert sorted(s["members"] for s in got["stacks"] if s["members"]) == [[GUARD], [JACK]]


def test_palette_add_onto_a_lone_piece_merges(tmp_path):
    """Position: Guard stands alone (no stack) at (200,200); a new Jack is dropped there from
    the palette: ``StackMetrics.merge`` makes Guard a stack (logged first), logs Jack's ``+/``
    and moves him onto Guard (``M/`` naming Guard). The replay gives one stack Guard, Jack
    (before: Jack got a stack of his own beside Guard)."""
    w = _writer(_add(GUARD, "Guard", 200, 200))
    pid = w.add("piece;;;Jack.png;Jack", encode(["null", "0", "0", ""], ";"), ("Pitch", 200, 200), report=False)
    step = _last_step(w)
    assert step[0].endswith(f"/stack/Pitch;200;200;{GUARD};@@1") and step[1].startswith(f"+/{pid}/")
    assert [m[5] for m in _moves(w)] == [GUARD]
    got = inspect_save(w.write(tmp_path / "add.vlog"), None)
    assert [s["members"] for s in got["stacks"] if s["members"]] == [[GUARD, pid]]


def test_palette_add_onto_a_stack_lies_on_its_top_visible_piece(tmp_path):
    """Position: stack 9 = Jack, Guard on top hidden by Bob; a new piece dropped there from the
    palette goes right above Jack (``StackMetrics.merge``: ``+/`` then ``M/`` naming Jack)."""
    w = _writer(_add(GUARD, "Guard", 200, 200, "Bob"), _add(JACK, "Jack", 200, 200), "+/9/stack/Pitch;200;200;2;1")
    pid = w.add("piece;;;Kim.png;Kim", encode(["null", "0", "0", ""], ";"), ("Pitch", 200, 200), report=False)
    assert [m[5] for m in _moves(w)] == [JACK]
    got = inspect_save(w.write(tmp_path / "add2.vlog"), None, reveal_hidden=True)
    assert [s["members"] for s in got["stacks"] if s["members"]] == [[JACK, pid, GUARD]]
