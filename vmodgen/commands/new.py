"""``vmodgen new DIR``: write a small complete kit to start a game from."""
from __future__ import annotations

import re
from pathlib import Path

import click

from ..errors import InputError
from ..model.kit import load_kit
from ..safeio import write_text_atomic
from .paths import FOLDER

TEMPLATE = Path(__file__).resolve().parents[1] / "newkit"
FILES = ("game.toml", "roster.csv", "map.toml", "main.csv", "scenarios.toml")


def kit_id_from(folder: Path) -> str:
    """A kit id from a folder name: letters, digits, '-', '_' and '.'."""
    slug = re.sub(r"[^A-Za-z0-9_.\-]+", "-", folder.resolve().name).strip("-._")
    return slug or "my-game"


def _toml_text(value: str) -> str:
    """``value`` inside a TOML basic string."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


def write_new_kit(folder: str | Path, kit_id: str | None = None, name: str | None = None) -> list[Path]:
    """Write the starter kit into ``folder`` (absent or empty) and check that it loads."""
    folder = Path(folder)
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise InputError(folder, "exists and is not an empty folder: name a new one")
    kit_id = kit_id or kit_id_from(folder)
    if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.\-]*", kit_id) or len(kit_id) > 64:
        raise InputError(folder, f"--id {kit_id!r} must be ASCII letters, digits, '-', '_' or '.' (at most 64)")
    name = name or kit_id.replace("-", " ").replace("_", " ").title()
    if len(name) > 200 or any(ord(c) < 32 for c in name):
        raise InputError(folder, "--name must be one line of at most 200 characters")
    written = []
    for file in FILES:
        text = (TEMPLATE / file).read_text(encoding="utf-8")
        text = text.replace("{id}", kit_id).replace("{name}", _toml_text(name))
        write_text_atomic(folder / file, text)
        written.append(folder / file)
    load_kit(folder)          # the starter must load; a fault here is vmodgen's
    return written


@click.command()
@click.argument("folder", type=FOLDER)
@click.option("--id", "kit_id", help="The game's id (default: from the folder's name).")
@click.option("--name", help="The game's title (default: from the id).")
def command(folder: str, kit_id: str | None, name: str | None) -> int:
    """Write a small complete kit into FOLDER (new or empty) to start a game from: game.toml,
    roster.csv, map.toml with its terrain table main.csv, and scenarios.toml. It validates and
    builds as it is; the kit reference (docs/kit-format.md) describes every key.

    \b
    Examples:
      vmodgen new my-game
      vmodgen new my-game --id crete41 --name "Crete 1941"
      vmodgen validate my-game && vmodgen build my-game"""
    for path in write_new_kit(folder, kit_id, name):
        click.echo(f"wrote {path}")
    import shlex            # a folder with a space or a '!' is pasted back as one argument
    shown = shlex.quote(folder) if not folder.startswith("-") else shlex.quote(f"./{folder}")
    click.echo(f"next: vmodgen validate {shown} && vmodgen build {shown}")
    return 0
