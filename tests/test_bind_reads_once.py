"""The starter (``vmodgen bind``) reads each ``--log`` file once (the map's extent and the
chat's phases come from the same read) and each palette slot once (the flip layer's image
count is the one the slot index read): on the corpus modules (TLD with its log 1; Almoravid,
whose flip layer the starter weighs)."""
from __future__ import annotations

import pytest

from conftest import shared_path
from vmodgen.binding import pieces, starter
from vmodgen.binding.pieces import SlotIndex
from vmodgen.vassal import piece, savefile
from vmodgen.vassal.module import read_module


def test_each_log_is_read_once(monkeypatch):
    corpus = shared_path("corpus")
    mod = read_module(corpus / "tld_buildFile-only_stripped.vmod")
    logs = [str(corpus / f"tld_game_0606-{i}.log") for i in (1, 2)]
    read: list[str] = []
    orig = savefile.read_save

    def counted(path, *a, **k):
        read.append(str(path))
        return orig(path, *a, **k)
    monkeypatch.setattr(savefile, "read_save", counted)
    st = starter.generic_starter(mod, logs)
    assert sorted(read) == sorted(logs)
    assert "[turns]" in st.text and "extent" in st.text.lower()


def _count_expansions(monkeypatch) -> list[str]:
    """The type chains whose prototypes are expanded (wherever they are)."""
    seen: list[str] = []
    orig = piece.expand_prototypes

    def counted(type_chain, *a, **k):
        seen.append(type_chain)
        return orig(type_chain, *a, **k)
    monkeypatch.setattr(piece, "expand_prototypes", counted)
    monkeypatch.setattr(pieces, "expand_prototypes", counted)
    return seen


def test_each_slot_is_read_once(monkeypatch):
    """Almoravid's pieces have a flip layer: the starter counts its images per slot (a layer of
    one image is no back side), from what the slot index read, not by expanding every slot's
    prototypes again."""
    mod = read_module(shared_path("corpus") / "almoravid_buildFile-only_stripped.vmod")
    seen = _count_expansions(monkeypatch)
    slots = SlotIndex(mod).slots
    by_index = len(seen)
    assert by_index > 0 and any(s.facts.layers for s in slots)
    seen.clear()
    st = starter.generic_starter(mod)
    assert len(seen) == by_index
    # most of its pieces' flip layer has one image: no back side guessed from it
    assert "reduced = " not in st.text


@pytest.mark.parametrize("name", ["almoravid_buildFile-only_stripped.vmod", "kassala_Kassala.vmod"])
def test_layer_images_are_the_outermost_layers_images(name):
    """Facts.layers: each Layer name → the non-empty images of the outermost Layer of that name,
    as the slot's own piece (prototypes expanded) shows them."""
    mod = read_module(shared_path("corpus") / name)
    for s in SlotIndex(mod).slots[:200]:
        from vmodgen.vassal.codec import decode
        from vmodgen.vassal.traits import Layer
        tokens = decode(s.slot.definition, "/")
        t, st = tokens[2], tokens[3] if len(tokens) > 3 else ""
        if "prototype;" in t:
            t, st = piece.expand_prototypes(t, st, mod.prototypes, [])
        want: dict[str, int] = {}
        for tr in piece.Piece(t, st).traits:
            if isinstance(tr, Layer) and tr.name not in want:
                want[tr.name] = len([i for i in tr.image_names if i])
        assert s.facts.layers == want
