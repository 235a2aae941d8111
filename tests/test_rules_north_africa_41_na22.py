"""North Africa '41, round na22: what nafix12 left open. 10.4.1 remnants by side and type only (the
book names no nation), resting on the kit's illustrative remnant mix; the Withdrawn Units box as a
rule parameter the remnant count reads; 21.1.4's port of departure read at the start of the Movement
Phase; the other retreat's hexsides among 12.1.3 guideline 3's illustrative reads; guideline 3 for a
retreat still open as a log ends."""
from __future__ import annotations

from pathlib import Path

from na41_util import position
from vmodgen.rules import ruleset_for
from vmodgen.rules.illustrative import Annotator

RULEBOOK = Path(__file__).resolve().parent / "data" / "positions" / "rulebook" / "north_africa_41"


def check(text: str):
    p = position(text)
    rs = ruleset_for(p.game)
    return p, rs, rs.check(p), rs.take_not_judged()


def test_a_remnant_finding_rests_on_the_kits_remnant_mix():
    """10.4.1 「適切なユニット・タイプの残余」: 20/9 Aus waits on the Remnant Display with both Allied
    infantry remnants back on it, so no remnant in play stands for it: NA41 10.4.1. Which remnants the
    game has is not in the text (the kit's roster: "the remnant mix is not in the text"), so the
    finding names the kit's counter mix among the illustrative values it rests on."""
    text = (RULEBOOK / "r28-remnant-and-its-unit-both-in-display.toml").read_text(encoding="utf-8")
    pos, rs, found, _ = check(text)
    (f,) = [f for f in found if f.rule == "NA41 10.4.1"]
    items = [i for x in Annotator(rs).inputs_of(f, pos) for i in x.items]
    mix = [i for i in items if i.startswith("the kit's counter mix")]
    assert mix and "British Inf Remnant" in mix[0] and "German Inf Remnant" in mix[0], items
    assert "no Allied infantry remnant in play" in f.message
