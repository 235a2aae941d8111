"""``vmodgen sanitize``: passwords blanked, everything else identical, input untouched."""
from __future__ import annotations

import hashlib
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from vmodgen.commands.sanitize import command
from vmodgen.errors import InputError
from vmodgen.vassal.obfuscation import obfuscate
from vmodgen.vassal.sanitize import sanitize_save, sanitize_text
from vmodgen.vassal.savefile import read_save, save_bytes

SHARED = Path(__file__).resolve().parents[1].parent / "shared"

LOG_TEXT = ("begin_save\x1b\x1b\\\x1b+/1/piece;;;a.png;A/null;0;0;;0\x1bPLAYER\thunter2\tJoel\tAllies"
            "\x1bend_save\x1bLOG\tM/1/Main Map/1/2/null/Main Map/3/4/null/hunter2\\\x1bLOG\tCHAT hunter2 is "
            "my word\x1bLOG\tnull\\\x1bLOG\tM/1/Main Map/5/6/null/Main Map/1/2/null/hunter2")


def test_sanitize_text() -> None:
    text, count = sanitize_text(LOG_TEXT)
    assert count == 3
    assert "PLAYER\t\tJoel\tAllies" in text
    assert "/null/hunter2" not in text and "M/1/Main Map/5/6/null/Main Map/1/2/null/\x1b" not in text
    assert "CHAT hunter2 is my word" in text          # chat text is the player's own words
    # nothing but the password fields changed
    assert len(LOG_TEXT) - len(text) == 3 * len("hunter2")


def test_sanitize_file(tmp_path: Path) -> None:
    src = tmp_path / "game.vlog"
    src.write_bytes(save_bytes(LOG_TEXT, key=0x33))
    before = hashlib.sha256(src.read_bytes()).hexdigest()
    out = tmp_path / "shared.vlog"
    assert sanitize_save(src, out) == 3
    assert hashlib.sha256(src.read_bytes()).hexdigest() == before
    clean = read_save(out)
    assert "hunter2\t" not in clean.text and clean.key == 0x33
    assert zipfile.ZipFile(out).namelist() == zipfile.ZipFile(src).namelist()
    with pytest.raises(InputError):
        sanitize_save(src, src)
    assert hashlib.sha256(src.read_bytes()).hexdigest() == before


def test_cli(tmp_path: Path) -> None:
    src = tmp_path / "g.vsav"
    src.write_bytes(obfuscate(LOG_TEXT, 5))          # a bare (non-zip) payload is accepted too
    out = tmp_path / "o.vsav"
    result = CliRunner().invoke(command, [str(src), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "3 commands" in result.output and "hunter2" not in result.output
    assert "hunter2\t" not in read_save(out).text


def test_real_log_passwords_blanked(tmp_path: Path) -> None:
    src = SHARED / "corpus" / "tld_game_0606-1.log"
    if not src.exists():
        pytest.skip(f"{src} absent")
    out = tmp_path / "clean.log"
    count = sanitize_save(src, out)
    original, clean = read_save(src), read_save(out)
    assert count == 610                       # 609 moves + 1 PLAYER, all with the id "foo"
    assert "PLAYER\tfoo" in original.text and "PLAYER\tfoo" not in clean.text
    assert "/null/foo" not in clean.text
    assert len(original.text) - len(clean.text) == 610 * 3


# --- issue 22: every place VASSAL stores the player id ------------------------------------------
from vmodgen.vassal.chains import join_chain  # noqa: E402
from vmodgen.vassal.codec import encode  # noqa: E402
from vmodgen.vassal.commands import parse_tree  # noqa: E402

PW = "s3cret pw"
#: Mask (obscured by PW, options allowing PW) outside Invisible (hidden by PW) outside Restricted
#: (owned by PW) outside a BasicPiece: the secret states at every depth of the chain
TYPE = join_chain(["obs;M;masked.png;?", "hide;H;", "restrict;Allies;true;false;", "piece;;;a.png;A"])
STATE = join_chain([encode([PW, encode(["true", "1", PW], "|")], ";"), PW, PW, "Main Map;1;2;0"])


def _every_place_text() -> str:
    add = encode(["+", "7", TYPE, STATE], "/")
    change = encode(["D", "7", STATE, join_chain(["null", "null", PW, "Main Map;1;2;0"])], "/")
    orphan = encode(["D", "99", join_chain(["1", PW, encode([PW, ""], ";")]), "null"], "/")
    cmds = ["begin_save", "", add, f"PLAYER\t{PW}\tJoel\tAllies", "end_save",
            "LOG\t" + change, "LOG\tLOG\t" + orphan, f"UNMASK\t{PW}\\\tother", f"PNOTE\t{PW}\tmy notes",
            f"SNOTE\tplan\t{PW}\ttrue\ttext\t\th1", "LOG\tM/7/Main Map/5/6/null/Main Map/1/2/null/" + PW]
    from vmodgen.vassal.commands import Command
    root = Command(cmds[0], [Command(c) for c in cmds[1:]])
    return root.encode()


def test_every_place_of_the_player_id_is_blanked() -> None:
    text = _every_place_text()
    assert text.count(PW) >= 12
    clean, count = sanitize_text(text)
    assert PW not in clean, [c.text for c in parse_tree(clean).walk() if PW in c.text]
    assert count == 8          # +/, PLAYER, two D/, UNMASK, PNOTE, SNOTE, M/
    # the structure is kept: the piece is still masked, hidden and one D/ per change
    tree = parse_tree(clean)
    assert [c.text[:2] for c in tree.subs].count("D/") == 0  # D/ are under LOG
    assert "obs;M;masked.png" in clean and "UNMASK\t" in clean and "PNOTE\t\tmy notes" in clean


def test_zip_entries_not_vassals_are_dropped(tmp_path: Path) -> None:
    src = tmp_path / "g.vsav"
    with zipfile.ZipFile(src, "w") as zf:
        zf.writestr("savedGame", obfuscate(LOG_TEXT, 0x21))
        zf.writestr("moduledata", b"<data/>")
        zf.writestr("../X", b"escape")
        zf.writestr("notes.txt", b"hunter2")
    out = tmp_path / "o.vsav"
    sanitize_save(src, out)
    assert zipfile.ZipFile(out).namelist() == ["savedGame", "moduledata"]
    assert b"hunter2" not in b"".join(zipfile.ZipFile(out).read(n) for n in ["moduledata"])


def test_tour_log_has_no_password_left(tmp_path: Path) -> None:
    """vassal_tour.log: 40 copies of the player id, 8 of them in Mask/Invisible states of D/."""
    src = SHARED / "corpus" / "vassal_tour.log"
    if not src.exists():
        pytest.skip(f"{src} absent")
    pw = "rkinney's password"
    original = read_save(src).text
    assert original.count(pw) == 40
    out = tmp_path / "tour.log"
    sanitize_save(src, out)
    clean = read_save(out).text
    assert pw not in clean and "password" not in clean
    with zipfile.ZipFile(out) as zf:
        for name in zf.namelist():
            assert pw.encode() not in zf.read(name)
    assert len(original) - len(clean) == 40 * len(pw)      # nothing else changed


def test_sanitize_to_standard_output_is_the_file_built_in_memory(tmp_path: Path, capfdbinary,
                                                                 monkeypatch) -> None:
    """``-o -`` writes the bytes ``sanitize -o FILE`` writes (entry by entry; the entries'
    times are the clock's), with no temporary file or folder on the way."""
    import io
    import tempfile

    from vmodgen.cli import main
    src = tmp_path / "game.vlog"
    src.write_bytes(save_bytes(LOG_TEXT, key=0x33))
    out = tmp_path / "shared.vlog"
    sanitize_save(src, out)

    def no_temp(*_a: object, **_k: object) -> None:
        raise AssertionError("a temporary file or folder was made")
    for name in ("TemporaryDirectory", "mkstemp", "mkdtemp", "NamedTemporaryFile"):
        monkeypatch.setattr(tempfile, name, no_temp)
    with pytest.raises(SystemExit) as info:
        main(["sanitize", str(src), "-o", "-"])
    got, err = capfdbinary.readouterr()
    assert info.value.code == 0, err
    with zipfile.ZipFile(io.BytesIO(got)) as a, zipfile.ZipFile(out) as b:
        assert a.namelist() == b.namelist() and "savedGame" in b.namelist()
        assert all(a.read(n) == b.read(n) for n in b.namelist())
    assert "/hunter2" not in read_save(out).text and "PLAYER\t\tJoel" in read_save(out).text


@pytest.mark.parametrize("name", ["vassal_tour.mod", "vassal_test-predefined-setups.vmod"])
def test_a_module_is_refused_in_sanitize_words_by_the_library_and_both_outputs(tmp_path: Path, capsys,
                                                                              name: str) -> None:
    """A real module given as the save: the reader refuses it in sanitize's words (no --module to
    give it to) whether written to a file, to standard output or through :func:`sanitize_save`
    (before: the library said 'give a module with --module'); nothing is written."""
    module = SHARED / "corpus" / name
    if not module.exists():
        pytest.skip("../shared/corpus absent")
    said = f"{module}: a VASSAL module, not a save or log: sanitize copies a save or log (.vsav, .vlog)"
    with pytest.raises(InputError) as info:
        sanitize_save(module, tmp_path / "x.vlog")
    assert str(info.value).startswith(said) and "--module" not in str(info.value)
    for target in (str(tmp_path / "x.vlog"), "-"):
        from vmodgen.cli import main
        with pytest.raises(SystemExit) as exit_info:
            main(["sanitize", str(module), "-o", target])
        out, err = capsys.readouterr()
        assert exit_info.value.code == 2 and out == "" and err.startswith(f"vmodgen: {said}")
        assert "--module" not in err and len(err.splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


def test_integrity_of_a_sanitized_copy_names_it_for_what_it_is(tmp_path: Path) -> None:
    """A log VASSAL 3.7.26 wrote (recorded im-clean), sanitized: the copy keeps each entry's time
    (when VASSAL wrote it) and says in its zip comment that sanitize made it. ``integrity`` of it
    says so once (a copy packed again: it proves nothing about the play; ask for the original),
    and that its passwords were blanked by sanitize. Before: the entries were stamped with the
    time of the copy, and integrity said "packed again by another program", "the savedata came
    from another file" (its date no longer matched) and "Axis joined with an empty password:
    anyone can take that seat" - three accusations about the copy, none about the game."""
    from vmodgen.audit import audit
    src = Path(__file__).parent / "data" / "recorded" / "im-clean.vlog"
    out = tmp_path / "im-clean-shared.vlog"
    sanitize_save(src, out)
    with zipfile.ZipFile(src) as a, zipfile.ZipFile(out) as b:
        assert [i.date_time for i in a.infolist()] == [i.date_time for i in b.infolist()]
        assert b.comment.startswith(b"vmodgen sanitize")
    flags = audit([str(out)], replay_only=True).integrity["flags"]
    assert any("a copy 'vmodgen sanitize' made" in f for f in flags)
    assert any("blanked by 'vmodgen sanitize'" in f for f in flags)
    assert not any("another program" in f or "another file" in f or "anyone can take" in f for f in flags), flags
    # the original is untouched and has none of these flags
    original = audit([str(src)], replay_only=True).integrity["flags"]
    assert not any("sanitize" in f or "packed again" in f for f in original), original


def test_a_copy_marked_sanitized_by_hand_is_still_doubted(tmp_path: Path) -> None:
    """The mark names the copy, it proves nothing: a file re-packed with the mark and a savedata
    taken from another file (its entry time far from its dateSaved) is still flagged for that."""
    from vmodgen.audit import audit
    from vmodgen.vassal.sanitize import SANITIZED_MARK
    src = Path(__file__).parent / "data" / "recorded" / "im-clean.vlog"
    out = tmp_path / "forged.vlog"
    with zipfile.ZipFile(src) as a, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as b:
        for i in a.infolist():
            b.writestr(zipfile.ZipInfo(i.filename, date_time=(2020, 1, 1, 0, 0, 0)), a.read(i))
        b.comment = SANITIZED_MARK
    flags = audit([str(out)], replay_only=True).integrity["flags"]
    assert any("a copy 'vmodgen sanitize' made" in f for f in flags)
    assert any("the savedata came from another file" in f for f in flags), flags
