"""Round rulepos28: the rules its rulebook positions found unchecked (2.2.3 pools, 8.9.2 Auto DS
markers after combat, 10.4.1 remnants, 13.1.1-13.1.3 the marker a retreat leaves, 15.1 breakthrough
results): each ``r28-*`` position of ``tests/data/positions/rulebook/north_africa_41`` gives its
``# expect:`` verdict, and the legal twins differ from the illegal ones in one marker or place."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from vmodgen.commands.check import command

DATA = Path(__file__).resolve().parent / "data" / "positions" / "rulebook" / "north_africa_41"
FILES = sorted(DATA.glob("r28-*.toml"))


def verdict(path: Path) -> tuple[int, list[str], bool]:
    r = CliRunner().invoke(command, [str(path), "--json"], standalone_mode=False)
    report = json.loads(r.output)
    return r.return_value, [f["rule"] for f in report["findings"]], report["partial"]


def test_rulepos28_positions_written():
    assert len(FILES) >= 15


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_rulepos28_positions(path: Path):
    """Each position's verdict is its header's (legal: no finding, not partial)."""
    (want,) = [ln.split(":", 1)[1].strip() for ln in path.read_text(encoding="utf-8").splitlines()
               if ln.startswith("# expect:")]
    code, rules, partial = verdict(path)
    if want == "legal":
        assert code == 0 and rules == [] and not partial
    else:
        assert code == 1 and want in rules


def test_rulepos28_retreat_marker_twins(tmp_path):
    """13.1.2: the DR2 retreat of a Good Order unit with a Full Retreat marker is a finding; the same
    position with the Disrupted marker is legal."""
    src = (DATA / "r28-dr2-retreat-marked-full-retreat.toml").read_text(encoding="utf-8")
    assert "NA41 13.1.2" in verdict(DATA / "r28-dr2-retreat-marked-full-retreat.toml")[1]
    twin = tmp_path / "twin.toml"
    twin.write_text(src.replace('status = ["Full Retreat"]', 'status = ["Disrupted"]'), encoding="utf-8")
    assert verdict(twin)[:2] == (0, [])
