"""A position's ``[state]`` keys name units and hexes as the rest of a position does
(docs/position-format.md, "Spellings"): a roster unit by its printed name, a hex with its
island or sheet, a box by its name, in lists, as a table's keys and as its values. Before, only
the kit's ids were read there (``dropped = ["S3-KG5-1"]``): a printed name was kept as written and
named no unit, so the rule reading the key judged nothing for it. The refusals are the position's:
a name of several units, a name of none, a place that is neither hex nor box, each one line with
the file and the key's line (exit 2)."""
from __future__ import annotations

from cli_util import one_error, run
from vmodgen.positions.state_names import STATE_NAMES
from vmodgen.rules.games.invasion_malta.carried import MaltaMemory
from vmodgen.rules.games.north_africa_41.carried import NA41Memory
from vmodgen.rules.games.operation_mercury.carried import MercuryMemory
from vmodgen.rules.position_file import load_position

IM = '[position]\ngame = "invasion-malta"\nscenario = "4"\nturn = 2\n\n[[units]]\nunit = "KG5 unit 1"\nhex = "2706"\n'
NA41 = '[position]\ngame = "north-africa-41"\nturn = 4\n\n[[units]]\nunit = "DAK HQ"\nhex = "2021"\n'


def write(tmp_path, text: str) -> str:
    f = tmp_path / "p.toml"
    f.write_text(text, encoding="utf-8")
    return str(f)


def test_units_and_hexes_in_state_by_their_printed_names(tmp_path):
    """Invasion: Malta, Scenario 4 (Leros): the unit printed "KG5 unit 1" (S3-KG5-1) in a list, as
    a table's key, a hex with its island and a bare Leros number as a table's key."""
    pos = load_position(write(tmp_path, IM + '\n[state]\ndropped = ["KG5 unit 1"]\n'
                                          'prev_hexes = {"KG5 unit 1" = "Leros 2705"}\nbeachheads = {"2706" = "7"}\n'))
    assert pos.memory.dropped == ["S3-KG5-1"]
    assert pos.memory.prev_hexes == {"S3-KG5-1": "L2705"}
    assert pos.state["beachheads"] == {"L2706": "7"}


def test_nested_fields_and_boxes_by_name(tmp_path):
    """Operation Mercury: a unit's printed name as the key of om_displaced and hexes in its fields;
    North Africa '41: a box by its printed name as the value of na41_boxed_before."""
    om = ('[position]\ngame = "operation-mercury"\nturn = 8\n\n[state]\n'
          'om_displaced = {Koch = {turn = 7, phase = "german-combat", from = "West 4314", to = "W4315"}}\n')
    pos = load_position(write(tmp_path, om))
    assert pos.memory.om_displaced == {"G-Koch": {"turn": 7, "phase": "german-combat", "from": "W4314", "to": "W4315"}}
    pos = load_position(write(tmp_path, NA41 + '\n[state]\nna41_boxed_before = {"DAK HQ" = "Nile Delta"}\n'))
    assert pos.memory.na41_boxed_before == {"DAKHQ": "nile-delta"}


def test_kit_ids_of_units_not_placed_and_inline_names_of_none_stay_as_written(tmp_path):
    """A kit game: a roster id of a unit the position does not place is kept. An inline game: an
    id-like name of no placed unit (an inline unit a history key names after it left) is kept."""
    pos = load_position(write(tmp_path, NA41 + '\n[state]\nna41_extended_moved = ["6RTR"]\n'))
    assert pos.memory.na41_extended_moved == ["6RTR"]
    inline = ('[position]\nruleset = "invasion-malta"\nsides = ["axis", "allied"]\n\n'
              '[[units]]\nid = "R1"\nside = "axis"\nhex = "0101"\n\n[state]\ndropped = ["R9"]\n')
    assert load_position(write(tmp_path, inline)).memory.dropped == ["R9"]


def test_kit_unit_names_of_no_roster_unit_are_refused(tmp_path, capsys):
    """Review of left11 (4): in a kit game every unit, on the map or gone, is a roster unit, yet an
    id-like name of none was kept silently: NA41 "6RTX" (for 6RTR) and "Matilda2" made
    na41_extended_moved and na41_status_before name nothing, and IM dropped = ["KG5unit1"] checked
    "legal" with S3-KG5-1 not counted as dropped (IM 7.x, Scenario 4). Refused as "Matilda 9" is,
    at the key's line."""
    line = one_error(capsys, "check", write(tmp_path, NA41 + '\n[state]\nna41_extended_moved = ["6RTX", "Matilda2"]\n'))
    assert "p.toml:10: [state] na41_extended_moved: unknown unit '6RTX'" in line
    line = one_error(capsys, "check", write(tmp_path, NA41 + '\n[state]\nna41_status_before = {"6RTX" = ["oos"]}\n'))
    assert "p.toml:10: [state] na41_status_before: unknown unit '6RTX'" in line
    line = one_error(capsys, "check", write(tmp_path, IM + '\n[state]\ndropped = ["KG5unit1"]\n'))
    assert "p.toml:11: [state] dropped: unknown unit 'KG5unit1'" in line


def test_kit_positions_with_inline_units_refuse_near_misses_of_roster_names(tmp_path, capsys):
    """A kit game whose position also places an inline unit "A": NA41 "6RTX" (for 6RTR) in
    na41_extended_moved names no roster unit and no placed one. It was kept silently (the inline
    list let any id-like name through, for an inline unit gone since); now a near miss of a
    roster unit's id or printed name is refused at the key's line, naming the nearest. Another
    id-like name ("B": an inline unit gone since, which the position does not place) is kept, as
    a history key may name one; the inline unit itself and a roster id are read."""
    own = NA41 + '\n[[units]]\nid = "A"\nside = "axis"\nhex = "2022"\n\n[state]\nna41_extended_moved = '
    line = one_error(capsys, "check", write(tmp_path, own + '["6RTX"]\n'))
    assert "p.toml:15: [state] na41_extended_moved: unknown unit '6RTX'" in line and "did you mean '6RTR'?" in line
    assert load_position(write(tmp_path, own + '["A", "6RTR", "B"]\n')).memory.na41_extended_moved == ["A", "6RTR", "B"]
    assert "an inline unit that left the map: place it in a box" in line
    # two neighbours swapped is a near miss (case alone reads the unit) (review revl12 #6)
    line = one_error(capsys, "check", write(tmp_path, own + '["6TRR"]\n'))
    assert "unknown unit '6TRR'" in line and "did you mean '6RTR'?" in line
    assert load_position(write(tmp_path, own + '["6rtr"]\n')).memory.na41_extended_moved == ["6RTR"]


def test_an_inline_unit_gone_since_one_character_off_a_short_roster_id_is_kept(tmp_path):
    """Review revl12 #6: NA41 position with inline unit A and na41_extended_moved = ["15Pz"] (an
    inline unit gone since): "15Pz" is 5Pz with one character added, which difflib's 0.75 cutoff
    took for a typo and refused ("did you mean '5Pz'?"). Short ids differ so: kept as written."""
    own = NA41 + '\n[[units]]\nid = "A"\nside = "axis"\nhex = "2022"\n\n[state]\nna41_extended_moved = '
    assert load_position(write(tmp_path, own + '["15Pz"]\n')).memory.na41_extended_moved == ["15Pz"]


def test_a_name_one_placed_unit_bears_is_that_unit(tmp_path):
    """Review of left11 (5): "Truck 1" names AlliedTruck1 and AxisTruck1 in the roster; with only
    AxisTruck1 placed it is that unit (the placed units are looked at first, as documented)."""
    pos = load_position(write(tmp_path, NA41 + '\n[[units]]\nunit = "AxisTruck1"\nhex = "2022"\n\n'
                                            '[state]\nna41_extended_moved = ["Truck 1"]\n'))
    assert pos.memory.na41_extended_moved == ["AxisTruck1"]


def test_a_name_of_two_units_a_name_of_none_and_no_hex_are_refused(tmp_path, capsys):
    """NA41 "Truck 1" is AlliedTruck1 and AxisTruck1; "Matilda 9" names no unit (not an id: it has
    a space); "9999" is no hex: each one line with the file, the key's line and the key."""
    line = one_error(capsys, "check", write(tmp_path, NA41 + '\n[state]\nna41_extended_moved = ["Truck 1"]\n'))
    assert "p.toml:10: [state] na41_extended_moved:" in line and "AlliedTruck1" in line and "AxisTruck1" in line
    line = one_error(capsys, "check", write(tmp_path, NA41 + '\n[state]\n\nna41_extended_moved = ["Matilda 9"]\n'))
    assert "p.toml:11: [state] na41_extended_moved: unknown unit 'Matilda 9'" in line
    line = one_error(capsys, "check", write(tmp_path, NA41 + '\n[state]\nna41_retreat_overstack = {"9999" = "allied"}\n'))
    assert "p.toml:10: [state] na41_retreat_overstack: '9999' is neither a hex of the map nor a box" in line
    line = one_error(capsys, "check", write(tmp_path, IM + '\n[state]\nprev_airheads = ["1225"]\n'))
    assert "[state] prev_airheads:" in line and 'write "Malta 1225"' in line


def test_the_same_unit_named_twice_as_keys_is_refused(tmp_path, capsys):
    line = one_error(capsys, "check", write(tmp_path, NA41 + '\n[state]\nna41_status_before = {"DAK HQ" = [], DAKHQ = []}\n'))
    assert "p.toml:10: [state] na41_status_before: two of its keys name 'DAKHQ' (the second: 'DAKHQ')" in line


def test_every_declared_key_is_a_key_of_its_game():
    """One source of truth: each key declared is a field of the game's memory or a free key its
    rules read (beachheads, airheads, na41_replacements, air_resupply)."""
    fields = {"invasion-malta": set(MaltaMemory.keys()) | {"beachheads", "airheads"},
              "north-africa-41": set(NA41Memory.keys()) | {"na41_replacements"},
              "operation-mercury": set(MercuryMemory.keys()) | {"air_resupply"}}
    for game, keys in STATE_NAMES.items():
        assert set(keys) <= fields[game], (game, set(keys) - fields[game])


def test_a_legal_position_with_printed_names_checks_as_with_ids(tmp_path, capsys):
    code_ids, out_ids, _ = run(capsys, "check", write(tmp_path, IM + '\n[state]\ndropped = ["S3-KG5-1"]\n'))
    code, out, _ = run(capsys, "check", write(tmp_path, IM + '\n[state]\ndropped = ["KG5 unit 1"]\n'))
    assert (code, out) == (code_ids, out_ids)
