"""``vmodgen audit FILE... [--module M.vmod] [--game KIT | --binding B.toml] [--format F] [-o OUT]
[--jobs N] [--force] [--keep-order] [--strict] [--reveal-hidden]``: replay saves/logs through the rules and report every violation."""
from __future__ import annotations

import click

from ..errors import InputError
from .paths import FILE, OUTPUT, STDIO
from .patterns import expand_patterns


@click.command()
@click.argument("files", nargs=-1, required=True, type=FILE, callback=expand_patterns)
@click.option("--module", "module", type=FILE, help="The module the game was played with.")
@click.option("--game", "game", help="The kit a vmodgen-built module was built from (folder or game.toml): needed only when "
                   "it is not bundled; a bundled game's module names its own kit.")
@click.option("--binding", "binding", type=FILE,
              help="A binding file for a module vmodgen did not build.")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "html"]), default="text", show_default=True)
@click.option("-o", "--output", "output", type=OUTPUT, help="Write the report here ('-': standard output, the default).")
@click.option("--force", "force", is_flag=True,
              help="Audit even a file whose own metadata names another module than --module.")
@click.option("--keep-order", "keep_order", is_flag=True,
              help="Audit the files in the order given (default: natural name order, turn2 before turn10).")
@click.option("--replay", "replay_out", type=OUTPUT,
              help="Also write the browser replay of the files here (vmodgen replay); an HTML report "
                   "links each finding to it at its step.")
@click.option("--jobs", "jobs", type=click.IntRange(0, 256), default=1, show_default=True,
              help="Files audited in parallel (0 = one per core); the report is the same as with 1. "
                   "Rules that carry facts between files (the bundled games), and a phase read from "
                   "who moves, audit in order.")
@click.option("--strict", "strict", is_flag=True,
              help="Exit 3, not 0, when nothing was found but the audit was partial (unit moves "
                   "not judged, or no piece recognised as a unit) or warned (e.g. files out of play order).")
@click.option("--reveal-hidden", "reveal_hidden", is_flag=True,
              help="Name the units their owner masked or hid (VASSAL's Mask and Invisible traits) in full, "
                   "and say so (default: as an opponent sees them: by the mask; a hidden unit and its hexes "
                   "not at all).")
def command(files: tuple[str, ...], module: str | None, game: str | None, binding: str | None, fmt: str,
            output: str | None, jobs: int, force: bool = False, keep_order: bool = False,
            replay_out: str | None = None, strict: bool = False, reveal_hidden: bool = False) -> int:
    """Audit saves and play-by-email logs (in play order) against the game's rules.

    Exit code 0 when nothing was found, 1 when there are findings, 2 on bad input; with
    --strict, 3 when nothing was found but the report says 'partial' or warns.

    \b
    Examples:
      vmodgen audit turn1.vlog turn2.vlog --module build/north-africa-41.vmod
      vmodgen audit turn*.vlog --module build/north-africa-41.vmod --format html -o audit.html
      vmodgen audit game*.vlog --module Kassala.vmod --binding kassala.toml   # a module vmodgen did not build
      (start a binding with: vmodgen bind Kassala.vmod --rules generic --log game1.vlog -o kassala.toml)"""
    from ..audit import audit
    from ..report import render
    from ..safeio import write_files_atomic
    if game and binding:
        raise click.UsageError("give either --game or --binding, not both")
    if output == STDIO:
        output = None
    if replay_out == STDIO:
        raise InputError(replay_out, "--replay writes a page beside the report: give it a file name")
    from pathlib import Path
    inputs = {Path(p).resolve() for p in (*files, module, binding) if p}
    for out in (output, replay_out):
        if out and Path(out).resolve() in inputs:
            raise InputError(out, "the report would overwrite an input file")
    if replay_out and output and Path(replay_out).resolve() == Path(output).resolve():
        raise InputError(replay_out, "the replay page and the report would be the same file")
    if jobs == 0:
        import os
        jobs = os.cpu_count() or 1
    result = audit(list(files), module=module, game=game, binding=binding, jobs=jobs, force=force,
                   keep_order=keep_order, reveal_hidden=reveal_hidden)
    from ..errors import printable
    for msg in result.coverage.get("warnings", []):
        click.echo(f"warning: {printable(msg)}", err=True)
    options = {}
    if replay_out:
        import os

        from ..viewer import replay_page
        page = replay_page([f.path for f in result.files], module=module, game=game, binding=binding,
                           reveal_hidden=reveal_hidden)
        if fmt == "html":
            base = Path(output).resolve().parent if output else Path.cwd()
            options["viewer_page"] = Path(os.path.relpath(Path(replay_out).resolve(), base)).as_posix()
    text = render(result, fmt, reveal_hidden=reveal_hidden, **options)
    from ..audit.coverage import not_judged_sentence, partial_sentence
    partial = partial_sentence(result.coverage)
    # the page and the report are one output: both written, or neither (a full disk at the second)
    written = [(replay_out, page.encode("utf-8"))] if replay_out else []
    if output:
        written.append((output, text.encode("utf-8")))
    write_files_atomic(written)
    if output:
        click.echo(f"{output}: {len(result.findings)} finding(s), {len(result.continuity)} continuity issue(s)"
                   + (f"; {partial}" if partial else ""))
        # the rules not judged, as the report's top says them (imfix25: before, only in the file)
        unjudged = not_judged_sentence(result.coverage)
        if unjudged:
            click.echo(unjudged)
    else:
        click.echo(text, nl=False)
    if strict and (partial or result.coverage.get("warnings")) and not result.findings:
        return 3
    return result.exit_code
