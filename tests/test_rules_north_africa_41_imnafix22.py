"""North Africa '41, review of rpfix28 / nafix12 (imnafix22): the marker after a disrupting retreat
with the state before the phase unknown (13.1.2, 13.1.3), and 12.1.3 guideline 3 with a result of
no retreat."""
from __future__ import annotations

from pathlib import Path

import pytest

from na41_util import al, ax, inline, position, table
from vmodgen.rules import ruleset_for

RULEBOOK = Path(__file__).resolve().parent / "data" / "positions" / "rulebook" / "north_africa_41"
#: Brescia (2020) attacked 24/9 Aus in 2021 with DR2; 24/9 Aus retreated 2021 -> 2022 -> 2023 and
#: carries a Disrupted marker; its state before the phase is stated (Good Order)
DISRUPTED = RULEBOOK / "r28-dr2-retreat-marked-disrupted.toml"
GOOD_ORDER = 'na41_status_before = {"24/9 Aus" = [], Brescia = []}\n'


def check(text: str):
    p = position(text)
    rs = ruleset_for(p.game)
    return rs.check(p), rs.take_not_judged()


@pytest.mark.parametrize("before, marker, found, unknown", [
    (GOOD_ORDER, "Disrupted", [], False),
    ('na41_status_before = {"24/9 Aus" = ["disrupted"], Brescia = []}\n', "Disrupted", ["NA41 13.1.3"], False),
    ("", "Disrupted", [], True),
    ("", "Full Retreat", [], True),
    ("", None, ["NA41 13.1.2"], False),
], ids=["good-order", "was-disrupted", "unknown-disrupted", "unknown-full-retreat", "unknown-no-marker"])
def test_a_dr2_retreat_with_the_state_before_unknown_is_named_not_judged(before, marker, found, unknown):
    """13.1.2 「D1、A1/D1、DR2、DRX、A1/DR2 結果のために退却した戦闘ユニットは、混乱状態になります」, 13.1.3
    「再び退却することを強制された混乱状態ユニットは、その混乱状態が潰走に上昇します」: after DR2 a unit in
    Good Order before the phase ends Disrupted, one Disrupted before ends in Full Retreat. Without
    ``na41_status_before`` a Disrupted marker is right for one and wrong for the other, as a Full
    Retreat marker is: both named not judged (NA41 13.1.3; rpfix28 passed the Disrupted one as legal,
    silently). No marker at all is wrong either way: 13.1.2's finding."""
    text = DISRUPTED.read_text(encoding="utf-8").replace(GOOD_ORDER, before)
    text = text.replace('status = ["Disrupted"]', f'status = ["{marker}"]' if marker else "status = []")
    found_now, not_judged = check(text)
    assert [f.rule for f in found_now] == found
    assert ("NA41 13.1.3" in not_judged) == unknown


STRIP = inline((1, 12), (1, 5)) + ax("Z1", "0402") + ax("Z2", "0603")
D1 = al("D1", "0303", previous="0503", path=["0503", "0403", "0303"], mode="retreat")


@pytest.mark.parametrize("result", ["EX", "DR2"])
def test_guideline_3_names_no_retreat_of_zero_hexes(result):
    """12.1.3 guideline 3 compares the retreat with another of the length the result asks. An EX
    result asks a retreat of no hexes, so there is no other retreat to compare with: no guideline-3
    finding 'though 0503 enters none' naming the start hex as a retreat (nafix12 gave one). DR2 (two
    hexes) still compares: D1 went 0503 -> 0403 -> 0303 through Z1's ZOC in 0403."""
    found, _ = check(STRIP + D1 + table("attacks", hex="0503", units=["Z2"], result=result))
    guideline = [f.message for f in found if f.rule == "NA41 12.1.3" and "enters none" in f.message]
    assert not any("though 0503 enters none" in m for m in guideline)
    if result == "DR2":
        assert any("though 0503 -> " in m for m in guideline)
