"""Issue 22, outputs: a hostile name never becomes a path outside the output, a spreadsheet
never runs a cell, Markdown never carries raw HTML, a full disk leaves nothing behind, and
caches stay out of the current folder and the kit."""
from __future__ import annotations

import csv
import errno
import io
import os
import shutil
import zipfile
from pathlib import Path

import pytest

from vmodgen.cli import main

ROOT = Path(__file__).resolve().parents[1]
MINIKIT = ROOT / "tests" / "data" / "minikit"
PNG = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000"
                    "1f15c4890000000d49444154789c6360000002000100e221bc330000000049454e44ae426082")


def hostile_module(path: Path, gpid: str, name: str = "A", prop: str = "v") -> Path:
    """A module with one palette piece whose gpid, name and Marker value are ``gpid``, ``name``
    and ``prop``."""
    from xml.sax.saxutils import escape, quoteattr

    from vmodgen.vassal.chains import join_chain
    from vmodgen.vassal.codec import encode
    slot = encode(["+", "null", join_chain(["mark;Note", encode(["piece", "", "", "a.png", name], ";")]),
                   join_chain([prop, encode(["null", "0", "0", gpid, "0"], ";")])], "/")
    build = ('<?xml version="1.0" encoding="UTF-8"?>\n<VASSAL.build.GameModule name="T" version="1" '
             'VassalVersion="3.7.0" nextPieceSlotId="2"><VASSAL.build.module.PieceWindow name="P">'
             f'<VASSAL.build.widget.PieceSlot entryName={quoteattr(name)} gpid={quoteattr(gpid)} '
             f'height="10" width="10">{escape(slot)}</VASSAL.build.widget.PieceSlot>'
             '</VASSAL.build.module.PieceWindow></VASSAL.build.GameModule>\n')
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("buildFile.xml", build)
        zf.writestr("moduledata", '<?xml version="1.0"?><data version="1"><version>1</version>'
                                  '<VassalVersion>3.7.0</VassalVersion><name>T</name></data>')
        zf.writestr("images/a.png", PNG)
    return path


def run(capsys, *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as info:
        main(list(args))
    out, err = capsys.readouterr()
    return info.value.code, out, err


def files_under(folder: Path) -> set[Path]:
    return {p for p in folder.rglob("*")}


# --- 1. names from inputs never become paths outside the output --------------------------------------
def test_oob_md_gpid_cannot_write_outside_its_folder(tmp_path, capsys, monkeypatch):
    victim = tmp_path / "victim"
    victim.mkdir()
    out = tmp_path / "out"
    out.mkdir()
    mod = hostile_module(tmp_path / "m.vmod", f"x/../../../../{victim}/NAME")
    monkeypatch.chdir(out)
    code, _, err = run(capsys, "oob", str(mod), "-f", "md", "-o", str(out / "o.md"))
    assert code == 0, err
    assert not list(victim.iterdir())                       # nothing written where the gpid points
    images = [p for p in files_under(out) if p.is_file() and p.suffix == ".png"]
    assert images and all(p.parent == out / "o_images" for p in images)
    assert all("/" not in p.name and ".." not in p.name for p in images)
    text = (out / "o.md").read_text(encoding="utf-8")
    assert "](o_images/" in text and "../" not in text


def test_safe_file_names_keep_distinct_pieces_apart(tmp_path):
    from vmodgen.oob import module_oob, to_markdown
    from vmodgen.vassal.module import read_module
    mod = hostile_module(tmp_path / "m.vmod", "a/b")
    oob = module_oob(read_module(mod), mod)
    oob.pieces.append(oob.pieces[0].__class__("B", "a_b", ["a.png"], [PNG], {}, ()))
    _, images = to_markdown(oob, None, ".")
    assert len(images) == 2 and all("/" not in n for n in images)


# --- 4. injection -------------------------------------------------------------------------------------
@pytest.mark.parametrize("cell", ["=cmd|' /C calc'!A0", "@SUM(A1:A9)", "+1+2", "-2+3", "\t=1", "\r=1"])
def test_csv_cell_a_spreadsheet_would_run_gets_a_quote(cell):
    from vmodgen.oob.formats import csv_cell
    assert csv_cell(cell) == "'" + cell


@pytest.mark.parametrize("cell", ["-2", "+3", "1.5", "Panzer", "", "3-4-5"])
def test_csv_cell_numbers_and_text_are_kept(cell):
    from vmodgen.oob.formats import csv_cell
    assert csv_cell(cell) == cell


def test_oob_csv_neutralises_formulas_from_a_module(tmp_path, capsys):
    mod = hostile_module(tmp_path / "m.vmod", "1", name="=cmd|' /C calc'!A0", prop="@SUM(1+1)*cmd|' -C calc'!A0")
    code, out, err = run(capsys, "oob", str(mod), "-f", "csv", "-o", "-")
    assert code == 0, err
    rows = list(csv.reader(io.StringIO(out, newline="")))
    cells = [c for row in rows for c in row]
    assert "'=cmd|' /C calc'!A0" in cells and "'@SUM(1+1)*cmd|' -C calc'!A0" in cells
    assert not any(c.startswith(("=", "@", "+", "\t", "\r")) for c in cells)


def test_oob_md_escapes_html_from_a_module(tmp_path, capsys):
    mod = hostile_module(tmp_path / "m.vmod", "1", name="<img src=x onerror=alert(1)>", prop="<script>x</script>")
    code, out, err = run(capsys, "oob", str(mod), "-f", "md", "-o", "-")
    assert code == 0, err
    assert "<img" not in out and "<script" not in out
    assert "&lt;img src=x onerror=alert(1)&gt;" in out


def test_md_text_is_one_line_without_markup():
    from vmodgen.oob.formats import md_text
    assert md_text("a|b\nc <b>") == "a\\|b c &lt;b&gt;"
    assert md_text("[x](javascript:1)") == "\\[x\\](javascript:1)"


# --- 6. caches and a full disk ------------------------------------------------------------------------
def test_oob_writes_nothing_in_the_current_folder(tmp_path, capsys, monkeypatch):
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    elsewhere = tmp_path / "elsewhere"
    kit = tmp_path / "kit"
    shutil.copytree(MINIKIT, kit)
    before = files_under(kit)
    monkeypatch.chdir(cwd)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "usercache"))
    monkeypatch.delenv("VMODGEN_CACHE", raising=False)
    for fmt in ("csv", "html"):
        code, _, err = run(capsys, "oob", str(kit), "-f", fmt, "-o", str(elsewhere / f"o.{fmt}"))
        assert code == 0, err
    assert list(cwd.iterdir()) == []
    assert files_under(kit) == before
    assert sorted(p.name for p in elsewhere.iterdir()) == ["o.csv", "o.html"]
    assert (tmp_path / "usercache" / "vmodgen" / "counters").is_dir()


def test_build_into_the_kit_keeps_its_cache_out_of_the_kit(tmp_path, capsys, monkeypatch):
    kit = tmp_path / "kit"
    shutil.copytree(MINIKIT, kit)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "usercache"))
    monkeypatch.delenv("VMODGEN_CACHE", raising=False)
    before = files_under(kit)
    code, _, err = run(capsys, "build", str(kit), "-o", str(kit))
    assert code == 0, err
    new = files_under(kit) - before
    # the module asked for and its print sheets (A4, Letter), no .cache
    assert sorted(p.suffix for p in new) == [".pdf", ".pdf", ".vmod"], new
    assert not (tmp_path / "build").exists()


def test_oob_md_on_a_full_disk_leaves_no_images_folder(tmp_path, capsys, monkeypatch):
    mod = hostile_module(tmp_path / "m.vmod", "1")
    real = os.fdopen
    calls = []

    class Full(io.RawIOBase):
        def __init__(self, fh):
            self.fh = fh

        def write(self, data):
            raise OSError(errno.ENOSPC, "No space left on device")

        def close(self):
            self.fh.close()

        def __enter__(self):
            return self

        def __exit__(self, *a):
            self.close()

    def fdopen(fd, *a, **k):
        calls.append(fd)
        fh = real(fd, *a, **k)
        return fh if len(calls) == 1 else Full(fh)        # the first image fits, then the disk is full
    monkeypatch.setattr(os, "fdopen", fdopen)
    target = tmp_path / "o.md"
    code, _, err = run(capsys, "oob", str(mod), "-f", "md", "-o", str(target))
    assert code == 2
    assert err.strip().splitlines() == [f"vmodgen: {target}: cannot be written (No space left on device)"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.vmod"]


def _palette_module(path: Path, folder: str, prop_key: str = "Side", layer: str = "Flip") -> Path:
    """A module whose palette folder (one of two), Marker property name and layer name are hostile."""
    from xml.sax.saxutils import escape, quoteattr

    from vmodgen.vassal.chains import join_chain
    from vmodgen.vassal.codec import encode

    def slot(i: int, side: str) -> str:
        t = join_chain([encode(["mark", prop_key], ";"), encode(["piece", "", "", "a.png", f"U{i}"], ";")])
        st = join_chain([side, encode(["null", "0", "0", str(i), "0"], ";")])
        d = encode(["+", "null", t, st], "/")
        return (f'<VASSAL.build.widget.PieceSlot entryName="U{i}" gpid="{i}" height="1" width="1">'
                f'{escape(d)}</VASSAL.build.widget.PieceSlot>')
    attr = quoteattr(folder).replace("\n", "&#10;")
    build = ('<?xml version="1.0"?><VASSAL.build.GameModule name="T" version="1" VassalVersion="3.7.0">'
             '<VASSAL.build.module.PlayerRoster><entry>Red</entry><entry>Blue</entry></VASSAL.build.module.PlayerRoster>'
             '<VASSAL.build.module.PieceWindow name="Pieces"><VASSAL.build.widget.TabWidget entryName="Pieces">'
             f'<VASSAL.build.widget.ListWidget entryName={attr}>{slot(1, "x")}{slot(2, "x")}</VASSAL.build.widget.ListWidget>'
             f'<VASSAL.build.widget.ListWidget entryName="Blue">{slot(3, "Blue")}{slot(4, "Blue")}</VASSAL.build.widget.ListWidget>'
             '</VASSAL.build.widget.TabWidget></VASSAL.build.module.PieceWindow></VASSAL.build.GameModule>')
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("buildFile.xml", build)
        zf.writestr("moduledata", '<?xml version="1.0"?><data version="1"><version>1</version>'
                                  '<VassalVersion>3.7.0</VassalVersion><name>T</name></data>')
    return path


INJECT = 'Red\n[[class]]\nname = "all"\nfolder = ".*"\nside = "red"\n#'


def test_bind_starter_cannot_be_injected_by_a_folder_name(tmp_path, capsys):
    import tomllib
    mod = _palette_module(tmp_path / "m.vmod", INJECT, prop_key='Side" = "x" }\n[[class]]\nx = {a')
    out = tmp_path / "b.toml"
    code, _, err = run(capsys, "bind", str(mod), "--rules", "generic", "-o", str(out))
    assert code == 0, err
    text = out.read_text(encoding="utf-8")
    data = tomllib.loads(text)
    assert all(c.get("folder") != ".*" for c in data.get("class", []))
    assert not any(line.startswith('folder = ".*"') for line in text.splitlines())
    assert all(line.startswith(("inferred: ", "not inferred: ")) for line in err.strip().splitlines())


def test_toml_writer_escapes_control_characters():
    import tomllib

    from vmodgen.binding.starter import one_line, q, toml_key
    for s in ["a\nb", "x\\d'", "x\\d\r", "\x00", "tab\there", "\u2028"]:
        assert tomllib.loads(f"k = {q(s)}")["k"] == s
        assert tomllib.loads(f"{toml_key(s)} = 1") == {s: 1}
        assert "\n" not in one_line(s) and "\r" not in one_line(s)


def test_output_onto_a_device_or_folder_is_refused_not_replaced(tmp_path, capsys):
    """`oob -o /dev/null` used to rename its file over the device (root could replace /dev/null)."""
    from vmodgen.errors import InputError
    from vmodgen.safeio import write_text_atomic
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for target in (fifo, tmp_path):
        with pytest.raises(InputError, match="not a regular file"):
            write_text_atomic(target, "x")
    assert fifo.exists() and not fifo.is_file()
    code, _, err = run(capsys, "oob", str(MINIKIT), "-f", "csv", "-o", str(fifo))
    assert code == 2 and "not a regular file" in err and not fifo.is_file()


def test_build_names_its_entries_safely_from_a_hostile_unit_id(tmp_path, capsys, monkeypatch):
    """A roster unit id such as ``../../../tmp/x`` becomes a plain image name inside the module."""
    kit = tmp_path / "kit"
    shutil.copytree(MINIKIT, kit)
    roster = kit / "roster.csv"
    lines = roster.read_text(encoding="utf-8").splitlines()
    old_id = lines[1].split(",")[lines[0].split(",").index("id")]
    hostile = "../../../tmp/x"
    text = "\n".join(lines) + "\n"
    roster.write_text(text.replace(old_id, hostile), encoding="utf-8")
    for f in kit.glob("*.toml"):
        f.write_text(f.read_text(encoding="utf-8").replace(f'"{old_id}"', f'"{hostile}"'), encoding="utf-8")
    monkeypatch.setenv("VMODGEN_CACHE", str(tmp_path / "cache"))
    code, out, err = run(capsys, "build", str(kit), "-o", str(tmp_path / "out"))
    assert code == 0, err
    with zipfile.ZipFile(tmp_path / "out" / "minikit.vmod") as zf:
        names = zf.namelist()
    assert names and not any(".." in n.split("/") or n.startswith("/") for n in names)
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [".cache", "minikit-counters-letter.pdf",
                                                                     "minikit-counters.pdf", "minikit.vmod"]


def test_output_onto_a_read_only_file_or_folder_is_refused(tmp_path, capsys):
    """Even as root (a rename ignores modes): `oob -o` replaced a read-only corpus file."""
    from vmodgen.errors import InputError
    from vmodgen.safeio import write_text_atomic
    ro = tmp_path / "ro.txt"
    ro.write_text("keep")
    ro.chmod(0o444)
    folder = tmp_path / "ro_dir"
    folder.mkdir()
    try:
        folder.chmod(0o555)
        with pytest.raises(InputError, match="read-only"):
            write_text_atomic(ro, "x")
        with pytest.raises(InputError, match="read-only folder"):
            write_text_atomic(folder / "new.txt", "x")
        code, _, err = run(capsys, "oob", str(MINIKIT), "-f", "csv", "-o", str(ro))
        assert code == 2 and "read-only" in err
        assert ro.read_text() == "keep" and list(folder.iterdir()) == []
    finally:
        folder.chmod(0o755)
