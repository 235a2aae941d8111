"""A kit binding file (``game = "<kit>"``): the pieces of a module are the kit's roster units
(``[units]``), the phases come from chat, and the kit's own rules find the same overstack as the
automatic binding of the vmodgen-built module."""
from __future__ import annotations

import pytest

from vmodgen.audit import audit
from vmodgen.binding.base import KitBinding
from vmodgen.binding.file import load_binding
from vmodgen.testing.log_writer import LogWriter
from vmodgen.vassal.module import read_module

from conftest import DATA

BINDING = """\
game = "{kit}"
[map]
maps = ["Main"]
[units]
"1/1 Inf" = "R1"
"2/1 Inf" = "R2"
"1 Tank" = "R3"
"Blue HQ" = "B1"
"Blue Inf" = "B2"
[[class]]
name = "Supply marker"
piece = "^Out of supply$"
marker = "oos"
[turns]
source = "chat"
start_turn = 1
[[phase]]
id = "red-move"
chat = ["(?i)red moves"]
[[phase]]
id = "red-combat"
chat = ["(?i)red attacks"]
"""


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    from bundled_module_util import bundled_module
    kit, module, _ = bundled_module(str(DATA / "minikit"), tmp_path_factory, "kitbind")
    return kit, module


def test_kit_binding_finds_the_overstack(built, tmp_path):
    kit, vmod = built
    w = LogWriter.from_module_setup(vmod, kit=kit, player="Alice")
    w.chat("Red moves now")
    w.move("R3", "0102")                    # R1 + R2 (2 + 2 points) + R3 (3) = 7 > 6
    w.chat("Red attacks")
    log = w.write(tmp_path / "g.vlog")
    p = tmp_path / "b.toml"
    p.write_text(BINDING.format(kit=(DATA / "minikit").as_posix()))
    mod = read_module(vmod)
    fb = load_binding(p, mod)
    assert fb.kit_id == "minikit" and fb.phase_source == "chat"
    got = audit([log], preset=(fb, mod))
    stack = [(f.step, f.phase, f.at, f.hexes, sorted(f.units)) for f in got.findings if f.kind == "stacking"]
    assert stack == [(3, "red-move", "end", ("0102",), ["R1", "R2", "R3"])]
    # the module's own binding (unit_id properties) puts the same units in the same hexes
    from vmodgen.audit.positions import PositionBuilder
    from vmodgen.vassal.replay import replay
    from vmodgen.vassal.savefile import read_save
    final = replay(read_save(log), apply_boards=mod.apply_board_command).final
    seen = []
    for b in (fb, KitBinding(mod, kit)):
        pb = PositionBuilder(b, mod)
        pb.update(final, None)
        pos = pb.position(turn=1, phase="red-move", side="red", at="end")
        seen.append(sorted((u.id, u.hex, u.reduced, tuple(sorted(u.status))) for u in pos.units))
    assert seen[0] == seen[1] and ("R3", "0102", False, ()) in seen[0]


def test_kit_binding_refuses_unknown_unit_and_phase(built, tmp_path):
    kit, vmod = built
    mod = read_module(vmod)
    p = tmp_path / "b.toml"
    p.write_text(BINDING.format(kit=(DATA / "minikit").as_posix()).replace('"1 Tank" = "R3"', '"1 Tank" = "R9"'))
    with pytest.raises(Exception, match=r"b.toml:7: \[units\] '1 Tank': kit 'minikit' has no unit 'R9'"):
        load_binding(p, mod)
    p.write_text(BINDING.format(kit=(DATA / "minikit").as_posix()).replace('id = "red-combat"', 'id = "red-fight"'))
    with pytest.raises(Exception, match=r"b.toml:\d+: phase 'red-fight' is not a phase of kit 'minikit'"):
        load_binding(p, mod)
