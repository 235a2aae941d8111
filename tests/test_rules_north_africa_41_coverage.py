"""The North Africa '41 coverage table (docs/rules/north_africa_41.md) names tests that exist, and
rule ids the rule set can report; every predicate id of the spec's §4-§8 lists is in it."""
from __future__ import annotations

import re

from coverage_util import defined_tests, doc, matches, rule_source, spec_section, table_rows

DOC = doc("north_africa_41")


def predicate_rows() -> list[list[str]]:
    return [r for r in table_rows(DOC, ("spec id", "rule", "key")) if len(r) == 5]


def test_every_listed_test_exists():
    """Each test named in the table's tests column is a test function of the NA41 test files."""
    have = defined_tests("test_rules_north_africa_41*.py")
    listed = matches(predicate_rows(), 3, r"`(test_\w+)`")
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
    source = rule_source("games/north_africa_41/*.py")
    known = set(re.findall(r'\{P\} (\d+(?:\.\d+)*)', source)) | set(re.findall(r'"(\d+\.\d+(?:\.\d+)?)"', source))
    # (scenario rules, S1.2..., are ids of their own: not section numbers)
    listed = matches([r for r in predicate_rows() if r[2].startswith("NA41")], 2, r"(?<![S\d.])(\d+(?:\.\d+)+)")
    assert listed and sorted(listed - known) == []


def test_every_spec_predicate_id_is_in_the_table():
    """Each predicate id of the spec's §4-§8 lists (S1…, Z1…) has a row."""
    ids = set(re.findall(r"\*\*([SZ]\d+)\b", spec_section("north-africa-41.md", "## 4. STACKING", "## 9.")))
    assert len(ids) >= 20
    rows = {r[0] for r in predicate_rows()}
    assert sorted(ids - rows) == []
