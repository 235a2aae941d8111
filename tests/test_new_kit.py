"""``vmodgen new DIR`` writes a small complete kit that validates and builds; given a folder of
its own counter images and a layout in TOML it builds a module whose counters are those images
(issue 18)."""
from __future__ import annotations

import io
import zipfile

import pytest
from PIL import Image

from vmodgen.builder.build import build_kit
from vmodgen.builder.pieces import image_name
from vmodgen.cli import main
from vmodgen.model import load_kit


def test_new_writes_a_kit_that_validates_and_builds(tmp_path, capsys):
    folder = tmp_path / "crete41"
    with pytest.raises(SystemExit) as info:
        main(["new", str(folder), "--name", 'Crete "41"'])
    assert info.value.code == 0
    kit = load_kit(folder)
    assert kit.game.id == "crete41" and kit.game.name == 'Crete "41"'
    assert {u.side for u in kit.units} == set(kit.game.sides)
    assert kit.scenarios and all(s.setup for s in kit.scenarios.values())
    assert [str(d) for d in kit.game.dice] == ["1d6", "2d6"]
    result = build_kit(kit, tmp_path / "out", force=True)
    assert result.path.is_file() and (tmp_path / "out" / "crete41-counters.pdf").is_file()


def test_new_refuses_a_folder_that_is_not_empty(tmp_path, capsys):
    (tmp_path / "x").mkdir()
    (tmp_path / "x" / "keep.txt").write_text("mine")
    with pytest.raises(SystemExit) as info:
        main(["new", str(tmp_path / "x")])
    assert info.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "not an empty folder" in err[0]
    assert (tmp_path / "x" / "keep.txt").read_text() == "mine"


def test_new_kit_with_its_own_images_and_layout_builds(tmp_path):
    folder = tmp_path / "mine"
    main_args = ["new", str(folder)]
    with pytest.raises(SystemExit):
        main(main_args)
    art = folder / "art"
    art.mkdir()
    Image.new("RGB", (120, 120), (10, 120, 200)).save(art / "R1.png")
    Image.new("RGB", (120, 120), (200, 120, 10)).save(art / "R1_back.png")
    Image.new("RGBA", (80, 50), (0, 160, 0, 255)).save(art / "B1.png")
    g = folder / "game.toml"
    text = g.read_text().replace('# images = "art"', 'images = "art"')
    text += '\n[layout]\nbase = "generic"\nart = "face"\nfont = "regular"\n[layout.colors]\nlabel = "navy"\n'
    g.write_text(text)
    kit = load_kit(folder)
    result = build_kit(kit, tmp_path / "out", force=True)
    with zipfile.ZipFile(result.path) as z:
        front = Image.open(io.BytesIO(z.read(f"images/{image_name(kit.unit('R1'))}"))).convert("RGB")
        back = Image.open(io.BytesIO(z.read(f"images/{image_name(kit.unit('R1'), back=True)}"))).convert("RGB")
        b1 = Image.open(io.BytesIO(z.read(f"images/{image_name(kit.unit('B1'))}"))).convert("RGB")
    c = front.width // 2
    assert front.getpixel((c, c)) == (10, 120, 200)
    assert back.getpixel((c, c)) == (200, 120, 10)
    assert b1.getpixel((c, c)) == (0, 160, 0)          # 80x50 art fitted, centred, proportions kept
    assert b1.getpixel((c, 3)) != (0, 160, 0)          # above the fitted art: the face beneath
