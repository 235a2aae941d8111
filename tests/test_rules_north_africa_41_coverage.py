"""The North Africa '41 coverage table (docs/rules/north_africa_41.md) names tests that exist, and
rule ids the rule set can report; every predicate id of the spec's §4-§8 lists is in it."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "rules" / "north_africa_41.md"
SPEC = ROOT.parent / "shared" / "rules" / "north-africa-41.md"
RULES = ROOT / "vmodgen" / "rules"


def table_rows() -> list[list[str]]:
    rows = []
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("|") and not set(line) <= set("|- "):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if cells and cells[0] not in ("spec id", "rule", "key"):
                rows.append(cells)
    return rows


def predicate_rows() -> list[list[str]]:
    return [r for r in table_rows() if len(r) == 5]


def test_names() -> set[str]:
    names = set()
    for f in (ROOT / "tests").glob("test_rules_north_africa_41*.py"):
        tree = ast.parse(f.read_text(encoding="utf-8"))
        names |= {n.name for n in tree.body if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")}
    return names


test_names.__test__ = False     # a helper, not a test


def test_every_listed_test_exists():
    """Each test named in the table's tests column is a test function of the NA41 test files."""
    have = test_names()
    listed = {t for r in predicate_rows() for t in re.findall(r"`(test_\w+)`", r[3])}
    assert listed, "the table lists no tests"
    assert sorted(listed - have) == []


def test_every_checked_row_has_tests_and_every_unchecked_row_a_reason():
    """A row with a rule names at least one test; a "not checked" row says why."""
    for spec_id, _book, rule, tests, why in predicate_rows():
        if rule.startswith("not checked"):
            assert why, f"{spec_id}: not checked without a reason"
        elif rule not in ("—", "-"):
            assert re.search(r"`test_\w+`", tests), f"{spec_id}: checked ({rule}) but no test listed"


def test_listed_rule_ids_appear_in_the_rule_set():
    """Every rule number in the rule column (NA41 x.y) is a rule id the NA41 modules can report."""
    source = "\n".join(p.read_text(encoding="utf-8") for p in RULES.glob("north_africa_41*.py"))
    known = set(re.findall(r'\{P\} (\d+(?:\.\d+)*)', source)) | set(re.findall(r'"(\d+\.\d+(?:\.\d+)?)"', source))
    listed = set()
    for r in predicate_rows():
        if r[2].startswith("NA41"):
            listed |= set(re.findall(r"(\d+(?:\.\d+)+)", r[2]))
    assert listed and sorted(listed - known) == []


def test_every_spec_predicate_id_is_in_the_table():
    """Each predicate id of the spec's §4-§8 lists (S1…, Z1…) has a row."""
    if not SPEC.is_file():
        pytest.skip(f"the shared spec is absent ({SPEC})")
    text = SPEC.read_text(encoding="utf-8")
    start, end = text.index("## 4. STACKING"), text.index("## 9.")
    ids = set(re.findall(r"\*\*([SZ]\d+)\b", text[start:end]))
    assert len(ids) >= 20
    rows = {r[0] for r in predicate_rows()}
    assert sorted(ids - rows) == []
