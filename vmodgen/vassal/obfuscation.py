"""The ``savedGame`` payload encodings (FORMATS.md §4.2).

* ``!VCSK`` + hex key + hex(byte XOR key) over the UTF-8 text — what VASSAL 3.x writes;
* ``VOBS`` + one raw key byte + raw XORed bytes — later VASSAL 3.8 builds (read only);
* anything else is plain UTF-8 text (VASSAL 2 logs, hand-written saves).

Decoding works on whole byte strings with ``binascii.unhexlify`` and ``bytes.translate``
(one pass each; the payload is searched for a bad digit only when unhexlify refuses it): an
8 MB payload takes a few tens of milliseconds.
"""
from __future__ import annotations

import binascii
from pathlib import Path

from .. import limits
from ..errors import InputError

__all__ = ["VCSK", "VOBS", "PLAIN", "deobfuscate", "deobfuscate_bytes", "deobfuscate_pieces", "obfuscate",
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


def _utf8(raw: bytes, path: str | Path | None) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        # the text is one line of ESC-separated commands: the place is the byte, and in a chat line
        # (which every player sees; any other command may hold a player's password) the words around it
        start = raw.rfind(b"\x1b", 0, exc.start) + 1
        while raw.startswith(b"LOG\t", start):
            start += 4
        near = ""
        if raw.startswith(b"CHAT", start):
            end = raw.find(b"\x1b", exc.start)
            text = raw[max(start + 4, exc.start - 24):min(exc.start + 16, len(raw) if end < 0 else end)]
            near = f" (in a chat line, near '{text.decode('utf-8', 'backslashreplace')}')"
        raise InputError(path, f"entry savedGame: its text is not UTF-8 at byte {exc.start}{near}: VASSAL writes "
                               "UTF-8, so the file was changed by another program") from None


def deobfuscate_pieces(data: bytes, path: str | Path | None = None) -> tuple[list[str], str, int | None]:
    """Decode a ``savedGame`` payload as the pieces of its text between ESC characters
    (``text.split("\x1b")`` of :func:`deobfuscate`'s text, which their join gives back):
    ``(pieces, kind, key)``. Each piece is decoded from UTF-8 on its own (ESC is one byte
    that no multi-byte sequence holds, so the pieces are the same): a rare wide character
    (an emoji) widens only its own piece, never the whole text."""
    raw, kind, key = deobfuscate_bytes(data, path)
    parts = raw.split(b"\x1b", limits.MAX_COMMANDS)
    if len(parts) > limits.MAX_COMMANDS:
        # one piece: the parser refuses so many commands from the whole text, before splitting it
        return [_utf8(raw, path)], kind, key
    try:
        return list(map(bytes.decode, parts)), kind, key          # UTF-8
    except UnicodeDecodeError:
        _utf8(raw, path)          # the whole text's first bad byte, named as usual
        raise                     # pragma: no cover - the whole decode fails where a piece did


def deobfuscate(data: bytes, path: str | Path | None = None) -> tuple[str, str, int | None]:
    """Decode a ``savedGame`` payload: ``(text, kind, key)``; InputError when malformed."""
    raw, kind, key = deobfuscate_bytes(data, path)
    return _utf8(raw, path), kind, key


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
