"""What real saves and logs from other repositories showed the readers got wrong
(examples/legacy-files.md lists every file tried). Each test builds a minimal file that has
the same shape; none of those files is in the repository.

- a Text Label whose text names the piece's properties (``$count$-$losses$``): VASSAL's
  ``Labeler.getName`` expands them (Warmachine & Hordes 3.1, Risk of Catan 3.7, Nevsky 3.6);
- a Translatable Message trait (``locmsg;``, VASSAL 3.6+) gives the piece a property a label
  can show (Nevsky);
- a module of ~4,600 palette pieces (Warmachine & Hordes MKII) expands more than 200,000
  prototype traits: ``bind`` refused it as hostile.
"""
from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from vmodgen.cli import main
from vmodgen.vassal.codec import encode
from vmodgen.vassal.module import MAP_NOT_FOUND
from vmodgen.vassal.piece import decode_piece
from vmodgen.vassal.savefile import Metadata, save_bytes
from vmodgen.vassal.traits import join_chain

ESC = "\x1b"


def label(fmt: str, prop: str = "TextLabel", always: str | None = None) -> str:
    """A Labeler type (VASSAL 3.7 field order: the name format is the 12th field)."""
    fields = ["", "Change Label", "10", "", "0,0,0", "t", "0", "c", "0", "b", "c", fmt, "Dialog", "0", "0",
              prop, "label"]
    if always is not None:
        fields.append(always)
    return "label;" + encode(fields, ";")


def test_a_label_shows_the_pieces_dynamic_properties():
    # Risk of Catan (VASSAL 3.7.20): "$pieceName$ ($label$" with the label "$count$-$losses$)"
    piece = decode_piece(join_chain([label("$pieceName$ ($label$"), "PROP;count;true,0,500,false",
                                     "PROP;losses;true,0,500,false", "piece;;;inf.png;P1 Infantry"]),
                         join_chain(["$count$-$losses$)", "20", "0", "null;0;0;;0"]))
    assert piece.name == "P1 Infantry (20-0)"


def test_a_label_shows_a_marker_and_a_translatable_message():
    # Warmachine & Hordes (3.1.14): the label text is "$piecetext$" of a Dynamic Property;
    # Nevsky (3.6.6): the BasicPiece's name is empty and the label is a Translatable Message
    piece = decode_piece(join_chain([label("$pieceName$ ($label$)"), "locmsg;MyLabelString;;1st Card",
                                     "mark;Side", "piece;;;card.png;"]),
                         join_chain(["$MyLabelString$ of $Side$", "", "Teuton", "null;0;0;;0"]))
    assert piece.name == " (1st Card of Teuton)"
    assert piece.properties()["MyLabelString"] == "1st Card"


def test_a_name_the_reader_does_not_know_is_left_as_written():
    # Paths of Glory: "$AP Deck_numPieces$" is a deck's map property, not the piece's
    piece = decode_piece(join_chain([label("$label$"), "piece;;;c.png;Counter"]),
                         join_chain(["Cards Remaining: $AP Deck_numPieces$", "null;0;0;;0"]))
    assert piece.name == "Cards Remaining: $AP Deck_numPieces$"


def test_an_empty_label_keeps_the_inner_name_unless_the_format_is_always_used():
    chain = [label("[$pieceName$]", always="true"), "piece;;;c.png;Counter"]
    assert decode_piece(join_chain(chain), join_chain(["", "null;0;0;;0"])).name == "[Counter]"
    chain[0] = label("[$pieceName$]", always="false")
    assert decode_piece(join_chain(chain), join_chain(["", "null;0;0;;0"])).name == "Counter"


def test_inspect_names_a_saved_piece_as_vassal_does(tmp_path, capsys):
    type_ = join_chain([label("$pieceName$ ($label$"), "PROP;count;true,0,500,false", "piece;;;i.png;Infantry"])
    state = join_chain(["$count$ strong)", "12", "Main Map;300;400;;0"])
    text = ESC.join(["begin_save", "", encode(["+", "1700000000001", type_, state], "/"), "end_save"])
    save = tmp_path / "catan.vsav"
    save.write_bytes(save_bytes(text, savedata=Metadata(vassal_version="3.7.20"),
                                moduledata=Metadata(name="T", version="1", vassal_version="3.7.20")))
    with pytest.raises(SystemExit) as info:
        main(["inspect", str(save), "--json"])
    assert info.value.code == 0
    (p,) = json.loads(capsys.readouterr().out)["pieces"]
    assert p["name"] == "Infantry (12 strong)"


def test_bind_reads_a_module_of_many_pieces_with_prototypes(tmp_path, capsys):
    # Warmachine & Hordes MKII: 4,624 palette pieces, ~46 traits each once prototypes expand
    from xml.sax.saxutils import escape
    proto = encode(["+", "null", join_chain([f"mark;M{k}" for k in range(45)] + ["piece;;;;"]), ""], "/")
    slot = encode(["+", "null", join_chain(["prototype;Model", encode(["piece", "", "", "a.png", "A"], ";")]),
                   join_chain(["", "null;0;0;1;0"])], "/")
    slots = "".join(f'<VASSAL.build.widget.PieceSlot entryName="A{i}" gpid="{i}" height="1" width="1">'
                    f'{escape(slot)}</VASSAL.build.widget.PieceSlot>' for i in range(5000))
    build = ('<?xml version="1.0"?><VASSAL.build.GameModule name="T" version="1" VassalVersion="3.2.15">'
             '<VASSAL.build.module.PrototypesContainer><VASSAL.build.module.PrototypeDefinition name="Model">'
             f'{escape(proto)}</VASSAL.build.module.PrototypeDefinition></VASSAL.build.module.PrototypesContainer>'
             f'<VASSAL.build.module.PieceWindow name="P">{slots}</VASSAL.build.module.PieceWindow>'
             '</VASSAL.build.GameModule>')
    mod = tmp_path / "big.vmod"
    with zipfile.ZipFile(mod, "w") as zf:
        zf.writestr("buildFile", build)
        zf.writestr("moduledata", '<?xml version="1.0"?><data version="1"><version>1</version>'
                                  '<VassalVersion>3.2.15</VassalVersion><name>T</name></data>')
    out = tmp_path / "b.toml"
    with pytest.raises(SystemExit) as info:
        main(["bind", str(mod), "--rules", "generic", "-o", str(out)])
    assert info.value.code == 0, capsys.readouterr().err
    assert out.exists()


def _write_2x(path: Path, text: str) -> None:
    """A save as VASSAL 2.x wrote it: a zip of one ``savedGame`` entry, ``!VCSK`` in upper-case hex."""
    from vmodgen.vassal.obfuscation import obfuscate
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("savedGame", obfuscate(text, 0x6F).upper())


def _legacy_head(version: str) -> str:
    """The head VASSAL 2.x wrote (GameState.checkVersionCommand): the module's version is the
    CHECK condition's value; the alert shows it with each newline as '|'."""
    shown = version.replace("\n", "|")
    return ESC.join(["begin_save",
                     "CHECK\trunningVassalVersion<2.7\tALERT\\\tVersion mismatch.|Game saved using VASSAL version 2.7.\\",
                     f"CHECK\tversion<{version}\tALERT\\\tVersion mismatch.|Game saved using Carcassonne: The Discovery "
                     f"version {shown}.", "\\", "end_save"])


def test_a_2x_module_version_with_an_svn_id_line_is_read_from_the_check(tmp_path, capsys):
    # Carcassonne: The Discovery (2007, VASSAL 2.7): version " alpha \r\n$Id: buildFile 13 ... $"
    from vmodgen.vassal.savefile import read_save
    save = tmp_path / "3players.sav"
    _write_2x(save, _legacy_head(" alpha \r\n$Id: buildFile 13 tbyrne $"))
    s = read_save(save)
    assert (s.module_name, s.module_version, s.vassal_version) == \
        ("Carcassonne: The Discovery", "alpha $Id: buildFile 13 tbyrne $", "2.7")
    with pytest.raises(SystemExit):
        main(["integrity", str(save)])
    (line,) = [x for x in capsys.readouterr().out.splitlines() if "version:" in x]
    assert line.endswith("Carcassonne: The Discovery alpha $Id: buildFile 13 tbyrne $, VASSAL 2.7")


def test_a_2x_plain_version_is_unchanged(tmp_path):
    from vmodgen.vassal.savefile import read_save
    _write_2x(tmp_path / "tld.log", _legacy_head("0.0").replace("Carcassonne: The Discovery", "The Longest Day"))
    s = read_save(tmp_path / "tld.log")
    assert (s.module_name, s.module_version) == ("The Longest Day", "0.0")


def test_an_unpacked_saves_savedata_is_refused_as_what_it_is(tmp_path, capsys):
    # sprintska/VAL keeps a save unpacked: its 'savedata' (VASSAL 3.2.17) is no game
    from vmodgen.vassal.savefile import metadata_xml
    f = tmp_path / "savedata"
    f.write_bytes(metadata_xml(Metadata(vassal_version="3.2.17"), "savedata"))
    with pytest.raises(SystemExit) as info:
        main(["inspect", str(f)])
    assert info.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and str(f) in err[0] and "metadata entry ('savedata' or 'moduledata')" in err[0]


def test_pieces_on_a_map_the_module_lacks_are_named_in_a_warning(tmp_path, capsys):
    # Warhammer Underworlds (3.2.17): the save's 938 pieces are on 'MESA - BOARD', the module's
    # only map is 'BOARD': VASSAL 3.7.26 says "No such map" and shows none of them
    mod = tmp_path / "m.vmod"
    with zipfile.ZipFile(mod, "w") as zf:
        zf.writestr("buildFile", '<?xml version="1.0"?><VASSAL.build.GameModule name="T" version="1" '
                    'VassalVersion="3.2.17"><VASSAL.build.module.Map mapName="BOARD"><VASSAL.build.module.map.BoardPicker>'
                    '<VASSAL.build.module.map.boardPicker.Board name="B" width="800" height="600"/>'
                    '</VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map></VASSAL.build.GameModule>')
    pieces = [encode(["+", f"17000000000{i}", "piece;;;a.png;A", f"{m};{10 * i};20;;0"], "/")
              for i, m in enumerate(["MESA - BOARD", "MESA - BOARD", "BOARD"])]
    save = tmp_path / "setup.vsav"
    save.write_bytes(save_bytes(ESC.join(["begin_save", "", *pieces, "end_save"])))
    with pytest.raises(SystemExit) as info:
        main(["inspect", str(save), "--module", str(mod), "--json"])
    assert info.value.code == 0
    warnings = json.loads(capsys.readouterr().out)["warnings"]
    assert [w for w in warnings if "does not have" in w] == [
        f"2 piece(s) are on map 'MESA - BOARD', which the module does not have: {MAP_NOT_FOUND}; a file from "
        "another version of the module?"]


def _deck_module(path: Path, folder: bool) -> Path:
    """A module with one map whose Deck sits at (115, 170) of board 'B' (in a folder or not)."""
    deck = ('<VASSAL.build.module.map.DrawPile name="Fate Deck" owningBoard="B" x="115" y="170" '
            'faceDown="Always"/>')
    if folder:
        deck = f'<VASSAL.build.module.folder.MapSubFolder name="Decks">{deck}</VASSAL.build.module.folder.MapSubFolder>'
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("buildFile.xml", '<?xml version="1.0"?><VASSAL.build.GameModule name="T" version="1" '
                    'VassalVersion="3.6.7"><VASSAL.build.module.Map mapName="Cards" edgeWidth="20" edgeHeight="10">'
                    '<VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.boardPicker.Board name="B" '
                    'width="800" height="600"><VASSAL.build.module.map.boardPicker.board.ZonedGrid>'
                    '<VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name="P1Fate" path="0,0;800,0;800,600;0,600" '
                    'locationFormat="$name$" useParentGrid="false"/></VASSAL.build.module.map.boardPicker.board.ZonedGrid>'
                    f'</VASSAL.build.module.map.boardPicker.Board></VASSAL.build.module.map.BoardPicker>{deck}'
                    '</VASSAL.build.module.Map></VASSAL.build.GameModule>')
    return path


@pytest.mark.parametrize("folder", [False, True])
def test_a_point_where_a_deck_stands_is_named_after_the_deck(tmp_path, folder):
    # Malifaux (3.4.12), Inferno (3.6.7, decks in a MapSubFolder): VASSAL's Map.locationName
    # names the point a Deck stands at by the deck (its owning board's corner + its x, y)
    from vmodgen.vassal.module import read_module
    m = read_module(_deck_module(tmp_path / "m.vmod", folder))
    assert m.locate("Cards", 20 + 115, 10 + 170) == "Fate Deck"
    assert m.locate("Cards", 20 + 116, 10 + 170) == "P1Fate"      # one pixel off: the board's zone


def test_the_cards_of_a_vassal_27_deck_are_where_the_deck_is(tmp_path, capsys):
    # Carcassonne: Hunters and Gatherers (2007, VASSAL 2.7): each card's own state says map
    # "null"; the Deck's state lists it; VASSAL (2.x and 3.7.26 alike) shows it in the deck
    deck_type = "deck;false;0,0,0;100;100;Always;Always;false;false;false;;;;Draw Stack;;;;true;false"
    cards = [encode(["+", f"11569978907{i}", f"piece;;;hg0{i}.png;hg0{i}", "null;70;70"], "/") for i in (10, 11)]
    deck = encode(["+", "1156997891174", deck_type, "Tile Stacks;70;70;true;" + encode(
        ["1156997890710", "1156997890711"], ",")], "/")
    text = _legacy_head("1.0").replace("end_save", "") + ESC.join([*cards, deck, "end_save"])
    save = tmp_path / "4player.sav"
    _write_2x(save, text)
    with pytest.raises(SystemExit) as info:
        main(["inspect", str(save), "--json"])
    assert info.value.code == 0
    d = json.loads(capsys.readouterr().out)
    assert d["vassal_version"] == "2.7"
    places = {p["id"]: (p["name"], p["map"], p["x"], p["y"], p["stack"]) for p in d["pieces"]}
    assert places["1156997890710"][1:] == ("Tile Stacks", 70, 70, "1156997891174")
    assert places["1156997890711"][1:] == ("Tile Stacks", 70, 70, "1156997891174")
    assert places["1156997891174"] == ("Draw Stack", "Tile Stacks", 70, 70, None)
    (stack,) = [s for s in d["stacks"] if s["id"] == "1156997891174"]
    assert stack["members"] == ["1156997890710", "1156997890711"]
