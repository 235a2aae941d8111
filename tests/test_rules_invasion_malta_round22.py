"""Invasion: Malta round 22 (imfix10: the review of imfix9): each rule on both sides of its edge,
from the rulebook positions ``tests/data/positions/rulebook/invasion_malta/`` changed in one place
here. Legal play gets no finding; what cannot be judged is named not judged, never silently."""
from __future__ import annotations

import pytest

from im_util import found
from vmodgen.errors import InputError


SIX = "r20-kg-all-six-dropped-gt1.toml"
GERMAN = 'airheads = {"1530" = "german"}'


@pytest.mark.parametrize("spelt", ["German", "GERMAN", " german "])
def test_an_airheads_nationality_is_read_by_id_or_printed_name(tmp_path, spelt):
    """15.2 intro, 15.21: all six KGs dropped in GT1's Airborne Operations Phase with an Airhead in
    1530 whose nationality ``[state] airheads`` spells as the kit prints it ("German") or in
    another case: the same legal position as with the id "german"."""
    assert found(tmp_path, SIX, (GERMAN, f'airheads = {{"1530" = "{spelt}"}}')) == ([], {})


@pytest.mark.parametrize("spelt", ["7", "de"])
def test_an_airheads_value_that_is_no_nationality_is_refused(tmp_path, spelt):
    """``[state] airheads`` maps a hex to a nationality: a formation ("7") or an unknown word is
    refused naming the file and the known nationalities, not read as a nationality no unit has
    (which found every KG's drop, 15.2)."""
    with pytest.raises(InputError) as e:
        found(tmp_path, SIX, (GERMAN, f'airheads = {{"1530" = "{spelt}"}}'))
    assert SIX in str(e.value) and "german" in str(e.value) and "italian" in str(e.value)
    assert repr(spelt) in str(e.value)


def test_airheads_of_the_wrong_shape_show_an_airhead_example(tmp_path):
    """The refusal of a non-table ``airheads`` gives a nationality as the example, not a formation."""
    with pytest.raises(InputError, match='airheads must look like .*"german"'):
        found(tmp_path, SIX, (GERMAN, 'airheads = {"1530" = 7}'))


@pytest.mark.parametrize("name", ["glider-infantry-lands-on-clear.toml", "gliders-land-in-separate-hexes.toml"])
def test_gliders_landing_need_no_airhead(tmp_path, name):
    """15.2 intro forbids a KG to paradrop (落下傘降下) with no airhead of its nationality on the
    map; glider units land, 「空挺堡の配置制限に従わず、降下ヘクス・マーカーを使用しない」 (17.52).
    Glider infantry from axis-paradrop-kg1 landed on clear hexes in GT1's Airborne Operations
    Phase with no Airhead marker on the map: legal. The same unit as parachute infantry: IM 15.2."""
    assert found(tmp_path, name) == ([], {})
    rules, _ = found(tmp_path, name, ('type = "glider-infantry"', 'type = "parachute-infantry"'))
    assert "IM 15.2" in rules


NO_AIRHEAD = (('markers = ["airhead"]\n', ''), (GERMAN + "\n", ''))
NO_PREVIOUS = tuple((f'previous = "axis-paradrop-kg{k}"\n', '') for k in range(1, 7))


def test_a_drop_nothing_records_is_named_not_judged(tmp_path):
    """15.2 intro: all 30 KG units on the map in GT1's Airborne Operations Phase, no Airhead on the
    map. With their ``previous`` boxes: six 15.2 findings. Without ``previous`` and ``prev_hexes``
    which units dropped in this phase is unknown: 15.2 is named not judged, no finding. With the
    German Airhead on 1530 and no history: legal, nothing named (an Airhead stands for any drop)."""
    assert found(tmp_path, SIX, *NO_AIRHEAD)[0] == ["IM 15.2"] * 6
    rules, why = found(tmp_path, SIX, *NO_AIRHEAD, *NO_PREVIOUS)
    assert rules == [] and "prev_hexes or previous" in why["IM 15.2"]
    assert found(tmp_path, SIX, *NO_PREVIOUS) == ([], {})
    # at the end of another phase 15.2 is not read
    assert "IM 15.2" not in found(tmp_path, SIX, *NO_AIRHEAD, *NO_PREVIOUS, ('phase = "airborne"', 'phase = "movement"'))[1]


def test_an_airhead_of_unstated_nationality_names_the_nationality_part(tmp_path):
    """15.2 intro 「同じ国籍のKG」: with the Airhead on 1530 of unstated nationality (no ``[state]
    airheads``, as in a log) any Airhead counts. German KGs dropping: legal, nothing named. An Italian
    parachute unit I1 dropped from KG1's box too: the nationality part is named not judged, no finding."""
    unstated = ((GERMAN + "\n", ''),)
    assert found(tmp_path, SIX, *unstated) == ([], {})
    italian = ('[[units]]\nunit = "KG1 unit 1"\n', '[[units]]\nid = "I1"\nside = "axis"\nnationality = "italian"\nformation = "7"\n'
               'type = "parachute-infantry"\nhex = "1426"\nvalues = {attack = 3, defense = 3, movement = 4, '
               'stacking = 2, er = 5}\nprevious = "axis-paradrop-kg1"\n\n[[units]]\nunit = "KG1 unit 1"\n')
    rules, why = found(tmp_path, SIX, *unstated, italian)
    assert rules == [] and "italian" in why["IM 15.2"] and "1530" in why["IM 15.2"]
    # stated German: the Italian unit's drop is found (no Italian Airhead on the map)
    assert found(tmp_path, SIX, italian)[0] == ["IM 15.2"]
