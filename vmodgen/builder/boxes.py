"""The off-map boxes board: the renderer's picture of every box, and the VASSAL zones (one per
box, on the same rectangles) that make a piece dropped in a box report the box's name."""
from __future__ import annotations

from PIL import Image

from ..model import Kit
from ..render.board import box_layout, render_boxes
from .assemble import BoxBoard

MAP_NAME = "Off-map boxes"


def box_board(kit: Kit, image_name: str = "boxes.png") -> tuple[BoxBoard, Image.Image] | None:
    """The board and its image, or None when the map has no boxes."""
    img = render_boxes(kit.game, kit.map)
    if img is None:
        return None
    size, rects, unit = box_layout(kit.map)
    zones = []
    for box in kit.map.boxes.values():
        x1, y1, x2, y2 = rects[box.id]
        zones.append({"name": box.name, "box_id": box.id,
                      "path": f"{x1},{y1};{x2},{y1};{x2},{y2};{x1},{y2}",
                      # counters stand in the lower part, clear of the box's name
                      "center": ((x1 + x2) // 2, y2 - int(unit * 0.45))})
    return BoxBoard(MAP_NAME, image_name, zones, size), img
