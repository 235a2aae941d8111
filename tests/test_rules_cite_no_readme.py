"""A rule module's reasons cite the rulebook or say plainly that they are an assumption, never a
README (review rv-m23 item 8: ``tracker_lag``'s docstring gave "recorded logs' README, two
activations" as the ground for how a player steps the tracker through a repeated segment)."""
from __future__ import annotations

from pathlib import Path

import vmodgen

RULES = Path(vmodgen.__file__).parent / "rules"


def test_rule_modules_cite_no_readme():
    found = [f"{p.relative_to(RULES)}:{n}" for p in sorted(RULES.rglob("*.py"))
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if "readme" in line.lower()]
    assert found == [], found
