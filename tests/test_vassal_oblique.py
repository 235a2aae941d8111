"""VASSAL 3.8's oblique hex numbering (FORMATS.md §8.1) against the tables real VASSAL
3.8.0-beta1 wrote (``oblique_golden.txt.gz``, ``oblique_getlocation.txt.gz``)."""
from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from vmodgen.hexes.vassal_grid import HexGrid, HexNumbering, ObliqueHexNumbering
from vmodgen.hexes.vassal_java import jdiv

GOLDEN = Path(__file__).resolve().parents[1].parent / "shared" / "golden"


def _grid_of(f: list[str], oblique: bool = True) -> HexGrid:
    """A ``CFG`` line (the 22 fields of the golden README) as a grid."""
    (_, _c, bw, bh, sideways, dx, dy, x0, y0, edges, corners, first, sep, ht, hl, ho, hd,
     vt, vl, vo, vd, st) = f
    kind = ObliqueHexNumbering if oblique else HexNumbering
    num = kind(first=first, sep=sep, h_type=ht, v_type=vt, h_leading=int(hl), v_leading=int(vl),
               h_off=int(ho), v_off=int(vo), h_descend=hd == "true", v_descend=vd == "true",
               stagger=st == "true")
    return HexGrid(dx=float(dx), dy=float(dy), x0=int(x0), y0=int(y0), sideways=sideways == "true",
                   edges_legal=edges == "true", corners_legal=corners == "true", numbering=num,
                   size=(int(bw), int(bh)))


def _lines(name: str):
    path = GOLDEN / name
    if not path.exists():
        pytest.skip(f"golden table {path} is absent")
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            yield line.rstrip("\n").split("|")


def _configs(name: str) -> dict[str, list[str]]:
    return {f[1]: f for f in _lines(name) if f[0] == "CFG"}


def test_every_line_of_oblique_golden():
    """Snaps, raw indices, oblique row, column and both labels at all 104,488 points."""
    grids: dict[str, HexGrid] = {}
    checked, mismatches = 0, []
    for f in _lines("oblique_golden.txt.gz"):
        if f[0] == "CFG":
            grids[f[1]] = _grid_of(f)
            continue
        g = grids[f[0]]
        x, y = int(f[1]), int(f[2])
        s = g.snap_to(x, y)
        sc = g.snap_to(x, y, True, True)
        got = [str(v) for v in (*s, *sc, g.raw_column(x, y), g.raw_row(x, y), g.row(x, y),
                                g.column(x, y), g.location_name(x, y), g.location_name(*sc))]
        checked += 1
        if got != f[3:]:
            mismatches.append(("|".join(f), "|".join(got)))
    assert len(grids) == 12
    assert not mismatches, f"{len(mismatches)} mismatches, first: {mismatches[:3]}"
    assert checked == 104_488


class _FloorOblique(ObliqueHexNumbering):
    """The slant with Python's floor division instead of Java's truncation."""

    def slant_row(self, row: int, column: int) -> int:
        return column // 2 + row if self.stagger else row - column // 2 + 1


def test_plain_numbering_or_floor_division_would_be_wrong():
    """Reading the element as a plain HexGridNumbering gives a wrong label at 82 % of the
    points, floor division instead of truncation at the 4,136 points of odd negative columns
    (FORMATS.md §8.1): the golden table tells them apart."""
    plain: dict[str, HexGrid] = {}
    floor: dict[str, HexGrid] = {}
    wrong_plain = wrong_floor = total = 0
    for f in _lines("oblique_golden.txt.gz"):
        if f[0] == "CFG":
            plain[f[1]] = _grid_of(f, oblique=False)
            floor[f[1]] = g = _grid_of(f)
            g.numbering.__class__ = _FloorOblique
            continue
        total += 1
        x, y = int(f[1]), int(f[2])
        wrong_plain += plain[f[0]].location_name(x, y) != f[11]
        if floor[f[0]].location_name(x, y) != f[11]:
            wrong_floor += 1
            assert floor[f[0]].column(x, y) < 0 and floor[f[0]].column(x, y) % 2 == 1
    assert 0.81 < wrong_plain / total < 0.82
    assert wrong_floor == 4136


def test_java_division_truncates_toward_zero():
    assert [jdiv(v, 2) for v in (-4, -3, -2, -1, 0, 1, 2, 3)] == [-2, -1, -1, 0, 0, 0, 1, 1]


def test_label_to_pixel_from_the_forward_rule():
    """Every labelled hex centre of oblique_getlocation: our label -> pixel gives that centre
    (whose label is the label), while VASSAL's own getLocation (the plain numbering's inverse,
    reproduced by a plain grid) returns another hex in most cases."""
    configs = _configs("oblique_golden.txt.gz")
    oblique = {c: _grid_of(f) for c, f in configs.items()}
    plain = {c: _grid_of(f, oblique=False) for c, f in configs.items()}
    n = vassal_right = 0
    for f in _lines("oblique_getlocation.txt.gz"):
        _, c, label, cx, cy, gx, gy, label_of_g, _sx, _sy = f
        g = oblique[c]
        assert g.get_location(label) == (int(cx), int(cy)), f
        assert g.location_name(int(cx), int(cy)) == label
        assert plain[c].get_location(label) == (int(gx), int(gy)), f     # VASSAL's inverse
        assert g.location_name(int(gx), int(gy)) == label_of_g
        vassal_right += label_of_g == label
        n += 1
    assert n == 1370
    assert vassal_right == 237


def test_oblique_example_by_hand():
    """FORMATS.md §2.7's board, slanted right and left: raw column 1, raw row 0 is plain row 1
    (stagger), column 1 (half 0); raw column 2, raw row 3: half 1."""
    def grid(stagger: bool) -> HexGrid:
        return HexGrid(dx=55.42562584220407, dy=64.0, x0=40, y0=45, size=(640, 600),
                       numbering=ObliqueHexNumbering(stagger=stagger))
    right, left = grid(True), grid(False)
    assert right.location_name(95, 77) == "0202" and left.location_name(95, 77) == "0202"
    assert right.location_name(150, 237) == "0305"      # row 3 + half 1
    assert left.location_name(150, 237) == "0304"       # row 3 - 1 + 1
    assert right.get_location("0305") == (150, 237) and left.get_location("0304") == (150, 237)
