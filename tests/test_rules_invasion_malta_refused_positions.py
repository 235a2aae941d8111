"""Invasion: Malta positions written wrong on purpose, as a stranger might (``tests/data/positions/
invasion_malta/refused/``): an ambiguous phase name, a status, time, weather, mode, turn, active
formation or unit the game lacks, a Malta hex in the Leros scenario, a misspelt key. Each is refused
with exit 2 and one line naming the file, its line and the ``# expect-error:`` text; never a
traceback, never a key skipped, the file never modified."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from cli_util import one_error

DATA = Path(__file__).resolve().parent / "data" / "positions" / "invasion_malta" / "refused"
FILES = sorted(DATA.glob("*.toml"))


def test_there_are_refused_positions():
    assert len(FILES) >= 8


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_refused_position(capsys, path: Path):
    (want,) = [ln.split(":", 1)[1].strip() for ln in path.read_text(encoding="utf-8").splitlines()
               if ln.startswith("# expect-error:")]
    before = path.read_bytes()
    line = one_error(capsys, "check", str(path), "--json")
    assert re.match(rf"vmodgen: {re.escape(str(path))}:\d+: ", line), line
    assert want in line, line
    assert path.read_bytes() == before
