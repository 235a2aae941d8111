"""Hypothesis helpers for the fuzz tests: byte-level mutations of a seed file."""
from __future__ import annotations

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

#: modest example counts keep the whole suite fast; the long campaign is fuzz/campaign.py
FUZZ = settings(max_examples=100, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

INTERESTING = [b"\x00", b"\xff", b"\n", b"\r\n", b"\t", b"\\", b"'", b'"', b",", b";", b"/", b"\x1b",
               b"[", b"]", b"[[", b"=", b"#", b"<", b">", b"&", b"<!ENTITY x 'y'>", b"-1", b"999999999999",
               b"9" * 5000, b"\xe2\x82\xac", b"\xc3", b"\xed\xa0\x80", b"A" * 70000]


@st.composite
def mutated(draw, seed: bytes, max_ops: int = 4) -> bytes:
    """``seed`` after 1..max_ops random edits: byte flips, inserts, deletes, duplicated
    chunks, truncation, interesting tokens."""
    data = bytearray(seed)
    for _ in range(draw(st.integers(1, max_ops))):
        op = draw(st.sampled_from(["flip", "set", "insert", "delete", "dup", "truncate", "token"]))
        n = len(data)
        pos = draw(st.integers(0, n)) if n else 0
        if op == "flip" and n:
            i = min(pos, n - 1)
            data[i] ^= 1 << draw(st.integers(0, 7))
        elif op == "set" and n:
            data[min(pos, n - 1)] = draw(st.integers(0, 255))
        elif op == "insert":
            data[pos:pos] = draw(st.binary(min_size=1, max_size=16))
        elif op == "delete" and n:
            del data[pos:pos + draw(st.integers(1, 64))]
        elif op == "dup" and n:
            size = draw(st.integers(1, 256))
            data[pos:pos] = data[pos:pos + size] * draw(st.integers(1, 8))
        elif op == "truncate":
            del data[pos:]
        else:
            data[pos:pos] = draw(st.sampled_from(INTERESTING))
    return bytes(data)
