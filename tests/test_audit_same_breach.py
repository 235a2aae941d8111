"""One breach seen two ways at one step is one finding (engine.merge_same_breach): the move
finding, which names the unit that broke the rule, its path and the step it entered, with the
position rule's units and sentence added.

IM 8.14 (``../shared/rules/invasion-malta.md`` P-S9: opposing units never share a hex): a unit
that moves into an enemy-held hex breaks it as a move (it may not enter) and as a position (the
hex holds both sides). IM 3.33 (P-S4) the same way for a second tank:
``test_rules_invasion_malta_pass_order.py``. Log of the bundled Invasion: Malta module written
with the project's LogWriter."""
from __future__ import annotations

import pytest
from bundled_module_util import bundled_module
from games_util import palette_piece

from vmodgen.audit import audit
from vmodgen.testing.log_writer import LogWriter

PZ = "PzKpfw IV G tank"


@pytest.fixture(scope="module")
def im(tmp_path_factory):
    return bundled_module("invasion-malta", tmp_path_factory, "im-same-breach")


def test_a_move_into_an_enemy_hex_is_one_finding_naming_both_units(im):
    """The Allied A/4 is put on 2220 (GT2's Draw phase); in GT2's Movement Phase the PzKpfw IV G
    moves 2218 → 2219 → 2220, into A/4's hex. One IM 8.14 finding at that step (before: two, the
    move's "2220 holds enemy combat units" and the position's "2220 holds units of both sides").
    The IM rule set itself gives one finding per hex, naming the move into it (so ``check`` of a
    position does too); the engine's merge of a same-breach pair then has nothing to fold."""
    kit, module, root = im
    w = LogWriter.from_module_setup(module, None, kit=kit, player="Carol", player_id="pw-im")
    pz = w.add(*palette_piece(module, PZ), "2218", report=False)
    w.set_turn(2, "Draw (AM or CAS air unit) and pass option")
    w.move("A/4", "2220")
    w.set_turn(2, "Movement Phase")
    w.move(pz, "2219").move(pz, "2220")
    r = audit([w.write(root / "into-enemy.vlog")], module=module)
    found = [f for f in r.findings if f.rule == "IM 8.14"]
    assert len(found) == 1
    f = found[0]
    assert set(f.units) == {PZ, "A/4"} and f.hexes == ("2220",)
    assert "2218 →" in f.message and "→ 2220" in f.message and "enemy combat units (A/4)" in f.message
