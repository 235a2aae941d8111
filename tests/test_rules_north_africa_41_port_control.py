"""NA41 16.1 and an empty port whose control the position does not state (a log rarely states it).

16.2 「港湾補給：マップ外ボックスへ補給線をたどれないものの友軍支配下の港湾へたどれるユニットは、港湾補給下と
見なされます」 and 16.3.4 「都市、飛行場、港湾を占めるか又は通過した最後のプレイヤーがそれを支配します」: a port
supplies the side that last occupied or passed through it, which a position does not show. The
trace reads such a port as nobody's; a verdict another holder would turn is named not judged,
never a finding."""
from __future__ import annotations

from rules_util import position
from vmodgen.rules import ruleset_for
from vmodgen.rules.games.north_africa_41 import supply

#: Tobruk (3138, an empty port) besieged: Axis units on every land hex 3 hexes from it, their ZOCs
#: closing the highway both ways; 4/2 NZ stands in 3039, next to the port
RING = ["3135", "3236", "3036", "2936", "3041", "2940", "2840", "2839", "2838", "2837"]
AXIS = ["5 Pz Rgt", "2 MG Bn", "8 MG Bn", "3 Aufkl", "5 Pz Rgt (21 Pz)", "2 MG Bn (21 Pz)", "8 MG Bn (21 Pz)",
        "3 Aufkl (21 Pz)", "Ariete", "Brescia"]


def _siege(control: str | None, marked: bool = False) -> str:
    text = ('[position]\ngame = "north-africa-41"\nturn = 10\nphase = "Impulse 3: Allied Supply Phase"\n')
    if control:
        text += f'\n[[hexes]]\nhex = "3138"\ncontrol = "{control}"\n'
    text += '\n[[units]]\nunit = "4/2 NZ"\nhex = "3039"\n' + ('status = ["oos"]\n' if marked else "")
    return text + "".join(f'\n[[units]]\nunit = "{u}"\nhex = "{h}"\n' for u, h in zip(AXIS, RING))


def _judge(text: str) -> tuple[list[str], dict[str, str]]:
    p = position(text)
    rs = ruleset_for(p.game)
    return [f.rule for f in rs.check(p) if f.rule == "NA41 16.1"], rs.take_not_judged()


def test_unmarked_unit_beside_an_empty_port_of_unstated_control_is_not_judged():
    """4/2 NZ, unmarked, can trace only to Tobruk. Tobruk stated Allied: port supply, no finding;
    stated Axis: it cannot trace, 16.1 (no OOS marker); not stated: not judged, naming 3138 and
    16.3.4 (before: a 16.1 finding, the port read as nobody's)."""
    assert _judge(_siege("allied"))[0] == []
    assert _judge(_siege("axis"))[0] == ["NA41 16.1"]
    found, why = _judge(_siege(None))
    assert found == []
    assert "3138" in why["NA41 16.1"] and "16.3.4" in why["NA41 16.1"] and "would trace" in why["NA41 16.1"]


def test_marked_unit_beside_an_empty_port_is_not_judged_either():
    """The same unit with an OOS marker: stated Allied, it traces (16.1: the marker comes off);
    stated Axis, it cannot trace through the besieging ZOCs: the marker stands, nothing named; not
    stated: no finding, and the marker's verdict rests on Tobruk's holder: named not judged."""
    assert _judge(_siege("allied", marked=True))[0] == ["NA41 16.1"]
    found, why = _judge(_siege("axis", marked=True))
    assert found == [] and "3138" not in why.get("NA41 16.1", "")
    found, why = _judge(_siege(None, marked=True))
    assert found == [] and "3138" in why["NA41 16.1"]


def test_unmarked_unit_whose_line_runs_past_empty_places_of_unstated_control_is_not_judged():
    """NA41 16.1, 16.3.4 (review probe_na2): 4/2 NZ alone, unmarked, in 2265 at the Allied Supply
    Phase's end. The empty cities, airfields and ports (16.3.4: held by the last side to occupy or
    pass through them) all stated Allied: it traces (legal, nothing said); all stated Axis: they cut
    its road and it cannot (16.1, no OOS marker). None stated: the legal verdict rests on their
    unknown holder: one not-judged line naming the unit and places among them, never a silent
    legal (before: nothing said)."""
    head = '[position]\ngame = "north-africa-41"\nturn = 10\nphase = "Impulse 3: Allied Supply Phase"\n'
    unit = '\n[[units]]\nunit = "4/2 NZ"\nhex = "2265"\n'
    p = position(head + unit)
    rs = ruleset_for(p.game)
    places = supply.unknown_holders(rs, rs.board(p))

    def stated(side: str) -> str:
        return "".join(f'\n[[hexes]]\nhex = "{h}"\ncontrol = "{side}"\n' for h in places)
    assert _judge(head + stated("allied") + unit) == ([], {})
    assert _judge(head + stated("axis") + unit)[0] == ["NA41 16.1"]
    found, why = _judge(head + unit)
    assert found == []
    line = why["NA41 16.1"]
    assert "4/2 NZ" in line and "16.3.4" in line and "would not trace" in line
    named = line.split("not stated (")[1].split(")")[0].split(", ")
    assert named and set(named) <= set(places)


def test_not_judged_line_is_one_per_phase_end_naming_every_unit():
    """The besieged Tobruk (3138, control not stated) with two unmarked Allied units beside it: one
    line names both units (not one line per unit, of which only the first would be kept)."""
    text = _siege(None) + '\n[[units]]\nunit = "20/9 Aus"\nhex = "3139"\n'
    found, why = _judge(text)
    assert found == []
    assert "4/2 NZ" in why["NA41 16.1"] and "20/9 Aus" in why["NA41 16.1"] and "3138" in why["NA41 16.1"]
