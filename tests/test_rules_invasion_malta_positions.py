"""Invasion: Malta position files (``tests/data/positions/invasion_malta``): ``vmodgen check`` accepts
each, and reports exactly the rules its ``# expect:`` line names (exit 1), or none (exit 0)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from vmodgen.commands.check import command

DIR = Path(__file__).resolve().parent / "data" / "positions" / "invasion_malta"
FILES = sorted(DIR.glob("*.toml"))


def expected(path: Path) -> list[str]:
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# expect:"):
            return sorted(r.strip() for r in line[len("# expect:"):].split(",") if r.strip())
    raise AssertionError(f"{path.name} has no '# expect:' line")


def test_there_are_position_files():
    """The folder holds at least one legal and one illegal position."""
    kinds = {bool(expected(p)) for p in FILES}
    assert kinds == {True, False}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_position_file(path):
    """IM 13.41/13.45 (retreat-through-ezoc), 6.12 (oos-placed-by-day), 4.52 (sector-change), and a
    legal Night Recovery Phase with a rally (recovery-legal)."""
    r = CliRunner().invoke(command, [str(path), "--json"], standalone_mode=False, catch_exceptions=True)
    assert r.exception is None, r.output
    want = expected(path)
    got = sorted(f["rule"] for f in json.loads(r.output)["findings"])
    assert got == want
    assert r.return_value == (1 if want else 0)
