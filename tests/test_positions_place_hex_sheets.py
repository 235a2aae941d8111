"""A hex written as the rulebook prints a place or with the word "hex" is read as its bare number
is: through the sheet and scenario rules (Invasion: Malta's Scenario 4 is played on Leros, 4.12/4.22,
so "hex 2706" is Leros' L2706, and a Malta number there is refused, never taken silently), and a
place's number is compared with its hex as printed, without the sheet's prefix ("Lakki (3009)" is
L3009, Operation Mercury's "Canea (4227)" W4227). Review of rulepos22, item 1."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from vmodgen.commands.check import command
from vmodgen.errors import InputError
from vmodgen.rules.position_file import load_position

LEROS = ('[position]\ngame = "invasion-malta"\nscenario = "Scenario 4"\nturn = 4\nphase = "movement"\nside = "axis"\n\n'
         '[[units]]\nunit = "Leros convoy unit 1"\nhex = "{hex}"\n')
OM = '[position]\ngame = "operation-mercury"\nturn = 4\nphase = "german-bombardment"\n\n' \
     '[[units]]\nid = "HOLD"\nside = "german"\ntype = "parachute_infantry"\nhex = "{hex}"\n'
NA = '[position]\ngame = "north-africa-41"\nturn = 3\nphase = "Impulse 1: Allied Movement Phase"\n\n' \
     '[[units]]\nunit = "24/9 Aus"\nhex = "{hex}"\n'


def read(tmp_path: Path, template: str, written: str) -> str:
    f = tmp_path / "p.toml"
    f.write_text(template.format(hex=written), encoding="utf-8")
    return load_position(str(f)).units[0].hex


@pytest.mark.parametrize("written, want", [("2706", "L2706"), ("hex 2706", "L2706"), ("Hex 2706", "L2706"),
                                           ("2706 hex", "L2706"), ("hex 3009", "L3009"),
                                           ("Lakki (3009)", "L3009"), ("Mount Meraviglia (2706)", "L2706")])
def test_leros_scenario_reads_a_number_written_with_hex_or_its_place_as_a_leros_hex(tmp_path, written, want):
    assert read(tmp_path, LEROS, written) == want


@pytest.mark.parametrize("written", ["1225", "hex 1225"])
def test_leros_scenario_refuses_a_malta_number_however_written(tmp_path, written):
    f = tmp_path / "p.toml"
    f.write_text(LEROS.format(hex=written), encoding="utf-8")
    r = CliRunner().invoke(command, [str(f)], standalone_mode=False, catch_exceptions=True)
    assert isinstance(r.exception, InputError), r.output
    assert "'1225' is a Malta hex" in str(r.exception) and "p.toml:10" in str(r.exception)


@pytest.mark.parametrize("written, want", [("Canea (4227)", "W4227"), ("Hill 107 (4314)", "W4314")])
def test_operation_mercury_place_with_its_printed_number(tmp_path, written, want):
    assert read(tmp_path, OM, written) == want


@pytest.mark.parametrize("written", ["Tobruk, 3138", "3138, Tobruk"])
def test_place_and_number_set_apart_by_a_comma(tmp_path, written):
    assert read(tmp_path, NA, written) == "3138"
