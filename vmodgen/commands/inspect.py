"""``vmodgen inspect FILE``: what is in a VASSAL module, save or log.

For a module: maps, boards, grids, piece slots, prototypes, setups. For a save or log:
its encoding, VASSAL version, number of log steps and, after step N (default: the last;
0: the log's starting state), every piece with its map, position, hex label (from
``--module``'s grid), stack and properties; a piece its owner masked or hid as an opponent
sees it unless ``--reveal-hidden``. Passwords are never printed.
"""
from __future__ import annotations

import json
from pathlib import Path

import click

from ..errors import InputError
from ..safeio import SafeZip
from ..vassal import inspecting
from .paths import FILE


def _kind(path: str) -> str:
    """``module`` or ``save`` by content (a zip with a build file, or a saved game)."""
    p = Path(path)
    if not p.exists():
        raise InputError(path, "no such file")
    if p.is_dir():
        raise InputError(path, "is a folder, not a file")
    with open(p, "rb") as fh:
        head = fh.read(4)
    if head[:2] != b"PK":
        return "save"          # a bare saved-game text; the save reader checks it
    with SafeZip(path) as z:
        if "savedGame" in z:
            return "save"
        if "buildFile.xml" in z or "buildFile" in z:
            return "module"
    raise InputError(path, "neither a VASSAL module (no buildFile.xml) nor a save or log (no savedGame)")


@click.command()
@click.argument("file", type=FILE)
@click.option("--module", "module_path", type=FILE, default=None, metavar="M.vmod",
              help="Module whose grids give hex labels (and prototypes give properties).")
@click.option("--step", type=int, default=None, metavar="N",
              help="Show the pieces after log step N (0: the log's starting state; default: the last).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table (compact: one line).")
@click.option("--indent", type=click.IntRange(0, 16), default=None, metavar="N",
              help="With --json: indent nested values by N spaces (readable, larger, slower).")
@click.option("--reveal-hidden", is_flag=True,
              help="Show pieces masked or hidden by their owner in full (for the owner, a referee "
                   "or after the game); the output says so.")
def command(file: str, module_path: str | None, step: int | None, as_json: bool, indent: int | None,
            reveal_hidden: bool) -> None:
    """Show what is in a VASSAL module, save or log: maps, grids, palettes and setups of a
    module; for a save or log, every piece after a step with its map, position, hex label,
    stack and properties. A piece its owner masked (Mask) or hid (Invisible) is shown as an
    opponent sees it: "(masked)" with no properties from under the mask, "(hidden)" with no
    place at all; --reveal-hidden shows them in full. Player passwords are never shown.

    \b
    Examples:
      vmodgen inspect build/operation-mercury.vmod
      vmodgen inspect turn3.vlog --module build/operation-mercury.vmod
      vmodgen inspect turn3.vlog --module game.vmod --step 0 --json   # the log's starting state
      vmodgen inspect turn3.vlog --json --indent 2                     # readable JSON
      vmodgen inspect turn3.vlog --reveal-hidden                       # masked pieces too"""
    from ..vassal.module import read_module
    kind = _kind(file)
    if kind == "module" and step is not None:
        raise InputError(file, f"a module has no log steps: --step applies to a save or log "
                               f"(vmodgen inspect LOG.vlog --module {file} --step {step})")
    if kind == "module":
        module = read_module(file)
        out = inspecting.module_summary(module)
        click.echo(_json(out, indent) if as_json else inspecting.module_text(out))
        return
    played_with = read_module(module_path) if module_path else None
    out = inspecting.inspect_save(file, played_with, step, reveal_hidden)
    click.echo(_json(out, indent) if as_json else inspecting.save_text(out))


def _json(out: dict, indent: int | None) -> str:
    """Compact JSON by default (a log's pieces make a large document); indented on request."""
    if indent is None:
        return json.dumps(out, ensure_ascii=False, separators=(",", ":"))
    return json.dumps(out, indent=indent, ensure_ascii=False)
