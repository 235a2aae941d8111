"""North Africa '41 coastal convoys in a log (21.1.1, 21.1.2): the audit gives a hex's markers to
every unit in it, so a unit that moved overland into a port holding a Naval Transport marker
carries the marker too; it did not sail, and is no second convoy. A log written against the module
vmodgen builds (scenario S1)."""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from games_util import palette_piece
from vmodgen.audit import audit
from vmodgen.testing.log_writer import LogWriter


@pytest.fixture(scope="module")
def na41(tmp_path_factory):
    return bundled_module("north-africa-41", tmp_path_factory, "na41convoy")


def test_overland_move_into_a_marked_port_is_no_second_convoy(na41):
    """S1 turn 1, Axis Movement Phase of impulse 1 (rule 21.1.2): Brescia sails Benghazi (3210) ->
    Derna (3727) under a Naval Transport marker, the one free Axis convoy; 2MG moves overland
    3726 -> 3727 into the same stack. One convoy: no 21.1.2 finding."""
    kit, module, root = na41
    w = LogWriter.from_module_setup(module, "S1 Enter Rommel", kit=kit, player="Dan", player_id="pw-convoy")
    w.set_turn(1, 7)                                        # i1-axis-initial: the units get to their start hexes
    w.move("Brescia", "3210").move("2MG", "3726")
    w.advance(1)                                            # -> i1-axis-movement
    w.move("Brescia", "3727")
    w.add(*palette_piece(module, "naval-transport"), "3727", report=False)
    w.move("2MG", "3727")
    w.advance(1)                                            # the Axis Movement Phase ends
    r = audit([w.write(root / "convoy.vlog")], module=module)
    got = [(f.phase, f.rule) for f in r.findings]
    assert ("i1-axis-movement", "NA41 21.1.2") not in got, [f.message for f in r.findings]
