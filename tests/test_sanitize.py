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
