"""The Basic Name trait (``basicName;NAME``, VASSAL 3.6+): ``BasicPiece.getName()`` is the
outermost piece's ``BasicName`` property, which the outermost Basic Name trait answers, so it
names the piece under every name change of the traits around it (a Layer's ``+ reduced``).
Found with Flashpoint: South China Sea (examples/flashpoint-scs), whose cubes, cards and markers
take their names from prototypes holding a Basic Name over an unnamed BasicPiece: every piece
was nameless in inspect, the replay and the order of battle."""
from __future__ import annotations

from vmodgen.vassal.chains import join_chain
from vmodgen.vassal.piece import Piece

LAYER = ("emb2;Activate;128;A;;128;;;128;;;;1;false;0;0;a.png,b.png;,+ reduced;true;Step;;;false;;1;1;"
         "true;65,130;;;;1.0")


def test_a_basic_name_names_an_unnamed_piece() -> None:
    p = Piece(join_chain(["mark;Cube", "basicName;Blue Cube", "piece;;;cube.png;"]),
              join_chain(["Y", "", "Main Map;10;10"]))
    assert p.name == "Blue Cube"
    assert p.basic_name == "Blue Cube" and p.properties()["BasicName"] == "Blue Cube"


def test_the_outermost_basic_name_wins_and_layers_still_change_the_name() -> None:
    p = Piece(join_chain([LAYER, "basicName;Blue Cube", "basicName;Inner", "piece;;;cube.png;Old"]),
              join_chain(["2", "", "", "M;10;10"]))
    assert p.name == "Blue Cube reduced"
    assert p.basic_name == "Blue Cube" and p.properties()["BasicName"] == "Blue Cube"


def test_without_a_basic_name_the_basic_piece_names_the_piece() -> None:
    p = Piece(join_chain([LAYER, "piece;;;cube.png;Old"]), join_chain(["2", "M;10;10"]))
    assert p.name == "Old reduced" and p.basic_name == "Old"
