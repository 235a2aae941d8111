"""Invasion: Malta, review of oracle21: a new free airhead is 15.21's placement unless it pairs
with a free airhead gone where 15.22 judges it (outside the Recovery Phase)."""
from __future__ import annotations

from test_rules_invasion_malta_round14 import verdicts


def test_a_gone_airhead_excuses_one_new_airhead_only_where_15_22_judges_it():
    """15.21, 15.22, 6.32: an airhead dragged in the Recovery Phase, or removed there while a new one
    is placed off an airfield, is a placement (15.21) and no 15.22 finding (the Recovery Phase
    removes airheads, 15.23); an airfield airhead gone excuses no new free one (15.21 alone); one
    airhead dragged in the Movement Phase and a second placed: 15.22 for the drag, 15.21 for the
    second."""
    got = verdicts("orfix21-airhead-dragged-in-recovery-phase", "orfix21-airhead-new-in-recovery-phase",
                   "orfix21-airhead-gone-from-airfield-new-in-movement",
                   "orfix21-airhead-dragged-and-another-new-in-movement")
    assert {name: rules for name, (_, rules) in got.items()} == {
        "orfix21-airhead-dragged-in-recovery-phase": ["IM 15.21"],
        "orfix21-airhead-new-in-recovery-phase": ["IM 15.21"],
        "orfix21-airhead-gone-from-airfield-new-in-movement": ["IM 15.21"],
        "orfix21-airhead-dragged-and-another-new-in-movement": ["IM 15.21", "IM 15.22"],
    }
