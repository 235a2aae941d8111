"""`vmodgen oob` on a module vmodgen did not build pictures each palette piece as VASSAL draws
it (the BasicPiece image under the Layers active in the piece's saved state; a moved marker, a
highlight or a level not shown is no picture of it) and, second, what a flip shows (a Layer's
next level, or the Mask's image). Counter pictures of the corpus modules and a small synthetic
module whose marker and highlight come before the face in trait order."""
from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest
from PIL import Image

from conftest import shared_path
from vmodgen.oob import module_oob, to_html, to_json
from vmodgen.vassal.codec import encode
from vmodgen.vassal.looks import back_of, flipped_level, look_of
from vmodgen.vassal.module import read_module
from vmodgen.vassal.piece import Piece
from vmodgen.vassal.piece_defs import Trait, basic_piece, definition, layer
from vmodgen.vassal.traits import Layer

#: image → (size, colour)
IMAGES = {"unit.png": (60, (200, 0, 0)), "unit_b.png": (60, (0, 0, 200)), "highlight.png": (72, (255, 255, 0)),
          "moved.gif": (16, (0, 200, 0)), "a.png": (60, (120, 120, 0)), "a_b.png": (60, (0, 120, 120)),
          "sel.png": (60, (255, 0, 255)), "card.png": (50, (10, 10, 10)), "back.png": (50, (240, 240, 240))}


def emb(name: str, images: list[str], level: int, *, activate: str = "", activate_key: str = "",
        follow: str = "") -> Trait:
    """A VASSAL 3.7 Layer (``emb2;``, fields as Embellishment.myGetType writes them)."""
    fields = [activate, "130", activate_key, "", "130", "", "", "130", "", "", "", "1", "false", "0", "0",
              encode(images, ","), encode([""] * len(images), ","), "false", name, "", "",
              "true" if follow else "false", follow, "1", "1", "false", "", "", "", name, "1.0", "", "true"]
    return Trait("emb2;" + encode(fields, ";"), f"{level};")


MOVED = Trait("markmoved;moved.gif;0;0;Mark Moved;77,130;;false", "false")
MASK = Trait("obs;77,130;back.png;Flip;Bback.png;?;;Peek;Mask;false;;", "null;")

PIECES = {
    # the moved marker, then a highlight shown by a key (a different size), then the flip, then the face
    "Rifles": [MOVED, emb("Highlight", ["highlight.png"], -1, activate_key="H"),
               emb("Flip", ["unit_b.png"], -1, activate="Flip", activate_key="F"), basic_piece("unit.png", "Rifles")],
    # a selection highlight following a property before an always-active step layer (t38's form)
    "Armor": [emb("Selected", ["sel.png"], -1, activate_key="S", follow="Selected"),
              layer("Step", ["a.png", "a_b.png"], ["", ""]), basic_piece("a.png", "Armor")],
    # a card: its Mask's image is its other side
    "Card": [MASK, basic_piece("card.png", "Card")],
}


def synthetic(tmp_path: Path) -> Path:
    slots = "".join(f'<VASSAL.build.widget.PieceSlot entryName="{n}" gpid="{i}" height="60" width="60">'
                    + definition(t).replace("&", "&amp;").replace("<", "&lt;")
                    + "</VASSAL.build.widget.PieceSlot>" for i, (n, t) in enumerate(PIECES.items(), 1))
    build = ('<?xml version="1.0" encoding="UTF-8"?><VASSAL.build.GameModule VassalVersion="3.7.14" name="Sides" '
             'version="1.0"><VASSAL.build.module.PieceWindow name="Pieces"><VASSAL.build.widget.ListWidget '
             f'entryName="Units">{slots}</VASSAL.build.widget.ListWidget></VASSAL.build.module.PieceWindow>'
             "</VASSAL.build.GameModule>")
    out = tmp_path / "sides.vmod"
    with zipfile.ZipFile(out, "w") as z:
        z.writestr("buildFile.xml", build)
        for name, (size, colour) in IMAGES.items():
            buf = io.BytesIO()
            Image.new("RGB", (size, size), colour).save(buf, "PNG" if name.endswith(".png") else "GIF")
            z.writestr("images/" + name, buf.getvalue())
    return out


def centre(png: bytes) -> tuple[int, int, int]:
    with Image.open(io.BytesIO(png)) as im:
        return im.convert("RGB").getpixel((im.width // 2, im.height // 2))


def test_synthetic_module_pictures_the_face_and_the_flip(tmp_path: Path) -> None:
    path = synthetic(tmp_path)
    oob = module_oob(read_module(path), path)
    by = {p.name: p for p in oob.pieces}
    rifles = by["Rifles"]
    # face: the counter alone (not the moved marker nor the inactive highlight first in the chain)
    assert rifles.layers == [["unit.png"], ["unit.png", "unit_b.png"]]
    assert rifles.images == ["unit.png", "unit_b.png"]
    assert centre(rifles.pngs[0]) == IMAGES["unit.png"][1] and centre(rifles.pngs[1]) == IMAGES["unit_b.png"][1]
    # the step layer's next level, not the selection highlight (its level follows a property)
    assert by["Armor"].layers == [["a.png", "a.png"], ["a.png", "a_b.png"]]
    assert centre(by["Armor"].pngs[1]) == IMAGES["a_b.png"][1]
    # the mask is the card's other side
    assert by["Card"].layers == [["card.png"], ["back.png"]]
    assert centre(by["Card"].pngs[1]) == IMAGES["back.png"][1]
    data = json.loads(to_json(oob))
    assert [p["images"] for g in data["palettes"] for p in g["pieces"]][0] == ["unit.png", "unit_b.png"]
    assert to_html(oob).count("src='data:image/png;base64,") + to_html(oob).count("src='data:image/gif") >= 5


def test_flip_levels_follow_embellishment() -> None:
    """Embellishment: an inactive layer's activate shows its level; an always-active one steps to the
    next level, the first again when it loops; a layer following a property is no flip."""
    def lay(t: Trait) -> Layer:
        return Piece(t.type + "\t" + basic_piece("x.png", "x").type, t.state + "\t").traits[0]
    assert flipped_level(lay(emb("Flip", ["b.png"], -1, activate="Flip"))) == 1
    assert flipped_level(lay(emb("Flip", ["b.png"], -1))) is None                  # no command, no key
    assert flipped_level(lay(emb("Sel", ["s.png"], -1, activate_key="S", follow="Selected"))) is None
    assert flipped_level(lay(layer("Step", ["a.png", "b.png"], ["", ""], level=1))) == 2
    assert flipped_level(lay(layer("Step", ["a.png", "b.png"], ["", ""], level=2))) == 1
    assert flipped_level(lay(layer("Step", ["a.png", "b.png"], ["", ""], level=2, loop=False))) is None


@pytest.mark.parametrize("name", ["tld_buildFile-only_stripped.vmod", "almoravid_buildFile-only_stripped.vmod",
                                  "kassala_Kassala.vmod"])
def test_corpus_modules_face_is_what_vassal_draws(name: str) -> None:
    """Each palette piece's first picture is its look (never an image VASSAL does not draw for it
    now) and a second one, when there is one, what a flip of it shows."""
    path = shared_path("corpus", name)
    module = read_module(path)
    oob = module_oob(module, path, pictures=False)
    assert oob.pieces
    for p in oob.pieces:
        for side in p.layers:
            assert side and p.images[p.layers.index(side)] in side
    if name.startswith("tld"):
        # TLD: 990 counters carry a "Flip" layer (inactive, key F) before the face: face .f, back .f + .b
        two = [p for p in oob.pieces if len(p.layers) == 2]
        assert len(two) == 990
        assert all(p.layers[0][0].endswith(".f.svg") and p.layers[1][-1].endswith(".b.svg") for p in two)
    if name.startswith("almoravid"):
        cards = [p for p in oob.pieces if any("Art of war Back" in i for s in p.layers[1:] for i in s)]
        assert cards and all("Cards" in p.layers[0][0] for p in cards)     # the card's face, its back masked


@pytest.mark.parametrize("name", ["t38.vmod", "traits-minimal.vmod"])
def test_golden_modules_step_layer(name: str) -> None:
    path = shared_path("golden", "vassal-3.8", name)
    module = read_module(path)
    for p in module_oob(module, path).pieces:
        base = p.layers[0][0]
        assert p.layers == [[base, base], [base, base.replace(".png", "_b.png")]]
        assert p.pngs[0] and p.pngs[1] and p.pngs[0] != p.pngs[1]


def test_the_mask_is_the_back_of_an_unmasked_piece() -> None:
    """A Mask whose state is ``null;`` (as VASSAL writes it) is not set: the face shows; the
    flip shows the mask image."""
    t = [MASK, basic_piece("card.png", "Card")]
    piece = Piece("\t".join(x.type for x in t), "\t".join(x.state for x in t))
    assert look_of(piece, None).images == ("card.png",)
    assert back_of(piece).images == ("back.png",)
