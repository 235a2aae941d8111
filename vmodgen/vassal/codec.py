"""VASSAL's list codec (``SequenceEncoder``), FORMATS.md §3.1.

Encoding joins tokens with a delimiter; a delimiter inside a token gets a backslash in
front (backslashes themselves are never escaped); a token starting with ``\\`` or both
starting and ending with ``'`` is wrapped in single quotes. Decoding treats a delimiter
whose preceding character is ``\\`` as escaped (that backslash is dropped) and strips one
pair of wrapping quotes. A token ending in ``\\`` therefore merges with the next one —
VASSAL's own behaviour, reproduced on purpose.

:func:`encode` / :func:`decode` are the plain list functions; :class:`Encoder` and
:class:`Decoder` add VASSAL's typed helpers (``nextInt``, ``nextBoolean``...).
"""
from __future__ import annotations

import math
import re
import unicodedata
from typing import Iterable, Sequence

__all__ = ["encode", "encode_value", "decode", "decode_checked", "Encoder", "Decoder", "java_double", "java_int"]


def _quote_escape(token: str, delim: str) -> str:
    esc = token.replace(delim, "\\" + delim) if delim in token else token
    if token.startswith("\\") or (token.startswith("'") and token.endswith("'")):
        return "'" + esc + "'"
    return esc


def encode_value(tokens: Iterable[str | None], delim: str) -> str | None:
    """Exactly ``SequenceEncoder.getValue()``: ``None`` for an empty token list."""
    out = [("" if t is None or t == "" else _quote_escape(t, delim)) for t in tokens]
    if not out:
        return None
    return delim.join(out)


def encode(tokens: Iterable[str | None], delim: str) -> str:
    """Encode ``tokens`` with ``delim``; an empty list gives ``""`` (VASSAL: ``null``)."""
    value = encode_value(tokens, delim)
    return "" if value is None else value


def _unquote(token: str) -> str:
    if len(token) > 1 and token[0] == "'" and token[-1] == "'":
        return token[1:-1]
    return token


def decode(text: str | None, delim: str) -> list[str]:
    """Decode ``text`` into its tokens (``None`` gives ``[]``, ``""`` gives ``[""]``)."""
    if text is None:
        return []
    if delim not in text:
        return [_unquote(text)]
    return decode_checked(text, delim)[0]


_SPLITTERS: dict[str, "re.Pattern[str]"] = {}


def _splitter(delim: str) -> "re.Pattern[str]":
    """A delimiter not preceded by a backslash; the literal comes first so the regex
    engine can search for it quickly."""
    pat = _SPLITTERS.get(delim)
    if pat is None:
        d = re.escape(delim)
        pat = _SPLITTERS[delim] = re.compile(d + r"(?<!\\" + d + ")")
    return pat


def decode_checked(text: str, delim: str) -> tuple[list[str], bool]:
    """``decode(text, delim)`` and whether :func:`encode` would give ``text`` back.

    Dense delimiters: one regex split at every delimiter not preceded by a backslash.
    Sparse delimiters in a long text (an 8 MB save split on ESC): ``str.split`` and
    re-joining the pieces whose delimiter was escaped (never a ``replace`` of
    backslash+delimiter over the whole text: backslashes are so frequent there that the
    substring search degrades). Only a raw token starting with a quote, or with a
    backslash that escapes no delimiter, can be non-canonical; only then are the tokens
    re-encoded to check.
    """
    if "\\" not in text:
        # no escapes at all: a plain split (quotes are the only thing left to handle)
        tokens = text.split(delim)
        if "'" not in text:
            return tokens, True
        tokens = [t[1:-1] if len(t) > 1 and t[0] == "'" and t[-1] == "'" else t for t in tokens]
        return tokens, encode_value(tokens, delim) == text
    n = text.count(delim)
    if n == 0 or n * 64 > len(text):
        if ("\\" + delim) not in text and (delim + "\\") not in text and (delim + "'") not in text \
                and text[:1] not in ("'", "\\"):
            # no escaped delimiter and no token starting with a quote or a backslash:
            # the plain split is the decoding, and it re-encodes as written
            return text.split(delim), True
        tokens, suspect = _decode_dense(text, delim)
    else:
        tokens, suspect = _decode_sparse(text, delim)
    canonical = True
    if suspect:
        canonical = encode_value(tokens, delim) == text
    return tokens, canonical


def _decode_dense(text: str, delim: str) -> tuple[list[str], bool]:
    esc = "\\" + delim
    tokens: list[str] = []
    suspect = False
    for raw in _splitter(delim).split(text):
        c = raw[:1]
        if c == "'" or (c == "\\" and not raw.startswith(esc)):
            suspect = True
        tok = raw.replace(esc, delim) if esc in raw else raw
        if len(tok) > 1 and tok[0] == "'" and tok[-1] == "'":
            tok = tok[1:-1]
        tokens.append(tok)
    return tokens, suspect


def _decode_sparse(text: str, delim: str) -> tuple[list[str], bool]:
    return decode_pieces(text.split(delim), delim)


def decode_pieces(pieces: list[str], delim: str) -> tuple[list[str], bool]:
    """The sparse decoding of a text already split at every ``delim`` (``text.split(delim)``):
    its tokens, and whether a token starts so that it may not re-encode as written (then
    compare :func:`encode_value` of the tokens with the text)."""
    tokens: list[str] = []
    suspect = False
    last = len(pieces) - 1
    group: list[str] | None = None
    for i, piece in enumerate(pieces):
        if group is None:
            c = piece[:1]
            if c == "'" or (c == "\\" and (len(piece) > 1 or i == last)):
                suspect = True
            if i < last and piece.endswith("\\"):
                group = [piece[:-1]]
                continue
            tok = piece
        else:
            if i < last and piece.endswith("\\"):
                group.append(piece[:-1])
                continue
            group.append(piece)
            tok = delim.join(group)
            group = None
        if len(tok) > 1 and tok[0] == "'" and tok[-1] == "'":
            tok = tok[1:-1]
        tokens.append(tok)
    return tokens, suspect


def java_double(value: float) -> str:
    """Java's ``String.valueOf(double)`` for ordinary values (``1.0``, ``1.0E7``, ``NaN``)."""
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    if value == 0:
        return "-0.0" if math.copysign(1.0, value) < 0 else "0.0"
    mag = abs(value)
    sign = "-" if value < 0 else ""
    # shortest round-trip digits and decimal exponent, from Python's repr
    m = re.match(r"(\d+)(?:\.(\d*))?(?:e([+-]\d+))?$", repr(mag))
    assert m is not None
    intpart, frac, exp = m.group(1), m.group(2) or "", int(m.group(3) or 0)
    digits = (intpart + frac).lstrip("0")
    point = len(intpart) + exp - ((len(intpart + frac)) - len((intpart + frac).lstrip("0")))
    digits = digits.rstrip("0") or "0"
    # value = 0.digits * 10**point
    if 1e-3 <= mag < 1e7:
        if point <= 0:
            return f"{sign}0.{'0' * -point}{digits}"
        if point >= len(digits):
            return f"{sign}{digits}{'0' * (point - len(digits))}.0"
        return f"{sign}{digits[:point]}.{digits[point:]}"
    return f"{sign}{digits[0]}.{digits[1:] or '0'}E{point - 1}"


class Encoder:
    """``SequenceEncoder``: append tokens one by one, then :meth:`value`."""

    __slots__ = ("delim", "_tokens")

    def __init__(self, delim: str, first: str | None = None, *, start: bool = False) -> None:
        self.delim = delim
        self._tokens: list[str | None] = []
        if first is not None or start:
            self._tokens.append(first)

    def append(self, token: str | None) -> "Encoder":
        self._tokens.append(token)
        return self

    def append_int(self, value: int) -> "Encoder":
        return self.append(str(int(value)))

    def append_bool(self, value: bool) -> "Encoder":
        return self.append("true" if value else "false")

    def append_double(self, value: float) -> "Encoder":
        return self.append(java_double(float(value)))

    def extend(self, tokens: Iterable[str | None]) -> "Encoder":
        self._tokens.extend(tokens)
        return self

    def value(self) -> str | None:
        """The encoded text, ``None`` when nothing was appended (as in Java)."""
        return encode_value(self._tokens, self.delim)

    def __str__(self) -> str:
        v = self.value()
        return "" if v is None else v


_INT_RE = re.compile(r"[+-]?[0-9]+\Z")
# one way to match each number (``\d+\.?\d*`` backtracks exponentially on a long run of
# digits that does not end the token); ASCII digits only, as ``Double.parseDouble``
_DOUBLE_RE = re.compile(
    r"[+-]?(NaN|Infinity|(([0-9]+(?:\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?)[fFdD]?)\Z")
_MAX_DOUBLE_CHARS = 1000    # longer numeric text is read as the default, not parsed


def java_int(text: str | None, bits: int = 32) -> int | None:
    """``Integer.parseInt`` (``bits=32``) / ``Long.parseLong`` (``bits=64``): an optional
    ``+``/``-`` then decimal digits (Java's ``Character.digit``: any Unicode decimal digit
    of the BMP, not only ASCII), in range; ``None`` where Java throws. Linear in the text:
    leading zeros are skipped and a longer number is out of range without being converted."""
    if not text:
        return None
    if len(text) < 10 and text.isascii() and text.isdigit():
        return int(text)      # the common case: at most 9 ASCII digits, always in range
    body = text[1:] if text[0] in "+-" else text
    if not body or not body.isdecimal() or (not body.isascii() and any(ord(c) > 0xFFFF for c in body)):
        return None
    if not body.isascii():
        body = "".join(str(unicodedata.decimal(c)) for c in body)
    digits = body.lstrip("0") or "0"
    if len(digits) > 20:        # a 64-bit value has at most 19 digits
        return None
    value = int(digits)
    if text[0] == "-":
        value = -value
    limit = 1 << (bits - 1)
    return value if -limit <= value < limit else None


class Decoder:
    """``SequenceEncoder.Decoder``: read tokens one at a time with typed defaults."""

    __slots__ = ("_tokens", "_pos")

    def __init__(self, text: str | None, delim: str) -> None:
        self._tokens = decode(text, delim)
        self._pos = 0

    def has_more(self) -> bool:
        return self._pos < len(self._tokens)

    def remaining(self) -> list[str]:
        """Every token not read yet (consumes them)."""
        rest = self._tokens[self._pos:]
        self._pos = len(self._tokens)
        return rest

    def next(self, default: str | None = None) -> str | None:
        """The next token, or ``default`` when there is none."""
        if self._pos >= len(self._tokens):
            return default
        tok = self._tokens[self._pos]
        self._pos += 1
        return tok

    def next_str(self, default: str = "") -> str:
        tok = self.next(None)
        return default if tok is None else tok

    def next_int(self, default: int = 0) -> int:
        value = java_int(self.next(None), 32)
        return default if value is None else value

    def next_long(self, default: int = 0) -> int:
        value = java_int(self.next(None), 64)
        return default if value is None else value

    def next_double(self, default: float = 0.0) -> float:
        tok = self.next(None)
        if tok is None:
            return default
        t = tok.strip()
        if len(t) > _MAX_DOUBLE_CHARS or not _DOUBLE_RE.match(t):
            return default
        if t[-1] in "fFdD" and not t.endswith("Infinity"):
            t = t[:-1]
        try:
            return float(t)
        except ValueError:
            return default

    def next_bool(self, default: bool = False) -> bool:
        tok = self.next(None)
        if tok is None:
            return default
        return tok == "true"

    def next_char(self, default: str = "") -> str:
        tok = self.next(None)
        if not tok:
            return default
        return tok[0]

    def next_color(self) -> tuple[int, ...] | None:
        """``nextColor``: ``r,g,b`` or ``r,g,b,a`` (``""`` or bad text = no colour)."""
        tok = self.next(None)
        if not tok:
            return None
        parts = tok.split(",")
        values = [java_int(p.strip()) for p in parts]
        if len(parts) not in (3, 4) or None in values:
            return None
        return tuple(values)  # type: ignore[arg-type]

    def next_keystroke(self) -> tuple[int, int, str] | None:
        """``nextNamedKeyStroke``: ``keyCode,modifiers[,name]`` (``""`` = none)."""
        tok = self.next(None)
        if not tok:
            return None
        parts = decode(tok, ",")
        try:
            return int(parts[0]), int(parts[1]) if len(parts) > 1 else 0, \
                (parts[2] if len(parts) > 2 else "")
        except ValueError:
            return None

    def next_list(self, delim: str = ",", default: Sequence[str] = ()) -> list[str]:
        """``nextStringArray``: the next token decoded again with ``delim``."""
        tok = self.next(None)
        if tok is None:
            return list(default)
        if tok == "":
            return []
        return decode(tok, delim)
