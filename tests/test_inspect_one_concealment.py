"""inspect names a piece hidden by where it is from the one account of it,
:func:`vmodgen.vassal.concealment.place_concealed` (no copy of its own): a face-down deck (its
card shows its outermost Mask's name) and a hand only its side opens (hidden), on the tiny
Flashpoint module of test_foreign_fscs."""
from __future__ import annotations

from test_foreign_fscs import _game
from vmodgen.vassal import concealment, inspecting
from vmodgen.vassal.inspecting import inspect_save
from vmodgen.vassal.module import read_module


def test_inspect_takes_the_concealment_by_place_from_the_one_source(tmp_path, monkeypatch):
    mod, log = _game(tmp_path)
    asked = []

    def spy(state, rec, private, full):
        got = concealment.place_concealed(state, rec, private, full)
        asked.append(got)
        return (got[0], f"told: {got[1]}") if got is not None else None
    monkeypatch.setattr(inspecting, "place_concealed", spy)
    d = inspect_save(log, read_module(mod))
    names = sorted(p["name"] for p in d["pieces"] if "hidden_by_place" in p)
    assert names == ["told: (hidden)", "told: * Unknown Event Card *"]
    assert ("mask", "* Unknown Event Card *") in asked and ("invisible", "(hidden)") in asked
