"""Bugs found by a first-time-user pass over the CLI (see /tmp/qa-report.md of that pass).

Each test states what the README promises ("exit 2 ... no output file half-written; the input
is never modified") and is marked xfail(strict) while the bug is open: remove the mark when fixed.
"""
from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest

from vmodgen.cli import main

MINIKIT = Path(__file__).resolve().parent / "data" / "minikit"


def run(argv: list[str]) -> int:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    return exc.value.code


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """The minikit's module, built once (about 1.5 s)."""
    out = tmp_path_factory.mktemp("qa-build")
    assert run(["build", str(MINIKIT), "-o", str(out)]) == 0
    return out / "minikit.vmod"


def test_oob_refuses_to_overwrite_its_module(built, tmp_path, capsys):
    module = tmp_path / "m.vmod"
    shutil.copy(built, module)
    before = digest(module)
    code = run(["oob", str(module), "-f", "json", "-o", str(module)])
    assert digest(module) == before
    assert code == 2


def test_oob_refuses_to_overwrite_a_kit_file(tmp_path, capsys):
    kit = tmp_path / "kit"
    shutil.copytree(MINIKIT, kit)
    roster = kit / "roster.csv"
    before = digest(roster)
    code = run(["oob", str(kit), "-f", "csv", "-o", str(roster)])
    assert digest(roster) == before
    assert code == 2


def test_audit_refuses_to_overwrite_its_save_spelled_differently(built, tmp_path, monkeypatch, capsys):
    import zipfile
    with zipfile.ZipFile(built) as z:
        name = next(n for n in z.namelist() if n.endswith(".vsav"))
        (tmp_path / "s.vsav").write_bytes(z.read(name))
    shutil.copy(built, tmp_path / "m.vmod")
    monkeypatch.chdir(tmp_path)
    before = digest(tmp_path / "s.vsav")
    code = run(["audit", "s.vsav", "--module", "m.vmod", "-o", "./s.vsav"])
    assert digest(tmp_path / "s.vsav") == before
    assert code == 2


def test_bind_refuses_to_overwrite_its_module_spelled_differently(built, tmp_path, monkeypatch, capsys):
    shutil.copy(built, tmp_path / "m.vmod")
    monkeypatch.chdir(tmp_path)
    before = digest(tmp_path / "m.vmod")
    run(["bind", "m.vmod", "--rules", "generic", "-o", "./m.vmod"])
    assert digest(tmp_path / "m.vmod") == before


@pytest.mark.parametrize("command", ["oob", "build", "sanitize"])
def test_unwritable_output_is_bad_input_not_internal_error(command, built, tmp_path, capsys):
    blocker = tmp_path / "plain"
    blocker.write_text("a file where a folder is expected")
    import zipfile
    with zipfile.ZipFile(built) as z:          # a real save: the scenario inside the module
        save = tmp_path / "s.vsav"
        save.write_bytes(z.read(next(n for n in z.namelist() if n.endswith(".vsav"))))
    argv = {"oob": ["oob", str(MINIKIT), "-f", "csv", "-o", str(blocker / "x.csv")],
            "build": ["build", str(MINIKIT), "-o", str(blocker / "sub")],
            "sanitize": ["sanitize", str(save), "-o", str(blocker / "x.vsav")]}[command]
    code = run(argv)
    err = capsys.readouterr().err
    assert code == 2
    assert "internal error" not in err
    assert str(blocker) in err


def test_build_rebuilds_a_damaged_output(built, tmp_path, capsys):
    out = tmp_path / "out"
    assert run(["build", str(MINIKIT), "-o", str(out)]) == 0
    target = out / "minikit.vmod"
    target.write_text("not a zip any more")
    assert run(["build", str(MINIKIT), "-o", str(out)]) == 0
    assert target.read_bytes()[:2] == b"PK"
