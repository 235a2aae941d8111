"""The North Africa '41 position files (tests/data/positions/north_africa_41/): ``vmodgen check``
accepts each and reports what its ``# expect:`` line says (a rule id, or "legal"); and the files of
``stranger/``, spelt loosely or wrongly, each read or refused as its header says."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from vmodgen.commands.check import command

ROOT = Path(__file__).resolve().parent.parent
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


STRANGER = sorted((DATA / "stranger").glob("*.toml"))


def header(path: Path, key: str) -> str:
    tag = f"# {key}:"
    return next((ln[len(tag):].strip() for ln in path.read_text(encoding="utf-8").splitlines() if ln.startswith(tag)), "")


@pytest.mark.parametrize("path", STRANGER, ids=[p.stem for p in STRANGER])
def test_stranger_spelling(path: Path):
    """Positions as a stranger writes them, loosely or wrongly (tests/data/positions/north_africa_41/
    stranger/): ``# refused: TEXT``: exit 2, one line on stderr naming the file and its line and
    holding TEXT, no traceback, the file untouched; ``# accepted: legal`` or ``partial``: read, and
    judged so."""
    before = path.read_bytes()
    p = subprocess.run([sys.executable, "-m", "vmodgen", "check", str(path), "--json"], capture_output=True,
                       text=True, cwd=ROOT)
    assert path.read_bytes() == before
    refused, accepted = header(path, "refused"), header(path, "accepted")
    assert bool(refused) != bool(accepted), f"{path.name}: one of '# refused:' or '# accepted:'"
    if refused:
        lines = p.stderr.strip().splitlines()
        assert p.returncode == 2 and len(lines) == 1, p.stderr
        assert f"{path.name}:" in lines[0] and refused in lines[0] and "Traceback" not in p.stderr, lines[0]
        assert re.search(rf"{re.escape(path.name)}:\d+:", lines[0]), lines[0]
    else:
        report = json.loads(p.stdout)
        assert p.returncode == 0 and report["findings"] == [], p.stdout
        assert report["partial"] == (accepted == "partial"), report
