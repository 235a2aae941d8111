"""!VCSK / VOBS / plain savedGame payloads (FORMATS.md §4.2, golden O and B rows)."""
from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from vmodgen.errors import InputError
from vmodgen.vassal.obfuscation import PLAIN, VCSK, VOBS, deobfuscate, obfuscate

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
GOLDEN = SHARED / "golden" / "codec_golden.txt.gz"


def _golden(kind: str) -> list[list[str]]:
    if not GOLDEN.exists():
        pytest.skip(f"golden codec table absent ({GOLDEN})")
    with gzip.open(GOLDEN, "rt", encoding="ascii") as fh:
        return [line.rstrip("\n").split("|") for line in fh if line.startswith(kind + "|")]


def test_golden_obfuscation_rows() -> None:
    o_rows, b_rows = _golden("O"), _golden("B")
    assert o_rows and b_rows
    for _, msg, obf in o_rows:
        text = bytes.fromhex(msg[1:]).decode("utf-8")
        assert obfuscate(text, 0xA7).decode("ascii") == obf
        assert deobfuscate(obf.encode("ascii")) == (text, VCSK, 0xA7)
    obf = o_rows[0][2]
    for _, msg in b_rows:
        assert deobfuscate(obf.encode("ascii"))[0] == bytes.fromhex(msg[1:]).decode("utf-8")


def test_known_answers() -> None:
    assert obfuscate("begin_save", 0xA7) == b"!VCSKa7c5c2c0cec9f8d4c6d1c2"
    assert obfuscate("é", 0) == b"!VCSK00c3a9"
    assert deobfuscate(b"!VCSKA7C5C2C0CEC9F8D4C6D1C2")[0] == "begin_save"   # upper case accepted


@pytest.mark.parametrize("key", range(256))
def test_every_key_round_trips(key: int) -> None:
    text = "begin_save\x1bCHAT<é> – ünïcode ✓ 漢字"
    assert deobfuscate(obfuscate(text, key)) == (text, VCSK, key)


def test_random_key_and_never_vobs() -> None:
    data = obfuscate("x" * 10)
    assert data.startswith(b"!VCSK") and not data.startswith(b"VOBS")


def test_vobs_and_plain() -> None:
    key = 0x5A
    text = "begin_save\x1bé"
    payload = b"VOBS" + bytes([key]) + bytes(b ^ key for b in text.encode("utf-8"))
    assert deobfuscate(payload) == (text, VOBS, key)
    assert deobfuscate("begin_save\x1bend_save".encode()) == ("begin_save\x1bend_save", PLAIN, None)


@pytest.mark.parametrize("data,fragment", [
    (b"!VCSKa7c5c", "odd number of hex digits"),
    (b"!VCSKa7c5 c2", "non-hex"),
    (b"!VCSKa7c5\nc2", "non-hex"),
    (b"!VCSKzz", "non-hex"),
    (b"!VCSK1", "ends inside"),
    (b"!VCSZ0000", "unknown savedGame obfuscation header"),
    (b"VOBS", "ends inside"),
])
def test_malformed_payloads(data: bytes, fragment: str) -> None:
    with pytest.raises(InputError) as err:
        deobfuscate(data, "game.vsav")
    assert fragment in str(err.value) and "game.vsav" in str(err.value)


def test_bytes_not_utf8_read_as_vassal_reads_them() -> None:
    """VASSAL decodes the payload with Java's UTF-8 decoder (a replacement character for each
    malformed sequence) and plays the file: so does deobfuscate (left10; before: refused)."""
    assert deobfuscate(b"!VCSK00ff", "game.vsav") == ("\ufffd", VCSK, 0)
