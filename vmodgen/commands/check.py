"""``vmodgen check POSITION.toml [--json]``: the rule findings of one position."""
from __future__ import annotations

import json

import click

from ..errors import InputError
from ..rules.position_file import load_position
from ..rules import ruleset_for


@click.command()
@click.argument("position", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the findings as JSON.")
def command(position: str, as_json: bool) -> int:
    """Check one position (a TOML file, see docs/position-format.md) against its game's rules.

    Exit code 0 when the position is legal, 1 when there are findings, 2 on bad input.

    \b
    Examples:
      vmodgen check tests/data/positions/minikit-overstack.toml
      vmodgen check my-position.toml --json"""
    pos = load_position(position)
    try:
        findings = ruleset_for(pos.game).check(pos)
    except InputError as exc:              # a rule parameter of the kit or position is unusable
        raise exc.at(position) from None
    if as_json:
        click.echo(json.dumps({"findings": [f.to_json() for f in findings], "ignored": pos.ignored},
                              indent=2, ensure_ascii=False))
        return 1 if findings else 0
    for note in pos.ignored:
        click.echo(f"ignored: {note}")
    if not findings:
        click.echo(f"{position}: legal ({pos.game.name}, rule set {pos.game.ruleset})")
    else:
        for f in findings:
            click.echo(str(f))
        click.echo(f"{len(findings)} finding{'s' if len(findings) != 1 else ''}")
    return 1 if findings else 0
