"""A unit of one side in a box of the other side, in all three games (round left22 item 3): a
finding only where the book is clear (NA41 6.1.2 「どちらのプレイヤーも、他方のマップ外ボックスへ進入でき
ません」; OM 16.41 「ドイツ軍の海上ユニットは、決してアレクサンドリアへ進入できない」), named not judged
elsewhere (the books say what each side's boxes hold, not what a unit of the other side there means),
and no rule about the box reads it (before: an Allied unit in OM's German first-wave box was
found by OM 6.11 as "still in german-first-wave on turn 2; that whole wave paradrops on turn 1",
an Allied unit on IM's Axis KG1 card and an Axis unit in NA41's Allied Reserve passed unnamed)."""
from __future__ import annotations

from rules_util import position, unit
from vmodgen.rules import ruleset_for

INF = {"attack": 3, "defense": 3, "movement": 5, "stacking": 1}


def _verdict(text: str) -> tuple[list[str], dict[str, str]]:
    pos = position(text)
    rs = ruleset_for(pos.game)
    return sorted({f.rule for f in rs.check(pos)}), rs.take_not_judged()


def _head(game: str, turn: int, phase: str) -> str:
    return f'[position]\ngame = "{game}"\nturn = {turn}\nphase = "{phase}"\n'


def test_om_allied_unit_in_the_german_first_wave_box():
    """OM 6.11 (the wave boxes of the German set-up card) at the end of turn 2's German Movement
    Phase: an Allied unit in german-first-wave is named not judged under 6.11, not found; a German
    unit left there is 6.11's finding (that wave paradrops on turn 1)."""
    allied = unit("NZ", "allied", "german-first-wave", type="infantry", values=INF)
    found, why = _verdict(_head("operation-mercury", 2, "german-movement") + allied)
    assert "OM 6.11" not in found
    assert "NZ, a unit of the allied side, is in German first wave" in why.get("OM 6.11", "")
    german = unit("FJ", "german", "german-first-wave", type="infantry", values=INF)
    found, _ = _verdict(_head("operation-mercury", 2, "german-movement") + german)
    assert "OM 6.11" in found


def test_im_allied_unit_on_the_axis_kg_card():
    """IM: an Allied unit in the Axis set-up card's Paradrop KG1 box: the book says nothing of it
    (8.14 speaks of hexes): named not judged, no finding."""
    allied = unit("RA", "allied", "axis-paradrop-kg1", type="infantry", values=INF)
    found, why = _verdict(_head("invasion-malta", 3, "movement") + allied)
    assert found == []
    assert "RA, a unit of the allied side, is in Axis set-up card: Paradrop KG1" in why.get("IM 8.14", "")


def test_na41_axis_unit_in_the_allied_boxes():
    """NA41 6.1.2: an Axis unit in Nile Delta, the Allied off-map box, is a finding; one in the
    Allied Reserve (not an off-map box: 6.1.2 does not close it) is named not judged under 6.1.2."""
    head = _head("north-africa-41", 1, "i1-axis-movement")
    found, why = _verdict(head + unit("AX", "axis", "reserve", type="infantry", values=INF))
    assert found == [] and "AX, a unit of the axis side, is in Reserve" in why.get("NA41 6.1.2", "")
    found, _ = _verdict(head + unit("AX", "axis", "nile-delta", type="infantry", values=INF))
    assert found == ["NA41 6.1.2"]


def test_om_other_side_units_in_two_wave_boxes_are_all_named():
    """OM 6.11 at the end of turn 2's German Movement Phase: NZ in german-first-wave and NZ2 in
    german-second-wave, both Allied: one not-judged reason names both (before: only NZ, the first)."""
    units = (unit("NZ", "allied", "german-first-wave", type="infantry", values=INF)
             + unit("NZ2", "allied", "german-second-wave", type="infantry", values=INF))
    found, why = _verdict(_head("operation-mercury", 2, "german-movement") + units)
    assert "OM 6.11" not in found
    assert "NZ, a unit of the allied side, is in German first wave" in why.get("OM 6.11", ""), why
    assert "NZ2, a unit of the allied side, is in German second wave" in why.get("OM 6.11", ""), why


def test_om_6_11_own_reason_comes_before_an_other_side_unit():
    """OM 6.11 「「第二波」ユニットは、全てゲーム・ターン2に落下傘降下する」 at the end of turn 2's German
    Paradrop Phase: FJ still in german-second-wave may drop in the German Movement Phase (a tracker
    moved on early): 6.11's own not-judged reason names it; an Allied NZ in german-first-wave does not
    hide it (before: the other-side box's reason was recorded first and kept)."""
    units = (unit("FJ", "german", "german-second-wave", type="infantry", values=INF)
             + unit("NZ", "allied", "german-first-wave", type="infantry", values=INF))
    found, why = _verdict(_head("operation-mercury", 2, "german-paradrop") + units)
    assert "OM 6.11" not in found
    assert "FJ is still in german-second-wave" in why.get("OM 6.11", ""), why
