"""The text report: one line per finding (``file:step: when [rule] message``), then the
continuity issues, the notes, what reading each file warned of, the summary and statistics, and
last the coverage (what was judged and what not: ``coverage:`` and ``warning:`` lines). Each line is escaped
(:func:`~vmodgen.errors.printable`): what the files say cannot forge a line."""
from __future__ import annotations

from ..errors import printable
from ..audit.stats import BY_SEAT, CARRIED_LABEL, CARRIED_MOVES, SENT_LABEL, SENT_MOVES
from ..rules.illustrative import audit_sentence, suffix
from ..audit.coverage import (not_judged_sentence, partial_sentence, placed_sentence, rules_not_judged_by_reason,
                               units_recognised_note)


def finding_line(f) -> str:
    when = f.where()
    side = f" ({f.side})" if f.side else ""
    return f"{f.file}:{f.step}: {when + side + ': ' if when else ''}[{f.rule}] {f.message}{suffix(f.illustrative)}"


def text_report(result) -> str:
    # what reading the module warned of comes first: the module itself is in doubt
    lines = [f"warning: {msg}" for msg in result.coverage.get("module_warnings", [])]
    lines += [finding_line(f) for f in result.findings]
    for c in result.continuity:
        lines.append(str(c))
    for n in result.notes:
        lines.append(f"note: {n}")
    lines += [f"warning: {w}" for w in file_warnings(result)]
    if result.skipped_rules:
        lines.append("not checked: " + "; ".join(f"{r['rule']} ({r['title'] or r['kind']}): {r['why']}"
                                                   for r in result.skipped_rules))
    s = result.stats
    nf = len(result.findings)
    lines.append(f"{nf} finding{'s' if nf != 1 else ''}, {len(result.continuity)} continuity "
                 f"issue{'s' if len(result.continuity) != 1 else ''} in {len(result.files)} "
                 f"file{'s' if len(result.files) != 1 else ''} ({s.get('steps', 0)} steps; game {result.game})")
    from ..audit.redact import revealed_sentence
    # (under the count, before the statistics: what a player reads first)
    lines += [line for line in (partial_sentence(result.coverage), placed_sentence(result.coverage),
                                revealed_sentence(result), not_judged_sentence(result.coverage)) if line]
    sent, carried = s.get("moves_sent"), s.get("moves_carried")
    lines.append(f"undos: {s.get('undos', 0)}; moves by side: {_kv(s.get('moves_by_side', {}))}; "
                 + (f"{SENT_LABEL}: {_kv(sent)} ({SENT_MOVES}); " if sent else "")
                 + (f"{CARRIED_LABEL}: {_kv(carried)} ({CARRIED_MOVES}); " if carried else "")
                 + f"moves by player: {_kv(s.get('moves_by_player', {}))}"
                 + (f" ({BY_SEAT.format(n=s['moves_by_seat'])})" if s.get("moves_by_seat") else ""))
    rolls = s.get("die_rolls", {})
    if rolls:
        lines.append("die rolls: " + "; ".join(f"{p}: {d['count']} rolls, mean {d['mean']}" for p, d in rolls.items()))
    from ..integrity.render import integrity_text
    lines += integrity_text(result.integrity)
    lines += coverage_lines(result.coverage)
    # piece, unit and player names and chat come from the files: a control character in one
    # (a newline, an escape, a bidi override) must not forge a line of the report
    return "\n".join(printable(line) for line in lines) + "\n"


def file_warnings(result) -> list[str]:
    """What reading each file warned of (``files[].warnings``: a note of the module-fit check, a
    command the replay could not read) that the notes and coverage warnings do not already say,
    once each: every format shows them (a partial result is said in each)."""
    cov = result.coverage
    said = set(result.notes) | set(cov.get("warnings", ())) | set(cov.get("module_warnings", ()))
    out: list[str] = []
    for f in result.files:
        out += [w for w in f.warnings if w not in said and w not in out]
    return out


def coverage_lines(cov: dict) -> list[str]:
    """The coverage section: what was judged and what not, and why."""
    if not cov:
        return []
    m = cov["moves"]
    why = ", ".join(f"{k} {v}" for k, v in m["not_judged"].items() if v) or "none"
    extra = []
    if m["judged_without_allowance"]:
        extra.append(f"{m['judged_without_allowance']} without a movement allowance (only ZOC, enemy units and "
                     "terrain along the path)")
    if m["long_drags_judged"]:
        extra.append(f"{m['long_drags_judged']} drag(s) over several hexes judged at the hexes where they ended")
    lines = [f"coverage: {cov['steps']} steps replayed, phase known at {cov['steps_phase_known']} "
             f"({cov['phase_known_share']:.0%})"
             + (f", turn inferred from who moves at {cov['steps_turn_inferred']}"
                if cov["steps_turn_inferred"] else ""),
             f"coverage: unit moves {m['seen']}: judged {m['judged']}"
             + (f" ({'; '.join(extra)})" if extra else "")
             + (f"; placed (the binding's placement phases) {m['placed']}" if m.get("placed") else "")
             + f"; not judged: {why}",
             "coverage: units recognised: " + (_kv(cov["units_by_side"]) if cov["units_by_side"] else "none")
             + " " + units_recognised_note(cov)]
    if cov.get("rules_not_judged"):
        lines.append("coverage: rules not judged: "
                     + "; ".join(f"{', '.join(rules)}: {why}" for rules, why in rules_not_judged_by_reason(cov)))
    if cov.get("rules_judged_earlier"):
        lines.append("coverage: rules judged at an earlier phase end: " + "; ".join(
            f"{', '.join(rules)}: {why}" for rules, why in rules_not_judged_by_reason(cov, "rules_judged_earlier")))
    lines += [f"warning: {msg}" for msg in cov.get("warnings", []) if msg not in cov.get("module_warnings", ())]
    lines += [f"coverage: {msg}" for msg in cov.get("messages", [])]
    ill = audit_sentence(cov)
    if ill:
        lines.append(f"coverage: {ill}")
    return lines


def _kv(d: dict) -> str:
    return ", ".join(f"{k} {v}" for k, v in d.items()) or "none"
