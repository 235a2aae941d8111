"""Pictures of findings on a module vmodgen did not build: a schematic of the module's own hex
grid around the finding (labels, the finding's hexes highlighted, nearby units by side)."""
from __future__ import annotations

import base64
import io
import re

from PIL import Image

from conftest import ROOT, shared_path
from vmodgen.audit.model import AuditFinding
from vmodgen.binding.generic_map import Extent, grid_map
from vmodgen.hexes.vassal_grid import HexGrid
from vmodgen.report.schematic import can_draw, grid_centres, schematic_picture


def _finding(hexes, scene) -> AuditFinding:
    return AuditFinding("x.vlog", 3, 1, "move", "Move", "red", "during", "GEN stacking", "stacking", "m",
                        tuple(hexes), (), (), scene=tuple(scene))


def _png(uri: str) -> Image.Image:
    assert uri.startswith("data:image/png;base64,")
    return Image.open(io.BytesIO(base64.b64decode(uri.split(",", 1)[1]))).convert("RGB")


def test_schematic_highlights_the_hex_and_draws_units_by_side():
    """A raw-numbered grid (no numbering: labels are column/row): the finding's hex is filled red,
    a red unit's box and a blue unit's box stand in it; a hex off the grid gives no picture."""
    m = grid_map("main", "Main", HexGrid(), Extent((0, 9), (0, 9)))
    assert can_draw(m)
    centres = grid_centres(m)
    target = sorted(centres)[44]
    uri = schematic_picture(_finding([target], [("A", target, False, "1st Inf", "red"),
                                                ("B", target, False, "2nd Inf", "blue")]),
                            m, ["red", "blue"], centres)
    img = _png(uri)
    colours = {c for _, c in img.getcolors(1 << 16)}
    assert any(r > 200 and g < 200 and b < 200 for r, g, b in colours)          # the red highlight
    assert any(abs(r - 0xc8) < 12 and abs(b - 0xf0) < 12 for r, g, b in colours)  # first side's box
    assert any(abs(r - 0xf0) < 12 and abs(b - 0xc0) < 12 for r, g, b in colours)  # second side's box
    assert schematic_picture(_finding(["nowhere"], []), m, ["red", "blue"], centres) is None


def test_every_tld_finding_has_a_picture(tmp_path):
    """The TLD module is stripped of its images: every finding of its first log still gets a
    picture, the schematic of its own grid."""
    corpus = shared_path("corpus")
    from vmodgen.audit import audit
    from vmodgen.report import render
    r = audit([corpus / "tld_game_0606-1.log"], module=corpus / "tld_buildFile-only_stripped.vmod",
              binding=ROOT / "examples" / "tld" / "binding.toml")
    page = render(r, "html")
    assert r.findings and len(re.findall(r"<img ", page)) == len(r.findings)
    assert "no picture" not in page
