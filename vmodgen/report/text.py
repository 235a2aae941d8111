"""The text report: one line per finding (``file:step: when [rule] message``), then the
continuity issues, the notes and the statistics."""
from __future__ import annotations


def finding_line(f) -> str:
    when = f.where()
    side = f" ({f.side})" if f.side else ""
    return f"{f.file}:{f.step}: {when + side + ': ' if when else ''}[{f.rule}] {f.message}"


def text_report(result) -> str:
    lines = [finding_line(f) for f in result.findings]
    for c in result.continuity:
        lines.append(str(c))
    for n in result.notes:
        lines.append(f"note: {n}")
    if result.skipped_rules:
        lines.append("not checked: " + "; ".join(f"{r['rule']} ({r['title'] or r['kind']}): {r['why']}"
                                                   for r in result.skipped_rules))
    s = result.stats
    nf = len(result.findings)
    lines.append(f"{nf} finding{'s' if nf != 1 else ''}, {len(result.continuity)} continuity "
                 f"issue{'s' if len(result.continuity) != 1 else ''} in {len(result.files)} "
                 f"file{'s' if len(result.files) != 1 else ''} ({s.get('steps', 0)} steps; game {result.game})")
    lines.append(f"undos: {s.get('undos', 0)}; moves by side: {_kv(s.get('moves_by_side', {}))}; "
                 f"moves by player: {_kv(s.get('moves_by_player', {}))}")
    rolls = s.get("die_rolls", {})
    if rolls:
        lines.append("die rolls: " + "; ".join(f"{p}: {d['count']} rolls, mean {d['mean']}" for p, d in rolls.items()))
    from ..integrity.render import integrity_text
    lines += integrity_text(result.integrity)
    return "\n".join(lines) + "\n"


def _kv(d: dict) -> str:
    return ", ".join(f"{k} {v}" for k, v in d.items()) or "none"
