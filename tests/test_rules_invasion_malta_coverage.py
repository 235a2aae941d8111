"""The Invasion: Malta coverage table (docs/rules/invasion_malta.md) names tests that exist and
rule ids the rule set can report; every predicate id of the spec's §4-§8 lists, and every bold
rule number of those sections, is in it."""
from __future__ import annotations

import re

from coverage_util import defined_tests, doc, matches, rule_source, spec_section, table_rows

DOC = doc("invasion_malta")


def predicate_rows() -> list[list[str]]:
    """Rows of the five-column predicate tables (spec id | rulebook | rule | tests | choice)."""
    return [r for r in table_rows(DOC, ("spec id",)) if len(r) == 5]


def test_every_listed_test_exists():
    """Each test named in the tests column is a test function of the Invasion: Malta test files."""
    listed = matches(predicate_rows(), 3, r"`(test_\w+)`")
    assert len(listed) > 40
    assert sorted(listed - defined_tests("test_rules_invasion_malta*.py")) == []


def test_checked_rows_have_tests_and_unchecked_rows_a_reason():
    """A row with a rule names at least one test; a "not checked" row says why."""
    rows = predicate_rows()
    assert len(rows) > 60
    for spec_id, _book, rule, tests, why in rows:
        if rule.startswith("not checked"):
            assert len(why) > 20, f"{spec_id}: not checked without a reason"
        else:
            assert re.search(r"`test_\w+`", tests), f"{spec_id}: checked ({rule}) but no test listed"


def test_listed_rule_ids_exist_in_the_rule_set():
    """Every rule number of the rule column (IM x.y) is one the Invasion: Malta modules report."""
    source = rule_source("games/invasion_malta/*.py")
    known = set(re.findall(r"\{P\} (\d+\.\d+)", source))
    listed = matches(predicate_rows(), 2, r"IM (\d+\.\d+)")
    assert listed and sorted(listed - known) == []


def test_every_spec_predicate_is_in_the_table():
    """Each predicate id of the spec's §4-§8 lists (P-S1…, Z1…, R0…, SUP-1…) has a row, and each
    bold rule number of those sections ([3.31], [8.21]…) appears in the rulebook column."""
    body = spec_section("invasion-malta.md", "\n## 4.", "\n## 9.")
    ids = set(re.findall(r"\*\*((?:P-S|SUP-|Z|R)\d+)\*\*", body))
    assert len(ids) == 27
    rows = predicate_rows()
    assert sorted(ids - {r[0] for r in rows}) == []
    numbers = {n for group in re.findall(r"\*\*\[(\d+\.\d+[^\]]*)\]", body) for n in re.findall(r"\d+\.\d+", group)}
    cited = {n for r in rows for n in re.findall(r"\d+\.\d+", r[1])}
    assert sorted(numbers - cited) == []
