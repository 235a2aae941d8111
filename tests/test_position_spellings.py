"""Positions written the way a stranger spells things: a phase as the sequence of play prints it
is read as its id; a unit by its printed name, a hex without its map sheet's prefix and a box by
its printed name are refused (one error line, exit 2) with the id meant."""
from __future__ import annotations

from pathlib import Path

from cli_util import one_error, run

HEAD = '[position]\ngame = "operation-mercury"\nturn = 8\n'


def write(tmp_path: Path, body: str) -> str:
    f = tmp_path / "p.toml"
    f.write_text(HEAD + body, encoding="utf-8")
    return str(f)


def test_phase_by_its_printed_name(tmp_path, capsys):
    """'German Movement Phase' (any case, any spacing) is the phase german-movement: the move of
    an Allied unit in it is judged there (OM 4.0); a name shared by several phases is refused with
    each of them."""
    unit = '\n[[units]]\nunit = "A-B-23-NZ"\nhex = "W3016"\nprevious = "W3015"\n'
    code, out, _ = run(capsys, "check", write(tmp_path, 'phase = "german  MOVEMENT phase"\n' + unit))
    assert code == 1 and "[OM 4.0] (turn 8, german-movement)" in out
    code, out, _ = run(capsys, "check", write(tmp_path, 'phase = "Allied Movement Phase"\n' + unit))
    assert code == 0 and "legal" in out
    line = one_error(capsys, "check", write(tmp_path, 'phase = "Movement Phase"\n' + unit))
    assert "p.toml:4:" in line and "'german-movement' (German Movement Phase)" in line
    assert "'allied-movement' (Allied Movement Phase)" in line
    line = one_error(capsys, "check", write(tmp_path, 'phase = "Lunch Phase"\n' + unit))
    assert "unknown phase 'Lunch Phase' (phases of this game: recovery," in line


def test_unit_hex_and_box_by_printed_names(tmp_path, capsys):
    line = one_error(capsys, "check", write(tmp_path, '\n[[units]]\nunit = "Koch"\nhex = "W4314"\n'))
    assert "p.toml:6:" in line and "did you mean 'G-Koch' (Koch)?" in line
    line = one_error(capsys, "check", write(tmp_path, '\n[[units]]\nunit = "G-Koch"\nhex = "4314"\n'))
    assert "p.toml:7:" in line and "did you mean W4314?" in line
    line = one_error(capsys, "check", write(tmp_path, '\n[[units]]\nunit = "G-Koch"\nhex = "W4314"\nprevious = "4313"\n'))
    assert "p.toml:8:" in line and "did you mean W4313?" in line
    line = one_error(capsys, "check", write(tmp_path, '\n[[units]]\nunit = "G-Koch"\nhex = "Sitia"\n'))
    assert "did you mean 'offmap-sitia'" in line
    line = one_error(capsys, "check", write(tmp_path, '\n[[units]]\nunit = "G-Koch"\nhex = "Nowhere"\n'))
    assert line.endswith("'Nowhere' is neither a hex of the map nor a box")
