"""The off-map boxes board: every box of the map as a labelled rectangle, and the VASSAL zones
that make a piece dropped in a box report the box's name as its location."""
from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

from ..render.text import font
from ..model import Kit
from .assemble import BoxBoard

BOX_W, BOX_H, GAP, COLS = 260, 170, 20, 4
MAP_NAME = "Off-map boxes"


def _font(size: int) -> ImageFont.FreeTypeFont:
    return font(size, bold=False)


def box_board(kit: Kit, image_name: str = "boxes.png") -> tuple[BoxBoard, Image.Image] | None:
    """The board and its image, or None when the map has no boxes."""
    boxes = list(kit.map.boxes.values())
    if not boxes:
        return None
    rows = (len(boxes) + COLS - 1) // COLS
    width = GAP + COLS * (BOX_W + GAP)
    height = 60 + rows * (BOX_H + GAP) + GAP
    img = Image.new("RGB", (width, height), (236, 232, 220))
    draw = ImageDraw.Draw(img)
    draw.text((GAP, 16), f"{kit.game.name}: off-map and holding boxes", fill=(20, 20, 20), font=_font(22))
    zones = []
    for i, box in enumerate(boxes):
        r, c = divmod(i, COLS)
        x1, y1 = GAP + c * (BOX_W + GAP), 60 + r * (BOX_H + GAP)
        x2, y2 = x1 + BOX_W, y1 + BOX_H
        side = kit.game.sides.get(box.side)
        outline = _rgb(side.color) if side else (60, 60, 60)
        draw.rectangle((x1, y1, x2, y2), fill=(250, 248, 240), outline=outline, width=4)
        draw.text((x1 + 10, y1 + 8), box.name, fill=(20, 20, 20), font=_font(18))
        draw.text((x1 + 10, y2 - 24), box.kind + (f" · {side.name}" if side else ""), fill=(90, 90, 90), font=_font(13))
        zones.append({"name": box.name, "box_id": box.id,
                      "path": f"{x1},{y1};{x2},{y1};{x2},{y2};{x1},{y2}",
                      "center": ((x1 + x2) // 2, (y1 + y2) // 2 + 10)})
    return BoxBoard(MAP_NAME, image_name, zones, (width, height)), img


def _rgb(color: str) -> tuple[int, int, int]:
    c = color.lstrip("#")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)
