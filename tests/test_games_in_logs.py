"""The three games in logs (issue 21): no rule judged on a state the audit guessed. Logs written
with the project's log writer on the bundled modules, played as players do (scenario set-ups,
the turn tracker pressed phase by phase, files in a chain).

* Invasion: Malta, Scenario 3: KG1 paradrops on GT1 with an airhead; three turns. The time of day
  comes from the kit's turn cycle (GT1 AM, GT2 PM, GT3 Night); the dropped units trace to their
  airhead (6.31) at the Night Supply Status Phase, so a clean game gives no finding (before: 6.12
  on GT1 for every dropped unit, the turn taken as Night and the airhead not theirs).
* Operation Mercury, Scenario 3: German paratroops dropped on GT1; a file that continues from the
  previous file's memory still sees them as arrived this turn (4.18, 5.23); a file audited alone
  that starts in the Paradrop Phase judges the units it sees dropping and leaves the others not
  judged.
* North Africa '41, S1: a mechanized unit moving 7 MP with MA 6 uses extended movement (5.3), legal
  without announcing it; 9 MP with MA 5 is reported, saying which allowances were tried.
"""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from games_util import audit_chain, found, palette_piece
from vmodgen.positions.model import position_of
from vmodgen.testing.log_writer import LogWriter


def phase_ids(kit) -> list[str]:
    return [p.id for p in kit.game.sequence.phases]


# ---- Invasion: Malta ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def im(tmp_path_factory):
    return bundled_module("invasion-malta", tmp_path_factory, "games-im")


def im_game(kit, module, dirty: bool) -> LogWriter:
    """GT1 Airborne Operations: 5/3 and KG1-1 drop into 2020, KG1-2 into 2021, an airhead in 2020;
    Movement: KG1-2 moves 1 hex (15.16 allows 1 in Scenario 3). Then on to GT3's Victory Phase.
    Dirty: KG1-1 moves 2 hexes (15.16) and an OoS marker goes on 5/3 in GT2's (PM) Supply Status
    Phase (6.12: only at Night)."""
    ids = phase_ids(kit)
    w = LogWriter.from_module_setup(module, kit=kit, player="Axis", player_id="pw-im")
    w.advance(ids.index("airborne"))
    for unit, hexid in (("5/3", "2020"), ("S3-KG1-1", "2020"), ("S3-KG1-2", "2021")):
        w.move(unit, hexid)
    w.add(*palette_piece(module, "airhead"), "2020")
    w.advance(1)                                             # Movement Phase
    w.move("S3-KG1-2", "2022")
    if dirty:
        w.move("S3-KG1-1", "2021").move("S3-KG1-1", "2022")
    w.advance(len(ids) - ids.index("movement") + ids.index("supply-status"))      # GT2 Supply Status
    if dirty:
        w.add(*palette_piece(module, "oos"), "2020")
    w.advance(len(ids) - ids.index("supply-status") + len(ids) - 1)             # GT3 Victory Phase
    return w


def test_im_clean_game_of_three_turns_gives_nothing(im):
    """IM 6.12, 6.14, 6.31, 8.43 on a clean game: GT1-2 are AM and PM (no OoS check), the GT3
    Night check finds the dropped units in supply through their airhead. The weather is never
    recorded, but the drop is on GT1, whose weather is automatically Good (7.12): 8.43 is judged
    in full (before round 7 its weather half was listed as not judged)."""
    kit, module, root = im
    r, not_judged = audit_chain([im_game(kit, module, False).write(root / "clean.vlog")], module)
    assert found(r) == []
    assert "IM 8.43" not in not_judged and "IM 6.12" not in not_judged


def test_im_dirty_game_gives_exactly_its_planted_findings(im):
    """IM 15.16 at the second drag of KG1-1 (GT1 Movement), IM 6.12 at the OoS marker placed in
    GT2's Supply Status Phase, a PM turn by the kit's turn cycle."""
    kit, module, root = im
    r, _ = audit_chain([im_game(kit, module, True).write(root / "dirty.vlog")], module)
    assert found(r) == [(14, 1, "movement", "IM 15.16", ("S3-KG1-1",)),
                        (38, 2, "supply-status", "IM 6.12", ("5/3",))]
    assert "PM turn" in r.findings[1].message


def test_im_oos_marker_timing_rests_on_the_turn_cycle_not_the_map(im):
    """IM 6.12 (OoS marker on a PM turn) shares its id and kind with the Night supply route: the
    timing finding reads the kit's turn cycle (illustrative), never the terrain of the marked
    unit's hex (illustrative too), which only the route reads."""
    kit, module, root = im
    assert kit.map.info("2020").illustrative                   # else the test shows nothing
    r, _ = audit_chain([im_game(kit, module, True).write(root / "dirty-ill.vlog")], module)
    timing = next(f for f in r.findings if f.rule == "IM 6.12")
    kinds = {i.kind: i.items for i in timing.illustrative}
    assert "terrain" not in kinds
    assert set(kinds.get("rule", ())) == {"turns_per_day", "turn_cycle"} & set(kit.game.illustrative_rules)
    assert kinds.get("rule")


def test_im_chain_and_a_file_that_starts_mid_game(im):
    """IM 6.12, 6.14, 6.31: the clean game cut into two files at GT2's Weather Phase. As a chain,
    the second file knows from the first one's memory that the units paradropped: no finding. The
    second file alone cannot know how the Axis units on the map at its start arrived: the GT3
    Night supply check is not judged for them (no false accusation), and the coverage says why."""
    kit, module, root = im
    ids = phase_ids(kit)
    first = LogWriter.from_module_setup(module, kit=kit, player="Axis", player_id="pw-im")
    first.advance(ids.index("airborne"))
    for unit, hexid in (("5/3", "2020"), ("S3-KG1-1", "2020"), ("S3-KG1-2", "2021")):
        first.move(unit, hexid)
    first.add(*palette_piece(module, "airhead"), "2020")
    first.advance(len(ids) - ids.index("airborne"))          # GT2 Weather Phase
    a = first.write(root / "im-1.vlog")
    second = first.save_point()
    second.advance(len(ids) + len(ids) - 1)                  # GT3 Victory Phase
    b = second.write(root / "im-2.vlog")
    r, not_judged = audit_chain([a, b], module)
    assert found(r) == [] and "IM 6.12" not in not_judged
    r, not_judged = audit_chain([b], module)
    assert found(r) == [] and "with no earlier file" in not_judged["IM 6.12"]


def test_im_paradrop_on_a_turn_the_cycle_calls_night(im):
    """IM 8.43, 6.12: KG2 drops on GT3, a Night turn by the kit's (inferred) cycle. A turn with a
    paradrop is not Night (8.43), so the time of GT3 is unknown: no 8.43 finding on an assumed
    Night, and the GT3 Night supply check is not judged either; both say why."""
    kit, module, root = im
    ids = phase_ids(kit)
    w = LogWriter.from_module_setup(module, kit=kit, player="Axis", player_id="pw-im")
    w.advance(2 * len(ids) + ids.index("airborne"))          # GT3 Airborne Operations
    w.move("S3-KG2-1", "2020").move("S3-KG2-2", "2021")
    w.add(*palette_piece(module, "airhead"), "2020")
    w.advance(len(ids) - ids.index("airborne"))              # GT4 Weather
    r, not_judged = audit_chain([w.write(root / "gt3-drop.vlog")], module)
    assert found(r) == []
    assert "entered the map by air" in not_judged["IM 6.12"] and "IM 8.43" in not_judged


def test_im_time_unknown_is_not_judged(im):
    """IM 6.12: with no turn cycle in the kit and no time named by the tracker, the Night supply
    check is not judged (the issue: every turn was taken as Night)."""
    kit, module, root = im
    from vmodgen.rules import ruleset_for
    rs = ruleset_for(kit.game)
    pos = position_of(kit, [("5/3", "2020")], turn=2, phase="supply-status",
                      hex_markers={"1010": {"beachhead": ""}})
    rs.derive(pos, "Game Turn 2 Supply Status Phase")
    assert pos.state["time"] == "pm"                         # the kit's cycle: am, pm, night
    rs.derive(night := position_of(kit, [], turn=3, phase="airborne"), "Turn 3 Night")
    assert night.state["time"] == "night"                    # the tracker's own words win
    kit.game.rules.pop("turn_cycle")
    try:
        pos = position_of(kit, [("5/3", "2020")], turn=3, phase="supply-status", at="end",
                          hex_markers={"1010": {"beachhead": ""}})
        rs.derive(pos, "Game Turn 3 Supply Status Phase")
        assert "time" not in pos.state and rs.check(pos) == []
        assert "IM 6.12" in rs.take_not_judged()
    finally:
        kit.game.rules["turn_cycle"] = "am, pm, night"


# ---- Operation Mercury -------------------------------------------------------------------------
@pytest.fixture(scope="module")
def om(tmp_path_factory):
    return bundled_module("operation-mercury", tmp_path_factory, "games-om")


def om_files(kit, module, root) -> tuple:
    """File A: GT1 up to the German Paradrop Phase, 9/III/Sturm drops into W4214 (next to the NZ
    battalions in W4314) and Vogel 1 into W4213; the file ends inside the phase, as a PBEM file
    does. File B continues: Vogel 2 drops into W4212, then in the German Movement Phase 9/III/Sturm
    moves W4214 → W4313 (enemy ZOC to enemy ZOC: 5.23, its allowance is 1 hex on the arrival turn)
    and both Vogels move 2 hexes (4.18)."""
    ids = phase_ids(kit)
    w = LogWriter.from_module_setup(module, "Scenario 3: Maleme-Suda, May 20-23", kit=kit, player="German",
                                    player_id="pw-om")
    w.advance(ids.index("german-paradrop"))
    w.add(*palette_piece(module, "G-9-III-Sturm"), "W4214")
    w.add(*palette_piece(module, "G-Vogel-1"), "W4213")
    a = w.write(root / "om-a.vlog")
    w = w.save_point()
    w.add(*palette_piece(module, "G-Vogel-2"), "W4212")
    w.advance(1)
    w.move("G-9-III-Sturm", "W4313")
    w.move("G-Vogel-1", "W4212").move("G-Vogel-1", "W4211")
    w.move("G-Vogel-2", "W4112").move("G-Vogel-2", "W4111")
    w.advance(3)
    return a, w.write(root / "om-b.vlog")


def test_om_chain_continues_from_the_previous_files_memory(om):
    """OM 5.23 and 4.18 on the arrival turn: audited as a chain, file B knows what dropped in
    file A (before: nothing was found, arrivals were compared only within one file)."""
    kit, module, root = om
    a, b = om_files(kit, module, root)
    r, not_judged = audit_chain([a, b], module)
    assert found(r) == [(3, 1, "german-movement", "OM 5.23", ("G-9-III-Sturm",)),
                        (5, 1, "german-movement", "OM 4.18", ("G-Vogel-1",)),
                        (7, 1, "german-movement", "OM 4.18", ("G-Vogel-2",))]
    assert "OM 4.18" not in not_judged


def test_om_file_starting_mid_paradrop_judges_what_it_sees_and_no_more(om):
    """OM 4.18 alone on file B: Vogel 2 is seen coming from the palette and is judged; the units
    already on the map at the file's start may have dropped before it: 4.18 and 5.23 are not
    judged for them, and the coverage says why."""
    kit, module, root = om
    _, b = om_files(kit, module, root)
    r, not_judged = audit_chain([b], module)
    assert found(r) == [(7, 1, "german-movement", "OM 4.18", ("G-Vogel-2",))]
    assert "German Paradrop Phase" in not_judged["OM 4.18"] and "OM 5.23" in not_judged


# ---- North Africa '41 --------------------------------------------------------------------------
@pytest.fixture(scope="module")
def na41(tmp_path_factory):
    return bundled_module("north-africa-41", tmp_path_factory, "games-na41")


def na41_game(kit, module, unit: str, dest: str) -> LogWriter:
    """S1: in GT1's first Axis Movement Phase ``unit`` moves from 1503 to ``dest`` in one drag; then
    two full turns are played through."""
    ids = phase_ids(kit)
    w = LogWriter.from_module_setup(module, "S1 Enter Rommel", kit=kit, player="Axis", player_id="pw-na")
    w.advance(ids.index("i1-axis-movement"))
    w.move(unit, dest)
    return w.advance(2 * len(ids) - ids.index("i1-axis-movement"))


def test_na41_extended_movement_is_tried_before_a_move_is_called_illegal(na41):
    """NA41 5.3: 3 Aufkl (mechanized, MA 6) moves 1503 → 0803, 7 MP: legal by extended movement
    (MA + 3), which a player does not announce (before: 5.1 "needs 7 ... but has 6")."""
    kit, module, root = na41
    r, _ = audit_chain([na41_game(kit, module, "3Aufkl", "0803").write(root / "extended.vlog")], module)
    assert found(r) == []


def test_na41_move_beyond_every_allowance_says_which_it_exceeded(na41):
    """NA41 5.1: 8 MG (mechanized, MA 5) moves 1503 → 0602, 9 MP: more than extended movement's
    8; the finding names the allowances tried."""
    kit, module, root = na41
    r, _ = audit_chain([na41_game(kit, module, "8MG", "0602").write(root / "beyond.vlog")], module)
    assert found(r) == [(9, 1, "i1-axis-movement", "NA41 5.1", ("8MG",))]
    msg = r.findings[0].message
    assert "has 5 movement points" in msg and "extended movement (5.3): 8 MP" in msg



def kit_and_rules(game: str):
    """A bundled game's kit and its rule set, for positions stated in a test."""
    from vmodgen.model.kit import load_kit
    from vmodgen.rules import ruleset_for
    kit = load_kit(game)
    return kit, ruleset_for(kit.game)


def test_na41_position_file_modes_stay_as_stated():
    """NA41 5.1 in a position file: a move whose mode is stated ("move") is judged as that mode
    only (the unannounced modes are for logs, where no mode is written)."""
    kit, rs = kit_and_rules("north-africa-41")
    pos = position_of(kit, [("3Aufkl", "0803", {"previous": "1503"})], turn=1, phase="i1-axis-movement",
                      at="during")
    assert [f.rule for f in rs.check(pos)] == ["NA41 5.1"]
    pos.moves_announced = False
    assert rs.check(pos) == []


# ---- unannounced modes in the other two games ------------------------------------------------
def test_im_infiltration_is_tried_for_a_logged_move():
    """IM 8.24 / 8.5: 5/3 (ER 6) steps 2019 → 2119, both in the ZOC of B/3 KOMR (ER 3) in 2020.
    Stated as a plain move it is 8.24; from a log (mode unknown) it is a legal infiltration. Going
    on to 2120 is no infiltration (one hex only): 8.24 at 2119 and, as a second rule, 8.22 (it
    entered the EZOC at 2119 and moved on), each saying infiltration was tried."""
    kit, rs = kit_and_rules("invasion-malta")
    pos = position_of(kit, [("B/3 KOMR", "2020"), ("5/3", "2119", {"previous": "2019", "path": ["2019", "2119"]})],
                      turn=2, phase="movement", at="during", state={"time": "pm"})
    assert [f.rule for f in rs.check(pos)] == ["IM 8.24"]
    pos.moves_announced = False
    assert rs.check(pos) == []
    pos.units[1] = replace_path(pos.units[1], ["2019", "2119", "2120"])
    got = rs.check(pos)
    assert [(f.rule, f.hexes) for f in got] == [("IM 8.24", ("2119",)), ("IM 8.22", ("2119",))]
    assert all("infiltration (8.5)" in f.message for f in got)


def test_om_strategic_movement_is_tried_for_a_logged_move():
    """OM 4.13 / 4.41: 9/III/Sturm (foot, MA 5) moves 11 hexes along the north coast road from
    E3301 on GT5, far from any enemy: too far for its MA, legal as strategic movement (MA + 2); 15
    hexes is too far for both, and the finding says so."""
    kit, rs = kit_and_rules("operation-mercury")
    road = next(ln.hexes for ln in kit.map.lines if ln.hexes[0] == "E3301")

    def move(n: int):
        return position_of(kit, [("G-9-III-Sturm", road[n], {"previous": road[0], "path": list(road[:n + 1])})],
                           turn=5, phase="german-movement", at="during")
    pos = move(11)
    assert [f.rule for f in rs.check(pos)] == ["OM 4.13"]
    pos.moves_announced = False
    assert rs.check(pos) == []
    pos = move(15)
    pos.moves_announced = False
    got = rs.check(pos)
    assert [f.rule for f in got] == ["OM 4.13"] and "strategic movement (4.4)" in got[0].message


def replace_path(u, path: list[str]):
    from dataclasses import replace
    return replace(u, hex=path[-1], previous=path[0], path=tuple(path))


def test_im_motor_pool_is_tried_for_a_logged_allied_move_at_night():
    """IM 8.13 / 18.12: B/3 KOMR (MA 4) moves 12 hexes along the Valletta - Mellieha road (½ MP a
    hex at Night, 1 MP by day, 8.33). Stated as a plain move it is 8.13; from a log on a Night turn
    it may be a motor-pool move (MA 10, 18.12), legal; on a PM turn the motor pool is closed
    (18.11) and the finding stays."""
    kit, rs = kit_and_rules("invasion-malta")
    path = list(next(ln.hexes for ln in kit.map.lines if ln.name == "Valletta - Mellieha road")[:13])
    for time in ("night", "pm"):
        pos = position_of(kit, [("B/3 KOMR", path[-1], {"previous": path[0], "path": path})],
                          turn=3, phase="movement", at="during", state={"time": time})
        assert [f.rule for f in rs.check(pos)] == ["IM 8.13"], time
        pos.moves_announced = False
        got = rs.check(pos)
        if time == "night":
            assert got == []
        else:
            assert [f.rule for f in got] == ["IM 8.13"] and "motor pool" not in got[0].message
