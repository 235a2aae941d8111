"""Hostile and odd input, round 3 (a stranger's first day): a zip with a second ``savedGame``,
``-`` for standard input and output, and a kit's rule parameter of the wrong kind. Each is one
line on stderr naming the file and the place, exit code 2, nothing written, the input untouched."""
from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

import pytest
from cli_util import one_error, run

from vmodgen.cli import main

ROOT = Path(__file__).resolve().parents[1]
MINIKIT = ROOT / "tests" / "data" / "minikit"
LOG = ROOT / "tests" / "data" / "recorded" / "na41-clean.vlog"



def doubled(path: Path, name: str, data: bytes = b"garbage") -> Path:
    """A copy of the recorded log with a second entry ``name`` appended (``data``)."""
    import warnings
    with zipfile.ZipFile(LOG) as src, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
        for info in src.infolist():
            out.writestr(info, src.read(info))
        with warnings.catch_warnings():            # "Duplicate name": the very point
            warnings.simplefilter("ignore")
            out.writestr(name, data)
    return path


# --- a second copy of an entry that says what the file is ---------------------------------------
@pytest.mark.parametrize("entry", ["savedGame", "moduledata"])
@pytest.mark.parametrize("command", [("integrity",), ("inspect",), ("sanitize", "-o", "{tmp}/out.vlog")])
def test_a_doubled_save_entry_is_refused_by_every_reader(tmp_path, capsys, entry, command):
    """VASSAL reads a save's first ``savedGame`` (ZipInputStream) but a module's last entry of a
    name (ZipArchive's map): a doubled one may read differently in two programs."""
    bad = doubled(tmp_path / "dup.vlog", entry)
    before = bad.read_bytes()
    args = [a.format(tmp=tmp_path) for a in command]
    msg = one_error(capsys, args[0], str(bad), *args[1:])
    assert msg.startswith(f"vmodgen: {bad}: ") and f"'{entry}' appears twice" in msg
    assert bad.read_bytes() == before and not (tmp_path / "out.vlog").exists()


def test_a_doubled_build_file_is_refused(tmp_path, capsys):
    import warnings
    mod = tmp_path / "m.vmod"
    with zipfile.ZipFile(mod, "w") as z, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        z.writestr("buildFile.xml", '<?xml version="1.0"?><VASSAL.build.GameModule name="A" version="1"/>')
        z.writestr("buildFile.xml", '<?xml version="1.0"?><VASSAL.build.GameModule name="B" version="1"/>')
    msg = one_error(capsys, "inspect", str(mod))
    assert f"{mod}: zip entry 'buildFile.xml' appears twice" in msg


def test_a_doubled_image_reads_the_last_copy_as_vassal_does(tmp_path):
    import warnings

    from vmodgen.safeio import SafeZip
    z = tmp_path / "m.zip"
    with zipfile.ZipFile(z, "w") as out, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        out.writestr("images/a.png", b"first")
        out.writestr("images/a.png", b"second")
    with SafeZip(z) as sz:
        assert sz.read("images/a.png") == b"second"


# --- "-": standard output for an output, refused as an input --------------------------------------
@pytest.mark.parametrize("command", [
    ("integrity", "-"), ("inspect", "-"), ("check", "-"), ("sanitize", "-", "-o", "x.vlog"),
    ("inspect", "{log}", "--module", "-"), ("audit", "{log}", "--binding", "-"),
    ("bind", "{log}", "--rules", "generic", "--log", "-"),
])
def test_dash_as_an_input_is_refused_in_plain_words(tmp_path, capsys, monkeypatch, command):
    """Before: ``-: no such file`` (read as a file named '-')."""
    monkeypatch.chdir(tmp_path)
    msg = one_error(capsys, *[a.replace("{log}", str(LOG)) for a in command])
    assert msg == ("vmodgen: -: standard input is not read: give the file's name "
                   "(write ./- for a file named '-')")
    assert list(tmp_path.iterdir()) == []


def test_integrity_dash_o_writes_standard_output_not_a_file(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, "integrity", str(LOG), "-o", "-")
    assert code == 0 and out.startswith("integrity:")
    assert not (tmp_path / "-").exists()
    code, plain, _ = run(capsys, "integrity", str(LOG))
    assert plain == out


def test_replay_dash_o_writes_the_page_to_standard_output(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, "replay", str(LOG), "-o", "-")
    assert code == 0 and out.startswith("<!DOCTYPE html>") and out.rstrip().endswith("</html>")
    assert not (tmp_path / "-").exists()


def test_sanitize_dash_o_writes_the_zip_to_standard_output(tmp_path, capfdbinary, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as info:
        main(["sanitize", str(LOG), "-o", "-"])
    out, err = capfdbinary.readouterr()
    assert info.value.code == 0 and b"standard output:" in err and b"password blanked" in err
    import io
    with zipfile.ZipFile(io.BytesIO(out)) as z:
        assert z.namelist() == ["savedGame", "savedata", "moduledata"]
    assert not (tmp_path / "-").exists()


def test_audit_replay_dash_is_refused(tmp_path, capsys):
    msg = one_error(capsys, "audit", str(LOG), "--replay", "-")
    assert msg.startswith("vmodgen: -: --replay writes a page beside the report")


# --- a kit's rule parameter of the wrong kind: refused by validate, naming the kit's file ---------
@pytest.mark.parametrize("line, said", [
    ('stacking_limit = "six"', "must be a number, not 'six'"),
    ("stacking_limit = true", "must be a number, not True"),
    ('stacking_unit = "hexes"', "must be one of auto, units, points, not 'hexes'"),
    ('zoc_leave = 3', "must be one of free, one_hex, never, not 3"),
])
def test_validate_refuses_a_rule_parameter_of_the_wrong_kind(tmp_path, capsys, line, said):
    """Before: ``validate`` said valid, ``build`` built, and ``check`` blamed the position file."""
    kit = tmp_path / "kit"
    shutil.copytree(MINIKIT, kit)
    game = kit / "game.toml"
    text = game.read_text(encoding="utf-8").replace("stacking_limit = 6\n", "")
    text = text.replace("[rules]\n", f"[rules]\n{line}\n", 1)
    game.write_text(text, encoding="utf-8")
    rules_line = text.splitlines().index(line) + 1
    msg = one_error(capsys, "validate", str(kit))
    assert msg.startswith(f"vmodgen: {game}:{rules_line}: [rules]: rule parameter '{line.split()[0]}' ")
    assert said in msg
    code, _, err = run(capsys, "build", str(kit), "-o", str(tmp_path / "out"))
    assert code == 2 and str(game) in err and not (tmp_path / "out" / "minikit.vmod").exists()


# --- a binding naming a module property that does not exist ---------------------------------------
CORPUS = ROOT.parent / "shared" / "corpus"
KASSALA = CORPUS / "kassala_Kassala.vmod"


@pytest.mark.skipif(not KASSALA.exists(), reason="../shared/corpus/kassala_Kassala.vmod absent")
def test_bind_check_refuses_a_reduced_side_read_from_a_property_no_piece_has(tmp_path, capsys):
    """Before: accepted, and every unit read at full strength (a typo in the layer's name)."""
    text = (ROOT / "examples" / "kassala" / "binding.toml").read_text(encoding="utf-8")
    assert "[pieces]" not in text
    binding = tmp_path / "b.toml"
    binding.write_text(text + '\n[pieces]\nreduced = { property = { Step_Levl = "^[2-9]" } }\n', encoding="utf-8")
    line = binding.read_text(encoding="utf-8").splitlines().index('reduced = { property = { Step_Levl = "^[2-9]" } }') + 1
    msg = one_error(capsys, "bind", str(KASSALA), "--check", str(binding))
    assert msg.startswith(f"vmodgen: {binding}:{line}: [pieces] reduced: no piece of the module has a property 'Step_Levl'")
    # the example binding itself still checks
    code, out, err = run(capsys, "bind", str(KASSALA), "--check", str(ROOT / "examples" / "kassala" / "binding.toml"))
    assert code == 0, err


# --- a full disk while build writes the module: nothing of that build is left ----------------------
def test_build_on_a_full_disk_leaves_no_sheets_without_their_module(tmp_path, capsys, monkeypatch):
    """The counter sheets were renamed into place before the module was written: a full disk at
    the module left new sheets beside no module (or beside the old one)."""
    import errno
    import io
    import os
    real = os.fdopen

    class Full(io.RawIOBase):
        def __init__(self, fh):
            self.fh = fh

        def write(self, data):
            raise OSError(errno.ENOSPC, "No space left on device")

        def close(self):
            self.fh.close()

    def fdopen(fd, *a, **k):
        fh = real(fd, *a, **k)
        return Full(fh) if ".vmod." in os.readlink(f"/proc/self/fd/{fd}") else fh
    if not os.path.exists("/proc/self/fd"):
        pytest.skip("needs /proc/self/fd to tell the module's temporary file")
    monkeypatch.setattr(os, "fdopen", fdopen)
    out = tmp_path / "out"
    code, _, err = run(capsys, "build", str(MINIKIT), "-o", str(out))
    assert code == 2
    assert err.strip().splitlines() == [f"vmodgen: {out / 'minikit.vmod'}: cannot be written (No space left on device)"]
    assert sorted(p.name for p in out.iterdir() if p.name != ".cache") == []
    monkeypatch.setattr(os, "fdopen", real)
    code, _, err = run(capsys, "build", str(MINIKIT), "-o", str(out))
    assert code == 0, err
    assert sorted(p.name for p in out.iterdir() if p.name != ".cache") == [
        "minikit-counters-letter.pdf", "minikit-counters.pdf", "minikit.vmod"]


# --- options that go together wrongly: a usage error, not about the first file ---------------------
@pytest.mark.parametrize("command", [
    ("audit", "{log}", "--game", "north-africa-41", "--binding", "{toml}"),
    ("replay", "{log}", "--game", "north-africa-41", "--binding", "{toml}", "-o", "{tmp}/r.html"),
    ("bind", "{log}"),
])
def test_options_given_wrongly_together_are_a_usage_error(tmp_path, capsys, command):
    """Before: ``vmodgen: turn1.vlog: give either --game or --binding, not both`` (the log blamed)."""
    toml = tmp_path / "b.toml"
    toml.write_text("", encoding="utf-8")
    args = [a.replace("{log}", str(LOG)).replace("{toml}", str(toml)).replace("{tmp}", str(tmp_path))
            for a in command]
    msg = one_error(capsys, *args)
    assert msg.endswith(f"(see 'vmodgen {command[0]} --help')") and str(LOG) not in msg
    assert not (tmp_path / "r.html").exists()


# --- a file cut short ---------------------------------------------------------------------------------
@pytest.mark.parametrize("tenth", range(1, 10))
@pytest.mark.parametrize("command", ["integrity", "inspect"])
def test_a_log_cut_at_every_tenth_is_said_cut_short(tmp_path, capsys, tenth, command):
    """Before: ``not a zip archive VASSAL can read (File is not a zip file)``."""
    data = LOG.read_bytes()
    cut = tmp_path / "cut.vlog"
    cut.write_bytes(data[:len(data) * tenth // 10])
    msg = one_error(capsys, command, str(cut))
    assert msg == (f"vmodgen: {cut}: a zip archive cut short: it starts as one but its directory, at the end, "
                   "is missing (an incomplete download or copy?)")


@pytest.mark.parametrize("fraction", [0.1, 0.5])
def test_a_saved_game_cut_before_end_save_is_flagged(tmp_path, capsys, fraction):
    """A savedGame cut short and packed again reads as a save of no steps: every report says
    the file was cut (VASSAL writes end_save into every save and log, 2.x too)."""
    cut = tmp_path / "cut.vlog"
    with zipfile.ZipFile(LOG) as src, zipfile.ZipFile(cut, "w", zipfile.ZIP_DEFLATED) as out:
        for info in src.infolist():
            data = src.read(info)
            if info.filename == "savedGame":      # '!VCSK', a 2-digit key, then 2 hex digits a byte
                assert data.startswith(b"!VCSK")
                data = data[:7 + (int((len(data) - 7) * fraction) // 2) * 2]
            out.writestr(info.filename, data)
    code, out, err = run(capsys, "integrity", str(cut))
    assert code == 0 and f"! File: {cut}: its saved game has no 'end_save'" in out
    code, out, err = run(capsys, "integrity", str(cut), "--format", "json")
    assert "no 'end_save'" in out
    code, out, err = run(capsys, "integrity", str(LOG))
    assert code == 0 and "end_save" not in out


# --- a library's message carries no Python object ---------------------------------------------------
def test_a_counter_image_that_is_no_image_is_refused_without_python_noise(tmp_path, capsys):
    """Before: ``not a readable image: cannot identify image file <_io.BytesIO object at 0x7f...>``."""
    kit = tmp_path / "kit"
    shutil.copytree(MINIKIT, kit)
    (kit / "fake.png").write_text("not a picture", encoding="utf-8")
    roster = kit / "roster.csv"
    lines = roster.read_text(encoding="utf-8").splitlines()
    lines[0] += ",image"
    lines[1:] = [line + ("," + "fake.png" if i == 0 else ",") for i, line in enumerate(lines[1:])]
    roster.write_text("\n".join(lines) + "\n", encoding="utf-8")
    msg = one_error(capsys, "validate", str(kit))
    assert msg.startswith(f"vmodgen: {roster}:2: ") and msg.endswith("not a readable image: cannot identify image file")
    assert " object at 0x" not in msg


def test_a_counter_too_large_for_the_print_sheet_is_refused_at_its_line(tmp_path, capsys):
    """Before: validate said valid and build stopped with an internal error (exit 70) at the sheet."""
    kit = tmp_path / "kit"
    shutil.copytree(MINIKIT, kit)
    game = kit / "game.toml"
    text = game.read_text(encoding="utf-8")
    text = "\n".join(line for line in text.splitlines() if not line.startswith("counter_size_mm"))
    text = text.replace("[game]\n", "[game]\ncounter_size_mm = 1e300\n", 1)
    game.write_text(text + "\n", encoding="utf-8")
    line = text.splitlines().index("counter_size_mm = 1e300") + 1
    msg = one_error(capsys, "validate", str(kit))
    assert msg == (f"vmodgen: {game}:{line}: [game]: 'counter_size_mm' may be at most 127 "
                   "(a counter on a printed page), not 1e+300")
    msg = one_error(capsys, "build", str(kit), "-o", str(tmp_path / "out"))
    assert msg.startswith(f"vmodgen: {game}:{line}: ")


@pytest.mark.parametrize("entry, body, said", [
    ("moduledata", '<?xml version="1.0"?>\n<!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<data/>',
     "moduledata:2: moduledata declares entities (refused: XML entity expansion)"),
    ("savedata", "<data>\n<version>1", "savedata:2: savedata is not well-formed"),
])
def test_a_bad_metadata_entry_is_named_with_its_own_line(tmp_path, capsys, entry, body, said):
    """Before: ``x.vlog:2: 'savedata' entry: ...``, the entry's line given as the file's."""
    bad = tmp_path / "x.vlog"
    with zipfile.ZipFile(LOG) as src, zipfile.ZipFile(bad, "w", zipfile.ZIP_DEFLATED) as out:
        for info in src.infolist():
            out.writestr(info.filename, body if info.filename == entry else src.read(info))
    msg = one_error(capsys, "integrity", str(bad))
    assert msg.startswith(f"vmodgen: {bad}: {said}")


# --- a name that would drive the terminal ------------------------------------------------------------
@pytest.mark.parametrize("name, shown", [("a\nb.vlog", "a\\nb.vlog"), ("a\x1b[2Jb.vlog", "a\\x1b[2Jb.vlog"),
                                         ("a\u202eb.vlog", "a\\u202eb.vlog")])
def test_a_file_name_with_control_characters_stays_one_escaped_line(tmp_path, capsys, name, shown):
    """Before: a newline in the name split the error in two lines, an ESC reached the terminal."""
    bad = tmp_path / name
    bad.write_bytes(b"")
    msg = one_error(capsys, "integrity", str(bad))
    assert msg == f"vmodgen: {tmp_path}/{shown}: the file is empty: not a VASSAL save or log"


def test_a_zip_entry_name_with_control_characters_is_escaped(tmp_path, capsys):
    mod = tmp_path / "m.vmod"
    with zipfile.ZipFile(mod, "w") as z:
        z.writestr("buildFile.xml", '<?xml version="1.0"?><VASSAL.build.GameModule name="T" version="1"/>')
        z.writestr("../x\ny\x07", b"x")
    msg = one_error(capsys, "inspect", str(mod))
    assert msg == f"vmodgen: {mod}: zip entry name '../x\\ny\\x07' escapes the archive (refused)"


def test_printable_keeps_text_and_escapes_only_controls():
    from vmodgen.errors import printable
    assert printable("Kreta 漢字 é — ok") == "Kreta 漢字 é — ok"
    assert printable("a\tb\rc\x00d\x9be\u2028") == "a\\tb\\rc\\x00d\\x9be\\u2028"


# --- an order of battle missing pictures says it is partial --------------------------------------------
def _module_lacking_an_image(path: Path) -> Path:
    from test_hostile_outputs import hostile_module
    hostile_module(path, "1")
    with zipfile.ZipFile(path) as z:
        entries = {n: z.read(n) for n in z.namelist() if not n.startswith("images/")}
    with zipfile.ZipFile(path, "w") as z:
        for n, data in entries.items():
            z.writestr(n, data)
    return path


@pytest.mark.parametrize("fmt", ["html", "md"])
def test_oob_of_a_module_lacking_an_image_says_partial(tmp_path, capsys, fmt):
    """Before: the reference showed the piece with no picture and said nothing."""
    mod = _module_lacking_an_image(tmp_path / "m.vmod")
    target = tmp_path / f"o.{fmt}"
    code, out, err = run(capsys, "oob", str(mod), "-f", fmt, "-o", str(target))
    said = "partial: 1 image the pieces draw is not in the module (a.png): its pictures are missing"
    assert code == 0 and out.strip() == f"{target}; {said}"
    assert said in target.read_text(encoding="utf-8")
    code, out, err = run(capsys, "oob", str(mod), "-f", fmt, "-o", "-")
    assert code == 0 and said in out and err.strip() == said


def test_oob_json_and_a_whole_module_say_no_partial(tmp_path, capsys):
    import json
    mod = _module_lacking_an_image(tmp_path / "m.vmod")
    code, out, _ = run(capsys, "oob", str(mod), "-f", "json", "-o", "-")
    doc = json.loads(out)
    assert code == 0 and doc["partial"] is None and doc["missing_images"] == []   # JSON holds no picture
    from test_hostile_outputs import hostile_module
    whole = hostile_module(tmp_path / "w.vmod", "1")
    code, out, err = run(capsys, "oob", str(whole), "-f", "html", "-o", str(tmp_path / "w.html"))
    assert code == 0 and out.strip() == str(tmp_path / "w.html")
    assert "partial:" not in (tmp_path / "w.html").read_text(encoding="utf-8")


# --- audit --replay: the page and the report are written together ---------------------------------
def test_audit_report_failing_to_write_leaves_no_replay_page(tmp_path_factory, capsys, monkeypatch):
    """The page was renamed into place before the report was written: a full disk at the report
    left a page whose findings link to a report that is not there."""
    import errno
    import io
    import os

    from bundled_module_util import bundled_module
    na41 = bundled_module("north-africa-41", tmp_path_factory, "round3-replay")
    real = os.fdopen

    class Full(io.RawIOBase):
        def __init__(self, fh):
            self.fh = fh

        def write(self, data):
            raise OSError(errno.ENOSPC, "No space left on device")

        def close(self):
            self.fh.close()

    def fdopen(fd, *a, **k):
        fh = real(fd, *a, **k)
        return Full(fh) if ".rep.html." in os.readlink(f"/proc/self/fd/{fd}") else fh
    if not os.path.exists("/proc/self/fd"):
        pytest.skip("needs /proc/self/fd to tell the report's temporary file")
    monkeypatch.setattr(os, "fdopen", fdopen)
    out = na41.root
    code, _, err = run(capsys, "audit", str(LOG), "--module", str(na41.module), "--format", "html",
                       "-o", str(out / "rep.html"), "--replay", str(out / "game.html"))
    assert code == 2 and err.strip() == f"vmodgen: {out / 'rep.html'}: cannot be written (No space left on device)"
    assert list(out.iterdir()) == []
    monkeypatch.setattr(os, "fdopen", real)
    code, _, err = run(capsys, "audit", str(LOG), "--module", str(na41.module), "--format", "html",
                       "-o", str(out / "rep.html"), "--replay", str(out / "game.html"))
    assert code == 0, err
    assert sorted(p.name for p in out.iterdir()) == ["game.html", "rep.html"]


# --- build: two kits of one game id; new: a folder name to paste back -------------------------------
def test_build_refuses_two_kits_of_one_game_id_and_builds_a_kit_named_twice_once(tmp_path, capsys):
    """Before: the second kit's module silently replaced the first's (both <id>.vmod)."""
    other = tmp_path / "other"
    shutil.copytree(MINIKIT, other)
    out = tmp_path / "out"
    msg = one_error(capsys, "build", str(MINIKIT), str(other), "-o", str(out))
    assert msg.startswith(f"vmodgen: {other / 'game.toml'}: game id 'minikit' is also the id of the kit ")
    assert not out.exists()
    code, stdout, err = run(capsys, "build", str(MINIKIT), str(MINIKIT / "game.toml"), "-o", str(out))
    assert code == 0 and stdout.count("minikit.vmod") == 1, err


@pytest.mark.parametrize("name, shown", [("my game", "'my game'"), ("-x", "./-x"), ("plain", "plain")])
def test_new_prints_a_next_line_that_runs_as_pasted(tmp_path, capsys, monkeypatch, name, shown):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "new", "--", name) if name.startswith("-") else run(capsys, "new", name)
    assert code == 0, err
    assert out.splitlines()[-1] == f"next: vmodgen validate {shown} && vmodgen build {shown}"
    import shlex
    folder = shlex.split(shown)[0]
    code, _, err = run(capsys, "validate", folder)
    assert code == 0, err
