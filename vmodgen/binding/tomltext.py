"""Text a starter binding writes from a module's names: TOML strings and keys that a name from a
module cannot break out of, and comments on one line."""
from __future__ import annotations

import json
import re

from ..errors import printable

#: characters that end a TOML comment or literal string early, or that a reader may show as a
#: line break: never written raw
_UNSAFE = re.compile("[\x00-\x1f\x7f\x85\u2028\u2029]")


def q(s: str) -> str:
    """A TOML string: a literal '...' string for regexes when possible, else a basic one
    (control characters escaped: a value from a module can never start a new TOML line)."""
    if "'" not in s and "\\" in s and not _UNSAFE.search(s):
        return f"'{s}'"
    return json.dumps(s, ensure_ascii=False)


def one_line(text: str) -> str:
    """``text`` from a module on one line: every character a terminal acts on (controls, line
    separators, bidirectional overrides) written as an escape (:func:`vmodgen.errors.printable`)."""
    return printable(str(text))


def toml_key(name: str) -> str:
    """A TOML key: bare when it can be, else quoted (a key from a module cannot inject)."""
    return name if re.fullmatch(r"[A-Za-z0-9_-]+", name) else json.dumps(name, ensure_ascii=False)
