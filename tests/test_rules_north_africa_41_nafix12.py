"""North Africa '41, round nafix12: 12.1.3 guideline 3 read as the book words it (which friends
cancel enemy ZOC, the other retreat's length, enemy non-combat units, long paths), and control
read for a whole retreating stack (12.4) and at the start of the phase (21.1.4)."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from na41_util import H, INF, MECH, TRUCK, al, ax, inline, position, rules_of, table
from vmodgen.rules import ruleset_for
from vmodgen.rules.illustrative import Annotator

RULEBOOK = Path(__file__).resolve().parent / "data" / "positions" / "rulebook" / "north_africa_41"

# a 12 x 5 strip: Axis Z2 (0603) attacked Allied D1 (0503); Z1 (0402) has 0403 in its ZOC
STRIP = inline((1, 12), (1, 5)) + ax("Z1", "0402") + ax("Z2", "0603")
D1 = al("D1", "0303", previous="0503", path=["0503", "0403", "0303"], mode="retreat")


def check(text: str):
    p = position(text)
    rs = ruleset_for(p.game)
    return p, rs, rs.check(p), rs.take_not_judged()


def test_a_retreat_stack_sets_itself_aside_for_an_early_stop_in_a_port():
    """12.4 with 16.3.4: B1 and B2 retreat together 3021 -> 3022 after DR2 and stop in the port 3022,
    which the record says the Axis held last. Each stands in the port with the other, but the stack
    found it Axis: no early stop, NA41 12.1.1 for both, as for B1 alone."""
    def b(n: str) -> str:
        return al(n, "3022", previous="3021", path=["3021", "3022"], mode="retreat", values=MECH,
                  movement_class="mech")
    head = (H + table("hexes", hex="3022", terrain="town", features=["port"]) + ax("A1", "3020")
            + table("attacks", hex="3021", units=["A1"], result="DR2"))
    state = '[state]\nna41_last_held = {"3022" = "axis"}\n'
    for stack in (b("B1"), b("B1") + b("B2")):
        found = [f for f in check(head + stack + state)[2] if f.rule == "NA41 12.1.1"]
        assert len(found) == stack.count("[[units]]"), stack


NAVAL = ('[position]\ngame = "north-africa-41"\nturn = 3\nphase = "i1-axis-movement"\n'
         '[[hexes]]\nhex = "3138"\ncontrol = "axis"\n')
STATE = '[state]\nna41_last_held = {"3210" = "allied"}\n'


def _landing(name: str) -> str:
    return f'[[units]]\nunit = "{name}"\nhex = "3210"\nprevious = "3138"\nstatus = ["naval_transport"]\n'


def test_naval_landing_reads_the_port_at_the_start_of_the_phase():
    """21.1.4 「手番プレイヤーの移動フェイズ開始時に友軍支配下の港湾…のみ」: 3210, recorded Allied, is the
    port of landing. Brescia and Pavia landing there together, or Pavia arriving overland this phase,
    do not make it Axis at the phase's start: NA41 21.1.4 for each unit landed by sea."""
    for extra, landed in ((_landing("Pavia"), {"Brescia", "Pavia"}),
                          ('[[units]]\nunit = "Pavia"\nhex = "3210"\nprevious = "3209"\npath = ["3209", "3210"]\n',
                           {"Brescia"})):
        _, _, found, _ = check(NAVAL + _landing("Brescia") + extra + STATE)
        got = {f.units[0] for f in found if f.rule == "NA41 21.1.4"}
        assert len(got) == len(landed), extra
    # an Axis unit that stood in the port from the phase's start holds it: no finding
    held = '[[units]]\nunit = "Pavia"\nhex = "3210"\n'
    assert not [f for f in check(NAVAL + _landing("Brescia") + held + STATE)[2] if f.rule == "NA41 21.1.4"]


def test_the_12_1_1_not_judged_line_names_the_whole_retreating_stack():
    """With no combat result recorded (as in a log), 12.1.1 is not judged; the line names every unit of
    the stack that retreated together, not only the first."""
    two = "".join(al(n, "0303", previous="0503", path=["0503", "0403", "0303"], mode="retreat") for n in ("D1", "D2"))
    p = replace(position(STRIP + two), moves_announced=False)      # a log's: the drags, no declarations
    rs = ruleset_for(p.game)
    rs.check(p)
    line = rs.take_not_judged().get("NA41 12.1.1", "")
    assert "D1" in line and "D2" in line
