"""A sheet may name a scan of the printed map with its grid calibration; then the scan is the
board, and the module's grid must label every hex of the scan as printed (issue 4/5)."""
from __future__ import annotations

import shutil
import zipfile

from PIL import Image

from conftest import ROOT
from vmodgen.builder.build import build_kit, sheet_layout
from vmodgen.hexes.layout import SheetLayout
from vmodgen.model import load_kit
from vmodgen.render.board import render_board


def test_calibrated_layout_labels_every_hex_and_puts_the_first_hex_at_the_origin():
    kit = load_kit(ROOT / "tests" / "data" / "minikit")
    scheme = kit.map.sheets["main"].scheme
    layout = SheetLayout.calibrated(scheme, 83.5, (117, 95), (900, 700))
    first = scheme.hexes()[0]
    assert layout.center(first) == (117, 95)
    for h in scheme.hexes():
        assert layout.label_at(*layout.center(h)) == scheme.format(h)


def test_a_kit_with_a_scanned_board_builds_and_reads_back(tmp_path):
    kit_dir = tmp_path / "kit"
    shutil.copytree(ROOT / "tests" / "data" / "minikit", kit_dir)
    # make a "scan": the board drawn at another hex size and cut out with a different margin
    kit = load_kit(kit_dir)
    drawn = SheetLayout(kit.map.sheets["main"].scheme, 90, 25)
    img = render_board(kit.game, kit.map, "main", layout=drawn)
    img.save(kit_dir / "scan.png")
    first = kit.map.sheets["main"].scheme.hexes()[0]
    ox, oy = drawn.center(first)
    text = (kit_dir / "map.toml").read_text(encoding="utf-8")
    text = text.replace('hexes = "main.csv"\n',
                        f'hexes = "main.csv"\nimage = {{ file = "scan.png", hex_height_px = 90, origin = [{ox}, {oy}] }}\n')
    (kit_dir / "map.toml").write_text(text, encoding="utf-8")
    kit = load_kit(kit_dir)
    assert kit.map.sheets["main"].image is not None
    layout = sheet_layout(kit, "main")
    assert layout.board_size == img.size and layout.center(first) == (ox, oy)
    result = build_kit(kit, tmp_path / "out", force=True)       # the self-check reads every unit back
    with zipfile.ZipFile(result.path) as z:
        board = z.read("images/board_main.png")
    assert Image.open(__import__("io").BytesIO(board)).size == img.size
