"""Order-of-battle outputs: CSV (one row per unit, opens in a spreadsheet), JSON (follows the
model), Markdown (tables with linked counter images) and HTML (one self-contained, printable
file with the counters as data URIs)."""
from __future__ import annotations

import base64
import csv
import io
import json
import re
from html import escape
from pathlib import Path

from ..safeio import safe_file_name
from .collect import KitOob, ModuleOob
from .tables import (arrivals_of, field_cell, group_fields, kit_columns, kit_rows, location_name, module_columns,
                     module_rows, reinforcements_of, setups_of, value_line)

FORMATS = ("html", "md", "csv", "json")


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?[0-9]{1,30}(?:\.[0-9]{1,30})?")


def csv_cell(text: str) -> str:
    """A cell a spreadsheet shows as text, never runs: one starting with ``= + - @``, a tab or a
    CR gets a leading ``'`` (the OWASP convention), unless it is a plain number such as ``-2``."""
    if text.startswith(_FORMULA_START) and not _NUMBER.fullmatch(text):
        return "'" + text
    return text


def to_csv(oob: KitOob | ModuleOob) -> str:
    cols, rows = (kit_columns(oob), kit_rows(oob)) if isinstance(oob, KitOob) else (module_columns(oob), module_rows(oob))
    buf = io.StringIO(newline="")
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow([csv_cell(c) for c in cols])
    for r in rows:
        w.writerow([csv_cell(r.get(c, "")) for c in cols])
    return buf.getvalue()


def to_json(oob: KitOob | ModuleOob) -> str:
    data: dict[str, object]
    if isinstance(oob, ModuleOob):
        data = {"module": {"name": oob.module.name, "version": oob.module.version, "file": oob.source.name},
                "palettes": [{"path": title, "pieces": [{"name": p.name, "gpid": p.gpid, "images": p.images,
                                                         "sides": p.layers,
                                                         "properties": p.properties} for p in pieces]}
                             for title, pieces in oob.groups()],
                "partial": oob.partial(), "missing_images": oob.missing_images,
                "warnings": oob.warnings}
    else:
        k = oob.kit
        data = {"game": {"id": k.game.id, "name": k.game.name, "subtitle": k.game.subtitle},
                "illustrative_note": k.game.illustrative_note if k.has_illustrative else "",
                "fields": [{"id": f.id, "name": f.name} for f in k.game.fields.values()],
                "scenarios": [{"id": s.id, "name": s.name} for s in k.scenarios.values()],
                "sides": [{"id": s.id, "name": s.name, "formations": [
                    {"name": g.title, "units": [_unit_json(oob, u.unit) for u in g.units]} for g in s.groups]}
                    for s in oob.sides]}
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def _unit_json(oob: KitOob, u) -> dict:
    """A unit's row; ``arrivals`` holds every scenario's reinforcement entry for it (the roster's
    ``arrival`` columns and the scenario files' own), ``arrival`` the roster's columns alone."""
    return {"id": u.id, "name": u.name, "side": u.side, "nationality": u.nationality, "formation": u.formation,
            "type": u.type, "size": u.size, "steps": u.steps, "movement_class": u.movement_class,
            "flags": sorted(u.flags), "front": u.front, "back": u.back, "setup": u.setup,
            "arrival": u.arrival,
            "arrivals": [{"scenario": sid, "turn": r.turn, "at": r.location, "illustrative": r.illustrative}
                         for sid, r in reinforcements_of(oob, u)],
            "illustrative": sorted(u.illustrative)}


def _data_uri(png: bytes | None) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii") if png else ""


CSS = """body{font-family:sans-serif;margin:1.5em;color:#111}h1{margin-bottom:0}
table{border-collapse:collapse;margin:0.5em 0 1.5em}td,th{border:1px solid #bbb;padding:3px 6px;vertical-align:middle}
th{background:#eee;text-align:left}img.c{width:60px;height:60px;image-rendering:auto}
.ill{color:#a03000;font-weight:bold}.warn{background:#fff3e0;border:1px solid #e0a060;padding:0.5em}
h2{page-break-before:auto;border-bottom:3px solid var(--side,#888)}tr{page-break-inside:avoid;break-inside:avoid}
thead{display:table-header-group}td.v{white-space:nowrap;text-align:center}td.n,th.n{white-space:nowrap}
th.v{max-width:7em;font-size:85%;text-align:center}
@page{size:A4 landscape;margin:1cm}
@media print{body{margin:0;font-size:9pt}.noprint{display:none}img.c{width:42px;height:42px}
h3{break-after:avoid;page-break-after:avoid}}"""


def to_html(oob: KitOob | ModuleOob) -> str:
    e = escape
    if isinstance(oob, ModuleOob):
        out = [f"<!doctype html><html><head><meta charset='utf-8'><title>{e(oob.module.name)}: pieces</title>"
               f"<style>{CSS}</style></head><body><h1>{e(oob.module.name)} {e(oob.module.version)}</h1>"
               f"<p>{len(oob.pieces)} palette pieces from <code>{e(oob.source.name)}</code>.</p>"]
        if oob.partial():
            out.append(f"<p class='warn partial'><b>{e(oob.partial() or '')}</b></p>")
        for title, pieces in oob.groups():
            out.append(f"<h2>{e(title)}</h2><table><tr><th>picture</th><th>name</th><th>properties</th></tr>")
            for p in pieces:
                pics = "".join(f"<img class='c' alt='{e(i)}' src='{_data_uri(b)}'>" if b else f"<small>{e(i)}</small> "
                               for i, b in zip(p.images, p.pngs)) or "<small>(no image)</small>"
                props = "<br>".join(f"{e(k)} = {e(v)}" for k, v in p.properties.items() if k != "BasicName")
                out.append(f"<tr><td>{pics}</td><td>{e(p.name)}</td><td><small>{props}</small></td></tr>")
            out.append("</table>")
        return "\n".join(out) + "</body></html>\n"
    k = oob.kit
    g = k.game
    out = [f"<!doctype html><html><head><meta charset='utf-8'><title>{e(g.name)}: order of battle</title>"
           f"<style>{CSS}</style></head><body><h1>{e(g.name)}</h1><p>{e(g.subtitle)} — order of battle</p>"]
    if k.has_illustrative:
        out.append("<p class='warn'><b>ILLUSTRATIVE values.</b> Values marked <span class='ill'>i</span> are not "
                   f"printed in the rulebook text; they were filled in for play-testing. {e(g.illustrative_note)}</p>")
    out.append("<p><small>Values: front / back (reduced side). "
               + " · ".join(f"<b>{e(f.abbrev or f.name)}</b> {e(f.name)}" for f in g.fields.values() if f.abbrev)
               + "</small></p>")
    for side in oob.sides:
        out.append(f"<h2 style='--side:{e(side.color)}'>{e(side.name)}</h2>")
        for group in side.groups:
            units = [i.unit for i in group.units]
            fields = group_fields(oob, units)
            # the header row in <thead>: a printed table repeats it at the top of every page
            out.append(f"<h3>{e(group.title)}</h3><table><thead><tr><th>counter</th><th>unit</th><th>type</th>"
                       + "".join(f"<th class='v' title='{e(g.fields[f].name)}'>{e(g.fields[f].abbrev or g.fields[f].name)}</th>"
                                 for f in fields)
                       + "<th class='n'>set-up</th><th class='n'>arrives</th></tr></thead><tbody>")
            for item in group.units:
                u = item.unit
                pics = f"<img class='c' alt='{e(u.name)} front' src='{_data_uri(item.front_png)}'>" if item.front_png else ""
                if item.back_png:
                    pics += f"<img class='c' alt='{e(u.name)} back' src='{_data_uri(item.back_png)}'>"
                ill = " <span class='ill' title='illustrative: " + e(", ".join(sorted(u.illustrative))) + "'>i</span>" \
                    if u.illustrative else ""
                size = g.unit_sizes[u.size].name if u.size else ""
                setups = "<br>".join(f"{e(s)}: <b>{e(loc)}</b>" for s, loc in setups_of(oob, u))
                arrivals = "<br>".join(map(e, arrivals_of(oob, u)))
                out.append(f"<tr><td class='n'>{pics}</td><td><b>{e(u.name)}</b>{ill}<br><small>{e(u.id)}</small></td>"
                           f"<td>{e(g.unit_types[u.type].name)}<br><small>{e(size)}</small></td>"
                           + "".join(f"<td class='v'>{e(field_cell(u, f))}</td>" for f in fields)
                           + f"<td class='n'><small>{setups}</small></td><td class='n'><small>{arrivals}</small></td></tr>")
            out.append("</tbody></table>")
    return "\n".join(out) + "<p><small>Made by vmodgen.</small></p></body></html>\n"


_MD_SPECIAL = re.compile(r"([\\`*_\[\]|])")


def md_text(text: str) -> str:
    """Text from an input as Markdown shows it: HTML escaped (``<``, ``>``, ``&``), Markdown's
    own marks backslash-escaped, on one line."""
    one_line = " ".join(str(text).splitlines())
    return _MD_SPECIAL.sub(r"\\\1", escape(one_line, quote=False))


def to_markdown(oob: KitOob | ModuleOob, image_dir: Path | None, link_prefix: str) -> tuple[str, dict[str, bytes]]:
    """The Markdown text and the images it links (file name → PNG), written beside it."""
    images: dict[str, bytes] = {}
    used: dict[str, str] = {}

    def img(name: str, png: bytes | None, alt: str) -> str:
        """A link to ``name`` (made a safe, unique file name) and the PNG to write there."""
        if not png:
            return ""
        stem = safe_file_name(name[:-4] if name.endswith(".png") else name)
        file = f"{stem}.png"
        n = 1
        while file in images and used.get(file) != name:
            n += 1
            file = f"{stem}~{n}.png"
        used[file] = name
        images[file] = png
        return f"![{md_text(alt)}]({link_prefix}/{file})"

    cell = md_text

    lines: list[str] = []
    if isinstance(oob, ModuleOob):
        lines.append(f"# {cell(oob.module.name)} {cell(oob.module.version)}: palette pieces\n")
        if oob.partial():
            lines.append(f"> **{cell(oob.partial() or '')}**\n")
        for title, pieces in oob.groups():
            lines += [f"## {cell(title)}\n", "| picture | name | properties |", "|---|---|---|"]
            for n, p in enumerate(pieces):
                pics = " ".join(img(f"p{p.gpid or n}_{i}.png", b, p.name) for i, b in enumerate(p.pngs))
                props = "; ".join(f"{k}={v}" for k, v in p.properties.items() if k != "BasicName")
                lines.append(f"| {pics} | {cell(p.name)} | {cell(props)} |")
            lines.append("")
        return "\n".join(lines) + "\n", images
    k = oob.kit
    g = k.game
    lines.append(f"# {cell(g.name)}: order of battle\n")
    if k.has_illustrative:
        lines.append(f"> **ILLUSTRATIVE values**: rows marked *(i)* hold values not printed in the rulebook. "
                     f"{cell(g.illustrative_note)}\n")
    scen = list(k.scenarios.values())
    for side in oob.sides:
        lines.append(f"## {cell(side.name)}\n")
        for group in side.groups:
            lines += [f"### {cell(group.title)}\n",
                      "| counter | unit | type | front | back | " + " | ".join(f"set-up: {cell(s.name)}" for s in scen)
                      + " | arrives |",
                      "|---|---|---|---|---|" + "---|" * len(scen) + "---|"]
            for item in group.units:
                u = item.unit
                safe = safe_file_name(u.id)
                pics = img(f"{safe}.png", item.front_png, f"{u.name} front") + " " + img(
                    f"{safe}_b.png", item.back_png, f"{u.name} back")
                mark = " *(i)*" if u.illustrative else ""
                lines.append(f"| {pics.strip()} | **{cell(u.name)}**{mark} | {cell(g.unit_types[u.type].name)} | "
                             f"{cell(value_line(oob, u.front))} | {cell(value_line(oob, u.back))} | "
                             + " | ".join(cell(location_name(oob, u.setup.get(s.id, ""))) for s in scen)
                             + " | " + cell("; ".join(arrivals_of(oob, u))) + " |")
            lines.append("")
    return "\n".join(lines) + "\n", images
