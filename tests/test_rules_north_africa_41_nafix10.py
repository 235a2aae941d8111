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


def test_asu_flipped_in_the_gap_between_files_is_not_blamed_on_the_next_files_phase(tmp_path):
    """17.1.4 across a seam (review of rulepos25, item 5): the DAK HQ Depleted at the end of file 1
    (i2-axis-supply), Ready where file 2 starts, in place (the seam lists no unit placed differently):
    the flip was made in the gap, so file 2's first phase end (i2-axis-delay, where no ASU may flip)
    is no finding; a flip within file 2 still is."""
    kit = ('[position]\ngame = "north-africa-41"\nturn = 6\nphase = "{phase}"\n'
           '[[units]]\nunit = "DAK HQ"\nhex = "2020"\n{face}\n')

    def at(phase: str, face: str, name: str):
        f = tmp_path / name
        f.write_text(kit.format(phase=phase, face=face), encoding="utf-8")
        return position(f.read_text(encoding="utf-8"), name)
    end = at("i2-axis-supply", "reduced = true", "end.toml")
    rs = ruleset_for(end.game)
    for start_face, want in (("", False), ("reduced = true", True)):
        memory = NA41Memory()
        rs.remember(end, end, memory)
        rs.begin(at("i2-axis-delay", start_face, "start.toml"), memory)
        rs.placed_between(at("i2-axis-delay", start_face, "start.toml"), set(), memory)
        after = at("i2-axis-delay", "", "after.toml")
        after.memory = memory
        assert ("NA41 17.1.4" in {f.rule for f in rs.check(after)}) == want, start_face


def test_fort_completed_in_the_gap_is_not_judged_at_the_next_initial_phase():
    """9.5.4: a fort Under Construction at the last phase end of file 1 and complete where file 2
    starts was completed in the gap: file 2's Initial Phase end no longer counts it as completed there."""
    rs = ruleset_for(position(HEAD).game)
    memory = NA41Memory(na41_forts_building=["2030", "2031"])
    start = position(HEAD + '\n[[hexes]]\nhex = "2030"\nmarkers = ["Fortification"]\nowner = "Axis"\n'
                     '\n[[hexes]]\nhex = "2031"\nmarkers = ["Under Construction"]\nowner = "Axis"\n')
    rs.begin(start, memory)
    assert memory.na41_forts_building == ["2031"]
