"""Property tests over VASSAL's text layers: the list codec, the savedGame obfuscations,
the ESC command tree with its typed views, and trait chains. Arbitrary input either
decodes or raises InputError; whatever decodes re-encodes to the same text."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fuzz_util import FUZZ
from vmodgen.errors import InputError, LimitError

codec = pytest.importorskip("vmodgen.vassal.codec")

# text made mostly of the characters that matter to the codecs
SPECIAL = st.sampled_from(list(",;/\t\x1b\\'\" |:=+-0123456789\n") + ["piece;", "LOG\t", "M/", "D/", "+/",
                                                                       "PLAYER\t", "begin_save", "end_save",
                                                                       "mark;", "emb2;", "prototype;", "null"])
TEXT = st.lists(st.one_of(SPECIAL, st.text(max_size=3)), max_size=24).map("".join)
DELIMS = st.sampled_from([",", ";", "/", "\t", "\x1b", "|", ":", "="])


# --- the list codec ---------------------------------------------------------------------------

@FUZZ
@given(TEXT, DELIMS)
def test_decode_never_crashes(text, delim):
    tokens = codec.decode(text, delim)
    assert isinstance(tokens, list) and tokens and all(isinstance(t, str) for t in tokens)
    d = codec.Decoder(text, delim)
    for _ in range(len(tokens) + 2):
        d.next_int(7)          # bad numbers give the default, never an exception
        d.next_bool(True)
        d.next_double(1.5)


@FUZZ
@given(st.lists(TEXT.filter(lambda t: not t.endswith("\\")), min_size=1, max_size=12), DELIMS)
def test_encode_decode_round_trip(tokens, delim):
    text = codec.encode(tokens, delim)
    assert codec.decode(text, delim) == tokens


@FUZZ
@given(st.lists(TEXT, min_size=1, max_size=8), DELIMS)
def test_backslash_endings_merge_like_vassal(tokens, delim):
    """A token ending in a backslash swallows the delimiter after it (VASSAL does the same):
    decoding still never fails and never yields more tokens than were encoded."""
    got = codec.decode(codec.encode(tokens, delim), delim)
    assert 1 <= len(got) <= len(tokens)


# --- obfuscation ----------------------------------------------------------------------------

obf = pytest.importorskip("vmodgen.vassal.obfuscation")


@FUZZ
@given(st.text(max_size=300), st.integers(0, 255))
def test_obfuscation_round_trip(text, key):
    data = obf.obfuscate(text, key)
    assert data.startswith(b"!VCSK") and data.isascii()
    assert obf.deobfuscate(data) == (text, obf.VCSK, key)


@FUZZ
@given(st.one_of(st.binary(max_size=300),
                 st.tuples(st.sampled_from([b"!VCSK", b"VOBS", b"!VCS", b"!VCSKa", b"!VCSK00"]),
                           st.binary(max_size=200)).map(b"".join),
                 st.tuples(st.just(b"!VCSK"), st.text("0123456789abcdefABCDEFg ", max_size=200)
                           .map(str.encode)).map(b"".join)))
def test_deobfuscate_arbitrary_bytes(data):
    try:
        text, kind, key = obf.deobfuscate(data, "x.vsav")
    except InputError as exc:
        assert exc.path == "x.vsav" and "\n" not in str(exc)
    else:
        assert isinstance(text, str) and kind in (obf.VCSK, obf.VOBS, obf.PLAIN)


# --- the command tree -----------------------------------------------------------------------

commands = pytest.importorskip("vmodgen.vassal.commands")
typed = pytest.importorskip("vmodgen.vassal.typed")
ESC = "\x1b"


@st.composite
def command_trees(draw, depth=0):
    own = draw(TEXT)
    if depth >= 4 or not draw(st.booleans()):
        return own
    subs = draw(st.lists(command_trees(depth + 1), max_size=4))
    return codec.encode([own] + subs, ESC)


@FUZZ
@given(st.one_of(TEXT, command_trees()))
def test_command_tree_round_trip(text):
    try:
        tree = commands.parse_tree(text, "x.vlog")
    except InputError:
        return
    assert commands.encode_tree(tree) == text
    for node in tree.walk():
        view = node.typed()
        if not isinstance(view, typed.Unknown):
            assert view.encode() == node.text
        typed.safe_text(node.text)
        repr(node)


@FUZZ
@given(st.integers(1, 200))
def test_command_depth_limit(depth):
    text = "leaf"
    for i in range(depth):
        text = codec.encode([f"n{i}", text], ESC)
    if depth > commands.limits.MAX_COMMAND_DEPTH:
        with pytest.raises(LimitError):
            commands.parse_tree(text, "deep.vlog")
    else:
        assert commands.encode_tree(commands.parse_tree(text)) == text


@FUZZ
@given(st.integers(0, 60), TEXT)
def test_nested_log_commands(depth, inner):
    """``LOG\\tLOG\\t...``: typed views of nested LOG wrappers re-encode exactly."""
    text = "LOG\t" * depth + inner
    view = typed.parse_command(text)
    assert view.encode() == text
    typed.safe_text(text)


def test_deeply_nested_log_commands():
    """5000 LOG wrappers: no recursion per wrapper (once a RecursionError)."""
    text = "LOG\t" * 5000 + "CHAThello"
    view = typed.parse_command(text)
    assert view.encode() == text
    typed.safe_text(text)


@FUZZ
@given(st.lists(st.sampled_from(["M/", "D/", "+/", "-/", "PLAYER\t", "PYREMOVE\t", "LOG\t", "/", "\t",
                                 "\\", "null", "1", "-1", "x", "'", "99999999999999999999"]), max_size=30)
       .map("".join))
def test_typed_commands_and_passwords(text):
    view = typed.parse_command(text)
    assert isinstance(view.encode(), str)
    blanked = typed.blank_passwords(text)
    assert isinstance(blanked, str)


# --- trait chains ---------------------------------------------------------------------------

traits = pytest.importorskip("vmodgen.vassal.traits")
piece_mod = pytest.importorskip("vmodgen.vassal.piece")
TRAIT_IDS = sorted(traits.KNOWN_IDS)
TRAIT_ATTRS = ("id", "fields", "image", "name", "map", "x", "y", "gpid", "image_names", "level_names",
               "level", "label")
ELEMENT = st.tuples(st.sampled_from(TRAIT_IDS + ["unknownTrait;", ""]), TEXT).map("".join)


@FUZZ
@given(st.one_of(TEXT, st.lists(ELEMENT, min_size=1, max_size=8).map(traits.join_chain)),
       st.one_of(TEXT, st.lists(TEXT, max_size=8).map(traits.join_chain)))
def test_trait_chains_decode_or_refuse(type_chain, state_chain):
    warnings: list[str] = []
    try:
        piece = piece_mod.Piece(type_chain, state_chain, warnings=warnings)
        piece.traits
    except InputError:
        return
    for t in piece.traits:
        t.properties()
        t.images()
        t.display_name("inner")
        t.to_json()
        for attr in TRAIT_ATTRS:
            getattr(t, attr, None)      # properties: any exception but AttributeError escapes
    piece.properties()
    assert isinstance(piece.name, str)
    piece.images()
    piece.position()
    piece.basic_name
    assert piece.encode_type() == type_chain
    assert piece.encode_state() == state_chain
    copy = piece.copy()
    assert copy.encode_type() == type_chain


@FUZZ
@given(TEXT)
def test_fast_chain_split_agrees_with_slow(text):
    fast = traits._fast_split(text, None)
    if fast is not None:
        try:
            slow = traits._slow_split_chain(text)
        except InputError:
            return
        assert fast == slow
    for count in (2, 3, 5):
        fast = traits._fast_split(text, count)
        if fast is not None:
            assert fast == traits._slow_split_state(text, count)


@FUZZ
@given(st.lists(ELEMENT.filter(lambda e: not e.endswith("\\") and not e.startswith(("piece;", "deck;"))
                               and e != "stack"), max_size=6),
       st.sampled_from(["piece;;;img.png;Name", "piece;;;;", "stack", "deck;x"]))
def test_trait_chain_round_trip(elements, basic):
    chain = elements + [basic]
    assert traits.split_chain(traits.join_chain(chain)) == chain


@FUZZ
@given(st.dictionaries(st.text("abc", min_size=1, max_size=3),
                       st.lists(st.sampled_from(["prototype;a", "prototype;b", "prototype;c", "mark;x", "piece;;;;"]),
                                max_size=4).map(traits.join_chain), max_size=3),
       st.lists(st.sampled_from(["prototype;a", "prototype;b", "prototype;abc", "mark;y"]), max_size=4))
def test_prototype_expansion_terminates(protos, chain):
    """Cyclic or missing prototypes: expansion ends (depth limit) and warns, never crashes."""
    warnings: list[str] = []
    try:
        t, s = piece_mod.expand_prototypes(traits.join_chain(chain + ["piece;;;;"]), "", protos, warnings)
    except InputError:
        return
    assert isinstance(t, str) and isinstance(s, str)


def test_huge_number_token_gives_the_default():
    d = codec.Decoder("9" * 5000 + ",1", ",")
    assert d.next_int(7) == 7
    assert d.next_int(7) == 1


def test_huge_coordinate_in_a_piece_state():
    piece = piece_mod.Piece("piece;;;a.png;A", "Main;" + "9" * 5000 + ";10;;0")
    assert piece.position() == ("Main", 0, 10)
