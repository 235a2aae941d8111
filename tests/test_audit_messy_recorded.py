"""Messy real play, recorded in real VASSAL (``tests/data/recorded``, README there; 3.7.26 and
3.8.0-beta1 alike): players who never press the turn tracker, players who press it late, and
paradrops from an off-map box in the phase made for them, and outside it. North Africa '41,
set-up "S1 Enter Rommel": its GT1 starts in the Preparation Phase (no unit moves there) and the
Axis Movement Phase is the ninth; Operation Mercury, Scenario 3: its GT1 starts in the Recovery
Phase, the German Paradrop Phase is the twelfth. A report that judged less than the log holds says ``partial:`` on the line
under its count, names the reason and lists the moves; a clean game says no such thing."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from bundled_module_util import bundled_module
from vmodgen.audit import audit
from vmodgen.audit.coverage import OFF_MAP, OUT_OF_PHASE
from vmodgen.commands.audit import command
from vmodgen.report import render

DATA = Path(__file__).parent / "data" / "recorded"
VERSIONS = ["", "-38"]                    # VASSAL 3.7.26, 3.8.0-beta1


@pytest.fixture(scope="module")
def na41(tmp_path_factory):
    return bundled_module("north-africa-41", tmp_path_factory, "messy-na41").module


@pytest.fixture(scope="module")
def om(tmp_path_factory):
    return bundled_module("operation-mercury", tmp_path_factory, "messy-om").module


def _report(module: Path, name: str) -> tuple[list[str], dict]:
    """The text report's lines and the JSON report of ``name``, from the command line."""
    log = str(DATA / f"{name}.vlog")
    text = CliRunner().invoke(command, ["--module", str(module), log])
    doc = CliRunner().invoke(command, ["--module", str(module), "--format", "json", log])
    assert text.exit_code == 0 and doc.exit_code == 0, text.output + doc.output
    return text.output.splitlines(), json.loads(doc.output)


def _line_under_count(lines: list[str]) -> str:
    i = next(i for i, ln in enumerate(lines) if ln.startswith("0 findings"))
    return lines[i + 1]


@pytest.mark.parametrize("v", VERSIONS)
def test_tracker_never_pressed_is_partial_not_clean(na41, v):
    """na41-notracker: the tracker stays in GT1's Preparation Phase while the Axis drags 3 Aufkl
    1503 → 0803 (7 MP) and 8 MG Bn 1503 → 0602 (9 MP, NA41 5.1 in the Axis Movement Phase: the
    finding na41-dirty gives). Neither move is judged: the report says partial, 2 of 2, why,
    lists both moves with the phase the tracker showed and asks whether it was advanced."""
    lines, doc = _report(na41, f"na41-notracker{v}")
    partial = "partial: 2 of 2 unit move(s) were not judged (not in a phase where the unit moves: 2)"
    assert lines[0].startswith("0 findings") and _line_under_count(lines).startswith(partial)
    assert doc["findings"] == [] and doc["partial"].startswith(partial)
    c = doc["coverage"]
    assert c["moves"]["judged"] == 0 and c["moves"]["not_judged"][OUT_OF_PHASE] == 2
    assert [(m["step"], m["unit"], m["from"], m["to"], m["phase"]) for m in c["out_of_phase"]] == [
        (1, "3 Aufkl", "1503", "0803", "Preparation Phase"), (2, "8 MG Bn", "1503", "0602", "Preparation Phase")]
    assert any("Was the tracker advanced?" in m for m in c["messages"])
    assert "coverage: unit moves 2: judged 0; not judged: not in a phase where the unit moves 2" in lines


@pytest.mark.parametrize("v", VERSIONS)
def test_tracker_pressed_late_names_the_moves_before_it(na41, v):
    """na41-late: the same two drags in the Preparation Phase, then Next eight times to the Axis
    Movement Phase (step 11), where 3 Aufkl moves one hex on (judged, legal), then on to the
    end of GT1. The two early moves are not judged (the 9-MP one goes unreported as a finding)
    and the report says so: partial, 2 of 3, both listed at steps 1 and 2."""
    lines, doc = _report(na41, f"na41-late{v}")
    partial = "partial: 2 of 3 unit move(s) were not judged (not in a phase where the unit moves: 2)"
    assert _line_under_count(lines).startswith(partial) and doc["partial"].startswith(partial)
    c = doc["coverage"]
    assert c["moves"]["seen"] == 3 and c["moves"]["judged"] == 1
    assert [(m["step"], m["unit"], m["phase"]) for m in c["out_of_phase"]] == [
        (1, "3 Aufkl", "Preparation Phase"), (2, "8 MG Bn", "Preparation Phase")]
    assert any(p["phase"] == "i1-axis-movement" and p["step"] == 10 for p in doc["files"][0]["phases"])


@pytest.mark.parametrize("name,kit,drops", [("im-clean", "invasion-malta", 3), ("om-clean", "operation-mercury", 2)])
@pytest.mark.parametrize("v", VERSIONS)
def test_paradrop_from_a_box_in_its_phase_is_not_out_of_phase(name, kit, drops, v, tmp_path_factory):
    """IM 16 / OM 4: paratroops dragged from their off-map box onto the map in the Airborne
    Operations (IM, kind "air") or German Paradrop (OM, kind "reinforcement") Phase arrive, they
    do not move: counted as off-map (docs/audit-json.md), not as moves made out of the tracker's
    phase. Before, these clean
    games said "partial: 3 of 4 (2 of 4) unit move(s) were not judged (not in a phase where the
    unit moves)" and asked whether the tracker was advanced."""
    module = bundled_module(kit, tmp_path_factory, f"messy-{kit}").module
    r = audit([str(DATA / f"{name}{v}.vlog")], module=module)
    c = r.coverage
    assert r.findings == [] and c["out_of_phase"] == []
    assert c["moves"]["not_judged"][OFF_MAP] == drops and c["moves"]["not_judged"][OUT_OF_PHASE] == 0
    assert c["moves"]["judged"] == c["moves"]["seen"] - drops > 0
    text = render(r, "text")
    assert "partial:" not in text and "Was the tracker advanced?" not in text
    assert json.loads(render(r, "json"))["partial"] is None


@pytest.mark.parametrize("v", VERSIONS)
def test_paradrop_with_the_tracker_never_pressed_is_partial(om, v):
    """om-notracker: the tracker stays in GT1's Recovery Phase while 9/III/Sturm and Vogel 1
    drop from the German First Wave box (W4213, W4212) and 9/III/Sturm moves on to W4113. A drop
    outside a phase where units arrive is not taken for an arrival: all three drags are listed
    as made out of the tracker's phase, and the report says partial."""
    lines, doc = _report(om, f"om-notracker{v}")
    partial = "partial: 3 of 3 unit move(s) were not judged (not in a phase where the unit moves: 3)"
    assert _line_under_count(lines).startswith(partial) and doc["partial"].startswith(partial)
    c = doc["coverage"]
    assert c["moves"]["not_judged"][OFF_MAP] == 0
    assert [(m["step"], m["unit"], m["from"], m["to"], m["phase"]) for m in c["out_of_phase"]] == [
        (1, "9/III/Sturm", "german-first-wave", "W4213", "Recovery Phase"),
        (2, "Vogel (1 of 2)", "german-first-wave", "W4212", "Recovery Phase"),
        (3, "9/III/Sturm", "W4213", "W4113", "Recovery Phase")]
    assert any("Was the tracker advanced?" in m for m in c["messages"])
    # no move was judged in the tracker's phase: the advice names the tracker, and the next log too
    # (its first Next judges the phase-end rules; before: "another file would not help")
    r = audit([str(DATA / f"om-notracker{v}.vlog")], module=om)
    for out in (render(r, "text"), render(r, "html"), doc["partial"], "\n".join(lines)):
        assert "no phase end (the turn tracker is never advanced in them" in out
        assert "the phase ends are read from the turn tracker: press it" in out and "would not help" not in out


def test_strict_exits_3_on_a_partial_audit_with_no_finding(na41):
    """--strict: a report that found nothing but says 'partial' (na41-notracker: the tracker was
    never pressed) exits 3, not 0; the clean game (na41-clean, every move judged) still exits 0,
    and a game with findings (na41-dirty) exits 1 as without --strict."""
    import subprocess
    import sys

    def code(name: str, *extra: str) -> int:
        return subprocess.run([sys.executable, "-m", "vmodgen", "audit", "--module", str(na41), *extra,
                               str(DATA / f"{name}.vlog")], capture_output=True, text=True,
                              cwd=Path(__file__).resolve().parents[1]).returncode
    assert code("na41-notracker") == 0 and code("na41-notracker", "--strict") == 3
    assert code("na41-clean", "--strict") == 0 and code("na41-dirty", "--strict") == 1
