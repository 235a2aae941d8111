"""The fit checks read a file's tree through one :class:`FileWalk` (speed18b: split, flattened
and its board commands found once, where each check walked the whole tree on its own): shared by
every check, in any order, each answers as it does alone on a fresh read.

VASSAL's own tour log (``../shared/corpus/vassal_tour.log``, VASSAL 2.0b6) changes the main map's
boards three times midway: the checks that read locations set the boards step by step (each
check leaves the module's boards as it found them, or as the saved state lays them out), so a
walk that kept a layout, or found the board commands of another module, would answer otherwise."""
from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from vmodgen.audit.module_fit import file_fit
from vmodgen.vassal.module import read_module
from vmodgen.vassal.reported_locations import (FileWalk, compare_recorded_names, compare_saved_names,
                                               grid_sentences, missing_boards, report_counts)
from vmodgen.vassal.savefile import read_save, rewrite_save

from conftest import SHARED

CORPUS = SHARED / "corpus"
TOUR_MOD, TOUR_LOG = CORPUS / "vassal_tour.mod", CORPUS / "vassal_tour.log"
pytestmark = pytest.mark.skipif(not (TOUR_MOD.is_file() and TOUR_LOG.is_file()),
                                reason=f"{TOUR_MOD} / {TOUR_LOG} (VASSAL's tour) absent")

CHECKS = {
    "reports": lambda save, module, walk: report_counts(save, module, walk),
    "names": lambda save, module, walk: compare_recorded_names(save, module, walk),
    "saved": lambda save, module, walk: compare_saved_names(save, module, walk),
    "boards": lambda save, module, walk: missing_boards("x.log", save, module, walk),
    "sentences": lambda save, module, walk: grid_sentences("x.log", save, module, walk),
}


def alone(log: Path, name: str):
    """What one check answers on a fresh read of the file and the module, with its own walk."""
    return CHECKS[name](read_save(log), read_module(TOUR_MOD), None)


def asl_log(tmp_path: Path) -> Path:
    """The tour log laying out a board the module lacks midway ('SL' renamed 'ASL 41')."""
    log = tmp_path / "tour-asl.log"
    rewrite_save(TOUR_LOG, log, read_save(TOUR_LOG).text.replace("Main MapBoardPicker\tSL\t",
                                                                 "Main MapBoardPicker\tASL 41\t"))
    return log


@pytest.mark.parametrize("renamed", [False, True])
def test_one_walk_answers_every_check_in_any_order(renamed, tmp_path):
    log = asl_log(tmp_path) if renamed else TOUR_LOG
    want = {name: alone(log, name) for name in CHECKS}
    assert want["reports"][0] == (10 if renamed else 20) and (want["boards"] is not None) == renamed   # the file is what it should be
    for order in itertools.permutations(CHECKS, 3):
        save, module = read_save(log), read_module(TOUR_MOD)
        walk = FileWalk(save, module)
        assert {name: CHECKS[name](save, module, walk) for name in order} == {name: want[name] for name in order}
    # the audit's own call, one walk for both of its checks
    doubts, notes = file_fit("x.log", read_save(log), read_module(TOUR_MOD))
    assert doubts == [s for s in (want["boards"], want["sentences"][0]) if s]
    assert notes == [s for s in (want["sentences"][1],) if s]


def test_the_walk_finds_the_board_commands_once():
    """The steps' board commands found by the walk are those the checks apply: each
    ``LOG Main MapBoardPicker`` step of the tour (three), each found once."""
    walk = FileWalk(read_save(TOUR_LOG), read_module(TOUR_MOD))
    found = [subs[i].text for subs, boards in zip(walk.steps, walk.boards) for i in boards]
    assert len(found) == 3 and all("Main MapBoardPicker\t" in t for t in found)
    assert [t.split("\t")[2] for t in found] == ["VIP", "SL", "Empty"]
