"""``vmodgen oob KIT|MODULE.vmod --format html|md|csv|json [-o FILE]``."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ..errors import printable
from ..model import load_kit
from ..safeio import refuse_overwrite
from ..oob import FORMATS, kit_oob, module_oob, to_csv, to_html, to_json, to_markdown, write_oob
from .paths import OUTPUT

if TYPE_CHECKING:
    from ..oob.collect import KitOob, ModuleOob


def _is_module(source: str) -> bool:
    p = Path(source)
    if p.suffix.lower() in (".vmod", ".mod", ".vmdx", ".zip"):
        return True
    try:
        if not p.is_file():
            return False
        with open(p, "rb") as fh:           # two bytes, not the whole file
            return fh.read(2) == b"PK"
    except OSError:
        return False


@click.command()
@click.argument("source")
@click.option("-f", "--format", "fmt", type=click.Choice(FORMATS), default="html", show_default=True)
@click.option("-o", "--output", default=None, type=OUTPUT,
              help="Output file ('-' for standard output; default build/<name>-oob.<format>).")
@click.option("--no-pictures", is_flag=True, help="Leave out the counter pictures.")
def command(source: str, fmt: str, output: str | None, no_pictures: bool) -> int:
    """An order-of-battle reference of a kit (every unit by side and formation, with counter
    pictures, values, set-up hexes and arrival turns) or of any VASSAL module (its palette
    pieces with pictures, names and Marker properties).

    \b
    Examples:
      vmodgen oob operation-mercury                      # build/operation-mercury-oob.html
      vmodgen oob north-africa-41 --format csv -o na41.csv
      vmodgen oob Kassala.vmod --format md               # Markdown + images folder"""
    pictures = not no_pictures and fmt in ("html", "md")      # CSV and JSON show no pictures
    if _is_module(source):
        from ..vassal.module import read_module
        oob: ModuleOob | KitOob = module_oob(read_module(source), source, pictures=pictures)
        stem = Path(source).stem
        inputs: list = [source]
    else:
        kit = load_kit(source)
        oob = kit_oob(kit, pictures=pictures)
        stem = kit.game.id
        map_dir = kit.files[2].parent
        inputs = list(kit.files) + [p for p in map_dir.iterdir() if p.is_file()]
    if output == "-":
        if fmt == "md":
            text, _ = to_markdown(oob, None, ".")      # image links only: no folder to write to
        else:
            text = {"csv": to_csv, "json": to_json, "html": to_html}[fmt](oob)
        sys.stdout.write(text)
        if oob.partial():
            click.echo(printable(oob.partial() or ""), err=True)   # image names from the module
        return 0
    target = Path(output) if output else Path("build") / f"{stem}-oob.{fmt}"
    refuse_overwrite(target, inputs)
    written = write_oob(oob, fmt, target)
    extra = f" (+{len(written) - 1} images)" if len(written) > 1 else ""
    partial = oob.partial()
    click.echo(printable(f"{target}{extra}" + (f"; {partial}" if partial else "")))
    return 0
