"""``vmodgen games``: list the bundled kits."""
from __future__ import annotations

import json

import click

from ..model import bundled_kits, load_kit
from ..model.summary import kit_summary, kit_summary_text


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def command(as_json: bool) -> None:
    """List the bundled game kits, with their counters, map and scenarios.

    \b
    Examples:
      vmodgen games
      vmodgen games --json"""
    kits = [load_kit(path) for path in bundled_kits().values()]
    if as_json:
        click.echo(json.dumps([kit_summary(k) for k in kits], indent=2, ensure_ascii=False))
        return
    if not kits:
        click.echo("no bundled kits found")
    for k in kits:
        click.echo(kit_summary_text(k))
