"""Map boards from map data: terrain fills and patterns, hexside features, roads and railways
from centre to centre, point features, place names and the printed hex ID in every hex.

The geometry comes from :class:`vmodgen.hexes.layout.SheetLayout`, built by
:func:`board_layout` from the map's own numbers, so the VASSAL grid the module writer builds
from the same layout lines up with the drawing exactly. A sheet that names a scanned image
(``Sheet.image``) uses that image as its board instead.
"""
from __future__ import annotations

import io
import math
import functools
from typing import Any, Callable, Protocol, TypeVar, cast

from PIL import Image, ImageDraw

from ..errors import InputError, LimitError
from ..hexes.grid import Hex
from ..model.game import Game, HexsideFeature, LineFeature, PointFeature, Terrain
from ..model.mapdata import MapData, Sheet
from ..safeio import read_bytes
from .colors import darker, lighter, rgb
from .terrain import (draw_hexside, draw_line_path, draw_point_symbol, hexside_style, pattern_stamp,
                      point_symbol_kind, shared_edge)
from .layout_data import game_layout
from .text import font, printable, use_font

#: a scanned board image may not be larger than this (file bytes, decoded pixels)
MAX_SCAN_BYTES = 256 * 1024 * 1024
MAX_SCAN_PIXELS = 400_000_000
#: a drawn board may not be larger than this (pixels); supersampling is dropped above SS_PIXELS
MAX_BOARD_PIXELS = 250_000_000
SS_PIXELS = 40_000_000
#: margin around the outermost hexes, as a fraction of the hex height (40 px at the bundled maps'
#: 64 px hexes); the one source of the margin of the module's boards and of the audit's pictures
MARGIN_FRACTION = 0.625
PAPER = (246, 242, 230)
GRID = (70, 70, 70)
ILLUSTRATIVE_TEXT = "ILLUSTRATIVE TERRAIN"
#: the printed hex ID's centre above the hex centre, as a fraction of the hex height
HEX_ID_Y = 0.425


class Layout(Protocol):
    board_size: tuple[int, int]

    def center(self, h: Hex) -> tuple[int, int]: ...

    def corners(self, h: Hex) -> list[tuple[float, float]]: ...


_F = TypeVar("_F", bound=Callable[..., Any])


def _in_game_font(draw: _F) -> _F:
    """``draw(game, ...)`` with the font of the game's counter layout (its own font file, if any)."""
    @functools.wraps(draw)
    def wrapper(game, *args, **kwargs):
        with use_font(game_layout(game).font_file):
            return draw(game, *args, **kwargs)
    return cast(_F, wrapper)


def board_margin(mapdata: MapData) -> int:
    """The blank margin (pixels) kept around a sheet's hexes: room for the sheet title and the
    illustrative note. The module's boards and grids (:func:`vmodgen.builder.build.sheet_layout`)
    and the audit's pictures (:func:`board_layout`) are all drawn with it."""
    return max(8, round(mapdata.hex_height_px * MARGIN_FRACTION))


def board_layout(mapdata: MapData, sheet_id: str | None = None):
    """The :class:`~vmodgen.hexes.layout.SheetLayout` of a sheet, as the board is drawn."""
    from ..hexes.layout import SheetLayout
    sheet = _sheet(mapdata, sheet_id)
    return SheetLayout(sheet.scheme, mapdata.hex_height_px, board_margin(mapdata))


def _sheet(mapdata: MapData, sheet_id: str | None) -> Sheet:
    if sheet_id is None:
        return next(iter(mapdata.sheets.values()))
    if sheet_id not in mapdata.sheets:
        raise KeyError(f"unknown sheet '{sheet_id}' (known: {', '.join(mapdata.sheets)})")
    return mapdata.sheets[sheet_id]


def load_scan(path: str) -> Image.Image:
    """A scanned board image, refused when it is not an image or is too large."""
    data = read_bytes(path, MAX_SCAN_BYTES, "board image")
    try:
        with Image.open(io.BytesIO(data)) as im:
            w, h = im.size
            if w * h > MAX_SCAN_PIXELS:
                raise LimitError(path, f"board image of {w}x{h} pixels is larger than the limit "
                                       f"of {MAX_SCAN_PIXELS} pixels")
            return im.convert("RGB")
    except LimitError:
        raise
    except (OSError, ValueError, SyntaxError, Image.DecompressionBombError) as e:
        raise InputError(path, f"not a readable image: {e}") from None


def sheet_is_illustrative(mapdata: MapData, sheet: Sheet) -> bool:
    """Whether any terrain, hexside or line drawn on the sheet is not the printed map's."""
    ids = {sheet.scheme.format(h) for h in sheet.scheme.hexes()}
    if any(info.illustrative for hid, info in mapdata.hexes.items() if hid in ids):
        return True
    if any(hid not in mapdata.hexes for hid in ids) and mapdata.illustrative_note:
        return True      # default terrain filled in: not from the printed map either
    if any(hs.illustrative and hs.a in ids for hs in mapdata.hexsides):
        return True
    return any(p.illustrative and any(x in ids for x in p.hexes) for p in mapdata.lines)


@_in_game_font
def render_board(game: Game, mapdata: MapData, sheet_id: str | None = None, *, layout: Layout | None = None,
                 ss: int = 2, hex_ids: bool = True) -> Image.Image:
    """The board image of one sheet (``layout.board_size``), or its scanned image."""
    sheet = _sheet(mapdata, sheet_id)
    if sheet.image is not None and layout is None:
        return load_scan(sheet.image.file)
    if layout is None:
        layout = board_layout(mapdata, sheet.id)
    scheme = sheet.scheme
    sideways = scheme.lines == "rows"
    W, H = layout.board_size
    if W * H > MAX_BOARD_PIXELS:
        raise LimitError(None, f"map '{mapdata.id}' sheet '{sheet.id}' would be a board of {W}x{H} pixels, "
                               f"more than the limit of {MAX_BOARD_PIXELS}: lower hex_height_px")
    ss = max(1, min(int(ss), 4))
    if W * H * ss * ss > SS_PIXELS:
        ss = 1
    h = float(getattr(layout, "dy", mapdata.hex_height_px))
    S = h * ss
    im = Image.new("RGB", (W * ss, H * ss), PAPER)
    d = ImageDraw.Draw(im)
    hexes = scheme.hexes()
    ids = {hx: scheme.format(hx) for hx in hexes}
    by_id = {v: k for k, v in ids.items()}

    def c(hx: Hex) -> tuple[float, float]:
        x, y = layout.center(hx)
        return x * ss + ss / 2, y * ss + ss / 2

    def corners(hx: Hex) -> list[tuple[float, float]]:
        return [(x * ss + ss / 2, y * ss + ss / 2) for x, y in layout.corners(hx)]

    centers = {hx: c(hx) for hx in hexes}
    # terrain fills, then patterns
    stamps: dict[str, Image.Image | None] = {}
    for hx in hexes:
        t = game.terrain.get(mapdata.terrain(ids[hx]))
        d.polygon(corners(hx), fill=rgb(t.color) if t else (230, 230, 230))
    for hx in hexes:
        tid = mapdata.terrain(ids[hx])
        t = game.terrain.get(tid)
        if t is None or not t.pattern:
            continue
        if tid not in stamps:
            stamps[tid] = pattern_stamp(t.pattern, t.color, S, sideways, seed=tid)
        st = stamps[tid]
        if st is not None:
            cx, cy = centers[hx]
            im.paste(st, (round(cx - st.width / 2), round(cy - st.height / 2)), st)
    # grid
    gw = max(1, round(ss * max(1.0, h / 64)))
    for hx in hexes:   # lines, not polygon(width=...): Pillow builds a board-sized mask per wide polygon
        pts = corners(hx)
        d.line(pts + pts[:1], fill=GRID, width=gw)
    # hexside features
    for hs in mapdata.hexsides:
        a, b = by_id.get(hs.a), by_id.get(hs.b)
        if a is None or b is None:
            continue
        f = game.hexside_features.get(hs.feature)
        if f is None:
            continue
        edge = shared_edge(corners(a), centers[b])
        down = None
        if f.directional and hs.up:
            down = centers[b] if hs.up == hs.a else centers[a]
        draw_hexside(d, edge, hexside_style(f.id), f.color, S, f.directional, down)
    # roads, tracks, railways: wider kinds first so narrow ones stay visible on top
    order = sorted(mapdata.lines, key=lambda p: -(game.line_features[p.kind].width
                                                  if p.kind in game.line_features else 0))
    for path in order:
        lf = game.line_features.get(path.kind)
        if lf is None:
            continue
        run: list[tuple[float, float]] = []
        for hid in list(path.hexes) + [None]:  # type: ignore[list-item]
            on = by_id.get(hid) if hid is not None else None
            if on is None:
                draw_line_path(d, run, lf.color, lf.width * S, lf.dashed, "rail" in lf.id.lower(), S)
                run = []
            else:
                run.append(centers[on])
    # point features and place names
    place_kinds: dict[str, list[str]] = {}
    for p in mapdata.places:
        if p.kind:
            place_kinds.setdefault(p.hex, []).append(p.kind)
    for hx in hexes:
        hid = ids[hx]
        feats = sorted(set(mapdata.info(hid).features) | set(place_kinds.get(hid, ())))
        kinds = []
        for fid in feats:
            pf = game.point_features.get(fid)
            k = point_symbol_kind(fid, pf.symbol if pf else "")
            if k != "none" and k not in kinds:
                kinds.append(k)
        cx, cy = centers[hx]
        for i, k in enumerate(kinds[:3]):
            dx = (i - (len(kinds[:3]) - 1) / 2) * S * 0.3
            draw_point_symbol(d, k, cx + dx, cy + S * 0.02, S)
    if hex_ids:
        # in the top band of the hex, clear of a counter (builder.sizes.COUNTER_FRACTION) standing on it
        f_id = font(max(6, round(S * 0.13)), bold=False)
        for hx in hexes:
            cx, cy = centers[hx]
            t = game.terrain.get(mapdata.terrain(ids[hx]))
            ink = (20, 40, 90) if t is not None and t.water else (45, 45, 45)
            d.text((cx, cy - S * HEX_ID_Y), ids[hx], font=f_id, fill=ink, anchor="mm")
    f_name = font(max(7, round(S * 0.17)), bold=True)
    halo = max(1, round(S * 0.03))
    taken: list[tuple[float, float, float, float]] = []
    for p in mapdata.places:
        at = by_id.get(p.hex)
        if at is None:
            continue
        cx, cy = centers[at]
        name = printable(p.name)
        # below the centre; when a neighbour's name is there already, lower, then above
        for dy in (0.3, 0.46, -0.17, 0.62):
            box = d.textbbox((cx, cy + S * dy), name, font=f_name, anchor="mm", stroke_width=halo)
            if not any(box[0] < t[2] and t[0] < box[2] and box[1] < t[3] and t[1] < box[3] for t in taken):
                break
        else:
            dy = 0.3
            box = d.textbbox((cx, cy + S * dy), name, font=f_name, anchor="mm", stroke_width=halo)
        taken.append(box)
        d.text((cx, cy + S * dy), name, font=f_name, fill=(15, 15, 15), anchor="mm",
               stroke_width=halo, stroke_fill=(255, 255, 255))
    _margin_notes(d, im.size, mapdata, sheet, layout, ss, sheet_is_illustrative(mapdata, sheet))
    return im.reduce(ss) if ss > 1 else im


def _margin_notes(d: ImageDraw.ImageDraw, size: tuple[int, int], mapdata: MapData, sheet: Sheet,
                  layout: Layout, ss: int, illustrative: bool) -> None:
    """Sheet title and, when the terrain is illustrative, the warning, in the top margin (or
    in a box over the board's corner when the margin is too thin)."""
    margin = getattr(layout, "margin", board_margin(mapdata)) * ss
    W, H = size
    fs = max(8, min(round(margin * 0.55), round(mapdata.hex_height_px * 0.3 * ss)))
    title = printable(f"{mapdata.name}: {sheet.name}" if sheet.name and sheet.name != mapdata.name else mapdata.name)
    text = f"{ILLUSTRATIVE_TEXT}: not the printed map"
    room = W - 2 * margin
    f = font(fs, bold=True)
    tw = f.getlength(title)
    bw = f.getlength(text) if illustrative else 0
    if bw > room:
        fs = max(6, int(fs * room / bw))
        f = font(fs, bold=True)
        tw, bw = f.getlength(title), f.getlength(text)
    y_top = max(fs * 0.6, margin / 2)
    d.text((margin, y_top), title, font=f, fill=(40, 40, 40), anchor="lm")
    if not illustrative:
        return
    if tw + bw + fs * 2 <= room:
        x, y, anchor = W - margin, y_top, "rm"
    else:       # no room beside the title: the bottom margin
        x, y, anchor = margin, H - max(fs * 0.6, margin / 2), "lm"
    l, t, r, b = d.textbbox((x, y), text, font=f, anchor=anchor)
    pad = fs * 0.25
    d.rectangle((l - pad, t - pad, r + pad, b + pad), fill=(255, 236, 200), outline=(160, 40, 20),
                width=max(1, ss))
    d.text((x, y), text, font=f, fill=(160, 40, 20), anchor=anchor)


# ---------------------------------------------------------------- legend and off-map boxes

def _wrap(text: str, f, width: float) -> list[str]:
    text = printable(text)
    out: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split():
            trial = f"{line} {word}".strip()
            if f.getlength(trial) <= width or not line:
                line = trial
            else:
                out.append(line)
                line = word
        out.append(line)
    return out


@_in_game_font
def render_legend(game: Game, mapdata: MapData, hex_px: int | None = None, columns: int = 3,
                  ss: int = 2) -> Image.Image:
    """The key to the map: terrain swatches, hexside features, lines and point symbols."""
    hpx = hex_px or mapdata.hex_height_px
    h = hpx * ss
    entries: list[tuple[str, Terrain | HexsideFeature | LineFeature | PointFeature]] = []
    entries += [(t.name, t) for t in game.terrain.values()]
    entries += [(f.name + (" (teeth toward the lower side)" if f.directional else ""), f)
                for f in game.hexside_features.values()]
    entries += [(f.name, f) for f in game.line_features.values()]
    entries += [(f.name, f) for f in game.point_features.values()
                if point_symbol_kind(f.id, f.symbol) != "none"]
    col_w = h * 5.2
    row_h = h * 1.15
    rows = math.ceil(len(entries) / columns) if entries else 1
    f_title = font(round(h * 0.3), bold=True)
    f_item = font(round(h * 0.2), bold=False)
    note = mapdata.illustrative_note if any(i.illustrative for i in mapdata.hexes.values()) else ""
    note_lines = _wrap(f"{ILLUSTRATIVE_TEXT}: {note}", f_item, col_w * columns - h * 0.5) if note else []
    top = h * 0.7
    W = int(col_w * columns + h * 0.4)
    H = int(top + rows * row_h + len(note_lines) * h * 0.3 + h * 0.4)
    im = Image.new("RGB", (W, H), (255, 255, 255))
    d = ImageDraw.Draw(im)
    d.text((h * 0.2, top / 2), printable(f"Key: {mapdata.name}"), font=f_title, fill=(0, 0, 0), anchor="lm")
    sideways = any(s.scheme.lines == "rows" for s in mapdata.sheets.values())
    from .terrain import hex_polygon
    for i, (name, obj) in enumerate(entries):
        col, row = i // rows, i % rows
        x0, y0 = h * 0.2 + col * col_w, top + row * row_h
        cx, cy = x0 + h * 0.6, y0 + row_h / 2
        if isinstance(obj, Terrain):
            d.polygon(hex_polygon(cx, cy, h, sideways), fill=rgb(obj.color), outline=GRID, width=max(1, ss))
            st = pattern_stamp(obj.pattern, obj.color, h, sideways, seed=obj.id) if obj.pattern else None
            if st is not None:
                im.paste(st, (round(cx - st.width / 2), round(cy - st.height / 2)), st)
        elif isinstance(obj, HexsideFeature):
            d.polygon(hex_polygon(cx, cy, h, sideways), fill=(240, 238, 225), outline=GRID, width=max(1, ss))
            edge = ((cx - h * 0.45, cy), (cx + h * 0.45, cy))
            draw_hexside(d, edge, hexside_style(obj.id), obj.color, h, obj.directional, (cx, cy + h))
        elif isinstance(obj, LineFeature):
            draw_line_path(d, [(cx - h * 0.5, cy), (cx + h * 0.5, cy)], obj.color, obj.width * h,
                           obj.dashed, "rail" in obj.id.lower(), h)
        else:
            draw_point_symbol(d, point_symbol_kind(obj.id, obj.symbol), cx, cy, h)
        d.text((x0 + h * 1.3, cy), printable(name), font=f_item, fill=(0, 0, 0), anchor="lm")
    y = top + rows * row_h + h * 0.1
    for line in note_lines:
        d.text((h * 0.2, y), line, font=f_item, fill=(160, 40, 20), anchor="lt")
        y += h * 0.3
    return im.reduce(ss) if ss > 1 else im


#: the counter area of a box: slots ``counter_px`` apart plus this fraction of a counter between them
SLOT_GAP = 0.25


def box_slot_grid(unit: float, counter_px: int) -> tuple[int, float]:
    """How many counter slots a box row holds, and the slot pitch in pixels."""
    pitch = counter_px * (1 + SLOT_GAP)
    return max(1, int((unit * 2.2 - counter_px * SLOT_GAP) // pitch)), pitch


def box_layout(mapdata: MapData, box_px: int | None = None, columns: int = 4, counter_px: int | None = None,
               capacity: dict[str, int] | None = None
               ) -> tuple[tuple[int, int], dict[str, tuple[int, int, int, int]], float]:
    """Where :func:`render_boxes` draws each off-map box: the image size, each box id's
    rectangle (x0, y0, x1, y1) in image pixels, and the size unit the drawing scales with.

    With ``counter_px``, each box has, below its title and notes, a counter area with room for
    ``capacity[box id]`` counters side by side (at least one row), so pieces set up in a box never
    cover its name; :func:`box_slots` says where each counter goes."""
    boxes = list(mapdata.boxes.values())
    unit = float(box_px or mapdata.hex_height_px * 2)
    bw, bh, gap = unit * 2.2, unit * 1.3, unit * 0.15
    heights = {}
    for b in boxes:
        h = bh
        if counter_px:
            per_row, pitch = box_slot_grid(unit, counter_px)
            rows = max(1, math.ceil((capacity or {}).get(b.id, 0) / per_row))
            h += rows * pitch + counter_px * SLOT_GAP
        heights[b.id] = h
    cols = max(1, min(columns, len(boxes)))
    rects = {}
    y0 = gap
    for r in range(0, len(boxes), cols):
        row = boxes[r:r + cols]
        for i, b in enumerate(row):
            x0 = gap + i * (bw + gap)
            rects[b.id] = (round(x0), round(y0), round(x0 + bw), round(y0 + heights[b.id]))
        y0 += max(heights[b.id] for b in row) + gap
    return (int(cols * (bw + gap) + gap), int(y0)), rects, unit


def box_slots(mapdata: MapData, counter_px: int, capacity: dict[str, int], box_px: int | None = None,
              columns: int = 4) -> dict[str, list[tuple[int, int]]]:
    """The centres of each box's counter slots (``capacity[box id]`` of them, row by row, under
    the box's text), in the pixels of :func:`box_layout` with the same arguments."""
    _, rects, unit = box_layout(mapdata, box_px, columns, counter_px, capacity)
    per_row, pitch = box_slot_grid(unit, counter_px)
    out = {}
    for b in mapdata.boxes.values():
        x0, y0, x1, _ = rects[b.id]
        left = x0 + ((x1 - x0) - (per_row * pitch - counter_px * SLOT_GAP)) / 2 + counter_px / 2
        top = y0 + unit * 1.3 + counter_px * SLOT_GAP + counter_px / 2
        out[b.id] = [(round(left + (i % per_row) * pitch), round(top + (i // per_row) * pitch))
                     for i in range(max(1, capacity.get(b.id, 0)))]
    return out


@_in_game_font
def render_boxes(game: Game, mapdata: MapData, box_px: int | None = None, columns: int = 4,
                 ss: int = 2, counter_px: int | None = None,
                 capacity: dict[str, int] | None = None) -> Image.Image | None:
    """The off-map boxes as labelled rectangles (name, kind, side, the hexes they touch), laid
    out by :func:`box_layout`; None when the map has none."""
    if not mapdata.boxes:
        return None
    (W, H), rects, unit = box_layout(mapdata, box_px, columns, counter_px, capacity)
    unit *= ss
    bw = unit * 2.2
    im = Image.new("RGB", (W * ss, H * ss), PAPER)
    d = ImageDraw.Draw(im)
    f_name = font(round(unit * 0.13), bold=True)
    f_small = font(round(unit * 0.09), bold=False)
    for b in mapdata.boxes.values():
        x0, y0, x1, y1 = (v * ss for v in rects[b.id])
        side = game.sides.get(b.side)
        edge = rgb(side.color) if side else (60, 60, 60)
        d.rectangle((x0, y0, x1, y1), fill=lighter(edge, 0.85), outline=edge, width=max(2, round(unit * 0.03)))
        y = y0 + unit * 0.08
        for line in _wrap(b.name, f_name, bw - unit * 0.2)[:3]:
            d.text((x0 + bw / 2, y), line, font=f_name, fill=(0, 0, 0), anchor="mt")
            y += unit * 0.16
        sub = printable(b.kind + (f" ({side.name})" if side else ""))
        d.text((x0 + bw / 2, y + unit * 0.02), sub, font=f_small, fill=darker(edge, 0.3), anchor="mt")
        y += unit * 0.14
        detail = []
        if b.adjacent:
            more = len(b.adjacent) - 6
            detail.append("next to " + ", ".join(b.adjacent[:6]) + (f" +{more}" if more > 0 else ""))
        if b.note:
            detail.append(b.note)
        for line in _wrap("; ".join(detail), f_small, bw - unit * 0.2)[:4]:
            d.text((x0 + bw / 2, y), line, font=f_small, fill=(50, 50, 50), anchor="mt")
            y += unit * 0.11
        if counter_px:      # the counter area, under the text
            d.line((x0 + unit * 0.08, y0 + unit * 1.3 - unit * 0.02, x1 - unit * 0.08, y0 + unit * 1.3 - unit * 0.02),
                   fill=lighter(edge, 0.5), width=max(1, round(unit * 0.01)))
    return im.reduce(ss) if ss > 1 else im
