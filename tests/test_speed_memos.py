"""The speed work's memos (issue 20) never change a report: the TLD chain audited with the
binding gives byte-identical text and JSON reports with every memo emptied before each use
(typed commands, state-chain splits, the 2.x ``+/`` fields, the shortest-drag segments, the
continuity snapshots' pieces, the position builder's views) and the
one-pass opening switched off, and with them warm, files read once and --jobs 2; the order
check's seam comparison counts what the plain comparison counts."""
from __future__ import annotations

from pathlib import Path

import pytest

from vmodgen.audit import audit
from vmodgen.audit.run import make_binding
from vmodgen.report import render
from vmodgen.vassal import chains, commands, interpreter, vassal2

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus"
LOGS = [CORPUS / f"tld_game_0606-{i}.log" for i in (1, 2, 3, 4)]
MODULE = CORPUS / "tld_buildFile-only_stripped.vmod"
BINDING = ROOT / "examples" / "tld" / "binding.toml"

pytestmark = pytest.mark.skipif(not MODULE.is_file() or not all(p.is_file() for p in LOGS),
                                reason="../shared/corpus (The Longest Day logs) is absent")


class _Forgetful(dict):
    """A memo that never keeps anything (every lookup misses)."""

    def __setitem__(self, key, value) -> None:
        pass


def _reports(**kw) -> tuple[str, str]:
    b, m = make_binding(str(MODULE), None, str(BINDING))
    r = audit(LOGS, preset=(b, m), **kw)
    return render(r, "text"), render(r, "json")


def test_memos_do_not_change_the_report(monkeypatch) -> None:
    warm = _reports()
    again = _reports()               # every memo warm from the first run
    parallel = _reports(jobs=2)
    monkeypatch.setattr(commands, "_TYPED", _Forgetful())
    monkeypatch.setattr(chains, "_STATE_SPLITS", _Forgetful())
    for memo in ("_BASIC", "_PIECES", "_STACKS"):
        monkeypatch.setattr(vassal2, memo, _Forgetful())
    monkeypatch.setattr(vassal2.Vassal2Runner, "_load", lambda self, node: False)
    monkeypatch.setattr(interpreter._Runner, "_load", lambda self, node: False)
    from vmodgen.audit import engine
    real_init = engine.FileAuditor.__init__

    def cold_init(self, *a, **k) -> None:
        real_init(self, *a, **k)
        self._segments = _Forgetful()
        self._filled = _Forgetful()
        self.points["snapshots"] = _Forgetful()     # the continuity snapshots' pieces
        self.points["views"] = _Forgetful()         # the position builder's piece views
    monkeypatch.setattr(engine.FileAuditor, "__init__", cold_init)
    cold = _reports()
    assert "Continuity" in cold[0] or "continuity" in cold[0]
    assert warm == cold
    assert again == cold
    assert parallel == cold


def test_seam_counts_are_the_plain_comparison() -> None:
    """audit/order.py counts, for every two snapshots, the pieces whose place differs (a piece
    absent on one side counts unless it is off every map at (0, 0)), as a plain walk over the
    union of ids does: on the TLD files' starts and ends, and on a made-up pair."""
    from vmodgen.audit.continuity import seam

    def _position_diff(end: dict, start: dict) -> int:
        return seam(end, start).count
    b, m = make_binding(str(MODULE), None, str(BINDING))
    none = ((None, 0, 0),)

    def plain(end: dict, start: dict) -> int:
        a, c = end["pieces"], start["pieces"]
        return sum(1 for pid in a.keys() | c.keys() if a.get(pid, none)[0] != c.get(pid, none)[0])
    snaps = []
    from vmodgen.audit.engine import FileAuditor
    from vmodgen.rules import ruleset_for
    from vmodgen.vassal.savefile import read_save
    auditor = FileAuditor(b, m, ruleset_for(b.game))
    b.reset()
    for log in LOGS:
        fa = auditor.run(read_save(str(log)), str(log))
        snaps += [fa.start, fa.end]
    counts = [(_position_diff(x, y), plain(x, y)) for x in snaps for y in snaps]
    assert all(a == p for a, p in counts)
    # a seam compares its two snapshots directly (Placements.placed); the order check numbers
    # them (Placements.of, differ): the same pieces
    from vmodgen.audit.continuity import Placements
    shared = Placements()
    assert all(seam(x, y).placed == seam(x, y, shared).placed for x in snaps for y in snaps)
    assert any(a > 0 for a, _ in counts) and any(a == 0 for a, _ in counts)
    made = ({"pieces": {"a": (("M", 1, 1),), "b": ((None, 0, 0),), "c": ((None, 5, 5),), "d": (("M", 2, 2),)}},
            {"pieces": {"a": (("M", 1, 2),), "d": (("M", 2, 2),), "e": (("M", 0, 0),)}})
    assert _position_diff(*made) == plain(*made) == 3      # a moved, c absent there, e absent here
    assert seam(*made).placed == seam(*made, Placements()).placed == {"a", "c", "e"}


def test_jobs_parse_each_file_once(monkeypatch) -> None:
    """--jobs 2 on the TLD chain (a binding that reads the phase from chat: the pre-scan reads
    every file's chat before the workers start): each file's command text is parsed once in
    all the processes together, and read once."""
    import multiprocessing as mp
    from vmodgen.vassal import savefile
    parsed = mp.Array("i", 16)
    read = mp.Array("i", 16)
    names = {str(p): i for i, p in enumerate(LOGS)}
    real_parse, real_pieces, real_read = savefile.parse_tree, savefile.parse_tree_pieces, savefile.read_save

    def count(path) -> None:
        with parsed.get_lock():
            parsed[names.get(str(path), 15)] += 1

    def parse_tree(text, path=None):
        count(path)
        return real_parse(text, path)

    def parse_tree_pieces(pieces, path=None):
        count(path)
        return real_pieces(pieces, path)

    def read_save(path):
        with read.get_lock():
            read[names.get(str(path), 15)] += 1
        return real_read(path)
    monkeypatch.setattr(savefile, "parse_tree", parse_tree)
    monkeypatch.setattr(savefile, "parse_tree_pieces", parse_tree_pieces)
    from vmodgen.audit import run
    monkeypatch.setattr(run, "read_save", read_save)
    ran = []
    real_parallel = run._parallel

    def parallel(*a, **k):
        ran.append(True)
        return real_parallel(*a, **k)
    monkeypatch.setattr(run, "_parallel", parallel)
    b, m = make_binding(str(MODULE), None, str(BINDING))
    assert b.phase_context() is not None        # the phase comes from chat: the pre-scan runs
    r = audit(LOGS, preset=(b, m), jobs=2)
    assert ran and len(r.files) == 4
    assert list(parsed[:4]) == [1, 1, 1, 1] and parsed[15] == 0
    assert list(read[:4]) == [1, 1, 1, 1]
