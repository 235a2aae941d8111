"""Every safety limit refuses its case through the CLI: exit 2, one line naming the file, and
the input left exactly as it was. Limits are made small by monkeypatching ``vmodgen.limits``
in-process where a genuine case would be too big for a fast test."""
from __future__ import annotations

import io
import shutil
import zipfile
from pathlib import Path

import pytest

from vmodgen import limits
from vmodgen.cli import main
from vmodgen.errors import LimitError
from vmodgen.safeio import parse_xml, safe_entry_path

MINIKIT = Path(__file__).resolve().parent / "data" / "minikit"
ESC = "\x1b"
BUILD = (b'<?xml version="1.0" encoding="UTF-8"?>\n<VASSAL.build.GameModule name="T" version="1.0" '
         b'VassalVersion="3.7.0" nextPieceSlotId="1"/>\n')
MODULEDATA = (b'<?xml version="1.0" encoding="UTF-8"?><data version="1"><version>1.0</version>'
              b'<VassalVersion>3.7.0</VassalVersion><name>T</name></data>')


def write_zip(path: Path, entries: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, body in entries.items():
            zf.writestr(name, body)
    return path


def module(path: Path, build: bytes = BUILD, **extra: bytes) -> Path:
    return write_zip(path, {"buildFile.xml": build, "moduledata": MODULEDATA, **extra})


def refused(capsys, path: Path, *args: str) -> str:
    """Run ``vmodgen <args>``; it must exit 2 with one line naming ``path``, leaving it intact."""
    before = (path.read_bytes() if path.is_file() else None, path.stat().st_mtime_ns)
    with pytest.raises(SystemExit) as info:
        main(list(args))
    out, err = capsys.readouterr()
    assert info.value.code == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("vmodgen: "), err
    assert str(path) in lines[0], err
    assert "Traceback" not in err and "internal error" not in err
    assert (path.read_bytes() if path.is_file() else None, path.stat().st_mtime_ns) == before
    return lines[0]


def test_sanity_small_module_is_read(tmp_path, capsys):
    m = module(tmp_path / "ok.vmod")
    with pytest.raises(SystemExit) as info:
        main(["inspect", str(m)])
    assert info.value.code == 0, capsys.readouterr().err


# --- zip archives -----------------------------------------------------------------------------------

def test_too_many_entries(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(limits, "MAX_ZIP_ENTRIES", 10)
    m = module(tmp_path / "many.vmod", **{f"images/x{i}.png": b"" for i in range(20)})
    msg = refused(capsys, m, "inspect", str(m))
    assert "22 entries" in msg and "limit of 10" in msg


def test_entry_expanding_past_the_limit(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(limits, "MAX_ZIP_ENTRY_BYTES", 1000)
    m = module(tmp_path / "big.vmod", build=BUILD + b"<!-- " + b"x" * 5000 + b" -->\n")
    msg = refused(capsys, m, "inspect", str(m))
    assert "buildFile.xml" in msg and "1000" in msg


def _bomb_save(path: Path) -> Path:
    """A genuine bomb: a few tens of kB that claim, truthfully, to expand to 64 MiB."""
    return write_zip(path, {"savedGame": b"\0" * (64 << 20), "savedata": MODULEDATA})


def test_compression_bomb_refused(tmp_path, capsys):
    s = _bomb_save(tmp_path / "bomb.vsav")
    assert s.stat().st_size < 1 << 20
    msg = refused(capsys, s, "inspect", str(s))
    assert "savedGame" in msg and "ratio" in msg


def test_bomb_with_a_lying_size_refused(tmp_path, capsys):
    """The same bomb, its headers claiming 1000 bytes: never expanded past the claim."""
    s = _bomb_save(tmp_path / "liar.vsav")
    data = bytearray(s.read_bytes())
    for sig, off in ((b"PK\x01\x02", 24), (b"PK\x03\x04", 22)):
        i = data.find(sig)
        data[i + off:i + off + 4] = (1000).to_bytes(4, "little")
    s.write_bytes(bytes(data))
    refused(capsys, s, "inspect", str(s))


def test_total_expansion_limited(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(limits, "MAX_ZIP_TOTAL_BYTES", 3000)
    body = "begin_save" + ESC + "x" * 2500
    s = write_zip(tmp_path / "total.vsav", {"savedGame": body.encode(), "savedata": MODULEDATA * 10})
    msg = refused(capsys, s, "inspect", str(s))
    assert "3000" in msg


@pytest.mark.parametrize("name", ["../evil.png", "images/../../evil.png", "/etc/evil", "\\evil", "C:evil",
                                  "images/a\x00b.png"])
def test_entry_names_escaping_the_folder(tmp_path, name):
    with pytest.raises(LimitError):
        safe_entry_path(tmp_path / "out", name)


@pytest.mark.parametrize("name", ["images/a.png", "a/../b.png", "help/rules.html", "x"])
def test_entry_names_inside_the_folder(tmp_path, name):
    out = tmp_path / "out"
    target = safe_entry_path(out, name)
    assert out.resolve() in target.parents


@pytest.mark.parametrize("name", ["../evil.png", "/etc/evil.png", "images/../../evil.png"])
def test_module_with_escaping_entry_refused(tmp_path, capsys, name):
    m = module(tmp_path / "escape.vmod", **{name: b"x"})
    msg = refused(capsys, m, "inspect", str(m))
    assert "escape" in msg or "absolute" in msg
    assert not (tmp_path / "evil.png").exists()


def test_long_entry_name_refused(tmp_path, capsys):
    m = module(tmp_path / "longname.vmod", **{"images/" + "x" * 2000 + ".png": b""})
    assert "longer than" in refused(capsys, m, "inspect", str(m))


# --- XML ------------------------------------------------------------------------------------------

BILLION_LAUGHS = (b'<?xml version="1.0"?>\n<!DOCTYPE lolz [\n<!ENTITY lol "lol">\n'
                  + b"".join(b'<!ENTITY lol%d "%s">\n' % (i, (b"&lol%d;" % (i - 1) if i > 1 else b"&lol;") * 10)
                             for i in range(1, 10))
                  + b"]>\n<VASSAL.build.GameModule name=\"&lol9;\"/>\n")


def test_billion_laughs_refused(tmp_path, capsys):
    m = module(tmp_path / "laughs.vmod", build=BILLION_LAUGHS)
    assert "entities" in refused(capsys, m, "inspect", str(m))


def test_external_entity_never_read(tmp_path, capsys):
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-VALUE", encoding="utf-8")
    for target in ("file:///etc/passwd", secret.as_uri()):
        xml = (b'<?xml version="1.0"?>\n<!DOCTYPE m [<!ENTITY x SYSTEM "' + target.encode() + b'">]>\n'
               b'<VASSAL.build.GameModule name="&x;" version="&x;"/>\n')
        m = module(tmp_path / "external.vmod", build=xml)
        msg = refused(capsys, m, "inspect", str(m))
        assert "TOP-SECRET" not in msg and "root:" not in msg


def test_entity_after_a_long_comment_refused():
    """Declarations are looked for in the whole text, not only its first kilobytes."""
    xml = (b'<?xml version="1.0"?>\n<!--' + b"x" * 100_000 + b'-->\n'
           b'<!DOCTYPE m [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<m>&x;</m>')
    with pytest.raises(LimitError, match="entities") as info:
        parse_xml(xml, "buildFile.xml")
    assert info.value.line == 3


def test_external_dtd_refused():
    with pytest.raises(LimitError):
        parse_xml(b'<!DOCTYPE m SYSTEM "file:///etc/passwd"><m/>', "buildFile.xml")


def test_xml_too_large(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(limits, "MAX_XML_BYTES", 500)
    m = module(tmp_path / "bigxml.vmod", build=BUILD + b"<!--" + b"y" * 600 + b"-->")
    assert "limit of 500" in refused(capsys, m, "inspect", str(m))


def test_xml_nested_too_deeply(tmp_path, capsys):
    deep = BUILD.replace(b"/>", b">") + b"<a>" * 5000 + b"</a>" * 5000 + b"</VASSAL.build.GameModule>"
    m = module(tmp_path / "deep.vmod", build=deep)
    assert "nested" in refused(capsys, m, "inspect", str(m))


# --- saves and logs ----------------------------------------------------------------------------------

def _nested(depth: int) -> str:
    from vmodgen.vassal.codec import encode
    text = "leaf"
    for i in range(depth):
        text = encode([f"n{i}", text], ESC)
    return text


def test_commands_nested_too_deeply(tmp_path, capsys):
    s = tmp_path / "deep.vlog"
    s.write_text("begin_save" + ESC + _nested(limits.MAX_COMMAND_DEPTH + 5), encoding="utf-8")
    assert "nested deeper" in refused(capsys, s, "inspect", str(s))


def test_one_command_longer_than_the_line_limit(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(limits, "MAX_LINE_BYTES", 1 << 20)
    s = tmp_path / "longline.vlog"
    s.write_text("begin_save" + ESC + "CHAT" + "z" * (2 << 20) + ESC + "end_save", encoding="utf-8")
    refused(capsys, s, "inspect", str(s))


def test_saved_game_text_limited(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(limits, "MAX_SAVEDGAME_BYTES", 10_000)
    s = write_zip(tmp_path / "long.vsav", {"savedGame": ("begin_save" + ESC + "CHAThi" * 2000).encode()})
    assert "10000" in refused(capsys, s, "inspect", str(s)).replace(",", "")


# --- data files (validate) --------------------------------------------------------------------------------

@pytest.fixture
def kit(tmp_path) -> Path:
    dst = tmp_path / "kit"
    shutil.copytree(MINIKIT, dst)
    return dst


def test_roster_field_longer_than_the_limit(kit, capsys):
    roster = kit / "roster.csv"
    roster.write_text(roster.read_text(encoding="utf-8").replace("Blue HQ", "Blue HQ" + "q" * limits.MAX_FIELD_CHARS),
                      encoding="utf-8")
    msg = refused(capsys, roster, "validate", str(kit))
    assert f"{roster}:5:" in msg and f"longer than {limits.MAX_FIELD_CHARS}" in msg


def test_toml_text_longer_than_the_limit(kit, capsys):
    game = kit / "game.toml"
    game.write_text(game.read_text(encoding="utf-8").replace('"test game"', '"' + "t" * 10_001 + '"'),
                    encoding="utf-8")
    msg = refused(capsys, game, "validate", str(kit))
    assert f"{game}:5:" in msg and "longer than" in msg


def test_100_mb_single_line(kit, capsys):
    roster = kit / "roster.csv"
    with open(roster, "ab") as fh:
        fh.write(b"R9," + b"9" * (100 << 20))
    msg = refused(capsys, roster, "validate", str(kit))
    assert "more than the limit" in msg


def test_roster_rows_limited(kit, capsys, monkeypatch):
    monkeypatch.setattr(limits, "MAX_ROWS", 3)       # the terrain table has 3 rows, the roster 5
    roster = kit / "roster.csv"
    assert f"{roster}:5: more than 3 rows" in refused(capsys, roster, "validate", str(kit))


def test_terrain_rows_limited(kit, capsys, monkeypatch):
    monkeypatch.setattr(limits, "MAX_ROWS", 2)
    terrain = kit / "main.csv"
    assert f"{terrain}:4: more than 2 rows" in refused(capsys, terrain, "validate", str(kit))


def test_toml_nested_too_deeply(kit, capsys):
    game = kit / "game.toml"
    with open(game, "a", encoding="utf-8") as fh:
        fh.write("\nz = " + "[" * 50_000 + "]" * 50_000 + "\n")
    assert "nested too deeply" in refused(capsys, game, "validate", str(kit))


def test_map_hexes_limited(kit, capsys, monkeypatch):
    monkeypatch.setattr(limits, "MAX_MAP_HEXES", 10)
    assert "limit of 10" in refused(capsys, kit / "map.toml", "validate", str(kit))


def test_data_file_size_limited(kit, capsys, monkeypatch):
    monkeypatch.setattr(limits, "MAX_DATA_FILE_BYTES", 100)
    assert "limit of 100" in refused(capsys, kit / "game.toml", "validate", str(kit))
