"""North Africa '41 counters (rules/north-africa-41.md §2; positions inferred, the layout
drawing did not survive): the unit ID on top (on the division colour band when the kit gives
one); size mark over the type symbol (a tank silhouette for silhouette tanks); the stacking
value in a black box on the left [4.2]; range and the artillery "S" on the right [17.1];
along the bottom attack with the tank value after it [2.3.2, 20.4.1] (in a white circle on
88mm Flak [9.2.4]) - defense - movement. The defense is in a red box for elite and a white box
for low troop quality [2.3.2], in parentheses when the unit has ``paren_defense``.
Silhouette units have a white frame [4.3], Matildas a black stripe [19.2.5], upgrades a star
[20.4]; the back carries a stripe, thin on a 3-step unit, wide otherwise [2.3.5].
"""
from __future__ import annotations

import math

from ..colors import darker, rgb
from ..face import (frame_regions, Face, FaceSpec, draw_illustrative_mark, draw_label, draw_mark, draw_marker,
                    draw_row, draw_unit_symbol, layout_row, Row)
from ..silhouettes import draw_vehicle
from ..symbols import parse_symbol
from ..text import Box

VERSION = "na41-2"

#: printed beside the symbol or inside another value, never on the bottom row
SIDE = ("stacking", "range", "artillery", "tq", "tank")
ELITE_RED = "#d0231c"


def background(spec: FaceSpec):
    return rgb(spec.background)      # the back is marked by its stripe, not a lighter shade


def _first(spec: FaceSpec, ids: tuple[str, ...]) -> str | None:
    return next((k for k in ids if spec.has(k)), None)


def _row(spec: FaceSpec) -> list[str]:
    g = spec.geometry
    ids = [k for k, _ in spec.values]
    row = [k for k in g.row if k in ids]
    skip = set(SIDE) | set(g.left) | set(g.right) | set(g.superscript)
    row += [k for k in ids if k not in row and k not in skip]
    return row


def _texts(spec: FaceSpec, row: list[str]) -> tuple[str, ...]:
    out = []
    for k in row:
        v = spec.value(k)
        if k == "defense" and "paren_defense" in spec.flags and not v.startswith("("):
            v = f"({v})"
        out.append(v)
    return tuple(out) or ("",)


def _tq(spec: FaceSpec) -> str:
    return spec.value("tq").strip().lower()


def _layout(spec: FaceSpec, row: list[str]) -> Row:
    widen = (row.index("defense"), 0.12) if "defense" in row and _tq(spec) in ("elite", "low") else None
    sup = _first(spec, spec.geometry.superscript)
    tank = spec.value(sup) if sup else ""
    after = row.index("attack") if "attack" in row else 0
    flak = parse_symbol(spec.symbol)[0] == "anti-aircraft"
    return layout_row(_texts(spec, row), spec.geometry.box("row"), tank, after, widen=widen,
                      sup_pad=0.12 if flak else 0.0)


def _stripe(spec: FaceSpec) -> Box | None:
    if not spec.reduced:
        return None
    return (0.0, 0.215, 1.0, 0.25) if spec.steps >= 3 else (0.0, 0.205, 1.0, 0.275)


def regions(spec: FaceSpec) -> dict[str, Box]:
    g = spec.geometry
    out = frame_regions(spec)
    stripe = _stripe(spec)
    if stripe:
        out["stripe"] = stripe
    if spec.blank or spec.kind == "marker":
        return {}
    left, right = _first(spec, g.left), _first(spec, g.right)
    if left:
        out[left] = g.need("left")
    if right:
        out[right] = g.need("right")
    if spec.has("artillery"):
        out["artillery"] = (0.79, 0.53, 0.95, 0.65)
    row = _row(spec)
    lr = _layout(spec, row)
    for k, b in zip(row, lr.boxes):
        out[k] = b
    sup = _first(spec, g.superscript)
    if sup and lr.sup is not None:
        out[sup] = lr.sup
    if spec.has("tq") and "defense" in out:
        out["tq"] = out["defense"]
    return out


def _star(face: Face, cx: float, cy: float, r: float, color) -> None:
    pts = []
    for k in range(10):
        a = -math.pi / 2 + k * math.pi / 5
        rr = r if k % 2 == 0 else r * 0.42
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    face.draw.polygon(pts, fill=rgb(color))


def draw(face: Face, spec: FaceSpec) -> None:
    if spec.kind == "marker":
        draw_marker(face, spec)
        return
    r = regions(spec)
    ink = spec.text_color
    if spec.blank:
        face.rect((0, 0, 1, 1), outline=darker(spec.background, 0.55), width=0.8)
        return
    if "band" in r:
        face.rect(r["band"], fill=spec.band)
    if "nozoc" in r:
        face.rect(r["nozoc"], fill="#ffffff")
    label_ink = "#000000" if spec.no_zoc else (None if not spec.band else "#000000")
    draw_label(face, r["id"], spec, label_ink)
    if "stripe" in r:
        face.rect(r["stripe"], fill=darker(spec.background, 0.6))
    if "matilda" in spec.flags:
        face.rect((0.0, 0.62, 1.0, 0.66), fill="#000000")
    base, mods = parse_symbol(spec.symbol)
    draw_mark(face, spec, r["size"])
    if "silhouette" in spec.flags and base == "armor":
        draw_vehicle(face.draw, face.b(r["symbol"]), "#202020", light="light" in mods)
    else:
        draw_unit_symbol(face, spec, r["symbol"], fill=rgb(spec.background))
    left, right = _first(spec, spec.geometry.left), _first(spec, spec.geometry.right)
    if left:        # the stacking value, white on a black box [4.2]
        x0, y0, x1, y1 = face.b(r[left])
        face.draw.rectangle((x0, y0, x1, y1), fill=(0, 0, 0))
        face.text(r[left], spec.value(left), "#ffffff",
                  size=round((y1 - y0) * 0.8))
    if right:
        face.text(r[right], spec.value(right), ink)
    if "artillery" in r:
        face.text(r["artillery"], spec.value("artillery"), ink)
    row = _row(spec)
    lr = _layout(spec, row)
    texts = list(_texts(spec, row))
    size = max(1, round(lr.size * face.S))
    special = {}
    if "defense" in row and _tq(spec) in ("elite", "low"):
        i = row.index("defense")
        x0, y0, x1, y1 = face.b(lr.boxes[i])
        cy, half_h = (y0 + y1) / 2, (y1 - y0) * 0.44
        fill, text_ink = ((rgb(ELITE_RED), "#ffffff") if _tq(spec) == "elite" else ((255, 255, 255), "#000000"))
        face.draw.rectangle((x0, cy - half_h, x1, cy + half_h), fill=fill,
                            outline=(0, 0, 0) if _tq(spec) == "low" else None, width=max(1, round(face.lw * 0.7)))
        special[i] = text_ink
    sup = _first(spec, spec.geometry.superscript)
    tank = spec.value(sup) if sup else ""
    flak = base == "anti-aircraft" and tank
    if flak and lr.sup is not None:
        x0, y0, x1, y1 = face.b(lr.sup)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        rad = max(x1 - x0, y1 - y0) * 0.55
        face.draw.ellipse((cx - rad, cy - rad, cx + rad, cy + rad), fill=(255, 255, 255), outline=(0, 0, 0),
                          width=max(1, round(face.lw * 0.6)))
    draw_row(face, lr, [t if i not in special else "" for i, t in enumerate(texts)], ink,
             tank if not flak else "")
    if flak and lr.sup is not None:
        face.text(lr.sup, tank, "#000000", size=max(1, round(lr.sup_size * face.S)))
    for i, text_ink in special.items():
        face.text(lr.boxes[i], texts[i], text_ink, size=size)
    if "upgrade" in spec.flags:
        x0, y0, x1, y1 = face.b((0.02, 0.2, 0.16, 0.34))
        _star(face, (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, "#1f4fbf")
    draw_illustrative_mark(face, spec, r["illustrative"])
    if "silhouette" in spec.flags:
        face.rect((0.0, 0.0, 1.0, 1.0), outline="#ffffff", width=2.6)
    face.rect((0, 0, 1, 1), outline=darker(spec.background, 0.55), width=0.8)
