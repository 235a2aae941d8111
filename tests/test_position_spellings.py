"""The position reader takes the spellings a rulebook reader would use (docs/position-format.md): a
phase by its full name in the sequence of play, a roster unit by its printed name when one unit
bears it, sides, terrain, statuses, types and nationalities in any capitals with spaces or '-' for
'_', and a box by its printed name. What stays ambiguous is refused with one line naming the file
and the choices."""
from __future__ import annotations

import pytest

from cli_util import one_error, run
from vmodgen.errors import InputError
from vmodgen.rules.position_file import load_position

HEAD = '[position]\ngame = "north-africa-41"\nturn = 4\n'


def load(tmp_path, body: str):
    f = tmp_path / "p.toml"
    f.write_text(HEAD + body, encoding="utf-8")
    return load_position(f)


def test_phase_by_full_name_and_unit_by_printed_name(tmp_path):
    pos = load(tmp_path, 'phase = "impulse 2: allied movement phase"\n\n[[units]]\nunit = "6 RTR"\nhex = "2021"\n')
    assert pos.phase == "i2-allied-movement" and pos.side == "allied"
    assert [u.unit.id for u in pos.units] == ["6RTR"]


def test_phase_name_shared_by_three_impulses_is_refused(tmp_path):
    with pytest.raises(InputError) as e:
        load(tmp_path, 'phase = "Allied Movement Phase"\n')
    assert "i1-allied-movement, i2-allied-movement, i3-allied-movement" in str(e.value)


def test_printed_name_of_two_units_is_refused_with_their_ids(tmp_path):
    with pytest.raises(InputError) as e:
        load(tmp_path, '\n[[units]]\nunit = "Truck 1"\nhex = "2021"\n')
    assert "AlliedTruck1" in str(e.value) and "AxisTruck1" in str(e.value)


def test_capitals_spaces_and_box_names(tmp_path):
    pos = load(tmp_path, 'side = "Axis"\n\n[[hexes]]\nhex = "2021"\nterrain = "Clear"\nmarkers = ["fortification"]\n'
                         'owner = "Axis"\ncontrol = "Allied"\n\n[[units]]\nid = "X1"\nside = "Axis"\ntype = "Infantry"\n'
                         'nationality = "Italian"\nhex = "Tripoli"\nprevious = "1401"\npath = ["1401", "TRIPOLI"]\n'
                         'status = ["Full Retreat", "Disrupted"]\nvalues = {movement = 3}\n\n'
                         '[[units]]\nunit = "DAK HQ"\nhex = "Nile Delta"\n')
    x1, hq = pos.units
    assert pos.side == "axis" and pos.control["2021"] == "allied" and pos.hex_markers["2021"] == {"fortification": "axis"}
    assert x1.unit.side == "axis" and x1.unit.type == "infantry" and x1.unit.nationality == "italian"
    assert x1.hex == "tripoli" and x1.path == ("1401", "tripoli") and x1.has("full_retreat") and x1.has("disrupted")
    assert hq.hex == "nile-delta" and pos.map.info("2021").terrain == "clear"


def test_a_status_by_its_markers_printed_name(tmp_path):
    pos = load(tmp_path, '\n[[units]]\nunit = "DAKHQ"\nhex = "2021"\nstatus = ["Out of Supply"]\n')
    assert pos.units[0].has("oos")


def test_a_name_no_spelling_reaches_is_still_refused(tmp_path):
    with pytest.raises(InputError) as e:
        load(tmp_path, '\n[[units]]\nunit = "DAKHQ"\nhex = "2021"\nstatus = ["Out of Fuel"]\n')
    assert "unknown status 'Out of Fuel'" in str(e.value)


OM = '[position]\ngame = "operation-mercury"\nturn = 8\n'


def write_om(tmp_path, body: str) -> str:
    f = tmp_path / "om.toml"
    f.write_text(OM + body, encoding="utf-8")
    return str(f)


def test_om_phase_by_its_printed_name(tmp_path, capsys):
    """'German Movement Phase' (any case, any spacing) is the phase german-movement: the move of
    an Allied unit in it is judged there (OM 4.0); a name several phases end with is refused with
    each of them."""
    unit = '\n[[units]]\nunit = "A-B-23-NZ"\nhex = "W3016"\nprevious = "W3015"\n'
    code, out, _ = run(capsys, "check", write_om(tmp_path, 'phase = "german  MOVEMENT phase"\n' + unit))
    assert code == 1 and "[OM 4.0] (turn 8, german-movement)" in out
    code, out, _ = run(capsys, "check", write_om(tmp_path, 'phase = "Allied Movement Phase"\n' + unit))
    assert code == 0 and "legal" in out
    line = one_error(capsys, "check", write_om(tmp_path, 'phase = "Movement Phase"\n' + unit))
    assert "om.toml:4:" in line and "german-movement" in line and "allied-movement" in line
    line = one_error(capsys, "check", write_om(tmp_path, 'phase = "Lunch Phase"\n' + unit))
    assert "unknown phase 'Lunch Phase' (phases of this game: recovery," in line


def test_om_unit_and_box_by_printed_names_hex_without_its_sheet(tmp_path, capsys):
    """A counter's printed name and a box's printed name are read as their ids; a hex number
    printed without its map sheet's prefix is refused with the hex meant."""
    pos = load_position(write_om(tmp_path, '\n[[units]]\nunit = "Koch"\nhex = "Sitia"\n'))
    assert pos.units[0].unit.id == "G-Koch" and pos.units[0].hex == "offmap-sitia"
    line = one_error(capsys, "check", write_om(tmp_path, '\n[[units]]\nunit = "G-Koch"\nhex = "4314"\n'))
    assert "om.toml:7:" in line and "did you mean W4314?" in line
    line = one_error(capsys, "check", write_om(tmp_path, '\n[[units]]\nunit = "G-Koch"\nhex = "W4314"\nprevious = "4313"\n'))
    assert "om.toml:8:" in line and "did you mean W4313?" in line
    line = one_error(capsys, "check", write_om(tmp_path, '\n[[units]]\nunit = "G-Koch"\nhex = "Nowhere"\n'))
    assert line.endswith("'Nowhere' is neither a hex of the map nor a box")
