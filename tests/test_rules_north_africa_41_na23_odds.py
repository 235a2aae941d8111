"""Round na23: NA41 8.8.3 (no attack below 1:3) after 9.1's halving and doubling per unit, with the
hexsides the map or the position gives. The ``na23-odds-*`` rulebook positions give each case at
1:3 and one past it; these tests take what a position cannot tell (a retreated defender's marker, a
breakthrough's several hexes, a hexside between hexes not next to each other), Full Retreat (9.7),
and what a finding on the kit's own (illustrative) hexside rests on."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulepos_util import assert_expected
from vmodgen.commands.check import command

DATA = Path(__file__).resolve().parent / "data" / "positions" / "rulebook" / "north_africa_41"
FILES = sorted(DATA.glob("na23-odds-*.toml"))


def report(path: Path) -> dict:
    r = CliRunner().invoke(command, [str(path), "--json"], standalone_mode=False)
    return json.loads(r.output)


def position(tmp_path: Path, body: str, state: str = "") -> Path:
    p = tmp_path / "odds.toml"
    p.write_text('[position]\ngame = "north-africa-41"\nturn = 6\nphase = "Impulse 1: Axis Combat Phase"\n\n'
                 f'[state]\nna41_extended_moved = []\n{state}\n{body}', encoding="utf-8")
    return p


def unit(name: str, h: str, extra: str = "") -> str:
    return f'[[units]]\nunit = "{name}"\nhex = "{h}"\n{extra}\n'


def attack(h: str, *names: str, extra: str = "") -> str:
    return f'[[attacks]]\nhex = "{h}"\nunits = [{", ".join(chr(34) + n + chr(34) for n in names)}]\n{extra}'


def rules(got: dict) -> list[str]:
    return [f["rule"] for f in got["findings"]]


def test_na23_positions_written():
    assert len(FILES) >= 9


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_na23_odds_positions(path: Path):
    """Each position's verdict is its header's (legal: no finding, not partial)."""
    assert_expected(path)


def test_kit_tobruk_perimeter_halves_the_tank_and_the_finding_rests_on_it(tmp_path):
    """9.1, 9.6: 5 Pz Rgt (attack 8) in 3036 attacks across the kit's Tobruk perimeter into 3037
    (inside), held by 20/9 Aus, 24/9 Aus and 3 Ind Mot Bde (13): halved to 4, below 1:3. The kit's
    perimeter is illustrative, so the finding names that hexside; two Aus brigades (10) are 1:3 or
    better (4 against 10), legal."""
    defenders = unit("20/9 Aus", "3037") + unit("24/9 Aus", "3037")
    got = report(position(tmp_path, unit("5 Pz Rgt", "3036") + defenders + unit("3 Ind Mot Bde", "3037")
                          + attack("3037", "5 Pz Rgt")))
    (f,) = [f for f in got["findings"] if f["rule"] == "NA41 8.8.3"]
    assert "4 attack factors against 13" in f["message"] and "Tobruk perimeter 3036/3037" in f["message"]
    items = [i for x in f["illustrative"] for i in x["items"]]
    assert "tobruk_perimeter 3036/3037" in items, items
    legal = report(position(tmp_path, unit("5 Pz Rgt", "3036") + defenders + attack("3037", "5 Pz Rgt")))
    assert "NA41 8.8.3" not in rules(legal) and not any(n.startswith("NA41 8.8.3") for n in legal["not_judged"])


def test_infantry_across_the_perimeter_is_not_halved(tmp_path):
    """9.6: only vehicles are halved across the Tobruk perimeter: Brescia and Pavia (3 + 3) against
    20/9 Aus, 24/9 Aus and 3 Ind Mot Bde (13) across it are 6 against 13, 1:3 or better."""
    got = report(position(tmp_path, unit("Brescia", "3036") + unit("Pavia", "3036") + unit("20/9 Aus", "3037")
                          + unit("24/9 Aus", "3037") + unit("3 Ind Mot Bde", "3037")
                          + attack("3037", "Brescia", "Pavia")))
    assert "NA41 8.8.3" not in rules(got) and not any(n.startswith("NA41 8.8.3") for n in got["not_judged"])


def test_full_retreat_defends_with_nothing(tmp_path):
    """9.7 「潰走：防御戦力＝０」: the Italian Inf Remnant (1) attacks 11 Czech Bn (2) and 20/9 Aus in
    Full Retreat (0, not 5 halved): 1 against 2, legal and judged (before: 1 against 5 at the
    printed values, named not judged)."""
    got = report(position(tmp_path, unit("Italian Inf Remnant", "2020") + unit("11 Czech Bn", "2021")
                          + unit("20/9 Aus", "2021", 'status = ["Full Retreat"]')
                          + attack("2021", "Italian Inf Remnant")))
    assert rules(got) == [] and not got["partial"], got


RETREATED = ('[[units]]\nunit = "20/9 Aus"\nhex = "2022"\nprevious = "2021"\nmode = "retreat"\n'
             'status = ["Disrupted"]\n\n')


def test_retreated_defender_marker_may_be_the_result(tmp_path):
    """13.1: 20/9 Aus retreated from 2021 after the attack and is Disrupted, which may be this
    combat's result. With 24/9 Aus and 3 Ind Mot Bde (8) it defended with 11 (Disrupted then) or 13
    (Good Order then). 2 MG Bn and 8 MG Bn (4): 1:3 against 11, below against 13: without
    na41_status_before named not judged, naming 20/9 Aus; with it saying Good Order, found; saying
    Disrupted, legal. Brescia and Pavia (6) are 1:3 or better against either: legal, judged."""
    rest = unit("24/9 Aus", "2021") + unit("3 Ind Mot Bde", "2021")
    body = unit("2 MG Bn", "2020") + unit("8 MG Bn", "2020") + RETREATED + rest + attack("2021", "2 MG Bn", "8 MG Bn")
    got = report(position(tmp_path, body))
    assert "NA41 8.8.3" not in rules(got)
    assert any(n.startswith("NA41 8.8.3") and "20/9 Aus" in n and "na41_status_before" in n
               for n in got["not_judged"]), got["not_judged"]
    for before, found in (("[]", True), ('["disrupted"]', False)):
        got = report(position(tmp_path, body, f'na41_status_before = {{"20/9 Aus" = {before}}}\n'))
        assert ("NA41 8.8.3" in rules(got)) == found, (before, got)
    strong = unit("Brescia", "2020") + unit("Pavia", "2020") + RETREATED + rest + attack("2021", "Brescia", "Pavia")
    got = report(position(tmp_path, strong))
    assert "NA41 8.8.3" not in rules(got) and not any(n.startswith("NA41 8.8.3") for n in got["not_judged"])


def test_hexside_between_hexes_not_next_to_each_other(tmp_path):
    """8.1's finding stands (not next to the defender) and 8.8.3 says why it cannot judge: Brescia
    (3) in 2018 'attacks' 2021 (20/9 Aus, 24/9 Aus: 10), 2 to 6 against 10."""
    got = report(position(tmp_path, unit("Brescia", "2018") + unit("20/9 Aus", "2021") + unit("24/9 Aus", "2021")
                          + attack("2021", "Brescia")))
    assert "NA41 8.1" in rules(got) and "NA41 8.8.3" not in rules(got)
    assert any(n.startswith("NA41 8.8.3") and "2018 and 2021" in n for n in got["not_judged"]), got["not_judged"]


def test_breakthrough_from_either_of_two_hexes(tmp_path):
    """15.2.7: Brescia's breakthrough attack on 2021 during its advance 2019 → 2020 → 2120 may have
    been made from 2020 or 2120 (both next to 2021); an escarpment up into 2021 from 2120 halves it
    (2 against 10), none from 2020 (3 against 10, below 1:3 too): found; against 9 only from 2020 it
    is 1:3: named not judged, naming the two hexes."""
    side = '[[hexsides]]\nhexes = ["2120", "2021"]\nfeature = "escarpment"\nup = "2021"\n\n'
    mover = ('[[units]]\nunit = "Brescia"\nhex = "2120"\nprevious = "2019"\npath = ["2019", "2020", "2120"]\n'
             'mode = "advance"\n\n')
    got = report(position(tmp_path, side + mover + unit("20/9 Aus", "2021") + unit("24/9 Aus", "2021")
                          + attack("2021", "Brescia", extra='kind = "breakthrough"\n')))
    assert "NA41 8.8.3" in rules(got), got
    got = report(position(tmp_path, side + mover + unit("20/9 Aus", "2021") + unit("Polish Bde", "2021")
                          + attack("2021", "Brescia", extra='kind = "breakthrough"\n')))
    assert "NA41 8.8.3" not in rules(got)
    assert any(n.startswith("NA41 8.8.3") and "2020, 2120" in n for n in got["not_judged"]), got["not_judged"]
