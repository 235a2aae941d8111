"""Invasion: Malta round 14: what the rulebook positions cannot write. A log piece whose side is
unknown (side "") is nobody's enemy: it neither removes a beachhead (16.46) nor an airhead or
beachhead in the Recovery Phase (6.32); a Malta unit of a known enemy side still does."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from vmodgen.rules import ruleset_for
from vmodgen.rules.position_file import load_position

HEAD = '[position]\ngame = "invasion-malta"\nscenario = "s3"\nturn = 3\nphase = "{phase}"\nside = "{side}"\n'


def rules_with_side(tmp_path: Path, body: str, phase: str, side: str, unit_side: str | None) -> list[str]:
    """The rules found, with B/3 KOMR given ``unit_side`` (None: its roster side, allied)."""
    f = tmp_path / "p.toml"
    f.write_text(HEAD.format(phase=phase, side=side) + body, encoding="utf-8")
    pos = load_position(str(f))
    if unit_side is not None:
        pos = replace(pos, units=[replace(u, unit=replace(u.unit, side=unit_side)) if u.id == "B/3 KOMR" else u
                                  for u in pos.units])
    return [x.rule for x in ruleset_for(pos.game).check(pos)]


def test_beachhead_stays_under_a_unit_of_unknown_side(tmp_path):
    """16.46 at the end of the Allied Movement Phase (GT3 Night), a Beachhead on 1225 under B/3
    KOMR: found as the Allied unit it is; with its side unknown (""), not."""
    body = ('\n[state]\ntime = "night"\nactive = "sector-central"\nbeachheads = {"1225" = "7"}\n'
            '\n[[hexes]]\nhex = "1225"\nmarkers = ["beachhead"]\n'
            '\n[[units]]\nunit = "B/3 KOMR"\nhex = "1225"\n')
    assert "IM 16.46" in rules_with_side(tmp_path, body, "movement", "allied", None)
    assert "IM 16.46" not in rules_with_side(tmp_path, body, "movement", "allied", "")


def test_recovery_keeps_an_airhead_under_a_unit_of_unknown_side(tmp_path):
    """6.32 at the end of the Recovery Phase (GT3 Night): an Airhead on 1623 under B/3 KOMR is
    found as the Allied unit it is; with its side unknown (""), not."""
    body = ('\n[state]\ntime = "night"\nairheads = {"1623" = "german"}\n'
            '\n[[hexes]]\nhex = "1623"\nmarkers = ["airhead"]\n'
            '\n[[units]]\nunit = "B/3 KOMR"\nhex = "1623"\n')
    assert "IM 6.32" in rules_with_side(tmp_path, body, "recovery", "axis", None)
    assert "IM 6.32" not in rules_with_side(tmp_path, body, "recovery", "axis", "")


def test_a_strangers_spellings(tmp_path):
    """docs/position-format.md "Spellings": the phase and side as printed, a counter's name, a
    status and a marker's printed name, "Leros 2706" and, in Scenario 4, a bare "2706" mean the
    kit's ids; the ambiguous "Bombardment" (the Strategic Segment's or the Ground Sequence's) is
    refused naming both."""
    from vmodgen.errors import InputError
    head = '[position]\ngame = "invasion-malta"\nscenario = "{sc}"\nturn = 3\nphase = "{ph}"\nside = "Allied"\n'
    tanks = '\n[[units]]\nunit = "Matilda II"\nhex = "{h}"\n\n[[units]]\nunit = "A9"\nhex = "{h}"\n'
    for sc, h in (("Scenario 4", "2706"), ("s4", "Leros 2706"), ("4", "L2706"), ("s3", "Malta hex 2706")):
        f = tmp_path / "p.toml"
        f.write_text(head.format(sc=sc, ph="Movement Phase") + tanks.format(h=h), encoding="utf-8")
        pos = load_position(str(f))
        assert pos.phase == "movement" and pos.side == "allied"
        assert {u.hex for u in pos.units} == ({"2706"} if sc == "s3" else {"L2706"}), (sc, h)
        assert [x.rule for x in ruleset_for(pos.game).check(pos)] == ["IM 3.33"]
    f = tmp_path / "p.toml"
    f.write_text(head.format(sc="s3", ph="Bombardment") + tanks.format(h="2706"), encoding="utf-8")
    try:
        load_position(str(f))
    except InputError as exc:
        assert "may be any of strategic-bombardment, bombardment" in exc.message
    else:
        raise AssertionError("'Bombardment' was taken for one phase")
    body = (head.format(sc="s3", ph="Supply Status Phase") + '\n[[hexes]]\nhex = "1425"\nmarkers = ["Beachhead"]\n'
            '\n[[units]]\nunit = "B/3 KOMR"\nhex = "1425"\nstatus = ["Out of Supply"]\n')
    f.write_text(body, encoding="utf-8")
    pos = load_position(str(f))
    assert pos.hex_markers["1425"] == {"beachhead": ""} and pos.unit("B/3 KOMR").has("oos")
