"""A drag that VASSAL recorded as starting from a hex the unit stood on earlier in the phase,
while the replay has the unit elsewhere, is a take-back the log lost (vmodgen/audit/takeback.py,
"A lost undo"): the legs since are withdrawn and the drag is judged from the recorded hex.

Logs scripted with the log writer on the minikit variant of test_audit, written as VASSAL 2.9.8
logs (the version whose logs lose the move part of some undos), except the 3.x control. Red
moves first; Blue's B2 at 0504 exerts a zone of control over 0503, 0404, 0405, 0505, 0604, 0605;
R1 (4 movement points) starts at 0102. Rules: the generic set (GEN zoc: a unit entering an enemy
ZOC stops; GEN movement: allowance, no entry into enemy units; GEN stacking)."""
from __future__ import annotations

from pathlib import Path

from test_audit import mini  # noqa: F401  (the built minikit fixture)
from vmodgen.audit import audit
from vmodgen.audit.coverage import TAKEN_BACK
from vmodgen.audit.takeback import Stray, TakeBackTracker
from vmodgen.report import render
from vmodgen.testing.log_writer import LogWriter
from vmodgen.vassal.savefile import Metadata


def _audit(mini, name: str, script, version: str = "2.9.8"):
    kit_dir, kit, module, root = mini
    w = LogWriter.from_module_setup(module, kit=kit, player="Alice")
    script(w)
    log = w.write(root / f"lost-undo-{name}.vlog", savedata=Metadata(version="1.0", vassal_version=version))
    return audit([log], module=module, game=str(kit_dir))


def _found(r) -> list[tuple]:
    return [(f.step, f.rule, f.units) for f in r.findings]


def _taken(r) -> list[tuple]:
    return [(t["unit"], t["step"], t["steps"], t["hexes"], t["how"]) for t in r.integrity["taken_back"]["items"]]


def _leg_into_zoc(w, *, roll: bool = False):
    """Steps 1-4: R1 0102 → 0202 → 0302 → 0403 → 0503 (into B2's ZOC: it must stop there); step
    5 the 'oos' marker placed on 0503 (the leg's trail), step 6 (or 7, after a roll at step 6) it
    is removed: the remnant of an undo whose move part the log lacks."""
    for h in ("0202", "0302", "0403", "0503"):
        w.move("R1", h)
    marker = w.add("piece;;;oos.png;Out of supply", "null;0;0;0;0", "0503")
    if roll:
        w.roll("1d6", [5])
    w.delete(marker)


def test_a_drag_recorded_from_the_start_hex_withdraws_the_leg(mini):
    """Red Movement, turn 1: the leg into 0503 (steps 1-4), the remnant (5-6), then step 7 drags
    R1 to 0202 with the M/ command's old position on 0102 (R1's phase-start hex) while the replay
    has it on 0503. Judged from 0503 it would read 'entered enemy ZOC at 0503 and moved on' (GEN
    zoc); as a lost undo: the four legs are withdrawn, the drag 0102 → 0202 (1 point) is judged:
    no finding, the take-back listed with the lost-undo note."""
    r = _audit(mini, "start", lambda w: (_leg_into_zoc(w), w.move("R1", "0202", recorded_from="0102"),
                                         w.advance()))
    assert _found(r) == []
    assert _taken(r) == [("R1", 7, [1, 2, 3, 4], ["0102", "0202", "0302", "0403", "0503", "0102"], "lost undo")]
    item = r.integrity["taken_back"]["items"][0]
    assert item["note"].startswith("the log does not show the return: the recorder's VASSAL had the unit at "
                                   "0102 when it was dragged (a lost undo)")
    moves = r.coverage["moves"]
    assert moves["seen"] == 5 and moves["judged"] == 1 and moves["not_judged"][TAKEN_BACK] == 4
    assert moves["started_elsewhere"] == 0
    assert r.integrity["taken_back"]["unit_moves"] == 4
    text = render(r, "text")
    assert ("Alice dragged 1/1 Inf from 0102, taking back steps 1, 2, 3, 4 (0102 → 0202 → 0302 → 0403 → "
            "0503 → 0102)") in text
    # the marker removed at step 6 would keep a leg standing against a drag back by hand
    assert item["consequence"] == 6


def test_a_roll_in_between_does_not_keep_the_leg_standing(mini):
    """The same with a die roll (step 6) between the leg and the drag recorded from 0102 (step 8):
    a drag back by hand would be judged as a move (the leg had consequences); here VASSAL itself
    had R1 back on 0102: the leg is withdrawn all the same, and the item names the last step with
    a consequence (7: the marker removed after the roll)."""
    r = _audit(mini, "roll", lambda w: (_leg_into_zoc(w, roll=True), w.move("R1", "0202", recorded_from="0102"),
                                        w.advance()))
    assert _found(r) == []
    assert [t[:3] for t in _taken(r)] == [("R1", 8, [1, 2, 3, 4])]
    item = r.integrity["taken_back"]["items"][0]
    assert item["consequence"] == 7 and "a roll or another change at step 7" in item["note"]


def test_a_drag_recorded_from_an_earlier_stop(mini):
    """The drag recorded from 0403 (where step 3 ended, not the phase start) to 0402: the leg
    into 0503 (step 4) is withdrawn; R1's move is 0102 → 0202 → 0302 → 0403 → 0402 (4 points,
    no ZOC entry): no finding."""
    r = _audit(mini, "stop", lambda w: (_leg_into_zoc(w), w.move("R1", "0402", recorded_from="0403"),
                                        w.advance()))
    assert _found(r) == []
    assert _taken(r) == [("R1", 7, [4], ["0403", "0503", "0403"], "lost undo")]
    assert r.coverage["moves"]["judged"] == 4


def test_the_findings_of_the_withdrawn_legs_are_withdrawn(mini):
    """R1 0102 → 0202 → 0302 → 0403 → 0503 (B2's ZOC) → 0603: 'entered enemy ZOC at 0503 and
    moved on' (GEN zoc) and, 5 hexes with 4 movement points, 'needs 5 movement points to reach
    0603' (GEN movement), both at step 5; then step 6 drags it to 0402 recorded from 0403 (where
    step 3 ended): steps 4-5 are withdrawn and with them both findings (listed with the
    take-back)."""
    def play(w):
        for h in ("0202", "0302", "0403", "0503", "0603"):
            w.move("R1", h)
        w.move("R1", "0402", recorded_from="0403").advance()
    r = _audit(mini, "withdrawn", play)
    assert _found(r) == []
    assert _taken(r) == [("R1", 6, [4, 5], ["0403", "0503", "0603", "0403"], "lost undo")]
    gone = r.integrity["taken_back"]["items"][0]["withdrawn_findings"]
    assert [(w["step"], w["rule"]) for w in gone] == [(5, "GEN zoc"), (5, "GEN movement")]
    assert r.integrity["taken_back"]["withdrawn_findings"] == 2


def test_a_drag_recorded_from_a_hex_the_unit_never_stood_on_is_judged_and_counted(mini):
    """The drag to 0603 recorded from 0101, a hex R1 did not stand on in the phase: not guessed
    at. Judged as the replay shows it (0503 → 0603: GEN zoc, entered enemy ZOC at 0503 and moved
    on, at step 7; and GEN movement: 0102 → ... → 0603 is 5 hexes with 4 movement points), the
    finding says where VASSAL had the unit, the coverage counts the drag."""
    r = _audit(mini, "never", lambda w: (_leg_into_zoc(w), w.move("R1", "0603", recorded_from="0101"),
                                         w.advance()))
    assert _found(r) == [(7, "GEN zoc", ("R1",)), (7, "GEN movement", ("R1",))]
    msg = r.findings[0].message
    assert "entered enemy ZOC at 0503 and moved on" in msg
    assert "the recorder's VASSAL had the unit at 0101 when it was dragged, the replay at 0503" in msg
    assert _taken(r) == []
    assert r.coverage["moves"]["started_elsewhere"] == 1
    assert [(m["step"], m["replay"], m["recorded"]) for m in r.coverage["started_elsewhere"]] == [(7, "0503", "0101")]
    assert any(m.startswith("1 drag(s) started where the replay did not have the unit") for m in r.coverage["messages"])


def test_a_3x_log_whose_drags_start_where_the_replay_has_the_unit_is_unchanged(mini):
    """The control, a VASSAL 3.7 log: the drag to 0603 recorded from 0503 (where the replay has
    R1): judged as before, GEN zoc and GEN movement (5 hexes, 4 points) at step 7; nothing taken
    back, no drag started elsewhere."""
    r = _audit(mini, "3x", lambda w: (_leg_into_zoc(w), w.move("R1", "0603"), w.advance()), version="3.7.26")
    assert _found(r) == [(7, "GEN zoc", ("R1",)), (7, "GEN movement", ("R1",))]
    assert "recorder's VASSAL" not in r.findings[0].message
    assert _taken(r) == [] and r.coverage["moves"]["started_elsewhere"] == 0


def test_tracker_recorded():
    """The detection alone: a recorded old hex that is an earlier stop cuts the stops back (a
    lost undo, the withdrawn steps then the drag's own); another hex is a Stray; the unit's
    first drag, or a recorded hex equal to its last stop, is nothing."""
    t = TakeBackTracker()
    assert t.recorded(1, "p", "Z", "B") is None                 # no stop yet: its move starts at Z
    t.drag(1, "p", "A", "B", unit="U")
    t.drag(2, "p", "B", "C", unit="U")
    t.consequence(3)
    assert t.recorded(4, "p", "C", "D") is None                  # where the replay has it
    st = t.recorded(4, "p", "Q", "D", unit="U")
    assert st == Stray("p", 4, "C", "Q", "U")
    tb = t.recorded(5, "p", "B", "D", unit="U")
    assert tb is not None and tb.lost and tb.steps == (2, 5) and tb.withdrawn_steps == (2,)
    assert tb.hexes == ("B", "C", "B") and tb.withdrawn_hops == (("B", "C"),) and tb.consequence == 3
    assert t.drag(5, "p", "B", "D") is None                      # the drag itself: a move from B
    back = t.drag(6, "p", "D", "A")                              # then back by hand to A
    assert back is None                                          # the roll at 3 keeps leg 1 standing
    assert t.recorded(7, "p", "B", "B") is None                  # no drag at all


def test_tld_lost_undos():
    """The public TLD chain (VASSAL 2.9.8), file 1, Allied Follow-Up Movement of turn 6: step
    979 drags 1/22/4 from 4024 (an earlier stop) to 3326, step 982 only removes the trail marker
    979 placed (an undo's remnant), step 1006's M/ records 1/22/4 on 4024 again while the replay
    has it on 3326; the same for 899 (980: 4025 → 3525; 1011 recorded from 4025). Judged from
    the replay they read 'entered enemy ZOC at 3326/3525 and moved on'; as lost undos they are
    take-backs and no finding. 46 findings in all (47 before a move's finding of a rule stood
    once across its steps and a rule first broken at a guessed hex was looked for at the recorded
    ones: II/744/711's GEN movement no longer again at file 2 steps 625-626, 6's GEN zoc at file
    1 step 1029 new; tests/test_tld_generic.py says why)."""
    from conftest import shared_path
    corpus = shared_path("corpus")
    binding = Path(__file__).resolve().parents[1] / "examples" / "tld" / "binding.toml"
    logs = [str(corpus / f"tld_game_0606-{i}.log") for i in range(1, 5)]
    r = audit(logs, module=str(corpus / "tld_buildFile-only_stripped.vmod"), binding=str(binding))
    at = {(Path(f.file).name, f.step) for f in r.findings}
    assert ("tld_game_0606-1.log", 1006) not in at and ("tld_game_0606-1.log", 1011) not in at
    lost = {(Path(t["file"]).name, t["step"]): t for t in r.integrity["taken_back"]["items"] if t["how"] == "lost undo"}
    assert lost[("tld_game_0606-1.log", 1006)]["steps"] == [979]
    assert lost[("tld_game_0606-1.log", 1006)]["hexes"] == ["4024", "3326", "4024"]
    assert lost[("tld_game_0606-1.log", 1011)]["steps"] == [980]
    assert lost[("tld_game_0606-1.log", 1011)]["hexes"] == ["4025", "3525", "4025"]
    assert len(r.findings) == 46
