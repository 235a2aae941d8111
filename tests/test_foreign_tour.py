"""Invisible (Hide) and Mask (Obscurable) in real VASSAL, on a module vmodgen did not build:
VASSAL's own tour module (``vassal-doc/src/main/resources/tour.mod``, LGPL; read in place as
``../shared/corpus/vassal_tour.mod``), whose Jagd Pz Tiger has both traits (Hide Ctrl+H, Conceal
Ctrl+C, both owned by the player who set them). Logs recorded in VASSAL 3.7.26 and 3.8.0-beta1
with two seats (tests/data/recorded/tour/, scripts beside them; tests/data/recorded/README.md).

Position (board SL, hex labels as the module reads them): Alice (password set) hides the Tiger in
C5 and moves it, hidden, to E5; masks the Tiger in C7 and moves it, masked, to D7; moves a Tiger
A2 -> B2. Bob moves a Goblin H5 -> F5 (next to the hidden Tiger) -> F3 and another H8 -> E8 (next
to the masked Tiger) -> E9. Alice reveals and unmasks both, and moves E5 -> E4. Binding
examples/vassal-tour/binding.toml: Tigers one side, Goblins the other, generic ZOC (a unit that
enters an enemy ZOC stops)."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from vmodgen.vassal.module import read_module
from vmodgen.vassal.reported_locations import compare_reports
from vmodgen.vassal.savefile import read_save

from conftest import DATA, ROOT, SHARED

MODULE = SHARED / "corpus" / "vassal_tour.mod"
REC = DATA / "recorded" / "tour"
BINDING = ROOT / "examples" / "vassal-tour" / "binding.toml"
HIDDEN, MASKED, PLAIN = "1795698151085", "1795698151183", "1795698151225"
CHAINS = {"3.7.26": ["tour-alice1.vlog", "tour-bob.vlog", "tour-alice2.vlog"],
          "3.8.0-beta1": ["tour-alice1-38.vlog", "tour-bob-38.vlog", "tour-alice2-38.vlog"]}

pytestmark = pytest.mark.skipif(not MODULE.is_file(), reason=f"{MODULE} (VASSAL's tour module) is absent")


def vmodgen(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "vmodgen", *args], capture_output=True, text=True, cwd=ROOT)


def _pieces(log: str, *extra: str) -> dict[str, dict]:
    r = vmodgen("inspect", str(REC / log), "--module", str(MODULE), "--json", *extra)
    assert r.returncode == 0, r.stderr
    return {p["id"]: p for p in json.loads(r.stdout)["pieces"]}


@pytest.mark.parametrize("version", sorted(CHAINS))
def test_hidden_and_masked_as_an_opponent_sees_them(version: str) -> None:
    """After Alice's file: the hidden Tiger (E5) is not shown with a place to an opponent, the
    masked one is at D7 under its mask; with --reveal-hidden both are where VASSAL put them."""
    first = CHAINS[version][0]
    seen, full = _pieces(first), _pieces(first, "--reveal-hidden")
    assert (full[HIDDEN]["hex"], full[MASKED]["hex"], full[PLAIN]["hex"]) == ("E5", "D7", "B2")
    assert full[HIDDEN]["hidden_by_owner"] == "invisible" and full[MASKED]["hidden_by_owner"] == "mask"
    hidden = [p for p in seen.values() if p.get("hex") == "E5"]
    assert hidden == [], hidden
    masked = [p for p in seen.values() if p.get("hex") == "D7"]
    assert [p["name"] for p in masked] == ["(masked)"]
    # once revealed (Alice's second file), nothing is concealed any more
    last = _pieces(CHAINS[version][2])
    assert (last[HIDDEN]["hex"], last[MASKED]["hex"]) == ("E4", "D7")
    assert last[MASKED]["name"].startswith("Jagd Pz Tiger")


@pytest.mark.parametrize("log", ["tour-alice1.vlog", "tour-alice1-38.vlog"])
def test_a_hidden_move_report_names_no_location(log: str) -> None:
    """VASSAL reports a hidden piece's move as ``* ? moves ? -> ? *`` (HiddenMovementReporter):
    '?' is no location, so no 're-gridded module' mismatch; the masked and plain moves are
    compared and agree."""
    compared, bad = compare_reports(read_save(REC / log), read_module(MODULE))
    assert bad == [] and compared == 2


@pytest.mark.parametrize("version", sorted(CHAINS))
def test_audit_of_the_chain(version: str) -> None:
    """Generic rules: the two Goblins entered an enemy ZOC and moved on (F5: the ZOC of the hidden
    Tiger in E5 alone; E8: of the masked one in D7). As Bob sees it (the default) the F5 finding
    says neither hex nor unit (VASSAL shows him nothing of the hidden Tiger, so "entered enemy ZOC
    at F5" would tell him where it stands), the E8 one keeps its hex but not the reckoning (the
    mask hides the Tiger's side); --reveal-hidden shows both in full. No warning, no password."""
    logs = [str(REC / f) for f in CHAINS[version]]
    args = ["audit", "--module", str(MODULE), "--binding", str(BINDING)]
    r = vmodgen(*args, "--format", "json", *logs)
    assert r.returncode == 1, r.stderr
    report = json.loads(r.stdout)
    got = [(f["rule"], f["step"], f["hexes"], f.get("concealed")) for f in report["findings"]]
    assert got == [("GEN zoc", 3, [], ["invisible"]), ("GEN zoc", 5, ["E8"], ["mask"])]
    assert report["concealed"]["units"] == {"mask": 1, "invisible": 1} and report["concealed"]["revealed"] is False
    text = vmodgen(*args, *logs)
    zoc = [ln for ln in text.stdout.splitlines() if "[GEN zoc]" in ln]
    assert len(zoc) == 2 and "hid" in zoc[0] and not any(h in zoc[0] for h in ("F5", "E5", "H5", "F3"))
    assert "E8" in zoc[1] and "withheld" in zoc[1] and "enemy ZOC" not in zoc[1]
    assert any(ln.startswith("concealed: ") and "1 masked, 1 hidden" in ln for ln in text.stdout.splitlines())
    shown = vmodgen(*args, "--reveal-hidden", *logs)
    assert "entered enemy ZOC at F5" in shown.stdout and "entered enemy ZOC at E8" in shown.stdout
    for out in (r.stdout, text.stdout, shown.stdout):
        assert "warning:" not in out
    for out in (r.stdout, r.stderr, text.stdout, text.stderr, shown.stdout, shown.stderr):
        assert "pw-alice" not in out and "pw-bob" not in out
