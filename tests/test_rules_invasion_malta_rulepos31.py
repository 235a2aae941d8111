"""Invasion: Malta, round rulepos31: two KGs on one drop hex (15.31), an air unit left on an HQ into
the next turn (11.52)."""
from __future__ import annotations

from im_util import found


def test_two_kgs_on_one_drop_hex_is_not_judged(tmp_path):
    """15.31「単一の活性化中に、単一の降下ヘクス上に 1 つのみの KG を置くことができる（ただし、そのヘクスに追加の
    個別ユニットが漂流し得る）」: units of two KG boxes on one Drop Hex marker's hex are named not judged (placed
    or drifted, the position does not say); two units of one KG, or two KGs on two drop hexes, are not."""
    rules, unjudged = found(tmp_path, "r31-two-kgs-on-one-drop-hex.toml")
    assert rules == [] and "IM 15.31" in unjudged and "2223" in unjudged["IM 15.31"]
    rules, unjudged = found(tmp_path, "r31-two-kgs-on-one-drop-hex.toml",
                            ('unit = "KG2 unit 1"\nhex = "2223"\nprevious = "axis-paradrop-kg2"',
                             'unit = "KG1 unit 2"\nhex = "2223"\nprevious = "axis-paradrop-kg1"'))
    assert rules == [] and "IM 15.31" not in unjudged
    assert found(tmp_path, "r31-two-kgs-on-two-drop-hexes.toml") == ([], {})


def test_air_unit_on_an_hq_before_the_turns_draws(tmp_path):
    """11.52「航空ユニットは、ターンからターンへとHQs上に留まってはならない」: an air unit on a German HQ in
    the Weather, Air Readiness or AA Reset Phase (before any draw of the turn) is found; in the Draw
    Phase it was just drawn there, legal."""
    name = "r31-cas-air-unit-on-hq-next-turn-weather.toml"
    for phase in ("weather", "air-readiness", "aa-reset"):
        assert found(tmp_path, name, ('phase = "weather"', f'phase = "{phase}"'))[0] == ["IM 11.52"], phase
    assert found(tmp_path, name, ('phase = "weather"', 'phase = "draw"\nside = "axis"'))[0] == []


def test_air_status_card_moves(tmp_path):
    """11.13: Flown → Ready and Damaged → Flown in the Air Readiness Phase only; only a Flown unit goes to
    Ready (Damaged, Bombardment box, a mission hex: found in any phase). 11.21: Ready → Bombardment box
    in the Air Readiness Phase only. A log (moves not announced) is not judged."""
    legal = ("r31-air-flown-to-ready-in-air-readiness.toml", "r31-air-damaged-to-flown-in-air-readiness.toml",
             "r31-air-ready-to-bombardment-in-air-readiness.toml")
    for name in legal:
        assert found(tmp_path, name) == ([], {}), name
    assert found(tmp_path, "r31-air-flown-to-ready-in-movement.toml")[0] == ["IM 11.13"]
    assert found(tmp_path, "r31-air-damaged-to-ready-in-air-readiness.toml")[0] == ["IM 11.13"]
    assert found(tmp_path, "r31-air-bombardment-to-ready-in-air-readiness.toml")[0] == ["IM 11.13"]
    assert found(tmp_path, "r31-air-ready-to-bombardment-in-draw.toml")[0] == ["IM 11.21"]
    assert found(tmp_path, legal[1], ('phase = "air-readiness"', 'phase = "recovery"'))[0] == ["IM 11.13"]
    assert found(tmp_path, legal[0], ('previous = "air-flown"', 'previous = "1623"'))[0] == ["IM 11.13"]


def test_cas_lead_unit_of_the_hq_formation(tmp_path):
    """11.54「先導（地上）ユニットが、CAS を提供しているHQ と同じ組織のユニット」(17.12): CAS from formation 7's HQ
    for an attack by formation R only is found; with one attacker of formation 7, legal."""
    assert found(tmp_path, "r31-cas-from-hq-of-other-formation.toml")[0] == ["IM 11.54"]
    assert found(tmp_path, "r31-cas-lead-unit-of-hq-formation.toml") == ([], {})


def _check(tmp_path, text: str) -> tuple[list[str], dict[str, str]]:
    """The rules found and the rules named not judged (rule → why) of a position ``text``."""
    from rules_util import position
    from vmodgen.rules import ruleset_for
    pos = position(text)
    rs = ruleset_for(pos.game)
    return [f.rule for f in rs.check(pos)], rs.take_not_judged()


AIR = '[position]\ngame = "invasion-malta"\nscenario = "s3"\nturn = 4\nphase = "{phase}"\n\n[state]\ntime = "am"\n\n' \
      '[[units]]\nunit = "Ju88"\nhex = "air-ready"\nprevious = "{came}"\n{rules}'


def test_air_card_cup_to_ready_is_legal(tmp_path):
    """Review rv-t25 item 3: 11.13 A 「以前のターンから未使用の航空ユニットは、準備状態に留まる」: a CAS unit put
    in the cup (11.21) and never drawn is unused: cup → Ready in the Air Readiness Phase is no finding;
    from an HQ's hex (11.52) whether it flew is not recorded: named not judged (from a mission hex it
    goes to Flown, 11.25: :func:`test_air_status_card_moves`)."""
    assert _check(tmp_path, AIR.format(phase="air-readiness", came="cup", rules="")) == ([], {})
    hq = ('\n[[units]]\nid = "7HQ"\nside = "axis"\ntype = "hq"\nnationality = "german"\nformation = "7"\n'
          'hex = "1423"\nvalues = {defense = 1, movement = 5, stacking = 1, er = 6}\n')
    rules, unjudged = _check(tmp_path, AIR.format(phase="air-readiness", came="1423", rules=hq))
    assert rules == [] and "IM 11.13" in unjudged


def test_air_card_boxes_parameter_not_three_is_named(tmp_path):
    """Review rv-t25 item 4: an ``im_air_status_boxes`` naming two boxes crashed the check (ValueError);
    it is named not judged now."""
    rules, unjudged = _check(tmp_path, AIR.format(phase="movement", came="air-flown",
                                                   rules='\n[rules]\nim_air_status_boxes = "air-flown, air-ready"\n'))
    assert rules == [] and "three" in unjudged["IM 11.13"]


def test_cas_for_army_units_asks_no_formation(tmp_path):
    """Review rv-t25 item 2: 11.54 「軍ユニットは、CAS ユニットを持つHQの統率範囲内にあるとCASを受けることができる」:
    army attackers under the 7th Flieger HQ's CAS are no 11.54 finding (they were)."""
    units = "".join(f'[[units]]\nid = "{i}"\nside = "axis"\ntype = "infantry"\nnationality = "german"\n'
                    f'formation = "army"\nhex = "1424"\nvalues = {{attack = 3, defense = 3, movement = 4, '
                    f'stacking = 2, er = 5}}\n\n' for i in ("A1", "A2"))
    text = ('[position]\ngame = "invasion-malta"\nscenario = "s3"\nturn = 4\nphase = "combat"\nside = "axis"\n\n'
            '[state]\ntime = "am"\nactive = "7"\n\n' + units +
            '[[units]]\nid = "7HQ"\nname = "7th Flieger HQ"\nside = "axis"\ntype = "hq"\nnationality = "german"\n'
            'formation = "7"\nhex = "1423"\nvalues = {defense = 1, movement = 5, stacking = 1, er = 6}\n\n'
            '[[units]]\nunit = "B/3 KOMR"\nhex = "1425"\n\n[[units]]\nunit = "Ju88"\nhex = "1425"\n\n'
            '[[attacks]]\nhex = "1425"\nunits = ["A1", "A2"]\nhq = "7HQ"\n')
    assert "IM 11.54" not in _check(tmp_path, text)[0]
