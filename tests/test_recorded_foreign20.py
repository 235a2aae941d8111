"""Round foreign20: logs and saves of modules vmodgen did not build (tests/data/recorded/foreign20/README.md).

Read in place from the corpus (``../shared/corpus``; each test skips when its file is absent):
VASSAL's own tour (``vassal_tour.mod``/``.log``, VASSAL 2.0b6), whose log changes the main map's
boards three times (plain square grid -> VIP region grid and zones -> SL hex board -> Empty)."""
from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest

from vmodgen.audit import audit
from vmodgen.vassal.module import read_module
from vmodgen.vassal.reported_locations import compare_reports, grid_sentences, missing_boards, report_counts
from vmodgen.vassal.savefile import read_save, rewrite_save
from vmodgen.vassal.translations import Translations, parse_properties

from conftest import ROOT, SHARED

CORPUS = SHARED / "corpus"
TOUR_MOD, TOUR_LOG = CORPUS / "vassal_tour.mod", CORPUS / "vassal_tour.log"
TOUR_BINDING = ROOT / "examples" / "vassal-tour" / "binding.toml"
needs_tour = pytest.mark.skipif(not (TOUR_MOD.is_file() and TOUR_LOG.is_file()),
                                reason=f"{TOUR_MOD} / {TOUR_LOG} (VASSAL's tour) absent")


@needs_tour
def test_tour_reports_read_on_the_boards_each_step_lays_out():
    """The tour log's saved state lays out board 'plain' (a square grid, 0,0 in the middle); its
    steps then lay out 'VIP' (regions, zones), 'SL' (an ASL hex board) and 'Empty' (one region
    named 'dungeon'), each a `LOG Main MapBoardPicker` step as VASSAL 2.0's BoardPicker wrote it.
    Every move report VASSAL wrote names the location on the boards of its own step ("Okinawa ->
    Turn 7 Returns" on VIP, "G7 -> H6" on SL): read on 'plain' throughout, 11 of 16 disagreed and
    the module it was played with was said to be re-gridded."""
    module = read_module(TOUR_MOD)
    module.apply_board_command("Main MapBoardPicker\tSL\t0\t0")
    compared, bad = compare_reports(read_save(TOUR_LOG), module)
    assert bad == [] and compared == 20
    # the module's boards are left as they were (the replay lays out its own)
    assert [p.board.name for p in module.maps["Main Map"].layout or []] == ["SL"]


@needs_tour
def test_a_board_a_log_lays_out_midway_that_the_module_lacks_is_said(tmp_path: Path):
    """A log step laying out a board the module given does not have ('SL' renamed 'ASL 41'):
    VASSAL leaves it out silently, so the pieces on it have no location; said like one of the
    saved state's."""
    text = read_save(TOUR_LOG).text
    assert text.count("Main MapBoardPicker\tSL\t") == 1
    log = tmp_path / "tour-asl.log"
    rewrite_save(TOUR_LOG, log, text.replace("Main MapBoardPicker\tSL\t", "Main MapBoardPicker\tASL 41\t"))
    said = missing_boards(str(log), read_save(log), read_module(TOUR_MOD))
    assert said is not None and "'ASL 41'" in said and "map 'Main Map'" in said
    assert missing_boards(str(TOUR_LOG), read_save(TOUR_LOG), read_module(TOUR_MOD)) is None


def translated_tour(tmp_path: Path) -> Path:
    """The tour module with a German translation as VASSAL's editor writes one (Java properties,
    ISO-8859-1, ``\\uXXXX`` escapes, a key per attribute: the keys real VASSAL 3.7.26 applied in
    tour-de20, ``ComponentI18nData.getFullPrefix`` + attribute):
    the Main Map's moveWithinFormat, the zone 'Japanese Islands' and the region 'Turn 7 Returns'."""
    return with_translation(TOUR_MOD, tmp_path / "tour-de.mod", (
            "# VASSAL translation\n"
            "Map.Main\\ Map.moveWithinFormat=$pieceName$ zieht von $previousLocation$ nach $location$ *\n"
            "Map.Main\\ Map..Board.VIP..ZonedGrid..Zone.Japanese\\ Islands.name=Japanische Inseln\n"
            "Map.Main\\ Map..Board.VIP..ZonedGrid..RegionGrid..Region.Turn\\ 7\\ Returns.name = "
            "R\\u00fcckkehr Runde 7\n").encode("latin-1"))


def with_translation(src: Path, out: Path, bundle: bytes, declared: bool = True) -> Path:
    """A copy of module ``src`` holding ``bundle`` as Module_de.properties and, when ``declared``,
    the Language/Translation component (locale "de,", as VASSAL's editor writes it) naming it."""
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info.filename)
            if info.filename in ("buildFile", "buildFile.xml") and declared:
                data = re.sub(rb"(</VASSAL\.build\.GameModule>\s*)$", b'<VASSAL.i18n.Language><VASSAL.i18n.Translation '
                              b'locale="de,"/></VASSAL.i18n.Language>\\1', data)
                assert b"VASSAL.i18n.Translation" in data
            zout.writestr(info, data)
        zout.writestr("Module_de.properties", bundle)
    return out


def german_tour_log(tmp_path: Path) -> Path:
    """The tour log as a player whose VASSAL runs in German would have written its VIP moves."""
    text = read_save(TOUR_LOG).text
    german = {"* Albatros C moves Japanese Islands -> Japanese Islands *":
              "* Albatros C zieht von Japanische Inseln nach Japanische Inseln *",
              "* Albatros C moves Japan -> Japanese Islands *": "* Albatros C zieht von Japan nach Japanische Inseln *",
              "* Albatros C moves Okinawa -> Turn 7 Returns *": "* Albatros C zieht von Okinawa nach Rückkehr Runde 7 *"}
    for english, translated in german.items():
        assert text.count(english) == 1, english
        text = text.replace(english, translated)
    out = tmp_path / "tour-de.log"
    rewrite_save(TOUR_LOG, out, text)
    return out


@needs_tour
def test_translated_reports_compare_with_the_modules_translations(tmp_path: Path):
    """A module holding a translation: a German player's VASSAL wrote the VIP moves with the
    translated report format and the translated zone and region names. Those were skipped (the
    names of a translated module never compared); they are now read with the translation: the
    translated format finds the reports, the translated names agree with the points. The same
    log with the untranslated module: its German names disagree (its report format is the
    module's, so the translated reports are only found with the module's own wording)."""
    log = german_tour_log(tmp_path)
    module = read_module(translated_tour(tmp_path))
    assert module.translations.values("Region", "Turn 7 Returns", "name") == {"Rückkehr Runde 7"}
    compared, bad = compare_reports(read_save(log), module)
    assert (compared, bad) == (20, [])
    english = read_module(TOUR_MOD)
    compared, bad = compare_reports(read_save(log), english)
    assert compared == 17 and bad == []        # the three German reports are not found: not compared
    # a bundle no Translation component names is not used by VASSAL (Localization.addTranslation)
    undeclared = read_module(with_translation(TOUR_MOD, tmp_path / "tour-undeclared.mod",
                                              read_module(translated_tour(tmp_path)).read_entry("Module_de.properties"),
                                              declared=False))
    assert not undeclared.translated and compare_reports(read_save(log), undeclared)[0] == 17
    # a translated name the translation does not give is still a disagreement
    wrong = tmp_path / "tour-wrong.log"
    rewrite_save(log, wrong, read_save(log).text.replace("nach Rückkehr Runde 7 *", "nach Runde 8 *"))
    compared, bad = compare_reports(read_save(wrong), module)
    assert compared == 20 and [(r, g) for _, _, r, g in bad] == [("Runde 8", "Turn 7 Returns")]


def test_properties_read_as_java_reads_them():
    """``Properties.load``: comments, ``=``/``:``/blank separators, escaped blanks in keys,
    continuation lines (leading blanks dropped), ``\\uXXXX`` and ISO-8859-1 bytes."""
    data = (b"# comment\n! another\n\n"
            b"Zone.North\\ Sea.name = Nordsee\n"
            b"Region.Turn\\ 7.name:Runde\\u0020\\u00e4\n"
            b"key value with blanks\n"
            b"long = first \\\n     second\n"
            b"latin = \xe4\n"
            b"Region.A.B.name=dotted\n")
    props = parse_properties(data)
    assert props == {"Zone.North Sea.name": "Nordsee", "Region.Turn 7.name": "Runde ä",
                     "key": "value with blanks", "long": "first second", "latin": "ä", "Region.A.B.name": "dotted"}
    t = Translations({"Module_de.properties": props})
    assert t.values("Zone", "North Sea", "name") == {"Nordsee"} and t.values("Zone", "South", "name") == set()
    assert t.values("Region", "A.B", "name") == {"dotted"}     # a name holding a dot
    assert t.alternatives("Zone", "North Sea", "name", "North Sea") == {"North Sea", "Nordsee"}


REC = Path(__file__).resolve().parent / "data" / "recorded" / "foreign20"


@needs_tour
@pytest.mark.parametrize("log", ["tour-de20.vlog", "tour-de20-38.vlog"])
def test_real_german_vassal_wrote_the_translated_names(tmp_path: Path, log: str):
    """tour-de20 (VASSAL 3.7.26, and 3.8.0-beta1 for -38), its player's VASSAL in German, the
    tour with Module_de.properties (committed here) declared: VASSAL wrote the translated report
    format and names ("* Albatros C zieht von Okinawa-jima nach Rückkehr Runde 7 *"). With the
    module played, all 5 move reports are read and agree with the points (before: none read, the
    format not the module's own); with the untranslated tour none is read (the wording is not
    its format) and nothing is claimed against it."""
    text = read_save(REC / log).text
    assert "zieht von Okinawa-jima nach Rückkehr Runde 7 *" in text
    module = read_module(with_translation(TOUR_MOD, tmp_path / "tour-de.mod",
                                          (REC / "Module_de.properties").read_bytes()))
    assert module.translated
    assert compare_reports(read_save(REC / log), module) == (5, [])
    assert compare_reports(read_save(REC / log), read_module(TOUR_MOD)) == (0, [])


@needs_tour
def test_reports_in_a_wording_the_module_lacks_are_said_not_compared(tmp_path: Path):
    """tour-de20 given the untranslated tour: VASSAL's German reports match none of its formats.
    The fit check said nothing (0 compared, no word why: a check that did not run); now its note
    says how many reports were not read and why. With the module played, no such note."""
    log = REC / "tour-de20.vlog"
    note = grid_sentences(str(log), read_save(log), read_module(TOUR_MOD))[1]
    # 3 of its 5 reports name the point left or reached as the module names it ("Japan",
    # "Okinawa" in "Okinawa-jima"); the other two name only translated names: not seen as reports
    assert note is not None and "3 one-piece move(s) carry a chat line starting with '*'" in note
    assert "it holds no translation" in note
    module = read_module(with_translation(TOUR_MOD, tmp_path / "tour-de.mod",
                                          (REC / "Module_de.properties").read_bytes()))
    assert report_counts(read_save(log), module)[2] == 0
    assert grid_sentences(str(log), read_save(log), module)[1] is None
    # the corpus tour log with its own module: every report read, nothing unread
    assert report_counts(read_save(TOUR_LOG), read_module(TOUR_MOD))[2] == 0


@needs_tour
def test_pieces_on_boards_the_binding_does_not_name_are_said():
    """The tour log audited with examples/vassal-tour/binding.toml (its game board: SL): the log
    lays out 'plain', 'VIP' and 'Empty' too, and the Goblin (a unit of the binding) is dragged 11
    times on 'Empty'. Those drags were silently no unit moves; now a note names the boards the
    pieces stood on that the binding does not name, in every format."""
    r = audit([TOUR_LOG], module=TOUR_MOD, binding=TOUR_BINDING)
    said = [n for n in r.notes if "which the binding does not name" in n]
    assert len(said) == 1 and "'Empty', 'VIP', 'plain'" in said[0] and "its boards: 'SL'" in said[0]


VASL_LOG = CORPUS / "vasltpl_full.vlog"


@pytest.mark.skipif(not VASL_LOG.is_file(), reason=f"{VASL_LOG} (a VASL template log) absent")
def test_inspect_with_no_module_says_why_no_hex_is_read():
    """The VASL template's log, whose module the corpus lacks, inspected with no --module: every
    piece had '-' as its hex and no word why (a gap that looks like pieces off every board).
    Now a warning says the hexes need the module; with a module given, no such warning."""
    import json
    import subprocess
    import sys
    done = subprocess.run([sys.executable, "-m", "vmodgen", "inspect", str(VASL_LOG), "--json"],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    d = json.loads(done.stdout)
    assert any(p["map"] for p in d["pieces"]) and all(p["hex"] is None for p in d["pieces"])
    assert any("no module given (--module): the hex column is not read" in w for w in d["warnings"])
    if TOUR_MOD.is_file():
        done = subprocess.run([sys.executable, "-m", "vmodgen", "inspect", str(TOUR_LOG), "--module", str(TOUR_MOD)],
                              capture_output=True, text=True, cwd=ROOT)
        assert done.returncode == 0 and "no module given" not in done.stdout + done.stderr


# --- forfix2: the review of foreign20 -------------------------------------------------------------

def test_a_utf8_bundle_is_read_as_utf8_and_others_as_latin1():
    """VASSAL reads a bundle with ``PropertyResourceBundle(InputStream)`` (``Translation.getBundle``),
    which since Java 9 decodes UTF-8 and falls back to ISO-8859-1 only for bytes that are not
    UTF-8. A bundle VASSAL's editor did not write, with "Rückkehr" in UTF-8, was read as
    'RÃ¼ckkehr'."""
    assert parse_properties("name=Rückkehr\n".encode("utf-8")) == {"name": "Rückkehr"}
    assert parse_properties("name=Rückkehr\n".encode("latin-1")) == {"name": "Rückkehr"}     # not UTF-8
    assert parse_properties(b"name=R\\u00fcckkehr\n") == {"name": "Rückkehr"}


@needs_tour
def test_a_utf8_bundle_gives_no_false_regridding(tmp_path: Path):
    """The German tour log (its region report "nach Rückkehr Runde 7") with the translation
    written as UTF-8: the report agreed with the point's translated name, not 'RÃ¼ckkehr Runde 7'
    (1 report said to disagree, the module said re-gridded)."""
    bundle = ("Map.Main\\ Map.moveWithinFormat=$pieceName$ zieht von $previousLocation$ nach $location$ *\n"
              "Map.Main\\ Map..Board.VIP..ZonedGrid..Zone.Japanese\\ Islands.name=Japanische Inseln\n"
              "Map.Main\\ Map..Board.VIP..ZonedGrid..RegionGrid..Region.Turn\\ 7\\ Returns.name=Rückkehr Runde 7\n")
    module = read_module(with_translation(TOUR_MOD, tmp_path / "tour-utf8.mod", bundle.encode("utf-8")))
    assert module.translations.values("Region", "Turn 7 Returns", "name") == {"Rückkehr Runde 7"}
    assert compare_reports(read_save(german_tour_log(tmp_path)), module) == (20, [])


@needs_tour
def test_a_translated_zone_format_naming_a_game_property_is_not_compared(tmp_path: Path):
    """The committed German bundle plus the zone 'Japanese Islands' translated with
    ``locationFormat=$name$ [$Wetter$]``: a German player's VASSAL reads the Global Property
    ``Wetter`` and wrote "nach Japanische Inseln [Regen]". vmodgen cannot tell the property's value
    at that moment, so (as for the module's own format) the zone's points are not compared: they
    were, with ``Wetter`` read as "", and 2 of 5 reports said the boards were re-gridded."""
    bundle = (REC / "Module_de.properties").read_bytes() + \
        b"Map.Main\\ Map..Board.VIP..ZonedGrid..Zone.Japanese\\ Islands.locationFormat=$name$ [$Wetter$]\n"
    module = read_module(with_translation(TOUR_MOD, tmp_path / "tour-prop.mod", bundle))
    log = tmp_path / "tour-prop.vlog"
    text = read_save(REC / "tour-de20.vlog").text
    assert text.count("nach Japanische Inseln *") == 2
    rewrite_save(REC / "tour-de20.vlog", log, text.replace("nach Japanische Inseln *", "nach Japanische Inseln [Regen] *"))
    assert compare_reports(read_save(log), module) == (3, [])
    # a translated format naming only the zone's own variables is still compared
    plain = bundle.replace(b"[$Wetter$]", b"[$gridLocation$]")
    module = read_module(with_translation(TOUR_MOD, tmp_path / "tour-plain.mod", plain))
    assert compare_reports(read_save(REC / "tour-de20.vlog"), module) == (5, [])


def test_a_long_dotted_key_takes_memory_linear_in_its_length():
    """A hostile bundle: one key of 16,000 dots (32 KB). Each tail of a key was stored on its own
    (256 M characters, 282 MB, 3.75 s for this one; a 128 KB key ~4.5 GB). Now the lookup keeps
    the keys themselves: the memory the Translations take stays within a small multiple of the
    bundle, and the lookup still finds keys ending in a tail, a name holding dots too."""
    import tracemalloc
    key = ".".join(["a"] * 16_000)
    props = parse_properties(f"{key}=x\nMap.M..Zone.a.b.name=ab\nZone.a.b.name=top\n".encode())
    tracemalloc.start()
    t = Translations({"Module_de.properties": props})
    size, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert size < 20 * len(key)
    assert t.values("a", "a", "a") == {"x"} and t.values("Zone", "a.b", "name") == {"ab", "top"}
    assert t.values("Zone", "b", "name") == set() and t.values("a.b", "name", "x") == set()


def test_a_character_outside_the_bmp_escaped_as_a_pair_is_one_character():
    """``Properties.store`` writes U+1F30A as ``\\ud83c\\udf0a`` (its UTF-16 pair); Java's String
    holds that character. vmodgen kept two lone surrogates, so a name holding it never matched
    what VASSAL wrote. A lone surrogate stays as it is."""
    props = parse_properties(b"Zone.Sea.name=Meer \\ud83c\\udf0a\nlone=\\ud83c!\n")
    assert props["Zone.Sea.name"] == "Meer \U0001F30A" and len(props["Zone.Sea.name"]) == 6
    assert props["lone"] == "\ud83c!"


def test_only_javas_blanks_end_a_key():
    """``Properties.load`` ends a key only at an unescaped ``=``, ``:``, space, tab or form feed:
    a no-break space (U+00A0) is part of the key, as is any other Unicode space. Python's ``\\s``
    split "Zone.North\\u00a0Sea.name" into the key "Zone.North"."""
    props = parse_properties("Zone.North\u00a0Sea.name=Nordsee\nZone.A\u2003B.name\u00a0x\n\fkey\f\f=\fv\n".encode("utf-8"))
    assert props == {"Zone.North\u00a0Sea.name": "Nordsee", "Zone.A\u2003B.name\u00a0x": "", "key": "v"}


@needs_tour
def test_a_report_action_line_is_not_taken_for_an_unread_move_report(tmp_path: Path):
    """tour-de20 with each move report replaced by what a Report Action fired by the move key
    writes with auto-report off ("* Albatros C: Treibstoff -1"): every one-piece move's chat line
    starting with '*' was counted as a move report in another wording, and the note said "5 move
    report(s) VASSAL wrote are worded otherwise ... in a language the module has no translation
    for". A line naming neither point of the move is not a move report: nothing is said."""
    text = read_save(REC / "tour-de20.vlog").text
    replaced, n = re.subn(r"\* Albatros C zieht von [^\t\x1b\\]*? \*", "* Albatros C: Treibstoff -1", text)
    assert n == 5
    log = tmp_path / "noreport.vlog"
    rewrite_save(REC / "tour-de20.vlog", log, replaced)
    assert report_counts(read_save(log), read_module(TOUR_MOD)) == (0, [], 0)
    note = grid_sentences(str(log), read_save(log), read_module(TOUR_MOD))[1]
    assert note is None or "chat line" not in note


@needs_tour
def test_the_reports_not_compared_note_is_in_every_format():
    """tour-de20 audited with the untranslated tour and its binding: the note that its move
    reports were not compared (a partial result) went into ``files[].warnings`` only: in the JSON,
    in neither the text report nor the HTML page. Now both show every file warning."""
    from vmodgen.report import render
    r = audit([REC / "tour-de20.vlog"], module=TOUR_MOD, binding=TOUR_BINDING)
    said = "one-piece move(s) carry a chat line starting with '*'"
    assert any(said in w for f in r.files for w in f.warnings)
    assert render(r, "text").count(said) == 1
    import html
    assert html.unescape(render(r, "html", game=None)).count(said) == 1
    assert render(r, "json").count(said) == 1
