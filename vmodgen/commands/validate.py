"""``vmodgen validate [PATH...]``: load kits and report the first fault of each as file:line."""
from __future__ import annotations

import json

import click

from ..model import bundled_kits, load_kit
from ..model.summary import kit_summary, kit_summary_text


@click.command()
@click.argument("paths", nargs=-1)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def command(paths: tuple[str, ...], as_json: bool) -> int:
    """Validate kits: a kit id, a game.toml, or a folder holding one (default: every bundled kit).

    Exit code 0 when every kit is valid, 2 with `file:line: message` on the first fault.

    \b
    Examples:
      vmodgen validate                         # every bundled kit
      vmodgen validate my-game/                # a folder holding game.toml
      vmodgen validate my-game/game.toml --json"""
    targets = list(paths) or list(bundled_kits())
    out = []
    for target in targets:
        kit = load_kit(target)          # InputError → exit 2 with file:line
        out.append(kit)
    if as_json:
        click.echo(json.dumps([kit_summary(k) for k in out], indent=2, ensure_ascii=False))
    else:
        for k in out:
            click.echo(kit_summary_text(k))
            click.echo("  valid")
    return 0
