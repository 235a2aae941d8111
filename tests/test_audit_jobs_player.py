"""``--jobs`` with a phase read from who moves (``[turns] source = "player"``, the Kassala
binding ``examples/kassala/binding.toml``): a worker starts each file from the phase a chat
pre-scan predicts, which cannot know the phase the moves of the file before end in, so every file
after the first was audited a second time (slower than one job). The audit now runs the files one
after another and says so; the report is one job's."""
from __future__ import annotations

import json

from vmodgen.audit import audit, engine
from vmodgen.report import render

from conftest import DATA, ROOT, shared_path

RECORDED = [DATA / "recorded" / f"kassala-{n}.vlog" for n in ("moslem", "christian", "combat")]
EXAMPLE = ROOT / "examples" / "kassala" / "binding.toml"


def test_jobs_with_phase_from_who_moves_gives_one_jobs_report(monkeypatch):
    """kassala-moslem, -christian, -combat (real VASSAL 3.7.26) with the Kassala binding: 6
    findings either way; with ``jobs=2`` each file is audited once, in this process, in order
    (before: 3 + 2 audits, the second and third files again after their workers), and a note says
    why the files were not audited in parallel. Everything else in the JSON report is equal."""
    vmod = shared_path("corpus", "kassala_Kassala.vmod")
    one = audit(RECORDED, module=vmod, binding=EXAMPLE, keep_order=True)
    runs: list[str] = []
    real = engine.FileAuditor.run

    def counted(self, save, path, *args, **kwargs):
        runs.append(path)
        return real(self, save, path, *args, **kwargs)

    monkeypatch.setattr(engine.FileAuditor, "run", counted)
    two = audit(RECORDED, module=vmod, binding=EXAMPLE, keep_order=True, jobs=2)
    assert runs == [str(p) for p in RECORDED]
    extra = [n for n in two.notes if n not in one.notes]
    assert len(extra) == 1 and 'source = "player"' in extra[0] and "one after another" in extra[0]
    a, b = json.loads(render(one, "json")), json.loads(render(two, "json"))
    assert len(a["findings"]) == 6
    assert [n for n in b.pop("notes") if n not in extra] == a.pop("notes")
    assert a == b
