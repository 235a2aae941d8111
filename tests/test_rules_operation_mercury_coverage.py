"""docs/rules/operation_mercury.md against the tests and the spec: every test the table names
exists, every checked row names a rule id the rule set can emit, and every predicate id of the
spec's §4-§8 lists has a row."""
from __future__ import annotations

import re

from coverage_util import defined_tests, doc, matches, rule_source, spec_section, table_rows

DOC = doc("operation_mercury")


def rows() -> list[list[str]]:
    out = table_rows(DOC, ("Spec id",))
    for cells in out:
        assert len(cells) == 5, cells
    return out


def test_every_named_test_exists():
    """Each test the table names is a test function of tests/test_rules_operation_mercury*.py."""
    have = defined_tests("test_rules_operation_mercury*.py")
    named = matches(rows(), 3, r"test_\w+")
    assert named, "the table names no tests"
    assert sorted(named - have) == []


def test_checked_rows_name_tests_and_unchecked_rows_say_why():
    """A row with a rule id names at least one test; a "not checked" row gives a reason."""
    for spec_id, _, rule, tests, why in rows():
        if rule.startswith("not checked") or rule.startswith("no predicate"):
            assert why, spec_id
        else:
            assert re.search(r"test_\w+", tests), spec_id


def test_rule_ids_in_the_table_are_emitted_by_the_code():
    """Every "OM x.y" the table names occurs in the rule set's source."""
    src = rule_source("games/operation_mercury/*.py")
    ids = matches(rows(), 2, r"OM (\d+\.\d+)")
    missing = sorted(i for i in ids if f"{i}" not in src)
    assert missing == []


def test_every_spec_predicate_id_has_a_row():
    """Every ST-n / Z-n id in the spec's §4-§8 appears in the table's first column."""
    ids = set(re.findall(r"\b((?:ST|Z)-\d+)\b", spec_section("operation-mercury.md", "## 4. STACKING", "## 9.")))
    assert ids, "no predicate ids found in the spec"
    listed = {r[0] for r in rows()}
    assert sorted(ids - listed) == []
