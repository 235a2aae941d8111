"""The integrity section as text lines and as an HTML fragment (the JSON report carries the
section's dict as it is)."""
from __future__ import annotations

from html import escape


def integrity_text(section: dict) -> list[str]:
    """Text lines: the flags first, then the dice table, undos, seats, versions, seams."""
    if not section:
        return []
    out = ["integrity:"]
    for f in section.get("flags", []):
        out.append(f"  ! {f}")
    dice = section.get("dice", {})
    for player, kinds in dice.get("players", {}).items():
        for kind, e in kinds.items():
            t = e.get("test", {})
            streak = e.get("longest_streak")
            line = (f"  dice: {player} {kind}: {e['rolls']} rolls, {e['dice']} dice"
                    + (f", faces {t['counts']}, mean {t['mean']} (fair {t['expected_mean']})" if t else "")
                    + (f", chi-square {t['chi_square']} p={t['p_value']}" if t.get("p_value") is not None else "")
                    + (f", longest streak {streak['length']}× {streak['face']}" if streak else "")
                    + (" (d6 assumed from the values)" if e.get("sides_assumed") else ""))
            out.append(line)
            if t:
                out.append(f"        {t['meaning']}")
    undone = dice.get("undone_rolls", [])
    if undone:
        out.append(f"  undone rolls ({len(undone)}, left out of the tests): "
                   + "; ".join(f"{r['file']}:{r['step']} {r['player']} {r['button']}={','.join(map(str, r['values']))}"
                               for r in undone[:20]) + (" …" if len(undone) > 20 else ""))
    undo = section.get("undo", {})
    if undo.get("count"):
        out.append(f"  undos: {undo['count']} ({', '.join(f'{p} {n}' for p, n in undo['by_player'].items())})")
        for u in undo["undos"][:30]:
            took = ", ".join(map(str, u["took_back"])) or "?"
            out.append(f"    {u['file']}:{u['step']} {u['player'] or '?'} took back step {took}: "
                       + ("; ".join(u["what"]) or "(not paired)"))
        if len(undo["undos"]) > 30:
            out.append(f"    … {len(undo['undos']) - 30} more (see --format json)")
    seats = section.get("seats", {})
    for f in seats.get("files", []):
        who = ", ".join(f"{s['name']} ({s['side'] or 'no side'})" for s in f["seats"]) or "no roster"
        out.append(f"  seats: {f['file']}: recorded by {f['recorder'] or '?'}; {who}")
    for v in section.get("versions", {}).get("files", []):
        out.append(f"  version: {v['file']}: {v['module'] or '?'} {v['module_version']}, "
                   f"VASSAL {v['vassal_version'] or '?'}{', saved ' + v['saved'] if v['saved'] else ''}")
    for s in section.get("seams", []):
        out.append(f"  seam: {s['before']} -> {s['after']}: "
                   + ("no difference" if not s["differences"] else f"{s['differences']} difference(s)"))
    return out


def integrity_html(section: dict) -> str:
    """An HTML fragment (a <section>) for the audit's HTML report."""
    if not section:
        return ""
    h = ['<section id="integrity"><h2>Integrity</h2>']
    flags = section.get("flags", [])
    if flags:
        h.append("<ul class='flags'>" + "".join(f"<li>{escape(f)}</li>" for f in flags) + "</ul>")
    else:
        h.append("<p>Nothing to flag: no re-roll, no seat or version change, every seam continuous.</p>")
    players = section.get("dice", {}).get("players", {})
    if players:
        h.append("<h3>Dice</h3><table><tr><th>player</th><th>die</th><th>rolls</th><th>dice</th>"
                 "<th>faces 1…n</th><th>mean</th><th>p</th><th>longest streak</th><th>what it means</th></tr>")
        for player, kinds in players.items():
            for kind, e in kinds.items():
                t = e.get("test", {})
                s = e.get("longest_streak")
                h.append(f"<tr><td>{escape(player)}</td><td>{escape(kind)}</td><td>{e['rolls']}</td>"
                         f"<td>{e['dice']}</td><td>{escape(str(t.get('counts', '')))}</td>"
                         f"<td>{t.get('mean', '')}</td><td>{'' if t.get('p_value') is None else t['p_value']}</td>"
                         f"<td>{_streak(s)}</td>"
                         f"<td>{escape(t.get('meaning', ''))}</td></tr>")
        h.append("</table>")
    undone = section.get("dice", {}).get("undone_rolls", [])
    if undone:
        h.append("<p>Undone rolls (left out of the tests): " + escape("; ".join(
            f"{r['file']}:{r['step']} {r['player']} {r['button']}={','.join(map(str, r['values']))}" for r in undone))
            + "</p>")
    undo = section.get("undo", {})
    if undo.get("undos"):
        h.append(f"<h3>Undos ({undo['count']})</h3><table><tr><th>file</th><th>step</th><th>player</th>"
                 "<th>took back</th><th>what</th></tr>")
        for u in undo["undos"]:
            h.append(f"<tr><td>{escape(u['file'])}</td><td>{u['step']}</td><td>{escape(u['player'] or '')}</td>"
                     f"<td>{escape(', '.join(map(str, u['took_back'])))}</td><td>{escape('; '.join(u['what']))}</td></tr>")
        h.append("</table>")
    seats = section.get("seats", {}).get("files", [])
    versions = {v["file"]: v for v in section.get("versions", {}).get("files", [])}
    if seats:
        h.append("<h3>Files</h3><table><tr><th>file</th><th>recorded by</th><th>seats</th><th>module</th>"
                 "<th>VASSAL</th><th>saved</th></tr>")
        for f in seats:
            v = versions.get(f["file"], {})
            who = ", ".join(f"{s['name']} ({s['side'] or 'no side'})" for s in f["seats"])
            h.append(f"<tr><td>{escape(f['file'])}</td><td>{escape(f['recorder'] or '')}</td><td>{escape(who)}</td>"
                     f"<td>{escape((v.get('module', '') + ' ' + v.get('module_version', '')).strip())}</td>"
                     f"<td>{escape(v.get('vassal_version', ''))}</td><td>{escape(v.get('saved', ''))}</td></tr>")
        h.append("</table>")
    seams = section.get("seams", [])
    if seams:
        h.append("<h3>Seams</h3><ul>" + "".join(
            f"<li>{escape(s['before'])} → {escape(s['after'])}: "
            + (f"<a href='#continuity'>{s['differences']} difference(s)</a>" if s["differences"] else "no difference")
            + "</li>" for s in seams) + "</ul>")
    h.append("</section>")
    return "".join(h)


def _streak(s: dict | None) -> str:
    return f"{s['length']}× {s['face']}" if s else ""
