"""A drag that ends on the hex the unit started it from, by a unit that had not left that hex in
its phase, is no move (picked up and put back: the stack's order changed): coverage
``put back on its hex``, never ``partial``, never a finding, in any phase. Kassala (corpus module,
``examples/kassala/binding.toml``: phase from who moves, "Movement": a unit beginning movement
adjacent to an enemy may not move, ``[zoc] leave = "never"``). Hexes are raw CCRR ids; map points
hex centres (as in test_phase_from_roll.py)."""
from __future__ import annotations

import pytest

from vmodgen.audit import audit
from vmodgen.audit.coverage import OUT_OF_PHASE, PUT_BACK, TAKEN_BACK, partial_sentence
from vmodgen.testing.log_writer import LogWriter
from vmodgen.vassal.module import read_module

from conftest import ROOT, shared_path

EXAMPLE = ROOT / "examples" / "kassala" / "binding.toml"
NUBIAN, TURK, PORTUGUESE = "1648473853377", "1648473853381", "1648473853393"


def point(hex_id: str) -> tuple[str, int, int]:
    c, r = int(hex_id[:2]), int(hex_id[2:])
    return ("Main Map", 50 + 228 * c, (186 if c % 2 else 54) + 266 * r)


@pytest.fixture
def writer():
    """Kassala's set-up (Nubian infantry at 0203, Portuguese at 0304, Turkish infantry at 0301),
    roster Alice = Moslem, Bob = Christian; Alice presses Next (turn 2) and moves the Nubian to
    0303, next to the Portuguese."""
    vmod = shared_path("corpus", "kassala_Kassala.vmod")
    setup = shared_path("corpus", "kassala_Default_Setup.vsav")
    w = LogWriter.from_file(setup, locate=read_module(vmod).locate, player="Alice", player_id="pw-alice")
    w.step(["PLAYER\tpw-alice\tAlice\tMoslem", "PLAYER\tpw-bob\tBob\tChristian"])
    w.turn("2;0;false;10", text="from 1 to 2")
    return w.move(NUBIAN, point("0303"))


def run(w: LogWriter, tmp_path):
    vmod = shared_path("corpus", "kassala_Kassala.vmod")
    return audit([w.write(tmp_path / "game.vlog")], module=vmod, binding=EXAMPLE)


def test_restack_next_to_an_enemy_is_no_locked_move(writer, tmp_path):
    """Bob (Christian movement) picks up the Portuguese at 0304, next to the Nubian at 0303, and
    puts it back on 0304: it never left its hex, so the locking ZOC has nothing to say (it was a
    finding before: "moved 0304, but it began its move in enemy ZOC"); Alice's Turkish infantry
    picked up and put back on 0301 likewise. Both counted put back; every other move judged."""
    writer.player, writer.player_id = "Bob", "pw-bob"
    writer.move(PORTUGUESE, point("0304"))
    writer.player, writer.player_id = "Alice", "pw-alice"
    writer.move(TURK, point("0301"))
    r = run(writer, tmp_path)
    assert r.findings == []
    m = r.coverage["moves"]
    assert (m["seen"], m["judged"], m["not_judged"][PUT_BACK]) == (3, 1, 2)
    assert partial_sentence(r.coverage) is None
    assert any("2 unit drag(s) ended on the hex they started from" in s for s in r.coverage["messages"])


def test_other_sides_unit_put_back_is_not_out_of_phase(writer, tmp_path):
    """Alice (Moslem movement) picks up the Portuguese at 0304 and puts it back: a drag of the
    other side's unit in a movement phase is out of phase (partial) when it moves; put back on
    its hex it is no move."""
    writer.move(PORTUGUESE, point("0304"))
    r = run(writer, tmp_path)
    m = r.coverage["moves"]
    assert (m["not_judged"][PUT_BACK], m["not_judged"][OUT_OF_PHASE]) == (1, 0)
    assert partial_sentence(r.coverage) is None and r.coverage["out_of_phase"] == []


def test_a_unit_that_left_its_hex_is_not_put_back(writer, tmp_path):
    """The Turkish infantry 0301 → 0302 and dragged back to 0301 (taken back by hand), then
    picked up and put back on 0301: it left its hex in the phase, so that last drag is not
    "put back" (a drag of a unit that moved in the phase, judged as before)."""
    writer.move(TURK, point("0302")).move(TURK, point("0301")).move(TURK, point("0301"))
    r = run(writer, tmp_path)
    m = r.coverage["moves"]
    assert (m["not_judged"][TAKEN_BACK], m["not_judged"][PUT_BACK]) == (2, 0)
    assert m["judged"] == 2 and r.findings == []
