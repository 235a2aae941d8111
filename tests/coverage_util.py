"""Shared by the rules coverage tests: the rows of a ``docs/rules/<game>.md`` table, the test
functions a family of test files defines, the source of a game's rule modules and a section of
the game's shared spec (``../shared/rules/<game>.md``)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
RULES = ROOT / "vmodgen" / "rules"
SPECS = ROOT.parent / "shared" / "rules"


def doc(game: str) -> Path:
    """The coverage table of ``game`` (``invasion_malta``...)."""
    return ROOT / "docs" / "rules" / f"{game}.md"


def table_rows(path: Path, headers: tuple[str, ...]) -> list[list[str]]:
    """The stripped cells of each row of the Markdown tables in ``path``; the ``|---|`` rulers, the
    rows whose first cell is one of ``headers`` (the header rows) and the parameters section
    written from the rule set's PARAMS (:mod:`vmodgen.rules.params_doc`) are left out."""
    from vmodgen.rules.params_doc import BEGIN, END
    text = path.read_text(encoding="utf-8")
    while BEGIN in text:
        head, _, rest = text.partition(BEGIN)
        text = head + rest.partition(END)[2]
    rows = []
    for line in text.splitlines():
        if line.startswith("|") and not set(line) <= set("|- "):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if cells[0] not in headers:
                rows.append(cells)
    return rows


def matches(rows: list[list[str]], column: int, pattern: str) -> set[str]:
    """Every match of the regular expression ``pattern`` in the cell ``column`` of the rows (its
    group when it has one)."""
    return {m for r in rows for m in re.findall(pattern, r[column])}


def defined_tests(pattern: str) -> set[str]:
    """The names of the test functions defined at the top level of the files ``tests/<pattern>``."""
    names = set()
    for f in TESTS.glob(pattern):
        tree = ast.parse(f.read_text(encoding="utf-8"))
        names |= {n.name for n in tree.body if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")}
    return names


def rule_source(pattern: str) -> str:
    """The text of the rule modules ``vmodgen/rules/<pattern>``, one after the other."""
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(RULES.glob(pattern)))


def spec_section(name: str, start: str, end: str) -> str:
    """The text of the shared spec ``name`` from ``start`` up to ``end``; the test is skipped when
    the read-only ../shared folder is absent."""
    path = SPECS / name
    if not path.is_file():
        pytest.skip(f"the shared spec is absent ({path})")
    text = path.read_text(encoding="utf-8")
    return text[text.index(start):text.index(end)]
