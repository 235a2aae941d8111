"""Bytes that are not UTF-8 decoded as Java's UTF-8 decoder decodes them (``sun.nio.cs.UTF_8``,
with the REPLACE action that ``InputStreamReader`` and ``new String(bytes, "UTF-8")`` use):
one replacement character (U+FFFD) for each malformed sequence, the sequence as long as Java
takes it. Python's ``"replace"`` handler ends a malformed sequence at the Unicode "maximal
subpart", which Java follows except where it reads the whole 3-byte form first: an encoded
surrogate (``ED A0 80``) is one malformed sequence of 3 bytes in Java, 3 of 1 byte in Python,
and ``ED A0 41`` one of 2 bytes then "A" (Python: 2 of 1 byte). Checked byte for byte against
Java 17 (``tests/test_vassal_obfuscation.py``)."""
from __future__ import annotations

import codecs

__all__ = ["JAVA_REPLACE", "decode_as_java"]

#: the name of the error handler registered here
JAVA_REPLACE = "vmodgen-java-replace"


def _cont(b: int) -> bool:
    return b & 0xC0 == 0x80


def malformed_length(raw: bytes, sp: int) -> int:
    """How many bytes from ``raw[sp]`` (where strict UTF-8 decoding fails) Java's decoder takes
    as one malformed sequence (``UTF_8.Decoder.decodeArrayLoop``, ``malformedN``; at the end of
    the input, the whole incomplete rest: ``CharsetDecoder.decode`` with ``endOfInput``)."""
    b1 = raw[sp]
    rest = len(raw) - sp
    if 0xC2 <= b1 <= 0xDF:                                  # 2 bytes
        return 1 if rest >= 2 else rest
    if 0xE0 <= b1 <= 0xEF:                                  # 3 bytes
        if rest < 3:
            if rest > 1 and ((b1 == 0xE0 and raw[sp + 1] & 0xE0 == 0x80) or not _cont(raw[sp + 1])):
                return 1                                    # isMalformed3_2
            return rest
        b2, b3 = raw[sp + 1], raw[sp + 2]
        if (b1 == 0xE0 and b2 & 0xE0 == 0x80) or not _cont(b2) or not _cont(b3):       # isMalformed3
            return 1 if (b1 == 0xE0 and b2 & 0xE0 == 0x80) or not _cont(b2) else 2
        return 3                                            # a surrogate: the whole form
    if 0xF0 <= b1 <= 0xF7:                                  # 4 bytes
        if rest < 4:
            if b1 > 0xF4 or (rest > 1 and _malformed4_2(b1, raw[sp + 1])):
                return 1
            if rest > 2 and not _cont(raw[sp + 2]):
                return 2
            return rest
        b2, b3 = raw[sp + 1], raw[sp + 2]                   # malformedN(4)
        if b1 > 0xF4 or _malformed4_2(b1, b2):
            return 1
        return 2 if not _cont(b3) else 3
    return 1                                                # 80..C1, F8..FF


def _malformed4_2(b1: int, b2: int) -> bool:
    return (b1 == 0xF0 and not 0x90 <= b2 <= 0xBF) or (b1 == 0xF4 and b2 & 0xF0 != 0x80) or not _cont(b2)


def _java_replace(exc: UnicodeError) -> tuple[str, int]:
    if not isinstance(exc, UnicodeDecodeError):
        raise exc
    return "\ufffd", exc.start + malformed_length(exc.object, exc.start)


codecs.register_error(JAVA_REPLACE, _java_replace)


def decode_as_java(raw: bytes) -> str:
    """``raw`` decoded from UTF-8 as Java decodes it (each malformed sequence one U+FFFD)."""
    return raw.decode("utf-8", JAVA_REPLACE)
