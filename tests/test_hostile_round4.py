"""Hostile and odd input, round 4 (a stranger's first day): a log cut inside its last step and
packed again, and odd inputs each command meets. Each bad input is one line on stderr naming the
file and the place, exit code 2, nothing written, the input untouched; a partial result says so."""
from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from cli_util import one_error, run
from vmodgen.vassal.cut import cut_short
from vmodgen.vassal.obfuscation import deobfuscate_bytes, obfuscate
from vmodgen.vassal.savefile import read_save

ROOT = Path(__file__).resolve().parents[1]
MINIKIT = ROOT / "tests" / "data" / "minikit"
LOG = ROOT / "tests" / "data" / "recorded" / "na41-clean.vlog"
TLD = ROOT.parent / "shared" / "corpus" / "tld_game_0606-2.log"



def cut_copy(src: Path, out: Path, keep: "callable") -> Path:
    """A copy of ``src`` whose savedGame text is cut to ``keep(text)`` characters, packed again."""
    with zipfile.ZipFile(src) as zin:
        text, _enc, key = deobfuscate_bytes(zin.read("savedGame"))
        plain = text.decode("utf-8")
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
            for info in zin.infolist():
                data = zin.read(info.filename)
                if info.filename == "savedGame":
                    data = obfuscate(plain[:keep(plain)], key)
                zout.writestr(info.filename, data)
    return out


# --- a log cut inside its last step, with end_save present (lead's leftover) ---------------------
def _inside(marker: str, back: int):
    """Cut ``back`` characters before the end of the last ``marker`` after end_save."""
    def keep(text: str) -> int:
        start = text.index("end_save")
        pos = text.rindex(marker, start)
        end = text.find("\x1b", pos + len(marker))
        end = len(text) if end < 0 else end
        return end - back
    return keep


@pytest.mark.parametrize("marker, back, said", [
    ("TURNTurnTracker0\t", 120, "turn tracker TurnTracker0's state has fewer fields than it had before"),
    ("TURNTurnTracker0\t", 10_000, None),            # cut before the TURN: checked below by name
    ("\x1bLOG\t", -2, "'LO' is the start of a command's name"),
])
def test_a_log_cut_inside_its_last_step_is_said_cut(tmp_path, capsys, marker, back, said):
    """Before: a log cut mid-step and packed again read as a shorter whole log (only 'packed
    again' was said); now every format says the last step ends inside a command."""
    if said is None:
        keep = lambda text: text.rindex("\x1bLOG\tTURNTurnTracker0\t") + len("\x1bLOG\tTURNTurnTrack")
        said = "a turn tracker's state stops inside the tracker's name"
    else:
        keep = _inside(marker, back) if back >= 0 else (lambda text: text.rindex(marker) + 3)
    cut = cut_copy(LOG, tmp_path / "cut.vlog", keep)
    before = cut.read_bytes()
    code, out, _err = run(capsys, "integrity", str(cut))
    assert code == 0 and f"! File: {cut}: its last step (" in out and said in out
    code, out, _err = run(capsys, "integrity", str(cut), "--format", "json")
    assert said in out
    code, out, _err = run(capsys, "integrity", str(cut), "--format", "html")
    assert said.replace("'", "&#x27;") in out or said in out
    assert cut.read_bytes() == before


def test_a_whole_log_is_not_said_cut(capsys):
    code, out, _err = run(capsys, "integrity", str(LOG))
    assert code == 0 and "ends inside a command" not in out and "end_save" not in out
    assert cut_short(read_save(str(LOG)).tree) is None


@pytest.mark.skipif(not TLD.exists(), reason="../shared/corpus (The Longest Day logs) absent")
@pytest.mark.parametrize("slash, said", [
    (7, "'M/' does not read as a whole command"),           # after the old map: 8 fields
    (9, "a move lacks the player field every other move of the file has"),  # 10 fields
])
def test_a_vassal_2_log_cut_inside_a_move_is_said_cut(tmp_path, capsys, slash, said):
    """A VASSAL 2.9.8 log (moves carry the player field, possibly empty) cut inside its last move."""
    def keep(text: str) -> int:
        pos = text.rindex("LOG\tM/")
        slashes = [i for i in range(pos, len(text)) if text[i] == "/"]
        return slashes[slash] + (1 if slash == 7 else 0)
    cut = cut_copy(TLD, tmp_path / "cut.log", keep)
    why = cut_short(read_save(str(cut)).tree)
    assert why is not None and said in why, why
    assert cut_short(read_save(str(TLD)).tree) is None


# --- a kit's image paths: inside the kit or an allowed art root (lead's leftover) -----------------
def _png(path: Path) -> Path:
    from PIL import Image
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (8, 8), "red").save(path)
    return path


def _kit_with_image(tmp_path: Path, cell: str) -> tuple[Path, Path]:
    import shutil
    kit = tmp_path / "games" / "kit"
    shutil.copytree(MINIKIT, kit)
    roster = kit / "roster.csv"
    lines = roster.read_text(encoding="utf-8").splitlines()
    lines[0] += ",image"
    lines[1:] = [line + ("," + cell if i == 0 else ",") for i, line in enumerate(lines[1:])]
    roster.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return kit, roster


def test_a_roster_image_outside_the_kit_is_refused_at_its_line(tmp_path, capsys, monkeypatch):
    """Before: ``image = ../../secret.png`` read any picture on the disk into the module."""
    monkeypatch.delenv("VMODGEN_ART_ROOTS", raising=False)
    _png(tmp_path / "secret.png")
    kit, roster = _kit_with_image(tmp_path, "../../secret.png")
    msg = one_error(capsys, "validate", str(kit))
    assert msg.startswith(f"vmodgen: {roster}:2: 'image' of unit ")
    assert "lies outside the kit" in msg and "VMODGEN_ART_ROOTS" in msg
    out = tmp_path / "out"
    one_error(capsys, "build", str(kit), "-o", str(out))
    assert not out.exists() or not list(out.glob("*.vmod"))


def test_a_shared_art_folder_named_by_the_user_is_read(tmp_path, capsys, monkeypatch):
    _png(tmp_path / "games" / "art" / "r1.png")
    kit, _roster = _kit_with_image(tmp_path, "../art/r1.png")
    monkeypatch.setenv("VMODGEN_ART_ROOTS", str(tmp_path / "games" / "art"))
    code, _out, err = run(capsys, "validate", str(kit))
    assert code == 0, err


def test_an_image_inside_the_kit_is_read(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("VMODGEN_ART_ROOTS", raising=False)
    kit, _roster = _kit_with_image(tmp_path, "art/../art/r1.png")
    _png(kit / "art" / "r1.png")
    code, _out, err = run(capsys, "validate", str(kit))
    assert code == 0, err


def test_a_link_in_the_kit_to_a_picture_outside_is_refused(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("VMODGEN_ART_ROOTS", raising=False)
    secret = _png(tmp_path / "secret.png")
    kit, roster = _kit_with_image(tmp_path, "face.png")
    (kit / "face.png").symlink_to(secret)
    msg = one_error(capsys, "validate", str(kit))
    assert msg.startswith(f"vmodgen: {roster}:2: ") and "lies outside the kit" in msg


def test_an_images_folder_outside_the_kit_is_refused_at_its_key(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("VMODGEN_ART_ROOTS", raising=False)
    import shutil
    kit = tmp_path / "kit"
    shutil.copytree(MINIKIT, kit)
    _png(tmp_path / "pictures" / "R1.png")
    game = kit / "game.toml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text.replace("[game]\n", '[game]\nimages = "../pictures"\n', 1), encoding="utf-8")
    msg = one_error(capsys, "validate", str(kit))
    assert msg.startswith(f"vmodgen: {game}:") and "images" in msg and "lies outside the kit" in msg


# --- unusual but legal kits -----------------------------------------------------------------------
def _new_kit(tmp_path: Path, capsys) -> Path:
    kit = tmp_path / "nk"
    code, _out, err = run(capsys, "new", str(kit))
    assert code == 0, err
    return kit


def test_a_map_of_one_hex_validates_and_builds(tmp_path, capsys):
    """Before: ``map.toml:9: sheets 'main' and 'main' both have a hex '0101'`` (the sheet's first
    and last hex are the same hex, compared as two sheets)."""
    import re
    kit = _new_kit(tmp_path, capsys)
    text = (kit / "map.toml").read_text(encoding="utf-8")
    text = text.replace("line_range = [1, 10]", "line_range = [1, 1]").replace("pos_range = [1, 8]", "pos_range = [1, 1]")
    (kit / "map.toml").write_text(text.split("[[hexsides]]")[0], encoding="utf-8")
    (kit / "main.csv").write_text("hex,terrain,elevation,features,illustrative,note\n0101,clear,,,yes,\n",
                                  encoding="utf-8")
    roster = (kit / "roster.csv").read_text(encoding="utf-8").splitlines()
    roster[1:] = [re.sub(r",(\d{4}|reserve),", ",0101,", line) for line in roster[1:]]
    (kit / "roster.csv").write_text("\n".join(roster) + "\n", encoding="utf-8")
    code, out, err = run(capsys, "validate", str(kit))
    assert code == 0, err
    assert "map: 1 hex on 1 sheet (main 0101..0101)" in out
    code, out, err = run(capsys, "build", str(kit), "-o", str(tmp_path / "out"))
    assert code == 0, err
    assert (tmp_path / "out" / "nk.vmod").is_file()


# --- replay: pieces on a map the module lacks ------------------------------------------------------
T38 = ROOT.parent / "shared" / "golden" / "vassal-3.8"


@pytest.mark.skipif(not (T38 / "t38.vmod").exists(), reason="../shared/golden/vassal-3.8 absent")
def test_replay_says_pieces_stand_on_a_map_the_module_lacks(tmp_path, capsys):
    """Before: the page said nothing (integrity and inspect --module warn: VASSAL's 'Map not
    found', the pieces out of the game)."""
    import re
    src = zipfile.ZipFile(T38 / "t38.vmod")
    nomap = tmp_path / "nomap.vmod"
    with zipfile.ZipFile(nomap, "w", zipfile.ZIP_DEFLATED) as out:
        for name in src.namelist():
            data = src.read(name)
            if name == "buildFile.xml":
                data = re.sub(rb"<VASSAL\.build\.module\.Map\b.*?</VASSAL\.build\.module\.Map>", b"", data, flags=re.S)
            out.writestr(name, data)
    page = tmp_path / "r.html"
    code, _out, err = run(capsys, "replay", str(T38 / "t38-moves.vlog"), "--module", str(nomap), "-o", str(page))
    assert code == 0, err
    assert "pieces stand on map(s) the module given does not have: 'Main Map'" in page.read_text(encoding="utf-8")
    code, _out, err = run(capsys, "replay", str(T38 / "t38-moves.vlog"), "--module", str(T38 / "t38.vmod"),
                          "-o", str(page))
    assert code == 0 and "does not have" not in page.read_text(encoding="utf-8")


# --- non-UTF-8 bytes in a log; old Mac line ends in TOML -----------------------------------------------
def _with_bad_byte(tmp_path: Path, after: bytes, bad: bytes = b"\xe9") -> Path:
    """A copy of the recorded log with ``bad`` put after the last ``after`` of its text."""
    from vmodgen.vassal.obfuscation import _xor_table
    with zipfile.ZipFile(LOG) as src:
        raw, _kind, key = deobfuscate_bytes(src.read("savedGame"))
        i = raw.rindex(after) + len(after)
        raw = raw[:i] + bad + raw[i:]
        data = b"!VCSK%02x" % key + raw.translate(_xor_table(key)).hex().encode()
        out = tmp_path / "bad.vlog"
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
            for info in src.infolist():
                z.writestr(info.filename, data if info.filename == "savedGame" else src.read(info.filename))
    return out


def test_a_chat_line_with_a_latin_1_byte_is_played_as_vassal_plays_it(tmp_path, capsys):
    """VASSAL decodes a save's text with Java's UTF-8 decoder, a replacement character for each
    bad byte (3.7.26 ``GameState.decodeSavedGame``: ``IOUtils.toString(din, UTF_8)``; 2.x
    ``Deobfuscator``: ``new String(bytes, "UTF-8")``), and plays the file. Before (left10):
    refused, exit 2 ("its text is not UTF-8 at byte N"). Now: read the same way, the chat line
    shown with U+FFFD, and the integrity flags say where the byte was, by byte and words."""
    bad = _with_bad_byte(tmp_path, b"Turn Upd")
    code, out, err = run(capsys, "integrity", str(bad))
    assert code == 0, err
    assert f"File: {bad}: its text has bytes that are not UTF-8, the first at byte " in out
    assert "(in a chat line, near '* <Axis> Turn Upd\\xe9" in out and "replacement character" in out


def test_the_audit_warns_of_bytes_not_utf8(tmp_path, tmp_path_factory, capsys):
    """The audit of the same file: played through (exit 0 as the clean log), the sentence among
    its warnings, in JSON and on stderr."""
    import json
    from bundled_module_util import bundled_module
    module = bundled_module("north-africa-41", tmp_path_factory, "cut").module
    bad = _with_bad_byte(tmp_path, b"Turn Upd")
    code, out, err = run(capsys, "audit", str(bad), "--module", str(module), "--format", "json")
    assert code == 0, err
    assert any(w.startswith(f"{bad}: its text has bytes that are not UTF-8, the first at byte ")
               for w in json.loads(out)["coverage"]["warnings"])
    assert "not UTF-8" in err


def test_a_bad_byte_beside_a_password_does_not_show_it(tmp_path, capsys):
    bad = _with_bad_byte(tmp_path, b"pw-na", b"\xff")
    code, out, err = run(capsys, "integrity", str(bad))
    assert code == 0, err
    assert "not UTF-8, the first at byte" in out and "pw-na" not in out + err and "near" not in out


def test_toml_with_old_mac_line_ends_says_so_at_its_line(tmp_path, capsys):
    """Before: ``not valid TOML: Found invalid character '\\r'`` or ``Expected newline or end of
    document after a statement``: nothing said the line ends were the fault."""
    pos = tmp_path / "p.toml"
    pos.write_bytes(b"[position]\ngame = 'minikit'\rturn = 2\r")
    msg = one_error(capsys, "check", str(pos))
    assert msg == (f"vmodgen: {pos}:2: a line ends in a carriage return alone (old Mac line ends), which "
                   "TOML does not take: save the file with LF or CRLF line ends")


def test_kit_files_with_bom_and_crlf_validate(tmp_path, capsys):
    kit = _new_kit(tmp_path, capsys)
    for f in [*kit.glob("*.toml"), *kit.glob("*.csv")]:
        f.write_bytes(b"\xef\xbb\xbf" + f.read_bytes().replace(b"\n", b"\r\n"))
    roster = kit / "roster.csv"
    code, _out, err = run(capsys, "validate", str(kit))
    assert code == 0, err
    lines = roster.read_bytes().split(b"\r\n")
    lines[4] = lines[4].replace(b",artillery,", b",artilleryX,")
    roster.write_bytes(b"\r\n".join(lines))
    msg = one_error(capsys, "validate", str(kit))
    assert msg.startswith(f"vmodgen: {roster}:5: unknown unit type 'artilleryX'")


@pytest.mark.skipif(not (T38 / "t38.vmod").exists(), reason="../shared/golden/vassal-3.8 absent")
def test_replay_of_a_partial_audit_says_partial(tmp_path, capsys):
    """Before: the page listed the audit's findings and never said that every unit move went
    unjudged (no phase known), which the audit's text, JSON and HTML all say."""
    binding = tmp_path / "b.toml"
    code, _out, err = run(capsys, "bind", str(T38 / "t38.vmod"), "--rules", "generic", "-o", str(binding))
    assert code == 0, err
    code, out, err = run(capsys, "audit", str(T38 / "t38-moves.vlog"), "--module", str(T38 / "t38.vmod"),
                         "--binding", str(binding))
    assert "partial: 4 of 4 unit move(s) were not judged" in out
    page = tmp_path / "r.html"
    code, _out, err = run(capsys, "replay", str(T38 / "t38-moves.vlog"), "--module", str(T38 / "t38.vmod"),
                          "--binding", str(binding), "-o", str(page))
    assert code == 0, err
    assert "partial: 4 of 4 unit move(s) were not judged" in page.read_text(encoding="utf-8")


# --- a file given to the wrong command is named in that command's words --------------------------
def test_sanitize_of_a_module_does_not_advise_an_option_it_lacks(tmp_path, capsys):
    """Before: ``a VASSAL module, not a save or log: give a module with --module``; sanitize has
    no --module."""
    kit = _new_kit(tmp_path, capsys)
    code, _out, err = run(capsys, "build", str(kit), "-o", str(tmp_path / "out"))
    assert code == 0, err
    module = tmp_path / "out" / "nk.vmod"
    msg = one_error(capsys, "sanitize", str(module), "-o", str(tmp_path / "x.vmod"))
    assert msg.startswith(f"vmodgen: {module}: a VASSAL module, not a save or log: sanitize copies a save")
    assert "--module" not in msg and not (tmp_path / "x.vmod").exists()


@pytest.mark.parametrize("name, said", [("game.toml", "a kit's game.toml"),
                                        ("map.toml", "a kit's map or scenarios file"),
                                        ("scenarios.toml", "a kit's map or scenarios file")])
def test_check_of_a_kit_file_says_it_is_a_kit_file(tmp_path, capsys, name, said):
    """Before: ``game.toml:4: unknown top-level table 'game' (known: position, rules, ...)``."""
    kit = _new_kit(tmp_path, capsys)
    msg = one_error(capsys, "check", str(kit / name))
    assert msg.startswith(f"vmodgen: {kit / name}: {said}, not a position: ") and "vmodgen validate" in msg


def test_audit_of_a_cut_log_warns_and_strict_exits_3(tmp_path, tmp_path_factory, capsys):
    """Before: the audit said '0 findings' and exited 0 under --strict: the play after the cut
    was silently not judged."""
    import json
    from bundled_module_util import bundled_module
    module = bundled_module("north-africa-41", tmp_path_factory, "cut").module
    cut = cut_copy(LOG, tmp_path / "cut.vlog", _inside("TURNTurnTracker0\t", 120))
    code, out, err = run(capsys, "audit", str(cut), "--module", str(module), "--strict")
    assert code == 3 and f"warning: {cut}: its last step (" in err
    code, out, err = run(capsys, "audit", str(cut), "--module", str(module), "--format", "json", "-o", "-")
    assert any("ends inside a command" in w for w in json.loads(out)["coverage"]["warnings"])
    code, out, err = run(capsys, "audit", str(LOG), "--module", str(module), "--strict")
    assert code == 0 and "ends inside a command" not in out + err


def test_sanitize_says_what_integrity_will_flag_in_the_copy(tmp_path, capsys):
    """The copy's seats have blanked passwords and vmodgen packed it: sanitize says what integrity
    will say of it, and integrity names it as sanitize's copy (left10: marked in its zip comment,
    VASSAL's entry times kept; before: "joined with an empty password" and "packed again by
    another program", flags about the copy read as flags about the game)."""
    copy = tmp_path / "public.vlog"
    code, out, err = run(capsys, "sanitize", str(LOG), "-o", str(copy))
    assert code == 0 and "says in its zip comment that sanitize made it" in err
    code, out, err = run(capsys, "integrity", str(copy))
    assert "a copy 'vmodgen sanitize' made" in out and "blanked by 'vmodgen sanitize'" in out
    assert "joined with an empty password" not in out and "another program" not in out


# --- the command line as a newcomer types it ----------------------------------------------------------
@pytest.mark.parametrize("typed, said", [("export", "no command 'export': did you mean 'oob'?"),
                                         ("audti", "no command 'audti': did you mean 'audit'?"),
                                         ("zzz", "no command 'zzz'")])
def test_an_unknown_command_names_the_nearest(capsys, typed, said):
    """Before: ``No such command 'export'.``: the README's 'export order-of-battle references' is
    the oob command."""
    assert one_error(capsys, typed, "x") == f"vmodgen: {said} (see 'vmodgen --help')"


def test_vmodgen_alone_shows_its_help_readably(capsys):
    """Before: the whole help squeezed onto one error line."""
    code, out, err = run(capsys)
    assert code == 2 and out == ""
    assert err.startswith("Usage: vmodgen [OPTIONS] COMMAND [ARGS]...\n") and "\n  audit " in err


# --- odd modules -------------------------------------------------------------------------------------
def _extension(path: Path) -> Path:
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("buildFile.xml",
                   '<?xml version="1.0" encoding="UTF-8"?><VASSAL.build.module.ModuleExtension anyModule="false" '
                   'extensionId="abc" module="Mini Kit" moduleVersion="1.0" vassalVersion="3.7.26" version="0.1">'
                   '<VASSAL.build.module.ExtensionElement target=""><VASSAL.build.module.PieceWindow name="Extra"/>'
                   '</VASSAL.build.module.ExtensionElement></VASSAL.build.module.ModuleExtension>')
    return path


@pytest.mark.parametrize("command", [["inspect", "{x}"], ["oob", "{x}", "-o", "{o}"], ["bind", "{x}", "--rules", "generic"],
                                     ["integrity", "{log}", "--module", "{x}"],
                                     ["replay", "{log}", "--module", "{x}", "-o", "{o}"]])
def test_a_module_extension_given_as_a_module_is_refused(tmp_path, capsys, command):
    """Before: read as a module named '' of version '0.1' (integrity: 'saved with version 1.0 of
    the module, the module given ('') is version 0.1'). VASSAL does not open a .vmdx as a module
    (GameModule.build: 'not a module')."""
    ext = _extension(tmp_path / "extra.vmdx")
    out = tmp_path / "o.html"
    args = [a.format(x=ext, o=out, log=LOG) for a in command]
    msg = one_error(capsys, *args)
    assert msg == (f"vmodgen: {ext}: a module extension of 'Mini Kit 1.0', not a module: VASSAL loads an "
                   "extension on top of the module it extends; give that module")
    assert not out.exists()


# --- -o on odd targets --------------------------------------------------------------------------------
@pytest.mark.parametrize("command", [["integrity", "{log}", "-o", "{o}"], ["sanitize", "{log}", "-o", "{o}"],
                                     ["oob", "{kit}", "-f", "md", "-o", "{o}"], ["build", "{kit}", "-o", "{o}"],
                                     ["new", "{o}"]])
def test_an_output_under_a_file_names_that_file(tmp_path, capsys, command):
    """Before: ``in.vlog/x: cannot write here (File exists)`` or ``.../x_images/R1.png: cannot
    write here (Not a directory)``."""
    log = tmp_path / "in.vlog"
    log.write_bytes(LOG.read_bytes())
    target = f"{log}/sub/x"
    msg = one_error(capsys, *[a.format(log=log, kit=MINIKIT, o=target) for a in command])
    assert msg == f"vmodgen: {log}: is a file, not a folder (in '{target}')"
    assert log.read_bytes() == LOG.read_bytes()


def test_an_output_file_name_ending_in_a_slash_is_refused(tmp_path, capsys):
    """Before: ``-o new.html/`` wrote the file ``new.html``."""
    target = f"{tmp_path}/new.html/"
    msg = one_error(capsys, "integrity", str(LOG), "-o", target)
    assert msg == f"vmodgen: {target}: ends in a '/', which names a folder: give a file name"
    assert list(tmp_path.iterdir()) == []


def test_cut_short_reads_any_tree_without_failing():
    """Trees a hostile text can make: no end_save, end_save as the root's own text, nothing."""
    from vmodgen.vassal.commands import Command
    assert "no 'end_save'" in cut_short(Command("", []))
    assert cut_short(Command("", [Command("begin_save"), Command("end_save")])) is None
    said = cut_short(Command("end_save", [Command("LOG\tM/1/a/1/2/null/a/1")]))
    assert said is not None and "'M/' does not read as a whole command" in said


# --- a roster saved by Excel on Windows -----------------------------------------------------------
@pytest.mark.parametrize("encoding, said", [
    ("cp1252", ":4: is not UTF-8 text: byte 0xe9 ('é' in Windows-1252) at column 14: save the file as UTF-8 "
               "(Excel: 'CSV UTF-8')"),
    ("utf-16", ":1: is UTF-16 text, not UTF-8: save the file as UTF-8 (Excel: 'CSV UTF-8')")])
def test_a_roster_not_in_utf_8_says_what_it_is_and_how_to_save_it(tmp_path, capsys, encoding, said):
    """Before: ``roster.csv:4: is not UTF-8 text`` (where in the line, what encoding, what to do?)."""
    kit = _new_kit(tmp_path, capsys)
    roster = kit / "roster.csv"
    text = roster.read_text(encoding="utf-8").replace("1st Tank Regiment", "1st Tank Régiment")
    roster.write_bytes(text.encode(encoding))
    assert one_error(capsys, "validate", str(kit)) == f"vmodgen: {roster}{said}"


@pytest.mark.parametrize("byte, hint", [
    (b"\x92", " ('\u2019' in Windows-1252)"),      # Word's apostrophe: O’Connor
    (b"\x93", " ('\u201c' in Windows-1252)"),      # Excel's opening quote
    (b"\x96", " ('\u2013' in Windows-1252)"),      # en dash
    (b"\x80", " ('\u20ac' in Windows-1252)"),      # euro sign
    (b"\xe9", " ('\u00e9' in Windows-1252)"),
    (b"\x81", ""), (b"\x8d", ""), (b"\x8f", ""), (b"\x90", ""), (b"\x9d", ""),   # undefined there
    (b"\xa0", ""),                                  # a no-break space does not print: no guess
])
def test_a_byte_not_utf_8_is_named_as_windows_1252_reads_it(tmp_path, byte, hint):
    """Before: bytes 0x80-0x9F (the quotes and dashes Excel and Word write) got no hint."""
    from vmodgen.errors import InputError
    from vmodgen.safeio import read_text
    path = tmp_path / "roster.csv"
    path.write_bytes(b"id,name\n1,O" + byte + b"Connor\n")
    with pytest.raises(InputError) as info:
        read_text(path)
    assert str(info.value) == (f"{path}:2: is not UTF-8 text: byte 0x{byte[0]:02x}{hint} at column 4: "
                               "save the file as UTF-8 (Excel: 'CSV UTF-8')")


def test_sanitize_of_bytes_not_utf8_says_the_copy_changes_them(tmp_path, capsys):
    """sanitize reads such a file as VASSAL does (before: refused) and says that the copy holds
    the replacement characters VASSAL reads the bytes as."""
    bad = _with_bad_byte(tmp_path, b"Turn Upd")
    copy = tmp_path / "copy.vlog"
    code, _, err = run(capsys, "sanitize", str(bad), "-o", str(copy))
    assert code == 0, err
    assert f"note: {bad}: its text has bytes that are not UTF-8, the first at byte " in err
    assert "\ufffd" in read_save(str(copy)).text and read_save(str(copy)).undecodable is None
