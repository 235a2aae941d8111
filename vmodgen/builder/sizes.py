"""The counters' size on a module's maps: one source for the builder, the boxes and the tests."""
from __future__ import annotations

from ..model import Kit

#: a counter's side on the maps as a fraction of the hex height (flat to flat), when the kit
#: gives no ``counter_px``: inside its hex, clear of the hex ID printed at the top of the hex
COUNTER_FRACTION = 0.72


def module_counter_px(kit: Kit) -> int:
    """The counters' side in the module (pixels): the kit's ``counter_px``, or
    :data:`COUNTER_FRACTION` of the smallest hex of its boards (a scan's calibration included)."""
    if kit.game.counter_px:
        return kit.game.counter_px
    heights = [s.image.hex_height_px if s.image is not None else kit.map.hex_height_px
               for s in kit.map.sheets.values()] or [kit.map.hex_height_px]
    return max(16, round(min(heights) * COUNTER_FRACTION))
