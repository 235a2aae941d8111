"""File patterns the shell left as they were (Windows' cmd does not expand ``turn*.vlog``; a
quoted pattern neither): the commands that take several saves or logs expand them."""
from __future__ import annotations

import glob
from pathlib import Path

import click

from ..errors import InputError

WILDCARDS = "*?["


def expand_patterns(_ctx: click.Context, _param: click.Parameter, value: tuple[str, ...]) -> tuple[str, ...]:
    """Each name with a wildcard that names no file becomes the files it matches, in name
    order; a pattern matching no file is refused with its name (click argument callback)."""
    out: list[str] = []
    for name in value:
        if any(c in name for c in WILDCARDS) and not Path(name).exists():
            files = [m for m in sorted(glob.glob(name)) if Path(m).is_file()]
            if not files:
                raise InputError(name, "no file matches this pattern")
            out += files
        else:
            out.append(name)
    return tuple(out)
