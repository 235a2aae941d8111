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


BOOK = Path(__file__).resolve().parent / "data" / "positions" / "rulebook" / "invasion_malta"


def verdicts(*names: str) -> dict[str, tuple[str, list[str]]]:
    """For each rulebook position ``names``: its ``# expect:`` and the rules the check finds."""
    out = {}
    for name in names:
        path = BOOK / f"{name}.toml"
        want = next(ln.split(":", 1)[1].strip() for ln in path.read_text(encoding="utf-8").splitlines()
                    if ln.startswith("# expect:"))
        pos = load_position(str(path))
        out[name] = (want, [x.rule for x in ruleset_for(pos.game).check(pos)])
    return out


def agree(got: dict[str, tuple[str, list[str]]]) -> None:
    """Each position's findings hold its expected rule, or none for legal and partial."""
    for name, (want, rules) in got.items():
        assert (rules == [] if want in ("legal", "partial") else want in rules), (name, want, rules)


def test_drift_retreat_ends_in_the_drift_units_zoc():
    """15.65: a retreat from a drift combat may end in an empty hex in the ZOC of the drift units that
    stayed (legal), not in another unit's ZOC (13.43), nor without its disruption (13.45); without a
    drop this activation 13.43 holds; a retreat may enter the drift hex (no 13.34) but keeps 13.35."""
    got = verdicts("drift-retreat-ends-in-drift-units-zoc", "drift-retreat-ends-in-zoc-of-another-unit",
                   "drift-retreat-through-drift-zoc-not-disrupted", "retreat-not-from-drift-ends-in-ezoc",
                   "retreat-into-drift-combat-hex", "stranger-drift-retreat-printed-hexes")
    agree(got)
    assert "IM 13.34" not in got["retreat-into-drift-combat-hex"][1]


def test_combat_refusal():
    """9.31-9.36: ER 5 refuses (legal), ER 4, a disrupted unit and KOMR in Scenario 1 do not (9.32),
    KOMR in Scenario 3 does; no Axis refusal (9.31), no enemy-ZOC route (9.34), none out of a drift
    combat (9.35); the advance into the emptied hex is legal, its unit's second attack is not."""
    agree(verdicts("combat-refusal-er-five", "combat-refusal-er-four", "combat-refusal-disrupted",
                   "combat-refusal-komr-scenario-1", "combat-refusal-komr-scenario-3", "combat-refusal-by-axis-unit",
                   "combat-refusal-through-ezoc", "combat-refusal-in-drift-combat",
                   "combat-refusal-advance-into-vacated-hex", "combat-refusal-advancer-attacks-again"))


def test_air_units_on_the_map():
    """11.42: two air units bombard a hex, not three; 11.52: drawn onto a German HQ (any number), not an
    Italian or a disrupted one, never alone on a hex, not judged in the Combat Phase without the
    attack, not judged where neither the position nor the kit has a German HQ; 11.54: two a CAS mission, not three, no German CAS for an Italian attack, 9 hexes from the
    HQ but not 10."""
    agree(verdicts("air-bombardment-two-on-one-hex", "air-bombardment-three-on-one-hex", "cas-drawn-onto-italian-hq",
                   "cas-drawn-onto-german-hq", "cas-drawn-onto-disrupted-german-hq", "air-unit-on-empty-hex-in-movement",
                   "cas-two-on-defender-hex", "cas-three-on-defender-hex", "cas-german-supports-italian-attack",
                   "cas-defender-hex-nine-from-hq", "cas-defender-hex-ten-from-hq", "cas-mission-attack-not-in-position",
                   "cas-drawn-onto-italian-hq-no-german-hq-in-kit", "air-unit-on-empty-hex-in-movement-no-german-hq-in-kit"))


def test_axis_control_marker_under_allied_units():
    """19.11 / 3.11: an Axis Control marker on Cospicua under B/3 KOMR is found; under 5/3, not."""
    agree(verdicts("axis-control-under-allied-unit", "axis-control-under-axis-unit"))


def test_no_invasion_in_a_storm():
    """16.32: an invader on 1226 and a landing from it in a Storm are found; Windy, or a Storm stated in
    Scenario 3 (Good weather every turn, 5.13), is legal."""
    agree(verdicts("invasion-in-storm-scenario-1", "invasion-when-windy-scenario-1",
                   "invasion-storm-stated-in-scenario-3", "landing-from-invasion-hex-in-storm"))


def test_units_back_from_elimination():
    """18.21, 18.24, 18.25, 18.27: back from elimination at Night Recovery, reduced, onto a friendly
    hospital out of enemy ZOC (legal); by day, full strength, a plain hex, a hospital in enemy ZOC or
    not friendly (found)."""
    agree(verdicts("rally-allied-back-on-hospital", "rally-allied-back-on-hospital-in-ezoc",
                   "rally-allied-back-on-plain-hex", "rally-allied-back-full-strength", "rally-allied-back-by-day",
                   "rally-axis-back-on-allied-hospital", "rally-axis-back-on-axis-hospital"))


def test_airheads_placed_in_the_airborne_phase_and_never_moved():
    """15.21: a new airhead in the Airborne Operations Phase is legal, in the Movement Phase not;
    15.22: an airhead gone from 1623 and standing in 1624 moved."""
    agree(verdicts("airhead-placed-in-airborne-phase", "airhead-placed-in-movement-phase",
                   "airhead-moved-in-airborne-phase"))
