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
