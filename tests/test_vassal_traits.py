"""Trait chains (FORMATS.md §3.2–§3.8): decode, properties, names, images, prototypes."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from vmodgen.vassal.codec import decode
from vmodgen.vassal.savefile import read_save
from vmodgen.vassal.traits import (BasicPiece, Layer, UnknownTrait, UsePrototype, _fast_split,
                                   _slow_split_chain, _slow_split_state, join_chain, split_chain, split_state_chain)
from vmodgen.vassal.piece import Piece, decode_piece, expand_prototypes
from vmodgen.vassal.typed import AddPiece, Log

SHARED = Path(__file__).resolve().parents[1].parent / "shared"

# §3.8, verified canonical by VASSAL (→ = TAB)
EMB = ("emb2;;130;;Flip;130;;;130;;;;1;false;0;0;al_inf.png,al_inf_b.png;,+ (reduced);true;Step;;;"
       "false;;1;1;true;;70,130;;Flip;1.0;;true")
SLOT = ("+/null/prototype;Unit\t" + EMB + "\\\tmark;side,type,attack\\\\\tpiece;;;al_inf.png;1st Infantry"
        "/\t1\\\tAllied,infantry,4\\\\\tnull;0;0;2;0")
PROTO = ("+/null/label;76,130;Change Label;10;;0,0,0;t;0;c;0;b;c;$pieceName$ ($label$);Dialog;0;0;"
         "TextLabel;;false\tdelete;Delete;68,130;\\\tpiece;;;;/\t\\\tnull;0;0;;0")


def _slot_piece() -> Piece:
    _, _, type_chain, state_chain = decode(SLOT, "/")
    return decode_piece(type_chain, state_chain)


def test_worked_example() -> None:
    p = _slot_piece()
    assert [t.id for t in p.traits] == ["prototype;", "emb2;", "mark;", "piece;"]
    assert [t.state for t in p.traits] == ["", "1", "Allied,infantry,4", "null;0;0;2;0"]
    assert isinstance(p.traits[0], UsePrototype) and p.traits[0].name == "Unit"
    assert p.encode_type() == decode(SLOT, "/")[2]
    assert p.encode_state() == decode(SLOT, "/")[3]
    props = p.properties()
    assert props["side"] == "Allied" and props["attack"] == "4" and props["BasicName"] == "1st Infantry"
    assert props["Step_Level"] == "1" and props["Step_Active"] == "true"
    assert props["Step_Image"] == "al_inf.png" and props["Step_Name"] == ""
    assert p.name == "1st Infantry"
    assert p.images() == ["al_inf.png", "al_inf_b.png"]
    assert p.basic.gpid == "2" and p.position() == (None, 0, 0)


def test_flip_changes_name_and_level() -> None:
    p = _slot_piece()
    layer = p.find(Layer)[0]
    layer.state = "2"
    assert p.name == "1st Infantry (reduced)"
    assert p.properties()["Step_Name"] == " (reduced)" and p.properties()["Step_Image"] == "al_inf_b.png"
    assert p.encode_state() == "\t2\\\tAllied,infantry,4\\\\\tnull;0;0;2;0"
    layer.state = "-2"
    assert p.properties()["Step_Active"] == "false" and p.name == "1st Infantry"


def test_level_name_prefix_and_replace() -> None:
    base = EMB.replace(";,+ (reduced);", ";Veteran +,Elite;")
    for level, name in (("1", "Veteran X"), ("2", "Elite")):
        p = Piece.from_traits([Layer(base, level), BasicPiece("piece;;;x.png;X", "null;0;0;;0")])
        assert p.name == name


def test_labeler_and_marker_and_prop() -> None:
    p = decode_piece("label;76,130;Change Label;10;;0,0,0;t;0;c;0;b;c;$pieceName$ ($label$);Dialog;0;0;"
                     "TextLabel;;false\tPROP;Strength;;;\\\tmark;a,b\\\\\tpiece;;;i.png;Unit",
                     "Veteran\t7\\\t1,2\\\\\tMain Map;10;20;3;2;UniqueID;99;OldX;5")
    props = p.properties()
    assert props["TextLabel"] == "Veteran" and props["Strength"] == "7"
    assert props["a"] == "1" and props["b"] == "2" and props["UniqueID"] == "99" and props["OldX"] == "5"
    assert p.name == "Unit (Veteran)"
    assert p.position() == ("Main Map", 10, 20)


def test_prototype_expansion() -> None:
    p = _slot_piece()
    t, s = expand_prototypes(p.encode_type(), p.encode_state(), {"Unit": PROTO})
    e = decode_piece(t, s)
    assert [x.id for x in e.traits] == ["label;", "delete;", "emb2;", "mark;", "piece;"]
    assert e.properties()["TextLabel"] == "" and e.name == "1st Infantry"
    warnings: list[str] = []
    t2, _ = expand_prototypes(p.encode_type(), p.encode_state(), {}, warnings)
    assert t2 == p.encode_type() and warnings == ["prototype 'Unit' not found"]
    # a prototype using itself stops
    loop = "+/null/prototype;Loop\tpiece;;;;/\tnull;0;0;;0"
    warnings = []
    expand_prototypes("prototype;Loop\tpiece;;;;", "\tnull;0;0;;0", {"Loop": loop}, warnings, max_depth=4)
    assert any("uses itself" in w for w in warnings)


def test_unknown_traits_kept_and_warned_once() -> None:
    warnings: list[str] = []
    t = "turr;a;b\tturr;c\\\tpiece;;;x;Y"
    p = decode_piece(t, "\t\\\tnull;0;0", warnings)
    assert isinstance(p.traits[0], UnknownTrait)
    assert warnings == ["unknown trait 'turr;' kept verbatim"]
    assert p.encode_type() == t and p.name == "Y"


def test_vassal2_basic_state_with_few_fields() -> None:
    p = decode_piece("piece;A;B;img.gif;Tank", "Main Map;62;56")
    assert p.position() == ("Main Map", 62, 56)
    assert p.basic.gpid == "" and p.properties()["BasicName"] == "Tank"
    assert decode_piece("piece;;;x;Y", "").position() == (None, 0, 0)


def test_secret_states_hidden() -> None:
    p = decode_piece("obs;70,130;back.png;Flip;I;?;side:;Peek;;false;;\tpiece;;;x;Y", "hunter2\tnull;0;0")
    assert "hunter2" not in repr(p.traits[0]) and "hunter2" not in str(p.to_json())


def _corpus_pieces(limit_files: int | None = None):
    folder = SHARED / "corpus"
    if not folder.is_dir():
        pytest.skip(f"corpus absent ({folder})")
    for path in sorted(folder.iterdir()):
        if path.suffix not in (".vsav", ".vlog", ".log", ".sav"):
            continue
        for node in read_save(path).tree.walk():
            cmd = node.typed()
            if isinstance(cmd, Log):
                cmd = cmd.inner
            if isinstance(cmd, AddPiece) and not cmd.is_stack:
                yield path.name, cmd


def test_every_corpus_piece_round_trips() -> None:
    count = 0
    for name, cmd in _corpus_pieces():
        types = split_chain(cmd.type)
        states = split_state_chain(cmd.state, len(types))
        assert join_chain(types) == cmd.type, name
        assert join_chain(states) == cmd.state, name
        if len(cmd.type) < 3000:     # the level-by-level decoder is quadratic
            assert types == _slow_split_chain(cmd.type)
        count += 1
    assert count > 5000


_el = st.text(alphabet="ab\t'\\;/", max_size=6)


@settings(max_examples=200, deadline=None)
@given(st.lists(_el, min_size=1, max_size=6), st.booleans(), st.integers(2, 8))
def test_fast_split_agrees_with_vassal_level_by_level(els, basic, count) -> None:
    if basic:
        els = els[:-1] + ["piece;" + els[-1]]
    text = join_chain(els)
    fast = _fast_split(text, None)
    if fast is not None:
        assert fast == _slow_split_chain(text)
    fast = _fast_split(text, count)
    if fast is not None:
        assert fast == _slow_split_state(text, count)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.text(alphabet="ab;,'/", max_size=5).filter(lambda t: not t.startswith(("'", "\\"))),
                min_size=1, max_size=5))
def test_chain_round_trip(els) -> None:
    els = [e or "x" for e in els[:-1]] + ["piece;" + els[-1]]
    text = join_chain(els)
    assert split_chain(text) == els


def test_prototypes_that_use_each_other_many_times_cannot_blow_up():
    """Hostile module: each prototype uses the next one twice, 40 levels deep (2**40 traits if
    expanded naively). Expansion stops at the trait budget and says so."""
    from vmodgen.vassal.piece import MAX_EXPANDED_TRAITS
    protos = {f"P{i}": f"+/null/prototype;P{i + 1}\tprototype;P{i + 1}\\\tpiece;;;;/\t\\\tnull;0;0;;0" for i in range(40)}
    protos["P40"] = "+/null/mark;a\tpiece;;;;/1\tnull;0;0;;0"
    warnings = []
    types, _ = expand_prototypes("prototype;P0\tpiece;;;;", "\tnull;0;0;;0", protos, warnings, max_depth=64)
    assert types.count("mark;a") <= MAX_EXPANDED_TRAITS
    assert any("stopped" in w for w in warnings)


def test_prototype_expansion_reads_each_definition_by_its_text() -> None:
    """Prototype definitions are remembered by their text, not their name: two modules whose
    prototype ``Unit`` differs expand the same piece each with its own (FORMATS.md §3.7)."""
    p = _slot_piece()
    other = "+/null/mark;Side\tpiece;;;;/Axis\tnull;0;0;;0"
    first = expand_prototypes(p.encode_type(), p.encode_state(), {"Unit": PROTO})
    second = expand_prototypes(p.encode_type(), p.encode_state(), {"Unit": other})
    assert first != second
    assert [x.id for x in decode_piece(*second).traits] == ["mark;", "emb2;", "mark;", "piece;"]
    assert decode_piece(*second).properties()["Side"] == "Axis"
    assert expand_prototypes(p.encode_type(), p.encode_state(), {"Unit": PROTO}) == first


def test_prototype_expansion_counts_a_budget_only_where_there_is_one() -> None:
    """A module's prototypes (an object with ``expanded`` and ``source``) count every trait
    expanded from them (the total budget); a plain dict has no budget and is left as it is."""
    class Counted(dict):
        expanded = 0
        source = "m.vmod"
    p = _slot_piece()
    protos = Counted({"Unit": PROTO})
    t, _ = expand_prototypes(p.encode_type(), p.encode_state(), protos)
    assert protos.expanded == len(decode_piece(t).traits) == 5
    plain = {"Unit": PROTO}
    expand_prototypes(p.encode_type(), p.encode_state(), plain)
    assert plain == {"Unit": PROTO}
