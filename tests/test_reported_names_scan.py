"""The scan for the names VASSAL keeps in moved pieces (``OldLocationName``) finds what the regular
expression it replaced found, on real files and on texts built to hit its edges."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from vmodgen.vassal.reported_locations import _old_states
from vmodgen.vassal.savefile import read_save

PATTERN = re.compile(r"[^\t\\/\n\x1b]*;OldLocationName;[^\t\\/\n\x1b]*")
RECORDED = Path(__file__).parent / "data" / "recorded"


@pytest.mark.parametrize("text", [
    "", ";OldLocationName;", "a;OldLocationName;b", "x\ta;OldLocationName;b\ty",
    "a;OldLocationName;b;OldLocationName;c/d;OldLocationName;e\\f", "\x1b;OldLocationName;\x1b\n",
    "no marker here\tat all", "a;OldLocationName;/;OldLocationName;", "\t\t;OldLocationName;x",
])
def test_edges(text):
    assert _old_states(text) == PATTERN.findall(text)


def test_recorded_files():
    """Every recorded log's command text (3.7 and 3.8 logs hold the names) gives the same runs."""
    files = sorted(RECORDED.glob("*.vlog"))[:40]
    seen = 0
    for f in files:
        text = "\n".join(sub.text for sub in read_save(f).tree.walk())
        want = PATTERN.findall(text)
        assert _old_states(text) == want, f.name
        seen += len(want)
    assert seen > 0

