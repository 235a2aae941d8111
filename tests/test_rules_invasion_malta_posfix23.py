"""Review rv-i23 item 2: a Disrupted marker on a unit that retreated may be its own combat's (a d
result, 3.82; 13.45D: every unit retreating through enemy ZOC ends disrupted), so a disruption
halving its MA to 0 (3.83) counts for 13.37 only when ``prev_disrupted`` (the Disrupted markers of
the previous phase end, which the audit records) shows it before the combat."""
from __future__ import annotations

from im_util import al, kit, x
from rules_util import position
from vmodgen.rules import ruleset_for
from vmodgen.rules.games.invasion_malta.carried import MaltaMemory


def test_remember_records_the_disrupted_markers_of_the_phase_end():
    """RuleSet.remember writes prev_disrupted: the units under a Disrupted marker at the phase end."""
    before = position(kit("movement") + x("P", "2019") + al("A", "2020"))
    after = position(kit("combat-declaration") + x("P", "2019", status=["disrupted"]) + al("A", "2020"))
    rs = ruleset_for(after.game)
    memory = MaltaMemory()
    rs.remember(before, after, memory)
    assert memory.prev_disrupted == ["P"]
    rs.remember(after, position(kit("bombardment") + x("P", "2019") + al("A", "2020")), memory)
    assert memory.prev_disrupted == []
