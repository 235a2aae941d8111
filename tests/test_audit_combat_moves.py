"""Moves in a combat phase, through the audit of logs written against the bundled modules: with a
turn tracker they reach the move rules as retreats (the side not phasing) and advances, unless the
rule set judges them itself from what it records at phase ends (Operation Mercury)."""
from __future__ import annotations

from pathlib import Path

import pytest

from bundled_module_util import bundled_module
from vmodgen.audit import audit
from vmodgen.testing.log_writer import LogWriter


@pytest.fixture(scope="module")
def na41(tmp_path_factory):
    return bundled_module("north-africa-41", tmp_path_factory, "na41-combat")


@pytest.fixture(scope="module")
def om(tmp_path_factory):
    return bundled_module("operation-mercury", tmp_path_factory, "om-combat")


def test_na41_retreat_into_enemy_zoc_in_the_axis_combat_phase(na41):
    """NA41 12.2.1: 8 MG Bn at 3027 puts 3026 in Axis ZOC; in the Axis Combat Phase 3 Ind Mot Bde
    moves into 3026, a retreat that ends in enemy ZOC: found during that phase."""
    kit, module, root = na41
    ids = [p.id for p in kit.game.sequence.phases]
    w = LogWriter.from_module_setup(module, "S1 Enter Rommel", kit=kit)
    w.move("8MG", "3027")                                  # Preparation: a set-up change
    w.advance(ids.index("i1-axis-combat"))
    w.move("3IndMot", "3026")
    r = audit([w.advance(1).write(root / "retreat.vlog")], module=module)
    got = [(f.phase, f.at, f.rule, f.hexes, f.units) for f in r.findings]
    assert got == [("i1-axis-combat", "during", "NA41 12.2.1", ("3026",), ("3IndMot",))]
    assert "retreat" in r.findings[0].message


def test_na41_same_move_in_a_movement_phase_is_no_retreat(na41):
    """The same 1-hex move in the Allied Movement Phase is a move (stopping in enemy ZOC is legal):
    nothing to report."""
    kit, module, root = na41
    ids = [p.id for p in kit.game.sequence.phases]
    w = LogWriter.from_module_setup(module, "S1 Enter Rommel", kit=kit)
    w.move("8MG", "3027")
    w.advance(ids.index("i1-allied-movement"))
    w.move("3IndMot", "3026")
    r = audit([w.advance(1).write(root / "move.vlog")], module=module)
    assert r.findings == []


def test_na41_advance_too_far_in_the_allied_combat_phase(na41):
    """NA41 14.2: in the Allied Combat Phase an Allied unit that moves advances; 3 Ind Mot Bde
    (mechanized: at most 4 hexes) going 5 hexes is one finding. Two hexes (an advance, or a
    disengagement of 27.5, which a log does not tell apart) give none."""
    kit, module, root = na41
    ids = [p.id for p in kit.game.sequence.phases]

    def combat_moves(*hexes: str, name: str):
        w = LogWriter.from_module_setup(module, "S1 Enter Rommel", kit=kit)
        w.advance(ids.index("i1-allied-combat"))
        for h in hexes:
            w.move("3IndMot", h)
        return audit([w.advance(1).write(root / name)], module=module)
    short = combat_moves("3026", "3027", name="two.vlog")
    assert [f for f in short.findings if f.phase == "i1-allied-combat"] == []
    far = combat_moves("3026", "3027", "3028", "3029", "3030", name="five.vlog")
    got = [(f.phase, f.rule, f.units) for f in far.findings if f.phase == "i1-allied-combat"]
    assert got == [("i1-allied-combat", "NA41 14.2", ("3IndMot",))]


def test_om_retreat_is_judged_once(om):
    """OM 9.61: B/22 NZ goes W4314 → W4313 → W4312 → W4311 in the German Combat Phase (3 hexes, a
    retreat covers at most 2). The audit hands the Combat Phase's drags to the move rules as
    retreats (judged at the drag that breaks the rule, step 20); the phase-end record
    (``om_displaced``) does not hold the followed Combat Phase, so it is not judged twice."""
    kit, module, root = om
    ids = [p.id for p in kit.game.sequence.phases]
    w = LogWriter.from_module_setup(module, "Scenario 3: Maleme-Suda, May 20-23", kit=kit)
    w.advance(ids.index("german-combat"))
    w.move("A-B-22-NZ", "W4313").move("A-B-22-NZ", "W4312").move("A-B-22-NZ", "W4311")
    r = audit([w.advance(3).write(root / "retreat.vlog")], module=module)
    assert [(f.rule, f.units, f.step) for f in r.findings] == [("OM 9.61", ("A-B-22-NZ",), 20)]
    assert "W4314 → W4313 → W4312 → W4311, more than 2 hexes" in r.findings[0].message


def test_om_one_units_drags_in_a_combat_phase_are_one_retreat_whatever_comes_between(om):
    """OM 9.13 ('機動戦闘フェイズ毎に、複数回の機動戦闘によって攻撃できる又は攻撃されるユニットはない'),
    7.11 (one combat, one enemy hex), 10.x (an assault makes no retreat: 9.66): a unit is made to
    retreat at most once per Combat Phase, so its drags there are one retreat (9.61: at most 2
    hexes). 19 NZ goes W4315 → W4314, then B/22 NZ retreats W4316 → W4415 (another hex: another
    combat), then 19 NZ goes on W4314 → W4313 → W4312: one retreat of 3 hexes, a 9.61 finding for
    19 NZ alone (another defender's retreat between does not make it two)."""
    r = _om_combat(om, "one-retreat.vlog", [("A-B-22-NZ", "W4316")],
                   [("A-19-NZ-Eng", "W4314"), ("A-B-22-NZ", "W4415"), ("A-19-NZ-Eng", "W4313"),
                    ("A-19-NZ-Eng", "W4312")])
    assert [(f.rule, f.units) for f in r.findings if f.rule == "OM 9.61"] == [("OM 9.61", ("A-19-NZ-Eng",))]


def test_om_a_unit_dragged_on_after_a_roll_is_judged_from_where_it_stood_at_the_first_roll(om):
    """OM 9.13, 9.61: a roll (the first combat), 19 NZ retreats W4315 → W4314 → W4313 (2 hexes), a
    roll (another combat), 19 NZ dragged on W4313 → W4312, then a roll (a third combat). A unit
    retreats once per Combat Phase (9.13): W4312 is 3 hexes from W4315, where it stood at the
    phase's first roll, a 9.61 finding (review rv-om13 item 1 made it not judged: the rule set was
    told of no roll); the earlier part, 2 hexes, is neither a refusal (7.32) nor a reaction (7.41),
    1 hex each (rv-om22 item 6b's again-rolled.vlog). Stopping at W4313 is legal; without the roll after it, the drag to W4312 may be
    the next phase's move with the tracker left behind: named not judged, no finding."""
    drags = [("roll", "9"), ("A-19-NZ-Eng", "W4314"), ("A-19-NZ-Eng", "W4313"), ("roll", "4")]
    again = _om_combat(om, "again.vlog", [], drags + [("A-19-NZ-Eng", "W4312"), ("roll", "2")])
    got = [(f.rule, f.hexes, f.units) for f in again.findings if f.rule == "OM 9.61"]
    assert got == [("OM 9.61", ("W4312",), ("A-19-NZ-Eng",))], got
    assert "from W4315, where it stood at the phase's first die roll: 3 hexes" in again.findings[0].message
    last = _om_combat(om, "again-last.vlog", [], drags + [("A-19-NZ-Eng", "W4312")])
    assert [f for f in last.findings if f.rule == "OM 9.61"] == []
    why = [e["why"] for e in last.coverage["rules_not_judged"] if e["rule"] == "OM 9.61"]
    assert any("from W4315" in y and "tracker left behind" in y for y in why), why
    legal = _om_combat(om, "once.vlog", [], drags + [("roll", "2")])
    assert [f for f in legal.findings if f.rule == "OM 9.61"] == []
    assert not [e for e in legal.coverage["rules_not_judged"] if e["rule"] == "OM 9.61" and "earlier move" in e["why"]]


def test_om_the_first_roll_is_carried_to_a_file_that_starts_inside_the_combat_phase(om):
    """OM 9.13, 9.61 across files: file 1 reaches the German Combat Phase and ends after its first
    roll; file 2 goes on in the same phase: 19 NZ retreats W4315 → W4314 → W4313, a roll, 19 NZ
    dragged on to W4312, a roll. The first roll's hexes are carried (memory ``om_first_roll``): 3
    hexes from W4315, a finding in file 2. File 2 alone (a record that starts inside the phase, not
    knowing whether a roll came before it: its first drag may be a reaction) names 9.61 not
    judged. File 1 ending before any roll: file 2's first roll is the phase's, the same finding."""
    from games_util import palette_piece
    kit, module, root = om
    ids = [p.id for p in kit.game.sequence.phases]
    files = []
    for rolled in (True, False):
        w1 = LogWriter.from_module_setup(module, "Scenario 3: Maleme-Suda, May 20-23", kit=kit)
        w1.add(*palette_piece(module, "G-9-III-Sturm"), "W4216", report=False)
        w1.add(*palette_piece(module, "G-Vogel-1"), "W4317", report=False)
        w1.advance(ids.index("german-combat"))
        if rolled:
            w1.roll("1d10", [9])
        first = w1.write(root / f"roll-seam-1-{rolled}.vlog")
        w2 = w1.save_point()
        if not rolled:
            w2.roll("1d10", [9])
        w2.move("A-19-NZ-Eng", "W4314").move("A-19-NZ-Eng", "W4313").roll("1d10", [4])
        second = w2.move("A-19-NZ-Eng", "W4312").roll("1d10", [2]).advance(1).write(root / f"roll-seam-2-{rolled}.vlog")
        chain = audit([first, second], module=module)
        got = [(Path(f.file).name, f.hexes, f.units) for f in chain.findings if f.rule == "OM 9.61"]
        assert got == [(second.name, ("W4312",), ("A-19-NZ-Eng",))], (rolled, got)
        files.append(second)
    alone = audit([files[0]], module=module)
    assert [f for f in alone.findings if f.rule == "OM 9.61"] == []
    why = [e["why"] for e in alone.coverage["rules_not_judged"] if e["rule"] == "OM 9.61"]
    assert any("starts inside the Combat Phase" in y for y in why), why


def test_na41_mid_phase_start_counts_only_the_starting_phase(na41):
    """A file that starts in the Axis Movement Phase (turn 1, the earlier files not given) says
    its moves in that phase "may" have gone further than judged only when units of the phasing
    side moved in that phase: pressing Next at once and retreating 3 Ind Mot Bde in the Axis
    Combat Phase (a judged move) gives no such sentence; 8 MG Bn moving in the Axis
    Movement Phase does."""
    kit, module, root = na41
    ids = [p.id for p in kit.game.sequence.phases]

    def said(moves_first: bool) -> list[str]:
        w = LogWriter.from_module_setup(module, "S1 Enter Rommel", kit=kit)
        w.set_turn(1, ids.index("i1-axis-movement"))
        w = w.save_point()                 # a new file from the Axis Movement Phase on
        if moves_first:
            w.move("8MG", "3027")
        w.advance(1)
        w.move("3IndMot", "3026")
        r = audit([w.advance(1).write(root / f"mid-{moves_first}.vlog")], module=module)
        assert r.coverage["moves"]["judged"] == (2 if moves_first else 1)     # the retreat is judged
        return [m for m in r.coverage["messages"] if "starts inside" in m]
    assert said(False) == []
    got = said(True)
    assert len(got) == 1 and "Axis Movement" in got[0] and "may have gone further" in got[0]


def test_na41_a_second_retreat_after_another_combat_is_judged_again(na41):
    """NA41 12.2.1, 12.3, 12.5.1 (a unit may be made to retreat twice in one Combat Phase): 8 MG
    Bn at 3027 puts 3026 and 3126 in Axis ZOC. In the Axis Combat Phase 3 Ind Mot Bde retreats
    into 3026 (ends in enemy ZOC: step 11). A 2d6 roll resolves another combat (no Axis unit
    moves: step 12) and 3 Ind Mot Bde retreats again, 3026 -> 3126, ending in enemy ZOC again:
    a new retreat, a second finding (step 13). Without the roll the second drag goes on with the
    same retreat, which ends in 3126 (its second enemy-ZOC hex): reported once, at that drag
    (step 12), not at 3026, where the retreat did not end (round oracle20: a retreat is judged
    where it ends once it is finished)."""
    kit, module, root = na41
    ids = [p.id for p in kit.game.sequence.phases]

    def found(roll: bool) -> list[tuple]:
        w = LogWriter.from_module_setup(module, "S1 Enter Rommel", kit=kit)
        w.move("8MG", "3027")
        w.advance(ids.index("i1-axis-combat"))
        w.move("3IndMot", "3026")
        if roll:
            w.roll("2d6", [3, 4])
        w.move("3IndMot", "3126")
        r = audit([w.advance(1).write(root / f"twice-{roll}.vlog")], module=module)
        return [(f.step, f.rule, f.hexes, f.units) for f in r.findings]
    first = (11, "NA41 12.2.1", ("3026",), ("3IndMot",))
    assert found(False) == [(12, "NA41 12.2.1", ("3126",), ("3IndMot",))]
    assert found(True) == [first, (13, "NA41 12.2.1", ("3126",), ("3IndMot",))]


def test_na41_a_retreat_is_judged_where_it_ends_at_a_phase_end_or_a_file_end(na41):
    """NA41 12.2.1 (a retreat that ends in enemy ZOC eliminates the unit): 8 MG Bn at 3027 puts
    3026 and 3126 in Axis ZOC; in the Axis Combat Phase 3 Ind Mot Bde is dragged into 3026 (step
    11) and on to 3025 (step 12), out of every Axis ZOC. One retreat through one enemy-ZOC hex:
    no 12.2.1 whether the Combat Phase then ends or the log ends inside it (before round
    oracle20: "ends its retreat in enemy ZOC at 3026", judged at the first drag). Dragged back
    into 3126 instead, the retreat ends in enemy ZOC: found at its last drag, also when the log
    ends inside the Combat Phase."""
    kit, module, root = na41
    ids = [p.id for p in kit.game.sequence.phases]

    def found(last: str, phase_end: bool) -> list[tuple]:
        w = LogWriter.from_module_setup(module, "S1 Enter Rommel", kit=kit)
        w.move("8MG", "3027")
        w.advance(ids.index("i1-axis-combat"))
        w.move("3IndMot", "3026")
        w.move("3IndMot", last)
        if phase_end:
            w.advance(1)
        r = audit([w.write(root / f"open-{last}-{phase_end}.vlog")], module=module)
        return [(f.step, f.rule, f.hexes) for f in r.findings if f.rule == "NA41 12.2.1"]
    for phase_end in (True, False):
        assert found("3025", phase_end) == []
        assert found("3126", phase_end) == [(12, "NA41 12.2.1", ("3126",))]


def test_om_reaction_in_a_log_cut_after_a_combat_roll_is_reported_once(om):
    """OM 7.41 (a reaction covers 1 hex): B/22 NZ goes W4314 -> W4313 -> W4312 in the German
    Defender Reaction Phase (2 hexes), recorded at that phase's end; the log then ends in the
    German Combat Phase after a d10 roll. The final position's judgment and the record so far
    (``pending.record_so_far``: the combats before the last roll) both hold that reaction: it is
    reported once, on the final position. Before: twice."""
    kit, module, root = om
    ids = [p.id for p in kit.game.sequence.phases]
    w = LogWriter.from_module_setup(module, "Scenario 3: Maleme-Suda, May 20-23", kit=kit)
    w.advance(ids.index("german-defender-reaction"))
    w.move("A-B-22-NZ", "W4313").move("A-B-22-NZ", "W4312")
    w.advance(1).roll("1d10", [4])
    r = audit([w.write(root / "reaction-cut.vlog")], module=module)
    got = [(f.rule, f.phase, f.units) for f in r.findings]
    assert got == [("OM 7.41", "german-combat", ("A-B-22-NZ",))]
    assert "judged on the final position" in r.findings[0].message
    assert "2 hexes" in r.findings[0].message


@pytest.mark.parametrize("roll", ["button", "typed"])
def test_om_a_typed_roll_settles_the_combats_before_it(om, roll):
    """One definition of a die roll (``vmodgen.audit.rolled``) for the engine's last roll of a
    combat phase and the drags-before-any-roll warning: a dice button's or one typed in chat. OM
    9.61 (a retreat covers at most 2 hexes): B/22 NZ retreats W4314 -> W4311 (3 hexes) in the
    German Combat Phase; then a roll for the next combat, by the button (1d10 = 7) or typed ("I
    rolled 7"); the log ends. The retreat is judged alike for both. Before: a typed roll settled
    nothing (the engine read only the button's), so the retreat was named not judged, while the
    warning counted the typed roll. Since retreat14 the Combat Phase's drags are judged as
    retreats step by step: the finding is at the third drag (the roll's step - 1), not on the
    record so far."""
    kit, module, root = om
    ids = [p.id for p in kit.game.sequence.phases]
    w = LogWriter.from_module_setup(module, "Scenario 3: Maleme-Suda, May 20-23", kit=kit)
    w.advance(ids.index("german-combat"))
    w.move("A-B-22-NZ", "W4313").move("A-B-22-NZ", "W4312").move("A-B-22-NZ", "W4311")
    (w.roll("1d10", [7]) if roll == "button" else w.chat("I rolled 7"))
    last = len(w._inverse)                 # the roll's step: the log's last
    r = audit([w.write(root / f"settled-{roll}.vlog")], module=module)
    got = [(f.rule, f.units, f.step) for f in r.findings]
    assert got == [("OM 9.61", ("A-B-22-NZ",), last - 1)]
    assert "more than 2 hexes" in r.findings[0].message
    assert not any(e["rule"] == "OM 9.61" for e in r.coverage["rules_not_judged"])


def test_one_stray_move_among_judged_ones_asks_for_the_next_log(om):
    """A save at GT1 German Movement, then a log with Vogel 1 moving W4212 → W4211 (judged in its
    phase) and one stray 19 NZ drag (out of phase), no Next: the files stop inside their phase, so
    the partial sentence asks for the log played after it; one stray move says nothing of the
    tracker (before: "another file would not help … press the turn tracker", false: the next log's
    first Next judges the end-of-phase rules)."""
    from games_util import palette_piece
    kit, module, root = om
    w = LogWriter.from_module_setup(module, "Scenario 3: Maleme-Suda, May 20-23", kit=kit, player="Ann",
                                    player_id="pw-om")
    w.add(*palette_piece(module, "G-Vogel-1"), "W4212", report=False)
    w.set_turn(1, "German Movement Phase")
    save = w.save_point().write(root / "stray.vsav")
    log = LogWriter.from_file(save, place=w.place, phases=w.phases, locate=w.locate)
    log.move("G-Vogel-1", "W4211").move("A-19-NZ-Eng", "W4316")
    r = audit([save, log.write(root / "stray.vlog")], module=module, keep_order=True)
    partial = r.to_json()["partial"]
    assert r.coverage["moves"]["judged"] >= 1 and r.coverage["phase_ends"] == 0
    assert "they stop inside the phase they start in" in partial and "give the log played after it too" in partial
    assert "would not help" not in partial and "turn tracker" not in partial


def test_no_phase_end_advice_follows_the_phase_source():
    """The advice when no phase end came and no move was judged in its phase: a phase read from
    the turn tracker asks for the tracker, one read from the chat for the chat's phase lines
    (before: a chat binding was told to press the turn tracker); neither says another file would
    not help."""
    from vmodgen.audit.coverage import partial_sentence
    for source, word, other in (("turn tracker", "press it at each phase's end", "from the chat"),
                                ("chat", "read from the chat", "turn tracker")):
        cov = {"steps": 2, "phase_ends": 0, "phase_source": source,
               "moves": {"seen": 2, "judged": 0, "not_judged": {"not in a phase where the unit moves": 2}},
               "out_of_phase": [{"combat_phase": False}, {"combat_phase": False}],
               "rules_not_judged": [{"rule": "X 1", "why": "the log ends before the end of the A phase"}]}
        got = partial_sentence(cov) or ""
        assert word in got and other not in got and "would not help" not in got, got


def _om_combat(om, name: str, setup: list[tuple[str, str]], drags: list[tuple[str, str]],
               phase: str = "german-combat"):
    """An OM Scenario 3 log: 9/III/Sturm on W4216 and Vogel 1 on W4317 (their ZOC covers W4315,
    W4316 and W4217), the set-up moves ``setup``, then the ``phase``'s ``drags`` (``("roll", n)``:
    a 1d10 roll of n; ``("delete", id)``: a piece removed)."""
    from games_util import palette_piece
    kit, module, root = om
    ids = [p.id for p in kit.game.sequence.phases]
    w = LogWriter.from_module_setup(module, "Scenario 3: Maleme-Suda, May 20-23", kit=kit)
    w.add(*palette_piece(module, "G-9-III-Sturm"), "W4216", report=False)
    w.add(*palette_piece(module, "G-Vogel-1"), "W4317", report=False)
    for unit, hex_ in setup:
        w.move(unit, hex_)
    w.advance(ids.index(phase))
    for unit, hex_ in drags:
        if unit == "roll":
            w.roll("1d10", [int(hex_)])
        elif unit == "delete":
            w.delete(hex_)
        else:
            w.move(unit, hex_)
    return audit([w.advance(1).write(root / name)], module=module)


def test_om_retreat_beside_a_friendly_unit_in_enemy_zoc_is_not_judged(om):
    """OM 9.63 ('…続く宣言戦闘の目標でない友軍戦闘ユニットを含むのでない限り、敵ZOC内へ…退却できない'):
    19 NZ retreats W4315 -> W4316 (in enemy ZOC), where B/22 NZ stands. Whether W4316 is the
    target of a later declared combat a log does not record (7.11): no finding, 9.63 named not
    judged for that hex (never passed as legal)."""
    r = _om_combat(om, "helper.vlog", [("A-B-22-NZ", "W4316")], [("A-19-NZ-Eng", "W4316")])
    assert [f for f in r.findings if f.rule == "OM 9.63"] == []
    why = [e["why"] for e in r.coverage["rules_not_judged"] if e["rule"] == "OM 9.63"]
    assert any("W4316" in y and "later declared combat" in y for y in why), why


def test_om_two_hex_retreat_out_of_zoc_and_the_advance_after_it(om):
    """OM 9.61-9.63, 9.84: 19 NZ retreats W4315 -> W4414 in one drag (2 hexes; both hexes between,
    W4314 and W4415, are out of enemy ZOC), then 9/III/Sturm advances W4216 -> W4315 (1 hex, into
    the hex the defender left): no finding. The advance's first hex (9.84: the vacated hex of the
    declared attack naming it) and whether the German drag is an attacker's retreat after an A
    result (9.63) the log cannot tell: named not judged."""
    r = _om_combat(om, "legal.vlog", [], [("A-19-NZ-Eng", "W4414"), ("G-9-III-Sturm", "W4315")])
    assert r.findings == []
    why = {e["rule"]: e["why"] for e in r.coverage["rules_not_judged"]}
    assert "9/III/Sturm" in why["OM 9.63"] and "A result" in why["OM 9.63"] and "19 NZ" not in why["OM 9.63"]
    assert "no declared attack names the advancing unit" in why["OM 9.84"]
    assert r.coverage["moves"]["judged"] == 2


def test_om_retreat_into_enemy_zoc_in_one_drag_of_two_hexes(om):
    """OM 9.63: 19 NZ dragged W4315 -> W4217 (2 hexes, through W4316 or the enemy's W4216; W4217 is
    in both German units' ZOC, no Allied unit there): a finding at W4217."""
    r = _om_combat(om, "into.vlog", [], [("A-19-NZ-Eng", "W4217")])
    assert [(f.rule, f.hexes, f.units) for f in r.findings] == [("OM 9.63", ("W4217",), ("A-19-NZ-Eng",))]


def _redo(w: LogWriter, commands: list[str]) -> None:
    """VASSAL's Undo of an earlier Undo (a redo): its commands are the first step's again."""
    from vmodgen.vassal.commands import Command
    cmds = ["UNDO\ttrue", "CHAT* UNDO: *", *commands, "UNDO\tfalse"]
    node = Command("LOG\t" + cmds[0], [Command("LOG\t" + c) for c in cmds[1:]])
    w.root.subs.append(node)
    w._runner.run(node)
    w._inverse.append([])


@pytest.mark.parametrize("after", [False, True])
def test_na41_a_retreat_is_judged_at_a_phase_end_made_by_a_redo(na41, after):
    """NA41 12.2.1: 8 MG Bn at 3027 puts 3026 in Axis ZOC; in the Axis Combat Phase 3 Ind Mot
    Bde retreats into 3026 and stops (step 11). Next (12), Undo (13), a chat line (14), Undo
    (15), Undo again (16: it takes back the Undo of step 13, so the Next is made again and ends
    the Combat Phase). The retreat ends in enemy ZOC: one finding at step 11 (before round
    orfix20 the redo's step, as an undo, silenced the retreat's closing check: none)."""
    kit, module, root = na41
    ids = [p.id for p in kit.game.sequence.phases]
    w = LogWriter.from_module_setup(module, "S1 Enter Rommel", kit=kit)
    w.move("8MG", "3027")
    w.advance(ids.index("i1-axis-combat"))
    w.move("3IndMot", "3026")
    w.advance(1)
    nxt = [c.text[len("LOG\t"):] for c in [w.root.subs[-1], *w.root.subs[-1].subs]]
    w.undo()
    w.chat("hmm")
    w.undo()
    _redo(w, [c for c in nxt if c.startswith("TURN")])
    if after:
        w.chat("on")
    r = audit([w.write(root / f"redo-{after}.vlog")], module=module)
    got = [(f.step, f.rule, f.hexes, f.units) for f in r.findings if f.rule == "NA41 12.2.1"]
    assert got == [(11, "NA41 12.2.1", ("3026",), ("3IndMot",))]


def test_na41_a_retreat_going_on_in_the_next_file_is_judged_where_it_ends(na41):
    """NA41 12.1.3 #3, 12.2.1 (a retreat may pass through one enemy-ZOC hex; it is eliminated if
    it stops in one or enters a second): 8 MG Bn at 3027 puts 3026 and 3126 in Axis ZOC. In the
    Axis Combat Phase 3 Ind Mot Bde retreats into 3026 as file 1 ends; file 2 (PBEM, the same
    phase) goes on: to 3025, out of every enemy ZOC, then Next: no finding (before round orfix20:
    "ends its retreat in enemy ZOC at 3026" at file 1's end). To 3126 instead: its second
    enemy-ZOC hex, found in file 2 at that drag (step 1), not at 3026 in file 1. File 1 alone
    ends mid-retreat: judged where it stands, and the finding says the retreat was under way."""
    kit, module, root = na41
    ids = [p.id for p in kit.game.sequence.phases]
    w = LogWriter.from_module_setup(module, "S1 Enter Rommel", kit=kit)
    w.move("8MG", "3027")
    w.advance(ids.index("i1-axis-combat"))
    w.move("3IndMot", "3026")
    first = w.write(root / "seam-1.vlog")

    def found(files: list) -> list[tuple]:
        r = audit(files, module=module)
        return [(Path(f.file).name, f.step, f.hexes, f.units, f.details.get("retreat_under_way", False))
                for f in r.findings if f.rule == "NA41 12.2.1"]
    for last, want in (("3025", []), ("3126", [("seam-2-3126.vlog", 1, ("3126",), ("3IndMot",), False)])):
        w2 = w.save_point()
        w2.move("3IndMot", last)
        second = w2.advance(1).write(root / f"seam-2-{last}.vlog")
        assert found([first, second]) == want
    assert found([first]) == [("seam-1.vlog", 11, ("3026",), ("3IndMot",), True)]
    r = audit([first], module=module)
    assert "with this retreat under way: judged where it stands" in r.findings[0].message


@pytest.mark.parametrize("case", ["other-unit-after", "other-unit-ends", "flipped-after"])
def test_na41_a_finished_retreat_is_reported_at_its_own_last_drag(na41, case):
    """NA41 12.2.1: 8 MG Bn at 3027 puts 3026, 3126 and 3127 in Axis ZOC; 6 RTR is placed on
    3226. In the Axis Combat Phase: (other-unit-after) X = 3 Ind Mot Bde into 3026 (step 12), 6
    RTR into 3127 (13), X on to 3025 (14), a roll: 6 RTR ends its retreat in enemy ZOC, reported
    at its drag, step 13 (before round orfix20: 14, X's drag); (other-unit-ends) X into 3026
    (12), 6 RTR into 3127 (13) and on to 3227 (14), Next: X's finding at 12, not 14;
    (flipped-after) X into 3026 (12), then flipped (13), Next: at 12, not at the flip."""
    kit, module, root = na41
    ids = [p.id for p in kit.game.sequence.phases]
    w = LogWriter.from_module_setup(module, "S1 Enter Rommel", kit=kit)
    w.move("8MG", "3027")
    w.move("6RTR", "3226")
    w.advance(ids.index("i1-axis-combat"))
    w.move("3IndMot", "3026")
    if case == "other-unit-after":
        w.move("6RTR", "3127").move("3IndMot", "3025").roll("2d6", [3, 4])
        want = [(13, ("3127",), ("6RTR",))]
    elif case == "other-unit-ends":
        w.move("6RTR", "3127").move("6RTR", "3227")
        want = [(12, ("3026",), ("3IndMot",))]
    else:
        w.flip("3IndMot")
        want = [(12, ("3026",), ("3IndMot",))]
    r = audit([w.advance(1).write(root / f"own-step-{case}.vlog")], module=module)
    assert [(f.step, f.hexes, f.units) for f in r.findings if f.rule == "NA41 12.2.1"] == want


def _om_drop_then_allied_combat(om, name: str, dest: str, vogel: str = "W4316"):
    """An OM Scenario 3 log: 9/III/Sturm and Vogel 1 paradrop onto W4216 and ``vogel`` (GT1), then in
    the Allied Combat Phase a die roll and Sturm's drag W4216 → ``dest``."""
    from games_util import palette_piece
    kit, module, root = om
    ids = [p.id for p in kit.game.sequence.phases]
    w = LogWriter.from_module_setup(module, "Scenario 3: Maleme-Suda, May 20-23", kit=kit)
    w.add(*palette_piece(module, "G-9-III-Sturm"), "german-first-wave", report=False)
    w.add(*palette_piece(module, "G-Vogel-1"), "german-first-wave", report=False)
    w.advance(ids.index("german-paradrop"))
    w.move("G-9-III-Sturm", "W4216").move("G-Vogel-1", vogel)
    w.advance(ids.index("allied-combat") - ids.index("german-paradrop"))
    w.roll("1d10", [3]).move("G-9-III-Sturm", dest)
    return audit([w.advance(1).write(root / name)], module=module)


def test_om_paratrooper_retreat_in_the_allied_combat_phase_follows_9_63_not_6_42(om):
    """OM 6.42 orders only the retreat at the end of the special airborne assault (6.41: in the
    Paradrop Phase); 9.63's '例外：6.42 [c]' is that retreat's. In the Allied Combat Phase of its
    drop turn 9/III/Sturm retreats W4216 → W4316, where Vogel 1 stands in 19 NZ's ZOC: 9.63 allows
    it unless W4316 is a later combat's target, which a log does not show: no 6.42 finding, 9.63
    not judged there."""
    r = _om_drop_then_allied_combat(om, "drop-helper.vlog", "W4316")
    assert [f for f in r.findings if f.rule in ("OM 6.42", "OM 9.63")] == []
    why = [e["why"] for e in r.coverage["rules_not_judged"] if e["rule"] == "OM 9.63"]
    assert any("W4316" in y and "later declared combat" in y for y in why), why


def test_om_paratrooper_retreat_into_empty_enemy_zoc_in_a_combat_phase_is_9_63(om):
    """OM 9.63: the same retreat W4216 → W4316 with Vogel 1 on W4317 instead: W4316 (in 19 NZ's
    ZOC) holds no friendly unit, a 9.63 breach (6.42's order does not bind a Combat Phase)."""
    r = _om_drop_then_allied_combat(om, "drop-empty.vlog", "W4316", vogel="W4317")
    got = [(f.rule, f.hexes, f.units) for f in r.findings if f.rule in ("OM 6.42", "OM 9.63")]
    assert got == [("OM 9.63", ("W4316",), ("G-9-III-Sturm",))]


_FULL_W4314 = [("A-7RTR-1", "W4314"), ("A-156-AA", "W4314"), ("A-C-1-Welsh", "W4314"), ("A-D-1-Welsh", "W4314")]


def test_om_retreat_through_a_full_stack_is_judged_where_it_ends(om):
    """OM 9.62 ('その退却をスタッキング制限違反の状態で終了できない') and 4.31 (a unit may pass
    through a stack): W4314 holds 6 SP; 19 NZ retreats hex by hex W4315 → W4314 → W4313 after a
    die roll. It ends in W4313: no stacking finding (at its first drag it was not finished)."""
    r = _om_combat(om, "through.vlog", _FULL_W4314, [("roll", "9"), ("A-19-NZ-Eng", "W4314"),
                                                       ("A-19-NZ-Eng", "W4313")])
    assert [f for f in r.findings if f.rule == "OM 9.62"] == []


def test_om_advance_through_a_full_stack_is_judged_where_it_ends(om):
    """OM 9.83 ('ユニットは、戦闘後前進の終了時にスタッキング限度を違反できない') and 9.84 (a 2-hex
    advance), 4.31 (a unit may pass through a stack): W4314 holds 6 SP; in the Allied Combat Phase,
    after a die roll, 19 NZ advances hex by hex W4315 → W4314 → W4313. It ends in W4313: no 9.83
    finding (at its first drag the advance was not finished). Stopping in W4314 until the next
    roll is one 9.83 finding."""
    through = _om_combat(om, "adv-through.vlog", _FULL_W4314, [("roll", "1"), ("A-19-NZ-Eng", "W4314"),
                                                              ("A-19-NZ-Eng", "W4313")], "allied-combat")
    assert [f for f in through.findings if f.rule == "OM 9.83"] == []
    onto = _om_combat(om, "adv-onto.vlog", _FULL_W4314, [("roll", "1"), ("A-19-NZ-Eng", "W4314"),
                                                        ("roll", "5")], "allied-combat")
    assert [(f.rule, f.hexes) for f in onto.findings if f.rule == "OM 9.83"] == [("OM 9.83", ("W4314",))]


def test_om_retreat_ending_on_a_full_stack_is_9_62(om):
    """OM 9.62: the same retreat ending in W4314 (6 SP + 19 NZ) at the phase end: one finding."""
    r = _om_combat(om, "onto.vlog", _FULL_W4314, [("roll", "9"), ("A-19-NZ-Eng", "W4314")])
    assert [(f.rule, f.hexes) for f in r.findings if f.rule == "OM 9.62"] == [("OM 9.62", ("W4314",))]


def test_om_retreat_after_an_earlier_advance_meets_the_advanced_units_zoc_as_it_then_stood(om):
    """OM 9.63 with 9.81 (an advance is made before any other combat is resolved; its note: an
    advance cuts the retreat of a combat not yet resolved). Combat 1: B/23 NZ on W4215 is
    eliminated and 9/III/Sturm advances W4216 → W4215. Combat 2: 19 NZ retreats W4217 → W4116,
    next to neither Sturm (now on W4215) nor Vogel 1 (W4317): legal, no finding. Retreating
    W4217 → W4316 instead (beside Vogel 1, no friendly unit there) breaks 9.63: one finding."""
    setup = [("A-7RTR-1", "W4010"), ("A-B-23-NZ", "W4215"), ("A-19-NZ-Eng", "W4217")]
    combat1 = [("roll", "9"), ("delete", "A-B-23-NZ"), ("G-9-III-Sturm", "W4215"), ("roll", "8")]
    legal = _om_combat(om, "after-advance.vlog", setup, combat1 + [("A-19-NZ-Eng", "W4116")])
    assert [f for f in legal.findings if f.rule == "OM 9.63"] == []
    breach = _om_combat(om, "after-advance-zoc.vlog", setup, combat1 + [("A-19-NZ-Eng", "W4316")])
    got = [(f.rule, f.hexes) for f in breach.findings if f.rule == "OM 9.63"]
    assert got == [("OM 9.63", ("W4316",))]


def test_om_retreat_after_an_earlier_advance_is_no_finding_where_the_advance_took_the_zoc_away(om):
    """OM 9.63 with 9.81 (an advance is made before any other combat is resolved; its note: an
    advance cuts the retreat of a combat not yet resolved). Combat 1: B/23 NZ on W4215 is
    eliminated and 9/III/Sturm advances W4216 → W4215. Combat 2: 19 NZ retreats W4217 → W4116,
    next to neither Sturm (now on W4215) nor Vogel 1 (W4317): legal, no finding (9.63 is named
    not judged for Sturm's drag, maybe its own retreat after an A result). Retreating
    W4217 → W4316 instead (beside Vogel 1, which did not advance; no friendly unit there) breaks
    9.63: one finding."""
    setup = [("A-7RTR-1", "W4010"), ("A-B-23-NZ", "W4215"), ("A-19-NZ-Eng", "W4217")]
    combat1 = [("roll", "9"), ("delete", "A-B-23-NZ"), ("G-9-III-Sturm", "W4215"), ("roll", "8")]
    legal = _om_combat(om, "after-advance.vlog", setup, combat1 + [("A-19-NZ-Eng", "W4116")])
    assert [f for f in legal.findings if f.rule == "OM 9.63"] == []
    assert any(e["rule"] == "OM 9.63" for e in legal.coverage["rules_not_judged"])
    breach = _om_combat(om, "after-advance-zoc.vlog", setup, combat1 + [("A-19-NZ-Eng", "W4316")])
    got = [(f.rule, f.hexes) for f in breach.findings if f.rule == "OM 9.63"]
    assert got == [("OM 9.63", ("W4316",))]


def test_om_retreat_after_an_advance_is_judged_by_where_the_advancing_unit_then_stood(om):
    """OM 9.63 ('ユニットは、そのヘクスが…友軍戦闘ユニットを含むのでない限り、敵ZOC内へ又は通過して退却できない')
    with 9.81 ('前進の選択肢は、他の戦闘解決の前に直ちに実行されなければならない'): the drags' moments order
    a retreat against an advance of an earlier combat. Combat 1: B/23 NZ on W4215 is eliminated and
    9/III/Sturm advances W4216 → W4215. Combat 2 (a new roll): 19 NZ retreats W4113 → W4114, a hex in
    Sturm's ZOC only from W4215 where it then stood, with no Allied unit: a 9.63 finding (the advance
    came first; was named not judged). 19 NZ retreating W4217 → W4116 instead (in Sturm's ZOC only
    from W4216, the hex it had left) is legal, and not named not judged for that order."""
    setup = [("A-7RTR-1", "W4010"), ("A-B-23-NZ", "W4215")]
    combat1 = [("roll", "9"), ("delete", "A-B-23-NZ"), ("G-9-III-Sturm", "W4215"), ("roll", "8")]
    breach = _om_combat(om, "new-zoc.vlog", setup + [("A-19-NZ-Eng", "W4113")],
                        combat1 + [("A-19-NZ-Eng", "W4114")])
    assert [(f.rule, f.hexes) for f in breach.findings if f.rule == "OM 9.63"] == [("OM 9.63", ("W4114",))]
    legal = _om_combat(om, "old-zoc.vlog", setup + [("A-19-NZ-Eng", "W4217")],
                       combat1 + [("A-19-NZ-Eng", "W4116")])
    assert [f for f in legal.findings if f.rule == "OM 9.63"] == []
    why = [e["why"] for e in legal.coverage["rules_not_judged"] if e["rule"] == "OM 9.63"]
    assert not any("came before the advance" in y or "came after the advance" in y for y in why), why


def test_om_an_advance_open_as_the_log_ends_is_said_to_be_an_advance(om):
    """OM 9.83 (an advance obeys the stacking limit where it ends): 7 RTR, 156 AA, C/1 Welsh and D/1
    Welsh join the stack on W4314; in the Allied Combat Phase, after a roll, 19 NZ advances into it (more
    than 6 stacking points) and the log ends there. The finding says the log ends with this
    advance under way, not a retreat (review rv-om13 item 2); the NA41 seam test above keeps the
    retreat's word."""
    from games_util import palette_piece
    kit, module, root = om
    ids = [p.id for p in kit.game.sequence.phases]
    w = LogWriter.from_module_setup(module, "Scenario 3: Maleme-Suda, May 20-23", kit=kit)
    w.add(*palette_piece(module, "G-9-III-Sturm"), "W4216", report=False)
    w.add(*palette_piece(module, "G-Vogel-1"), "W4317", report=False)
    for unit in ("A-7RTR-1", "A-156-AA", "A-C-1-Welsh", "A-D-1-Welsh"):
        w.move(unit, "W4314")
    w.advance(ids.index("allied-combat"))
    w.roll("1d10", [1])
    w.move("A-19-NZ-Eng", "W4314")
    r = audit([w.write(root / "open-advance.vlog")], module=module)
    got = [f for f in r.findings if f.rule == "OM 9.83"]
    assert [f.hexes for f in got] == [("W4314",)] and "A-19-NZ-Eng" in got[0].units
    assert got[0].message.endswith("(the log ends in the Combat Phase with this advance under way: judged where "
                                   "it stands)"), got[0].message


def test_om_9_83_names_the_advance_that_broke_the_limit(om):
    """OM 9.83 ('ユニットは、戦闘後前進の終了時にスタッキング限度を違反できない'): W4314 holds B/22 NZ,
    B/23 NZ, 7 RTR, C/1 and D/1 Welsh; in the Allied Combat Phase, after a roll, 19 NZ advances into
    it (6 stacking points: legal), then 156 AA advances in from W4313 (7), then a roll. The finding
    names 156 AA, whose advance broke the limit, and the hex's units (before round om22: "19 NZ
    advanced into W4314", the legal advance)."""
    from games_util import palette_piece
    kit, module, root = om
    ids = [p.id for p in kit.game.sequence.phases]
    w = LogWriter.from_module_setup(module, "Scenario 3: Maleme-Suda, May 20-23", kit=kit)
    w.add(*palette_piece(module, "G-9-III-Sturm"), "W4216", report=False)
    w.add(*palette_piece(module, "G-Vogel-1"), "W4317", report=False)
    for unit in ("A-7RTR-1", "A-C-1-Welsh", "A-D-1-Welsh"):
        w.move(unit, "W4314")
    w.move("A-156-AA", "W4313")
    w.advance(ids.index("allied-combat"))
    w.roll("1d10", [1]).move("A-19-NZ-Eng", "W4314").move("A-156-AA", "W4314").roll("1d10", [1])
    r = audit([w.advance(1).write(root / "second-advance.vlog")], module=module)
    got = [f for f in r.findings if f.rule == "OM 9.83"]
    assert len(got) == 1 and got[0].hexes == ("W4314",), [(f.hexes, f.message) for f in got]
    assert got[0].message.startswith("156 AA (A-156-AA) advanced into W4314, which then holds 7 stacking points"), \
        got[0].message
    assert "19 NZ (A-19-NZ-Eng)" in got[0].message and {"A-19-NZ-Eng", "A-156-AA"} <= set(got[0].units)


def _om_advance_onto_w4314(om, name: str, moves) -> list:
    """The 9.83 findings when W4314 holds B/22 NZ, B/23 NZ, 7 RTR, C/1 and D/1 Welsh (5 stacking
    points), 19 NZ, 156 AA and Maori wait on W4313, and in the Allied Combat Phase, after a roll,
    ``moves(w)`` advances units into W4314; a roll follows."""
    from games_util import palette_piece
    kit, module, root = om
    ids = [p.id for p in kit.game.sequence.phases]
    w = LogWriter.from_module_setup(module, "Scenario 3: Maleme-Suda, May 20-23", kit=kit)
    w.add(*palette_piece(module, "G-9-III-Sturm"), "W4216", report=False)
    w.add(*palette_piece(module, "G-Vogel-1"), "W4317", report=False)
    for unit in ("A-7RTR-1", "A-C-1-Welsh", "A-D-1-Welsh"):
        w.move(unit, "W4314")
    for unit in ("A-156-AA", "A-19-NZ-Eng", "A-Maori"):
        w.move(unit, "W4313")
    w.advance(ids.index("allied-combat"))
    moves(w.roll("1d10", [1]))
    r = audit([w.roll("1d10", [1]).advance(1).write(root / name)], module=module)
    return [f for f in r.findings if f.rule == "OM 9.83"]


@pytest.mark.parametrize("order", [("A-19-NZ-Eng", "A-156-AA"), ("A-156-AA", "A-19-NZ-Eng")])
def test_om_9_83_names_every_unit_of_a_stack_that_advanced_together(om, order):
    """OM 9.83 ('ユニットは、戦闘後前進の終了時にスタッキング限度を違反できない'): 19 NZ and 156 AA
    advance from W4313 into W4314 (5 stacking points) in one drag (a stack dropped onto the
    stack: one step): 7 points. Both entered at once, so both are named, in either command order
    (review rv-om-c22 item 4: only the later command's unit was named)."""
    got = _om_advance_onto_w4314(om, f"together-{order[0]}.vlog",
                                 lambda w: w.move_together([(u, "W4314") for u in order]))
    assert len(got) == 1 and got[0].hexes == ("W4314",), [f.message for f in got]
    named = got[0].message.split(" advanced into ")[0]
    assert "19 NZ (A-19-NZ-Eng)" in named and "156 AA (A-156-AA)" in named, got[0].message
    assert "which then holds 7 stacking points" in got[0].message


def test_om_9_83_names_each_advance_that_put_the_stack_over_the_limit(om):
    """OM 9.83: into W4314 (5 stacking points) 19 NZ advances (6: legal), then 156 AA (7: over the
    limit), then Maori (8), each its own drag. The finding, once for the hex, names 156 AA, whose
    advance broke the limit first, and Maori, not 19 NZ (review rv-om-c22 item 4: Maori only)."""
    got = _om_advance_onto_w4314(om, "three-advances.vlog", lambda w: w.move("A-19-NZ-Eng", "W4314")
                                 .move("A-156-AA", "W4314").move("A-Maori", "W4314"))
    assert len(got) == 1 and got[0].hexes == ("W4314",), [f.message for f in got]
    named = got[0].message.split(" advanced into ")[0]
    assert "156 AA (A-156-AA)" in named and "Maori" in named and "19 NZ" not in named, got[0].message
    assert "which then holds 8 stacking points" in got[0].message


def test_om_a_reaction_made_with_the_tracker_ahead_is_no_earlier_retreat(om):
    """OM 7.41, 9.61, 9.13: the tracker already stands on the German Combat Phase when 19 NZ
    reacts W4312 → W4313 (a Defender Reaction move, 1 hex, before any die roll). Two rolls
    follow, then 19 NZ retreats W4313 → W4314 → W4415: 2 hexes, out of enemy ZOC (2 hexes from
    9/III/Sturm, 3 from Vogel 1). A drag before any combat roll is no after-combat retreat, so
    the retreat is measured from W4313, where 19 NZ stood at the phase's first roll: no 9.61 finding
    and nothing named not judged (round omfix13: "3 hexes from where it stood", from W4312; rv-om13:
    named not judged, the rule set was told of no die roll; om22: the first roll's hexes)."""
    r = _om_combat(om, "reaction-ahead.vlog", [("A-19-NZ-Eng", "W4312")],
                   [("A-19-NZ-Eng", "W4313"), ("roll", "6"), ("roll", "3"), ("A-19-NZ-Eng", "W4314"),
                    ("A-19-NZ-Eng", "W4415")])
    got = [(f.hexes, f.message) for f in r.findings if f.rule == "OM 9.61"]
    assert got == [], got
    assert not [e for e in r.coverage["rules_not_judged"] if e["rule"] == "OM 9.61" and "earlier move" in e["why"]]


def test_om_a_reaction_after_its_efficiency_check_roll_is_no_earlier_retreat(om):
    """OM 7.22, 7.41, 9.13, 9.61 (review rv-om22 item 6a): with the tracker already on the German
    Combat Phase, 19 NZ's efficiency check is rolled (7.41 「そのユニットで効果チェックを行う」: a
    die roll, the phase's first), 19 NZ reacts W4312 → W4313 (1 hex), the combat is rolled, 19 NZ
    retreats W4313 → W4314 → W4415 (2 hexes), and another combat is rolled. A reaction follows an
    efficiency-check roll, so the first roll proves no drag after it a retreat: W4415 is 3 hexes
    from W4312 (where it stood at the first roll), yet the play is legal. No 9.61 finding; 9.61
    named not judged (a 1-hex move before, a reaction or refusal, or a first retreat: a log does
    not tell). om22 made it a false finding (measured from W4312)."""
    r = _om_combat(om, "react-roll-more.vlog", [("A-19-NZ-Eng", "W4312")],
                   [("roll", "3"), ("A-19-NZ-Eng", "W4313"), ("roll", "6"), ("A-19-NZ-Eng", "W4314"),
                    ("A-19-NZ-Eng", "W4415"), ("roll", "5")])
    assert [(f.hexes, f.message) for f in r.findings if f.rule == "OM 9.61"] == []
    why = [e["why"] for e in r.coverage["rules_not_judged"] if e["rule"] == "OM 9.61"]
    assert any("W4312 → W4313" in y and "7.41" in y and "7.32" in y for y in why), why
    # the same without the last roll (the retreat closed by the phase end): not judged too
    end = _om_combat(om, "react-roll.vlog", [("A-19-NZ-Eng", "W4312")],
                     [("roll", "3"), ("A-19-NZ-Eng", "W4313"), ("roll", "6"), ("A-19-NZ-Eng", "W4314"),
                      ("A-19-NZ-Eng", "W4415")])
    assert [f for f in end.findings if f.rule == "OM 9.61"] == []
    assert any(e["rule"] == "OM 9.61" for e in end.coverage["rules_not_judged"])


def test_om_9_83_a_group_already_found_is_not_named_again_at_a_later_judgement(om):
    """OM 9.83 ('ユニットは、戦闘後前進の終了時にスタッキング限度を違反できない'): 19 NZ and 156 AA advance
    together into W4314 (5 stacking points: 7), a roll (the next combat: their advance is judged),
    then Maori advances in (8). 19 NZ and 156 AA did not advance again and no unit left the hex: the
    hex over the limit is one breach while it lasts (the Combat Phase's advances into one hex), so one
    finding names them, and Maori's advance goes on in it with its step; before (review rv-g22 item
    3), a second finding said "19 NZ, 156 AA, Maori advanced into W4314"."""
    got = _om_advance_onto_w4314(om, "group-then-maori.vlog", lambda w: w.move_together(
        [("A-19-NZ-Eng", "W4314"), ("A-156-AA", "W4314")]).roll("1d10", [1]).move("A-Maori", "W4314"))
    assert len(got) == 1, [f.message for f in got]
    named = got[0].message.split(" advanced into ")[0]
    assert "19 NZ (A-19-NZ-Eng)" in named and "156 AA (A-156-AA)" in named and "Maori" not in named
    assert [e["units"] for e in got[0].details["went_on"]] == [["A-Maori"]], got[0].message
    assert "The same breach went on: Maori" in got[0].message


def test_om_9_83_the_same_group_advancing_over_the_limit_again_later_is_a_new_breach(om):
    """The other way (review rv-g22 item 3): 19 NZ and 156 AA advance together into W4314 (7: OM 9.83);
    on the next turn they move back to W4313 in the Allied Movement Phase and, in the Allied Combat
    Phase after a roll, advance into W4314 again (7 again): their own new advance over the limit, a
    second finding naming them."""
    from games_util import palette_piece
    kit, module, root = om
    ids = [p.id for p in kit.game.sequence.phases]
    w = LogWriter.from_module_setup(module, "Scenario 3: Maleme-Suda, May 20-23", kit=kit)
    w.add(*palette_piece(module, "G-9-III-Sturm"), "W4216", report=False)
    w.add(*palette_piece(module, "G-Vogel-1"), "W4317", report=False)
    for unit in ("A-7RTR-1", "A-C-1-Welsh", "A-D-1-Welsh"):
        w.move(unit, "W4314")
    for unit in ("A-156-AA", "A-19-NZ-Eng"):
        w.move(unit, "W4313")
    together = [("A-19-NZ-Eng", "W4314"), ("A-156-AA", "W4314")]
    w.advance(ids.index("allied-combat")).roll("1d10", [1]).move_together(together).roll("1d10", [1])
    w.advance(len(ids) - ids.index("allied-combat") + ids.index("allied-movement"))
    w.move_together([("A-19-NZ-Eng", "W4313"), ("A-156-AA", "W4313")])
    w.advance(ids.index("allied-combat") - ids.index("allied-movement")).roll("1d10", [1]).move_together(together)
    r = audit([w.roll("1d10", [1]).advance(1).write(root / "group-again.vlog")], module=module)
    got = [f for f in r.findings if f.rule == "OM 9.83"]
    assert [f.turn for f in got] == [1, 2], [(f.turn, f.message) for f in got]
    for f in got:
        named = f.message.split(" advanced into ")[0]
        assert "19 NZ (A-19-NZ-Eng)" in named and "156 AA (A-156-AA)" in named and "went on" not in f.message
