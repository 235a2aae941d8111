"""A kit position that writes a feature printed on the map (a port, an airfield) as a hex marker:
refused (exit 2, the file and line named), with the hint to write it in ``features``; a name
that is neither the kit's marker nor its feature gets no such hint."""
from __future__ import annotations

from pathlib import Path

from cli_util import one_error, run

HEAD = {"north-africa-41": 'turn = 3\nphase = "Impulse 1: Axis Supply Phase"\n',
        "operation-mercury": 'turn = 4\nphase = "german-bombardment"\n'}


def _file(tmp_path: Path, game: str, hexid: str, key: str, name: str) -> str:
    f = tmp_path / f"{game}-{key}-{name}.toml"
    f.write_text(f'[position]\ngame = "{game}"\n{HEAD[game]}\n[[hexes]]\nhex = "{hexid}"\n{key} = ["{name}"]\n',
                 encoding="utf-8")
    return str(f)


def test_a_printed_feature_written_as_a_marker_is_refused_with_the_key_to_use(tmp_path, capsys):
    for game, hexid, name in (("north-africa-41", "2436", "port"), ("operation-mercury", "W4415", "airfield")):
        f = _file(tmp_path, game, hexid, "markers", name)
        line = one_error(capsys, "check", f)
        assert f"{f}:" in line and f"unknown marker '{name}'" in line, line
        assert f'write it in features = ["{name}"]' in line, line
        code, out, _ = run(capsys, "check", _file(tmp_path, game, hexid, "features", name))
        assert code == 0 and "legal" in out, out
    line = one_error(capsys, "check", _file(tmp_path, "operation-mercury", "W4415", "markers", "fort"))
    assert "unknown marker 'fort'" in line and "features" not in line, line
