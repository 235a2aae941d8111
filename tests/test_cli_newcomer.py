"""A newcomer's first slips on the command line: a module given where a save or log is
expected and the reverse, no ``--module``, a misspelt kit. Each is one line on stderr naming
the file, exit code 2, no traceback (``vmodgen/errors.py``)."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

from conftest import ROOT


def vmodgen(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "vmodgen", *args], capture_output=True, text=True,
                          cwd=cwd, env=env)


def _module(path: Path) -> Path:
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("buildFile.xml", '<?xml version="1.0"?><VASSAL.launch.BasicModule name="M" version="1"/>')
    return path


def _log(path: Path) -> Path:
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("savedGame", "begin_save")
    return path


def _one_line(run: subprocess.CompletedProcess) -> str:
    assert run.returncode == 2, (run.returncode, run.stderr)
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in run.stderr, run.stderr
    assert run.stdout == ""
    return lines[0]


def test_module_given_as_the_log_to_audit(tmp_path: Path) -> None:
    """`vmodgen audit game.vmod turn1.vlog` (no --module): the module is named as such."""
    _module(tmp_path / "game.vmod")
    _log(tmp_path / "turn1.vlog")
    line = _one_line(vmodgen("audit", "game.vmod", "turn1.vlog", cwd=tmp_path))
    assert line == "vmodgen: game.vmod: a VASSAL module, not a save or log: give it as --module game.vmod"


def test_module_given_to_commands_reading_saves(tmp_path: Path) -> None:
    _module(tmp_path / "game.vmod")
    for args in (["integrity", "game.vmod"], ["sanitize", "game.vmod", "-o", "out.vlog"],
                 ["replay", "game.vmod", "-o", "out.html"]):
        line = _one_line(vmodgen(*args, cwd=tmp_path))
        assert line.startswith("vmodgen: game.vmod: a VASSAL module, not a save or log"), (args, line)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.vmod"]      # nothing written


def test_log_given_as_the_module(tmp_path: Path) -> None:
    _log(tmp_path / "turn1.vlog")
    for args in (["inspect", "turn1.vlog", "--module", "turn1.vlog"], ["bind", "turn1.vlog", "--rules", "generic"],
                 ["oob", "turn1.vlog"], ["audit", "turn1.vlog", "--module", "turn1.vlog"]):
        line = _one_line(vmodgen(*args, cwd=tmp_path))
        assert line.startswith("vmodgen: turn1.vlog: a VASSAL save or log, not a module"), (args, line)


def test_no_module_is_about_the_log_not_the_kit(tmp_path: Path) -> None:
    """With --game but no --module the line names the log, not the (here misspelt) kit id."""
    _log(tmp_path / "turn1.vlog")
    line = _one_line(vmodgen("audit", "turn1.vlog", "--game", "operation-mercuy", cwd=tmp_path))
    assert line == "vmodgen: turn1.vlog: give the module the logs were played with (--module M.vmod)"


def test_replay_says_the_size_of_a_small_page(tmp_path: Path) -> None:
    """A replay with no module is a few kB: said in kB (it used to print '0.0 MB')."""
    log = ROOT / "tests" / "data" / "recorded" / "kassala-combat.vlog"
    run = vmodgen("replay", str(log), "-o", "game.html", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    size = (tmp_path / "game.html").stat().st_size
    assert size < 1e6
    assert run.stdout.strip() == f"game.html: {round(size / 1e3)} kB"


def test_new_kit_summary_counts_in_words(tmp_path: Path) -> None:
    """`vmodgen new` then `vmodgen validate`, as the README starts: the starter kit has one sheet
    and one off-map box, said as such ('1 sheet', '1 box', not '1 sheet(s)', '1 boxes')."""
    assert vmodgen("new", "my-game", cwd=tmp_path).returncode == 0
    run = vmodgen("validate", "my-game/", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    line = next(x for x in run.stdout.splitlines() if x.strip().startswith("map:"))
    assert re.fullmatch(r"  map: \d+ hexes on 1 sheet \(main \d{4}\.\.\d{4}\); \d+ places, 1 box", line), line


def test_empty_file_is_said_empty(tmp_path: Path) -> None:
    """An empty file where a log or a module is expected: 'the file is empty', naming it."""
    (tmp_path / "turn1.vlog").write_bytes(b"")
    (tmp_path / "game.vmod").write_bytes(b"")
    _module(tmp_path / "real.vmod")
    assert _one_line(vmodgen("integrity", "turn1.vlog", cwd=tmp_path)) == \
        "vmodgen: turn1.vlog: the file is empty: not a VASSAL save or log"
    assert _one_line(vmodgen("inspect", "game.vmod", cwd=tmp_path)).startswith(
        "vmodgen: game.vmod: the file is empty: not a VASSAL save or log")       # read as a save: no .vmod hint
    assert _one_line(vmodgen("oob", "game.vmod", cwd=tmp_path)) == \
        "vmodgen: game.vmod: the file is empty: not a zip archive (a module, save or log)"


def test_own_kit_module_needs_its_kit_named(tmp_path: Path) -> None:
    """A module built from one's own kit (`vmodgen new`, `vmodgen build`), its scenario save
    audited: without --game the line names the module (not the save) and says what to add;
    with --game the audit runs."""
    assert vmodgen("new", "my-game", cwd=tmp_path).returncode == 0
    assert vmodgen("build", "my-game/", "-o", "out", cwd=tmp_path).returncode == 0
    with zipfile.ZipFile(tmp_path / "out" / "my-game.vmod") as z:
        save = next(n for n in z.namelist() if n.endswith(".vsav"))
        (tmp_path / "start.vsav").write_bytes(z.read(save))
    line = _one_line(vmodgen("audit", "start.vsav", "--module", "out/my-game.vmod", cwd=tmp_path))
    assert line == ("vmodgen: out/my-game.vmod: the module was built from kit 'my-game', which is not "
                    "bundled: name the kit with --game")
    run = vmodgen("audit", "start.vsav", "--module", "out/my-game.vmod", "--game", "my-game/", cwd=tmp_path)
    assert run.returncode == 0 and "game my-game" in run.stdout, run.stderr


def test_pattern_the_shell_left_is_expanded(tmp_path: Path) -> None:
    """`turn*.vlog` reaches vmodgen as it is from Windows' cmd or in quotes: integrity, audit and
    replay expand it (name order); a pattern matching no file is refused by its name."""
    recorded = ROOT / "tests" / "data" / "recorded"
    for i, name in enumerate(["na41-clean.vlog", "na41-dirty.vlog"], 1):
        (tmp_path / f"turn{i}.vlog").write_bytes((recorded / name).read_bytes())
    run = vmodgen("integrity", "turn*.vlog", "--format", "json", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["files"] == ["turn1.vlog", "turn2.vlog"]
    run = vmodgen("replay", "turn?.vlog", "-o", "game.html", cwd=tmp_path)
    assert run.returncode == 0 and (tmp_path / "game.html").is_file(), run.stderr
    for args in (["integrity", "nope*.vlog"], ["audit", "nope*.vlog", "--module", "x.vmod"],
                 ["replay", "nope*.vlog", "-o", "x.html"]):
        assert _one_line(vmodgen(*args, cwd=tmp_path)) == "vmodgen: nope*.vlog: no file matches this pattern"
