"""``vmodgen sanitize SAVE -o OUT``: a copy of a save/log with player passwords blanked."""
from __future__ import annotations

import click

from ..vassal.sanitize import sanitize_save
from .paths import FILE, OUTPUT, STDIO


@click.command()
@click.argument("save", type=FILE)
@click.option("-o", "--output", required=True, type=OUTPUT,
              help="Where to write the sanitized copy (never the input itself; '-': standard output).")
def command(save: str, output: str) -> int:
    """Write a copy of SAVE (.vsav/.vlog) with every player password blanked: the player
    id VASSAL writes in PLAYER, move (M/), UNMASK and note commands and in the state of
    masked, hidden and restricted pieces (added or changed). Only VASSAL's own zip entries
    are copied, with the times VASSAL wrote them (the copy invents none), and the zip comment
    says sanitize made the copy. SAVE is left untouched.

    \b
    Example:
      vmodgen sanitize turn3.vlog -o turn3-shared.vlog"""
    notes: list[str] = []
    if output == STDIO:
        count = _to_stdout(save, notes)
    else:
        count = sanitize_save(save, output, notes)
    where = "standard output" if output == STDIO else output
    click.echo(f"{where}: {count} command{'s' if count != 1 else ''} with a password blanked",
               err=output == STDIO)
    from ..errors import printable
    for note in notes:
        click.echo(f"note: {printable(note)}", err=True)
    click.echo("note: the copy keeps the times VASSAL wrote its entries with and says in its zip comment that "
               "sanitize made it; 'vmodgen integrity' of it says so (a copy packed again, passwords not "
               "comparable): an opponent checking your play needs the original", err=True)
    return 0


def _to_stdout(save: str, notes: list[str]) -> int:
    """Write the sanitized ``save`` to standard output (not a terminal: a zip there is noise),
    all built before the first byte is written; the number of commands changed."""
    import sys

    from ..errors import InputError
    from ..vassal.sanitize import sanitized_save_bytes
    if sys.stdout.isatty():
        raise InputError(STDIO, "standard output is a terminal: redirect it to a file, or give -o FILE")
    data, count = sanitized_save_bytes(save, notes)
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()
    return count

