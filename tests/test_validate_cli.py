"""``vmodgen validate`` as a user runs it: exit 0 on a good kit, exit 2 and one line
``vmodgen: file:line: message`` on a broken one (never a traceback), inputs untouched."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MINIKIT = ROOT / "tests" / "data" / "minikit"
BUNDLED = sorted(p.parent.name for p in (ROOT / "counters").glob("*/roster.csv")
                 if (p.parent / "game.toml").is_file())


def run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("VMODGEN_DEBUG", None)
    return subprocess.run([sys.executable, "-m", "vmodgen", "validate", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {str(p.relative_to(folder)): (p.read_bytes(), p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*")) if p.is_file()}


def assert_one_line_error(res: subprocess.CompletedProcess, where: str) -> str:
    assert res.returncode == 2, res.stderr
    assert "Traceback" not in res.stderr and "internal error" not in res.stderr, res.stderr
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1, res.stderr
    assert lines[0].startswith("vmodgen: ") and where in lines[0], lines[0]
    return lines[0]


def test_validate_minikit_ok():
    res = run(str(MINIKIT))
    assert res.returncode == 0, res.stderr
    assert "minikit" in res.stdout and "valid" in res.stdout


def test_validate_minikit_json():
    res = run(str(MINIKIT / "game.toml"), "--json")
    assert res.returncode == 0, res.stderr
    data = json.loads(res.stdout)
    assert isinstance(data, list) and len(data) == 1


def test_validate_broken_copy(tmp_path: Path):
    kit = tmp_path / "kit"
    shutil.copytree(MINIKIT, kit)
    text = (kit / "main.csv").read_text(encoding="utf-8")
    (kit / "main.csv").write_text(text.replace("0303,rough", "0303,swamp"), encoding="utf-8")
    before = snapshot(kit)
    line = assert_one_line_error(run(str(kit)), f"{kit / 'main.csv'}:3: ")
    assert "unknown terrain 'swamp'" in line
    assert snapshot(kit) == before


def test_validate_bad_toml_copy(tmp_path: Path):
    kit = tmp_path / "kit"
    shutil.copytree(MINIKIT, kit)
    with open(kit / "game.toml", "a", encoding="utf-8") as fh:
        fh.write("\n[broken\n")
    line = assert_one_line_error(run(str(kit)), f"{kit / 'game.toml'}:168: ")
    assert "not valid TOML" in line


def test_validate_no_such_kit(tmp_path: Path):
    assert_one_line_error(run(str(tmp_path / "nowhere")), "no such kit")


def test_validate_folder_without_kit(tmp_path: Path):
    assert_one_line_error(run(str(tmp_path)), "no game.toml")


def test_validate_binary_garbage_roster(tmp_path: Path):
    kit = tmp_path / "kit"
    shutil.copytree(MINIKIT, kit)
    (kit / "roster.csv").write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff\xfe" * 50)
    assert_one_line_error(run(str(kit)), f"{kit / 'roster.csv'}:")


@pytest.mark.parametrize("kit_id", BUNDLED or [pytest.param("none", marks=pytest.mark.skip(
    reason="no bundled kit (counters/*/roster.csv) exists yet"))])
def test_bundled_kit_with_garbage_row(tmp_path: Path, kit_id: str):
    """A garbage row appended to a copy of a bundled kit's roster: exit 2 with roster.csv:line."""
    from vmodgen.errors import InputError
    from vmodgen.model import load_kit
    for part in ("counters", "maps"):
        src = ROOT / part / kit_id
        if src.is_dir():
            shutil.copytree(src, tmp_path / part / kit_id)
    kit = tmp_path / "counters" / kit_id
    try:
        load_kit(kit)
    except InputError as exc:
        pytest.skip(f"bundled kit {kit_id} does not load as it stands (being written?): {exc}")
    roster = kit / "roster.csv"
    text = roster.read_text(encoding="utf-8-sig")
    if not text.endswith("\n"):
        text += "\n"
    line = text.count("\n") + 1
    roster.write_text(text + "garbage row;with no commas\n", encoding="utf-8")
    before = snapshot(tmp_path)
    msg = assert_one_line_error(run(str(kit)), f"{roster}:{line}: ")
    assert "cells" in msg
    assert snapshot(tmp_path) == before
