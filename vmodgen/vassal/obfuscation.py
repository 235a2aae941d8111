"""The ``savedGame`` payload encodings (FORMATS.md §4.2).

* ``!VCSK`` + hex key + hex(byte XOR key) over the UTF-8 text — what VASSAL 3.x writes;
* ``VOBS`` + one raw key byte + raw XORed bytes — later VASSAL 3.8 builds (read only);
* anything else is plain UTF-8 text (VASSAL 2 logs, hand-written saves).

Bytes that are not UTF-8 are read as VASSAL reads them, each malformed sequence a replacement
character, and said where (:func:`decode_text`).

Decoding works on whole byte strings with ``binascii.unhexlify`` and ``bytes.translate``
(one pass each; the payload is searched for a bad digit only when unhexlify refuses it): an
8 MB payload takes a few tens of milliseconds.
"""
from __future__ import annotations

import binascii
from pathlib import Path

from .. import limits
from ..errors import InputError
from .java_utf8 import decode_as_java

__all__ = ["VCSK", "VOBS", "PLAIN", "decode_text", "deobfuscate", "deobfuscate_bytes", "deobfuscate_pieces", "obfuscate",
           "payload_kind"]

VCSK = "!VCSK"
VOBS = "VOBS"
PLAIN = "plain"

_HEX_DIGITS = b"0123456789abcdefABCDEF"
_XOR_TABLES: dict[int, bytes] = {}


def _xor_table(key: int) -> bytes:
    table = _XOR_TABLES.get(key)
    if table is None:
        table = bytes(b ^ key for b in range(256))
        _XOR_TABLES[key] = table
    return table


def payload_kind(data: bytes) -> str:
    """``"!VCSK"``, ``"VOBS"`` or ``"plain"`` from the first bytes of a payload."""
    if data.startswith(b"!VCSK"):
        return VCSK
    if data.startswith(b"VOBS"):
        return VOBS
    return PLAIN


def deobfuscate_bytes(data: bytes, path: str | Path | None = None) -> tuple[bytes, str, int | None]:
    """The clear bytes of a payload, its kind and its key (``None`` for plain text)."""
    if data.startswith(b"!VCSK"):
        body = data[5:]
        if len(body) < 2:
            raise InputError(path, "obfuscated savedGame ends inside its '!VCSK' key")
        try:                  # one pass over the payload: a bad digit is looked for only on failure
            key = int(body[:2], 16) if body[:2].isalnum() else -1
            raw = binascii.unhexlify(body[2:]) if key >= 0 else b""
        except (binascii.Error, ValueError):
            key = -1
        if key < 0:
            bad = next((i for i, b in enumerate(body) if b not in _HEX_DIGITS), None)
            if bad is not None:
                raise InputError(path, f"obfuscated savedGame has a non-hex character "
                                       f"{bytes([data[5 + bad]])!r} at byte {5 + bad}")
            raise InputError(path, "obfuscated savedGame has an odd number of hex digits")
        return (raw.translate(_xor_table(key)) if key else raw), VCSK, key
    if data.startswith(b"VOBS"):
        if len(data) < 5:
            raise InputError(path, "obfuscated savedGame ends inside its 'VOBS' key")
        key = data[4]
        raw = data[5:]
        return (raw.translate(_xor_table(key)) if key else raw), VOBS, key
    if data.startswith(b"!VCS"):
        raise InputError(path, f"unknown savedGame obfuscation header {data[:5]!r} (expected '!VCSK')")
    return data, PLAIN, None


def not_utf8_where(raw: bytes, start: int) -> str:
    """Where the first byte that is not UTF-8 lies: "at byte N", and in a chat line (which every
    player sees; any other command may hold a player's password) the words around it."""
    # the text is one line of ESC-separated commands: the place is the byte
    head = raw.rfind(b"\x1b", 0, start) + 1
    while raw.startswith(b"LOG\t", head):
        head += 4
    near = ""
    if raw.startswith(b"CHAT", head):
        end = raw.find(b"\x1b", start)
        text = raw[max(head + 4, start - 24):min(start + 16, len(raw) if end < 0 else end)]
        near = f" (in a chat line, near '{text.decode('utf-8', 'backslashreplace')}')"
    return f"at byte {start}{near}"


def decode_text(raw: bytes) -> tuple[str, str | None]:
    """The text of clear ``savedGame`` bytes as VASSAL reads it, and where its first byte that
    is not UTF-8 lies (None when all are). VASSAL decodes the payload with Java's UTF-8 decoder
    (3.x ``IOUtils.toString(din, UTF_8)``, 2.x ``new String(bytes, "UTF-8")``), which puts a
    replacement character (U+FFFD) for each malformed sequence, as long as Java takes it
    (:mod:`.java_utf8`), and plays the file: so does this."""
    try:
        return raw.decode("utf-8"), None
    except UnicodeDecodeError as exc:
        return decode_as_java(raw), not_utf8_where(raw, exc.start)


def deobfuscate_pieces(data: bytes, path: str | Path | None = None
                       ) -> tuple[list[str], str, int | None, str | None]:
    """Decode a ``savedGame`` payload as the pieces of its text between ESC characters
    (``text.split("\x1b")`` of :func:`deobfuscate`'s text, which their join gives back):
    ``(pieces, kind, key, undecodable)``, ``undecodable`` saying where the first byte that is
    not UTF-8 lies (:func:`decode_text`: read as VASSAL reads it), or None. Each piece is
    decoded from UTF-8 on its own (ESC is one byte that no multi-byte sequence holds, so the
    pieces are the same): a rare wide character (an emoji) widens only its own piece, never
    the whole text."""
    raw, kind, key = deobfuscate_bytes(data, path)
    parts = raw.split(b"\x1b", limits.MAX_COMMANDS)
    if len(parts) > limits.MAX_COMMANDS:
        # one piece: the parser refuses so many commands from the whole text, before splitting it
        text, where = decode_text(raw)
        return [text], kind, key, where
    try:
        return list(map(bytes.decode, parts)), kind, key, None          # UTF-8
    except UnicodeDecodeError:
        text, where = decode_text(raw)
        return text.split("\x1b"), kind, key, where


def deobfuscate(data: bytes, path: str | Path | None = None) -> tuple[str, str, int | None]:
    """Decode a ``savedGame`` payload: ``(text, kind, key)``, bytes that are not UTF-8 read as
    VASSAL reads them (:func:`decode_text`); InputError when malformed."""
    raw, kind, key = deobfuscate_bytes(data, path)
    return decode_text(raw)[0], kind, key


def obfuscate(text: str, key: int | None = None) -> bytes:
    """``!VCSK`` obfuscation of ``text`` (UTF-8), as VASSAL 3.7 writes it; random key by default."""
    if key is None:
        import secrets          # only when writing: reading a file needs no random key
        key = secrets.randbelow(256)
    if not 0 <= key <= 255:
        raise ValueError("obfuscation key must be 0..255")
    raw = text.encode("utf-8")
    if key:
        raw = raw.translate(_xor_table(key))
    return b"!VCSK" + f"{key:02x}".encode("ascii") + raw.hex().encode("ascii")
