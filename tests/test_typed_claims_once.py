"""The rolls players typed in chat are read once per line of a file: the audit's reading of each
step's rolls (``step_rolled``, for the combat and retreat checks) keeps what it read by text in
the file's ``claims``, and the integrity facts of the same file read them from there. The facts
and the audit's report are the same as with every line read afresh; a line asked again in
another file is read again (each file has its own)."""
from __future__ import annotations

import json
from collections import Counter

from conftest import ROOT, shared_path

from vmodgen.audit import audit
from vmodgen.integrity import facts as facts_mod
from vmodgen.integrity.typed_rolls import typed_roll

LINES = ["<Alice> - I rolled 6", "<Alice> - if he rolls 5 I win", "<太郎> - 6が出た", "*** 2d6 = 3,4 *** <Bob>",
         "<Bob> - needs DR 4 to hit", "<Bob> - rolled 11 for the attack", "<Bob> - hello"]


def test_a_claim_kept_is_the_claim_read_afresh():
    claims: dict = {}
    for text in LINES * 2:
        assert facts_mod.typed_claim(text, claims) == typed_roll(text) == facts_mod.typed_claim(text, None)
    assert set(claims) == set(LINES)


def test_each_line_of_a_file_is_read_once_and_the_report_is_the_same(monkeypatch):
    corpus = shared_path("corpus")
    args = dict(module=corpus / "tld_buildFile-only_stripped.vmod", binding=ROOT / "examples" / "tld" / "binding.toml",
                keep_order=True)
    logs = [corpus / "tld_game_0606-2.log", corpus / "tld_game_0606-1.log"]
    calls: list[str] = []

    def counted(text: str):
        calls.append(text)
        return typed_roll(text)

    monkeypatch.setattr(facts_mod, "typed_roll", counted)
    kept = audit(logs, **args).to_json()
    once = Counter(calls)
    calls.clear()
    with monkeypatch.context() as m:        # every line read afresh, by each reader
        m.setattr(facts_mod, "typed_claim", lambda text, claims: counted(text))
        m.setattr("vmodgen.audit.rolled.typed_claim", lambda text, claims: counted(text))
        afresh = audit(logs, **args).to_json()
    assert len(calls) > sum(once.values()) > 50
    assert max(once.values()) <= len(logs)      # once per file that holds the line
    assert json.dumps(kept, sort_keys=True, default=str) == json.dumps(afresh, sort_keys=True, default=str)
