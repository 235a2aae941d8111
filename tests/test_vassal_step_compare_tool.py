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
