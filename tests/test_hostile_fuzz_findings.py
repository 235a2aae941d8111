"""Cases the issue-22 fuzz campaigns found (fuzz/campaign.py, fuzz/process.py), each kept as a test."""
from __future__ import annotations

import pytest

from vmodgen.vassal.turns import LevelDef, turn_display


@pytest.mark.parametrize("state", ["-4", "-1|1;0", "0|-7;-3;false;-1", "-2147483648", "5|x"])
def test_turn_state_with_negative_or_missing_levels_is_shown_not_crashed(state):
    """process fuzz: a log's ``TURN<id>\\t-4`` crashed audit (IndexError, exit 70)."""
    levels = [LevelDef("counter", "Turn", start=1, items=[], sublevels=[
        LevelDef("list", "Phase", start=0, items=["a", "b"], sublevels=[])])]
    shown = turn_display(levels, state)
    assert isinstance(shown.text, str)
