"""Operation Mercury counters (rules/operation-mercury.md §2).

Top: formation stripe (when the kit gives the formation a colour), then the unit ID on a
band that is white for units exerting no ZOC [5.12]. Middle: size mark over the type box,
stacking value on the left, efficiency (in a ring) on the right. Bottom: attack (or
bombardment) - defense - movement, with the range [11.13] or an HQ's command range as a
superscript after the first number. Aircraft and ships show a silhouette and their values
in the printed order (air: bombing-naval attack [12.11]; ships: gunnery-AA-defense-movement-capacity).
The type box is light blue for Suda Command Area units [4.64] and coloured on the reduced
side of units that start reduced [3.1]. Field positions are inferred (the diagrams are lost).
"""
from __future__ import annotations

from ..colors import rgb
from ..face import (frame_regions, Face, FaceSpec, background_of, draw_illustrative_mark, draw_label, draw_mark,
                    draw_marker, draw_outline, draw_row, draw_unit_symbol, layout_row, Row)
from ..text import Box

VERSION = "om-2"

SUDA_BLUE = "#9fd3f0"
STARTS_REDUCED = "#f2c14e"     # colour of the type box on the reduced side (not stated: illustrative)


def _first(spec: FaceSpec, ids: tuple[str, ...]) -> str | None:
    return next((k for k in ids if spec.has(k)), None)


def _sides(spec: FaceSpec) -> tuple[str | None, str | None]:
    """The stacking value (left) and the efficiency rating (right, in its ring)."""
    return _first(spec, spec.geometry.left), _first(spec, spec.geometry.right)


def _row(spec: FaceSpec) -> list[str]:
    g = spec.geometry
    ids = [k for k, _ in spec.values]
    row = [k for k in g.row if k in ids]
    placed = set(row) | set(_sides(spec)) | set(g.superscript)
    row += [k for k in ids if k not in placed]       # anything else the kit prints
    return row


def regions(spec: FaceSpec) -> dict[str, Box]:
    g = spec.geometry
    out = frame_regions(spec)
    if spec.blank or spec.kind == "marker":
        return {k: v for k, v in out.items() if k in ("band", "nozoc")} if spec.blank else {}
    left, right = _sides(spec)
    if left:
        out[left] = g.need("left")
    if right:
        out[right] = g.need("right")
    row = _row(spec)
    lr = _layout(spec, row)
    for k, b in zip(row, lr.boxes):
        out[k] = b
    sup = _sup(spec)
    if sup and lr.sup is not None:
        out[sup] = lr.sup
    return out


def _sup(spec: FaceSpec) -> str | None:
    return _first(spec, spec.geometry.superscript)


def _layout(spec: FaceSpec, row: list[str]) -> Row:
    sup = _sup(spec)
    texts = tuple(spec.value(k) for k in row) or ("",)
    return layout_row(texts, spec.geometry.box("row"), spec.value(sup) if sup else "")


def _type_fill(spec: FaceSpec):
    if "suda_command_area" in spec.flags:
        return rgb(SUDA_BLUE)
    if spec.reduced and "starts_reduced" in spec.flags:
        return rgb(STARTS_REDUCED)
    return background_of(spec)


def draw(face: Face, spec: FaceSpec) -> None:
    if spec.kind == "marker":
        draw_marker(face, spec)
        return
    r = regions(spec)
    if "band" in r:
        face.rect(r["band"], fill=spec.band)
    if spec.blank:
        if "naval_contact" in spec.flags:
            face.text((0.08, 0.22, 0.92, 0.42), "German", spec.text_color)
            face.text((0.08, 0.44, 0.92, 0.62), "Naval", spec.text_color)
            face.text((0.08, 0.64, 0.92, 0.82), "Contact", spec.text_color)
        draw_outline(face, spec)
        return
    if "nozoc" in r:
        face.rect(r["nozoc"], fill="#ffffff")
    draw_label(face, r["id"], spec, "#000000" if spec.no_zoc else None)
    if spec.kind not in ("air", "naval"):
        draw_mark(face, spec, r["size"])
        draw_unit_symbol(face, spec, r["symbol"], fill=_type_fill(spec))
    else:
        draw_unit_symbol(face, spec, (0.24, 0.29, 0.76, 0.64))
    left, right = _sides(spec)
    if left:
        face.text(r[left], spec.value(left), spec.text_color)
    if right:
        x0, y0, x1, y1 = face.b(r[right])
        cx, cy, rad = (x0 + x1) / 2, (y0 + y1) / 2, min(x1 - x0, y1 - y0) / 2
        face.draw.ellipse((cx - rad, cy - rad, cx + rad, cy + rad), outline=rgb(spec.text_color),
                          width=max(1, round(face.lw * 0.9)))
        shrink = 0.24
        fb = r[right]
        dx, dy = (fb[2] - fb[0]) * shrink, (fb[3] - fb[1]) * shrink
        face.text((fb[0] + dx, fb[1] + dy, fb[2] - dx, fb[3] - dy), spec.value(right), spec.text_color)
    row = _row(spec)
    sup = _sup(spec)
    draw_row(face, _layout(spec, row), [spec.value(k) for k in row], spec.text_color,
             spec.value(sup) if sup else "")
    draw_illustrative_mark(face, spec, r["illustrative"])
    draw_outline(face, spec)
