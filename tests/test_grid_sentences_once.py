"""``grid_sentences`` compares a file's move reports and kept names once for both the warning and
the note (speed17): the same sentences as the two questions asked apart, each from its own
comparison (what the audit and ``inspect`` did before), for each of the four outcomes.

VASSAL's tour module (``../shared/corpus/vassal_tour.mod``) and its logs recorded in VASSAL 3.7.26
(tests/data/recorded/tour/), the module edited as a re-gridded one (HexGrid ``dy``) and as one
whose move reports name no location (nothing to compare: the kept names are asked)."""
from __future__ import annotations

from pathlib import Path

import pytest

from vmodgen.audit.module_fit import file_fit
from vmodgen.vassal.module import read_module
from vmodgen.vassal.reported_locations import (compare_recorded_names, compare_reports, compare_saved_names,
                                               grid_sentences, mismatch_warning, missing_boards, names_note,
                                               names_warning)
from vmodgen.vassal.savefile import read_save

from conftest import DATA, SHARED
from test_recorded_foreign19 import edited_module

MODULE = SHARED / "corpus" / "vassal_tour.mod"
REC = DATA / "recorded" / "tour"
NO_REPORTS = (r'-&gt; \$location\$ \*"', '*"')       # moveToFormat/moveWithinFormat without $location$

pytestmark = pytest.mark.skipif(not MODULE.is_file(), reason=f"{MODULE} (VASSAL's tour module) is absent")


def apart(path: str, save_path: Path, module_path: Path) -> tuple[str | None, str | None]:
    """The warning and the note as asked apart before speed17, each on a fresh read."""
    save, module = read_save(save_path), read_module(module_path)
    compared, bad = compare_reports(save, module)
    warning = mismatch_warning(path, compared, bad) if compared else names_warning(
        path, *compare_recorded_names(save, module))
    save, module = read_save(save_path), read_module(module_path)
    note = None
    if not compare_reports(save, module)[0]:
        compared, n_bad = compare_recorded_names(save, module)
        note = (names_note(path, compared, n_bad, saved=False) if compared
                else names_note(path, *compare_saved_names(save, module), saved=True))
    return warning, note


@pytest.mark.parametrize("log, edits, said", [
    ("tour-bob.vlog", [], (False, False)),                                      # reports agree
    ("tour-bob.vlog", [(r'dy="64\.5"', 'dy="60.0"')], (True, False)),           # reports disagree
    ("tour-alice2.vlog", [(r'dy="64\.5"', 'dy="60.0"')], (False, False)),      # reports: no note
    ("tour-alice1.vlog", [(r'dy="64\.5"', 'dy="40.0"'), NO_REPORTS], (True, False)),  # its moves' names
    ("tour-alice2.vlog", [(r'dy="64\.5"', 'dy="60.0"'), NO_REPORTS], (False, True)),  # saved names
    ("tour-sl.vsav", [NO_REPORTS], (False, False)),                             # a save, nothing kept
])
def test_one_comparison_says_what_two_did(log, edits, said, tmp_path):
    module = edited_module(MODULE, tmp_path / "tour.vmod", edits) if edits else MODULE
    path = str(REC / log)
    got = grid_sentences(path, read_save(REC / log), read_module(module))
    assert got == apart(path, REC / log, module)
    assert (got[0] is not None, got[1] is not None) == said
    # the audit's own call: the board layout's doubt first, then the warning; the note apart
    save = read_save(REC / log)
    doubts, notes = file_fit(path, save, read_module(module))
    boards = missing_boards(path, save, read_module(module))
    assert doubts == [s for s in (boards, got[0]) if s] and notes == [s for s in (got[1],) if s]
