"""Invasion: Malta, round rulepos29: a KG's paradrop made out of its phase (15.21, 7.14 A)."""
from __future__ import annotations

from im_util import DATA, found
from vmodgen.rules import ruleset_for
from vmodgen.rules.position_file import load_position


def test_kg_drop_out_of_its_phase(tmp_path):
    """15.21 「落下傘フェイズ中に KG が落下傘降下を実行する」: 5/3 coming from the KG1 box is legal at the end of
    the Airborne Operations Phase and found at the end of the Movement or Combat Phase; an air
    transport box is not judged so (round left22: it is IM 15.71's, no transport phase), nor is a
    log (a drag may follow the tracker a step late)."""
    drop = "r29-kg-drop-in-airborne-phase.toml"
    assert found(tmp_path, drop) == ([], {})
    for phase in ("Movement Phase", "Combat Phase", "Reset Phase"):
        assert found(tmp_path, drop, ('phase = "Airborne Operations Phase"', f'phase = "{phase}"'))[0] \
            == ["IM 15.21"], phase
    assert found(tmp_path, drop, ('phase = "Airborne Operations Phase"', 'phase = "Movement Phase"'),
                 ('previous = "axis-paradrop-kg1"', 'previous = "axis-air-transport"'))[0] == ["IM 15.71"]
    pos = load_position(str(DATA / "r29-kg-drop-in-movement-phase.toml"))
    rules = ruleset_for(pos.game)
    assert [f.rule for f in rules.check(pos)] == ["IM 15.21"]
    pos.moves_announced = False                    # as the audit builds a log's step
    assert "IM 15.21" not in [f.rule for f in rules.check(pos)]
