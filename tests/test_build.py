"""`vmodgen build`: the module is complete, canonical, and reads back with every scenario unit at
its set-up hex (issue 5). Compared with the golden module VASSAL opened and its Editor's re-save."""
from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from lxml import etree

from conftest import ROOT, shared_path
from vmodgen.builder.build import build_kit, sheet_layout
from vmodgen.builder.selfcheck import read_back, self_check
from vmodgen.hexes.vassal_grid import HexGrid
from vmodgen.model import bundled_kits, load_kit


@pytest.fixture(scope="module")
def minikit_module(tmp_path_factory):
    out = tmp_path_factory.mktemp("build")
    kit = load_kit(ROOT / "tests" / "data" / "minikit")
    result = build_kit(kit, out, force=True)
    return kit, result.path


def _short(tag: str) -> str:
    return tag.rsplit(".", 1)[-1]


def test_module_has_the_components_vassal_needs(minikit_module):
    kit, path = minikit_module
    with zipfile.ZipFile(path) as z:
        names = set(z.namelist())
        root = etree.fromstring(z.read("buildFile.xml"))
        meta = etree.fromstring(z.read("moduledata"))
    assert {"buildFile.xml", "moduledata", "help/rules.html", "help/counter-sheet.pdf", "scenario_s1.vsav"} <= names
    assert root.get("VassalVersion") == "3.7.0" and meta.findtext("VassalVersion") == "3.7.0"
    tags = [_short(e.tag) for e in root]
    for needed in ("BasicCommandEncoder", "Documentation", "PlayerRoster", "GlobalOptions", "PrototypesContainer",
                   "Map", "PieceWindow", "DiceButton", "TurnTracker", "Inventory", "PredefinedSetup"):
        assert needed in tags, needed
    m = next(e for e in root if _short(e.tag) == "Map")
    children = [_short(c.tag) for c in m]
    for needed in ("BoardPicker", "StackMetrics", "PieceMover", "KeyBufferer", "CounterDetailViewer", "Zoomer"):
        assert needed in children
    sides = [e.text for e in root.iter("entry")]
    assert sides == ["Red", "Blue"]
    phases = next(e for e in root.iter() if _short(e.tag) == "ListTurnLevel").get("list")
    assert phases == "Red Movement,Red Combat,Blue Movement,Blue Combat"
    dice = next(e for e in root.iter() if _short(e.tag) == "DiceButton")
    assert (dice.get("nDice"), dice.get("nSides")) == ("1", "6")


def test_components_carry_the_editors_attribute_sets():
    """Every component the golden module shares with ours has exactly the attribute names that
    VASSAL's Editor wrote when it re-saved the golden module (canonical form)."""
    golden = etree.parse(str(shared_path("golden", "vassal-run", "canonical_buildFile.xml"))).getroot()
    kit = load_kit(ROOT / "tests" / "data" / "minikit")
    from vmodgen.builder.assemble import ModulePlan, build_xml, plan_pieces
    plan = ModulePlan(kit)
    plan_pieces(plan)
    layout = sheet_layout(kit, "main")
    from vmodgen.builder.assemble import SheetBoard
    plan.sheets.append(SheetBoard("main", "Main", "b.png", layout.vassal_grid_attributes(),
                                  layout.vassal_numbering_attributes(), layout.board_size))
    ours = etree.fromstring(build_xml(plan))
    golden_attrs = {}
    for e in golden.iter():
        golden_attrs.setdefault(_short(e.tag), set(e.attrib))
    compared = 0
    for e in ours.iter():
        name = _short(e.tag)
        if name in golden_attrs and name not in ("GameModule", "entry", "option"):
            expected = golden_attrs[name]
            if name == "StackMetrics":
                # no blank colour: the Editor writes no attribute for a null value
                # (AbstractBuildable.getBuildElement), and VASSAL then draws every piece of a stack
                expected = expected - {"color"}
            assert set(e.attrib) == expected, name
            compared += 1
    assert compared > 25


def test_every_hex_centre_of_every_bundled_map_labels_as_the_printed_id():
    """Through the port of VASSAL's HexGrid labels, with the grid attributes the module carries."""
    for kit_id, path in bundled_kits().items():
        kit = load_kit(path)
        for sheet in kit.map.sheets.values():
            layout = sheet_layout(kit, sheet.id)
            grid = HexGrid.from_attributes(layout.vassal_grid_attributes(), layout.vassal_numbering_attributes(),
                                           size=layout.board_size)
            for h in sheet.scheme.hexes():
                x, y = layout.center(h)
                assert grid.location_name(x, y) == sheet.scheme.format(h), (kit_id, sheet.id, h)
                assert grid.snap_to(x, y) == (x, y)


def test_audit_pictures_draw_each_sheet_where_the_module_board_has_it():
    """One margin for the module's boards and the audit's pictures: a hex's centre in a picture
    (``render.board.board_layout``) is its centre on the module's board (``sheet_layout``), at the
    bundled maps' hex height and at others."""
    import dataclasses
    from vmodgen.render.board import board_layout
    for kit_id, path in bundled_kits().items():
        kit = load_kit(path)
        for height in (kit.map.hex_height_px, 50, 90):
            kit.map = dataclasses.replace(kit.map, hex_height_px=height)
            for sheet in kit.map.sheets.values():
                if sheet.image is not None:
                    continue
                ours, picture = sheet_layout(kit, sheet.id), board_layout(kit.map, sheet.id)
                assert ours.board_size == picture.board_size, (kit_id, sheet.id, height)
                for h in list(sheet.scheme.hexes())[:50]:
                    assert ours.center(h) == picture.center(h), (kit_id, sheet.id, height, h)


def test_built_module_reads_back_with_every_unit_at_its_setup_hex(minikit_module):
    kit, path = minikit_module
    assert read_back(path.read_bytes(), kit) == []
    assert len(kit.scenarios["s1"].setup) == 5


def test_self_check_catches_a_unit_placed_in_the_wrong_hex(minikit_module, monkeypatch):
    """Sabotage: every placement shifted by one hex must be reported, and no module written."""
    kit, _ = minikit_module
    from vmodgen.builder import build as build_mod
    from vmodgen.hexes.layout import SheetLayout
    real = SheetLayout.center

    def off_by_one(self, h):
        x, y = real(self, h)
        return x, y + int(float(self.vassal_grid_attributes()["dy"]))
    monkeypatch.setattr(SheetLayout, "center", off_by_one)
    out = Path(build_mod.__file__).parent  # never written: the build must fail first
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        with pytest.raises(build_mod.BuildError) as err:
            build_kit(kit, tmp, force=True)
        assert "should stand in" in str(err.value) or "read back" in str(err.value)
        assert not (Path(tmp) / "minikit.vmod").exists()
    del out


def test_second_build_with_nothing_changed_is_skipped(tmp_path):
    kit = load_kit(ROOT / "tests" / "data" / "minikit")
    first = build_kit(kit, tmp_path)
    second = build_kit(kit, tmp_path)
    assert not first.skipped and second.skipped
    assert first.path.read_bytes() == second.path.read_bytes()


def test_same_inputs_give_the_same_bytes(tmp_path):
    kit = load_kit(ROOT / "tests" / "data" / "minikit")
    a = build_kit(kit, tmp_path / "a", force=True).path.read_bytes()
    b = build_kit(kit, tmp_path / "b", force=True).path.read_bytes()
    assert a == b


def test_cli_build_of_a_broken_kit_exits_2_and_writes_nothing(tmp_path):
    import shutil
    kit = tmp_path / "kit"
    shutil.copytree(ROOT / "tests" / "data" / "minikit", kit)
    with open(kit / "roster.csv", "a", encoding="utf-8") as fh:
        fh.write("R9,Bad,red,redland,1div,spaceship,battalion,1,,1,1,1,1,,,,,,,\n")
    out = tmp_path / "out"
    run = subprocess.run([sys.executable, "-m", "vmodgen", "build", str(kit), "-o", str(out)],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 2
    assert "roster.csv:7" in run.stderr and "spaceship" in run.stderr
    assert "Traceback" not in run.stderr
    assert not (out / "minikit.vmod").exists()
