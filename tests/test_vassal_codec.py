"""SequenceEncoder against VASSAL's own output (golden/codec_golden.txt.gz, E and D rows)."""
from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from vmodgen.vassal.codec import Decoder, Encoder, decode, decode_checked, encode, encode_value, java_double

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
GOLDEN = SHARED / "golden" / "codec_golden.txt.gz"


def _s(x: str) -> str:
    assert x[0] == "S", x
    return bytes.fromhex(x[1:]).decode("utf-8")


def _list(x: str) -> list[str] | None:
    if x == "N":
        return None
    if x == "":
        return []
    return [_s(t) for t in x.split(",")]


def _rows() -> list[list[str]]:
    if not GOLDEN.exists():
        pytest.skip(f"golden codec table absent ({GOLDEN})")
    with gzip.open(GOLDEN, "rt", encoding="ascii") as fh:
        return [line.rstrip("\n").split("|") for line in fh if line[:2] in ("E|", "D|")]


def test_every_golden_row() -> None:
    """Exhaustive: all 100 000 E/D rows written by VASSAL's SequenceEncoder."""
    rows = _rows()
    assert len(rows) == 100_000
    mismatches = []
    for f in rows:
        delim = _s(f[1])
        if f[0] == "E":
            tokens = _list(f[2])
            expected = None if f[3] == "N" else _s(f[3])
            got = encode_value(tokens, delim)
            back = _list(f[4]) or []
            if got != expected or decode(got, delim) != back:
                mismatches.append(f)
        else:
            raw = None if f[2] == "N" else _s(f[2])
            if decode(raw, delim) != (_list(f[3]) or []):
                mismatches.append(f)
    assert mismatches == []


@pytest.mark.parametrize("tokens,delim,text", [
    (["a", "b"], ",", "a,b"),
    (["a,b", "c"], ",", "a\\,b,c"),
    (["\\x"], ",", "'\\x'"),
    (["'q'"], ",", "''q''"),
    (["'"], ",", "'''"),
    (["", ""], ";", ";"),
    ([None, "x"], ";", ";x"),
    (["a/b"], "/", "a\\/b"),
])
def test_known_encodings(tokens, delim, text) -> None:
    assert encode(tokens, delim) == text
    assert decode(text, delim) == [t or "" for t in tokens]


def test_empty_and_null() -> None:
    assert encode_value([], ",") is None
    assert encode([], ",") == ""
    assert decode(None, ",") == []
    assert decode("", ",") == [""]
    assert decode("a,", ",") == ["a", ""]


def test_trailing_backslash_merges_like_vassal() -> None:
    assert decode(encode(["a\\", "b"], ","), ",") == ["a,b"]


_tok = st.text(alphabet=st.sampled_from(list("ab,;/\t\x1b'\\ é")), max_size=8).filter(
    lambda t: not t.endswith("\\"))


@given(st.lists(_tok, min_size=1, max_size=6), st.sampled_from([",", ";", "/", "\t", "\x1b"]))
def test_round_trip(tokens: list[str], delim: str) -> None:
    assert decode(encode(tokens, delim), delim) == tokens


def test_typed_helpers() -> None:
    d = Decoder("12;x;1.5;true;abc;a,b\\,c;-7", ";")
    assert d.next_int(3) == 12
    assert d.next_int(3) == 3          # bad number -> default, token consumed
    assert d.next_double() == 1.5
    assert d.next_bool() is True
    assert d.next_char() == "a"
    assert d.next_list(",") == ["a", "b,c"]
    assert d.next_long() == -7
    assert not d.has_more()
    assert d.next_str("dflt") == "dflt"
    assert d.next_int(9) == 9


def test_color_and_keystroke() -> None:
    d = Decoder("255,0,0;;1,2;70,130;57348,0,Flip;", ";")
    assert d.next_color() == (255, 0, 0) and d.next_color() is None and d.next_color() is None
    assert d.next_keystroke() == (70, 130, "") and d.next_keystroke() == (57348, 0, "Flip")
    assert d.next_keystroke() is None


def test_encoder_typed() -> None:
    e = Encoder(";").append("a").append_int(4).append_bool(False).append_double(1.0).append(None)
    assert e.value() == "a;4;false;1.0;"
    assert Encoder(";").value() is None


@pytest.mark.parametrize("value,text", [(1.0, "1.0"), (0.5, "0.5"), (1e7, "1.0E7"),
                                        (1.5e-4, "1.5E-4"), (-2.0, "-2.0"), (123.25, "123.25")])
def test_java_double(value: float, text: str) -> None:
    assert java_double(value) == text


def _reference_decode(text: str, delim: str) -> list[str]:
    """VASSAL's Decoder, character by character (slow, obviously right)."""
    tokens, cur, i = [], [], 0
    while i < len(text):
        ch = text[i]
        if ch == delim:
            if i > 0 and text[i - 1] == "\\":
                cur[-1] = delim
            else:
                tokens.append("".join(cur))
                cur = []
        else:
            cur.append(ch)
        i += 1
    tokens.append("".join(cur))
    return [t[1:-1] if len(t) > 1 and t[0] == "'" and t[-1] == "'" else t for t in tokens]


@given(st.text(alphabet=st.sampled_from(list("ab/'\\")), max_size=16))
def test_both_split_strategies_match_vassal(text: str) -> None:
    from vmodgen.vassal.codec import _decode_dense, _decode_sparse
    expected = _reference_decode(text, "/")
    assert _decode_dense(text, "/")[0] == expected
    assert _decode_sparse(text, "/")[0] == expected
    tokens, canonical = decode_checked(text, "/")
    assert tokens == expected
    if canonical:
        assert encode(tokens, "/") == text
