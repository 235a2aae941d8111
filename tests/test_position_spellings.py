"""The position reader takes the spellings a rulebook reader would use (docs/position-format.md): a
phase by its full name in the sequence of play, a roster unit by its printed name when one unit
bears it, sides, terrain, statuses, types and nationalities in any capitals with spaces or '-' for
'_', and a box by its printed name. What stays ambiguous is refused with one line naming the file
and the choices."""
from __future__ import annotations

import pytest

from cli_util import one_error, run
from vmodgen.errors import InputError
from vmodgen.rules.position_file import load_position

HEAD = '[position]\ngame = "north-africa-41"\nturn = 4\n'


def load(tmp_path, body: str):
    f = tmp_path / "p.toml"
    f.write_text(HEAD + body, encoding="utf-8")
    return load_position(f)


def test_phase_by_full_name_and_unit_by_printed_name(tmp_path):
    pos = load(tmp_path, 'phase = "impulse 2: allied movement phase"\n\n[[units]]\nunit = "6 RTR"\nhex = "2021"\n')
    assert pos.phase == "i2-allied-movement" and pos.side == "allied"
    assert [u.unit.id for u in pos.units] == ["6RTR"]


def test_phase_name_shared_by_three_impulses_is_refused(tmp_path):
    with pytest.raises(InputError) as e:
        load(tmp_path, 'phase = "Allied Movement Phase"\n')
    assert "i1-allied-movement, i2-allied-movement, i3-allied-movement" in str(e.value)


def test_printed_name_of_two_units_is_refused_with_their_ids(tmp_path):
    with pytest.raises(InputError) as e:
        load(tmp_path, '\n[[units]]\nunit = "Truck 1"\nhex = "2021"\n')
    assert "AlliedTruck1" in str(e.value) and "AxisTruck1" in str(e.value)


def test_capitals_spaces_and_box_names(tmp_path):
    pos = load(tmp_path, 'side = "Axis"\n\n[[hexes]]\nhex = "2021"\nterrain = "Clear"\nmarkers = ["fortification"]\n'
                         'owner = "Axis"\ncontrol = "Allied"\n\n[[units]]\nid = "X1"\nside = "Axis"\ntype = "Infantry"\n'
                         'nationality = "Italian"\nhex = "Tripoli"\nprevious = "1401"\npath = ["1401", "TRIPOLI"]\n'
                         'status = ["Full Retreat", "Disrupted"]\nvalues = {movement = 3}\n\n'
                         '[[units]]\nunit = "DAK HQ"\nhex = "Nile Delta"\n')
    x1, hq = pos.units
    assert pos.side == "axis" and pos.control["2021"] == "allied" and pos.hex_markers["2021"] == {"fortification": "axis"}
    assert x1.unit.side == "axis" and x1.unit.type == "infantry" and x1.unit.nationality == "italian"
    assert x1.hex == "tripoli" and x1.path == ("1401", "tripoli") and x1.has("full_retreat") and x1.has("disrupted")
    assert hq.hex == "nile-delta" and pos.map.info("2021").terrain == "clear"


def test_a_status_by_its_markers_printed_name(tmp_path):
    pos = load(tmp_path, '\n[[units]]\nunit = "DAKHQ"\nhex = "2021"\nstatus = ["Out of Supply"]\n')
    assert pos.units[0].has("oos")


def test_a_name_no_spelling_reaches_is_still_refused(tmp_path):
    with pytest.raises(InputError) as e:
        load(tmp_path, '\n[[units]]\nunit = "DAKHQ"\nhex = "2021"\nstatus = ["Out of Fuel"]\n')
    assert "unknown status 'Out of Fuel'" in str(e.value)



@pytest.mark.parametrize("written, want", [("Extended Movement", "extended"), ("rail movement", "rail"),
                                           ("Tactical", "tactical")])
def test_a_mode_as_the_rulebook_heads_it(tmp_path, written, want):
    """NA41 5.3 「機械化ユニットの拡張移動 [Extended Movement for Mechanized Units]」: a mode read with or without
    the word movement, as the rulebook heads it (rulepos29; before, "Extended Movement" was refused)."""
    pos = load(tmp_path, f'\n[[units]]\nunit = "5Pz"\nhex = "2938"\nprevious = "2937"\nmode = "{written}"\n')
    assert pos.units[0].mode == want


def test_a_mode_of_another_game_is_still_refused(tmp_path):
    with pytest.raises(InputError) as e:
        load(tmp_path, '\n[[units]]\nunit = "5Pz"\nhex = "2938"\nprevious = "2937"\nmode = "Strategic Movement"\n')
    assert "unknown mode 'Strategic Movement'" in str(e.value)

OM = '[position]\ngame = "operation-mercury"\nturn = 8\n'


def write_om(tmp_path, body: str) -> str:
    f = tmp_path / "om.toml"
    f.write_text(OM + body, encoding="utf-8")
    return str(f)


def test_om_phase_by_its_printed_name(tmp_path, capsys):
    """'German Movement Phase' (any case, any spacing) is the phase german-movement: the move of
    an Allied unit in it is judged there (OM 4.0); a name several phases end with is refused with
    each of them."""
    unit = '\n[[units]]\nunit = "A-B-23-NZ"\nhex = "W3016"\nprevious = "W3015"\n'
    code, out, _ = run(capsys, "check", write_om(tmp_path, 'phase = "german  MOVEMENT phase"\n' + unit))
    assert code == 1 and "[OM 4.0] (turn 8, german-movement)" in out
    code, out, _ = run(capsys, "check", write_om(tmp_path, 'phase = "Allied Movement Phase"\n' + unit))
    assert code == 0 and "legal" in out
    line = one_error(capsys, "check", write_om(tmp_path, 'phase = "Movement Phase"\n' + unit))
    assert "om.toml:4:" in line and "german-movement" in line and "allied-movement" in line
    line = one_error(capsys, "check", write_om(tmp_path, 'phase = "Lunch Phase"\n' + unit))
    assert "unknown phase 'Lunch Phase' (phases of this game: recovery," in line


@pytest.mark.parametrize("written, want", [("航空割当てフェイズ", "air-allocation"), ("港修理フェイズ", "port-refit")])
def test_om_phase_as_the_expanded_japanese_sequence_prints_it(tmp_path, written, want):
    """The Japanese rulebook's expanded sequence of play prints "A. 航空割当てフェイズ" (Ⅱ; rules 12.13-12.15,
    12.31, 12.41) and "A. 港修理フェイズ" (Ⅲ), other words than its summary's: each is read as the
    kit's phase."""
    assert load_position(write_om(tmp_path, f'phase = "{written}"\n')).phase == want


@pytest.mark.parametrize("written, want", [
    ("Movement Phase (German Player Segment)", "german-movement"),
    ("Allied player segment, Combat Phase", "allied-combat"),
    ("Port Rfit Phase", "port-refit"),                 # as the summary sequence of play (3.2) misprints it
])
def test_om_phase_by_its_player_segment_or_as_misprinted(tmp_path, written, want):
    """Operation Mercury's sequence of play (3.2) prints the Movement and Combat Segment's phases without
    a side, once per player segment: a reader names the segment ("Movement Phase (German Player
    Segment)"); its summary prints "Port Rfit Phase". Each is read as the kit's phase (the refusal and
    reaction phases too, below, by the segment's player)."""
    assert load_position(write_om(tmp_path, f'phase = "{written}"\n')).phase == want


@pytest.mark.parametrize("written, want", [
    ("Combat Refusal Phase (German Player Segment)", "german-combat-refusal"),
    ("Combat Refusal Phase (Allied Player Segment)", "allied-combat-refusal"),
    ("Defender Reaction Phase (Allied Player Segment)", "allied-defender-reaction"),
    ("Defender Reaction Phase (German Player Segment)", "german-defender-reaction"),
])
def test_om_refusal_and_reaction_phase_by_player_segment(tmp_path, written, want):
    """3.2 「最初がドイツ軍プレイヤーのセグメントで、次いで連合軍プレイヤーのセグメントである」: the Combat Refusal
    and Defender Reaction Phases come once in each player's segment, and the segment's player is
    the active one (「現在セグメントを進めているプレイヤーは、「活性プレイヤー」と呼ばれる」), so "Combat
    Refusal Phase (German Player Segment)" is the German segment's phase, in which the Allied units
    refuse (before: refused as ambiguous)."""
    assert load_position(write_om(tmp_path, f'phase = "{written}"\n')).phase == want


@pytest.mark.parametrize("written", ["Combat Refusal Phase", "Combat Refusal Phase (Italian Player Segment)"])
def test_om_refusal_phase_with_no_segment_player_stays_ambiguous(tmp_path, capsys, written):
    """"Combat Refusal Phase" with no segment, or a segment of no side of the game: both refusal
    phases' names hold those words and more; refused naming both ids, never taken as one."""
    line = one_error(capsys, "check", write_om(tmp_path, f'phase = "{written}"\n'))
    assert "german-combat-refusal" in line and "allied-combat-refusal" in line


@pytest.mark.parametrize("written", ["の", "・", "ment"])
def test_om_phase_that_ends_names_only_inside_a_word_is_unknown(tmp_path, capsys, written):
    """A phase name ends another at a word boundary only: "ment" (inside "Movement", "Refit"...) and
    "の" or "・" (no words once read in English) end none, and are refused as unknown phases, not as
    names several phases end with."""
    line = one_error(capsys, "check", write_om(tmp_path, f'phase = "{written}"\n'))
    assert f"unknown phase '{written}' (phases of this game: recovery," in line and "ends the names" not in line


@pytest.mark.parametrize("written", ["Transport Phase", "Operations"])
def test_im_one_word_end_of_a_longer_phase_name_is_no_name(tmp_path, capsys, written):
    """Invasion: Malta's "Naval Transport Phase" and "Airborne Operations Phase": their last word
    alone is no name of them (air transport is in the Airborne Operations Phase, so "Transport Phase"
    may mean either): an unknown phase. Only a side may be dropped ("Paradrop Phase" in Operation
    Mercury, below)."""
    f = tmp_path / "im.toml"
    f.write_text(f'[position]\ngame = "invasion-malta"\nturn = 3\nphase = "{written}"\n', encoding="utf-8")
    line = one_error(capsys, "check", str(f))
    assert f"unknown phase '{written}'" in line
    assert load_position(write_om(tmp_path, 'phase = "Paradrop Phase"\n')).phase == "german-paradrop"


def test_om_unit_and_box_by_printed_names_hex_without_its_sheet(tmp_path, capsys):
    """A counter's printed name and a box's printed name are read as their ids; a hex number
    printed without its map sheet's prefix is refused with the hex meant."""
    pos = load_position(write_om(tmp_path, '\n[[units]]\nunit = "Koch"\nhex = "Sitia"\n'))
    assert pos.units[0].unit.id == "G-Koch" and pos.units[0].hex == "offmap-sitia"
    line = one_error(capsys, "check", write_om(tmp_path, '\n[[units]]\nunit = "G-Koch"\nhex = "4314"\n'))
    assert "om.toml:7:" in line and "did you mean W4314?" in line
    line = one_error(capsys, "check", write_om(tmp_path, '\n[[units]]\nunit = "G-Koch"\nhex = "W4314"\nprevious = "4313"\n'))
    assert "om.toml:8:" in line and "did you mean W4313?" in line
    line = one_error(capsys, "check", write_om(tmp_path, '\n[[units]]\nunit = "G-Koch"\nhex = "Nowhere"\n'))
    assert line.endswith("'Nowhere' is neither a hex of the map nor a box")


@pytest.mark.parametrize("written", ["w4314", "W 4314", "W-4314", "West 4314", "west map hex 4314"])
def test_om_hex_with_its_sheet_prefix_in_other_capitals_or_set_apart(tmp_path, written):
    """The sheet's prefix in other capitals or set apart from the number ("w4314", "W 4314"), or
    the sheet's name before it, is the hex W4314; the bare number stays refused (above)."""
    pos = load_position(write_om(tmp_path, f'\n[[units]]\nunit = "Koch"\nhex = "{written}"\n'))
    assert pos.units[0].hex == "W4314"


def scenario_of(tmp_path, game: str, value: str) -> str:
    f = tmp_path / "s.toml"
    f.write_text(f'[position]\ngame = "{game}"\nscenario = "{value}"\n', encoding="utf-8")
    return load_position(f).scenario


@pytest.mark.parametrize("game, value, want", [
    ("operation-mercury", "Scenario 1", "scn1"), ("operation-mercury", "scenario 6", "scn6"),
    ("operation-mercury", "S3", "scn3"), ("operation-mercury", "2", "scn2"),
    ("operation-mercury", "Scenario #1", "scn1"), ("operation-mercury", "#3", "scn3"),
    ("operation-mercury", "シナリオ #2：レティモ／イラクリオン、5月20～22日", "scn2"),   # as OM 14.2 prints it
    ("operation-mercury", "シナリオ＃３", "scn3"), ("invasion-malta", "シナリオ4", "s4"),
    ("north-africa-41", "Scenario 1", "enter-rommel"), ("north-africa-41", "S3", "crusader"),
    ("north-africa-41", "s1 enter rommel", "enter-rommel"),
    ("invasion-malta", "Scenario 4", "s4"), ("invasion-malta", "3", "s3"),
    ("operation-mercury", "Scenario 7", "Scenario 7"), ("north-africa-41", "Scenario 4", "Scenario 4")])
def test_scenario_by_its_number_in_each_kit(tmp_path, game, value, want):
    """'Scenario N', 'SN', N or the Japanese rulebooks' 'シナリオ #N' names the scenario whose printed
    name starts 'Scenario N' or 'SN', or whose id ends in N, in every kit (OM scn1..6, NA41's named ids, IM s3/s4); a number no
    scenario has stays as written (the rule sets say it is not a scenario of the kit)."""
    assert scenario_of(tmp_path, game, value) == want


def test_scenario_number_two_scenarios_have_is_refused_with_their_ids():
    """A number that names two scenarios (one by its name, one by its id) is refused, naming both."""
    from types import SimpleNamespace

    from vmodgen.positions.load import _scenario
    kit = {"s1": SimpleNamespace(name="Scenario 2: Retimo"), "s2": SimpleNamespace(name="Campaign")}
    table = SimpleNamespace(error=lambda message, key: InputError("p.toml", message, line=3))
    with pytest.raises(InputError) as e:
        _scenario(table, "Scenario 2", kit)  # type: ignore[arg-type]
    assert "s1, s2" in str(e.value) and "give its id" in str(e.value)
    assert _scenario(table, "1", kit) == "s1"  # type: ignore[arg-type]


IM_S4 = '[position]\ngame = "invasion-malta"\nscenario = "Scenario 4"\nturn = 3\n'


def test_a_bare_number_in_scenario_4_means_leros_or_is_refused(tmp_path, capsys):
    """Scenario 4 is played on Leros alone: a bare number is a Leros hex ("2706" is L2706, in [[units]]
    and [[hexes]] alike); a number Leros lacks ("1225", a Malta hex) is refused naming the Malta hex,
    not taken silently as a hex off the scenario's map; "Malta 1225" says it."""
    f = tmp_path / "s4.toml"
    f.write_text(IM_S4 + '\n[[hexes]]\nhex = "2706"\ncontrol = "allied"\n'
                 '\n[[units]]\nunit = "A9"\nhex = "2706"\n', encoding="utf-8")
    pos = load_position(f)
    assert pos.units[0].hex == "L2706" and pos.control == {"L2706": "allied"}
    f.write_text(IM_S4 + '\n[[units]]\nunit = "A9"\nhex = "1225"\n', encoding="utf-8")
    line = one_error(capsys, "check", str(f))
    assert "s4.toml:8:" in line and "'1225' is a Malta hex" in line and 'write "Malta 1225"' in line
    f.write_text(IM_S4 + '\n[[units]]\nunit = "A9"\nhex = "L2706"\nprevious = "1225"\n', encoding="utf-8")
    assert "s4.toml:9:" in one_error(capsys, "check", str(f))
    f.write_text(IM_S4 + '\n[[units]]\nunit = "A9"\nhex = "Malta 1225"\n', encoding="utf-8")
    assert load_position(f).units[0].hex == "1225"


def test_a_box_hint_comes_from_the_spellings_resolve_reads(tmp_path, capsys):
    """A name two boxes print is refused naming both ids (the ones resolve could not choose
    between); a name no box prints gets no box hint: 'Retimo' is no box of Operation Mercury, and
    the supply record 'rsc-retimo' is not offered for it (the town's hex is: a place on the map)."""
    line = one_error(capsys, "check", write_om(tmp_path, '\n[[units]]\nunit = "G-Koch"\nhex = "Retimo"\n'))
    assert "'Retimo' is neither a hex of the map nor a box" in line and "rsc-retimo" not in line
    assert "box" not in line.split("nor a box", 1)[1]          # no box offered; the place's hex may be
    f = tmp_path / "inline.toml"
    f.write_text('[position]\nsides = ["red", "blue"]\n\n[[boxes]]\nid = "red-reserve"\nname = "Reserve"\n'
                 '\n[[boxes]]\nid = "blue-reserve"\nname = "reserve"\n'
                 '\n[[units]]\nid = "R1"\nside = "red"\nhex = "RESERVE"\n', encoding="utf-8")
    line = one_error(capsys, "check", str(f))
    assert "inline.toml:15:" in line and "'red-reserve' (Reserve) or 'blue-reserve' (reserve)" in line


def test_a_place_name_for_a_hex_is_refused_with_its_hex(tmp_path, capsys):
    """A place printed on the map ("Tobruk") is no hex ID: refused at its line, naming the hex."""
    f = tmp_path / "p.toml"
    f.write_text('[position]\ngame = "north-africa-41"\nturn = 5\n\n[[units]]\nunit = "20/9 Aus"\nhex = "tobruk"\n',
                 encoding="utf-8")
    line = one_error(capsys, "check", str(f))
    assert "p.toml:7:" in line and "'tobruk' is a place on the map: write its hex, '3138'" in line


@pytest.mark.parametrize("game, table, number", [("invasion-malta", "units", "2"), ("operation-mercury", "hexes", "3")])
def test_a_bare_number_is_no_box_though_a_box_label_ends_in_it(tmp_path, capsys, game, table, number):
    """A box is named by its label's last word only when that word holds a letter too ("KG1"): IM's
    "Convoy 2" and OM's "Refit 3" do not make "2" or "3" a box, so a bare number is refused as
    neither a hex nor a box (before, IM "2" was read as axis-convoy-2 and OM "3" passed)."""
    body = (f'\n[[units]]\nid = "I1"\nside = "axis"\nhex = "{number}"\ntype = "infantry"\n' if table == "units"
            else f'\n[[hexes]]\nhex = "{number}"\nterrain = "clear"\n')
    f = tmp_path / "bare.toml"
    phase = "movement" if game == "invasion-malta" else "german-movement"
    f.write_text(f'[position]\ngame = "{game}"\nturn = 3\nphase = "{phase}"\n' + body, encoding="utf-8")
    assert f"'{number}' is neither a hex of the map nor a box" in one_error(capsys, "check", str(f))
    kg = tmp_path / "kg.toml"
    kg.write_text('[position]\ngame = "invasion-malta"\nscenario = "Scenario 3"\nturn = 1\nphase = "movement"\n'
                  '\n[[units]]\nid = "I1"\nside = "axis"\nnationality = "german"\nhex = "KG1"\ntype = "infantry"\n',
                  encoding="utf-8")
    assert load_position(kg).units[0].hex == "axis-paradrop-kg1"
