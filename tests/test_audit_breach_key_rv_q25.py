"""Review rv-q25 of keyeng25 (per-hex breach keys): in a chain with a branch, a file's breach goes on
only from a finding of the files it goes on from (order.played_before), never from one of a branch
abandoned before it (OM 9.83: the stack after combat, one breach per hex)."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from bundled_module_util import bundled_module
from games_util import palette_piece
from vmodgen.audit import audit
from vmodgen.commands.audit import command
from vmodgen.testing.log_writer import LogWriter


@pytest.fixture(scope="module")
def om(tmp_path_factory):
    return bundled_module("operation-mercury", tmp_path_factory, "om-rv-q25")


def _w4314(om) -> LogWriter:
    """Scenario 3, allied combat: 7 RTR, C/1 and D/1 Welsh in W4314; 19 NZ Eng and 156 AA advance
    into it after a combat (7 points: over OM 9.83's limit)."""
    kit, module, _ = om
    ids = [p.id for p in kit.game.sequence.phases]
    w = LogWriter.from_module_setup(module, "Scenario 3: Maleme-Suda, May 20-23", kit=kit)
    w.add(*palette_piece(module, "G-9-III-Sturm"), "W4216", report=False)
    w.add(*palette_piece(module, "G-Vogel-1"), "W4317", report=False)
    for unit in ("A-7RTR-1", "A-C-1-Welsh", "A-D-1-Welsh"):
        w.move(unit, "W4314")
    for unit in ("A-156-AA", "A-19-NZ-Eng", "A-Maori", "A-NZ-Comp"):
        w.move(unit, "W4313")
    w.advance(ids.index("allied-combat"))
    return w.roll("1d10", [1]).move_together([("A-19-NZ-Eng", "W4314"), ("A-156-AA", "W4314")]).roll("1d10", [1])


def _findings(om, *files) -> list[dict]:
    _, module, _ = om
    r = CliRunner().invoke(command, ["--module", str(module), "--format", "json", "--keep-order", *map(str, files)])
    return [f for f in json.loads(r.stdout)["findings"] if f["rule"] == "OM 9.83"]


def test_a_branch_file_s_addition_never_joins_a_finding_of_the_abandoned_branch(om):
    """a: 19 NZ and 156 AA advance into W4314 (7 points, OM 9.83). b1 (from a's end): 7 RTR leaves,
    Maori advances (a new breach of the hex). b2 (also from a's end: a branch; only b2 goes on from
    a): NZ Comp advances (8 points). NZ Comp's advance goes on a's breach (still standing at a's
    end), never b1's finding (Maori's advance, a play b2 does not contain)."""
    root = om[2]
    w = _w4314(om)
    a = w.write(root / "a.vlog")
    b1 = w.save_point().move("A-7RTR-1", "W4313").roll("1d10", [1]).move("A-Maori", "W4314").roll("1d10", [1]) \
        .write(root / "b1.vlog")
    b2 = w.save_point().move("A-NZ-Comp", "W4314").roll("1d10", [1]).advance(1).write(root / "b2.vlog")
    found = _findings(om, a, b1, b2)
    in_b1 = [f for f in found if f["file"].endswith("b1.vlog")]
    assert in_b1 and all("A-NZ-Comp" not in f["units"] for f in in_b1), [f["message"] for f in in_b1]
    # NZ Comp's advance is named: in a's finding, the breach b2 goes on from
    assert any("A-NZ-Comp" in f["units"] for f in found if f["file"].endswith("a.vlog")), \
        [(f["file"], f["units"], f["message"]) for f in found]


def test_a_unit_left_of_a_drag_partly_taken_back_is_named_at_the_drag_s_step(om):
    """After the group's advance into W4314 (OM 9.83, 7 points), Maori and NZ Comp are dragged
    into it together, then Maori alone back (a take-back of Maori's part of that drag), then a die
    roll closes the advances: NZ Comp's addition to the breach is its drag's step (the step the
    take-back withdraws Maori's from), not the step of Maori's drag back."""
    _, module, root = om
    w = _w4314(om).move_together([("A-Maori", "W4314"), ("A-NZ-Comp", "W4314")]).move("A-Maori", "W4313")
    r = audit([w.roll("1d10", [1]).advance(1).write(root / "partly-back.vlog")], module=module)
    (maori,) = [t for t in r.integrity["taken_back"]["items"] if t["unit"] == "A-Maori"]
    drag, back = maori["steps"]
    (found,) = [f for f in r.findings if f.rule == "OM 9.83"]
    assert "A-Maori" not in found.units
    assert [(e["step"], e["units"]) for e in found.details["went_on"]] == [(drag, ["A-NZ-Comp"])] and back > drag
