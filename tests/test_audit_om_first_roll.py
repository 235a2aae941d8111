"""OM 9.13, 9.61 in logs: what the audit records of a Combat Phase's first die roll (memory
``om_first_roll``, ``RuleSet.combat_rolls``) when the tracker goes back into the phase, when a
file is missing between two, and what a chain says of a retreat a file ends with and the next
goes on with (review rv-om-c22 items 2, 3, 6). These tests assert "not judged" and "no
contradiction", not where a retreat is measured from."""
from __future__ import annotations

from dataclasses import replace

import pytest

from bundled_module_util import bundled_module
from om_util import H, a
from rules_util import position
from vmodgen.audit import audit
from vmodgen.rules.games.operation_mercury.carried import MercuryMemory
from vmodgen.rules.games.operation_mercury.memory import combat_rolls
from vmodgen.testing.log_writer import LogWriter

SCENARIO = "Scenario 3: Maleme-Suda, May 20-23"


@pytest.fixture(scope="module")
def om(tmp_path_factory):
    return bundled_module("operation-mercury", tmp_path_factory, "om-first-roll")


def _start(om) -> tuple[LogWriter, list[str]]:
    """Scenario 3 with 9/III/Sturm on W4216 and Vogel 1 on W4317 (their ZOC covers W4315, W4316
    and W4217); 19 NZ stands on W4315."""
    from games_util import palette_piece
    kit, module, _ = om
    w = LogWriter.from_module_setup(module, SCENARIO, kit=kit)
    w.add(*palette_piece(module, "G-9-III-Sturm"), "W4216", report=False)
    w.add(*palette_piece(module, "G-Vogel-1"), "W4317", report=False)
    return w, [p.id for p in kit.game.sequence.phases]


def _9_61(r) -> tuple[list, list[str]]:
    return ([(f.hexes, f.message) for f in r.findings if f.rule == "OM 9.61"],
            [e["why"] for e in r.coverage["rules_not_judged"] if e["rule"] == "OM 9.61"])


def test_a_reaction_made_after_the_tracker_went_back_is_no_retreat(om):
    """OM 7.41 (a Defender Reaction moves 1 hex), 9.13, 9.61: the tracker reaches the German Combat
    Phase and a die roll is made; the tracker is set back to the German Defender Reaction Phase,
    where 19 NZ reacts W4312 → W4313; forward again, a roll, 19 NZ retreats W4313 → W4314 → W4415
    (2 hexes), a roll. The reaction was made outside the Combat Phase: no 9.61 finding (before,
    "from W4312, where it stood at the phase's first die roll: 3 hexes": the first roll's record
    outlived the return)."""
    w, ids = _start(om)
    w.move("A-19-NZ-Eng", "W4312").advance(ids.index("german-combat")).roll("1d10", [3])
    w.set_turn(w.current_turn()[0], ids.index("german-defender-reaction"))
    w.move("A-19-NZ-Eng", "W4313").advance(1).roll("1d10", [6])
    w.move("A-19-NZ-Eng", "W4314").move("A-19-NZ-Eng", "W4415").roll("1d10", [2])
    r = audit([w.advance(1).write(om[2] / "prev-reaction.vlog")], module=om[1])
    found, _ = _9_61(r)
    assert found == [], found


def test_a_record_with_no_turn_starts_again_at_each_beginning():
    """OM 9.13 with a phase source that gives no turn (``turn=None``, allowed for chat phases):
    two German Combat Phases seen to begin are two records. After the second one's beginning and
    first roll the record holds where the units stood then, not the first phase's hexes."""
    pos = replace(position(H + a("A19", "4315")), turn=None, phase="german-combat")
    memory = MercuryMemory()
    combat_rolls(pos, memory, False)
    combat_rolls(pos, memory, True)
    later = replace(pos, units=[replace(u, hex="4313") for u in pos.units])
    combat_rolls(later, memory, False)
    combat_rolls(later, memory, True)
    assert memory.om_first_roll is not None and memory.om_first_roll["hexes"] == {"A19": "4313"}


def test_a_file_missing_between_makes_the_first_roll_unknown(om):
    """OM 9.13, 9.61 across a gap: file 1 reaches the German Combat Phase and ends before any roll;
    file 2, left out, has a roll and B/22 NZ moved W4314 → W4414; file 3 drags 19 NZ W4315 →
    W4314 → W4313, a roll, on to W4312, a roll. All three files: the phase's first roll is file
    2's, 19 NZ ends 3 hexes from W4315, a finding. Files 1 and 3: file 3's first roll is not the
    phase's (a unit moved in the gap: play no file holds); the drag to W4312 is named 9.61 not
    judged (3 hexes from W4315), no finding. Before, file 3's roll was taken for the phase's first
    (19 NZ then on W4313): nothing said."""
    w1, ids = _start(om)
    w1.advance(ids.index("german-combat"))
    f1 = w1.write(om[2] / "gap-1.vlog")
    w2 = w1.save_point()
    w2.roll("1d10", [9]).move("A-B-22-NZ", "W4414")
    f2 = w2.write(om[2] / "gap-2.vlog")
    w3 = w2.save_point()
    w3.move("A-19-NZ-Eng", "W4314").move("A-19-NZ-Eng", "W4313").roll("1d10", [4])
    f3 = w3.move("A-19-NZ-Eng", "W4312").roll("1d10", [2]).advance(1).write(om[2] / "gap-3.vlog")
    found, _ = _9_61(audit([f1, f2, f3], module=om[1]))
    assert [h for h, _ in found] == [("W4312",)], found
    found, why = _9_61(audit([f1, f3], module=om[1]))
    assert found == [], found
    assert any("A-19-NZ-Eng" in y and "from W4315" in y for y in why), why


def test_a_retreat_going_on_in_the_next_file_is_not_also_named_not_judged(om):
    """OM 9.61 across a seam: file 1 (German Combat Phase) has a roll, 19 NZ retreats W4315 →
    W4314 → W4313, a roll, 19 NZ dragged on to W4312, and ends; file 2 opens with a roll. The
    chain gives the 9.61 finding in file 2; the coverage no longer also says of that drag that
    "no roll or attacker's move came after it" (file 1's end named it not judged, and the entry
    outlived the next file's going on with the retreat)."""
    w1, ids = _start(om)
    w1.advance(ids.index("german-combat")).roll("1d10", [9])
    w1.move("A-19-NZ-Eng", "W4314").move("A-19-NZ-Eng", "W4313").roll("1d10", [4]).move("A-19-NZ-Eng", "W4312")
    f1 = w1.write(om[2] / "seam-1.vlog")
    f2 = w1.save_point().roll("1d10", [3]).advance(1).write(om[2] / "seam-2.vlog")
    chain = audit([f1, f2], module=om[1])
    found, why = _9_61(chain)
    assert [h for h, _ in found] == [("W4312",)], found
    assert not any("no roll or attacker's move came after it" in y for y in why), why
    alone = audit([f1], module=om[1])
    assert any("no roll or attacker's move came after it" in y for y in _9_61(alone)[1])


def test_a_unit_moved_after_the_tracker_went_back_is_named_not_judged_with_why(om):
    """OM 7.41, 9.13, 9.61 (reviewer case E4): the tracker reaches the German Combat Phase, a die
    roll with 19 NZ on W4312; the tracker is set back to the German Defender Reaction Phase, 19 NZ
    reacts W4312 → W4313; forward again, a roll, 19 NZ retreats W4313 → W4314 → W4415 (2 hexes), a
    roll. Legal play: no finding. 19 NZ ends 3 hexes from its first-roll hex, but it moved since
    out of the phase: 9.61 is named not judged for it, saying the tracker went back (before, the
    whole phase's first roll was dropped and nothing was said)."""
    w, ids = _start(om)
    w.move("A-19-NZ-Eng", "W4312").advance(ids.index("german-combat")).roll("1d10", [3])
    w.set_turn(w.current_turn()[0], ids.index("german-defender-reaction"))
    w.move("A-19-NZ-Eng", "W4313").advance(1).roll("1d10", [6])
    w.move("A-19-NZ-Eng", "W4314").move("A-19-NZ-Eng", "W4415").roll("1d10", [2])
    found, why = _9_61(audit([w.advance(1).write(om[2] / "prev-unit.vlog")], module=om[1]))
    assert found == [], found
    named = [y for y in why if "A-19-NZ-Eng" in y]
    assert len(named) == 1 and "from W4312" in named[0] and "the tracker went back" in named[0], why
    assert "record starts inside" not in named[0]


def test_a_file_missing_after_the_first_roll_is_unknown_per_unit(om):
    """OM 9.13, 9.61 across a gap after the phase's first roll (reviewer case E2b): file 1 reaches
    the German Combat Phase, a roll (19 NZ on W4315, B/22 NZ on W4314), and ends; file 2, left
    out, drags 19 NZ W4314 → W4313, a roll; file 3 drags 19 NZ on to W4312, a roll, then B/22 NZ
    W4314 → W4313 → W4312 (a 2-hex retreat), a roll, and B/22 NZ on to W4311, a roll. Files 1 and
    3: 19 NZ moved in the gap, so its drag (3 hexes from W4315) is named not judged, saying a file
    is missing; B/22 NZ did not, and is still judged from its first-roll hex W4314: 3 hexes after
    a 2-hex earlier part, a finding (before, the whole phase's first roll was dropped: 19 NZ
    silent, B/22 NZ named not judged as if the record started inside the phase)."""
    w1, ids = _start(om)
    f1 = w1.advance(ids.index("german-combat")).roll("1d10", [9]).write(om[2] / "gap-roll-1.vlog")
    w2 = w1.save_point()
    w2.move("A-19-NZ-Eng", "W4314").move("A-19-NZ-Eng", "W4313").roll("1d10", [4])
    w2.write(om[2] / "gap-roll-2.vlog")
    w3 = w2.save_point()
    w3.move("A-19-NZ-Eng", "W4312").roll("1d10", [2])
    w3.move("A-B-22-NZ", "W4313").move("A-B-22-NZ", "W4312").roll("1d10", [5])
    f3 = w3.move("A-B-22-NZ", "W4311").roll("1d10", [7]).advance(1).write(om[2] / "gap-roll-3.vlog")
    found, why = _9_61(audit([f1, f3], module=om[1]))
    assert [(h, "A-B-22-NZ" in m) for h, m in found] == [(("W4311",), True)], found
    assert "from W4314, where it stood at the phase's first die roll" in found[0][1]
    named = [y for y in why if "A-19-NZ-Eng" in y]
    assert len(named) == 1 and "from W4315" in named[0] and "a file is missing" in named[0], why
    assert not any("A-B-22-NZ" in y for y in why), why


def test_a_reaction_and_a_retreat_dragged_in_two_pieces_are_not_one_2_hex_move(om):
    """OM 7.41 (a Defender Reaction moves 1 hex), 9.13, 9.61 (review rv-e22 item 2): 19 NZ on W4312
    in the German Combat Phase; a roll, 19 NZ to W4313 (a reaction), a roll, 19 NZ to W4314, then
    9/III/Sturm W4216 → W4217 (an attacker's drag), then 19 NZ to W4415, a roll. No closed drag of
    19 NZ covered 2 hexes (W4312 → W4313, W4313 → W4314): the reaction, a 1-hex retreat and a
    retreat of the same unit may make it, so 9.61 is named not judged (before: a finding, "from
    W4312 ... 3 hexes", the two 1-hex drags measured as one)."""
    w, ids = _start(om)
    w.move("A-19-NZ-Eng", "W4312").advance(ids.index("german-combat")).roll("1d10", [3])
    w.move("A-19-NZ-Eng", "W4313").roll("1d10", [6])
    w.move("A-19-NZ-Eng", "W4314").move("G-9-III-Sturm", "W4217")
    w.move("A-19-NZ-Eng", "W4415").roll("1d10", [5])
    r = audit([w.advance(1).write(om[2] / "two-pieces.vlog")], module=om[1])
    found, why = _9_61(r)
    assert found == [], found
    assert any("W4313 → W4314 before it covered 1 hex" in y for y in why), why
