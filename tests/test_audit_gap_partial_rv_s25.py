"""Review rv-s25 items 2 and 3: a seam whose play is in no file given makes the report partial
however the warning about it is worded (``order._gaps``): when the file after the seam holds no
unit move, and when the order check is what names the seam (files given out of order). A turn
tracker that shows an earlier phase after the seam than before it is said to be set back, not
moved on. Recorded logs in ``tests/data/recorded`` (README there), given with --keep-order."""
from __future__ import annotations

from pathlib import Path

from recorded_audit_util import found, game_module_fixtures, recorded_auditor

na, om, im = game_module_fixtures("gap26")
_audit = recorded_auditor(("pw-om", "pw-al", "pw-na", "pw-alice-7", "pw-carol-7", "pw-dave-7", "pw-bob-7"))


def _gaps(doc: dict) -> list[tuple[str, str]]:
    return [(Path(g["from"]).name, Path(g["to"]).name) for g in doc["coverage"].get("gaps", [])]


def test_missing_file_before_a_file_without_moves_makes_the_report_partial(na):
    """na41-seat7, file 2 (Carol moves 8MG 1503 -> 1107) left out: file 3 holds no unit move, so
    the two files hold the moves of one side between them, and the tracker did not move. 8MG
    stands on 1107 at file 3's start, not on 1503 where file 1 left it: that move is in no file
    given and was not judged, so the report is partial in every format and names the seam."""
    files = ["na41-seat7-1.vlog", "na41-seat7-3.vlog"]
    text, doc, html = _audit(na, files)
    assert any("8MG" in c and "1503" in c and "1107" in c for c in map(str, doc["continuity"]))
    assert _gaps(doc) == [(files[0], files[1])]
    seam = f"{files[0]} → {files[1]}"
    assert doc["partial"] and seam in doc["partial"]
    assert "partial:" in text and seam in text and seam in html
    [said] = [w for w in doc["coverage"]["warnings"] if f"{files[1]} does not start where {files[0]} ended" in w]
    assert "units of axis 1" in said and "were not judged" in said


def test_files_out_of_order_named_by_the_order_check_make_the_report_partial(om):
    """om-pbem-3 given before om-pbem-1: the order check names the seam (file 1 ends where file 3
    starts, better), and the units placed differently across it (19 NZ W4318 -> W4315, three
    German units back to the first-wave box) are play no file given in this order holds: the report
    is partial, naming the seam, as it is when the gap check names a seam."""
    files = ["om-pbem-3.vlog", "om-pbem-1.vlog"]
    text, doc, _ = _audit(om, files)
    assert any("probably goes before" in w for w in doc["coverage"]["warnings"])
    assert _gaps(doc) == [(files[0], files[1])]
    assert doc["partial"] and f"{files[0]} → {files[1]}" in doc["partial"]
    assert found(doc)               # each file's own moves are still judged


def test_a_tracker_showing_an_earlier_phase_is_set_back_not_moved_on(na):
    """na41-pbem6-3 (ending in Turn 1 Impulse 2: Axis Combat Phase) given before na41-pbem6-1
    (starting in Turn 1 Preparation Phase): the tracker went back, and the warning says so."""
    files = ["na41-pbem6-3.vlog", "na41-pbem6-1.vlog"]
    text, doc, _ = _audit(na, files)
    [said] = [w for w in doc["coverage"]["warnings"] if "may be missing" in w]
    assert "the turn tracker set back: Turn 1 Impulse 2: Axis Combat Phase → Turn 1 Preparation Phase" in said
    assert "moved on" not in said
    assert _gaps(doc) == [(files[0], files[1])] and doc["partial"]


def test_a_tracker_moved_forward_across_a_gap_is_still_moved_on(im):
    """im-gap25, file 2 left out: the tracker went from GT1's Combat Phase to GT2's Movement
    Phase, forward: "moved on" as before."""
    _, doc, _ = _audit(im, ["im-gap25-1.vlog", "im-gap25-3.vlog"])
    [said] = [w for w in doc["coverage"]["warnings"] if "may be missing" in w]
    assert "the turn tracker moved on: Game Turn 1 Combat Phase → Game Turn 2 Movement Phase" in said
