"""The turn read from chat (``[turns] turn``, the pattern ``vmodgen bind --log`` writes:
``chat_phases.CHAT_TURN_PATTERN``) comes only from a line that announces a turn (what a player
typed begins with it: ``Turn 2: Side1 movement phase``); a line that only names a turn (``I'll
do it next turn 3 times``) does not move the turn, and the audit says how many it left and the
first (a note), instead of moving the turn silently."""
from __future__ import annotations

import json
import tomllib
import re
import subprocess
import sys

from conftest import ROOT
from test_foreign_hnc import LOGS, module, starter  # noqa: F401  (the Hex'n'Counters module fixture)
from vmodgen.binding.chat_phases import CHAT_TURN_PATTERN, chat_turn_pattern, unread_turn
from vmodgen.binding.file import ChatPhases
from vmodgen.binding.spec import read_spec
from vmodgen.testing.log_writer import LogWriter

ANNOUNCED = ["<Alice> - Turn 1: Side1 movement phase", "<Alice> - Turn 2", "<Bob> - Start of turn 3",
             "<Bob> - turn #4 begins", "<Bob> - Turn 5 Side2 movement phase", "<Bob> - TURN 6 - go"]
NAMED = ["<Bob> - I'll do it next turn 3 times", "<Bob> - turn 3 times", "<Ann> - see you on turn 7?",
         "<Ann> - Side2 will attack your left next turn"]


def test_only_an_announcement_is_the_turn():
    pat = re.compile(CHAT_TURN_PATTERN)
    assert [int(pat.search(t).group(1)) for t in ANNOUNCED] == [1, 2, 3, 4, 5, 6]
    assert not any(pat.search(t) for t in NAMED)
    assert not pat.search("* <Bob> Turn Updated from 1 to 2")            # VASSAL's own line
    assert chat_turn_pattern(NAMED) is None                             # talk of turns: no pattern
    assert chat_turn_pattern(NAMED + ANNOUNCED[:1]) == CHAT_TURN_PATTERN
    assert [unread_turn(t, pat) for t in NAMED] == [True, True, True, False]   # the last names no number


def test_a_line_naming_a_turn_leaves_the_turn_and_is_noted(tmp_path):
    (tmp_path / "b.toml").write_text(
        'format = 1\nrules = "generic"\nname = "t"\n[[side]]\nid = "a"\nname = "A"\n[[side]]\nid = "b"\nname = "B"\n'
        '[[class]]\nname = "A"\npiece = "^A"\nside = "a"\n[map]\nmaps = ["Main Map"]\n[turns]\nsource = "chat"\n'
        f"turn = '{CHAT_TURN_PATTERN}'\n"
        '[[phase]]\nid = "a-movement"\nside = "a"\nkind = "movement"\nchat = ["A moves"]\n')
    chat = ChatPhases(read_spec(tmp_path / "b.toml"), {"a-movement"})
    chat.read(["<x> - Turn 2: A moves"])
    assert chat.turn == 2 and chat.unread == []
    chat.read([NAMED[0], "* <x> Turn Updated from 2 to 3"])
    assert chat.turn == 2 and chat.unread == [NAMED[0]]


def test_the_audit_says_it_left_a_turn_it_did_not_read(module, tmp_path):  # noqa: F811
    """The starter of the Hex'n'Counters logs, and a log from hnc-side1's start in which Alice
    types "Turn 1: Side1 movement phase", then "I'll do it next turn 3 times" (step 2): turn 1
    stays, and a note names the line."""
    binding, b = starter(module, tmp_path)
    assert b["turns"]["turn"].startswith(CHAT_TURN_PATTERN + "|")
    w = LogWriter.from_file(LOGS[0], player="Alice")
    log = w.chat("Turn 1: Side1 movement phase").chat("I'll do it next turn 3 times").write(tmp_path / "t.vlog")
    done = subprocess.run([sys.executable, "-m", "vmodgen", "audit", "--module", str(module), "--binding",
                           str(binding), "--format", "json", str(log)], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode in (0, 1), done.stderr
    notes = [n for n in json.loads(done.stdout)["notes"] if "name a turn without announcing it" in n]
    assert len(notes) == 1 and "1 typed line(s)" in notes[0] and "'I'll do it next turn 3 times'" in notes[0]


def _notes(module, binding, log) -> list[str]:  # noqa: F811
    done = subprocess.run([sys.executable, "-m", "vmodgen", "audit", "--module", str(module), "--binding",
                           str(binding), "--format", "json", str(log)], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode in (0, 1), done.stderr
    return [n for n in json.loads(done.stdout)["notes"] if "name a turn without announcing it" in n]


def test_no_note_when_the_turn_pattern_reads_no_typed_line(module, tmp_path):  # noqa: F811
    """The turn read from VASSAL's own lines only: the starter's pattern (announcements | the turn
    tracker's line) on a log from hnc-side1's start where nobody announces a turn and Alice types
    "I'll do it next turn 3 times" (step 1; then "Turn 2: Side1 movement phase"); and the tracker's part alone (as the kassala, ccn and
    ragnarok bindings have it). A typed turn is then talk, not a turn the pattern missed: no note
    telling the referee to widen the pattern."""
    binding, b = starter(module, tmp_path)
    tracker = b["turns"]["turn"][len(CHAT_TURN_PATTERN) + 1:]
    assert tracker and re.compile(tracker).search("* <Bob> Turn Updated from 1 to 2")
    start = LogWriter.from_file(LOGS[0], player="Alice").save_point()    # hnc-side1's end, no steps
    log = start.chat(NAMED[0]).write(tmp_path / "t.vlog")
    assert _notes(module, binding, log) == []
    text = binding.read_text()
    only = tmp_path / "tracker.toml"
    only.write_text(text.replace(f"turn = {tomli_quote(b['turns']['turn'])}", f"turn = {tomli_quote(tracker)}", 1))
    assert tomllib.loads(only.read_text())["turns"]["turn"] == tracker
    assert _notes(module, only, log) == []
    # an announcement too, which the tracker's pattern does not read either: still talk to it
    both = start.chat("Turn 2: Side1 movement phase").write(tmp_path / "t2.vlog")
    assert _notes(module, only, both) == []
    assert len(_notes(module, binding, both)) == 1      # the starter's pattern reads it: noted


def tomli_quote(s: str) -> str:
    """A TOML literal string (as the starter writes patterns)."""
    return "'" + s + "'"
