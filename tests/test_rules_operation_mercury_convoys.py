"""Operation Mercury 21.11-21.13 (the optional No Naval Game rules, 21.0), 6.31, 6.53, 6.11, 6.51 and
17.37: where an Allied convoy may arrive and how big it is, which arrivals may carry a Dispersed
marker, the airlanding groups' order the kit cannot hold, and which box each arrival phase takes
units from."""
from __future__ import annotations

import pytest

from om_util import a, g
from om_util import kit as K
from rules_util import position, rules, section
from vmodgen.rules import ruleset_for

NO_NAVAL = section("rules", no_naval_game=True)


def convoy(turn: int, where: str, **kw) -> str:
    """An Allied unit (inline values) unloaded from Alexandria at ``where`` in GT ``turn``."""
    return K(turn=turn, phase="naval-unloading") + a("C", where, previous="alexandria", **kw)


@pytest.mark.parametrize("turn, where, ok", [
    (6, "W4031", True), (9, "E3136", True),         # Suda, Heraklion: Night turns (GT6, GT9)
    (5, "W4031", False), (7, "E3136", False),       # the same in PM and AM turns
    (4, "W2032", True), (6, "W1810", True),         # South Crete anchorages, any turn
    (6, "E3409", False), (9, "W4003", False),       # Retimo, Kisamos Kastelli: never
    (3, "W4228", False), (6, "offmap-sitia", False),  # Canea, Sitia: never
])
def test_no_naval_game_convoy_arrivals(turn, where, ok):
    """OM 21.13 with no_naval_game: a. Suda or Heraklion in Night turns only; b. a South Crete
    anchorage in any turn; never Kisamos Kastelli, Canea, Retimo or Sitia."""
    got = rules(convoy(turn, where) + NO_NAVAL)
    assert ("OM 21.13" not in got) is ok, got


def test_convoy_rule_binds_only_the_optional_game():
    """Without no_naval_game (the naval game), 17.37 lets a TF unload at any minor port or
    anchorage: Retimo's anchorage at night and Suda in a day turn are no 21.13 finding."""
    assert "OM 21.13" not in rules(convoy(6, "E3409"))
    assert "OM 21.13" not in rules(convoy(5, "W4031"))



@pytest.mark.parametrize("units, ok", [
    ([("C1", "W4031", 2), ("C2", "W4031", 2), ("C3", "W4031", 2)], True),     # 6 steps at Suda
    ([("C1", "W4031", 2), ("C2", "W4031", 2), ("C3", "W4031", 2), ("C4", "W4031", 1)], False),  # 7 steps
])
def test_convoy_holds_six_steps(units, ok):
    """OM 21.11-21.12 with no_naval_game: one convoy a turn, of at most 6 steps: the Allied units
    unloaded in one turn (GT9, Night, Suda) may hold 6 steps, not 7; without no_naval_game (task
    forces) no finding."""
    body = K(turn=9, phase="naval-unloading") + "".join(
        a(uid, where, previous="alexandria", steps=n) for uid, where, n in units)
    assert ("OM 21.11" not in rules(body + NO_NAVAL)) is ok
    assert "OM 21.11" not in rules(body)


def test_convoy_one_destination_a_turn():
    """OM 21.12: one convoy every other turn, with one destination: units unloaded from Alexandria
    at Suda and at Sfakia in one turn are two convoys; both at Suda, one."""
    two = K(turn=9, phase="naval-unloading") + a("C1", "W4031", previous="alexandria") + \
        a("C2", "W2032", previous="alexandria")
    assert "OM 21.12" in rules(two + NO_NAVAL)
    assert "OM 21.12" not in rules(two.replace("W2032", "W4031") + NO_NAVAL)


@pytest.mark.parametrize("status, ok", [("paradropped", True), ("airlanded", False), ("unloaded", False)])
def test_dispersed_only_from_a_landing_roll(status, ok):
    """OM 6.31: a Dispersed marker on a unit that paradropped this turn is legal; on one that
    airlanded or was unloaded this turn (no landing roll that disperses) it is a finding."""
    phase = {"paradropped": "german-paradrop", "airlanded": "german-movement", "unloaded": "naval-unloading"}[status]
    side = a if status == "unloaded" else g
    p = K(turn=4, phase=phase) + g("H", "W4415") + side("U", "W4415" if side is g else "W4031",
                                                        status=[status, "dispersed"])
    assert ("OM 6.31" not in rules(p)) is ok


def test_dispersed_paradrop_placement_is_no_move():
    """OM 6.32: a dispersed unit placed from the first-wave box in the Paradrop Phase did not move
    (it was reported as a dispersed unit moving)."""
    p = K(turn=1, phase="german-paradrop") + g("P", "W4216", previous="german-first-wave", status=["dispersed"])
    assert "OM 6.32" not in rules(p)


@pytest.mark.parametrize("turn, phase, ok", [(2, "german-movement", False), (1, "german-movement", True),
                                             (3, "recovery", False)])
def test_wave_unit_left_in_its_box(turn, phase, ok):
    """OM 6.11: a second-wave unit still in its box at the end of GT2's German Movement Phase or
    later is a finding; on GT1 it waits legally."""
    got = rules(K(turn=turn, phase=phase) + g("W", "german-second-wave"))
    assert ("OM 6.11" not in got) is ok, got


def test_wave_unit_in_its_box_at_the_end_of_its_paradrop_phase_is_not_judged():
    """OM 6.11: at the end of GT2's Paradrop Phase a second-wave unit still in its box is named not
    judged (a drop seen in the German Movement Phase is read as the paradrop), and during the phase
    it is still being placed: nothing."""
    got, why = judged(K(turn=2, phase="german-paradrop") + g("W", "german-second-wave"))
    assert got == [] and "OM 6.11" in why
    got, why = judged(K(turn=2, phase="german-paradrop") + 'at = "during"\n' + g("W", "german-second-wave"))
    assert got == [] and "OM 6.11" not in why


def judged(text: str) -> tuple[list[str], dict[str, str]]:
    """The rules found in ``text`` and what the check could not judge (rule id -> why)."""
    pos = position(text)
    rs = ruleset_for(pos.game)
    return sorted({f.rule for f in rs.check(pos)}), rs.take_not_judged()


def test_convoy_night_port_without_a_turn_is_not_judged():
    """21.13a needs the turn's time of day: without a turn it is named not judged, not passed."""
    got, why = judged(K(turn=None, phase="naval-unloading") + a("C", "W4031", previous="alexandria") + NO_NAVAL)
    assert "OM 21.13" not in got and "OM 21.13" in why


def test_airlanding_with_units_waiting_names_6_53_not_judged():
    """OM 6.53: with units still in the airlanding box, whether the landed one's group came first is
    on the set-up card: named not judged, not passed; with the box empty nothing is named."""
    head = K(turn=4, phase="german-movement") + g("H", "W4415") + g("L", "W4415", previous="german-airlanding")
    got, why = judged(head + g("W", "german-airlanding"))
    assert got == [] and "OM 6.53" in why
    got, why = judged(head)
    assert got == [] and "OM 6.53" not in why


@pytest.mark.parametrize("phase, box, side, want", [
    ("german-paradrop", "german-airlanding", g, "OM 6.11"),        # airlanding groups do not paradrop
    ("amphibious-landing", "german-airlanding", g, "OM 6.51"),     # nor land from the sea
    ("naval-unloading", "german-airlanding", g, "OM 6.51"),
    ("german-paradrop", "alexandria", a, "OM 17.37"),              # by sea, in the Naval Unloading Phase
    ("german-paradrop", "allied-reinforcements", a, "OM 17.37"),
    ("german-paradrop", "german-second-wave", g, None),            # the wave boxes paradrop
    ("naval-unloading", "alexandria", a, None),                     # unloaded
])
def test_each_arrival_phase_takes_units_from_its_boxes(phase, box, side, want):
    """6.11, 6.51, 17.37: a unit placed on W2032 (Sfakia anchorage) from a holding box in GT2's arrival
    phases: the airlanding groups land by air in the German Movement Phase, Alexandria's units and
    the Allied reinforcements come by sea in the Naval Unloading Phase, only the wave boxes' units
    paradrop."""
    got = rules(K(turn=2, phase=phase) + side("U", "W2032", previous=box))
    if want is None:
        assert not {"OM 6.11", "OM 6.51", "OM 17.37"} & set(got), got
    else:
        assert want in got, got


def test_returning_militia_is_no_unloading():
    """13.63: a Greek militia unit placed from its box in the Naval Unloading Phase is a return out of
    its phase (13.63), not an unloading judged by 4.17 (Canea W4227 is no port)."""
    got = rules(K(turn=4, phase="naval-unloading") + "\n[[units]]\nunit = \"A-GkMil-1\"\nhex = \"W4227\"\n"
                "previous = \"greek-militia-removed\"\n")
    assert "OM 13.63" in got and "OM 4.17" not in got


@pytest.mark.parametrize("where, control, judged", [
    ("W4003", "", True), ("offmap-sitia", "", True),      # anchorages 21.13 bars to the Allies
    ("W4031", "german", True),                            # a minor port friendly to the Germans
    ("W4031", "allied", False), ("W1922", "", False),     # another convoy may unload there (17.37)
])
def test_german_convoy_arrival_without_naval_game(where, control, judged):
    """OM 21.32 (round rulepos27; before, nothing said): German steamer and DD convoys arrive only at
    Kisamos Kastelli, Canea, Retimo, Sitia or a German minor port; the other convoys unload by 17.37
    anywhere, and which convoy carried a unit is not recorded: elsewhere 21.32 is not judged."""
    text = (K(turn=7, phase="naval-unloading") + NO_NAVAL + g("G", where, previous="athens")
            + (f'\n[[hexes]]\nhex = "{where}"\ncontrol = "{control}"\n' if control else ""))
    p = position(text)
    rs = ruleset_for(p.game)
    assert [f.rule for f in rs.check(p)] == []
    assert ("OM 21.32" not in rs.take_not_judged()) == judged


def test_german_convoy_anchorages_are_the_maps_outside_south_crete():
    """21.32 / 21.13: the German steamer and DD convoys' anchorages are those 21.13 bars to the Allies,
    Kisamos Kastelli, Canea, Retimo and Sitia: read from the map's anchorage places outside the South
    Crete sector (one source; review rv-rp27 item 6), plus the off-map Sitia box."""
    from vmodgen.rules.games.operation_mercury.movement import german_convoy_anchorages
    p = position(K(9, "naval-unloading"))
    rs = ruleset_for(p.game)
    board = rs.board(p)
    got = german_convoy_anchorages(rs, board)
    names = {pl.name for pl in board.map.places if pl.hex in got and pl.kind == "anchorage"}
    assert names == {"Kisamos Kastelli", "Canea anchorage", "Retimo"} and "offmap-sitia" in got
    assert not {pl.hex for pl in board.map.places if pl.name in ("Palaiochora", "Agia Roumeli", "Sfakia")} & got
