"""Round foreign20: logs and saves of modules vmodgen did not build (tests/data/recorded/foreign20/README.md).

Read in place from the corpus (``../shared/corpus``; each test skips when its file is absent):
VASSAL's own tour (``vassal_tour.mod``/``.log``, VASSAL 2.0b6), whose log changes the main map's
boards three times (plain square grid -> VIP region grid and zones -> SL hex board -> Empty)."""
from __future__ import annotations

from pathlib import Path

import pytest

from vmodgen.vassal.module import read_module
from vmodgen.vassal.reported_locations import compare_reports, missing_boards
from vmodgen.vassal.savefile import read_save, rewrite_save

from conftest import SHARED

CORPUS = SHARED / "corpus"
TOUR_MOD, TOUR_LOG = CORPUS / "vassal_tour.mod", CORPUS / "vassal_tour.log"
needs_tour = pytest.mark.skipif(not (TOUR_MOD.is_file() and TOUR_LOG.is_file()),
                                reason=f"{TOUR_MOD} / {TOUR_LOG} (VASSAL's tour) absent")


@needs_tour
def test_tour_reports_read_on_the_boards_each_step_lays_out():
    """The tour log's saved state lays out board 'plain' (a square grid, 0,0 in the middle); its
    steps then lay out 'VIP' (regions, zones), 'SL' (an ASL hex board) and 'Empty' (one region
    named 'dungeon'), each a `LOG Main MapBoardPicker` step as VASSAL 2.0's BoardPicker wrote it.
    Every move report VASSAL wrote names the location on the boards of its own step ("Okinawa ->
    Turn 7 Returns" on VIP, "G7 -> H6" on SL): read on 'plain' throughout, 11 of 16 disagreed and
    the module it was played with was said to be re-gridded."""
    module = read_module(TOUR_MOD)
    compared, bad = compare_reports(read_save(TOUR_LOG), module)
    assert bad == [] and compared == 20
    # the module is left with the saved state's boards (what the replay starts from)
    assert [p.board.name for p in module.maps["Main Map"].layout or []] == ["plain"]


@needs_tour
def test_a_board_a_log_lays_out_midway_that_the_module_lacks_is_said(tmp_path: Path):
    """A log step laying out a board the module given does not have ('SL' renamed 'ASL 41'):
    VASSAL leaves it out silently, so the pieces on it have no location; said like one of the
    saved state's."""
    text = read_save(TOUR_LOG).text
    assert text.count("Main MapBoardPicker\tSL\t") == 1
    log = tmp_path / "tour-asl.log"
    rewrite_save(TOUR_LOG, log, text.replace("Main MapBoardPicker\tSL\t", "Main MapBoardPicker\tASL 41\t"))
    said = missing_boards(str(log), read_save(log), read_module(TOUR_MOD))
    assert said is not None and "'ASL 41'" in said and "map 'Main Map'" in said
    assert missing_boards(str(TOUR_LOG), read_save(TOUR_LOG), read_module(TOUR_MOD)) is None
