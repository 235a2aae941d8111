"""The generic counter, drawn entirely from its layout data (``generic.toml`` and a kit's
``[layout]`` table): formation band, unit ID, size mark over the NATO symbol (or the unit's own
image), a value on each side of the symbol and the main values (``4-3-4``) along the bottom.

Used for any game without its own layout, for every kit ``[layout]`` table with ``base =
"generic"``, and as the model the game layouts follow.
"""
from __future__ import annotations

from ..face import (frame_regions, Face, FaceSpec, background_of, draw_illustrative_mark, draw_label, draw_mark,
                    draw_marker, draw_row, draw_unit_symbol, layout_row, Row)
from ..colors import darker
from ..text import Box

VERSION = "generic-2"


def _first(spec: FaceSpec, ids: tuple[str, ...]) -> str | None:
    return next((k for k in ids if spec.has(k)), None)


def split_values(spec: FaceSpec) -> tuple[list[str], list[str]]:
    """The field ids on the bottom row and the rest beside the symbol (left, then right).

    The layout's ``left``/``right`` name the side values; its ``row`` the bottom row's order.
    Other printed fields fill the row up to three values, then the free side boxes, then the row."""
    g = spec.geometry
    ids = [k for k, _ in spec.values if k not in g.superscript]
    left, right = _first(spec, g.left), _first(spec, g.right)
    sides = [k for k in (left, right) if k]
    row = [k for k in g.row if k in ids and k not in sides]
    rest = [k for k in ids if k not in row and k not in sides]
    while len(row) < 3 and rest:
        row.append(rest.pop(0))
    free = 2 - len(sides)
    sides += rest[:free]
    row += rest[free:]
    return row, sides


def _row(spec: FaceSpec, row: list[str]) -> Row:
    sup = _first(spec, spec.geometry.superscript)
    return layout_row(tuple(spec.value(k) for k in row) or ("",), spec.geometry.need("row"),
                      spec.value(sup) if sup else "")


def regions(spec: FaceSpec) -> dict[str, Box]:
    g = spec.geometry
    out = frame_regions(spec)
    if spec.blank or spec.kind == "marker":
        return {}
    row, sides = split_values(spec)
    lr = _row(spec, row)
    for k, b in zip(row, lr.boxes):
        out[k] = b
    sup = _first(spec, g.superscript)
    if sup and lr.sup is not None:
        out[sup] = lr.sup
    for k, name in zip(sides, ("left", "right")):
        out[k] = g.need(name)
    return out


def draw(face: Face, spec: FaceSpec) -> None:
    if spec.kind == "marker":
        draw_marker(face, spec)
        return
    g = spec.geometry
    outline = g.color("outline", "") or darker(background_of(spec), 0.55)
    if spec.blank:
        face.rect((0, 0, 1, 1), outline=outline, width=0.8)
        return
    r = regions(spec)
    if "band" in r:
        face.rect(r["band"], fill=spec.band)
    if "nozoc" in r:
        face.rect(r["nozoc"], fill="#ffffff")
    draw_label(face, r["id"], spec, "#000000" if spec.no_zoc else None)
    draw_mark(face, spec, r["size"])
    draw_unit_symbol(face, spec, r["symbol"], fill=background_of(spec))
    ink = g.color("values", spec.text_color)
    row, sides = split_values(spec)
    sup = _first(spec, g.superscript)
    draw_row(face, _row(spec, row), [spec.value(k) for k in row], ink, spec.value(sup) if sup else "")
    for k in sides:
        face.text(r[k], spec.value(k), ink, bold=g.bold)
    draw_illustrative_mark(face, spec, r["illustrative"])
    face.rect((0, 0, 1, 1), outline=outline, width=0.8)
