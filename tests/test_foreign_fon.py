"""A fourth foreign module, shaped like *The Fields of Normandy 2* (a solitaire game: a player
roster with no sides, no grid, two counter sets in the palette, a prototype per side, dice
buttons whose chat report is HTML with die pictures). Each test reproduces one fix without the
module (examples/fields-of-normandy-2/README.md)."""
from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner
from tiny_module_util import palette, prototypes, write_module, xml_text

from vmodgen.binding.file import load_binding
from vmodgen.binding.pieces import resolve
from vmodgen.binding.starter import generic_starter
from vmodgen.cli import cli
from vmodgen.testing.log_writer import LogWriter
from vmodgen.vassal.dice import parse_roll_as
from vmodgen.vassal.module import read_module
from vmodgen.vassal.piece_defs import Trait, definition, empty_basic_piece, prototype

#: the module's own report format of its coloured 2d6 buttons (attribute value, unescaped)
FIRE = ('<b><span style="color:red;">** $name$= <img src="d6_$result1$_red.png" width=18 height=18> '
        '<img src="d6_$result2$_red.png" width=18 height=18></span> ($result$) ***</b> ')
#: the line VASSAL 3.7.26 wrote for it (recorded, examples/fields-of-normandy-2): "* " + format
FIRE_LINE = ('* <b><span style="color:red;">** [Fire]= <img src="d6_2_red.png" width=18 height=18> '
             '<img src="d6_1_red.png" width=18 height=18></span> (2,1) ***</b>')


HEX = ('<VASSAL.build.module.map.boardPicker.board.HexGrid dx="60" dy="70" x0="0" y0="0" sideways="false" '
       'snapTo="true"><VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering first="H" sep="" '
       'hType="N" hLeading="1" hOff="0" vType="N" vLeading="1" vOff="0" stagger="false" '
       'locationFormat="$gridLocation$"/></VASSAL.build.module.map.boardPicker.board.HexGrid>')


def tiny_fon(tmp_path: Path, grid: bool = False) -> Path:
    """Roster with no entries; Counters window → 'Standard Counters' and 'Alternate Counters'
    (two art sets), each with folders Generic, Germans, US; the units nest 'German Unit' or
    'US Unit' (which nest 'Unit'); markers nest 'Generic'; three dice buttons: the default
    format, the HTML format above, and one that reports only the total. ``grid``: the board
    gets a numbered hex grid (the real one has none; a binding needs one to load)."""
    protos = {
        "Unit": definition([Trait("delete;Delete;68,130;"), empty_basic_piece()]),
        "Generic": definition([Trait("delete;Delete;68,130;"), empty_basic_piece()]),
        "German Unit": definition([prototype("Unit"), empty_basic_piece()]),
        "German Unit with Facing": definition([prototype("German Unit"), empty_basic_piece()]),
        "US Unit": definition([prototype("Unit"), empty_basic_piece()]),
    }
    lists = []
    for cs in ("Standard Counters", "Alternate Counters"):
        panels, _ = palette({
            "Generic": [("Cover", "Generic"), ("Smoke", "Generic")],
            "Germans": [("German_Rifles", "German Unit with Facing"), ("German_Arty", "German Unit")],
            "US": [("US_Rifles1", "US Unit"), ("US_MG", "US Unit")],
        }, "PanelWidget")
        lists.append(f'<VASSAL.build.widget.ListWidget entryName="{cs}">{panels}</VASSAL.build.widget.ListWidget>')
    fire, total = xml_text(FIRE).replace('"', "&quot;"), xml_text("** $name$ = $result$ ***")
    build = f"""<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule VassalVersion="3.7.21" name="Tiny Normandy" nextPieceSlotId="99" version="1.0">
<VASSAL.build.module.BasicCommandEncoder/>
<VASSAL.build.module.PlayerRoster buttonText="Retire"/>
<VASSAL.build.module.PrototypesContainer>{prototypes(protos)}</VASSAL.build.module.PrototypesContainer>
<VASSAL.build.module.Map mapName="Main Map"><VASSAL.build.module.map.BoardPicker>
<VASSAL.build.module.map.boardPicker.Board image="map.png" name="Mission 1" reversible="false">{HEX if grid else ""}</VASSAL.build.module.map.boardPicker.Board>
</VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map>
<VASSAL.build.module.PieceWindow name=" Counters"><VASSAL.build.widget.TabWidget>{"".join(lists)}</VASSAL.build.widget.TabWidget></VASSAL.build.module.PieceWindow>
<VASSAL.build.module.DiceButton name="2d6" nDice="2" nSides="6" reportFormat="** $name$ = $result$ *** &amp;lt;$PlayerName$&amp;gt;" reportTotal="false"/>
<VASSAL.build.module.DiceButton name="[Fire]" nDice="2" nSides="6" reportFormat="{fire}" reportTotal="false"/>
<VASSAL.build.module.DiceButton name="Sum" nDice="2" nSides="6" reportFormat="{total}" reportTotal="true"/>
</VASSAL.build.GameModule>
"""
    return write_module(tmp_path / "tiny-normandy.vmod", build)


def test_sides_of_a_solitaire_module_from_its_prototype_per_side(tmp_path):
    """No side in the roster; the palette's top folders are two counter sets, not sides
    (before: sides 'Alternate Counters' and 'Standard Counters', each set's Germans and US one
    side). The folders whose pieces nest a prototype of the folder's name are the sides, in
    both sets; 'Generic' (markers) is none."""
    mod = read_module(tiny_fon(tmp_path, grid=True))
    st = generic_starter(mod)
    data = tomllib.loads(st.text)
    assert [s["name"] for s in data["side"]] == ["Germans", "US"]
    assert any("prototype of the folder's name (Germans, US)" in m for m in st.missing)
    p = tmp_path / "B.toml"
    p.write_text(st.text)
    b = load_binding(p, mod)
    sides = {(s.facts.folder.split("/")[1], s.facts.display): resolve(b.spec.classes, s.facts)[0].get("side")
             for s in b.slots.slots}
    for cs in ("Standard Counters", "Alternate Counters"):
        assert sides[(cs, "German_Rifles")] == sides[(cs, "German_Arty")] == "germans"
        assert sides[(cs, "US_Rifles1")] == sides[(cs, "US_MG")] == "us"
        assert sides[(cs, "Cover")] is None


@pytest.mark.parametrize("line, name, fmt, expected", [
    (FIRE_LINE, "[Fire]", FIRE, ("", "[Fire]", [2, 1])),                       # each die, no player
    (FIRE_LINE, "[German Unit]", FIRE.replace("red", "blue"), None),           # another button's line
    (FIRE_LINE.replace("[Fire]", "[Mortar]"), "[Fire]", FIRE, None),           # the name must be the button's
    ("*** 2d6 = 3,4 *** &lt;Bob&gt;", "2d6", "** $name$ = $result$ *** &lt;$PlayerName$&gt;", ("Bob", "2d6", [3, 4])),
    ("* Alice rolls [Fire]: 5 and 6", "[Fire]", "$PlayerName$ rolls $name$: $result1$ and $result2$",
     ("Alice", "[Fire]", [5, 6])),
    ("* <b>** [Fire]= x (2,1) ***</b>", "[Fire]", "<b>** $name$= $result1$ ($result$) ***</b>", None),  # no number
])
def test_a_dice_report_in_the_buttons_own_format(line, name, fmt, expected):
    assert parse_roll_as(line, name, fmt) == expected


def test_integrity_counts_rolls_in_a_modules_own_dice_format(tmp_path):
    """A log with one roll of the HTML-format button, one of the default 2d6 and one of a
    button that reports only the total: before, only the default line was a roll (1 roll, 2
    dice); now the HTML one too, by the step's player; the total is no die face."""
    vmod = tiny_fon(tmp_path)
    start = "\x1b".join(["begin_save", "", "+/1/piece;;;a.png;Rifles/Main Map;100;100", "end_save"])
    w = LogWriter(start, player="Alice", player_id="pw-alice")
    w.step([f"CHAT{FIRE_LINE}"])
    w.roll("2d6", [1, 2])
    w.step(["CHAT*** Sum = 11 ***"])
    log = w.write(tmp_path / "fon.vlog")
    r = CliRunner().invoke(cli, ["integrity", str(log), "--module", str(vmod), "--format", "json"])
    assert r.exit_code == 0, r.output
    rolls = json.loads(r.output)["integrity"]["dice"]["rolls"]
    assert [(x["player"], x["button"], x["values"], x["kind"]) for x in rolls] == [
        ("Alice", "[Fire]", [2, 1], "d6"), ("Alice", "2d6", [1, 2], "d6")]
    assert "pw-alice" not in r.output


@pytest.mark.parametrize("back_size, flips", [
    ((107, 107), True),      # the module's US_Bazooka_LM.png beside its 106 x 107 face: a scan's pixel
    ((106, 107), True),
    ((128, 128), False),     # 20 % bigger: a highlight or a marker, no side of the counter
    ((40, 40), False),
])
def test_a_back_a_pixel_off_the_face_is_still_the_flip(back_size, flips):
    """US_Bazooka (106 x 107) flips by its Layer to US_Bazooka_LM (107 x 107): `oob` showed no
    back (the sizes had to be equal); now a side within 5 % is the back."""
    from vmodgen.vassal.looks import back_of
    from vmodgen.vassal.piece import Piece
    from vmodgen.vassal.piece_defs import basic_piece, chain, layer
    sizes = {"face.png": (106, 107), "back.png": back_size}
    traits = [layer("Morale", ["face.png", "back.png"], ["", ""]), basic_piece("face.png", "US_Bazooka")]
    piece = Piece(chain([t.type for t in traits]), chain([t.state for t in traits]))
    back = back_of(piece, sizes.get)
    assert (back is not None and "back.png" in back.images) == flips


def test_oob_headings_leave_out_a_widget_with_no_name(tmp_path):
    """The palette is ' Counters' → an unnamed TabWidget → the two counter sets: `oob` headed
    them ' Counters / TabWidget / Standard Counters / Germans' (the class of the unnamed widget);
    now as the player sees the palette and as the binding's folders read it."""
    from vmodgen.oob import module_oob
    path = tiny_fon(tmp_path)
    oob = module_oob(read_module(path), path, pictures=False)
    titles = [t for t, _ in oob.groups()]
    assert " Counters / Standard Counters / Germans" in titles and len(titles) == 6
    assert not any("TabWidget" in t for t in titles)
