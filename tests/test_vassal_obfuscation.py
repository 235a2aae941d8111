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


#: malformed UTF-8 and what Java 17's decoder made of it (``InputStreamReader`` and
#: ``new String(bytes, "UTF-8")`` alike, run on this machine's OpenJDK 17.0.15): where Python's
#: "replace" ends a malformed sequence earlier (the first four), and where both agree
JAVA_DECODED = [
    ("eda080", "\ufffd"),                    # an encoded surrogate: one sequence of 3 (Python: 3 of 1)
    ("eda041", "\ufffdA"),                   # its first 2 bytes, then "A" (Python: 2, then "A")
    ("eda0", "\ufffd"),                      # cut at the end of the input: the rest (Python: 2)
    ("edbfbf41", "\ufffdA"),
    ("e08080", "\ufffd" * 3),                # an overlong form: byte by byte, as Python
    ("f0808080", "\ufffd" * 4), ("f4908080", "\ufffd" * 4),      # overlong, past U+10FFFF
    ("f0908041", "\ufffdA"), ("e180", "\ufffd"), ("f09080", "\ufffd"), ("c0af", "\ufffd" * 2), ("e1", "\ufffd"),
]


@pytest.mark.parametrize("raw, java", JAVA_DECODED)
def test_malformed_sequences_are_as_long_as_java_takes_them(raw: str, java: str) -> None:
    """Each malformed sequence is one replacement character, as long as Java's decoder takes it
    (before: Python's "replace", three for ``ED A0 80`` where VASSAL reads one). Payloads as
    VASSAL 3.x writes them (``!VCSK``, key 0) and plain (VASSAL 2), with text around them."""
    body = bytes.fromhex(raw)
    for data in (b"!VCSK00" + (b"x" + body + b"y").hex().encode(), b"x" + body + b"y"):
        assert deobfuscate(data, "game.vsav")[0] == "x" + java + "y"
    assert deobfuscate(body, "game.vsav")[0] == java        # at the end of the input
