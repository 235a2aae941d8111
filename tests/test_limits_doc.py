"""docs/limits.md shows the values of vmodgen/limits.py: its tables are generated from it."""
from __future__ import annotations

import re
from pathlib import Path

from vmodgen import limits

DOC = Path(__file__).resolve().parents[1] / "docs" / "limits.md"


def test_limits_doc_tables_are_generated_from_limits_py():
    text = DOC.read_text(encoding="utf-8")
    m = re.search(r"<!-- BEGIN limits.py -->\n(.*)<!-- END limits.py -->", text, re.S)
    assert m, "docs/limits.md lost its BEGIN/END limits.py marks"
    assert m.group(1) == limits.markdown_tables(), \
        "docs/limits.md is out of date: paste the output of `python -m vmodgen.limits` between its marks"


def test_every_limit_is_documented():
    names = {n for n in vars(limits) if n.startswith("MAX_")}
    documented = {row[1] for row in limits.DOCUMENTED}
    assert names == documented, names ^ documented


def test_a_changed_value_changes_the_tables(monkeypatch):
    before = limits.markdown_tables()
    monkeypatch.setattr(limits, "MAX_COMMANDS", limits.MAX_COMMANDS + 1)
    assert limits.markdown_tables() != before
