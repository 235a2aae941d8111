"""Names that show Calculated Properties and Global Properties, as VASSAL shows them.

For the People (Cattlesquat/ForThePeople, module 3.4 for VASSAL 3.6; examples/legacy-files.md):
its Political Control markers are named ``Political Control Marker ($SideName$)``, where
``SideName`` is a Calculated Property of a prototype, ``{If(CounterLayer == 1,"CONFEDERATE",
"UNION")}``; its track markers show Global Properties (``$Strategic_Will_CSA$``), whose values
the save holds (``GlobalProperty\\t;name;value;Module``), and its deck labels a deck's count
(``Draw: $Draw_numPieces$``). VASSAL 3.7.26 showed all of them with values (74 and 48 pieces
of the 1864 and 1861 saves); vmodgen kept ``$name$``. Each test builds a minimal piece or file.
"""
from __future__ import annotations

import json

import pytest

from vmodgen.cli import main
from vmodgen.vassal.codec import encode
from vmodgen.vassal.expression import Unsupported, evaluate
from vmodgen.vassal.piece import decode_piece
from vmodgen.vassal.savefile import Metadata, save_bytes
from vmodgen.vassal.traits import join_chain

ESC = "\x1b"


def label(fmt: str) -> str:
    """A Labeler type (VASSAL 3.7 field order: the name format is the 12th field)."""
    return "label;" + encode(["", "Change Label", "10", "", "0,0,0", "t", "0", "c", "0", "b", "c", fmt,
                              "Dialog", "0", "0", "TextLabel", "label"], ";")


def calc(name: str, expression: str) -> str:
    return "calcProp;" + encode([name, expression, ""], ";")


def ev(expression: str, **props: str) -> str:
    return evaluate(expression, props.get)


# -- the expressions (VASSAL's ExpressionInterpreter binds properties, BeanShell evaluates) --------
def test_if_compares_a_numeric_property_as_a_number_and_text_by_content():
    assert ev('{If(CounterLayer == 1,"CONFEDERATE", "UNION")}', CounterLayer="1") == "CONFEDERATE"
    assert ev('{If(CounterLayer == 1,"CONFEDERATE", "UNION")}', CounterLayer="2") == "UNION"
    assert ev('{If (Side=="CSA", "Confederate", "Union")}', Side="CSA") == "Confederate"


def test_java_arithmetic_and_joining():
    assert ev("{Turn % 3}", Turn="7") == "1"
    assert ev("{1861 + (Turn - 1) / 3}", Turn="7") == "1863"       # int division truncates
    assert ev("{-7 / 2}") == "-3" and ev("{-7 % 3}") == "-1"
    assert ev('{"+" + MyLevel}', MyLevel="2") == "+2"                 # text joins
    assert ev('{1 + 2 + "a"}') == "3a" and ev('{"a" + 1 + 2}') == "a12"
    assert ev("{2.5 * 2}") == "5.0"



def test_values_vmodgen_cannot_read_as_vassal_does_are_left_as_written():
    """Java's int wraps at 32 bits; a property "0304" is a number or a text by a module option
    not read here, and a decimal property is a 32-bit Float (0.1 + 0.2 shows 0.3 in VASSAL):
    those raise Unsupported, so the name keeps its $name$ instead of showing a wrong value."""
    assert ev("{Big + 1}", Big="2147483647") == "-2147483648"
    with pytest.raises(Unsupported):
        ev('{If(Hex == "0304", "yes", "no")}', Hex="0304")
    with pytest.raises(Unsupported):
        ev("{A + B}", A="0.1", B="0.2")

def test_get_property_string_methods_and_parse_int():
    props = {"State": "Kentucky", "Kentucky_USA": "4", "BasicName": "12 Grant", "Border States": "Kentucky Missouri"}
    assert evaluate('{GetProperty(State + "_USA")}', props.get) == "4"
    assert evaluate('{Integer.parseInt(GetProperty("BasicName").split(" ")[0])}', props.get) == "12"
    assert evaluate('{GetProperty("Border States").contains(GetProperty("State"))==true}', props.get) == "true"
    assert evaluate('{BasicName.substring(3).toUpperCase()}', props.get) == "GRANT"


def test_a_java_error_gives_empty_text_as_vassal_shows_it():
    # MyWho = "" (a global no one set): "" < 2 does not throw, VASSAL's BeanShell takes "" as 0
    # against an int (real VASSAL 3.7.26 showed "lt" for {MyWho<2 ? "lt" : "ge"}, round 12);
    # "-" between texts does
    assert ev('{If((MyWho<2) && (MyValue>=1),"*","")}', MyWho="", MyValue="3") == "*"
    assert ev('{If((MyWho-"x") == 1,"*","-")}', MyWho="a") == ""
    assert ev('{Integer.parseInt("x1")}') == ""
    # && does not evaluate its right side when the left decides
    assert ev('{(MyWho != "") && (MyWho < 2)}', MyWho="") == "false"


def test_what_the_reader_cannot_evaluate_is_unsupported():
    for text in ("{SumStack(\"Strength\")}", "{Math.max(1, 2)}", "{x = 3}", "{a.b}"):
        with pytest.raises(Unsupported):
            ev(text, a="1")
    with pytest.raises(Unsupported):               # a property the lookup cannot know
        evaluate("{CurrentZone}", lambda name: None)


# -- names --------------------------------------------------------------------------------------
def test_a_label_shows_a_calculated_property_of_the_piece():
    piece = decode_piece(join_chain([label("$pieceName$ ($label$)"),
                                     calc("SideName", '{If(CounterLayer == 1,"CONFEDERATE", "UNION")}'),
                                     "PROP;CounterLayer;true,0,2,false", "piece;;;pc.png;Political Control Marker"]),
                         join_chain(["$SideName$", "", "2", "null;0;0;;0"]))
    assert piece.name == "Political Control Marker (UNION)"


def test_calculated_properties_use_one_another_and_a_loop_is_left_as_written():
    chain = [label("$label$"), calc("MyStar", '{If(MyValue >= 3, "*", "")}'), calc("MyValue", "{Base + 1}"),
             "mark;Base", "piece;;;s.png;State"]
    piece = decode_piece(join_chain(chain), join_chain(["$MyStar$$MyValue$", "", "", "2", "null;0;0;;0"]))
    assert piece.name == "*3"
    loop = [label("$label$"), calc("A", "{B}"), calc("B", "{A}"), "piece;;;s.png;State"]
    assert decode_piece(join_chain(loop), join_chain(["[$A$]", "", "", "null;0;0;;0"])).name == "[$A$]"


def test_without_the_game_around_it_a_global_stays_as_written():
    piece = decode_piece(join_chain([label("$label$"), calc("Will", '{GetProperty("Strategic_Will_" + Side)}'),
                                     "mark;Side", "piece;;;w.png;Will"]),
                         join_chain(["Will $Will$", "", "CSA", "null;0;0;;0"]))
    assert piece.name == "Will $Will$"


def _save(tmp_path, *commands: str):
    save = tmp_path / "ftp.vsav"
    save.write_bytes(save_bytes(ESC.join(["begin_save", "", *commands, "end_save"]),
                                savedata=Metadata(vassal_version="3.7.26"),
                                moduledata=Metadata(name="T", version="1", vassal_version="3.6.7")))
    return save


def test_inspect_reads_global_properties_and_deck_counts_from_the_save(tmp_path, capsys):
    will = join_chain([label("$pieceName$ ($label$)"),
                       calc("Momentum", "{If(Momentum_CSA==1,\"+\",\"-\")}"), "piece;;;w.png;"])
    draw = join_chain([label("$label$"), "piece;;;d.png;Draw Label"])
    where = join_chain([label("$pieceName$ at $label$."), "piece;;;u.png;Unit"])
    deck_type = "deck;true;0,0,0;375;525;Always;Always;false;true;false;;;;Draw;;;;true;false"
    save = _save(tmp_path,
                 "GlobalProperty\t;Strategic_Will_CSA;100;Module", "GlobalProperty\t;Momentum_CSA;1;Module",
                 encode(["+", "101", will, join_chain(["$Strategic_Will_CSA$ $Momentum$", "", "Map;10;10;;0"])], "/"),
                 encode(["+", "102", draw, join_chain(["Draw: $Draw_numPieces$", "Map;50;50;;0"])], "/"),
                 encode(["+", "103", where, join_chain(["$LocationName$ $Unset$", "Map;90;90;;0"])], "/"),
                 *(encode(["+", f"20{i}", "piece;;;c.png;Card", "Map;400;400;;0"], "/") for i in range(3)),
                 encode(["+", "300", deck_type, "Map;400;400;true;200,201,202"], "/"))
    with pytest.raises(SystemExit) as info:
        main(["inspect", str(save), "--json"])
    assert info.value.code == 0
    names = {p["id"]: p["name"] for p in json.loads(capsys.readouterr().out)["pieces"]}
    assert names["101"] == " (100 +)"
    assert names["102"] == "Draw: 3"
    # a location only VASSAL works out stays as written; a name no one defines is "" in VASSAL
    assert names["103"] == "Unit at $LocationName$ ."


# -- bind: the sides of For the People's palette folders ----------------------------------------
def test_a_town_whose_name_begins_with_a_side_is_no_folder_of_that_side():
    # For the People's palette has a folder per map space ("Map/Uniontown", "Map/Union Reinf"):
    # the starter classed the town Uniontown as a Union folder
    from vmodgen.binding import fuzzy
    assert fuzzy.side_of("Map/Uniontown", ["Union", "Confederate"]) is None
    assert fuzzy.side_of("Map/Union Reinf", ["Union", "Confederate"]) == "Union"
    assert fuzzy.side_of("Confederates", ["Union", "Confederate"]) == "Confederate"
    assert fuzzy.side_of("British Leaders", ["Brit", "French"]) == "Brit"


# -- a Layer whose level follows a property ---------------------------------------------------
def _following_layer(follow: str, first: str = "1") -> str:
    # For the People's "Draw Card" layer (3.6): "level follows expression value" {If (Turn == 1,2,1)}
    fields = ["Activate", "2", "", "", "2", "", "", "2", "", "", "", "1", "false", "0", "0", "DrawCard.png,Turn2.png",
              ",+ (turn 1)", "true", "Draw Card", "", "", "true", follow, first, "1", "true", "65,130", "", "", "",
              "1.0"]
    return "emb2;" + encode(fields, ";")


@pytest.mark.parametrize("turn, level", [("1", 2), ("3", 1), ("", 1), ("x", 1)])
def test_a_layer_following_an_expression_shows_the_level_it_gives(turn, level):
    # the saved level is 1 in every case: VASSAL 3.7.26 shows level 2 in turn 1 (checkPropertyLevel);
    # "" is the first level; a value that is no number keeps the saved level
    piece = decode_piece(join_chain([_following_layer("{If (Turn == 1,2,1)}" if turn != "x" else "Turn"),
                                     "mark;Turn", "piece;;;c.png;Card"]),
                         join_chain(["1", turn, "null;0;0;;0"]))
    layer = piece.traits[0]
    assert piece.layer_level(layer, piece.lookup()) == level
    assert piece.name == ("Card (turn 1)" if level == 2 else "Card")
    assert piece.lookup()("Draw Card_Level") == str(level)


def test_inspect_shows_a_following_layer_at_the_level_of_a_global(tmp_path, capsys):
    draw = join_chain([_following_layer("{If (Turn == 1,2,1)}"), "piece;;;c.png;Card"])
    save = _save(tmp_path, "GlobalProperty\t;Turn;1;Module",
                 encode(["+", "401", draw, join_chain(["1", "Hand;10;10;;0"])], "/"))
    with pytest.raises(SystemExit) as info:
        main(["inspect", str(save), "--json"])
    assert info.value.code == 0
    (card,) = json.loads(capsys.readouterr().out)["pieces"]
    assert (card["name"], card["properties"]["Draw Card_Level"]) == ("Card (turn 1)", "2")


# -- the turn tracker's level as a module property; its text with the module's properties ----------
def _ftp_module(path):
    """For the People's shape: a Global Property 'Turn', then a tracker whose counter level sets
    the property 'Turn' (VASSAL builds it after the globals: its value wins)."""
    import zipfile
    fmt = "Turn $Turn$ ($Turn Name$) $level1$"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("buildFile.xml", '<?xml version="1.0"?><VASSAL.build.GameModule name="T" version="1" '
                    'VassalVersion="3.6.9"><VASSAL.build.module.properties.GlobalProperties>'
                    '<VASSAL.build.module.properties.GlobalProperty initialValue="1" name="Turn"/>'
                    '</VASSAL.build.module.properties.GlobalProperties>'
                    f'<VASSAL.build.module.turn.TurnTracker name="Turn" turnFormat="{fmt}">'
                    '<VASSAL.build.module.turn.CounterTurnLevel incr="1" loop="true" loopLimit="13" name="Turn" '
                    'property="Turn" start="1" turnFormat="[$value$]"/></VASSAL.build.module.turn.TurnTracker>'
                    '<VASSAL.build.module.Map mapName="Map"><VASSAL.build.module.map.BoardPicker>'
                    '<VASSAL.build.module.map.boardPicker.Board name="B" width="800" height="600"/>'
                    '</VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map></VASSAL.build.GameModule>')
    return path


def test_a_name_and_the_turn_text_read_the_trackers_level_and_the_globals(tmp_path, capsys):
    # For the People (a log recorded in VASSAL 3.7.26 from the 1861 save, Next Turn pressed):
    # VASSAL names the marker "Turn (Summer 1861)" and shows "Turn 2 ... Summer 1861"; the save's
    # Global Property 'Turn' still says 1, the tracker's level says 2
    turn = join_chain([label("$pieceName$ ($label$)"),
                       calc("MySeason", '{If(Turn%3==1,"Spring",If(Turn%3==2,"Summer","Fall"))}'),
                       calc("MyYear", "{1861 + (Turn - 1) / 3}"), "piece;;;t.png;Turn"])
    save = _save(tmp_path, "GlobalProperty\t;Turn;1;Module", "GlobalProperty\t;Turn Name;Summer 1861;Module",
                 "TURNTurnTracker0\t0|2;0;true;13",
                 encode(["+", "501", turn, join_chain(["$MySeason$ $MyYear$", "", "", "Map;10;10;;0"])], "/"))
    with pytest.raises(SystemExit) as info:
        main(["inspect", str(save), "--module", str(_ftp_module(tmp_path / "ftp.vmod")), "--json"])
    assert info.value.code == 0
    d = json.loads(capsys.readouterr().out)
    assert [p["name"] for p in d["pieces"]] == ["Turn (Summer 1861)"]
    assert d["turns"]["TurnTracker0"]["text"] == "Turn 2 (Summer 1861) [2]"


def test_without_the_games_properties_the_turn_text_keeps_other_names():
    from vmodgen.vassal.turns import LevelDef, turn_display
    levels = [LevelDef("counter", "Turn", turn_format="[$value$]")]
    assert turn_display(levels, "0|2;0;true;13", "T $Turn$ $level1$").text == "T $Turn$ [2]"
    assert turn_display(levels, "0|2;0;true;13", "T $Turn$ $Nope$ $level1$", {"Turn": "2"}.get).text == "T 2 [2]"
