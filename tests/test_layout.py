"""SheetLayout: VASSAL's own label of every hex centre is the printed hex ID."""
from __future__ import annotations

import itertools

import pytest

from vmodgen.hexes.grid import Hex, neighbours
from vmodgen.hexes.layout import SheetLayout
from vmodgen.hexes.scheme import HexScheme
from vmodgen.hexes.vassal_grid import HexGrid

_GROWS = {"columns": (("east", "west"), ("south", "north")),
          "rows": (("north", "south"), ("east", "west"))}


def _schemes():
    for lines in ("columns", "rows"):
        line_dirs, pos_dirs = _GROWS[lines]
        for lg, pg, shift in itertools.product(line_dirs, pos_dirs, ("odd", "even")):
            for prefix, first, sep, lr, pr in (("", True, "", (1, 12), (1, 9)),
                                               ("W", False, "", (0, 7), (3, 11)),
                                               ("B.", True, "-", (5, 14), (0, 120))):
                yield HexScheme(prefix=prefix, lines=lines, line_first=first, line_digits=2,
                                pos_digits=2, separator=sep, line_range=lr, pos_range=pr,
                                line_grows=lg, pos_grows=pg, shift=shift)


SCHEMES = list(_schemes())


def _id(s: HexScheme) -> str:
    return f"{s.lines}-{s.line_grows}-{s.pos_grows}-{s.shift}-{s.prefix or 'noprefix'}-{s.line_range[0]}"


@pytest.mark.parametrize("scheme", SCHEMES, ids=[_id(s) for s in SCHEMES])
def test_every_centre_labels_back(scheme):
    lay = SheetLayout(scheme, 56, margin_px=10)
    # the grid VASSAL builds from the attributes we would write (alphabetical order, dx quirk)
    vassal = HexGrid.from_attributes(lay.vassal_grid_attributes(), lay.vassal_numbering_attributes(),
                                     lay.board_size)
    w, h = lay.board_size
    for hx in scheme.hexes():
        x, y = lay.center(hx)
        assert 0 <= x < w and 0 <= y < h
        label = vassal.location_name(x, y)
        assert label == scheme.format(hx), (hx, label)
        assert lay.hex_at(x, y) == hx
        assert vassal.snap_to(x, y) == (x, y)           # a dragged piece lands on this pixel
        assert vassal.get_location(label) is not None
        assert lay.hex_at(*vassal.get_location(label)) == hx
    assert int(lay.vassal_grid_attributes()["x0"]) == lay.x0


@pytest.mark.parametrize("scheme", SCHEMES[::5], ids=[_id(s) for s in SCHEMES[::5]])
def test_geometry_matches_offset_neighbours(scheme):
    """Neighbours in offset coordinates are the hexes one hex height away on the board."""
    lay = SheetLayout(scheme, 64, margin_px=4)
    for hx in scheme.hexes()[:40]:
        cx, cy = lay.center(hx)
        for n in neighbours(hx, scheme.shift):
            if not scheme.contains(n):
                continue
            nx, ny = lay.center(n)
            assert abs(((nx - cx) ** 2 + (ny - cy) ** 2) ** 0.5 - 64) < 2.5, (hx, n)


def test_margins_corners_and_board():
    s = HexScheme(prefix="W", line_range=(1, 10), pos_range=(1, 8))
    lay = SheetLayout(s, 64, margin_px=20)
    xs = [x for hx in s.hexes() for x, _ in lay.corners(hx)]
    ys = [y for hx in s.hexes() for _, y in lay.corners(hx)]
    w, h = lay.board_size
    assert min(xs) >= 19 and min(ys) >= 19
    assert max(xs) <= w - 20 and max(ys) <= h - 20
    assert lay.hex_at(1, 1) is None
    assert lay.vassal_numbering_attributes()["locationFormat"] == "W$gridLocation$"
    assert lay.label_at(*lay.center(Hex(3, 4))) == "W0304"
    assert len(lay.centers) == 80


def test_dx_is_not_the_vassal_default_unless_dy_is_64():
    lay = SheetLayout(HexScheme(line_range=(1, 3), pos_range=(1, 3)), 64)
    g = HexGrid.from_attributes(lay.vassal_grid_attributes())
    assert (g.dx, g.dy) == (lay.dx, lay.dy)
    lay70 = SheetLayout(HexScheme(line_range=(1, 3), pos_range=(1, 3)), 70)
    assert HexGrid.from_attributes(lay70.vassal_grid_attributes()).dx == lay70.dx


def test_bad_input():
    with pytest.raises(ValueError):
        SheetLayout(HexScheme(prefix="$x"), 64)
    with pytest.raises(ValueError):
        SheetLayout(HexScheme(lines="diagonal"), 64)
    with pytest.raises(ValueError):
        SheetLayout(HexScheme(), 2)
