"""Seats in the integrity report (review rv-d22): an observer who moves pieces is named whoever
recorded the file; a player who sits at a side another player still holds is no hand-over. Logs
are written with the project's log writer, a side change as VASSAL writes it (a ``PYREMOVE`` of
the old seat, then a ``PLAYER`` with the new side, the same password: ``PlayerRoster.Remove`` and
``Add``, VASSAL 3.7.26)."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from vmodgen.cli import cli
from vmodgen.testing.log_writer import LogWriter
from vmodgen.vassal.commands import Command

PIECE = "+/1/piece;;;a.png;Rifles/Main Map;100;100"
START = "\x1b".join(["begin_save", "", PIECE, "end_save"])
PW = {"Alice": "pw-alice-7Hq", "Bob": "pw-bob-4Zr", "Carol": "pw-carol-9Xw"}


def seated(roster: list[tuple[str, str]], recorder: str = "Alice") -> LogWriter:
    w = LogWriter(START, player=recorder, player_id=PW[recorder])
    for name, side in roster:
        w.step([f"PLAYER\t{PW[name]}\t{name}\t{side}"])
    return w


def as_player(w: LogWriter, name: str) -> LogWriter:
    w.player, w.player_id = name, PW[name]
    return w


def switch(w: LogWriter, name: str, old: str, new: str) -> LogWriter:
    return w.step([f"CHAT* ~{name} switched sides from {old} to {new}.", f"PYREMOVE\t{PW[name]}",
                   f"PLAYER\t{PW[name]}\t{name}\t{new}"])


def integrity(path: Path) -> tuple[dict, dict[str, str]]:
    """The JSON integrity section and each format's output (no password may reach any)."""
    outs = {}
    for fmt in ("json", "text", "html"):
        r = CliRunner().invoke(cli, ["integrity", str(path), "--format", fmt])
        assert r.exit_code == 0, r.output
        outs[fmt] = r.output
        assert not any(pw in r.output for pw in PW.values())
    return json.loads(outs["json"])["integrity"], outs


def observer_flags(sec: dict) -> list[str]:
    return [f for f in sec["flags"] if "moved pieces" in f and "while seated as" in f]


def test_an_observer_who_is_not_the_recorder_and_drags_is_named(tmp_path: Path) -> None:
    """Alice (Red) records; Carol, seated as ``<observer>``, drags the Rifles (her password in
    the ``M/`` command). Before: only the recorder's moves were read, so nothing was said although
    ``moves_by_player`` was {Alice: 1, Carol: 1}. Now Carol is named, Alice (who moved as Red) not."""
    w = seated([("Alice", "Red"), ("Bob", "Blue"), ("Carol", "<observer>")])
    w.chat("my move").move("1", ("Main Map", 200, 100))
    as_player(w, "Carol").move("1", ("Main Map", 300, 100))
    as_player(w, "Alice").chat("hey")
    sec, outs = integrity(w.write(tmp_path / "observer-drags.vlog"))
    assert sec["seats"]["files"][0]["moves_by_player"] == {"Alice": 1, "Carol": 1}
    [flag] = observer_flags(sec)
    assert flag.startswith("Seats: Carol moved pieces") and "'<observer>'" in flag
    assert "Carol moved pieces" in outs["text"]


def test_a_player_who_switches_to_observer_and_drags_is_named(tmp_path: Path) -> None:
    """Alice (Red) records; Bob switches Blue -> ``<observer>`` and then drags a piece. Before:
    only "Bob changed sides" was said. Now also that Bob moved pieces as ``<observer>``."""
    w = seated([("Alice", "Red"), ("Bob", "Blue")])
    w.chat("my move").move("1", ("Main Map", 200, 100))
    switch(as_player(w, "Bob"), "Bob", "Blue", "<observer>").move("1", ("Main Map", 300, 100))
    as_player(w, "Alice").chat("hey")
    sec, _ = integrity(w.write(tmp_path / "switch-drags.vlog"))
    assert any("Bob changed sides within" in f for f in sec["flags"])
    [flag] = observer_flags(sec)
    assert flag.startswith("Seats: Bob moved pieces") and "'<observer>'" in flag


def test_an_observer_who_never_moves_is_not_named(tmp_path: Path) -> None:
    """Carol records as ``<observer>`` and only chats; Alice (Red) and Bob (Blue) move: no flag."""
    w = seated([("Alice", "Red"), ("Bob", "Blue"), ("Carol", "<observer>")], recorder="Carol")
    w.chat("watching")
    as_player(w, "Alice").move("1", ("Main Map", 200, 100))
    as_player(w, "Bob").move("1", ("Main Map", 300, 100))
    as_player(w, "Carol").chat("go on")
    sec, _ = integrity(w.write(tmp_path / "observer-watches.vlog"))
    assert observer_flags(sec) == []


def test_sitting_at_a_side_another_player_holds_is_no_hand_over(tmp_path: Path) -> None:
    """Alice (Red) and Bob (Blue) are seated; Alice switches to Blue while Bob still holds it,
    then back to Red. Before: "Blue changed hands from Bob to Alice" (the seats line still showing
    Bob at Blue, and no change back). VASSAL's side dialog offers only free sides, so the file says
    two players held Blue at once: that is said, and no side changed hands."""
    w = seated([("Alice", "Red"), ("Bob", "Blue")])
    w.chat("hi").move("1", ("Main Map", 200, 100))
    switch(w, "Alice", "Red", "Blue")          # step 5
    w.chat("for Bob")
    switch(w, "Alice", "Blue", "Red")
    w.chat("back")
    path = w.write(tmp_path / "sits-at-held-side.vlog")
    sec, outs = integrity(path)
    assert sec["seats"]["side_changes"] == []
    assert not any("changed hands" in f for f in sec["flags"])
    assert f"Seats: Bob and Alice both held Blue in {path} (step 5)." in sec["flags"]
    assert "both held Blue" in outs["text"]
    assert {"name": "Bob", "side": "Blue"} in sec["seats"]["files"][0]["seats"]


def test_two_players_on_one_side_in_the_starting_roster_is_no_hand_over(tmp_path: Path) -> None:
    """The starting roster seats Alice and Bob both at Red (Carol at Blue). Before: "Red changed
    hands from Alice to Bob". Now: both held Red, in the starting roster; no side changed hands."""
    w = LogWriter(START, player="Alice", player_id=PW["Alice"])
    # the save's own roster, before its first logged step (step 0), as VASSAL writes a loaded game's
    w.root.subs[:0] = [Command(f"PLAYER\t{PW[n]}\t{n}\t{sd}") for n, sd in
                       (("Alice", "Red"), ("Bob", "Red"), ("Carol", "Blue"))]
    w.chat("hi").move("1", ("Main Map", 200, 100))
    as_player(w, "Bob").move("1", ("Main Map", 300, 100))
    path = w.write(tmp_path / "two-on-red.vlog")
    sec, _ = integrity(path)
    assert sec["seats"]["side_changes"] == []
    assert f"Seats: Alice and Bob both held Red in {path} (its starting roster)." in sec["flags"]
