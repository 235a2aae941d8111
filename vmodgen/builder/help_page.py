"""The module's help page: a rules summary built from the kit (simple HTML that VASSAL's Swing
viewer shows), naming everything that is illustrative."""
from __future__ import annotations

from html import escape

from ..model import Kit
from ..model.scenario import Reinforcement, Scenario
from .offered import is_offered, not_offered_reason


def help_html(kit: Kit, counter_sheet: dict[str, str] | None = None) -> str:
    """The page; ``counter_sheet`` maps page sizes to the sheet PDFs inside the module."""
    g = kit.game
    e = escape
    parts = [f"<html><head><title>{e(g.name)}</title></head><body>",
             f"<h1>{e(g.name)}</h1>"]
    if g.subtitle:
        parts.append(f"<p><i>{e(g.subtitle)}</i></p>")
    if g.source:
        parts.append(f"<p>Source: {e(g.source)}</p>")
    if kit.has_illustrative:
        parts.append("<p><b>ILLUSTRATIVE DATA.</b> Some values in this module are not printed in the "
                     "rulebook text and were filled in for play-testing. They are marked "
                     "<code>illustrative</code> in each counter's properties and in the kit. "
                     f"{e(g.illustrative_note)}</p>")
    parts.append("<h2>Using this module</h2><ul>"
                 "<li>Ctrl+F flips a two-step counter to its reduced side (and back).</li>"
                 "<li>Ctrl+D deletes a counter.</li>"
                 "<li>The Turn tracker steps through every phase of the sequence of play; logs record it, "
                 "so <code>vmodgen audit</code> knows when each rule applies.</li>"
                 + "".join(f"<li>The {e(str(d))} button rolls {e(str(d))}.</li>" for d in (g.dice or (g.die,)))
                 + "</ul>")
    parts.append("<h2>Sides</h2><ul>")
    for s in g.sides.values():
        nats = ", ".join(n.name for n in g.nationalities.values() if n.side == s.id)
        count = sum(1 for u in kit.units if u.side == s.id)
        parts.append(f"<li><b>{e(s.name)}</b>: {count} counters ({e(nats)})</li>")
    parts.append("</ul><h2>Sequence of play</h2><ol>")
    for p in g.sequence.phases:
        seg = f"<ul>{''.join(f'<li>{e(x)}</li>' for x in p.segments)}</ul>" if p.segments else ""
        side = f" ({e(g.sides[p.side].name)})" if p.side else ""
        parts.append(f"<li>{e(p.name)}{side}{seg}</li>")
    parts.append("</ol>")
    if g.rules:
        parts.append("<h2>Rule parameters</h2><table border='1' cellpadding='3'>"
                     "<tr><th>parameter</th><th>value</th></tr>")
        for k, v in g.rules.items():
            mark = " (illustrative)" if k in g.illustrative_rules else ""
            parts.append(f"<tr><td>{e(k)}</td><td>{e(str(v))}{mark}</td></tr>")
        parts.append("</table>")
    parts.append("<h2>Terrain</h2><ul>")
    for t in g.terrain.values():
        parts.append(f"<li><font color='{e(t.color)}'>&#9608;&#9608;</font> {e(t.name)}</li>")
    parts.append("</ul><h2>Scenarios</h2>")
    parts.append("<p>A scenario is offered in File &gt; New Game only when the kit places units of every "
                 "side for it. The others have no set-up in the rulebook text and none is invented: start "
                 "a blank game and set them up from the scenario card.</p>")
    for sc in kit.scenarios.values():
        last = f" to {sc.last_turn}" if sc.last_turn else ""
        illus = " The set-up here is ILLUSTRATIVE." if sc.illustrative and is_offered(kit, sc) else ""
        offer = ("" if is_offered(kit, sc) else
                 f"<p><b>Not offered as a set-up</b>: {e(not_offered_reason(kit, sc))}.</p>")
        parts.append(f"<h3>{e(sc.name)}</h3><p>Turns {sc.first_turn}{last}. {e(sc.description)}{illus}</p>{offer}")
        if sc.reinforcements:
            parts.append("<p>Reinforcements:</p><ul>")
            for r in sorted(sc.reinforcements, key=lambda r: (r.turn, r.unit)):
                u = kit.unit(r.unit)
                parts.append(f"<li>Turn {r.turn}: {e(u.name if u else r.unit)}{e(_arrival_place(kit, sc, r))}</li>")
            parts.append("</ul>")
    if counter_sheet:
        files = ", ".join(f"<code>{e(f)}</code> ({e(p.upper() if p == 'a4' else p.title())})"
                          for p, f in counter_sheet.items())
        parts.append("<h2>Counter sheet</h2><p>The Help menu opens the print-and-play counter sheet, a vector "
                     f"PDF inside this module ({files}): fronts and backs on facing pages, the backs "
                     "mirrored for double-sided printing (flip on the long edge), with cut marks, bleed and "
                     "registration marks. Print at 100%.</p>")
    parts.append("<p><small>Built by vmodgen.</small></p></body></html>")
    return "\n".join(parts)


def _place_name(kit: Kit, loc: str) -> str:
    """A box by the name players read on the boxes map, a hex by its ID."""
    box = kit.map.boxes.get(loc)
    return box.name if box else loc


def _arrival_place(kit: Kit, scenario: Scenario, r: Reinforcement) -> str:
    """Where a reinforcement comes from, as players find it in the module: where it enters, the
    box or hex the set-up leaves it in until then, or the counter palette (not set up)."""
    waits = next((p.location for p in scenario.setup if p.unit == r.unit), "")
    where = f" at {_place_name(kit, r.location)}" if r.location else ""
    if waits and waits != r.location:
        return f"{where} (waiting in {_place_name(kit, waits)})"
    if waits:
        return where
    return f"{where} (from the counter palette: not set up)"
