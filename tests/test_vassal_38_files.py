"""Saves and logs written by VASSAL 3.8.0-beta1 (``golden/vassal-3.8/t38-moves.*``) read to the
positions VASSAL reported (``t38-record-report.txt``), and the later 3.8 ``VOBS`` payload
(FORMATS.md §4.2: ``VOBS``, one raw key byte, the UTF-8 bytes XORed with it) in a file written
here by that description."""
from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from vmodgen.cli import cli
from vmodgen.vassal.inspecting import inspect_save
from vmodgen.vassal.module import read_module
from vmodgen.vassal.obfuscation import VCSK, VOBS, deobfuscate
from vmodgen.vassal.replay import replay
from vmodgen.vassal.savefile import read_save
from vmodgen.vassal.traits import MovementTrail

V38 = Path(__file__).resolve().parents[1].parent / "shared" / "golden" / "vassal-3.8"
MOVED = "1795620927165"


def _need(p: Path) -> Path:
    if not p.exists():
        pytest.skip(f"{p} is absent (the read-only ../shared folder is not beside the project)")
    return p


def _report() -> tuple[dict[str, tuple], list[tuple]]:
    """VASSAL's FINAL pieces (id -> map, x, y, label, name) and STEP moves (to map, x, y, label)."""
    final, steps = {}, []
    for line in _need(V38 / "t38-record-report.txt").read_text(encoding="utf-8").splitlines():
        f = line.split("|")
        if f[0] == "FINAL":
            final[f[1]] = (f[2], int(f[3]), int(f[4]), f[5], f[6])
        elif f[0] == "STEP":
            i = next(i for i, v in enumerate(f) if v.startswith("to "))     # "to Main Map"
            steps.append((f[3], f[i][3:], int(f[i + 1]), int(f[i + 2]), f[i + 3]))
    assert len(final) == 3 and len(steps) == 4
    return final, steps


def _pieces(path: Path, module) -> dict[str, tuple]:
    out = inspect_save(path, module)
    return {p["id"]: (p["map"], p["x"], p["y"], p["hex"], p["name"]) for p in out["pieces"]}


@pytest.mark.parametrize("name", ["t38-moves.vlog", "t38-moves.vsav"])
def test_38_files_end_at_vassals_final_positions(name):
    final, _ = _report()
    module = read_module(_need(V38 / "t38.vmod"))
    save = read_save(_need(V38 / name))
    assert save.encoding == VCSK and save.vassal_version == "3.8.0-beta1"
    assert save.is_log == name.endswith(".vlog")
    assert _pieces(V38 / name, module) == final


def test_38_log_every_step_where_vassal_put_the_piece():
    """After each logged drag the piece is where VASSAL's STEP line put it, and its 3.8
    Movement Trail holds every point so far (state with 3.8's trailing count)."""
    _, steps = _report()
    module = read_module(_need(V38 / "t38.vmod"))
    rp = replay(read_save(V38 / "t38-moves.vlog"), locate=module.locate)
    assert len(rp.steps) == 4
    points = [rp.state_at(0).pieces[MOVED].position[1:]]
    for k, (pid, m, x, y, label) in enumerate(steps, start=1):
        rec = rp.state_at(k).pieces[pid]
        assert rec.position == (m, x, y) and module.locate(m, x, y) == label
        if (x, y) != points[-1]:
            points.append((x, y))
        trail = next(t for t in rec.piece.traits if isinstance(t, MovementTrail))
        assert trail.form == "3.8" and trail.points == points


def _vobs(text: str, key: int) -> bytes:
    """FORMATS.md §4.2's later 3.8 payload, written here from the description."""
    return b"VOBS" + bytes([key]) + bytes(b ^ key for b in text.encode("utf-8"))


def _as_vobs(src: Path, dst: Path, key: int) -> None:
    """A copy of a save/log zip whose ``savedGame`` is the same text in the VOBS form."""
    out = io.BytesIO()
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info.filename)
            if info.filename == "savedGame":
                data = _vobs(deobfuscate(data)[0], key)
            zout.writestr(info.filename, data)
    dst.write_bytes(out.getvalue())


@pytest.mark.parametrize("name", ["t38-moves.vlog", "t38-moves.vsav"])
@pytest.mark.parametrize("key", [1, 0xA7, 255])
def test_vobs_files_read_like_their_vcsk_originals(tmp_path, name, key):
    final, _ = _report()
    module = read_module(_need(V38 / "t38.vmod"))
    src = _need(V38 / name)
    dst = tmp_path / name
    _as_vobs(src, dst, key)
    with zipfile.ZipFile(dst) as z:
        assert z.read("savedGame")[:5] == b"VOBS" + bytes([key])
    save, original = read_save(dst), read_save(src)
    assert save.encoding == VOBS and save.key == key
    assert save.text == original.text and save.is_log == original.is_log
    assert _pieces(dst, module) == final
    res = CliRunner().invoke(cli, ["inspect", str(dst), "--module", str(V38 / "t38.vmod"), "--json"],
                             catch_exceptions=False)
    assert res.exit_code == 0 and json.loads(res.output)["encoding"] == "VOBS"


def test_vobs_non_ascii_text_is_xored_as_utf8_bytes(tmp_path):
    """The key applies to UTF-8 bytes, not characters: a chat line with é and ☃ survives."""
    text = "begin_save\x1b\x1bend_save\x1bCHAT<Bob> Déjà vu ☃"
    payload = _vobs(text, 0x5C)
    assert len(payload) == 5 + len(text.encode("utf-8"))
    assert deobfuscate(payload) == (text, VOBS, 0x5C)
