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
from types import SimpleNamespace as NS

from test_audit import mini, variant_kit  # noqa: F401  (the built minikit fixture)
from vmodgen.audit.stats import file_stats, sent_by_trait
from vmodgen.commands.audit import command
from vmodgen.testing.log_writer import LogWriter
from vmodgen.vassal.codec import encode
from vmodgen.vassal.interpreter import Change, Move
from vmodgen.vassal.piece import Piece
from vmodgen.vassal.traits import SendToLocation

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
    # a drag: no change of that state (a Mark Moved's change only), or none at all
    drag = Move("u1", ("Main Map", 100, 100), ("Main Map", 175, 100))
    assert not sent_by_trait(_step([drag], [Change("u1", t, s1, s1)]), drag)
    assert not sent_by_trait(_step([drag], []), drag)
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
