"""What reading the module warns of (as ``vmodgen inspect`` says it) reaches the audit and the
integrity reports too, at the top of every format: a player auditing with a module whose
buildFile entry its own VASSAL version would not open (``GameModule.build`` reads only
``buildFile.xml`` from 3.5 on) sees it where he reads the verdict. Logs written with the log
writer against the minikit of ``test_audit``, its module re-zipped with the entry renamed."""
from __future__ import annotations

import json
from html import unescape
import zipfile

import pytest
from cli_util import run
from test_audit import mini, script  # noqa: F401  (the built minikit fixture)

WARNED = "reads only 'buildFile.xml' and would not open this module"


@pytest.fixture(scope="module")
def renamed(mini):
    """(the module with its buildFile.xml stored as 'buildFile', a log, the kit folder)."""
    kit_dir, kit, module, root = mini
    out = root / "renamed-entry.vmod"
    with zipfile.ZipFile(module) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            dst.writestr("buildFile" if info.filename == "buildFile.xml" else info.filename, src.read(info))
    log = script(kit, module, dirty=False).write(root / "renamed-entry.vlog")
    return out, log, kit_dir


def test_inspect_warns(capsys, renamed):
    """The warning itself, as inspect gives it (the module declares VASSAL 3.7)."""
    module, _, _ = renamed
    code, out, _ = run(capsys, "inspect", str(module))
    assert code == 0 and WARNED in out


@pytest.mark.parametrize("fmt", ["text", "json", "html"])
def test_audit_repeats_it_at_the_top(capsys, renamed, fmt):
    """audit: on stderr and at the top of the report in each format (before: not at all)."""
    module, log, kit_dir = renamed
    code, out, err = run(capsys, "audit", str(log), "--module", str(module), "--game", str(kit_dir), "--format", fmt)
    assert code == 0, err
    assert WARNED in err and str(module) in err
    if fmt == "json":
        assert any(WARNED in w for w in json.loads(out)["coverage"]["warnings"])
    else:
        out = unescape(out)
        assert WARNED in out
        assert out.index(WARNED) < out.index("<h2" if fmt == "html" else "integrity:")


@pytest.mark.parametrize("fmt", ["text", "json", "html"])
def test_integrity_repeats_it_first(capsys, renamed, fmt):
    """integrity: the first flag, in each format (before: not at all)."""
    module, log, _ = renamed
    code, out, _ = run(capsys, "integrity", str(log), "--module", str(module), "--format", fmt)
    assert code == 0
    if fmt == "json":
        assert WARNED in json.loads(out)["integrity"]["flags"][0]
    else:
        out = unescape(out)
        assert WARNED in out
        assert out.index(WARNED) < out.index("<table" if fmt == "html" else "dice")


def test_alike_warnings_are_folded():
    """Ten images missing from a stripped module (the public TLD module) make one line at the top
    of a report, naming how many more and the first five; other warnings stay as they are."""
    from vmodgen.notes import folded
    images = [f"image 'b{i}.png' is not in the module (its board size is unknown)" for i in range(7)]
    other = "VASSAL 3.7.0 reads only 'buildFile.xml' and would not open this module"
    got = folded([images[0], other, *images[1:]])
    assert got == [images[0] + " (and 6 more like it: 'b1.png', 'b2.png', 'b3.png', 'b4.png', 'b5.png', …)", other]
    assert folded(images[:1]) == images[:1]
