"""Invasion: Malta air units in a log of the bundled module (11.52): its roster has only Italian
HQs (the German HQs of the book's formations are not in the kit), so no air unit can stand where
11.52 puts it; the audit says where they stand is not judged instead of finding every one."""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from vmodgen.audit import audit
from vmodgen.testing.log_writer import LogWriter


@pytest.fixture(scope="module")
def im(tmp_path_factory):
    return bundled_module("invasion-malta", tmp_path_factory, "imair")


def test_air_unit_on_a_hex_without_a_german_hq_in_the_game_is_not_judged(im):
    """IM 11.52, turn 1 Movement Phase: the Ju88 is put on 2218 (no HQ there, no attack declared),
    in a game whose pieces have no German HQ: no 11.52 finding, a not-judged note naming it."""
    kit, module, root = im
    w = LogWriter.from_module_setup(module, None, kit=kit, player="Carol", player_id="pw-imair")
    w.set_turn(1, "Movement Phase")
    w.move("Ju88", "2218")
    w.advance(1)
    r = audit([w.write(root / "air.vlog")], module=module)
    assert "IM 11.52" not in [f.rule for f in r.findings], [f.message for f in r.findings]
    notes = r.to_json()["coverage"]["rules_not_judged"]
    assert any(n["rule"] == "IM 11.52" and "German HQ" in n["why"] for n in notes), notes
