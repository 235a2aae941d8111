"""Shared by the rulepos round tests: a rulebook position's verdict by ``vmodgen check --json``."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from vmodgen.commands.check import command


def verdict(path: Path) -> tuple[int, list[str], bool]:
    """(exit code, the findings' rules, partial) of ``vmodgen check PATH --json``."""
    r = CliRunner().invoke(command, [str(path), "--json"], standalone_mode=False)
    report = json.loads(r.output)
    return r.return_value, [f["rule"] for f in report["findings"]], report["partial"]


def expected(path: Path) -> str:
    """The position's ``# expect:`` header."""
    (want,) = [ln.split(":", 1)[1].strip() for ln in path.read_text(encoding="utf-8").splitlines()
               if ln.startswith("# expect:")]
    return want


def assert_expected(path: Path) -> None:
    """The position gives its header's verdict (legal: no finding, not partial; partial: no finding,
    partial; else that rule)."""
    want = expected(path)
    code, rules, partial = verdict(path)
    if want == "legal":
        assert code == 0 and rules == [] and not partial
    elif want == "partial":
        assert code == 0 and rules == [] and partial
    else:
        assert code == 1 and want in rules
