"""North Africa '41, round nafix10: 16.3.4's holder of an empty city, airfield or port as the record
shows it (``na41_last_held``), and the review's other items where a rulebook position cannot show them."""
from __future__ import annotations

from rules_util import position
from test_rules_north_africa_41_port_control import _judge, _siege
from vmodgen.rules import ruleset_for
from vmodgen.rules.games.north_africa_41.carried import NA41Memory

HEAD = '[position]\ngame = "north-africa-41"\nturn = 8\nphase = "Impulse 1: Axis Movement Phase"\n'


def _unit(name: str, where: str, path: list[str] | None = None) -> str:
    text = f'\n[[units]]\nunit = "{name}"\nhex = "{where}"\n'
    return text + (f'previous = "{path[0]}"\npath = {path!r}\n'.replace("'", '"') if path else "")


def _remembered(text: str, known: dict[str, str] | None = None) -> dict[str, str] | None:
    p = position(text)
    rs = ruleset_for(p.game)
    memory = NA41Memory(na41_last_held=known)
    rs.remember(None, p, memory)
    return memory.na41_last_held


def test_last_side_to_occupy_or_pass_through_a_port_is_remembered():
    """16.3.4 「都市、飛行場、港湾を占めるか又は通過した最後のプレイヤーがそれを支配します」: 3 Aufkl passing
    through Tobruk (3138, a port) makes it Axis, over what was known; 20/9 Aus shown in the Tobruk
    Holding Box stands in 3138 (2.2.4): Allied; an Allied unit standing in Derna (3727) holds it.
    A hex entered by neither is not recorded (3137 is no city, airfield or port)."""
    moved = _remembered(HEAD + _unit("3 Aufkl", "3137", ["3139", "3138", "3137"]), {"3138": "allied"})
    assert moved is not None and moved["3138"] == "axis" and "3137" not in moved
    boxed = _remembered(HEAD + _unit("20/9 Aus", "Tobruk Holding Box"), {"3138": "axis"})
    assert boxed == {"3138": "allied"}
    assert _remembered(HEAD + _unit("4/2 NZ", "3727"))["3727"] == "allied"


def test_both_sides_passing_in_an_unrecorded_order_forget_the_holder():
    """Both sides passed through Tobruk in one phase, and a position file does not order the moves:
    the last one is unknown, so what was known of 3138 is dropped (the what-if asks about it again)."""
    text = HEAD + _unit("3 Aufkl", "3137", ["3139", "3138", "3137"]) + _unit("4/2 NZ", "3039", ["3139", "3138", "3039"])
    assert "3138" not in (_remembered(text, {"3138": "allied"}) or {})


def test_a_gap_between_files_forgets_the_holders():
    """Units placed in a gap between two files passed through places no file shows: nothing known stays."""
    p = position(HEAD + _unit("3 Aufkl", "3137"))
    rs = ruleset_for(p.game)
    memory = NA41Memory(na41_last_held={"3138": "allied"})
    rs.placed_between(p, {"3Aufkl"}, memory)
    assert memory.na41_last_held is None


def test_recorded_holder_of_tobruk_decides_the_port_supply():
    """The besieged Tobruk (3138, empty, control not stated) beside 4/2 NZ, unmarked: with the record
    saying the Allies last held it (``[state] na41_last_held``) the unit traces to the port (legal,
    nothing named); the Axis: it cannot trace, 16.1; nothing recorded: the what-if names 3138."""
    allied = _siege(None) + '\n[state]\nna41_last_held = {"3138" = "allied"}\n'
    axis = _siege(None) + '\n[state]\nna41_last_held = {"3138" = "axis"}\n'
    assert _judge(allied) == ([], {})
    assert _judge(axis)[0] == ["NA41 16.1"]
    assert "3138" in _judge(_siege(None))[1]["NA41 16.1"]
