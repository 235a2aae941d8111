"""Reading the kits' CSV tables: a header row, then rows with ``file:line`` in every message.

The delimiter is the one of ``,`` ``;`` and tab that the header row uses most outside quotes
(European spreadsheets save ``;``). Blank rows and rows whose first cell starts with ``#`` are
skipped; every cell is stripped and bounded by :data:`vmodgen.limits.MAX_FIELD_CHARS`; at most
:data:`vmodgen.limits.MAX_ROWS` rows. A quote that is never closed is reported at the line
where it opens.
"""
from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Iterator

from .. import limits
from ..errors import InputError, LimitError
from ..safeio import read_text
from .problems import report

DELIMITERS = (",", ";", "\t")


def sniff_delimiter(text: str) -> str:
    """The delimiter of the first non-blank line: the most frequent of :data:`DELIMITERS`
    outside quotes (``,`` on a tie or when there is none)."""
    first = next((ln for ln in text.splitlines() if ln.strip()), "")
    counts = dict.fromkeys(DELIMITERS, 0)
    quoted = False
    for ch in first:
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch in counts:
            counts[ch] += 1
    best = max(DELIMITERS, key=lambda d: (counts[d], d == ","))
    return best if counts[best] else ","


def unclosed_quote_line(text: str, delimiter: str) -> int | None:
    """The line where a quoted cell opens and is never closed, or None."""
    line, opened = 1, None
    at_start, quoted = True, False
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if quoted:
            if ch == '"':
                if i + 1 < n and text[i + 1] == '"':
                    i += 1
                else:
                    quoted = False
        elif at_start and ch == '"':
            quoted, opened = True, line
        at_start = not quoted and ch in (delimiter, "\n", "\r")
        if ch == "\n":
            line += 1
        i += 1
    return opened if quoted else None
from .tomldoc import control_char


class CsvTable:
    """A CSV table's header and its data rows as ``(line, {column: cell})``."""

    def __init__(self, path: str | Path, what: str) -> None:
        self.path = path
        self.what = what
        text = read_text(path, what=what)
        self.text = text
        self.delimiter = sniff_delimiter(text)
        self._reader = csv.reader(io.StringIO(text, newline=""), delimiter=self.delimiter, strict=True)
        try:
            self.header = [h.strip() for h in next(self._reader)]
        except StopIteration:
            raise InputError(path, f"the {what} is empty (it needs a header row)", line=1) from None
        except csv.Error as exc:
            raise self._csv_error(exc, 1) from None
        seen: set[str] = set()
        for col in self.header:
            if col in seen:
                raise InputError(path, f"column '{col}' appears twice", line=1)
            seen.add(col)

    def error(self, message: str, line: int = 1) -> InputError:
        return InputError(self.path, message, line=line)

    def _csv_error(self, exc: csv.Error, line: int) -> InputError:
        opened = unclosed_quote_line(self.text, self.delimiter)
        if opened is not None and ("end of data" in str(exc) or "EOF" in str(exc) or opened <= line):
            return self.error("not valid CSV: a quoted cell opens here and its closing quote is missing", opened)
        return self.error(f"not valid CSV: {exc}", line)

    def rows(self) -> Iterator[tuple[int, dict[str, str]]]:
        count = 0
        while True:
            try:
                row = next(self._reader)
            except StopIteration:
                return
            except csv.Error as exc:     # the reader cannot go on after this
                raise self._csv_error(exc, self._reader.line_num) from None
            line = self._reader.line_num
            if not row or all(not c.strip() for c in row) or row[0].lstrip().startswith("#"):
                continue
            count += 1
            if count > limits.MAX_ROWS:
                raise LimitError(self.path, f"more than {limits.MAX_ROWS} rows", line=line)
            if len(row) != len(self.header):
                report(self.error(f"row has {len(row)} cells, the header has {len(self.header)}", line))
                continue
            for col, cell in zip(self.header, row):
                if len(cell) > limits.MAX_FIELD_CHARS:
                    raise LimitError(self.path, f"a cell is longer than {limits.MAX_FIELD_CHARS} characters",
                                     line=line)
                bad = control_char(cell)
                if bad:
                    report(self.error(f"column '{col}' holds the control character {bad} (a module "
                                      "cannot hold it)", line))
            yield line, dict(zip(self.header, (c.strip() for c in row)))
