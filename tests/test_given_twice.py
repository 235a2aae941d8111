"""A file given twice on the command line (``a b b``, or a copy of ``b`` under another name) is
the same play: audited once, the repeat named and skipped, by ``audit`` and ``integrity`` alike
and in every format. Logs written with the log writer against the minikit of ``test_audit``
(the dirty script: its findings would be counted twice)."""
from __future__ import annotations

import json
import shutil
from html import unescape

import pytest
from cli_util import run
from test_audit import mini, script  # noqa: F401  (the built minikit fixture)


@pytest.fixture(scope="module")
def logs(mini):
    kit_dir, kit, module, root = mini
    log = script(kit, module, dirty=True).write(root / "twice.vlog")
    copy = root / "twice-copy.vlog"
    shutil.copy(log, copy)
    return module, kit_dir, log, copy


def _audit_json(capsys, module, kit_dir, *files) -> dict:
    code, out, _ = run(capsys, "audit", *map(str, files), "--module", str(module), "--game", str(kit_dir),
                       "--format", "json")
    assert code == 1
    return json.loads(out)


@pytest.mark.parametrize("again", ["same path", "copy"])
def test_audit_reads_a_repeat_once(capsys, logs, again):
    """The dirty log given twice: the same findings, files and moves as given once (before: its
    findings and moves counted twice, only the sentence "audited twice" said it); the repeat is
    named as skipped."""
    module, kit_dir, log, copy = logs
    once = _audit_json(capsys, module, kit_dir, log)
    twice = _audit_json(capsys, module, kit_dir, log, log if again == "same path" else copy)
    assert len(once["findings"]) > 0
    assert [f["message"] for f in twice["findings"]] == [f["message"] for f in once["findings"]]
    assert [f["path"] for f in twice["files"]] == [str(log)]
    assert twice["stats"]["moves_by_side"] == once["stats"]["moves_by_side"]
    said = "given again" if again == "same path" else "the same bytes as twice.vlog"
    assert any(m.startswith(f"{(log if again == 'same path' else copy).name} is {said}: the same play, audited once")
               for m in twice["coverage"]["warnings"])


@pytest.mark.parametrize("fmt", ["text", "html"])
def test_audit_says_it_in_every_format(capsys, logs, fmt):
    module, kit_dir, log, _ = logs
    code, out, err = run(capsys, "audit", str(log), str(log), "--module", str(module), "--game", str(kit_dir),
                         "--format", fmt)
    assert code == 1
    assert "twice.vlog is given again: the same play, audited once; the repeat was skipped." in unescape(out)
    assert "given again" in err


@pytest.mark.parametrize("fmt", ["text", "json", "html"])
def test_integrity_agrees(capsys, logs, fmt):
    """integrity: the same file list, the repeat named first among the flags, and the dice and
    seats as given once (before: nothing said, each roll counted twice)."""
    module, _, log, _ = logs
    code, out, _ = run(capsys, "integrity", str(log), str(log), "--module", str(module), "--format", fmt)
    assert code == 0
    code, once, _ = run(capsys, "integrity", str(log), "--module", str(module), "--format", fmt)
    said = "Files: twice.vlog is given again: the same play, read once; the repeat was skipped."
    if fmt == "json":
        doc, one = json.loads(out), json.loads(once)
        assert doc["files"] == [str(log)] and doc["integrity"]["flags"][0] == said
        assert doc["integrity"]["dice"] == one["integrity"]["dice"]
    else:
        assert said in unescape(out)
        rolls = "1 rolls, 1 dice" if fmt == "text" else "<td>1</td>"    # Alice's one 1d6 roll
        assert rolls in once and rolls in out


def test_no_file_is_read_whole_to_find_repeats(monkeypatch, capsys, tmp_path):
    """A file over the size a save may have (limit lowered to 2,016 bytes; the file 8 MB, sparse)
    given once: the audit says it is too big, having read none of it (before: every file was read
    whole and hashed first, so a 3 GB file failed "out of memory" instead). Two files of the same
    size are still told apart by their bytes (hashed in chunks), and the same path given twice by
    a stat."""
    import tracemalloc

    from vmodgen import limits
    from vmodgen.audit.order import given_once
    monkeypatch.setattr(limits, "MAX_SAVEDGAME_BYTES", 1000)
    big = tmp_path / "big.vlog"
    with open(big, "wb") as fh:
        fh.truncate(8 << 20)
    tracemalloc.start()
    try:
        said = "big.vlog is given again: the same play, audited once; the repeat was skipped."
        assert given_once([str(big), str(big)]) == ([str(big)], [said])
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1 << 20, peak
    code, out, err = run(capsys, "integrity", str(big))
    assert code == 2 and out == "" and f"save file is {8 << 20} bytes, more than the limit of 2016" in err
    a, b, c = (tmp_path / n for n in ("a.vlog", "b.vlog", "c.vlog"))
    a.write_bytes(b"x" * 100), b.write_bytes(b"x" * 100), c.write_bytes(b"y" * 100)
    assert given_once([str(a), str(c), str(b)])[0] == [str(a), str(c)]


def test_branch_points_are_found_once_per_audit(monkeypatch, logs):
    """``audit`` finds the chain's branches once and hands them to the branch pass and to
    ``assemble`` (before: each found them again, re-reading and hashing every file)."""
    from vmodgen.audit import audit
    from vmodgen.audit import run as run_mod
    module, kit_dir, log, _ = logs
    calls = []
    real = run_mod.branch_points
    monkeypatch.setattr(run_mod, "branch_points", lambda results: calls.append(len(results)) or real(results))
    audit([str(log)], module=module, game=str(kit_dir))
    assert calls == [1]
