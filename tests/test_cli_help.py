"""``vmodgen --help`` lists the commands from cli.SHORT_HELP without importing them: the table
must say what each command's own docstring says, at every width click may format it."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import click
from vmodgen.cli import COMMANDS, SHORT_HELP, cli, short_help

ROOT = Path(__file__).resolve().parents[1]


def test_short_help_table_matches_each_command() -> None:
    ctx = click.Context(cli)
    assert list(SHORT_HELP) == COMMANDS
    for name in COMMANDS:
        cmd = click.Group.get_command(cli, ctx, name) or cli.get_command(ctx, name)
        for limit in (30, 45, 60, 80, 94, 120, 400):
            assert short_help(SHORT_HELP[name], limit) == cmd.get_short_help_str(limit), (name, limit)


def test_help_imports_no_command() -> None:
    code = ("import sys; from vmodgen.cli import main\n"
            "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith('vmodgen.commands.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                         env={"PYTHONPATH": str(ROOT), "PATH": ""}, check=True).stdout
    assert "Commands:" in out and "audit" in out
    assert out.strip().splitlines()[-1] == "[]"
