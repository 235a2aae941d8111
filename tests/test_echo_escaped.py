"""Text from a module, save or position file that a command echoes on the terminal is escaped
(:func:`vmodgen.errors.printable`): a name holding a line break, a bidirectional override
(U+202E, read backwards) or a C1 control (``\\x9b``, a terminal's CSI) cannot forge a line or
drive the terminal. Before, ``oob``'s "partial:" line, ``bind``'s "inferred:" lines and
``inspect``'s tables echoed them raw."""
from __future__ import annotations

import zipfile

import pytest
from tiny_module_util import write_module

from vmodgen.binding.tomltext import one_line
from vmodgen.cli import main
from vmodgen.vassal.codec import encode
from vmodgen.vassal.savefile import Metadata, save_bytes

HOSTILE = "a\nforged: line \u202eX\x9b1m"
SHOWN = "a\\nforged: line \\u202eX\\x9b1m"


def run(capsys, *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as info:
        main(list(args))
    out, err = capsys.readouterr()
    return info.value.code, out, err


def clean(text: str) -> bool:
    return not any(c in text for c in "\u202e\x9b") and "\nforged" not in text


def test_oob_partial_line_escapes_the_image_name(tmp_path, capsys):
    from xml.sax.saxutils import escape
    slot = encode(["+", "null", encode(["piece", "", "", HOSTILE + ".png", "A"], ";"),
                   encode(["null", "0", "0", "1", "0"], ";")], "/")
    mod = tmp_path / "m.vmod"
    with zipfile.ZipFile(mod, "w") as zf:        # the image is not in the module: "partial"
        zf.writestr("buildFile.xml", '<?xml version="1.0"?><VASSAL.build.GameModule name="T" version="1" '
                    'VassalVersion="3.7.0"><VASSAL.build.module.PieceWindow name="P"><VASSAL.build.widget.PieceSlot '
                    f'entryName="A" gpid="1" height="10" width="10">{escape(slot)}</VASSAL.build.widget.PieceSlot>'
                    '</VASSAL.build.module.PieceWindow></VASSAL.build.GameModule>')
    code, out, _ = run(capsys, "oob", str(mod), "-f", "html", "-o", str(tmp_path / "o.html"))
    assert code == 0 and len(out.splitlines()) == 1 and clean(out), out
    assert f"is not in the module ({SHOWN}.png)" in out
    code, _, err = run(capsys, "oob", str(mod), "-f", "md", "-o", "-")
    assert code == 0 and len(err.splitlines()) == 1 and clean(err) and SHOWN in err, err


def test_bind_inferred_lines_escape_the_module_names(tmp_path, capsys):
    # the player roster's sides: "inferred: sides from the player roster: ..."
    mod = write_module(tmp_path / "r.vmod", (
        '<?xml version="1.0" encoding="UTF-8"?><VASSAL.build.GameModule name="T" version="1" VassalVersion="3.7.0">'
        "<VASSAL.build.module.PlayerRoster><entry>Axis\u202e</entry><entry>Al\x9blies</entry>"
        '</VASSAL.build.module.PlayerRoster><VASSAL.build.module.Map mapName="Main">'
        '<VASSAL.build.module.map.BoardPicker><VASSAL.build.module.map.boardPicker.Board image="map.png" name="B"/>'
        "</VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map></VASSAL.build.GameModule>"))
    code, _, err = run(capsys, "bind", str(mod), "--rules", "generic", "-o", str(tmp_path / "b.toml"))
    assert code == 0 and clean(err), err
    assert "inferred: sides from the player roster: Axis\\u202e, Al\\x9blies" in err.splitlines()
    # the starter's comments name them escaped the same way (one rule for both)
    assert one_line("Axis\u202e\n") == "Axis\\u202e\\n"


def test_inspect_table_escapes_the_piece_names(tmp_path, capsys):
    piece = encode(["+", "7", encode(["piece", "", "", "c.png", HOSTILE], ";"), "Map;10;20;;0"], "/")
    save = tmp_path / "s.vsav"
    save.write_bytes(save_bytes("\x1b".join(["begin_save", "", piece, "end_save"]),
                                savedata=Metadata(vassal_version="3.7.26"),
                                moduledata=Metadata(name="M", version="1", vassal_version="3.7.26")))
    code, out, _ = run(capsys, "inspect", str(save))
    assert code == 0 and clean(out), out
    (row,) = [ln for ln in out.splitlines() if ln.startswith("7 ")]
    assert SHOWN[:40] in row
