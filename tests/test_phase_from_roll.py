"""A side's combat told from its movement by the log itself: ``[[phase]] starts = "roll"`` with
``[turns] source = "player"`` (docs/binding-format.md, "Turn and phase"), on Kassala (corpus
module; ``examples/kassala/binding.toml``: "Sequence of Play", the Moslem player moves then
attacks, "the player attacking rolls a die"; "Movement": units beginning movement adjacent to an
enemy may not move, the advance after combat excepted: ``[zoc] leave = "never"``).

Hexes are vmodgen's raw CCRR ids of Kassala's unnumbered grid; map points are hex centres
(column c: x = 50 + 228·c; odd columns y = 186 + 266·r, even columns y = 54 + 266·r)."""
from __future__ import annotations

from pathlib import Path

import pytest

from vmodgen.audit import audit
from vmodgen.audit.coverage import partial_sentence
from vmodgen.binding.spec import read_spec
from vmodgen.errors import InputError
from vmodgen.testing.log_writer import LogWriter
from vmodgen.vassal.module import read_module

from conftest import DATA, ROOT, shared_path

RECORDED = [DATA / "recorded" / f"kassala-{n}.vlog" for n in ("moslem", "christian", "combat")]
EXAMPLE = ROOT / "examples" / "kassala" / "binding.toml"

NUBIAN, TURK, PORTUGUESE_0304, PORTUGUESE_0305 = "1648473853377", "1648473853381", "1648473853393", "1648473853395"


def point(hex_id: str) -> tuple[str, int, int]:
    c, r = int(hex_id[:2]), int(hex_id[2:])
    return ("Main Map", 50 + 228 * c, (186 if c % 2 else 54) + 266 * r)


def without_combat_phases(tmp_path: Path) -> Path:
    """The example binding as it was before ``starts``: one phase per side."""
    text = EXAMPLE.read_text(encoding="utf-8")
    for side in ("moslem", "christian"):
        head = f'[[phase]]\nid = "{side}-combat"'
        i = text.index(head)
        j = text.index("\n\n", i)
        text = text[:i] + text[j + 2:]
    assert "\nstarts = " not in text and "-combat" not in text.split("# ---- rules")[0]
    p = tmp_path / "one-phase-per-side.toml"
    p.write_text(text, encoding="utf-8")
    return p


def phases(result, file: int = -1) -> list[tuple[int, str]]:
    return [(p["step"], p["phase"]) for p in result.files[file].phases]


def found(result) -> list[tuple]:
    return [(Path(f.file).name, f.step, f.phase, f.rule, f.hexes, f.units) for f in result.findings]


# ---- recorded in real VASSAL 3.7.26 ------------------------------------------------------
def test_recorded_advance_after_the_roll_is_no_move(tmp_path):
    """kassala-combat.vlog (turn 4, Alice = Moslem; tests/data/recorded/README.md): step 2 the
    Turkish infantry 0403 → 0503, which began next to the Portuguese at 0303 (Movement: locked);
    step 3 a 1d6 roll; step 4 the Portuguese at 0303 deleted (DE); step 5 the Nubian infantry
    0203 → 0303, the vacated hex (it began next to the Portuguese at 0204: a move would be
    locked, an advance after combat is not); step 6 a second roll; step 7 the Portuguese at 0204
    dragged to 0205 (a drag of the other side's unit in the Moslem combat: judged as a retreat;
    0205 is in no Moslem ZOC). The moves before the roll are judged as movement: the Turk's
    finding stays; the advance is no finding; every move is judged (no ``partial``)."""
    vmod = shared_path("corpus", "kassala_Kassala.vmod")
    r = audit(RECORDED, module=vmod, binding=EXAMPLE, keep_order=True)
    assert phases(r) == [(0, "christian-combat"), (1, "moslem-movement"), (3, "moslem-combat")]
    combat = [f for f in found(r) if f[0] == "kassala-combat.vlog"]
    assert combat == [("kassala-combat.vlog", 2, "moslem-movement", "GEN zoc", ("0403", "0303"), (TURK,))]
    assert len(found(r)) == 6                        # the 5 of the first two files, unchanged
    per_file = r.coverage["per_file"][-1]["moves"]
    assert per_file["seen"] == per_file["judged"] == 3 and partial_sentence(r.coverage) is None

    # before the roll started the combat phase, the advance was a locking-ZOC finding and the
    # Christian unit's drag a move out of phase
    old = audit(RECORDED, module=vmod, binding=without_combat_phases(tmp_path), keep_order=True)
    combat = [f for f in found(old) if f[0] == "kassala-combat.vlog"]
    assert [(f[1], f[2], f[4], f[5]) for f in combat] == [
        (2, "moslem-movement", ("0403", "0303"), (TURK,)), (5, "moslem-movement", ("0203", "0204"), (NUBIAN,))]
    assert old.coverage["per_file"][-1]["moves"]["not_judged"]["not in a phase where the unit moves"] == 1


# ---- written with the project's log writer -----------------------------------------------
@pytest.fixture
def writer():
    """Kassala's set-up (turn 1; Nubian infantry at 0203, Portuguese at 0304 and 0305) with the
    roster Alice = Moslem, Bob = Christian; Alice presses Next (turn 2)."""
    vmod = shared_path("corpus", "kassala_Kassala.vmod")
    setup = shared_path("corpus", "kassala_Default_Setup.vsav")
    w = LogWriter.from_file(setup, locate=read_module(vmod).locate, player="Alice", player_id="pw-alice")
    w.step(["PLAYER\tpw-alice\tAlice\tMoslem", "PLAYER\tpw-bob\tBob\tChristian"])
    w.turn("2;0;false;10", text="from 1 to 2")
    return w


def as_player(w: LogWriter, name: str) -> LogWriter:
    w.player, w.player_id = name, {"Alice": "pw-alice", "Bob": "pw-bob"}[name]
    return w


def run(w: LogWriter, tmp_path: Path, binding: Path = EXAMPLE):
    vmod = shared_path("corpus", "kassala_Kassala.vmod")
    return audit([w.write(tmp_path / "game.vlog")], module=vmod, binding=binding)


def test_other_players_retreat_stays_in_the_combat(writer, tmp_path):
    """Alice: Nubian 0203 → 0303 (next to the Portuguese at 0304), rolls; Bob drags the
    Portuguese 0304 → 0405 (a retreat: his side's unit, right after Alice's roll); Alice advances
    the Nubian into 0304 (it began the combat next to the Portuguese: no locking finding). Bob's
    step stays in the Moslem combat; 0405 was in no Moslem ZOC when the Portuguese retreated
    (the Nubian's ZOC reaches it only from 0304, after the advance): no finding."""
    w = writer.move(NUBIAN, point("0303")).roll("1d6", [5])
    as_player(w, "Bob").move(PORTUGUESE_0304, point("0405"))
    as_player(w, "Alice").move(NUBIAN, point("0304"))
    r = run(w, tmp_path)
    assert phases(r) == [(0, ""), (2, "moslem-movement"), (4, "moslem-combat")]
    assert found(r) == [] and r.coverage["moves"]["judged"] == 3 and partial_sentence(r.coverage) is None


def test_retreat_into_zoc_still_found(writer, tmp_path):
    """As above, but Bob retreats 0304 → 0404, next to the Nubian at 0303 when he did (a generic
    retreat may not enter enemy ZOC): one GEN zoc finding at the retreat's step, which the
    Nubian's advance into 0304 afterwards does not take away."""
    w = writer.move(NUBIAN, point("0303")).roll("1d6", [5])
    as_player(w, "Bob").move(PORTUGUESE_0304, point("0404"))
    as_player(w, "Alice").move(NUBIAN, point("0304"))
    r = run(w, tmp_path)
    assert found(r) == [("game.vlog", 5, "moslem-combat", "GEN zoc", ("0404",), (PORTUGUESE_0304,))]


def test_one_phase_per_side_reads_the_same_log_as_movement(writer, tmp_path):
    """The same log with the binding before ``starts``: Bob's retreat is the Christian movement,
    where the Portuguese began next to the Nubian (locked), and Alice's advance a move of a unit
    that began next to the Portuguese at 0404 (locked): two findings the combat phase avoids."""
    w = writer.move(NUBIAN, point("0303")).roll("1d6", [5])
    as_player(w, "Bob").move(PORTUGUESE_0304, point("0404"))
    as_player(w, "Alice").move(NUBIAN, point("0304"))
    r = run(w, tmp_path, without_combat_phases(tmp_path))
    assert [(f[1], f[2], f[5]) for f in found(r)] == [(5, "christian-movement", (PORTUGUESE_0304,)),
                                                      (6, "moslem-movement", (NUBIAN,))]


def test_undone_roll_starts_nothing(writer, tmp_path):
    """Alice rolls and takes the roll back with Undo: still her movement phase. The Nubian then
    moves 0203 → 0303 → 0403: it entered the Portuguese ZOC at 0303 and moved on (a movement
    finding, which an advance would not give)."""
    w = writer.roll("1d6", [2]).undo()
    w.move(NUBIAN, point("0303")).move(NUBIAN, point("0403"))
    r = run(w, tmp_path)
    assert {ph for _k, ph in phases(r)} == {"", "moslem-movement"}
    assert [(f[2], f[3], f[5]) for f in found(r)] == [("moslem-movement", "GEN zoc", (NUBIAN,))]


def test_run_ends_with_the_other_players_move_or_a_turn_line(writer, tmp_path):
    """After Alice's roll and her own advance, a drag by Bob is his movement, not a retreat
    (Alice made a step since the roll); Alice's next step after a turn line (Next: turn 3) is her
    movement again."""
    w = writer.move(NUBIAN, point("0303")).roll("1d6", [5])
    w.move(NUBIAN, point("0203"))                     # an advance (back) after the roll
    as_player(w, "Bob").move(PORTUGUESE_0305, point("0306"))
    as_player(w, "Alice").turn("3;0;false;10", text="from 2 to 3")
    w.move(NUBIAN, point("0202"))
    r = run(w, tmp_path)
    assert phases(r) == [(0, ""), (2, "moslem-movement"), (4, "moslem-combat"), (6, "christian-movement"),
                         (7, "moslem-movement")]


# ---- the binding file --------------------------------------------------------------------
HEAD = ('format = 1\nrules = "generic"\n[[side]]\nid = "a"\nname = "A"\n[[side]]\nid = "b"\n'
        '[map]\nmaps = ["M"]\n[[class]]\nname = "a"\npiece = "x"\nside = "a"\n')


@pytest.mark.parametrize("turns, phases_toml, error", [
    ('source = "chat"', '[[phase]]\nid = "m"\nside = "a"\nchat = ["x"]\n[[phase]]\nid = "c"\nside = "a"\n'
                        'starts = "roll"\n', 'needs \\[turns\\] source = "player"'),
    ('source = "player"', '[[phase]]\nid = "c"\nside = "a"\nstarts = "roll"\n', "an earlier \\[\\[phase\\]\\] of that side"),
    ('source = "player"', '[[phase]]\nid = "m"\nside = "a"\n[[phase]]\nid = "c"\nside = "b"\nstarts = "roll"\n',
     "an earlier \\[\\[phase\\]\\] of that side"),
    ('source = "player"', '[[phase]]\nid = "m"\nside = "a"\n[[phase]]\nid = "c"\nside = "a"\nstarts = "chat"\n',
     "not one of roll"),
])
def test_starts_is_checked(tmp_path, turns, phases_toml, error):
    p = tmp_path / "b.toml"
    p.write_text(HEAD + f"[turns]\n{turns}\n" + phases_toml, encoding="utf-8")
    with pytest.raises(InputError, match=error) as e:
        read_spec(p)
    assert e.value.line is not None


def test_example_binding_declares_the_combat_phases():
    spec = read_spec(EXAMPLE)
    assert [(p.id, p.side, p.kind, p.starts) for p in spec.phases] == [
        ("moslem-movement", "moslem", "movement", ""), ("moslem-combat", "moslem", "combat", "roll"),
        ("christian-movement", "christian", "movement", ""), ("christian-combat", "christian", "combat", "roll")]


def test_turn_line_ends_the_run(writer, tmp_path):
    """Alice rolls (her combat), then presses Next (turn 3) with no step of Bob's between (his
    turn in another file): her next move is in her movement phase of turn 3, judged as a move
    (0203 → 0303 → 0403: it entered the Portuguese ZOC at 0303 and moved on)."""
    w = writer.roll("1d6", [4]).turn("3;0;false;10", text="from 2 to 3")
    w.move(NUBIAN, point("0303")).move(NUBIAN, point("0403"))
    r = run(w, tmp_path)
    assert phases(r) == [(0, ""), (2, "moslem-movement"), (3, "moslem-combat"), (4, "moslem-movement")]
    assert [(f[2], f[3], f[5]) for f in found(r)] == [("moslem-movement", "GEN zoc", (NUBIAN,))]
    assert r.findings[0].turn == 3
