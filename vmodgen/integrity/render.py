"""The integrity section as text lines and as an HTML fragment (the JSON report carries the
section's dict as it is)."""
from __future__ import annotations

from html import escape

from ..errors import printable


def integrity_text(section: dict) -> list[str]:
    """Text lines: the flags first, then the dice table, undos, seats, versions, seams; what the
    files say (names, chat, player names) escaped (:func:`~vmodgen.errors.printable`)."""
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
    for t in dice.get("typed", []):
        out.append(f"  typed in chat: {_typed_line(t)}")
    unread = dice.get("unread", [])
    if unread:
        out.append(f"  dice not read ({len(unread)}): "
                   + "; ".join(f"{u['file']}:{u['step']} '{u['text'][:80]}'" for u in unread[:5])
                   + (" …" if len(unread) > 5 else ""))
    undone = dice.get("undone_rolls", [])
    if undone:
        out.append(f"  undone rolls ({len(undone)}, left out of the tests): "
                   + "; ".join(f"{r['file']}:{r['step']} {r['player']} {r['button']}={','.join(map(str, r['values']))}"
                               for r in undone[:20]) + (" …" if len(undone) > 20 else ""))
    undo = section.get("undo", {})
    if undo.get("count"):
        out.append(f"  undos: {undo['count']} ({', '.join(f'{p} {n}' for p, n in undo['by_player'].items())})")
        if undo.get("moves_only"):
            out.append(f"    {undo['moves_only']} of them only move pieces back: VASSAL before 3.4 writes an Undo of "
                       "a drag and a drag back by hand to the same point alike, so each may be either (marked "
                       "'undo or drag back')")
        for u in undo["undos"][:30]:
            took = ", ".join(map(str, u["took_back"])) or "?"
            out.append(f"    {u['file']}:{u['step']} {u['player'] or '?'} took back step {took}: "
                       + ("; ".join(u["what"]) or "(not paired)")
                       + (" (undo or drag back)" if u.get("evidence") == "moves only" else ""))
        if len(undo["undos"]) > 30:
            out.append(f"    … {len(undo['undos']) - 30} more (see --format json)")
    out += _taken_back_text(section.get("taken_back") or {})
    out += _pieces_text(section.get("pieces") or {})
    out += _edits_text(section.get("edits") or [])
    seats = section.get("seats", {})
    for f in seats.get("files", []):
        who = ", ".join(f"{s['name']} ({s['side'] or 'no side'})" for s in f["seats"]) or "no roster"
        out.append(f"  seats: {f['file']}: recorded by {f['recorder'] or '?'}; {who}")
    if _whose_unjudged(seats):
        out.append("  " + WHOSE_NOT_LOOKED_FOR)
    for v in section.get("versions", {}).get("files", []):
        module = f"{v['module']} {v['module_version']}".strip() or "module not recorded"
        out.append(f"  version: {v['file']}: {module}, "
                   f"VASSAL {v['vassal_version'] or 'version not recorded'}"
                   f"{', saved ' + v['saved'] if v['saved'] else ''}")
    for s in section.get("seams", []):
        out.append(f"  seam: {s['before']} -> {s['after']}: "
                   + ("no difference" if not s["differences"] else f"{s['differences']} difference(s)"))
    return [printable(line) for line in out]        # names and chat come from the files: one line each


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
    for t in section.get("dice", {}).get("typed", []):
        h.append("<p>Typed in chat: " + escape(_typed_line(t)) + "</p>")
    unread = section.get("dice", {}).get("unread", [])
    if unread:
        h.append("<p>Dice not read (" + str(len(unread)) + "): " + escape("; ".join(
            f"{u['file']}:{u['step']} '{u['text'][:80]}'" for u in unread[:5])) + "</p>")
    undone = section.get("dice", {}).get("undone_rolls", [])
    if undone:
        h.append("<p>Undone rolls (left out of the tests): " + escape("; ".join(
            f"{r['file']}:{r['step']} {r['player']} {r['button']}={','.join(map(str, r['values']))}" for r in undone))
            + "</p>")
    undo = section.get("undo", {})
    if undo.get("undos"):
        h.append(f"<h3>Undos ({undo['count']})</h3><table><tr><th>file</th><th>step</th><th>player</th>"
                 "<th>took back</th><th>what</th><th>an undo because</th></tr>")
        for u in undo["undos"]:
            h.append(f"<tr><td>{escape(u['file'])}</td><td>{u['step']}</td><td>{escape(u['player'] or '')}</td>"
                     f"<td>{escape(', '.join(map(str, u['took_back'])))}</td><td>{escape('; '.join(u['what']))}</td>"
                     f"<td>{escape(u.get('evidence_text', ''))}</td></tr>")
        h.append("</table>")
    h.append(_taken_back_html(section.get("taken_back") or {}))
    h.append(_pieces_html(section.get("pieces") or {}))
    h.append(_edits_html(section.get("edits") or []))
    seats = section.get("seats", {}).get("files", [])
    versions = {v["file"]: v for v in section.get("versions", {}).get("files", [])}
    if _whose_unjudged(section.get("seats", {})):
        h.append(f"<p>{escape(WHOSE_NOT_LOOKED_FOR[0].upper() + WHOSE_NOT_LOOKED_FOR[1:])}.</p>")
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


def _typed_line(t: dict) -> str:
    """A roll typed in chat and the dice-button roll it repeats, or that it repeats none."""
    b = t.get("button_roll")
    said = f"{t['file']}:{t['step']} {t['player']} '{t['text'][:80]}'"
    if t["matches"] and b:
        return f"{said}: repeats the {b['button']} roll of step {b['step']} ({','.join(map(str, b['values']))})"
    if b:
        return (f"{said}: no dice-button roll since the claim before it gives it (the last: {b['button']} = "
                f"{','.join(map(str, b['values']))} at {b['file']}:{b['step']}); check it (not counted)")
    return f"{said}: no dice-button roll since the claim before it gives it; check it (not counted)"


def _streak(s: dict | None) -> str:
    return f"{s['length']}× {s['face']}" if s else ""


#: take-backs listed one by one in the text report
MAX_TEXT = 30


def _take_back_line(t: dict) -> str:
    if t.get("how") == "lost undo":
        return (f"{t['file']}:{t['step']} {t['player'] or '?'} dragged {t['unit_name']} from {t['hexes'][0]}, "
                f"taking back step{'s' if len(t['steps']) > 1 else ''} {', '.join(map(str, t['steps']))} "
                f"({' → '.join(t['hexes'])})")
    return (f"{t['file']}:{t['step']} {t['player'] or '?'} dragged {t['unit_name']} back to {t['hexes'][0]}: "
            f"steps {', '.join(map(str, t['steps']))} ({' → '.join(t['hexes'])})")


#: why whose units each player moved (and units deleted and put back) were not looked for: no
#: unit's side was known (``vmodgen integrity`` runs no rules; an audit whose binding knew no unit)
WHOSE_NOT_LOOKED_FOR = ("whose units moved: not looked for (no unit's side is known here: the rules or a binding "
                        "give it; vmodgen audit with them checks each player's moves against the side the roster "
                        "gives the player, and units deleted and put back)")

#: why take-backs by hand were not looked for (``vmodgen integrity`` runs no rules)
NOT_LOOKED_FOR = ("not looked for (no rules ran: a take-back is a unit dragged back, within a phase, to a hex "
                  "it stood on; vmodgen audit lists them)")


def _whose_unjudged(seats: dict) -> bool:
    """True when players moved pieces but no unit's side was known to tell whose they were."""
    return (seats.get("whose_units_judged") is False
            and any(n for f in seats.get("files", []) for n in (f.get("moves_by_player") or {}).values()))


def _taken_back_text(tb: dict) -> list[str]:
    """The take-backs by hand: count, then one line each (file, steps, unit, hexes, what it withdrew)."""
    if not tb:
        return []
    if not tb.get("judged"):
        return ["  taken back by hand: " + NOT_LOOKED_FOR]
    if not tb.get("count"):
        return ["  taken back by hand: none"]
    out = [f"  taken back by hand: {tb['count']} (unit moves withdrawn: {tb['unit_moves']}, "
           f"{tb['unit_moves_in_phase']} of them in a phase that judges them; not judged; "
           f"findings withdrawn: {tb['withdrawn_findings']})"]
    for t in tb["items"][:MAX_TEXT]:
        line = "    " + _take_back_line(t)
        gone = t.get("withdrawn_findings") or []
        if gone:
            line += "; withdrew " + ", ".join(f"{w['rule']} at step {w['step']}" for w in gone)
        if t.get("note"):
            line += f" [{t['note']}]"
        out.append(line)
    if len(tb["items"]) > MAX_TEXT:
        out.append(f"    … {len(tb['items']) - MAX_TEXT} more (see --format json)")
    return out


def _taken_back_html(tb: dict) -> str:
    if not tb:
        return ""
    if not tb.get("judged"):
        return f"<h3>Taken back by hand</h3><p>{escape(NOT_LOOKED_FOR[0].upper() + NOT_LOOKED_FOR[1:])}.</p>"
    h = [f"<h3>Taken back by hand ({tb.get('count', 0)})</h3>"]
    if not tb.get("count"):
        return h[0] + "<p>None: no unit was dragged back to a hex it stood on earlier in the phase.</p>"
    h.append(f"<p>{tb['unit_moves']} unit move(s) withdrawn within their phase ({tb['unit_moves_in_phase']} "
             "of them in a phase that judges them), not judged; "
             f"{tb['withdrawn_findings']} finding(s) withdrawn.</p>")
    h.append("<table><tr><th>file</th><th>steps</th><th>player</th><th>unit</th><th>hexes</th>"
             "<th>findings withdrawn</th><th>note</th></tr>")
    for t in tb["items"]:
        gone = "; ".join(f"{w['rule']} at step {w['step']}: {w['message']}" for w in t.get("withdrawn_findings") or [])
        h.append(f"<tr><td>{escape(t['file'])}</td><td>{escape(', '.join(map(str, t['steps'])))}</td>"
                 f"<td>{escape(t['player'] or '')}</td><td>{escape(t['unit_name'])}</td>"
                 f"<td>{escape(' → '.join(t['hexes']))}</td><td>{escape(gone)}</td>"
                 f"<td>{escape(t.get('note', ''))}</td></tr>")
    h.append("</table>")
    return "".join(h)


def _put_back_line(b: dict) -> str:
    """A unit removed and brought back (:func:`vmodgen.integrity.section._put_back`)."""
    return (f"{b['file']}: {b['player'] or '?'} removed {b['name']} at step {b['removed_step']} and added a new "
            f"{b['name']} at step {b['added_step']}: the unit eliminated and brought back (a replacement, if the "
            "rules allow one then), or a deletion taken back by hand")


def _replaced_line(r: dict) -> str:
    """One piece taken off and another put in its place by one step (a Replace With,
    :func:`vmodgen.integrity.facts.replacements`)."""
    old = _piece_who({"name": r["old_name"], "id": r["old_id"]})
    new = _piece_who({"name": r["new_name"], "id": r["new_id"]})
    return f"{r['file']}:{r['step']} {r['player'] or '?'} replaced {old} with {new}"


def _piece_who(p: dict) -> str:
    name = p["name"] or p["id"] or "a piece"
    return f"{name} ({p['id']})" if p["name"] and p["id"] else name


#: at most this many added or removed pieces are listed in the text (all in JSON and HTML)
MAX_PIECES = 40


def _pieces_text(pieces: dict) -> list[str]:
    """``pieces: 1 added, 1 removed`` and one line each: who put a piece on the board or took
    one off, at which step (eliminations, reinforcements and markers are such steps too)."""
    items = pieces.get("items", [])
    replaced = pieces.get("replaced", [])
    if not items and not replaced:
        return []
    also = f", {len(replaced)} replaced" if replaced else ""
    out = [f"  pieces: {pieces['added']} added, {pieces['removed']} removed{also} (not by an undo; "
           "check each against the rules: an elimination, a reinforcement, a marker)"]
    for r in replaced[:MAX_PIECES]:
        out.append(f"    {_replaced_line(r)}")
    if len(replaced) > MAX_PIECES:
        out.append(f"    … {len(replaced) - MAX_PIECES} more replaced (see --format json)")
    for b in pieces.get("put_back", []):
        out.append(f"    {_put_back_line(b)}")
    groups = _same_piece_groups(items)
    for group in groups[:MAX_PIECES]:
        p = group[0]
        if len(group) == 1:
            out.append(f"    {p['file']}:{p['step']} {p['player'] or '?'} {p['what']} {_piece_who(p)}")
            continue
        steps = ", ".join(str(q["step"]) for q in group[:MAX_STEPS_SHOWN])
        more = ", …" if len(group) > MAX_STEPS_SHOWN else ""
        out.append(f"    {p['file']} {p['player'] or '?'} {p['what']} {p['name']} x{len(group)} "
                   f"(steps {steps}{more})")
    if len(groups) > MAX_PIECES:
        rest = sum(len(g) for g in groups[MAX_PIECES:])
        out.append(f"    … {rest} more (see --format json)")
    return out


#: steps shown on one line of pieces of one name added (or removed) by one player in one file
MAX_STEPS_SHOWN = 8


def _same_piece_groups(items: list[dict]) -> list[list[dict]]:
    """The items with one file, player, verb and piece name together (markers put down again and
    again: one line each name), in the order each first appears; a nameless piece stands alone."""
    groups: dict[tuple, list[dict]] = {}
    for i, p in enumerate(items):
        key = (p["file"], p["player"], p["what"], p["name"]) if p["name"] else (i,)
        groups.setdefault(key, []).append(p)
    return list(groups.values())


def _pieces_html(pieces: dict) -> str:
    items = pieces.get("items", [])
    replaced = pieces.get("replaced", [])
    if not items and not replaced:
        return ""
    rows = "".join(f"<tr><td>{escape(p['file'])}</td><td>{p['step']}</td><td>{escape(p['player'] or '')}</td>"
                   f"<td>{escape(p['what'])}</td><td>{escape(_piece_who(p))}</td></tr>" for p in items)
    back = "".join(f"<p>{escape(_put_back_line(b))}</p>" for b in pieces.get("put_back", []))
    back += "".join(f"<p>{escape(_replaced_line(r))}</p>" for r in replaced)
    also = f", {len(replaced)} replaced" if replaced else ""
    return (f"<h3>Pieces added and removed ({pieces['added']} added, {pieces['removed']} removed{also})</h3>"
            + back + "<table><tr><th>file</th><th>step</th><th>player</th><th>what</th><th>piece</th></tr>" + rows
            + "</table>")


def _edit_what(e: dict) -> str:
    what = f"{e['trait']} {e['property']}".strip()
    return f"{what}: {e['old'] or '(empty)'} -> {e['new'] or '(empty)'}"


def _edits_text(edits: list[dict]) -> list[str]:
    """``values set: N`` and one line each: a Dynamic Property, Property Sheet or Text Label
    value a player set on a piece (what a unit's strength or name edit writes, and a counter
    stepped in play alike)."""
    if not edits:
        return []
    out = [f"  values set: {len(edits)} (Dynamic Property, Property Sheet, Text Label; check each against the rules)"]
    for e in edits[:MAX_PIECES]:
        out.append(f"    {e['file']}:{e['step']} {e['player'] or '?'} set {_piece_who(e)}'s {_edit_what(e)}")
    if len(edits) > MAX_PIECES:
        out.append(f"    … {len(edits) - MAX_PIECES} more (see --format json)")
    return out


def _edits_html(edits: list[dict]) -> str:
    if not edits:
        return ""
    rows = "".join(f"<tr><td>{escape(e['file'])}</td><td>{e['step']}</td><td>{escape(e['player'] or '')}</td>"
                   f"<td>{escape(_piece_who(e))}</td><td>{escape(_edit_what(e))}</td></tr>" for e in edits)
    return (f"<h3>Values set on pieces ({len(edits)})</h3><table><tr><th>file</th><th>step</th><th>player</th>"
            "<th>piece</th><th>value</th></tr>" + rows + "</table>")
