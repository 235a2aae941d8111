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

import pytest

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


def test_inspect_step_of_a_module_is_refused(tmp_path: Path) -> None:
    """`vmodgen inspect game.vmod --step 3`: a module has no log steps. The player meant a log's
    position after step 3: refused (it used to be ignored), saying where --step belongs; without
    --step the module is shown."""
    _module(tmp_path / "game.vmod")
    line = _one_line(vmodgen("inspect", "game.vmod", "--step", "3", cwd=tmp_path))
    assert line == ("vmodgen: game.vmod: a module has no log steps: --step applies to a save or log "
                    "(vmodgen inspect LOG.vlog --module game.vmod --step 3)")
    assert vmodgen("inspect", "game.vmod", cwd=tmp_path).returncode == 0


def test_module_or_log_given_where_a_toml_file_is_read(tmp_path: Path) -> None:
    """A .vmod (or .vlog) given as --binding, to `bind --check` or to `vmodgen check` is named as
    what it is, with what to give instead (it used to say 'is not UTF-8 text')."""
    _module(tmp_path / "game.vmod")
    _log(tmp_path / "turn1.vlog")
    binding = ("vmodgen: game.vmod: a VASSAL module, not a binding: a binding is the TOML file "
               "'vmodgen bind MODULE.vmod' writes (docs/binding-format.md)")
    for args in (["audit", "turn1.vlog", "--module", "game.vmod", "--binding", "game.vmod"],
                 ["replay", "turn1.vlog", "--module", "game.vmod", "--binding", "game.vmod", "-o", "x.html"],
                 ["bind", "game.vmod", "--check", "game.vmod"]):
        assert _one_line(vmodgen(*args, cwd=tmp_path)) == binding, args
    position = ("not a position: a position is a TOML file (docs/position-format.md); saves and logs "
                "are checked with 'vmodgen audit FILE --module M.vmod'")
    assert _one_line(vmodgen("check", "game.vmod", cwd=tmp_path)) == f"vmodgen: game.vmod: a VASSAL module, {position}"
    assert _one_line(vmodgen("check", "turn1.vlog", cwd=tmp_path)) == \
        f"vmodgen: turn1.vlog: a VASSAL save or log, {position}"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.vmod", "turn1.vlog"]      # nothing written


def test_misspelt_kit_suggests_the_nearest(tmp_path: Path, tmp_path_factory) -> None:
    """Every command that takes a kit (build, validate, oob, audit/replay/bind --game) names the
    nearest bundled kit id of a misspelt one; a name near none, or a path, gets the list only."""
    from bundled_module_util import bundled_module
    built = bundled_module(str(ROOT / "tests" / "data" / "minikit"), tmp_path_factory, "newcomer-kit").module
    (tmp_path / "game.vmod").write_bytes(built.read_bytes())     # a vmodgen-built module of a kit not bundled
    _log(tmp_path / "turn1.vlog")
    kits = "(bundled kits: invasion-malta, north-africa-41, operation-mercury)"
    for args in (["build", "operation-mercuy", "-o", "out"], ["validate", "operation-mercuy"],
                 ["oob", "operation-mercuy"], ["audit", "turn1.vlog", "--module", "game.vmod", "--game", "operation-mercuy"],
                 ["replay", "turn1.vlog", "--module", "game.vmod", "--game", "operation-mercuy", "-o", "x.html"],
                 ["bind", "game.vmod", "--game", "operation-mercuy"]):
        assert _one_line(vmodgen(*args, cwd=tmp_path)) == \
            f"vmodgen: operation-mercuy: no such kit: did you mean 'operation-mercury'? {kits}", args
    assert _one_line(vmodgen("validate", "North-Afrika-41", cwd=tmp_path)).endswith(
        f"no such kit: did you mean 'north-africa-41'? {kits}")
    assert _one_line(vmodgen("oob", "malta", cwd=tmp_path)) == \
        f"vmodgen: malta: no such kit: did you mean 'invasion-malta'? {kits}"        # part of one id
    assert _one_line(vmodgen("oob", "xyz", cwd=tmp_path)) == f"vmodgen: xyz: no such kit {kits}"
    assert _one_line(vmodgen("validate", "./operation-mercuy", cwd=tmp_path)) == \
        f"vmodgen: ./operation-mercuy: no such kit {kits}"                            # a path: the user's kit
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.vmod", "turn1.vlog"]


def test_folder_or_file_in_the_wrong_place_reads_one_way(tmp_path: Path) -> None:
    """A folder where a file is read or written, or a file where a folder is written, in every
    command: vmodgen's one line naming it, not click's "Invalid value for 'FILES...': File 'adir'
    is a directory."; a file that does not exist is the reader's 'no such file'."""
    (tmp_path / "adir").mkdir()
    _module(tmp_path / "game.vmod")
    _log(tmp_path / "turn1.vlog")
    folder = "vmodgen: adir: is a folder, not a file"
    for args in (["check", "adir"], ["audit", "adir", "--module", "game.vmod"],
                 ["audit", "turn1.vlog", "--module", "adir"], ["audit", "turn1.vlog", "--module", "game.vmod", "-o", "adir"],
                 ["audit", "turn1.vlog", "--module", "game.vmod", "--binding", "adir"],
                 ["audit", "turn1.vlog", "--module", "game.vmod", "--replay", "adir"],
                 ["integrity", "adir"], ["integrity", "turn1.vlog", "--module", "adir"], ["integrity", "turn1.vlog", "-o", "adir"],
                 ["replay", "adir", "-o", "x.html"], ["replay", "turn1.vlog", "-o", "adir"],
                 ["replay", "turn1.vlog", "--module", "adir", "-o", "x.html"],
                 ["bind", "adir", "--rules", "generic"], ["bind", "game.vmod", "--check", "adir"],
                 ["bind", "game.vmod", "--rules", "generic", "--log", "adir"],
                 ["bind", "game.vmod", "--rules", "generic", "-o", "adir"],
                 ["sanitize", "adir", "-o", "x.vlog"], ["sanitize", "turn1.vlog", "-o", "adir"],
                 ["inspect", "adir"], ["inspect", "turn1.vlog", "--module", "adir"]):
        assert _one_line(vmodgen(*args, cwd=tmp_path)) == folder, args
    for args in (["new", "game.vmod"], ["build", "-o", "game.vmod"]):
        assert _one_line(vmodgen(*args, cwd=tmp_path)) == "vmodgen: game.vmod: is a file, not a folder", args
    for args in (["check", "nope.toml"], ["integrity", "nope.vlog"], ["sanitize", "nope.vlog", "-o", "x.vlog"],
                 ["inspect", "nope.vlog"], ["bind", "nope.vmod", "--rules", "generic"]):
        assert _one_line(vmodgen(*args, cwd=tmp_path)) == f"vmodgen: {args[1]}: no such file", args
    assert sorted(p.name for p in tmp_path.iterdir()) == ["adir", "game.vmod", "turn1.vlog"]
    assert list((tmp_path / "adir").iterdir()) == []


@pytest.mark.parametrize("content, said", [
    (b"", "the file is empty: not a VASSAL save or log"),
    (b"my turn 3 moves, see you friday", "not a VASSAL save or log (neither a zip nor a saved-game text)"),
    (None, "no such file"),
])
def test_a_file_that_is_no_log_is_named_before_the_module_is_asked_for(tmp_path: Path, content, said) -> None:
    """`vmodgen audit turn1.vlog notes.vlog` (no --module): the file that cannot be a save or log
    is named, not "give the module" (which would not help)."""
    _log(tmp_path / "turn1.vlog")
    if content is not None:
        (tmp_path / "notes.vlog").write_bytes(content)
    line = _one_line(vmodgen("audit", "turn1.vlog", "notes.vlog", cwd=tmp_path))
    assert line == f"vmodgen: notes.vlog: {said}"
