"""examples/tld/README.md stays true to what its commands print, run as it shows them on the
four public Longest Day logs and the corpus copy of the module (``tld.vmod``, ``game/0606-N.log``):
the starter's lines it quotes (``...`` leaves lines out), ``bind --check``'s summary, the audit's
summary lines, the finding it quotes and the clean last two files."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from conftest import ROOT, shared_path

README = (ROOT / "examples" / "tld" / "README.md").read_text(encoding="utf-8")
LOGS = [f"game/0606-{i}.log" for i in range(1, 5)]


def _blocks() -> list[list[str]]:
    """The README's fenced blocks, each as its lines."""
    return [b.strip("\n").splitlines() for b in re.findall(r"^```\w*\n(.*?)^```", README, re.S | re.M)]


def _block(command: str) -> list[str]:
    """The lines a block shows after ``$ vmodgen COMMAND`` (the command's output as quoted)."""
    for lines in _blocks():
        if lines and lines[0] == f"$ vmodgen {command}":
            return lines[1:]
    raise AssertionError(f"no block '$ vmodgen {command}' in examples/tld/README.md")


def _run(tmp: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "vmodgen", *args], capture_output=True, text=True, cwd=tmp, env=env)


def _setup(tmp: Path) -> Path:
    """The README's layout in ``tmp``: tld.vmod, game/0606-N.log and examples/tld/binding.toml."""
    shutil.copy(shared_path("corpus", "tld_buildFile-only_stripped.vmod"), tmp / "tld.vmod")
    (tmp / "game").mkdir()
    for i in range(1, 5):
        shutil.copy(shared_path("corpus", f"tld_game_0606-{i}.log"), tmp / "game" / f"0606-{i}.log")
    (tmp / "examples" / "tld").mkdir(parents=True)
    shutil.copy(ROOT / "examples" / "tld" / "binding.toml", tmp / "examples" / "tld" / "binding.toml")
    return tmp


def test_starter_lines_the_readme_quotes(tmp_path: Path) -> None:
    tmp = _setup(tmp_path)
    run = _run(tmp, "bind", "tld.vmod", "--rules", "generic", "--log", "game/0606-4.log", "-o", "tld.toml")
    assert run.returncode == 0, run.stderr
    printed = run.stdout.splitlines() + run.stderr.splitlines()
    quoted = [x for x in _block("bind tld.vmod --rules generic --log game/0606-4.log -o tld.toml") if x != "..."]
    assert len(quoted) >= 6
    assert [x for x in quoted if x not in printed] == []
    # the quoted lines in the order printed
    assert [x for x in printed if x in quoted] == quoted


def test_check_summary_the_readme_quotes(tmp_path: Path) -> None:
    tmp = _setup(tmp_path)
    run = _run(tmp, "bind", "tld.vmod", "--check", "examples/tld/binding.toml")
    assert run.returncode == 0, run.stderr
    quoted = _block("bind tld.vmod --check examples/tld/binding.toml")
    assert run.stdout.splitlines()[0] == quoted[0]
    head, _, _ = quoted[1].partition("...")             # the note is quoted up to its first '...'
    assert run.stdout.splitlines()[1].startswith(head.rstrip(" ;")), run.stdout


def test_audit_lines_the_readme_quotes(tmp_path: Path) -> None:
    tmp = _setup(tmp_path)
    run = _run(tmp, "audit", "--module", "tld.vmod", "--binding", "examples/tld/binding.toml", *LOGS)
    assert run.returncode == 1, run.stderr                      # findings
    lines = run.stdout.splitlines()
    summary = next(b for b in _blocks() if b and re.match(r"\d+ findings, \d+ continuity issues in 4 files", b[0]))
    assert [x for x in summary if x not in lines] == []
    finding = re.search(r"`(3522 holds units of both sides[^`]*)`\s+at\s+step\s+65", README)
    assert finding and any(x.startswith("game/0606-1.log:65: ") and x.endswith(finding.group(1) + ".")
                           for x in lines), finding
    names = re.findall(r"`([^`]+)`", README.split("three maps that buildFile lacks", 1)[1].split("):", 1)[0])
    assert len(names) == 3, names
    for name in names:
        assert f"'{name}'" in run.stderr, (name, run.stderr)
    assert re.search(r"\b76 pieces\b", README) and \
        sum(int(n) for n in re.findall(r"\((\d+) piece\(s\)\)", run.stderr)) == 76
    clean = re.search(r"The last two files audit clean\s*\(`([^`]+)`", README)
    assert clean
    run = _run(tmp, "audit", "--module", "tld.vmod", "--binding", "examples/tld/binding.toml", *LOGS[2:])
    assert run.returncode == 0, run.stderr
    assert any(x.startswith(clean.group(1)) for x in run.stdout.splitlines()), run.stdout
