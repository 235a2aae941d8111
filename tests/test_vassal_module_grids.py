"""Grid elements of modules: VASSAL 3.8's twelve oblique modules read with their labels, and an
element vmodgen does not understand is never dropped silently (``Module.warnings``, ``inspect``)."""
from __future__ import annotations

import gzip
import io
import re
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from vmodgen.cli import cli
from vmodgen.hexes.vassal_grid import HexGrid, ObliqueHexNumbering
from vmodgen.vassal.inspecting import inspect_save
from vmodgen.vassal.module import read_module

GOLDEN = Path(__file__).resolve().parents[1].parent / "shared" / "golden"
OBLIQUE = GOLDEN / "vassal-3.8" / "oblique-modules"
HEXTEST = GOLDEN / "vassal-run" / "HexTest.vmod"
GRID = "VASSAL.build.module.map.boardPicker.board."


def _need(p: Path) -> Path:
    if not p.exists():
        pytest.skip(f"{p} is absent (the read-only ../shared folder is not beside the project)")
    return p


def _modules() -> dict[str, Path]:
    """The oblique modules by configuration number (``variants.txt``)."""
    out = {}
    for line in _need(OBLIQUE / "variants.txt").read_text(encoding="utf-8").splitlines():
        f = line.split("|")
        out[f[0]] = OBLIQUE / f[2]
    return out


def test_twelve_oblique_modules_label_every_hex_as_vassal_38():
    """Each module's own grid, read from its buildFile, gives VASSAL 3.8's label at every hex
    centre of ``oblique_getlocation`` (map point = board point + the map's edge 20,30)."""
    modules = _modules()
    assert len(modules) == 12
    read = {c: read_module(p) for c, p in modules.items()}
    for m in read.values():
        assert not m.warnings, m.warnings
        g = m.maps["Main Map"].boards["Board"].grid
        assert isinstance(g, HexGrid) and isinstance(g.numbering, ObliqueHexNumbering)
    n = 0
    with gzip.open(_need(GOLDEN / "oblique_getlocation.txt.gz"), "rt", encoding="utf-8") as fh:
        for line in fh:
            _, c, label, cx, cy, *_ = line.rstrip("\n").split("|")
            assert read[c].locate("Main Map", int(cx) + 20, int(cy) + 30) == label
            n += 1
    assert n == 1370


@pytest.mark.parametrize("number", [str(i) for i in range(12)])
def test_inspect_shows_oblique_labels(number):
    path = _modules()[number]
    res = CliRunner().invoke(cli, ["inspect", str(path)], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    assert "oblique numbering" in res.output and "no numbering" not in res.output
    corners = re.search(r"labels (\S+) top left, (\S+) top right", res.output)
    assert corners and "-" not in (corners.group(1), corners.group(2)), res.output
    assert "warning" not in res.output


def test_setup_of_an_oblique_module_has_labels(tmp_path):
    """The module's scenario inspects with a hex label for every piece: 0204 and 0407 on the
    right-slanted grid (plain labels 0204, 0406: the slant adds half the column, 1 at column 4)."""
    m = read_module(_modules()["0"])
    scen = tmp_path / "scenario1.vsav"
    scen.write_bytes(m.read_entry("scenario1.vsav"))
    out = inspect_save(scen, m)
    assert {p["hex"] for p in out["pieces"]} == {"0204", "0407"}


# -- an element vmodgen does not understand ----------------------------------------------------

def _hextest_with(tmp_path: Path, *pairs: str) -> Path:
    """HexTest.vmod with buildFile texts replaced (old, new, old, new...)."""
    src = _need(HEXTEST).read_bytes()
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(src)) as zin, zipfile.ZipFile(out, "w") as zout:
        for info in zin.infolist():
            data = zin.read(info.filename)
            if info.filename == "buildFile.xml":
                text = data.decode("utf-8")
                for old, new in zip(pairs[::2], pairs[1::2]):
                    assert old in text
                    text = text.replace(old, new)
                data = text.encode("utf-8")
            zout.writestr(info.filename, data)
    path = tmp_path / "made-up.vmod"
    path.write_bytes(out.getvalue())
    return path


NUMBERING = GRID + "mapgrid.HexGridNumbering"


def test_made_up_numbering_is_reported(tmp_path):
    path = _hextest_with(tmp_path, NUMBERING, GRID + "mapgrid.SpiralHexGridNumbering")
    m = read_module(path)
    assert m.maps["Main Map"].boards["Board"].grid.numbering is None
    assert m.locate("Main Map", 60, 75) is None
    assert len(m.warnings) == 1
    w = m.warnings[0]
    assert "map 'Main Map', board 'Board'" in w and "SpiralHexGridNumbering" in w and "labels" in w
    res = CliRunner().invoke(cli, ["inspect", str(path)], catch_exceptions=False)
    assert res.exit_code == 0 and "warning: " + w in res.output


def test_made_up_grid_is_reported(tmp_path):
    path = _hextest_with(tmp_path, "board.HexGrid ", "board.TriangleGrid ",
                         "board.HexGrid>", "board.TriangleGrid>")
    m = read_module(path)
    assert m.maps["Main Map"].boards["Board"].grid is None
    assert any("map 'Main Map', board 'Board'" in w and "TriangleGrid" in w
               and "labels and zones are lost" in w for w in m.warnings), m.warnings


def test_made_up_zone_and_board_elements_are_reported(tmp_path):
    zoned = (f'<{GRID}ZonedGrid><{GRID}mapgrid.Zone name="Box" path="0,0;100,0;100,100;0,100">'
             f'<{GRID}mapgrid.ZoneProperty name="p"/><my.ZoneGadget/></{GRID}mapgrid.Zone>'
             f'<{GRID}mapgrid.ZonedGridHighlighter/><my.Hotspot/></{GRID}ZonedGrid>'
             f'</VASSAL.build.module.map.boardPicker.Board><my.Overlay name="x"/>')
    path = _hextest_with(tmp_path, "</VASSAL.build.module.map.boardPicker.Board>", zoned)
    m = read_module(path)
    text = "\n".join(m.warnings)
    assert "zone 'Box'" in text and "my.ZoneGadget" in text          # the zone's own grid
    assert "my.Hotspot" in text and "ZonedGrid" in text               # zones or labels
    assert "<my.Overlay> in its BoardPicker" in text                  # a whole board
    assert "a second grid" in text                                    # HexGrid, then ZonedGrid
    assert "ZoneProperty" not in text and "Highlighter" not in text   # drawing only: known
    assert m.locate("Main Map", 50, 60) == "Box"                      # what is understood still works


def test_oblique_numbering_in_a_module_declaring_37_is_reported(tmp_path):
    """VASSAL 3.7 cannot build the element: the module's declared version does not cover it."""
    path = _hextest_with(tmp_path, NUMBERING, GRID + "mapgrid.ObliqueHexGridNumbering")
    m = read_module(path)
    assert m.vassal_version.startswith("3.7")
    assert isinstance(m.maps["Main Map"].boards["Board"].grid.numbering, ObliqueHexNumbering)
    assert len(m.warnings) == 1 and "declares VASSAL 3.7" in m.warnings[0]
    assert "no labels" in m.warnings[0]


def test_made_up_element_beside_a_numbering_is_reported(tmp_path):
    end = f"</{GRID}HexGrid>"
    path = _hextest_with(tmp_path, end, "<my.LabelStyle/>" + end)
    m = read_module(path)
    assert m.locate("Main Map", 60, 75) == "0101"             # the known numbering still labels
    assert len(m.warnings) == 1 and "<my.LabelStyle>" in m.warnings[0]
    assert "labels the grid by its HexGridNumbering" in m.warnings[0]
