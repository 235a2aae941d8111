"""Invasion: Malta round 20 (rulebook positions written as a stranger writes them): the rules the
round added, on both sides of their edges, from the rulebook positions
``tests/data/positions/rulebook/invasion_malta/r20-*.toml`` changed in one place here."""
from __future__ import annotations

import pytest

from im_util import found
from vmodgen.errors import InputError
from vmodgen.rules.position_file import load_position


def test_bombardment_targets_range_and_combining(tmp_path):
    """10.13: range 4 reaches 4 hexes, not 5; 10.24: 2 German, 4 British units a hex (one more is
    found), the cap a parameter; 10.22: a Fired unit from an earlier phase (prev_fired) is not a
    fire now; without declared attacks, not judged."""
    assert found(tmp_path, "r20-bombard-range-four-exact.toml")[0] == []
    assert "IM 10.13" in found(tmp_path, "r20-bombard-range-four-exact.toml", ('hex = "2025"', 'hex = "2026"'))[0]
    three = "r20-bombard-three-german-artillery-one-hex.toml"
    assert found(tmp_path, three)[0] == ["IM 10.24"]
    assert found(tmp_path, three, ("prev_fired = []", 'prev_fired = ["G3"]'))[0] == []
    assert found(tmp_path, three, ("prev_fired = []", "prev_fired = []\n\n[rules]\naxis_artillery_per_attack_max = 3"))[0] == []
    assert found(tmp_path, "r20-bombard-five-british-artillery-one-hex.toml")[0] == ["IM 10.24"]
    rules, why = found(tmp_path, "r20-bombard-axis-hex-not-attacked.toml", ('[[attacks]]\nhex = "2021"\nunits = ["X1"]\n', ""))
    assert rules == [] and "IM 10.24" in why


def test_kgs_drop_whole_in_order_and_keep_their_units(tmp_path):
    """15.14: a unit left in its KG box while the rest dropped, a KG dropping before KG1, a KG still
    in its box at GT1's end (not when 15.44 may have sent it back), a unit in another KG's box; a
    position naming no scenario of the kit: not judged."""
    assert found(tmp_path, "r20-kg5-one-unit-held-back.toml")[0] == ["IM 15.14"]
    assert found(tmp_path, "r20-kg-all-six-dropped-gt1.toml")[0] == []
    assert found(tmp_path, "r20-kg2-drops-before-kg1.toml")[0] == ["IM 15.14"]
    late = "r20-kg6-not-dropped-by-gt1-end.toml"
    assert found(tmp_path, late)[0] == ["IM 15.14"]
    assert found(tmp_path, late, ("turn = 1", "turn = 3"))[0] == []
    assert found(tmp_path, "r20-kg6-back-on-card-two-steps-lost.toml")[0] == []
    assert found(tmp_path, "r20-kg1-unit-in-kg2-box.toml")[0] == ["IM 15.14"]
    rules, why = found(tmp_path, "r20-kg1-unit-in-kg2-box.toml", ('scenario = "Scenario 3"\n', ""))
    assert rules == [] and "IM 15.14" in why


def test_no_air_mission_in_a_storm(tmp_path):
    """11.14: an air unit on a map hex in a Storm turn is found, in Windy weather not; at the
    Weather Phase's end (before the turn's missions) not."""
    storm = "r20-leros-storm-ju88-bombardment.toml"
    assert found(tmp_path, storm)[0] == ["IM 11.14"]
    assert found(tmp_path, "r20-leros-windy-ju88-bombardment.toml")[0] == []
    assert found(tmp_path, storm, ('phase = "Bombardment Phase (air and naval only)"', 'phase = "weather"'))[0] == []


def test_no_turn_after_a_sudden_death(tmp_path):
    """19.21, 19.22: at a Weather Phase end past GT1 the Axis holds no sudden-death hex of its
    scenario; Leros 2706 is Scenario 4's only, Cospicua Scenarios 1-3's; an Allied unit there too
    (no Axis control), or the first turn, is no finding."""
    assert found(tmp_path, "r20-leros-turn-after-sudden-death.toml")[0] == ["IM 19.22"]
    assert found(tmp_path, "r20-malta-turn-after-cospicua.toml")[0] == ["IM 19.21"]
    # round 23: a Malta unit in the Leros scenario is 4.12's (its map), never 19.21's
    assert found(tmp_path, "r20-malta-turn-after-cospicua.toml", ('scenario = "Scenario 3"', 'scenario = "Scenario 4"'),
                 ('hex = "2933"', 'hex = "Malta 2933"'))[0] == ["IM 4.12"]
    assert found(tmp_path, "r20-malta-turn-after-castile-marker.toml")[0] == ["IM 19.21"]
    assert found(tmp_path, "r20-malta-turn-after-cospicua.toml", ("turn = 4", "turn = 1"))[0] == []


@pytest.mark.parametrize("key", ["bombarded = {G1 = \"2021\"}", "motor_pool = 4"])
def test_state_keys_no_rule_reads_are_refused(tmp_path, key):
    """[state]: a key no rule of the game reads is refused, never passed over."""
    f = tmp_path / "p.toml"
    f.write_text(f'[position]\ngame = "invasion-malta"\nturn = 3\n\n[state]\ntime = "am"\n{key}\n', encoding="utf-8")
    with pytest.raises(InputError, match=r"\[state\] \w+: no rule of the invasion-malta rule set reads this key"):
        load_position(str(f))
