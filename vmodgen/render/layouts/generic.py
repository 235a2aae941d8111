"""The generic counter: formation band on top, the unit ID, size mark over the NATO symbol,
two extra values beside the symbol and the main values (``4-3-4``) along the bottom.

Used for any game without its own layout, and as the model the game layouts follow.
"""
from __future__ import annotations

from ..face import (ILLUSTRATIVE_BOX, Face, FaceSpec, background_of, draw_illustrative_mark, draw_label, draw_mark, draw_marker,
                    draw_outline, draw_row, draw_unit_symbol, layout_row, Row)
from ..text import Box

VERSION = "generic-1"

#: fields that go on the bottom row when the game has them, in this order
MAIN = ("attack", "bombardment", "fire", "defense", "movement")


def split_values(spec: FaceSpec, main: tuple[str, ...] = MAIN, max_main: int = 3) -> tuple[list[str], list[str]]:
    """The field ids on the bottom row and the rest (at most two, beside the symbol)."""
    ids = [k for k, _ in spec.values]
    row = [k for k in main if k in ids]
    rest = [k for k in ids if k not in row]
    while len(row) < max_main and rest:
        row.append(rest.pop(0))
    if len(rest) > 2:       # more than fits beside the symbol: lengthen the bottom row
        row += rest[2:]
        rest = rest[:2]
    return row, rest


ROW_BOX = (0.06, 0.68, 0.94, 0.94)


def _row(spec: FaceSpec, row: list[str]) -> Row:
    return layout_row(tuple(spec.value(k) for k in row), ROW_BOX)


def regions(spec: FaceSpec) -> dict[str, Box]:
    out: dict[str, Box] = {"id": (0.05, 0.12, 0.95, 0.27), "size": (0.3, 0.29, 0.7, 0.37),
                           "symbol": (0.27, 0.39, 0.73, 0.64), "illustrative": ILLUSTRATIVE_BOX}
    if spec.band:
        out["band"] = (0.0, 0.0, 1.0, 0.105)
    if spec.no_zoc:
        out["nozoc"] = (0.0, 0.11, 1.0, 0.28)
    if spec.blank or spec.kind == "marker":
        return {}
    row, rest = split_values(spec)
    for k, b in zip(row, _row(spec, row).boxes):
        out[k] = b
    for k, b in zip(rest, ((0.04, 0.42, 0.23, 0.61), (0.77, 0.42, 0.96, 0.61))):
        out[k] = b
    return out


def draw(face: Face, spec: FaceSpec) -> None:
    if spec.kind == "marker":
        draw_marker(face, spec)
        return
    r = regions(spec)
    if spec.blank:
        draw_outline(face, spec)
        return
    if "band" in r:
        face.rect(r["band"], fill=spec.band)
    if "nozoc" in r:
        face.rect(r["nozoc"], fill="#ffffff")
    draw_label(face, r["id"], spec, "#000000" if spec.no_zoc else None)
    draw_mark(face, spec, r["size"])
    draw_unit_symbol(face, spec, r["symbol"], fill=background_of(spec))
    row, rest = split_values(spec)
    draw_row(face, _row(spec, row), [spec.value(k) for k in row], spec.text_color)
    for k in rest:
        face.text(r[k], spec.value(k), spec.text_color)
    draw_illustrative_mark(face, spec, r["illustrative"])
    draw_outline(face, spec)
