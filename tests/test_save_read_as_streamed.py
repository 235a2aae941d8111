"""A save or log whose ``savedGame`` VASSAL would read from another place than vmodgen.

VASSAL 3.7.26 and 3.8.0-beta1 read a save's game with a ``ZipInputStream``
(``GameState.decodeSavedGame``): the local entry headers in file order from the first byte, the
first ``savedGame`` taken. vmodgen (Python's ``zipfile``) reads the entry the zip's directory
lists. An entry left out of the directory but placed before the listed one is the game VASSAL
loads; bytes before the first entry make VASSAL find no entry at all. Either is refused: one
line on stderr naming the file, exit 2, nothing written, the input untouched."""
from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest

from vmodgen.cli import main

ROOT = Path(__file__).resolve().parents[1]
LOG = ROOT / "tests" / "data" / "recorded" / "na41-clean.vlog"
CORPUS = ROOT.parent / "shared" / "corpus"


def local_entries(name: str, data: bytes) -> bytes:
    """A zip's entries (local headers and data) without its directory: one entry ``name``."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(name, data)
    whole = buf.getvalue()
    return whole[:whole.rindex(b"PK\x01\x02")]


def one_error(capsys, *args: str) -> str:
    with pytest.raises(SystemExit) as info:
        main(list(args))
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert info.value.code == 2, err
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


COMMANDS = [("inspect",), ("integrity",), ("sanitize", "-o", "{tmp}/out.vlog")]


@pytest.mark.parametrize("command", COMMANDS)
def test_a_saved_game_hidden_before_the_listed_one_is_refused(tmp_path, capsys, command):
    # the hidden copy is another game: VASSAL would load it, vmodgen the listed one
    bad = tmp_path / "hidden.vlog"
    bad.write_bytes(local_entries("savedGame", b"begin_save\x1b\x1bend_save") + LOG.read_bytes())
    before = bad.read_bytes()
    args = [a.format(tmp=tmp_path) for a in command]
    msg = one_error(capsys, args[0], str(bad), *args[1:])
    assert msg.startswith(f"vmodgen: {bad}: ") and "'savedGame' at byte 0 is missing from the zip's directory" in msg
    assert bad.read_bytes() == before and not (tmp_path / "out.vlog").exists()


def test_bytes_before_the_first_entry_are_refused(tmp_path, capsys):
    # Python's zipfile skips a prefix (a self-extractor's); VASSAL's stream stops at it (a file
    # not starting with "PK" is no zip to vmodgen's reader anyway)
    bad = tmp_path / "prefixed.vlog"
    prefix = b"PKSFX stub, no entry\n"
    bad.write_bytes(prefix + LOG.read_bytes())
    msg = one_error(capsys, "inspect", str(bad))
    assert f"{len(prefix)} bytes precede the zip entry 'savedGame' and start no zip entry" in msg


def test_an_unlisted_entry_of_another_name_before_it_is_read_as_vassal_reads_it(tmp_path, capsys):
    # VASSAL's stream passes over it and reads the listed savedGame: the same game
    odd = tmp_path / "odd.vlog"
    odd.write_bytes(local_entries("notes.txt", b"savedGame") + LOG.read_bytes())
    outs = []
    for path in (LOG, odd):
        with pytest.raises(SystemExit) as info:
            main(["inspect", str(path), "--json"])
        captured = capsys.readouterr()
        assert info.value.code == 0, captured.err
        outs.append(json.loads(captured.out)["pieces"])
    assert outs[1] == outs[0] and outs[0]


def test_a_saved_game_listed_after_the_metadata_is_read(tmp_path, capsys):
    # entries in another order: each listed, no copy hidden, VASSAL's stream finds the same one
    moved = tmp_path / "moved.vlog"
    with zipfile.ZipFile(LOG) as src, zipfile.ZipFile(moved, "w", zipfile.ZIP_DEFLATED) as out:
        for info in sorted(src.infolist(), key=lambda i: i.filename != "savedata"):
            out.writestr(info, src.read(info))
    with pytest.raises(SystemExit) as info:
        main(["inspect", str(moved)])
    assert info.value.code == 0, capsys.readouterr().err


def test_kassalas_game_hidden_in_front_of_a_vasl_save(tmp_path, capsys):
    """The review's case: the ``savedGame`` entry of ``kassala_Default_Setup.vsav`` (local
    header, data and data descriptor) put in front of ``vasltpl_basic.vsav``: vmodgen showed the
    VASL game and exited 0, VASSAL would load Kassala's."""
    kassala, vasl = CORPUS / "kassala_Default_Setup.vsav", CORPUS / "vasltpl_basic.vsav"
    if not (kassala.is_file() and vasl.is_file()):
        pytest.skip("../shared/corpus is not here")
    with zipfile.ZipFile(kassala) as z:
        end = z.getinfo("savedata").header_offset     # savedGame is its first entry
    bad = tmp_path / "both.vsav"
    bad.write_bytes(kassala.read_bytes()[:end] + vasl.read_bytes())
    assert "missing from the zip's directory" in one_error(capsys, "inspect", str(bad))
