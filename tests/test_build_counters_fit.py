"""Counters that fit their hexes (issue 18): the module's counter size comes from the kit (by
default 0.72 of the hex height, inside the hex and clear of the hex ID at its top), stacks show
every piece with small offsets (no blank colour), off-map boxes hold their set-up counters side
by side under their text, and a kit's dice all get a button."""
from __future__ import annotations

import dataclasses

from lxml import etree

from conftest import ROOT
from vmodgen.builder.assemble import ModulePlan, build_xml, plan_pieces
from vmodgen.builder.boxes import box_board, box_capacity
from vmodgen.builder.sizes import COUNTER_FRACTION, module_counter_px
from vmodgen.model import load_kit
from vmodgen.render.board import HEX_ID_Y, box_layout
from vmodgen.render.scene import stack_look, stack_positions


def _short(tag: str) -> str:
    return tag.rsplit(".", 1)[-1]


def test_default_counter_is_inside_the_hex_and_below_the_hex_id():
    kit = load_kit("north-africa-41")
    px = module_counter_px(kit)
    hex_h = kit.map.hex_height_px
    assert px == round(hex_h * COUNTER_FRACTION) < hex_h
    # the hex ID's centre is above the counter's top edge
    assert HEX_ID_Y * hex_h > px / 2


def test_kit_counter_px_overrides_the_default():
    kit = load_kit(ROOT / "tests" / "data" / "minikit")
    kit.game = dataclasses.replace(kit.game, counter_px=40)
    assert module_counter_px(kit) == 40


def test_stack_metrics_draw_every_piece_with_the_scene_offsets():
    kit = load_kit(ROOT / "tests" / "data" / "minikit")
    plan = ModulePlan(kit, counter_px=46)
    plan_pieces(plan)
    from vmodgen.builder.assemble import SheetBoard
    from vmodgen.builder.build import sheet_layout
    layout = sheet_layout(kit, "main")
    plan.sheets.append(SheetBoard("main", "Main", "b.png", layout.vassal_grid_attributes(),
                                  layout.vassal_numbering_attributes(), layout.board_size))
    root = etree.fromstring(build_xml(plan))
    sms = [e for e in root.iter() if _short(e.tag) == "StackMetrics"]
    assert sms
    look = stack_look(46)
    for sm in sms:
        assert "color" not in sm.attrib            # null blank colour: lower pieces drawn in full
        assert (int(sm.get("unexSepX")), int(sm.get("unexSepY"))) == (look.sep_x, look.sep_y)
    # a stack of four rises less than a third of a hex
    top = stack_positions(0, 0, 4, look)[-1]
    assert -top[1] < kit.map.hex_height_px / 3


def test_box_counters_sit_under_the_box_text_and_do_not_overlap():
    kit = load_kit("north-africa-41")
    px = module_counter_px(kit)
    capacity = box_capacity(kit)
    assert max(capacity.values()) > 1
    board, _img = box_board(kit, px)
    _, rects, unit = box_layout(kit.map, counter_px=px, capacity=capacity)
    for z in board.zones:
        x0, y0, x1, y1 = rects[z["box_id"]]
        slots = z["slots"]
        assert len(slots) == max(1, capacity.get(z["box_id"], 0))
        for (x, y) in slots:
            assert x0 <= x - px / 2 and x + px / 2 <= x1 and y + px / 2 <= y1
            assert y - px / 2 >= y0 + unit * 1.2        # below the name, kind and notes
        for i, a in enumerate(slots):
            for b in slots[i + 1:]:
                assert abs(a[0] - b[0]) >= px or abs(a[1] - b[1]) >= px


def test_every_die_of_the_kit_has_a_button():
    """NA41 2.1: 1d6 for combat and most tables, 2d6 for events, AST and attrition."""
    kit = load_kit("north-africa-41")
    assert [str(d) for d in kit.game.dice] == ["1d6", "2d6"]
    plan = ModulePlan(kit, counter_px=46)
    plan_pieces(plan)
    root = etree.fromstring(build_xml(plan))
    buttons = [e for e in root.iter() if _short(e.tag) == "DiceButton"]
    assert sorted((b.get("nDice"), b.get("nSides"), b.get("text")) for b in buttons) == [
        ("1", "6", "1d6"), ("2", "6", "2d6")]
    menu = next(e for e in root.iter() if _short(e.tag) == "ToolbarMenu")
    assert menu.get("menuItems").split(",")[:2] == ["1d6", "2d6"]


def test_scenarios_without_a_set_up_for_every_side_are_not_offered(tmp_path):
    """OM scenarios 4-6 set up no unit, NA41's Crusader only the Tobruk ASU and no Axis unit
    (issue 18): no predefined set-up for them, and the help page says why; the others are offered
    (OM 1-3 set up Allied units, the Germans arrive by air)."""
    from vmodgen.builder.build import offered_scenarios
    from vmodgen.builder.help_page import help_html
    from vmodgen.builder.offered import missing_sides
    om = load_kit("operation-mercury")
    offered = {s.id for s in offered_scenarios(om)}
    assert offered == {s.id for s in om.scenarios.values() if s.setup and not missing_sides(om, s)}
    assert {"scn4", "scn5", "scn6"}.isdisjoint(offered) and {"scn1", "scn2", "scn3"} <= offered
    na = load_kit("north-africa-41")
    assert len(na.scenarios["crusader"].setup) == 1
    assert "crusader" not in {s.id for s in offered_scenarios(na)}
    page = help_html(na)
    assert page.count("Not offered as a set-up") == len(na.scenarios) - len(offered_scenarios(na))


def test_built_module_links_the_vector_sheets_in_its_help_menu(tmp_path):
    import zipfile
    from vmodgen.builder.build import build_kit
    kit = load_kit(ROOT / "tests" / "data" / "minikit")
    result = build_kit(kit, tmp_path, force=True)
    assert (tmp_path / "minikit-counters.pdf").read_bytes().startswith(b"%PDF")
    assert (tmp_path / "minikit-counters-letter.pdf").read_bytes().startswith(b"%PDF")
    with zipfile.ZipFile(result.path) as z:
        root = etree.fromstring(z.read("buildFile.xml"))
        assert z.read("help/counter-sheet.pdf") == (tmp_path / "minikit-counters.pdf").read_bytes()
        names = set(z.namelist())
    pdfs = {e.get("pdfFile"): e.get("title") for e in root.iter() if _short(e.tag) == "BrowserPDFFile"}
    assert set(pdfs) == {"help/counter-sheet.pdf", "help/counter-sheet-letter.pdf"} and set(pdfs) <= names
    assert all(_short(e.getparent().tag) == "Documentation" for e in root.iter() if _short(e.tag) == "BrowserPDFFile")
    # a deleted sheet is written again even when the module is unchanged
    (tmp_path / "minikit-counters.pdf").unlink()
    assert not build_kit(kit, tmp_path).skipped and (tmp_path / "minikit-counters.pdf").is_file()


def test_scene_draws_a_stack_with_the_module_offsets():
    """render/scene.py draws a set-up as VASSAL draws it: NA41 S1 has three units in 1604; the
    top one is drawn two offsets up and right of the bottom one, the bottom one at the hex centre."""
    from vmodgen.render.board import board_layout
    from vmodgen.render.counters import render_counter
    from vmodgen.render.scene import render_scene
    kit = load_kit("north-africa-41")
    scenario = kit.scenarios["enter-rommel"]
    units = [kit.unit(p.unit) for p in scenario.setup if p.location == "1604"]
    assert len(units) == 3
    sheet, hx = kit.map.sheet_of("1604")
    cx, cy = (round(v) for v in board_layout(kit.map, sheet.id).center(hx))
    px = 46
    look = stack_look(px)
    scene = render_scene(kit, scenario, sheet.id, px)
    top = render_counter(kit.game, units[-1], "front", px)
    x0, y0 = cx + 2 * look.sep_x - px // 2, cy - 2 * look.sep_y - px // 2
    got = scene.crop((x0 + 1, y0 + 1, x0 + px - 1, y0 + px - 1))
    assert got.tobytes() == top.crop((1, 1, px - 1, px - 1)).tobytes()
