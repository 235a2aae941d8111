"""A parallel audit (--jobs) gives the sequential result: each file starts from the context the
previous one ends with (the chat-read phase from a pre-scan, the rule set's memory), and a file
whose guessed start was wrong is audited again (issue 7)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from conftest import ROOT, shared_path
from test_audit import mini, variant_kit  # noqa: F401  (the built minikit fixture)
from vmodgen.audit import audit
from vmodgen.audit.engine import FileAuditor, chat_lines
from vmodgen.rules.base import EVERY_PHASE_END, Memory, Rule, carried
from vmodgen.rules.finding import Finding
from vmodgen.rules.generic import GenericRules
from vmodgen.testing.log_writer import LogWriter
from vmodgen.vassal.savefile import read_save


def test_chat_prescan_ends_each_tld_file_in_the_phase_the_replay_does():
    """Folding the pre-scanned chat lines gives, for every TLD file, the phase the sequential
    replay reaches at its end (what the next file starts from)."""
    corpus = shared_path("corpus")
    from vmodgen.binding.file import load_binding
    from vmodgen.rules import ruleset_for
    from vmodgen.vassal.module import read_module
    module = read_module(corpus / "tld_buildFile-only_stripped.vmod")
    b = load_binding(ROOT / "examples" / "tld" / "binding.toml", module)
    logs = [corpus / f"tld_game_0606-{i}.log" for i in (1, 2, 3, 4)]
    b.reset()
    auditor = FileAuditor(b, module, ruleset_for(b.game))
    replayed = [auditor.run(read_save(p), str(p)).end_context[0] for p in logs]
    b.reset()
    folded = []
    for p in logs:
        b.read_chat(chat_lines(read_save(p)))
        folded.append(b.phase_context())
    assert folded == replayed
    assert len(set(folded)) > 1 and all(ph is not None for _, ph in folded)


@dataclass
class Ends(Memory):
    """The phase ends seen so far."""
    ends: int = 0


def _count_phase_ends(monkeypatch) -> None:
    """The generic rules, plus a memory (phase ends so far, across files) and a rule whose
    finding names that count: a wrong start memory changes the findings."""
    def remember(self, before, after, memory):
        memory.ends += 1

    def tally(board):
        n = carried(board.pos, Ends).ends
        return [Finding("TEST memory", "movement", f"{n} phase end(s) before this one", (f"n{n}",))]

    orig = GenericRules.rules
    monkeypatch.setattr(GenericRules, "memory_type", Ends)
    monkeypatch.setattr(GenericRules, "remember", remember)
    monkeypatch.setattr(GenericRules, "rules", lambda self: orig(self) + [
        Rule("TEST memory", "movement", EVERY_PHASE_END, tally, "counts phase ends")])


def _chain(module, kit, root, n: int, stem: str) -> list:
    """``n`` files of two phase ends each, each starting where the previous ended."""
    files, w = [], LogWriter.from_module_setup(module, kit=kit)
    for i in range(n):
        w.advance(2)
        files.append(w.write(root / f"{stem}{i}.vlog"))
        w = w.save_point()
    return files


def _record_runs(monkeypatch) -> list:
    """(file name, context) of every FileAuditor.run in this process, in order."""
    runs = []
    orig_run = FileAuditor.run

    def run(self, save, name, context=None, before=None):
        runs.append((Path(name).name, context))
        return orig_run(self, save, name, context, before)
    monkeypatch.setattr(FileAuditor, "run", run)
    return runs


def test_memory_carries_across_files_and_parallel_audits_rerun_a_wrong_guess(mini, monkeypatch):
    """Three files of two phase ends each: the memory goes on counting from file to file, and
    --jobs 2 (which guesses an empty memory, then audits files 2 and 3 again) gives the same."""
    kit_dir, kit, module, root = mini
    _count_phase_ends(monkeypatch)
    files = _chain(module, kit, root, 3, "mem")
    runs = _record_runs(monkeypatch)
    seq = audit(files, module=module, game=str(kit_dir), jobs=1)
    counts = [(Path(f.file).name, f.message.split()[0]) for f in seq.findings if f.rule == "TEST memory"]
    assert counts == [("mem0.vlog", "0"), ("mem0.vlog", "1"), ("mem1.vlog", "2"), ("mem1.vlog", "3"),
                      ("mem2.vlog", "4"), ("mem2.vlog", "5")]
    par = audit(files, module=module, game=str(kit_dir), jobs=2)
    assert [f.to_json() for f in par.findings] == [f.to_json() for f in seq.findings]
    assert par.notes == seq.notes and par.stats == seq.stats
    reruns = [name for name, context in runs if context is not None and context[1]]
    assert reruns == ["mem1.vlog", "mem2.vlog"]      # in this process, after the workers


def test_no_fork_means_one_process(mini, monkeypatch):
    """Where processes cannot be forked the audit runs the files one by one, same result."""
    kit_dir, kit, module, root = mini
    w = LogWriter.from_module_setup(module, kit=kit)
    w.move("R3", "0102").advance()
    f1 = w.write(root / "nf1.vlog")
    f2 = w.save_point().advance().write(root / "nf2.vlog")
    want = audit([f1, f2], module=module, game=str(kit_dir), jobs=1)
    import multiprocessing

    def no_fork(method=None):
        raise ValueError("no fork here")
    monkeypatch.setattr(multiprocessing, "get_context", no_fork)
    got = audit([f1, f2], module=module, game=str(kit_dir), jobs=2)
    assert [f.to_json() for f in got.findings] == [f.to_json() for f in want.findings] and want.findings


def test_rules_that_declare_memory_run_the_files_one_after_another(mini, monkeypatch):
    """A rule set whose MEMORY_KEYS say it carries facts across files: --jobs 2 audits the files
    in order in this process (a guess would be wrong at every file), says so, same findings."""
    kit_dir, kit, module, root = mini
    _count_phase_ends(monkeypatch)
    monkeypatch.setattr(GenericRules, "MEMORY_KEYS", ("ends",))
    files = _chain(module, kit, root, 2, "declared")
    runs = _record_runs(monkeypatch)
    seq = audit(files, module=module, game=str(kit_dir), jobs=1)
    par = audit(files, module=module, game=str(kit_dir), jobs=2)
    assert [f.to_json() for f in par.findings] == [f.to_json() for f in seq.findings] and seq.findings
    assert [context for _, context in runs] == [None] * 4    # both audits ran here, file after file
    assert any("one after another" in n and "ends" in n for n in par.notes)
    assert not any("one after another" in n for n in seq.notes)


def test_module_warnings_found_in_a_worker_reach_the_report():
    """A board's image missing from the module is warned of when its size is first asked, which
    with --jobs 2 happens in a worker: the report still says it, as with one job (before: only
    the sequential report named the corpus TLD module's missing board images)."""
    corpus = shared_path("corpus")
    logs = [corpus / f"tld_game_0606-{i}.log" for i in (1, 2, 3, 4)]
    args = dict(module=corpus / "tld_buildFile-only_stripped.vmod", binding=ROOT / "examples" / "tld" / "binding.toml")
    one, two = audit(logs, jobs=1, **args), audit(logs, jobs=2, **args)
    missing = [w for w in one.module_doubts if "is not in the module" in w]
    assert missing
    assert [w for w in two.module_doubts if "is not in the module" in w] == missing
    assert two.to_json()["coverage"]["warnings"] == one.to_json()["coverage"]["warnings"]
