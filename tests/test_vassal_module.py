"""Reading modules: every corpus module, grids, counts from MANIFEST.txt, locate(), hostile zips."""
from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from vmodgen.errors import InputError, LimitError
from vmodgen.hexes.vassal_grid import HexGrid, RegionGrid, SquareGrid, ZonedGrid
from vmodgen.vassal.module import read_module

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
CORPUS = SHARED / "corpus"
RUN = SHARED / "golden" / "vassal-run"


def _need(p: Path) -> Path:
    if not p.exists():
        pytest.skip(f"{p} is absent (the read-only ../shared folder is not beside the project)")
    return p


@pytest.mark.parametrize("name", ["kassala_Kassala.vmod", "tld_buildFile-only_stripped.vmod",
                                  "almoravid_buildFile-only_stripped.vmod", "vassal_tour.mod",
                                  "vassal_test-predefined-setups.vmod"])
def test_every_corpus_module_reads(name):
    m = read_module(_need(CORPUS / name))
    assert m.name and m.maps
    for mp in m.maps.values():
        for b in mp.boards.values():
            assert b.name is not None


def test_kassala():
    m = read_module(_need(CORPUS / "kassala_Kassala.vmod"))
    assert m.count("PieceSlot") == 36 and len(m.prototypes) == 1
    assert m.vassal_version == "3.6.6" and m.build_file == "buildFile.xml"
    board = m.maps["Main Map"].boards["Kassala"]
    g = board.grid
    assert isinstance(g, HexGrid) and g.numbering is None
    assert (g.dx, g.dy, g.x0, g.y0) == (227.90000000000052, 265.8999999999995, 51, 55)
    assert board.size == (2048, 2593)
    assert m.locate("Main Map", 734, 718) is None          # no numbering: VASSAL says "offboard"
    assert m.sides == ["Moslem", "Christian"]
    assert [s.file for s in m.setups] == ["Default Setup.vsav"]
    assert m.read_entry("Default Setup.vsav")[:2] == b"PK"
    tt = m.turn_trackers[0]
    assert tt.name == "Turn" and tt.levels[0].kind == "CounterTurnLevel"
    assert any(s.path and s.kind == "PieceSlot" for s in m.piece_slots)


def test_tld_legacy_buildfile_grid_and_zones():
    m = read_module(_need(CORPUS / "tld_buildFile-only_stripped.vmod"))
    assert m.build_file == "buildFile" and m.vassal_version == "2.9b2"
    assert m.count("PieceSlot") == 2070 and len(m.prototypes) == 6 and len(m.setups) == 7
    assert m.sides == ["Allies", "Germans"]
    normandy = m.maps["Normandy"]
    zg = normandy.boards["Normandy"].grid
    assert isinstance(zg, ZonedGrid) and len(zg.zones) == 2
    bg = zg.background
    assert isinstance(bg, HexGrid)
    assert (bg.dx, bg.dy, bg.x0, bg.y0) == (55.42562584220407, 64.0, -19, 32)
    assert (bg.numbering.h_off, bg.numbering.v_off, bg.numbering.stagger) == (0, 1, False)
    assert isinstance(zg.zones[0].grid, SquareGrid)
    assert normandy.boards["Normandy"].size is None        # stripped: no images
    assert m.locate("Normandy", 900, 100) == "Cherbourg Alarm Units"
    # a hex centre: raw column 10, raw row 7 -> column 10 + hOff 0, row 7 + vOff 1
    x, y = bg.hex_center(10, 7)
    assert m.locate("Normandy", x, y) == "1008"
    assert len(m.maps) == 10 and sum(1 for mp in m.maps.values() if mp.kind == "WidgetMap") == 9


def test_almoravid_counts_and_zones():
    m = read_module(_need(CORPUS / "almoravid_buildFile-only_stripped.vmod"))
    assert m.count("PieceSlot") == 270 and len(m.prototypes) == 478 and len(m.setups) == 8
    assert sum(1 for mp in m.maps.values() if mp.kind == "Map") == 9
    zoned = [b.grid for mp in m.maps.values() for b in mp.boards.values() if isinstance(b.grid, ZonedGrid)]
    assert len(zoned) == 7
    main = m.maps["Main Map"].boards["Almoravid"].grid
    assert main.location_name(2000, 3100) == "Turn 0"
    assert any(isinstance(z.grid, RegionGrid) for z in main.zones)


def test_tour_vassal2_module():
    m = read_module(_need(CORPUS / "vassal_tour.mod"))
    assert m.build_file == "buildFile" and m.vassal_version == "2.0b6"
    main = m.maps["Main Map"]
    assert set(main.boards) == {"plain", "VIP", "SL", "Empty"}
    assert main.layout is None                 # four boards: the player chooses at game start
    assert m.locate("Main Map", 100, 100) is None
    # choose two boards side by side as a save's BoardPicker command would
    assert m.apply_board_command("Main MapBoardPicker\tplain\t0\t0\tEmpty\t1\t0")
    placed = {p.board.name: (p.x, p.y) for p in main.layout}
    assert placed == {"plain": (0, 0), "Empty": (1008, 0)}
    assert main.locate(24, 24) == "-10,10"             # square grid, descending rows
    assert main.locate(1008 + 200, 125) == "dungeon"   # literal locationFormat
    sl = main.boards["SL"].grid
    assert isinstance(sl, HexGrid) and sl.numbering.h_type == "A"


def test_hextest_locate_matches_vassal_report():
    m = read_module(_need(RUN / "HexTest.vmod"))
    mp = m.maps["Main Map"]
    assert mp.edge == (20, 30) and mp.layout[0].x == 20 and mp.layout[0].y == 30
    seen = 0
    for line in (RUN / "vassal-report.txt").read_text(encoding="utf-8").splitlines():
        f = line.split("|")
        if f[0] in ("SCEN", "FINAL") and len(f) > 6:
            assert m.locate(f[3], int(f[4]), int(f[5])) == f[6]
            seen += 1
    assert seen >= 10
    assert m.locate("Main Map", 19, 100) is None and m.locate("Elsewhere", 100, 100) is None
    assert m.locate("Main Map", 179, 274) == "0304"            # FORMATS.md §2.7 drop point


# -- hostile input --------------------------------------------------------------------------

def _zip(entries: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in entries.items():
            z.writestr(name, data)
    return buf.getvalue()


def test_hostile_modules(tmp_path):
    p = tmp_path / "notzip.vmod"
    p.write_bytes(b"hello")
    with pytest.raises(InputError, match="not a zip"):
        read_module(p)
    lol = (b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]>'
           b"<VASSAL.build.GameModule>&lol2;</VASSAL.build.GameModule>")
    p = tmp_path / "lol.vmod"
    p.write_bytes(_zip({"buildFile.xml": lol}))
    with pytest.raises(LimitError):
        read_module(p)
    p = tmp_path / "escape.vmod"
    p.write_bytes(_zip({"buildFile.xml": b"<VASSAL.build.GameModule/>", "../../evil": b"x"}))
    with pytest.raises(LimitError, match="escapes"):
        read_module(p)
    p = tmp_path / "bomb.vmod"
    p.write_bytes(_zip({"buildFile.xml": b"<a>" + b" " * (20 * 1024 * 1024) + b"</a>"}))
    with pytest.raises(LimitError):
        read_module(p)
    p = tmp_path / "empty.vmod"
    p.write_bytes(_zip({"moduledata": b"<data/>"}))
    with pytest.raises(InputError, match="no buildFile"):
        read_module(p)
    bad = (b'<VASSAL.build.GameModule><VASSAL.build.module.Map mapName="M"><VASSAL.build.module.map.'
           b'BoardPicker><VASSAL.build.module.map.boardPicker.Board name="B"><VASSAL.build.module.map.'
           b'boardPicker.board.HexGrid x0="40.5"/></VASSAL.build.module.map.boardPicker.Board>'
           b'</VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map></VASSAL.build.GameModule>')
    p = tmp_path / "badgrid.vmod"
    p.write_bytes(_zip({"buildFile.xml": bad}))
    with pytest.raises(InputError, match="HexGrid"):
        read_module(p)


def test_tour_log_labels_match_vassals_own_move_reports():
    """tour.log (written by VASSAL 2.0) reports every move as "* X moves A -> B *": square grid
    with descending rows, zones, regions, an alphabetic hex grid and a literal format, on boards
    the log itself switches. Our labels of the same moves must say the same."""
    import re

    from vmodgen.vassal.replay import replay
    from vmodgen.vassal.savefile import read_save
    m = read_module(_need(CORPUS / "vassal_tour.mod"))
    rp = replay(read_save(_need(CORPUS / "vassal_tour.log")), locate=m.locate,
                apply_boards=m.apply_board_command)
    checked = 0
    for step in rp.steps:
        for chat in step.chat:
            found = re.search(r"moves (.*) -> (.*) \*", chat)
            if found:
                assert [(mv.old_label, mv.new_label) for mv in step.moves] == [found.groups()], step.index
                checked += 1
    assert checked == 20


@pytest.mark.parametrize("name", ["kassala_Kassala.vmod", "tld_buildFile-only_stripped.vmod",
                                  "almoravid_buildFile-only_stripped.vmod", "vassal_test-predefined-setups.vmod"])
def test_dice_and_setups_read_on_first_use_as_read_from_the_tree(name):
    """``dice_sides``, ``dice_formats`` and ``setups`` are read from the buildFile when one of them
    is first asked (``inspect`` of a save asks none, issue 20): the same as the readers give on the
    parsed tree, whichever is asked first; the tree is let go then (an audit asks the dice and
    holds it no longer than before); a value set first stays."""
    from vmodgen.safeio import SafeZip, parse_xml
    from vmodgen.vassal import buildfile as bf
    path = _need(CORPUS / name)
    with SafeZip(path) as z:
        m = read_module(path)
        root = parse_xml(z.read(m.build_file), m.build_file, m.build_file)
    expected = {"setups": bf.read_setups(root), "dice_formats": bf.read_dice_formats(root),
                "dice_sides": bf.read_dice(root)}
    for first in expected:
        m = read_module(path)
        assert m._late_root is not None
        assert getattr(m, first) == expected[first]
        assert m._late_root is None
        assert {attr: getattr(m, attr) for attr in expected} == expected
        assert getattr(m, first) is getattr(m, first)       # read once
    other = read_module(path)
    other.dice_formats = {"Set": "first"}
    assert other.dice_formats == {"Set": "first"} and other.dice_sides == expected["dice_sides"]


def test_a_dice_button_whose_sides_are_a_superscript_digit_is_no_die():
    """``nSides="²"``: ``str.isdigit`` says yes but ``int`` (and Java's ``parseInt``) refuse it; the
    button counts no die (was an internal error, exit 70, for every command reading the dice);
    Unicode decimal digits, which both read, still count."""
    from lxml import etree
    from vmodgen.vassal import buildfile as bf
    root = etree.fromstring('<m><VASSAL.build.module.DiceButton name="Odd" nSides="²"/>'
                            '<VASSAL.build.module.DiceButton name="Six" nSides="6"/>'
                            '<VASSAL.build.module.DiceButton name="Arabic" nSides="\u0661\u0660"/></m>')
    assert bf.read_dice(root) == {"Six": 6, "Arabic": 10}


def test_a_dice_report_with_a_superscript_digit_is_no_roll():
    """A chat line shaped as a dice report whose value is "²" (typed by a player) is no roll, not
    an internal error."""
    from vmodgen.vassal.dice import parse_roll
    assert parse_roll("*** 2d6 = ² *** <Alice>") is None
    assert parse_roll("*** 2d6 = 3,4 *** <Alice>") == ("Alice", "2d6", [3, 4])
