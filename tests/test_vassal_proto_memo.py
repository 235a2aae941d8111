"""The process-wide memo of prototype definitions (``piece._PROTO_CHAINS``) is capped by size
like the other memos: a definition longer than ``_PROTO_MEMO_CHARS`` is expanded but not kept
(before, any definition was kept, up to 1,024 of them whatever their length)."""
from __future__ import annotations

from vmodgen.vassal import piece
from vmodgen.vassal.piece import Piece, expand_prototypes
from vmodgen.vassal.piece_defs import Trait, definition, empty_basic_piece


def _definition(marks: int) -> str:
    """A prototype of ``marks`` Markers (``mark;P<k>`` = ``v``) over a BasicPiece."""
    return definition([*(Trait(f"mark;P{k}", "v") for k in range(marks)), empty_basic_piece()])


def test_long_definitions_are_expanded_but_not_kept(monkeypatch):
    """Position: prototype Short (3 Markers) and Long (enough Markers to pass the cap), each
    used by a piece; both expand, only Short's text is remembered."""
    monkeypatch.setattr(piece, "_PROTO_CHAINS", {})
    short, long_ = _definition(3), _definition(300)
    assert len(short) <= piece._PROTO_MEMO_CHARS < len(long_)
    for name, text, marks in (("Short", short, 3), ("Long", long_, 300)):
        t, s = expand_prototypes(f"prototype;{name}\tpiece;;;a.png;A", "\tnull;0;0;1", {name: text})
        got = Piece(t, s)
        assert [tr.type for tr in got.traits[:-1]] == [f"mark;P{k}" for k in range(marks)]
        assert got.properties().get(f"P{marks - 1}") == "v"
    assert list(piece._PROTO_CHAINS) == [short]
