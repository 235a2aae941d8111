"""A third foreign module end to end: what "Ragnarok (SPI) 1981" 1.2 (a VASSAL 3.7.9 module vmodgen
did not build, github.com/jzedwards/vassal-hex-n-counters-template, ragnarok/vassal; see
examples/ragnarok/README.md) broke, each fix reproduced here without the module (its art and
chart scans are SPI's: neither it nor the logs recorded with it are in the repository).

* The board's grid is a ``ZonedGrid`` with no background grid: the hexes are the own
  ``HexGrid`` of a zone "map", beside zones with square grids (the Endurance Level track, the
  Rainbow Bridge track). Before: "no map of this module has a numbered hex grid", ``maps = []``,
  and the audit of the starter stopped at the binding (exit 2).
* The units' side is a Marker property ``Side`` of per-side prototypes; the game markers
  (``Marker`` prototype, no side) sit in the sides' palette folders. Before: the folder made
  each marker a unit of that side ("Aesir units (palette folders)").
* The turn tracker counts turns only; its chat line gives the turn. Before: the starter said
  "a binding cannot read arbitrary trackers yet" and offered nothing.
* A key command (the counter's Flip) sets ``ClickedX``/``ClickedY`` through a command VASSAL
  never logs: the next file's save differs from the log's replay there. Before: a seam issue
  "does not start where ... ended" for an honest chain.
* A file of drags only (no chat line): "recorded by me, Alice, Bob" (every roster name).
"""
from __future__ import annotations

import tomllib
from pathlib import Path

from tiny_module_util import palette, prototypes, uncomment_player_turns, write_module

from vmodgen.audit.continuity import compare
from vmodgen.audit.stats import recorder
from vmodgen.binding.file import load_binding
from vmodgen.binding.generic_map import hex_grid_of, hex_zone_of
from vmodgen.binding.pieces import resolve
from vmodgen.binding.starter import generic_starter, tracker_turn_pattern
from vmodgen.vassal.buildfile import TurnLevel, TurnTracker, grid_summary
from vmodgen.vassal.interpreter import Step
from vmodgen.vassal.module import read_module
from vmodgen.vassal.piece_defs import (
    Trait,
    definition,
    empty_basic_piece,
    marker,
    prototype,
)
from vmodgen.vassal.typed import NullCommand

G = "VASSAL.build.module.map.boardPicker.board."
TRACKER_LINE = "* <Bob> Turn Updated from 1    to 2   "


def tiny_ragnarok(tmp_path: Path, zone_format: str = "$gridLocation$") -> Path:
    """A module shaped like Ragnarok: a 600x500 board whose ZonedGrid has no background; zone
    "map" (x 0-400) holds a sideways, row-descending numbered HexGrid, zone "endurance" (x
    400-600) a SquareGrid named "Endurance NN"; Side is a Marker of the per-side prototypes;
    a Marker-prototype piece in each side's folder; a tracker with one counter level."""
    protos = {
        "Counter": definition([Trait("delete;Delete;68,130;"), empty_basic_piece()]),
        "Marker": definition([Trait("delete;Delete;68,130;"), empty_basic_piece()]),
        "Counter-Aesir": definition([prototype("Counter"), marker({"Side": "Aesir"}), empty_basic_piece()]),
        "Counter-Jotun": definition([prototype("Counter"), marker({"Side": "Jotun"}), empty_basic_piece()]),
    }
    slots = {"Aesir": [("hero-odin", "Counter-Aesir"), ("unit-warrior", "Counter-Aesir"), ("mkr-melee", "Marker")],
             "Jotun": [("hero-loki", "Counter-Jotun"), ("unit-fire", "Counter-Jotun"), ("mkr-inc", "Marker")]}
    panels, gpid = palette(slots, "PanelWidget", image=lambda gpid, name: f"{name}.png")
    proto_xml = prototypes(protos)
    build = f"""<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule VassalVersion="3.7.9" name="Tiny Ragnarok" nextPieceSlotId="{gpid + 1}" version="1.2">
<VASSAL.build.module.BasicCommandEncoder/>
<VASSAL.build.module.PlayerRoster><entry>Aesir</entry><entry>Jotun</entry></VASSAL.build.module.PlayerRoster>
<VASSAL.build.module.PrototypesContainer>{proto_xml}</VASSAL.build.module.PrototypesContainer>
<VASSAL.build.module.Map mapName="Main Map"><VASSAL.build.module.map.BoardPicker>
<VASSAL.build.module.map.boardPicker.Board image="map.png" name="Map" reversible="false">
<{G}ZonedGrid>
<{G}mapgrid.Zone locationFormat="{zone_format}" name="map" path="0,0;400,0;400,500;0,500" useParentGrid="false">
<{G}HexGrid dx="40" dy="46" x0="21" y0="24" sideways="true" snapTo="true">
<{G}mapgrid.HexGridNumbering first="H" sep="" hType="N" hLeading="1" hOff="0" vType="N" vLeading="1" vOff="0" vDescend="true" stagger="true" locationFormat="$gridLocation$"/>
</{G}HexGrid></{G}mapgrid.Zone>
<{G}mapgrid.Zone locationFormat="Endurance $gridLocation$" name="endurance" path="401,0;600,0;600,500;401,500" useParentGrid="false">
<{G}SquareGrid dx="100" dy="50" x0="401" y0="0"><{G}mapgrid.SquareGridNumbering first="H" sep="" hType="N" hLeading="0" hOff="0" vType="N" vLeading="1" vOff="0" locationFormat="$gridLocation$"/></{G}SquareGrid>
</{G}mapgrid.Zone></{G}ZonedGrid></VASSAL.build.module.map.boardPicker.Board>
</VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map>
<VASSAL.build.module.PieceWindow name="Pieces"><VASSAL.build.widget.TabWidget entryName="pieces">{panels}</VASSAL.build.widget.TabWidget></VASSAL.build.module.PieceWindow>
<VASSAL.build.module.turn.TurnTracker name="Turn" reportFormat="* &lt;$PlayerId$&gt; Turn Updated from $oldTurn$ to $newTurn$" turnFormat="$level1$ $level2$ $level3$ $level4$">
<VASSAL.build.module.turn.CounterTurnLevel incr="1" loop="false" name="Turn" property="Turn" start="1" turnFormat="$value$"/>
</VASSAL.build.module.turn.TurnTracker>
</VASSAL.build.GameModule>
"""
    return write_module(tmp_path / "tiny-ragnarok.vmod", build)


def _starter(tmp_path: Path, **kw):
    mod = read_module(tiny_ragnarok(tmp_path, **kw))
    st = generic_starter(mod)
    p = tmp_path / "B.toml"
    p.write_text(st.text)
    return mod, st, p


def test_a_zones_own_hex_grid_is_the_hex_map(tmp_path):
    """The board's ZonedGrid has no background; its zone 'map' has a HexGrid of its own: that
    grid is the board's hexes (VASSAL's ZonedGrid tries the zones in order and each names its
    points by its own grid), named as the board names them; the square-grid zone's points are
    no hexes of the map."""
    mod, st, p = _starter(tmp_path)
    board = mod.maps["Main Map"].boards["Map"]
    zone = hex_zone_of(board.grid)
    assert zone is not None and zone.name == "map" and hex_grid_of(board.grid) is zone.grid
    assert "zone 'map' HexGrid" in grid_summary(board.grid)
    data = tomllib.loads(st.text)
    assert data["map"]["maps"] == ["Main Map"] and data["map"]["boards"] == ["Map"]
    assert "the hexes of its zone 'map'" in st.text
    b = load_binding(p, mod)
    g = zone.grid
    hexes = {g.location_name(*g.hex_center(c, r)) for c in range(0, 6) for r in range(0, 6)
             if zone.contains(*g.hex_center(c, r))}
    assert hexes and all(b.map.has_hex(h) for h in hexes)
    inner = next(h for h in sorted(hexes) if len(b.map.neighbours(h)) == 6)
    assert all(b.map.has_hex(n) for n in b.map.neighbours(inner))
    # a point of the Endurance track (a square-grid zone) is no hex of the map
    assert b.hex_for("Main Map", 500, 120, mod.locate("Main Map", 500, 120)) is None
    assert mod.locate("Main Map", 500, 120).startswith("Endurance ")
    # a hex of the zone is found from the point a piece stands on
    x, y = g.hex_center(2, 3)
    assert b.hex_for("Main Map", x, y, mod.locate("Main Map", x, y)) == g.location_name(x, y)


def test_a_zone_that_prefixes_its_labels_names_the_hexes_so(tmp_path):
    """A zone whose locationFormat adds text ('Plain $gridLocation$'): the hexes are named as
    the board (and so every log) names them."""
    mod, st, p = _starter(tmp_path, zone_format="Plain $gridLocation$")
    b = load_binding(p, mod)
    g = hex_zone_of(mod.maps["Main Map"].boards["Map"].grid).grid
    x, y = g.hex_center(2, 3)
    label = mod.locate("Main Map", x, y)
    assert label == "Plain " + g.location_name(x, y)
    assert b.map.has_hex(label) and b.hex_for("Main Map", x, y, label) == label


def test_markers_in_a_sides_folder_are_no_units_of_that_side(tmp_path):
    """Units carry Side from per-side prototypes; a Marker-prototype piece filed in each side's
    palette folder carries none. The folder makes no side class of the markers (before:
    'Aesir units (palette folders)' from mkr-melee alone), the prototype 'Marker' is a marker
    class, and the markers are not listed as pieces whose side could not be told."""
    mod, st, p = _starter(tmp_path)
    data = tomllib.loads(st.text)
    names = [c["name"] for c in data["class"]]
    assert not any("palette folders" in n for n in names)
    assert {"prototype": "^Marker$", "ignore": True} == {k: v for k, v in data["class"][-1].items() if k != "name"}
    assert "mkr-" not in st.text and not any("side of" in m for m in st.missing)
    b = load_binding(p, mod)
    got = {s.facts.display: resolve(b.spec.classes, s.facts)[0] for s in b.slots.slots}
    assert got["mkr-melee"].get("ignore") and got["mkr-inc"].get("ignore")
    assert got["hero-odin"]["side"] == "aesir" and got["unit-fire"]["side"] == "jotun"
    assert not got["hero-odin"].get("ignore")


def test_the_tracker_chat_line_gives_the_turn(tmp_path):
    """A tracker whose first level counts turns: the starter offers source = "player" with a
    `turn` pattern made from the tracker's reportFormat, which reads the line VASSAL 3.7.26
    wrote in the recorded Ragnarok log (levels padded with spaces); uncommented, it loads."""
    mod, st, p = _starter(tmp_path)
    pat = tracker_turn_pattern(mod.turn_trackers[0])
    import re
    m = re.search(pat, TRACKER_LINE)
    assert m and m.group(1) == "2"
    assert not re.search(pat, "* <Bob> hero-loki moves 0805 -> 0806 *")
    assert "cannot read arbitrary trackers" not in st.text
    p.write_text(uncomment_player_turns(st.text))
    b = load_binding(p, mod)
    assert b.phase_source == "player" and b.spec.turn_pattern is not None
    # a tracker whose first level is a list (the turn is no number), or a format without the
    # new turn: no pattern
    listed = TurnTracker("T", {}, [TurnLevel("ListTurnLevel", {"list": "Day,Night"})])
    assert tracker_turn_pattern(listed) is None
    plain = TurnTracker("T", {"reportFormat": "Next turn!"}, [TurnLevel("CounterTurnLevel", {})])
    assert tracker_turn_pattern(plain) is None


def _entry(state: str) -> tuple:
    return (("Main Map", 417, 1291), None, state, "piece;;;warrior.png;unit-warrior", "U1")


def test_a_click_point_is_no_seam_difference():
    """VASSAL sets ClickedX/ClickedY with a SetPersistentPropertyCommand, which has no encoder:
    never logged, so the recorder's save has the new click point and the log's replay the old
    one (the Ragnarok chain: Alice's flip by Ctrl+F). Any other persistent property differing
    is still a seam issue."""
    was = "Main Map;417;1291;202;2;ClickedX;89;ClickedY;30"
    now = "Main Map;417;1291;202;2;ClickedX;0;ClickedY;0"
    assert compare("a.vlog", {"pieces": {"p1": _entry(was)}, "turns": {}},
                   "b.vlog", {"pieces": {"p1": _entry(now)}, "turns": {}}) == []
    other = "Main Map;417;1291;202;3;ClickedX;0;ClickedY;0;Strength;2"
    got = compare("a.vlog", {"pieces": {"p1": _entry(was)}, "turns": {}},
                  "b.vlog", {"pieces": {"p1": _entry(other)}, "turns": {}})
    assert [(c.what, c.piece) for c in got] == [("changed", "p1")]
    assert got[0].now == "Strength=2" and "Clicked" not in got[0].was


def test_a_file_of_drags_only_is_recorded_by_its_mover():
    """No chat line names anyone (a file of two drags): the recorder is the player its moves
    record, not every name of the roster."""
    roster = [("me", "<observer>"), ("Alice", "Aesir"), ("Bob", "Jotun")]
    steps = [Step(1, NullCommand(), player="Bob"), Step(2, NullCommand(), player="Bob")]
    assert recorder(steps, roster) == "Bob"
    assert recorder([Step(1, NullCommand())], roster) == "me, Alice, Bob"
    chat = Step(1, NullCommand(), player="Bob", chat=["&lt;Alice&gt; - hello"])
    assert recorder([chat, Step(2, NullCommand(), player="Bob")], roster) == "Alice"


def test_a_special_dice_buttons_report_is_a_roll():
    """Ragnarok's dice are SpecialDiceButtons (faces 1-6 as images and text): VASSAL 3.7.26
    (SpecialDiceButton.DR: the format, default ``** $name$ = [$result1$] *** <$PlayerName$>``,
    gets one more ``*``) writes ``*** 1d6 = [3] *** <Alice>``; before, no roll was read (integrity
    saw no dice at all). Faces per die come from the dice's faces when they are 1 ... n."""
    from lxml import etree

    from vmodgen.vassal.buildfile import read_dice
    from vmodgen.vassal.dice import parse_roll
    assert parse_roll("*** 1d6 = [3] *** <Alice>") == ("Alice", "1d6", [3])
    assert parse_roll("*** 2d6 = [3] [5] *** <Bob>") == ("Bob", "2d6", [3, 5])
    assert parse_roll("*** Event = [Storm] *** <Bob>") is None and parse_roll("*** 1d6 = [] *** <Bob>") is None
    face = '<VASSAL.build.module.SpecialDieFace icon="f{0}.png" text="{1}" value="{0}"/>'
    def button(name: str, dice: list[list[str]]) -> str:
        body = "".join(f'<VASSAL.build.module.SpecialDie format="$result$" name="d{k}">'
                       + "".join(face.format(i + 1, t) for i, t in enumerate(faces)) + "</VASSAL.build.module.SpecialDie>"
                       for k, faces in enumerate(dice))
        return f'<VASSAL.build.module.SpecialDiceButton name="{name}">{body}</VASSAL.build.module.SpecialDiceButton>'
    d6 = [str(i) for i in range(1, 7)]
    root = etree.fromstring("<VASSAL.build.GameModule>" + button("2d6", [d6, d6]) + button("odd", [d6, d6[:4]])
                            + button("words", [["Hit", "Miss"]])
                            + '<VASSAL.build.module.DiceButton name="d10" nSides="10"/></VASSAL.build.GameModule>')
    assert read_dice(root) == {"2d6": 6, "d10": 10}
