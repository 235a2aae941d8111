"""The replay's shortcuts agree with the full chain decoding: ``state_tail`` (M/ rewrites
only the BasicPiece element of a canonical state chain) and the memoised type split."""
from __future__ import annotations

import random

from vmodgen.vassal.chains import join_chain, split_state_chain, state_tail
from vmodgen.vassal.piece import Piece

_ALPHABET = ["a", "\\", "\t", "'", ";", "b", "\\\t", "\\\\\t"]
_TYPE = join_chain(["mark;Side", "emb2;Activate;2;;;2;;;2;;;;1;false;0;0;,;,;,;;;;;1",
                    "piece;;;unit.png;Unit"])


def _random_text(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(_ALPHABET) for _ in range(n))


def test_state_tail_matches_split_and_join() -> None:
    rng = random.Random(7)
    hits = 0
    for _ in range(20000):
        count = rng.randint(2, 5)
        elements = [_random_text(rng, rng.randint(0, 5)) for _ in range(count - 1)]
        elements.append(rng.choice(["Main;1;2;;", "null;0;0;;x", "a", _random_text(rng, 3)]))
        for text in (join_chain(elements), _random_text(rng, rng.randint(0, 14))):
            i = state_tail(text, count)
            if i is None:
                continue
            hits += 1
            parts = split_state_chain(text, count)
            assert parts[-1] == text[i:]
            assert join_chain(parts) == text
            assert join_chain(parts[:-1] + ["Map;3;4;;"]) == text[:i] + "Map;3;4;;"
    assert hits > 1000


def test_state_tail_refuses_what_it_cannot_rewrite() -> None:
    assert state_tail("x\tMain;1;2", 1) is None          # a single element
    assert state_tail("x", 2) is None                     # a missing separator (padding)
    assert state_tail("x\t", 2) is None                   # an empty innermost element
    assert state_tail("x\t'a'", 2) is None                # a quoted one
    assert state_tail("x\ta\\\\b", 2) is None             # a backslash in it
    assert state_tail("x\tMain;1;2", 2) == 2


def test_lazy_set_position_equals_decoded_piece() -> None:
    for state in (join_chain(["1", "2", "Main;10;20;;"]), join_chain(["'q'", "", "null;0;0"]),
                  join_chain(["a\tb", "c", "Main;1;1"]), "1\t2", ""):
        lazy = Piece(_TYPE, state)
        full = Piece(_TYPE, state)
        full.traits    # decoded: set_position goes through the traits
        for pos in (("Map", 5, -6), (None, 0, 0), ("it's", 1, 2)):
            lazy.set_position(*pos)
            full.set_position(*pos)
            assert lazy.encode_state() == full.encode_state()
            assert lazy.position() == full.position() == pos


def test_moved_basic_equals_decoding_and_encoding() -> None:
    """``moved_basic_state`` (the rewrite of a plain BasicPiece state by ``split`` and ``join``
    that M/ and ``BasicPiece.with_position`` use) gives what decoding, setting three fields and
    encoding give, or None."""
    from vmodgen.vassal.chains import _plain
    from vmodgen.vassal.codec import decode, encode_value
    from vmodgen.vassal.traits import moved_basic_state
    rng = random.Random(11)
    tokens = ["a", ";", "'", "\\", "1", "-", "", "null", " ", "x;y"]
    maps = [None, "Main", "", "a;b", "it's", "'q'", "\\x", "m\tp", "null"]
    fast = 0
    for _ in range(40000):
        basic = "".join(rng.choice(tokens) for _ in range(rng.randint(0, 10)))
        if not _plain(basic):
            continue
        m, x, y = rng.choice(maps), rng.randint(-5, 500), rng.randint(-5, 500)
        got = moved_basic_state(basic, m, x, y)
        if got is not None:
            fast += 1
            s = (decode(basic, ";") if basic else []) or ["null", "0", "0"]
            s += [""] * (3 - len(s))
            s[:3] = ["null" if m is None else m, str(x), str(y)]
            assert got == (encode_value(s, ";") or "")
    assert fast > 3000


def test_moves_found_by_the_kept_tail_equal_a_decoded_piece() -> None:
    """A piece moved again (its tail kept), a new piece with a state a move wrote (found in the
    memo), and a piece given a new state in between all end as a decoded piece does."""
    moves = [("Map", 5, -6), (None, 0, 0), ("it's", 1, 2), ("Main", 7, 8)]
    for state in (join_chain(["1", "2", "Main;10;20;;"]), join_chain(["'q'", "", "null;0;0;gp;x"])):
        lazy, full = Piece(_TYPE, state), Piece(_TYPE, state)
        full.traits
        for pos in moves:
            lazy.set_position(*pos)
            full.set_position(*pos)
            assert lazy.encode_state() == full.encode_state()
            assert lazy.basic_state() == full.basic_state()
        again = Piece(_TYPE, "".join(lazy.encode_state()))    # an equal text, another object
        again.set_position("Map", 3, 4)
        lazy.set_position("Map", 3, 4)
        assert again.encode_state() == lazy.encode_state()
        for new in ("1\t2", join_chain(["x", "y", "Main;1;1;;"]) + "\t", join_chain(["a", "b", "'M;1;1'"])):
            lazy.set_state(new)
            full.set_state(new)
            lazy.set_position("Map", 9, 9)
            full.set_position("Map", 9, 9)
            assert lazy.encode_state() == full.encode_state()


def test_long_state_chains_are_not_kept_for_the_next_move() -> None:
    """A log's command may be up to ``limits.MAX_LINE_BYTES``: a piece with a long state moved
    many times must not leave every state it had in the tail cache for the whole audit; a short
    state is still kept (its next move finds its tail without a scan)."""
    from vmodgen.vassal import piece as piece_module
    from vmodgen.vassal.chains import CACHED_STATE_MAX

    piece_module._TAILS.clear()
    long_state = join_chain(["x" * (CACHED_STATE_MAX + 1), "0", "Main;1;2;;"])
    p = Piece(_TYPE, long_state)
    for x in range(50):
        p.set_position("Main", x, 7)
    assert p.state_chain.endswith("Main;49;7;;")
    assert len(piece_module._TAILS) == 0
    q = Piece(_TYPE, join_chain(["x", "0", "Main;1;2;;"]))
    q.set_position("Main", 3, 4)
    assert len(piece_module._TAILS) == 1
