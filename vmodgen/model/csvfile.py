"""Reading the kits' CSV tables: a header row, then rows with ``file:line`` in every message.

Blank rows and rows whose first cell starts with ``#`` are skipped; every cell is stripped and
bounded by :data:`vmodgen.limits.MAX_FIELD_CHARS`; at most :data:`vmodgen.limits.MAX_ROWS` rows.
"""
from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Iterator

from .. import limits
from ..errors import InputError
from ..safeio import read_text
from .tomldoc import control_char


class CsvTable:
    """A CSV table's header and its data rows as ``(line, {column: cell})``."""

    def __init__(self, path: str | Path, what: str) -> None:
        self.path = path
        self.what = what
        text = read_text(path, what=what)
        self._reader = csv.reader(io.StringIO(text, newline=""), strict=True)
        try:
            self.header = [h.strip() for h in next(self._reader)]
        except StopIteration:
            raise InputError(path, f"the {what} is empty (it needs a header row)", line=1) from None
        except csv.Error as exc:
            raise InputError(path, f"not valid CSV: {exc}", line=1) from None
        seen: set[str] = set()
        for col in self.header:
            if col in seen:
                raise InputError(path, f"column '{col}' appears twice", line=1)
            seen.add(col)

    def error(self, message: str, line: int = 1) -> InputError:
        return InputError(self.path, message, line=line)

    def rows(self) -> Iterator[tuple[int, dict[str, str]]]:
        count = 0
        while True:
            try:
                row = next(self._reader)
            except StopIteration:
                return
            except csv.Error as exc:
                raise self.error(f"not valid CSV: {exc}", self._reader.line_num) from None
            line = self._reader.line_num
            if not row or all(not c.strip() for c in row) or row[0].lstrip().startswith("#"):
                continue
            count += 1
            if count > limits.MAX_ROWS:
                raise self.error(f"more than {limits.MAX_ROWS} rows", line)
            if len(row) != len(self.header):
                raise self.error(f"row has {len(row)} cells, the header has {len(self.header)}", line)
            for col, cell in zip(self.header, row):
                if len(cell) > limits.MAX_FIELD_CHARS:
                    raise self.error(f"a cell is longer than {limits.MAX_FIELD_CHARS} characters", line)
                bad = control_char(cell)
                if bad:
                    raise self.error(f"column '{col}' holds the control character {bad} (a module "
                                     "cannot hold it)", line)
            yield line, dict(zip(self.header, (c.strip() for c in row)))
