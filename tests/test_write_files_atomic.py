"""``safeio.write_files_atomic``: several files written as one output (a module and its sheets,
an audit report and its replay page) are all replaced or none, even when a rename fails half-way
(before: the first target stayed replaced and the other temporary files stayed on disk)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from vmodgen.errors import InputError
from vmodgen.safeio import write_files_atomic


def _failing_replace(monkeypatch, fail_at: int) -> list[tuple[str, str]]:
    """``os.replace`` failing (a full disk, a lost mount) on its ``fail_at``-th call (from 1) that
    renames a temporary file over a target; the calls made are listed."""
    real = os.replace
    calls: list[tuple[str, str]] = []

    def replace(src, dst):
        if str(src).endswith(".tmp"):
            calls.append((str(src), str(dst)))
            if len(calls) == fail_at:
                raise OSError(28, "No space left on device")
        return real(src, dst)
    monkeypatch.setattr(os, "replace", replace)
    return calls


@pytest.mark.parametrize("fail_at", [2, 3])
def test_a_rename_failing_half_way_leaves_every_target_as_it_was(tmp_path: Path, monkeypatch, fail_at):
    a, b, c = tmp_path / "game.vmod", tmp_path / "sheet.pdf", tmp_path / "new.png"
    a.write_bytes(b"old module")
    b.write_bytes(b"old sheet")                      # c has no earlier file
    calls = _failing_replace(monkeypatch, fail_at)
    with pytest.raises(InputError) as info:
        write_files_atomic([(a, b"new module"), (b, b"new sheet"), (c, b"new png")])
    assert len(calls) == fail_at
    assert str(info.value).startswith(f"{calls[-1][1]}: cannot be written (No space left on device)")
    assert "every file is as it was" in str(info.value)
    assert a.read_bytes() == b"old module" and b.read_bytes() == b"old sheet" and not c.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.vmod", "sheet.pdf"]   # no temp, no backup


def test_all_renamed_leaves_no_backup(tmp_path: Path) -> None:
    a, b = tmp_path / "game.vmod", tmp_path / "sheet.pdf"
    a.write_bytes(b"old module")
    write_files_atomic([(a, b"new module"), (b, b"new sheet")])
    assert a.read_bytes() == b"new module" and b.read_bytes() == b"new sheet"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.vmod", "sheet.pdf"]
