"""Round 9 of real play recorded in real VASSAL (``tests/data/recorded``, README there,
``record9.py``): stacks dragged whole and a unit dragged out of a stack in an enemy ZOC, a game
marker put by hand on an enemy unit, a save sent instead of a log, a log played on an older build
of the kit, a unit deleted and put back from the palette elsewhere, three full turns in one log.
Each finding and each silence is checked by hand against ``../shared/rules/operation-mercury.md``
(4.13 movement allowance, 4.18 one hex on the arrival turn, 5.13 a fatigued unit exerts no ZOC,
5.23 enemy ZOC to enemy ZOC needs MA 5) and ``invasion-malta.md`` (15.16, as in ``im-dirty``).
The ``-38`` twins are the same scripts played in VASSAL 3.8.0-beta1 and give the same findings."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from bundled_module_util import bundled_module
from recorded_audit_util import audit_formats, found

DATA = Path(__file__).parent / "data" / "recorded"
PASSWORDS = ("pw-secret-om9", "pw-im9")


@pytest.fixture(scope="module")
def om(tmp_path_factory) -> Path:
    return bundled_module("operation-mercury", tmp_path_factory, "rec9-om").module


@pytest.fixture(scope="module")
def im(tmp_path_factory) -> Path:
    return bundled_module("invasion-malta", tmp_path_factory, "rec9-im").module


def _audit(module: Path, files: list[str]) -> tuple[str, dict, str]:
    return audit_formats(module, [DATA / f for f in files], PASSWORDS)




def _warnings(doc: dict, suffix: str = "") -> list[str]:
    """The coverage warnings, the file suffix and the piece ids VASSAL mints for palette pieces
    (from its clock) left out, so that twins compare."""
    return [re.sub(r"\b1\d{12}\b", "<id>", w.replace(f"{suffix}.vlog", ".vlog")) for w in doc["coverage"]["warnings"]]


@pytest.mark.parametrize("suffix", ["", "-38"])
def test_unit_dragged_out_of_a_stack_in_enemy_zoc(om, suffix):
    """om-stack9: GT1 Paradrop: 9/III/Sturm, Vogel 1 and Vogel 2 land as one stack on W4214 (next
    to B/22 and B/23 NZ in W4314: enemy ZOC). German Movement: Vogel 2 dragged out of the stack
    W4214 -> W4313 (also next to W4314): enemy ZOC to enemy ZOC needs MA 5, and a unit on its
    paradrop turn has 1 (5.23 Z-3, 4.18) - OM 5.23 at step 16. 9/III/Sturm dropped on its own
    hex (the stack reordered): no move. The rest of the stack W4214 -> W4113 (out of the ZOC,
    1 hex): legal, both units judged."""
    name = f"om-stack9{suffix}"
    text, doc, html = _audit(om, [f"{name}.vlog"])
    assert found(doc) == [("OM 5.23", f"{name}.vlog", 16, 1, "german-movement", ["G-Vogel-2"])]
    assert "W4214 → W4313" in doc["findings"][0]["message"] and "(it has 1)" in doc["findings"][0]["message"]
    cov = doc["coverage"]
    assert cov["moves"]["judged"] == 3          # Vogel 2, then the stack of two
    assert "put back on its hex" in text and "[OM 5.23]" in text and "OM 5.23" in html


@pytest.mark.parametrize("suffix", ["", "-38"])
def test_fatigue_marker_put_by_hand_on_the_enemy_is_said(om, suffix):
    """om-marker9: GT1, 9/III/Sturm lands on W4216 (next to 19 NZ in W4315). German Movement: the
    German puts a Fatigue marker from the palette on 19 NZ (no combat has been fought: fatigue is
    a combat result, 9.71), then moves 9/III/Sturm W4216 -> W4316, also next to 19 NZ. The rules
    read the marker as 19 NZ's status, and a fatigued unit exerts no ZOC (5.13): no 5.23. Now
    said as a warning naming the marker, the unit, the hex and the phase. Before this round: 0
    findings and only "1 added" in the integrity section."""
    name = f"om-marker9{suffix}"
    text, doc, _ = _audit(om, [f"{name}.vlog"])
    assert found(doc) == []
    warned = [w for w in doc["coverage"]["warnings"] if "a marker (fatigue)" in w]
    assert len(warned) == 1
    assert (f"{name}.vlog step 15 (turn 1, German Movement Phase)" in warned[0]
            and "on 19 NZ (allied) in W4315" in warned[0] and "outside a combat phase" in warned[0])
    assert "warning: " + warned[0] in text


@pytest.mark.parametrize("suffix", ["", "-38"])
def test_unit_deleted_and_put_back_elsewhere_is_said(im, suffix):
    """im-delete9: IM Scenario 3, GT1 Airborne: 5/3, KG1 units 1-2 land (2020, 2021), the Airhead.
    Movement: KG1 unit 2 deleted (Ctrl+D) on 2021 and a new KG1 unit 2 from the palette on 2023;
    a second 5/3 from the palette on 2020. VASSAL records no move for the first: now a warning
    names both hexes and their distance and that it was not judged as a move (as one it would be
    IM 15.16, two hexes on the drop turn, as in im-dirty). Before this round: only the integrity
    pair "eliminated and brought back". The second 5/3 keeps its warning (duplicates)."""
    name = f"im-delete9{suffix}"
    text, doc, _ = _audit(im, [f"{name}.vlog"])
    assert found(doc) == []
    put = [w for w in doc["coverage"]["warnings"] if "was deleted in" in w]
    assert put == [f"{name}.vlog steps 12-13 (turn 1, Movement Phase): KG1 unit 2 was deleted in 2021 and a new "
                   "piece of it placed from the palette in 2023 (2 hexes away). VASSAL records no move, so this is "
                   "not judged as a move (were it one: 2021 → 2023); it is legal only as a return or replacement "
                   "the rules allow in this phase."]
    assert any("a piece of 5/3 was added" in w for w in doc["coverage"]["warnings"])


@pytest.mark.parametrize("suffix", ["", "-38"])
def test_three_full_turns(om, suffix):
    """om-long9: GT1-GT3 in one log, every phase clicked: drops, moves, a d10 per German Combat
    Phase, B/22 NZ deleted (eliminated), 9/III/Sturm and 19 NZ flipped, Allied moves, and
    12/III/Sturm dropping from the second-wave box on GT2. Exactly OM 4.18 at step 52, turn 2,
    German Movement: 12/III/Sturm W4112 -> W4011 on its drop turn. Every other move is legal (1
    hex on GT1 for Vogel 1 and 19 NZ; 2 clear hexes for Vogel 1 on GT2 and GT3; 9/III/Sturm out of
    the ZOC). The elimination is listed in the integrity section, not judged."""
    name = f"om-long9{suffix}"
    text, doc, _ = _audit(om, [f"{name}.vlog"])
    assert found(doc) == [("OM 4.18", f"{name}.vlog", 52, 2, "german-movement", ["G-12-III-Sturm"])]
    assert doc["coverage"]["moves"]["judged"] == 11
    assert "removed B/22 NZ" in text
    assert doc["partial"] is None


def test_save_sent_instead_of_a_log(om):
    """om-save9-1.vsav (the German's save, mid German Movement, sent without its log: Vogel 1
    already moved W4212 -> W4211 there) and om-save9-2.vlog from it (Vogel 1 on to W4210). The
    second hex on its paradrop turn (4.18) is in no file: the report says the chain starts inside
    a movement phase and that 4.18/5.23 cannot be judged (which units arrived is unknown). The
    save alone: 0 steps, its phase-end rules named not judged. No password in any output."""
    text, doc, _ = _audit(om, ["om-save9-1.vsav", "om-save9-2.vlog"])
    assert found(doc) == []
    assert "om-save9-1.vsav starts inside German Movement Phase (turn 1)" in text
    why = {x["rule"]: x["why"] for x in doc["coverage"]["rules_not_judged"]}
    assert "which units already arrived that turn" in why["OM 4.18"]
    text1, doc1, _ = _audit(om, ["om-save9-1.vsav"])
    assert found(doc1) == [] and "the save ends before the end of the German Movement Phase" in text1


def test_older_build_is_said_and_judged_as_saved(om):
    """om-version9: recorded on a build of the kit at version 0.9 where 9/III/Sturm has movement 3
    (today 5); audited with today's module: both are said (module version, the unit's values) and
    the move W4113 -> W4013 -> W4012 -> W4011 -> W3911 (4 clear hexes, GT2 German Movement) is
    judged with the allowance VASSAL played, 3: OM 4.13."""
    text, doc, _ = _audit(om, ["om-version9.vlog"])
    assert found(doc) == [("OM 4.13", "om-version9.vlog", 42, 2, "german-movement", ["G-9-III-Sturm"])]
    warned = " ".join(doc["coverage"]["warnings"])
    assert "version '0.9'" in warned and "9/III/Sturm: movement 3 (kit: 5)" in warned


@pytest.mark.parametrize("name", ["om-stack9", "om-marker9", "im-delete9", "om-long9"])
def test_vassal_38_twins_give_the_same_report(om, im, name):
    """The -38 logs (VASSAL 3.8.0-beta1) give the same findings and warnings as their twins."""
    module = im if name.startswith("im") else om
    _, a, _ = _audit(module, [f"{name}.vlog"])
    _, b, _ = _audit(module, [f"{name}-38.vlog"])
    assert [f[2:] for f in found(a)] == [f[2:] for f in found(b)]
    assert _warnings(a) == _warnings(b, "-38")
    assert {f["vassal_version"] for f in b["files"]} == {"3.8.0-beta1"}


def test_own_marker_and_same_hex_return_are_not_warned(om, tmp_path_factory):
    """No warning for a marker on the mover's own unit (om-night: a Dispersed marker on Vogel 1
    in the German Paradrop Phase) nor for a unit deleted and put back on its own hex (na41-back7:
    the integrity section names that pair)."""
    _, doc, _ = _audit(om, ["om-night.vlog"])
    assert not any("a marker (" in w for w in doc["coverage"]["warnings"])
    na = bundled_module("north-africa-41", tmp_path_factory, "rec9-na").module
    _, doc, text = _audit(na, ["na41-back7.vlog"])
    assert not any("was deleted in" in w for w in doc["coverage"]["warnings"])
