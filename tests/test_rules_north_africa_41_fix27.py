"""North Africa '41 12.2.1 / 14.4: the memory of a unit a retreat eliminated follows the last verdict
on that retreat (fix27, review rv-f22 item 2). Inline map, 4-digit column-row IDs, odd columns shifted."""
from __future__ import annotations

from na41_util import MECH, H, al, ax
from rules_util import position
from vmodgen.rules import ruleset_for

Z = ax("Z", "2020")                     # its ZOC: 1919 1920 2019 2021 2119 2120
#: C (mechanized: 12.5.1) retreating 2118 -> 2119 -> 2019 -> 1918 enters a second enemy-ZOC hex (2019): eliminated (12.2.1)
BAD = dict(mode="retreat", previous="2118", path=["2118", "2119", "2019", "1918"], values=MECH, movement_class="mech")
#: the same retreat made again 2118 -> 2018 -> 1917 -> 1918, entering no enemy ZOC: C stays
GOOD = dict(mode="retreat", previous="2118", path=["2118", "2018", "1917", "1918"], values=MECH,
            movement_class="mech")
#: A's advance 1716 -> 1817 -> 1818 -> 1717 goes on through 1818, in C's ZOC (C in 1918)
ADVANCE = ax("A", "1717", previous="1716", path=["1716", "1817", "1818", "1717"],
             mode="advance", values=MECH, movement_class="mech")


def rules_in_turn(rs, text: str) -> list[str]:
    return sorted({f.rule for f in rs.check(position(text))})


def test_redone_legal_retreat_to_the_same_hex_is_not_remembered_as_an_elimination():
    """NA41 12.2.1 then 14.4: C's retreat is first judged eliminating (a step later undone), then
    judged again as made legally to the same hex 1918; A's advance through C's ZOC at 1818 then breaks
    14.4 「敵ZOCに進入したら停止」: C was not eliminated (before: the first verdict was kept and the
    advance passed)."""
    rs = ruleset_for(position(H).game)
    assert rules_in_turn(rs, H + Z + al("C", "1918", **BAD)) == ["NA41 12.2.1"]
    assert rules_in_turn(rs, H + Z + al("C", "1918", **GOOD)) == []
    assert rules_in_turn(rs, H + Z + al("C", "1918") + ADVANCE) == ["NA41 14.4"]


def test_eliminating_retreat_still_clears_the_advance():
    """NA41 12.2.1, 14: with the eliminating retreat standing, the advance through C's ZOC is legal."""
    rs = ruleset_for(position(H).game)
    assert rules_in_turn(rs, H + Z + al("C", "1918", **BAD)) == ["NA41 12.2.1"]
    assert rules_in_turn(rs, H + Z + al("C", "1918") + ADVANCE) == []


def test_an_undone_drag_away_does_not_forget_the_elimination():
    """NA41 12.2.1, 14 (review rv-g22 item 2): C's retreat is judged eliminating; a position with C
    dragged on to 1917 and A's advance (an undone step's, judged and not reported) is judged; the
    undo puts C back in 1918, where its retreat eliminated it: A's advance through C's ZOC is legal
    again (before: reading the position at 1917 dropped the memory, and the advance was NA41 14.4)."""
    rs = ruleset_for(position(H).game)
    assert rules_in_turn(rs, H + Z + al("C", "1918", **BAD)) == ["NA41 12.2.1"]
    rules_in_turn(rs, H + Z + al("C", "1917") + ADVANCE)
    assert rules_in_turn(rs, H + Z + al("C", "1918") + ADVANCE) == []
