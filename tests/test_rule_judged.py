"""When a rule is judged: one declaration on the rule (``Rule.judged``, :class:`Judged`), read by
the engine's phase-end re-check, ``audit/pending.py`` and the coverage."""
from __future__ import annotations

from vmodgen.audit.run import make_binding
from vmodgen.rules import ruleset_for
from vmodgen.rules.base import Judged, Rule, RuleSet

from bundled_module_util import bundled_module


def test_one_declaration_on_the_rule(tmp_path_factory):
    """OM: the arrivals re-checked at the phase end that records them (6.51-6.56 airlanding,
    5.25 unloading, 17.41 landings, 4.58 box drops, 6.11 the wave's turn of a drop recorded in any
    arrival phase) are ``REMEMBERED``; 9.61's retreats and
    advances, recorded at the combat phase's end, are ``RECORD``; the stacking limits 4.31 and
    4.16 and where the ships are, 16.15 (every phase end, the units' places only), are ``STATE``. The rule set declares nothing
    of it besides the rules (no second list of ids)."""
    b, _ = make_binding(str(bundled_module("operation-mercury", tmp_path_factory, "judged-om").module))
    rs = ruleset_for(b.game)
    by = {r.id: r.judged for r in rs.rules()}
    assert {k for k, v in by.items() if v is Judged.REMEMBERED} == {"OM 6.52", "OM 5.25", "OM 17.41", "OM 4.58",
                                                                             "OM 6.11"}
    assert {k for k, v in by.items() if v is Judged.RECORD} == {"OM 9.61"}
    assert {k for k, v in by.items() if v is Judged.STATE} == {"OM 4.31", "OM 4.16", "OM 16.15"}
    assert not hasattr(RuleSet, "JUDGED_AT_REMEMBER")
    assert "from_record" not in {f for f in Rule.__dataclass_fields__}
