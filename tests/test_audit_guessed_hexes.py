"""A long drag of a unit without a movement allowance is filled in with a shortest path, whose
hexes between the drag's ends are guesses (the player may have gone round). The move rules
report nothing that rests on a guessed hex alone, and a rule first broken at a guessed hex is
reported at the first recorded hex where the move breaks it (``walk_all(guessed=)``,
``UnitState.guessed``); a unit's moves in a phase are one move, with one finding per rule it
breaks, though the hex it is broken at changes from step to step.

Positions: the minikit (tests/data/minikit, generic rules: a unit entering enemy ZOC stops;
the ZOC is the six hexes around a unit), in the variant of ``test_audit_coverage`` where Blue's
B2 has no movement allowance; it sets up at 0504. Hex IDs CCRR."""
from __future__ import annotations

import dataclasses
from pathlib import Path

from conftest import shared_path
from rules_util import head, position, unit
from test_audit_coverage import no_allowance  # noqa: F401  (the built minikit variant)

from vmodgen.audit import audit
from vmodgen.audit.engine import _guessed
from vmodgen.rules import ruleset_for
from vmodgen.rules.core import MoveModel, Problem, walk_all
from vmodgen.rules.core.movement import enemy_held, zoc_stop, zoc_to_zoc
from vmodgen.testing.log_writer import LogWriter


# ---- the core walk along a path with guessed hexes ---------------------------------------------
def toy(zoc: set[str], enemies: set[str] = frozenset(), hexside: tuple[str, str] | None = None) -> MoveModel:
    """Steps cost 1; ``zoc`` hexes stop a unit (rule "zoc"), a step from one into another is
    barred ("zoc"), ``enemies`` hexes may not be entered ("enemy"), the ``hexside`` not crossed."""
    def block(a: str, b: str, i: int) -> Problem | None:
        if b in enemies:
            return enemy_held("enemy", b)
        return zoc_to_zoc("zoc", a, b) if a in zoc and b in zoc else None

    def cost(a: str, b: str) -> float | None:
        return None if hexside and {a, b} == set(hexside) else 1.0

    return MoveModel(cost=cost, neighbours=lambda h: [], block=block,
                     stops=lambda a, b, i: zoc_stop("zoc", b) if b in zoc else None,
                     prohibited=lambda a, b: Problem("side", "movement", f"may not cross {a}-{b}", b, (a,)),
                     allowance_rule="mp")


def got(path, model: MoveModel, guessed: set[int]) -> list[tuple[str, str, tuple[str, ...]]]:
    return [(p.rule, p.hex, p.about) for p, _ in walk_all(model, path, float("inf"), guessed=frozenset(guessed))[1]]


PATH = ("A", "B", "C", "D", "E")       # A, C, E recorded (drag ends), B and D filled in


def test_a_stop_at_a_guessed_hex_then_one_at_a_recorded_hex():
    """ZOC at B (guessed) and C (recorded), the unit moves on from both: the rule is reported at
    C, where the record shows it broken (from B into C is ZOC to ZOC, but B is a guess); on a
    recorded path it is at B, as before."""
    m = toy({"B", "C"})
    assert got(PATH, m, {1, 3}) == [("zoc", "C", ())]
    assert got(PATH, m, set()) == [("zoc", "B", ())]


def test_a_break_resting_on_a_guessed_hex_alone_is_no_finding():
    """ZOC at B only (guessed): nothing. Enemy units in D (guessed): nothing."""
    assert got(PATH, toy({"B"}), {1, 3}) == []
    assert got(PATH, toy(set(), {"D"}), {1, 3}) == []


def test_a_recorded_hex_entered_from_a_guessed_one():
    """Enemy units in C (recorded), entered from B (guessed): the unit was in C, however it came:
    reported. ZOC to ZOC from B (guessed) into C: rests on B too (``about``): not reported; from C
    into D when D is recorded: reported, at D."""
    assert got(PATH, toy(set(), {"C"}), {1, 3}) == [("enemy", "C", ())]
    m = toy({"B", "C", "D"})
    assert got(PATH, m, {1}) == [("zoc", "C", ())]                 # the stop at C it moved on from
    m = MoveModel(cost=lambda a, b: 1.0, neighbours=lambda h: [], allowance_rule="mp",
                  block=lambda a, b, i: zoc_to_zoc("zoc", a, b) if {a, b} <= {"B", "C", "D"} else None)
    assert got(PATH, m, {1}) == [("zoc", "D", ("C",))]


def test_a_hexside_with_a_guessed_side():
    """A prohibited hexside between C (recorded) and D (guessed): the step is a guess, no finding;
    with D recorded it is one."""
    m = toy(set(), hexside=("C", "D"))
    assert got(PATH, m, {1, 3}) == []
    assert got(PATH, m, {1}) == [("side", "D", ("C",))]


def test_the_guessed_indices_of_a_filled_route():
    """The drags' ends are matched in order; a hex a filled-in segment passes is a guess even when
    a later drag ends on it (TLD's II/744/711: 9032 → 8436 filled in through 8535, then → 8535)."""
    assert _guessed(("A", "C", "E"), ("A", "B", "C", "D", "E")) == {1, 3}
    route = ("9032", "8932", "8833", "8733", "8734", "8635", "8535", "8436", "8535")
    assert _guessed(("9032", "8436", "8535"), route) == {1, 2, 3, 4, 5, 6}
    assert _guessed(("A", "B"), ("A", "B")) == frozenset()


def test_a_retreat_through_a_guessed_hex():
    """GEN zoc (generic retreats): red retreats 0504 → 0502 in one drag, filled in through 0503,
    which is in the ZOC of blue's unit at 0404 (0502 is not): no finding when 0503 is a guess;
    "retreated into enemy ZOC at 0503" when the record shows it there."""
    text = head("generic", ("red", "blue")) + unit("B", "blue", "0404") + unit(
        "R", "red", "0502", values={"movement": 4}, previous="0504", path=["0504", "0503", "0502"], mode="retreat")
    pos = position(text)
    assert [f.hexes for f in ruleset_for(pos.game).check(pos)] == [("0503",)]
    pos = position(text)
    pos.units = [dataclasses.replace(u, guessed=frozenset({1})) if u.id == "R" else u for u in pos.units]
    assert ruleset_for(pos.game).check(pos) == []


# ---- logs ----------------------------------------------------------------------------------------
def blue_move(no_allowance, name: str, *blue: tuple[str, str]) -> list:
    """R1 walks 0102 → 0202 → 0302 → 0402 in Red Movement (its ZOC: 0301, 0302, 0401, 0403,
    0501, 0502); in Blue Movement the ``blue`` drags (piece, hex) are made; the findings on B2 alone."""
    kit_dir, kit, module, root = no_allowance
    w = LogWriter.from_module_setup(module, kit=kit)
    w.move("R1", "0202").move("R1", "0302").move("R1", "0402")
    w.advance(3)                                             # Blue Movement (steps 4-6)
    for piece, h in blue:
        w.move(piece, h)
    w.advance()
    r = audit([w.write(root / f"{name}.vlog")], module=module, game=str(kit_dir))
    return [f for f in r.findings if f.units == ("B2",)]


def test_log_first_break_guessed_second_recorded(no_allowance):
    """B2 is dragged 0504 → 0501 in one drag: the only shortest path is 0504 → 0503 → 0502 →
    0501, so 0502 (in R1's ZOC: a stop it moved on from) is a guess; 0501, where the drag ended,
    is in R1's ZOC too, and B2 is dragged on to 0601: GEN zoc at 0501 (step 8). Before, the
    finding at the guessed 0502 was dropped and the one at 0501 with it."""
    fs = blue_move(no_allowance, "guessed-then-recorded", ("B2", "0501"), ("B2", "0601"))
    assert [(f.step, f.rule, f.hexes) for f in fs] == [(8, "GEN zoc", ("0501",))]
    assert "it entered enemy ZOC at 0501 and moved on" in fs[0].message
    assert fs[0].details["path_inferred"] == ["0504", "0503", "0502", "0501", "0601"]


def test_log_only_break_at_a_guessed_hex(no_allowance):
    """The same drag 0504 → 0501 alone: its only break is the stop at 0502, a guessed hex (and
    the ZOC-to-ZOC step from 0502 into 0501 rests on it): no finding."""
    assert blue_move(no_allowance, "guessed-only", ("B2", "0501")) == []


def test_log_a_finding_that_goes_and_comes_back_is_one_finding(no_allowance):
    """B2 is dragged 0504 → 0503 → 0502 → 0402 onto R1 (steps 7-9; at 9 GEN zoc: it entered R1's
    ZOC at 0502 and moved on; GEN movement: 0402 holds enemy units). R1 is then dragged to 0401
    (step 10: a Red unit in Blue Movement, not judged), so neither rule is broken along B2's path
    any more (0502 is out of R1's ZOC), and back to 0402 (step 11): both are broken again, by the
    same move: one finding each, at step 9 (each was reported a second time at step 11 before)."""
    fs = blue_move(no_allowance, "comes-back", ("B2", "0503"), ("B2", "0502"), ("B2", "0402"),
                   ("R1", "0401"), ("R1", "0402"))
    assert sorted((f.step, f.rule, f.hexes) for f in fs) == [(9, "GEN movement", ("0402",)),
                                                            (9, "GEN zoc", ("0502",))]


def test_tld_one_finding_per_rule_for_the_carried_supply_counter():
    """The public TLD chain, file 2, German Movement of turn 6: II/744/711 is dragged 9032 → 8436
    (one drag, filled in through 8535) onto an Allied supply counter (step 624: GEN movement,
    8436 holds enemy units); at 625 the stack, counter and all, is dragged on to 8535 and at 626
    back to 8436. One move: GEN movement once, at 624 (it was reported again at 625, where the
    carried counter made 8535 the hex, and at 626). GEN zoc at 625 names 8436, the recorded drag
    end in enemy ZOC (12/6 at 8435) it moved on from, not 8535, where only the filled-in route
    passed."""
    root = Path(__file__).resolve().parents[1]
    logs = [shared_path("corpus", f"tld_game_0606-{i}.log") for i in range(1, 5)]
    r = audit(logs, module=shared_path("corpus", "tld_buildFile-only_stripped.vmod"),
              binding=root / "examples" / "tld" / "binding.toml")
    mine = [(Path(f.file).name, f.step, f.rule, f.hexes) for f in r.findings if "II/744/711" in f.unit_names
            and f.at == "during" and f.rule != "GEN stacking"]
    assert mine == [("tld_game_0606-2.log", 624, "GEN movement", ("8436",)),
                    ("tld_game_0606-2.log", 625, "GEN zoc", ("8436",))]
    # 6 (file 1, Allied Follow-Up Movement): 8130 → 7633 in one drag (filled in), then → 7533;
    # its route's first ZOC stop is a guessed hex, 7633 (next to four German units) a recorded one
    six = [(f.step, f.rule, f.hexes) for f in r.findings if f.units == ("1168285065511",)]
    assert six == [(1029, "GEN zoc", ("7633",))]

