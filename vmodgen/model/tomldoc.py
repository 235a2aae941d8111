"""TOML files with line numbers for messages: ``file:line: what is wrong``.

``tomllib`` gives no positions, so a :class:`TomlDoc` keeps the text and finds the line of a
table header or a key, and :class:`Table` wraps one table with typed, validated access.
"""
from __future__ import annotations

import builtins
import math
import re
import tomllib
from pathlib import Path
from typing import Any, Iterable, overload

from .. import limits
from ..errors import InputError, LimitError
from ..safeio import read_text


def shown(value: Any, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters, for messages about huge bad values."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


#: characters no XML document may hold (what ``build`` could not write into a module)
XML_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
#: control characters, refused in a name or a table cell (a one-line text)
CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def control_char(text: str, pattern: "re.Pattern[str]" = CONTROL) -> str | None:
    """The first character of ``text`` that ``pattern`` refuses, as ``U+XXXX``, or None."""
    m = pattern.search(text)
    return None if m is None else f"U+{ord(m.group()):04X}"


# a run of text up to the next delimiter; when an "=" or "]" follows, the run is a key or a
# header (one possessive-like class: linear time, no backtracking)
_KEY_RUN = re.compile(r"[^=\n\[\]{},]+")


def check_toml_budget(text: str, path: str | Path) -> None:
    """Refuse, before ``tomllib`` sees it, a TOML text that would cost it more than linear time
    or memory: past :data:`~vmodgen.limits.MAX_TOML_BYTES`, more keys than
    :data:`~vmodgen.limits.MAX_TOML_KEYS`, or a dotted key or header of more parts than
    :data:`~vmodgen.limits.MAX_TOML_KEY_PARTS` (``tomllib`` is quadratic in a key's parts)."""
    if len(text) > limits.MAX_TOML_BYTES:
        raise LimitError(path, f"TOML file is {len(text)} characters, more than the limit of "
                               f"{limits.MAX_TOML_BYTES} (MAX_TOML_BYTES)")
    keys = text.count("=")
    if keys > limits.MAX_TOML_KEYS:
        raise LimitError(path, f"TOML file has about {keys} keys, more than the limit of "
                               f"{limits.MAX_TOML_KEYS} (MAX_TOML_KEYS)")
    if text.count(".") <= limits.MAX_TOML_KEY_PARTS:
        return
    for m in _KEY_RUN.finditer(text):
        if text[m.end():m.end() + 1] in ("=", "]") and m.group().count(".") >= limits.MAX_TOML_KEY_PARTS:
            raise LimitError(path, f"a dotted key has more than {limits.MAX_TOML_KEY_PARTS} parts "
                                   "(MAX_TOML_KEY_PARTS)", line=text.count("\n", 0, m.start()) + 1)


class TomlDoc:
    def __init__(self, path: str | Path, text: str | None = None, expected: str = "a TOML file",
                 instead: str = "") -> None:
        self.path = Path(path)
        self.text = read_text(path, expected=expected, instead=instead) if text is None else text
        self.lines = self.text.splitlines()
        self._headers: dict[str, list[int]] | None = None
        check_toml_budget(self.text, self.path)
        try:
            self.data = tomllib.loads(self.text)
        except tomllib.TOMLDecodeError as exc:
            msg = str(exc)
            m = re.search(r"\(at line (\d+), column \d+\)", msg)
            line = int(m.group(1)) if m else None
            msg = re.sub(r"\s*\(at line \d+, column \d+\)", "", msg)
            bare = re.search(r"\r(?!\n)", self.text)    # never valid TOML (a control character)
            at = self.text.count("\n", 0, bare.start()) + 1 if bare is not None else 0
            if bare is not None and (line is None or line >= at):    # old Mac line ends: say so
                raise InputError(self.path, "a line ends in a carriage return alone (old Mac line ends), which "
                                            "TOML does not take: save the file with LF or CRLF line ends",
                                 line=at) from None
            raise InputError(self.path, f"not valid TOML: {msg}", line=line) from None
        except RecursionError:
            raise LimitError(self.path, "not valid TOML: arrays or tables nested too deeply") from None
        except ValueError as exc:  # e.g. an integer of more than 4300 digits
            raise InputError(self.path, f"not valid TOML: {exc}") from None

    # unambiguous (no two adjacent parts can match the same characters): linear time
    _HEADER_RE = re.compile(r"[ \t]*\[\[?([^\[\]#]*)\]\]?[ \t]*(?:#.*)?\Z")

    def _header_index(self) -> dict[str, list[int]]:
        """Table name → the lines of its headers, built once (a linear scan of the text)."""
        if self._headers is None:
            index: dict[str, list[int]] = {}
            for i, text in enumerate(self.lines, 1):
                if text.lstrip().startswith("["):
                    m = self._HEADER_RE.match(text)
                    if m:
                        name = ".".join(part.strip() for part in m.group(1).split("."))
                        index.setdefault(name, []).append(i)
            self._headers = index
        return self._headers

    def header_line(self, header: str, n: int = 0, start: int | None = None) -> int | None:
        """Line of the n-th ``[[header]]`` (or of ``[header]``) at or after line ``start``, 1-based."""
        found = self._header_index().get(header, [])
        if start:
            found = [i for i in found if i >= start]
        return found[n] if 0 <= n < len(found) else None

    def key_line(self, key: str, start: int | None = None) -> int | None:
        """Line of ``key = ...`` at or after ``start`` and before the next table header."""
        pat = re.compile(r"^\s*" + re.escape(key) + r"\s*=")
        begin = (start or 1) - 1
        for i in range(begin, len(self.lines)):
            text = self.lines[i]
            if i > begin and start is not None and re.match(r"^\s*\[", text):
                break
            if pat.match(text):
                return i + 1
        return start

    def value_line(self, value: str, start: int | None = None) -> int | None:
        """First line at or after ``start`` that mentions ``value`` (in quotes)."""
        needle = f'"{value}"'
        for i in range((start or 1) - 1, len(self.lines)):
            if needle in self.lines[i]:
                return i + 1
        return start

    def tables(self, name: str) -> list["Table"]:
        """The array of tables ``[[name]]`` (an empty list when absent)."""
        raw = self.data.get(name, [])
        if isinstance(raw, dict):
            raw = [raw]
        if not isinstance(raw, list):
            raise InputError(self.path, f"'{name}' must be an array of tables ([[{name}]])",
                             line=self.key_line(name))
        out = []
        for i, item in enumerate(raw):
            if not isinstance(item, dict):
                raise InputError(self.path, f"'{name}' entry {i + 1} must be a table",
                                 line=self.key_line(name))
            out.append(Table(self, item, self.header_line(name, i), f"[[{name}]]"))
        return out

    def table(self, name: str, required: bool = True) -> "Table":
        raw = self.data.get(name)
        if raw is None:
            if required:
                raise InputError(self.path, f"missing the [{name}] table", line=1)
            raw = {}
        if not isinstance(raw, dict):
            raise InputError(self.path, f"'{name}' must be a table", line=self.key_line(name))
        return Table(self, raw, self.header_line(name), f"[{name}]")


class Table:
    """One TOML table with typed getters that raise ``InputError`` with the right line."""

    def __init__(self, doc: TomlDoc, data: dict[str, Any], line: int | None, what: str) -> None:
        self.doc, self.data, self.line, self.what = doc, data, line, what

    def line_of(self, key: str) -> int | None:
        return self.doc.key_line(key, self.line) or self.line

    def error(self, message: str, key: str | None = None) -> InputError:
        line = self.line_of(key) if key else self.line
        return InputError(self.doc.path, f"{self.what}: {message}", line=line)

    def check_keys(self, allowed: Iterable[str]) -> None:
        allowed = set(allowed)
        for key in self.data:
            if key not in allowed:
                raise self.error(f"unknown key '{key}' (known: {', '.join(sorted(allowed))})", key)

    def __contains__(self, key: str) -> bool:
        return key in self.data

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    def str(self, key: str, default: str | None = None) -> str:
        if key not in self.data:
            if default is None:
                raise self.error(f"missing '{key}'")
            return default
        v = self.data[key]
        if not isinstance(v, str):
            raise self.error(f"'{key}' must be text, not {shown(v)}", key)
        if len(v) > 10_000:
            raise self.error(f"'{key}' is longer than 10000 characters", key)
        bad = control_char(v, XML_ILLEGAL)
        if bad:
            raise self.error(f"'{key}' holds the control character {bad}, which a module cannot hold", key)
        return v

    @overload
    def int(self, key: builtins.str, default: builtins.int, minimum: builtins.int | None = None) -> builtins.int: ...
    @overload
    def int(self, key: builtins.str, default: None = None,
            minimum: builtins.int | None = None) -> builtins.int | None: ...

    def int(self, key: builtins.str, default: builtins.int | None = None,
            minimum: builtins.int | None = None) -> builtins.int | None:
        if key not in self.data:
            return default
        v = self.data[key]
        if isinstance(v, bool) or not isinstance(v, int):
            raise self.error(f"'{key}' must be a whole number, not {shown(v)}", key)
        if minimum is not None and v < minimum:
            raise self.error(f"'{key}' must be at least {minimum}, not {v}", key)
        return v

    @overload
    def number(self, key: builtins.str, default: float, minimum: float | None = None) -> float: ...
    @overload
    def number(self, key: builtins.str, default: None = None, minimum: float | None = None) -> float | None: ...

    def number(self, key: builtins.str, default: float | None = None,
               minimum: float | None = None) -> float | None:
        if key not in self.data:
            return default
        v = self.data[key]
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
            raise self.error(f"'{key}' must be a number, not {shown(v)}", key)
        if minimum is not None and v < minimum:
            raise self.error(f"'{key}' must be at least {minimum}, not {v}", key)
        return v

    def required_int(self, key: builtins.str, minimum: builtins.int | None = None) -> builtins.int:
        """:meth:`int` of a key the table must give: missing is an error naming the table."""
        v = self.int(key, minimum=minimum)
        if v is None:
            raise self.error(f"missing '{key}'")
        return v

    def required_number(self, key: builtins.str, minimum: float | None = None) -> float:
        """:meth:`number` of a key the table must give: missing is an error naming the table."""
        v = self.number(key, minimum=minimum)
        if v is None:
            raise self.error(f"missing '{key}'")
        return v

    def bool(self, key: builtins.str, default: bool = False) -> bool:
        if key not in self.data:
            return default
        v = self.data[key]
        if not isinstance(v, bool):
            raise self.error(f"'{key}' must be true or false, not {shown(v)}", key)
        return v

    def str_list(self, key: builtins.str, default: Iterable[builtins.str] = ()) -> tuple[builtins.str, ...]:
        if key not in self.data:
            return tuple(default)
        v = self.data[key]
        if isinstance(v, str):
            v = [v]
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            raise self.error(f"'{key}' must be a list of text", key)
        for x in v:
            bad = control_char(x, XML_ILLEGAL)
            if bad:
                raise self.error(f"'{key}' holds the control character {bad}, which a module cannot hold", key)
        return tuple(v)

    def int_pair(self, key: builtins.str, default: tuple[builtins.int, builtins.int] | None = None) -> tuple[builtins.int, builtins.int] | None:
        if key not in self.data:
            return default
        v = self.data[key]
        if (not isinstance(v, list) or len(v) != 2
                or not all(isinstance(x, int) and not isinstance(x, bool) for x in v)):
            raise self.error(f"'{key}' must be a pair of whole numbers like [1, 30]", key)
        return (v[0], v[1])

    def sub(self, key: builtins.str) -> "Table | None":
        v = self.data.get(key)
        if v is None:
            return None
        if not isinstance(v, dict):
            raise self.error(f"'{key}' must be a table", key)
        return Table(self.doc, v, self.line_of(key), f"{self.what}.{key}")

    def required_sub(self, key: builtins.str) -> "Table":
        """:meth:`sub` of a table the table must hold: missing is an error naming the table."""
        found = self.sub(key)
        if found is None:
            raise self.error(f"missing the table '{key}'")
        return found

    def subs(self, key: builtins.str) -> list["Table"]:
        v = self.data.get(key, [])
        if not isinstance(v, list) or not all(isinstance(x, dict) for x in v):
            raise self.error(f"'{key}' must be an array of tables", key)
        out = []
        for i, item in enumerate(v):
            line = (self.doc.header_line(f"{self.what.strip('[]')}.{key}", i, start=self.line)
                    or self.line_of(key))
            out.append(Table(self.doc, item, line, f"{self.what}.{key}"))
        return out
