"""A schematic picture of a finding on a map vmodgen has no board drawing for (a module it did
not build, read through a binding): the module's own hex grid around the finding's hexes, with
their labels, the finding's hexes highlighted and the units that stood nearby as labelled boxes,
coloured by side."""
from __future__ import annotations

import base64
import io

from PIL import Image, ImageDraw

#: box colours of the first sides of a game, in order; further sides are grey
SIDE_COLOURS = ("#c8d8f0", "#f0d0c0", "#d8f0c8", "#f0e8b0")
WIDTH = 640


def can_draw(mapdata) -> bool:
    """Whether the map knows its hexes' pixel centres on a VASSAL grid (a binding's grid map)."""
    return callable(getattr(mapdata, "center", None)) and hasattr(getattr(mapdata, "grid", None), "hexagon")


def schematic_picture(f, mapdata, side_order: list[str], centres: dict[str, tuple[int, int]]) -> str | None:
    """The picture of finding ``f`` as a PNG data URI, None when none of its hexes is on the grid.
    ``centres``: label → board pixel centre of every hex (worked out once per report)."""
    pts = [centres[h] for h in f.hexes if h in centres]
    if not pts:
        return None
    g = mapdata.grid
    size = max(float(g.dx), float(g.dy))
    pad = size * 2.2
    x0, y0 = min(p[0] for p in pts) - pad, min(p[1] for p in pts) - pad
    x1, y1 = max(p[0] for p in pts) + pad, max(p[1] for p in pts) + pad
    scale = min(3.0, WIDTH / max(x1 - x0, 1.0))
    img = Image.new("RGB", (max(1, int((x1 - x0) * scale)), max(1, int((y1 - y0) * scale))), "white")
    draw = ImageDraw.Draw(img, "RGBA")

    def at(x: float, y: float) -> tuple[float, float]:
        return (x - x0) * scale, (y - y0) * scale

    marked = set(f.hexes)
    for label, (cx, cy) in centres.items():
        if not (x0 - size <= cx <= x1 + size and y0 - size <= cy <= y1 + size):
            continue
        poly = [at(x, y) for x, y in g.hexagon(cx, cy)]
        if label in marked:
            draw.polygon(poly, fill=(255, 0, 0, 70), outline=(200, 0, 0, 255), width=3)
        else:
            draw.polygon(poly, outline=(150, 150, 150, 255))
        tx, ty = at(cx, cy - size * 0.42)
        draw.text((tx, ty), label, fill=(90, 90, 90, 255), anchor="mm")
    stacked: dict[str, int] = {}
    box_w, box_h = size * scale * 0.78, size * scale * 0.2
    for entry in f.scene:
        uid, hx = entry[0], entry[1]
        name = entry[3] if len(entry) > 3 and entry[3] else uid
        side = entry[4] if len(entry) > 4 else ""
        if hx not in centres:
            continue
        i = stacked.get(hx, 0)
        stacked[hx] = i + 1
        sx, sy = at(*centres[hx])
        top = sy - size * scale * 0.22 + i * (box_h + 2)
        colour = SIDE_COLOURS[side_order.index(side)] if side in side_order[:len(SIDE_COLOURS)] else "#dddddd"
        draw.rectangle((sx - box_w / 2, top, sx + box_w / 2, top + box_h), fill=colour, outline=(0, 0, 0, 255))
        text = name if len(name) <= 14 else name[:13] + "…"
        draw.text((sx, top + box_h / 2), text, fill=(0, 0, 0, 255), anchor="mm")
    buf = io.BytesIO()          # a few flat colours: a small palette image, quick to write
    img.quantize(colors=32, method=Image.Quantize.FASTOCTREE).save(buf, format="PNG")
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode("ascii")


def grid_centres(mapdata) -> dict[str, tuple[int, int]]:
    """Every hex label of a grid map with its board pixel centre."""
    out = {}
    for label in mapdata.index:
        c = mapdata.center(label)
        if c is not None:
            out[label] = (int(c[0]), int(c[1]))
    return out
