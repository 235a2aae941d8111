"""Judgments that wait for a phase end, when the record ends first.

Some rules are judged at the end of a phase (``When(at="end")``), and some of those judge facts
that an earlier phase end recorded (``Judged.RECORD``: OM's retreats and advances, recorded at
the end of the combat phase and judged one phase end later). Between the files of a chain the
next file's phase end judges them (the phase context and the memory carry over). When the last
file of a chain (or a single file) ends before its phase does, each such judgment is either

* made on the final position, when the rule judges only recorded facts (``Judged.RECORD``: the
  facts are complete once recorded), or
* kept from the last phase end it was judged at, when the rule reads only the units standing
  (``Judged.STATE``: a stacking limit) and none of them moved or changed since: its verdict
  there is the verdict on the final position (:func:`standing_since`), or
* named not judged, with why: "the log ends before the end of the X phase, where R is judged"
  (for a ``STATE`` rule, with how many units moved since it was last judged), and for what the
  end of that phase would have recorded (``RuleSet.unrecorded``) likewise.

A record that ends inside a combat phase judges that phase's record so far (:func:`record_so_far`):
the hex changes made before its last die roll, whose combats are complete; the units moved after
that roll are named not judged.

So a record cut one phase early never gives a silent "0 findings" for a check that did not run.
"""
from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, NamedTuple

from ..model.unit import Unit
from ..positions.model import Position
from ..rules.base import Judged, Rule, RuleSet
from .model import AuditFinding


@dataclass
class Pending:
    """What was still waiting for a phase end when a file ended (used for the last file only)."""
    #: findings of the rules judged on recorded facts (``Judged.RECORD``), judged on the final position
    findings: list[AuditFinding] = field(default_factory=list)
    #: ``{"rule", "why"}`` of the end-of-phase rules the final phase's end would have judged
    end_rules: list[dict] = field(default_factory=list)
    #: ``{"rule", "why"}`` of what the final phase's end would have recorded for a later judgment
    unrecorded: list[dict] = field(default_factory=list)
    #: ``{"rule", "why"}`` of the ``Judged.STATE`` rules of the final phase's end whose verdict at
    #: an earlier phase end stands: nothing they read changed since
    standing: list[dict] = field(default_factory=list)
    #: rule key → rule id of the ``Judged.STATE`` rules this file never judged (no phase end of
    #: theirs in it), named in ``end_rules``: a verdict of a file before may stand (:func:`across_files`)
    states_unjudged: dict[str, str] = field(default_factory=dict)
    #: the final position's units as a ``Judged.STATE`` rule reads them, and its words ("the log
    #: ends before ..."), for :func:`across_files`
    final_marks: Counter | None = None
    where: str = ""


#: what a ``Judged.STATE`` rule reads of one unit: (unit id, hex, reduced, statuses, its values:
#: :func:`unit_values`)
UnitMark = tuple[str, str, bool, frozenset, tuple]


class StateJudged(NamedTuple):
    """Where a ``Judged.STATE`` rule was last judged: the units it read there, that phase end in
    words ("the end of the German Movement Phase (turn 1, a.vlog)"), the (turn, phase id) it
    ended and the step that ended it."""
    units: Counter
    where: str
    phase: tuple | None = None
    step: int = 0
    #: "" or how that phase end was taken back ("an Undo at step 4"): the phase went on
    undone: str = ""

    def taken_back(self, step: int, how: str) -> "StateJudged":
        """The same verdict, its phase end taken back at ``step`` (``how``: "an Undo", "the
        tracker sent back"): the position it read stood, but the phase went on."""
        where = f"{self.where[:-1]}, step {self.step})" if self.where.endswith(")") else self.where
        return self._replace(where=where, undone=f"{how} at step {step}")


def unit_marks(pos: Position) -> Counter:
    """The units of ``pos`` as a ``Judged.STATE`` rule reads them (a multiset: a unit that became
    two pieces counts twice)."""
    return Counter((u.id, u.hex, u.reduced, u.status, unit_values(u.unit)) for u in pos.units)


def unit_values(unit: Unit) -> tuple:
    """What a rule reads of a unit besides where it stands: its side, kind, flags and printed
    values. A binding's class matched on a piece's name or properties of the moment may give the
    same piece another unit (another stacking value) on the same hex, side up and statuses."""
    return (unit.side, unit.type, unit.steps, unit.movement_class, unit.flags,
            tuple(sorted(unit.front.items())), None if unit.back is None else tuple(sorted(unit.back.items())))


def changed_since(before: Counter, now: Counter) -> tuple[int, int]:
    """(units that moved: on another hex, or come or gone; units that only changed: side up,
    statuses or values) between two :func:`unit_marks`; (0, 0) when the same."""
    if before == now:
        return 0, 0
    hexes: dict[str, Counter] = {}
    for (uid, h, *_), n in (before - now).items():
        hexes.setdefault(uid, Counter())[h] -= n
    for (uid, h, *_), n in (now - before).items():
        hexes.setdefault(uid, Counter())[h] += n
    moved = sum(1 for c in hexes.values() if any(c.values()))
    return moved, len(hexes) - moved


def phase_end_words(pos: Position, phase_name: str, file: str) -> str:
    """"the end of the German Movement Phase (turn 1, a.vlog)": where a rule was judged."""
    name = phase_name or pos.phase
    if "phase" not in name.lower():
        name += " Phase"
    turn = f"turn {pos.turn}, " if pos.turn is not None else ""
    return f"the end of the {name} ({turn}{Path(file).name})"


def phase_words(pos: Position, phase_name: str, file: str, kind: str) -> str:
    """"the log ends before the end of the German Movement Phase (turn 1, a.vlog)" (``kind``:
    "log" or "save", the file's own)."""
    what = kind
    name = phase_name or pos.phase
    if "phase" not in name.lower():
        name += " Phase"
    turn = f"turn {pos.turn}, " if pos.turn is not None else ""
    return f"the {what} ends before the end of the {name} ({turn}{Path(file).name})"


def at_end(final: Position | None, rules: list[Rule], rs: RuleSet, active: dict[str, set],
           key_of: Callable[[Rule], str], make: Callable[..., AuditFinding], phase_name: str,
           file: str, steps: int, judged: dict[str, StateJudged] | None = None,
           settled: tuple[int, Position] | None = None, last_end: Position | None = None,
           kind: str = "log") -> Pending:
    """The judgments waiting for the end of ``final``'s phase (the file's last position, in a
    known phase; ``final.memory``: what was carried to it). ``active``: rule key → the
    violations standing at the rule's last check (not reported again); ``make(finding, pos,
    file, step, at)`` builds the audit's finding; ``judged``: rule key → where each
    ``Judged.STATE`` rule was last judged in this file; ``settled``: (step, position) of the last
    die roll of the combat phase the file ends in, ``last_end``: the position at the file's last
    phase end (for :func:`record_so_far`); ``kind``: the file's, "log" or "save" (:func:`phase_words`)."""
    out = Pending()
    if final is None or not final.phase or not rules:
        return out
    pos = copy.copy(final)
    pos.at = "end"
    where = phase_words(pos, phase_name, file, kind)
    board = None
    named: set[str] = set()
    found: dict[str, set[tuple]] = {}     # rule key → what the final position's judgment found
    for rule in rules:
        if rule.when.at != "end" or not rule.when.applies(pos):
            continue
        if rule.judged is Judged.STATE and rule.id not in named:
            named.add(rule.id)
            last = (judged or {}).get(key_of(rule))
            entry = standing_since(rule.id, final, last, where)
            (out.standing if entry.pop("stands") else out.end_rules).append(entry)
            if last is None:
                out.states_unjudged[key_of(rule)] = rule.id
                out.final_marks, out.where = unit_marks(final), where
            continue
        if rule.judged is not Judged.RECORD:
            # (a rule whose precondition a log never records, or judged in position files only, is
            # judged at no phase end of a log, one such as OM 9.71 not at this one: "where it is
            # judged" would be untrue)
            if rule.id not in named and rule.id not in rs.LOG_PRECONDITIONS and rs.judged_at_log_end(rule.id, pos):
                named.add(rule.id)
                out.end_rules.append({"rule": rule.id, "why": f"{where}, where it is judged"})
            continue
        board = board or rs.board(pos)
        standing = active.get(key_of(rule), set())
        seen = found.setdefault(key_of(rule), set())
        for f in rule.check(board):
            k = rule.breach(f)
            if k in standing or k in seen:
                continue           # reported at an earlier phase end, and still standing
            seen.add(k)
            af = make(f, pos, file, steps, "during")   # a position inside the phase, not its end
            af.breach = k
            af.message += f" (judged on the final position: {where}, where it is judged)"
            af.details["judged_at_file_end"] = True
            out.findings.append(af)
    for rule_id, what in rs.unrecorded(pos).items():
        why = f"{where}, where {what} are recorded for the judgment that follows it"
        so_far = [r for r in rules if r.id == rule_id and r.judged is Judged.RECORD]
        if so_far and settled is not None and pos.phase_kind == "combat":
            # what the final position's judgment found is not reported again (a reaction or a
            # refusal recorded at an earlier phase end is in both)
            known = {rk: active.get(rk, set()) | found.get(rk, set()) for rk in set(active) | set(found)}
            so_far_found, left = record_so_far(so_far, final, settled, last_end, rs, known, key_of, make, where,
                                               file)
            out.findings += so_far_found
            why += (f"; judged for the hex changes made before its last die roll (step {settled[0]}: the "
                    "combats before it are complete), " + (
                        f"not for the {left} unit(s) moved after that roll, whose combat may go on" if left else
                        "and no unit moved after that roll: its combat's retreats and advances are not in the "
                        "log yet"))
        out.unrecorded.append({"rule": rule_id, "why": why})
    return out


def record_so_far(rules: list[Rule], final: Position, settled: tuple[int, Position], last_end: Position | None,
                  rs: RuleSet, active: dict[str, set], key_of: Callable[[Rule], str],
                  make: Callable[..., AuditFinding], where: str, file: str) -> tuple[list[AuditFinding], int]:
    """A combat phase the record ends inside (``final``): what its end would record
    (:meth:`RuleSet.remember`), written at its last die roll (``settled``: every combat before that
    roll is complete, its retreats and advances made), and ``rules`` (``Judged.RECORD``) judged on
    it, leaving out the units moved after that roll (their combat may go on: their record is not
    complete). ``active``: rule key → the violations not to report again (standing from an earlier
    judgment, or found on the final position). Returns the findings and how many units moved after
    the roll."""
    step, at_roll = settled
    moved_after = {uid for (uid, *_), n in ((unit_marks(at_roll) - unit_marks(final))
                                           + (unit_marks(final) - unit_marks(at_roll))).items() if n}
    memory = copy.deepcopy(final.memory)
    ended = copy.copy(at_roll)
    ended.at, ended.memory = "end", memory
    rs.remember(last_end, ended, memory)
    judged = copy.copy(ended)
    judged.memory = memory.snapshot() if hasattr(memory, "snapshot") else memory
    board = rs.board(judged)
    out: list[AuditFinding] = []
    for rule in rules:
        standing = active.get(key_of(rule), set())
        seen: set[tuple] = set()
        for f in rule.check(board):
            k = rule.breach(f)
            if k in standing or k in seen or moved_after & set(f.units):
                continue
            seen.add(k)
            af = make(f, judged, file, step, "during")
            af.breach = k
            af.message += (f" (judged on the record so far: {where}; the combats before its last die roll, "
                           f"step {step}, are complete)")
            af.details["judged_at_file_end"] = True
            out.append(af)
    return out, len(moved_after)


def across_files(pending: Pending, earlier: list[dict[str, StateJudged]]) -> Pending:
    """The last file's ``pending`` with the ``Judged.STATE`` rules it never judged (no phase end
    of theirs in it) judged by the files before (``earlier``: each file's last verdicts, rule
    key → :class:`StateJudged`, in play order): the latest verdict stands when no unit moved or
    changed since (the seams included: a unit placed differently there moved), else the rule is
    not judged saying how many units moved since that verdict."""
    if not pending.states_unjudged or pending.final_marks is None or not earlier:
        return pending
    out = copy.copy(pending)
    out.end_rules, out.standing = list(pending.end_rules), list(pending.standing)
    for key, rule_id in pending.states_unjudged.items():
        last = next((e[key] for e in reversed(earlier) if key in e), None)
        if last is None:
            continue
        plain = {"rule": rule_id, "why": f"{pending.where}, where it is judged"}
        if plain not in out.end_rules:
            continue
        out.end_rules.remove(plain)
        entry = standing_since(rule_id, pending.final_marks, last, pending.where)
        (out.standing if entry.pop("stands") else out.end_rules).append(entry)
    return out


def standing_since(rule: str, final: Position | Counter, last: StateJudged | None, where: str) -> dict:
    """``{"rule", "why", "stands"}`` for a ``Judged.STATE`` rule (its id) whose phase end the record never
    reached (``where``): its verdict at ``last`` stands when no unit moved or changed since
    (the rule reads nothing else); otherwise it is not judged (a player could still set it
    right before the phase end), saying how many units moved since it was last judged."""
    if last is None:
        return {"rule": rule, "why": f"{where}, where it is judged", "stands": False}
    moved, changed = changed_since(last.units, final if isinstance(final, Counter) else unit_marks(final))
    if last.undone:            # a phase end taken back: the position it read stood, the phase went on
        at = f"{last.where}, a phase end {last.undone} took back (the phase went on)"
    if not moved and not changed:
        return {"rule": rule, "stands": True,
                "why": f"judged at {at if last.undone else last.where}; no unit moved or changed since, so "
                       f"that verdict stands for the final position ({where})"}
    since = f"{moved} unit(s) moved" + (f" and {changed} changed side up, markers or values" if changed else "")
    if not moved:
        since = f"{changed} unit(s) changed side up, markers or values"
    if last.undone:
        return {"rule": rule, "stands": False,
                "why": f"{where}, where it is judged; {since} since it was last judged, at {at}"}
    return {"rule": rule, "stands": False,
            "why": f"{where}, where it is judged; {since} since {last.where}, where it was last judged"}
