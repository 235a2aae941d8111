"""Round rulepos28 (Invasion: Malta): the rules its rulebook positions found unchecked (11.36 AA turned
Fired only under an Attack Target marker, 13.13 no Attack Target marker after the Combat Phase, 12.11
a hex attacked by two declared attacks, 12.12 a drift combat undeclared, [state] active by a
formation's printed name, 2.25): each ``r28-*`` position of ``tests/data/positions/rulebook/
invasion_malta`` gives its ``# expect:`` verdict, and the legal twins differ in one marker or attack."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from rulepos_util import assert_expected, verdict
from vmodgen.commands.check import command
from vmodgen.errors import InputError

DATA = Path(__file__).resolve().parent / "data" / "positions" / "rulebook" / "invasion_malta"
FILES = sorted(DATA.glob("r28-*.toml"))


def test_rulepos28_positions_written():
    assert len(FILES) >= 25


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_rulepos28_positions(path: Path):
    """Each position's verdict is its header's (legal: no finding, not partial)."""
    assert_expected(path)


def test_rulepos28_attack_target_twins(tmp_path):
    """13.13: an Attack Target marker left at the Combat Phase's end is a finding; the same position at
    the end of the Combat Declaration Phase is legal (the marker waits for its combat)."""
    path = DATA / "r28-attack-target-marker-after-combat-phase.toml"
    assert "IM 13.13" in verdict(path)[1]
    twin = tmp_path / "twin.toml"
    twin.write_text(path.read_text(encoding="utf-8").replace('phase = "combat"', 'phase = "combat-declaration"'),
                    encoding="utf-8")
    assert "IM 13.13" not in verdict(twin)[1]


def test_active_refusal_lists_printed_names(tmp_path):
    """2.25 (review rv-rp28 item 10): [state] active takes a formation's printed name, so its refusal
    lists the printed names too ("7th Flieger Division"), not the ids only (an InputError: the CLI's
    exit 2 with one message)."""
    path = DATA / "r28-active-formation-by-printed-name.toml"
    bad = tmp_path / "bad.toml"
    bad.write_text(path.read_text(encoding="utf-8").replace('active = "7th Flieger Division"',
                                                            'active = "8th Flieger Division"'), encoding="utf-8")
    r = CliRunner().invoke(command, [str(bad)])
    assert isinstance(r.exception, InputError)
    said = str(r.exception)
    assert "'8th Flieger Division'" in said and "7th Flieger Division" in said and "known: 7," in said
