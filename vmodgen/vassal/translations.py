"""A module's translations, as VASSAL reads them (``VASSAL.i18n.Translation``, ``Localization``).

A module may hold ``Module_<language>[_<country>].properties`` bundles (no ``Translation`` names
a ``Module.properties``), Java properties files as VASSAL reads them in play
(``Translation.getBundle``: ``VassalResourceBundle``, a ``PropertyResourceBundle(InputStream)``,
which since Java 9 reads the bytes as UTF-8 and only bytes that are not UTF-8 as ISO-8859-1;
``\\uXXXX`` escapes either way). A player whose VASSAL runs in that language sees, and writes into
the log, each translated attribute: a key is the component's full i18n prefix (its ancestors'
``<Class>.<name>.`` joined by dots, ``ComponentI18nData.getFullPrefix``) then the attribute, so a
Zone "North" has its name under a key ending ``.Zone.North.name``, a Map's move report under one
ending ``.Map.<map name>.moveToFormat``. Several components of one kind and name (two regions
"Ceylon") share that tail: the values found for a tail are all the translations it may have.
"""
from __future__ import annotations

import re
from bisect import bisect_left

_ESCAPES = {"t": "\t", "n": "\n", "r": "\r", "f": "\f"}


def _unescape(text: str) -> str:
    def one(m: re.Match) -> str:
        s = m.group(1)
        if s.startswith("u") and len(s) == 5:
            return chr(int(s[1:], 16))
        return _ESCAPES.get(s, s)
    out = re.sub(r"\\(u[0-9a-fA-F]{4}|.)", one, text)
    # Properties.store writes a character outside the BMP as its UTF-16 pair, two \uXXXX: joined
    # into that character (a lone surrogate is kept as it is, as Java keeps it)
    return out.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass") \
        if re.search("[\ud800-\udfff]", out) else out


def _logical_lines(text: str) -> list[str]:
    """``Properties.load``'s lines: comments (``#``, ``!``) and blank lines dropped, a line
    ending in an odd number of backslashes joined with the next (its leading blanks dropped)."""
    out: list[str] = []
    pending = ""
    for raw in re.split(r"\r\n|\r|\n", text):
        line = raw.lstrip(" \t\f")
        if not pending and (not line or line[0] in "#!"):
            continue
        trailing = len(line) - len(line.rstrip("\\"))
        if trailing % 2:
            pending += line[:-1]
            continue
        out.append(pending + line)
        pending = ""
    if pending:
        out.append(pending)
    return out


def _decode(data: bytes) -> str:
    """The text of a bundle as ``PropertyResourceBundle(InputStream)`` reads it (Java 9 on, which
    VASSAL 3.7 requires): UTF-8, or ISO-8859-1 when the bytes are not valid UTF-8."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def parse_properties(data: bytes) -> dict[str, str]:
    """A Java properties file's keys and values (the first separator ``=``, ``:`` or a blank not
    escaped ends the key)."""
    out: dict[str, str] = {}
    for line in _logical_lines(_decode(data)):
        # Java's blanks here are only space, \t and \f (a no-break space belongs to the key)
        m = re.match(r"((?:\\.|[^=: \t\f\\])*)[ \t\f]*[=: \t\f]?[ \t\f]*(.*)\Z", line, re.S)
        if m is None:
            continue
        out[_unescape(m.group(1))] = _unescape(m.group(2))
    return out


class Translations:
    """Every translation bundle of a module, looked up by key tail.

    The keys are kept reversed and sorted, so the keys ending in ``.<tail>`` are one run found by
    bisection: memory linear in the bundles' size, whatever a key holds (each of a key's tails
    stored on its own took memory quadratic in its length: 256 M characters for one key of
    16,000 dots)."""

    def __init__(self, bundles: dict[str, dict[str, str]]) -> None:
        self.bundles = bundles
        self._reversed = sorted((key[::-1], value) for props in bundles.values() for key, value in props.items())
        self._keys = [k for k, _ in self._reversed]

    def __bool__(self) -> bool:
        return bool(self.bundles)

    def _run(self, start: str, stop: str) -> set[str]:
        lo, hi = bisect_left(self._keys, start), bisect_left(self._keys, stop)
        return {self._reversed[i][1] for i in range(lo, hi)}

    def values(self, kind: str, name: str, attribute: str) -> set[str]:
        """What the bundles translate the ``attribute`` of a ``kind`` component named ``name``
        into (an empty set when none does): the keys that are ``<kind>.<name>.<attribute>`` or end
        in ``.<kind>.<name>.<attribute>`` (a name may hold dots)."""
        tail = f"{kind}.{name}.{attribute}"[::-1]
        # the key itself (the tail then nothing: "\0" sorts first), then the keys going on with "."
        return self._run(tail, tail + "\0") | self._run(tail + ".", tail + "/")

    def alternatives(self, kind: str, name: str, attribute: str, original: str) -> set[str]:
        """The original value and every translation of it: what a player's VASSAL may show."""
        return {original} | self.values(kind, name, attribute)
