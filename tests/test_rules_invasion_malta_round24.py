"""Invasion: Malta round 24: what the review of round 23 found (17.11 stack-mates, one scenario
number, weather and time not stated, 15.44 against 15.14, 4.12 without a kit scenario, box names)."""
from __future__ import annotations

import pytest

from im_util import found
from vmodgen.positions.scenario_number import scenario_number


@pytest.mark.parametrize("text, number", [
    ("3", 3), ("S3", 3), ("s 4", 4), ("#1", 1), ("Scenario #1", 1), ("scenario7", 7),
    ("Scenario 3 (Herkules)", 3), ("Malta: Scenario 2", 2), ("Malta 1942", None), ("Herkules", None), ("", None)])
def test_the_scenario_number_is_read_one_way(text, number):
    """The one reader of a scenario's number: the whole text, else "Scenario N" within it; never a year."""
    assert scenario_number(text) == number


def test_a_scenario_with_a_title_is_the_kit_scenario_of_its_number(tmp_path):
    """"Scenario 3 (Herkules)" is the kit's Scenario 3 for every rule, as "Scenario 3" is: 4.12 (its
    unit on Leros, 16.24A) and 15.14 (KG4 held back at GT1) find it; before, the position reader
    resolved no kit scenario from it, and those rules passed or said it named no scenario."""
    herk = ('scenario = "Scenario 3"', 'scenario = "Scenario 3 (Herkules)"')
    assert found(tmp_path, "r23-s3-unit-on-leros-map.toml", herk)[0] == ["IM 4.12"]
    rules, why = found(tmp_path, "r24-s3-herkules-kg4-held-at-gt1-victory.toml")
    assert rules == ["IM 15.14"] and "IM 15.14" not in why
