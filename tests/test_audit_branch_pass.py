"""Branches followed in one pass (``vmodgen.audit.run._follow_branches``) and the sentences that
name the order judged (``vmodgen.audit.order``): with k branch points the files after the first
are audited once more, not k times; each file that starts a branch goes on from the (already
followed) end of the file it starts from; the order sentence says a branch is judged from the
file it starts from, and the files the last one goes on from leave out an abandoned branch."""
from __future__ import annotations

from types import SimpleNamespace

from vmodgen.audit import order, run


class _Auditor:
    """A stand-in for FileAuditor: records each run (path, the context it was given) and
    answers a result whose end context names the run."""
    runs: list[tuple[str, object]] = []

    def __init__(self, *args) -> None:
        self.reveal_hidden = False

    def run(self, save, path, context=None, before=None):
        _Auditor.runs.append((path, context))
        return SimpleNamespace(path=path, end_context=f"end of {path} (again)", end=None)


def _results(n: int) -> list[SimpleNamespace]:
    return [SimpleNamespace(path=f"f{i}", end_context=f"end of f{i}", end=None) for i in range(n)]


def test_two_branches_audit_each_later_file_once(monkeypatch):
    """Six files, branches (0 → 2) and (3 → 4): files 2..5 are audited once each (before: 2..5
    then 4, 5 again, six runs); file 4 starts from file 3's end as followed (file 3 re-audited
    after the first branch), file 2 from file 0's."""
    monkeypatch.setattr(run, "branch_points", lambda results: [(0, 2), (3, 4)])
    monkeypatch.setattr(run, "FileAuditor", _Auditor)
    monkeypatch.setattr(run, "read_save", lambda path: path)
    _Auditor.runs = []
    out = run._follow_branches(_results(6), None, None, None, False)
    assert [p for p, _ in _Auditor.runs] == ["f2", "f3", "f4", "f5"]
    assert dict(_Auditor.runs)["f2"] == "end of f0" and dict(_Auditor.runs)["f4"] == "end of f3 (again)"
    assert [r.path for r in out] == [f"f{i}" for i in range(6)]
    assert out[1].end_context == "end of f1"          # before the first branch: as audited


def test_no_branch_audits_nothing_again(monkeypatch):
    monkeypatch.setattr(run, "branch_points", lambda results: [])
    monkeypatch.setattr(run, "FileAuditor", _Auditor)
    _Auditor.runs = []
    results = _results(4)
    assert run._follow_branches(results, None, None, None, False) is results and _Auditor.runs == []


def test_the_files_the_last_goes_on_from():
    """Branches (0 → 2) and (3 → 5) of six files: file 5 goes on from 3, 3 from 2, 2 from 0 (file 1
    and file 4 are on abandoned branches); with no branch, every file before the last."""
    files = _results(6)
    assert order.played_before(files, [(0, 2), (3, 5)]) == [0, 2, 3]
    assert order.played_before(files, []) == [0, 1, 2, 3, 4]
    assert order.played_before(files[:1], []) == [] and order.played_before([], []) == []


def test_the_order_judged_names_the_branch_exception(monkeypatch):
    """An order doubt with a branch: "each going on from the one before it" is qualified for the
    file that starts the branch; in a replay (no rules ran) neither is said of a branch."""
    files = _results(3)
    monkeypatch.setattr(order, "_doubts", lambda results, sequence, judged: ([("order", "dates", None),
                                                                              ("branch", "fork", None)], []))
    doubts = [m for _, m in order.order_messages(files, None)[1]]
    said = next(m for m in doubts if m.startswith("The files were judged in this order"))
    assert said.endswith("(each going on from the one before it, but a file that starts a branch: from the end "
                         "of the file it starts from).")
    doubts = [m for _, m in order.order_messages(files, None, judged=False)[1]]
    assert next(m for m in doubts if m.startswith("The files were judged")).endswith(
        "(each going on from the one before it).")
    monkeypatch.setattr(order, "_doubts", lambda results, sequence, judged: ([("order", "dates", None)], []))
    doubts = [m for _, m in order.order_messages(files, None)[1]]
    assert "(each going on from the one before it)." in doubts[1]
