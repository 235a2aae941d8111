"""Operation Mercury positions written wrong on purpose, as a stranger might (``tests/data/positions/
operation_mercury/refused/``): a hex without its sheet's prefix, a phase name two or four phases
end with, a unit, status, mode or terrain the game does not have, a key nothing reads, an attack
naming a unit not placed or a name two placed units bear. Each is refused: exit 2, one line naming
the file and the line of the key (``# refused:`` is text the line must hold), no traceback, and the
file is left as it was."""
from __future__ import annotations

from pathlib import Path

import pytest

from cli_util import one_error

DATA = Path(__file__).resolve().parent / "data" / "positions" / "operation_mercury" / "refused"
FILES = sorted(DATA.glob("*.toml"))


def test_there_are_refused_positions():
    assert len(FILES) >= 10


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_refused_with_one_line_naming_file_and_line(path: Path, capsys):
    text = path.read_text(encoding="utf-8")
    (want,) = [ln[len("# refused:"):].strip() for ln in text.splitlines() if ln.startswith("# refused:")]
    before = path.read_bytes()
    line = one_error(capsys, "check", str(path), "--json")
    assert line.startswith(f"vmodgen: {path}:"), line
    at = line[len(f"vmodgen: {path}:"):].split(":", 1)[0]
    assert at.isdigit() and 1 <= int(at) <= len(text.splitlines()), line
    assert want in line, line
    assert path.read_bytes() == before
