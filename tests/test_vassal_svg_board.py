"""The size of an SVG board image, as VASSAL measures it (``SVGImageUtils.getImageSize``).

Hastings 1066 (djberg96/DansGameBits, module 0.1 for VASSAL 3.7.12) has a board ``SVG Board``
drawn by ``hex_map.svg``, whose root has a ``viewBox="0 0 3000 2500"`` and no width or height:
VASSAL takes the viewBox's size; vmodgen said "image 'hex_map.svg' could not be read (its board
size is unknown)". Each case below follows one branch of VASSAL's method.
"""
from __future__ import annotations

import zipfile

import pytest

from vmodgen.vassal.module import _svg_size, read_module

SVG = 'xmlns="http://www.w3.org/2000/svg"'


@pytest.mark.parametrize("attrs, size", [
    ('viewBox="0 0 3000 2500"', (3000, 2500)),          # no width or height: the viewBox's
    ('width="100" height="50px" viewBox="0 0 9 9"', (100, 50)),   # both given: the viewBox only scales
    ('width="1in" viewBox="0,0,10,20"', (96, 20)),       # a unit at 96 dpi; the missing height from the viewBox
    ('width="2.54cm" height="72pt"', (96, 96)),
    ('height="30"', (30, 30)),                           # one length, no viewBox: square
    ("", (0, 0)),                                        # nothing at all
    ('width="50%" height="10"', None),                   # a percentage of a viewport: unknown here
])
def test_svg_size_follows_vassal(attrs, size):
    assert _svg_size(f"<svg {SVG} {attrs}/>".encode(), "b.svg") == size


def test_a_board_drawn_by_a_viewbox_svg_has_its_size(tmp_path):
    mod = tmp_path / "h.vmod"
    with zipfile.ZipFile(mod, "w") as zf:
        zf.writestr("buildFile.xml", '<?xml version="1.0"?><VASSAL.build.GameModule name="T" version="1" '
                    'VassalVersion="3.7.12"><VASSAL.build.module.Map mapName="Main Map">'
                    '<VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.boardPicker.Board '
                    'name="SVG Board" image="hex_map.svg"/></VASSAL.build.module.map.BoardPicker>'
                    '</VASSAL.build.module.Map></VASSAL.build.GameModule>')
        zf.writestr("images/hex_map.svg", f'<svg {SVG} viewBox="0 0 3000 2500"><rect width="10" height="10"/></svg>')
    m = read_module(mod)
    assert m.image_size("hex_map.svg") == (3000, 2500)
    assert not [w for w in m.warnings if "could not be read" in w]
