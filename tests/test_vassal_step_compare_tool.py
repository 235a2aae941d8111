"""``tools/vassal_step_compare.py`` on a report it cannot use: one line on stderr naming the
report, exit 2 (before, a report without ``STEPS|`` skipped the step-count check silently)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

from vassal_step_compare import ReportError, main, read_report  # noqa: E402


@pytest.mark.parametrize("text,why", [
    ("START|PIECE|1|Pitch|200|200|offboard|Guard|parent=null\nFINAL|PIECE|1|Pitch|200|200|offboard|Guard|parent=null\n",
     "no STEPS| line"),
    ("STEPS|many\n", "line 1: STEPS| without a number"),
])
def test_report_without_a_step_count_is_refused(tmp_path, capsys, text, why):
    report = tmp_path / "r.txt"
    report.write_text(text, encoding="utf-8")
    with pytest.raises(ReportError):
        read_report(report)
    assert main([str(tmp_path / "m.vmod"), str(tmp_path / "l.vlog"), str(report)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and str(report) in err[0] and why in err[0]


def test_report_with_a_step_count_is_read(tmp_path):
    report = tmp_path / "r.txt"
    report.write_text("STEPS|3\nPOS|2|2|Pitch|200|200|offboard|Jack|parent=9\nGONE|3|1\n", encoding="utf-8")
    pos, gone, pieces, stacks, steps = read_report(report)
    assert steps == 3 and list(pos) == [2] and gone == {3: ["1"]} and pieces == stacks == []


def test_a_missing_log_is_one_line_not_a_traceback(tmp_path, capsys):
    """A report that is fine but a log that is not there (the oracle's record failed before it
    wrote one): one line naming the log, exit 2 (before: an InputError traceback)."""
    report = tmp_path / "r.txt"
    report.write_text("STEPS|1\n", encoding="utf-8")
    from tiny_module_util import write_module
    module = write_module(tmp_path / "m.vmod", '<?xml version="1.0" encoding="UTF-8"?>'
                          '<VASSAL.build.GameModule name="T" version="1" VassalVersion="3.7.26"/>')
    log = tmp_path / "missing.vlog"
    assert main([str(module), str(log), str(report)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "missing.vlog" in err[0]


def test_names_of_concealed_pieces_as_vassal_writes_them():
    """VASSAL's getName of a piece its owner concealed, against vmodgen's name of it (real VASSAL
    3.7.26/3.8.0-beta1 replays of tests/data/recorded/tour/): to the others a Mask named ``?`` is
    vmodgen's ``(masked)``; to the owner ``name(?)`` / ``name(Hide)`` (Obscurable.getName,
    Hideable.getName) is the piece's own name, which vmodgen's --reveal-hidden gives. A piece
    nobody concealed must match exactly."""
    from vassal_step_compare import _same_name
    masked = {"name": "(masked)", "hidden_by_owner": "mask"}
    assert _same_name(masked, "?") and not _same_name(masked, "Tiger")
    owned = {"name": "Jagd Pz Tiger CA = 4", "hidden_by_owner": "invisible"}
    assert _same_name(owned, "Jagd Pz Tiger CA = 4(Hide)") and _same_name(owned, "Jagd Pz Tiger CA = 4(?)")
    assert not _same_name(owned, "Jagd Pz Tiger CA = 5(Hide)")
    plain = {"name": "Jagd Pz Tiger CA = 4"}
    assert _same_name(plain, "Jagd Pz Tiger CA = 4") and not _same_name(plain, "Jagd Pz Tiger CA = 4(Hide)")
    assert not _same_name({"name": "(masked)"}, "?")
