"""The North Africa '41 position files (tests/data/positions/north_africa_41/): ``vmodgen check``
accepts each and reports what its ``# expect:`` line says (a rule id, or "legal")."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from vmodgen.commands.check import command

DATA = Path(__file__).resolve().parent / "data" / "positions" / "north_africa_41"
FILES = sorted(DATA.glob("*.toml"))


def expected(path: Path) -> str:
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# expect:"):
            return line.split(":", 1)[1].strip()
    raise AssertionError(f"{path.name} has no '# expect:' line")


def test_there_are_legal_and_illegal_files():
    """The folder holds at least one legal and one illegal position."""
    kinds = {expected(p) == "legal" for p in FILES}
    assert kinds == {True, False}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_position_file(path: Path):
    """vmodgen check --json on the file: exit 0 and no finding for "legal", else exit 1 with the
    expected rule among the findings."""
    r = CliRunner().invoke(command, [str(path), "--json"], standalone_mode=False, catch_exceptions=True)
    assert r.exception is None, r.output
    rules = {f["rule"] for f in json.loads(r.output)["findings"]}
    want = expected(path)
    if want == "legal":
        assert r.return_value == 0 and rules == set()
    else:
        assert r.return_value == 1 and want in rules
