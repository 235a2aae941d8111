"""Invasion: Malta counters (rules/invasion-malta.md §2), top to bottom as the rulebook lists
the labels [2.23]: the unit ID; command points (HQs) and the size mark; stacking points on
the left and efficiency rating on the right of the unit-type box, which is filled with the
formation colour (white: an Axis Army unit) [2.22B]; attack (or fire) - defense - movement
along the bottom, the range a superscript after the fire strength [2.24]. The movement
allowance is plain (non-motorized), in an orange circle (towed, movement class ``orange``)
or in a red box (vehicles, ``red``) [3.6]. Armour shows a vehicle icon instead of the type
box, its formation colour in the size box [3.64, 4.31]. The back is a lighter shade [2.22A].
Air units: CAS-bombardment; ships: bombardment and range [2.28]. Positions are inferred.
"""
from __future__ import annotations

from ..colors import rgb
from ..face import (ILLUSTRATIVE_BOX, Face, FaceSpec, background_of, draw_illustrative_mark, draw_label, draw_mark,
                    draw_marker, draw_outline, draw_row, draw_unit_symbol, layout_row, Row)
from ..silhouettes import draw_vehicle
from ..symbols import parse_symbol
from ..text import Box

VERSION = "im-4"

ORANGE = "#f08c1e"
RED = "#d0231c"
VEHICLES = ("armor", "assault-gun", "tank-destroyer")


def _first(spec: FaceSpec, ids: tuple[str, ...]) -> str | None:
    return next((k for k in ids if spec.has(k)), None)


def _sides(spec: FaceSpec) -> tuple[str | None, str | None]:
    """Stacking points (left) and efficiency rating (right) of the type box."""
    return _first(spec, spec.geometry.left), _first(spec, spec.geometry.right)


def _sup(spec: FaceSpec) -> str:
    return _first(spec, spec.geometry.superscript) or ""


def _row(spec: FaceSpec) -> list[str]:
    g = spec.geometry
    ids = [k for k, _ in spec.values]
    row = [k for k in g.row if k in ids]
    skip = set(_sides(spec)) | set(g.superscript) | {"command"}
    row += [k for k in ids if k not in row and k not in skip]
    return row


def _layout(spec: FaceSpec, row: list[str]) -> Row:
    texts = tuple(spec.value(k) for k in row) or ("",)
    sup_after = row.index("fire") if "fire" in row else (row.index("bombardment") if "bombardment" in row else 0)
    widen = (row.index("movement"), 0.14) if "movement" in row and spec.movement_class in ("orange", "red") else None
    sup = _sup(spec)
    return layout_row(texts, spec.geometry.box("row"), spec.value(sup) if sup else "", sup_after, widen=widen)


def is_vehicle(spec: FaceSpec) -> bool:
    return parse_symbol(spec.symbol)[0] in VEHICLES


def regions(spec: FaceSpec) -> dict[str, Box]:
    g = spec.geometry
    out: dict[str, Box] = {k: g.need(k) for k in ("id", "size", "symbol")}
    out["illustrative"] = g.box("illustrative", ILLUSTRATIVE_BOX)
    nozoc = g.box("nozoc")
    if spec.no_zoc and nozoc:
        out["nozoc"] = nozoc
    if spec.blank or spec.kind == "marker":
        return {}
    if spec.band:
        # the formation colour fills the type box, or the size box of a vehicle icon
        out["band"] = (0.33, 0.215, 0.67, 0.325) if is_vehicle(spec) else (0.29, 0.38, 0.71, 0.59)
    if spec.has("command"):
        out["command"] = (0.08, 0.2, 0.24, 0.335)
    left, right = _sides(spec)
    if left:
        out[left] = g.need("left")
    if right:
        out[right] = g.need("right")
    row = _row(spec)
    lr = _layout(spec, row)
    for k, b in zip(row, lr.boxes):
        out[k] = b
    if _sup(spec) and lr.sup is not None:
        out[_sup(spec)] = lr.sup
    return out


def _movement_shape(face: Face, box: Box, kind: str) -> str:
    """Paint the orange circle or red box behind the MA; returns the ink colour for the digits."""
    x0, y0, x1, y1 = face.b(box)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    rad = max((y1 - y0) * 0.46, (x1 - x0) / 2)
    if kind == "orange":
        face.draw.ellipse((cx - rad, cy - rad, cx + rad, cy + rad), fill=rgb(ORANGE))
        return "#000000"
    face.draw.rectangle((cx - rad, cy - rad * 0.96, cx + rad, cy + rad * 0.96), fill=rgb(RED))
    return "#ffffff"


def draw(face: Face, spec: FaceSpec) -> None:
    if spec.kind == "marker":
        draw_marker(face, spec)
        return
    if spec.blank:
        draw_outline(face, spec)
        return
    r = regions(spec)
    if "nozoc" in r:
        face.rect(r["nozoc"], fill="#ffffff")
    draw_label(face, r["id"], spec, "#000000" if spec.no_zoc else None)
    ink = spec.text_color
    if spec.kind in ("air", "naval"):
        draw_unit_symbol(face, spec, (0.24, 0.23, 0.76, 0.64))
    elif is_vehicle(spec):
        if "band" in r:
            face.rect(r["band"], fill=spec.band, outline=ink, width=0.8)
        mark_box = (0.37, 0.24, 0.63, 0.3) if "band" in r else r["size"]
        draw_mark(face, spec, mark_box, "#000000" if spec.band else None)
        colour = "#1f4fbf" if "scenario3_only" in spec.flags else "#202020"
        draw_vehicle(face.draw, face.b((0.24, 0.36, 0.76, 0.63)), colour,
                     light="light" in parse_symbol(spec.symbol)[1])
    else:
        draw_mark(face, spec, r["size"])
        fill = rgb(spec.band) if spec.band else background_of(spec)
        box = r["symbol"]
        if "double_box" in spec.flags:
            d = 0.035
            draw_unit_symbol(face, spec, (box[0] + d, box[1] - 0.012, box[2] + d, box[3] - 0.012), fill=fill)
            box = (box[0] - d, box[1] + 0.024, box[2] - d, box[3] + 0.024)
        draw_unit_symbol(face, spec, box, fill=fill, color="#000000" if spec.band else None)
    if spec.reduced and spec.has("range") and spec.steps <= 1 and not spec.has("command"):
        face.text((0.05, 0.215, 0.29, 0.325), "FIRED", "#c0392b")     # the Fired side [3.42, 10.14]
    for k in ("command", *_sides(spec)):
        if k and k in r:
            face.text(r[k], spec.value(k), ink)
    row = _row(spec)
    lr = _layout(spec, row)
    inks = [ink] * len(row)
    if "movement" in row and spec.movement_class in ("orange", "red"):
        i = row.index("movement")
        inks[i] = _movement_shape(face, lr.boxes[i], spec.movement_class)
    if len(set(inks)) == 1:
        draw_row(face, lr, [spec.value(k) for k in row], ink, spec.value(_sup(spec)) if _sup(spec) else "")
    else:   # the MA in its own colour, the rest as usual
        size = max(1, round(lr.size * face.S))
        plain = Row(lr.boxes, lr.dashes, lr.sup, lr.size, lr.sup_size)
        draw_row(face, plain, [spec.value(k) if inks[j] == ink else "" for j, k in enumerate(row)],
                 ink, spec.value(_sup(spec)) if _sup(spec) else "")
        for j, k in enumerate(row):
            if inks[j] != ink:
                face.text(lr.boxes[j], spec.value(k), inks[j], size=size)
    draw_illustrative_mark(face, spec, r["illustrative"])
    draw_outline(face, spec)
