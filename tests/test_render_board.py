"""Map boards: terrain at hex centres, printed hex IDs, roads between centres, hexside features,
the illustrative note, scanned images, and every sheet of every kit drawing on its layout."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from PIL import Image

from vmodgen.errors import InputError
from vmodgen.hexes.layout import SheetLayout
from vmodgen.model.kit import bundled_kits, load_kit
from vmodgen.model.mapdata import ScannedImage
from vmodgen.render.board import (board_layout, render_board, render_boxes, render_legend,
                                  sheet_is_illustrative)
from vmodgen.render.colors import rgb

DATA = Path(__file__).resolve().parent / "data"


@pytest.fixture(scope="module")
def mini():
    kit = load_kit(DATA / "minikit")
    layout = board_layout(kit.map, "main")
    return kit, layout, render_board(kit.game, kit.map, "main", layout=layout)


def near(p, color, tol=12) -> bool:
    return sum((a - b) ** 2 for a, b in zip(p, rgb(color))) ** 0.5 <= tol


def hx(kit, hid):
    return kit.map.sheets["main"].scheme.parse(hid)


def test_board_size_is_the_layouts(mini):
    kit, layout, im = mini
    assert im.size == layout.board_size


def test_hex_centre_has_its_terrain_colour(mini):
    kit, layout, im = mini
    for hid, terrain in (("0605", "sea"), ("0404", "clear"), ("0502", "clear")):
        x, y = layout.center(hx(kit, hid))
        assert near(im.getpixel((x, y)), kit.game.terrain[terrain].color, 4), hid


def test_printed_hex_id_region_has_dark_pixels(mini):
    kit, layout, im = mini
    h = layout.dy
    for hid in ("0404", "0101", "0605"):
        x, y = layout.center(hx(kit, hid))
        crop = im.crop((int(x - h * 0.3), int(y - h * 0.43), int(x + h * 0.3), int(y - h * 0.24))).convert("L")
        assert min(crop.tobytes()) < 90, hid
        # and nothing dark in the lower middle of a plain hex
    x, y = layout.center(hx(kit, "0404"))
    plain = im.crop((int(x - h * 0.2), int(y - h * 0.1), int(x + h * 0.2), int(y + h * 0.2))).convert("L")
    assert min(plain.tobytes()) > 150


def test_road_between_two_centres(mini):
    kit, layout, im = mini
    a, b = layout.center(hx(kit, "0101")), layout.center(hx(kit, "0201"))
    mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
    assert near(im.getpixel(mid), kit.game.line_features["road"].color, 30)
    # no road between two hexes the road does not join
    c, d = layout.center(hx(kit, "0404")), layout.center(hx(kit, "0405"))
    assert not near(im.getpixel(((c[0] + d[0]) // 2, (c[1] + d[1]) // 2)), "#a04000", 60)


def _edge_mid(layout, a, b):
    ca, cb = layout.center(a), layout.center(b)
    return (ca[0] + cb[0]) / 2, (ca[1] + cb[1]) / 2


def test_river_on_the_shared_hexside(mini):
    kit, layout, im = mini
    x, y = _edge_mid(layout, hx(kit, "0303"), hx(kit, "0304"))
    assert near(im.getpixel((round(x), round(y))), "#2060c0", 40)


def test_escarpment_teeth_point_down_the_slope(mini):
    kit, layout, im = mini
    up, down = hx(kit, "0202"), hx(kit, "0203")
    mx, my = _edge_mid(layout, up, down)
    cu, cd = layout.center(up), layout.center(down)
    color = kit.game.hexside_features["escarpment"].color

    def count(toward):
        n = 0
        for t in (0.06, 0.09, 0.12):
            for s in (-0.3, -0.15, 0.0, 0.15, 0.3):
                # along the edge (perpendicular to the centre line) and a little toward a side
                dx, dy = toward[0] - mx, toward[1] - my
                px = mx + dx * t * 2 - dy * s
                py = my + dy * t * 2 + dx * s
                n += near(im.getpixel((round(px), round(py))), color, 60)
        return n
    assert count(cd) > count(cu)


def test_place_symbol_and_name(mini):
    kit, layout, im = mini
    x, y = layout.center(hx(kit, "0102"))      # Redtown, a town
    assert min(im.crop((x - 3, y - 3, x + 4, y + 4)).convert("L").tobytes()) < 60
    h = layout.dy
    name = im.crop((int(x - h * 0.4), int(y + h * 0.18), int(x + h * 0.4), int(y + h * 0.42))).convert("L")
    assert min(name.tobytes()) < 60


def _banner_pixels(im: Image.Image) -> int:
    return sum(n for n, c in im.getcolors(1 << 24) if near(c, (255, 236, 200), 3))


def test_illustrative_note_only_when_terrain_is_illustrative(mini):
    kit, layout, im = mini
    assert sheet_is_illustrative(kit.map, kit.map.sheets["main"])
    assert _banner_pixels(im) > 200
    clean = dataclasses.replace(kit.map, illustrative_note="",
                                hexes={k: dataclasses.replace(v, illustrative=False) for k, v in kit.map.hexes.items()},
                                hexsides=[dataclasses.replace(s, illustrative=False) for s in kit.map.hexsides],
                                lines=[dataclasses.replace(p, illustrative=False) for p in kit.map.lines])
    assert not sheet_is_illustrative(clean, clean.sheets["main"])
    assert _banner_pixels(render_board(kit.game, clean, "main")) == 0


def test_same_inputs_same_bytes(mini):
    kit, layout, im = mini
    assert render_board(kit.game, kit.map, "main").tobytes() == im.tobytes()


def test_scanned_image_is_the_board(tmp_path):
    kit = load_kit(DATA / "minikit")
    scan = Image.new("RGB", (123, 77), (10, 200, 30))
    path = tmp_path / "scan.png"
    scan.save(path)
    sheet = dataclasses.replace(kit.map.sheets["main"], image=ScannedImage(str(path), 64.0, (40, 40)))
    mapdata = dataclasses.replace(kit.map, sheets={"main": sheet})
    got = render_board(kit.game, mapdata, "main")
    assert got.size == (123, 77) and got.getpixel((5, 5)) == (10, 200, 30)
    bad = tmp_path / "bad.png"
    bad.write_bytes(b"\x89PNG not really")
    sheet = dataclasses.replace(sheet, image=ScannedImage(str(bad), 64.0, (40, 40)))
    with pytest.raises(InputError):
        render_board(kit.game, dataclasses.replace(kit.map, sheets={"main": sheet}), "main")


def test_legend_and_boxes():
    kit = load_kit(DATA / "minikit")
    legend = render_legend(kit.game, kit.map)
    assert legend.width > 200 and legend.height > 100
    colors = [c for _, c in legend.getcolors(1 << 24)]
    for t in kit.game.terrain.values():        # every terrain has its swatch in the key
        assert any(near(c, t.color, 2) for c in colors), t.id
    boxes = render_boxes(kit.game, kit.map)
    assert boxes is not None and boxes.width > 50
    assert render_boxes(kit.game, dataclasses.replace(kit.map, boxes={})) is None


def _bundled():
    out = []
    for name, path in sorted(bundled_kits().items()):
        out.append(pytest.param(path, id=name))
    return out


@pytest.mark.parametrize("path", _bundled())
def test_every_sheet_of_every_kit_draws(path):
    try:
        kit = load_kit(path)
    except InputError as e:
        pytest.skip(f"kit does not load: {e}")
    for sid, sheet in kit.map.sheets.items():
        if sheet.image is not None:
            continue
        layout = SheetLayout(sheet.scheme, 24, 12)          # small: fast, same code path
        im = render_board(kit.game, kit.map, sid, layout=layout, ss=1)
        assert im.size == layout.board_size
        checked = 0
        for h in sheet.scheme.hexes()[::7]:
            hid = sheet.scheme.format(h)
            t = kit.game.terrain[kit.map.terrain(hid)]
            if t.pattern or kit.map.info(hid).features or any(p.hex == hid for p in kit.map.places):
                continue
            if any(hid in p.hexes for p in kit.map.lines) or any(hid in (s.a, s.b) for s in kit.map.hexsides):
                continue
            x, y = layout.center(h)
            assert near(im.getpixel((x, y + 3)), t.color, 6), (sid, hid)
            checked += 1
        assert checked > 0, sid


def test_drawn_ids_are_the_vassal_grid_labels_at_the_drawn_centres(mini):
    """The board draws each ID at the layout's centre, where VASSAL's grid names that hex."""
    kit, layout, im = mini
    scheme = kit.map.sheets["main"].scheme
    for h in scheme.hexes():
        x, y = layout.center(h)
        assert layout.label_at(x, y) == scheme.format(h)


def test_a_board_too_large_is_refused_before_drawing():
    from vmodgen.errors import LimitError

    class Huge:
        board_size = (60_000, 60_000)
        dy = 64.0

        def center(self, h):
            return (0, 0)

        def corners(self, h):
            return [(0.0, 0.0)] * 6

    kit = load_kit(DATA / "minikit")
    with pytest.raises(LimitError):
        render_board(kit.game, kit.map, "main", layout=Huge())
