"""``vmodgen sanitize SAVE -o OUT``: a copy of a save/log with player passwords blanked."""
from __future__ import annotations

import click

from ..vassal.sanitize import sanitize_save
from .paths import FILE


@click.command()
@click.argument("save", type=FILE)
@click.option("-o", "--output", required=True, type=FILE,
              help="Where to write the sanitized copy (never the input itself).")
def command(save: str, output: str) -> int:
    """Write a copy of SAVE (.vsav/.vlog) with every player password blanked: the player
    id VASSAL writes in PLAYER, move (M/), UNMASK and note commands and in the state of
    masked, hidden and restricted pieces (added or changed). Only VASSAL's own zip entries
    are copied. SAVE is left untouched.

    \b
    Example:
      vmodgen sanitize turn3.vlog -o turn3-shared.vlog"""
    count = sanitize_save(save, output)
    click.echo(f"{output}: {count} command{'s' if count != 1 else ''} with a password blanked")
    return 0
