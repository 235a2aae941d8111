"""Positions written from the rulebooks (``tests/data/positions/rulebook/<game>/``), one rule edge each:
limits at and one past their value, exceptions, both sides, terrain and phase. Each file names the rule
(``# rule:``), quotes the Japanese rulebook with an English reading (``# book:``), states the book's verdict,
and ends its header with ``# expect:`` (a rule id the findings must hold, ``legal``, or ``partial``: no
finding, but the check says what it could not judge). ``vmodgen check`` must agree."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from vmodgen.commands.check import command

DATA = Path(__file__).resolve().parent / "data" / "positions" / "rulebook"
FILES = sorted(DATA.glob("*/*.toml"))


def header(path: Path, key: str) -> list[str]:
    """The values of the ``# key:`` lines of a position file's header."""
    tag = f"# {key}:"
    return [ln[len(tag):].strip() for ln in path.read_text(encoding="utf-8").splitlines() if ln.startswith(tag)]


def test_each_game_has_ten_positions_legal_and_illegal():
    """At least 10 positions per game, with legal, illegal and partial verdicts among them."""
    for game in ("operation_mercury", "invasion_malta", "north_africa_41"):
        files = [p for p in FILES if p.parent.name == game]
        assert len(files) >= 10, game
        verdicts = {header(p, "expect")[0] for p in files}
        assert {"legal", "partial"} <= verdicts and len(verdicts) > 2, game


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_rulebook_position(path: Path):
    """vmodgen check --json agrees with the book: exit 0 and no finding for "legal", else exit 1 with the
    expected rule among the findings; none of the ``# expect-not:`` rules; ``# expect-ignored:`` names text the ignored notes must hold, ``# expect-note:`` text a note must hold."""
    assert header(path, "rule") and header(path, "book"), f"{path.name}: no # rule: or # book: line"
    (want,) = header(path, "expect")
    r = CliRunner().invoke(command, [str(path), "--json"], standalone_mode=False, catch_exceptions=True)
    assert r.exception is None, r.output
    report = json.loads(r.output)
    rules = [f["rule"] for f in report["findings"]]
    if want == "legal":
        assert r.return_value == 0 and rules == [] and not report["partial"], report
    elif want == "partial":
        assert r.return_value == 0 and rules == [] and report["partial"], report
        strict = CliRunner().invoke(command, [str(path), "--strict"], standalone_mode=False)
        assert strict.return_value == 3 and "partial: no findings" in strict.output, strict.output
    else:
        assert r.return_value == 1 and want in rules, rules
    for rule in header(path, "expect-not"):
        assert rule not in rules, rules
    for text in header(path, "expect-not-judged"):
        assert any(text in note for note in report["not_judged"]), report["not_judged"]
    for text in header(path, "expect-ignored"):
        assert any(text in note for note in report["ignored"]), report["ignored"]
    for text in header(path, "expect-note"):
        assert any(text in note for note in report["notes"]), report["notes"]


def test_generic_move_without_allowance_is_partial(tmp_path):
    """The generic rule set (``movement_field`` "movement"): a unit that moved without the field is
    listed as not judged and the check ends "partial", not "legal"; with the field it is legal."""
    body = ('[position]\nname = "tiny"\n\n[[units]]\nid = "R1"\nside = "red"\nhex = "0103"\nprevious = "0101"\n'
            'path = ["0101", "0102", "0103"]\nvalues = {attack = 1, defense = 1, stacking = 1%s}\n\n'
            '[[units]]\nid = "B1"\nside = "blue"\nhex = "0909"\nvalues = {attack = 1, defense = 1, movement = 2, '
            'stacking = 1}\n')
    f = tmp_path / "p.toml"
    f.write_text(body % "", encoding="utf-8")
    r = CliRunner().invoke(command, [str(f)], standalone_mode=False)
    assert r.return_value == 0 and "not judged: R1 moved 0101 → 0103 without a movement allowance" in r.output
    assert "partial: no findings" in r.output and "legal" not in r.output
    f.write_text(body % ", movement = 2", encoding="utf-8")
    r = CliRunner().invoke(command, [str(f), "--strict"], standalone_mode=False)
    assert r.return_value == 0 and "legal" in r.output and "not judged" not in r.output
