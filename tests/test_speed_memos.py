"""The speed work's memos (issue 20) never change a report: the TLD chain audited with the
binding gives byte-identical text and JSON reports with every memo emptied before each use
(typed commands, state-chain splits, the shortest-drag segments) and with them warm, files
read once and --jobs 2."""
from __future__ import annotations

from pathlib import Path

import pytest

from vmodgen.audit import audit
from vmodgen.audit.run import make_binding
from vmodgen.report import render
from vmodgen.vassal import chains, commands

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
    from vmodgen.audit import engine
    real_init = engine.FileAuditor.__init__

    def cold_init(self, *a, **k) -> None:
        real_init(self, *a, **k)
        self._segments = _Forgetful()
        self._filled = _Forgetful()
    monkeypatch.setattr(engine.FileAuditor, "__init__", cold_init)
    cold = _reports()
    assert "Continuity" in cold[0] or "continuity" in cold[0]
    assert warm == cold
    assert again == cold
    assert parallel == cold
