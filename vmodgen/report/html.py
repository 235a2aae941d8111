"""The HTML report: one self-contained page (images as ``data:`` URIs) with a summary table and,
for each finding, a cropped picture of the board with the finding's hexes highlighted and the
counters drawn where they stood at that step (from the finding's ``scene``)."""
from __future__ import annotations

from ..audit.stats import BY_SEAT, CARRIED_LABEL, CARRIED_MOVES, SENT_LABEL, SENT_MOVES
from ..audit.coverage import (not_judged_sentence, partial_sentence, placed_sentence, rules_not_judged_by_reason,
                               units_recognised_note)
from ..rules.illustrative import audit_sentence

import base64
import html
import io

from PIL import Image, ImageDraw

from ..model.game import Game
from ..model.mapdata import MapData
from .schematic import can_draw, grid_centres, schematic_picture
from .text import file_warnings

E = html.escape
MAX_PICTURES = 200


class _Boards:
    """Board images and layouts per sheet, drawn once."""

    def __init__(self, game: Game, mapdata: MapData) -> None:
        self.game, self.map = game, mapdata
        self._img: dict[str, Image.Image] = {}
        self._layout: dict = {}

    def sheet(self, sheet_id: str):
        if sheet_id not in self._img:
            from ..render.board import board_layout, render_board
            layout = board_layout(self.map, sheet_id)
            self._layout[sheet_id] = layout
            self._img[sheet_id] = render_board(self.game, self.map, sheet_id, layout=layout, ss=1).convert("RGB")
        return self._img[sheet_id], self._layout[sheet_id]


def _png_uri(img: Image.Image) -> str:
    buf = io.BytesIO()
    img.save(buf, format="PNG", optimize=True)
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode("ascii")


def picture(f, boards: _Boards, units_by_id: dict, counters=None) -> str | None:
    """A cropped board picture of one finding, as a data URI (None when its hexes are off-map)."""
    m = boards.map
    hexes = [h for h in f.hexes if m.has_hex(h)]
    if not hexes:
        return None
    found = m.sheet_of(hexes[0])
    if found is None:
        return None
    sheet = found[0]
    img, layout = boards.sheet(sheet.id)
    img = img.copy()
    draw = ImageDraw.Draw(img, "RGBA")
    size = float(getattr(layout, "dy", m.hex_height_px))
    pts = []
    for h in hexes:
        sf = m.sheet_of(h)
        if sf is None or sf[0].id != sheet.id:
            continue
        x, y = layout.center(sf[1])
        pts.append((x, y))
        r = size * 0.55
        draw.ellipse((x - r, y - r, x + r, y + r), fill=(255, 0, 0, 60), outline=(220, 0, 0, 255), width=4)
    # counters where they stood
    stacked: dict[str, int] = {}
    cpx = int(size * 0.6)
    for uid, hx, reduced, *rest in f.scene:
        sf = m.sheet_of(hx) if m.has_hex(hx) else None
        if sf is None or sf[0].id != sheet.id:
            continue
        x, y = layout.center(sf[1])
        pts.append((x, y))
        i = stacked.get(hx, 0)
        stacked[hx] = i + 1
        unit = units_by_id.get(uid)
        ox, oy = int(x - cpx / 2 + 4 * i), int(y - cpx / 2 - 4 * i)
        face = None
        if unit is not None and counters is not None:
            try:
                face = counters.counter(boards.game, unit, "back" if reduced and unit.two_sided else "front", cpx)
            except Exception:   # a face that cannot be drawn: a plain box instead  # noqa: BLE001
                face = None
        if face is not None:
            img.paste(face.resize((cpx, cpx)), (ox, oy))
            draw.rectangle((ox, oy, ox + cpx, oy + cpx), outline=(0, 0, 0, 255), width=1)
        else:
            side = boards.game.sides.get(unit.side) if unit is not None else None
            color = side.color if side else "#808080"
            draw.rectangle((ox, oy, ox + cpx, oy + cpx), fill=color, outline=(0, 0, 0, 255))
            # a unit masked by its owner has no id in the report's copy: its mask's name
            draw.text((ox + 3, oy + 3), (uid or (rest[0] if rest else ""))[:6], fill=(0, 0, 0, 255))
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    pad = size * 1.6
    box = (max(0, int(min(xs) - pad)), max(0, int(min(ys) - pad)),
           min(img.width, int(max(xs) + pad)), min(img.height, int(max(ys) + pad)))
    crop = img.crop(box)
    if crop.width > 640:
        crop = crop.resize((640, int(crop.height * 640 / crop.width)))
    return _png_uri(crop)


def html_report(result, *, game: Game | None = None, mapdata: MapData | None = None, units=None,
                counters=None, viewer_page: str | None = None) -> str:
    """The page. ``game``/``mapdata``/``units`` (the binding's) give the pictures; without them
    the page has the tables only. ``viewer_page``: the replay page of the same files (``vmodgen
    replay``), relative to the report: each finding links to it at its step."""
    out = ["<!DOCTYPE html><html><head><meta charset='utf-8'><title>vmodgen audit</title><style>",
           "body{font-family:sans-serif;margin:1.5em;max-width:1100px}table{border-collapse:collapse}"
           "td,th{border:1px solid #bbb;padding:3px 6px;font-size:90%;vertical-align:top}"
           ".f{margin:1.2em 0;padding:.6em;border-left:4px solid #c00;background:#fafafa}"
           "img{display:block;margin-top:.4em;border:1px solid #888}</style></head><body>",
           f"<h1>Audit: {E(result.game)}</h1>",
           f"<p>{len(result.findings)} finding(s), {len(result.continuity)} continuity issue(s) in "
           f"{len(result.files)} file(s). Binding: {E(result.binding)}. Phase from: {E(result.phase_source)}.</p>"]
    out += [f"<p><b>Warning:</b> {E(msg)}</p>" for msg in result.coverage.get("module_warnings", [])]
    partial = partial_sentence(result.coverage)
    if partial:
        out.append(f"<p><b>{E(partial)}</b></p>")
    placed = placed_sentence(result.coverage)
    if placed:
        out.append(f"<p>{E(placed)}</p>")
    from ..audit.redact import revealed_sentence
    concealed = revealed_sentence(result)
    if concealed:
        out.append(f"<p><b>{E(concealed)}</b></p>")
    not_judged = not_judged_sentence(result.coverage)
    if not_judged:
        out.append(f"<p><b>{E(not_judged)}</b></p>")
    for n in result.notes:
        out.append(f"<p><b>Note:</b> {E(n)}</p>")
    out += [f"<p><b>Warning:</b> {E(w)}</p>" for w in file_warnings(result)]
    out += coverage_html(result.coverage)
    if result.skipped_rules:
        out.append("<p><b>Not checked:</b> " + E("; ".join(f"{r['rule']} ({r['title'] or r['kind']})"
                                                          for r in result.skipped_rules)) + "</p>")
    out.append("<h2>Summary</h2><table><tr><th>#</th><th>File</th><th>Step</th><th>When</th><th>Side</th>"
               "<th>Rule</th><th>Hexes</th><th>Units</th></tr>")
    for i, f in enumerate(result.findings, 1):
        out.append(f"<tr><td><a href='#f{i}'>{i}</a></td><td>{E(f.file)}</td><td>{f.step}</td><td>{E(f.where())}</td>"
                   f"<td>{E(f.side)}</td><td>{E(f.rule)}</td><td>{E(', '.join(f.hexes))}</td>"
                   f"<td>{E(', '.join(f.unit_names))}</td></tr>")
    out.append("</table>")
    boards = _Boards(game, mapdata) if game is not None and mapdata is not None else None
    by_id = {u.id: u for u in (units or [])}
    centres = None                 # a binding's grid map: schematic pictures (worked out once)
    out.append("<h2>Findings</h2>")
    for i, f in enumerate(result.findings, 1):
        out.append(f"<div class='f' id='f{i}'><b>{i}. [{E(f.rule)}]</b> {E(f.file)}, step {f.step}"
                   f"{', ' + E(f.where()) if f.where() else ''}<br>{E(f.message)}")
        if f.illustrative:
            out.append("<br><i>Rests on illustrative values: " + E("; ".join(i.text for i in f.illustrative)) + "</i>")
        if viewer_page:
            from ..viewer.link import viewer_link
            out.append(f" <a href='{E(viewer_link(result, i - 1, viewer_page))}'>replay at this step</a>")
        if boards is not None and i <= MAX_PICTURES:
            try:
                uri = picture(f, boards, by_id, counters)
                if uri is None and can_draw(boards.map):
                    if centres is None:
                        centres = grid_centres(boards.map)
                    uri = schematic_picture(f, boards.map, list(boards.game.sides), centres)
            except Exception:   # a map the renderer cannot draw: the finding without a picture  # noqa: BLE001
                uri = None
            if uri:
                out.append(f"<img alt='board around {E(', '.join(f.hexes))}' src='{uri}'>")
            elif not f.hexes and f.redacted:
                out.append("<br><i>(no picture: where a hidden unit stands is withheld)</i>")
            else:
                out.append("<br><i>(no picture: the game map of this binding has no drawable sheet "
                           "for these hexes)</i>")
        out.append("</div>")
    from ..integrity.render import integrity_html
    out.append(integrity_html(result.integrity))
    if result.continuity:
        out.append("<h2 id='continuity'>Continuity</h2><table><tr><th>Before</th><th>After</th><th>Piece</th><th>What</th>"
                   "<th>Was</th><th>Now</th></tr>")
        for c in result.continuity:
            out.append(f"<tr><td>{E(c.before)}</td><td>{E(c.after)}</td><td>{E(c.name)}{' (' + E(c.piece) + ')' if c.piece else ''}</td>"
                       f"<td>{E(c.what)}</td><td>{E(c.was)}</td><td>{E(c.now)}</td></tr>")
        out.append("</table>")
    s = result.stats
    out.append("<h2>Statistics</h2><table>")
    out.append(f"<tr><th>Steps</th><td>{s.get('steps', 0)}</td></tr><tr><th>Undos</th><td>{s.get('undos', 0)}</td></tr>")
    apart = {"moves_sent": SENT_MOVES, "moves_carried": CARRIED_MOVES}     # shown only when there are some
    for key, title in (("moves_by_side", "Moves by side"), ("moves_sent", SENT_LABEL[0].upper() + SENT_LABEL[1:]),
                       ("moves_carried", CARRIED_LABEL[0].upper() + CARRIED_LABEL[1:]),
                       ("moves_by_player", "Moves by player")):
        if key in apart and not s.get(key):
            continue
        said = E(', '.join(f'{k}: {v}' for k, v in s.get(key, {}).items()))
        if key == "moves_by_player" and s.get("moves_by_seat"):
            said += E(f" ({BY_SEAT.format(n=s['moves_by_seat'])})")
        out.append(f"<tr><th>{title}</th><td>{said}{' (' + E(apart[key]) + ')' if key in apart else ''}"
                   "</td></tr>")
    for p, d in s.get("die_rolls", {}).items():
        dist = ", ".join(f"{k}: {v}" for k, v in d["sums"].items())
        out.append(f"<tr><th>Die rolls of {E(p)}</th><td>{d['count']} rolls, mean {d['mean']} ({E(dist)})</td></tr>")
    if s.get("undos_by_player"):
        by = ", ".join(f"{k}: {v}" for k, v in s["undos_by_player"].items())
        out.append(f"<tr><th>Undos by player</th><td>{E(by)}</td></tr>")
    for r in s.get("undone_rolls", []):
        out.append(f"<tr><th>Undone roll (not counted)</th><td>{E(r['player'])} {E(r['dice'])} "
                   f"{E(','.join(map(str, r['values'])))} ({E(r['file'])}, step {r['step']})</td></tr>")
    out.append("</table></body></html>")
    return "\n".join(out) + "\n"


def coverage_html(cov: dict) -> list[str]:
    """The coverage section: what was judged and what not, and why."""
    if not cov:
        return []
    m = cov["moves"]
    rows = [("Steps replayed", str(cov["steps"])),
            ("Steps in a known phase", f"{cov['steps_phase_known']} ({cov['phase_known_share']:.0%})"),
            ("Steps with the turn inferred from who moves", str(cov["steps_turn_inferred"])),
            ("Unit moves", str(m["seen"])),
            ("Moves judged", f"{m['judged']} (without a movement allowance: {m['judged_without_allowance']}; "
                             f"drags over several hexes, judged where they ended: {m['long_drags_judged']})"),
            *([("Unit drags placed (the binding's placement phases)",
                f"{m['placed']} (" + ", ".join(f"{k}: {v}" for k, v in m.get("placed_by_phase", {}).items()) + ")")]
              if m.get("placed") else []),
            ("Moves not judged", ", ".join(f"{k}: {v}" for k, v in m["not_judged"].items())),
            ("Units recognised", (", ".join(f"{k}: {v}" for k, v in cov["units_by_side"].items()) or "none")
             + " " + units_recognised_note(cov))]
    rows += [(f"Rule{'s' if len(rules) > 1 else ''} not judged: {', '.join(rules)}", why)
             for rules, why in rules_not_judged_by_reason(cov)]
    rows += [(f"Rule{'s' if len(rules) > 1 else ''} judged at an earlier phase end: {', '.join(rules)}", why)
             for rules, why in rules_not_judged_by_reason(cov, "rules_judged_earlier")]
    out = ["<h2>Coverage</h2><table>"]
    out += [f"<tr><th>{E(k)}</th><td>{E(v)}</td></tr>" for k, v in rows]
    out.append("</table>")
    out += [f"<p><b>Warning:</b> {E(msg)}</p>" for msg in cov.get("warnings", [])
            if msg not in cov.get("module_warnings", ())]
    out += [f"<p><b>Coverage:</b> {E(msg)}</p>" for msg in cov.get("messages", [])]
    ill = audit_sentence(cov)
    if ill:
        out.append(f"<p><b>Illustrative values:</b> {E(ill)}</p>")
    return out
