"""A fourth module vmodgen did not build, tried as a newcomer would: jzedwards' "Hex'n'Counters
template" 1.2 (VASSAL 3.7.9; github.com/jzedwards/vassal-hex-n-counters-template, commit c85dd5f,
``jzhex-n-counters-template-v12-379.vmod``; see examples/hex-n-counters-template/README.md), with
logs recorded in real VASSAL 3.7.26 (tests/data/recorded/hnc/, described in tests/data/recorded/README.md).

What broke, and is tested here:

* The roster's sides are ``Side1`` and ``Side2``. ``fuzzy.names_side`` took the word ``side`` of
  ``Side2`` as a prefix of ``side1``: the starter made every palette folder (``Side1`` and
  ``Side2``) and every ``Side`` Marker value "Side1": all units one side, no ZOC, no enemy.
* The players announced their phases in chat (``Turn 1: Side1 movement phase``), but the starter
  wrote ``source = "none"`` although it was given the logs: the audit of the starter judged no
  move ("partial: 12 of 14 unit move(s) were not judged").

Position (hexes are the module's labels, CCRR; limit 3 units, the generic default; infantry
2-3-5, mech 8-8-12 by their names): Side1 file (Alice), turn 1, Side1 Movement: three infantry
into 0302 (at the limit), four into 0306 (one over), one 0401 -> 0408 (7 hexes, allowance 5),
one 0502 -> 0604 (next to the mech in 0704) -> 0504, one 0701 -> 0703 (next to the mech, stops),
one 0001 -> 0008 undone; then "Side1 combat phase". Side2 file (Bob): mech 0908 -> 0906, "Side2
combat phase", the turn tracker's Next (1 -> 2), "Turn 2: Side1 movement phase"."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from vmodgen.binding import fuzzy
from vmodgen.binding.chat_phases import chat_phases, chat_turn_pattern
from vmodgen.binding.file import ChatPhases
from vmodgen.binding.spec import read_spec

from conftest import DATA, ROOT

REC = DATA / "recorded" / "hnc"
LOGS = [REC / "hnc-side1.vlog", REC / "hnc-side2.vlog"]
LOGS_38 = [REC / "hnc-side1-38.vlog", REC / "hnc-side2-38.vlog"]     # the same scripts in VASSAL 3.8.0-beta1
MIRROR = Path("/work/.mirror/jzedwards+vassal-hex-n-counters-template/repo")
COMMIT = "c85dd5f93016edc5b1f7e54bc66b13f103c7f159"
INF = ["1795665611979", "1795665612068", "1795665612093", "1795665612124", "1795665612145",
       "1795665612167", "1795665612190", "1795665612208", "1795665612229", "1795665612250",
       "1795665612269"]


def vmodgen(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "vmodgen", *args], capture_output=True, text=True, cwd=ROOT)


@pytest.fixture(scope="module")
def module(tmp_path_factory) -> Path:
    """The module: $VMODGEN_HNC_VMOD, else read from a local mirror of its repository; skipped
    when neither is there (its description says "for personal use only": not in this repository)."""
    given = os.environ.get("VMODGEN_HNC_VMOD")
    if given and Path(given).is_file():
        return Path(given)
    if not MIRROR.is_dir():
        pytest.skip("the Hex'n'Counters template module is absent (set VMODGEN_HNC_VMOD)")
    out = tmp_path_factory.mktemp("hnc") / "hnc.vmod"
    done = subprocess.run(["git", "-C", str(MIRROR), "show", f"{COMMIT}:jzhex-n-counters-template-v12-379.vmod"],
                          capture_output=True)
    if done.returncode != 0:
        pytest.skip("the mirror lacks the module's commit")
    out.write_bytes(done.stdout)
    return out


@pytest.mark.parametrize("text,sides,expected", [
    ("Side2", ["Side1", "Side2"], "Side2"),
    ("Pieces/pieces/Side2", ["Side1", "Side2"], "Side2"),
    ("Side 1 units", ["Side1", "Side2"], "Side1"),
    ("Turn 1: Side2 movement phase", ["Side1", "Side2"], "Side2"),   # the turn's 1 is not the side's
    ("Side12", ["Side1", "Side2"], None),
    ("Player 2 pieces", ["Player 1", "Player 2"], "Player 2"),
    ("2nd Army HQ", ["1st Army", "2nd Army"], "2nd Army"),
    ("German units", ["Germans", "Allies"], "Germans"),             # no number: as before
])
def test_a_number_tells_sides_apart(text, sides, expected):
    assert fuzzy.side_of(text, sides) == expected


def test_chat_phases_from_typed_announcements_only():
    lines = ["<Alice> - Turn 1: Side1 movement phase", "* INF moves 0401 -> 0408 *",
             "* Side2 movement phase report by VASSAL",                 # VASSAL's own line
             "<Bob> - Side2 will attack your left next turn",            # talk, not an announcement
             "<Alice> - Side1 combat phase", "<Alice> - side 1 movement phase again",
             "<Bob> - SIDE2: MOVEMENT PHASE", "<Bob> - hello"]
    found = chat_phases(lines, ["Side1", "Side2"])
    assert [(p.side, p.kind, p.example) for p in found] == [
        ("Side1", "movement", "Turn 1: Side1 movement phase"), ("Side1", "combat", "Side1 combat phase"),
        ("Side2", "movement", "SIDE2: MOVEMENT PHASE")]
    import re
    s1, _, s2 = (re.compile(p.pattern) for p in found)
    assert s1.search("<Alice> - side 1 movement phase again") and not s1.search("<Bob> - Side2 movement phase")
    assert s2.search("<Bob> - Side2 movement phase") and not s2.search("<Alice> - Side12 movement phase")
    assert not s2.search("<Bob> - Side2 is moving")
    assert chat_turn_pattern(lines) is not None
    assert chat_turn_pattern(["* <Bob> Turn Updated from 1 to 2"]) is None   # VASSAL's own line
    # every pattern matches the line it was made from, the side named after the phase too
    late = chat_phases(["<Bob> - Movement phase for the Germans"], ["Germans", "Allies"])
    assert [(p.side, p.kind) for p in late] == [("Germans", "movement")]
    assert re.search(late[0].pattern, late[0].example)
    assert not re.search(late[0].pattern, "<Ann> - Movement phase for the Allies")
    assert all(re.search(p.pattern, p.example) for p in found)


def test_turn_pattern_alternation_reads_the_group_that_matched(tmp_path):
    (tmp_path / "b.toml").write_text(
        'format = 1\nrules = "generic"\nname = "t"\n[[side]]\nid = "a"\nname = "A"\n[[side]]\nid = "b"\nname = "B"\n'
        '[[class]]\nname = "A"\npiece = "^A"\nside = "a"\n[map]\nmaps = ["Main Map"]\n[turns]\nsource = "chat"\n'
        "turn = '(?i)\\bturn\\s+(\\d+)\\b|Turn\\s+Updated\\s+from\\s+.*?\\s+to\\s+(-?\\d+)'\n"
        '[[phase]]\nid = "a-movement"\nside = "a"\nkind = "movement"\nchat = ["A moves"]\n')
    spec = read_spec(tmp_path / "b.toml")
    chat = ChatPhases(spec, {"a-movement"})
    chat.read(["<x> - Turn 3: A moves"])
    assert chat.turn == 3
    chat.read(["* <Bob> Turn Updated from 3    to 4   "])      # the tracker's line: group 2
    assert chat.turn == 4


def starter(module: Path, tmp_path: Path, logs=tuple(LOGS)) -> tuple[Path, dict]:
    out = tmp_path / "b.toml"
    args = ["bind", str(module), "--rules", "generic", "-o", str(out)]
    for log in logs:
        args += ["--log", str(log)]
    done = vmodgen(*args)
    assert done.returncode == 0, done.stderr
    return out, tomllib.loads(out.read_text())


def audit(module: Path, binding: Path, logs=tuple(LOGS)) -> dict:
    done = vmodgen("audit", "--module", str(module), "--binding", str(binding), "--format", "json",
                   *map(str, logs))
    assert done.returncode in (0, 1), done.stderr
    return json.loads(done.stdout)


def test_starter_sides_and_phases_from_the_log(module, tmp_path):
    _, b = starter(module, tmp_path)
    sided = {c["side"]: c for c in b["class"] if "side" in c}
    assert sided["side1"]["property"] == {"Side": "^Side1$"}
    assert sided["side2"]["property"] == {"Side": "^Side2$"}
    assert b["turns"]["source"] == "chat"
    assert [(p["side"], p["kind"]) for p in b["phase"]] == [
        ("side1", "movement"), ("side1", "combat"), ("side2", "movement"), ("side2", "combat")]


@pytest.mark.parametrize("logs", [LOGS, LOGS_38], ids=["3.7.26", "3.8.0-beta1"])
def test_starter_audit_finds_each_illegal_state_and_nothing_else(module, tmp_path, logs):
    binding, _ = starter(module, tmp_path)
    report = audit(module, binding, logs)
    got = [(Path(f["file"]).name, f["step"], f["turn"], f["phase"], f["rule"], f["hexes"], sorted(f["units"]))
           for f in report["findings"]]
    first = logs[0].name
    assert got == [
        # 0401 -> 0408: 7 hexes, allowance 5 (GEN movement)
        (first, 9, 1, "side1-movement", "GEN movement", ["0401", "0408"], [INF[7]]),
        # 0502 -> 0604 (enemy ZOC of the mech in 0704) -> 0504: entered at 0604 and moved on (GEN zoc)
        (first, 11, 1, "side1-movement", "GEN zoc", ["0604"], [INF[8]]),
        # four units in 0306 at the end of Side1 Movement, the limit 3 (GEN stacking)
        (first, 15, 1, "side1-movement", "GEN stacking", ["0306"], sorted(INF[3:7])),
    ]
    assert not report["partial"]
    moves = report["coverage"]["moves"]
    assert (moves["seen"], moves["judged"], moves["not_judged"]["undone"]) == (14, 12, 2)   # 0001 -> 0008 undone


def test_starter_without_the_log_says_partial(module, tmp_path):
    binding, b = starter(module, tmp_path, logs=())
    assert b["turns"]["source"] == "none"
    report = audit(module, binding)
    assert report["partial"] and "not judged" in report["partial"]
    assert [f["rule"] for f in report["findings"]] == ["GEN stacking"]       # only the overstack, no move judged
