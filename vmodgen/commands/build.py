"""``vmodgen build [KIT...] [-o DIR]``: build VASSAL modules from kits (default: every bundled kit)."""
from __future__ import annotations

import contextlib
import json
import sys
import time
from pathlib import Path

import click

from ..builder.advice import kit_warnings
from ..builder.build import build_kit
from ..errors import InputError, printable
from ..model import Kit, bundled_kits, load_kit
from ..vassal.versions import DECLARED, DEFAULT_TARGET, TARGETS
from .paths import FOLDER


@click.command()
@click.argument("kits", nargs=-1)
@click.option("-o", "--output", "out_dir", default="build", show_default=True,
              type=FOLDER, help="Folder for the .vmod files.")
@click.option("--force", is_flag=True, help="Rebuild even when nothing changed.")
@click.option("--vassal", "vassal", type=click.Choice(TARGETS), default=DEFAULT_TARGET, show_default=True,
              help=f"VASSAL version the module targets: it declares it ({DECLARED['3.7']} or "
                   f"{DECLARED['3.8']}) and writes every trait in that version's canonical form. "
                   f"The default, {DEFAULT_TARGET}, opens with no dialog in VASSAL 3.7 and 3.8 alike; "
                   f"a 3.8 module makes VASSAL 3.7 warn that it is from a newer version.")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON summary.")
def command(kits: tuple[str, ...], out_dir: str, force: bool, vassal: str, as_json: bool) -> int:
    """Build a VASSAL module (.vmod) from each KIT: a bundled kit id, a game.toml, or a folder
    holding one. With no KIT, build every bundled kit.

    \b
    Examples:
      vmodgen build                          # every bundled game into build/
      vmodgen build operation-mercury -o out
      vmodgen build my-game/                 # your own kit (same layout)
      vmodgen build --vassal 3.8 -o out38    # a module declaring VASSAL 3.8"""
    targets = list(kits) or list(bundled_kits())
    if not targets:
        raise click.UsageError("no kit given and no bundled kits found")
    kits_loaded = _distinct([load_kit(target) for target in targets])  # every kit's errors before any output
    warnings = {kit.game.id: kit_warnings(kit) for kit in kits_loaded}
    for found in warnings.values():
        for w in found:
            click.echo(f"warning: {printable(w)}", err=True)
    results = []
    # the progress bar only on a terminal: a failing build prints its one error line and nothing else
    bar_ctx = (click.progressbar(length=len(targets) * 8, label="building", file=sys.stderr,
                                 show_eta=False, item_show_func=lambda s: s)
               if sys.stderr.isatty() else contextlib.nullcontext(None))
    with bar_ctx as bar:
        for kit in kits_loaded:
            start = time.perf_counter()

            def progress(msg: str, _kit=kit) -> None:
                if bar is not None:
                    bar.update(1, f"{_kit.game.id}: {msg}")
            try:
                result = build_kit(kit, out_dir, progress=progress, force=force, vassal=vassal)
            except BaseException:
                if bar is not None:
                    sys.stderr.write("\r\x1b[2K")           # the error line replaces the bar
                raise
            results.append((kit, result, time.perf_counter() - start))
    if as_json:
        click.echo(json.dumps([{"kit": k.game.id, "path": str(r.path), "skipped": r.skipped,
                                "entries": r.entries, "seconds": round(t, 3), "vassal": vassal,
                                "illustrative": k.has_illustrative, "warnings": warnings[k.game.id]}
                               for k, r, t in results], indent=2))
    else:
        for kit, result, seconds in results:
            what = ("unchanged" if result.skipped
                    else f"built for VASSAL {vassal} ({result.entries} entries)")
            note = "  [contains ILLUSTRATIVE values: see the module's help page]" if kit.has_illustrative else ""
            click.echo(f"{result.path}: {what} in {seconds:.2f} s{note}")
    return 0


def _distinct(kits: list[Kit]) -> list[Kit]:
    """Each kit once (the same game.toml named twice is built once); two kits of one game id are
    refused: both would be written to ``<id>.vmod``, the second over the first."""
    seen: dict[str, Kit] = {}
    out = []
    for kit in kits:
        first = seen.get(kit.game.id)
        if first is None:
            seen[kit.game.id] = kit
            out.append(kit)
        elif Path(first.path).resolve() != Path(kit.path).resolve():
            raise InputError(kit.path, f"game id '{kit.game.id}' is also the id of the kit {first.path}: both "
                                       f"would be built into {kit.game.id}.vmod; give one an id of its own")
    return out
