"""Invasion: Malta, round left22: a finding that tells day from Night rests on the kit's turn cycle
(illustrative) only where the cycle gave the time. IM 6.12 「OoS マーカーは夜間ターンの補給状態フェイズ
に置かれる」 (SUP-2): a new OoS marker on X in a PM Supply Status Phase."""
from __future__ import annotations

from im_util import kit, state, x
from rules_util import position
from vmodgen.rules import ruleset_for
from vmodgen.rules.illustrative import Annotator


def _inputs(text: str, tracker: str | None = None) -> tuple[list[str], list[str]]:
    """The rules found and the illustrative rule parameters their findings rest on (``tracker``: the
    position read as a log's, with the turn tracker's text)."""
    pos = position(text)
    rs = ruleset_for(pos.game)
    if tracker is not None:
        rs.derive(pos, tracker)
    found = rs.check(pos)
    return [f.rule for f in found], [p for f in found for i in Annotator(rs).inputs_of(f, pos)
                                     if i.kind == "rule" for p in i.items]


def test_stated_time_rests_on_no_turn_cycle():
    """A position stating ``[state] time = "pm"``: IM 6.12, resting on no turn-cycle parameter
    (before round left22: on turn_cycle and turns_per_day). A log's position on turn 2 whose tracker
    names no time takes PM from the kit's cycle: the same finding rests on turn_cycle; one whose
    tracker names PM does not."""
    unit = x("X", "2020", status=["oos"])
    assert _inputs(kit("supply-status", turn=2) + unit + state(time="pm", prev_oos=[])) == (["IM 6.12"], [])
    rules, params = _inputs(kit("supply-status", turn=2) + unit + state(prev_oos=[]), tracker="")
    assert rules == ["IM 6.12"] and "turn_cycle" in params
    assert _inputs(kit("supply-status", turn=2) + unit + state(prev_oos=[]), tracker="Turn 2 PM") == (["IM 6.12"], [])


def test_air_transport_out_of_its_phase():
    """IM 15.71 「自軍輸送フェイズ中、枢軸軍プレイヤーは…自軍セット・アップ・カードから取り出し、それらを
    マップ上のいずれかの有資格飛行場ヘクス上に置く」: X brought from the Axis set-up card's air-transport box
    onto 2518 (Ta Kali) in a position at the end of the Movement Phase: a finding (no transport phase;
    before round left22, not judged and not named). In the Naval Transport Phase 「輸送フェイズ」 may name it
    (7.14 names no air-transport phase): not judged, named. In the Airborne Operations Phase (the kit's
    reading) this rule says nothing."""
    came = x("X", "2518", previous="axis-air-transport") + state(time="am", weather="good")
    for phase, want in (("movement", ["IM 15.71"]), ("combat", ["IM 15.71"]), ("naval-transport", []),
                        ("airborne", [])):
        pos = position(kit(phase, turn=2) + came)
        rs = ruleset_for(pos.game)
        found = [f.rule for f in rs.check(pos) if f.rule == "IM 15.71" and "transport phase" in f.message]
        assert found == want, phase
        why = rs.take_not_judged().get("IM 15.71", "")
        assert ("「輸送フェイズ」" in why) == (phase == "naval-transport"), (phase, why)
