"""Invasion: Malta, review rv-l23 of im23 (imfix25): 13.36's "two combats out of one hex" reads
the enemy hexes at the phase start only; 16.13 counts only the Allied units on the port before
the landing. Logs of the bundled module, built as the reviewer's scripts were."""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from games_util import not_judged

#: the Allied retreats of ``test_rules_invasion_malta_im23``'s 13.36 log
ALLIED = [("5/3", "axis-eliminated"), ("Matilda II tank", "1524"), ("Matilda II tank", "1424"),
          ("B/3 KOMR", "1524"), ("B/3 KOMR", "1424")]


@pytest.mark.parametrize("order", ["other-first", "other-after"])
def test_an_enemy_unit_retreating_beside_the_start_later_does_not_make_two_combats(tmp_path_factory, order):
    """13.36 「ユニットは、他の友軍ユニットがすでにヘクス内にあると、敵ZOC内でその退却を終了できる」 with 9.1:
    the im23 log with one enemy hex next to 1525 (KG1-3 in 1626; KG1-2 stands in 1623, not next
    to it), so the Matilda and B/3 KOMR fought one combat out of 1525 and B/3 KOMR's retreat
    into the Matilda's hex in KG1-1's ZOC is found (13.53). KG1-2 also retreats 1623 → 1624 →
    1625 in the Combat Phase (before or after the Allied retreats): it stands next to 1525 only
    after its own combat, so no second combat was declared out of 1525. Before imfix25 the unit's
    present hex counted, and B/3 KOMR's finding became "IM 13.36 not judged"."""
    from test_audit_invasion_combat_imnafix22 import RING, _log
    im = bundled_module("invasion-malta", tmp_path_factory, "imfix25-1336")
    other = [("S3-KG1-2", "1624"), ("S3-KG1-2", "1625")]
    combat = other + ALLIED if order == "other-first" else ALLIED + other
    r = _log(im, f"later-{order}.vlog", [("5/3", "1424"), *RING], combat,
             extra=[("Matilda II tank", "1525")], movement=[("B/3 KOMR", "1525")])
    found = sorted(f.unit_names for f in r.findings if f.rule.startswith("IM 13.") and "KG1" not in str(f.units))
    assert found == [("B/3 KOMR",), ("Matilda II",)], [(f.rule, f.message) for f in r.findings]
    assert not_judged(r, "IM 13.36") == []
