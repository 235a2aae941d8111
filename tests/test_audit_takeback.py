"""A unit dragged back by hand within its phase is a take-back, not a move (vmodgen/audit/takeback.py).

Logs scripted with the log writer on the minikit variant of test_audit (Red moves first; Blue's
B2 at 0504 exerts a zone of control over 0503, 0404, 0405, 0505, 0604, 0605; Blue's B1 at 0404
exerts none; R1 has 4 movement points, R3 6; hexes cost 1 point, 0303 (rough) more). The rules
are the generic set: GEN zoc (a unit entering an enemy ZOC stops), GEN movement (allowance, no
entry into enemy units), GEN stacking (no hex holds both sides' units)."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from conftest import shared_path
from test_audit import mini  # noqa: F401  (the built minikit fixture)
from test_audit_coverage import _no_phase_binding
from vmodgen.audit import audit
from vmodgen.audit.coverage import TAKEN_BACK
from vmodgen.audit.takeback import TakeBackTracker, inverse_of, withdrawn
from vmodgen.integrity.facts import undo_evidence
from vmodgen.report import render
from vmodgen.testing.log_writer import LogWriter


def _audit(mini, name: str, script, **kw):
    kit_dir, kit, module, root = mini
    w = LogWriter.from_module_setup(module, kit=kit, player="Alice")
    script(w)
    log = w.write(root / f"takeback-{name}.vlog")
    if "preset" in kw:
        return audit([log], **kw)
    return audit([log], module=module, game=str(kit_dir), **kw)


def _found(r) -> list[tuple]:
    return [(f.step, f.rule, f.units) for f in r.findings]


def _taken(r) -> list[tuple]:
    return [(t["unit"], t["steps"], t["hexes"]) for t in r.integrity["taken_back"]["items"]]


# -- the five positions of the brief ------------------------------------------------------------
def test_leg_into_enemy_zoc_then_back_is_no_finding_and_is_listed(mini):
    """Red Movement, turn 1: R1 0102 → 0202 → 0302 → 0403, then into 0503 (B2's ZOC, GEN zoc:
    it must stop there), then dragged back to 0403 (an earlier stop of its own, steps 4-5). Judged
    as a move it would read 'entered enemy ZOC at 0503 and moved on'; as a take-back: no finding,
    the two moves counted 'taken back by hand', the take-back listed with its steps and hexes."""
    r = _audit(mini, "zoc-back", lambda w: w.move("R1", "0202").move("R1", "0302").move("R1", "0403")
               .move("R1", "0503").move("R1", "0403").advance())
    assert _found(r) == []
    assert _taken(r) == [("R1", [4, 5], ["0403", "0503", "0403"])]
    t = r.integrity["taken_back"]
    assert t["judged"] and t["count"] == 1 and t["unit_moves"] == 2 and t["unit_moves_in_phase"] == 2
    assert t["items"][0]["phase"] == "Red Movement" and t["items"][0]["turn"] == 1
    # the drag back moves R1 from the point step 4 put it on to the point it came from: the inverse
    # commands of step 4, but VASSAL 3.7 marks its undos, so it is a drag by hand
    assert t["items"][0]["inverse_of"] == 4 and t["items"][0]["how"] == "by hand"
    assert "note" not in t["items"][0] and t["items"][0]["player"] == "Alice"     # the recorder
    moves = r.coverage["moves"]
    assert moves["seen"] == 5 and moves["judged"] == 3 and moves["not_judged"][TAKEN_BACK] == 2
    assert any(m.startswith("2 unit move(s) taken back by hand, not judged") for m in r.coverage["messages"])


def test_back_then_a_legal_move_elsewhere_counts_the_allowance_from_the_return(mini):
    """R3 (6 MP) 0203 → 0202 → 0302 → 0402, back to 0302 (steps 3-4), back to 0202 (steps 2, 5),
    then 0102 → 0101: 3 points from its phase-start hex once the withdrawn drags are gone (GEN
    movement): no finding. The same drags with a die roll before the first return are all
    judged: 7 points > 6, the movement finding at the last step (the control)."""
    drags = ["0202", "0302", "0402", "0302", "0202", "0102", "0101"]

    def script(roll: bool):
        def play(w):
            for i, h in enumerate(drags):
                if roll and i == 3:
                    w.roll("1d6", [1])
                w.move("R3", h)
            w.advance()
        return play
    r = _audit(mini, "legal-after", script(False))
    assert _found(r) == []
    assert _taken(r) == [("R3", [3, 4], ["0302", "0402", "0302"]), ("R3", [2, 5], ["0202", "0302", "0202"])]
    control = _audit(mini, "legal-after-rolled", script(True))
    assert _found(control) == [(8, "GEN movement", ("R3",))] and "needs 7 movement points" in control.findings[0].message
    assert _taken(control) == []


def test_back_then_an_illegal_move_is_found_on_the_new_move_only(mini):
    """R3 0203 → 0202 → 0302, back to 0202 (steps 2-3: a take-back), then 0302 → 0403 → 0503
    (B2's ZOC) → 0603: GEN zoc at step 7, and the path it quotes is the move that stands
    (0203 → 0202 → 0302 → 0403 → 0503 → 0603), not the withdrawn leg."""
    r = _audit(mini, "illegal-after", lambda w: w.move("R3", "0202").move("R3", "0302").move("R3", "0202")
               .move("R3", "0302").move("R3", "0403").move("R3", "0503").move("R3", "0603").advance())
    assert _found(r) == [(7, "GEN zoc", ("R3",))]
    assert "0203 → 0202 → 0302 → 0403 → 0503 → 0603: it entered enemy ZOC at 0503" in r.findings[0].message
    assert _taken(r) == [("R3", [2, 3], ["0202", "0302", "0202"])]


@pytest.mark.parametrize("between", ["roll", "flip"])
def test_a_roll_or_a_flip_before_the_return_means_the_move_stands(mini, between):
    """R3 0203 → 0303 → 0403 → 0503 (B2's ZOC), then a die roll (or R2 flipped: a step lost)
    before R3 is dragged back to 0403: the leg had consequences, so the return is a move: GEN
    zoc 'entered enemy ZOC at 0503 and moved on' at the return (step 5), nothing taken back."""
    def play(w):
        w.move("R3", "0303").move("R3", "0403").move("R3", "0503")
        if between == "roll":
            w.roll("1d6", [6])
        else:
            w.flip("R2")
        w.move("R3", "0403").advance()
    r = _audit(mini, f"consequence-{between}", play)
    assert _found(r) == [(5, "GEN zoc", ("R3",))]
    assert "entered enemy ZOC at 0503 and moved on" in r.findings[0].message
    assert _taken(r) == [] and r.coverage["moves"]["not_judged"][TAKEN_BACK] == 0


def test_return_to_an_earlier_stop_of_a_multi_drag_move(mini):
    """R3 0203 → 0303 → 0403, into 0503 (ZOC), back to 0403 (an earlier stop, not the phase
    start), then on 0402 → 0401 → 0301 → 0201: its move is 0203 → 0303 → 0403 → 0402 → 0401 →
    0301 → 0201 (6 points, 0303 rough) with no ZOC entry: no finding. Judged as moves (a roll
    before the return, the control) the ZOC entry is found, and so is its length: with the trip
    into 0503 and back it is 9 points, R3 has 6 (GEN movement)."""
    def play(roll: bool):
        def p(w):
            w.move("R3", "0303").move("R3", "0403").move("R3", "0503")
            if roll:
                w.roll("1d6", [4])
            for h in ("0403", "0402", "0401", "0301", "0201"):
                w.move("R3", h)
            w.advance()
        return p
    r = _audit(mini, "earlier-stop", play(False))
    assert _found(r) == []
    assert _taken(r) == [("R3", [3, 4], ["0403", "0503", "0403"])]
    control = _audit(mini, "earlier-stop-rolled", play(True))
    assert [f[1] for f in _found(control)] == ["GEN zoc", "GEN movement"]


def test_findings_of_the_withdrawn_leg_are_withdrawn(mini):
    """R3 0203 → 0303 → 0403, then onto 0404 (B1's hex: GEN stacking, both sides in one hex, and
    GEN movement, entering enemy units, both found at step 3 as it happened), then back to 0403:
    the violations existed only during the withdrawn leg, so both findings are withdrawn and the
    take-back names them."""
    r = _audit(mini, "withdrawn", lambda w: w.move("R3", "0303").move("R3", "0403").move("R3", "0404")
               .move("R3", "0403").advance())
    assert _found(r) == []
    item = r.integrity["taken_back"]["items"][0]
    assert sorted((x["step"], x["rule"]) for x in item["withdrawn_findings"]) == [(3, "GEN movement"),
                                                                                 (3, "GEN stacking")]
    assert r.integrity["taken_back"]["withdrawn_findings"] == 2


def test_no_phase_take_back_within_the_players_run(mini):
    """No phase can be read (no tracker): Alice drags R3 onto B1's hex 0404 (GEN stacking, both
    sides: a rule that needs no phase) and back to 0403 within her run of moves: no finding, the
    take-back listed with no phase; the moves were not judged as moves anyway (no phase)."""
    kit_dir, kit, module, root = mini
    r = _audit(mini, "nophase", lambda w: w.move("R3", "0303").move("R3", "0403").move("R3", "0404")
               .move("R3", "0403"), preset=_no_phase_binding(kit, module))
    assert _found(r) == []
    assert _taken(r) == [("R3", [3, 4], ["0403", "0404", "0403"])]
    t = r.integrity["taken_back"]
    assert t["items"][0]["phase"] == "" and t["unit_moves_in_phase"] == 0
    assert r.coverage["moves"]["not_judged"][TAKEN_BACK] == 0


def test_every_format_lists_the_take_back(mini):
    r = _audit(mini, "formats", lambda w: w.move("R1", "0202").move("R1", "0302").move("R1", "0403")
               .move("R1", "0503").move("R1", "0403").advance())
    text = render(r, "text")
    assert "taken back by hand: 1 (unit moves withdrawn: 2" in text
    assert "Alice dragged 1/1 Inf back to 0403: steps 4, 5 (0403 → 0503 → 0403)" in text
    assert "taken back by hand 2" in text                    # the coverage line
    doc = json.loads(render(r, "json"))
    assert doc["integrity"]["taken_back"]["items"][0]["hexes"] == ["0403", "0503", "0403"]
    assert doc["coverage"]["moves"]["not_judged"][TAKEN_BACK] == 2
    html = render(r, "html")
    assert "<h3>Taken back by hand (1)</h3>" in html and "0403 → 0503 → 0403" in html


def test_integrity_command_says_take_backs_need_rules(mini, tmp_path):
    from click.testing import CliRunner
    from vmodgen.cli import cli
    kit_dir, kit, module, root = mini
    w = LogWriter.from_module_setup(module, kit=kit, player="Alice")
    w.move("R1", "0202").move("R1", "0102")
    log = w.write(tmp_path / "i.vlog")
    res = CliRunner().invoke(cli, ["integrity", str(log), "--format", "json"])
    assert res.exit_code == 0, res.output
    tb = json.loads(res.output)["integrity"]["taken_back"]
    assert tb == {"judged": False, "count": 0, "unit_moves": 0, "unit_moves_in_phase": 0,
                  "withdrawn_findings": 0, "items": []}
    res = CliRunner().invoke(cli, ["integrity", str(log)])
    assert "taken back by hand: not looked for (no rules ran" in res.output
    res = CliRunner().invoke(cli, ["integrity", str(log), "--format", "html"])
    assert "<h3>Taken back by hand</h3><p>Not looked for (no rules ran" in res.output


# -- the detection alone ---------------------------------------------------------------------
def test_tracker_spans_consequences_sides_and_players():
    t = TakeBackTracker()
    assert t.drag(1, "p", "A", "B", unit="U", side="red") is None
    assert t.drag(2, "p", "B", "C", unit="U", side="red") is None
    tb = t.drag(3, "p", "C", "A", unit="U", side="red", player="Al")
    assert tb is not None and tb.steps == (1, 2, 3) and tb.hexes == ("A", "B", "C", "A") and tb.unit == "U"
    # after the take-back the unit stands at A as if it never moved: a drag back to A is nothing
    assert t.drag(4, "p", "A", "B", side="red") is None and t.drag(5, "p", "B", "B", side="red") is None
    t.consequence(6)                                       # a roll after the leg to B
    assert t.drag(7, "p", "B", "A", side="red") is None     # the leg had consequences: a move
    assert t.drag(8, "p", "A", "D", side="red") is None
    t.drag(9, "q", "X", "Y", side="blue")                   # another side moved
    assert t.drag(10, "p", "D", "A", side="red") is None
    # a player change begins a new run: nothing reaches back past it
    t2 = TakeBackTracker()
    t2.player(1, "Al")
    t2.drag(1, "p", "A", "B")
    t2.player(2, "Bo")
    assert t2.drag(2, "p", "B", "A") is None
    # entering the map is no stop; leaving it ends the unit's stops
    t3 = TakeBackTracker()
    assert t3.drag(1, "p", None, "A") is None and t3.drag(2, "p", "A", "B") is None
    assert t3.drag(3, "p", "B", None) is None and t3.drag(4, "p", None, "B") is None
    # an unpaired undo cuts the stops (not a take-back)
    t4 = TakeBackTracker()
    t4.drag(1, "p", "A", "B")
    t4.drag(2, "p", "B", "C")
    t4.cut("p", "B")
    assert t4.drag(3, "p", "B", "A").steps == (1, 3)


@dataclass
class _F:
    step: int
    units: tuple
    key: tuple
    at: str = "during"


def test_withdrawn_keeps_what_still_stands_and_other_units_findings():
    t = TakeBackTracker()
    t.drag(2, "p", "A", "B", unit="U", before=frozenset({"old"}))
    tb = t.drag(5, "p", "B", "A", unit="U")
    fs = [_F(1, ("U",), "k1"),            # before the leg: kept
          _F(2, ("U",), "k2"),            # the leg's own, gone now: withdrawn
          _F(2, ("V",), "k3"),            # found at the leg's step, names another unit, gone: withdrawn
          _F(3, ("V",), "k4"),            # another unit's move, not naming U: kept
          _F(4, ("U", "V"), "k5"),        # names U, gone after the return: withdrawn
          _F(4, ("U",), "k6"),            # names U but still stands: kept
          _F(5, ("U",), "old"),           # at the return, stood before the leg: not reported again
          _F(3, ("U",), "k7", "end")]     # a phase end is not the leg's
    assert withdrawn(fs, [tb], standing={"k4", "k6", "old"}) == {1, 2, 4, 6}


@dataclass
class _Mv:
    piece_id: str
    old: tuple
    new: tuple


@dataclass
class _Ch:
    piece_id: str
    props: dict

    def diff(self):
        return self.props


@dataclass
class _St:
    index: int
    moves: list
    changes: list = field(default_factory=list)
    chat: list = field(default_factory=list)
    created: list = field(default_factory=list)
    deleted: list = field(default_factory=list)

    @property
    def chat_text(self):
        return self.chat


def test_inverse_of_and_undo_evidence():
    """A return that moves the piece back from the same point to the same point (and changes
    back what the leg changed) is the leg's inverse: the commands VASSAL before 3.4 writes for an
    Undo. An undo made of moves alone cannot be told from a drag back by hand before 3.4."""
    a, b = ("M", 1, 1), ("M", 5, 5)
    leg = _St(7, [_Mv("p", a, b)], [_Ch("p", {"Moved": ("false", "true")})])
    back = _St(9, [_Mv("p", b, a)], [_Ch("p", {"Moved": ("true", "false")})])
    assert inverse_of(back, [leg]) == (7, ["Moved true→false"])
    assert inverse_of(_St(9, [_Mv("p", b, a)]), [_St(7, [_Mv("p", a, b)])]) == (7, [])
    assert inverse_of(_St(9, [_Mv("p", b, ("M", 1, 2))]), [leg]) is None          # elsewhere in the hex
    assert undo_evidence(_St(9, [_Mv("p", b, a)]), "2.9.8") == "moves only"
    assert undo_evidence(_St(9, [_Mv("p", b, a)]), "3.7.26") == "marked"
    assert undo_evidence(_St(9, [], chat=["* UNDO: <Al> - hi"]), "2.9.8") == "undo chat"
    assert undo_evidence(back, "3.2.17") == "restores state"


# -- the public The Longest Day chain (VASSAL 2.9.8) ----------------------------------------------
def test_tld_file2_steps_381_382(tmp_path):
    """TLD file 2, German Movement: 91 moved 2424 → 2523 (step 375) and I/6 FS/91 2528 → 2523
    (374); steps 381-382 put them back (2523 → 2424, 2523 → 2528) and set Moved back to false;
    then 383-384 move them to 2523 again. Judged as moves, 381 and 382 read 'entered enemy ZOC at
    2523 and moved on'. A drag by hand never sets Moved to false: they are Undos of 375 and 374
    (VASSAL 2.9.8 writes an undo as the bare inverse commands; the logger's pointer was elsewhere),
    paired by the state they restore: no finding, not a take-back, two undos by Nate."""
    corpus = shared_path("corpus")
    module = corpus / "tld_buildFile-only_stripped.vmod"
    binding = Path(__file__).resolve().parents[1] / "examples" / "tld" / "binding.toml"
    logs = [str(corpus / f"tld_game_0606-{i}.log") for i in range(1, 5)]
    r = audit(logs, module=str(module), binding=str(binding))
    at = {(Path(f.file).name, f.step) for f in r.findings}
    assert ("tld_game_0606-2.log", 381) not in at and ("tld_game_0606-2.log", 382) not in at
    items = {(Path(t["file"]).name, t["step"]) for t in r.integrity["taken_back"]["items"]}
    assert ("tld_game_0606-2.log", 381) not in items and ("tld_game_0606-2.log", 382) not in items
    undos = {(Path(u["file"]).name, u["step"]): u for u in r.integrity["undo"]["undos"]}
    assert undos[("tld_game_0606-2.log", 381)]["took_back"] == [375]
    assert undos[("tld_game_0606-2.log", 382)]["took_back"] == [374]
    assert undos[("tld_game_0606-2.log", 381)]["evidence"] == "restores state"
    undo = r.integrity["undo"]
    assert 0 < undo["moves_only"] < undo["count"]
    assert all(u["evidence"] != "marked" for u in undo["undos"])


# -- a log recorded in real VASSAL 3.7.26 (tests/data/recorded/om-takeback.*) --------------------
@pytest.fixture(scope="module")
def om(tmp_path_factory):
    from bundled_module_util import bundled_module
    return bundled_module("operation-mercury", tmp_path_factory, "takeback-om")


def test_recorded_drag_back_by_hand(om):
    """Operation Mercury, Scenario 3, recorded by real VASSAL 3.7.26 (om-takeback.script): GT1
    German Paradrop Phase, 9/III/Sturm drops on W4213; German Movement Phase: it moves to W4214
    (beside the NZ battalions, step 15), is dragged back to W4213 (a drop, not Undo: step 16) and
    moves on to W4113 (step 17). A unit that arrived by paradrop moves 1 hex at most (OM 4.18):
    judged as moves, W4213 → W4214 → W4213 → W4113 broke it at steps 16 and 17 (the audit before
    take-backs said so); with the take-back its move is W4213 → W4113: no finding."""
    from games_util import audit_chain, found
    r, _ = audit_chain([Path(__file__).parent / "data" / "recorded" / "om-takeback.vlog"], om.module)
    assert found(r) == []
    assert _taken(r) == [("G-9-III-Sturm", [15, 16], ["W4213", "W4214", "W4213"])]
    item = r.integrity["taken_back"]["items"][0]
    assert item["how"] == "by hand" and item["player"] == "German" and item["phase"] == "German Movement Phase"
    assert r.coverage["moves"]["not_judged"][TAKEN_BACK] == 2
