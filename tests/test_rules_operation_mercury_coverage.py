"""docs/rules/operation_mercury.md against the tests and the spec: every test the table names
exists, every checked row names a rule id the rule set can emit, and every predicate id of the
spec's §4-§8 lists has a row."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "rules" / "operation_mercury.md"
SPEC = ROOT.parent / "shared" / "rules" / "operation-mercury.md"


def rows() -> list[list[str]]:
    out = []
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if not line.startswith("|") or line.startswith("|---") or line.startswith("| Spec id"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        assert len(cells) == 5, line
        out.append(cells)
    return out


def defined_tests() -> set[str]:
    names = set()
    for f in (ROOT / "tests").glob("test_rules_operation_mercury*.py"):
        names.update(re.findall(r"^def (test_\w+)", f.read_text(encoding="utf-8"), re.M))
    return names


def test_every_named_test_exists():
    """Each test the table names is a test function of tests/test_rules_operation_mercury*.py."""
    have = defined_tests()
    named = {t for r in rows() for t in re.findall(r"test_\w+", r[3])}
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
    src = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "vmodgen" / "rules").glob("operation_mercury*.py"))
    ids = {m for r in rows() for m in re.findall(r"OM (\d+\.\d+)", r[2])}
    missing = sorted(i for i in ids if f"{i}" not in src)
    assert missing == []


def test_every_spec_predicate_id_has_a_row():
    """Every ST-n / Z-n id in the spec's §4-§8 appears in the table's first column."""
    if not SPEC.is_file():
        pytest.skip(f"{SPEC} is absent (../shared is not checked out)")
    text = SPEC.read_text(encoding="utf-8")
    start, end = text.index("## 4. STACKING"), text.index("## 9.")
    ids = set(re.findall(r"\b((?:ST|Z)-\d+)\b", text[start:end]))
    assert ids, "no predicate ids found in the spec"
    listed = {r[0] for r in rows()}
    assert sorted(ids - listed) == []
