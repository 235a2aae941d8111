"""Seats in a copy whose passwords sanitize blanked, and two roster entries of one name (review
rv-n23 items 2, 3). VASSAL's side change (``PlayerRoster``, 3.7.26 and 3.8.0-beta1 alike) sends
its chat line ``* ~Name switched sides from A to B.``, ``PYREMOVE`` under the id the player sat
with and ``PLAYER`` under the player's own id, in one step; a blanked copy keeps only the chat line
of which seat was left. Two entries of one name are two ``PLAYER`` commands under different ids.
Logs are written with the project's log writer, copies made by ``vmodgen sanitize``."""
from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from test_integrity_seats22 import PW, START, integrity
from vmodgen.cli import cli
from vmodgen.integrity.facts import Seat, password_key
from vmodgen.integrity.roster import replay_roster
from vmodgen.integrity.side_change import switched_sides
from vmodgen.testing.log_writer import LogWriter

DAVE = "pw-dave-3Kp"
TWINS = ("pw-twin-1Aa", "pw-twin-2Bb")


def sanitized(path: Path) -> Path:
    out = path.with_name(path.stem + "-shared.vlog")
    r = CliRunner().invoke(cli, ["sanitize", str(path), "-o", str(out)])
    assert r.exit_code == 0, r.output
    return out


def claimed_slot_log(tmp_path: Path) -> Path:
    """Alice holds Green, Bob's Blue has a blank password; Dave claims Bob's slot and switches to
    Red (step 2: VASSAL removes the slot's blank id, adds Dave under his own); Carol claims the
    freed Blue (step 3)."""
    w = LogWriter(START, player="Alice", player_id=PW["Alice"])
    w.step([f"PLAYER\t{PW['Alice']}\tAlice\tGreen", "PLAYER\t\tBob\tBlue"])
    w.step(["CHAT* ~Dave switched sides from Blue to Red.", "PYREMOVE\t", f"PLAYER\t{DAVE}\tDave\tRed"])
    w.step([f"PLAYER\t{PW['Carol']}\tCarol\tBlue"])
    return w.write(tmp_path / "claimed.vlog")


def test_a_shared_copy_reads_a_claimed_slot_left_as_a_change(tmp_path: Path) -> None:
    """The sanitized copy of the legal claimed-slot change: the removal's step says Blue was left,
    and Bob's is the one entry holding Blue, so Carol's claim of Blue (step 3) is a hand-over from
    Bob and Dave changed sides Blue -> Red, as in the original. Before the fix the blanked removal
    dropped nothing: "Bob and Carol both held Blue (step 3)" and no change of Dave's."""
    original = claimed_slot_log(tmp_path)
    copy = sanitized(original)
    sec, outs = integrity(copy)
    assert DAVE not in "".join(outs.values())
    [entry] = sec["seats"]["files"]
    assert entry["both_held"] == [] and not any("both held" in f for f in sec["flags"])
    assert entry["changed_sides"] == [{"name": "Dave", "from": "Blue", "to": "Red", "step": 2}]
    assert sec["seats"]["side_changes"] == [{"side": "Blue", "from": "Bob", "to": "Carol", "file": str(copy)}]
    assert entry["seats"] == [{"name": "Alice", "side": "Green"}, {"name": "Dave", "side": "Red"},
                              {"name": "Carol", "side": "Blue"}]
    # the same seats as the original's, where the ids say it
    orig, _ = integrity(original)
    assert orig["seats"]["files"][0]["seats"] == entry["seats"]
    assert orig["seats"]["side_changes"] == [{**c, "file": str(original)} for c in sec["seats"]["side_changes"]]


def test_the_side_change_line_in_its_variants() -> None:
    """VASSAL's resources PlayerRoster.changed_sides and _2 (HTML chat) in the languages it ships
    them in; the observer seat as the switching client names it; a line a player typed is none."""
    assert switched_sides("* ~Dave switched sides from Blue to Red.") == ("Dave", "Blue", "Red")
    assert switched_sides("* ~<b>Dave switched sides from Blue to Red.</b>") == ("Dave", "Blue", "Red")
    assert switched_sides("* ~Ann Lee switched sides from German to <observer>.") == ("Ann Lee", "German", "<observer>")
    assert switched_sides("* ~Jo skiftede side fra <tilskuer> til Axis.") == ("Jo", "<observer>", "Axis")
    assert switched_sides("* ~Jo a changé de côté de Axis à <Observateur>.") == ("Jo", "Axis", "<observer>")
    assert switched_sides("* ~<b>* ~Jo zmienił stronę z Axis na Allied.</b>") == ("Jo", "Axis", "Allied")
    assert switched_sides("* ~Jo 从 Axis 切换座位到 Allied。") == ("Jo", "Axis", "Allied")
    assert switched_sides("<Dave> - I switched sides from Blue to Red.") is None
    assert switched_sides("* ~Dave joined the game as Red.") is None


def test_a_blanked_removal_that_cannot_be_placed_drops_nothing() -> None:
    """Blanked ids: Bob and Eve both hold Blue (an edited file) and the line says Dave left Blue:
    which of them Dave's slot was cannot be told, so nothing is dropped (Carol then shares Blue);
    with no line at all a removal drops nothing either."""
    blank = password_key("")
    seats = [Seat(1, "Bob", "Blue", blank, True), Seat(1, "Eve", "Blue", blank, True),
             Seat(2, "", "", blank, True, removed=True, switched_from=("Dave", "Blue")),
             Seat(2, "Dave", "Red", blank, True), Seat(3, "Carol", "Blue", blank, True)]
    r = replay_roster(seats, blanked=True)
    assert [n for n, _ in r.seated.values()] == ["Bob", "Eve", "Dave", "Carol"]
    assert r.claims[-1][2] == ["Bob", "Eve"]
    r = replay_roster([Seat(1, "Bob", "Blue", blank, True), Seat(2, "", "", blank, True, removed=True),
                       Seat(2, "Dave", "Red", blank, True)], blanked=True)
    assert [n for n, _ in r.seated.values()] == ["Bob", "Dave"]


def twins_log(tmp_path: Path) -> Path:
    """Two players both named "Player" under different passwords: one at Red, one as an observer;
    Bob holds Blue. The one under the first password drags the Rifles (step 4)."""
    w = LogWriter(START, player="Player", player_id=TWINS[0])
    w.step([f"PLAYER\t{TWINS[0]}\tPlayer\tRed"])
    w.step([f"PLAYER\t{PW['Bob']}\tBob\tBlue"])
    w.step([f"PLAYER\t{TWINS[1]}\tPlayer\t<observer>"])
    w.move("1", ("Main Map", 200, 100))
    return w.write(tmp_path / "twins.vlog")


def test_two_entries_of_one_name_are_kept_apart(tmp_path: Path) -> None:
    """Both "Player" entries stay in the seats (Red and <observer>); the second claim is no side
    change (before: "Player changed sides (Red -> <observer>, step 3)" and one seat, at the
    observer's), and the move under that name is not called an observer's move (which entry made
    it the name cannot tell). No password in any format."""
    path = twins_log(tmp_path)
    sec, outs = integrity(path)
    assert not any(pw in "".join(outs.values()) for pw in TWINS)
    [entry] = sec["seats"]["files"]
    assert entry["seats"] == [{"name": "Player", "side": "Red"}, {"name": "Bob", "side": "Blue"},
                              {"name": "Player", "side": "<observer>"}]
    assert entry["changed_sides"] == [] and entry["both_held"] == []
    assert entry["same_name"] == [{"name": "Player", "sides": ["Red", "<observer>"], "step": 3, "told_apart": True}]
    assert entry["open_seat_moves"] == [] and entry["recorder_side"] is None
    [flag] = [f for f in sec["flags"] if "two entries named Player" in f]
    assert "(Red and <observer>, step 3) under different passwords" in flag
    assert flag in outs["text"] and "changed sides" not in outs["text"]


def test_two_entries_of_one_name_in_a_shared_copy_cannot_be_told(tmp_path: Path) -> None:
    """The sanitized copy of the same log: the ids are blank, so the second claim (no removal in
    its step) is said to be one player's change or a second player's join, not told apart; no
    side change is claimed."""
    copy = sanitized(twins_log(tmp_path))
    sec, outs = integrity(copy)
    [entry] = sec["seats"]["files"]
    assert entry["changed_sides"] == []
    assert entry["same_name"] == [{"name": "Player", "sides": ["Red", "<observer>"], "step": 3, "told_apart": False}]
    flag = (f"Seats: Player took <observer> in {copy} (step 3) while Player held Red, with no side change in "
            "that step; its passwords were blanked, so whether a second player of that name joined or the same "
            "player changed sides cannot be told.")
    assert flag in sec["flags"] and flag in outs["text"]


def test_a_player_back_under_another_password_after_leaving_still_changed_sides(tmp_path: Path) -> None:
    """Alice left (PYREMOVE of her id, step 2) and came back under another password at Blue (step
    3): her old entry is gone, so this is one player's change (Red -> Blue), no second entry."""
    w = LogWriter(START, player="Alice", player_id=PW["Alice"])
    w.step([f"PLAYER\t{PW['Alice']}\tAlice\tRed"])
    w.step([f"PYREMOVE\t{PW['Alice']}"])
    w.step(["PLAYER\tpw-alice-new-5Tt\tAlice\tBlue"])
    sec, _ = integrity(w.write(tmp_path / "back.vlog"))
    [entry] = sec["seats"]["files"]
    assert entry["same_name"] == []
    assert entry["changed_sides"] == [{"name": "Alice", "from": "Red", "to": "Blue", "step": 3}]
