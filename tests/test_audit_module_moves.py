"""A unit sent by its own Send To Location trait is no move of its side: C&C Napoleonics
eliminates a unit after its last hit by sending it to the victory banner track, which was counted
as a move of the unit's side (``moves by side: french 1, allies 1``: Alice, French, "moved" an
Allied unit). VASSAL 3.7.26's ``SendToLocation.myKeyEvent`` logs such a move with a ``D/`` of the
piece in the same step that sets the trait's way back (``backMap;backX;backY``) to the point the
piece left; a drag never changes that state. It logs the same commands whether a player chose
the menu entry, pressed the key or a Trigger of the module set it off, so the move is the step's
player's (``moves_by_player``, as the audit judges it) and counted by side apart
(``moves_sent``), said in every format; a module without such a trait counts as before."""
from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace as NS

import pytest

from test_audit import mini, variant_kit  # noqa: F401  (the built minikit fixture)
from vmodgen.audit.stats import file_stats, sent_by_trait
from vmodgen.commands.audit import command
from vmodgen.testing.log_writer import LogWriter
from vmodgen.vassal.codec import encode
from vmodgen.vassal.interpreter import Change, Move
from vmodgen.vassal.piece import Piece
from vmodgen.vassal.traits import MatCargo, SendToLocation

SENDTO = "sendto;Eliminate;69,130;Main Map;;;"


def _with_sendto(type_chain: str, state_chain: str, back: str) -> tuple[str, str]:
    """The piece with a Send To Location trait outermost, holding ``back`` as its way back."""
    p = Piece(type_chain, state_chain)
    q = Piece(traits=[SendToLocation(SENDTO, back), *p.traits])
    return q.encode_type(), q.encode_state()


def _step(moves, changes, player="Alice"):
    return NS(moves=moves, changes=changes, chat=[], chat_text=[], player=player, undo=False, undoes=[],
              inverse_of=None, undone_by=None, index=1)


def test_a_move_with_the_traits_way_back_set_to_where_it_left_is_the_modules():
    t, s0 = _with_sendto("piece;;;u.png;U", "Main Map;100;100;u1;0", ";;")
    _, s1 = _with_sendto("piece;;;u.png;U", "Main Map;100;100;u1;0", "Main Map;100;100")
    sent = Move("u1", ("Main Map", 100, 100), ("Main Map", 900, 40))
    assert sent_by_trait(_step([sent], [Change("u1", t, s0, s1)]), sent)
    # sent back: the way back cleared as the piece goes to it
    back = Move("u1", ("Main Map", 900, 40), ("Main Map", 100, 100))
    assert sent_by_trait(_step([back], [Change("u1", t, s1, s0)]), back)
    # a drag: no change of that state (a Mark When Moved's change only, the same state when the
    # piece was already marked), or none at all
    drag = Move("u1", ("Main Map", 100, 100), ("Main Map", 175, 100))
    tm, m1 = _with_sendto("markmoved;moved.png\tpiece;;;u.png;U", "true\tMain Map;100;100;u1;0", "Main Map;100;100")
    assert not sent_by_trait(_step([drag], [Change("u1", tm, m1, m1)]), drag)
    assert not sent_by_trait(_step([drag], []), drag)
    # a change to the very state before is a null command VASSAL never logs (ChangePiece.isNull,
    # Command.append): it says nothing of how the piece moved (left12 read it as sent)
    assert not sent_by_trait(_step([drag], [Change("u1", t, s1, s1)]), drag)
    # the way back set to another point than the one the piece left: not this move
    _, s2 = _with_sendto("piece;;;u.png;U", "Main Map;100;100;u1;0", "Main Map;5;5")
    assert not sent_by_trait(_step([drag], [Change("u1", t, s0, s2)]), drag)
    st = file_stats([_step([sent], [Change("u1", t, s0, s1)]), _step([drag], [])], [("Alice", "french")],
                    {"u1": "allies"})
    assert (st.moves_by_side, st.moves_sent, st.moves_by_player) == ({"allies": 1}, {"allies": 1}, {"Alice": 2})
    # a marker sent (no side): the player's move still, counted by no side
    st = file_stats([_step([sent], [Change("u1", t, s0, s1)])], [("Alice", "french")], {})
    assert (st.moves_by_side, st.moves_sent, st.moves_by_player) == ({}, {}, {"Alice": 1})


def test_a_unit_sent_by_its_trait_is_no_move_of_its_side_in_every_format(mini, tmp_path):
    """The minikit: B2 swapped for a copy of it with a Send To Location trait, then Alice's key
    sends it away (one step: the D/ setting the way back, the M/), then Alice drags R1. Before
    left11: moves by side blue 1, red 1; both moves are Alice's (review of left11 (2): the send
    was taken out of moves by player, though the audit judges it as the player's move)."""
    kit_dir, kit, module, root = mini
    w = LogWriter.from_module_setup(module, kit=kit, player="Alice", player_id="pw-alice")
    b2 = w.piece_id("B2")
    rec = w.state.pieces[b2]
    at = rec.position
    t, s = _with_sendto(rec.piece.encode_type(), w.current_state(b2), ";;")
    w.delete(b2)
    pid = w.add(t, s, at)
    old = w.current_state(pid)
    new = Piece(t, old)
    new.traits[0].state = f"{at[0]};{at[1]};{at[2]}"
    new._sync()
    d = encode(["D", pid, new.encode_state(), old], "/")
    m = encode(["M", pid, at[0], "900", "40", "null", at[0], str(at[1]), str(at[2]), "null", "pw-alice"], "/")
    w.step([d, m, "CHAT* B2 eliminated *"])
    w.move("R1", "0202")
    log = w.write(tmp_path / "sent.vlog")
    out = {}
    for fmt in ("text", "json", "html"):
        from click.testing import CliRunner
        r = CliRunner().invoke(command, ["--module", str(module), "--game", str(kit_dir), "--format", fmt, str(log)])
        assert r.exception is None and r.exit_code in (0, 1), r.output
        assert "pw-alice" not in r.stdout
        out[fmt] = r.stdout
    stats = json.loads(out["json"])["stats"]
    assert stats["moves_sent"] == {"blue": 1}
    assert stats["moves_by_side"].get("blue", 0) == 0 and stats["moves_by_side"]["red"] == 1
    assert sum(stats["moves_by_player"].values()) == 2       # the send and the drag
    assert ("sent by a Send To Location command: blue 1 (units moved by the trait's key or menu command, "
            "not a drag: a player's or the module's automation") in out["text"]
    assert "no player's move" not in out["text"] and "moved by the module" not in out["text"]
    assert "<th>Sent by a Send To Location command</th><td>blue: 1 (units moved by the trait&#x27;s" in out["html"]


def _audit(module, kit_dir, log, fmt: str = "json") -> str:
    from click.testing import CliRunner
    r = CliRunner().invoke(command, ["--module", str(module), "--game", str(kit_dir), "--format", fmt, str(log)])
    assert r.exception is None and r.exit_code in (0, 1), r.output
    return r.stdout


def test_a_unit_sent_again_from_where_it_was_last_sent_from_is_not_told_from_a_drag(mini, tmp_path):
    """VASSAL 3.7.26: B2 (a copy with a Send To Location trait) sent away from its hex (the way
    back set to it), dragged back onto that very point by hand, then sent again. The second send
    sets the way back to the point it already holds: ``SendToLocation.myKeyEvent``'s
    ``ChangeTracker`` command has the same state before and after, a null command
    (``ChangePiece.isNull``) that ``Command.append`` drops as the ``M/`` is appended, so the log
    holds the ``M/`` alone, as for a drag. The audit cannot tell that send apart: it counts it as
    a drag of the blue side, and only the first send as sent."""
    kit_dir, kit, module, root = mini
    w = LogWriter.from_module_setup(module, kit=kit, player="Alice", player_id="pw-alice")
    b2 = w.piece_id("B2")
    rec = w.state.pieces[b2]
    at = rec.position
    t, s = _with_sendto(rec.piece.encode_type(), w.current_state(b2), ";;")
    w.delete(b2)
    pid = w.add(t, s, at)

    def send() -> None:
        old = w.current_state(pid)
        new = Piece(t, old)
        new.traits[0].state = f"{at[0]};{at[1]};{at[2]}"
        new._sync()
        cmds = [encode(["D", pid, new.encode_state(), old], "/")] if new.encode_state() != old else []
        m = encode(["M", pid, at[0], "900", "40", "null", at[0], str(at[1]), str(at[2]), "null", "pw-alice"], "/")
        w.step([*cmds, m, "CHAT* B2 eliminated *"])

    send()
    w.move(pid, at)                                   # by hand, back onto the very point it left
    send()                                            # no D/: VASSAL logs none for this send
    stats = json.loads(_audit(module, kit_dir, w.write(tmp_path / "sent-twice.vlog")))["stats"]
    assert stats["moves_sent"] == {"blue": 1}
    assert stats["moves_by_side"].get("blue", 0) == 2        # the drag back and the second send
    assert sum(stats["moves_by_player"].values()) == 3


def test_a_unit_carried_on_a_mat_is_no_drag_of_its_own(mini, tmp_path):
    """VASSAL 3.7.26 ``PieceMover`` (and ``SendToLocation``) move a Mat's cargo after the Mat, each
    with its own ``M/`` in the step, as if dragged. R1 (a copy with a Mat Cargo trait lying on a
    Mat in 0102) carried with the Mat to 0605 in the Red Movement Phase: before, R1's own drag
    of 5 hexes with MA 4 (GEN movement) and a move of the red side; now the Mat's move, not
    judged as R1's (coverage: carried on a Mat, said in the text report), counted apart
    (``moves_carried``), and R1's next drag by hand, 0605 → 0604, is judged from 0605."""
    kit_dir, kit, module, root = mini
    w = LogWriter.from_module_setup(module, kit=kit, player="Alice", player_id="pw-alice")
    r1 = w.piece_id("R1")
    rec = w.state.pieces[r1]
    at = rec.position
    p = Piece(rec.piece.encode_type(), w.current_state(r1))
    cargo = Piece(traits=[MatCargo("matPiece;;", "noMat"), *p.traits])
    w.delete(r1)
    unit = w.add(cargo.encode_type(), cargo.encode_state(), at, report=False)
    mat = w.add("mat;Boat;\tpiece;;;boat.png;Boat", "0\tnull;0;0;;0", at, report=False)
    loaded = Piece(cargo.encode_type(), w.current_state(unit))
    loaded.traits[0].state = mat                  # MatCargo.findNewMat: the cargo names its Mat
    loaded._sync()
    w.set_state(unit, loaded.encode_state())
    to = w._point("0605")
    mat_at = w.state.pieces[mat].position
    w.step([encode(["M", mat, to[0], str(to[1]), str(to[2]), "null", mat_at[0], str(mat_at[1]), str(mat_at[2]),
                    "null", "pw-alice"], "/"),
            encode(["M", unit, to[0], str(to[1]), str(to[2]), "null", at[0], str(at[1]), str(at[2]),
                    "null", "pw-alice"], "/")])
    w.move(unit, "0604")
    log = w.write(tmp_path / "mat.vlog")
    doc = json.loads(_audit(module, kit_dir, log))
    assert not [f for f in doc["findings"] if f["rule"] == "GEN movement"], doc["findings"]
    assert doc["coverage"]["moves"]["not_judged"]["carried on a Mat"] == 1
    assert doc["stats"]["moves_carried"] == {"red": 1}
    # the copy's palette drop onto R2 in 0102 (an M/ onto it) and the drag to 0604: not the carriage
    assert doc["stats"]["moves_by_side"]["red"] == 2
    text = _audit(module, kit_dir, log, "text")
    assert "1 unit move(s) were made by a Mat the unit lay on" in text
    assert "carried on a Mat: red 1 (units moved with the Mat they lay on" in text


def _mat_setup(w, ref: str = "R1"):
    """``ref`` replaced by a copy with a Mat Cargo trait, lying on a new Mat in its hex (the
    cargo's state names the Mat, as ``MatCargo.findNewMat`` sets it): (unit, mat, point, cargo)."""
    r1 = w.piece_id(ref)
    rec = w.state.pieces[r1]
    at = rec.position
    p = Piece(rec.piece.encode_type(), w.current_state(r1))
    cargo = Piece(traits=[MatCargo("matPiece;;", "noMat"), *p.traits])
    w.delete(r1)
    unit = w.add(cargo.encode_type(), cargo.encode_state(), at, report=False)
    mat = w.add("mat;Boat;\tpiece;;;boat.png;Boat", "0\tnull;0;0;;0", at, report=False)
    _set_mat(w, unit, cargo, mat)
    return unit, mat, at, cargo


def _set_mat(w, unit: str, cargo: Piece, mat: str) -> str:
    """The ``D/`` that sets the Mat ``unit`` lies on (``noMat``: none), applied to the writer."""
    old = w.current_state(unit)
    new = Piece(cargo.encode_type(), old)
    new.traits[0].state = mat
    new._sync()
    w.set_state(unit, new.encode_state())
    return encode(["D", unit, new.encode_state(), old], "/")


def _m(pid: str, to, frm) -> str:
    return encode(["M", pid, to[0], str(to[1]), str(to[2]), "null", frm[0], str(frm[1]), str(frm[2]), "null",
                   "pw-alice"], "/")


def test_hand_moves_before_and_after_a_carry_are_named_not_summed(mini, tmp_path):
    """GEN movement (the minikit's R1, MA 4), Red Movement Phase: R1 dragged 0102 → 0402 by hand
    (3 hexes), a Mat carries it 0402 → 0401, then R1 dragged 0401 → 0201 (2 hexes): 5 hexes by
    hand. The rules judge a path of drags; the carry breaks it, and R1's moves count afresh from
    where the Mat put it, so the 5 hexes are not summed. Before: no word of it (review revl12 #2);
    now a coverage message names the unit and the hand moves before the carry."""
    kit_dir, kit, module, root = mini
    w = LogWriter.from_module_setup(module, kit=kit, player="Alice", player_id="pw-alice")
    unit, mat, at, cargo = _mat_setup(w)
    p1, p2, p3 = w._point("0402"), w._point("0401"), w._point("0201")
    off = _set_mat(w, unit, cargo, "noMat")
    w.step([_m(unit, p1, at), off])                          # off the Mat by hand
    w.step([_m(mat, p1, w.state.pieces[mat].position)])      # the empty Mat after it
    w.step([_set_mat(w, unit, cargo, mat)])                  # onto the Mat
    w.step([_m(mat, p2, p1), _m(unit, p2, p1)])              # the Mat carries it
    off = _set_mat(w, unit, cargo, "noMat")
    w.step([_m(unit, p3, p2), off])                          # off the Mat by hand again
    log = w.write(tmp_path / "carried-reset.vlog")
    doc = json.loads(_audit(module, kit_dir, log))
    assert doc["coverage"]["moves"]["not_judged"]["carried on a Mat"] == 1
    text = _audit(module, kit_dir, log, "text")
    assert ("1 time(s) a Mat carried a unit that had moved by hand in its phase (first: carried-reset.vlog "
            "step 10, 1/1 Inf, moved 0102 → 0402 before it)") in text, text
    # what the Mat stands for is the module's, so no rulebook says the carry counts: the move check
    # is named not judged for the sum, never silently legal (OM, IM, NA41 and GEN alike)
    why = {r["rule"]: r["why"] for r in reversed(doc["coverage"]["rules_not_judged"])}
    assert "not summed against its movement allowance" in why["GEN movement"]
    # one sentence, built once: the coverage's and the rule's why alike
    assert ("1 time(s) a Mat carried a unit that had moved by hand in its phase (first: carried-reset.vlog "
            "step 10, 1/1 Inf, moved 0102 → 0402 before it)") in why["GEN movement"]


def test_the_mat_carry_sentence_counts_the_whole_chain(mini, tmp_path):
    """GEN movement, a chain of two logs (review l14fix #3): each lets a Mat carry R1 after it was
    dragged by hand in the Red Movement Phase (a.vlog 0102 → 0402, carried to 0401; b.vlog, going
    on from a's end, 0201 → 0301, carried to 0302). The coverage message and the rule's not-judged
    why are one sentence built from both files: "2 time(s)" in each (before: the why kept the first
    file's "1 time(s)")."""
    from click.testing import CliRunner
    kit_dir, kit, module, root = mini
    w = LogWriter.from_module_setup(module, kit=kit, player="Alice", player_id="pw-alice")
    unit, mat, at, cargo = _mat_setup(w)
    logs = []
    for name, (h1, h2, h3) in (("a", ("0402", "0401", "0201")), ("b", ("0301", "0302", "0102"))):
        p1, p2, p3 = w._point(h1), w._point(h2), w._point(h3)
        off = _set_mat(w, unit, cargo, "noMat")
        w.step([_m(unit, p1, w.state.pieces[unit].position), off])
        w.step([_m(mat, p1, w.state.pieces[mat].position)])
        w.step([_set_mat(w, unit, cargo, mat)])
        w.step([_m(mat, p2, p1), _m(unit, p2, p1)])
        off = _set_mat(w, unit, cargo, "noMat")
        w.step([_m(unit, p3, p2), off])
        logs.append(w.write(tmp_path / f"{name}.vlog"))
        w = LogWriter(w.save_text(), place=w.place, player="Alice", player_id="pw-alice", phases=w.phases,
                      locate=w.locate)
    r = CliRunner().invoke(command, ["--module", str(module), "--game", str(kit_dir), "--format", "json",
                                     "--keep-order", *map(str, logs)])
    assert r.exception is None and r.exit_code in (0, 1), r.output
    doc = json.loads(r.stdout)
    assert doc["coverage"]["moves"]["not_judged"]["carried on a Mat"] == 2
    said = [m for m in doc["coverage"]["messages"] if "a Mat carried a unit" in m]
    why = [e["why"] for e in doc["coverage"]["rules_not_judged"] if e["rule"] == "GEN movement"]
    assert len(said) == 1 and said[0].startswith("2 time(s)") and why == said, (said, why)


@pytest.mark.parametrize("position_file", ["operation_mercury/s8-interdiction-two-four-hexes.toml",
                                           "north_africa_41/kit-tripoli-exit-ma-one-past.toml",
                                           "invasion_malta/scenario-s2-gt1-allied-ma-minus-two.toml"])
def test_mat_carry_names_the_allowance_rule(position_file):
    """The Mat-carry sentence is the not-judged why of the rule a move beyond the allowance breaks
    (the rule set's ALLOWANCE_RULE: OM 4.13, NA41 5.1, IM 8.13), not the move check's own ZOC rule
    (OM 5.21, NA41 7.2, IM 8.2; review). Each rulebook position moves a unit past its allowance:
    its finding's rule is ALLOWANCE_RULE."""
    from rules_util import position
    from vmodgen.rules import ruleset_for
    p = position((Path(__file__).parent / "data" / "positions" / "rulebook" / position_file).read_text())
    rs = ruleset_for(p.game)
    move_rule = next(r.id for r in rs.rules() if r.check == rs.check_moves)
    assert rs.ALLOWANCE_RULE is not None and rs.ALLOWANCE_RULE != move_rule
    assert rs.ALLOWANCE_RULE in {f.rule for f in rs.check(p)}


def test_a_unit_a_mat_carries_out_of_a_box_arrives_and_its_drift_is_the_arrivals(mini, tmp_path):
    """The Red Movement Phase takes arrivals (a drag out of an off-map box onto the map is an
    arrival, and a drag on the map of a unit that arrived in the phase is part of it). R1 lies on
    a Mat in the Blue Reserve box; the Mat carries it onto 0402, then R1 is dragged 0402 → 0401.
    Before (review revl12 #3): the carry did not mark R1 arrived, so that drag was judged as a
    move; now it is read as part of the arrival, as after a drag out of the box by hand."""
    kit_dir, kit, module, root = mini
    w = LogWriter.from_module_setup(module, kit=kit, player="Alice", player_id="pw-alice")
    unit, mat, at, cargo = _mat_setup(w)
    box = w._point("reserve")
    w.step([_m(mat, box, w.state.pieces[mat].position), _m(unit, box, at)])      # both into the box
    p1, p2 = w._point("0402"), w._point("0401")
    w.step([_m(mat, p1, box), _m(unit, p1, box)])                                # carried out of it
    off = _set_mat(w, unit, cargo, "noMat")
    w.step([_m(unit, p2, p1), off])                                              # its drift by hand
    log = w.write(tmp_path / "carried-in.vlog")
    doc = json.loads(_audit(module, kit_dir, log))
    not_judged = doc["coverage"]["moves"]["not_judged"]
    assert not_judged["carried on a Mat"] == 2, not_judged
    assert not_judged["off-map"] == 2, not_judged     # the palette drop, and the drift after the carry
    text = _audit(module, kit_dir, log, "text")
    assert "had arrived in it (first: carried-in.vlog step" in text and "1/1 Inf 0402 → 0401" in text, text


def test_a_cargos_own_send_after_its_mat_in_the_same_step_is_its_own_move(mini, tmp_path):
    """VASSAL 3.7.26: a Global Key Command step sends the Mat (its cargo R1 moved after it, the
    carry), then R1's own Send To Location fires: ``SendToLocation`` calls ``finishMove`` without
    looking for a new Mat, so R1's Mat Cargo state still names the Mat. Before (review revl12
    #4) R1's second ``M/`` read as carried too; only its first after the Mat's is the carry."""
    kit_dir, kit, module, root = mini
    w = LogWriter.from_module_setup(module, kit=kit, player="Alice", player_id="pw-alice")
    unit, mat, at, cargo = _mat_setup(w)
    p1, p2 = w._point("0402"), w._point("0502")
    w.step([_m(mat, p1, w.state.pieces[mat].position), _m(unit, p1, at), _m(unit, p2, p1)])
    doc = json.loads(_audit(module, kit_dir, w.write(tmp_path / "carry-then-send.vlog")))
    assert doc["coverage"]["moves"]["not_judged"]["carried on a Mat"] == 1
    assert doc["stats"]["moves_carried"] == {"red": 1}
    assert doc["stats"]["moves_by_side"]["red"] == 2       # the copy's palette drop and its own send
