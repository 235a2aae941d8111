"""``vmodgen replay FILE... [--module M] [--game KIT | --binding B] -o game.html``: a replay of
saves/logs that a player opens in any browser."""
from __future__ import annotations

import click

from ..errors import InputError
from .paths import FILE, OUTPUT, STDIO
from .patterns import expand_patterns


@click.command()
@click.argument("files", nargs=-1, required=True, type=FILE, callback=expand_patterns)
@click.option("--module", "module", type=FILE,
              help="The module the game was played with (its boards, pieces and grids).")
@click.option("--game", "game", help="The kit a vmodgen-built module was built from (folder or game.toml): needed only when "
                   "it is not bundled; a bundled game's module names its own kit.")
@click.option("--binding", "binding", type=FILE,
              help="A binding file for a module vmodgen did not build (its findings are listed).")
@click.option("-o", "--output", "output", required=True, type=OUTPUT,
              help="The HTML file to write.")
@click.option("--keep-order", "keep_order", is_flag=True,
              help="Replay the files in the order given (by default files given in plain name order, as a "
                   "shell glob gives them, are replayed in natural order: turn2 before turn10).")
@click.option("--force", "force", is_flag=True,
              help="Replay a file whose own metadata names another module than --module (refused otherwise).")
@click.option("--reveal-hidden", is_flag=True,
              help="Draw pieces masked or hidden by their owner in full (for the owner, a referee or "
                   "after the game); the page says so.")
def command(files: tuple[str, ...], module: str | None, game: str | None, binding: str | None,
            output: str, reveal_hidden: bool, force: bool = False, keep_order: bool = False) -> int:
    """Write one self-contained HTML page that steps through saves and logs (in play order) on
    the module's maps: play/pause, step, slider, bookmarks per file, turn and phase, move
    arrows, chat and dice, and the audit's findings at their steps (with a vmodgen-built module,
    --game or --binding). No network needed: open it from disk or an email. A piece its owner
    masked or hid is drawn as an opponent sees it (its mask; nothing) unless --reveal-hidden.

    \b
    Examples:
      vmodgen replay turn*.vlog --module build/north-africa-41.vmod -o game.html
      vmodgen replay 0606-*.log --module tld.vmod --binding examples/tld/binding.toml -o tld.html"""
    from pathlib import Path

    from ..safeio import write_text_atomic
    from ..viewer import replay_page
    if game and binding:
        raise click.UsageError("give either --game or --binding, not both")
    inputs = {Path(p).resolve() for p in (*files, module, binding) if p}
    if output != STDIO and Path(output).resolve() in inputs:
        raise InputError(output, "the page would overwrite an input file")
    for p in (*files, *(x for x in (module, binding) if x)):
        if not Path(p).is_file():
            raise InputError(p, "no such file")
    text = replay_page(list(files), module=module, game=game, binding=binding, reveal_hidden=reveal_hidden,
                       force=force, keep_order=keep_order)
    if output == STDIO:
        click.echo(text, nl=False)
        return 0
    write_text_atomic(output, text)
    size = len(text.encode("utf-8"))
    click.echo(f"{output}: {size / 1e6:.1f} MB" if size >= 1e6 else f"{output}: {max(1, round(size / 1e3))} kB")
    return 0
