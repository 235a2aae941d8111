"""Invasion: Malta round 11: air transport never leaves the island (15.78), sea transport limits
(16.16), harbor booms (18.32, 18.33), the beachhead an enemy unit enters (16.46), the "M" activation
after its HQ's elimination (17.43), no air mission at Night (11.23), urban to urban at the road
rate (8.34). Each test holds the book's
illegal position and the nearest legal one (positions in the kit, Scenario 3 Malta or 4 Leros)."""
from __future__ import annotations

from pathlib import Path

from vmodgen.rules import ruleset_for
from vmodgen.rules.position_file import load_position

HEAD = '[position]\ngame = "invasion-malta"\nscenario = "{sc}"\nturn = {turn}\nphase = "{phase}"\nside = "{side}"\n'


def rules_found(tmp_path: Path, body: str, phase: str, side: str = "axis", sc: str = "s3", turn: int = 3) -> list[str]:
    f = tmp_path / "p.toml"
    f.write_text(HEAD.format(sc=sc, turn=turn, phase=phase, side=side) + body, encoding="utf-8")
    pos = load_position(str(f))
    return [x.rule for x in ruleset_for(pos.game).check(pos)]


def unit(uid: str, h: str, extra: str = "") -> str:
    return f'\n[[units]]\nunit = "{uid}"\nhex = "{h}"\n{extra}'


DAY = '\n[state]\ntime = "am"\nweather = "{w}"\nactive = "{a}"\n'


def test_no_air_transport_off_the_island(tmp_path):
    """15.78: a German company from the Ta Kali airfield 2518 into the air-transport box (GT3 AM,
    Airborne phase) leaves Malta by air: found; the other way (box onto an airfield airhead) is not."""
    st = DAY.format(w="good", a="7")
    assert "IM 15.78" in rules_found(tmp_path, st + unit("S3-KG1-1", "axis-air-transport", 'previous = "2518"\n'), "airborne")
    airhead = '\n[[hexes]]\nhex = "2518"\nmarkers = ["airhead"]\n'
    legal = st.replace('active = "7"', 'active = "7"\nairheads = {"2518" = "german"}') + airhead
    assert "IM 15.78" not in rules_found(tmp_path, legal + unit("S3-KG1-1", "2518", 'previous = "axis-air-transport"\n'), "airborne")
    # airfield to airfield (Ta Kali 2518 -> Luqa 2128) in the Airborne phase; a step within Ta Kali is no flight
    assert "IM 15.78" in rules_found(tmp_path, legal + unit("S3-KG1-1", "2128", 'previous = "2518"\n'), "airborne")
    assert "IM 15.78" not in rules_found(tmp_path, legal + unit("S3-KG1-1", "2517", 'previous = "2518"\n'), "airborne")


def test_sea_transport_limits(tmp_path):
    """16.16, Leros GT2 AM, Naval Transport phase: port to port (Portolago L3009 -> Alinda L2407),
    back to the convoy box, landing in a Storm: found; the same landing in Good weather is not."""
    good, storm = DAY.format(w="good", a="O"), DAY.format(w="storm", a="O")
    kw = dict(phase="naval-transport", sc="s4", turn=2)
    assert "IM 16.16" in rules_found(tmp_path, good + unit("S4-C1", "L2407", 'previous = "L3009"\nstatus = ["landed"]\n'), **kw)
    assert "IM 16.16" in rules_found(tmp_path, good + unit("S4-C1", "axis-convoy-1", 'previous = "L2407"\n'), **kw)
    landing = unit("S4-C1", "L2407", 'previous = "axis-convoy-1"\nstatus = ["landed"]\n')
    assert "IM 16.16" in rules_found(tmp_path, storm + landing, **kw)
    assert rules_found(tmp_path, good + landing, **kw) == []


def test_harbor_booms(tmp_path):
    """18.32: an Axis landing at Portolago (L3009) behind the standing Portolago boom is found, not
    once the box holds the Harbor Boom Destroyed marker; 18.33: a German unit on the boom end L3110
    at the end of the Reset Phase destroys it (the marker must be placed), not in a Movement Phase."""
    good = DAY.format(w="good", a="O")
    kw = dict(sc="s4", turn=2)
    marker = '\n[[hexes]]\nhex = "portolago-boom-box"\nmarkers = ["harbor-boom-destroyed"]\n'
    landing = unit("S4-C1", "L3009", 'previous = "axis-convoy-1"\nstatus = ["landed"]\n')
    assert "IM 18.32" in rules_found(tmp_path, good + landing, "naval-transport", **kw)
    assert rules_found(tmp_path, good + marker + landing, "naval-transport", **kw) == []
    end = unit("S4-C1", "L3110")
    assert "IM 18.33" in rules_found(tmp_path, good + end, "reset", **kw)
    assert rules_found(tmp_path, good + marker + end, "reset", **kw) == []
    assert "IM 18.33" not in rules_found(tmp_path, good + end, "movement", **kw)


def test_beachhead_goes_when_an_enemy_enters(tmp_path):
    """16.46: the Beachhead marker on 1225 with B/3 KOMR in the hex (end of the Allied Movement
    Phase, GT3 Night) is found; with the Allied unit next door and a German unit on it, not."""
    st = ('\n[state]\ntime = "night"\nactive = "sector-central"\nbeachheads = {"1225" = "7"}\n'
          '\n[[hexes]]\nhex = "1225"\nmarkers = ["beachhead"]\n')
    assert "IM 16.46" in rules_found(tmp_path, st + unit("B/3 KOMR", "1225", 'previous = "1325"\n'), "movement", "allied")
    assert "IM 16.46" not in rules_found(tmp_path, st + unit("B/3 KOMR", "1325") + unit("5/3", "1225"), "movement", "allied")


def test_no_m_activation_after_its_hq_is_eliminated(tmp_path):
    """17.43: "M" active with the "M" HQ in the axis-eliminated box is found; with it on the map, not."""
    st = '\n[state]\ntime = "am"\nactive = "M"\n'
    tank = unit("PzKpfw IV G tank", "1524", 'previous = "1624"\nstatus = ["activated"]\n')
    assert "IM 17.43" in rules_found(tmp_path, st + unit("M HQ", "axis-eliminated") + tank, "movement")
    assert rules_found(tmp_path, st + unit("M HQ", "1623") + tank, "movement") == []
    assert "IM 17.43" not in rules_found(tmp_path, st.replace('"M"', '"7"') + unit("M HQ", "axis-eliminated"), "movement")


def test_no_air_mission_at_night(tmp_path):
    """11.23: the Ju88 on a map hex (a CAS mission on the M HQ's hex, 11.52) at a Night turn's
    Combat Phase end is found; in the Bombardment box it is not (11.13 B: it may wait there from an
    earlier turn), nor on a PM turn (its once-a-day limit is listed as not judged)."""
    ju = unit("Ju88", "air-bombardment")
    cas = unit("M HQ", "2218") + unit("Ju88", "2218")
    assert "IM 11.23" in rules_found(tmp_path, '\n[state]\ntime = "night"\n' + cas, "combat")
    assert "IM 11.23" not in rules_found(tmp_path, '\n[state]\ntime = "night"\n' + ju, "strategic-bombardment")
    assert "IM 11.23" not in rules_found(tmp_path, '\n[state]\ntime = "pm"\n' + ju, "strategic-bombardment")
    assert "IM 11.23" not in rules_found(tmp_path, '\n[state]\ntime = "night"\n' + unit("Ju88", "air-ready"), "strategic-bombardment")


def test_urban_to_urban_is_at_the_road_rate(tmp_path):
    """8.34: from urban straight into urban is at the road rate, with no road drawn. A German
    company (MA 5, GT3 AM, Axis Movement Phase) from clear 1918 into urban 1919 (1 MP), then 8 urban
    steps at ½ MP: 5 MP, legal; one urban hex more, 5½ MP: an 8.13 finding. Before round 11 the
    road rate needed a drawn road and the first move was found too."""
    st = '\n[state]\ntime = "am"\nactive = "7"\n'

    def body(last: int) -> str:
        path = ["1918"] + [f"19{n:02d}" for n in range(19, last + 1)]
        terrain = "".join(f'\n[[hexes]]\nhex = "{h}"\nterrain = "urban"\n' for h in path[1:])
        return st + terrain + unit("S3-KG1-1", path[-1], f'previous = "1918"\npath = {path!r}\n'.replace("'", '"'))

    assert rules_found(tmp_path, body(27), "movement") == []
    assert "IM 8.13" in rules_found(tmp_path, body(28), "movement")


def test_invasion_placement_phase_and_zone(tmp_path):
    """16.33A 「移動フェイズ中、ユニットを使用可能ボックスからその侵攻ゾーン内の望むヘクス上に移動させる」,
    Leros GT2 AM: a convoy unit from Leros Invasion Zone East's Available box onto its invasion
    hex L2703 in the Movement Phase is legal; the same placement in the Combat Declaration Phase,
    or onto L1406 (Invasion Zone North) in the Movement Phase, is found."""
    good = DAY.format(w="good", a="O")
    kw = dict(sc="s4", turn=2)
    east = unit("S4-C1", "L2703", 'previous = "leros-iz-east-available"\n')
    assert "IM 16.33" not in rules_found(tmp_path, good + east, phase="movement", **kw)
    assert "IM 16.33" in rules_found(tmp_path, good + east, phase="combat-declaration", **kw)
    north = unit("S4-C1", "L1406", 'previous = "leros-iz-east-available"\n')
    assert "IM 16.33" in rules_found(tmp_path, good + north, phase="movement", **kw)
