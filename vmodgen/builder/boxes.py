"""The off-map boxes board: the renderer's picture of every box, and the VASSAL zones (one per
box, on the same rectangles) that make a piece dropped in a box report the box's name. Each box
is tall enough for the most counters any scenario sets up in it, side by side under its text."""
from __future__ import annotations

from collections import Counter

from PIL import Image

from ..model import Kit
from ..render.board import box_layout, box_slots, render_boxes
from .assemble import BoxBoard
from .sizes import module_counter_px

MAP_NAME = "Off-map boxes"


def box_capacity(kit: Kit) -> dict[str, int]:
    """Box id → the most units one scenario sets up in it."""
    out: dict[str, int] = {}
    for scenario in kit.scenarios.values():
        for loc, n in Counter(p.location for p in scenario.setup if p.location in kit.map.boxes).items():
            out[loc] = max(out.get(loc, 0), n)
    return out


def box_board(kit: Kit, counter_px: int | None = None,
              image_name: str = "boxes.png") -> tuple[BoxBoard, Image.Image] | None:
    """The board and its image, or None when the map has no boxes. ``counter_px``: the module's
    counter size (default: the one the builder uses for ``kit``)."""
    if counter_px is None:
        counter_px = module_counter_px(kit)
    capacity = box_capacity(kit)
    img = render_boxes(kit.game, kit.map, counter_px=counter_px, capacity=capacity)
    if img is None:
        return None
    size, rects, _unit = box_layout(kit.map, counter_px=counter_px, capacity=capacity)
    slots = box_slots(kit.map, counter_px, capacity)
    zones = []
    for box in kit.map.boxes.values():
        x1, y1, x2, y2 = rects[box.id]
        zones.append({"name": box.name, "box_id": box.id,
                      "path": f"{x1},{y1};{x2},{y1};{x2},{y2};{x1},{y2}",
                      "center": slots[box.id][0], "slots": slots[box.id]})
    return BoxBoard(MAP_NAME, image_name, zones, size), img
