"""The chain's "standing" violations (``audit/run.py`` ``assemble``): a violation a file finds
at its start is not reported again when a file it goes on from ended with it standing; the
files of an abandoned branch are not among those (``order.played_before``, as the state
verdicts). The recorded chain om-pbem 1, 2, 3b: 2 and 3b both start where 1 ended (a branch), so
3b goes on from 1, and 2 is abandoned."""
from __future__ import annotations

import copy

from test_audit_pbem_chain import DATA, om  # noqa: F401  (the bundled OM module fixture)
from vmodgen.audit import audit
from vmodgen.audit import run as run_mod
from vmodgen.audit.model import AuditFinding

RULE = "OM 4.31"


def _results(monkeypatch, module) -> tuple[list, object, list]:
    """The FileAudits and binding ``assemble`` got for 1, 2, 3b (the audit run once)."""
    seen = {}
    real = run_mod.assemble

    def keep(results, b, rules, **kw):
        seen.update(results=results, b=b, rules=rules)
        return real(results, b, rules, **kw)

    monkeypatch.setattr(run_mod, "assemble", keep)
    audit([DATA / f"om-pbem-{n}.vlog" for n in ("1", "2", "3b")], module=module, keep_order=True)
    return seen["results"], seen["b"], seen["rules"]


def _overstack(path: str) -> AuditFinding:
    return AuditFinding(path, 0, 1, "german-movement", "German Movement", "german", "end", RULE, "stacking",
                        "overstacked", ("W4213",), ("G-9-III-Sturm",), details={"from_start": True})


def test_standing_is_read_from_the_files_a_file_goes_on_from(monkeypatch, om):
    """File 1 ends with an overstack in W4213 standing; the abandoned file 2 ends with it gone;
    3b (played from 1's end) finds it at its start. It is the violation 1 ended with: not
    reported again. Before: 2's end replaced 1's standing, and 3b's start reported it a second
    time. With 3b going on from 2 (no branch), it is new in 3b and reported."""
    results, b, rules = _results(monkeypatch, om.module)
    assert [r.path.rsplit("/", 1)[-1] for r in results] == ["om-pbem-1.vlog", "om-pbem-2.vlog", "om-pbem-3b.vlog"]
    assert run_mod.branch_points(results) == [(0, 2)]
    f = _overstack(results[2].path)
    one, two, three = (copy.copy(r) for r in results)
    one.final_by_rule = {**one.final_by_rule, RULE: {f.key}}
    two.final_by_rule = {**two.final_by_rule, RULE: set()}
    three.findings = [*three.findings, copy.deepcopy(f)]
    got = run_mod.assemble([one, two, three], b, rules)
    assert not any(x.rule == RULE and x.file == results[2].path for x in got.findings)
    # the same files with 2 no branch (3b judged as going on from 2): the overstack is new in 3b
    monkeypatch.setattr(run_mod, "branch_points", lambda results: [])
    three.findings = [*results[2].findings, copy.deepcopy(f)]
    got = run_mod.assemble([one, two, three], b, rules)
    assert any(x.rule == RULE and x.file == results[2].path for x in got.findings)
