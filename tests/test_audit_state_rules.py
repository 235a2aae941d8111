"""A state rule (``Judged.STATE``: it reads only where the units stand, never moves nor memory)
whose phase end a log never reaches: its verdict at the last phase end it was judged at stands for
the final position when no unit moved or changed since; otherwise it is named not judged, saying
how many units moved since (``vmodgen/audit/pending.py``). Logs written with the log writer against
the minikit of ``test_audit`` (sequence Red Movement, Red Combat, Red Supply, Blue Movement, Blue
Combat; GEN stacking: at most 4 points per hex at every phase end, the generic rule set's
``stacking_when = "phase_end"``)."""
from __future__ import annotations

import json

from test_audit import mini, variant_kit  # noqa: F401  (the built minikit fixture)
from vmodgen.audit import audit
from vmodgen.report import render
from vmodgen.testing.log_writer import LogWriter


def _log(mini, name: str, moves: list[tuple[str, str]], advances: int, after: list[tuple[str, str]]):
    """``moves`` in Red Movement, ``advances`` Nexts, then ``after``: the audit of that log."""
    kit_dir, kit, module, root = mini
    w = LogWriter.from_module_setup(module, kit=kit, player="Alice", player_id="pw-state")
    for unit, h in moves:
        w.move(unit, h)
    w.advance(advances)
    for unit, h in after:
        w.move(unit, h)
    return audit([w.write(root / f"{name}.vlog")], module=module, game=str(kit_dir))


def _by_rule(r, key: str) -> dict[str, str]:
    return {e["rule"]: e["why"] for e in r.coverage.get(key, [])}


def test_nothing_moved_since_the_last_phase_end_the_verdict_stands(mini):
    """R1 0101 -> 0202 in Red Movement; three Nexts (the log ends in Blue Movement, nothing moved
    there): GEN stacking was judged at the end of Red Supply on the very units of the final
    position, so it is judged (JSON ``rules_judged_earlier``, text and HTML say where), not
    "not judged" as before."""
    r = _log(mini, "stands", [("R1", "0202")], 3, [])
    why = ("judged at the end of the Red Supply Phase (turn 1, stands.vlog); no unit moved or changed since, "
           "so that verdict stands for the final position (the log ends before the end of the Blue Movement "
           "Phase (turn 1, stands.vlog))")
    assert _by_rule(r, "rules_judged_earlier") == {"GEN stacking": why}
    assert "GEN stacking" not in _by_rule(r, "rules_not_judged")
    assert f"coverage: rules judged at an earlier phase end: GEN stacking: {why}" in render(r, "text")
    assert "Rule judged at an earlier phase end: GEN stacking" in render(r, "html", game=None, mapdata=None)
    assert json.loads(render(r, "json"))["coverage"]["rules_judged_earlier"] == [{"rule": "GEN stacking", "why": why}]


def test_an_overstack_judged_earlier_is_reported_once_and_stands(mini):
    """R1 -> 0202, R3 -> 0102 (2 + 3 points with R2 in 0102, over the limit of 4): found at the end
    of Red Movement; one Next (the log ends in Red Combat, nothing moved): the verdict of that
    phase end stands, the overstack reported once, at step 3."""
    r = _log(mini, "over", [("R1", "0202"), ("R3", "0102")], 1, [])
    assert [(f.step, f.phase, f.at, f.rule, f.hexes) for f in r.findings] == [
        (3, "red-move", "end", "GEN stacking", ("0102",))]
    assert _by_rule(r, "rules_judged_earlier")["GEN stacking"].startswith("judged at the end of the Red Movement Phase")


def test_a_unit_moved_since_stays_not_judged_and_says_how_many(mini):
    """The same as the first, then B2 0504 -> 0503 and B1 0404 -> 0602 in Blue Movement: the player
    could still set a stack right before that phase ends, so GEN stacking stays not judged, and
    the reason says that 2 units moved since the end of Red Supply, where it was last judged."""
    r = _log(mini, "moved", [("R1", "0202")], 3, [("B2", "0503"), ("B1", "0602")])
    assert "GEN stacking" not in _by_rule(r, "rules_judged_earlier")
    assert _by_rule(r, "rules_not_judged")["GEN stacking"] == (
        "the log ends before the end of the Blue Movement Phase (turn 1, moved.vlog), where it is judged; "
        "2 unit(s) moved since the end of the Red Supply Phase (turn 1, moved.vlog), where it was last judged")
