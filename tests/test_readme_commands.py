"""README.md stays true to the command line: its command table names every option each
subcommand has and none it lacks, and the Longest Day integrity excerpt is what
``vmodgen integrity`` prints on those four public logs (lines left out marked ``…``)."""
from __future__ import annotations

import re
import subprocess
import sys

import click

from vmodgen.cli import COMMANDS, cli

from conftest import ROOT, shared_path

README = (ROOT / "README.md").read_text(encoding="utf-8")
OPTION = re.compile(r"(?<![\w-])(--?[a-z][a-z-]*)")


def _table_rows() -> dict[str, str]:
    rows = {}
    for line in README.splitlines():
        m = re.match(r"\| `vmodgen (\w+)([^|]|\\\|)*?` \|", line)
        if m:
            rows[m.group(1)] = line.split("` |")[0]
    return rows


def test_table_has_every_command_and_option() -> None:
    rows = _table_rows()
    assert sorted(rows) == sorted(COMMANDS)
    ctx = click.Context(cli)
    for name in COMMANDS:
        cmd = cli.get_command(ctx, name)
        assert cmd is not None
        documented = set(OPTION.findall(rows[name]))
        params = [p for p in cmd.params if isinstance(p, click.Option) and "--help" not in p.opts]
        missing = [p.opts for p in params if not documented & set(p.opts)]
        assert not missing, f"README's row of '{name}' lacks {missing}"
        known = {o for p in params for o in p.opts}
        assert documented <= known, f"README's row of '{name}' names {documented - known}, which it lacks"


def test_tld_integrity_excerpt_is_real_output() -> None:
    corpus = shared_path("corpus", "tld_game_0606-1.log").parent
    block = README.split("$ vmodgen integrity tld_game_0606-1.log", 1)[1].split("```", 1)[0]
    command, *expected = block.splitlines()
    files = ["tld_game_0606-1.log", *command.split()]
    run = subprocess.run([sys.executable, "-m", "vmodgen", "integrity", *files], capture_output=True,
                         text=True, cwd=corpus, env={"PYTHONPATH": str(ROOT), "PATH": ""})
    assert run.returncode == 0, run.stderr
    actual = iter(run.stdout.splitlines())
    for line in expected:
        if line.strip() == "…":
            continue
        prefix = line[:-1] if line.endswith("…") else None
        for got in actual:          # each README line appears, in order, in the real output
            if got == line or (prefix is not None and got.startswith(prefix)):
                break
        else:
            raise AssertionError(f"README line not in the output (in order): {line}")
