"""The audit reads VASSAL's own turn tracker: turns.vlog (HexTestPhases.vmod, written by VASSAL
3.7.26) audited with a small game and binding of the test's own gives, at every step, the turn
and phase VASSAL displayed (turns-report.txt), and puts the moves in those phases."""
from __future__ import annotations

from pathlib import Path

import pytest

from vmodgen.audit import audit
from vmodgen.binding.base import KitBinding
from vmodgen.model.kit import load_kit
from vmodgen.vassal.module import read_module
from vmodgen.vassal.replay import replay
from vmodgen.vassal.savefile import read_save

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
RUN = SHARED / "golden" / "vassal-run"

GAME = """[game]
id = "hextest"
name = "Hex Test"
ruleset = "generic"
map = "map.toml"
roster = "roster.csv"

[[sides]]
id = "axis"
name = "Axis"

[[sides]]
id = "allied"
name = "Allied"

[[nationalities]]
id = "ax"
name = "Axis"
side = "axis"

[[nationalities]]
id = "al"
name = "Allied"
side = "allied"

[[unit_types]]
id = "infantry"
name = "Infantry"

[[unit_sizes]]
id = "division"
name = "Division"

[[fields]]
id = "attack"
name = "Attack"

[[fields]]
id = "movement"
name = "Movement"

[[terrain]]
id = "clear"
name = "Clear"

[sequence]
first_turn = 1
{phases}
[rules]
stacking_limit = 1
"""
PHASES = [("axis-move", "Axis Movement", "axis", "movement"), ("axis-combat", "Axis Combat", "axis", "combat"),
          ("allied-move", "Allied Movement", "allied", "movement"),
          ("allied-combat", "Allied Combat", "allied", "combat")]
MAP = """[map]
id = "hextest"
name = "Hex test map"
hex_height_px = 64
default_terrain = "clear"

[[sheets]]
id = "main"
name = "Main Map"
lines = "columns"
line_range = [1, 12]
pos_range = [1, 12]
line_grows = "east"
pos_grows = "south"
shift = "odd"
"""


class HexTestBinding(KitBinding):
    """HexTest's pieces carry no unit_id: the piece name is the unit name."""

    def unit_for(self, piece):
        for u in self.kit.units:
            if u.name == piece.name.replace(" (reduced)", ""):
                return u, piece.properties().get("Step_Level") == "2"
        return None


@pytest.fixture(scope="module")
def setup(tmp_path_factory):
    if not (RUN / "turns.vlog").is_file():
        pytest.skip("../shared/golden/vassal-run is absent")
    d = tmp_path_factory.mktemp("hextest")
    phases = "".join(f'\n[[sequence.phases]]\nid = "{i}"\nname = "{n}"\nside = "{s}"\nkind = "{k}"\n'
                     for i, n, s, k in PHASES)
    (d / "game.toml").write_text(GAME.replace("{phases}", phases))
    (d / "map.toml").write_text(MAP)
    module = read_module(RUN / "HexTestPhases.vmod")
    names = sorted({s.name for s in module.piece_slots})
    rows = ["id,name,side,nationality,formation,type,size,steps,front.attack,front.movement"]
    for i, n in enumerate(names):
        side = "allied" if "Infantry" in n and "Grenadier" not in n else "axis"
        rows.append(f"U{i},{n},{side},{'al' if side == 'allied' else 'ax'},,infantry,division,1,4,0")
    (d / "roster.csv").write_text("\n".join(rows) + "\n")
    kit = load_kit(d / "game.toml")
    return kit, module


def test_turn_and_phase_at_every_step_match_vassal(setup):
    kit, module = setup
    report = (RUN / "turns-report.txt").read_text().splitlines()
    shown = [line.split("|")[-1] for line in report if line.startswith("TURNSTATE|")]
    moved = [line.split("|")[-1] for line in report if line.startswith("MOVED|")]
    binding = HexTestBinding(module, kit)
    r = audit([RUN / "turns.vlog"], preset=(binding, module))
    phases = r.files[0].phases
    names = {p.id: p.name for p in kit.game.sequence.phases}
    got = [f"Turn {p['turn']} {names[p['phase']]}" for p in phases]
    assert got == ["Turn 1 Axis Movement"] + shown
    # each move happened in the phase VASSAL showed after the advance before it
    rp = replay(read_save(RUN / "turns.vlog"), locate=module.locate)
    move_steps = [s.index for s in rp.steps if s.moves]
    assert [s.moves[0].new_label for s in rp.steps if s.moves] == moved
    where = []
    for k in move_steps:
        current = [p for p in phases if p["step"] <= k][-1]
        where.append(names[current["phase"]])
    assert where == ["Axis Combat", "Allied Combat", "Axis Combat"]
    # moves in combat phases are advances (the phasing side) and retreats (the other side):
    # with movement allowance 0 they are no movement findings, and the one retreat that ends
    # next to an enemy unit is the only ZOC finding
    moves = [(f.step, f.phase, f.rule, f.units, f.hexes) for f in r.findings if f.kind in ("movement", "zoc")]
    assert moves == [(2, "axis-combat", "GEN zoc", ("U1",), ("0304",))]
    assert "retreated into enemy ZOC at 0304" in next(f.message for f in r.findings if f.rule == "GEN zoc")
    assert r.phase_source == "turn tracker" and not r.skipped_rules


def test_without_a_phase_only_phase_free_rules_run_and_the_report_says_so(setup):
    kit, module = setup

    class NoPhase(HexTestBinding):
        phase_source = "none"

        def phase_for(self, step, state):
            return None
    r = audit([RUN / "turns.vlog"], preset=(NoPhase(module, kit), module))
    assert r.skipped_rules and all("the phase is unknown" in s["why"] for s in r.skipped_rules)
    assert {s["rule"] for s in r.skipped_rules} >= {"GEN movement"}
    assert any("could not be read" in n for n in r.notes)
    assert {c["rule"] for c in r.checked_rules}.isdisjoint({"GEN supply"})


def test_vassals_own_save_after_its_log_continues_it():
    """final.vsav is what VASSAL saved after playing moves.vlog: no continuity issue (the Old*
    properties VASSAL sets on moves are logged as LOG null and must not count)."""
    if not (RUN / "final.vsav").is_file():
        pytest.skip("../shared/golden/vassal-run is absent")
    r = audit([RUN / "moves.vlog", RUN / "final.vsav"], replay_only=True)
    assert r.continuity == [] and r.stats["undos"] == 1
