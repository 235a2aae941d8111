"""The type checker (mypy, configured in pyproject.toml's ``[tool.mypy]``) on the whole
``vmodgen`` package: no error anywhere (issue 19 began with the rules, positions, audit and
VASSAL packages; the rest followed)."""
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


def test_whole_package_type_checks_clean(tmp_path):
    """No mypy error in any package: model, hexes, render, builder, binding, integrity, report,
    viewer, oob, commands and the CLI too."""
    found = errors(["vmodgen"], tmp_path)
    assert found == [], f"{len(found)} errors, the first: {found[:5]}"
