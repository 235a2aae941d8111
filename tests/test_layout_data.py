"""Counter layouts as data and a unit's own art (issue 18): a kit's ``[layout]`` table moves
the boxes, picks which values go where, sets fonts and colours (CSS names too); an unknown
layout is refused with its file and line; a folder of images named by unit id (VASSAL's Mass
Piece Loader convention) or an ``image`` column gives a unit its own face; ``short_name`` is
what the counter prints."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PIL import Image

from conftest import ROOT
from vmodgen.errors import InputError
from vmodgen.model import load_kit
from vmodgen.model.layout import KNOWN_LAYOUTS
from vmodgen.render.counters import render_counter, value_boxes
from vmodgen.render.face import face_spec
from vmodgen.render.layout_data import LAYOUT_DIR, bundled_layout

MINIKIT = ROOT / "tests" / "data" / "minikit"


def _kit_copy(tmp_path: Path, game_extra: str = "", tables: str = "", roster_edit=None) -> Path:
    d = tmp_path / "kit"
    shutil.copytree(MINIKIT, d)
    g = (d / "game.toml").read_text()
    g = g.replace('counter_layout = "generic"\n', 'counter_layout = "generic"\n' + game_extra)
    (d / "game.toml").write_text(g + "\n" + tables)
    if roster_edit:
        r = d / "roster.csv"
        r.write_text(roster_edit(r.read_text()))
    return d


def test_every_known_layout_has_its_data_file_and_code():
    for name in KNOWN_LAYOUTS:
        data = bundled_layout(name)
        assert data.base == name
        assert data.box("id") and data.box("symbol") and data.box("row")
        assert (LAYOUT_DIR / f"{name.replace('-', '_')}.py").is_file()


def test_unknown_layout_name_is_refused_with_file_and_line(tmp_path):
    d = _kit_copy(tmp_path)
    g = d / "game.toml"
    g.write_text(g.read_text().replace('counter_layout = "generic"', 'counter_layout = "generik"'))
    with pytest.raises(InputError) as e:
        load_kit(d)
    line = next(i for i, t in enumerate(g.read_text().splitlines(), 1) if "generik" in t)
    assert f"game.toml:{line}:" in str(e.value) and "unknown counter layout 'generik'" in str(e.value)


def test_layout_table_moves_values_and_sets_colours(tmp_path):
    d = _kit_copy(tmp_path, tables='''
[layout]
base = "generic"
row = ["defense", "attack"]
left = ["movement"]
right = ["stacking"]
hide = []
font = "regular"
[layout.boxes]
id = [0.05, 0.70, 0.95, 0.95]
row = [0.06, 0.10, 0.94, 0.30]
[layout.colors]
label = "navy"
''')
    kit = load_kit(d)
    unit = kit.unit("R1")
    spec = face_spec(kit.game, unit)
    assert spec.geometry.box("id") == (0.05, 0.70, 0.95, 0.95)
    assert spec.geometry.color("label", "") == "#000080"          # CSS name through Pillow
    boxes = value_boxes(kit.game, unit, "front", 100)
    assert boxes["defense"][0] < boxes["attack"][0]                # the row's order
    assert boxes["defense"][1] < 35                                # the row moved to the top
    assert boxes["movement"][2] <= 25 and boxes["stacking"][0] >= 75
    im = render_counter(kit.game, unit, "front", 100)
    raw = im.crop((5, 70, 95, 95)).tobytes()
    px = [raw[i:i + 3] for i in range(0, len(raw), 3)]
    navy = sum(1 for p in px if p[2] > 90 and p[0] < 40 and p[1] < 40)
    assert navy > 20                                               # the ID printed in navy at the bottom


def test_layout_table_errors_name_the_line(tmp_path):
    d = _kit_copy(tmp_path, tables='[layout]\nrow = ["attack", "morale"]\n')
    with pytest.raises(InputError, match=r"game.toml:\d+: .*'row' names 'morale'"):
        load_kit(d)
    d2 = _kit_copy(tmp_path / "2", tables='[layout.boxes]\nid = [0.5, 0.1, 0.2, 0.3]\n')
    with pytest.raises(InputError, match="box 'id' must lie inside the counter"):
        load_kit(d2)


def _art(path: Path, color) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (60, 60), color).save(path)


def test_images_folder_named_by_unit_id_gives_the_faces(tmp_path):
    d = _kit_copy(tmp_path, game_extra='images = "art"\n')
    _art(d / "art" / "R1.png", (0, 200, 0))
    _art(d / "art" / "R1_back.png", (200, 0, 200))
    kit = load_kit(d)
    r1, r2 = kit.unit("R1"), kit.unit("R2")
    assert r1.art[0] and r1.art[1] and not r2.art[0]
    front = render_counter(kit.game, r1, "front", 50)
    back = render_counter(kit.game, r1, "back", 50)
    assert front.getpixel((25, 25)) == (0, 200, 0)
    assert back.getpixel((25, 25)) == (200, 0, 200)
    assert render_counter(kit.game, r2, "front", 50).getpixel((25, 25)) != (0, 200, 0)
    assert any(str(p).endswith("R1.png") for p in kit.files)        # a changed image rebuilds


def test_art_in_the_symbol_box_keeps_the_values(tmp_path):
    d = _kit_copy(tmp_path, game_extra='images = "art"\n', tables='[layout]\nart = "symbol"\n')
    _art(d / "art" / "R1.png", (0, 200, 0))
    kit = load_kit(d)
    unit = kit.unit("R1")
    im = render_counter(kit.game, unit, "front", 100)
    x0, y0, x1, y1 = value_boxes(kit.game, unit, "front", 100)["symbol"]
    assert im.getpixel(((x0 + x1) // 2, (y0 + y1) // 2)) == (0, 200, 0)
    assert im.getpixel((50, 5)) != (0, 200, 0)


def test_image_column_and_bad_image_name_the_roster_line(tmp_path):
    def edit(text: str) -> str:
        lines = text.splitlines()
        lines[0] += ",image"
        lines[1:] = [ln + ("," + ("pics/r1.png" if i == 0 else "") if True else "") for i, ln in enumerate(lines[1:])]
        return "\n".join(lines) + "\n"
    d = _kit_copy(tmp_path, roster_edit=edit)
    _art(d / "pics" / "r1.png", (10, 20, 30))
    assert load_kit(d).unit("R1").art[0]
    (d / "pics" / "r1.png").write_bytes(b"not an image")
    with pytest.raises(InputError, match=r"roster.csv:2: unit 'R1': .*not a readable image"):
        load_kit(d)


def test_short_name_is_what_the_counter_prints(tmp_path):
    def edit(text: str) -> str:
        lines = text.splitlines()
        lines[0] += ",short_name"
        lines[1:] = [ln + ("," + ("1/1" if i == 0 else "")) for i, ln in enumerate(lines[1:])]
        return "\n".join(lines) + "\n"
    kit = load_kit(_kit_copy(tmp_path, roster_edit=edit))
    assert face_spec(kit.game, kit.unit("R1")).label == "1/1"
    assert kit.unit("R1").name == "1/1 Inf"                         # the piece keeps its name
    assert face_spec(kit.game, kit.unit("R2")).label == "2/1 Inf"


def test_kit_colours_may_be_css_names(tmp_path):
    d = _kit_copy(tmp_path)
    g = d / "game.toml"
    g.write_text(g.read_text().replace('color = "#e8a090"', 'color = "navy"', 1))
    kit = load_kit(d)
    assert kit.game.nationalities["redland"].color == "#000080"
    g.write_text(g.read_text().replace('color = "navy"', 'color = "nosuchcolour"', 1))
    with pytest.raises(InputError, match=r"game.toml:\d+: .*CSS colour name.*nosuchcolour"):
        load_kit(d)
