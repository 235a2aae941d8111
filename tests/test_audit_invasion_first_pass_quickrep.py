"""IM 4.21 B.3 「すべての活性化マーカーがプレイされるまで…繰り返す」 (reviews rv-m23 item 1, rv-j23 item 1): the
Operations Segment is played once per Activation Marker while the kit's tracker runs it once a turn,
so a log's tracker in it may stand in an earlier activation's phases. A log whose tracker stepped
forward from the turn's phases before the segment, with no Prev or jump back, shows the turn's
first pass only where it shows the AMs: AMs in the cup at the segment's start and none gone since
on GT1 (7.12: the first activation plays no AM), one on a later turn (rep25). Then the tracker's
one-phase lag alone decides, and a breach two phases off is a finding. Without AMs in the cup or
pools (the kit's Leros and default set-ups) a second activation played without touching the tracker
looks the same, and so does a Prev: the rule is named not judged, citing 4.21 B.3."""
from __future__ import annotations

import pytest

from bundled_module_util import bundled_module
from games_util import not_judged, palette_piece
from vmodgen.audit import audit
from vmodgen.testing.log_writer import LogWriter

LEROS = "Scenario 4: Leros 1943"
WEATHER = "Weather Phase"
NAVAL = "Naval Transport Phase"
MOVE = "Movement Phase"
BOMB = "Bombardment Phase (artillery and CAS)"
REACTION = "Reaction Movement Phase (inactive player)"
COMBAT = "Combat Phase"
DRAW = "Draw (AM or CAS air unit) and pass option"
#: the AMs put in the cup before the turn starts (7.11): the log then shows them
AMS = ("am-7", "am-sector-central")
PLAYED = ("Off-map boxes", 611, 140)          # off the cup and the pools: the AM being played


@pytest.fixture(scope="module")
def im(tmp_path_factory):
    return bundled_module("invasion-malta", tmp_path_factory, "im-quickrep")


def _steps_to(w: LogWriter, phase: str) -> LogWriter:
    """Press Next one phase at a time until the tracker shows ``phase``."""
    while w.phases[w.current_turn()[1]] != phase:
        w.advance(1)
    return w


def _cup(w: LogWriter, module, ams: bool) -> dict[str, str]:
    """With ``ams``, :data:`AMS` put in the cup (7.11); their piece ids by AM."""
    return {am: w.add(*palette_piece(module, am), "cup", report=False) for am in AMS} if ams else {}


def _leros(im, ams: bool, turn: int = 1, drawn: tuple[tuple[str, object], ...] = ()
           ) -> tuple[LogWriter, dict[str, str]]:
    """Leros from turn ``turn``'s Weather Phase (with ``ams``, AMs in the cup), Next pressed phase by
    phase: in the Draw each (AM, where to) of ``drawn`` leaves the cup; S4-C1 reaches the East
    Available box in the Naval Transport Phase."""
    kit, module, _ = im
    w = LogWriter.from_module_setup(module, LEROS, kit=kit, player="Axis", player_id="pw-x")
    cup = _cup(w, module, ams)
    w.set_turn(turn, WEATHER)
    _steps_to(w, DRAW)
    for am, dest in drawn:
        w.move(cup[am], dest)
    _steps_to(w, NAVAL).move("S4-C1", "leros-iz-east-available")
    assert w.current_turn()[0] == turn
    return w, cup


def _invader_found(r, unit: str = "S4-C1") -> list[str]:
    return [f.message for f in r.findings if f.rule == "IM 16.33" and unit in f.units]


def _named(r, rule: str, what: str) -> list[str]:
    return [x for x in not_judged(r, rule) if what in x]


@pytest.mark.parametrize("placed", [REACTION, COMBAT])
def test_invader_placed_two_phases_after_movement_in_a_first_pass_shown_by_the_ams_is_found(im, placed):
    """16.33A 「移動フェイズ中、ユニットを使用可能ボックスから…移動させる」: with two AMs in the cup, S4-C1 goes
    from the East Available box onto the invasion hex L2703 under the Reaction Movement or Combat
    tracker of GT1, the tracker stepped forward from the Weather Phase, no Prev and no AM gone (7.12:
    GT1's first activation plays none): the turn's first pass, the Combat Declaration Phase counted (an
    invader's attack is required, 12.12), two phases or more off the Movement Phase: a finding."""
    _, module, root = im
    w, _ = _leros(im, ams=True)
    _steps_to(w, placed).move("S4-C1", "L2703")
    r = audit([w.advance(1).write(root / f"first-{placed.split()[0]}.vlog")], module=module)
    assert _invader_found(r), [(f.rule, f.message) for f in r.findings]
    assert not _named(r, "IM 16.33", "S4-C1"), not_judged(r, "IM 16.33")


@pytest.mark.parametrize("placed", [REACTION, COMBAT])
def test_invader_placed_two_phases_after_movement_without_ams_is_not_judged(im, placed):
    """The same log with no AM in the cup or pools (the kit's Leros set-up, rv-j23 item 1): a second
    activation played with the tracker left where the first ended cannot be told from the first
    pass, so 16.33 is named not judged for S4-C1, citing 4.21 B.3, and nothing is found (quickrep,
    unmerged, found it)."""
    _, module, root = im
    w, _ = _leros(im, ams=False)
    _steps_to(w, placed).move("S4-C1", "L2703")
    r = audit([w.advance(1).write(root / f"noams-{placed.split()[0]}.vlog")], module=module)
    assert not _invader_found(r), [(f.rule, f.message) for f in r.findings]
    why = _named(r, "IM 16.33", "S4-C1")
    assert why and all("4.21 B.3" in x for x in why), not_judged(r, "IM 16.33")


def test_invader_placed_in_gt2s_first_activation_shown_by_its_am_is_found(im):
    """GT2 (AMs in the cup): the Allied Central AM leaves the cup in the Draw (7.13: the first
    activation's AM played), then S4-C1 goes onto L2703 under the Reaction Movement tracker, stepped
    forward: the first pass, two phases off the Movement Phase: IM 16.33."""
    _, module, root = im
    w, _ = _leros(im, ams=True, turn=2, drawn=(("am-sector-central", PLAYED),))
    _steps_to(w, REACTION).move("S4-C1", "L2703")
    r = audit([w.advance(1).write(root / "gt2-first.vlog")], module=module)
    assert _invader_found(r), [(f.rule, f.message) for f in r.findings]


def test_a_passed_am_in_the_pool_is_no_activation(im):
    """7.15 (pass option): on GT2 the 7th Flieger AM is drawn and passed into the Axis Activation Pool,
    then the Allied Central AM is drawn and played: one AM gone from the cup and pools, the first
    activation; S4-C1 onto L2703 under the Reaction Movement tracker is IM 16.33."""
    _, module, root = im
    w, _ = _leros(im, ams=True, turn=2, drawn=(("am-7", "axis-activation-pool"), ("am-sector-central", PLAYED)))
    _steps_to(w, REACTION).move("S4-C1", "L2703")
    r = audit([w.advance(1).write(root / "gt2-pass.vlog")], module=module)
    assert _invader_found(r), [(f.rule, f.message) for f in r.findings]


def test_gt2_with_no_am_played_shows_no_first_pass(im):
    """GT2, AMs in the cup but none leaves it by the Reaction Movement tracker: the players draw
    outside the log, so it shows no activation and S4-C1's placement on L2703 there is named not
    judged (4.21 B.3), not found."""
    _, module, root = im
    w, _ = _leros(im, ams=True, turn=2)
    _steps_to(w, REACTION).move("S4-C1", "L2703")
    r = audit([w.advance(1).write(root / "gt2-nodraw.vlog")], module=module)
    assert not _invader_found(r), [(f.rule, f.message) for f in r.findings]
    assert any("4.21 B.3" in x for x in _named(r, "IM 16.33", "S4-C1")), not_judged(r, "IM 16.33")


@pytest.mark.parametrize("turn", [1, 2])
def test_invader_placed_after_a_second_am_with_the_tracker_left_behind_is_not_judged(im, turn):
    """4.21 B.3 with 7.12-7.13: the first activation runs to the Reset Phase (on GT2 its AM, the Allied
    Central, leaves the cup in the Draw; on GT1 none, 7.12); then, the tracker left on the Reset Phase,
    the 7th Flieger AM leaves the cup: a later activation, whose Movement Phase the tracker does not
    show. S4-C1 placed on L2703 there is no finding, and 16.33 is named not judged for it as the
    repeated segment (4.21 B.3), not as a tracker a phase off."""
    _, module, root = im
    w, cup = _leros(im, ams=True, turn=turn, drawn=(("am-sector-central", PLAYED),) if turn == 2 else ())
    _steps_to(w, "Reset Phase").move(cup["am-7"], PLAYED)
    w.move("S4-C1", "L2703")
    r = audit([w.advance(1).write(root / f"second-am-gt{turn}.vlog")], module=module)
    assert not _invader_found(r), [(f.rule, f.message) for f in r.findings]
    why = _named(r, "IM 16.33", "S4-C1")
    assert why and all("4.21 B.3" in x and "a phase off the pieces" not in x for x in why), not_judged(r, "IM 16.33")


def test_an_am_put_in_the_cup_late_counts_when_drawn(im):
    """7.11 puts the AMs in the cup in the Air Readiness Phase; here only the Allied Central AM is there
    by GT2's Draw, where the 7th Flieger AM is put in late and the Central AM played. The Draw ends;
    then, the tracker left on the Reset Phase, the 7th Flieger AM leaves the cup: a second activation
    (4.21 B.3), so S4-C1 placed on L2703 there is named not judged, not found."""
    kit, module, root = im
    w = LogWriter.from_module_setup(module, LEROS, kit=kit, player="Axis", player_id="pw-x")
    central = w.add(*palette_piece(module, "am-sector-central"), "cup", report=False)
    w.set_turn(2, WEATHER)
    _steps_to(w, DRAW)
    late = w.add(*palette_piece(module, "am-7"), "cup", report=False)
    w.move(central, PLAYED)
    _steps_to(w, NAVAL).move("S4-C1", "leros-iz-east-available")
    _steps_to(w, "Reset Phase").move(late, PLAYED)
    assert w.current_turn()[0] == 2
    w.move("S4-C1", "L2703")
    r = audit([w.advance(1).write(root / "late-am.vlog")], module=module)
    assert not _invader_found(r), [(f.rule, f.message) for f in r.findings]
    assert any("4.21 B.3" in x for x in _named(r, "IM 16.33", "S4-C1")), not_judged(r, "IM 16.33")


def test_invader_placed_after_prev_back_to_the_draw_is_not_judged(im):
    """AMs in the cup, the placement under the Combat tracker after Prev back from the Reset Phase to
    the Draw and on, phase by phase: a second activation may have begun (4.21 B.3), so 16.33 is
    named not judged for S4-C1's placement, no finding."""
    _, module, root = im
    w, _ = _leros(im, ams=True)
    _steps_to(w, "Reset Phase")
    w.set_turn(1, DRAW)                                # Prev pressed back
    _steps_to(w, COMBAT).move("S4-C1", "L2703")
    r = audit([w.advance(1).write(root / "prev-combat.vlog")], module=module)
    assert not _invader_found(r), [(f.rule, f.message) for f in r.findings]
    assert any("4.21 B.3" in x for x in _named(r, "IM 16.33", "S4-C1")), not_judged(r, "IM 16.33")


def _im(im, ams: bool) -> LogWriter:
    kit, module, _ = im
    w = LogWriter.from_module_setup(module, None, kit=kit, player="Carol", player_id="pw-im")
    _cup(w, module, ams)
    return w.set_turn(1, WEATHER)


def _aa_log(im, ams: bool, name: str, prev: bool = False):
    """11.36 (AA turns Fired only under an Attack Target marker) with 15.34: 5/3 drops onto 1532 under
    the Bombardment tracker and E/74 (in 1530, under no Attack Target marker) turns Fired under the
    Reaction Movement tracker, the tracker stepped from the Weather Phase (``prev``: after Prev back
    from the Reset Phase to the Draw); neither phase is next to the Airborne Operations Phase."""
    _, module, root = im
    w = _im(im, ams)
    if prev:
        _steps_to(w, "Reset Phase")
        w.set_turn(1, DRAW)                            # Prev pressed back
    _steps_to(w, BOMB).move("5/3", "1532")
    w.advance(1).flip("E/74", 2)
    return audit([w.advance(1).write(root / name)], module=module)


def test_aa_fired_two_phases_after_a_drop_in_a_first_pass_shown_by_the_ams_is_found(im):
    """AMs in the cup, none gone on GT1 (7.12), no Prev: the first pass: IM 11.36 for E/74."""
    r = _aa_log(im, True, "aa-first.vlog")
    assert [f for f in r.findings if f.rule == "IM 11.36" and "E/74" in f.units], \
        [(f.rule, f.message) for f in r.findings]


@pytest.mark.parametrize("ams, prev", [(False, False), (True, True)], ids=["no-ams", "prev"])
def test_aa_fired_where_the_pass_is_unknown_names_the_repeated_segment(im, ams, prev):
    """11.36 (review rv-m23 item 2): the same log without AMs in the cup (the default set-up), or with
    them after Prev back to the Draw: not judged, and the reason given is the repeated Operations
    Segment (4.21 B.3), not a tracker a phase off; no finding."""
    r = _aa_log(im, ams, f"aa-{ams}-{prev}.vlog", prev=prev)
    assert not [f for f in r.findings if f.rule == "IM 11.36"], [(f.rule, f.message) for f in r.findings]
    why = _named(r, "IM 11.36", "E/74")
    assert why and all("4.21 B.3" in x and "a phase off" not in x for x in why), not_judged(r, "IM 11.36")


def _airhead_log(im, ams: bool, name: str, prev: bool = False):
    """15.21 (airheads are placed in the Airborne Operations Phase): an airhead placed on 1534 under
    the Reset tracker, stepped there from the Weather Phase (``prev``: Prev back from the Reset Phase
    to the Draw and Next on), far from the Airborne Operations Phase."""
    _, module, root = im
    w = _steps_to(_im(im, ams), "Reset Phase")
    if prev:
        w.set_turn(1, DRAW)                            # Prev pressed back
        _steps_to(w, "Reset Phase")
    w.add(*palette_piece(module, "airhead"), "1534", report=False)
    return audit([w.advance(1).write(root / name)], module=module)


def test_airhead_placed_under_the_reset_tracker_in_a_first_pass_shown_by_the_ams_is_found(im):
    """AMs in the cup, none gone on GT1, no Prev: the first pass: IM 15.21 on 1534."""
    r = _airhead_log(im, True, "airhead-first.vlog")
    assert [f for f in r.findings if f.rule == "IM 15.21" and "1534" in f.hexes], \
        [(f.rule, f.message) for f in r.findings]


@pytest.mark.parametrize("ams, prev", [(False, False), (True, True)], ids=["no-ams", "prev"])
def test_airhead_where_the_pass_is_unknown_names_the_repeated_segment(im, ams, prev):
    """15.21 (review rv-m23 item 2): without AMs in the cup, or after Prev: not next to the Airborne
    Operations Phase, so the reason 15.21 is not judged is the repeated Operations Segment (4.21
    B.3), not a tracker a phase off; no finding."""
    r = _airhead_log(im, ams, f"airhead-{ams}-{prev}.vlog", prev=prev)
    assert not [f for f in r.findings if f.rule == "IM 15.21"], [(f.rule, f.message) for f in r.findings]
    why = _named(r, "IM 15.21", "1534")
    assert why and all("4.21 B.3" in x and "a phase off" not in x for x in why), not_judged(r, "IM 15.21")
