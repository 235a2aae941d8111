"""Counter faces: every counter of every kit draws on both sides, and the pixels that matter
are where the layout says (band, nationality colour, values, no-ZOC band, illustrative mark)."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from PIL import Image

from vmodgen.errors import InputError
from vmodgen.model.kit import bundled_kits, load_kit
from vmodgen.render.colors import rgb
from vmodgen.render.counters import (counter_px, layout_module, render_counter, render_marker,
                                     render_spec, value_boxes)
from vmodgen.render.face import face_spec, printed_label

DATA = Path(__file__).resolve().parent / "data"


def _kits():
    out = [("minikit", DATA / "minikit")]
    out += sorted(bundled_kits().items())
    return out


_LOADED: dict = {}


def kit_of(spec):
    key = str(spec)
    if key not in _LOADED:
        try:
            _LOADED[key] = load_kit(spec)
        except InputError as e:         # a kit being written by someone else may not load yet
            _LOADED[key] = e
    got = _LOADED[key]
    if isinstance(got, InputError):
        pytest.skip(f"kit does not load: {got}")
    return got


KITS = _kits()


def dist(a, b) -> float:
    return sum((x - y) ** 2 for x, y in zip(a, b)) ** 0.5


def pixels(im: Image.Image, box):
    x0, y0, x1, y1 = box
    raw = im.crop((x0, y0, x1, y1)).tobytes()
    return [tuple(raw[i:i + 3]) for i in range(0, len(raw), 3)]


def count_near(im, box, color, tol=40) -> int:
    c = rgb(color)
    return sum(1 for p in pixels(im, box) if dist(p, c) <= tol)


def count_far(im, box, color, tol=90) -> int:
    c = rgb(color)
    return sum(1 for p in pixels(im, box) if dist(p, c) > tol)


@pytest.mark.parametrize("name,path", KITS, ids=[k for k, _ in KITS])
def test_every_counter_draws_both_sides_and_values_sit_in_their_boxes(name, path):
    kit = kit_of(path)
    px = 75
    for u in kit.units:
        front = render_counter(kit.game, u, "front", px)
        back = render_counter(kit.game, u, "back", px)
        assert front.size == (px, px) and back.size == (px, px) and front.mode == "RGB"
        assert front.tobytes() != back.tobytes(), f"{u.id}: back looks like the front"
        for side, im in (("front", front), ("back", back)):
            spec = face_spec(kit.game, u, side)
            boxes = value_boxes(kit.game, u, side, px)
            for fid, _ in spec.values:
                assert fid in boxes, f"{u.id} {side}: field '{fid}' has no box"
                b = boxes[fid]
                assert 0 <= b[0] < b[2] <= px and 0 <= b[1] < b[3] <= px, (u.id, fid, b)
                # the value is printed there: ink that is not the counter's background
                assert count_far(im, b, im.getpixel((px // 2, px - 2))) > 0 or \
                    count_far(im, b, spec.background) > 0, f"{u.id} {side}: no ink in the '{fid}' box"


@pytest.mark.parametrize("name,path", KITS, ids=[k for k, _ in KITS])
def test_nationality_colour_band_and_no_zoc_band(name, path):
    kit = kit_of(path)
    px = 150
    for u in kit.units:
        spec = face_spec(kit.game, u, "front")
        im = render_counter(kit.game, u, "front", px)
        regions = value_boxes(kit.game, u, "front", px)
        # nationality background at the left edge beside the symbol, below the ID
        nat = kit.game.nationalities[u.nationality].color
        assert count_near(im, (8, int(px * 0.355), 11, int(px * 0.385)), nat, 30) > 0, u.id
        if u.exerts_zoc:
            assert "nozoc" not in regions
        else:
            x0, y0, x1, y1 = regions["nozoc"]
            strip = (x0 + 3, y0 + 1, x0 + 8, y1 - 1)        # the band's left end, clear of the text
            assert count_near(im, strip, "#ffffff", 12) >= 0.8 * 5 * (y1 - y0 - 2), u.id
        band = regions.get("band")
        if spec.band and band and not spec.no_zoc:
            x0, y0, x1, y1 = band
            probe = (x0 + 2, y0 + 1, x0 + 6, y1 - 1)
            assert count_near(im, probe, spec.band, 30) > 0, f"{u.id}: formation colour missing"


def test_white_band_only_on_no_zoc_units():
    kit = kit_of(DATA / "minikit")
    px = 100
    hq = kit.unit("B1")          # no_zoc
    inf = kit.unit("B2")
    assert "nozoc" in value_boxes(kit.game, hq, "front", px)
    box = value_boxes(kit.game, hq, "front", px)["nozoc"]
    strip = (box[0] + 2, box[1] + 2, box[0] + 6, box[3] - 2)
    assert count_near(render_counter(kit.game, hq, "front", px), strip, "#ffffff", 10) == 4 * (box[3] - box[1] - 4)
    assert count_near(render_counter(kit.game, inf, "front", px), strip, "#ffffff", 40) == 0


def test_formation_band_colour_where_the_band_is():
    kit = kit_of(DATA / "minikit")
    u = kit.unit("R1")
    b = value_boxes(kit.game, u, "front", 120)["band"]
    im = render_counter(kit.game, u, "front", 120)
    assert count_near(im, (b[0] + 4, b[1] + 2, b[0] + 20, b[3] - 2), "#ffd000", 20) == 16 * (b[3] - b[1] - 4)


def test_back_is_lighter_and_one_sided_back_is_blank():
    kit = kit_of(DATA / "minikit")
    px = 90
    r1 = kit.unit("R1")
    front, back = render_counter(kit.game, r1, "front", px), render_counter(kit.game, r1, "back", px)
    lum = lambda p: sum(p)  # noqa: E731
    assert lum(back.getpixel((3, px // 2))) > lum(front.getpixel((3, px // 2)))
    tank = kit.unit("R3")   # one step, one side
    blank = render_counter(kit.game, tank, "back", px)
    inner = (4, 4, px - 4, px - 4)
    assert count_far(blank, inner, blank.getpixel((px // 2, px // 2)), 30) == 0


def test_illustrative_mark_only_on_illustrative_values():
    kit = kit_of(DATA / "minikit")
    px = 150
    for uid, marked in (("R1", False), ("R2", True), ("R3", True), ("B2", False)):
        u = kit.unit(uid)
        box = value_boxes(kit.game, u, "front", px)["illustrative"]
        im = render_counter(kit.game, u, "front", px)
        whites = count_near(im, box, "#ffffff", 10)
        assert (whites > 20) == marked, uid
    # R2 is illustrative on its front attack only: its back is not marked
    r2 = kit.unit("R2")
    box = value_boxes(kit.game, r2, "back", px)["illustrative"]
    assert count_near(render_counter(kit.game, r2, "back", px), box, "#ffffff", 10) < 5


def test_same_inputs_same_bytes():
    kit = kit_of(DATA / "minikit")
    for u in kit.units:
        for side in ("front", "back"):
            assert render_counter(kit.game, u, side, 75).tobytes() == render_counter(kit.game, u, side, 75).tobytes()


def test_print_size_follows_counter_size_mm():
    kit = kit_of(DATA / "minikit")
    assert counter_px(kit.game, 300) == round(12.7 / 25.4 * 300) == 150
    im = render_counter(kit.game, kit.units[0], "front", dpi=300)
    assert im.size == (150, 150)


def test_values_follow_the_data():
    kit = kit_of(DATA / "minikit")
    u = kit.unit("R1")
    changed = dataclasses.replace(u, front={**u.front, "attack": 9})
    a = render_counter(kit.game, u, "front", 100)
    b = render_counter(kit.game, changed, "front", 100)
    box = value_boxes(kit.game, u, "front", 100)["attack"]
    assert a.crop(box).tobytes() != b.crop(box).tobytes()
    other = value_boxes(kit.game, u, "front", 100)["movement"]
    assert a.crop(other).tobytes() == b.crop(other).tobytes()


@pytest.mark.parametrize("name,path", KITS, ids=[k for k, _ in KITS])
def test_every_marker_draws(name, path):
    kit = kit_of(path)
    for m in kit.game.markers.values():
        im = render_marker(kit.game, m, 75)
        assert im.size == (75, 75)
        assert count_far(im, (5, 5, 70, 70), m.color, 90) > 20, m.id


def test_unknown_layout_is_refused_not_replaced_by_generic():
    """Issue 18: a misspelt layout name fell back silently to the generic layout."""
    with pytest.raises(KeyError, match="unknown counter layout 'no-such-layout'"):
        layout_module("no-such-layout")
    assert layout_module("operation-mercury").VERSION.startswith("om")


def test_printed_label_drops_copy_counts_only():
    assert printed_label("III/100 Geb (2 of 4)") == "III/100 Geb"
    assert printed_label("Ju-87 Stuka (optional)") == "Ju-87 Stuka (optional)"
    assert printed_label("(1 of 2)") == "(1 of 2)"


# ---- game-specific anatomy -----------------------------------------------------------------

def _bundled(name):
    kits = bundled_kits()
    if name not in kits:
        pytest.skip(f"kit {name} is not in this tree")
    return kit_of(kits[name])


def test_operation_mercury_range_superscript_and_efficiency():
    kit = _bundled("operation-mercury")
    arty = next((u for u in kit.units if u.front.get("range") not in (None, "")), None)
    if arty is None:
        pytest.skip("no unit with a range")
    boxes = value_boxes(kit.game, arty, "front", 150)
    first = boxes.get("bombardment") or boxes.get("attack")
    sup = boxes["range"]
    assert sup[1] < first[1] + (first[3] - first[1]) // 3      # raised
    assert sup[3] - sup[1] < first[3] - first[1]               # smaller
    assert sup[0] >= first[2] - 3                              # after the number


def test_invasion_malta_movement_circle_and_box():
    kit = _bundled("invasion-malta")
    for cls, color in (("orange", "#f08c1e"), ("red", "#d0231c")):
        u = next((u for u in kit.units if face_spec(kit.game, u).movement_class == cls
                  and u.front.get("movement") not in (None, "")), None)
        if u is None:
            continue
        im = render_counter(kit.game, u, "front", 150)
        box = value_boxes(kit.game, u, "front", 150)["movement"]
        assert count_near(im, box, color, 40) > 30, (u.id, cls)


def test_north_africa_troop_quality_boxes():
    kit = _bundled("north-africa-41")
    for tq, color in (("elite", "#d0231c"), ("low", "#ffffff")):
        u = next((u for u in kit.units if str(u.front.get("tq", "")).lower() == tq
                  and u.front.get("defense") not in (None, "")), None)
        if u is None:
            continue
        im = render_counter(kit.game, u, "front", 150)
        box = value_boxes(kit.game, u, "front", 150)["defense"]
        assert count_near(im, box, color, 30) > 40, (u.id, tq)


def test_spec_rendering_is_independent_of_the_unit_object():
    kit = kit_of(DATA / "minikit")
    spec = face_spec(kit.game, kit.unit("R1"))
    assert render_spec(spec, 80).tobytes() == render_counter(kit.game, kit.unit("R1"), "front", 80).tobytes()


def test_characters_the_font_lacks_are_dropped_not_drawn_as_boxes():
    from vmodgen.render.text import has_glyph, printable
    assert printable("Specific point (特定地点)") == "Specific point"
    assert has_glyph("●") and has_glyph("é") and not has_glyph("特")
    kit = kit_of(DATA / "minikit")
    u = kit.unit("R1")
    a = render_counter(kit.game, dataclasses.replace(u, name="1/1 Inf"), "front", 80)
    b = render_counter(kit.game, dataclasses.replace(u, name="1/1 Inf 特"), "front", 80)
    assert a.tobytes() == b.tobytes()


@pytest.mark.parametrize("name,path", KITS, ids=[k for k, _ in KITS])
def test_marker_text_is_in_its_box(name, path):
    from vmodgen.render.counters import marker_boxes
    kit = kit_of(path)
    for m in kit.game.markers.values():
        im = render_marker(kit.game, m, 90)
        box = marker_boxes(kit.game, m, 90)["text"]
        assert count_far(im, box, m.color, 90) > 10, m.id


def test_hostile_long_texts_still_fit_the_counter():
    kit = kit_of(DATA / "minikit")
    u = kit.unit("R1")
    long = dataclasses.replace(u, name="W" * 5000, front={**u.front, "attack": "8" * 5000})
    im = render_counter(kit.game, long, "front", 75)
    assert im.size == (75, 75)
    boxes = value_boxes(kit.game, long, "front", 75)
    assert all(0 <= b[0] <= b[2] <= 75 for b in boxes.values())
