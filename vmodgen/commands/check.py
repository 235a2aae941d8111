"""``vmodgen check POSITION.toml [--json] [--strict]``: the rule findings of one position."""
from __future__ import annotations

import json

import click

from ..errors import InputError, printable
from ..rules.position_file import load_position
from ..rules import ruleset_for
from ..rules.illustrative import Annotator, coverage_line, has_illustrative, suffix
from .paths import FILE


@click.command()
@click.argument("position", type=FILE)
@click.option("--json", "as_json", is_flag=True, help="Print the findings as JSON.")
@click.option("--strict", is_flag=True,
              help="Exit 3, not 0, when nothing was found but the check was partial (names no rule reads, "
                   "a unit's movement allowance or stacking value missing, a rule whose precondition "
                   "the position does not record).")
def command(position: str, as_json: bool, strict: bool) -> int:
    """Check one position (a TOML file, see docs/position-format.md) against its game's rules.

    Exit code 0 when the position is legal (or nothing was found but the check was partial: 3
    with --strict), 1 when there are findings, 2 on bad input.

    \b
    Examples:
      vmodgen check tests/data/positions/minikit-overstack.toml
      vmodgen check my-position.toml --json"""
    pos = load_position(position)
    rs = ruleset_for(pos.game)
    rs.take_not_judged()                   # forget notes of an earlier check by the same rule set
    rs.take_rule_notes()
    try:
        findings = rs.check(pos)
    except InputError as exc:              # a rule parameter of the kit or position is unusable
        raise exc.at(position) from None
    # a rule that could not judge its precondition (RuleSet.not_judged) makes the check partial too
    gaps = rs.gaps(pos) + [f"{rule}: {why}" for rule, why in rs.take_not_judged().items()]
    # what the position means that is no verdict (the game ends here): said, never partial
    notes = rs.take_rule_notes()
    partial = [*pos.ignored, *gaps]
    code = 1 if findings else 3 if partial and strict else 0
    # a pass after the rules: which illustrative values each verdict and the whole check read
    annotator = Annotator(rs)
    rests = [annotator.inputs_of(f, pos) for f in findings]
    shown = has_illustrative(pos.game, pos.map, (u.unit for u in pos.units))
    read = annotator.position_inputs(pos) if shown else ()
    if as_json:
        out = {"findings": [{**f.to_json(), "illustrative": [i.to_json() for i in r]}
                            for f, r in zip(findings, rests)],
               "ignored": pos.ignored, "not_judged": gaps, "notes": notes, "partial": bool(partial),
               "illustrative": {"findings": sum(1 for r in rests if r), "of": len(findings),
                                "inputs": [i.to_json() for i in read]}}
        click.echo(json.dumps(out, indent=2, ensure_ascii=False))
        return code
    for note in pos.ignored:
        click.echo(f"ignored: {printable(note)}")
    for note in gaps:
        click.echo(f"not judged: {printable(note)}")
    for note in notes:
        click.echo(f"note: {printable(note)}")
    if not findings:
        if partial:
            click.echo(printable(f"{position}: partial: no findings, but {len(partial)} thing"
                       f"{'s' if len(partial) != 1 else ''} above could not be judged "
                       f"({pos.game.name}, rule set {pos.game.ruleset})"))
        else:
            click.echo(printable(f"{position}: legal ({pos.game.name}, rule set {pos.game.ruleset})"))
    else:
        for f, r in zip(findings, rests):
            click.echo(printable(str(f) + suffix(r)))  # unit names from the position file
        click.echo(f"{len(findings)} finding{'s' if len(findings) != 1 else ''}"
                   + (" (partial: see above)" if partial else ""))
    if shown:
        click.echo(printable(coverage_line(sum(1 for r in rests if r), len(findings), read, "the position's")))
    return code
