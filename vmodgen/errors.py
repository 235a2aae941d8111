"""The one error type that reaches the user: a file, a place in it, and what is wrong.

Every reader raises :class:`InputError` (or a subclass) for bad input; the CLI prints
``str(error)`` and exits with code 2. Nothing else should escape to the user.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:      # annotations only: ``vmodgen --help`` does not load pathlib
    from pathlib import Path


#: a Python object's repr inside a library's message (Pillow's ``cannot identify image file
#: <_io.BytesIO object at 0x7f...>``): noise to the user, and never the same twice
_OBJECT_REPR = re.compile(r"\s*<[\w.]+ object at 0x[0-9a-fA-F]+>")


#: characters a terminal acts on or that break a line: C0 and C1 controls, DEL, the line and
#: paragraph separators and the bidirectional overrides (a name read backwards)
_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def printable(text: str) -> str:
    """``text`` with every character a terminal would act on written as an escape (``\\n``,
    ``\\x1b``, ``\\u202e``): a file name or a value read from a hostile file cannot start a second
    line, clear the screen or colour what follows."""
    return _UNPRINTABLE.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


class VmodgenError(Exception):
    """Base class of every error vmodgen raises on purpose."""


class InputError(VmodgenError):
    """Bad input: ``file:line: message`` (line and column optional)."""

    def __init__(self, path: str | Path | None, message: str, line: int | None = None,
                 place: str | None = None) -> None:
        self.path = str(path) if path is not None else None
        self.message = _OBJECT_REPR.sub("", message)
        self.line = line
        self.place = place
        super().__init__(str(self))

    def __str__(self) -> str:
        where = self.path or "<input>"
        if self.line is not None:
            where += f":{self.line}"
        if self.place:
            where += f": {self.place}"
        return f"{where}: {self.message}"

    def at(self, path: str | Path | None) -> "InputError":
        """The same error, attributed to ``path`` when it had no file yet."""
        if self.path is None and path is not None:
            self.path = str(path)
            self.args = (str(self),)
        return self


class LimitError(InputError):
    """Input refused because it passes a safety limit (size, depth, count)."""
