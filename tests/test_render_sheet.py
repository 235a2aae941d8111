"""Print-and-play counter sheets: pages, true size, mirrored backs, determinism."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from vmodgen.model.kit import load_kit
from vmodgen.render.counters import counter_px, render_counter
from vmodgen.render.sheet import pieces, render_counter_sheet, sheet_pages

DATA = Path(__file__).resolve().parent / "data"


@pytest.fixture(scope="module")
def kit():
    return load_kit(DATA / "minikit")


def test_pdf_pages_and_size(kit, tmp_path):
    out = tmp_path / "sheet.pdf"
    data = render_counter_sheet(kit.game, kit.units, out, dpi=100)
    assert out.read_bytes() == data and data.startswith(b"%PDF")
    pages = re.findall(rb"/Type\s*/Page\b(?!s)", data)
    assert len(pages) == 2                           # one sheet: fronts and backs
    boxes = {tuple(float(v) for v in m.split()) for m in re.findall(rb"/MediaBox\s*\[\s*([^\]]+)\]", data)}
    assert len(boxes) == 1
    (x0, y0, w, h), = boxes
    assert abs(w - 595.3) < 1.5 and abs(h - 841.9) < 1.5     # A4 in points


def test_same_inputs_same_bytes(kit):
    a = render_counter_sheet(kit.game, kit.units, dpi=72)
    b = render_counter_sheet(kit.game, kit.units, dpi=72)
    assert a == b
    assert b"CreationDate" in a and b"D:2000" in a


def test_backs_are_mirrored_left_to_right(kit):
    dpi = 100
    items = pieces(kit.game, kit.units)
    front, back = sheet_pages(kit.game, items, dpi=dpi)
    c = counter_px(kit.game, dpi)
    # find the grid: the first unit's front face is at the top-left cell
    first = render_counter(kit.game, kit.units[0], "front", c)
    found = None
    for y in range(front.height // 4):
        for x in range(front.width // 4):
            if front.getpixel((x + c // 2, y + c // 2)) == first.getpixel((c // 2, c // 2)) and \
                    front.crop((x, y, x + c, y + c)).tobytes() == first.tobytes():
                found = (x, y)
                break
        if found:
            break
    assert found is not None
    gx, gy = found
    cols = (front.width - 2 * gx + 1) // c
    mirror_x = gx + (cols - 1) * c
    back0 = render_counter(kit.game, kit.units[0], "back", c)
    assert back.crop((mirror_x, gy, mirror_x + c, gy + c)).tobytes() == back0.tobytes()
    # the second unit's back sits one cell to the left of the first's
    back1 = render_counter(kit.game, kit.units[1], "back", c)
    assert back.crop((mirror_x - c, gy, mirror_x, gy + c)).tobytes() == back1.tobytes()


def test_cut_marks_and_illustrative_footnote(kit):
    front, _ = sheet_pages(kit.game, pieces(kit.game, kit.units), dpi=100)
    w, h = front.size
    # cut marks live in the margins: dark pixels in the top margin above the grid
    top = front.crop((0, int(h * 0.05), w, int(h * 0.09))).convert("L")
    assert min(top.tobytes()) < 80
    # the footnote (minikit has illustrative values) is printed near the bottom in dark red
    foot = front.crop((0, int(h * 0.88), w, h))
    assert any(r > 90 and g < 60 and b < 60 for _, (r, g, b) in foot.getcolors(1 << 24))


def test_no_footnote_without_illustrative_values(kit):
    plain = [u for u in kit.units if not any(c.startswith(("front.", "back.")) or c == "*" for c in u.illustrative)]
    front, _ = sheet_pages(kit.game, pieces(kit.game, plain, markers=False), dpi=100)
    w, h = front.size
    foot = front.crop((0, int(h * 0.88), w, h))
    assert not any(r > 90 and g < 60 and b < 60 for _, (r, g, b) in foot.getcolors(1 << 24))


def test_many_counters_make_several_sheets(kit):
    items = pieces(kit.game, kit.units * 120, markers=False)
    pages = sheet_pages(kit.game, items, dpi=40)
    assert len(pages) >= 4 and len(pages) % 2 == 0
