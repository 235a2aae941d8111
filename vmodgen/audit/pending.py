"""Judgments that wait for a phase end, when the record ends first.

Some rules are judged at the end of a phase (``When(at="end")``), and some of those judge facts
that an earlier phase end recorded (``Judged.RECORD``: OM's retreats and advances, recorded at
the end of the combat phase and judged one phase end later). Between the files of a chain the
next file's phase end judges them (the phase context and the memory carry over). When the last
file of a chain (or a single file) ends before its phase does, each such judgment is either

* made on the final position, when the rule judges only recorded facts (``Judged.RECORD``: the
  facts are complete once recorded), or
* named not judged, with why: "the log ends before the end of the X phase, where R is judged",
  and for what the end of that phase would have recorded (``RuleSet.unrecorded``) likewise.

So a record cut one phase early never gives a silent "0 findings" for a check that did not run.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

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


def phase_words(pos: Position, phase_name: str, file: str, steps: int) -> str:
    """"the log ends before the end of the German Movement Phase (turn 1, a.vlog)"."""
    what = "log" if steps else "save"
    name = phase_name or pos.phase
    if "phase" not in name.lower():
        name += " Phase"
    turn = f"turn {pos.turn}, " if pos.turn is not None else ""
    return f"the {what} ends before the end of the {name} ({turn}{Path(file).name})"


def at_end(final: Position | None, rules: list[Rule], rs: RuleSet, active: dict[str, set],
           key_of: Callable[[Rule], str], make: Callable[..., AuditFinding], phase_name: str,
           file: str, steps: int) -> Pending:
    """The judgments waiting for the end of ``final``'s phase (the file's last position, in a
    known phase; ``final.memory``: what was carried to it). ``active``: rule key → the
    violations standing at the rule's last check (not reported again); ``make(finding, pos,
    file, step, at)`` builds the audit's finding."""
    out = Pending()
    if final is None or not final.phase or not rules:
        return out
    pos = copy.copy(final)
    pos.at = "end"
    where = phase_words(pos, phase_name, file, steps)
    board = None
    named: set[str] = set()
    for rule in rules:
        if rule.when.at != "end" or not rule.when.applies(pos):
            continue
        if rule.judged is not Judged.RECORD:
            if rule.id not in named:
                named.add(rule.id)
                out.end_rules.append({"rule": rule.id, "why": f"{where}, where it is judged"})
            continue
        board = board or rs.board(pos)
        standing = active.get(key_of(rule), set())
        seen: set[tuple] = set()
        for f in rule.check(board):
            k = (f.rule, f.kind, tuple(sorted(f.hexes)), tuple(sorted(f.units)))
            if k in standing or k in seen:
                continue           # reported at an earlier phase end, and still standing
            seen.add(k)
            af = make(f, pos, file, steps, "during")   # a position inside the phase, not its end
            af.message += f" (judged on the final position: {where}, where it is judged)"
            af.details["judged_at_file_end"] = True
            out.findings.append(af)
    for rule_id, what in rs.unrecorded(pos).items():
        out.unrecorded.append({"rule": rule_id, "why": f"{where}, where {what} are recorded "
                                                         "for the judgment that follows it"})
    return out
