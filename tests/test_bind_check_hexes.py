"""``vmodgen bind --check``'s hex count says what it counts. Read from the board image, the hexes
a piece can stand on are those whose centre lies on the image: VASSAL's ``Map.snapTo`` snaps a
drop to the nearest hex centre and moves it back onto the board by one pixel at most, so a hex
whose centre is off the image holds no piece on the board. The binding's rectangle of raw
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
    assert line.startswith(f"{binding}: 104 hexes with their centre on the board image (640x600 px"), line
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
