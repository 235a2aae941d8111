"""Cases the issue-22 fuzz campaigns found (fuzz/campaign.py, fuzz/process.py), each kept as a test."""
from __future__ import annotations

import pytest

from vmodgen.vassal.turns import LevelDef, turn_display


@pytest.mark.parametrize("state", ["-4", "-1|1;0", "0|-7;-3;false;-1", "-2147483648", "5|x"])
def test_turn_state_with_negative_or_missing_levels_is_shown_not_crashed(state):
    """process fuzz: a log's ``TURN<id>\\t-4`` crashed audit (IndexError, exit 70)."""
    levels = [LevelDef("counter", "Turn", start=1, items=[], sublevels=[
        LevelDef("list", "Phase", start=0, items=["a", "b"], sublevels=[])])]
    shown = turn_display(levels, state)
    assert isinstance(shown.text, str)


def test_validate_prints_one_line_per_fault_each_naming_its_file(tmp_path):
    """process fuzz (re-check run, seed 2214): ``validate`` on a kit with several faults exits 2
    with one ``vmodgen: <file>:<line>: ...`` line per fault. That is its documented output, not
    a finding; fuzz/process.py now accepts it for ``validate`` (every other command: one line)."""
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    kit = tmp_path / "kit"
    shutil.copytree(Path(__file__).parent / "data" / "minikit", kit)
    terrain = kit / "main.csv"
    rows = terrain.read_text(encoding="utf-8").splitlines()
    terrain.write_text("\n".join(rows + rows[1:3]) + "\n", encoding="utf-8")   # two hexes listed twice
    proc = subprocess.run([sys.executable, "-m", "vmodgen", "validate", str(kit)],
                          capture_output=True, text=True, cwd=tmp_path, timeout=120)
    lines = proc.stderr.strip().splitlines()
    assert proc.returncode == 2, proc.stderr
    assert len(lines) >= 2
    assert all(line.startswith(f"vmodgen: {terrain}:") for line in lines), lines
    assert "Traceback" not in proc.stderr
