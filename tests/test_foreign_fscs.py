"""A fifth foreign module, shaped like *Flashpoint: South China Sea* (a card-driven game: a main
map with region grids and no hex grid, a face-down event deck, a player hand per side that only
that side may open, cubes and cards named by a Basic Name trait in their prototypes, palette
folders named after a side's people: ``Chinese Available`` for the side China). Each test
reproduces one fix without the module (examples/flashpoint-scs/README.md)."""
from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from tiny_module_util import write_module

from vmodgen.binding import fuzzy
from vmodgen.cli import cli
from vmodgen.testing.log_writer import LogWriter
from vmodgen.vassal.chains import join_chain
from vmodgen.vassal.codec import encode
from vmodgen.vassal.inspecting import inspect_save
from vmodgen.vassal.module import read_module

#: a card: a Mask (Obscurable, mask image back.png, masked name) over a Basic Name
def _card(name: str) -> tuple[str, str]:
    return (join_chain([f"obs;70,130;back.png;Flip;2;* Unknown Event Card *;side:;Peek;;true;;",
                        f"basicName;{name}", "piece;;;card.png;"]),
            join_chain(["null", "", "Main Map;100;100"]))


DECK = "deck;true;0,0,0;364;509;Always;Never;false;false;false;;;;Event Draw Deck;;;;true;false"
HANDS = "".join(
    f'<VASSAL.build.module.PlayerHand mapName="{side} Hand" side="{side}" visible="{visible}">'
    f'<VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.boardPicker.Board name="{side}" '
    f'width="600" height="200"/></VASSAL.build.module.map.BoardPicker></VASSAL.build.module.PlayerHand>'
    for side, visible in (("China", "false"), ("US", "true")))


def tiny_fscs(tmp_path: Path) -> Path:
    """Roster China, US; a Main Map with one board and a face-down deck; a China Hand only China
    may open and a US Hand visible to all."""
    build = f"""<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule VassalVersion="3.6.7" name="Tiny Flashpoint" nextPieceSlotId="99" version="1.0">
<VASSAL.build.module.BasicCommandEncoder/>
<VASSAL.build.module.PlayerRoster buttonText="Retire"><entry>China</entry><entry>US</entry></VASSAL.build.module.PlayerRoster>
<VASSAL.build.module.Map mapName="Main Map"><VASSAL.build.module.map.BoardPicker>
<VASSAL.build.module.map.boardPicker.Board image="map.png" name="Map" reversible="false"/>
</VASSAL.build.module.map.BoardPicker>
<VASSAL.build.module.map.DrawPile name="Event Draw Deck" x="100" y="100" width="364" height="509" faceDown="Always"/>
</VASSAL.build.module.Map>
{HANDS}
</VASSAL.build.GameModule>
"""
    return write_module(tmp_path / "tiny-fscs.vmod", build)


def _dealt() -> LogWriter:
    """Three cards in the face-down deck; China draws card 1 into its hand, the US card 2 into
    its (visible) hand, and card 3 stays in the deck."""
    adds = []
    for i, name in enumerate(("Typhoon", "Trade War", "Japan Escorts US Vessels"), 1):
        t, s = _card(name)
        adds.append(encode(["+", str(i), t, s], "/"))
    adds.append(encode(["+", "D", DECK, "Main Map;100;100;true;1,2,3"], "/"))
    w = LogWriter(encode(["begin_save", encode([""] + adds, "\x1b"), "end_save"], "\x1b"))
    return w.move("1", ("China Hand", 50, 50), report=False).move("2", ("US Hand", 50, 50), report=False)


def _game(tmp_path: Path) -> tuple[Path, Path]:
    """A log of :func:`_dealt`, and the module."""
    return tiny_fscs(tmp_path), _dealt().write(tmp_path / "game.vlog")


def test_hands_only_their_side_opens_and_a_face_down_deck_hide_cards_in_inspect(tmp_path):
    """Before: every card's name (the whole deck's order, China's hand) was listed."""
    mod, log = _game(tmp_path)
    d = inspect_save(log, read_module(mod))
    rows = {p["id"]: p for p in d["pieces"]}
    # the concealed cards go by aliases, not ids (an id ties a card to where it was seen face up)
    assert "1" not in rows and "3" not in rows
    hand = [p for p in d["pieces"] if p.get("hidden_by_place") == "invisible"]
    deck = [p for p in d["pieces"] if p.get("hidden_by_place") == "mask"]
    assert len(hand) == 1 and hand[0]["name"] == "(hidden)" and hand[0]["map"] is None
    assert len(deck) == 1 and deck[0]["name"] == "* Unknown Event Card *"
    assert deck[0]["stack"] == "D" and deck[0]["properties"] == {}
    assert {hand[0]["id"], deck[0]["id"]} == {"(concealed 1)", "(concealed 2)"}
    assert [s["members"] for s in d["stacks"] if s["id"] == "D"] == [[deck[0]["id"]]]
    assert rows["2"]["name"] == "Trade War" and rows["2"]["map"] == "US Hand"   # visible to all
    assert rows["D"]["name"] == "Event Draw Deck"
    shown = inspect_save(log, read_module(mod), reveal_hidden=True)
    assert {p["id"]: p["name"] for p in shown["pieces"]}["1"] == "Typhoon"
    assert {p["id"]: p["name"] for p in shown["pieces"]}["3"] == "Japan Escorts US Vessels"


def test_the_replay_page_holds_no_hidden_card(tmp_path):
    mod, log = _game(tmp_path)
    out = tmp_path / "game.html"
    run = CliRunner().invoke(cli, ["replay", str(log), "--module", str(mod), "-o", str(out)])
    assert run.exit_code == 0, run.output
    page = out.read_text("utf-8")
    assert "Trade War" in page
    assert "Typhoon" not in page and "Japan Escorts" not in page
    import json
    import re
    data = json.loads(re.search(r"<script id='replay-data' type='application/json'>(.*?)</script>", page,
                                re.S).group(1).replace("<\\/", "</"))
    # every card lay face down in the deck at step 0: each goes by an alias for the whole page
    # (card 2 too, face up in the US Hand later), the deck by its id
    assert sorted(data["pieces"]) == ["(concealed 1)", "(concealed 2)", "(concealed 3)", "D"]
    run = CliRunner().invoke(cli, ["replay", str(log), "--module", str(mod), "--reveal-hidden",
                                   "-o", str(out)])
    assert run.exit_code == 0 and "Typhoon" in out.read_text("utf-8")


def test_a_folder_named_after_a_sides_people_is_that_sides():
    """``Chinese Available`` is China's (before: only ``China Hand``, the US got all its folders)."""
    assert fuzzy.matches_side("Setup Stacks/Chinese Available", "China")
    assert fuzzy.matches_side("Italian Units", "Italy") and fuzzy.matches_side("Japanese", "Japan")
    assert fuzzy.matches_side("Germans", "Germany") and fuzzy.matches_side("Russian Army", "Russia")
    assert not fuzzy.matches_side("Indonesian", "India") and not fuzzy.matches_side("Austrian", "Australia")
    assert not fuzzy.matches_side("Chinese Available", "US")


def test_an_unnamed_setup_stack_is_no_folder():
    """The cubes a module places at start sit in unnamed SetupStacks: the order of battle headed
    them ``… / Chinese Available / SetupStack`` (the element's class), the binding's folders too."""
    from vmodgen.vassal.buildfile import named_path
    assert named_path(("Main Map", "Setup Stacks", "Chinese Available", "SetupStack")) == (
        "Main Map", "Setup Stacks", "Chinese Available")


def test_an_undone_steps_html_report_reads_as_the_chat_shows_it():
    """The module reports moves in HTML (``* <i>Red Cube moved …``); the undo list quoted the tags."""
    from vmodgen.integrity.facts import describe

    class Step:
        index = 6
        chat_text = ["* <i>Red Cube moved from China Available to Vietnam Diplomatic."]
        moves: list = []
    assert describe(Step()) == 'chat "* Red Cube moved from China Available to Vietnam Diplomatic."'


def test_the_replay_chat_shows_a_modules_html_report_without_its_tags():
    """VASSAL's chat formats the module's HTML reports (``<b><span style=…>Tension: MEDIUM</b>``);
    the replay page listed the tags. A player's ``<Name> - text`` line keeps its name."""
    from vmodgen.vassal.chat_text import plain_chat
    assert plain_chat('* <b><span style="color:#009933;">Tension: MEDIUM</b>') == "* Tension: MEDIUM"
    assert plain_chat("<Bob> - US answers with a FONOP") == "<Bob> - US answers with a FONOP"
    assert plain_chat("<Ann> - 1 < 2") == "<Ann> - 1 < 2"


def test_a_deck_turned_face_up_shows_its_cards_in_the_replay(tmp_path):
    """A ``D/`` of the deck (face down → face up) changes how its cards look without moving them."""
    mod, _ = _game(tmp_path)
    adds = []
    for i, name in enumerate(("Typhoon", "Trade War"), 1):
        t, s = _card(name)
        adds.append(encode(["+", str(i), t, s], "/"))
    adds.append(encode(["+", "D", DECK, "Main Map;100;100;true;1,2"], "/"))
    w = LogWriter(encode(["begin_save", encode([""] + adds, "\x1b"), "end_save"], "\x1b"))
    w.step(["D/D/Main Map;100;100;false;1,2/Main Map;100;100;true;1,2"])
    log = w.write(tmp_path / "faceup.vlog")
    out = tmp_path / "faceup.html"
    run = CliRunner().invoke(cli, ["replay", str(log), "--module", str(mod), "-o", str(out)])
    assert run.exit_code == 0, run.output
    assert "Typhoon" in out.read_text("utf-8")
    assert inspect_save(log, read_module(mod), step=0)["pieces"][0]["name"] == "* Unknown Event Card *"
    assert {p["id"]: p["name"] for p in inspect_save(log, read_module(mod))["pieces"]}["1"] == "Typhoon"


def test_the_text_table_marks_a_piece_hidden_by_where_it_is(tmp_path):
    from vmodgen.vassal.inspecting import save_text
    mod, log = _game(tmp_path)
    text = save_text(inspect_save(log, read_module(mod)))
    assert "[face-down deck]" in text and "[private map]" in text
    assert "Typhoon" not in text and "Japan Escorts" not in text


def _layered_module(tmp_path: Path, images: list[str]) -> Path:
    """Roster China, US; ten cubes per side whose prototype holds an unnamed Layer of ``images``."""
    from tiny_module_util import palette, prototypes

    from vmodgen.vassal.piece_defs import definition, empty_basic_piece, layer
    protos = {"Cube": definition([layer("", images, [""] * len(images)), empty_basic_piece()])}
    panels, _ = palette({side: [(f"{side} cube {i}", "Cube") for i in range(10)] for side in ("China", "US")},
                        "PanelWidget")
    build = f"""<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule VassalVersion="3.6.7" name="Tiny Cubes" nextPieceSlotId="99" version="1.0">
<VASSAL.build.module.BasicCommandEncoder/>
<VASSAL.build.module.PlayerRoster buttonText="Retire"><entry>China</entry><entry>US</entry></VASSAL.build.module.PlayerRoster>
<VASSAL.build.module.PrototypesContainer>{prototypes(protos)}</VASSAL.build.module.PrototypesContainer>
<VASSAL.build.module.Map mapName="Main Map"><VASSAL.build.module.map.BoardPicker>
<VASSAL.build.module.map.boardPicker.Board image="map.png" name="Map" reversible="false"/>
</VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map>
<VASSAL.build.module.PieceWindow name="Pieces">{panels}</VASSAL.build.module.PieceWindow>
</VASSAL.build.GameModule>
"""
    return write_module(tmp_path / "tiny-cubes.vmod", build)


def test_a_one_image_layer_gives_no_back_side_guess(tmp_path):
    """The cubes' unnamed Layer is a highlight with one image: no level 2, so no ``reduced``
    guess (before: ``reduced = { property = { _Level = "^[2-9]" } }``); two images still give one."""
    from vmodgen.binding.starter import generic_starter
    one = generic_starter(read_module(_layered_module(tmp_path, ["cube.png"])))
    assert "reduced =" not in one.text
    (tmp_path / "two").mkdir()
    two = generic_starter(read_module(_layered_module(tmp_path / "two", ["cube.png", "cube-back.png"])))
    assert 'reduced = { property = { _Level = "^[2-9]" } }' in two.text


def test_the_replay_page_says_why_no_rules_ran_on_a_module_without_hexes(tmp_path):
    """Before: "give --binding", which a binding cannot follow (its [map] needs a hex grid)."""
    mod, log = _game(tmp_path)
    out = tmp_path / "game.html"
    assert CliRunner().invoke(cli, ["replay", str(log), "--module", str(mod), "-o", str(out)]).exit_code == 0
    page = out.read_text("utf-8")
    assert "no board of this module has a hex grid" in page and "give --binding" not in page


def _seam(tmp_path: Path, card: str = "1", hand: str = "China Hand") -> tuple[Path, list[Path]]:
    """Two files of a chain: China moved its card (Typhoon, 1) within its private hand between
    them (file 1 ends with it at 50,50 of the China Hand, file 2 starts with it at 150,50), and in
    file 2 China drags it again and undoes the drag."""
    mod = tiny_fscs(tmp_path)
    w = _dealt()
    first = w.write(tmp_path / "turn1.vlog")
    w.move(card, (hand, 150, 50), report=False)
    w2 = LogWriter(w.save_text())
    w2.move(card, (hand, 250, 50), report=False).undo()
    return mod, [first, w2.write(tmp_path / "turn2.vlog")]


def test_a_card_in_a_private_hand_is_hidden_in_the_seams_and_undo_lists(tmp_path):
    """The continuity of a seam and the undo list name a card in China's hand (a PlayerHand only
    China opens: VASSAL draws it for nobody else) as the audit names a unit its owner hid:
    "(hidden)", no id, its places withheld; --reveal-hidden names it (Typhoon, 1, the hand)."""
    import json
    mod, files = _seam(tmp_path)
    run = CliRunner().invoke(cli, ["integrity", *map(str, files), "--module", str(mod), "--format", "json"])
    assert run.exit_code == 0, run.output
    assert "Typhoon" not in run.output and "China Hand" not in run.output
    doc = json.loads(run.output)
    assert doc["concealed"]["entries"] == {"continuity": 1} and doc["concealed"]["units"] == {"invisible": 1}
    [u] = doc["integrity"]["undo"]["undos"]
    assert u["what"] == ["move of a hidden piece to (withheld)"] and u["moves"][0]["id"] == ""
    text = CliRunner().invoke(cli, ["integrity", *map(str, files), "--module", str(mod)]).output
    [line] = [x for x in text.splitlines() if x.startswith("  continuity:")]
    assert "(hidden) moved: (withheld) -> (withheld)" in line and "Typhoon" not in text
    shown = CliRunner().invoke(cli, ["integrity", *map(str, files), "--module", str(mod), "--reveal-hidden"]).output
    assert "Typhoon (1) moved: China Hand" in shown and "hidden revealed:" in shown


def test_a_card_in_a_hand_all_may_see_is_named(tmp_path):
    """The US Hand is visible to all (visible="true"): Trade War moved there at a seam is named."""
    mod, files = _seam(tmp_path, "2", "US Hand")
    out = CliRunner().invoke(cli, ["integrity", *map(str, files), "--module", str(mod)]).output
    assert "Trade War (2) moved: US Hand" in out and "move of Trade War (2) to US Hand" in out
    assert "concealed:" not in out
