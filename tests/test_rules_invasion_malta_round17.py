"""Invasion: Malta round 17 (rulebook positions written as a stranger writes them): each rule the
round added or changed, on both sides of its edge. The positions are the rulebook ones
(``tests/data/positions/rulebook/invasion_malta/stranger-*.toml``), changed in one place here."""
from __future__ import annotations

import pytest

from im_util import DATA, found
from vmodgen.errors import InputError
from vmodgen.rules.position_file import load_position


def test_rally_placement_on_an_hq_rallied_in_the_same_phase(tmp_path):
    """18.26: X2 back on Folgore 1st HQ, itself back this phase, is found; on Folgore 2nd HQ, in
    play all along, not; with a friendly hospital in the hex, not (18.25)."""
    name = "stranger-rally-unit-on-hq-rallied-same-phase.toml"
    assert "IM 18.26" in found(tmp_path, name)[0]
    in_play = 'prev_hexes = {"X2" = "axis-eliminated"}'
    assert "IM 18.26" not in found(tmp_path, name, ('prev_hexes = {"Fo 1st HQ" = "axis-eliminated", '
                                                     '"X2" = "axis-eliminated"}', in_play))[0]
    assert found(tmp_path, "stranger-rally-unit-on-rallied-hq-and-hospital.toml")[0] == []


def test_rally_steps_count_units_back_from_elimination(tmp_path):
    """18.21 with 18.24: two units back from elimination with one HQ in play are two steps, found;
    with a second HQ in play, not; with no HQ of the side in the position or the kit's roster (the
    Allies of the bundled kit), the count is not judged."""
    name = "stranger-rally-two-back-one-hq.toml"
    assert "IM 18.21" in found(tmp_path, name)[0]
    second = '[[units]]\nunit = "Fo 2nd HQ"\nhex = "2122"\n\n[[units]]\nunit = "Fo 1st HQ"'
    assert "IM 18.21" not in found(tmp_path, name, ('[[units]]\nunit = "Fo 1st HQ"', second))[0]
    rules, notes = found(tmp_path, "rally-allied-back-on-hospital.toml")
    assert rules == [] and "IM 18.21" in notes


def test_allied_unit_back_on_a_sector_hq_or_a_battalion_company(tmp_path):
    """18.25 with 17.1's note: an Allied HQ unit (brigade or sector) is no battalion HQ: a unit
    back on it alone is found; placed with another Allied combat unit (maybe its battalion's HQ
    company) it is not judged."""
    assert "IM 18.25" in found(tmp_path, "stranger-rally-allied-back-on-sector-hq.toml")[0]
    rules, notes = found(tmp_path, "stranger-rally-allied-back-on-battalion-hq-company.toml")
    assert rules == [] and "IM 18.25" in notes


def test_allied_commando_attacks_only_as_lead(tmp_path):
    """17.32: two Allied commandos in one attack are found, one with infantry is not; one outside
    the active sector with infantry inside it is found (it cannot lead, 3.74); Axis commandos are
    normal units."""
    assert "IM 17.32" in found(tmp_path, "stranger-two-commandos-attack-together.toml")[0]
    assert found(tmp_path, "stranger-commando-leads-infantry.toml")[0] == []
    assert "IM 17.32" in found(tmp_path, "stranger-commando-outside-active-sector-with-infantry.toml")[0]
    assert "IM 17.32" not in found(tmp_path, "stranger-commando-outside-active-sector-with-infantry.toml",
                                   ('active = "sector-central"', 'active = "sector-north"'))[0]
    assert found(tmp_path, "stranger-two-axis-commandos-attack-together.toml")[0] == []


def test_reset_phase_flips(tmp_path):
    """10.14, 10.15, 10.44, 17.26 at the end of a Reset Phase; at another phase's end, none."""
    assert "IM 10.14" in found(tmp_path, "stranger-reset-axis-artillery-still-fired.toml")[0]
    assert found(tmp_path, "stranger-reset-oos-axis-artillery-still-fired.toml")[0] == []
    other = found(tmp_path, "stranger-reset-axis-artillery-still-fired.toml",
                  ('status = ["fired", "activated"]', 'status = ["fired"]'), ('formation = "7"', 'formation = "Fo"'))
    assert "IM 10.14" not in other[0]
    assert "IM 10.44" in found(tmp_path, "stranger-reset-coast-artillery-still-fired.toml")[0]
    assert "IM 17.26" in found(tmp_path, "stranger-reset-hq-still-spent.toml")[0]
    assert "IM 17.26" not in found(tmp_path, "stranger-reset-hq-still-spent.toml",
                                   ('phase = "reset"', 'phase = "movement"\nside = "axis"'))[0]


def test_aa_turned_fired_in_the_bombardment_phase(tmp_path):
    """10.27, 11.33, 11.36: heavy AA Fired in the Ground Bombardment Phase is found; light AA is
    found outside every defender hex, not in one (whether its CAS target is still on the map or
    was shot down, 11.35 D); Fired before the phase, not."""
    assert "IM 10.27" in found(tmp_path, "stranger-heavy-aa-bombards.toml")[0]
    assert "IM 10.27" in found(tmp_path, "stranger-light-aa-bombards.toml")[0]
    assert found(tmp_path, "stranger-light-aa-fires-at-cas.toml")[0] == []
    assert found(tmp_path, "stranger-light-aa-shoots-down-cas.toml")[0] == []
    assert "IM 10.27" in found(tmp_path, "stranger-light-aa-outside-defender-hex-fired.toml")[0]
    assert "IM 10.27" not in found(tmp_path, "stranger-heavy-aa-bombards.toml",
                                   ("prev_fired = []", 'prev_fired = ["U1"]'))[0]


NO_ATTACKS = ('[[attacks]]\nhex = "2020"\nunits = ["Z1"]\nhq = "7HQ"\n', "")
TARGET_MARKER = ("[[units]]\nid = \"7HQ\"", '[[hexes]]\nhex = "2020"\nmarkers = ["attack-target"]\n\n[[units]]\nid = "7HQ"')


def test_light_aa_judged_by_the_attack_target_marker(tmp_path):
    """11.36 with 10.27: with no declared attack (as in a log), the kit's Attack Target marker on
    the defender hex 2020 says where light AA may turn Fired: L1 in 2020, legal; L1 in 2022,
    found. With neither attacks nor markers, light AA is not judged."""
    inside = "stranger-light-aa-shoots-down-cas.toml"
    outside = "stranger-light-aa-outside-defender-hex-fired.toml"
    assert found(tmp_path, inside, NO_ATTACKS, TARGET_MARKER)[0] == []
    assert "IM 10.27" in found(tmp_path, outside, NO_ATTACKS, TARGET_MARKER)[0]
    rules, notes = found(tmp_path, outside, NO_ATTACKS)
    assert "IM 10.27" not in rules and "IM 10.27" in notes


@pytest.mark.parametrize("spelling", ["sector-central", "Central sector", "central", "CENTRAL SECTOR"])
def test_active_sector_spellings(tmp_path, spelling):
    """[state] active: a sector by its id or printed name is read as the id."""
    text = (DATA / "stranger-commando-leads-infantry.toml").read_text(encoding="utf-8")
    f = tmp_path / "p.toml"
    f.write_text(text.replace('active = "Central sector"', f'active = "{spelling}"'), encoding="utf-8")
    assert load_position(str(f)).state["active"] == "sector-central"


def test_active_name_the_kit_lacks_is_refused(tmp_path):
    text = (DATA / "stranger-commando-leads-infantry.toml").read_text(encoding="utf-8")
    f = tmp_path / "p.toml"
    f.write_text(text.replace('active = "Central sector"', 'active = "Centre"'), encoding="utf-8")
    with pytest.raises(InputError) as e:
        load_position(str(f))
    assert "'Centre'" in str(e.value) and "sector-central" in str(e.value)


def test_air_transport_moves_one_kg_a_phase(tmp_path):
    """15.74: units of two KG boxes air transported in one phase are found; of one KG box, to two
    airfields, not; two from the air-transport box (KG on the set-up card only) are not judged."""
    assert "IM 15.74" in found(tmp_path, "stranger-air-transport-two-kgs-one-phase.toml")[0]
    assert found(tmp_path, "stranger-air-transport-two-kgs-one-phase.toml",
                 ('previous = "axis-paradrop-kg2"', 'previous = "axis-paradrop-kg1"'))[0] == []
    assert found(tmp_path, "stranger-air-transport-one-kg-two-airfields.toml")[0] == []
    rules, notes = found(tmp_path, "stranger-air-transport-two-units-from-air-transport-box.toml")
    assert rules == [] and "IM 15.74" in notes


def test_one_convoy_an_activation(tmp_path):
    """16.23: units landed from two convoy boxes in one activation are found; from one box, not;
    a port entry from outside the convoy boxes beside a convoy, not."""
    assert "IM 16.23" in found(tmp_path, "stranger-two-convoys-one-activation.toml")[0]
    assert found(tmp_path, "stranger-one-convoy-two-invasion-hexes.toml")[0] == []
    assert "IM 16.23" not in found(tmp_path, "stranger-two-convoys-one-activation.toml",
                                   ('previous = "axis-convoy-2"', 'previous = "axis-port-entry"'))[0]


def test_m_activates_within_its_command_range(tmp_path):
    """17.41, 17.13: under "M" a unit of formation 7 that started 10 hexes from the M HQ is found,
    9 hexes not; with the M HQ off the map, not judged here (17.43 is the eliminated HQ's)."""
    assert "IM 17.41" in found(tmp_path, "stranger-m-activates-unit-ten-hexes-away.toml")[0]
    assert found(tmp_path, "stranger-m-activates-unit-nine-hexes-away.toml")[0] == []
    assert "IM 17.41" not in found(tmp_path, "stranger-m-activates-unit-ten-hexes-away.toml",
                                   ('unit = "M HQ"\nhex = "2020"', 'unit = "M HQ"\nhex = "2025"'))[0]


def test_no_reaction_out_of_a_defender_hex(tmp_path):
    """9.25: D2 reacting out of the fort hex 3017, itself under attack, is found (no enemy ZOC
    reaches a fort hex, 3.25); with no attack on 3017, not."""
    name = "stranger-reaction-out-of-a-fort-defender-hex.toml"
    assert "IM 9.25" in found(tmp_path, name)[0]
    assert "IM 9.25" not in found(tmp_path, name, ('[[attacks]]\nhex = "3017"\nunits = ["X1"]\n', ''),
                                  ('hex = "3016"', 'hex = "3014"'))[0]


def test_artillery_attacks_with_its_fire_strength(tmp_path):
    """10.31: artillery with attack 0 and fire 4 joins an attack (no 9.15); Fired or disrupted it
    is found (10.31); 10.27: heavy AA in an attack is found, light AA not; with no fire strength
    either, attack 0 is still 9.15's."""
    assert found(tmp_path, "stranger-artillery-attacks-with-fire-strength.toml")[0] == []
    assert "IM 9.15" in found(tmp_path, "stranger-artillery-attacks-with-fire-strength.toml",
                              (", fire = 4, range", ", range"))[0]
    assert "IM 10.31" in found(tmp_path, "stranger-fired-artillery-joins-attack.toml")[0]
    assert "IM 10.31" in found(tmp_path, "stranger-disrupted-artillery-joins-attack.toml")[0]
    assert found(tmp_path, "stranger-heavy-aa-attacks.toml")[0] == ["IM 10.27"]
    assert found(tmp_path, "stranger-light-aa-attacks.toml")[0] == []
    assert "IM 10.43" in found(tmp_path, "stranger-coast-battery-without-range-attacks.toml")[0]
    assert "IM 10.43" not in found(tmp_path, "stranger-coast-battery-without-range-attacks.toml",
                                   ('units = ["Lago", "I1"]', 'units = ["I1"]'))[0]


def test_the_kits_activation_marker_is_the_activated_status(tmp_path):
    """7.22: the kit's Activation marker (``activation``, printed "Activation") is read as the
    ``activated`` status: the Army unit R1 under it may lead formation 7's attack (9.13); without
    any marker it may not."""
    name = "stranger-army-unit-under-activation-marker.toml"
    assert found(tmp_path, name)[0] == []
    assert "IM 9.13" in found(tmp_path, name, ('status = ["Activation"]', 'status = []'))[0]


def test_artillery_that_fought_is_fired_after_combat(tmp_path):
    """10.34: at the Combat Phase end artillery named in an attack still on its Fire side is found;
    Fired, nothing is found (not a bombardment from enemy ZOC, 10.12); during the phase, not yet."""
    assert "IM 10.34" in found(tmp_path, "stranger-artillery-not-flipped-after-combat.toml")[0]
    assert found(tmp_path, "stranger-artillery-flipped-after-combat.toml")[0] == []
    assert "IM 10.34" not in found(tmp_path, "stranger-artillery-not-flipped-after-combat.toml",
                                   ('phase = "Combat Phase"', 'phase = "Combat Phase"\nat = "during"'))[0]
