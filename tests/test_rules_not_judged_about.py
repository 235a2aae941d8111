"""RuleSet.not_judged's reasons (imfix24): one a rule, the first given, but an open move's own
latest (the audit judges an open move again at each drag: na41-dsbreak24's NA41 14.2 line named
the advance at its second drag)."""
from __future__ import annotations

from im_util import kit
from rules_util import position
from vmodgen.rules import ruleset_for


def test_not_judged_keeps_the_first_reason_but_an_open_moves_latest():
    """RuleSet.not_judged (imfix24): one reason per rule, the first given; a reason ``about`` a unit
    (an open move judged again at each drag) is replaced by a later one about the same unit, never
    by one about another unit or about nothing."""
    rs = ruleset_for(position(kit()).game)
    rs.not_judged("R", "A moved 2 hexes", about="A")
    rs.not_judged("R", "B moved 3 hexes", about="B")
    rs.not_judged("R", "no unit")
    rs.not_judged("R", "A moved 4 hexes", about="A")
    rs.not_judged("S", "first")
    rs.not_judged("S", "second")
    assert rs.take_not_judged() == {"R": "A moved 4 hexes", "S": "first"}
    rs.not_judged("R", "B moved 1 hex", about="B")       # (a take starts afresh)
    rs.not_judged("R", "A moved 5 hexes", about="A")
    assert rs.take_not_judged() == {"R": "B moved 1 hex"}
