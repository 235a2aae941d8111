"""``vmodgen bind --check``'s hex count says what it counts. Read from the board image, the hexes
a piece can stand on are those whose centre lies on the image or one pixel off its edge: VASSAL's
``Map.snapTo`` snaps a drop to the nearest hex centre and moves it back onto the board by one
pixel at most, where that hex is still the nearest, so a hex whose centre is one pixel off holds
a piece on the board's edge, and one whose centre is further off holds none. The binding's rectangle of raw
columns and rows holding them also holds, on a staggered grid, hexes whose centre is off the
image: before, the line gave the rectangle's count alone as "N hexes" (110 on the golden
HexTest board, 640x600 px, where 104 centres lie on the image; 56 on the minikit module's
board, whose printed map has 30: the image's margins hold the rest)."""
from __future__ import annotations

import sys

from cli_util import run
from conftest import shared_path
from test_binding_file import GOOD


def test_hextest_counts_the_hexes_on_the_image(capsys, tmp_path):
    """HexTest: 11 columns x 10 rows = 110 in the rectangle 0100 ... 1109; row 0 of the 6 odd
    columns (0100, 0300 ... 1100) has its centre above the image: 104 on the board."""
    module = shared_path("golden", "vassal-run", "HexTest.vmod")
    binding = tmp_path / "b.toml"
    binding.write_text(GOOD)
    code, out, err = run(capsys, "bind", str(module), "--check", str(binding))
    assert code == 0, err
    line = out.splitlines()[0]
    assert line.startswith(f"{binding}: 104 hexes with their centre on the board image or one pixel off its edge (640x600 px: "
                           "centres at x -1 ... 640, y -1 ... 600"), line
    assert "the rectangle read from it, 0100 ... 1109, holds 110: 6 with the centre off the image" in line
    assert "[map] extent" in line


def test_a_stated_extent_is_named(capsys, tmp_path):
    """With [map] extent the count is that rectangle's, and the line says so."""
    module = shared_path("golden", "vassal-run", "HexTest.vmod")
    binding = tmp_path / "b.toml"
    binding.write_text(GOOD.replace('maps = ["Main Map"]', 'maps = ["Main Map"]\nextent = ["0101", "0405"]'))
    code, out, err = run(capsys, "bind", str(module), "--check", str(binding))
    assert code == 0, err
    assert out.splitlines()[0].startswith(f"{binding}: 20 hexes (in the rectangle [map] extent names, 0101 ... 0405)")


def _hextest(tmp_path):
    from vmodgen.binding.file import load_binding
    from vmodgen.vassal.module import read_module
    mod = read_module(shared_path("golden", "vassal-run", "HexTest.vmod"))
    binding = tmp_path / "b.toml"
    binding.write_text(GOOD)
    return mod, load_binding(str(binding), mod)


def test_the_bindings_own_board_is_measured(tmp_path):
    """HexTest with another map put first whose board has the same name ("Board") and a 100x100
    image: the count is still read from the binding's own board on "Main Map", 640x600 (before:
    the first board of that name on any map was taken, 100x100, and its count given)."""
    import copy

    from vmodgen.commands.bind import hexes_counted
    mod, b = _hextest(tmp_path)
    main = mod.maps["Main Map"]
    other = copy.copy(main)
    other.name = "Other"
    board = copy.copy(main.boards["Board"])
    board._size, board._size_done = (100, 100), True
    other.boards = {"Board": board}
    mod.maps = {"Other": other, **mod.maps}
    assert hexes_counted(b, mod).startswith("104 hexes with their centre on the board image or one pixel off its "
                                            "edge (640x600 px")


def test_on_the_board_is_vassals_snap_and_the_extents_test(tmp_path):
    """A hex is on the board when its centre is one of the image's pixels or one pixel off its
    edge, -1 ... w (VASSAL 3.7.26 ``Map.snapTo``: a snapped point at x = w is moved to w-1, where
    the hex is still the nearest; ``Board.contains`` alone takes 0 ... w-1), the test
    ``extent_from_size`` reads the binding's extent with too (one source: ``board_box``).
    HexTest's board made 594 px wide: the last column's centres lie at x = 594, one pixel off:
    counted, and in the extent (before: not, the column a piece dropped at the edge lands in);
    593 px wide, two pixels off: neither."""
    from vmodgen.binding.generic_map import extent_from_size
    from vmodgen.commands.bind import hexes_counted
    mod, b = _hextest(tmp_path)
    board = mod.maps["Main Map"].boards["Board"]
    centres = [b.map.center(h) for h in b.map.hex_ids()]
    last = max(x for x, _ in centres)
    assert last == 594
    g = b.map.grid
    for width, counted in ((594, True), (593, False)):
        board._size, board._size_done = (width, 600), True
        on = sum(1 for x, y in centres if -1 <= x <= width and -1 <= y <= 600)
        inner = sum(1 for x, y in centres if 0 <= x < width and 0 <= y < 600)
        assert (on > inner) == counted
        assert hexes_counted(b, mod).startswith(f"{on} hexes with their centre on the board image or one pixel off "
                                                f"its edge ({width}x600 px")
        columns = extent_from_size(g, (width, 600)).cols
        assert (g.hex_center(columns[1], 1)[0] == 594) == counted


def test_no_snap_margin_where_another_board_adjoins(tmp_path):
    """VASSAL 3.7.26 ``Map.snapTo`` moves a snapped point one pixel off the board back onto its
    edge only when no board is there (``findBoard(snap) == null``); where another board adjoins
    it snaps the drop onto that board's grid instead. HexTest's board made 594 px wide (its last
    column's centres at x = 594, one pixel off) with a board beside it on the right in the
    module's set-up: that column is off the binding's board (hex count and extent), as it is with
    a 593 px board (before: counted on every edge); a board below leaves the right edge open."""
    import copy

    from vmodgen.binding.file import load_binding
    from vmodgen.commands.bind import hexes_counted
    from vmodgen.vassal.module import read_module
    binding = tmp_path / "b.toml"
    binding.write_text(GOOD)

    def measured(column: int, row: int):
        mod = read_module(shared_path("golden", "vassal-run", "HexTest.vmod"))
        main = mod.maps["Main Map"]
        board = main.boards["Board"]
        board._size, board._size_done = (594, 600), True
        other = copy.copy(board)
        other.name, other.grid = "Beside", None
        main.boards["Beside"] = other
        main.set_boards([("Board", False, 0, 0), ("Beside", False, column, row)])
        b = load_binding(str(binding), mod)
        return hexes_counted(b, mod), [c for c in map(b.map.center, b.map.hex_ids()) if c is not None]

    right, on_right = measured(1, 0)
    below, on_below = measured(0, 1)
    assert max(x for x, _ in on_right) < 594 and max(x for x, _ in on_below) == 594
    assert "one pixel off an edge no other board of the map's set-up adjoins (594x600 px" in right
    # counted: the image and the open margins (right: x = -1, y = -1 and 600; below: x = -1, 594, y = -1)
    assert int(right.split()[0]) == sum(1 for x, y in on_below if -1 <= x < 594 and -1 <= y <= 600)
    assert int(below.split()[0]) == sum(1 for x, y in on_below if -1 <= x <= 594 and -1 <= y < 600)
    assert int(right.split()[0]) < int(below.split()[0])
