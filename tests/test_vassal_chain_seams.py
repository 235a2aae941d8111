"""The replay ends where VASSAL ends: each log of a play-by-email chain opens with the full state
VASSAL held when its recorder began it, so the next file's start is VASSAL's truth for the end
of the one before. The public The Longest Day chain (VASSAL 2.9.8, ../shared/corpus) replayed
file by file (the end as VASSAL saves it, ``Replay.saved``) against the next file's start: every
piece that differs is listed here with the reason it is not the replay's.

Before the 2.x interpreter (vmodgen/vassal/vassal2.py) the seams differed in 35, 1 and 11
pieces. Drift, gone now: 10 airborne units put on the Allied Airborne Display by ``D/`` commands
whose stale, unchanged BasicPiece state VASSAL's ``mergeState`` ignores; 5 markers an undo's
``-/`` could not remove in VASSAL (1-2) and one an ``M/`` to no map left in its stack (2-3);
3 units moved to the Allied Entry Track
by a stack VASSAL's replay does not hold (file 3 step 419; Joel's chat at 416 says where he
meant them). Four pieces agreed then only by accident (a guessed stack, an ignored ``D/``
applied) and are listed below with the others."""
from __future__ import annotations

from pathlib import Path

import pytest

from vmodgen.vassal.piece import Piece
from vmodgen.vassal.replay import ReplayVisitor, read_log, replay, split_steps
from vmodgen.vassal.savefile import read_save
from vmodgen.vassal.typed import AddPiece, ChangePiece, Log, MovePiece

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "corpus"
LOGS = [CORPUS / f"tld_game_0606-{i}.log" for i in (1, 2, 3, 4)]

pytestmark = pytest.mark.skipif(not all(p.is_file() for p in LOGS),
                                reason="../shared/corpus (The Longest Day logs) is absent")

#: the German mechanized units Nate moved before beginning his log (file 1 ends: "it's time for
#: you to do your mechanized movement phase. Remember to Begin a Log File!")
MECH_MOVED = {"1168285062832", "1168285067135", "1168285069690", "1168285071827", "1168285072077",
              "1168285076451", "1168285080371", "1168285080762", "1168285083961", "1168285094534",
              "1168285100600", "1168285100694", "1168285101809", "1168285102569", "1168285105463",
              "1168285106008", "1168285107670", "1168285111364", "1168285112823", "1168285116078"}
#: 3/8/4 and 746: Joel's step 690 drags the stack his undo at 678 made (an id only his VASSAL held)
RECORDER_STACK = {"1168285083474", "1168285083512"}
#: nine German units Joel's own VASSAL drew where file 4 starts (file 3 step 97 writes that
#: point in their states), while file 3's saved start puts them elsewhere
RECORDER_STATE = {"1168285072077", "1168285075717", "1168285077196", "1168285096422", "1168285107307",
                  "1168285108238", "1168285109110", "1168285115533", "1168285116573"}
#: a DISRUPT marker riding on unit 1168285091110, which Nate moved there at file 2 step 590
RIDER, CARRIER = "1168734712505", "1168285091110"


@pytest.fixture(scope="module")
def chain():
    return [replay(read_save(p)) for p in LOGS]


def _differ(end, start) -> dict[str, tuple]:
    out = {}
    for pid in end.pieces.keys() | start.pieces.keys():
        a, b = end.pieces.get(pid), start.pieces.get(pid)
        if a is None or b is None or a.position != b.position:
            out[pid] = (a and a.position, b and b.position)
    return out


def _commands(save):
    for k, node in enumerate(split_steps(save.tree)[1], 1):
        for sub in node.walk():
            cmd = sub.typed()
            while isinstance(cmd, Log):
                cmd = cmd.inner
            yield k, cmd


def test_seam_1_2_only_moves_made_off_the_log(chain):
    end, start = chain[0].saved, chain[1].initial
    differ = _differ(end, start)
    assert set(differ) == MECH_MOVED | RECORDER_STACK
    for pid in MECH_MOVED:
        # VASSAL marks a piece dragged by hand as moved: at the end of file 1 it was not
        assert end.pieces[pid].properties()["Moved"] == "false"
        assert start.pieces[pid].properties()["Moved"] == "true"
    # Joel's VASSAL moved them with a stack the log never names: VASSAL's replay cannot
    commands = list(_commands(read_save(LOGS[0])))
    known = set(chain[0].initial.pieces) | set(chain[0].initial.stacks) | {
        c.id for _k, c in commands if isinstance(c, AddPiece)}
    stack_690 = [c for k, c in commands if k == 690 and isinstance(c, MovePiece) and c.id not in known]
    assert chain[0].steps[689].ignored == [c.id for c in stack_690]
    assert stack_690 and all(
        (c.old_map, c.old_x, c.old_y) == end.pieces[p].position and
        (c.new_map, c.new_x, c.new_y) == start.pieces[p].position for c in stack_690 for p in RECORDER_STACK)


def test_seam_2_3_agrees(chain):
    assert _differ(chain[1].saved, chain[2].initial) == {}


def test_seam_3_4_only_what_the_recorders_drew_elsewhere(chain):
    end, start = chain[2].saved, chain[3].initial
    differ = _differ(end, start)
    assert set(differ) == RECORDER_STATE | {RIDER}
    # the last D/ of file 3 on each of the nine writes its point as Joel's VASSAL drew it
    last: dict[str, tuple] = {}
    for k, c in _commands(read_save(LOGS[2])):
        if isinstance(c, ChangePiece) and c.id in RECORDER_STATE:
            last[c.id] = _point(end.pieces[c.id], c.new_state)
    for pid in RECORDER_STATE:
        assert last[pid][1:] == start.pieces[pid].position[1:], pid
        assert last[pid][1:] != end.pieces[pid].position[1:], pid
    # the marker stands with its unit in file 4, where file 2's recorder moved the unit
    assert start.pieces[RIDER].stack == start.pieces[CARRIER].stack
    moves_590 = [c for k, c in _commands(read_save(LOGS[1])) if k == 590 and isinstance(c, MovePiece)]
    assert [(c.id, c.new_x, c.new_y) for c in moves_590] == [(CARRIER, *start.pieces[RIDER].position[1:])]


def _point(rec, state: str) -> tuple:
    """The (map, x, y) a state chain of ``rec``'s piece writes in its BasicPiece."""
    return Piece(rec.piece.encode_type(), state).position()


def _intact(name: str) -> bool:
    """Whether a corpus file is there with the sha256 its MANIFEST.txt gives."""
    import hashlib
    path, manifest = CORPUS / name, CORPUS / "MANIFEST.txt"
    if not path.is_file() or not manifest.is_file():
        return False
    text = manifest.read_text("utf-8")
    at = text.find(f"file: {name}\n")
    want = text[at:].split("sha256:", 1)[1].split()[0] if at >= 0 else ""
    return hashlib.sha256(path.read_bytes()).hexdigest() == want


def test_other_versions_still_replay(chain):
    """A 2.0 log and the 3.2 VASL logs replay without a warning; VASSAL 3.7/3.8 golden logs are
    checked in test_vassal_replay.py and here: the 3.8 log ends where VASSAL 3.8 reported."""
    for name in ("vassal_tour.log", "vasltpl_full.vlog", "vasltpl_4players.vlog", "vasltpl_3d6.vlog"):
        if not _intact(name):
            continue
        warnings: list[str] = []
        rp = replay(read_save(CORPUS / name), warnings=warnings)
        assert rp.steps and warnings == [], name
    g38 = CORPUS.parent / "golden" / "vassal-3.8"
    if not (g38 / "t38-moves.vlog").is_file():
        pytest.skip("golden/vassal-3.8 is absent")
    rp = replay(read_save(g38 / "t38-moves.vlog"))
    finals = [ln.split("|") for ln in (g38 / "t38-record-report.txt").read_text("utf-8").splitlines()
              if ln.startswith("FINAL|")]
    assert finals and all(rp.final.pieces[f[1]].position == (f[2], int(f[3]), int(f[4])) for f in finals)


def test_saved_state_is_what_loading_the_save_gives() -> None:
    """``saved`` (computed) equals running the ``+/`` commands a 2.9.8 save writes
    (``saved_commands``, GameState.getRestorePiecesCommand) through a fresh replay."""
    from vmodgen.vassal.commands import Command
    from vmodgen.vassal.replay import GameState, runner_for
    from vmodgen.vassal.typed import parse_command

    class Keep(ReplayVisitor):
        def saved(self, state):
            self.state = state

    for log in LOGS:
        v = Keep()
        read_log(read_save(log), v)
        # the same end through the commands
        end = GameState()
        r = runner_for("2.9.8")(end, None, None, [], None)
        save = read_save(log)
        r.execute(save.tree.typed(), save.tree.text)
        head, nodes = split_steps(save.tree)
        for node in head + nodes:
            r.run(node)
        loaded = GameState()
        r2 = runner_for("2.9.8")(loaded, None, None, [], None)
        for text in r.saved_commands():
            r2.execute(parse_command(text), text)
        r2.run(Command("end_save"))
        assert {p: rec.position for p, rec in v.state.pieces.items()} == \
            {p: rec.position for p, rec in loaded.pieces.items()}, log.name
        assert {p: rec.stack is None for p, rec in v.state.pieces.items()} == \
            {p: rec.stack is None for p, rec in loaded.pieces.items()}, log.name
