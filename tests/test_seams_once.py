"""One seam comparison (audit/continuity.py ``seam``), worked out once per seam and shared by
the audit of the next file (the rule set's ``placed_between``), the parallel audit's re-run
test and the order check; on the recorded Operation Mercury play-by-email chain
(``tests/data/recorded/om-pbem-*``, README there)."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from bundled_module_util import bundled_module
from vmodgen.audit import continuity, engine
from vmodgen.audit.continuity import seam
from vmodgen.audit.run import audit

DATA = Path(__file__).parent / "data" / "recorded"


@pytest.fixture(scope="module")
def om(tmp_path_factory):
    return bundled_module("operation-mercury", tmp_path_factory, "seams-om")


def _count_seams(monkeypatch) -> Counter:
    """(id of the end snapshot, id of the start snapshot) → how often a seam was worked out."""
    counts: Counter = Counter()
    orig = continuity.seam

    def counted(end, start, places=None):
        counts[(id(end), id(start))] += 1
        return orig(end, start, places)
    monkeypatch.setattr(continuity, "seam", counted)
    monkeypatch.setattr(engine, "seam_between", counted)
    return counts


@pytest.mark.parametrize("names", [("1", "3"), ("1", "2", "3"), ("1", "2u")])
def test_each_seam_is_worked_out_once(om, monkeypatch, names):
    """A chain with a file missing (1, 3: German units placed differently, said and marked), one
    whose seams close (1, 2, 3) and one begun after a move with no log running (1, 2u): every
    seam is compared once, though the rules (placed_between), the gap marks and the order
    check all read it; the warnings are those the seams give."""
    counts = _count_seams(monkeypatch)
    r = audit([DATA / f"om-pbem-{n}.vlog" for n in names], module=om.module, keep_order=True)
    assert sorted(counts.values()) == [1] * (len(names) - 1), counts
    w = r.coverage["warnings"]
    if names == ("1", "3"):
        assert any("units of german 2" in m and "may be missing" in m for m in w)
    elif names == ("1", "2u"):
        assert any("1 of german's own unit(s) placed differently" in m for m in w)
    else:
        assert w == []


def test_parallel_rerun_reuses_the_seam(om, monkeypatch):
    """--jobs 2 with a file missing: file 3 is audited again after the workers (a gap the OM
    rules forget units' places for); the seam the re-run test worked out is the one the re-run
    and the order check use: once in this process."""
    counts = _count_seams(monkeypatch)
    r = audit([DATA / f"om-pbem-{n}.vlog" for n in ("1", "3")], module=om.module, keep_order=True, jobs=2)
    assert list(counts.values()) == [1], counts
    assert any("may be missing" in m for m in r.coverage["warnings"])


def test_seam_reads_sides_units_and_labels() -> None:
    """What the seam says of a made-up pair: a moved (unit of side x), c only in the end and off
    every map (absent), e only in the start (a marker: no side when sides are known), d alike;
    with no sides known every piece counts as '?'."""
    end = {"pieces": {"a": (("M", 1, 1), "A1", "", "", "Alpha"), "c": ((None, 0, 0), "", "", "", ""),
                      "d": (("M", 2, 2), "B2", "", "", "")},
           "sides": {"a": "x", "d": "y"}}
    start = {"pieces": {"a": (("M", 1, 2), "A2", "", "", "Alpha"), "d": (("M", 2, 2), "B2", "", "", ""),
                        "e": (("M", 0, 0), "", "", "", "")}}
    s = seam(end, start)
    assert s.placed == {"a", "e"} and s.count == 2
    assert s.by_side == {"x": 1} and s.known and s.units == {"a", "Alpha"}
    assert s.of(end, start) and not s.of(start, end)
    del end["sides"]
    s = seam(end, start)
    assert s.by_side == {"?": 2} and not s.known and s.units == {"a", "Alpha", "e"}
