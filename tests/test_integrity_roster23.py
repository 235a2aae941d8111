"""The integrity report's seats replay VASSAL's roster as ``PlayerRoster`` keys it (VASSAL 3.7.26
and 3.8.0-beta1 alike): ``PLAYER id name side`` replaces the entry with that player id (the
password) or adds one, ``PYREMOVE id`` drops the entry with that id (review rv-h23 item 2). Before,
a removal (which carries only the id) dropped nobody, so a player who gave a side up under
another name still held it and the next claim of it read as two players on one side. And the
flag "moved pieces ... while seated as" is the field ``seats.files[].open_seat_moves`` (item 5).
Logs are written with the project's log writer, a side change as VASSAL writes it: the chat line,
``PYREMOVE`` under the id the player sat with, ``PLAYER`` under the player's own id and current
name, in one step."""
from __future__ import annotations

import html
from pathlib import Path

from test_integrity_seats22 import PW, START, as_player, integrity, seated
from vmodgen.integrity.facts import Seat, password_key
from vmodgen.integrity.roster import replay_roster
from vmodgen.testing.log_writer import LogWriter

RECORDED = Path(__file__).parent / "data" / "recorded"


def rename_retire(tmp_path: Path) -> Path:
    """The reviewer's log (rv-h23, ``rename-retire.vlog``, written the same way): Alice (Red) and
    Bob (Blue) are seated; Alice moves, then switches to ``<observer>`` under the name Alicia (step
    5); Carol takes the freed Red (step 6) and moves."""
    w = seated([("Alice", "Red"), ("Bob", "Blue")])
    w.chat("hi").move("1", ("Main Map", 200, 100))
    w.step(["CHAT* ~Alicia switched sides from Red to <observer>.", f"PYREMOVE\t{PW['Alice']}",
            f"PLAYER\t{PW['Alice']}\tAlicia\t<observer>"])
    w.step([f"PLAYER\t{PW['Carol']}\tCarol\tRed"])
    as_player(w, "Carol").move("1", ("Main Map", 300, 100))
    return w.write(tmp_path / "rename-retire.vlog")


def test_a_side_given_up_under_another_name_changes_hands(tmp_path: Path) -> None:
    """Alice gave Red up as Alicia (the PYREMOVE drops her entry by its id, whatever the name the
    PLAYER after it carries); Carol's claim of Red is a hand-over from Alice, not two players on
    Red. Before the fix: "Alice and Carol both held Red (step 6)", no side change, and the seats
    still showing Alice at Red."""
    path = rename_retire(tmp_path)
    sec, outs = integrity(path)        # no password in any format (checked there)
    seats = sec["seats"]
    [entry] = seats["files"]
    assert entry["both_held"] == []
    assert not any("both held" in f for f in sec["flags"])
    assert seats["side_changes"] == [{"side": "Red", "from": "Alice", "to": "Carol", "file": str(path)}]
    # VASSAL's order: the removal drops Alice's entry, the PLAYER after it appends Alicia's
    assert entry["seats"] == [{"name": "Bob", "side": "Blue"}, {"name": "Alicia", "side": "<observer>"},
                              {"name": "Carol", "side": "Red"}]
    assert entry["changed_sides"] == [{"name": "Alicia", "from": "Red", "to": "<observer>", "step": 5}]
    flag = f"Seats: Red changed hands from Alice to Carol in {path}."
    assert flag in sec["flags"] and flag in outs["text"] and flag in outs["html"]
    # Alicia moved nothing after she sat as an observer: no open-seat move
    assert entry["open_seat_moves"] == []


def test_a_player_who_keeps_the_side_still_shares_it(tmp_path: Path) -> None:
    """The same log without the PYREMOVE (an edited file: Alicia's PLAYER under Alice's id replaces
    Alice's entry all the same, VASSAL's ``players.set``), then Bob claims Red while Carol holds
    it: that is still "both held" (Carol and Bob, step 7), so the fix drops no true claim."""
    w = seated([("Alice", "Red"), ("Bob", "Blue")])
    w.step([f"PLAYER\t{PW['Alice']}\tAlicia\t<observer>"])          # step 3
    w.step([f"PLAYER\t{PW['Carol']}\tCarol\tRed"])                  # step 4
    w.step([f"PLAYER\t{PW['Bob']}\tBob\tRed"])                      # step 5
    path = w.write(tmp_path / "kept.vlog")
    sec, _ = integrity(path)
    [entry] = sec["seats"]["files"]
    assert entry["both_held"] == [{"side": "Red", "names": ["Carol", "Bob"], "step": 5}]
    assert sec["seats"]["side_changes"] == [{"side": "Red", "from": "Alice", "to": "Carol", "file": str(path)}]


def test_leaving_a_claimed_blank_slot_frees_it(tmp_path: Path) -> None:
    """Blue was seated with a blank password (``PLAYER`` with an empty id, as Bob). Dave claims
    that slot (VASSAL's ``claimOccupiedSide``: his temporary id is the blank one) and switches to
    Red: VASSAL writes ``PYREMOVE`` of the blank id and ``PLAYER`` under Dave's own password. The
    blank slot is gone, so Carol's claim of Blue after it is a hand-over from Bob; Dave's change
    is from Blue (the slot he left) to Red."""
    w = LogWriter(START, player="Alice", player_id=PW["Alice"])
    w.step([f"PLAYER\t{PW['Alice']}\tAlice\tGreen", "PLAYER\t\tBob\tBlue"])     # step 1
    w.step(["CHAT* ~Dave switched sides from Blue to Red.", "PYREMOVE\t",
            "PLAYER\tpw-dave-3Kp\tDave\tRed"])                                  # step 2
    w.step([f"PLAYER\t{PW['Carol']}\tCarol\tBlue"])                              # step 3
    path = w.write(tmp_path / "claimed.vlog")
    sec, outs = integrity(path)
    assert "pw-dave-3Kp" not in "".join(outs.values())
    [entry] = sec["seats"]["files"]
    assert entry["both_held"] == []
    assert entry["seats"] == [{"name": "Alice", "side": "Green"}, {"name": "Dave", "side": "Red"},
                              {"name": "Carol", "side": "Blue"}]
    assert entry["changed_sides"] == [{"name": "Dave", "from": "Blue", "to": "Red", "step": 2}]
    assert {"side": "Blue", "from": "Bob", "to": "Carol", "file": str(path)} in sec["seats"]["side_changes"]


def test_blanked_passwords_match_entries_by_name() -> None:
    """A copy whose passwords sanitize blanked: every id is "", so entries are keyed by name (VASSAL
    would fold them into one). A side change under the same name replaces that player's entry; a
    removal, naming nobody, drops nothing."""
    blank = password_key("")
    seats = [Seat(0, "Alice", "Red", blank, True), Seat(0, "Bob", "Blue", blank, True),
             Seat(4, "", "", blank, True, removed=True), Seat(4, "Alice", "Green", blank, True)]
    r = replay_roster(seats, blanked=True)
    assert list(r.seated.values()) == [("Alice", "Green"), ("Bob", "Blue")]
    assert [(s.name, before, sharing) for s, before, sharing in r.claims] == \
        [("Alice", None, []), ("Bob", None, []), ("Alice", "Red", [])]


def test_an_observer_who_drags_is_the_open_seat_moves_field(tmp_path: Path) -> None:
    """Carol, seated as ``<observer>``, drags the Rifles at steps 5 and 6 while Alice (Red) and Bob
    (Blue) hold the sides: ``open_seat_moves`` names her, the seat and both steps, as the flag
    does in every format; Alice, who moved as Red, is not in it."""
    w = seated([("Alice", "Red"), ("Bob", "Blue"), ("Carol", "<observer>")])
    w.chat("my move").move("1", ("Main Map", 200, 100))                 # step 4 (Alice)
    as_player(w, "Carol").move("1", ("Main Map", 300, 100)).move("1", ("Main Map", 400, 100))
    path = w.write(tmp_path / "observer.vlog")
    sec, outs = integrity(path)
    [entry] = sec["seats"]["files"]
    assert entry["open_seat_moves"] == [{"name": "Carol", "seat": "<observer>", "steps": [6, 7]}]
    flag = (f"Seats: Carol moved pieces in {path} while seated as '<observer>' "
            "(sides held by players in these files: Blue, Red).")
    assert flag in sec["flags"] and flag in outs["text"]
    assert html.escape(flag) in outs["html"]


def test_recorded_observer_moves_are_the_field() -> None:
    """na41-seat7-2 (recorded by VASSAL 3.7.26): Carol, seated as ``<observer>``, moved pieces;
    the field holds her with the seat, and the steps are those of her moves in ``moves_by_player``
    count; the recorded side changes of om-seat23 keep their flags and no "both held"."""
    sec, _ = integrity(RECORDED / "na41-seat7-2.vlog")
    [entry] = sec["seats"]["files"]
    [moved] = entry["open_seat_moves"]
    assert moved["name"] == "Carol" and moved["seat"] == "<observer>"
    assert 0 < len(moved["steps"]) <= entry["moves_by_player"]["Carol"]
    for name in ("om-seat23.vlog", "om-seat23-38.vlog"):
        path = RECORDED / name
        sec, _ = integrity(path)
        [entry] = sec["seats"]["files"]
        assert entry["both_held"] == [] and entry["open_seat_moves"] == []
        assert f"Seats: German changed hands from Alice to Bob in {path}." in sec["flags"]
        assert entry["changed_sides"] == [{"name": "Alice", "from": "German", "to": "<observer>", "step": 17}]
