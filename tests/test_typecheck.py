"""The type checker (mypy, configured in pyproject.toml's ``[tool.mypy]``) on the packages issue 19
names: ``vmodgen/rules``, ``vmodgen/positions``, ``vmodgen/audit`` and ``vmodgen/vassal`` are
clean."""
from __future__ import annotations

import pytest

from import_graph_util import ROOT

api = pytest.importorskip("mypy.api", reason="mypy is not installed (pip install -e '.[test]')")


def errors(packages: list[str], cache) -> list[str]:
    """mypy's error lines for ``packages`` (paths below the project root), run from the root."""
    out, err, _ = api.run(["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(cache),
                           *[str(ROOT / p) for p in packages]])
    assert not err.strip(), err
    return [line for line in out.splitlines() if ": error:" in line]


def test_rules_and_positions_type_check_clean(tmp_path):
    """No mypy error in the rule sets and the positions."""
    assert errors(["vmodgen/rules", "vmodgen/positions"], tmp_path) == []


def test_audit_and_vassal_type_check_clean(tmp_path):
    """No mypy error in the audit and the VASSAL readers and writers."""
    found = errors(["vmodgen/audit", "vmodgen/vassal"], tmp_path)
    assert found == [], f"{len(found)} errors, the first: {found[:5]}"
