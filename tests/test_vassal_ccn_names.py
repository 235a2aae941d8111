"""Names of Commands & Colors: Napoleonics pieces after hits, as VASSAL 3.7.26 shows them.

examples/ccn-napoleonics/README.md (round 12): Alice (French) gave a Portuguese line infantry
(strength 4) a hit with the module's *Take Hit* (Ctrl+H). Its name comes from a Layer whose level
follows the expression ``{CurrentMap==""?0:MaxStrength-Strength}`` with level names
``+ (Strength=4)``, ``+ (Strength=3)``... VASSAL named it ``(Strength=3)``; vmodgen kept the saved
level, ``(Strength=4)``, because ``CurrentMap`` (the map the piece is on,
``BasicPiece.getPublicProperty``) was not known. The module's control pieces show Text Labels
whose text is a ``{...}`` expression comparing a Global Property that holds ``""`` with a number
(``gDeck==1``): VASSAL showed the value (``Off () (4) (0) () ()``), vmodgen the expression.
Each test builds a minimal piece or save.
"""
from __future__ import annotations

import json

import pytest

from vmodgen.cli import main
from vmodgen.vassal.codec import encode
from vmodgen.vassal.expression import evaluate
from vmodgen.vassal.savefile import Metadata, save_bytes
from vmodgen.vassal.traits import join_chain

ESC = "\x1b"
FOLLOW = '{CurrentMap==""?0:MaxStrength-Strength}'


def _strength_layer() -> str:
    """CCN's strength Layer (3.7 field order): level follows FOLLOW, first level value 0."""
    fields = ["", "128", "A", "Take Hit", "128", "", "Recover Hit", "128", "", "", "", "1", "false", "15", "21",
              "str4.png,str3.png,str2.png,str1.png,str0.png",
              "+ (Strength=4),+ (Strength=3),+ (Strength=2),+ (Strength=1),+ (Destroyed)",
              "false", "StrengthLayer", "", "", "true", FOLLOW, "0", "1", "true", "", "72,130", "82,130", "", "1.0"]
    return "emb2;" + encode(fields, ";")


def _label(fmt: str) -> str:
    return "label;" + encode(["", "Change Label", "10", "", "0,0,0", "t", "0", "c", "0", "b", "c", fmt,
                              "Dialog", "0", "0", "TextLabel", "label"], ";")


def _save(tmp_path, *commands: str):
    save = tmp_path / "ccn.vsav"
    save.write_bytes(save_bytes(ESC.join(["begin_save", "", *commands, "end_save"]),
                                savedata=Metadata(vassal_version="3.7.26"),
                                moduledata=Metadata(name="T", version="1", vassal_version="3.7.5")))
    return save


def _inspect(save, capsys) -> dict[str, dict]:
    with pytest.raises(SystemExit) as info:
        main(["inspect", str(save), "--json"])
    assert info.value.code == 0
    return {p["id"]: p for p in json.loads(capsys.readouterr().out)["pieces"]}


def test_a_layer_following_current_map_shows_the_hits_taken(tmp_path, capsys):
    # Strength 3 of 4 on "Main Map": level 1 + (4 - 3) = 2, "(Strength=3)" (saved level 1)
    unit = join_chain([_strength_layer(), "mark;MaxStrength", "PROP;Strength;true,0,4,false",
                       "piece;;;u.png;Portuguese Line Infantry"])
    save = _save(tmp_path, encode(["+", "52", unit, join_chain(["1", "4", "3", "Main Map;118;208;;0"])], "/"))
    piece = _inspect(save, capsys)["52"]
    assert piece["name"] == "Portuguese Line Infantry (Strength=3)"
    assert piece["properties"]["StrengthLayer_Level"] == "2"


def test_a_label_that_is_an_expression_shows_its_value(tmp_path, capsys):
    # the Allies' control piece of GG00: gDeck "" (no card deck), gActiveSide French, not started
    text = '{gDeck==1 || gActiveSide == "" ? "" : !gStarted ? setupCmdAllies : CommandCardsHeld}'
    ctl = join_chain([_label("$pieceName$ ($label$)"), "piece;;;c.png;Off"])
    save = _save(tmp_path, "GlobalProperty\t;gDeck;;Module", "GlobalProperty\t;gActiveSide;French;Module",
                 "GlobalProperty\t;gStarted;false;Module", "GlobalProperty\t;setupCmdAllies;4;Module",
                 encode(["+", "793", ctl, join_chain([text, "Main Map;31;208;;0"])], "/"))
    assert _inspect(save, capsys)["793"]["name"] == "Off (4)"


# Checked in real VASSAL 3.7.26 and 3.8.0-beta1 (round 12): golden HexTest.vmod with the Global
# Properties MyWho "", Name "abc", Flag "true", Num "3" and one palette piece per expression, its
# Text Label's text the expression; each piece created on the map and its name read (FINAL|PIECE).
GLOBALS = {"MyWho": "", "Name": "abc", "Flag": "true", "Num": "3"}


@pytest.mark.parametrize("expression, shown", [
    ('{MyWho==1 ? "eq" : "ne"}', "ne"),       # "" against an int compares as 0
    ('{MyWho==0 ? "eq" : "ne"}', "eq"),
    ('{MyWho<2 ? "lt" : "ge"}', "lt"),
    ('{MyWho>=1 ? "ge" : "lt"}', "lt"),
    ('{MyWho+1+1}', "2"),                      # 0 + 1 + 1, not "" joined
    ('{Name==1 ? "eq" : "ne"}', "ne"),        # other text against a number: as text
    ('{Name<2 ? "lt" : "ge"}', "ge"),         # "abc" < "2" as text
    ('{Name<"b" ? "lt" : "ge"}', "lt"),
    ('{Name+1+1}', "abc11"),
    ('{Flag==1 ? "eq" : "ne"}', "ne"),        # a boolean against a number: as text "true" / "1"
    ('{Flag!=0 ? "ne" : "eq"}', "ne"),
    ('{Flag=="true" ? "eq" : "ne"}', "eq"),   # a boolean against text: as text
    ('{Num=="3" ? "eq" : "ne"}', "eq"),       # 3 is an int, compared as text "3"
    ('{"[" + (Name-"x") + "]"}', ""),         # "-" between texts: a Java error, "" shown
])
def test_mixed_comparisons_as_vassals_beanshell_does(expression, shown):
    assert evaluate(expression, GLOBALS.get) == shown


def test_an_empty_name_format_names_the_piece_empty(tmp_path, capsys):
    # CCN's flank indicator: a Text Label whose name format is present and empty; VASSAL 3.7.26
    # and 3.8.0-beta1 name the piece "" (nextToken's default only when the field is missing);
    # a label type without the field keeps "$pieceName$ ($label$)"
    empty = "label;" + encode(["", "", "16", "0,102,255", "255,255,255", "c", "0", "c", "0", "c", "c", "",
                               "Dialog", "1", "0", "", "TEST", "false"], ";")
    short = "label;" + encode(["", "", "16", "0,102,255", "255,255,255", "c", "0", "c", "0", "c", "c"], ";")
    flank = join_chain([empty, "piece;;;f.png;side red L"])
    old = join_chain([short, "piece;;;f.png;Marker"])
    save = _save(tmp_path, encode(["+", "805", flank, join_chain(["x", "Main Map;1161;208;;0"])], "/"),
                 encode(["+", "806", old, join_chain(["x", "Main Map;1161;208;;0"])], "/"))
    pieces = _inspect(save, capsys)
    assert (pieces["805"]["name"], pieces["806"]["name"]) == ("", "Marker (x)")
