"""The whole audit: choose the binding, refuse files played with another module (unless
forced), put the files in play order, replay every file (in parallel with ``jobs``), merge the
findings (a violation still standing when a later file first checks its rule is not reported
again), check continuity between files, gather statistics and the coverage (what was judged
and what not).

    result = audit(["t1.vlog", "t2.vlog"], module="game.vmod")
    result.findings, result.continuity, result.stats
"""
from __future__ import annotations

import gc
import os
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from ..binding.base import Binding, KitBinding, ReplayOnlyBinding, find_kit_id, load_bundled_or_path
from ..errors import InputError
from ..integrity import integrity_section
from ..notes import folded, warn_once
from ..rules import ruleset_for
from ..rules.base import RuleSet
from ..vassal.module import Module, read_module
from ..vassal.savefile import SaveFile, read_save
from .continuity import chain_seam, compare
from .coverage import chain_coverage, one_entry_per_rule
from .module_fit import check_version, missing_maps, missing_prototypes
from .order import branch_points, check_module, given_once, order_messages, play_order, played_before
from .silence import mat_carry_sentence, silence_messages
from .engine import FileAudit, FileAuditor, chat_lines, checks_moves, needs_phase
from . import same_breach
from .pending import across_files
from ..rules.finding import Breach
from .model import AuditFinding, AuditResult, FileInfo
from .stats import merge


@dataclass
class Setup:
    binding: Binding
    module: Module | None
    module_path: str | None
    game_spec: str | None
    binding_path: str | None
    #: name the pieces of undone steps in full (``--reveal-hidden``)
    reveal_hidden: bool = False


def make_binding(module_path: str | None, game: str | None = None, binding_path: str | None = None,
                 module: Module | None = None) -> tuple[Binding, Module | None]:
    """The binding an audit uses: ``--binding`` file, else a vmodgen-built module's own kit."""
    if module is None and module_path is not None:
        module = read_module(module_path)
    if binding_path is not None:
        if module is None:
            raise InputError(binding_path, "a binding file needs the module: give --module")
        from ..binding.file import load_binding
        return load_binding(binding_path, module), module
    if module is None:
        raise InputError(None, "give the module the logs were played with (--module M.vmod)")
    kit_id = find_kit_id(module)
    if kit_id is None:
        raise InputError(module_path, "this module was not built by vmodgen (no 'vmodgen_kit' property): "
                                      f"describe it with --binding B.toml (start one with: vmodgen bind "
                                      f"{module_path} --rules generic -o B.toml)")
    try:
        kit = load_bundled_or_path(kit_id, game)
    except InputError as exc:
        raise exc.at(module_path) from None      # the module names the kit, not the first log
    if kit.id != kit_id:
        raise InputError(game, f"the module was built from kit '{kit_id}', not '{kit.id}'")
    return KitBinding(module, kit), module


def _refuse_module_as_log(paths: list[str]) -> None:
    """With no ``--module``, a module among the files is the newcomer's likeliest slip: say so;
    and a file that is no save or log at all (missing, empty, text) is named before the module
    is asked for."""
    from ..safeio import SafeZip
    from ..vassal.module import BUILDFILE, BUILDFILE_OLD
    from ..vassal.savefile import HEAD_BYTES, SAVED_GAME, refuse_unreadable_head
    for p in paths:
        if not Path(p).is_file():
            raise InputError(p, "no such file")
        with open(p, "rb") as f:
            refuse_unreadable_head(f.read(HEAD_BYTES), p)
        if not zipfile.is_zipfile(p):
            continue
        with SafeZip(p) as z:
            if SAVED_GAME not in z and (BUILDFILE in z or BUILDFILE_OLD in z):
                raise InputError(p, f"a VASSAL module, not a save or log: give it as --module {p}")


# state shared with forked workers (set before the pool starts)
_WORKER: dict = {}


def _as_value(exc: InputError) -> tuple:
    """Bad input as a value (exceptions with custom constructors do not cross processes)."""
    from ..errors import LimitError
    return ("error", type(exc) is LimitError, exc.path, exc.message, exc.line, exc.place)


def _audit_one(job: tuple[str, object]):
    """One file in a worker, from the phase context the chat pre-scan predicts for it."""
    path, phase_context = job
    setup: Setup = _WORKER["setup"]
    auditor = _WORKER.get("auditor")
    if auditor is None:
        auditor = _WORKER["auditor"] = FileAuditor(setup.binding, setup.module, ruleset_for(setup.binding.game))
        auditor.reveal_hidden = setup.reveal_hidden
        auditor.note_start_hexes = True     # where a carry from the file before would go on
    try:
        save = _WORKER.get("saves", {}).get(path) or read_save(path)
        done = auditor.run(save, path, context=(phase_context, auditor.rs.new_memory(), None))
        # what reading the module warned of in this worker (a board's image missing, found when
        # its size is first asked): the parent's module never sees it
        return done, list(setup.module.warnings) if setup.module is not None else []
    except InputError as exc:
        return _as_value(exc)


#: characters of command text the up-front check keeps read for the audit (the rest is read again)
KEEP_READ_CHARS = 64_000_000


def audit(paths: Sequence[str | Path], *, module: str | Path | None = None, game: str | None = None,
          binding: str | Path | None = None, jobs: int = 1,
          preset: tuple[Binding, Module | None] | None = None, replay_only: bool = False,
          force: bool = False, keep_order: bool = False, reveal_hidden: bool = False) -> AuditResult:
    """Audit ``paths``; given in plain name order (as a shell glob gives them), in natural
    name order instead (``turn2`` before ``turn10``) unless ``keep_order``; see the module
    docstring. ``preset`` = a ready binding; ``replay_only``: no
    rules (no binding needed), only replay, continuity and statistics. A file whose own
    metadata names another module than ``module`` is refused unless ``force``. ``reveal_hidden``:
    the integrity section names the pieces of undone steps in full, not as an opponent sees them
    (the rest of the result is redacted when rendered, :mod:`vmodgen.audit.redact`)."""
    given = [str(p) for p in paths]
    if not given:
        raise InputError(None, "no save or log to audit")
    given, repeats = given_once(given, judged=not replay_only)     # a file given twice is the same play: once
    order = given if keep_order else play_order(given)
    if preset is not None:
        b, mod = preset
    elif not replay_only and module is None and binding is None:
        _refuse_module_as_log(given)
        b, mod = make_binding(None, game, None)
    elif replay_only:
        mod = read_module(module) if module else None
        b = ReplayOnlyBinding(mod)
    else:
        b, mod = make_binding(str(module) if module else None, game, str(binding) if binding else None)
    rs = ruleset_for(b.game)
    rules = [] if isinstance(b, ReplayOnlyBinding) else rs.rules()
    setup = Setup(b, mod, str(module) if module else None, game, str(binding) if binding else None, reveal_hidden)
    b.reset()
    b.take_observations()          # nothing an earlier audit in this process noticed
    if mod is not None:
        for p in order:           # read each file once up front: bad input fails before any work
            if not Path(p).is_file():
                raise InputError(p, "no such file")
    named_by: dict[str, list[str]] = {}   # the module given against each file's own metadata
    kept: dict[str, SaveFile] = {}    # files read for the check, kept for the audit (up to a budget)
    if mod is not None:
        budget = KEEP_READ_CHARS
        for p in order:           # the module each file names in its own metadata
            save = read_save(p)
            named = check_module(p, save.module_name, mod.name, force, judged=not replay_only)
            named_by[p] = [said for said in (named, None if named else check_version(
                p, save.module_version, mod.version, mod.name)) if said]
            budget -= save.chars
            if budget >= 0:
                kept[p] = save
    jobs = max(1, min(jobs or 1, len(order), os.cpu_count() or 1))
    note = None
    if jobs > 1 and rules and rs.MEMORY_KEYS:
        # each file would start from facts only the previous file's end gives: a guess would be
        # wrong at nearly every file and each would be audited twice
        jobs = 1
        note = (f"The {b.game.name} rules carry facts from one file to the next ("
                f"{', '.join(rs.MEMORY_KEYS[:4])}{', ...' if len(rs.MEMORY_KEYS) > 4 else ''}): the files "
                "were audited one after another (--jobs runs files in parallel only for rules that carry nothing "
                "between files).")
    if jobs > 1 and b.phase_source == "player":
        # the phase comes from who moves: where a file starts depends on the moves of the file
        # before, which no pre-scan of chat lines can predict, so every file after the first
        # would be audited twice (a second time after the one before it)
        jobs = 1
        note = ("The phase is read from who moves ([turns] source = \"player\"): each file starts in the "
                "phase the moves of the file before it end in, so the files were audited one after another "
                "(--jobs would have audited every file after the first twice).")
    results = _parallel(order, setup, jobs, rs, kept) if jobs > 1 else None
    if results is None:
        auditor = FileAuditor(b, mod, rs)
        auditor.reveal_hidden = reveal_hidden
        results = [auditor.run(kept.pop(p) if p in kept else read_save(p), p) for p in order]
    # the branches, found once (from the files' own start and end positions, which a file audited
    # again from another context keeps): followed, then standing violations judged along them
    points = branch_points(results)
    if rules:
        results = _follow_branches(results, b, mod, rs, reveal_hidden, points)
    # what reading the module warned of (as `inspect` says it: a buildFile its VASSAL version
    # would not open, an image missing), then each file's metadata, then its saved boards and
    # move reports (read as it was audited)
    module_warned = [f"{module}: {w}" for w in folded(mod.warnings if mod is not None and module else [])]
    doubts = module_warned + [said for r in results for said in named_by.get(r.path, []) + r.module_doubts]
    if mod is not None:
        snaps = [(r.path, [r.start, r.end]) for r in results]
        doubts += [said for said in (missing_maps(snaps, list(mod.maps)), missing_prototypes(snaps, mod.prototypes))
                   if said]
    warnings: list[str] = repeats + doubts
    result = assemble(results, b, rules, given=None if order == given else given, warnings=warnings, points=points,
                      never_judged=rs.never_judged_in_a_log())
    result.module_doubts = doubts
    result.given_again = repeats
    if module_warned:           # (also among the warnings) each report shows them first
        result.coverage["module_warnings"] = module_warned
    if note:
        result.notes.append(note)
    return result


def _follow_branches(results: list[FileAudit], b, mod, rs, reveal_hidden: bool,
                     found: list[tuple[int, int]] | None = None) -> list[FileAudit]:
    """A file that starts a branch (it starts exactly where an earlier file ended, not where the
    file before it did: a player sent a file played from an older save) is audited again from
    the end of the file it starts from (its rules' memory: a unit's move or arrival this turn),
    and every file after it from there: judged from the play before it, not from the other
    branch's (:func:`.order.branch_points`). One pass from the first branch: each file after it
    is audited once more, whatever the number of branches. ``found``: the branch points, when
    already known."""
    points = {y: c for c, y in (branch_points(results) if found is None else found)}
    if not points:
        return results
    out = list(results)
    auditor: FileAuditor | None = None     # (made at the first branch, where the pass starts)
    for i in range(min(points), len(out)):
        if i in points:         # (the file it starts from is judged as it stands: it comes before)
            auditor = FileAuditor(b, mod, rs)
            auditor.reveal_hidden = reveal_hidden
            c = points[i]
            out[i] = auditor.run(read_save(out[i].path), out[i].path, context=out[c].end_context, before=out[c].end)
        elif auditor is not None:
            out[i] = auditor.run(read_save(out[i].path), out[i].path)
    return out


def _parallel(paths: list[str], setup: Setup, jobs: int, rs, kept: dict[str, SaveFile]) -> list[FileAudit] | None:
    """Every file in its own process, each starting from the context the previous file will end
    with: the phase a chat-reading binding carries over is folded from a pre-scan of every
    file's chat lines (here, before the workers fork: they inherit the parsed files, so no file
    is read or parsed twice); the rule set's memory is guessed empty. A file whose guess turns
    out wrong is audited again here, after the previous one: the result is the sequential one.
    None when the platform cannot fork. ``kept``: files already read (by path)."""
    import multiprocessing as mp
    from concurrent.futures import ProcessPoolExecutor
    try:
        ctx = mp.get_context("fork")
    except ValueError:
        return None
    b = setup.binding
    _WORKER.clear()
    _WORKER["setup"] = setup
    b.reset()
    starts: list[object] = [b.phase_context()] * len(paths)
    if b.phase_context() is not None:          # the phase is read from chat lines
        saves = _WORKER["saves"] = {}
        for i, p in enumerate(paths):
            save = saves[p] = kept.pop(p, None) or read_save(p)
            starts[i] = b.phase_context()
            b.read_chat(chat_lines(save))
        b.reset()
    else:
        _WORKER["saves"] = kept
    # what the workers inherit (the parsed files, the module) is never collected there: frozen,
    # the collector does not walk it (nor touch its pages, which the fork shares)
    gc.freeze()
    try:
        with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as pool:
            done = _raise_errors(list(pool.map(_audit_one, zip(paths, starts))))
    finally:
        gc.unfreeze()
    out = [r for r, _ in done]
    if setup.module is not None:           # the workers' module warnings, in file order, as one job says them
        for _, warned in done:
            for w in warned:
                warn_once(setup.module.warnings, w)
    saves = _WORKER.pop("saves", {})
    auditor = None
    forgets = type(rs).placed_between is not RuleSet.placed_between
    for i in range(1, len(out)):
        # a worker guessed the context empty and knew nothing of the file before: again here when
        # the guess was wrong, or when the file does not start where that one ended (a gap the
        # rule set forgets units' places for)
        sm = chain_seam(out, i) if forgets else None
        if _starts_otherwise(out[i - 1], out[i]) or (sm is not None and sm.units):
            if auditor is None:
                auditor = FileAuditor(b, setup.module, rs)
                auditor.reveal_hidden = setup.reveal_hidden
            auditor.known_seam = sm
            out[i] = auditor.run(saves.get(paths[i]) or read_save(paths[i]), paths[i],
                                 context=out[i - 1].end_context, before=out[i - 1].end)
    return out


def _starts_otherwise(before: FileAudit, guessed: FileAudit) -> bool:
    """Whether a worker's file would have gone otherwise from the context the file before it
    ends with: another phase context or memory, or moves it carries (:class:`MoveCarry`) that
    the file goes on with (it starts in their phase with a unit where its path ended; a carry it
    does not use changes nothing)."""
    end, start = before.end_context, guessed.start_context
    if end[:2] != start[:2]:
        return True
    carry = end[2] if len(end) > 2 else None
    if carry is None:
        return False
    hexes = guessed.start_hexes
    if hexes is None:           # not noted: used if it is in the phase the file starts in
        return carry.phase == guessed.start_phase
    return bool(carry.usable(guessed.start_phase, hexes.get))


def _raise_errors(results: list) -> list:
    for r in results:
        if isinstance(r, tuple) and r and r[0] == "error":
            from ..errors import LimitError
            _, limit, path, message, line, place = r
            raise (LimitError if limit else InputError)(path, message, line, place)
    return results


def open_phase_note(results: list[FileAudit], b: Binding, rules) -> list[str]:
    """With the phase read from who moves (``source = "player"``), a phase ends only when
    another side's player moves: the last phase of the files has not ended, so its end-of-phase
    rules did not run on it. Say so (the next file judges it)."""
    if b.phase_source != "player" or not results or not results[-1].timeline:
        return []
    _, turn, phase = results[-1].timeline[-1]
    due = sorted({f"{r.id} ({r.title})" for r in rules if r.when.at == "end"})
    if not phase or not due:
        return []
    info = b.game.sequence.phase(phase)
    name = info.name if info is not None else phase
    return [f"The last phase of the files, {name} (turn {turn}, {Path(results[-1].path).name}), had not ended "
            "when they end (a phase read from who moves ends when another side's player moves): its "
            f"end-of-phase rules ({'; '.join(due)}) did not run on it. The next file judges it."]


def _mark_after_gap(findings: list, results: list[FileAudit], gaps: dict[int, set[str]]) -> None:
    """A file after a seam that does not close (a missing file, a branch, moves with no log
    running): a unit placed differently there moved in play no file holds, and the rules judge it
    with what the file before carried over (their memory of its last phase ends). Each finding of
    that file naming such a unit says so (``details.after_gap``: the file before the seam)."""
    for i, moved in sorted(gaps.items()):
        if not 0 < i < len(results) or not moved:
            continue
        r, before = results[i], results[i - 1]
        a, b = Path(before.path).name, Path(r.path).name
        for f in findings:
            if f.file == r.path and moved.intersection(f.units):
                f.details["after_gap"] = before.path
                f.message += (f" ({b} does not start where {a} ended: the unit was placed differently between them, "
                              f"in play no file holds; judged with what {a} carried over)")


def under_way(f: AuditFinding) -> str:
    """The sentence telling that the log ends with the finding's retreat or advance open: the
    word from its units' sides (the phasing side advances, the other retreats; ``scene`` holds
    each unit's side), "retreat or advance" when they are unknown or of both sides."""
    sides = {s[4] for s in f.scene if s[0] in f.units}
    what = ("advance" if sides == {f.side} else "retreat" if sides and f.side and f.side not in sides
            else "retreat or advance")
    return f"the log ends in the Combat Phase with this {what} under way: judged where it stands"


def _retreats_at_end(r: FileAudit, i: int, followed: bool, goes_on: set[int]) -> list:
    """The findings of the retreats and advances file ``i`` ends with open: none when a next
    file goes on with them (it judges them where they end); for the chain's last file, said to
    be judged where they stand (the record stops mid-retreat or mid-advance)."""
    if i in goes_on:
        return []
    if not followed:
        for f in r.retreat_end:
            if not f.details.get("retreat_under_way"):
                f.details["retreat_under_way"] = True
                f.message += f" ({under_way(f)})"
    return r.retreat_end


def _earlier_finding(key: Breach, findings: list[AuditFinding], found_in: list[int], files: set[int]
                     ) -> AuditFinding | None:
    """The last finding of ``key`` found in one of ``files`` (None when there is none)."""
    return next((e for e, j in zip(reversed(findings), reversed(found_in)) if j in files and e.key == key), None)


def assemble(results: list[FileAudit], b: Binding, rules, *, given: list[str] | None = None,
             warnings: list[str] | None = None, points: list[tuple[int, int]] | None = None,
             never_judged: frozenset[str] = frozenset()) -> AuditResult:
    """The chain's result from its files' results (in play order). ``given``: the order the
    user gave the files in, when they were sorted; ``warnings``: sentences said before the audit
    (a module name not matching, forced); ``points``: the chain's :func:`.order.branch_points`,
    when already known; ``never_judged``: the rules no check judges in a VASSAL file
    (``RuleSet.never_judged_in_a_log``), named not judged by the files and not listed checked."""
    findings: list[AuditFinding] = []
    # rule key → the violations standing at the last check of the rule, in the files a file goes
    # on from (not those of a branch abandoned before it, order.played_before): a violation is
    # reported once while it lasts, across the whole chain
    points = branch_points(results) if points is None else points
    start_of = {y: c for c, y in points}
    standing_after: list[dict[str, set]] = []
    goes_on = {start_of.get(j, j - 1) for j, r in enumerate(results) if j and r.goes_on_retreat}
    # the file each finding was found in (parallel to ``findings``): an earlier finding is looked
    # up only in the files the current one goes on from, never on a branch abandoned before it
    found_in: list[int] = []
    for i, r in enumerate(results):
        standing = standing_after[start_of.get(i, i - 1)] if i else {}
        before = set(played_before(results[:i + 1], points))
        for f in r.findings + _retreats_at_end(r, i, i + 1 < len(results), goes_on):
            if f.details.get("from_start") and any(f.key in keys for keys in standing.values()):
                # still the violation an earlier file ended with: what joined it here goes to its finding
                earlier = _earlier_finding(f.key, findings, found_in, before)
                if earlier is not None:
                    same_breach.carry_on(earlier, f)
                continue
            if f.details.pop("goes_on_before", False):
                # a breach of hexes an earlier file's move told of, gone on in this one (the engine's
                # MoveCarry.named): its additions go to that finding; with none found it is its own
                earlier = _earlier_finding(f.key, findings, found_in, before)
                if earlier is not None:
                    same_breach.carry_on(earlier, f)
                    continue
            f.details.pop("from_start", None)
            findings.append(f)
            found_in.append(i)
        standing_after.append({**standing, **r.final_by_rule})
    for f in findings:
        f.details.pop("from_start", None)
    # the last file's phase never ended: what waits for its end is judged or named (audit/pending.py)
    # (judged by the files the last one goes on from: not those of a branch abandoned before it)
    last = across_files(results[-1].pending, [results[i].state_judged for i in played_before(results, points)]
                        if results[-1].pending.states_unjudged else []) if results else None
    if last is not None:
        findings += last.findings
    continuity = []
    for a, c in zip(results, results[1:]):
        continuity += compare(a.path, a.end, c.path, c.start)
    phase_known = any(r.steps + 1 > r.phase_unknown_steps for r in results) or not rules
    # with no phase, the stacking limit is still judged at the end of each player's run of moves
    inferred_ends = any(r.coverage is not None and r.coverage.inferred_turn_ends for r in results)
    checked, skipped = [], []
    for rule in rules:
        entry = {"rule": rule.id, "kind": rule.kind, "title": rule.title, "when": rule.when.describe()}
        never = rule.id in never_judged
        if (not phase_known and inferred_ends and rule.kind == "stacking" and needs_phase(rule)
                and not checks_moves(rule) and not never):
            checked.append({**entry, "when": "at the end of each player's run of moves (turn inferred)"})
        elif needs_phase(rule) and not phase_known:
            why = ("moves are only followed within a movement phase, and the phase is unknown" if checks_moves(rule)
                   else "the phase is unknown (no turn tracker or binding phase source)")
            skipped.append({**entry, "why": why})
        elif not never:            # (a rule never judged is in rules_not_judged, with its reason)
            checked.append(entry)
    for r in results:
        b.add_observations(r.observations, r.path)
    notes = list(b.notes())
    for r in results:
        notes += [n for n in getattr(r, "notes", ()) if n not in notes]
    warned, messages = silence_messages(results, b, rules)
    order_info, doubts, gaps, unplayed = order_messages(results, given, b.game.sequence, judged=bool(rules))
    _mark_after_gap(findings, results, gaps)
    # a doubt about the order or a seam is a warning (on stderr and at the top of every report),
    # followed by what it means: what a file carries over from the one before it (memory,
    # continuity) was read in that order
    warned = list(warnings or []) + b.warnings() + [m for _, m in doubts] + [d for r in results for d in r.doubles + r.unrolled] + warned
    # a file cut short holds less play than was played: the audit of it is partial
    warned += [f"{r.path}: {r.integrity.cut}" for r in results if r.integrity is not None and r.integrity.cut]
    warned += [f"{r.path}: {r.integrity.undecodable}" for r in results
               if r.integrity is not None and r.integrity.undecodable]
    messages = order_info + messages
    if not phase_known:
        said = "; ".join(r["rule"] + " (" + r["title"] + ")" for r in checked) or "none"
        notes.append("The phase could not be read at any step: only the rules that need no phase were checked "
                     + (f"({said})." if not inferred_ends else
                        f"and the stacking limit at the end of each player's run of moves ({said})."))
    open_note = open_phase_note(results, b, rules)
    notes += open_note
    files = []
    for r in results:
        files.append(FileInfo(r.path, r.steps, r.kind, r.module_name, r.vassal_version,
                              players=[r.stats.recorder] if r.stats.recorder else [],
                              warnings=r.warnings[:20],
                              phases=[{"step": k, "turn": t, "phase": ph} for k, t, ph in r.timeline],
                              date_saved=r.date_saved or ""))
    stats = merge([r.stats for r in results])
    stats["findings_by_kind"] = {}
    for f in findings:
        stats["findings_by_kind"][f.kind] = stats["findings_by_kind"].get(f.kind, 0) + 1
    stats["continuity_issues"] = len(continuity)
    # every distinct reason of a rule is kept: one file's "turns on who holds ..." must not hide
    # another's, nor the final phase end's "the log ends before ..."
    not_judged: dict[tuple[str, str], None] = {}
    for i, r in enumerate(results):
        for rule_id, why in r.not_judged.items():
            if i in goes_on and r.retreat_end_not_judged.get(rule_id) == why:
                continue           # (a retreat the next file goes on with: judged there, _retreats_at_end)
            not_judged.setdefault((rule_id, why), None)
    cut = [(r.path, m) for r in results for m in r.coverage.carried_after_moving]
    mat_rule = next((r.mat_rule for r in results if r.mat_rule), "")
    if cut and mat_rule:        # (one sentence for the chain: the coverage message's counts)
        not_judged.setdefault((mat_rule, mat_carry_sentence(cut)), None)
    rules_not_judged = [{"rule": s["rule"], "why": s["why"]} for s in skipped]
    rules_not_judged += [{"rule": k, "why": v} for k, v in not_judged
                         if k not in {s["rule"] for s in skipped}]
    if last is not None:
        # (a phase read from who moves: open_phase_note says it of the end-of-phase rules)
        named = {(r["rule"], r["why"]) for r in rules_not_judged}
        for entry in (last.end_rules if not open_note else []) + last.unrecorded:
            if (entry["rule"], entry["why"]) not in named:
                named.add((entry["rule"], entry["why"]))
                rules_not_judged.append(dict(entry))
    rules_not_judged = one_entry_per_rule(rules_not_judged)
    # end-of-phase state rules whose last verdict stands for the final position (nothing moved since)
    judged_earlier = [dict(e) for e in (last.standing if last is not None and not open_note else [])
                      if e["rule"] not in {r["rule"] for r in rules_not_judged}]
    coverage = chain_coverage([(r.path, r.coverage) for r in results], rules_not_judged, messages, warned,
                              judged_earlier)
    coverage["phase_source"] = b.phase_source        # (what the partial sentence's advice rests on)
    if unplayed:        # play no file holds went unjudged: the report is partial (coverage.partial_sentence)
        coverage["gaps"] = [{"from": results[i - 1].path, "to": results[i].path} for i in unplayed]
    if "illustrative" in coverage["moves"]:       # the kit has illustrative values: how many verdicts rest on them
        coverage["illustrative"] = {"findings": sum(1 for f in findings if f.illustrative), "of": len(findings)}
    integrity = integrity_section([r.integrity for r in results if r.integrity is not None], continuity)
    return AuditResult(findings, continuity, stats, files, checked, skipped, notes,
                       game=b.game.id, binding=b.source, phase_source=b.phase_source, binding_obj=b,
                       coverage=coverage, integrity=integrity, order_doubts=doubts)
